"""A complete position sampled from what one player may see: how a bot that does not peek fills the hidden parts.

Rulebook: Components and Game Setup (what each deck, pile and hand holds), Phases 2-3 (secret card choices), End of
the Season step 1 (the Priest card draft, Example 18), +1 Player Mode (the Ghost's deck), Offering to the Pharaoh
(what lies behind a screen).

:func:`determinize` is used by the kit's searching bots that play from their own view only: the ``expert`` bot
(:mod:`.expert_bot`) and OpenSpiel's ``ismcts`` (:mod:`tameri_kit.openspiel.bots`).  It reads the player's
:class:`~tameri_kit.game.play.bots.BotView` (the observation and the public counts) and nothing else.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING

from ...errors import TameriError
from ...rules.glyphs import Played
from ...rules.offering import Stock
from ..core.catalog import CARDS
from ..rules_of_play.ghost.model import GHOST_CARDS
from ..rules_of_play.gift_cards import is_gift
from ..rules_of_play.turn import face_down_price
from .engine import new_game
from .view import HIDDEN_CARD

if TYPE_CHECKING:
    from ..core.state import GameState
    from .seen import BotView


class DeterminizeError(TameriError):
    """A view whose hidden parts :func:`determinize` cannot fill (a secret it does not know how to sample)."""


# ----------------------------------------------------------------------------------------------------------------
# A world sampled from a player's view
# ----------------------------------------------------------------------------------------------------------------
def _draw(pool: list, count: int, rng: random.Random, what: str) -> list:
    if count > len(pool):
        raise DeterminizeError(f"{count} hidden {what} but only {len(pool)} unseen")
    picked = rng.sample(pool, count)
    for item in picked:
        pool.remove(item)
    return picked


def _card_of(played: Played) -> object:
    return played.card.number


def determinize(seen: BotView, rng: random.Random) -> GameState:
    """A complete position drawn from what ``seen``'s player may see (their :class:`BotView`): everything on the
    table, their own hand, screen, Priest cards and Gifts and their own secret choices as they are; every hidden
    part filled with things they have not seen, in the public numbers (``seen.counts``).

    Filled: the other players' hands (a secret card chosen in Phases 2 and 3 or kept in Season 0 is drawn from
    that hand, or for Season 0 from the unseen cards), their face-down cards, each deck's contents (cards of that
    deck's letter), the Priest pile and their Priest cards, the Gifts they hold and the Gift pile, the Building
    deck, the face-down Weather tiles, the Ghost's deck, and what lies behind their screens (a random mix of the
    public total).  A Priest card draft the player takes part in is seen whole (End of the Season, step 1): its
    cards are out of the pile, and the cards the others have kept in it are theirs.  "Unseen" means not on the
    table or in the player's hands now: a card seen earlier and since discarded may be drawn again (the view keeps
    no list of discards), and the mix behind a screen ignores what the log told of earlier Offerings - an
    approximation that never uses anything hidden.  A secret the sampler does
    not know (a Priest card draft of another player in progress) is a :class:`DeterminizeError`.
    """
    obs, counts, seat = seen.observation, seen.counts, seen.seat
    start = new_game(obs.settings)  # the decks as dealt (under a millisecond: not kept)
    # --- Action cards: by deck letter -------------------------------------------------------------------------
    letter_of = {number: letter for letter, numbers in start.decks for number in numbers}
    visible = Counter()
    for j, player in enumerate(obs.players):
        visible.update(_card_of(x) for x in player.row if x.card is not HIDDEN_CARD)
        if j == seat:
            visible.update(player.hand)
    visible.update(number for number, _ in obs.nile)
    for frame in obs.stack:
        if frame.kind == "season_zero_pick":
            visible.update(frame.kept[seat])
    unseen = [number for number in letter_of if number not in visible]
    decks = []
    for letter, _ in obs.decks:
        of_letter = [number for number in unseen if letter_of[number] == letter]
        drawn = _draw(of_letter, counts["decks"][letter], rng, f"cards of deck {letter}")
        unseen = [number for number in unseen if number not in drawn]
        decks.append((letter, tuple(sorted(drawn))))
    rng.shuffle(unseen)
    players = list(obs.players)
    hands = {}
    for j, player in enumerate(players):
        if j == seat or j >= obs.settings.humans:
            continue
        hand = tuple(sorted(_draw(unseen, counts["hands"][player.name], rng, "hand cards")))
        row = tuple(
            Played(CARDS[_draw(unseen, 1, rng, "face-down cards")[0]], True) if x.card is HIDDEN_CARD else x
            for x in player.row
        )
        hands[j] = hand
        players[j] = player.but(hand=hand, row=row)
    stack = []
    for frame in obs.stack:
        if frame.kind == "season_zero_pick":
            size = len(frame.kept[seat])
            kept = tuple(
                x if j == seat else tuple(sorted(_draw(unseen, size, rng, "kept cards")))
                for j, x in enumerate(frame.kept)
            )
            picks = tuple(rng.choice(hands[j]) if x == "hidden" else x for j, x in enumerate(frame.picks))
            frame = frame.but(kept=kept, picks=picks)
        elif frame.kind == "choose":
            frame = frame.but(
                picks=tuple(rng.choice(hands[j]) if x == "hidden" else x for j, x in enumerate(frame.picks))
            )
        elif frame.kind == "reveal":
            cards = tuple(rng.choice(hands[j]) if x == "hidden" else x for j, x in enumerate(frame.cards))
            choices = tuple(  # a hidden choice: keep the card face down only if its Deben can be paid
                (players[j].deben < face_down_price(players[j]) or rng.random() < 0.5) if x == "hidden" else x
                for j, x in enumerate(frame.choices)
            )
            frame = frame.but(cards=cards, choices=choices)
        elif frame.kind == "draft" and frame.player != seat:
            raise DeterminizeError("another player's Priest card draft is in progress")
        stack.append(frame)
    # --- Priest cards and Gifts -------------------------------------------------------------------------------
    mine = obs.players[seat]
    priests = list(start.priest_pile)
    gifts = [gift for gift in start.gift_pile if gift not in mine.gifts]
    # a draft the player takes part in is seen whole: every card drawn for it (the hand passed on and the cards
    # kept are among them) is out of the pile, and each card kept so far is already its keeper's (pick k is made
    # by order[k]: Example 18)
    kept: dict[int, list] = {}
    for frame in obs.stack:
        if frame.kind == "draft":
            for card in frame.drawn:
                for pool in (priests, gifts):
                    if card in pool:
                        pool.remove(card)
            for keeper, card in zip(frame.order, frame.picks):
                kept.setdefault(keeper, []).append(card)
    for card in mine.priest_cards:
        if card in priests:
            priests.remove(card)
    for j, player in enumerate(players):  # the Ghost too: it may hold Priest cards (+1 Player Mode), face down
        if j == seat:
            continue
        known = kept.get(j, [])
        known_priests = [card for card in known if not is_gift(card)]
        known_gifts = [card for card in known if is_gift(card)]
        hidden_priests = counts["priest_cards"][player.name] - len(known_priests)
        priest_cards = tuple(sorted(known_priests + _draw(priests, hidden_priests, rng, "Priest cards")))
        hidden_gifts = counts["gifts"][player.name] - len(known_gifts)
        held = tuple(sorted(known_gifts + _draw(gifts, hidden_gifts, rng, "Gifts")))
        total = counts["screens"][player.name]
        cuts = sorted(rng.randint(0, total) for _ in range(3))
        parts = [b - a for a, b in zip([0, *cuts], [*cuts, total])]
        screen = Stock(barley=parts[0], papyrus=parts[1], flax=parts[2], fruit=parts[3])
        players[j] = players[j].but(priest_cards=priest_cards, gifts=held, screen=screen)
    priest_pile = tuple(sorted(_draw(priests + gifts, counts["priest_pile"], rng, "Priest pile cards"), key=str))
    # --- the Building deck, Weather tiles, the Ghost's deck -----------------------------------------------------
    shown = Counter(x for x in obs.row if x is not None)
    for player in obs.players:
        shown.update(player.buildings)
    buildings = list((Counter(start.building_pool + start.building_bottom) - shown).elements())
    building_pool = tuple(sorted(_draw(buildings, counts["building_deck"], rng, "Building cards"), key=str))
    tiles = [tile for tile in start.tiles if tile != obs.tile]
    tiles = tuple(sorted(_draw(tiles, counts["weather_tiles"], rng, "Weather tiles")))
    ghost = obs.ghost
    if ghost is not None:
        left = [card for card in sorted(GHOST_CARDS) if card not in ghost.discards and card != ghost.card]
        ghost = ghost.but(pile=tuple(sorted(_draw(left, counts["ghost_deck"], rng, "Ghost cards"))))
    return obs.but(
        players=tuple(players),
        decks=tuple(decks),
        priest_pile=priest_pile,
        gift_pile=tuple(sorted(gifts)),
        building_pool=building_pool,
        building_bottom=(),
        tiles=tiles,
        stack=tuple(stack),
        ghost=ghost,
    )
