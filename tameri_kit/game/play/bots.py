"""Computer players for whole games: a random one and a greedy one, both seeded, both seeing only their own view.

Rulebook: Game Rounds, Phases 1-5 (what a player decides); End of the Season, steps 1-4 and End of the Game
(what the greedy bot's evaluation looks at: points, resources behind the screen for the majorities, Buildings,
Priests, productive fields with Silt - Productive Fields and Harvests).

A bot never gets the game state.  :func:`bot_view` turns a state into a :class:`BotView`: the player's name, the
observation (:meth:`~tameri_kit.game.play.view.PlayerView.observation` - other hands, screens, Priest cards, face-down
numbers and deck contents removed), the public counts and the legal decisions.  ``bot.choose(bot_view)`` returns
one of ``bot_view.legal``.  :func:`play_game` plays a whole game between bots::

    from tameri_kit.game import Settings
    from tameri_kit.game.play.bots import play_game
    record, final = play_game(Settings.for_players(3), seed=11, bots=["greedy", "greedy", "random"])
    final.outcome.winners

One ``random.Random(seed)`` draws every chance outcome; bot number ``k`` (seat order) has its own
``random.Random(seed * 1000 + k)`` for its choices and ties, so a seed always gives the same game.

Bots are known by name in a registry (:func:`register_bot`, :func:`make_bot`): the kit's own three are here, and
an optional extra adds its own when it is imported (``tameri_kit.openspiel`` registers ``mcts`` and ``ismcts``).
A name may carry a parameter after a colon, ``"mcts:400"``; the bot kind checks it (:class:`BotError` names it).
A bot kind that declares ``sees_hidden_information`` is handed the whole state (``bot.choose_in(state)``) by
:func:`decide` and says so in its label; every other bot gets only its :class:`BotView`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable, Protocol, Sequence

from ...errors import TameriError
from ...rules.glyphs import CARDS_PER_SEASON, SEASON_END_POINTS
from ..core.catalog import CARDS
from ..core.decisions import Decision
from .engine import legal_actions, new_game, sample_chance, step
from .record import GameRecord, reason_text
from ..core.settings import Settings
from ..core.state import field_yields, priests_of
from .expert_bot import DEFAULT_SIMULATIONS, ExpertBot
from .seen import BotView
from .strong_bot import StrongBot, keeps_face_down
from ..rules_of_play.turn import next_card_play
from .view import foresee, view

#: The bots :func:`make_bot` knows, by name.
BOT_NAMES = ("random", "greedy", "strong", "expert")


def bot_view(state, player: str | None = None) -> BotView:
    """The :class:`BotView` of ``state`` for ``player`` (default: the player to move)."""
    player = player or state.to_move
    v = view(state, player)
    return BotView(player, v.observation(), v.counts, tuple(v.legal))


class Bot(Protocol):
    name: str

    def choose(self, seen: BotView) -> Decision:
        """One of ``seen.legal``: the decision the bot plays, from what it is given (its own view unless it is
        labelled as seeing hidden information); a bot may set ``last_reason`` to say why in words."""
        ...


class RandomBot:
    """Chooses uniformly among the legal decisions with its own seeded ``random.Random``."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)
        self.last_reason = ""

    def choose(self, seen: BotView) -> Decision:
        """One of the legal decisions, uniformly at random from the bot's own seeded generator."""
        d = seen.legal[self.rng.randrange(len(seen.legal))]
        self.last_reason = f"random pick among {len(seen.legal)}"
        return d


# ----------------------------------------------------------------------------------------------------------------
# The greedy bot
# ----------------------------------------------------------------------------------------------------------------
#: Weights of the greedy evaluation (points are worth 1).  Resources and Deben turn into points later (Offering
#: to the Pharaoh, majorities, leftovers); a resource already behind the screen counts for the majorities.
WEIGHTS = {
    "reserve": 0.45,
    "screen": 0.6,
    "deben": 0.3,
    "silt": 0.35,
    "building": 1.2,
    "worker": 0.8,
    "priest": 0.6,
    "priest_card": 0.5,
    "lead_screen": 1.0,
    "field": 0.25,
    "card_chain": 1.0,
}


def evaluate(obs, seat: int, counts: dict | None = None) -> tuple[float, dict]:
    """A cheap value of an observed position for ``seat``, and its parts (for the bot's stated reason).

    Points so far; weighted resources in the reserve and behind the screen, Deben and Silt; Buildings owned
    (End of the Game, step 2: sets); Workers unlocked; Priests in the Temples and Priest cards held (End of the
    Season, step 1; End of the Game, step 3); a bonus for offering more in total than anyone else has behind
    their screen (End of the Game, step 1 - the other screens' totals are public counts); and, per Farmer, the
    harvest its field would give now (Productive Fields and Harvests: productive, and the river's Silt).
    """
    parts = {}
    total = position_value(obs, seat, best_other_screen(obs, seat, counts), parts)
    return total, parts


def best_other_screen(obs, seat: int, counts: dict | None) -> int | None:
    """The largest total behind another player's screen (a public count), or None when not known."""
    name = obs.players[seat].name
    others = [total for player, total in (counts or {}).get("screens", {}).items() if player != name]
    return max(others) if others else None


def position_value(obs, seat: int, others_best: int | None, parts: dict | None = None) -> float:
    """The number :func:`evaluate` gives, summed in the same order; ``parts`` (a dict), when given, receives the
    parts.  The greedy bot's look-ahead calls this at every position it scores (tens of thousands a decision), so it
    builds no dictionary unless asked and is given the other screens' best total once per decision."""
    player = obs.players[seat]
    reserve, screen = player.reserve, player.screen
    on_screen = screen.barley + screen.papyrus + screen.flax + screen.fruit
    points = float(player.score)
    resources = (
        WEIGHTS["reserve"] * (reserve.barley + reserve.papyrus + reserve.flax + reserve.fruit)
        + WEIGHTS["screen"] * on_screen
    )
    deben_silt = WEIGHTS["deben"] * player.deben + WEIGHTS["silt"] * player.silt
    buildings = WEIGHTS["building"] * len(player.buildings)
    workers = -WEIGHTS["worker"] * len(player.locked)
    priests = WEIGHTS["priest"] * priests_of(obs, seat) + WEIGHTS["priest_card"] * len(player.priest_cards)
    total = points + resources + deben_silt + buildings + workers + priests
    lead = others_best is not None and on_screen > others_best
    if lead:
        total += WEIGHTS["lead_screen"]
    fields = None
    if player.farmers:
        yields = field_yields(obs.pyramid, obs.settings.weather)
        fields = WEIGHTS["field"] * sum(yields.get(field, 0) for field in player.farmers)
        total += fields
    if parts is not None:
        parts.update(
            {
                "points": points,
                "resources": resources,
                "deben/silt": deben_silt,
                "buildings": buildings,
                "workers": workers,
                "priests": priests,
            }
        )
        if lead:
            parts["majority lead"] = WEIGHTS["lead_screen"]
        if fields is not None:
            parts["fields"] = fields
    return total


def card_bonus(obs, seat: int, number: int) -> float:
    """What choosing Action card ``number`` in Phase 2 is worth before its effect is seen: ``card_chain`` if its
    left glyph completes the glyph before it (Glyphs: then all its actions are allowed, not just one), and the 2
    points of End of the Season step 2 if it is the Season's fourth card and its right side shows the board's
    glyph."""
    player = obs.players[seat]
    card = CARDS.get(number)
    if card is None or len(player.row) >= CARDS_PER_SEASON:
        return 0.0
    play = next_card_play(obs, seat, card)
    bonus = WEIGHTS["card_chain"] if play.completes else 0.0
    if len(player.row) == CARDS_PER_SEASON - 1 and player.glyph in card.right:  # the Season's last card
        bonus += SEASON_END_POINTS
    return bonus


class GreedyBot:
    """Takes the decision with the best immediate gain, judged from its own view only.

    Each legal decision is tried on the bot's *observation* (``step`` works on it for the bot's own decisions:
    nothing hidden is needed to apply them); when the same player must decide again straight away (the parts of
    one action: pick a field, then pay ...) the best continuation is followed up to ``depth`` decisions deep.
    The resulting position is scored by :func:`evaluate`.  A decision the observation cannot show the effect of
    (a reveal needing another player's hidden card, a card chosen for later) scores like doing nothing; ties are
    broken with the bot's seeded ``random.Random``.  Keeping a card face down (Phase 3) is charged its Deben up
    front.  The Action card to play in Phase 2 shows its effect only later, so it is judged by
    :func:`card_bonus` (does it complete a glyph; does the Season's last card match the board).  Which cards to
    keep in Season 0 is not judged: the bot picks at random.
    """

    name = "greedy"

    def __init__(self, seed: int = 0, depth: int = 2):
        self.rng = random.Random(seed)
        self.depth = depth
        self.last_reason = ""
        #: the last choice in numbers, for explaining it in plain words (the table's Hint): how many decisions
        #: were open, the chosen one's gain over the position as it stood, how many scored the same (None: the
        #: only legal decision)
        self.last_rating: tuple[int, float, int] | None = None

    def _value(self, position, seat: int, player: str, others_best, depth: int) -> float:
        """The best value reachable from ``position`` through ``depth`` more decisions of ``player`` in a row."""
        if depth > 0 and not position.is_terminal and position.to_move == player:
            best = None
            for decision in legal_actions(position):
                value = self._try(position, decision, seat, player, others_best, depth - 1)
                if value is not None and (best is None or value > best):
                    best = value
            if best is not None:
                return best
        return position_value(position, seat, others_best)

    def _try(self, position, decision: Decision, seat: int, player: str, others_best, depth: int):
        after = foresee(position, decision)
        if after is None:
            return None  # the observation lacks what this decision needs (another player's chosen card)
        return self._value(after, seat, player, others_best, depth)

    def choose(self, seen: BotView) -> Decision:
        """The legal decision whose result scores best by the greedy evaluation of the bot's own view (looking ``depth``
        of its own decisions ahead); ``last_reason`` says why."""
        observation, seat = seen.observation, seen.seat
        base, _ = evaluate(observation, seat, seen.counts)
        if len(seen.legal) == 1:
            self.last_reason = "the only legal decision"
            self.last_rating = None
            return seen.legal[0]
        others_best = best_other_screen(observation, seat, seen.counts)
        choosing_a_card = observation.top is not None and observation.top.kind == "choose"
        scored = []
        for decision in seen.legal:
            value = self._try(observation, decision, seat, seen.player, others_best, self.depth)
            if choosing_a_card:  # the choice is the card's number (math.inf: the promo card)
                value = (base if value is None else value) + card_bonus(observation, seat, decision.payload)
            face_down = keeps_face_down(observation, decision)
            if value is None or face_down:
                # Phase 3: the card stays face down for 1 Deben, paid only once everyone has decided - after
                # the look-ahead, so charge it here
                value = (base if value is None else value) - (WEIGHTS["deben"] if face_down else 0)
            scored.append((value, decision))
        best = max(value for value, _ in scored)
        tied = [decision for value, decision in scored if value >= best - 1e-9]
        chosen = tied[self.rng.randrange(len(tied))] if len(tied) > 1 else tied[0]
        gain = best - base
        self.last_rating = (len(seen.legal), gain, len(tied))
        self.last_reason = f"best of {len(seen.legal)} (value {gain:+.2f})" + (
            f", random among {len(tied)} equal" if len(tied) > 1 else ""
        )
        return chosen


# ----------------------------------------------------------------------------------------------------------------
# The registry of bot kinds
# ----------------------------------------------------------------------------------------------------------------
class BotError(TameriError, ValueError):
    """A bot name that names no bot, or a parameter its bot does not take (``"mcts:abc"``): says which and why."""


@dataclass(frozen=True)
class BotKind:
    """One kind of bot in the registry: ``make(seed, parameter)`` builds one (``parameter``: the text after the
    colon, or None); ``parameter`` says in words what the text after the colon is (None: the kind takes none);
    ``check(parameter)`` raises :class:`BotError` for a bad one; ``sees_hidden_information``: :func:`decide` hands
    it the whole state (``choose_in(state)``) instead of a :class:`BotView`."""

    name: str
    make: Callable[[int, str | None], object]
    about: str
    parameter: str | None = None
    check: Callable[[str], object] | None = None
    sees_hidden_information: bool = False


_KINDS: dict[str, BotKind] = {}


def register_bot(kind: BotKind) -> None:
    """Add a bot kind (an extra does this when imported); registering the same name again replaces it."""
    if not kind.name.isidentifier():
        raise BotError(f"a bot's name is one word, not {kind.name!r}")
    _KINDS[kind.name] = kind


def registered_bots() -> tuple[str, ...]:
    """The names of the bot kinds registered now (the kit's own first)."""
    return tuple(_KINDS)


def split_bot(spec: str) -> tuple[str, str | None]:
    """A bot name and its parameter: ``"mcts:400"`` -> ``("mcts", "400")``, ``"greedy"`` -> ``("greedy", None)``."""
    name, colon, parameter = str(spec).strip().partition(":")
    return name.strip(), (parameter.strip() if colon else None)


def bot_kind(spec: str) -> BotKind:
    """The registered kind a bot name stands for, its parameter checked; :class:`BotError` names what is wrong."""
    name, parameter = split_bot(spec)
    kind = _KINDS.get(name)
    if kind is None:
        raise BotError(f"unknown bot {spec!r}; known: {', '.join(_KINDS)}")
    if parameter is not None:
        if kind.parameter is None:
            raise BotError(f"the bot {name!r} takes no parameter, not {parameter!r} (in {spec!r})")
        if kind.check is not None:
            kind.check(parameter)
    return kind


def make_bot(kind: str, seed: int = 0) -> Bot:
    """A seeded bot of a registered kind: ``"random"``, ``"greedy"``, ``"strong"``, or an extra's (``"mcts:400"``)."""
    name, parameter = split_bot(kind)
    return bot_kind(kind).make(seed, parameter)


def decide(bot, state) -> Decision:
    """The decision ``bot`` takes in ``state``: a bot that declares ``sees_hidden_information`` (and says so in
    its label) is handed the whole state, ``bot.choose_in(state)``; every other bot only its
    :class:`BotView`."""
    if getattr(bot, "sees_hidden_information", False):
        return bot.choose_in(state)
    return bot.choose(bot_view(state))


for _name, _class in (("random", RandomBot), ("greedy", GreedyBot), ("strong", StrongBot)):
    register_bot(BotKind(_name, lambda seed, parameter, made=_class: made(seed), _class.__doc__.split(".")[0]))

#: The most playouts per decision ``expert:N`` accepts (about a minute of one core per decision).
MOST_SIMULATIONS = 10_000


def expert_simulations(parameter: str | None) -> int:
    """The playouts per decision of ``expert:N`` (default :data:`~.expert_bot.DEFAULT_SIMULATIONS`); a
    :class:`BotError` names a parameter that is not a whole number from 1 to :data:`MOST_SIMULATIONS`."""
    if parameter is None:
        return DEFAULT_SIMULATIONS
    text = parameter.strip()
    if not text.isdigit() or not 1 <= int(text) <= MOST_SIMULATIONS:
        raise BotError(
            f"expert:{parameter}: the playouts per decision are a whole number from 1 to {MOST_SIMULATIONS}, "
            f"not {parameter!r}"
        )
    return int(text)


register_bot(
    BotKind(
        "expert",
        lambda seed, parameter: ExpertBot(
            seed, expert_simulations(parameter), name="expert" if parameter is None else f"expert:{parameter.strip()}"
        ),
        "The expert bot: the strong bot's best moves checked by playing the game out in worlds sampled from its view",
        parameter=f"playouts per decision, a whole number from 1 to {MOST_SIMULATIONS}",
        check=expert_simulations,
    )
)
#: The expert bot's first version (5 Dec 2026), kept so that the games it played replay: playouts valued by the
#: strong bot's hand-set position value, 8 playouts over 4 candidates a decision (docs/bots.md compares the two).
FIRST_EXPERT = {"simulations": 8, "candidates": 4}
register_bot(
    BotKind(
        "expert_hand",
        lambda seed, parameter: ExpertBot(
            seed,
            FIRST_EXPERT["simulations"] if parameter is None else expert_simulations(parameter),
            FIRST_EXPERT["candidates"],
            name="expert_hand" if parameter is None else f"expert_hand:{parameter.strip()}",
            values="hand",
        ),
        "The expert bot's first version: its playouts valued by the strong bot's hand-set weights",
        parameter=f"playouts per decision, a whole number from 1 to {MOST_SIMULATIONS}",
        check=expert_simulations,
    )
)


# ----------------------------------------------------------------------------------------------------------------
# A whole game
# ----------------------------------------------------------------------------------------------------------------
def play_game(
    settings: Settings | None,
    seed: int,
    bots: Sequence[Bot | str] = (),
    *,
    reasons: list | None = None,
    keep_reasons: bool = False,
    max_steps: int = 100_000,
):
    """Play a whole seeded game between bots; returns ``(GameRecord, final GameState)``.

    ``bots``: one per player in seating order, a bot object or a name from :data:`BOT_NAMES` (default: all
    greedy).  Chance outcomes come from ``random.Random(seed)``; named bots get ``random.Random(seed * 1000 + k)``.
    ``reasons`` (a list, optional) receives ``(entry index, decision text, the bot's reason)`` for each decision.
    ``keep_reasons``: the record carries the bots' reasons too (``GameRecord.reasons``, each decision's non-empty
    ``last_reason``), as ``play --record`` writes it for a shared page; off by default, so the records of sweeps and
    tests stay as they were.
    """
    settings = settings or Settings()
    humans = settings.humans  # ghost16: the Ghost of the +1 Player Mode plays itself and needs no bot
    bots = list(bots) or ["greedy"] * humans
    if len(bots) != humans:
        raise BotError(f"{humans} players need {humans} bots, not {len(bots)}")
    bots = [make_bot(b, seed * 1000 + k) if isinstance(b, str) else b for k, b in enumerate(bots)]
    by_name = dict(zip(settings.players, bots))
    rng = random.Random(seed)
    s = new_game(settings)
    entries, kept = [], []
    for _ in range(max_steps):
        if s.is_terminal:
            break
        if s.is_chance:
            d = sample_chance(s, rng)
        else:
            bot = by_name[s.to_move]
            d = decide(bot, s)
            said = getattr(bot, "last_reason", "")
            if reasons is not None:
                reasons.append((len(entries), str(d), said))
            if keep_reasons and reason_text(said):  # one line, at most REASON_LIMIT characters
                kept.append((len(entries), reason_text(said)))
        entries.append(d.text)
        s = step(s, d)
    else:
        raise RuntimeError(f"the game did not end within {max_steps} steps")
    meta = (("bots", ",".join(getattr(b, "name", type(b).__name__) for b in bots)),)
    return GameRecord(settings, seed, tuple(entries), meta, tuple(kept)), s
