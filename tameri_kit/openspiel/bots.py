"""OpenSpiel's MCTS as Tameri bots: ``mcts`` (SEES HIDDEN INFORMATION) and ``ismcts`` (does not peek).

Rulebook: the whole game (the searchers play by the engine's legal decisions).  The search is OpenSpiel's
(``open_spiel.python.algorithms.mcts.MCTSBot``: UCT with random rollouts); this module gives it a position, reads
back how often it tried each decision.  :func:`.extra.load_search_bots` registers both kinds with
:func:`tameri_kit.game.play.bots.register_bot`; a name may carry the simulations per decision: ``"mcts:400"``,
``"ismcts:100"`` (default :data:`.extra.DEFAULT_SIMULATIONS`).

- ``mcts`` (:class:`MCTSPlayer`) **sees hidden information**: it is handed the whole state
  (:func:`tameri_kit.game.play.bots.decide`) and searches it, the other players' hands and the decks' contents included.
  Its label says so.  It measures what search can do, not what a player at the table may do.
- ``ismcts`` (:class:`ISMCTSPlayer`) **does not peek**: like the kit's own bots it gets only its
  :class:`~tameri_kit.game.play.bots.BotView`.  It samples :data:`WORLDS` complete positions from that view
  (:func:`determinize`) and splits its simulations among them (determinized MCTS, "perfect information Monte
  Carlo"); the decision tried most often over all of them is taken.  OpenSpiel's own IS-MCTS
  (``open_spiel.python.algorithms.ismcts``) would key its tree by information-state strings, which for Tameri are
  the whole log of the game so far, and a resampling function it needs is exactly :func:`determinize`; the
  determinized form uses OpenSpiel's plain MCTS and costs one string-free tree per sampled world.

Rollouts: random decisions and chance outcomes on the kit's own engine (no OpenSpiel round trip per step: the same
game, several times faster), cut after :data:`ROLLOUT_STEPS` entries.  The search plays for the win (the game is
loaded with ``returns="win"``: 1 shared among the winners); a rollout cut short is valued the same way, with the
player(s) ahead by the kit's position value (:func:`tameri_kit.game.play.bots.position_value`, the greedy bot's
evaluation) taking the win.  Seeded: a bot's ``random.Random(seed)`` draws its worlds and rollouts and OpenSpiel's
``numpy`` generator its tree choices, so the same seed and position give the same decision.
"""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

from ..errors import TameriError
from ..game import Decision, legal_actions, new_game, sample_chance, step
from ..game.play.bots import BotView, position_value
from ..game.rules_of_play.ghost.model import GHOST_CARDS
from ..game.rules_of_play.gift_cards import is_gift
from ..game.rules_of_play.turn import face_down_price
from ..game.play.view import HIDDEN_CARD
from ..game.core.catalog import CARDS
from ..rules.glyphs import Played
from ..rules.offering import Stock
from .game import SHORT_NAME, TameriState, parameters_of, tables

#: Entries of a random rollout before it is cut and valued by the position (a whole game is 300-700 entries).
ROLLOUT_STEPS = 30
#: The exploration constant of UCT (OpenSpiel's examples use 2 with returns in [0, 1]).
UCT_C = 2.0
#: Worlds sampled per decision by ``ismcts`` (its simulations are split among them; at most one world per
#: simulation).
WORLDS = 4


class DeterminizeError(TameriError):
    """A view whose hidden parts :func:`determinize` cannot fill (a secret it does not know how to sample)."""


def game_for(settings) -> pyspiel.Game:
    """The ``python_tameri`` game of these settings, returns ``"win"`` (under a millisecond to load: not kept)."""
    return pyspiel.load_game(SHORT_NAME, {**parameters_of(settings), "returns": "win"})


# ----------------------------------------------------------------------------------------------------------------
# The search
# ----------------------------------------------------------------------------------------------------------------
def lead_shares(state) -> list[float]:
    """A position valued as a win: 1 shared among the deciding players with the best kit position value (the
    greedy bot's evaluation, seen whole), 0 to the others."""
    humans = state.settings.humans
    values = [position_value(state, seat, None) for seat in range(humans)]
    best = max(values)
    ahead = [seat for seat, value in enumerate(values) if value >= best - 1e-9]
    return [1.0 / len(ahead) if seat in ahead else 0.0 for seat in range(humans)]


class KitRolloutEvaluator(mcts.Evaluator):
    """Random rollouts on the kit's engine (``rng``: a ``random.Random``), cut after ``max_length`` entries and
    valued by :func:`lead_shares`; a finished rollout by the game's returns (win shares)."""

    def __init__(self, rng: random.Random, max_length: int = ROLLOUT_STEPS):
        self.rng, self.max_length = rng, max_length

    def evaluate(self, state):
        position = state.tameri
        for _ in range(self.max_length):
            if position.is_terminal:
                break
            if position.is_chance:
                decision = sample_chance(position, self.rng)
            else:
                legal = legal_actions(position)
                decision = legal[self.rng.randrange(len(legal))]
            position = step(position, decision)
        if position.is_terminal:
            return np.array(TameriState(state.get_game(), position).returns())
        return np.array(lead_shares(position))

    def prior(self, state):
        if state.is_chance_node():
            return state.chance_outcomes()
        legal = state.legal_actions()
        return [(action, 1.0 / len(legal)) for action in legal]


def search_counts(game, position, simulations: int, rng: random.Random) -> Counter:
    """How often OpenSpiel's MCTS tried each of the decisions at ``position`` (a kit state) in ``simulations``
    simulations, by action id.  (OpenSpiel's first simulation only values the root itself, so it is given one more:
    ``simulations`` of them pass through a decision.)"""
    searcher = mcts.MCTSBot(
        game,
        uct_c=UCT_C,
        max_simulations=simulations + 1,
        evaluator=KitRolloutEvaluator(rng),
        solve=False,
        random_state=np.random.RandomState(rng.randrange(2**32)),
    )
    root = searcher.mcts_search(TameriState(game, position))
    return Counter({child.action: child.explore_count for child in root.children})


def most_tried(counts: Counter) -> int:
    """The action tried most often (ties: the smallest id, so the choice does not hang on dictionary order)."""
    return min(counts, key=lambda action: (-counts[action], action))


class SearchPlayer:
    """What both search bots share: a name (``"mcts:40"``: the registry's, given by :func:`.extra.load_search_bots`;
    default ``kind:simulations``), the simulations per decision and a seeded ``random.Random``."""

    kind = ""

    def __init__(self, seed: int, simulations: int, name: str | None = None):
        if isinstance(simulations, bool) or not isinstance(simulations, int) or simulations < 1:
            raise TameriError(f"simulations is a whole number of at least 1, not {simulations!r}")
        self.simulations = simulations
        self.name = name or f"{self.kind}:{simulations}"
        self.rng = random.Random(seed)
        self.last_reason = ""


class MCTSPlayer(SearchPlayer):
    """``mcts``: OpenSpiel's MCTS on the real state, ``simulations`` per decision.  It SEES HIDDEN INFORMATION
    (the others' hands, the decks' contents): :func:`~tameri_kit.game.play.bots.decide` hands it the whole state."""

    kind = "mcts"
    sees_hidden_information = True

    @property
    def label(self) -> str:
        return f"MCTS, {self.simulations} simulations (sees hidden information)"

    def choose_in(self, state) -> Decision:
        """The decision MCTS takes in ``state`` (a :class:`~tameri_kit.game.GameState`, seen whole)."""
        legal = legal_actions(state)
        if len(legal) == 1:
            self.last_reason = "the only legal decision"
            return legal[0]
        counts = search_counts(game_for(state.settings), state, self.simulations, self.rng)
        action = most_tried(counts)
        self.last_reason = f"{self.label}: tried {counts[action]} of {self.simulations} times"
        return Decision(state.to_move, tables()[0][action])


class ISMCTSPlayer(SearchPlayer):
    """``ismcts``: OpenSpiel's MCTS over :data:`WORLDS` positions sampled from the player's own view
    (:func:`determinize`), ``simulations`` per decision in all.  It does not peek: it is given only its
    :class:`~tameri_kit.game.play.bots.BotView`, like the kit's own bots."""

    kind = "ismcts"
    sees_hidden_information = False

    @property
    def label(self) -> str:
        return f"IS-MCTS, {self.simulations} simulations over sampled worlds (does not peek)"

    def choose(self, seen: BotView) -> Decision:
        if len(seen.legal) == 1:
            self.last_reason = "the only legal decision"
            return seen.legal[0]
        worlds = min(WORLDS, self.simulations)
        each = [self.simulations // worlds + (1 if k < self.simulations % worlds else 0) for k in range(worlds)]
        game = game_for(seen.observation.settings)
        counts: Counter = Counter()
        for simulations in each:
            world = determinize(seen, self.rng)
            counts.update(search_counts(game, world, simulations, self.rng))
        action = most_tried(counts)
        self.last_reason = f"{self.label}: tried {counts[action]} of {self.simulations} times"
        return Decision(seen.player, tables()[0][action])


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


def _card_of(played) -> object:
    return played.card.number


def determinize(seen: BotView, rng: random.Random):
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
    for j, player in enumerate(players):
        if j == seat or j >= obs.settings.humans:
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
