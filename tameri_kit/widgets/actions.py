"""Try an action on a real game position: pick one of the legal decisions, do it, see what changed and why.

Rulebook: Possible Actions (all eight of them); Phase 4: Individual Turns, steps 2 and 4 (Extra Weather Effects, the warehouse limit).

Everything comes from the engine (:mod:`tameri_kit.game`): the decisions are ``legal_actions(state)``, a decision
is applied with ``step``, chance (a Building card drawn to refill the row ...) is drawn with ``sample_chance`` from
a seeded generator, and the events shown are the engine's, each with the rule it cites.  Nothing here decides what
is legal.

    >>> from tameri_kit.widgets.actions import action_position, DecisionExplorer
    >>> position = action_position("merchant", seed=3)
    >>> explorer = DecisionExplorer(position.state, position.player)
    >>> explorer.decision_dropdown.value = f"{position.player}: do merchant"
    >>> explorer.do_button.click()
    >>> any("Merchant" in e.rule for e in explorer.last_events)
    True

Every child widget is an attribute (``decision_dropdown``, ``do_button``, ``restart_button``, ``picture_toggle``,
``status_html``, ``events_html``, ``changes_html``, ``picture_html``), so tests and lessons drive it without a
browser.  :func:`action_position` finds, in a seeded random game, a moment when a player may take a given action;
:func:`changes` lists what differs between two states as a seat may see it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from html import escape

import ipywidgets as widgets

from ..errors import TameriError
from ..game import (
    GameRecord,
    Settings,
    legal_actions,
    random_playout,
    replay,
    sample_chance,
    step,
    with_turn,
)
from ..game.core.board_view import board_html
from ..game.play.story import new_events
from ..game.core.catalog import BUILDINGS, FIELDS, SPHINX_FACES, market_layout
from ..game.core.state import free_workers
from ..game.rules_of_play.turn import can_start
from ..rules.action_cards import Action
from ..rules.common import RESOURCES


class PositionError(TameriError, LookupError):
    """No position with the asked-for action was found in the seeded games searched."""


# ----------------------------------------------------------------------------------------------------------------
# positions from real games
# ----------------------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Position:
    """A moment of a seeded game (``seed``, after ``entry`` record entries) reduced to one player's actions step:
    ``state`` has ``player`` in step 2 of their turn (Phase 4) about to use ``action`` and nothing else."""

    state: object
    player: str
    action: Action
    seed: int
    entry: int

    def __str__(self) -> str:
        s = self.state
        return (
            f"seed {self.seed}, after {self.entry} decisions: Season {s.season}, round {s.round}; "
            f"{self.player} may take the {self.action.label} action"
        )


def action_position(
    action: Action | str,
    *,
    seed: int = 0,
    players: int = 3,
    tries: int = 40,
    when: Callable[[object, int], bool] | None = None,
) -> Position:
    """The first moment in the random game of ``seed`` (then ``seed + 1`` ..., ``tries`` games in all) when a
    player's played card offers ``action`` and the action can be carried out (``engine.can_start``), and ``when``
    (a function of the state and the seat) agrees.  The position is that state with the player about to use that
    one action (``game.with_turn``): after it, the stack is empty.  Same seed, same position.
    """
    action = action if isinstance(action, Action) else Action.parse(action)
    settings = Settings.for_players(players)
    for game_seed in range(seed, seed + tries):
        for k, state in enumerate(_states(settings, game_seed)):
            top = state.top
            if top is None or top.kind != "main" or not top.actions or top.actions[0] is not action:
                continue
            seat = top.player
            if not can_start(state, seat, action) or (when is not None and not when(state, seat)):
                continue
            name = state.players[seat].name
            return Position(with_turn(state, name, [action]), name, action, game_seed, k)
    raise PositionError(
        f"no position with the {action.label} action in the random games of seeds "
        f"{seed}..{seed + tries - 1} (players={players})"
    )


def _states(settings, game_seed: int):
    entries, _final = random_playout(settings, game_seed)
    return replay(GameRecord(settings, game_seed, tuple(entries)), states=True)


def nile_position(
    *, seed: int = 0, players: int = 3, tries: int = 40, when: Callable[[object, int], bool] | None = None
) -> tuple[object, str, int, int]:
    """The first moment in the random game of ``seed`` (then the next seeds) when a player is about to take a card
    from the Nile (Phase 4, step 3) and ``when(state, seat)`` agrees: ``(state, player, seed, entry)``.  The state
    is the game's own (its turn continues with the Warehouse restore of step 4: stop with :func:`turn_over`)."""
    settings = Settings.for_players(players)
    for game_seed in range(seed, seed + tries):
        for k, state in enumerate(_states(settings, game_seed)):
            top = state.top
            if top is not None and top.kind == "nile" and (when is None or when(state, top.player)):
                return state, state.players[top.player].name, game_seed, k
    raise PositionError(f"no Nile position in the random games of seeds {seed}..{seed + tries - 1}")


def turn_over(start) -> Callable[[object], bool]:
    """A stop test for :class:`DecisionExplorer`: true once the turn running in ``start`` has ended."""
    return lambda state: (
        state.top is None or state.is_terminal or state.phase != start.phase or state.turn != start.turn
    )


# ----------------------------------------------------------------------------------------------------------------
# words for decisions and states
# ----------------------------------------------------------------------------------------------------------------
def _res(stock) -> str:
    return ", ".join(f"{stock[r]} {r.label}" for r in RESOURCES if stock[r]) or "nothing"


def _building(bid: str) -> str:
    b = BUILDINGS.get(bid)
    return f"{bid} {b.name}" if b is not None else bid


def _face(label: str) -> str:
    f = SPHINX_FACES.get(label)
    return f"{label} ({f.effect.rstrip('.')})" if f is not None else label


def describe(move: str, state=None) -> str:
    """A plain-words gloss of a decision's move (``"do merchant"`` -> ``"take the Merchant action"``); the move's
    own text when there is none.  Building ids and Sphinx faces are followed by their names and effects.

    >>> describe("buy G3")
    'buy Building G3 Temple of Ptah'
    >>> describe("end actions")
    'end the actions step (step 2 of the turn)'
    """
    words = move.split()
    head = words[0] if words else ""
    rest = " ".join(words[1:])
    if head in ("do", "skip") and len(words) == 2:
        label = Action.parse(words[1]).label
        return (
            f"take the {label} action" if head == "do" else f"do not use the {label} action (every action is optional)"
        )
    if move == "end actions":
        return "end the actions step (step 2 of the turn)"
    if head == "extra":
        if words[1] == "remove":
            return f"Extra Weather Effect: pay 1 Deben, remove a {_colour(words[2])} sphere from ramp {words[3]}"
        if words[1] == "buy":
            where = f" into river {words[3]}" if len(words) > 3 else " onto your board"
            return f"Extra Weather Effect: pay 2 Deben for a Silt sphere{where}"
        if words[1] == "place":
            return f"Extra Weather Effect: put a Silt from your board into river {words[3]}"
    if head == "buy":
        return "buy no Building" if rest == "nothing" else f"buy Building {_building(rest)}"
    if head in ("activate", "decorate") and len(words) == 2 and words[1] in SPHINX_FACES:
        verb = "use your Sphinx" if head == "activate" else "use, for free, the Sphinx space"
        return f"{verb} {_face(words[1])}"
    if head == "merchant" and words[1] == "space" and state is not None:
        k = int(words[2]) - 1
        a, b = market_layout(state).beside(k)
        moved = f" (moved {' '.join(words[3:])})" if len(words) > 3 else ""
        return f"Merchant on Market space {k + 1}, between the {a.label} and {b.label} stalls{moved}"
    if head == "take" and rest.isdigit() and state is not None:
        carried = dict(state.nile).get(int(rest))
        return f"take card {rest} from the Nile" + (f" and the {carried.label} on it" if carried else "")
    if head == "trade":
        return f"Trade: put 1 {words[1].capitalize()} in the warehouse, take the resources of your two stalls"
    if move == "collect":
        return "Collect: take everything in the warehouse; every other Merchant takes 1 resource"
    if head == "offer" and rest != "pass":
        return f"offer {rest.replace(',', ', ')} to the Pharaoh: behind your screen, for points now"
    if head == "harvest":
        return "harvest nothing" if rest == "nothing" else f"harvest the field(s) {rest.replace(',', ', ')}"
    if head == "farmer" and len(words) >= 2 and words[1] in FIELDS:
        return f"put a Farmer in the {_field(words[1])}" + (f" ({' '.join(words[2:])})" if len(words) > 2 else "")
    if head == "sphinx" and words[1] == "space" and state is not None:
        face = state.sphinx[int(words[2]) - 1]
        return f"build a Sphinx on space {words[2]}: {_face(face)}"
    if head == "builder" and len(words) >= 2:
        moved = f" (moved {' '.join(words[3:])})" if len(words) > 3 else ""
        return {
            "place": "put a Builder on the bottom Building space" + moved,
            "advance": "move your Builder up 1 space",
            "stay": "leave your Builder where it is",
            "pass": "do not use the Builder",
        }.get(words[1], move)
    if head == "priest" and len(words) >= 4:
        new = words[1] == "enters"
        temple, steps = (words[2], words[3]) if new else (words[1], words[2])
        paid = move.split(" pay ", 1)[1].split(" ")[0].replace(",", ", ") if " pay " in move else "nothing"
        who = "a new Priest enters" if new else "your Priest climbs in"
        return f"{who} the Temple of {temple}, {steps.lstrip('+')} step(s), paying {paid}"
    return move


def _colour(code: str) -> str:
    return {"S": "Sun", "W": "Water"}.get(code, code)


RIVER_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}


def _field(code: str) -> str:
    side, _, crop = code.partition("-")
    return f"{crop.capitalize()} field on the {RIVER_NAMES.get(side, side)} river"


def _workers(state, seat: int) -> str:
    p = state.players[seat]
    return f"{free_workers(state, seat)} free, {len(p.locked)} locked"


def _player_facts(state, seat: int, viewer: int | None) -> dict[str, str]:
    p = state.players[seat]
    mine = viewer is None or viewer == seat
    facts = {
        "score": str(p.score),
        "resources": _res(p.reserve),
        "Deben": str(p.deben),
        "Silt on the board": str(p.silt),
        "Workers": _workers(state, seat),
        "Farmers": ", ".join(p.farmers) or "none",
        "Merchant": "-" if p.merchant is None else f"Market space {p.merchant + 1}",
        "Builder": "-" if p.builder is None else f"Building space {p.builder}",
        "Sphinxes built": str(p.sphinxes),
        "Buildings": ", ".join(p.buildings) or "none",
        "behind the screen": _res(p.screen) if mine else f"{p.screen.total} resource(s)",
        "hand": " ".join(map(str, p.hand)) if mine else f"{len(p.hand)} cards",
        "Priest cards": (" ".join(map(str, p.priest_cards)) or "none") if mine else str(len(p.priest_cards)),
    }
    return facts


def _board_facts(state) -> dict[str, str]:
    return {
        "pyramid": str(state.pyramid),
        "Market warehouse": _res(state.market),
        "Building row": " ".join(b or "-" for b in state.row),
        "Sphinx avenue": " ".join(
            f"{f}({state.players[o].name})" for f, o in zip(state.sphinx, state.sphinx_owner) if f and o is not None
        )
        or "no Sphinx built",
        "Temples": str(state.temples),
    }


def changes(before, after, viewer: int | None = None) -> list[tuple[str, str, str, str]]:
    """What differs between two states, as ``viewer`` (a seat, or None for everything) may see it:
    ``(whose, what, before, after)`` rows, the board first (``whose`` is ``"board"``), then the players."""
    rows = []
    for (what, old), new in zip(_board_facts(before).items(), _board_facts(after).values()):
        if old != new:
            rows.append(("board", what, old, new))
    for seat, p in enumerate(after.players):
        old_facts, new_facts = _player_facts(before, seat, viewer), _player_facts(after, seat, viewer)
        for what, old in old_facts.items():
            if old != new_facts[what]:
                rows.append((p.name, what, old, new_facts[what]))
    return rows


def changes_table(rows) -> str:
    """``changes`` rows as a small HTML table (or a sentence when nothing changed)."""
    if not rows:
        return "<i>Nothing has changed yet.</i>"
    body = "".join(
        f"<tr><td>{escape(who)}</td><td>{escape(what)}</td><td style='color:#6d6d6d'>{escape(old)}</td>"
        f"<td><b>{escape(new)}</b></td></tr>"
        for who, what, old, new in rows
    )
    return (
        "<table class='tameri-changes' style='border-collapse:collapse;font-size:13px;max-width:100%'>"
        "<tr><th style='text-align:left;padding-right:10px'>whose</th><th style='text-align:left;"
        "padding-right:10px'>what</th><th style='text-align:left;padding-right:10px'>before</th>"
        f"<th style='text-align:left'>now</th></tr>{body}</table>"
    )


def default_picture(state, seat: int | None) -> str:
    """The whole board as ``seat`` sees it (HTML): :func:`tameri_kit.game.core.board_view.board_html` - other players'
    hands, screens and face-down cards left out."""
    return board_html(state, seat)


# ----------------------------------------------------------------------------------------------------------------
# the widget
# ----------------------------------------------------------------------------------------------------------------
class DecisionExplorer:
    """Choose one of the legal decisions, press *Do it*, and see the events (with their rules), what changed, and
    the board before and after.  *Start again* goes back to the first position.

    ``state``: a :class:`~tameri_kit.game.GameState` (e.g. :func:`action_position`'s); ``seat``: the player whose
    view is drawn (a name or a seat number).  Chance (a card drawn ...) is drawn from ``random.Random(seed)``.
    The learner decides for whoever the game asks; the status line names them.  ``picture(state, seat) -> html``
    draws the board (default: :func:`default_picture`).  ``until(state)`` says when the part of the game to explore
    is over (default: when nothing is asked any more; :func:`turn_over` stops at the end of the turn).
    """

    def __init__(
        self,
        state,
        seat: str | int,
        *,
        seed: int = 0,
        picture: Callable | None = None,
        title: str = "",
        until: Callable[[object], bool] | None = None,
    ):
        self.start = state
        self.until = until or (lambda s: s.top is None or s.is_terminal)
        self.seat = seat if isinstance(seat, int) else state.seat(seat)
        self.seed = seed
        self.picture = picture or default_picture
        self.rng = random.Random(seed)
        self.state = state
        self.history: list[tuple[str, list]] = []  # (decision text, its events) in order, chance included
        self.last_events: list = []
        self.last_decision = ""  # the last decision applied ("" at the start and after Start again)
        self.error = ""
        self.title_html = widgets.HTML(f"<b>{escape(title)}</b>" if title else "")
        self.status_html = widgets.HTML()
        self.decision_dropdown = widgets.Dropdown(
            description="Decision",
            options=[],
            style={"description_width": "initial"},
            layout=widgets.Layout(width="100%", max_width="940px"),
        )
        self.do_button = widgets.Button(
            description="Do it", button_style="primary", icon="play", tooltip="Apply the chosen decision"
        )
        self.restart_button = widgets.Button(
            description="Start again", icon="undo", tooltip="Back to the first position"
        )
        self.events_html = widgets.HTML(layout=widgets.Layout(max_width="100%"))
        self.changes_html = widgets.HTML(layout=widgets.Layout(max_width="100%"))
        self.picture_toggle = widgets.ToggleButtons(
            options=["hide", "now", "before"],
            value="hide",
            description="Board",
            tooltips=[
                "no board picture (it opens after your first decision)",
                "the board after your decisions",
                "the board of the first position",
            ],
        )
        self.picture_html = widgets.HTML(layout=widgets.Layout(max_width="100%", overflow="auto"))
        self.do_button.on_click(lambda _button: self.do())
        self.restart_button.on_click(lambda _button: self.restart())
        self.picture_toggle.observe(lambda _change: self._draw(), names="value")
        self.box = widgets.VBox(
            [
                self.title_html,
                self.status_html,
                self.decision_dropdown,
                widgets.HBox([self.do_button, self.restart_button], layout=widgets.Layout(flex_flow="row wrap")),
                widgets.HTML("<b>What happened</b>"),
                self.events_html,
                widgets.HTML("<b>What changed</b>"),
                self.changes_html,
                self.picture_toggle,
                self.picture_html,
            ],
            layout=widgets.Layout(max_width="100%", border="1px solid #c8c8c8", padding="6px 10px"),
        )
        self.box.add_class("tameri-decisions")
        self._refresh()

    # -- the decisions -------------------------------------------------------------------------------------------
    @property
    def legal(self) -> list:
        """The decisions open now (empty when this part of the turn is over)."""
        if self.until(self.state) or self.state.is_chance:
            return []
        return legal_actions(self.state)

    @property
    def done(self) -> bool:
        return not self.legal

    def options(self) -> list[tuple[str, str]]:
        """``(label, decision text)`` for the dropdown: the decision, then what it means in words."""
        out = []
        for d in self.legal:
            gloss = describe(d.move, self.state)
            label = str(d) if gloss == d.move else f"{d}  \u2014  {gloss}"
            out.append((label, str(d)))
        return out

    def do(self, decision: str | None = None) -> bool:
        """Apply ``decision`` (text) or the chosen one, then any chance that follows; True when it was applied.
        An illegal decision changes nothing and its reason (with the rule) is shown."""
        text = self.decision_dropdown.value if decision is None else str(decision)
        if not text:
            self.error = "There is nothing to decide here any more: press Start again to try another way."
            self._refresh()
            return False
        before = self.state
        try:
            state = step(before, text)
        except TameriError as error:
            self.error = str(error)
            self.last_events, self.last_decision = [], ""  # an old result must not stand under a refusal
            self._refresh()
            return False
        self.error = ""
        self.last_decision = text
        self.history.append((text, new_events(before, state)))
        while state.is_chance and not self.until(state):
            draw = sample_chance(state, self.rng)
            after = step(state, draw)
            self.history.append((str(draw), new_events(state, after)))
            state = after
        self.last_events = [e for e in new_events(before, state) if e.seat is None or e.seat == self.seat]
        self.state = state
        if self.picture_toggle.value == "hide":
            self.picture_toggle.value = "now"  # the effect drawn: the board opens after the first decision
        self._refresh()
        return True

    def restart(self) -> None:
        """Back to the first position (chance is drawn again from the same seed)."""
        self.state, self.history, self.last_events, self.error, self.last_decision = self.start, [], [], "", ""
        self.rng = random.Random(self.seed)
        self._refresh()

    # -- what is shown -------------------------------------------------------------------------------------------
    def changes(self) -> list[tuple[str, str, str, str]]:
        """What differs between the first position and now, as the seat sees it."""
        return changes(self.start, self.state, self.seat)

    def _refresh(self) -> None:
        opts = self.options()
        self.decision_dropdown.options = opts
        self.decision_dropdown.value = opts[0][1] if opts else None
        self.decision_dropdown.disabled = self.do_button.disabled = not opts
        name = self.state.players[self.seat].name
        if self.error:
            status = f"<span style='color:#b71c1c'>Not done: {escape(self.error)}</span>"
        elif opts:
            who = self.state.to_move
            status = f"<b>{escape(who)}</b> decides ({len(opts)} legal decision{'s' if len(opts) != 1 else ''})" + (
                "" if who == name else f" &mdash; in this position you also decide for {escape(who)}"
            )
        else:
            status = "<b>This part of the turn is over.</b> Press <i>Start again</i> to try another decision."
        self.status_html.value = status
        self.events_html.value = self._what_happened(bool(opts))
        self.restart_button.disabled = not self.history and not self.error
        self.changes_html.value = changes_table(self.changes())
        self._draw()

    def _what_happened(self, open_decisions: bool) -> str:
        """What the last decision did: its events, or a sentence that says why there are none (never the hint for
        a first decision once one was made, and never the events of an earlier decision under a refusal)."""
        if self.error:
            return "<i>Nothing was done: the decision was refused (the reason is above).</i>"
        if not self.last_decision:
            return "<i>Choose a decision and press Do it.</i>" if open_decisions else "<i>Nothing to decide here.</i>"
        head = f"<div style='font-size:13px'>After <code>{escape(self.last_decision)}</code>:</div>"
        if not self.last_events:
            return head + "<i>no event to show: this decision changed nothing you can see.</i>"
        items = "".join(
            f"<li>{escape(e.text)} <i style='color:#555'>[{escape(e.rule)}]</i></li>" for e in self.last_events
        )
        return f"{head}<ul style='font-size:13px;margin:2px 0'>{items}</ul>"

    def _draw(self) -> None:
        choice = self.picture_toggle.value
        if choice == "hide":
            self.picture_html.value = ""
            return
        shown = self.start if choice == "before" else self.state
        self.picture_html.value = self.picture(shown, self.seat)

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.box)
