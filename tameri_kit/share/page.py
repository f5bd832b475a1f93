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
from .steps import page_data

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


def _controls(data: dict) -> str:
    seats = "".join(f'<option value="{escape(name)}">{escape(name)}</option>' for name in data["seats"])
    if data["finished"]:
        seats += '<option value="">everyone (game over: all cards shown)</option>'
    last = data["steps"]
    return f"""<section class="panel controls" aria-labelledby="controls-heading">
<h2 id="controls-heading">Step through the game</h2>
<div class="buttons" role="group" aria-label="Steps">
<button type="button" id="first" aria-label="First step (Home key)">&#x00AB; First</button>
<button type="button" id="previous" aria-label="Previous step (Left arrow key)">&#x25C0; Previous</button>
<button type="button" id="next" aria-label="Next step (Right arrow key)">Next &#x25B6;</button>
<button type="button" id="last" aria-label="Last step (End key)">Last &#x00BB;</button>
</div>
<div class="choices">
<form id="jump"><label for="jump-to">Go to step</label><input id="jump-to" type="number" min="0" max="{last}"
 inputmode="numeric" aria-describedby="keys-help"> <button type="submit">Go</button></form>
<div><label for="seat">Seen by</label><select id="seat">{seats}</select></div>
</div>
<p class="keys" id="keys-help">Keyboard: <kbd>&#x2190;</kbd> and <kbd>&#x2192;</kbd> step back and forward,
<kbd>Home</kbd> and <kbd>End</kbd> go to the first and the last step; type a step number (0 to {last}) and press
<kbd>Enter</kbd> to jump there.</p>
<p id="typed" aria-live="polite"></p>
</section>"""


def _chapters(data: dict) -> str:
    items = "".join(
        f'<li><button type="button" data-step="{k}" data-chapter="{i}">{escape(heading)} '
        f'<span class="visually-hidden">(step {k})</span></button></li>'
        for i, (heading, k) in enumerate(data["chapters"])
    )
    scores = '<p><a href="#scores-heading">Final scores</a></p>' if data["scores"] else ""
    return f"""<nav class="panel" aria-labelledby="chapters-heading">
<h2 id="chapters-heading">Chapters</h2><ol id="chapters">{items}</ol>{scores}</nav>"""


def _scores(data: dict) -> str:
    if not data["scores"]:
        return (
            '<section class="panel scores" aria-labelledby="scores-heading"><h2 id="scores-heading">Final scores</h2>'
            f"<p>The record stops before the End of the Game (after {data['steps']} steps): no final scores.</p>"
            "</section>"
        )
    return (
        '<section class="panel scores" aria-labelledby="scores-heading"><h2 id="scores-heading">Final scores</h2>'
        f"{data['scores']['chart']}{data['scores']['table']}</section>"
    )


def share_page(record: GameRecord, *, progress=None) -> str:
    """The whole page of ``record`` (a :class:`~tameri_kit.game.GameRecord`) as HTML text.

    ``progress``: called with ``(step, steps)`` while the pictures are drawn.  Raises
    :class:`~tameri_kit.game.RecordError` for a record that does not replay."""
    data = page_data(record, progress=progress)
    scores = data.pop("scores")
    panels = "".join(f'<div id="panel-{i}"></div>' for i in range(len(data["players"])))
    title = escape(data["title"])
    state = "finished" if data["finished"] else "not finished: the record stops before the End of the Game"
    layout_data = {**data, "scores": scores}
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="{POLICY}">
<meta name="generator" content="tameri_kit share">
<title>{title}</title>
<style>
{_asset("page.css")}</style>
</head>
<body>
<a class="skip" href="#board-heading">Skip to the board</a>
<header>
<h1>{title}</h1>
<p>A game of Tameri to step through, {data["steps"]} steps ({state}). Choose whose eyes you watch with.</p>
</header>
<div class="layout">
{_chapters(layout_data)}
<main>
{_controls(data)}
<div class="stage">
<section class="panel step" aria-labelledby="step-heading">
<h2 id="step-heading" tabindex="-1" aria-live="polite">Step 0</h2>
<p>Entry: <span class="entry" id="step-entry"></span></p>
<p id="step-next"></p>
<h3>What happened, with each event's rule</h3>
<ol id="step-log"></ol>
</section>
<section class="panel board" aria-labelledby="board-heading">
<h2 id="board-heading" tabindex="-1">The board</h2>
<p><button type="button" id="zoom" aria-pressed="false" aria-controls="board">Larger board (scrolls sideways)</button></p>
<div id="board"><div id="board-shared"></div>{panels}</div>
</section>
</div>
{_scores(layout_data)}
<section class="panel" aria-labelledby="record-heading">
<h2 id="record-heading">The game record</h2>
<p>This page carries the whole game record. With the kit installed,
<code>python -m tameri_kit replay</code> followed by this page's file name prints the game's full log again, and the
table's Open reads it too. <a id="save-record" download="tameri_game.json" href="#record-heading">Save the record as
a JSON file</a>.</p>
</section>
</main>
</div>
<footer>Made by tameri_kit (<code>python -m tameri_kit share</code>). Nothing on this page comes from the
network.</footer>
<noscript><p>This page needs JavaScript to step through the game; the record is in its source.</p></noscript>
<script type="application/json" id="{PAGE_RECORD_ID}">
{_record_json(record)}
</script>
<script type="application/json" id="tameri-page">{script_json(data)}</script>
<script>
{_asset("page.js")}</script>
</body>
</html>
"""
