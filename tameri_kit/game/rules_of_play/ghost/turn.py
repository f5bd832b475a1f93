"""The Ghost's turn and its chance nodes.

Rulebook: +1 Player Mode, Game Rounds: Phases 1-3 (nothing happens to the Ghost; it chooses no card and always
plays last) and Phase 4 (the Nile card by Season, its resource behind the screen, 2 points for a completed left
glyph, its weather effects, both actions top to bottom); Possible Actions, general rule (one Ghost card per turn,
discarded at the end of the turn).  Every step here is automatic; every random thing is a chance node listed with
its outcomes.  Readings X4-X6 of ``docs/ambiguities.md``.
"""

from __future__ import annotations

import numbers
from typing import Any

from ....errors import StateError
from ....rules.action_cards import Action, ActionCard, CardWeather
from ....rules.common import RAMPS, Sphere
from ....rules.glyphs import CARDS_PER_SEASON, Played, ghost_glyph_points
from ....rules.pyramid import RIVER_SPACES
from ...core.catalog import CARDS, Rule
from ...core.frames import AutoStep, DrawGhostCard, Frame, GhostSilt, RemoveSphere
from ...core.working import AnyState, WorkingGame, gain_points
from .model import GHOST_CARDS
from ...._fast import remembered

SEASON_PICK = {1: "lowest", 2: "middle", 3: "highest"}


# --- Phase 4 ----------------------------------------------------------------------------------------------------
def nile_pick(nile: tuple, season: int) -> int | None:
    """Phase 4 (Ghost): the lowest card in Season 1, the middle one in Season 2, the highest in Season 3.  With an
    even number of cards left the middle is the lower of the two middle cards (reading X4; the text expects 3).
    ``nile``: ``(card number, resource or None)`` pairs; ``None`` for an empty Nile.  Another Season (the Ghost
    has no turn in Season 0) raises :class:`~tameri_kit.errors.StateError`."""
    whole = type(season) is int or (not isinstance(season, bool) and isinstance(season, numbers.Integral))
    if not whole or season not in SEASON_PICK:  # (an int first: the Integral check runs Python code)
        raise StateError(
            f"nile_pick: the Ghost takes a Nile card in Seasons 1, 2 and 3 (+1 Player Mode, Phase 4 a-c), "
            f"not in Season {season!r}"
        )
    try:
        cards = sorted(number for number, _ in nile)
    except (TypeError, ValueError):
        raise StateError(
            f"nile_pick: the Nile is a sequence of (card number, resource or None) pairs, not {nile!r}"
        ) from None
    if not cards:
        return None
    return {1: cards[0], 2: cards[(len(cards) - 1) // 2], 3: cards[-1]}[int(season)]


def start_ghost_turn(game: WorkingGame, seat: int) -> None:
    """+1 Player Mode, Phase 4: after the last human's turn the Ghost takes a Nile card, places it on its board,
    its resource behind the screen (no points), scores 2 points for a completed left glyph, applies the card's
    weather effects and then performs both actions, top to bottom, whatever the glyphs."""
    game.used = ()
    name = game.name_of(seat)
    rule = Rule.GHOST_TURN
    number = nile_pick(game.nile, game.season)
    if number is not None and len(game.player_at(seat).row) >= CARDS_PER_SEASON:  # reading X15
        raise StateError(
            f"the Ghost's turn (Phase 4): its board already holds {len(game.player_at(seat).row)} cards, so card "
            f"{number} has no free space; in a game the Season ends when a board holds {CARDS_PER_SEASON} cards "
            "(Phase 5) - a state built by hand?"
        )
    game.log_event(f"{name}'s turn (it always plays last)", Rule.GHOST_ROUNDS + ", Phase 3")
    if number is None:
        game.log_event(f"The Nile is empty: {name} takes no card", rule)
        game.schedule(*ghost_turn_end(seat))
        return
    resource = dict(game.nile)[number]
    game.nile = tuple(c for c in game.nile if c[0] != number)
    card = CARDS[number]
    player = game.player_at(seat)
    before = player.row[-1].right if player.row else frozenset({player.glyph})
    if player.row and game.settings.glyphs.board_completes == "every":
        before = before | {player.glyph}
    game.set_player(seat, row=player.row + (Played(card),))
    game.ghost = game.ghost.but(using=number)
    game.log_event(
        f"{name} takes card {number}, the {SEASON_PICK[game.season]} in the Nile (Season {game.season}), and places "
        f"it in space {len(player.row) + 1} of its board",
        rule,
    )
    if resource is not None:
        player = game.player_at(seat)
        game.set_player(seat, screen=player.screen.plus([resource]))
        game.log_event(f"The {resource.label} on card {number} goes behind {name}'s screen (no points)", rule)
    points = ghost_glyph_points(card, before)
    if points:
        gain_points(game, seat, points, f"card {number} completes a glyph on its left", rule)
    frames = []
    for effect in card.weather:
        if effect is CardWeather.GAIN_SILT:
            frames.append(silt_frame(game, f"card {number}'s Silt"))
        else:
            last_human = [s for s in game.order if s != seat][-1]
            colour = {"remove_sun": "S", "remove_water": "W", "remove_any": "any"}[effect.value]
            game.log_event(
                f"Card {number} shows '{effect.label}': {game.name_of(last_human)}, last in turn order, decides "
                "whether to apply it",
                rule,
            )
            frames.append(RemoveSphere(last_human, colour=colour, why=f"the Ghost's card {number}", cited=rule))
    actions = card.top + card.bottom
    frames += [ghost_action_step(action._value_, f"card {number}") for action in actions]
    frames += ghost_turn_end(seat)
    game.schedule(*[f for f in frames if f is not None])


def end_ghost_turn(game: WorkingGame, seat: int) -> None:
    """Possible Actions, general rule: at the end of the Ghost's turn its Ghost card is discarded."""
    discard_ghost_card(game)
    game.ghost = game.ghost.but(using=None)


def discard_ghost_card(game: WorkingGame) -> None:
    """+1 Player Mode, Possible Actions (general rule): the Ghost card drawn this turn is discarded at the end of the
    turn."""
    ghost = game.ghost
    if ghost is not None and ghost.card is not None:
        game.ghost = ghost.but(card=None, discards=ghost.discards + (ghost.card,))
        game.log_event(f"Ghost card {ghost.card} is discarded", Rule.GHOST_ACTIONS + ", general rule")


def silt_frame(game: WorkingGame, why: str) -> Frame | None:
    """A Silt sphere put into the Pyramid (Phase 4 a; Ghost Temple Effects: Silt): the ramp it falls on is a chance
    node, 1/4 each (reading W7), and it goes to that ramp's river (reading X5); none left in the supply: nothing."""
    if game.pyramid.supply(Sphere.SILT) <= 0:
        game.log_event(f"No Silt sphere is left in the supply ({why})", Rule.GHOST_TURN)
        return None
    return GhostSilt(why=why)


def schedule_ghost_card(game: WorkingGame, why: str) -> None:
    """Draw a Ghost card (a chance node); an empty deck is first made again from the discards (reading X3).  With
    no card in the deck nor the discards (a hand-built state) it raises :class:`~tameri_kit.errors.StateError`
    instead of waiting for a draw that cannot come (reading X15)."""
    ghost = game.ghost
    if not ghost.pile and not ghost.discards:  # reading X15: cannot arise in a game (10 cards, one in use at most)
        raise StateError(
            f"the Ghost must draw a Ghost card ({why}), but its deck and its discards are both empty; in a game the "
            f"{len(GHOST_CARDS)} Ghost cards are always in the deck, the discards or in use - a state built by hand?"
        )
    if not ghost.pile:
        game.ghost = ghost.but(pile=tuple(sorted(ghost.discards)), discards=())
        game.log_event("The Ghost deck is empty: its discards are shuffled into a new deck", Rule.GHOST_ACTIONS)
    game.schedule(DrawGhostCard(why=why))


def single_action(card: ActionCard) -> Action:
    """Ghost Actions: Temple card - the action on the half of the card that shows only one (reading D5: every
    Temple card shows 2 actions on one half and 1 on the other; with no such half, the top's first: reading X6)."""
    for half in (card.top, card.bottom):
        if len(half) == 1:
            return half[0]
    return (card.top + card.bottom)[0]


# --- the chance nodes -------------------------------------------------------------------------------------------
def ghost_chance_outcomes(state: AnyState, frame: Frame) -> list[tuple[str, object, int]]:
    """(move, payload, weight) of the Ghost's chance nodes, sorted by move."""
    kind = frame.kind
    if kind == "draw_ghost":
        return sorted(((f"ghost card {card}", card, 1) for card in state.ghost.pile), key=lambda x: x[0])
    if kind == "ghost_silt":
        return [(f"silt falls {ramp.value}", ramp, 1) for ramp in sorted(RAMPS, key=lambda r: r.value)]
    if kind == "ghost_temple_card":
        # Ghost Actions, Temple card, note: a promo card revealed is shuffled back and the next card revealed, so the
        # card the Ghost uses is any other card of the deck, each as likely (reading X14)
        cards = [n for n in state.deck("E") if CARDS[n].deck != "promo"] or list(state.deck("E"))
        return sorted(((f"temple card {n}", n, 1) for n in cards), key=lambda x: x[0])
    raise AssertionError(kind)


def apply_ghost_chance(game: WorkingGame, frame: Frame, choice: Any) -> None:
    """Play the chance outcome of one of the Ghost's chance nodes (+1 Player Mode): a Ghost card drawn, where a Silt
    sphere put into the Pyramid falls (it goes to that river, or back to the supply when the river is full), or the
    Temple card the Ghost reveals and performs."""
    kind = frame.kind
    if kind == "draw_ghost":
        ghost = game.ghost
        game.ghost = ghost.but(pile=tuple(c for c in ghost.pile if c != choice), card=choice)
        card = GHOST_CARDS[choice]
        game.log_event(
            f"Ghost card {choice} is drawn ({frame.why}): field {card.field}, Temples "
            f"{', '.join(card.temples)}, Sphinx space {card.sphinx}",
            Rule.GHOST_ACTIONS + ", general rule",
        )
    elif kind == "ghost_silt":
        ramp = choice
        river = game.pyramid.river(ramp)
        if river < RIVER_SPACES:
            game.pyramid = game.pyramid.with_river(ramp, river + 1)
            where = f"goes to the {ramp.label} river"
        else:
            where = "finds the river full and returns to the supply"
        game.log_event(
            f"A Silt sphere is put into the Pyramid ({frame.why}): it falls on the {ramp.label} ramp and {where}",
            Rule.GHOST_TURN,
        )
    elif kind == "ghost_temple_card":
        number = choice
        game.decks = tuple(
            (d, tuple(c for c in cards if c != number)) if d == "E" else (d, cards) for d, cards in game.decks
        )
        action = single_action(CARDS[number])
        game.log_event(
            f"The Ghost reveals Temple card {number} ({frame.why}): it performs the half with one action, "
            f"{action.label}; the card is discarded"
            + (
                "; a promo card 0 or \u221e revealed would be shuffled back (reading X14)"
                if game.settings.promo
                else ""
            ),
            Rule.GHOST_TEMPLE_CARD,
        )
        game.schedule(ghost_action_step(action._value_, f"Temple card {number}"))
    else:
        raise AssertionError(kind)


@remembered(size=None)
def ghost_turn_end(seat: int) -> tuple[Frame, Frame]:
    """The last two steps of the Ghost's turn: its own end (the Ghost card discarded) and the turn's end - the same
    frozen frames every turn, so made once (issue 34)."""
    return AutoStep(step="ghost_turn_end", arguments=(seat,)), AutoStep(step="turn_end", arguments=(seat,))


@remembered(size=None)
def ghost_action_step(action: str, why: str) -> Frame:
    """The automatic step of one Ghost action (``action``: its name) for ``why`` (the card that gives it) - a frozen
    frame, the same each time a card gives its actions, so made once (issue 34; a few hundred at most)."""
    return AutoStep(step="ghost_action", arguments=(action, why))
