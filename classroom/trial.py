"""A class started for a trial (the end-to-end tests, ``python -m bench.classroom``): ``python -m classroom`` on
loopback in a class folder of its own, with learner names of its own, and everything it made removed afterwards (the
hub stopped, then what is left of its learners' processes ended by id, their users, homes and control groups removed).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import pwd
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from . import limits
from .settings import free_port

REPO = Path(__file__).resolve().parent.parent
PROXY = REPO / "classroom" / "proxy" / "node_modules" / ".bin" / "configurable-http-proxy"
# the learners' environment when the kit's .venv is not readable by them (kept between trials: building it is slow)
SHARED_VENV = "/tmp/tameri_kit_classroom_trial_venv"


def missing_requirement() -> str:
    """What this machine lacks for a trial class ('' when nothing)."""
    if os.geteuid() != 0:
        return "the classroom makes a system user per learner, so it runs as root"
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


@dataclass(frozen=True)
class TrialHub:
    url: str
    prefix: str
    class_dir: Path
    log: Path
    pid: int

    def system_user(self, name: str) -> pwd.struct_passwd:
        return pwd.getpwnam(f"{self.prefix}{name}")


def run_coroutine(coroutine):
    """Run ``coroutine`` to its end and return its result, also when this thread already runs an event loop (a
    test process where Playwright's synchronous API holds one: ``asyncio.run`` refuses there), by running it on a
    thread of its own."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coroutine)
    outcome: dict = {}

    def run() -> None:
        try:
            outcome["result"] = asyncio.run(coroutine)
        except BaseException as error:  # handed back to the caller below
            outcome["error"] = error

    thread = threading.Thread(target=run, name="classroom-coroutine")
    thread.start()
    thread.join()
    if "error" in outcome:
        raise outcome["error"]
    return outcome.get("result")


async def _wait_for_hub(url: str, process: subprocess.Popen, log: Path, timeout: float) -> None:
    import aiohttp

    started = time.monotonic()
    async with aiohttp.ClientSession() as session:
        while time.monotonic() - started < timeout:
            if process.poll() is not None:
                raise RuntimeError(f"the hub stopped at start:\n{log.read_text()[-3000:]}")
            with contextlib.suppress(aiohttp.ClientError):
                async with session.get(f"{url}/hub/api") as response:
                    if response.status == 200:
                        return
            await asyncio.sleep(0.5)
    raise RuntimeError(f"the hub did not answer within {timeout:.0f} s:\n{log.read_text()[-3000:]}")


def _end_learner_processes(learners: dict[int, str]) -> None:
    """End every process of the trial's learners, by process id (servers and kernels: the trial is over)."""
    import psutil

    for process in psutil.process_iter(["uids"]):
        if process.info["uids"] and process.info["uids"].real in learners:
            with contextlib.suppress(psutil.Error):
                process.kill()


def _learners(prefix: str) -> dict[int, str]:
    return {entry.pw_uid: entry.pw_name for entry in pwd.getpwall() if entry.pw_name.startswith(prefix)}


def remove_learners(prefix: str) -> None:
    """End what is left of the trial's learners' processes (by id), then remove their users, homes and groups."""
    learners = _learners(prefix)
    _end_learner_processes(learners)
    for name in learners.values():
        subprocess.run(["userdel", "--remove", name], capture_output=True)
        limits.remove(name)
    with contextlib.suppress(OSError):
        for folder in limits.group_dirs("probe").values():
            folder.parent.rmdir()  # the class's parent group, once empty


@contextlib.contextmanager
def trial_hub(
    prefix: str, settings: dict[str, str], start_timeout: float = 600, keep_log: Path | None = None
) -> Iterator[TrialHub]:
    """A class on loopback for the length of the ``with`` block (``settings``: environment values for the class);
    the hub's log is copied to ``keep_log`` at the end when given."""
    class_dir = Path(tempfile.mkdtemp(prefix="tameri-class-", dir="/tmp"))
    class_dir.chmod(0o755)
    port = free_port()
    log = class_dir / "hub.log"
    environment = {**os.environ, "CLASS_VENV": SHARED_VENV, **settings}
    environment.update(HOST="127.0.0.1", CLASS_PORT=str(port), CLASS_DIR=str(class_dir), LEARNER_PREFIX=prefix)
    environment.pop("MPLBACKEND", None)
    environment.pop("ALLOW_REMOTE", None)
    with open(log, "w") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "classroom"], cwd=REPO, env=environment, stdout=out, stderr=subprocess.STDOUT
        )
    url = f"http://127.0.0.1:{port}"
    try:
        run_coroutine(_wait_for_hub(url, process, log, start_timeout))
        yield TrialHub(url, prefix, class_dir, log, process.pid)
    finally:
        # the learners' servers first (the hub would stop them one by one, politely: half a minute for three), then
        # the hub, which stops the proxy and its services
        _end_learner_processes(_learners(prefix))
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=90)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        remove_learners(prefix)
        if keep_log is not None:
            shutil.copyfile(log, keep_log)
        shutil.rmtree(class_dir, ignore_errors=True)
