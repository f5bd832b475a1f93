"""environment.yml (conda) and pyproject.toml must list the same dependencies."""

import re
import tomllib
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
# PyPI name -> conda-forge name where they differ
CONDA_NAME = {}


def _name(req: str) -> str:
    return re.split(r"[<>=!~;\[ ]", req.strip(), maxsplit=1)[0].lower().replace("_", "-")


def _spec(req: str) -> str:
    return req.strip().replace(" ", "")


def test_conda_environment_matches_pyproject():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    reqs = list(project["dependencies"])
    for extra in project["optional-dependencies"].values():
        reqs += extra
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    conda = [d for d in env["dependencies"] if isinstance(d, str)]
    # packages not on conda-forge are listed under "pip:" (open-spiel)
    conda += [d for entry in env["dependencies"] if isinstance(entry, dict) for d in entry.get("pip", [])]
    conda_specs = {_name(d): _spec(d) for d in conda if _name(d) not in ("python", "pip")}
    pip_specs = {CONDA_NAME.get(_name(r), _name(r)): _spec(r) for r in reqs}
    assert set(conda_specs) == set(pip_specs), (
        f"only in environment.yml: {sorted(set(conda_specs) - set(pip_specs))}; "
        f"only in pyproject.toml: {sorted(set(pip_specs) - set(conda_specs))}"
    )
    for name, spec in pip_specs.items():
        assert conda_specs[name] == spec, f"{name}: pyproject says {spec!r}, environment.yml says {conda_specs[name]!r}"
    py = next(d for d in conda if _name(d) == "python")
    assert _spec(py) == "python" + project["requires-python"]
