"""The Sphinx action: pay 1 Fruit, place a Sphinx on an empty space of the Avenue (while one is left), then activate
every Sphinx of the player's in the Avenue, in the order the player chooses.

Rulebook: Possible Actions: Sphinx (Example 12); Sphinx Effects.
"""

from __future__ import annotations

from typing import Any

from ....rules.action_cards import Action
from ....rules.common import Resource
from ....rules.offering import Stock
from ...core.catalog import SPHINX_SPACES, SUPPLY, Rule
from ...core.choices import Payment
from ..game_effects import can_use_effect, score_action_points
from ...core.frames import Frame, SphinxAction, UseSphinxEffect, plays
from ..payments import pay_options, stock_text, substitutes_for
from ...core.working import AnyState, WorkingGame, pay_resources


#: Possible Actions: Sphinx, part 1: what the action costs (1 Fruit, returned to the supply)
SPHINX_PRICE = (Resource.FRUIT,)


# --- building a Sphinx: the one owner, also for Gift GG11 and the Ghost ----------------------------------------------
def sphinxes_left(state: AnyState, seat: int) -> int:
    """Components and Possible Actions: Sphinx, part 2: how many of the player's Sphinxes are not in the Avenue yet
    (each player has ``SUPPLY.sphinxes_per_player``, the Ghost too)."""
    return SUPPLY.sphinxes_per_player - state.players[seat].sphinxes


def can_build_sphinx(state: AnyState, seat: int) -> bool:
    """Possible Actions: Sphinx, part 2 (and Gift GG11): the player still has a Sphinx to place and the Avenue an
    empty space for it; otherwise the step is skipped."""
    return sphinxes_left(state, seat) > 0 and None in state.sphinx_owner


def sphinx_space_moves(state: AnyState) -> list[tuple[str, int]]:
    """Possible Actions: Sphinx, part 2 (and Gift GG11): each empty space of the Avenue as a move
    (``"sphinx space 4"``, the space's 0-based index)."""
    return [(f"sphinx space {k + 1}", k) for k in range(SPHINX_SPACES) if state.sphinx_owner[k] is None]


def build_sphinx(game: WorkingGame, seat: int, space: int) -> None:
    """Possible Actions: Sphinx, part 2: one of the player's Sphinxes placed on the empty Avenue space ``space``
    (0-based), where it stays until the end of the game.  The Sphinx action, Gift GG11 and the Ghost's Sphinx action
    all build through it; each logs the event in its own words."""
    game.sphinx_owner = game.sphinx_owner[:space] + (seat,) + game.sphinx_owner[space + 1 :]
    game.set_player(seat, sphinxes=game.player_at(seat).sphinxes + 1)


# --- Sphinx and Decoration ----------------------------------------------------------------------------------------
def sphinx_payments(state: AnyState, seat: int) -> list[tuple[str, Any]]:
    """Possible Actions: Sphinx, part 1: the ways to pay the Fruit (the substitution Buildings C1-C5 included), or
    nothing with B5 (Paved Avenue)."""
    player = state.players[seat]
    out = [
        (f"pay {stock_text(paid)}", Payment(paid, effects_used))
        for paid, (effects_used, _) in pay_options(player.reserve, SPHINX_PRICE, substitutes_for(state, seat)).items()
    ]
    free = can_use_effect(state, seat, Action.SPHINX, "free fruit")
    if free:
        out.append((f"pay nothing ({free})", Payment(Stock(), (free,))))
    return out


def legal(state: AnyState, frame: Frame) -> list[tuple[str, Any]]:
    """Possible Actions: Sphinx: the Fruit's payments, then the empty Avenue spaces, then the player's own Sphinxes
    not yet activated in this action (and ``activate done``)."""
    seat = frame.player
    stage, done = frame.stage, frame.activated
    if stage == "pay":
        return sphinx_payments(state, seat)
    if stage == "place":
        return sphinx_space_moves(state)
    mine = [k for k in range(SPHINX_SPACES) if state.sphinx_owner[k] == seat and k not in done]
    return [(f"activate {state.sphinx[k]}", k) for k in mine] + [("activate done", None)]


def apply(game: WorkingGame, frame: Frame, choice: Any) -> None:
    """Possible Actions: Sphinx - pay a Fruit (B5), build a Sphinx, activate yours (Example 12); B4."""
    seat = frame.player
    stage, done = frame.stage, frame.activated
    R = Rule.SPHINX
    if stage == "pay":
        paid, effects_used = choice.paid, choice.effects_used
        pay_resources(game, seat, paid)
        for e in effects_used:
            game.use(seat, e)
        game.log_event(
            f"{game.name_of(seat)} pays {stock_text(paid)} for the Sphinx action"
            + (f" (using {', '.join(effects_used)})" if effects_used else ""),
            R,
        )
        score_action_points(game, seat, Action.SPHINX)
        if can_build_sphinx(game, seat):
            game.replace_top(frame.but(stage="place"))
        else:
            game.replace_top(frame.but(stage="activate"))
        return
    if stage == "place":
        k = choice
        build_sphinx(game, seat, k)
        game.log_event(f"{game.name_of(seat)} builds a Sphinx on space {k + 1} ({game.sphinx[k]})", R + " (Example 12)")
        game.replace_top(frame.but(stage="activate"))
        return
    if choice is None:
        game.pop()
        return
    game.replace_top(frame.but(stage="activate", activated=done + (choice,)))
    game.schedule(UseSphinxEffect(seat, face=game.sphinx[choice]))


# --- the grammar and why a move is not allowed (public information only) ------------------------------------------
def grammar(state: AnyState, frame: Frame) -> list[str]:
    """Paying the Fruit itself; any space of the Avenue; activating any face of the Avenue."""
    if frame.stage == "pay":
        return [f"pay {stock_text(Stock.of(SPHINX_PRICE))}"]
    if frame.stage == "place":
        return every_sphinx_space()
    return [f"activate {face}" for face in state.sphinx] + ["activate done"]


def every_sphinx_space() -> list[str]:
    """Every space of the Avenue of Sphinxes, as a move (the Sphinx action; Gift GG11)."""
    return [f"sphinx space {k + 1}" for k in range(SPHINX_SPACES)]


def why_not_sphinx_space(state: AnyState, seat: int, move: str) -> str | None:
    """Possible Actions: Sphinx - a Sphinx goes on an empty space and stays there until the end of the game."""
    words = move.split()
    if len(words) != 3 or not words[2].isdigit() or not 1 <= int(words[2]) <= SPHINX_SPACES:
        return None
    owner = state.sphinx_owner[int(words[2]) - 1]
    if owner is None:
        return None
    whose = "your" if owner == seat else f"{state.players[owner].name}'s"
    return f"{whose} Sphinx stands on space {words[2]} ({state.sphinx[int(words[2]) - 1]}), and a Sphinx stays put ({Rule.SPHINX})"


def why_not(state: AnyState, frame: Frame, move: str) -> str | None:
    """Possible Actions: Sphinx (Example 12) - the Fruit paid from what you have, an empty space, your own Sphinxes
    activated once each."""
    seat = frame.player
    if frame.stage == "pay" and move.startswith("pay ") and state.players[seat].reserve[Resource.FRUIT] == 0:
        return "you have no Fruit: pay the way a Building of yours allows"
    if frame.stage == "place":
        return why_not_sphinx_space(state, seat, move)
    face = move.removeprefix("activate ")
    if frame.stage != "activate" or face not in state.sphinx:
        return None
    space = state.sphinx.index(face)
    if state.sphinx_owner[space] != seat:
        return f"no Sphinx of yours stands on {face}: this action activates your own (Decoration activates any)"
    if space in frame.activated:
        return f"you have activated your Sphinx on {face} in this action already"
    return None


plays(
    SphinxAction,
    legal=legal,
    apply=apply,
    grammar=grammar,
    why_not=why_not,
    groups={"pay": "Pay", "sphinx": "Sphinx space", "activate": "Activate"},
)
