"""The README's commands: `make lab` must start JupyterLab whoever runs it (root included, as on CI machines)."""

import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _dry_run(target: str) -> str:
    return subprocess.run(["make", "-n", target], cwd=ROOT, capture_output=True, text=True, check=True).stdout


def test_lab_opens_notebooks_and_allows_root_only_for_root():
    line = next(x for x in _dry_run("lab").splitlines() if "jupyter lab" in x)
    assert "--notebook-dir=notebooks" in line and "--ServerApp.ip=127.0.0.1" in line
    assert ("--allow-root" in line) == (os.getuid() == 0)


def test_test_runs_pytest_without_mplbackend():
    assert "env -u MPLBACKEND .venv/bin/python -m pytest" in _dry_run("test")
