"""A lesson opened in JupyterLab itself (on a temporary copy), run with Run > Run All Cells: every code cell runs,
none shows an error, and the saved notebook holds no error output."""

import json
import re

import pytest

from e2e_support import FIXTURES, NOTEBOOKS, expect, lab_notebook_url, shoot, shut_down_lab_sessions

# the lesson to run in JupyterLab; the first that exists (the fixture keeps the harness honest before any lesson does).
# Lesson 00: lesson 02 now hides the source of two cells in JupyterLab (their code is shown in the prose for Voila),
# and a cell with hidden source shows no "[n]:" prompt, which the wait below counts on.
CANDIDATES = [
    NOTEBOOKS / "00_start_here.ipynb",
    NOTEBOOKS / "02_weather_pyramid.ipynb",
    FIXTURES / "harness_fixture.ipynb",
]
RUN_TIMEOUT = 120_000  # ms


def _lesson():
    return next(p for p in CANDIDATES if p.exists())


def test_run_all_cells_in_jupyterlab(page, lab_server):
    nb = _lesson()
    try:
        _run_all_cells(page, lab_server, nb)
    finally:  # the kernel stops with the test: a later test on this server finds nothing of it running
        shut_down_lab_sessions(lab_server)


def _run_all_cells(page, lab_server, nb):
    page.goto(lab_notebook_url(lab_server, nb.name), timeout=RUN_TIMEOUT)
    panel = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden)")
    panel.locator(".jp-Notebook").wait_for(state="visible", timeout=RUN_TIMEOUT)
    # the kernel has started, connected and is idle: the status bar reads "Python 3 (ipykernel) | Idle" (the
    # toolbar's indicator already says idle while the status bar still reads "No Kernel | Initializing")
    kernel_idle = page.locator(
        "#jp-main-statusbar .jp-StatusBar-TextItem", has_text=re.compile(r"^(?!No Kernel).+ \| Idle$")
    )
    expect(kernel_idle).to_have_count(1, timeout=RUN_TIMEOUT)

    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()

    n_code = panel.locator(".jp-CodeCell").count()
    assert n_code > 0
    # wait until every code cell shows an execution count "[n]:" (not "[ ]:" nor "[*]:"), or an error appears
    # (Run All stops at an error, so the rest would never run)
    page.wait_for_function(
        """(n) => {
            const panel = '.jp-NotebookPanel:not(.lm-mod-hidden) ';
            const ps = [...document.querySelectorAll(panel + '.jp-CodeCell .jp-InputArea-prompt')]
                .map(e => e.textContent.trim());
            const err = [...document.querySelectorAll(panel + '.jp-OutputArea-output[data-mime-type='
                + '"application/vnd.jupyter.stderr"]')].some(e => /Traceback|\\w+Error\\b/.test(e.textContent));
            return err || (ps.length === n && ps.every(t => /^\\[\\d+\\]:$/.test(t)));
        }""",
        arg=n_code,
        timeout=RUN_TIMEOUT,
    )

    stderr = panel.locator('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]')
    bad = [t for t in stderr.all_inner_texts() if "Traceback" in t or re.search(r"\w+(Error|Exception)\b", t)]
    assert not bad, "error output in JupyterLab:\n" + "\n---\n".join(bad)
    expect(kernel_idle).to_have_count(1, timeout=RUN_TIMEOUT)
    if (
        "Widget" in (lab_server.root / nb.name).read_text()
    ):  # the lesson shows a widget: it renders in JupyterLab (the widget manager works)
        widget = panel.locator(".jp-OutputArea-output .jupyter-widgets").first
        expect(widget).to_be_visible()
        widget.scroll_into_view_if_needed()
    shoot(page, f"jupyterlab_{nb.stem}")

    # save, then read what JupyterLab wrote: no output of type "error" anywhere
    panel.locator(".jp-Notebook").click()
    page.keyboard.press("Control+s")
    expect(page.locator(".lm-TabBar-tab.jp-mod-current.jp-mod-dirty")).to_have_count(0, timeout=30_000)
    saved = json.loads((lab_server.root / nb.name).read_text())
    code = [c for c in saved["cells"] if c["cell_type"] == "code"]
    assert all(c.get("execution_count") for c in code), "a code cell was not run"
    errors = [o for c in code for o in c.get("outputs", []) if o.get("output_type") == "error"]
    assert not errors, errors


def test_a_lesson_opened_fresh_says_run_all_first_and_nothing_covers_it(page, lab_server):
    """A newcomer opens lesson 01 in JupyterLab and runs nothing yet: the questions are widgets, which need the
    lesson's kernel, so the line under the title (a stored output) says to run the lesson first; no pop-up (news,
    update check) sits over the page."""
    try:
        page.goto(lab_notebook_url(lab_server, "01_what_is_tameri.ipynb"), timeout=RUN_TIMEOUT)
        panel = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden)")
        panel.locator(".jp-Notebook").wait_for(state="visible", timeout=RUN_TIMEOUT)
        line = panel.locator(".tameri-run-all")
        expect(line).to_be_visible()
        expect(line).to_contain_text("Run All Cells")
        box = line.bounding_box()
        height = page.viewport_size["height"]
        assert box is not None and box["y"] + box["height"] <= height, box  # on the first screen, no scrolling
        expect(page.locator(".jp-Notification-Toast, .Toastify__toast")).to_have_count(0)
        shoot(page, "jupyterlab_fresh_01")
    finally:
        shut_down_lab_sessions(lab_server)


def test_make_lab_turns_the_news_off():
    """`--LabApp.news_url=` (empty) leaves JupyterLab asking about news, a pop-up over the lessons' feedback; only
    `--LabApp.news_url=None` turns it off (checked: LabApp reads the empty value as '', None as None)."""
    import subprocess

    from jupyterlab.labapp import LabApp

    app = LabApp()
    app.parse_command_line(["--LabApp.news_url=None"])
    assert app.news_url is None
    dry = subprocess.run(["make", "-n", "lab"], cwd=NOTEBOOKS.parent, capture_output=True, text=True).stdout
    assert "--LabApp.news_url=None" in dry, "make lab must pass --LabApp.news_url=None"
    # ... which alone still asks "Would you like to get notified about official Jupyter news?" (seen in Chromium):
    # the kit's overrides.json turns the prompt and the update check off, installed by make lab
    assert "share/jupyter/lab/settings/overrides.json" in dry
    overrides = json.loads((NOTEBOOKS.parent / "share" / "jupyter" / "lab" / "settings" / "overrides.json").read_text())
    assert overrides["@jupyterlab/apputils-extension:notification"] == {"fetchNews": "false", "checkForUpdates": False}
