"""Ra: a whole epoch as a game - turns, auctions with Sun tiles, Disasters - played by people or random bidders,
seeded, recorded as JSON and replayed identically.

Rule text: ``rulebooks/001_6747bfc0439617ca.txt``, sections *Setup* (Sun groups, the Sun numbered 1 in the middle),
*Game Play* (its three choices on a turn: drawing a tile, a God tile, calling Ra), *Auction* and its summary,
*The Epochs*, *Disasters*.  The shape is the kit's usual one: :func:`legal_actions`, :func:`why_illegal`,
:func:`apply` (returning the new frozen state and the events), chance as listed outcomes (:func:`draw_outcomes`).

Actions are short texts: ``draw Pharaoh`` (draw, with the tile that came out), ``ra`` (invoke Ra),
``god Nile`` / ``god Nile+Gold`` (play God tiles to take those tiles), ``bid 9``, ``pass``, ``discard War+Art``
(the tiles a Disaster takes, when the player has a choice).

>>> state = new_epoch(2, suns=((9, 6, 5, 2), (8, 7, 4, 3)))
>>> state.to_move, legal_actions(state)
(0, ['draw', 'ra'])
>>> state = apply(state, "draw Pharaoh").state
>>> state = apply(state, "ra").state          # player 2 invokes Ra; player 1 bids first
>>> legal_actions(state)
['bid 9', 'bid 6', 'bid 5', 'bid 2', 'pass']
>>> step = apply(apply(state, "pass").state, "bid 3")
>>> step.events[-1]
'P2 wins with Sun 3: takes Pharaoh and the middle Sun 1 (face down); Sun 3 goes to the middle'
"""

from __future__ import annotations

import itertools
import json
import random
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Callable, Sequence

from ..errors import IllegalActionError, NotationError, StateError
from ..rules.common import whole_number as digits
from . import checks
from .ra_bag import Bag, as_bag, track_length
from .ra_board import AUCTION_SPACES as AUCTION_SPACES
from .ra_board import SUN_GROUPS as SUN_GROUPS
from .ra_board import SUN_GROUPS_PROVENANCE as SUN_GROUPS_PROVENANCE
from .ra_board import TILE_COLOURS as TILE_COLOURS
from .ra_board import Auction as Auction
from .ra_board import EpochState as EpochState
from .ra_board import acting_seat as acting_seat
from .ra_board import epoch_svg as epoch_svg
from .ra_board import state_of as state_of
from .ra_scoring import CATEGORY, SUNS, Hand, RaScoring, check_tile, disaster_choices, score_epoch

RULES = "Ra rules"
#: bounds of play_epoch's and epoch_statistics' loops (an epoch takes well under 200 actions)
MAX_ACTIONS, MAX_EPOCHS = 100_000, 100_000


@dataclass(frozen=True)
class Step:
    state: EpochState
    events: tuple[str, ...]


def new_epoch(
    players: int,
    *,
    suns: Sequence[Sequence[int]] | None = None,
    bag: Bag | None = None,
    names: Sequence[str] | None = None,
) -> EpochState:
    """The first epoch's start (*Setup*): each player's Suns face up, the Sun 1 in the middle, the highest Sun
    begins (*Game Play*)."""
    players = checks.whole_number(players, "the number of players")
    track_length(players)
    groups = SUN_GROUPS[players] if suns is None else suns
    if isinstance(groups, (str, bytes)) or not isinstance(groups, Sequence):
        raise StateError(f"suns is one list of Sun numbers per player, not {checks.shown(groups)}")
    highest = SUNS[players][0]
    suns = tuple(
        tuple(checks.whole_number(s, "a Sun", low=2, high=highest) for s in checks.instance(g, Sequence, "a Sun group"))
        for g in groups
    )
    if len(suns) != players:
        raise StateError(f"{players} players need {players} Sun groups, not {len(suns)}")
    values = [s for g in suns for s in g]
    if len(set(values)) != len(values) or 1 in values or any(s < 1 for s in values):
        raise StateError(f"Sun values must be different, 2 or more (the 1 is in the middle): {suns}")
    names = checks.names(names, "the player names") if names is not None else tuple(f"P{i + 1}" for i in range(players))
    if len(names) != players or len(set(names)) != players:
        raise StateError(f"give {players} different player names, not {checks.shown(names)}")
    start = max(range(players), key=lambda seat: max(suns[seat], default=0))
    return EpochState(
        names,
        Bag.full() if bag is None else as_bag(bag),
        0,
        (),
        1,
        suns,
        tuple(() for _ in suns),
        tuple(Hand() for _ in suns),
        start,
    )


def _next_with_suns(state: EpochState, seat: int) -> int | None:
    for step in range(1, state.players + 1):
        candidate = (seat + step) % state.players
        if state.suns_up[candidate]:
            return candidate
    return None


def _high_bid(auction: Auction) -> int:
    return max((sun for _, sun in auction.bids), default=0)


def _god_options(state: EpochState, seat: int) -> list[str]:
    gods = state.hands[seat]["God"]
    takeable = sorted(t for t in state.auction_track if CATEGORY[t] not in ("god", "disaster"))
    options = set()
    for size in range(1, min(gods, len(takeable)) + 1):
        for combo in itertools.combinations(takeable, size):
            options.add("god " + "+".join(combo))
    return sorted(options)


def legal_actions(state: EpochState) -> list[str]:
    """What the player to act may do now (``draw`` stands for the draw before the tile is known)."""
    state = state_of(state)
    if state.over:
        return []
    if state.pending:
        hand = state.hands[state.winner]
        return ["discard " + ("+".join(c) or "nothing") for c in disaster_choices(hand, state.pending[0])]
    if state.auction:
        seat, auction = state.auction.bidders[0], state.auction
        bids = [f"bid {s}" for s in state.suns_up[seat] if s > _high_bid(auction)]
        forced = seat == auction.ra_player and auction.reason == "invoked" and not auction.bids
        return bids if forced else bids + ["pass"]
    seat = state.to_move
    actions = []
    if len(state.auction_track) < AUCTION_SPACES and state.bag.total:
        actions.append("draw")
    actions.append("ra")
    return actions + _god_options(state, seat)


def draw_outcomes(state: EpochState) -> list[tuple[str, Fraction]]:
    """The chance node behind ``draw``: each tile with its probability (count / tiles in the bag)."""
    state = state_of(state)
    if "draw" not in legal_actions(state):
        raise IllegalActionError("no tile can be drawn now", rule=f"{RULES}: Game Play")
    total = state.bag.total
    return [(f"draw {t}", Fraction(c, total)) for t, c in state.bag.counts]


def why_illegal(state: EpochState, action: str) -> str | None:
    """None when ``action`` is legal now, else the reason (naming the rule)."""
    state = state_of(state)
    try:
        apply(state, action)
    except (IllegalActionError, NotationError, StateError) as error:
        return str(error)
    return None


def _parse(action: str) -> tuple[str, str]:
    text = " ".join(checks.text(action, "an action").split())
    verb, _, rest = text.partition(" ")
    if verb not in ("draw", "ra", "god", "bid", "pass", "discard"):
        raise NotationError(str(action), 0, "an action is draw TILE, ra, god TILE[+TILE], bid N, pass or discard ...")
    return verb, rest


def apply(state: EpochState, action: str) -> Step:
    """The state after ``action`` and what happened.  An illegal action raises and changes nothing."""
    state = state_of(state)
    verb, rest = _parse(action)
    if state.over:
        raise IllegalActionError(f"the epoch is over ({state.over})", rule=f"{RULES}: The Epochs")
    legal = legal_actions(state)
    seat = acting_seat(state)
    name = state.names[seat]
    if state.pending:
        if verb != "discard":
            raise IllegalActionError(
                f"{name} must first choose what {state.pending[0]} takes: {', '.join(legal)}",
                rule=f"{RULES}: Disasters",
            )
        chosen = tuple(sorted(check_tile(t) for t in rest.split("+") if t and t != "nothing"))
        text = "discard " + ("+".join(chosen) or "nothing")
        if text not in legal:
            raise IllegalActionError(
                f"{state.pending[0]}: {name} cannot {text}; allowed: {', '.join(legal)}", rule=f"{RULES}: Disasters"
            )
        return _fulfil(state, chosen, [])
    if state.auction:
        if verb not in ("bid", "pass"):
            raise IllegalActionError(f"an auction is on: {name} may {', '.join(legal)}", rule=f"{RULES}: Auction")
        if verb == "bid":
            sun = digits(f"bid {rest}", 4, 4 + len(rest), "a Sun number (bid 9)")
            if f"bid {sun}" not in legal:
                why = (
                    f"{name} has no face-up Sun {sun}"
                    if sun not in state.suns_up[seat]
                    else f"a bid must beat the highest bid, {_high_bid(state.auction)}"
                )
                raise IllegalActionError(why, rule=f"{RULES}: Auction")
            auction = replace(
                state.auction, bidders=state.auction.bidders[1:], bids=state.auction.bids + ((seat, sun),)
            )
            events = [f"{name} bids Sun {sun}"]
        else:
            if "pass" not in legal:
                raise IllegalActionError(
                    f"{name} invoked Ra and everyone else passed: {name} must bid", rule=f"{RULES}: Auction (summary)"
                )
            auction = replace(state.auction, bidders=state.auction.bidders[1:])
            events = [f"{name} passes"]
        state = replace(state, auction=auction)
        if auction.bidders:
            return Step(state, tuple(events))
        return _resolve(state, events)
    # an ordinary turn
    turns = state.turns + 1
    if verb == "draw":
        if "draw" not in legal:
            raise IllegalActionError(
                "the auction track is full (or the bag empty): play a God tile or invoke Ra", rule=f"{RULES}: Game Play"
            )
        if not rest:
            raise StateError("say which tile came out (draw TILE); draw_outcomes lists them with their chances")
        tile = check_tile(rest)
        bag = state.bag.without(tile)
        state = replace(state, bag=bag, draws=state.draws + 1, turns=turns)
        if tile == "Ra":
            on_track = state.ra_track + 1
            if on_track == state.track_length:
                return Step(
                    _end(replace(state, ra_track=on_track, auction_track=()), "the Ra track is full (no auction)"),
                    (
                        f"{name} draws Ra: the Ra track is full ({on_track}); the epoch ends at once, "
                        "no auction, both tracks are cleared",
                    ),
                )
            state = replace(state, ra_track=on_track)
            return Step(
                _start_auction(state, seat, "drawn"),
                (f"{name} draws Ra ({on_track}/{state.track_length} on the Ra track): an auction",),
            )
        state = replace(state, auction_track=state.auction_track + (tile,), to_move=_next_with_suns(state, seat))
        return Step(state, (f"{name} draws {tile} and places it on the auction track",))
    if verb == "ra":
        reason = "full" if len(state.auction_track) == AUCTION_SPACES else "invoked"
        state = replace(state, turns=turns)
        return Step(
            _start_auction(state, seat, reason),
            (f"{name} invokes Ra" + (" (the auction track is full)" if reason == "full" else ""),),
        )
    if verb == "god":
        text = "god " + "+".join(sorted(check_tile(t) for t in rest.split("+") if t))
        if text not in legal:
            raise IllegalActionError(
                f"{name} cannot {text}: one God tile per tile taken, never a God tile "
                f"({', '.join(o for o in legal if o.startswith('god')) or 'no God play'})",
                rule=f"{RULES}: Play God tile",
            )
        taken = text[4:].split("+")
        track = list(state.auction_track)
        for t in taken:
            track.remove(t)
        hands = list(state.hands)
        hands[seat] = hands[seat].minus(["God"] * len(taken)).plus(taken)
        state = replace(
            state, hands=tuple(hands), auction_track=tuple(track), turns=turns, to_move=_next_with_suns(state, seat)
        )
        return Step(state, (f"{name} plays {len(taken)} God tile(s) and takes {', '.join(taken)}",))
    raise IllegalActionError(f"{name} cannot {verb} now: {', '.join(legal)}", rule=f"{RULES}: Game Play")


def _start_auction(state: EpochState, ra_player: int, reason: str) -> EpochState:
    order = [(ra_player + step) % state.players for step in range(1, state.players + 1)]
    bidders = tuple(seat for seat in order if state.suns_up[seat])
    return replace(state, auction=Auction(ra_player, reason, bidders))


def _resolve(state: EpochState, events: list[str]) -> Step:
    auction = state.auction
    state = replace(state, auction=None)
    if not auction.bids:
        if auction.reason == "full":
            events.append("nobody bids: the auction track is full, so its tiles go back to the box")
            state = replace(state, auction_track=())
        else:
            events.append("nobody bids: the tiles stay on the auction track")
        return _after_turn(state, auction.ra_player, events)
    seat, sun = max(auction.bids, key=lambda bid: bid[1])
    name = state.names[seat]
    lot = state.auction_track
    kept = [t for t in lot if CATEGORY[t] != "disaster"]
    disasters = tuple(t for t in lot if CATEGORY[t] == "disaster")
    suns_up, suns_down, hands = list(state.suns_up), list(state.suns_down), list(state.hands)
    suns_up[seat] = tuple(s for s in suns_up[seat] if s != sun)
    suns_down[seat] = suns_down[seat] + (state.middle_sun,)
    hands[seat] = hands[seat].plus(kept)
    events.append(
        f"{name} wins with Sun {sun}: takes {', '.join(lot) or 'no tiles'} and the middle Sun "
        f"{state.middle_sun} (face down); Sun {sun} goes to the middle"
    )
    state = replace(
        state,
        suns_up=tuple(suns_up),
        suns_down=tuple(suns_down),
        hands=tuple(hands),
        middle_sun=sun,
        auction_track=(),
        pending=disasters,
        winner=seat,
        auction=Auction(auction.ra_player, auction.reason, ()),
    )
    return _fulfil(state, None, events)


def _fulfil(state: EpochState, chosen, events: list[str]) -> Step:
    """Fulfil the pending Disasters: ``chosen`` for the first one, then every one that leaves no choice."""
    hands = list(state.hands)
    seat = state.winner
    pending = list(state.pending)
    while pending:
        options = disaster_choices(hands[seat], pending[0])
        if chosen is None and len(options) > 1:
            state = replace(state, hands=tuple(hands), pending=tuple(pending))
            return Step(state, tuple(events))
        picked = chosen if chosen is not None else options[0]
        chosen = None
        hands[seat] = hands[seat].minus(picked)
        events.append(f"{state.names[seat]} fulfils {pending[0]}: discards {', '.join(picked) or 'nothing'}")
        pending.pop(0)
    ra_player = state.auction.ra_player
    state = replace(state, hands=tuple(hands), pending=(), winner=None, auction=None)
    return _after_turn(state, ra_player, events)


def _after_turn(state: EpochState, ra_player: int, events: list[str]) -> Step:
    nxt = _next_with_suns(state, ra_player)
    if nxt is None:
        return Step(_end(state, "every Sun has been spent"), tuple(events + ["the last Sun is spent: the epoch ends"]))
    return Step(replace(state, to_move=nxt), tuple(events))


def _end(state: EpochState, why: str) -> EpochState:
    """*The Epochs*: the tiles on the tracks go back to the box (the auction track is cleared: when the Ra track
    fills, the text says so; when the last Sun is spent, its auction has just taken every tile); the middle Sun
    stays.  ``ra_track`` keeps the number of Ra tiles the epoch reached, as a record of how it ended."""
    return replace(state, over=why, auction=None, auction_track=(), to_move=state.to_move)


def epoch_scoring(state: EpochState) -> RaScoring:
    """Score the play areas at the end of the epoch (``ra_scoring.score_epoch``)."""
    state = state_of(state)
    if not state.over:
        raise StateError("the epoch is not over yet")
    return score_epoch(dict(zip(state.names, state.hands)))


# ----------------------------------------------------------------------------------------------------------------
# random bidders, records and replay
# ----------------------------------------------------------------------------------------------------------------
Policy = Callable[[EpochState, list, random.Random], str]


def random_bidder(state: EpochState, actions: list[str], rng: random.Random) -> str:
    """A random but not silly player: bids half the time, invokes Ra more often as the auction track fills."""
    if state.pending:
        return rng.choice(actions)
    if state.auction:
        bids = [a for a in actions if a.startswith("bid")]
        if "pass" in actions and (not bids or rng.random() < 0.5):
            return "pass"
        return rng.choice(bids)
    gods = [a for a in actions if a.startswith("god")]
    if gods and rng.random() < 0.3:
        return rng.choice(gods)
    if "draw" not in actions or rng.random() < 0.05 + 0.1 * len(state.auction_track):
        return "ra"
    return "draw"


@dataclass(frozen=True)
class EpochRecord:
    """Everything needed to replay an epoch: player count, Sun groups, seed and every action (draws with the tile)."""

    players: int
    suns: tuple[tuple[int, ...], ...]
    seed: int | None
    entries: tuple[str, ...]

    def to_json(self) -> str:
        return json.dumps(
            {
                "game": "Ra epoch",
                "players": self.players,
                "suns": [list(g) for g in self.suns],
                "seed": self.seed,
                "entries": list(self.entries),
            },
            indent=1,
        )

    @classmethod
    def from_json(cls, text: str) -> "EpochRecord":
        text = checks.text(text, "a Ra epoch record")
        try:
            data = json.loads(text)
            if data.get("game") != "Ra epoch":
                raise StateError("not a Ra epoch record (its 'game' is not 'Ra epoch')")
            seed = data.get("seed")
            return cls(
                checks.whole_number(data["players"], "players"),
                tuple(tuple(checks.whole_number(s, "a Sun") for s in g) for g in data["suns"]),
                None if seed is None else checks.seed(seed),
                tuple(checks.text(e, "an entry") for e in data["entries"]),
            )
        except (ValueError, KeyError, TypeError, AttributeError, RecursionError) as error:
            if isinstance(error, StateError):
                raise
            raise StateError(f"not a readable Ra epoch record: {error}") from None


def play_epoch(
    players: int = 3, seed: int = 0, policy: Policy = random_bidder, max_actions: int = 2000
) -> tuple[EpochRecord, EpochState, tuple[str, ...]]:
    """Play one epoch with ``policy`` for every seat, all chance from ``random.Random(seed)``.

    The Sun groups are dealt at random (*Setup*); returns the record, the final state and the log.
    """
    players, seed = checks.whole_number(players, "the number of players"), checks.seed(seed)
    max_actions = checks.whole_number(max_actions, "max_actions", low=1, high=MAX_ACTIONS)
    if not callable(policy):
        raise StateError(f"policy is a function (state, actions, rng) -> action, not {checks.shown(policy)}")
    rng = random.Random(seed)
    track_length(players)
    groups = list(SUN_GROUPS[players])
    rng.shuffle(groups)
    state = new_epoch(players, suns=groups)
    entries, log = [], []
    for _ in range(max_actions):
        if state.over:
            break
        actions = legal_actions(state)
        action = policy(state, actions, rng)
        if action == "draw":
            action = "draw " + rng.choice(state.bag.tiles())
        step = apply(state, action)
        entries.append(action)
        log.extend(step.events)
        state = step.state
    else:  # pragma: no cover - an epoch always ends (every turn draws, spends a Sun, or a God tile)
        raise StateError(f"the epoch did not end within {max_actions} actions")
    return EpochRecord(players, tuple(tuple(g) for g in groups), seed, tuple(entries)), state, tuple(log)


def replay(record: EpochRecord) -> tuple[EpochState, tuple[str, ...]]:
    """Apply a record's entries from the start: the same final state and log as when it was played."""
    record = checks.instance(record, EpochRecord, "the record (EpochRecord.from_json reads one)")
    entries = checks.names(record.entries, "the record's entries")
    state = new_epoch(record.players, suns=record.suns)
    log = []
    for number, action in enumerate(entries, 1):
        try:
            step = apply(state, action)
        except (IllegalActionError, NotationError, StateError) as error:
            raise StateError(f"record entry {number} ({action!r}) cannot be replayed: {error}") from None
        log.extend(step.events)
        state = step.state
    return state, tuple(log)


@dataclass(frozen=True)
class EpochSummary:
    seed: int
    draws: int
    turns: int
    ended: str
    tiles_taken: tuple[int, ...]


def epoch_statistics(players: int, epochs: int, seed: int = 0, policy: Policy = random_bidder) -> list[EpochSummary]:
    """Play ``epochs`` seeded epochs (seeds ``seed``, ``seed+1`` ...): how long each lasted, how many tiles each
    player took (tiles still in the play area at the end, before scoring)."""
    seed = checks.seed(seed)
    epochs = checks.whole_number(epochs, "the number of epochs", low=1, high=MAX_EPOCHS)
    out = []
    for s in range(seed, seed + epochs):
        _, final, _ = play_epoch(players, s, policy)
        out.append(EpochSummary(s, final.draws, final.turns, final.over, tuple(h.total for h in final.hands)))
    return out
