"""The lessons' questions that are asked about a position of a real game (lessons 05, 08, 09) or about a sweep's
table (lesson 11), driven in plain pytest: a wrong answer and its reason, Hint, Reveal only after a try, the right
answer.

The positions here are found the way the lessons find theirs, but the expected answers are not read from the
question: each is worked out again from the rulebook's rule, applied by hand to what the position shows.

- Harvest (Possible Actions: Harvest; Productive Fields and Harvests): a productive field gives 1 for 1-2 Silt in
  its river, 2 for 3, 3 for 4; Barley grows with at most 2 spheres, Flax 1, Fruit up to 3 Suns and no Water,
  Papyrus up to 3 Waters and no Sun.
- Trade (Possible Actions: Merchant): 1 resource into the warehouse, 1 from each of the two stalls: +1 in all.
- Builder (Possible Actions: Builder, Example 9): from space 1 to space 3 the Builder is 2 short: printed cost + 2.
- Restore warehouse (Phase 4, step 4): at most 4 of each resource when the turn is over.
- Phase 3: a face-down card counts as 1; face-down cards play first, between them the lower real number first;
  the price of keeping a card face down is the Season's face-down cards so far, the new one included.
- Glyphs, Actions, and Unrevealed Cards: a card completes when a glyph on its left is on the right of the card
  before (or on the board, for the first card).
- End of the Game, step 5: every full 3 of resources, Deben and Silt is 1 point.
- Lesson 11 on made-up tables: 90 wins of 120 for seat 1 against 10 each gives chi-square (60^2 + 3 x 20^2) / 30
  = 160 with 3 degrees of freedom, far beyond luck, while 30 each gives 0; owners always 20 points ahead is a
  clear yes; a greedy bot winning 40 of 40 (interval from about 0.91) clearly wins more than 1 in 4; seat 3
  winning 3 of each seed's 4 rotations and seat 2 none is +3/4 in every seed, clearly ahead, while the two taking
  turns is 0; against the Ghost, 100 of 100 wins at easy, 50 at intermediate and 0 at hard (the same seeds) is a
  clear step each time (every seed's difference is 0 or +1, half of them +1), while 0 wins at every level is no
  step the wins can show.
"""

from __future__ import annotations

import re

import pandas as pd
import pytest

from tameri_kit.game import GameRecord, Settings, legal_actions, random_playout, replay, step
from tameri_kit.game.core.catalog import CARDS
from tameri_kit.game.play.story import chapters
from tameri_kit.game.rules_of_play.payments import building_cost_slots
from tameri_kit.rules.offering import Stock
from tameri_kit.lessons import questions_05, questions_08, questions_09, questions_11
from tameri_kit.widgets.actions import action_position, nile_position

THREE = Settings.for_players(3)
SILT_YIELD = {0: 0, 1: 1, 2: 1, 3: 2, 4: 3}


def _productive(crop: str, ramp: str) -> bool:
    sun, water = ramp.count("S"), ramp.count("W")
    return {
        "barley": sun + water <= 2,
        "flax": sun + water <= 1,
        "fruit": water == 0 and sun <= 3,
        "papyrus": sun == 0 and water <= 3,
    }[crop]


def _drive(q, wrong: str, reason: str, right: str, honest: bool = True) -> None:
    """Reveal refused before a try, the hint without the answer, a wrong answer with its reason, then the right one.

    ``honest`` (lessons 05-09): the wrong answer's reason names the slip without computing the answer, and the
    placeholder says the form of the answer, never a value."""
    q.reveal_button.click()
    assert not q.revealed and "Try an answer first" in q.feedback_text
    q.hint_button.click()
    assert q.feedback_text.startswith("Hint: ")
    for answer in q.answer_texts():
        assert not re.search(rf"(?<![\w./+-]){re.escape(answer)}(?!\w|/\d|\.\d)", q.hint), "the hint gives it away"
    assert q.check(wrong) is False
    assert q.feedback_text.startswith("Not quite") and reason in q.feedback_text, q.feedback_text
    note = q.feedback_text.split(" is not it.", 1)[1] if honest else ""
    for answer in q.answer_texts():
        assert not re.search(rf"(?<![\w./+-]){re.escape(answer)}(?!\w|/\d|\.\d)", note), "the feedback computes it"
    assert (
        not honest
        or not getattr(q.answer_input, "placeholder", "")
        or not any(
            re.search(rf"(?<![\w./+-]){re.escape(answer)}(?!\w)", q.answer_input.placeholder)
            for answer in q.answer_texts()
        )
    ), "the placeholder gives a value"
    assert q.check(right) is True and q.feedback_text.startswith("Right: ")
    assert len(q.feedback_text) > 60, "the feedback explains the rule"
    q.reveal_button.click()
    assert q.revealed and q.feedback_text.startswith("The answer: ")


# ---- lesson 05: one action in a position of a seeded random game -------------------------------------------------
def test_harvest_yield():
    position = action_position("harvest", seed=0)
    q = questions_05.harvest_yield(position.state, position.player)
    field = re.search(r"harvests the field (\S+) ", q.prompt).group(1)
    river, crop = field.split("-")
    ready = step(position.state, f"{position.player}: do harvest")
    ramp = ready.pyramid.ramp(river)
    silt = ready.pyramid.rivers["NESW".index(river)]
    assert _productive(crop, ramp) and silt > 0, "the lesson asks about a field that yields"
    expected = SILT_YIELD[silt]
    wrong = str(silt) if silt != expected and silt > 1 else str(expected + 1)
    _drive(q, wrong, "" if wrong != str(silt) else "number of Silt", str(expected))


def _merchant_scene(state, seat):  # as lesson 05 finds it
    others = [p.merchant for j, p in enumerate(state.players) if j != seat]
    return state.market.total > 0 and any(m is not None for m in others) and state.players[seat].reserve.total >= 2


def test_trade_gain():
    position = action_position("merchant", seed=0, when=_merchant_scene)
    q = questions_05.trade_gain(position.state, position.player)
    _drive(q, "2", "count what goes out too", "1")


def _builder_position():
    return action_position("builder", seed=0, when=lambda state, seat: state.players[seat].reserve.total >= 4)


def _with_builder_on(state, player: str, space):
    return state.but(players=tuple(p.but(builder=space) if p.name == player else p for p in state.players))


def _paid_through_the_engine(state, player: str, target: str) -> int:
    """Do the Builder action in the engine (place or advance), buy ``target`` and count what the cheapest way
    to pay takes: the engine's own reading of step 1, for comparison with the hand-worked value.  The player is
    given 4 of each resource first, so that the price, not the supply, decides."""
    rich = Stock(barley=4, papyrus=4, flax=4, fruit=4)
    state = state.but(players=tuple(p.but(reserve=rich) if p.name == player else p for p in state.players))
    ready = step(state, f"{player}: do builder")
    placed = next(d.move for d in legal_actions(ready) if d.move in ("builder place", "builder advance"))
    ready = step(ready, f"{player}: {placed}")
    ready = step(ready, f"{player}: buy {target}")
    return min(sum(int(n) for n in re.findall(r"(\d+) [a-z]+", d.move)) for d in legal_actions(ready))


def test_builder_cost():
    """Possible Actions: Builder, step 1: a Builder not in play is placed on the bottom space (space 1); step 2:
    the card on space 3 is then 2 steps away, so it costs its printed cost + 2 Papyrus (Example 9)."""
    position = _builder_position()
    assert position.state.player(position.player).builder is None, "the lesson's position has no Builder in play"
    target = position.state.row[2]
    printed = len(building_cost_slots(target, 0))
    q = questions_05.builder_cost(position.state, position.player)
    assert f"printed cost is {printed} " in q.prompt and "no Builder in play yet" in q.prompt
    _drive(q, str(printed), "each step it is short adds 1 Papyrus", str(printed + 2))
    assert _paid_through_the_engine(position.state, position.player, target) == printed + 2


def test_builder_cost_every_reading_of_where_the_builder_stands():
    """The prompt says where the Builder stands before the action, so each reading a careful learner may take is
    answered by the rule, worked by hand: a Builder already on space 1 first advances to space 2 (step 1), so the
    card on space 3 is 1 step away: printed + 1; one already on space 3 advances to 4, past the card: printed cost
    only.  Answering as if the Builder stood still ("it stands on space 1": printed + 2) is named as that slip."""
    position = _builder_position()
    target = position.state.row[2]
    printed = len(building_cost_slots(target, 0))
    on_one = _with_builder_on(position.state, position.player, 1)
    q = questions_05.builder_cost(on_one, position.player)
    assert "stands on space 1" in q.prompt and "moves it up one space" in q.prompt
    assert not q.check(str(printed + 2)) and "moves up before you buy" in q.feedback_text
    assert q.check(str(printed + 1))
    assert _paid_through_the_engine(on_one, position.player, target) == printed + 1
    on_three = _with_builder_on(position.state, position.player, 3)
    q = questions_05.builder_cost(on_three, position.player)
    assert q.check(str(printed))
    assert _paid_through_the_engine(on_three, position.player, target) == printed


def test_nile_warehouse_limit():
    def full_store(state, seat):
        return any(r is not None and state.players[seat].reserve[r] >= 4 for _card, r in state.nile)

    state, player, _seed, _entry = nile_position(seed=0, when=full_store)
    q = questions_05.nile_warehouse_limit(state, player)
    held = int(re.search(r"has (\d+) ", q.prompt).group(1))
    assert held >= 4
    _drive(q, str(held + 1), "puts back everything above the limit", "4")


# ---- lesson 08: a finished game, replayed -------------------------------------------------------------------------
@pytest.fixture(scope="module")
def game():
    """The first seeded random 3-player game in which exactly one player keeps the card of round 1 face down."""
    for seed in range(40):
        entries, final = random_playout(THREE, seed)
        states = replay(GameRecord(THREE, seed, tuple(entries)), states=True)
        start = dict(chapters(states))["Season 1 (Akhet), round 1"]
        turns = next(s for s in states[start:] if s.phase == "turns")
        if sum(p.row[-1].face_down for p in turns.players) == 1:
            return entries, states, final, start, turns
    raise AssertionError("no such game in 40 seeds")


def test_turn_order(game):
    _entries, states, _final, start, turns = game
    order = sorted(turns.players, key=lambda p: (not p.row[-1].face_down, p.row[-1].card.number))
    places = ("1st", "2nd", "3rd")
    for place, player in zip(places, order):
        q = questions_08.turn_order(states, start, player.name)
        wrong = next(p for p in places if p != place)
        reason = "counts as 1" if player.row[-1].face_down else "lowest first"
        _drive(q, wrong, reason, place)
    first = order[0]
    assert first.row[-1].face_down and f"{first.name} keeps the card face down" in q.prompt
    assert str(first.row[-1].card.number) not in re.findall(r"\d+", q.prompt)  # the hidden card stays hidden


def test_harvest_total():
    def several(state, seat):
        return len(state.players[seat].farmers) >= 2 and not state.players[seat].buildings

    position = action_position("harvest", seed=0, when=several)  # a Harvest in a seeded game
    player = position.player
    ready = step(position.state, f"{player}: do harvest")
    move = max((d.move for d in legal_actions(ready) if d.move.startswith("harvest ")), key=lambda m: m.count(","))
    assert not ready.player(player).buildings  # no Building to change the yield
    after = step(ready, f"{player}: {move}")
    fields = move.split()[1].split(",")
    expected = sum(
        SILT_YIELD[ready.pyramid.rivers["NESW".index(f[0])]]
        for f in fields
        if _productive(f.split("-")[1], ready.pyramid.ramp(f[0]))
    )
    q = questions_08.harvest_total([ready, after], 1, player)
    _drive(q, str(expected + 1), "", str(expected))


def test_leftover_points(game):
    _entries, _states, final, _start, _turns = game
    for player in final.players:
        things = player.reserve.total + player.deben + player.silt
        q = questions_08.leftover_points(final, player.name)
        wrong, reason = (str(things), "every three of them") if things > 2 else (str(things // 3 + 1), "")
        _drive(q, wrong, reason, str(things // 3))


# ---- lesson 09: the table's position ------------------------------------------------------------------------------
def test_cards_giving_both_actions(game):
    _entries, states, _final, start, _turns = game
    choose = next(s for s in states[start:] if s.phase == "choose" and legal_actions(s))
    player = legal_actions(choose)[0].player
    me = choose.player(player)
    assert me.row == ()  # the first card of the Season: it must match the board's glyph
    expected = sum(me.glyph in CARDS[number].left for number in me.hand)
    q = questions_09.cards_giving_both_actions(choose, player)
    assert all(str(n) in q.prompt for n in me.hand)
    if expected != len(me.hand):
        _drive(q, str(len(me.hand)), "only some give both", str(expected))
    else:
        _drive(q, str(expected - 1), "left side of each card", str(expected))


def test_face_down_price():
    checked = set()
    for seed in range(20):  # seeded random games, until a first and a second face-down card of a Season are asked
        entries, _final = random_playout(THREE, seed)
        for state in replay(GameRecord(THREE, seed, tuple(entries)), states=True):
            for decision in legal_actions(state) if state.phase == "reveal" else ():
                if decision.move == "keep face down":
                    # the card just chosen is not on the board yet: the board holds this Season's earlier cards
                    so_far = sum(p.face_down for p in state.player(decision.player).row)
                    if so_far not in checked:
                        checked.add(so_far)
                        q = questions_09.face_down_price(state, decision.player)
                        _drive(q, str(so_far), "leaves out a face-down card", str(so_far + 1))
        if {0, 1} <= checked:
            break
    assert {0, 1} <= checked


# ---- lesson 11: made-up tables ------------------------------------------------------------------------------------
def _table(winners, bots=("r",) * 4, totals=None, buildings=None):
    return pd.DataFrame(
        [
            {
                "seed": seed,
                "rotation": 0,
                "players": 4,
                "seats": list("ABCD"),
                "bots": list(bots),
                "totals": (totals or [0, 0, 0, 0]),
                "winners": [winner],
                "buildings": buildings or [[]] * 4,
                "sphinxes": [0] * 4,
                "face_down": [0] * 4,
                "deben": [0] * 4,
            }
            for seed, winner in enumerate(winners)
        ]
    )


def test_lesson_11_first_seat():
    clear = questions_11.first_seat(_table([0] * 90 + [1, 2, 3] * 10))
    _drive(clear, questions_11.SEAT_MATTERS[1], "Overlapping intervals do not show", questions_11.SEAT_MATTERS[0])
    even = questions_11.first_seat(_table([0, 1, 2, 3] * 30))
    _drive(even, questions_11.SEAT_MATTERS[0], "A gap between the bars", questions_11.SEAT_MATTERS[1])


def test_lesson_11_p_value_and_interval():
    _drive(
        questions_11.p_value_and_interval(),
        questions_11.DECISIONS[0],
        "what does it hold",
        questions_11.DECISIONS[1],
    )


def _rotated(winners_by_seed):
    """Seeds played four times (rotated): ``winners_by_seed`` lists, per seed, the winner's seat index of each
    rotation."""
    rows = []
    for seed, winners in enumerate(winners_by_seed):
        for rotation, winner in enumerate(winners):
            rows.append(
                {
                    "seed": seed,
                    "rotation": rotation,
                    "players": 4,
                    "seats": list("ABCD"),
                    "bots": ["r"] * 4,
                    "totals": [9 if seat == winner else 5 for seat in range(4)],
                    "winners": [winner],
                    "buildings": [[]] * 4,
                    "sphinxes": [0] * 4,
                    "face_down": [0] * 4,
                    "deben": [0] * 4,
                }
            )
    return pd.DataFrame(rows)


def test_lesson_11_seat_three_against_two():
    # seat 3 (index 2) wins 3 of each seed's 4 games, seat 2 none: +3/4 in every seed, clearly ahead
    ahead = questions_11.seat_three_against_two(_rotated([[2, 2, 2, 0]] * 12))
    _drive(ahead, questions_11.PAIR[2], "'Cannot tell' fits", questions_11.PAIR[0])
    # seat 3 and seat 2 take turns: +1 and -1 seed by seed, a difference of 0
    even = questions_11.seat_three_against_two(_rotated([[2, 0, 0, 0], [1, 0, 0, 0]] * 6))
    _drive(even, questions_11.PAIR[0], "clearly ahead only when", questions_11.PAIR[2])


def test_lesson_11_games_to_halve():
    _drive(questions_11.games_to_halve(400), "800", "in proportion", "1600")


def test_lesson_11_building_owners():
    owners = _table([0] * 50, totals=[60, 40, 40, 40], buildings=[["A1"], [], [], []])
    _drive(
        questions_11.building_owners(owners),
        questions_11.OWNERS[2],
        "'Cannot tell' fits",
        questions_11.OWNERS[0],
    )


def test_lesson_11_greedy_against_random():
    greedy = _table([0] * 40, bots=("greedy", "random", "random", "random"))
    _drive(
        questions_11.greedy_against_random(greedy),
        questions_11.GREEDY[1],
        "the games do tell",
        questions_11.GREEDY[0],
    )


def _ghost_table(wins_by_level, games=100):
    rows = []
    for level, wins in wins_by_level.items():
        for seed in range(games):
            beat = seed < wins
            rows.append(
                {
                    "seed": seed,
                    "rotation": 0,
                    "bots": ["strong", "ghost"],
                    "ghost": level,
                    "ghost_points": 80,
                    "margins": [5 if beat else -5],
                    "beat_ghost": [beat],
                }
            )
    return pd.DataFrame(rows)


def _ghost_sets(beaten_by_level, games=100):
    """``beaten_by_level``: level -> the seeds on which the bot beat the Ghost."""
    rows = []
    for level, beaten in beaten_by_level.items():
        for seed in range(games):
            beat = seed in beaten
            rows.append(
                {
                    "seed": seed,
                    "rotation": 0,
                    "bots": ["strong", "ghost"],
                    "ghost": level,
                    "ghost_points": 80,
                    "margins": [5 if beat else -5],
                    "beat_ghost": [beat],
                }
            )
    return pd.DataFrame(rows)


def test_lesson_11_ghost_levels():
    steps = questions_11.ghost_levels(_ghost_table({"easy": 100, "intermediate": 50, "hard": 0}))
    _drive(steps, questions_11.GHOST_STEPS[2], "the games do tell", questions_11.GHOST_STEPS[0])
    floor = questions_11.ghost_levels(_ghost_table({"easy": 0, "intermediate": 0, "hard": 0}))
    _drive(
        floor, questions_11.GHOST_STEPS[0], "cannot tell the levels apart", questions_11.GHOST_STEPS[2], honest=False
    )
    assert "pressed against 0" in floor.feedback_text
    # easy beats it on seeds 0-29, intermediate on 15-44, hard never: easy minus intermediate is +1 on 15 seeds
    # and -1 on 15 (0 on average), easy minus hard +1 on 30 seeds: only easy against hard is clear
    ends = questions_11.ghost_levels(_ghost_sets({"easy": range(30), "intermediate": range(15, 45), "hard": ()}))
    _drive(ends, questions_11.GHOST_STEPS[0], "neighbouring levels", questions_11.GHOST_STEPS[1])


def _pairs(winners, bots=("mcts:16", "strong")):
    """Two-player games of one pairing, each seed from both seats (rotation 1 swaps the bots); ``winners``: per
    seed, the bot that wins both of its games (0: the first bot, 1: the second)."""
    rows = []
    for seed, winner in enumerate(winners):
        for rotation in (0, 1):
            seated = list(bots) if rotation == 0 else list(bots)[::-1]
            rows.append(
                {
                    "seed": seed,
                    "rotation": rotation,
                    "players": 2,
                    "seats": ["A", "B"],
                    "bots": seated,
                    "totals": [1, 0] if seated[0] == bots[winner] else [0, 1],
                    "winners": [0] if seated[0] == bots[winner] else [1],
                    "buildings": [[], []],
                    "sphinxes": [0, 0],
                    "face_down": [0, 0],
                    "deben": [0, 0],
                }
            )
    return pd.DataFrame(rows)


def test_lesson_11_search_against_strong():
    """The strong bot wins every game of 20 seeds (40 games): MCTS's rate is 0 with an interval far below 1/2, so
    the answer is "clearly less"; half the seeds each: the interval holds 1/2, so these games leave it open."""
    beaten = questions_11.search_against_strong(_pairs([1] * 20))
    _drive(beaten, questions_11.SEARCH[1], "the games do tell", questions_11.SEARCH[2])
    even = questions_11.search_against_strong(_pairs([0, 1] * 10))
    _drive(even, questions_11.SEARCH[0], "holds 1/2", questions_11.SEARCH[1])


def _seat_games(winning_seats):
    """Four-player games with the same bot in every seat, one a seed: the winner's seat index (0 for seat 1) each."""
    return _table(winning_seats, bots=("expert",) * 4)


SEAT_EDGE_CASES = [
    # seat 3's wins, the other winners' seats, Wilson's interval worked by hand (or None), a wrong answer and its
    # feedback, the right answer (index into SEAT_EDGE)
    ([2] * 50 + [0, 1] * 25, (0.404, 0.596), 1, "which side of 1/4", 0),
    ([2] * 10 + [0, 1, 3] * 30, (0.055, 0.174), 2, "the whole interval", 1),
    ([0, 1, 2, 3] * 10, None, 0, "the whole interval", 2),
]


@pytest.mark.parametrize("winners, interval, wrong, reason, right", SEAT_EDGE_CASES, ids=["holds", "gone", "even"])
def test_lesson_11_expert_seat_order(winners, interval, wrong, reason, right):
    """Seat 3 wins 50 of 100 games: Wilson's 95% interval is 0.5 +/- 1.96 sqrt(0.25/100 + 1.96^2/40000) / (1 +
    1.96^2/100) = [0.404, 0.596], wholly above 1/4, so the edge holds; 10 of 100: [0.055, 0.174], wholly below, so it
    is gone; 10 of 40 (exactly 1/4): the interval holds 1/4, so these games cannot tell.  The strong bots' table is
    the question's context only."""
    strong = _seat_games([2] * 40 + [0, 1, 3] * 20)
    games = _seat_games(winners)
    edge = questions_11.SEAT_EDGE
    assert questions_11.seat_edge_answer(games) == edge[right]
    if interval is not None:
        row = questions_11.seat_three(games)
        assert (row["low"], row["high"]) == pytest.approx(interval, abs=5e-4)
    _drive(questions_11.expert_seat_order(games, strong), edge[wrong], reason, edge[right])


def test_lesson_11_seat_three_paired_on_the_seeds_both_played():
    """Four seeds both sweeps played (the strong one a fifth, left out): seat 3 (index 2) wins seeds 0 and 1 with
    the expert bots and seeds 0-3 with the strong bots, so 2 against 4, a difference of (2 - 4) / 4 = -0.5; the
    per-seed differences 0, 0, -1, -1 have mean -0.5 and standard deviation sqrt(1/3), so t = -0.5 / (sqrt(1/3) / 2)
    = -1.732 on 3 degrees of freedom, a two-sided p of 0.182 (a t table)."""
    from tameri_kit.lessons.questions_11_search import seat_three_paired

    expert = _seat_games([2, 2, 0, 1])
    strong = _seat_games([2, 2, 2, 2, 3])
    pair = seat_three_paired(expert, strong)
    assert (pair["seeds"], pair["expert"], pair["strong"]) == (4, 2, 4)
    assert pair["difference"] == pytest.approx(-0.5)
    assert pair["low"] <= -0.5 <= pair["high"]
    assert pair["p"] == pytest.approx(0.182, abs=5e-4)
