"""Pieces shared by the widgets (tameri_kit.widgets.common) and the pictures' tooltips (issue 14)."""

from __future__ import annotations

import pytest

from tameri_kit.errors import TameriError
from tameri_kit.rules import SETUP
from tameri_kit.rules.temple_moves import TempleState
from tameri_kit.widgets.common import PROMPT, PresetMenu


def test_a_preset_menu_loads_the_same_preset_twice():
    """In a browser a <select> does not report choosing the option already shown, so the menu goes back to its
    prompt after loading: choosing the same preset again loads it again."""
    loaded = []
    menu = PresetMenu([("One", "one"), ("Two", "two")], loaded.append)
    menu.dropdown.value = "one"
    assert menu.dropdown.value == PROMPT and menu.loaded == "one" and "One" in menu.loaded_label.value
    menu.dropdown.value = "one"
    assert loaded == ["one", "one"]
    menu.let_go()
    assert menu.loaded is None and menu.loaded_label.value == ""
    with pytest.raises(TameriError, match="no preset 'three'"):
        menu.load("three")


def test_pictures_show_inline_so_their_tooltips_work():
    """An image/svg+xml output is shown as an <img>, where the <title> tooltips cannot work ("hover over it for
    tooltips" did nothing); the same SVG as text/html is inline in the page."""
    html = SETUP._repr_html_()
    assert html == SETUP._repr_svg_() and html.startswith("<svg") and "<title>" in html
    temples = TempleState.parse("Amun John:4 | Ra - | Ptah -")
    assert temples._repr_html_() == temples._repr_svg_() and "<title>" in temples._repr_html_()
