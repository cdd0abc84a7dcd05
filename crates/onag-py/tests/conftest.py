"""Shared fixtures: the built `onag` binary for the CLI agreement tests."""

import json
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]


def _binary():
    explicit = os.environ.get("ONAG_BIN")
    if explicit:
        return pathlib.Path(explicit)
    return ROOT / "target" / "release" / "onag"


@pytest.fixture(scope="session")
def cli():
    """`cli(*args)` runs `onag ARGS --json` and returns the parsed JSON object."""
    binary = _binary()
    if not binary.exists():
        pytest.skip(f"{binary} not built (cargo build --release --bin onag, or set ONAG_BIN)")

    def run(*args):
        out = subprocess.run(
            [str(binary), *args, "--json"], check=True, capture_output=True, text=True
        )
        return json.loads(out.stdout)

    return run


@pytest.fixture(scope="session")
def cli_text():
    """`cli_text(*args)` runs `onag ARGS --json` and returns its stdout exactly (the bytes a
    run piped into a file holds)."""
    binary = _binary()
    if not binary.exists():
        pytest.skip(f"{binary} not built (cargo build --release --bin onag, or set ONAG_BIN)")

    def run(*args):
        return subprocess.run(
            [str(binary), *args, "--json"], check=True, capture_output=True, text=True
        ).stdout

    return run


@pytest.fixture(scope="session")
def onag_bin():
    """The built `onag` binary (skips when it is not built)."""
    binary = _binary()
    if not binary.exists():
        pytest.skip(f"{binary} not built (cargo build --release --bin onag, or set ONAG_BIN)")
    return binary
