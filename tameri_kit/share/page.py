"""A recorded game as one self-contained web page: the HTML, its style and script, the page's data and the record.

The page needs nothing but a browser: its style (``page.css``) and script (``page.js``) are written into it, its
pictures are SVG text in its data (:mod:`tameri_kit.share.steps`), and a Content-Security-Policy forbids every
fetch (no font, script, image or connection may come from anywhere else).  The record itself is embedded as
``<script type="application/json" id="tameri-record">``
(:data:`~tameri_kit.game.play.record.PAGE_RECORD_ID`), so ``python -m tameri_kit replay game.html`` and the table's
Open read the same game back (:func:`~tameri_kit.game.play.record.embedded_record`).

Rulebook: the whole game (Game Setup to End of the Game); no rule of its own.
"""

from __future__ import annotations

import json
import os
from html import escape
from importlib.resources import files
from pathlib import Path

from ..files import replace_with_lines
from ..game import GameRecord
from ..game.play.record import PAGE_RECORD_ID
from .inputs import check_record
from .notes import NOTES_ID, Notes, notes_json
from .steps import page_data

#: The version of the page's making: raised whenever the same record (and notes) would make a different page, so that
#: ``share --check`` tells "made differently" from "changed" (``tests/share/test_shared_page.py`` pins a page's digest).
PAGE_FORMAT = 3

#: What the page may load: nothing from anywhere (inline style and script, data: links for the record's download).
POLICY = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:"


def script_json(value) -> str:
    """``value`` as JSON safe inside a ``<script>`` block: ``<``, ``>`` and ``&`` (and the two line separators
    JavaScript once refused) are written as ``\\u`` escapes, which JSON reads back as the same characters."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    for char in ("<", ">", "&", "\u2028", "\u2029"):
        text = text.replace(char, f"\\u{ord(char):04x}")
    return text


def _record_json(record: GameRecord) -> str:
    text = record.to_json(indent=1)
    for char in ("<", ">", "&", "\u2028", "\u2029"):
        text = text.replace(char, f"\\u{ord(char):04x}")
    return text


def page_path_beside(record_path: str) -> str:
    """Where a record's page goes when no name is given: beside it, ``game.json`` -> ``game.html`` (a page shared
    again: ``game.html`` -> ``game.shared.html``)."""
    path = Path(record_path or "tameri_game.json")
    return str(
        path.with_suffix(".html") if path.suffix.lower() != ".html" else path.with_name(path.stem + ".shared.html")
    )


def write_page(path: str | Path, page: str) -> None:
    """Write ``page`` to ``path`` through a temporary file in the same folder
    (:func:`~tameri_kit.files.replace_with_lines`: a failure leaves no half page).  A new page gets the usual
    permissions of a new file (readable by others as the umask allows), since it is made to be sent or served."""
    existed = Path(path).exists()
    replace_with_lines(path, page.removesuffix("\n").split("\n"))
    if not existed:
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(path, 0o666 & ~umask)


def _asset(name: str) -> str:
    return files(__package__).joinpath(name).read_text(encoding="utf-8")


def _bar(data: dict) -> str:
    last = data["steps"]
    return f"""<nav class="bar" aria-label="Step through the game">
<div class="bar-row">
<button type="button" id="previous" aria-keyshortcuts="ArrowLeft"><span aria-hidden="true">&#x25C0;</span> Back</button>
<button type="button" id="next" aria-keyshortcuts="ArrowRight">Next <span aria-hidden="true">&#x25B6;</span></button>
<button type="button" id="play" aria-pressed="false">Play</button>
<output id="where" for="slider" aria-live="off">0 / {last}</output>
</div>
<input type="range" id="slider" min="0" max="{last}" value="0" step="1" aria-label="Step (0 to {last})">
</nav>"""


def _step_panel(data: dict) -> str:
    seats = "".join(f'<option value="{escape(name)}">{escape(name)}</option>' for name in data["seats"])
    if data["finished"]:
        seats += '<option value="">everyone (all cards shown: the game is over)</option>'
    last = data["steps"]
    return f"""<section class="panel step" aria-labelledby="step-heading">
<h2 id="step-heading" tabindex="-1" aria-live="polite">Step 0</h2>
<div class="choices">
<div><label for="seat">Seen by</label><select id="seat">{seats}</select></div>
<div><button type="button" id="copy-link">Copy a link to this step</button></div>
</div>
<p id="copied" aria-live="polite"></p>
<div id="question" class="question" hidden></div>
<p id="entry-line">Entry: <span class="entry" id="step-entry"></span></p>
<p id="step-next"></p>
<div id="step-note" class="note" hidden></div>
<h3>What happened, with each event's rule</h3>
<ol id="step-log"></ol>
<p class="keys" id="keys-help">Keyboard: <kbd>&#x2190;</kbd> and <kbd>&#x2192;</kbd> step back and forward,
<kbd>Home</kbd> and <kbd>End</kbd> go to the first and the last step; type a step number (0 to {last}) and press
<kbd>Enter</kbd> to jump there. <span id="typed" aria-live="polite"></span></p>
</section>"""


def _moves(data: dict) -> str:
    return """<nav class="panel moves" aria-labelledby="moves-heading">
<h2 id="moves-heading">Moves</h2>
<p class="hint">Every decision, round by round: choose one to go to it.</p>
<div id="moves"></div>
</nav>"""


def _facts(facts: list) -> str:
    items = "".join(f"<div><dt>{escape(label)}</dt><dd>{escape(words)}</dd></div>" for label, words in facts)
    return f'<dl class="facts">{items}</dl>'


def _result(data: dict, scores: dict | None, result: str) -> str:
    if scores is None:
        return (
            '<section class="panel scores" aria-labelledby="result-heading"><h2 id="result-heading">The result</h2>'
            f"<p>The record stops before the End of the Game (after {data['steps']} steps): no final scores.</p>"
            "</section>"
        )
    return f"""<section class="panel scores" aria-labelledby="result-heading">
<h2 id="result-heading" tabindex="-1">The result</h2>
<p id="result-closed">Hidden until the last step, so the game is not spoiled.
<button type="button" id="show-result" aria-controls="result-body">Show the result now</button></p>
<div id="result-body" hidden>
<p id="result-words"><strong>{escape(result)}</strong></p>
{scores["chart"]}{scores["table"]}
</div>
</section>"""


def share_page(record: GameRecord, *, notes: Notes | None = None, progress=None) -> str:
    """The whole page of ``record`` (a :class:`~tameri_kit.game.GameRecord`) as HTML text.

    ``notes``: a teacher's notes and questions (:func:`~tameri_kit.share.notes.parse_notes`), shown at their steps
    and embedded for ``share --check``.  ``progress``: called with ``(step, steps)`` while the pictures are drawn.  Raises
    :class:`~tameri_kit.game.RecordError` for a record that does not replay, or whose text cannot be written
    (:func:`~tameri_kit.share.inputs.record_problem`)."""
    check_record(record)
    data = page_data(record, notes=notes, progress=progress)
    scores, result, facts = data.pop("scores"), data.pop("result"), data.pop("facts")
    panels = "".join(f'<div id="panel-{i}"></div>' for i in range(len(data["players"])))
    title = escape(data["title"])
    state = "finished" if data["finished"] else "not finished: the record stops before the End of the Game"
    version = escape(data["version"])
    notes_block = (
        ""
        if notes is None
        else f'<script type="application/json" id="{NOTES_ID}">{script_json(notes_json(notes))}</script>\n'
    )
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="{POLICY}">
<meta name="generator" content="tameri_kit {version} share page/{PAGE_FORMAT}">
<title>{title}</title>
<style>
{_asset("page.css")}</style>
</head>
<body>
<header>
<h1>{title}</h1>
<p>A game of Tameri to step through: {data["steps"]} steps ({state}). Choose whose eyes you watch with; the
result stays hidden until the last step.</p>
{_facts(facts)}
</header>
{_bar(data)}
<div class="layout">
<main>
{_step_panel(data)}
<section class="panel board" aria-labelledby="board-heading">
<h2 id="board-heading" tabindex="-1">The board</h2>
<p><button type="button" id="zoom" aria-pressed="false" aria-controls="board">Larger board (scrolls sideways)</button></p>
<figure id="closeup" class="closeup" hidden><figcaption>Close-up: <span id="closeup-what"></span> (the whole
board is below)</figcaption><div id="closeup-picture"></div></figure>
<div id="board"><div id="board-shared"></div>{panels}</div>
</section>
{_result(data, scores, result)}
<section class="panel" aria-labelledby="record-heading">
<h2 id="record-heading">The game record</h2>
<p>This page carries the whole game record. With the kit installed, <code>python -m tameri_kit share --check</code>
followed by this page's file name makes the page again from that record and says whether it is this page, byte for
byte: that, not <code>replay</code>, tells whether a page someone sent shows the game it carries.
<code>python -m tameri_kit replay</code> prints the game's full log, and the table's Open reads it too.
<a id="save-record" download="tameri_game.json" href="#record-heading">Save the record as a JSON file</a>.</p>
</section>
</main>
{_moves(data)}
</div>
<footer>Made by tameri_kit {version} (<code>python -m tameri_kit share</code>). Nothing on this page comes from the
network.</footer>
<noscript><p>This page needs JavaScript to step through the game; the record is in its source.</p></noscript>
<script type="application/json" id="{PAGE_RECORD_ID}">
{_record_json(record)}
</script>
{notes_block}<script type="application/json" id="tameri-page">{script_json(data)}</script>
<script>
{_asset("page.js")}</script>
</body>
</html>
"""
