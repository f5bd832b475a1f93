"""Issue 28, findings 10, 11 and 13 (the engine's and the Ghost's part): data that passes ``data check`` but breaks
a game, and the public functions a notebook calls with the wrong thing.

Each reproduction gives the kit's typed error (a :class:`~tameri_kit.errors.TameriError` naming what and where) and
leaves the state given unchanged; a data mutation is reported by ``data check`` as ``file: record: field: why``.
"""

import random
import shutil

import pytest

from tameri_kit.data import DATA_DIR, check_dir
from tameri_kit.errors import StateError, TameriError
from tameri_kit.game import Settings, legal_actions, new_game, random_playout, sample_chance, settle, step, with_turn
from tameri_kit.game.core.frames import AutoStep
from tameri_kit.game.rules_of_play.ghost.turn import nile_pick
from tameri_kit.rules.action_cards import Action

SOLO = Settings.for_players(1, ghost="easy")


# --- sample_chance and with_turn --------------------------------------------------------------------------------
def test_sample_chance_at_a_decision_or_at_the_end_is_a_state_error():
    rng = random.Random(1)
    state = new_game(Settings.for_players(2))
    while state.is_chance:
        state = step(state, sample_chance(state, rng))
    with pytest.raises(StateError, match=r"sample_chance: no chance node here - \w+ decides"):
        sample_chance(state, rng)
    _, final = random_playout(Settings.for_players(2), 0)
    with pytest.raises(StateError, match="no chance node here - the game is over"):
        sample_chance(final, rng)
    with pytest.raises(StateError, match="nothing is being asked"):
        sample_chance(state.but(stack=()), rng)


def _first_decision(settings: Settings, seed: int = 1):
    rng = random.Random(seed)
    state = new_game(settings)
    while state.is_chance:
        state = step(state, sample_chance(state, rng))
    return state


def test_with_turn_refuses_the_ghost_and_reads_one_name_as_one_action():
    state = _first_decision(SOLO)
    with pytest.raises(StateError, match="is the Ghost of the \\+1 Player Mode, which never decides"):
        with_turn(state, "Ghost", ["merchant"])
    one = with_turn(state, "John", "merchant")  # a single name, not the letters m, e, r ...
    assert one.top.actions == (Action.MERCHANT,) and one.stack == with_turn(state, "John", ["merchant"]).stack


# --- the Ghost's public functions -------------------------------------------------------------------------------
@pytest.mark.parametrize("season", [0, 4, -1, "2", 2.0, True, None])
def test_nile_pick_outside_seasons_1_to_3_is_a_state_error(season):
    with pytest.raises(StateError, match="Seasons 1, 2 and 3"):
        nile_pick(((5, None), (9, None), (7, None)), season)


def test_nile_pick_in_each_season_and_of_a_bad_nile():
    """Phase 4 (Ghost) a-c: cards 5, 7, 9 give the lowest 5, the middle 7, the highest 9 (worked by hand)."""
    import numpy as np

    nile = ((9, None), (5, None), (7, None))
    assert [nile_pick(nile, season) for season in (1, 2, np.int64(3))] == [5, 7, 9]
    assert nile_pick((), 2) is None
    with pytest.raises(StateError, match="pairs"):
        nile_pick((5, 9, 7), 1)


def _ghost_state():
    """A solo game against the Ghost at its first decision, its Ghost cards dealt out at set-up."""
    state = _first_decision(SOLO)
    assert state.ghost is not None and state.ghost.card is None
    return state


def test_a_ghost_action_with_no_ghost_card_left_is_a_state_error():
    """A hand-built state: the Ghost must draw for its Farmer action, but its deck and discards are both empty.
    settle used to loop for ever (the draw was skipped, the action asked again); reading X15."""
    state = _ghost_state()
    empty = state.but(
        ghost=state.ghost.but(pile=(), discards=(), card=None),
        stack=(AutoStep(step="ghost_action", arguments=(Action.FARMER.value, "test")),),
    )
    with pytest.raises(StateError, match="deck and its discards are both empty"):
        settle(empty)
    # with the discards left, the deck is made again from them (reading X3) and a card is drawn
    refilled = settle(empty.but(ghost=empty.ghost.but(discards=(1, 2))))
    assert refilled.is_chance and refilled.top.kind == "draw_ghost"


def test_a_ghost_turn_on_a_full_board_is_a_state_error():
    """A hand-built state: the Ghost's board already holds 4 cards when its turn starts (in a game the Season ends
    first, Phase 5); the engine used to place a fifth.  Reading X15."""
    state = _ghost_state()
    seat = state.ghost.seat
    played = state.players[0].row or ()
    assert not played
    from tameri_kit.game.core.catalog import CARDS
    from tameri_kit.rules.glyphs import Played

    numbers = [n for n in sorted(CARDS, key=str)][:7]
    row = tuple(Played(CARDS[n]) for n in numbers[:4])
    players = tuple(p.but(row=row) if k == seat else p for k, p in enumerate(state.players))
    full = state.but(
        players=players,
        season=1,
        phase="turns",
        order=(0, seat),
        nile=tuple((n, None) for n in numbers[4:7]),
        stack=(AutoStep(step="ghost_turn", arguments=(seat,)),),
    )
    with pytest.raises(StateError, match="its board already holds 4 cards"):
        settle(full)
    # with 3 cards the fourth goes to the fourth space
    three = full.but(players=tuple(p.but(row=row[:3]) if k == seat else p for k, p in enumerate(full.players)))
    assert len(settle(three).players[seat].row) == 4


def test_the_engine_errors_are_tameri_errors():
    assert issubclass(StateError, TameriError)


# --- finding 10: data that passes data check but breaks a game -------------------------------------------------
@pytest.fixture
def data(tmp_path):
    folder = tmp_path / "data"
    folder.mkdir()
    for path in DATA_DIR.glob("*.toml"):
        shutil.copy(path, folder / path.name)
    return folder


def _mutate(folder, file, old, new):
    path = folder / file
    text = path.read_text()
    assert text.count(old) >= 1, f"{old!r} not in {file}"
    path.write_text(text.replace(old, new, 1))


@pytest.mark.parametrize("effect", ["remove_any", "remove_sun", "remove_water", "gain_silt"])
def test_a_card_whose_weather_lists_an_effect_twice_is_reported(data, effect):
    """The four mutations of issue 28 finding 10: each weather effect listed twice on one card passed ``data check``,
    then every game dealing that card died on ``AssertionError: duplicate decision`` (the engine names a weather
    decision by its effect, so two alike are one decision offered twice).  The engine's other asserts on data
    (unknown immediate-effect kinds, Gift ids, the draft's replay) are already closed by ``data check``'s lists of
    allowed kinds and unique ids."""
    _mutate(data, "actions.toml", f'weather = ["{effect}"]', f'weather = ["{effect}", "{effect}"]')
    problems = [str(p) for p in check_dir(data)]
    assert len(problems) == 1 and problems[0].startswith("actions.toml: card "), problems
    assert problems[0].endswith(
        f": weather: '{effect}' is listed twice; a card shows each weather effect at most once (Weather Effects on "
        "the Cards: each effect is used once, and the game tells them apart by name)"
    )


def test_a_river_watering_two_fields_of_one_crop_is_reported(data):
    """Found by playing mutated data: river E watering two Flax fields and river W a Fruit and a Papyrus field keeps
    2 fields of each crop and every stated fact, so it passed ``data check``; then the first Farmer action died on
    ``AssertionError: duplicate decision ... 'farmer E-flax'`` (a field is named by its river and crop)."""
    _mutate(data, "map.toml", 'fields = ["papyrus", "flax"]', 'fields = ["flax", "flax"]')
    _mutate(data, "map.toml", 'fields = ["fruit", "flax"]', 'fields = ["fruit", "papyrus"]')
    assert [str(p) for p in check_dir(data)] == [
        "map.toml: river E: fields: 'flax' is listed twice; a river's 2 fields grow different crops (the game tells "
        "fields apart by river and crop, e.g. E-flax)"
    ]


def test_every_effect_kind_data_check_accepts_is_one_the_engine_resolves():
    """The engine's ``AssertionError(kind)`` for an unknown immediate effect cannot be reached from checked data:
    every kind a Temple space, a Priest card or an unlock reward may name has its branch (worked out from the
    three lists, not from the engine's output)."""
    from tameri_kit.data.player_boards import REWARD_KINDS
    from tameri_kit.game.rules_of_play.game_effects import resolve_immediate_effect
    from tameri_kit.game.core.frames import ImmediateEffect
    from tameri_kit.game.core.working import WorkingGame
    from tameri_kit.rules.components import CARD_EFFECTS, SPACE_EFFECTS
    from tameri_kit.rules.temple_moves import Temple

    state = _first_decision(Settings.for_players(2))
    for kind in sorted(set(SPACE_EFFECTS) | set(CARD_EFFECTS) | set(REWARD_KINDS)):
        game = WorkingGame(state)
        resolve_immediate_effect(game, ImmediateEffect(0, effect=kind, amount=1, temple=Temple.AMUN, why="test"))


def test_the_kits_own_data_passes():
    assert check_dir() == []


@pytest.mark.parametrize("where", ["legal_actions", "play_out"])
def test_two_moves_sharing_a_text_stop_the_engine(monkeypatch, where):
    """An engine bug that offers two moves with the same text (the two observatories once did) is never played: the
    public loop and the rollout, which finds the pair side by side once its moves are sorted, both stop naming it."""
    from dataclasses import replace

    from tameri_kit.game.core.frames import PLAYED
    from tameri_kit.game.play import engine

    state = new_game(Settings.for_players(2))
    rng = random.Random(1)
    while state.is_chance:
        state = step(state, sample_chance(state, rng))
    kind = state.top.kind
    how = PLAYED[kind]

    def doubled(game, frame):
        moves = how.legal(game, frame)
        return moves + [moves[len(moves) // 2]]  # one move twice, among the others

    monkeypatch.setitem(PLAYED, kind, replace(how, legal=doubled))
    with pytest.raises(AssertionError, match="duplicate decision"):
        if where == "legal_actions":
            legal_actions(state.but())  # a fresh cache: the moves are listed again
        else:
            engine.play_out(state.but(), random.Random(2))
