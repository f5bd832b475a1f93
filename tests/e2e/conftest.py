"""Browser tests: the lessons served by Voila (and one run in JupyterLab), driven by headless Debian Chromium.

Fixtures
--------
``chromium_path``  the browser binary; skips the e2e tests when it is missing, except in CI (``CI`` set), where a
                   missing browser is a failure.
``voila_url``      base URL of one Voila server (tree mode, rooted at the repository) started for the session.
``browser``        one headless Chromium (Playwright persistent context on a fresh temporary profile).
``page``           a new tab per test, closed afterwards; JavaScript errors collect in ``page.js_errors``; a
                   failed test leaves ``screenshots/FAILED_<test>.png``.
``lab_server``     a JupyterLab server on a temporary copy of the notebooks (so nothing committed is modified).

Helpers live in ``e2e_support.py``: ``open_lesson`` (open a notebook in Voila and wait for its widgets), ``shoot``
(screenshot into ``screenshots/``), ``press_slider`` (move an ipywidgets slider with the keyboard).

Everything waits for a condition (HTTP readiness polled, Playwright ``expect``); nothing sleeps a fixed time.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from e2e_support import FIXTURES, NOTEBOOKS, ROOT, SCREENSHOTS

BIN = Path(sys.executable).parent  # the .venv that runs pytest also runs voila, jupyter lab and their kernels
CHROMIUM = Path(os.environ.get("TAMERI_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
IN_CI = os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")
SERVER_START_TIMEOUT = 90.0  # seconds; polled, so a fast start returns at once

# the fixture notebooks are data for these tests, not notebooks for nbval to compare
collect_ignore_glob = ["fixtures/*"]


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Remember each phase's report on the item, so the ``page`` fixture knows whether its test failed."""
    outcome = yield
    rep = outcome.get_result()
    setattr(item, f"rep_{rep.when}", rep)


def pytest_collection_modifyitems(config, items):
    here = Path(__file__).resolve().parent
    for item in items:
        if here in Path(str(item.fspath)).resolve().parents:
            item.add_marker(pytest.mark.e2e)


# ----------------------------------------------------------------------------------------------------------------
# servers
# ----------------------------------------------------------------------------------------------------------------
def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _isolated_env(tmp: Path) -> dict[str, str]:
    """Environment for a server: the venv first on PATH, private Jupyter config/runtime dirs, no MPLBACKEND."""
    env = dict(os.environ)
    env.pop("MPLBACKEND", None)
    env["PATH"] = f"{BIN}{os.pathsep}{env.get('PATH', '')}"
    for name, sub in [
        ("JUPYTER_CONFIG_DIR", "config"),
        ("JUPYTER_RUNTIME_DIR", "runtime"),
        ("JUPYTERLAB_SETTINGS_DIR", "lab-settings"),
        ("JUPYTERLAB_WORKSPACES_DIR", "lab-workspaces"),
        ("IPYTHONDIR", "ipython"),
    ]:
        (tmp / sub).mkdir(parents=True, exist_ok=True)
        env[name] = str(tmp / sub)
    env["JUPYTER_PLATFORM_DIRS"] = "1"
    return env


def _wait_http(url: str, proc: subprocess.Popen, log: Path) -> None:
    """Poll ``url`` until it answers (any HTTP status below 500) or the server dies or the deadline passes."""
    deadline = time.monotonic() + SERVER_START_TIMEOUT
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode}:\n{log.read_text(errors='replace')[-4000:]}")
        try:
            with urllib.request.urlopen(url, timeout=2) as r:
                if r.status < 500:
                    return
        except urllib.error.HTTPError as e:
            if e.code < 500:
                return
        except (urllib.error.URLError, ConnectionError, TimeoutError, OSError):
            pass
        time.sleep(0.2)  # poll interval, not a wait for an assumed duration
    raise RuntimeError(
        f"server at {url} not ready after {SERVER_START_TIMEOUT}s:\n{log.read_text(errors='replace')[-4000:]}"
    )


def _stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=15)


class Server:
    def __init__(
        self, name: str, cmd: list[str], url: str, ready_url: str, tmp: Path, cwd: Path, extra_env: dict | None = None
    ):
        self.url = url
        self.log = tmp / f"{name}.log"
        self._fh = open(self.log, "wb")
        env = {**_isolated_env(tmp), **(extra_env or {})}
        self.proc = subprocess.Popen(
            cmd, cwd=cwd, env=env, stdout=self._fh, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL
        )
        try:
            _wait_http(ready_url, self.proc, self.log)
        except BaseException:
            self.stop()
            raise

    def stop(self) -> None:
        _stop(self.proc)
        self._fh.close()

    def log_tail(self, n: int = 4000) -> str:
        return self.log.read_text(errors="replace")[-n:]


@pytest.fixture(scope="session")
def chromium_path() -> Path:
    """The browser, or a skip (locally) / failure (in CI) saying why there is none."""
    why = None
    if not CHROMIUM.exists():
        why = f"{CHROMIUM} not found (install it: apt-get install chromium)"
    else:
        try:
            import playwright.sync_api  # noqa: F401
        except ImportError:
            why = "the Python package playwright is not installed (pip install -e '.[browser]')"
    if why is None and not (BIN / "voila").exists():
        why = f"voila not found next to {sys.executable} (pip install -e '.[browser]')"
    if why:
        if IN_CI:
            pytest.fail(f"browser tests cannot run in CI: {why}", pytrace=False)
        pytest.skip(f"browser tests skipped: {why}")
    return CHROMIUM


@pytest.fixture(scope="session")
def voila_server(chromium_path, tmp_path_factory):
    """One Voila server in tree mode rooted at the repository: lessons at ``voila/render/notebooks/NAME``."""
    tmp = tmp_path_factory.mktemp("voila")
    port = free_port()
    cmd = [
        str(BIN / "voila"),
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        "--show_tracebacks=True",
        r"--VoilaConfiguration.file_allowlist=['.*\.(png|jpg|gif|svg|md)']",  # as make app
        "--template=tameri",  # as make app: no CDN (share/jupyter/voila/templates/tameri)
        str(ROOT),
    ]
    base = f"http://127.0.0.1:{port}/"
    server = Server("voila", cmd, base, base, tmp, ROOT, extra_env={"JUPYTER_PATH": str(ROOT / "share" / "jupyter")})
    yield server
    server.stop()


@pytest.fixture(scope="session")
def voila_url(voila_server) -> str:
    return voila_server.url


@pytest.fixture(scope="session")
def browser(chromium_path, tmp_path_factory):
    """Headless Debian Chromium on a fresh temporary profile (a Playwright persistent context)."""
    from playwright.sync_api import sync_playwright

    profile = tmp_path_factory.mktemp("chromium-profile")
    with sync_playwright() as pw:
        context = pw.chromium.launch_persistent_context(
            str(profile),
            executable_path=str(chromium_path),
            headless=True,
            args=CHROMIUM_ARGS,
            viewport={"width": 1280, "height": 900},
        )
        context.set_default_timeout(30_000)
        try:
            yield context
        finally:
            context.close()


def _new_tab(browser):
    from playwright.sync_api import expect

    expect.set_options(timeout=30_000)
    tab = browser.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda exc: errors.append(str(exc)))
    tab.js_errors = errors  # type: ignore[attr-defined]
    return tab


@pytest.fixture(scope="module")
def module_tab(browser):
    """One tab for every test of a module that sets ``ONE_TAB = True``: the lesson is rendered once and each test
    goes on from where the one before left the page (``open_lesson`` does not load a lesson already open)."""
    tab = _new_tab(browser)
    yield tab
    tab.close()


@pytest.fixture
def page(browser, request):
    """A new tab (or the module's one tab, with ``ONE_TAB = True`` in the module); JavaScript errors collect in
    ``page.js_errors``; a failed test leaves ``screenshots/FAILED_<test>.png`` behind for a person to look at."""
    shared = getattr(request.module, "ONE_TAB", False)
    p = request.getfixturevalue("module_tab") if shared else _new_tab(browser)
    yield p
    rep = getattr(request.node, "rep_call", None)
    if rep is not None and rep.failed:
        try:
            SCREENSHOTS.mkdir(exist_ok=True)
            p.screenshot(path=str(SCREENSHOTS / f"FAILED_{request.node.name}.png"), full_page=True)
        except Exception:  # the page may be gone; the failure itself is what matters
            pass
    if not shared:
        p.close()


@pytest.fixture(scope="session")
def lab_server(chromium_path, tmp_path_factory):
    """JupyterLab on a temporary copy of notebooks/ (plus the fixtures), with a random token."""
    tmp = tmp_path_factory.mktemp("lab")
    root = tmp / "root"
    root.mkdir()
    for nb in sorted(NOTEBOOKS.glob("*.ipynb")) + sorted(FIXTURES.glob("*.ipynb")):
        shutil.copy2(nb, root / nb.name)
    for extra in NOTEBOOKS.iterdir():  # data files a lesson may read next to itself
        if extra.suffix != ".ipynb" and extra.is_file():
            shutil.copy2(extra, root / extra.name)
    # no news pop-up, no update check: the kit's overrides.json, installed where `make lab` installs it (the
    # environment's JupyterLab settings), so that the browser tests see what a learner sees
    overrides = BIN.parent / "share" / "jupyter" / "lab" / "settings" / "overrides.json"
    overrides.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(ROOT / "share" / "jupyter" / "lab" / "settings" / "overrides.json", overrides)
    # render every cell (no virtual scrolling), so each cell's prompt can be read from the page
    tracker = tmp / "lab-settings" / "@jupyterlab" / "notebook-extension"
    tracker.mkdir(parents=True)
    (tracker / "tracker.jupyterlab-settings").write_text(json.dumps({"windowingMode": "none"}))
    token = os.urandom(16).hex()
    port = free_port()
    cmd = [
        str(BIN / "jupyter"),
        "lab",
        "--no-browser",
        f"--port={port}",
        "--ServerApp.ip=127.0.0.1",
        f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={root}",
        "--allow-root",
        "--LabApp.news_url=",
        "--LabApp.extension_manager=readonly",
    ]
    base = f"http://127.0.0.1:{port}/"
    server = Server("lab", cmd, base, f"{base}api/status?token={token}", tmp, root)
    server.token = token  # type: ignore[attr-defined]
    server.root = root  # type: ignore[attr-defined]
    yield server
    server.stop()
