"""The compiled build (issue 34, ``tameri_kit/_compiled.py``): the modules of ``COMPILED`` built by Cython from the
same sources play the same games as the pure-Python package, byte for byte, and an extension never stands in for a
source that has changed since it was built.

The rest of the suite (the 75-game fingerprint, the golden logs, the stored records, the pinned digest of seeded games
in every mode) runs on whichever build ``make env`` made: the compiled one where a C compiler is present, which CI
checks below.  These tests add the side-by-side: one process with the extensions, one with ``TAMERI_KIT_PURE=1``.
"""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

import tameri_kit
from tameri_kit import _compiled

ROOT = Path(tameri_kit.__file__).resolve().parent.parent
IN_CI = os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")

#: Seeded games of every mode (other seeds than the pinned digest's) and a game of the strong and greedy bots, as
#: bytes: every entry, the whole log, the outcome and the final state pickled.  Prints the digest, then how many
#: modules ran compiled.
GAMES_PROGRAM = """
import hashlib, sys
sys.path.insert(0, "tests")
from game.test_search_copy import MODES, game_bytes, settings_of, snapshot
from tameri_kit import _compiled
from tameri_kit.game import Settings, random_playout
from tameri_kit.game.play.bots import play_game

digest = hashlib.sha256()
for mode in MODES:
    for seed in (11, 12):
        digest.update(game_bytes(mode, seed))
        digest.update(snapshot(random_playout(settings_of(mode), seed)[1]))
record, final = play_game(Settings.for_players(3), 5, ["strong", "greedy", "random"])
digest.update(record.to_json().encode())
digest.update(snapshot(final))
print(digest.hexdigest())
import importlib
for name in _compiled.COMPILED:
    importlib.import_module(name)
print(len(_compiled.compiled_modules()))
"""


def run_games(pure: bool) -> tuple[str, int]:
    env = {key: value for key, value in os.environ.items() if key != _compiled.PURE_VARIABLE}
    if pure:
        env[_compiled.PURE_VARIABLE] = "1"
    out = subprocess.run(
        [sys.executable, "-c", GAMES_PROGRAM], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    ).stdout.split()
    return out[0], int(out[1])


def built_here() -> bool:
    """Whether every module of the list has an extension built from its current source."""
    return all(_compiled.compiled_file(name, source(name)).is_file() for name in _compiled.COMPILED)


def source(name: str) -> Path:
    return ROOT.joinpath(*name.split(".")).with_suffix(".py")


def test_the_list_names_modules_of_the_kit_once():
    names = _compiled.COMPILED
    assert len(set(names)) == len(names)
    for name in names:
        assert source(name).is_file(), f"{name} is in COMPILED but has no source"
        assert not name.endswith("__init__") and name != "tameri_kit._compiled"


def test_the_compiled_and_the_pure_build_play_the_same_games():
    compiled_digest, compiled_count = run_games(pure=False)
    pure_digest, pure_count = run_games(pure=True)
    assert pure_count == 0, "TAMERI_KIT_PURE=1 must turn every extension off"
    if built_here():
        assert compiled_count == len(_compiled.COMPILED), "a built extension was not loaded"
    assert compiled_digest == pure_digest


def test_this_run_uses_the_compiled_build_where_it_was_built():
    """On CI (where ``.ci/run`` builds everything from a fresh clone) the extensions must exist and be the modules
    this test run uses; elsewhere a missing build is only skipped (the kit then is the pure-Python package)."""
    if os.environ.get(_compiled.PURE_VARIABLE) == "1":
        pytest.skip("TAMERI_KIT_PURE=1: this run is the pure-Python package on purpose")
    if not built_here():
        if IN_CI:
            pytest.fail("no compiled build on CI: `make env` runs tools/compile_engine.py (see its output)")
        pytest.skip("no compiled build here (make env builds it where Cython and a C compiler are present)")
    for name in _compiled.COMPILED:
        importlib.import_module(name)
    assert _compiled.compiled_modules() == list(_compiled.COMPILED)
    engine = sys.modules["tameri_kit.game.play.engine"]
    assert engine.__file__ == str(source("tameri_kit.game.play.engine"))  # tracebacks and doctests see the source
    assert engine.__spec__.origin.startswith(str(_compiled.COMPILED_DIR))


def test_an_edited_source_is_never_shadowed_by_an_older_extension(tmp_path):
    """The finder loads an extension only for the very source it was built from: a changed copy of a module's
    source gets no extension (its ``.py`` is imported), the same copy unchanged gets the built one."""
    name = "tameri_kit.rules.weather"
    original = source(name).read_bytes()
    finder = _compiled._CompiledFinder()
    edited = tmp_path / "edited"
    edited.mkdir()
    (edited / "weather.py").write_bytes(original + b"\n# an edit\n")
    assert _compiled.compiled_file(name, edited / "weather.py") != _compiled.compiled_file(name, source(name))
    assert finder.find_spec(name, [str(edited)]) is None
    same = tmp_path / "same"
    same.mkdir()
    (same / "weather.py").write_bytes(original)
    spec = finder.find_spec(name, [str(same)])
    if _compiled.compiled_file(name, source(name)).is_file():
        assert spec is not None and spec.origin == str(_compiled.compiled_file(name, source(name)))
    else:
        assert spec is None
    assert finder.find_spec("tameri_kit.game.play.bots", None) is None  # not in the list: the ordinary import


def test_without_a_compiler_the_build_says_so_and_leaves_the_pure_package(tmp_path):
    """``make env`` on a machine without a C compiler: the build explains and succeeds, and nothing is removed."""
    before = sorted(_compiled.COMPILED_DIR.glob("*")) if _compiled.COMPILED_DIR.is_dir() else []
    env = {**os.environ, "PATH": str(tmp_path)}  # no compiler on this PATH
    done = subprocess.run(
        [sys.executable, "tools/compile_engine.py"], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    assert "not built (" in done.stdout and "pure Python" in done.stdout  # (no C compiler, or no Cython)
    after = sorted(_compiled.COMPILED_DIR.glob("*")) if _compiled.COMPILED_DIR.is_dir() else []
    assert after == before


def test_bench_compare_runs_each_side_compiled_only_when_asked():
    """``bench.compare --compiled b``: side B's processes load the extensions, side A's run as pure Python
    (``TAMERI_KIT_PURE=1``, which older commits ignore), and a tree compared with itself gets two names."""
    from bench.compare import labels, run_env, sides

    assert sides("b") == (False, True) and sides("both") == (True, True) and sides("none") == (False, False)
    with pytest.raises(ValueError):
        sides("c")
    assert run_env(ROOT, compiled=False)[_compiled.PURE_VARIABLE] == "1"
    assert _compiled.PURE_VARIABLE not in run_env(ROOT, compiled=True)
    assert run_env(ROOT)["PYTHONPATH"] == str(ROOT) and run_env(ROOT)["PYTHONHASHSEED"] == "0"
    assert labels("WORKTREE", "WORKTREE", (False, True)) == ("WORKTREE", "WORKTREE+c")
    assert labels("HEAD", "HEAD", (False, False)) == ("HEAD (A)", "HEAD (B)")
