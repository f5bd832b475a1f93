"""The classroom's hub for the end-to-end tests: ``python -m classroom`` on loopback, in a class folder of its own, with
short culling times, and everything it made (system users, homes, control groups) removed afterwards.

It needs root (learners are system users), useradd and configurable-http-proxy (``make env``); the class itself is
``classroom.trial.trial_hub``, as for ``python -m bench.classroom``.  Where one is missing
the tests skip, except in CI (``CI`` set), where they fail and say which.
"""

from __future__ import annotations

import os

import pytest

from classroom.trial import REPO, missing_requirement, trial_hub

IN_CI = os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")
CLASS_CODE = "K7RM2Q"
TEACHER_CODE = "teacher-code-for-tests"
CULL_TIMEOUT = 20  # seconds an idle server is left running in the tests
__all__ = ["CLASS_CODE", "CULL_TIMEOUT", "REPO", "TEACHER_CODE"]


@pytest.fixture(scope="module")
def hub():
    why = missing_requirement()
    if why:
        if IN_CI:
            pytest.fail(f"the classroom tests cannot run in CI: {why}", pytrace=False)
        pytest.skip(why)
    settings = {
        "CLASS_CODE": CLASS_CODE,
        "TEACHER_CODE": TEACHER_CODE,
        "CULL_TIMEOUT": str(CULL_TIMEOUT),
        "CULL_EVERY": "3",
        "ACTIVITY_INTERVAL": "3",
        "MEM_LIMIT": "1G",
        "CPU_LIMIT": "1",
    }
    with trial_hub(f"t{os.getpid() % 100000}-", settings) as class_hub:
        yield class_hub
