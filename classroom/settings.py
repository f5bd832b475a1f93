"""The class's settings: what the teacher may set on the `make classroom` line, with the defaults.

``make classroom HOST=... CLASS_PORT=... VIEW=voila CLASS_CODE=... MEM_LIMIT=... CPU_LIMIT=...`` hands these to
``python -m classroom`` as environment variables; it checks them, fills in the rest and passes them to the hub's
configuration (``jupyterhub_config.py``) as one JSON value, so that the two always agree.
"""

from __future__ import annotations

import json
import os
import socket
from dataclasses import asdict, dataclass
from pathlib import Path

LOOPBACK = ("127.0.0.1", "localhost", "::1", "[::1]")
VIEWS = {
    "lab": "/lab/tree/notebooks/00_start_here.ipynb",
    "voila": "/voila/render/notebooks/00_start_here.ipynb",
}
ENVIRONMENT_KEY = "TAMERI_CLASSROOM"


class SettingError(ValueError):
    """A setting the class cannot start with; the message says which and what to do."""


@dataclass(frozen=True)
class ClassSettings:
    host: str
    port: int
    hub_port: int
    proxy_api_port: int
    view: str
    class_dir: str  # the class's shared folder: lessons template, learner start script (readable by learners)
    state_dir: str  # the hub's own files: database, cookie secret, names taken (root only)
    repo: str
    learner_prefix: str
    teacher: str
    class_code: str
    teacher_code: str
    memory_limit: str
    cpu_limit: float
    cull_timeout: int
    cull_every: int
    kernel_cull_timeout: int
    activity_interval: int
    learner_python: str
    proxy_command: str

    @property
    def default_url(self) -> str:
        return VIEWS[self.view]

    @property
    def lessons_template(self) -> str:
        return str(Path(self.class_dir) / "lessons")

    @property
    def start_script(self) -> str:
        return str(Path(self.class_dir) / "learner_start.py")

    def to_environment(self) -> str:
        return json.dumps(asdict(self))

    @classmethod
    def from_environment(cls) -> ClassSettings:
        return cls(**json.loads(os.environ[ENVIRONMENT_KEY]))


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as probe:
        probe.bind((host, 0))
        return probe.getsockname()[1]


def check_host(host: str, allow_remote: str) -> None:
    if host not in LOOPBACK and allow_remote != "1":
        raise SettingError(
            f"HOST={host} would let every machine that can reach this one open the class's sign-in page; use the "
            "default HOST=127.0.0.1, or run again with ALLOW_REMOTE=1 to serve the class beyond this machine on purpose"
        )


def check_view(view: str) -> str:
    if view not in VIEWS:
        raise SettingError(f"VIEW={view} is not a view: use VIEW=lab (JupyterLab) or VIEW=voila (the lessons as apps)")
    return view


def number(name: str, text: str, kind=int):
    try:
        value = kind(text)
    except ValueError:
        raise SettingError(f"{name}={text} is not a number") from None
    if value < 0:
        raise SettingError(f"{name}={text} must not be negative")
    return value
