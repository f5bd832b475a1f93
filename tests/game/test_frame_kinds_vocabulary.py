"""Each kind of frame is the one place for its decision's words (issue 24): what it asks, its move grammar, its legal
moves and why a move of its grammar is not allowed agree, at every decision of many seeded games: every legal move
is written and read back, is of the grammar and is never reported not allowed; every move of the grammar that is
not legal gets its kind's own reason (never the fallback list of what may be done), which the engine's error
repeats with the frame's rule.

Rulebook: the whole game (every decision from Season 0 to the End of the Season, the +1 Player Mode and the Gifts of
the Gods).  The expected values are the rules' own facts worked out by hand where a count is checked (the Market
spaces), and otherwise the agreement of two separately written things: the kind's legal moves (``legal``) and its
reasons (``why_not``), which are computed from the rules independently of each other.
"""

from __future__ import annotations

import random
import re
from collections import defaultdict

import pytest

from tameri_kit.game import Decision, Settings, legal_actions, new_game, sample_chance, step
from tameri_kit.game.play.engine import moves_of_form, why_not
from tameri_kit.game.core.frames import FRAME_KINDS, PLAYED
from tameri_kit.rules.common import Resource
from tameri_kit.rules.offering import Stock

DECISION_KINDS = sorted(kind for kind, cls in FRAME_KINDS.items() if not cls.chance and not cls.automatic)

#: Kinds whose sampled decisions never show a move of the grammar that is not legal: the grammar is the legal moves
#: (a card to keep, a Priest card to keep, a Gift to keep, D4's resource: every one offered may be taken), or a move
#: is refused only in a position the sampled games do not reach (every field free in Season 0; a resource the supply
#: lacks; Building D1-D4's resource, Sphinx 3A and 3B met once or twice).  Their reasons are checked all the same
#: whenever such a move shows, and for a resource lacking by the hand-made positions of
#: ``test_a_resource_lacking_is_refused_by_the_kind_itself``.
ONLY_LEGAL_MOVES_SEEN = {
    "season_zero_pick",
    "draft",
    "gift_keep",
    "building_d4",
    "season_zero_farmer",
    "take",
    "pay_any_resource",
    "season_points",
    "swap",
}

#: The games sampled: every player count, the Gifts of the Gods, the +1 Player Mode, chosen (by playing seeds in
#: turn) so that every kind of decision shows: 2 players with seed 2 (Sphinx 2A and 3A), 3 with seed 1 (Sphinx 3B),
#: 3 with seeds 17 and 25 and 4 with seed 8 (someone buys F4, Farmer's Market, or D4), Gifts with 4 players and seed
#: 4 (Buildings D1-D4's resource paid).
GAMES = [
    (Settings.for_players(2), 0),
    (Settings.for_players(2), 2),
    (Settings.for_players(3), 1),
    (Settings.for_players(3), 17),
    (Settings.for_players(3), 25),
    (Settings.for_players(4), 2),
    (Settings.for_players(4), 8),
    *[(Settings.for_players(2, gifts=True), seed) for seed in (2, 4)],
    *[(Settings.for_players(4, gifts=True), seed) for seed in (4, 5)],
    *[(Settings.for_players(humans, ghost="intermediate"), 0) for humans in (1, 2)],
]
PER_KIND = 40


def play(settings: Settings, seed: int):
    """The states of one seeded random game at which someone decides."""
    rng = random.Random(seed)
    state = new_game(settings)
    while not state.is_terminal:
        if state.is_chance:
            state = step(state, sample_chance(state, rng))
            continue
        yield state
        legal = legal_actions(state)
        state = step(state, legal[rng.randrange(len(legal))])


@pytest.fixture(scope="module")
def positions() -> dict[str, list]:
    """Up to ``PER_KIND`` decisions of each kind (spread over the games: every fifth after the first few)."""
    found: dict[str, list] = defaultdict(list)
    for settings, seed in GAMES:
        seen: dict[str, int] = defaultdict(int)
        for state in play(settings, seed):
            kind = state.top.kind
            seen[kind] += 1
            if len(found[kind]) < PER_KIND and (seen[kind] <= 3 or seen[kind] % 5 == 0):
                found[kind].append(state)
    return found


def examine(state) -> int:
    """Checks one decision (see the module's description); returns how many moves of the grammar were not legal."""
    frame = state.top
    how = PLAYED[frame.kind]
    question, rule = frame.question(state.settings)
    assert question and rule and question != "decide"
    legal = legal_actions(state)
    moves = [d.move for d in legal]
    grammar = moves_of_form(state)
    assert len(grammar) == len(set(grammar)), grammar
    assert set(moves) <= set(grammar)  # the legal moves are of the kind's grammar
    for decision in legal:
        assert Decision.parse(str(decision)) == decision  # written and read back
        assert how.group(decision.move)  # the table shows it under a title of the kind's
        assert how.why_not(state, frame, decision.move) is None, (decision, "a legal move reported not allowed")
    assert why_not(state, legal[0]) == ""  # the engine's answer for a legal move (a whole step: one per state)
    examined = 0
    for move in grammar:
        if move in moves:
            continue
        examined += 1
        assert Decision.parse(f"{state.to_move}: {move}").move == move  # a move of the grammar is well written
        own = how.why_not(state, frame, move)
        assert own, (frame.kind, move, "no reason of its own: the engine would list what may be done instead")
        reason = why_not(state, Decision(state.to_move, move))
        assert reason == f"{Decision(state.to_move, move)}: not allowed here; {own} ({frame.rule})", reason
    return examined


@pytest.mark.parametrize("kind", DECISION_KINDS)
def test_asked_grammar_and_why_not_agree_with_the_legal_moves(kind, positions):
    states = positions.get(kind, [])
    assert states, f"no decision of kind {kind!r} in the sampled games"
    examined = sum(examine(state) for state in states)
    if kind not in ONLY_LEGAL_MOVES_SEEN:
        assert examined, f"the sampled {kind!r} decisions never met a move of the grammar that is not legal"


@pytest.mark.parametrize(
    ("kind", "refused", "reason"),
    [
        ("swap", "swap papyrus for flax", "you have no Papyrus"),
        ("pay_any_resource", "pay papyrus", "you have no Papyrus"),
        ("take", "take barley", "no Barley is left in the supply"),
    ],
)
def test_a_resource_lacking_is_refused_by_the_kind_itself(kind, refused, reason, positions):
    """Sphinx Effects 3B (an exchange gives a resource you have), Buildings D1-D4 (the resource paid is yours) and
    Immediate Effects (a resource gained comes from the supply: Components, 24 of each).  A sampled decision of the
    kind, changed by hand: the player holds 1 Barley and nothing else, and for ``take`` another player holds every
    Barley not held elsewhere (24 in all less those of the other players, the Market and the Nile), so the supply
    has none.  The move named
    is then of the grammar, not legal, and refused for the reason worked out from that change."""
    state = positions[kind][0]
    seat = state.top.player
    players = list(state.players)
    players[seat] = players[seat].but(reserve=Stock.of([Resource.BARLEY]))
    if kind == "take":
        other = (seat + 1) % len(players)
        elsewhere = state.market[Resource.BARLEY] + sum(1 for _, x in state.nile if x == Resource.BARLEY)
        elsewhere += sum(
            p.reserve[Resource.BARLEY] + p.screen[Resource.BARLEY] for j, p in enumerate(players) if j != other
        )
        players[other] = players[other].but(
            reserve=players[other].reserve.with_count(Resource.BARLEY, 24 - elsewhere),
            screen=players[other].screen.with_count(Resource.BARLEY, 0),
        )
    changed = state.but(players=tuple(players))
    assert examine(changed)
    assert refused in moves_of_form(changed) and refused not in {d.move for d in legal_actions(changed)}
    assert PLAYED[kind].why_not(changed, changed.top, refused) == reason


@pytest.mark.parametrize(("players", "spaces"), [(2, 4), (3, 5), (4, 6)])
def test_why_not_for_a_merchant_space_lists_exactly_the_spaces_that_exist(players, spaces):
    """Game Setup 1g: the Market tile's 2- and 3-player sides and the main board's Market for 4 players.  The kit's
    layouts (``data/market.toml``) have one Merchant space between each two neighbouring stalls of a ring: 4 stalls
    (barley, papyrus, flax, fruit) with 2 players, 5 with 3, 6 with 4, so spaces 1-4, 1-5 and 1-6 - counted by hand
    from the file.  Every space is named once, by the Why not? list or by the legal moves, and no other."""
    state = next(
        state
        for seed in range(20)
        for state in play(Settings.for_players(players), seed)
        if state.top.kind == "merchant" and state.top.stage == "place"
    )
    named = [m for m in moves_of_form(state) if re.fullmatch(r"merchant space \d+", m)]
    assert named == [f"merchant space {k}" for k in range(1, spaces + 1)]
    legal_spaces = {d.move.split(" from ")[0] for d in legal_actions(state) if d.move.startswith("merchant space ")}
    assert legal_spaces <= set(named)
    outside = why_not(state, Decision(state.to_move, f"merchant space {spaces + 1}"))
    assert f"spaces 1-{spaces}" in outside
