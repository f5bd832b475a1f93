"""The pyramid picture (tameri_kit.render.pyramid_svg).

Rulebook: Game Setup 1b (2 Sun on each ramp, 2 Silt in each river); Phase 1: Weather (spheres inside the pyramid
are out of view, reading W1); Productive Fields and Harvests (field limits, the numbers 1, 1, 2, 3 beside the
Silt spaces).  Expected values are worked out by hand from those rules, not read back from the code.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tameri_kit.rules import SETUP, Pyramid, Ramp, Readings, field_status, run_phase
from tameri_kit.render.pyramid_svg import pyramid_svg

NS = "{http://www.w3.org/2000/svg}"


def _tree(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def _group(root: ET.Element, gid: str) -> ET.Element:
    found = [g for g in root.iter(f"{NS}g") if g.get("id") == gid]
    assert len(found) == 1, gid
    return found[0]


def _spheres(root: ET.Element, ramp: str) -> list[str]:
    """Letters of the spheres drawn on a ramp, in drawing order (bottom first)."""
    out = []
    for g in _group(root, f"ramp-{ramp}").iter(f"{NS}g"):
        if "sphere" in (g.get("class") or "").split():
            assert len(g.findall(f"{NS}circle")) == 1
            out.append({"sun": "S", "water": "W", "silt": "L"}[g.get("class").split()[1]])
    return out


def _texts(el: ET.Element) -> list[str]:
    return [t.text for t in el.iter(f"{NS}text")]


def test_setup_picture():
    """Game Setup 1b: 2 Sun on each ramp, 2 of the 4 Silt spaces filled in each river; supply 8 Sun, 16 Water,
    16 Silt (16 - 8 Sun on ramps; 24 - 8 Silt in rivers)."""
    root = _tree(pyramid_svg(SETUP))
    for ramp in "NESW":
        assert _spheres(root, ramp) == ["S", "S"]
        assert len(_group(root, f"ramp-{ramp}").findall(f".//{NS}circle")) == 2
        river = _group(root, f"river-{ramp}")
        spaces = [c for c in river.iter(f"{NS}circle") if "silt-space" in c.get("class")]
        assert len(spaces) == 4
        assert ["filled" in c.get("class") for c in spaces] == [True, True, False, False]
        numbers = [t.text for t in river.iter(f"{NS}text") if t.get("class") == "silt-number"]
        assert numbers == ["1", "1", "2", "3"]  # Productive Fields and Harvests: 1-2 Silt give 1, 3 give 2, 4 give 3
    supply = _texts(_group(root, "supply"))
    assert "Sun: 8" in supply and "Water: 16" in supply and "Silt: 16" in supply


def test_setup_fields_by_hand():
    """Productive Fields and Harvests with 2 Sun on every ramp and 2 Silt per river (yield 1):
    Barley (1-2 spheres) and Fruit (1-3 Sun, no Water) grow; Flax (1 sphere) and Papyrus (no Sun) do not."""
    root = _tree(pyramid_svg(SETUP))
    got = {g.get("data-field"): g.get("class") for g in root.iter(f"{NS}g") if g.get("data-field")}
    assert got == {
        "N-barley": "field productive",
        "N-fruit": "field productive",
        "E-papyrus": "field barren",
        "E-flax": "field barren",
        "S-barley": "field productive",
        "S-papyrus": "field barren",
        "W-fruit": "field productive",
        "W-flax": "field barren",
    }
    north_barley = next(g for g in root.iter(f"{NS}g") if g.get("data-field") == "N-barley")
    assert "a Farmer harvests 1" in _texts(north_barley)


STATES = [
    "N:SS E:SS S:SS W:SS rivers:2222",
    "N:- E:W S:SSS W:WWWW rivers:3104",
    "N:SSSS E:- S:LWW W:S rivers:4021 held:1",
    "N:SWSWSWS E:LLLLLLL S:- W:WSSSSSW rivers:0000",
]


@pytest.mark.parametrize("text", STATES)
def test_fields_shown_are_field_status(text):
    """The picture states, for every field, what field_status says (productive or not, and the harvest)."""
    p = Pyramid.parse(text)
    root = _tree(pyramid_svg(p))
    for fs in field_status(p):
        g = next(g for g in root.iter(f"{NS}g") if g.get("data-field") == str(fs.field))
        assert g.get("class") == ("field productive" if fs.productive else "field barren")
        texts = _texts(g)
        assert texts[0] == fs.field.crop.label
        if fs.productive and fs.silt:
            assert f"a Farmer harvests {fs.yield_}" in texts
        assert g.find(f"{NS}rect/{NS}title").text == fs.reason


def test_hidden_spheres_are_counted_not_drawn():
    """Reading W1: only the lowest 5 positions are in view.  A ramp of 7 shows 5 circles and a note for 2."""
    p = Pyramid.parse("N:SWSWSWL E:- S:SS W:SS rivers:2222")
    root = _tree(pyramid_svg(p))
    assert _spheres(root, "N") == list("SWSWS")
    note = [g for g in _group(root, "ramp-N").iter(f"{NS}g") if g.get("class") == "hidden-note"]
    assert len(note) == 1 and _texts(note[0]) == ["+2 inside"]
    assert "Water, Silt" in note[0].find(f".//{NS}title").text  # the two hidden ones, lower first
    assert _spheres(root, "E") == []
    assert not [g for g in _group(root, "ramp-S").iter(f"{NS}g") if g.get("class") == "hidden-note"]
    # Readings(visible=None): everything is drawn, no note
    root = _tree(pyramid_svg(p, readings=Readings(visible=None)))
    assert _spheres(root, "N") == list("SWSWSWL")
    # Readings(visible=6): 6 in view
    root = _tree(pyramid_svg(p, readings=Readings(visible=6)))
    assert _spheres(root, "N") == list("SWSWSW")


def test_hidden_spheres_change_field_status_in_picture():
    """W1 matters for the fields: five Silt in view hide a Water above them, so Fruit sees no spheres and grows;
    with everything visible (visible=None) Fruit sees that Water and does not.  Worked by hand from the Fruit
    limit (no Water at all)."""
    p = Pyramid.parse("N:LLLLLW E:SS S:SS W:SS rivers:1222")
    root = _tree(pyramid_svg(p))
    fruit = next(g for g in root.iter(f"{NS}g") if g.get("data-field") == "N-fruit")
    assert fruit.get("class") == "field productive"
    root = _tree(pyramid_svg(p, readings=Readings(visible=None)))
    fruit = next(g for g in root.iter(f"{NS}g") if g.get("data-field") == "N-fruit")
    assert fruit.get("class") == "field barren"


def test_highlight_marks_one_ramp_only():
    root = _tree(pyramid_svg(SETUP, highlight=Ramp.EAST))
    marked = [r for r in root.iter(f"{NS}rect") if "highlight" in (r.get("class") or "")]
    assert len(marked) == 1
    assert marked[0] in list(_group(root, "ramp-E").iter(f"{NS}rect"))
    assert pyramid_svg(SETUP, highlight="E") == pyramid_svg(SETUP, highlight=Ramp.EAST)
    assert "highlight" not in pyramid_svg(SETUP)


def test_deterministic_and_ids_unique():
    p = Pyramid.parse(STATES[2])
    a, b = pyramid_svg(p, highlight="S"), pyramid_svg(Pyramid.parse(STATES[2]), highlight="S")
    assert a == b  # a picture is a pure function of what it shows
    ids = [el.get("id") for el in _tree(a).iter() if el.get("id")]
    assert len(ids) == len(set(ids))


def test_colour_blind_letters_and_tooltips():
    """Every sphere carries its letter as well as its colour, and a tooltip."""
    root = _tree(pyramid_svg(Pyramid.parse("N:SWL E:- S:- W:- rivers:0000")))
    groups = [g for g in _group(root, "ramp-N").iter(f"{NS}g") if "sphere" in (g.get("class") or "")]
    assert [_texts(g) for g in groups] == [["S"], ["W"], ["L"]]
    assert [g.find(f"{NS}circle/{NS}title").text for g in groups][0] == "Sun on ramp North, bottom, next to the river"


def test_illustrative_map_is_said():
    svg = pyramid_svg(SETUP)
    assert "illustrative" in svg


def test_repr_hooks():
    assert SETUP._repr_svg_() == pyramid_svg(SETUP)
    result = run_phase(SETUP, "W@N S@N")
    html = result._repr_html_()
    assert "Sun and Water touch on North" in html and "W@N S@N" in html
    _tree(html[html.index("<svg") : html.index("</svg>") + 6])


def test_rejects_non_pyramid():
    with pytest.raises(TypeError):
        pyramid_svg("N:SS E:SS S:SS W:SS rivers:2222")


ramp_text = st.text(alphabet="SWL", max_size=9)


@settings(max_examples=60, deadline=None)
@given(
    st.tuples(ramp_text, ramp_text, ramp_text, ramp_text),
    st.tuples(*[st.integers(0, 4)] * 4),
    st.one_of(st.none(), st.integers(5, 9)),
)
def test_any_state_draws_valid_svg(ramps, rivers, visible):
    """Any legal pyramid gives well-formed XML with min(len, visible) circles on each ramp and its river's Silt."""
    try:
        p = Pyramid(ramps, rivers)
    except ValueError:
        return  # more spheres than the game has
    readings = Readings(visible=visible)
    root = _tree(pyramid_svg(p, readings=readings))
    for ramp, seq in zip("NESW", ramps):
        shown = len(seq) if visible is None else min(len(seq), visible)
        assert len(_group(root, f"ramp-{ramp}").findall(f".//{NS}circle")) == shown
        filled = [c for c in _group(root, f"river-{ramp}").iter(f"{NS}circle") if "filled" in c.get("class")]
        assert len(filled) == p.river(Ramp(ramp))


def test_fields_are_drawn_in_clockwise_order():
    """Reading X1: the Ghost moves its Farmers "clockwise" in the map's field order (N-barley, N-fruit, E-papyrus,
    E-flax, S-barley, S-papyrus, W-fruit, W-flax); the picture must show them in that order going clockwise round the
    pyramid, so that a learner reads "the next field clockwise" off the picture (issue 16, lesson 12)."""
    import math

    from tameri_kit.game.core.catalog import FIELDS

    root = _tree(pyramid_svg(SETUP))
    centres = {}
    for g in root.iter(f"{NS}g"):
        if g.get("data-field"):
            rect = next(g.iter(f"{NS}rect"))
            centres[g.get("data-field")] = (
                float(rect.get("x")) + float(rect.get("width")) / 2,
                float(rect.get("y")) + float(rect.get("height")) / 2,
            )
    xs, ys = [x for x, _ in centres.values()], [y for _, y in centres.values()]
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    # on screen (y grows downwards) a growing atan2 angle turns clockwise
    angle = {f: math.atan2(y - cy, x - cx) for f, (x, y) in centres.items()}
    start = angle[FIELDS[0]]
    turned = [(angle[f] - start) % (2 * math.pi) for f in FIELDS]
    assert list(FIELDS) == ["N-barley", "N-fruit", "E-papyrus", "E-flax", "S-barley", "S-papyrus", "W-fruit", "W-flax"]
    assert turned == sorted(turned) and len(set(turned)) == 8, dict(zip(FIELDS, turned))
