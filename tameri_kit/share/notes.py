"""A teacher's notes on a shared game, and the steps where the page asks "what would you do here?".

    share game.json --notes notes.md --ask 57,120 -o page.html

``notes.md`` is Markdown cut into sections by level-2 headings naming a step or a round::

    ## step 57
    John could have harvested here; see how the **Water** on the East ramp changes that.

    ## round 2 ?
    A question: the page hides round 2's first decision until the reader picks a move.

Text before the first heading belongs to step 0.  A ``?`` anywhere in a heading makes the section a question, and
``--ask`` adds questions at steps without a note.  A question at a step (or round) is about the first decision from
there on: the page shows the board before it, lists that player's legal moves, and reveals what was played and
why - the bot's own reason, when the record carries one (``GameRecord.reasons``: ``play --record`` keeps them), and
the note - only once the reader picks one or skips.

The Markdown is rendered with markdown-it-py with raw HTML turned off (a ``<script>`` in a note is shown as text,
never run) and images turned off (the page fetches nothing); links keep only the protocols markdown-it-py deems
safe.  The notes' source and the asked steps are embedded in the page (``<script type="application/json"
id="tameri-notes">``), so ``share --check`` can make the same page again (:mod:`tameri_kit.share.check`).

Rulebook: no rule of its own.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from ..errors import TameriError
from ..game.core.decisions import Decision

#: The id of the block that carries the notes inside a page.
NOTES_ID = "tameri-notes"
#: The most notes a page carries, in characters: a teacher's comments, not a book.
NOTES_LIMIT = 200_000
SCRIPT = re.compile(r"<script\b([^>]*)>(.*?)</script\s*>", re.IGNORECASE | re.DOTALL)
HEADING = re.compile(r"^##(?!#)\s*(.*?)\s*$")
TARGET = re.compile(r"^(step|round)\s+(\d{1,6})\b(.*)$", re.IGNORECASE)
_NOTES_BLOCK = re.compile(r"""\bid\s*=\s*["']?""" + NOTES_ID + r"""["'\s>]""", re.IGNORECASE)


class NotesError(TameriError, ValueError):
    """Notes that cannot be used: ``line`` (1-based, 0 for the whole file or for ``--ask``) and why."""

    def __init__(self, line: int, why: str):
        self.line, self.why = line, why
        super().__init__(f"line {line}: {why}" if line else why)


@dataclass(frozen=True)
class NoteSection:
    """One section: ``target`` ``"step"`` or ``"round"``, its ``number``, whether it asks (``?`` in the heading),
    its Markdown ``text`` and the ``line`` of its heading."""

    target: str
    number: int
    ask: bool
    text: str
    line: int


@dataclass(frozen=True)
class Notes:
    """The notes' ``source`` (as given), its ``sections`` and the steps ``asked`` with ``--ask``."""

    source: str
    sections: tuple[NoteSection, ...]
    asked: tuple[int, ...] = ()


def parse_notes(source: str, asked: tuple[int, ...] = ()) -> Notes:
    """The sections of ``source`` (Markdown, as described above); raises :class:`NotesError` naming the line of a
    heading that names neither a step nor a round."""
    if len(source) > NOTES_LIMIT:
        raise NotesError(0, f"the notes are {len(source):,} characters; a page carries at most {NOTES_LIMIT:,}")
    try:
        source.encode("utf-8")
    except UnicodeEncodeError as error:
        line = source.count("\n", 0, error.start) + 1
        raise NotesError(line, "a lone surrogate, which no UTF-8 text can carry") from None
    sections: list[NoteSection] = []
    target, number, ask, start, body = "step", 0, False, 0, []

    def close():
        text = "\n".join(body).strip("\n")
        if text or ask or start:
            sections.append(NoteSection(target, number, ask, text, start))

    in_fence = False
    for index, line in enumerate(source.split("\n"), 1):
        if line.lstrip().startswith(("```", "~~~")):
            in_fence = not in_fence
        found = None if in_fence else HEADING.match(line)
        if found is None:
            body.append(line)
            continue
        close()
        words = found.group(1)
        aim = TARGET.match(words)
        if aim is None:
            raise NotesError(
                index,
                f"the heading {words[:60]!r} names no step: a note starts with '## step 57' or '## round 2' "
                "(add '?' to ask the reader what they would do there)",
            )
        target, number, ask, start, body = aim.group(1).lower(), int(aim.group(2)), "?" in words, index, []
    close()
    return Notes(source, tuple(sections), tuple(sorted(set(asked))))


def parse_asked(text: str) -> tuple[int, ...]:
    """``--ask 57,120`` -> ``(57, 120)``; raises :class:`NotesError` for anything but step numbers."""
    items = [item.strip() for item in text.split(",") if item.strip()]
    if not items or not all(item.isdigit() and len(item) <= 6 for item in items):
        raise NotesError(0, f"--ask takes step numbers separated by commas, such as 57,120, not {text[:40]!r}")
    return tuple(sorted({int(item) for item in items}))


def notes_json(notes: Notes) -> dict:
    """What the page embeds of ``notes`` (read back by :func:`embedded_notes`)."""
    return {"notes": notes.source, "ask": list(notes.asked)}


def embedded_notes(page: str) -> Notes | None:
    """The notes a page carries (None: a page without notes); raises :class:`~tameri_kit.game.RecordError` for a
    block that cannot be read."""
    from ..game import RecordError

    found = [m for m in SCRIPT.finditer(page) if _NOTES_BLOCK.search(m.group(1) + ">")]
    if not found:
        return None
    if len(found) > 1:
        raise RecordError(-1, "", f'a web page with {len(found)} <script id="{NOTES_ID}"> blocks')
    try:
        value = json.loads(found[0].group(2))
        source, asked = value["notes"], value["ask"]
        if not isinstance(source, str) or not all(type(k) is int and k >= 0 for k in asked):
            raise TypeError
        return parse_notes(source, tuple(asked))
    except (ValueError, KeyError, TypeError) as error:
        raise RecordError(-1, "", f'the <script id="{NOTES_ID}"> block cannot be read ({error})') from None


def markdown_html(text: str) -> str:
    """``text`` (Markdown) as HTML, with raw HTML and images turned off."""
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False}).disable("image")
    return md.render(text)


def _round_start(number: int, chapters) -> int | None:
    suffix = f", round {number}"
    return next((k for heading, k in chapters if heading.endswith(suffix)), None)


def reveal_html(record, index: int, note_html: str) -> str:
    """What a question's reveal says after the move played: the bot's reason for entry ``index`` in its own words
    (labelled with the bot's kind from the record's ``meta["bots"]``) beside the teacher's note, each labelled when
    both are there.  Without a reason it is the note alone, as before reasons were recorded."""
    from html import escape

    from .header import bots_of

    reason = record.reason_at(index)
    if not reason:
        return note_html
    player = Decision.parse(record.entries[index]).player
    kind = bots_of(record).get(player, "")
    who = f"The {kind} bot" if kind else f"{player}'s bot"
    label = f"{escape(who, quote=False)}'s reason, in its own words:"
    out = f"<p><strong>{label}</strong> {escape(reason, quote=False)}</p>\n"
    if note_html:
        out += f"<p><strong>The teacher's note:</strong></p>\n{note_html}"
    return out


def place_notes(notes: Notes, record, states, chapters) -> tuple[dict[int, str], dict[int, dict]]:
    """The notes of each step (step -> HTML) and the questions (step of the decision asked about -> what the page
    needs: who decides, the legal moves, the move played, what the reveal says: the bot's reason and the note,
    :func:`reveal_html`).  ``chapters`` as ``(heading, step)``.  Raises :class:`NotesError` for a step past the
    record's end, a round it does not reach, or a question with no decision after it."""
    from ..game.play.engine import legal_actions

    steps = len(record.entries)
    at: dict[int, list[NoteSection]] = {}
    asks: dict[int, NoteSection | None] = {}
    for section in notes.sections:
        if section.target == "round":
            k = _round_start(section.number, chapters)
            if k is None:
                raise NotesError(section.line, f"this game has no round {section.number}")
        else:
            k = section.number
            if k > steps:
                raise NotesError(section.line, f"step {k} is past the game's last step, {steps}")
        at.setdefault(k, []).append(section)
        if section.ask:
            asks[k] = section
    for k in notes.asked:
        if k > steps:
            raise NotesError(0, f"--ask {k}: past the game's last step, {steps}")
        asks.setdefault(k, None)
    questions: dict[int, dict] = {}
    html: dict[int, str] = {}
    for k, sections in sorted(at.items()):
        shown = [s for s in sections if not s.ask]
        if shown:
            html[k] = "".join(markdown_html(s.text) for s in shown)
    for k, section in sorted(asks.items()):
        j = next((j for j in range(max(k, 1), steps + 1) if not Decision.parse(record.entries[j - 1]).is_chance), None)
        if j is None:
            where = f"line {section.line}" if section else f"--ask {k}"
            raise NotesError(0, f"{where}: no decision follows step {k}, so there is nothing to ask")
        decision = Decision.parse(record.entries[j - 1])
        moves = [move.move for move in legal_actions(states[j - 1])]
        questions[j] = {
            "who": decision.player,
            "moves": moves,
            "played": decision.move,
            "note": reveal_html(
                record, j - 1, markdown_html(section.text) if section is not None and section.text else ""
            ),
        }
    return html, questions
