"""Each learner's server as a system user of their own, as The Littlest JupyterHub does (its UserCreatingSpawner).

The hub (run as root) creates the user ``<prefix><name>`` on first start, with a home only they can read (mode 700),
starts their server as that user (JupyterHub's LocalProcessSpawner: setuid before exec) and moves it into a control
group with the class's memory and CPU limits (``limits.py``).  The server's first step, as the learner, is
``learner_start.py``: it copies the lessons into ``~/lessons`` the way ``make lessons`` does.
"""

from __future__ import annotations

import asyncio
import os
import pwd
import subprocess
import time

from jupyterhub.spawner import LocalProcessSpawner, set_user_setuid
from traitlets import Float, Integer, Unicode

from . import limits


def system_name(prefix: str, name: str) -> str:
    return f"{prefix}{name}"


def ensure_system_user(username: str) -> pwd.struct_passwd:
    """The system user ``username``, created (no password, no login shell, a private home) if missing."""
    try:
        return pwd.getpwnam(username)
    except KeyError:
        pass
    subprocess.run(
        ["useradd", "--create-home", "--shell", "/usr/sbin/nologin", "--comment", "tameri_kit learner", username],
        check=True,
        capture_output=True,
    )
    entry = pwd.getpwnam(username)
    subprocess.run(["chmod", "700", entry.pw_dir], check=True)
    return entry


class LearnerSpawner(LocalProcessSpawner):
    """A learner's server as their own system user, in their own control group."""

    user_prefix = Unicode("learner-", help="System users are this prefix plus the learner's name").tag(config=True)
    memory_limit = Unicode("1G", help="Memory ceiling per learner (cgroup), e.g. 1G; empty for none").tag(config=True)
    cpu_ceiling = Float(1.0, help="CPU ceiling per learner in cores (cgroup); 0 for none").tag(config=True)
    start_concurrency = Integer(
        os.cpu_count() or 2,
        help="Servers starting at the same time; the others wait their turn (a start costs a few CPU-seconds: started "
        "together, every one of them finishes late; in turn, the first come are in first)",
    ).tag(config=True)
    _starting: asyncio.Semaphore | None = None
    _adding_users: asyncio.Lock | None = None  # one useradd at a time (it locks /etc/passwd and fails if taken)

    @property
    def system_user(self) -> str:
        return system_name(self.user_prefix, self.user.name)

    def make_preexec_fn(self, name):
        return set_user_setuid(self.system_user)

    def user_env(self, env):
        entry = pwd.getpwnam(self.system_user)
        env["USER"] = entry.pw_name
        env["HOME"] = entry.pw_dir
        env["SHELL"] = "/bin/bash"
        return env

    @classmethod
    def _turns(cls, size: int) -> asyncio.Semaphore:
        if LearnerSpawner._starting is None:
            LearnerSpawner._starting = asyncio.Semaphore(max(1, size))
        return LearnerSpawner._starting

    async def _wait_until_listening(self, address: tuple[str, int]) -> None:
        """Until the server accepts connections (it listens once its start-up is done), it dies, or http_timeout."""
        deadline = time.monotonic() + self.http_timeout
        while time.monotonic() < deadline and self.proc is not None and self.proc.poll() is None:
            try:
                _, writer = await asyncio.open_connection(*address)
            except OSError:
                await asyncio.sleep(0.25)
                continue
            writer.close()
            return

    async def start(self):
        if LearnerSpawner._adding_users is None:
            LearnerSpawner._adding_users = asyncio.Lock()
        async with LearnerSpawner._adding_users:
            await asyncio.get_running_loop().run_in_executor(None, ensure_system_user, self.system_user)
        async with self._turns(self.start_concurrency):
            address = await super().start()
            class_limits = limits.Limits(
                limits.parse_bytes(self.memory_limit) if self.memory_limit else 0, self.cpu_ceiling
            )
            try:
                used = limits.apply(self.system_user, self.pid, class_limits)
            except OSError as error:
                self.log.warning("Limits for %s not applied: %s", self.system_user, error)
            else:
                self.log.info("Limits for %s: %s", self.system_user, ", ".join(f"{k} {v}" for k, v in used.items()))
            await self._wait_until_listening(address)
        return address

    async def stop(self, now=False):
        await super().stop(now=now)
        limits.remove(self.system_user)
