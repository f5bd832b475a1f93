"""``python -m classroom`` (what ``make classroom`` runs): check the class's settings, prepare the lessons every
learner copies, print what the pupils need, and start JupyterHub with ``jupyterhub_config.py``.

Run as root: each learner gets a system user of their own (as The Littlest JupyterHub does).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

from . import auth, limits
from .settings import ENVIRONMENT_KEY, ClassSettings, SettingError, check_host, check_view, free_port, number

REPO = Path(__file__).resolve().parent.parent
PROXY = REPO / "classroom" / "proxy" / "node_modules" / ".bin" / "configurable-http-proxy"
NOBODY = 65534


def _stored_code(path: Path, given: str, length: int) -> str:
    """The code given, else the one stored from the last start, else a new one (stored for the next start)."""
    code = given.strip() or (path.read_text().strip() if path.exists() else "") or auth.new_code(length)
    path.write_text(code + "\n")
    path.chmod(0o600)
    return code


def _learners_can_run(python: str, code: str = "import tameri_kit, jupyterhub.singleuser, nbformat") -> bool:
    """Can a user other than root start ``python`` and run ``code`` (by default: import the kit and the server)?"""
    probe = [python, "-c", code]
    try:
        done = subprocess.run(
            probe, user=NOBODY, group=NOBODY, extra_groups=[], cwd="/", capture_output=True, timeout=120
        )
    except (OSError, subprocess.SubprocessError):
        return False
    return done.returncode == 0


def _base_pythons() -> list[str]:
    """Pythons (3.11 or later) a learner's environment can be made from: the kit's own first, then the system's."""
    found = [getattr(sys, "_base_executable", sys.executable)]
    found += sorted(
        str(path) for folder in ("/usr/bin", "/usr/local/bin") for path in Path(folder).glob("python3.1[1-9]")
    )
    return found


def _source_digest() -> str:
    """Names, sizes and times of the kit's files and pyproject.toml: changes when the kit does."""
    files = [REPO / "pyproject.toml", *sorted((REPO / "tameri_kit").rglob("*"))]
    listing = "".join(f"{path}:{path.stat().st_size}:{path.stat().st_mtime_ns}\n" for path in files if path.is_file())
    return hashlib.sha256(listing.encode()).hexdigest()


def _compile(python: Path) -> None:
    """Compile the environment's modules once, as root: a learner cannot write the environment's __pycache__, so
    without this every learner's server and kernel would compile every module it imports, at every start (uv installs
    without bytecode).  Quick when nothing changed."""
    site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    subprocess.run([str(python), "-m", "compileall", "-q", "-j", "0", site], check=False, capture_output=True)


def learner_python(class_dir: Path, venv: Path | None = None) -> str:
    """The Python learners' servers run: the kit's .venv if every user can run it, else an installation of the kit
    (not editable) in the class folder, made with uv from a Python every user can run (the kit's own Python may live
    in a folder only root can read, e.g. pyenv's under /root)."""
    own = REPO / ".venv" / "bin" / "python"
    if _learners_can_run(str(own)):
        _compile(own)
        install_lab_overrides(own.parent.parent)
        return str(own)
    venv = venv or class_dir / "venv"
    python = venv / "bin" / "python"
    if not python.exists() or not _learners_can_run(str(python), "import sys"):
        readable = [
            base
            for base in _base_pythons()
            if _learners_can_run(base, "import sys; assert sys.version_info >= (3, 11)")
        ]
        if not readable:
            raise SettingError(
                "no Python 3.11 or later that every user can run was found (the learners' servers run as their own "
                "users): apt-get install python3 (3.11 or later), or put the kit's .venv where every user can read it"
            )
        print(f"The kit's .venv is not readable by other users: installing the kit for the learners in {venv} ...")
        subprocess.run([sys.executable, "-m", "uv", "venv", "--quiet", "--python", readable[0], str(venv)], check=True)
    stamp, source = venv / ".tameri_kit_source", _source_digest()
    if not stamp.exists() or stamp.read_text() != source:  # the kit changed since it was installed there
        install = [sys.executable, "-m", "uv", "pip", "install", "--quiet", "--python", str(python)]
        subprocess.run(
            [*install, "--reinstall-package", "tameri_kit", f"{REPO}[notebooks,browser,classroom]"], check=True
        )
        _compile(python)
        subprocess.run(["chmod", "-R", "a+rX", str(venv)], check=True)
        if not _learners_can_run(str(python)):
            raise SettingError(
                f"learners cannot run {python} (a user other than root could not import the kit with it)"
            )
        stamp.write_text(source)
    install_lab_overrides(venv)
    return str(python)


def install_lab_overrides(venv: Path) -> Path:
    """The kit's JupyterLab overrides (news prompt and update check off, as ``make lab`` installs them) in the
    learners' environment ``venv``, readable by every user; returns the file written."""
    target = venv / "share" / "jupyter" / "lab" / "settings" / "overrides.json"
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(REPO / "share" / "jupyter" / "lab" / "settings" / "overrides.json", target)
    target.chmod(0o644)
    return target


def prepare(class_dir: Path) -> None:
    """The class folder every learner reads: the committed lessons and docs (their template) and the start script."""
    class_dir.mkdir(parents=True, exist_ok=True)
    class_dir.chmod(0o755)
    template = class_dir / "lessons"
    shutil.rmtree(template, ignore_errors=True)
    shutil.copytree(REPO / "notebooks", template / "notebooks", ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    shutil.copytree(REPO / "docs", template / "docs")
    shutil.copyfile(REPO / "classroom" / "learner_start.py", class_dir / "learner_start.py")
    subprocess.run(["chmod", "-R", "a+rX,go-w", str(template), str(class_dir / "learner_start.py")], check=True)


def settings_from_environment(environ: dict[str, str]) -> ClassSettings:
    host = environ.get("HOST", "127.0.0.1")
    check_host(host, environ.get("ALLOW_REMOTE", ""))
    class_dir = Path(environ.get("CLASS_DIR", "/srv/tameri_kit_classroom"))
    state_dir = class_dir / "hub"
    state_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
    state_dir.chmod(0o700)
    if not PROXY.exists():
        raise SettingError(f"{PROXY} is missing: run make env (it installs configurable-http-proxy with npm)")
    return ClassSettings(
        host=host,
        port=number("CLASS_PORT", environ.get("CLASS_PORT", "8000")),
        hub_port=number("HUB_PORT", environ.get("HUB_PORT", "0")) or free_port(),
        proxy_api_port=number("PROXY_API_PORT", environ.get("PROXY_API_PORT", "0")) or free_port(),
        view=check_view(environ.get("VIEW", "lab")),
        class_dir=str(class_dir),
        state_dir=str(state_dir),
        repo=str(REPO),
        learner_prefix=environ.get("LEARNER_PREFIX", "learner-"),
        teacher=auth.normalize_name(environ.get("TEACHER", "teacher")),
        class_code=_stored_code(state_dir / "class_code", environ.get("CLASS_CODE", ""), 6).upper(),
        teacher_code=_stored_code(state_dir / "teacher_code", environ.get("TEACHER_CODE", ""), 12),
        memory_limit=environ.get("MEM_LIMIT", "1G"),
        cpu_limit=number("CPU_LIMIT", environ.get("CPU_LIMIT", "1"), float),
        cull_timeout=number("CULL_TIMEOUT", environ.get("CULL_TIMEOUT", "3600")),
        cull_every=number("CULL_EVERY", environ.get("CULL_EVERY", "300")),
        kernel_cull_timeout=number("KERNEL_CULL_TIMEOUT", environ.get("KERNEL_CULL_TIMEOUT", "1200")),
        activity_interval=number("ACTIVITY_INTERVAL", environ.get("ACTIVITY_INTERVAL", "60")),
        learner_python=learner_python(class_dir, Path(environ["CLASS_VENV"]) if environ.get("CLASS_VENV") else None),
        proxy_command=str(PROXY),
    )


def banner(settings: ClassSettings) -> str:
    address = f"http://{settings.host}:{settings.port}/"
    shown = address if settings.host not in ("0.0.0.0", "::") else f"http://<this machine's address>:{settings.port}/"
    memory = limits.parse_bytes(settings.memory_limit) if settings.memory_limit else 0
    return "\n".join(
        [
            f"The class: {shown}  (view: {settings.view})",
            f"  class code for the pupils: {settings.class_code}   (each picks a name and a secret word)",
            f"  teacher: sign in as {settings.teacher!r} with the code {settings.teacher_code}; the admin page is "
            f"{address}hub/admin",
            f"  {limits.describe(limits.Limits(memory, settings.cpu_limit))}",
            f"  idle servers stop after {settings.cull_timeout} s, idle kernels after {settings.kernel_cull_timeout} s",
            f"  lessons copied from {settings.lessons_template}; hub files in {settings.state_dir}.  Ctrl-C stops.",
        ]
    )


def main() -> int:
    if os.geteuid() != 0:
        print(
            "error: make classroom runs as root (sudo make classroom): each learner gets a system user of their own",
            file=sys.stderr,
        )
        return 2
    try:
        settings = settings_from_environment(dict(os.environ))
        prepare(Path(settings.class_dir))
    except SettingError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(banner(settings), flush=True)
    config = Path(__file__).resolve().parent / "jupyterhub_config.py"
    hub = str(Path(sys.executable).with_name("jupyterhub"))
    os.environ[ENVIRONMENT_KEY] = settings.to_environment()
    os.chdir(settings.state_dir)
    os.execv(hub, [hub, "-f", str(config)])


if __name__ == "__main__":
    sys.exit(main())
