"""A recorded game as the data a shared page steps through: for each step the board as each seat sees it (kept
small in an :class:`~tameri_kit.share.svg_store.SvgStore`), the entry and the events it caused with their rules,
the chapters, and the final scores.

Rulebook: the whole game (Game Setup to End of the Game); what a seat may see - Season 0 and Phase 2 (cards kept
and chosen in secret), Phase 3 (face-down cards), Offering (behind the screen), Priest Cards (kept secret).

What a seat sees is the kit's own view: :func:`tameri_kit.game.core.board_view.board_picture` leaves out what the seat
may not see before anything is drawn, and an event private to a seat (``Event.seat``) is shown to that seat only,
as in the scrubber (:class:`tameri_kit.widgets.game.GameScrubber`).  "Everyone" (hidden cards shown) is offered
only when the recorded game is over.  The page carries the whole record anyway (for ``replay``), so the seat views
keep a game's surprises for a watcher; they are not a lock.

Layout of the board on the page: the shared part (pyramid, Market, Building row, Temples, Sphinx avenue, Nile:
:func:`~tameri_kit.render.board_svg.board_svg` with ``players=False``) shows nothing hidden, so it is the same picture
for every seat, drawn once per step (no name is written into it afterwards); during a Weather phase it shows the
spheres fallen so far on their ramps (Phase 1, step 3).  Each player's panel
(:func:`~tameri_kit.render.board_svg.player_svg`) is drawn twice per step - in full (its owner, or everyone) and as
the other seats see it.  Each picture is drawn twice more for a phone, its parts in one column 360 units wide
(:mod:`tameri_kit.render.board_narrow`): the page shows one drawing or the other by the width of the screen.
"""

from __future__ import annotations

import bisect
import dataclasses
from xml.sax.saxutils import escape

from .. import __version__
from ..data.board import SEASON_NAMES
from ..game import GameRecord, replay
from ..game.core.board_view import board_picture
from ..game.core.decisions import Decision
from ..game.play.story import chapters, new_events, seen_by_every_seat
from ..render.board_narrow import narrow_board_svg, narrow_player_svg
from ..render.board_svg import board_svg, player_svg
from ..rules.weather import STEP3, drop
from .chart import scores_chart_svg, scores_table_html
from .header import game_facts, record_title, result_words
from .notes import Notes, place_notes
from .svg_store import SvgStore


def with_title_and_desc(svg: str, title: str, desc: str) -> str:
    """``svg`` with a ``<title>`` and a ``<desc>`` as the first children of its root, unless it has them already
    (a picture of the kit that says what it shows keeps its own words)."""
    end = svg.index(">") + 1
    rest = svg[end:]
    insert = ""
    if not rest.startswith("<title"):
        insert += f"<title>{escape(title)}</title>"
    else:
        close = rest.index("</title>") + len("</title>")
        end, rest = end + close, rest[close:]
    if not rest.startswith("<desc"):
        insert += f"<desc>{escape(desc)}</desc>"
    return svg[:end] + insert + svg[end:] if insert else svg


def _board_desc(model) -> str:
    tile = f"Weather tile {model.weather_tile}" if model.weather_tile else "no Weather tile revealed yet"
    order = f"; turn order {', '.join(model.turn_order)}" if model.turn_order else ""
    return (
        f"{model.title}. The shared board: the Great Pyramid with its ramps, rivers and fields and the Farmers on "
        f"them ({tile}{order}), the Market, the row of Buildings, the three Temples, the Sphinx avenue and the "
        "Nile. Every piece is labelled in words on the picture."
    )


def _panel_desc(player, hidden: bool) -> str:
    shown = (
        f"their hand ({player.hand_count} cards), screen and Priest cards are hidden from this seat"
        if hidden
        else "everything on it is shown, the hand and what stands behind the screen too"
    )
    return (
        f"{player.name}'s player board: {player.score} points, the reserve, Deben and Silt, the Workers and where "
        f"they stand, Buildings, this Season's cards; {shown}."
    )


class _Panels:
    """Player panels drawn once per distinct picture (steps in a row often show the same panel)."""

    def __init__(self, store: SvgStore):
        self.store, self.drawn = store, {}

    def add(self, player, hidden: bool, narrow: bool = False) -> int:
        try:
            return self.drawn[player, hidden, narrow]
        except (KeyError, TypeError):
            pass
        drawing = narrow_player_svg(player) if narrow else player_svg(player, whole_text=True)
        svg = with_title_and_desc(drawing, f"{player.name}'s player board", _panel_desc(player, hidden))
        node = self.store.add(svg)
        try:
            self.drawn[player, hidden, narrow] = node
        except TypeError:  # a picture that cannot be a key: drawn each time
            pass
        return node


def game_chapters(states) -> list[tuple[str, int]]:
    """The chapters of a recorded game: Game Setup, Season 0, each round (from
    :func:`~tameri_kit.game.play.story.chapters`), each End of the Season (the first state of its steps) and, when the
    game is over, End of the Game - as ``(heading, step)`` in the order of the game."""
    out = list(chapters(states))
    for k in range(1, len(states)):
        state = states[k]
        if state.phase == "season_end" and states[k - 1].phase != "season_end":
            name = SEASON_NAMES.get(state.season, "")
            out.append((f"End of Season {state.season}" + (f" ({name})" if name else ""), k))
        if state.phase == "over" and states[k - 1].phase != "over":
            out.append(("End of the Game", k))
    return sorted(out, key=lambda chapter: chapter[1])


def weather_board(state, model):
    """``model`` with the spheres fallen so far in this Weather phase on their ramps (Phase 1, step 3: they wait
    there, on top of the others, until every sphere has fallen; steps 4-6 follow the last one)."""
    top = state.top
    if top is None or top.kind != "land" or not top.landings:
        return model
    pyramid = model.pyramid
    for landing in top.landings:
        pyramid = drop(pyramid, landing)
    return dataclasses.replace(model, pyramid=pyramid)


def _landing_events(after) -> list[tuple[str, str, None]]:
    """The words of a sphere that landed when steps 4-6 are still to come (the game logs the landings only when
    the last sphere has fallen): where it landed and how many spheres are still to fall."""
    top = after.top
    if top is None or top.kind != "land":
        return []
    landing = top.landings[-1]
    left = sum(top.counts)
    return [
        (
            f"{landing.describe()} and waits there; {left} more sphere{'s' if left != 1 else ''} to fall before the "
            "ramps are resolved (steps 4-6)",
            STEP3,
            None,
        )
    ]


def page_data(record: GameRecord, *, notes: Notes | None = None, progress=None) -> dict:
    """Everything the page's script needs, as plain JSON-ready values (see ``page.js`` for how it is read).

    ``notes``: a teacher's notes and questions (:mod:`tameri_kit.share.notes`).  ``progress``: a function called
    with ``(step, steps)`` now and then (the Share buttons say how far it is).  Raises
    :class:`~tameri_kit.game.RecordError` for a record that does not replay, and
    :class:`~tameri_kit.share.notes.NotesError` for notes that do not fit the game."""
    states = replay(record, states=True)
    parts = game_chapters(states)
    notes_at, questions = place_notes(notes, record, states, parts) if notes is not None else ({}, {})
    n = len(record.entries)
    players = list(record.settings.players)
    ghost = record.settings.ghost_seat
    seats = [i for i in range(len(players)) if i != ghost]
    finished = states[-1].outcome is not None
    store = SvgStore()
    panels = _Panels(store)
    boards, full, hidden = [], [], []
    narrow_boards, narrow_full, narrow_hidden = [], [], []
    entry, who, public, events, rules = [], [], [], [], {}
    drawn_boards: dict = {}
    for k, state in enumerate(states):
        if progress is not None and k % 25 == 0:
            progress(k, n + 1)
        everyone = board_picture(state)
        # the shared part shows nothing a seat may not see: one picture serves every seat (no name written in)
        model = weather_board(state, everyone)
        try:
            nodes = drawn_boards.get(model)
        except TypeError:
            nodes = None
        if nodes is None:
            wide = board_svg(model, players=False, whole_text=True)
            narrow = narrow_board_svg(model, players=False)
            nodes = tuple(
                store.add(with_title_and_desc(svg, model.title, _board_desc(model))) for svg in (wide, narrow)
            )
            try:
                drawn_boards[model] = nodes
            except TypeError:
                pass
        boards.append(nodes[0])
        narrow_boards.append(nodes[1])
        others = [board_picture(state, 1 if i == 0 else 0).players[i] for i in range(len(players))]
        full.extend(panels.add(p, False) for p in everyone.players)
        hidden.extend(panels.add(p, True) for p in others)
        narrow_full.extend(panels.add(p, False, True) for p in everyone.players)
        narrow_hidden.extend(panels.add(p, True, True) for p in others)
        if k == 0:
            entry.append("")
            who.append(None)
            public.append(1)
            happened = [(event.text, event.rule, event.seat) for event in state.events()]
        else:
            decision = Decision.parse(record.entries[k - 1])
            entry.append(decision.text)
            who.append(None if decision.is_chance else decision.player)
            public.append(int(seen_by_every_seat(states[k - 1], decision)))
            happened = [(event.text, event.rule, event.seat) for event in new_events(states[k - 1], state)]
            if not happened and decision.is_chance:
                happened = _landing_events(state)
        events.append([[text, rules.setdefault(rule, len(rules)), seat] for text, rule, seat in happened])
    if progress is not None:
        progress(n + 1, n + 1)
    starts = [k for _heading, k in parts]
    part_of = [max(0, bisect.bisect_right(starts, k) - 1) for k in range(n + 1)]
    outcome = states[-1].outcome
    return {
        "title": record_title(record),
        "facts": game_facts(record),
        "version": __version__,
        "players": players,
        "seats": [players[i] for i in seats],
        "finished": finished,
        "steps": n,
        "nodes": store.nodes,
        "board": boards,
        "full": full,
        "hidden": hidden,
        "narrowBoard": narrow_boards,
        "narrowFull": narrow_full,
        "narrowHidden": narrow_hidden,
        "entry": entry,
        "who": who,
        "public": public,
        "events": events,
        "rules": list(rules),
        "chapters": [list(chapter) for chapter in parts],
        "chapterOf": part_of,
        "toMove": [state.to_move or "" for state in states],
        "result": result_words(states[-1]),
        "notes": {str(k): html for k, html in notes_at.items()},
        "questions": {str(k): question for k, question in questions.items()},
        "scores": None
        if outcome is None
        else {
            "chart": scores_chart_svg(outcome),
            "table": scores_table_html(outcome),
        },
    }
