"""The ``onag`` command of the Python package: it runs the onag command-line tool.

The command-line tool (and its web server) is the Rust binary of ``crates/onag-cli``; the
Python package holds the engine as an extension module, not the binary. ``pip install`` puts
this small launcher on ``PATH`` as ``onag`` (and ``python -m onag`` runs it too): it finds
the binary and hands it the arguments, or says in one line how to install it:

    cargo install --path crates/onag-cli     # from a checkout; puts onag in ~/.cargo/bin

The binary is looked up in ``$ONAG_BIN``, then on ``PATH`` (skipping this launcher), then in
``~/.cargo/bin`` and ``$CARGO_HOME/bin``.
"""

import os
import pathlib
import subprocess
import sys
from typing import List, Optional

HOW = ("the onag command-line tool is the Rust binary of crates/onag-cli, which is not "
       "installed: run `cargo install --path crates/onag-cli` in a checkout of onag (it "
       "installs into ~/.cargo/bin), or set ONAG_BIN to the binary")


def _is_launcher(path: pathlib.Path) -> bool:
    """Whether ``path`` is a script (this launcher or another), not the binary: scripts start
    with ``#!``; pip's launchers on Windows are executables that name this module."""
    try:
        with open(path, "rb") as f:
            head = f.read(4096)
    except OSError:
        return True
    return head.startswith(b"#!") or b"onag._cli" in head


def find_binary(env: Optional[dict] = None) -> Optional[pathlib.Path]:
    """The onag binary: ``$ONAG_BIN``, else the first ``onag`` on ``PATH`` that is not a
    launcher script, else ``$CARGO_HOME/bin/onag`` or ``~/.cargo/bin/onag``; ``None`` if
    there is none."""
    env = os.environ if env is None else env
    explicit = env.get("ONAG_BIN")
    if explicit:
        return pathlib.Path(explicit)
    exe = "onag.exe" if os.name == "nt" else "onag"
    dirs = [d for d in env.get("PATH", "").split(os.pathsep) if d]
    cargo_home = env.get("CARGO_HOME")
    if cargo_home:
        dirs.append(os.path.join(cargo_home, "bin"))
    home = env.get("HOME") or os.path.expanduser("~")
    dirs.append(os.path.join(home, ".cargo", "bin"))
    for d in dirs:
        candidate = pathlib.Path(d) / exe
        if candidate.is_file() and os.access(candidate, os.X_OK) \
                and not _is_launcher(candidate):
            return candidate
    return None


def main(argv: Optional[List[str]] = None) -> int:
    """Runs the onag binary with ``argv`` (default: this process's arguments); exit status 2
    with one line on standard error when the binary is not installed."""
    args = sys.argv[1:] if argv is None else argv
    binary = find_binary()
    if binary is None or not binary.is_file():
        where = f" ({binary} does not exist)" if binary is not None else ""
        print(f"onag: {HOW}{where}", file=sys.stderr)
        return 2
    if os.name == "posix" and argv is None:
        os.execv(str(binary), [str(binary), *args])
    return subprocess.call([str(binary), *args])


if __name__ == "__main__":
    sys.exit(main())
