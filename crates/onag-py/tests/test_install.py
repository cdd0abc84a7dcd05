"""What `pip install ./crates/onag-py` gives: an `onag` command that runs the binary (or says
how to install it), the extras named in pyproject.toml, the licence files."""

import os
import pathlib
import shutil
import subprocess
import sys

import pytest

from onag import _cli

ROOT = pathlib.Path(__file__).resolve().parents[3]
PYPROJECT = ROOT / "crates" / "onag-py" / "pyproject.toml"


def test_launcher_prefers_onag_bin(tmp_path):
    assert _cli.find_binary({"ONAG_BIN": "/somewhere/onag", "PATH": ""}) == \
        pathlib.Path("/somewhere/onag")


def test_launcher_skips_scripts_on_path_and_finds_the_binary(tmp_path, onag_bin):
    scripts, bins = tmp_path / "scripts", tmp_path / "bins"
    scripts.mkdir()
    bins.mkdir()
    launcher = scripts / "onag"
    launcher.write_text("#!/usr/bin/env python3\nfrom onag._cli import main\nmain()\n")
    launcher.chmod(0o755)
    os.symlink(onag_bin, bins / "onag")
    env = {"PATH": f"{scripts}{os.pathsep}{bins}", "HOME": str(tmp_path)}
    assert _cli.find_binary(env) == bins / "onag"
    # Only the launcher: nothing is found (no ~/.cargo/bin/onag under this HOME).
    env["PATH"] = str(scripts)
    assert _cli.find_binary(env) is None
    # ~/.cargo/bin is looked in last (where `cargo install` puts it).
    (tmp_path / ".cargo" / "bin").mkdir(parents=True)
    os.symlink(onag_bin, tmp_path / ".cargo" / "bin" / "onag")
    assert _cli.find_binary(env) == tmp_path / ".cargo" / "bin" / "onag"


def test_launcher_without_binary_says_how_to_install_it(tmp_path, monkeypatch, capsys):
    monkeypatch.delenv("ONAG_BIN", raising=False)
    monkeypatch.delenv("CARGO_HOME", raising=False)
    monkeypatch.setenv("PATH", "")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert _cli.main(["--version"]) == 2
    err = capsys.readouterr().err
    assert "cargo install --path crates/onag-cli" in err and err.count("\n") == 1


def test_launcher_forwards_arguments_and_exit_status(onag_bin, monkeypatch):
    monkeypatch.setenv("ONAG_BIN", str(onag_bin))
    assert _cli.main(["--version"]) == 0
    assert _cli.main(["value", "{1|2|3}"]) == 2  # the binary's own exit status


def test_python_dash_m_onag_runs_the_binary(onag_bin):
    env = {**os.environ, "ONAG_BIN": str(onag_bin)}
    out = subprocess.run([sys.executable, "-m", "onag", "value", "{5|1}", "--json"],
                         capture_output=True, text=True, env=env, check=True).stdout
    assert '"canonical":"{5|1}"' in out.replace(" ", "")


def test_console_script_is_installed(onag_bin):
    script = pathlib.Path(sys.executable).parent / ("onag.exe" if os.name == "nt" else "onag")
    if not script.exists():
        pytest.skip(f"{script} not installed (the package was not installed with pip)")
    env = {**os.environ, "ONAG_BIN": str(onag_bin)}
    done = subprocess.run([str(script), "--version"], capture_output=True, text=True, env=env)
    assert done.returncode == 0 and done.stdout.startswith("onag ")


def _pyproject():
    tomllib = pytest.importorskip("tomllib", reason="tomllib needs Python 3.11")
    return tomllib.loads(PYPROJECT.read_text())


def test_extras_and_entry_point_are_declared():
    project = _pyproject()["project"]
    assert project["scripts"]["onag"] == "onag._cli:main"
    extras = project["optional-dependencies"]
    assert extras["numpy"] == ["numpy"]
    assert {"matplotlib", "anywidget"} <= set(extras["notebook"])
    assert any(d.startswith("dask") for d in extras["cluster"])
    assert {"nbclient", "ipykernel", "matplotlib", "anywidget"} <= set(extras["test"])


def test_licence_files_match_the_declared_licence():
    tomllib = pytest.importorskip("tomllib", reason="tomllib needs Python 3.11")
    workspace = tomllib.loads((ROOT / "Cargo.toml").read_text())["workspace"]["package"]
    assert workspace["license"] == "MIT OR Apache-2.0"
    assert _pyproject()["project"]["license"]["text"] == workspace["license"]
    assert "Apache License" in (ROOT / "LICENSE-APACHE").read_text()
    assert "MIT License" in (ROOT / "LICENSE-MIT").read_text()
    for name in ["LICENSE-MIT", "LICENSE-APACHE"]:
        # The package's copies (maturin puts them in the wheel's metadata).
        assert (ROOT / "crates" / "onag-py" / name).read_text() == (ROOT / name).read_text()
    assert "example.invalid" not in (ROOT / "Cargo.toml").read_text()


def test_scripts_test_honours_cargo_target_dir():
    text = (ROOT / "scripts" / "test").read_text()
    assert "CARGO_TARGET_DIR" in text
    assert "target/release/onag" not in text.replace("$TARGET_DIR/release/onag", "")
    assert shutil.which("bash") is None or subprocess.run(
        ["bash", "-n", str(ROOT / "scripts" / "test")]).returncode == 0
