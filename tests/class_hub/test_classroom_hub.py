"""`make classroom` end to end: the hub on loopback, three learners signed in with the class code, each on their own
copy of the lessons as a system user of their own, limits in place, the culler stopping an idle server, and a wrong
class code refused with a message a learner can act on.  (The hub and its clean-up: conftest.py.)"""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

import nbformat
import pytest
from nbformat.sign import NotebookNotary

from classroom import limits
from classroom.client import LearnerClient
from classroom.settings import VIEWS
from classroom.trial import run_coroutine

from .conftest import CLASS_CODE, CULL_TIMEOUT, IN_CI, REPO

pytestmark = pytest.mark.slow
LEARNERS = ("amina", "bes", "chione")
FIRST = "notebooks/00_start_here.ipynb"


def run(coroutine):
    return run_coroutine(coroutine)  # also in a worker where a browser test's event loop runs


async def _signed_in(hub, name: str) -> LearnerClient:
    client = LearnerClient(hub.url, name)
    message = await client.sign_in(CLASS_CODE.lower(), f"{name}-word")
    assert message == "", message
    await client.make_token()
    return client


@pytest.fixture(scope="module")
def started(hub):
    """The three learners signed in and their servers started (at the same time, as a class arrives)."""

    async def start_all():
        clients = [await _signed_in(hub, name) for name in LEARNERS]
        await asyncio.gather(*(client.start_server() for client in clients))
        for client in clients:
            await client.close()

    run(start_all())
    return hub


def test_a_wrong_class_code_is_refused_with_a_clear_message(hub):
    async def attempt():
        async with LearnerClient(hub.url, "dedi") as client:
            wrong = await client.sign_in("ZZZZZZ", "dedi-word")
            no_word = await client.sign_in(CLASS_CODE, "")
            return wrong, no_word

    wrong, no_word = run(attempt())
    assert wrong.startswith("That class code is not this class's code. Ask your teacher for it")
    assert "secret word of at least 4 characters" in no_word


def test_a_name_taken_needs_its_own_secret_word(started):
    async def attempt():
        async with LearnerClient(started.url, "amina") as client:
            return await client.sign_in(CLASS_CODE, "not-aminas-word")

    assert run(attempt()).startswith("The name amina is already taken in this class")


def test_each_learner_lands_on_lesson_00_of_their_own_copy(started):
    async def visit(name):
        async with await _signed_in(started, name) as client:
            async with client.session.get(
                f"{started.url}/user/{name}/", headers=client._auth(), allow_redirects=False
            ) as response:
                landing = response.headers.get("Location", "")
            status, lesson = await client.notebook(FIRST)
            return landing, status, lesson

    committed = json.loads((REPO / FIRST).read_text())
    for name in LEARNERS:
        landing, status, lesson = run(visit(name))
        assert landing.startswith(f"/user/{name}/lab/tree/{FIRST}")
        assert status == 200
        assert lesson["content"]["cells"][0]["source"] == "".join(committed["cells"][0]["source"])
        home = Path(started.system_user(name).pw_dir)
        copy = home / "lessons" / FIRST
        assert copy.stat().st_uid == started.system_user(name).pw_uid  # their own copy, owned by them
        assert home.stat().st_mode & 0o077 == 0  # nobody else may even list it
        assert (home / "lessons" / "docs" / "glossary.md").exists()  # the lessons' links to ../docs work
        notary = NotebookNotary(data_dir=str(home / ".local" / "share" / "jupyter"))
        assert notary.check_signature(nbformat.read(copy, as_version=4))  # trusted, in the learner's own data folder


def test_the_voila_app_view_shows_lesson_00_from_a_learners_server(started):
    """VIEW=voila lands here (classroom.settings.VIEWS): the lesson as an app, from the learner's own copy."""

    async def open_app():
        async with await _signed_in(started, "bes") as client:
            url = f"{started.url}/user/bes{VIEWS['voila']}"
            async with client.session.get(url, headers=client._auth()) as response:
                return response.status, await response.text()

    status, page = run(open_app())
    assert status == 200
    assert "<title>00_start_here</title>" in page and "Traceback" not in page


def test_a_learner_cannot_read_another_learners_files(started):
    other_home = started.system_user("bes").pw_dir

    async def snoop():
        async with await _signed_in(started, "amina") as client:
            kernel = await client.start_kernel(FIRST)
            reply = await kernel.execute(
                "import os\n"
                "print(os.getuid(), os.environ['HOME'])\n"
                "for attempt in (lambda: os.listdir(%r), lambda: open(%r).read()):\n"
                "    try:\n"
                "        attempt()\n"
                "        print('read')\n"
                "    except PermissionError:\n"
                "        print('refused')\n" % (other_home, f"{other_home}/lessons/{FIRST}")
            )
            await kernel.close()
            through_server = await client.notebook(FIRST, owner="bes")
            return reply, through_server[0]

    reply, status = run(snoop())
    uid, home = reply.text.splitlines()[0].split()
    assert int(uid) == started.system_user("amina").pw_uid != 0
    assert home == started.system_user("amina").pw_dir
    assert reply.text.splitlines()[1:] == ["refused", "refused"], reply
    assert status == 403  # amina's token opens no other learner's server


def test_each_learner_runs_inside_their_own_memory_and_cpu_limits(started):
    import psutil

    if not limits.group_dirs("probe"):
        why = "no writable control group on this machine: the class reports its limits as not enforced"
        if IN_CI:
            pytest.fail(f"the limits cannot be checked in CI: {why}", pytrace=False)
        pytest.skip(why)
    for name in LEARNERS:
        user = started.system_user(name)
        servers = [p for p in psutil.process_iter(["uids", "cmdline"]) if p.info["uids"].real == user.pw_uid]
        assert servers, f"no process of {name}"
        dirs = limits.group_dirs(user.pw_name)
        members = {int(pid) for folder in dirs.values() for pid in (folder / "cgroup.procs").read_text().split()}
        assert {p.pid for p in servers} <= members
        if "memory" in dirs:
            files = ("memory.max", "memory.limit_in_bytes")
            limit = next((dirs["memory"] / f).read_text() for f in files if (dirs["memory"] / f).exists())
            assert int(limit) == 2**30


def test_the_culler_stops_an_idle_server(started):
    async def wait_for_cull():
        async with await _signed_in(started, "chione") as client:
            deadline = time.monotonic() + CULL_TIMEOUT * 4
            while time.monotonic() < deadline:
                if not await client.server_running():
                    return True
                await asyncio.sleep(2)
            return False

    assert run(wait_for_cull()), f"chione's idle server still runs after {CULL_TIMEOUT * 4} s"
    log = started.log.read_text()
    assert "Culling server chione" in log or "culling server chione" in log.lower()
