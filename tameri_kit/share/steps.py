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
:func:`~tameri_kit.render.board_svg.board_svg` with ``players=False``) is the same for every seat, drawn once per
step with the seat's name left as :data:`SEAT_SLOT` (the page writes the name in); each player's panel
(:func:`~tameri_kit.render.board_svg.player_svg`) is drawn twice per step - in full (its owner, or everyone) and as
the other seats see it.
"""

from __future__ import annotations

import bisect
import dataclasses
from xml.sax.saxutils import escape

from ..data.board import SEASON_NAMES
from ..game import GameRecord, replay
from ..game.core.board_view import board_picture
from ..game.core.decisions import Decision
from ..game.play.story import chapters, is_public_chance, new_events
from ..render.board_svg import board_svg, player_svg
from .chart import scores_chart_svg, scores_table_html
from .svg_store import SvgStore

#: The seat's name in the shared part of the board, written in by the page for the chosen seat.
SEAT_SLOT = "TAMERISEATSLOT"


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

    def add(self, player, hidden: bool) -> int:
        try:
            return self.drawn[player, hidden]
        except (KeyError, TypeError):
            pass
        svg = with_title_and_desc(player_svg(player), f"{player.name}'s player board", _panel_desc(player, hidden))
        node = self.store.add(svg)
        try:
            self.drawn[player, hidden] = node
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


def record_title(record: GameRecord) -> str:
    """One line naming the game: players, the Ghost, the seed."""
    settings = record.settings
    against = f" against the Ghost ({settings.ghost})" if settings.ghost else ""
    seed = "" if record.seed is None else f", seed {record.seed}"
    return f"Tameri, {settings.n} players ({', '.join(settings.players)}){against}{seed}"


def page_data(record: GameRecord, *, progress=None) -> dict:
    """Everything the page's script needs, as plain JSON-ready values (see ``page.js`` for how it is read).

    ``progress``: a function called with ``(step, steps)`` now and then (the Share buttons say how far it is).
    Raises :class:`~tameri_kit.game.RecordError` for a record that does not replay."""
    states = replay(record, states=True)
    n = len(record.entries)
    players = list(record.settings.players)
    ghost = record.settings.ghost_seat
    seats = [i for i in range(len(players)) if i != ghost]
    finished = states[-1].outcome is not None
    store = SvgStore()
    panels = _Panels(store)
    boards, boards_everyone, full, hidden = [], [], [], []
    entry, who, public, events, rules = [], [], [], [], {}
    drawn_boards: dict = {}
    for k, state in enumerate(states):
        if progress is not None and k % 25 == 0:
            progress(k, n + 1)
        everyone = board_picture(state)
        seat_model = dataclasses.replace(everyone, viewer=SEAT_SLOT)
        for model, out in ((seat_model, boards), *(((everyone, boards_everyone),) if finished else ())):
            try:
                node = drawn_boards.get(model)
            except TypeError:
                node = None
            if node is None:
                svg = with_title_and_desc(board_svg(model, players=False), model.title, _board_desc(model))
                node = store.add(svg)
                try:
                    drawn_boards[model] = node
                except TypeError:
                    pass
            out.append(node)
        others = [board_picture(state, 1 if i == 0 else 0).players[i] for i in range(len(players))]
        full.extend(panels.add(p, False) for p in everyone.players)
        hidden.extend(panels.add(p, True) for p in others)
        if k == 0:
            entry.append("")
            who.append(None)
            public.append(1)
            happened = state.events()
        else:
            decision = Decision.parse(record.entries[k - 1])
            entry.append(decision.text)
            who.append(None if decision.is_chance else decision.player)
            public.append(int(decision.is_chance and is_public_chance(states[k - 1])))
            happened = new_events(states[k - 1], state)
        events.append([[event.text, rules.setdefault(event.rule, len(rules)), event.seat] for event in happened])
    if progress is not None:
        progress(n + 1, n + 1)
    parts = game_chapters(states)
    starts = [k for _heading, k in parts]
    part_of = [max(0, bisect.bisect_right(starts, k) - 1) for k in range(n + 1)]
    outcome = states[-1].outcome
    return {
        "title": record_title(record),
        "players": players,
        "seats": [players[i] for i in seats],
        "slot": SEAT_SLOT,
        "names": {name: escape(name, {'"': "&quot;", "'": "&#39;"}) for name in players},
        "finished": finished,
        "steps": n,
        "nodes": store.nodes,
        "board": boards,
        "boardEveryone": boards_everyone,
        "full": full,
        "hidden": hidden,
        "entry": entry,
        "who": who,
        "public": public,
        "events": events,
        "rules": list(rules),
        "chapters": [list(chapter) for chapter in parts],
        "chapterOf": part_of,
        "toMove": [state.to_move or "" for state in states],
        "scores": None
        if outcome is None
        else {
            "chart": scores_chart_svg(outcome),
            "table": scores_table_html(outcome),
        },
    }
