"""Fuzz tests (hypothesis, bounded by ``max_examples``): every parser and the record reader either give a value
whose text form parses back to it, or raise a :class:`TameriError` - never a bare ``ValueError``, ``KeyError``,
``TypeError``, ``IndexError`` or ``RecursionError`` (issue 12: the classes of error found by fuzzing must not come
back)."""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tameri_kit.data import load_actions
from tameri_kit.errors import TameriError
from tameri_kit.game import GameRecord, RecordError, Settings, replay
from tameri_kit.game.core.decisions import Decision
from tameri_kit.rules.action_cards import Action, Glyph, parse_number
from tameri_kit.rules.common import Ramp, Resource, Sphere
from tameri_kit.rules.glyphs import PlayOption, parse_row
from tameri_kit.rules.offering import Offering, Stock
from tameri_kit.rules.pyramid import Pyramid
from tameri_kit.rules.scoring import HandCard, parse_hand
from tameri_kit.rules.temple_moves import Move, TempleState
from tameri_kit.rules.weather import Landing, parse_landings

# the notation's own characters, digits of other scripts, and the odd space: what breaks parsers
NOTATION = "NESWLnesw:SWL-rivershld0123456789²٣१+ ,|[]()∞@=JohnAmunRaPtahpayfreeentersbarleyfruitflaxpapyrus\t\u00a0"
texts = st.one_of(
    st.text(alphabet=NOTATION, max_size=40),
    st.text(max_size=20),
    st.builds(
        lambda a, b: a + "9" * 4400 + b,
        st.text(alphabet=NOTATION, max_size=10),
        st.text(alphabet=NOTATION, max_size=10),
    ),
)
FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def parses_or_refuses(parse, text, *, round_trip=True):
    try:
        value = parse(text)
    except TameriError:
        return None
    if round_trip:
        assert parse(str(value)) == value, (text, str(value))
    return value


@FUZZ
@given(texts)
def test_pyramid(text):
    parses_or_refuses(Pyramid.parse, text)


@FUZZ
@given(st.text(alphabet="SWL-NE: rivers0123456789²held", max_size=60))
def test_pyramid_near_misses(text):
    parses_or_refuses(Pyramid.parse, "N:" + text)


@FUZZ
@given(texts)
def test_move(text):
    parses_or_refuses(Move.parse, text)


@FUZZ
@given(texts)
def test_temple_state(text):
    parses_or_refuses(TempleState.parse, text)


@FUZZ
@given(texts)
def test_stock(text):
    parses_or_refuses(Stock.parse, text)


@FUZZ
@given(texts)
def test_play_option(text):
    parses_or_refuses(PlayOption.parse, text)


@FUZZ
@given(texts)
def test_hand_cards(text):
    parses_or_refuses(HandCard.parse, text)
    parses_or_refuses(parse_hand, text, round_trip=False)


@FUZZ
@given(texts)
def test_landings_offering_row_number(text):
    parses_or_refuses(Landing.parse, text)
    parses_or_refuses(parse_landings, text, round_trip=False)
    parses_or_refuses(Offering.parse, text, round_trip=False)
    parses_or_refuses(lambda t: parse_row(t, load_actions()), text, round_trip=False)
    parses_or_refuses(parse_number, text, round_trip=False)
    parses_or_refuses(Decision.parse, text, round_trip=False)


@FUZZ
@given(st.one_of(texts, st.integers(), st.none(), st.floats(), st.lists(st.text(max_size=3), max_size=2)))
def test_named_values(value):
    for enum in (Sphere, Ramp, Resource, Action, Glyph):
        parses_or_refuses(enum.parse, value, round_trip=False)


# --- records ---------------------------------------------------------------------------------------------------
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda children: st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=6), children, max_size=3),
    max_leaves=8,
)
SETTING_KEYS = ["players", "field_extra_space", "weather", "temples", "glyphs", "scoring", "colour"]


@st.composite
def records(draw):
    """A record shaped almost right: the good header with fields replaced by arbitrary JSON values."""
    d = {
        "format": "tameri-game/1",
        "settings": {"players": ["John", "George"]},
        "seed": 1,
        "meta": {},
        "entries": ["chance: tile 3"],
    }
    for key in draw(st.lists(st.sampled_from(["settings", "seed", "meta", "entries", "extra"]), max_size=2)):
        d[key] = draw(json_values)
    if isinstance(d.get("settings"), dict):
        for key in draw(st.lists(st.sampled_from(SETTING_KEYS), max_size=2)):
            d["settings"][key] = draw(json_values)
    return json.dumps(d)


@FUZZ
@given(st.one_of(records(), texts, st.binary(max_size=30)))
def test_records(text):
    try:
        rec = GameRecord.from_json(text)
    except RecordError:
        return
    assert GameRecord.from_json(rec.to_json()) == rec
    try:
        replay(rec)
    except RecordError:
        pass


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.one_of(
            texts,
            st.sampled_from(
                ["John: pass", "chance: tile 3", "George: play 59", "chance: S@N", "John: farmer N-barley"]
            ),
        ),
        max_size=6,
    )
)
def test_record_entries(entries):
    rec = GameRecord(Settings.for_players(2), 1, tuple(entries))
    try:
        replay(rec)
    except RecordError:
        pass


# --- numbers inside otherwise well-formed notation (where Unicode digits and huge runs used to leak) --------------
numbers = st.one_of(
    st.text(alphabet="0123456789²³٣१", min_size=1, max_size=6), st.integers(4300, 4400).map(lambda n: "9" * n)
)
ramps = st.text(alphabet="SWL", max_size=4).map(lambda r: r or "-")


@FUZZ
@given(ramps, st.text(alphabet="01234²٣", min_size=4, max_size=4), numbers)
def test_pyramid_numbers(ramp, rivers, held):
    parses_or_refuses(Pyramid.parse, f"N:{ramp} E:- S:- W:- rivers:{rivers} held:{held}")


@FUZZ
@given(numbers, st.sampled_from(["Move", "TempleState", "Stock", "PlayOption", "HandCard", "hand", "number"]))
def test_numbers_in_each_notation(number, which):
    parse, text = {
        "Move": (Move.parse, f"John Amun +{number} free"),
        "TempleState": (TempleState.parse, f"Amun John:{number} | Ra - | Ptah -"),
        "Stock": (Stock.parse, f"{number} barley, 1 fruit"),
        "PlayOption": (PlayOption.parse, f"farmer [{number} deben]"),
        "HandCard": (HandCard.parse, f"{number}(sunrise|)"),
        "hand": (parse_hand, f"1(|night) {number}(sunrise|)"),
        "number": (parse_number, number),
    }[which]
    parses_or_refuses(parse, text, round_trip=which not in ("hand", "number"))
