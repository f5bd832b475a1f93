"""The learned values of a Season's end (tameri_kit.game.play.value_model) and the command that fits them
(bench.learn_value): the features read the board as the rulebook counts it, the shipped file is complete and
well-formed, a malformed one is refused by name, and the expert bot falls back on the hand-set values where the
model has no fit."""

from __future__ import annotations

import json

import pytest

from bench import learn_value
from tameri_kit.errors import DataError
from tameri_kit.game import Settings, new_game
from tameri_kit.game.core.catalog import PRIESTS
from tameri_kit.game.play.expert_bot import ExpertBot, cut_margin
from tameri_kit.game.play.strong_bot import position_value
from tameri_kit.game.play.value_model import (
    FEATURES,
    MODEL_FILE,
    ValueModel,
    features,
    game_kind,
    parse_model,
    shipped_model,
)
from tameri_kit.rules.components import Temple
from tameri_kit.rules.offering import Stock


def _named(values):
    return dict(zip(FEATURES, values))


def test_the_features_count_the_board_as_the_rules_do():
    """John with 5 Barley and 1 Papyrus (at most 4 of a kind count: 4 + 1 = 5, 2 kinds), 3 Flax behind his screen,
    8 Deben (6 counted), a Priest on space 2 of Ra and one on space 4 of Ptah, two Priest cards, one Sphinx and an
    empty hand."""
    state = new_game(Settings.for_players(2))
    cards = tuple(sorted(PRIESTS)[:2])
    john = state.players[0].but(
        reserve=Stock(barley=5, papyrus=1),
        screen=Stock(flax=3),
        deben=8,
        silt=1,
        sphinxes=1,
        hand=(),
        priest_cards=cards,
        buildings=(),
    )
    temples = state.temples.place("John", Temple.RA, 2).place("John", Temple.PTAH, 4)
    state = state.but(players=(john, *state.players[1:]), temples=temples)
    seen = _named(features(state, 0))
    assert (seen["reserve"], seen["variety"], seen["screen"], seen["deben"], seen["silt"]) == (5, 2, 3, 6, 1)
    assert (seen["priests"], seen["priest_amun"], seen["priest_ra"], seen["priest_ptah"]) == (2, 0, 2, 4)
    assert seen["priest_cards"] == 2 and seen["priest_card_points"] == sum(PRIESTS[card].points for card in cards)
    assert (seen["sphinxes"], seen["hand_cards"], seen["hand_glyphs"], seen["buildings"], seen["set_points"]) == (
        1,
        0,
        0,
        0,
        0,
    )


def test_every_kind_of_game_has_its_key():
    assert game_kind(new_game(Settings.for_players(1, ghost="easy"))) == "solo"
    assert game_kind(new_game(Settings.for_players(3))) == "3"
    assert game_kind(new_game(Settings.for_players(2, ghost="hard"))) == "2+ghost"


def test_the_shipped_model_fits_every_kind_role_and_season():
    model = shipped_model()
    data = json.loads(MODEL_FILE.read_text(encoding="utf-8"))
    assert data["features"] == list(FEATURES)
    for kind in learn_value.KINDS:
        roles = ("player", "ghost") if "ghost" in kind or kind == "solo" else ("player",)
        for role in roles:
            for season in (2, 3):
                assert (kind, role, season) in model.coefficients, (kind, role, season)
    # each fit predicts better than nothing on its held-out games, and the players' better than the hand-set value
    for entry in data["models"]:
        assert entry["r2_held_out"] > 0, entry
        if entry["role"] == "player":
            assert entry["r2_held_out"] > entry["r2_position_value"], entry


def test_a_malformed_model_is_refused_by_name():
    with pytest.raises(DataError, match="features"):
        parse_model({"features": ["reserve"], "models": []}, "my.json")
    good = {"kind": "2", "role": "player", "season": 2, "intercept": 1.0, "coefficients": [0.0] * len(FEATURES)}
    with pytest.raises(DataError, match="my.json.*3 coefficients"):
        parse_model({"features": list(FEATURES), "models": [{**good, "coefficients": [0, 0, 0]}]}, "my.json")
    with pytest.raises(DataError, match="malformed"):
        parse_model({"features": list(FEATURES), "models": [{**good, "intercept": "a lot"}]}, "my.json")


def test_the_future_points_are_the_line_and_none_without_a_fit():
    state = new_game(Settings.for_players(2)).but(season=2)
    weights = tuple(float(k) for k in range(len(FEATURES)))
    model = ValueModel({("2", "player", 2): (1.5, weights)})
    expected = 1.5 + sum(w * x for w, x in zip(weights, features(state, 1)))
    assert model.future_points(state, 1) == pytest.approx(expected)
    assert model.future_points(state.but(season=3), 1) is None
    # without a fit the expert bot's cut falls back on the strong bot's hand-set position values
    hand = position_value(state, 0) - position_value(state, 1)
    assert cut_margin(state, 0, ValueModel({})) == pytest.approx(hand) == pytest.approx(cut_margin(state, 0, None))


def test_the_expert_bot_values_playouts_as_asked():
    assert ExpertBot(1).model is shipped_model()
    assert ExpertBot(1, values="hand").model is None
    with pytest.raises(ValueError, match="values"):
        ExpertBot(1, values="guessed")


def test_the_learning_command_writes_a_model_the_kit_reads(tmp_path, capsys):
    out = tmp_path / "model.json"
    assert learn_value.main(["--games", "8", "--kinds", "solo", "--out", str(out)]) == 0
    model = parse_model(json.loads(out.read_text(encoding="utf-8")))
    assert {key[:2] for key in model.coefficients} == {("solo", "player"), ("solo", "ghost")}
    capsys.readouterr()
    assert learn_value.main(["--table", "--out", str(out)]) == 0
    table = capsys.readouterr().out
    assert "| solo | player | Season 2 | 8 | 8 |" in table and "| solo | ghost | Season 3 | 8 | 8 |" in table
    assert learn_value.main(["--kinds", "five", "--out", str(out)]) == 2
    assert "error: unknown kinds ['five']" in capsys.readouterr().err
