"""The Gifts of the Gods cards in a game: which cards, how they sit among the Priest cards, and their deal.

Rulebook: the Gifts of the Gods mini expansion - its overview, the two steps of its suggested preparation, and how
the cards are played.  A Gift is a Priest card (How to Play), written by its id (``"GG3"``); ordinary Priest cards
are numbers.
A player's Gifts are held in ``PlayerState.gifts``; with Recommended Preparation 2 (``gift_discards``) the
discarded Gifts join the Priest deck (``GameState.priest_pile``) and may be drawn like any Priest card.  The
effects of the cards are played in :mod:`tameri_kit.game.rules_of_play.gifts`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ...data.components import load_gifts
from ...data.loader import LazyMapping
from ...rules.components import PriestCard
from ..core.catalog import PRIESTS
from ..core.frames import DrawGift, Frame, KeepGift, plays
from ..core.settings import GIFTS_DEALT, Settings
from ..core.working import AnyState, WorkingGame

#: Every Gifts of the Gods card by id (gifts.toml; GG12-GG14 are illustrative: register D6).
GIFTS = LazyMapping(lambda: {gift.id: gift for gift in load_gifts()})
GIFT_RULE = "Gifts of the Gods"
PREPARATION = GIFT_RULE + ": Recommended Preparation"


def is_gift(card: Any) -> bool:
    """A Gifts of the Gods card (``"GG3"``) rather than an ordinary Priest card (a number)."""
    return isinstance(card, str)


def card_order(card: Any) -> tuple[int, int]:
    """Sort key of a Priest card or a Gift: ordinary Priest cards by number, then the Gifts by number."""
    return (1, int(card[2:])) if is_gift(card) else (0, card)


def sort_cards(cards: Iterable) -> tuple:
    """Priest cards and Gifts in their usual order (``card_order``: numbered Priest cards first, then the Gifts)."""
    return tuple(sorted(cards, key=card_order))


def gift_deck(settings: Settings) -> tuple[str, ...]:
    """The Gifts shuffled before Season 0 (Recommended Preparation 1): all 14 or the listed 11 (register D6)."""
    if not settings.gifts:
        return ()
    listed = settings.gift_cards == "listed"
    return tuple(gift.id for gift in load_gifts(listed_only=listed))


def gift_text(card: str) -> str:
    """A Gift of the Gods as the log names it: its id and its effect (Mini Expansion Set: Card List)."""
    return f"Gift of the Gods {card} ({GIFTS[card].effect})"


def priest_card_text(card: Any) -> str:
    """How a Priest card or a Gift reads in the log (private events)."""
    return gift_text(card) if is_gift(card) else str(PRIESTS[card])


def draft_card(card: Any) -> PriestCard:
    """The card the rules' draft (rules.priest_draft) is given: a Gift is worth no points (How to Play)."""
    return PriestCard(card, 0, None, GIFTS[card].source) if is_gift(card) else PRIESTS[card]


def add_priest_card(game: WorkingGame, seat: int, card: Any) -> None:
    """A Priest card or a Gift joins the player's hand of Priest cards (kept secret: Priest Cards)."""
    player = game.player_at(seat)
    if is_gift(card):
        game.set_player(seat, gifts=sort_cards(player.gifts + (card,)))
    else:
        game.set_player(seat, priest_cards=tuple(sorted(player.priest_cards + (card,))))


# ----------------------------------------------------------------------------------------------------------------
# Recommended Preparation: deal 3 face down to each player, who keeps 1 (chance: one card drawn at a time)
# ----------------------------------------------------------------------------------------------------------------
def preparation_frames(settings: Settings) -> list[Frame]:
    """Recommended Preparation 1 (before Season 0): 3 Gifts dealt to each player, then each keeps 1."""
    if not settings.gifts:
        return []
    humans = settings.humans  # the Ghost of the +1 Player Mode is dealt no Gifts (reading X13)
    draws = [DrawGift(seat=seat) for seat in range(humans) for _ in range(GIFTS_DEALT)]
    return draws + [KeepGift(seat) for seat in range(humans)]


def gift_draw_outcomes(state: AnyState) -> list[tuple[str, object, int]]:
    """The chance outcomes of dealing one Gift: every undealt card equally likely."""
    return sorted(((f"gift {card}", card, 1) for card in state.gift_pile), key=lambda outcome: outcome[0])


def apply_gift_draw(game: WorkingGame, frame: Frame, card: str) -> None:
    """Mini Expansion Set, Recommended Preparation 1: ``card`` is dealt face down to the frame's seat (the others only
    see that a Gift was dealt)."""
    seat = frame.seat
    game.gift_pile = tuple(x for x in game.gift_pile if x != card)
    add_priest_card(game, seat, card)
    game.log_event(f"{game.name_of(seat)} is dealt a Gift of the Gods face down", PREPARATION + " 1")
    game.log_event(f"{game.name_of(seat)} is dealt {gift_text(card)}", PREPARATION + " 1", seat)


def legal_gift_keep(state: AnyState, frame: Frame) -> list[tuple[str, Any]]:
    """Mini Expansion Set, Recommended Preparation 1: ``keep gift GGn`` for each of the Gifts dealt (one is kept, the
    others are discarded unseen)."""
    return [(f"keep gift {card}", card) for card in state.players[frame.player].gifts]


def apply_gift_keep(game: WorkingGame, frame: Frame, card: str) -> None:
    """Recommended Preparation 1 and 2: keep 1 Gift, discard the others unseen; option 2 shuffles the discards
    into the Priest deck (``Settings.gift_discards``), otherwise they leave the game."""
    game.pop()
    seat = frame.player
    discarded = tuple(x for x in game.player_at(seat).gifts if x != card)
    game.set_player(seat, gifts=(card,))
    name = game.name_of(seat)
    game.log_event(f"{name} keeps {gift_text(card)}", PREPARATION + " 1", seat)
    if game.settings.gift_discards:
        game.priest_pile = sort_cards(game.priest_pile + discarded)
        where = "shuffled into the Priest deck"
        rule = PREPARATION + " 2"
    else:
        where = "out of the game"
        rule = PREPARATION + " 1"
    game.log_event(f"{name} keeps 1 Gift and discards {len(discarded)} face down: {where}", rule)
    if seat == game.settings.humans - 1 and game.gift_pile:
        game.log_event(f"The {len(game.gift_pile)} Gifts nobody was dealt are put away", PREPARATION + " 1")
        game.gift_pile = ()


plays(KeepGift, legal=legal_gift_keep, apply=apply_gift_keep, groups={"keep": "Gift to keep"})
