"""`make app` as a learner's browser meets it: the command the Makefile runs (read from `make -n app`), started for
real with a short culling time.  A lesson's page asks nothing of a CDN (Font Awesome comes from Voila's own files),
and a kernel whose page is gone is shut down once it has been idle (the Makefile's culling settings)."""

from __future__ import annotations

import re
import shlex
import subprocess
import time
import urllib.request
from pathlib import Path

import psutil
import pytest
from conftest import BIN, ROOT, Server, free_port

CULL_IDLE, CULL_EVERY = 3, 1  # seconds, for the test only (make app: 600 and 60)
DEADLINE = 120.0  # seconds the test waits at most for the kernel to go (polled, not a fixed wait)


def _app_command(port: int, token: str) -> tuple[list[str], dict[str, str]]:
    dry = subprocess.run(
        [
            "make",
            "-n",
            "app",
            "HOST=127.0.0.1",
            f"APP_PORT={port}",
            f"APP_TOKEN={token}",
            f"APP_CULL_IDLE={CULL_IDLE}",
            f"APP_CULL_EVERY={CULL_EVERY}",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    line = next(line for line in dry.replace("\\\n", " ").splitlines() if "voila" in line and "--port" in line)
    words = shlex.split(line)
    assert words[:3] == ["env", "-u", "MPLBACKEND"], words[:3]
    env = {}
    rest = words[3:]
    while "=" in rest[0] and not rest[0].startswith("-"):
        key, _, value = rest.pop(0).partition("=")
        env[key] = value
    rest[0] = str(BIN / "voila") if rest[0].endswith("voila") else rest[0]
    return rest, env


@pytest.fixture(scope="module")
def app(chromium_path, tmp_path_factory):
    tmp = tmp_path_factory.mktemp("app")
    port, token = free_port(), "tameri-app-test"
    cmd, env = _app_command(port, token)
    base = f"http://127.0.0.1:{port}/"
    server = Server("app", cmd, base, f"{base}?token={token}", tmp, ROOT, extra_env=env)
    server.token = token  # type: ignore[attr-defined]
    yield server
    server.stop()


def _kernels(server) -> list[psutil.Process]:
    """The kernels the server runs now: a kernel that has just ended (gone, or a zombie not yet reaped by its
    parent) is not running, and reading its command line would raise."""
    running = []
    for process in psutil.Process(server.proc.pid).children(recursive=True):
        try:
            if process.status() != psutil.STATUS_ZOMBIE and "ipykernel" in " ".join(process.cmdline()):
                running.append(process)
        except (psutil.NoSuchProcess, psutil.ZombieProcess):
            continue
    return running


def test_make_app_sets_the_template_and_culls_idle_kernels():
    cmd, env = _app_command(8866, "x")
    assert Path(env["JUPYTER_PATH"], "voila", "templates", "tameri", "index.html.j2").is_file()
    assert "--template=tameri" in cmd
    assert f"--MappingKernelManager.cull_idle_timeout={CULL_IDLE}" in cmd
    assert f"--MappingKernelManager.cull_interval={CULL_EVERY}" in cmd
    dry = subprocess.run(["make", "-n", "app", "HOST=127.0.0.1"], cwd=ROOT, capture_output=True, text=True).stdout
    assert "cull_idle_timeout=600" in dry and "cull_interval=60" in dry  # ten idle minutes, checked each minute


def test_a_lesson_page_asks_no_cdn_and_its_kernel_is_culled_once_left(app):
    url = f"{app.url}voila/render/notebooks/00_start_here.ipynb?token={app.token}"
    with urllib.request.urlopen(url, timeout=120) as response:  # Voila runs the lesson for this page
        page = response.read().decode("utf-8")
    assert "tameri-question" in page or "Start here" in page
    outside = re.findall(r"""<(?:link|script)[^>]+(?:href|src)=["'](https?://[^"']+)""", page)
    assert outside == [], f"the page asks other sites for {outside}"
    assert "fontawesome" not in page.lower() or "cdn" not in page.lower()
    # the page's kernel started; nobody is connected to it now (the page was read, not kept open): it must go
    deadline = time.monotonic() + DEADLINE
    seen = bool(_kernels(app))
    while _kernels(app) and time.monotonic() < deadline:
        time.sleep(0.5)  # poll interval
    assert seen or "Culling" in app.log_tail(), "no kernel was started for the page"
    assert _kernels(app) == [], f"kernels still alive after {DEADLINE:.0f} s:\n{app.log_tail()}"
