"""Pictures of the cards that are not Action cards: Priest cards and the Gifts of the Gods (SVG).

Rulebook: Priest Cards (worth 2 or 3 points and kept secret, or worth 1 point with an effect played instead);
Mini Expansion Set: The Gifts of the Gods (Priest cards with one strong, instant effect, worth no points).  The
faces were lost with the rulebook's pictures, so the cards drawn here are the kit's (illustrative) data, marked so.

    >>> from tameri_kit.data.temples_and_priests import load_priests
    >>> svg = priest_cards_svg(load_priests().cards[:2])
    >>> svg.startswith("<svg") and "Priest card 1" in svg
    True
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from html import escape

from .card_icons import svg_labels

CARD_W, CARD_H, GAP = 150, 200, 12
PRIEST_FILL, GIFT_FILL, INK = "#efe3c4", "#e4d8f0", "#3b2f1e"


def _card(x: float, title: str, badge: str, text: str, fill: str, note: str) -> str:
    lines = textwrap.wrap(text, 22)[:8]
    words = "".join(
        f"<text x='{x + CARD_W / 2:.0f}' y='{92 + 15 * k}' font-size='12' text-anchor='middle'>{escape(line)}</text>"
        for k, line in enumerate(lines)
    )
    return (
        f"<g class='small-card'><title>{escape(title)}: {escape(text)}</title>"
        f"<rect x='{x}' y='4' width='{CARD_W}' height='{CARD_H}' rx='10' fill='{fill}' stroke='{INK}' "
        "stroke-width='1.5'/>"
        f"<text x='{x + 10}' y='24' font-size='13' font-weight='bold' fill='{INK}'>{escape(title)}</text>"
        f"<circle cx='{x + CARD_W / 2}' cy='52' r='18' fill='#ffffff' stroke='{INK}'/>"
        f"<text x='{x + CARD_W / 2}' y='58' font-size='16' font-weight='bold' text-anchor='middle' "
        f"fill='{INK}'>{escape(badge)}</text>{words}"
        f"<text x='{x + CARD_W / 2}' y='{CARD_H - 4}' font-size='10' text-anchor='middle' fill='#6d5f45'>"
        f"{escape(note)}</text></g>"
    )


def _document(cards: list[str], label: str, desc: str) -> str:
    width = max(1, len(cards)) * (CARD_W + GAP) + 4
    attrs, words = svg_labels(label, desc)
    return (
        f"<svg xmlns='http://www.w3.org/2000/svg' width='{width}' height='{CARD_H + 10}' "
        f"viewBox='0 0 {width} {CARD_H + 10}' style='max-width:100%'{attrs} "
        f"font-family='DejaVu Sans, Verdana, sans-serif'>{words}{''.join(cards)}</svg>"
    )


def priest_cards_svg(cards: Sequence) -> str:
    """Priest cards side by side: the points in the circle; a 1-point card's effect below it (played instead of
    scoring), a 2- or 3-point card kept secret to the end."""
    drawn, said = [], []
    for k, card in enumerate(cards):
        x = 4 + k * (CARD_W + GAP)
        text = (
            f"reveal and discard in your turn: {card.effect}, or keep for 1 point"
            if card.effect
            else "keep it secret: it scores at the end of the game"
        )
        note = "illustrative" if "illustrative" in card.source else "rulebook"
        drawn.append(_card(x, f"Priest card {card.id}", f"{card.points}", text, PRIEST_FILL, note))
        said.append(f"Priest card {card.id}, {card.points} point(s): {text} ({note}).")
    return _document(drawn, "Priest cards: " + ", ".join(str(card.id) for card in cards), " ".join(said))


def gifts_svg(gifts: Sequence) -> str:
    """Gifts of the Gods cards side by side: no points (a star instead), the instant effect below."""
    drawn = [
        _card(4 + k * (CARD_W + GAP), f"Gift {gift.id}", "\u2605", gift.effect, GIFT_FILL, "Gifts of the Gods")
        for k, gift in enumerate(gifts)
    ]
    said = " ".join(f"Gift {gift.id}, no points: {gift.effect}." for gift in gifts)
    return _document(drawn, "Gifts of the Gods: " + ", ".join(gift.id for gift in gifts), said)
