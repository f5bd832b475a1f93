"""``python -m bench.classroom --learners 10,20,30``: simulated learners in a class on this machine (docs/classroom.md).

For each class size N it starts a class on loopback (``classroom.trial``: ``python -m classroom`` as ``make classroom``
does, learner names of its own, removed afterwards) and lets N simulated learners arrive over ``--ramp`` seconds.
Each one, through the hub's and Jupyter Server's REST and websocket APIs (``classroom.client``):

1. signs in with the class code, a name and a secret word; starts their server; opens the lesson (JupyterLab's page,
   the notebook's contents) and gets its kernel ready - the **time to first lesson**;
2. runs the lesson's code cells top to bottom, with a think time between cells;
3. answers each of the lesson's questions twice, after a think time, as the widgets do: types an answer and presses
   Enter (the box's widget ``update``; a text box checks on Enter), or chooses an option and presses Check (a widget
   ``click``) - the **Check time** is from that last message to the kernel idle again with the feedback sent.

Memory per learner is the PSS of all of a learner's processes (server and kernel), read once every learner has run
the lesson.  The load average is sampled through the run: other work on the machine shows there.  Raw figures are
written to bench/results/classroom-N.json.  Bounded: at most 60 learners, loopback only, everything removed after.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import statistics
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

from classroom.client import ClassroomError, Kernel, LearnerClient
from classroom.trial import missing_requirement, trial_hub

RESULTS = Path(__file__).resolve().parent / "results"
LESSONS = {"02": "notebooks/02_weather_pyramid.ipynb", "03": "notebooks/03_probability_on_the_ramps.ipynb"}
CLASS_CODE = "BENCH7"
MAX_LEARNERS = 60
ANSWERS = {"TextModel": ["SW", "-"], "RadioButtonsModel": [0, 1]}  # two tries per question: one box, one choice


@dataclass
class Visit:
    name: str
    first_lesson: float = 0.0
    signed_in: float = 0.0  # seconds from arrival: signed in
    server_ready: float = 0.0  # ... the server answers
    lesson_open: float = 0.0  # ... JupyterLab's page and the lesson's contents loaded (the kernel follows)
    cells: int = 0
    cell_seconds: list[float] = field(default_factory=list)
    checks: list[float] = field(default_factory=list)
    first_lesson_cpu: float = 0.0  # CPU seconds the learner's processes (server, kernel) had used by then
    failure: str = ""


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def _questions(reply_opens: list[dict]) -> list[tuple[str, str, str]]:
    """The (answer box id, its model, Check button id) of each question a cell displayed, in order."""
    boxes, found = [], []
    for opened in reply_opens:
        state = opened.get("data", {}).get("state", {})
        model = state.get("_model_name", "")
        if model in ANSWERS:
            boxes.append((opened["comm_id"], model))
        elif model == "ButtonModel" and state.get("description") == "Check" and boxes:
            box, box_model = boxes.pop()
            found.append((box, box_model, opened["comm_id"]))
    return found


def _feedback(reply) -> bool:
    """Did the kernel answer with a change on screen (not only the echo of what was typed)?"""
    return any(update["data"].get("method") == "update" for update in reply.comm_updates)


async def _answer(kernel: Kernel, box: str, model: str, check: str, value) -> float:
    """Type an answer and press Enter (a text box checks on Enter), or choose an option and press Check; return the
    seconds from the learner's last action to the kernel idle with the feedback sent."""
    key = "value" if model == "TextModel" else "index"
    reply = await kernel.comm(box, {"method": "update", "state": {key: value}, "buffer_paths": []})
    if not _feedback(reply):
        reply = await kernel.comm(check, {"method": "custom", "content": {"event": "click"}})
    if reply.errors:
        raise ClassroomError(f"Check raised {reply.errors[0]}")
    if not _feedback(reply):
        raise ClassroomError("Check sent no feedback")
    return reply.seconds


def _cpu_seconds(username: str) -> float:
    """CPU seconds (user and system) used so far by the processes of system user ``username``."""
    import pwd

    import psutil

    uid = pwd.getpwnam(username).pw_uid
    total = 0.0
    for process in psutil.process_iter(["uids", "cpu_times"]):
        if process.info["uids"] and process.info["uids"].real == uid and process.info["cpu_times"]:
            times = process.info["cpu_times"]
            total += times.user + times.system
    return total


async def learner(
    hub_url: str, prefix: str, name: str, lesson: str, delay: float, think: float, rng: random.Random
) -> Visit:
    visit = Visit(name)
    await asyncio.sleep(delay)
    started = time.monotonic()
    try:
        async with LearnerClient(hub_url, name) as client:
            message = await client.sign_in(CLASS_CODE, f"{name}-secret")
            if message:
                raise ClassroomError(f"sign-in refused: {message}")
            await client.make_token()
            visit.signed_in = time.monotonic() - started
            await client.start_server()
            visit.server_ready = time.monotonic() - started
            status, _ = await client.api("GET", f"/user/{name}/lab/tree/{lesson}")
            if status != 200:
                raise ClassroomError(f"JupyterLab's page: HTTP {status}")
            status, notebook = await client.notebook(lesson)
            if status != 200:
                raise ClassroomError(f"the lesson: HTTP {status}")
            visit.lesson_open = time.monotonic() - started
            kernel = await client.start_kernel(lesson)
            visit.first_lesson = time.monotonic() - started
            visit.first_lesson_cpu = _cpu_seconds(prefix + name)
            questions = []
            for cell in notebook["content"]["cells"]:
                if cell["cell_type"] != "code":
                    continue
                await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
                reply = await kernel.execute(cell["source"])
                if reply.errors:
                    raise ClassroomError(f"cell {visit.cells + 1}: {reply.errors[0]}")
                visit.cells += 1
                visit.cell_seconds.append(reply.seconds)
                questions += _questions(reply.comm_opens)
            for box, model, check in questions:
                for value in ANSWERS[model]:
                    await asyncio.sleep(rng.uniform(1.0, 2.0) * think)  # reading, thinking, typing
                    visit.checks.append(await _answer(kernel, box, model, check, value))
            await kernel.close()
    except (ClassroomError, OSError, asyncio.TimeoutError, KeyError) as error:
        visit.failure = f"{type(error).__name__}: {error}"
    return visit


def _memory_per_learner(prefix: str) -> tuple[list[float], list[float]]:
    """MiB of proportional set size (PSS), and CPU seconds, of each learner's processes (read as root)."""
    import pwd

    import psutil

    uids = {entry.pw_uid for entry in pwd.getpwall() if entry.pw_name.startswith(prefix)}
    totals: dict[int, float] = {}
    cpu: dict[int, float] = {}
    for process in psutil.process_iter(["uids"]):
        uid = process.info["uids"].real if process.info["uids"] else None
        if uid in uids:
            with contextlib.suppress(psutil.Error):
                totals[uid] = totals.get(uid, 0.0) + process.memory_full_info().pss / 2**20
                times = process.cpu_times()
                cpu[uid] = cpu.get(uid, 0.0) + times.user + times.system
    return sorted(totals.values()), sorted(cpu.values())


async def _sample_load(samples: list[float], stop: asyncio.Event) -> None:
    while not stop.is_set():
        samples.append(os.getloadavg()[0])
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(stop.wait(), 5)


async def run_class(hub, count: int, lesson: str, ramp: float, think: float, seed: int) -> dict:
    rng = random.Random(seed)
    names = [f"pupil{k:02d}" for k in range(count)]
    delays = sorted(rng.uniform(0, ramp) for _ in names)
    load: list[float] = []
    stop = asyncio.Event()
    sampler = asyncio.create_task(_sample_load(load, stop))

    async def visit_then_hold(name, delay, done: asyncio.Event, all_done):
        visit = await learner(hub.url, hub.prefix, name, lesson, delay, think, random.Random(rng.random()))
        done.set()
        await all_done.wait()  # the kernel stays up until memory is read
        return visit

    events = [asyncio.Event() for _ in names]
    all_done = asyncio.Event()
    tasks = [asyncio.create_task(visit_then_hold(n, d, e, all_done)) for n, d, e in zip(names, delays, events)]
    started = time.monotonic()
    for event in events:
        await event.wait()
    memory, cpu = _memory_per_learner(hub.prefix)
    all_done.set()
    visits = await asyncio.gather(*tasks)
    stop.set()
    await sampler
    done = [v for v in visits if not v.failure]  # the learners who got through (the figures are theirs)
    firsts = [v.first_lesson for v in done]
    checks = [c for v in visits for c in v.checks]
    cells = [c for v in visits for c in v.cell_seconds]
    return {
        "learners": count,
        "lesson": lesson,
        "ramp_seconds": ramp,
        "think_seconds": think,
        "wall_seconds": round(time.monotonic() - started, 1),
        "first_lesson_median": statistics.median(firsts) if firsts else None,
        "first_lesson_p95": _quantile(firsts, 0.95),
        "signed_in_median": statistics.median(v.signed_in for v in done) if done else None,
        "server_ready_median": statistics.median(v.server_ready for v in done) if done else None,
        "lesson_open_median": statistics.median(v.lesson_open for v in done) if done else None,
        "check_count": len(checks),
        "check_median": statistics.median(checks) if checks else None,
        "check_p95": _quantile(checks, 0.95),
        "cell_median": statistics.median(cells) if cells else None,
        "cell_p95": _quantile(cells, 0.95),
        "memory_mib_median": statistics.median(memory) if memory else None,
        "memory_mib_max": max(memory) if memory else None,
        "memory_learners_measured": len(memory),
        "first_lesson_cpu_median": statistics.median(v.first_lesson_cpu for v in visits if not v.failure)
        if firsts
        else None,
        "cpu_seconds_per_learner_median": statistics.median(cpu) if cpu else None,
        "failures": [v.failure for v in visits if v.failure],
        "load_average_mean": round(statistics.mean(load), 2) if load else None,
        "load_average_max": round(max(load), 2) if load else None,
        "visits": [asdict(v) for v in visits],
    }


def _report(result: dict) -> str:
    def s(value):
        return "-" if value is None else f"{value:.2f}"

    return (
        f"N={result['learners']:>2} lesson {result['lesson'][10:12]}: first lesson median {s(result['first_lesson_median'])} s, "
        f"p95 {s(result['first_lesson_p95'])} s (medians: signed in {s(result['signed_in_median'])}, server "
        f"{s(result['server_ready_median'])}, lesson {s(result['lesson_open_median'])}) | Check median {s(result['check_median'])} s, p95 "
        f"{s(result['check_p95'])} s ({result['check_count']} checks) | cell median {s(result['cell_median'])} s, "
        f"p95 {s(result['cell_p95'])} s | memory per learner median {s(result['memory_mib_median'])} MiB, max "
        f"{s(result['memory_mib_max'])} MiB | CPU per learner to the first lesson {s(result['first_lesson_cpu_median'])} s, "
        f"in all {s(result['cpu_seconds_per_learner_median'])} s | failures {len(result['failures'])} | load average mean "
        f"{result['load_average_mean']}, max {result['load_average_max']} | {result['wall_seconds']} s"
    )


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.classroom", description=__doc__.split("\n\n")[0])
    parser.add_argument("--learners", default="10", help="class sizes, comma-separated (e.g. 10,20,30)")
    parser.add_argument("--lesson", choices=sorted(LESSONS), default="02")
    parser.add_argument("--ramp", type=float, default=60.0, help="seconds over which the learners arrive")
    parser.add_argument("--think", type=float, default=3.0, help="mean think time between actions, seconds")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--mem-limit", default="1G")
    args = parser.parse_args(argv)
    try:
        sizes = [int(part) for part in args.learners.split(",")]
    except ValueError:
        parser.error(f"--learners {args.learners}: give whole numbers, e.g. 10,20,30")
    if any(not 1 <= size <= MAX_LEARNERS for size in sizes):
        parser.error(f"--learners: each class size from 1 to {MAX_LEARNERS}")
    why = missing_requirement()
    if why:
        print(f"error: {why}", file=sys.stderr)
        return 2
    RESULTS.mkdir(exist_ok=True)
    # stopped from outside (kill PID): leave through the with-blocks, so that the class is removed
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    results = []
    for size in sizes:
        settings = {"CLASS_CODE": CLASS_CODE, "TEACHER_CODE": "bench-teacher", "MEM_LIMIT": args.mem_limit}
        print(f"Class of {size}: starting the hub ...", flush=True)
        with trial_hub("bench-", settings, keep_log=RESULTS / f"classroom-{size}-lesson{args.lesson}.log") as hub:
            result = asyncio.run(run_class(hub, size, LESSONS[args.lesson], args.ramp, args.think, args.seed))
        result["load_average_after"] = os.getloadavg()
        (RESULTS / f"classroom-{size}-lesson{args.lesson}.json").write_text(json.dumps(result, indent=1))
        results.append(result)
        print(_report(result), flush=True)
        for failure in result["failures"][:5]:
            print(f"  failed: {failure}")
    good = [r["learners"] for r in results if not r["failures"] and r["check_p95"] < 2.0]
    print(f"Largest class measured with p95 Check under 2 s and no failures: {max(good) if good else 'none'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
