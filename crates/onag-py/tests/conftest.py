"""Shared fixtures: the built `onag` binary for the CLI agreement tests, and Ctrl-C sent to a
long run in a fresh interpreter."""

import json
import os
import pathlib
import signal
import subprocess
import sys
import textwrap
import time

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]


def _binary():
    explicit = os.environ.get("ONAG_BIN")
    if explicit:
        return pathlib.Path(explicit)
    return ROOT / os.environ.get("CARGO_TARGET_DIR", "target") / "release" / "onag"


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


@pytest.fixture(scope="session")
def interrupt():
    """`interrupt(code, within=20)` runs `code` in a fresh interpreter, waits for it to print
    ``started``, sends Ctrl-C (SIGINT) a second later and returns its output: the run must
    exit 0 within `within` seconds of the signal, its output starting with ``interrupted``
    (`code` prints that when it catches the ``KeyboardInterrupt``)."""

    def run(code, within=20):
        # The child gets Ctrl-C's default disposition whatever this runner inherited: a test
        # run started in the background of a shell ignores SIGINT, and Python would then
        # install no KeyboardInterrupt handler at all.
        proc = subprocess.Popen(
            [sys.executable, "-c", textwrap.dedent(code)],
            stdout=subprocess.PIPE,
            text=True,
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        )
        assert proc.stdout.readline().strip() == "started"
        time.sleep(1.0)
        sent = time.time()
        proc.send_signal(signal.SIGINT)
        out, _ = proc.communicate(timeout=60)
        assert proc.returncode == 0, out
        assert out.startswith("interrupted"), out
        assert time.time() - sent < within, out
        return out

    return run
