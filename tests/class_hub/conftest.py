"""The classroom's hub for the end-to-end tests: ``python -m classroom`` on loopback, in a class folder of its own, with
short culling times, and everything it made (system users, homes, control groups) removed afterwards.

It needs root (learners are system users), useradd and configurable-http-proxy (``make env``).  Where one is missing
the tests skip, except in CI (``CI`` set), where they fail and say which.
"""

from __future__ import annotations

import asyncio
import os
import pwd
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
PROXY = REPO / "classroom" / "proxy" / "node_modules" / ".bin" / "configurable-http-proxy"
IN_CI = os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")
CLASS_CODE = "K7RM2Q"
TEACHER_CODE = "teacher-code-for-tests"
CULL_TIMEOUT = 20  # seconds an idle server is left running in the tests
# learners' environment when the kit's .venv is not readable by them (kept between runs: building it takes a minute)
SHARED_VENV = "/tmp/tameri_kit_classroom_test_venv"


def missing_requirement() -> str:
    if os.geteuid() != 0:
        return "the classroom makes a system user per learner, so its tests run as root"
    if shutil.which("useradd") is None:
        return "useradd is missing (Debian's passwd package)"
    if not PROXY.exists():
        return f"{PROXY} is missing (make env installs it with npm)"
    try:
        import aiohttp  # noqa: F401
        import jupyterhub  # noqa: F401
        import jupyterhub_idle_culler  # noqa: F401
    except ImportError as error:
        return f"{error.name} is not installed (make env installs the classroom extra)"
    return ""


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


async def _wait_for_hub(url: str, process: subprocess.Popen, log: Path, timeout: float) -> None:
    import aiohttp

    started = time.monotonic()
    async with aiohttp.ClientSession() as session:
        while time.monotonic() - started < timeout:
            if process.poll() is not None:
                raise RuntimeError(f"the hub stopped at start:\n{log.read_text()[-3000:]}")
            try:
                async with session.get(f"{url}/hub/api") as response:
                    if response.status == 200:
                        return
            except aiohttp.ClientError:
                pass
            await asyncio.sleep(0.5)
    raise RuntimeError(f"the hub did not answer within {timeout:.0f} s:\n{log.read_text()[-3000:]}")


def _remove_learners(prefix: str) -> None:
    """Stop what is left of the test's learners (by process id), then remove their users, homes and groups."""
    import psutil

    from classroom import limits

    learners = {entry.pw_uid: entry.pw_name for entry in pwd.getpwall() if entry.pw_name.startswith(prefix)}
    for process in psutil.process_iter(["uids"]):
        if process.info["uids"] and process.info["uids"].real in learners:
            process.kill()
    for name in learners.values():
        subprocess.run(["userdel", "--remove", name], capture_output=True)
        limits.remove(name)


class Hub:
    def __init__(self, url: str, prefix: str, class_dir: Path, log: Path):
        self.url, self.prefix, self.class_dir, self.log = url, prefix, class_dir, log

    def system_user(self, name: str) -> pwd.struct_passwd:
        return pwd.getpwnam(f"{self.prefix}{name}")


@pytest.fixture(scope="module")
def hub():
    why = missing_requirement()
    if why:
        if IN_CI:
            pytest.fail(f"the classroom tests cannot run in CI: {why}", pytrace=False)
        pytest.skip(why)
    class_dir = Path(tempfile.mkdtemp(prefix="tameri-class-", dir="/tmp"))
    class_dir.chmod(0o755)
    prefix = f"t{os.getpid() % 100000}-"
    port = _free_port()
    log = class_dir / "hub.log"
    environment = {
        **os.environ,
        "HOST": "127.0.0.1",
        "CLASS_PORT": str(port),
        "CLASS_DIR": str(class_dir),
        "CLASS_VENV": SHARED_VENV,
        "CLASS_CODE": CLASS_CODE,
        "TEACHER_CODE": TEACHER_CODE,
        "LEARNER_PREFIX": prefix,
        "CULL_TIMEOUT": str(CULL_TIMEOUT),
        "CULL_EVERY": "3",
        "ACTIVITY_INTERVAL": "3",
        "MEM_LIMIT": "1G",
        "CPU_LIMIT": "1",
    }
    environment.pop("MPLBACKEND", None)
    with open(log, "w") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "classroom"], cwd=REPO, env=environment, stdout=out, stderr=subprocess.STDOUT
        )
    url = f"http://127.0.0.1:{port}"
    try:
        asyncio.run(_wait_for_hub(url, process, log, timeout=600))
        yield Hub(url, prefix, class_dir, log)
    finally:
        process.send_signal(signal.SIGTERM)  # the hub stops every learner's server and the proxy
        try:
            process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        _remove_learners(prefix)
        shutil.rmtree(class_dir, ignore_errors=True)
