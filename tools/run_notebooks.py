"""Execute lessons top to bottom from a fresh kernel and store them with their outputs.

    .venv/bin/python tools/run_notebooks.py                  # every notebook in notebooks/
    .venv/bin/python tools/run_notebooks.py 02_weather_pyramid.ipynb

Each notebook runs in notebooks/ with the python3 kernel (MPLBACKEND unset, as under nbval).  Widget state is
not stored (it is regenerated on every run with new ids and is not needed by nbval or JupyterLab), which keeps
the committed files small and their diffs readable.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def run(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    os.environ.pop("MPLBACKEND", None)
    NotebookClient(nb, timeout=900, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}).execute()
    nb.metadata.pop("widgets", None)
    nbformat.write(nb, path)


def main(argv: list[str]) -> int:
    names = argv or sorted(p.name for p in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
    for name in names:
        path = NOTEBOOKS / Path(name).name
        print(f"running {path.name} ...", flush=True)
        run(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
