"""Shared fixtures: the repository's test data and the `swiss` command.

The tests compare the package with the command line. `cargo test` runs
them with `SWISS_CLI` set to the `swiss` binary it built
(`crates/swiss-cli/tests/python.rs`); by hand, set it or build the CLI
(`cargo build -p swiss-cli`) so that `target/debug/swiss` exists.
"""

import os
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]
TESTDATA = REPO / "testdata"


def _cli() -> Path:
    given = os.environ.get("SWISS_CLI")
    if given:
        return Path(given)
    for profile in ("debug", "release"):
        p = REPO / "target" / profile / "swiss"
        if p.exists():
            return p
    raise RuntimeError(
        "the swiss binary is needed to compare with: set SWISS_CLI, or run `cargo build -p swiss-cli`"
    )


@pytest.fixture(scope="session")
def cli():
    """Runs `swiss ARGS...` from the repository root; returns the CompletedProcess."""
    exe = _cli()

    def run(*args):
        return subprocess.run(
            [str(exe), *map(str, args)], cwd=REPO, capture_output=True, text=True
        )

    return run


@pytest.fixture(scope="session")
def testdata() -> Path:
    return TESTDATA
