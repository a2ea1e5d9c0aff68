//! Docs that cannot go stale silently (in the manner of rust-analyzer's
//! tidy test): every file path written in backticks in the README,
//! ARCHITECTURE.md, the Markdown under `crates/`, `bindings/`, `xtask/`, `fuzz/` and
//! `testdata/`, and every Rust comment must exist.
#![allow(clippy::unwrap_used)]

use std::path::{Path, PathBuf};

/// The file extensions that make a backticked word a file path.
const EXTENSIONS: &[&str] = &[
    ".rs", ".md", ".toml", ".trf", ".json", ".tsv", ".pairs", ".snap", ".py", ".pyi", ".txt",
];

/// The backticked words of `text` that name a file or folder of the
/// repository: a relative path with a `/` or a file extension, and no
/// placeholder (`NAME`, `tNNNN`, `<x>`, `*`, `...`).
fn paths_in(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (i, chunk) in text.split('`').enumerate() {
        if i % 2 == 0 || chunk.is_empty() || chunk.contains(char::is_whitespace) {
            continue;
        }
        let word = chunk.trim_end_matches(['.', ',', ':']);
        let looks_like_path = (word.contains('/') || EXTENSIONS.iter().any(|e| word.ends_with(e)))
            && !word.contains("://")
            && !word.contains("::")
            && !word.starts_with(['-', '/', '~', '$', '.', '#'])
            && !word.contains([
                '*', '<', '>', '{', '}', '(', ')', '=', '|', '[', ']', '\'', '"',
            ])
            && !word.contains("...")
            && !word.split(['/', '.', '-', '_']).any(is_placeholder);
        if looks_like_path {
            out.push(word.to_string());
        }
    }
    out
}

/// A part of a path in capitals (`NAME`, `tNNNN`, `EDITION`) stands for
/// any name; the capitalised files we keep are not placeholders.
fn is_placeholder(part: &str) -> bool {
    const FILES: &[&str] = &[
        "README",
        "ARCHITECTURE",
        "CHANGELOG",
        "RELEASING",
        "LICENSE",
        "MIT",
        "APACHE",
    ];
    part.chars().filter(char::is_ascii_uppercase).count() > 1 && !FILES.contains(&part)
}

/// What `word` names, relative to the first of `bases` it exists under.
fn resolve(word: &str, bases: &[PathBuf]) -> Option<PathBuf> {
    bases.iter().map(|b| b.join(word)).find(|p| p.exists())
}

/// Words that name what lives outside the repository: the rule texts of
/// `../shared/spec` (the docs cite them by file name), the reference
/// programs' own files, and format ids such as `tcec-swiss-reference/1`.
fn is_outside(word: &str) -> bool {
    const SPEC: &[&str] = &[
        "dutch-2017-c043.txt",
        "dutch-2012.txt",
        "dubov-c0441.txt",
        "lim-c0443.txt",
        "tcec-swiss.txt",
        "dutch-2017-supplement.md",
        "general-rules.md",
        "trf.md",
        "dutch-2026-changes.md",
        "dubov-2026-changes.md",
        "lim-2026-changes.md",
        "trf26.md",
        "team-2026.md",
        // The FIDE Technical Commission's tie-break program.
        "tiebreakchecker.py",
    ];
    SPEC.contains(&word)
        || word.starts_with("../shared/")
        || word.starts_with("shared/")
        || word.starts_with("target/")
        || word
            .rsplit('/')
            .next()
            .is_some_and(|last| last.parse::<u32>().is_ok())
}

/// The repository's documentation: Markdown at the root and in each
/// crate and folder we own, and every Rust source's comments.
fn documents(root: &Path) -> Vec<PathBuf> {
    let mut out = vec![root.join("README.md"), root.join("ARCHITECTURE.md")];
    for dir in ["crates", "bindings", "xtask", "fuzz", "testdata"] {
        walk(&root.join(dir), &mut out);
    }
    out.retain(|p| p.exists());
    out
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.map(|e| e.unwrap().path()).collect();
    entries.sort();
    for p in entries {
        let name = p.file_name().unwrap().to_string_lossy().to_string();
        if p.is_dir() {
            if !["target", "snapshots", "corpus", "artifacts"].contains(&name.as_str()) {
                walk(&p, out);
            }
        } else if name.ends_with(".md") || name.ends_with(".rs") {
            out.push(p);
        }
    }
}

/// The folders directly in `dir`.
fn subfolders(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|es| {
            es.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.is_dir())
                .collect()
        })
        .unwrap_or_default();
    out.sort();
    out
}

/// The comment lines of a Rust file (`//`, `//!`, `///`).
fn comments(text: &str) -> String {
    text.lines()
        .filter_map(|l| l.trim_start().strip_prefix("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The crate folder a file belongs to, if any.
fn crate_dir(file: &Path) -> Option<&Path> {
    file.ancestors().find(|a| a.join("Cargo.toml").exists())
}

#[test]
fn tidy_every_backticked_path_exists() {
    let root = xtask::root();
    let mut missing = Vec::new();
    for doc in documents(&root) {
        let text = std::fs::read_to_string(&doc).unwrap();
        let text = if doc.extension().is_some_and(|e| e == "rs") {
            comments(&text)
        } else {
            text
        };
        let dir = doc.parent().unwrap().to_path_buf();
        let krate = crate_dir(&doc).unwrap_or(&root).to_path_buf();
        // A folder named earlier in the document is the context of the
        // short names after it (the crate folder, then its file names).
        let mut bases: Vec<PathBuf> = vec![root.clone(), krate.clone(), krate.join("src")];
        // A data folder's README names its files without their subfolder.
        if doc.starts_with(root.join("testdata")) {
            bases.extend(subfolders(&dir));
        }
        bases.push(dir);
        for word in paths_in(&text) {
            if is_outside(&word) {
                continue;
            }
            let Some(found) = resolve(&word, &bases) else {
                missing.push(format!(
                    "{}: `{word}` does not exist",
                    doc.strip_prefix(&root).unwrap().display()
                ));
                continue;
            };
            if found.is_dir() {
                bases.push(found.join("src"));
                bases.push(found);
            }
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}

#[test]
fn tidy_the_path_check_finds_a_missing_path() {
    // The check must be able to fail.
    let words = paths_in("see `crates/swiss-core/src/nowhere.rs` and `README.md`");
    assert_eq!(words, ["crates/swiss-core/src/nowhere.rs", "README.md"]);
    let root = [xtask::root()];
    assert_eq!(resolve(&words[0], &root), None);
    assert_eq!(resolve(&words[1], &root), Some(root[0].join("README.md")));
    assert!(paths_in("`NAME.trf` `dutch-EDITION/` `--dutch` `a::b` `x = y`").is_empty());
}

/// The value of `key = "..."` in a manifest's `[package]` table, if any.
fn manifest_value(manifest: &str, key: &str) -> Option<String> {
    let package = manifest.split("\n[").next().unwrap_or(manifest);
    package.lines().find_map(|l| {
        let (k, v) = l.split_once('=')?;
        (k.trim() == key).then(|| v.trim().trim_matches('"').to_string())
    })
}

/// The crates that are published (not `publish = false`).
fn published_crates(root: &Path) -> Vec<(PathBuf, String)> {
    subfolders(&root.join("crates"))
        .into_iter()
        .filter_map(|dir| {
            let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).ok()?;
            (manifest_value(&manifest, "publish").as_deref() != Some("false"))
                .then_some((dir, manifest))
        })
        .collect()
}

/// What a published crate lacks: a README, the licence files, or one of
/// the metadata a registry shows (issue 27).
fn lacks(dir: &Path, manifest: &str) -> Vec<String> {
    let mut out = Vec::new();
    for file in ["README.md", "LICENSE-MIT", "LICENSE-APACHE"] {
        if !dir.join(file).is_file() {
            out.push(format!("no {file}"));
        }
    }
    for key in [
        "description",
        "readme",
        "documentation",
        "keywords",
        "categories",
    ] {
        if manifest_value(manifest, key).is_none_or(|v| v.is_empty()) {
            out.push(format!("no `{key}` in Cargo.toml"));
        }
    }
    if !manifest.contains("license.workspace = true")
        && manifest_value(manifest, "license").is_none()
    {
        out.push("no licence in Cargo.toml".to_string());
    }
    if manifest.contains("example.invalid") {
        out.push("a placeholder URL in Cargo.toml".to_string());
    }
    out
}

#[test]
fn tidy_every_published_crate_has_readme_licences_and_metadata() {
    let root = xtask::root();
    let crates = published_crates(&root);
    assert!(crates.len() >= 9, "crates found: {}", crates.len());
    let mut problems = Vec::new();
    for (dir, manifest) in &crates {
        for p in lacks(dir, manifest) {
            problems.push(format!(
                "{}: {p}",
                dir.strip_prefix(&root).unwrap().display()
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn tidy_the_metadata_check_finds_what_a_crate_lacks() {
    // The check must be able to fail: a manifest without a description or
    // keywords, with a placeholder URL, in a folder without a README.
    let manifest = "[package]\nname = \"x\"\nreadme = \"README.md\"\ndocumentation = \"d\"\n\
                    categories = [\"games\"]\nlicense.workspace = true\n\
                    repository = \"https://example.invalid/x\"\n\n[dependencies]\nkeywords = 1\n";
    let found = lacks(&xtask::root().join("testdata"), manifest);
    assert_eq!(
        found,
        [
            "no README.md",
            "no LICENSE-MIT",
            "no LICENSE-APACHE",
            "no `description` in Cargo.toml",
            "no `keywords` in Cargo.toml",
            "a placeholder URL in Cargo.toml",
        ],
    );
}

/// The files that `text` (a Rust source) pulls in by path at compile
/// time: `include_str!`, `include_bytes!` and `#[path = ...]`.
fn compile_time_paths(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for opener in ["include_str!(\"", "include_bytes!(\"", "#[path = \""] {
        for (at, _) in text.match_indices(opener) {
            let rest = &text[at + opener.len()..];
            if let Some(end) = rest.find('"') {
                out.push(rest[..end].to_string());
            }
        }
    }
    out
}

/// The files a published crate's sources pull in at compile time that lie
/// outside its folder (`dir`, relative to `file`'s folder): the packaged
/// crate would not contain them and would not build. `.ci/run` packages
/// without building (`cargo package --no-verify`: the build of every
/// packaged crate cost a quarter of CI's time), so this check stands in
/// for that build; `RELEASING.md` builds them before a release.
fn outside_the_package(dir: &Path, file: &Path, text: &str) -> Vec<String> {
    let base = file.parent().unwrap_or(dir);
    compile_time_paths(text)
        .into_iter()
        .filter(|p| {
            let mut at = base.to_path_buf();
            for part in Path::new(p).components() {
                match part {
                    std::path::Component::ParentDir => {
                        at.pop();
                    }
                    std::path::Component::Normal(c) => at.push(c),
                    _ => return true,
                }
            }
            !at.starts_with(dir)
        })
        .collect()
}

#[test]
fn tidy_published_crates_include_only_their_own_files() {
    let root = xtask::root();
    let mut problems = Vec::new();
    for (dir, _) in published_crates(&root) {
        let mut files = Vec::new();
        for sub in ["src", "examples", "benches", "build.rs"] {
            let at = dir.join(sub);
            if at.is_file() {
                files.push(at);
            } else if at.is_dir() {
                walk(&at, &mut files);
            }
        }
        for file in files
            .iter()
            .filter(|f| f.extension().is_some_and(|e| e == "rs"))
        {
            let text = std::fs::read_to_string(file).unwrap();
            for p in outside_the_package(&dir, file, &text) {
                problems.push(format!(
                    "{}: `{p}` is outside the crate, so not in its package",
                    file.strip_prefix(&root).unwrap().display()
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn tidy_the_package_check_finds_a_file_outside_the_crate() {
    let dir = Path::new("/w/crates/c");
    let file = dir.join("src/lib.rs");
    let text = "#[doc = include_str!(\"../README.md\")]\n\
                const T: &str = include_str!(\"../../../testdata/a.trf\");\n\
                #[path = \"../../other/m.rs\"] mod m;\n";
    assert_eq!(
        outside_the_package(dir, &file, text),
        ["../../../testdata/a.trf", "../../other/m.rs"]
    );
}

/// The years (1900-2099) a text names, in order.
fn years(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_ascii_digit())
        .filter(|w| w.len() == 4 && (w.starts_with("19") || w.starts_with("20")))
        .map(str::to_string)
        .collect()
}

/// What a system crate's description says wrongly of its editions: a year
/// the registry has no edition for, or a first-named edition that is not
/// the registry's default (descriptions name the default first).
fn edition_claims(description: &str, editions: &[&str]) -> Vec<String> {
    let named = years(description);
    let mut out: Vec<String> = named
        .iter()
        .filter(|y| !editions.contains(&y.as_str()))
        .map(|y| format!("names {y}, not an edition ({})", editions.join(", ")))
        .collect();
    if let (Some(first), Some(default)) = (named.first(), editions.first())
        && first != default
    {
        out.push(format!(
            "names {first} first, but the default edition is {default}"
        ));
    }
    out
}

#[test]
fn tidy_crate_descriptions_name_the_registrys_editions_default_first() {
    let root = xtask::root();
    let mut problems = Vec::new();
    for system in swiss_systems::SYSTEMS {
        // A system of one text (TCEC, the team system) has no edition to
        // claim: the year of its text is not one.
        if system.editions.is_empty() {
            continue;
        }
        let dir = root.join("crates").join(format!("swiss-{}", system.name));
        let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).unwrap();
        let readme = std::fs::read_to_string(dir.join("README.md")).unwrap();
        // The description, and the README's first paragraph after its title.
        let intro = readme.split("\n\n").nth(1).unwrap_or_default().to_string();
        let description = manifest_value(&manifest, "description").unwrap();
        for (what, text) in [("description", description), ("README", intro)] {
            let editions: Vec<&str> = system.editions.iter().map(|e| e.as_str()).collect();
            for p in edition_claims(&text, &editions) {
                problems.push(format!("swiss-{} {what}: {p}", system.name));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn tidy_the_edition_check_finds_a_wrong_default() {
    let editions = ["2026", "2017", "2012"];
    assert!(edition_claims("Dutch: 2026 by default, 2017 and 2012", &editions).is_empty());
    assert_eq!(
        edition_claims("Dutch: the 2017 rules by default, and 2026", &editions),
        ["names 2017 first, but the default edition is 2026"]
    );
    assert_eq!(
        edition_claims("Dutch 2026, and the 2008 text", &editions),
        ["names 2008, not an edition (2026, 2017, 2012)"]
    );
}
