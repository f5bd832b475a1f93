"""Build the kit's compiled engine: the modules of ``tameri_kit/_compiled.py``'s ``COMPILED`` list as C extensions
(Cython 3, pure-Python mode: the ``.py`` files themselves, unchanged), run by ``make env``.

    python tools/compile_engine.py              # build what is missing into tameri_kit/_compiled/ (make env)
    python tools/compile_engine.py --inplace DIR  # build next to the sources of another checkout (bench.compare)

Each extension is named after its source's SHA-256 (``_compiled.compiled_file``), so only the modules changed since the
last build are compiled again, and the kit loads an extension only when its source has not changed since
(``_compiled.use_compiled``).  Without Cython or a C compiler (or the Python headers) this says so and stops with
status 0: the kit then runs as the pure-Python package, the same games at the pure-Python speed.  ``--inplace``
builds the current list (the modules the checkout has) as ordinary extensions beside the checkout's ``.py`` files,
which any version of the kit imports first: for timing old commits compiled the same way (``bench.compare``).
The compiler's settings are ``_compiled.COMPILE_ARGS`` and ``_compiled.DIRECTIVES`` (why each: there).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def load_list(repo: Path = REPO):
    """``tameri_kit/_compiled.py`` of this repository, loaded by path (importing the package would load the
    extensions being replaced)."""
    spec = importlib.util.spec_from_file_location("_tameri_kit_compiled_list", repo / "tameri_kit" / "_compiled.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def source_of(root: Path, name: str) -> Path:
    return root.joinpath(*name.split(".")).with_suffix(".py")


def why_not_buildable() -> str | None:
    """Why no extension can be built here (None: Cython, a C compiler and the Python headers are all present)."""
    try:
        import Cython  # noqa: F401
        import setuptools  # noqa: F401
    except ImportError as error:
        return f"{error.name} is not installed"
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler})"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").is_file():
        return "no Python headers (Python.h; on Debian: apt-get install python3-dev)"
    return None


def build(jobs: dict[str, Path], out_dir: Path, listed, *, processes: int) -> dict[str, Path]:
    """Compile ``{module name: source}``; the built extension of each, in a temporary folder under ``out_dir``."""
    from Cython.Build import cythonize
    from setuptools import Distribution, Extension

    work = Path(tempfile.mkdtemp(prefix="build-", dir=out_dir))
    extensions = [
        Extension(name, [str(source)], extra_compile_args=list(listed.COMPILE_ARGS), optional=True)
        for name, source in jobs.items()
    ]
    extensions = cythonize(
        extensions, build_dir=str(work / "c"), compiler_directives=listed.DIRECTIVES, nthreads=processes, quiet=True
    )
    here = os.getcwd()
    os.chdir(work)  # no pyproject.toml or setup.cfg of the kit's own here: setuptools is asked for build_ext only
    try:
        distribution = Distribution({"name": "tameri_kit_compiled", "ext_modules": extensions})
        command = distribution.get_command_obj("build_ext")
        command.build_lib, command.build_temp, command.parallel = str(work / "lib"), str(work / "temp"), processes
        distribution.run_command("build_ext")
    finally:
        os.chdir(here)
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    return {name: work / "lib" / Path(*name.split(".")).with_suffix(suffix) for name in jobs}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(
        prog="python tools/compile_engine.py", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--inplace", type=Path, help="a checkout to build in place (bench.compare)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="compilers run at once")
    args = parser.parse_args(argv)
    listed = load_list()
    reason = why_not_buildable()
    if reason:
        print(f"compiled engine: not built ({reason}); the kit runs as pure Python (the same games, slower)")
        return 0
    started, missing, done = time.monotonic(), [], 0
    if args.inplace:
        root = args.inplace.resolve()
        jobs = {name: source_of(root, name) for name in listed.COMPILED if source_of(root, name).is_file()}
        out_dir = root
    else:
        root = REPO
        out_dir = REPO / "tameri_kit" / "_compiled"
        out_dir.mkdir(exist_ok=True)
        missing = [name for name in listed.COMPILED if not source_of(root, name).is_file()]
        if missing:  # a module renamed or removed: tests/test_compiled.py fails until the list follows
            print(f"compiled engine: listed but not found (update tameri_kit/_compiled.py): {', '.join(missing)}")
        wanted = {
            name: listed.compiled_file(name, source_of(root, name)) for name in listed.COMPILED if name not in missing
        }
        for old in out_dir.glob("tameri_kit.*"):  # extensions of older sources, or of modules no longer listed
            if old not in wanted.values():
                old.unlink()
        jobs = {name: source_of(root, name) for name, target in wanted.items() if not target.is_file()}
    if not jobs:
        print(f"compiled engine: {len(listed.COMPILED) - len(missing)} modules up to date")
        return 0
    print(f"compiled engine: building {len(jobs)} modules with Cython ({args.jobs} at once) ...", flush=True)
    try:
        built = build(jobs, out_dir, listed, processes=args.jobs)
        for name, extension in built.items():
            if not extension.is_file():  # that one failed to compile (setuptools said why): it stays Python
                print(f"compiled engine: {name} failed to compile; it runs as Python", file=sys.stderr)
                continue
            if args.inplace:
                target = source_of(root, name).with_suffix(sysconfig.get_config_var("EXT_SUFFIX"))
            else:
                target = listed.compiled_file(name, source_of(root, name))
            shutil.move(str(extension), str(target))
            done += 1
    except Exception as error:  # noqa: BLE001 - any failure leaves the pure-Python package, which still works
        print(f"compiled engine: the build failed ({error}); the kit runs as pure Python", file=sys.stderr)
        return 0
    finally:
        for work in out_dir.glob("build-*"):
            shutil.rmtree(work, ignore_errors=True)
    print(f"compiled engine: {done} of {len(jobs)} modules built in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
