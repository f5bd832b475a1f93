"""The accessibility audit of the browser tests: axe-core (the npm package, pinned in ``tests/e2e/axe/package.json``
and ``package-lock.json``) injected into a page opened by Playwright, from the local file - never a CDN.

    from axe_support import serious_violations
    assert serious_violations(page) == []

:func:`serious_violations` runs axe's WCAG 2.0/2.1 A and AA rules and best practices over the whole page and returns
the violations whose impact is *serious* or *critical*, each as a short dict (rule id, impact, help text, the first
few offending elements).  :func:`all_violations` returns every violation (the minor and moderate ones are listed in
``docs/accessibility.md``).

axe-core is installed into the git-ignored ``tests/e2e/axe/node_modules`` by ``make env`` (``npm ci``), or here on
first use when it is missing (a fresh clone run by ``pytest tests/e2e`` alone).  Without npm the audit is skipped
locally and fails in CI (``CI`` set), as a missing browser does.

Exclusions: markup that is Voila's or ipywidgets' own, which the kit cannot change, is left out by rule id and
selector only, each with its reason, in :data:`EXCLUDED` (a rule still counts everywhere else on the page).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

AXE_DIR = Path(__file__).resolve().parent / "axe"
AXE_JS = AXE_DIR / "node_modules" / "axe-core" / "axe.min.js"
IN_CI = os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")
SERIOUS = ("serious", "critical")
#: axe's rule tags audited: WCAG 2.0 and 2.1, levels A and AA, and axe's best practices.
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]

#: (rule id, CSS selector of the elements it is not checked on - ``"*"``: the rule is not run - , why): only markup
#: the kit does not write.
EXCLUDED: list[tuple[str, str, str]] = [
    (
        "image-alt",
        ".jp-RenderedImage > img",
        "JupyterLab's output renderer (used by Voila) shows a cell's image/png output, a matplotlib chart, as an "
        "<img> with no alt and reads none from the output's metadata. The lesson's prose around each chart says "
        "what it shows; docs/accessibility.md lists the charts. (The kit's own pictures are inline SVG with a "
        "title and a description, and its widget charts carry a text alternative.)",
    ),
    (
        "scrollable-region-focusable",
        "#rendered_cells",
        "Voila's own scroll container of the whole lesson: it holds the lesson's controls, but while Voila is still "
        "drawing the widgets axe may find none of them focusable yet (seen once, in lesson 10).",
    ),
    (
        "region",
        "*",
        "Voila's page template (lab) puts the notebook's cells in no landmark (main, region), so every cell's "
        "content is outside one; a moderate finding, listed in docs/accessibility.md.",
    ),
    (
        "aria-input-field-name",
        ".widget-slider .noUi-handle",
        "ipywidgets draws a slider's handle with noUiSlider, whose role=slider handle gets no aria-label and is not "
        "tied to the slider's description label; ipywidgets has no option to name it (noUiSlider issue 1223). The "
        "kit gives every slider a description, which the page shows beside it.",
    ),
]


def axe_script() -> Path:
    """The path of ``axe.min.js``, installing the pinned axe-core with ``npm ci`` when it is missing."""
    if AXE_JS.exists():
        return AXE_JS
    npm = shutil.which("npm")
    why = None
    if npm is None:
        why = "npm not found (install Node.js and npm: apt-get install npm), so axe-core cannot be installed"
    else:
        done = subprocess.run(
            [npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"],
            cwd=AXE_DIR,
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode != 0 or not AXE_JS.exists():
            why = f"npm ci in {AXE_DIR} failed:\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"
    if why:
        if IN_CI:
            pytest.fail(f"the accessibility audit cannot run in CI: {why}", pytrace=False)
        pytest.skip(f"accessibility audit skipped: {why}")
    return AXE_JS


_RUN = """async ([tags, excluded]) => {
  const rules = {};  // a rule excluded everywhere ("*") is not run at all
  for (const [rule, selector] of excluded) if (selector === '*') rules[rule] = {enabled: false};
  const result = await axe.run(document, {
    runOnly: {type: 'tag', values: tags}, rules, resultTypes: ['violations'], elementRef: true,
  });
  const kept = [];
  for (const v of result.violations) {
    const skip = excluded.filter(([rule]) => rule === v.id).map(([, selector]) => selector);
    const nodes = v.nodes.filter(n => !(n.element && skip.some(s => n.element.matches(s))));
    if (!nodes.length) continue;
    kept.push({
      id: v.id, impact: v.impact, help: v.help, nodes: nodes.length,
      targets: nodes.slice(0, 5).map(n => n.target.join(' ') + ' :: ' + (n.html || '').slice(0, 160)),
    });
  }
  return kept;
}"""


def all_violations(page) -> list[dict]:
    """Every axe-core violation on the page as it is now (injecting axe-core first if the page has none yet),
    less the :data:`EXCLUDED` elements."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(axe_script()))
    return page.evaluate(_RUN, [TAGS, [[rule, selector] for rule, selector, _ in EXCLUDED]])


def serious_violations(page) -> list[dict]:
    """The serious and critical axe-core violations on the page: ``[]`` when it passes the audit."""
    return [v for v in all_violations(page) if v["impact"] in SERIOUS]


def describe(violations: list[dict]) -> str:
    """Violations as lines a person can act on (rule, impact, help, how many elements, the first ones)."""
    lines = []
    for v in violations:
        lines.append(f"{v['id']} ({v['impact']}, {v['nodes']} element(s)): {v['help']}")
        lines += [f"    {target}" for target in v["targets"]]
    return "\n".join(lines)


# ----------------------------------------------------------------------------------------------------------------
# The keyboard alone
# ----------------------------------------------------------------------------------------------------------------
_CONTROLS = """(root) => {
  const shown = (el) => el.offsetParent !== null && getComputedStyle(el).visibility !== 'hidden';
  const all = [...root.querySelectorAll('button, select, input, textarea, a[href], [tabindex]')]
    .filter(el => shown(el) && !el.disabled && el.tabIndex >= 0 && !(el.type === 'file'));
  window.__tabProbeRest = [];  // each control's look without the focus, to tell the focus ring from it
  all.forEach((el, k) => {
    el.setAttribute('data-tab-probe', String(k));
    const s = getComputedStyle(el);
    window.__tabProbeRest.push([s.outlineStyle + s.outlineWidth, s.boxShadow, s.borderColor, s.backgroundColor]);
  });
  return all.length;
}"""

_FOCUSED = """() => {
  const el = document.activeElement;
  if (!el || !el.hasAttribute('data-tab-probe')) return null;
  const style = getComputedStyle(el);
  const rest = window.__tabProbeRest[Number(el.getAttribute('data-tab-probe'))];
  const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
  const ring = outline || style.boxShadow !== rest[1] || style.borderColor !== rest[2]
               || style.backgroundColor !== rest[3];
  const name = (el.getAttribute('aria-label') || el.innerText || el.value || el.title
                || (el.labels && el.labels[0] && el.labels[0].innerText) || '').trim().slice(0, 40);
  return {probe: el.getAttribute('data-tab-probe'), ring, what: `<${el.tagName.toLowerCase()}> "${name}"`};
}"""


def keyboard_problems(page, container) -> list[str]:
    """Walk ``container`` (a Playwright locator) with the Tab key alone, from its first control: every visible
    control (button, list, text box, slider handle, scrolling box with ``tabindex``) must be reached, and each must
    show where the focus is (an outline, or a ring, border or background that differs from its look unfocused).  Returns what is wrong, in words ([] = usable by keyboard)."""
    count = container.evaluate(_CONTROLS)
    if not count:
        return ["no control to reach"]
    page.locator('[data-tab-probe="0"]').focus()
    reached, problems = set(), []
    for _ in range(count + 5):
        focused = page.evaluate(_FOCUSED)
        if focused is None:  # the focus has left the container
            break
        if focused["probe"] not in reached and not focused["ring"]:
            problems.append(f"{focused['what']}: no visible focus")
        reached.add(focused["probe"])
        page.keyboard.press("Tab")
    missed = [k for k in map(str, range(count)) if k not in reached]
    for k in missed:
        el = page.locator(f'[data-tab-probe="{k}"]')
        problems.append(f"not reached by Tab: {el.evaluate('e => e.outerHTML.slice(0, 120)')}")
    return problems
