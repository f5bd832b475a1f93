"""The first step of a learner's server, run as the learner: their own copy of the lessons, then the server itself.

Copies into ``~/lessons`` what ``make lessons`` copies: every file of the class's lessons not in the copy yet (a
learner's saved lessons are never overwritten), the docs afresh, and trusts the notebooks it has just copied.  Then it
becomes ``jupyterhub-singleuser`` with the arguments the hub gave.  Standard library and nbformat only: ``make
classroom`` copies this file beside the class's lessons, where every learner can read it.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path


def copy_lessons(template: Path, copy: Path) -> list[Path]:
    """Copy what is missing from ``template/notebooks`` and all of ``template/docs``; return the notebooks copied."""
    copied = []
    source = template / "notebooks"
    for path in sorted(source.rglob("*")):
        if not path.is_file():
            continue
        target = copy / "notebooks" / path.relative_to(source)
        if target.exists() or target.is_symlink():
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)
        if target.suffix == ".ipynb":
            copied.append(target)
    shutil.copytree(template / "docs", copy / "docs", dirs_exist_ok=True)
    return copied


def trust(notebooks: list[Path]) -> None:
    """Sign the notebooks just copied, as ``jupyter trust`` does (their stored outputs show as they were made)."""
    if not notebooks:
        return
    import nbformat
    from nbformat.sign import NotebookNotary

    notary = NotebookNotary()
    for path in notebooks:
        notary.sign(nbformat.read(path, as_version=4))


def main() -> None:
    template = Path(os.environ["TAMERI_CLASS_LESSONS"])
    copy = Path.home() / "lessons"
    trust(copy_lessons(template, copy))
    singleuser = str(Path(sys.executable).with_name("jupyterhub-singleuser"))
    os.execv(singleuser, [singleuser, *sys.argv[1:]])


if __name__ == "__main__":
    main()
