"""The README's commands: `make lab` must start JupyterLab whoever runs it (root included, as on CI machines), on a
copy of the lessons, so that what a learner saves never changes notebooks/ (which the tests compare)."""

import hashlib
import os
import subprocess
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[1]
LESSONS = sorted(p.name for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))


def _dry_run(target: str) -> str:
    # --no-print-directory: under `make test` this make is a sub-make, which would add "Entering directory" lines
    return subprocess.run(
        ["make", "--no-print-directory", "-n", target], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout


def _make(*args: str, env: dict | None = None) -> str:
    return subprocess.run(
        ["make", "--no-print-directory", *args], cwd=ROOT, capture_output=True, text=True, check=True, env=env
    ).stdout


def _fingerprint(folder: Path) -> dict[str, str]:
    return {
        p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def test_lab_opens_the_copy_of_the_lessons_and_allows_root_only_for_root():
    dry = _dry_run("lab")
    line = next(x for x in dry.replace("\\\n", " ").splitlines() if "jupyter lab" in x)
    assert "--notebook-dir=lessons" in line and "--ServerApp.ip=127.0.0.1" in line
    assert "--LabApp.default_url=/lab/tree/notebooks/00_start_here.ipynb" in line
    assert ("--allow-root" in line) == (os.getuid() == 0)
    assert dry.index("lessons/notebooks") < dry.index("jupyter lab"), "make lab makes the copy first"


def test_test_runs_pytest_without_mplbackend():
    assert "env -u MPLBACKEND .venv/bin/python -m pytest" in _dry_run("test")


def test_app_serves_the_lessons_and_the_docs_they_link_to():
    line = " ".join(_dry_run("app").replace("\\\n", " ").split())
    assert "voila" in line and line.endswith(" .")  # rooted at the repository: notebooks/ and docs/
    assert "file_allowlist" in line and "md" in line  # docs/*.md are served, not 404


def test_the_copy_is_git_ignored():
    ignored = subprocess.run(["git", "check-ignore", "-q", "lessons/notebooks/02_weather_pyramid.ipynb"], cwd=ROOT)
    assert ignored.returncode == 0
    kept = subprocess.run(["git", "check-ignore", "-q", "tameri_kit/lessons/questions_02.py"], cwd=ROOT)
    assert kept.returncode == 1, "the lessons' question modules must not be ignored"


def test_saving_in_the_copy_leaves_notebooks_unchanged(tmp_path):
    from jupyter_server.services.contents.filemanager import FileContentsManager

    from nbformat.sign import NotebookNotary

    copy = tmp_path / "lessons"
    committed = _fingerprint(ROOT / "notebooks")
    # a Jupyter data folder of its own: the lessons are trusted by this make, not by an earlier run
    data = tmp_path / "jupyter-data"
    env = {**os.environ, "JUPYTER_DATA_DIR": str(data)}
    _make("lessons", f"LESSONS={copy}", env=env)
    assert sorted(p.name for p in (copy / "notebooks").glob("*.ipynb")) == LESSONS
    notary = NotebookNotary(data_dir=str(data))
    assert all(notary.check_signature(nbformat.read(copy / "notebooks" / name, 4)) for name in LESSONS)
    (tmp_path / "elsewhere").mkdir()  # ... and a data folder that make never saw trusts none of them
    assert not NotebookNotary(data_dir=str(tmp_path / "elsewhere")).check_signature(
        nbformat.read(copy / "notebooks" / LESSONS[0], 4)
    )
    assert (copy / "docs" / "ambiguities.md").read_text() == (ROOT / "docs" / "ambiguities.md").read_text()
    # every link a lesson makes to ../docs/*.md finds its file in the copy (and in the repository, for Voila)
    for name in LESSONS:
        text = (copy / "notebooks" / name).read_text()
        for target in {part.split(")")[0] for part in text.split("](../docs/")[1:]}:
            assert (copy / "docs" / target.split("#")[0]).is_file(), f"{name} links to a missing docs/{target}"

    # what JupyterLab does when a learner runs a lesson and saves it: the contents service writes the notebook
    lesson = f"notebooks/{LESSONS[0]}"
    contents = FileContentsManager(root_dir=str(copy))
    model = contents.get(lesson)
    nb = model["content"]
    nb.cells.append(nbformat.v4.new_code_cell("my_note = 'saved by a learner'", execution_count=99))
    contents.save({"type": "notebook", "format": "json", "content": nb}, lesson)
    saved = (copy / lesson).read_text()
    assert "saved by a learner" in saved

    _make("lessons", f"LESSONS={copy}", env=env)  # the next `make lab` keeps the learner's work
    assert (copy / lesson).read_text() == saved
    assert _fingerprint(ROOT / "notebooks") == committed  # ... and the committed lessons never changed

    _make("reset-lessons", f"LESSONS={copy}", env=env)  # starting over brings back the committed lesson
    assert (copy / lesson).read_bytes() == (ROOT / lesson).read_bytes()
    assert _fingerprint(ROOT / "notebooks") == committed
