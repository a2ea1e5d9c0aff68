//! The Python package's pytest suite (`bindings/python/tests`), run by
//! `cargo test` and so by `.ci/run`. It lives here because the suite
//! compares the package with this crate's `swiss` binary (`SWISS_CLI`).
//!
//! Under `target/python/` (kept between runs): a virtual environment with
//! maturin and pytest from PyPI, and a cargo target directory of its own
//! for the wheel's build (a nested cargo on the outer target directory
//! would wait forever on the lock the outer `cargo test` holds). The build
//! uses the `python-test` profile (nothing optimised, no debug info): the
//! cheapest build that runs the suite. A machine without Python 3.9+ and
//! its `venv` module fails this test with a message saying so.
#![allow(clippy::unwrap_used)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// Runs `cmd`, failing the test with its output (and `what`) when it fails
/// or cannot start.
fn run(what: &str, cmd: &mut Command) -> Output {
    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("{what}: cannot run {cmd:?}: {e}"));
    assert!(out.status.success(), "{what} failed:\n{}", text(&out));
    out
}

/// The virtual environment's interpreter, the environment created (and
/// maturin and pytest installed) when missing.
fn venv(work: &Path) -> PathBuf {
    let venv = work.join("venv");
    let python = venv.join("bin/python");
    if !python.exists() {
        let made = Command::new("python3")
            .args(["-m", "venv"])
            .arg(&venv)
            .output();
        match made {
            Ok(o) if o.status.success() => {}
            Ok(o) => panic!(
                "the Python bindings' tests need Python 3.9+ with the venv module (Debian: python3-venv); `python3 -m venv` failed:\n{}",
                text(&o)
            ),
            Err(e) => panic!(
                "the Python bindings' tests need Python 3.9+ (`python3` on PATH) with the venv module: {e}"
            ),
        }
    }
    let version = run(
        "python version",
        Command::new(&python).args(["-c", "import sys; print(sys.version_info >= (3, 9))"]),
    );
    assert_eq!(
        String::from_utf8_lossy(&version.stdout).trim(),
        "True",
        "the Python bindings need CPython 3.9 or later ({})",
        python.display()
    );
    if !venv.join("bin/maturin").exists() || !venv.join("bin/pytest").exists() {
        run(
            "pip install maturin pytest",
            Command::new(&python).args([
                "-m",
                "pip",
                "install",
                "--quiet",
                "--disable-pip-version-check",
                "maturin>=1.9,<2",
                "pytest",
            ]),
        );
    }
    venv
}

#[test]
fn the_python_package_passes_its_pytest_suite() {
    let root = root();
    let work = root.join("target/python");
    std::fs::create_dir_all(&work).unwrap();
    let venv = venv(&work);
    let bin = venv.join("bin");
    let path = std::env::join_paths(std::iter::once(bin.clone()).chain(std::env::split_paths(
        &std::env::var_os("PATH").unwrap_or_default(),
    )))
    .unwrap();
    run(
        "maturin develop (building the swiss wheel)",
        Command::new(bin.join("maturin"))
            .args(["develop", "--locked", "--profile", "python-test"])
            .current_dir(root.join("bindings/python"))
            .env("VIRTUAL_ENV", &venv)
            .env("PATH", &path)
            .env("CARGO_TARGET_DIR", work.join("cargo")),
    );
    let out = Command::new(bin.join("python"))
        .args(["-m", "pytest", "-q", "-p", "no:cacheprovider", "-s"])
        .arg(root.join("bindings/python/tests"))
        .current_dir(&root)
        .env("SWISS_CLI", env!("CARGO_BIN_EXE_swiss"))
        // The panic test panics on purpose: its message, not a backtrace.
        .env("RUST_BACKTRACE", "0")
        .output()
        .unwrap();
    let report = text(&out);
    // pytest's own lines (the counts, the 1,000-player timing) in the
    // test's output, shown with `--nocapture`.
    println!("{report}");
    assert!(out.status.success(), "pytest failed:\n{report}");
}
