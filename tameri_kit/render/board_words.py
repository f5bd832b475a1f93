"""The board picture in words: the ``<desc>`` a screen reader reads for :func:`~tameri_kit.render.board_svg.board_svg`
and :func:`~tameri_kit.render.board_svg.player_svg`, written from the same board picture model, so the words and
the picture cannot disagree.

Rulebook: as :mod:`tameri_kit.render.board_svg` (Components and Game Setup: what lies where).

The model is read by its attributes only (a :class:`~tameri_kit.render.board_svg.BoardPicture` or
:class:`~tameri_kit.render.board_svg.PlayerPicture`), so this module does not import the drawing and the drawing
imports it.  What the model hides from the viewer (``None``) is said to be hidden, with its public count.
"""

from __future__ import annotations

from ..rules.common import RESOURCES
from ..rules.offering import Stock
from .cards_svg import items_words
from .pyramid_svg import pyramid_words
from .temples_svg import temples_words


def worker_places(
    farmers: tuple[str, ...], merchant: int | None, builder: int | None, priests: int, *, short: bool = False
) -> list[str]:
    """Where a player's Workers stand, in words (the one sentence the board picture, the table and the text
    state use): ``farmers`` their fields, ``merchant`` the Market space (1-based), ``builder`` the Building space,
    ``priests`` how many stand in the Temples; ``short``: the text state's compact words."""
    where = []
    if farmers:
        where.append("farmers " + ",".join(farmers) if short else "Farmers on " + ", ".join(farmers))
    if merchant is not None:
        where.append(f"merchant {merchant}" if short else f"Merchant on Market space {merchant}")
    if builder is not None:
        where.append(f"builder {builder}" if short else f"Builder on space {builder}")
    if priests:
        where.append(f"{priests} priest(s)" if short else f"{priests} Priest(s) in the Temples")
    return where


def stock_words(stock: Stock) -> str:
    """``"3 Barley, 0 Papyrus, 1 Flax, 0 Fruit"``."""
    return ", ".join(f"{stock[r]} {r.label}" for r in RESOURCES)


def player_words(player) -> str:
    """One player's panel in words: points, supplies, Workers and where they stand, Buildings, Sphinxes, Priest
    cards, this Season's row and the hand (hidden ones counted)."""
    p = player
    who = p.name + (" (you)" if p.is_viewer else "") + (", the Ghost (plays itself)" if p.is_ghost else "")
    lines = [f"{who}: {p.score} points" + ("; to decide now" if p.to_move else "") + "."]
    lines.append(f"Board glyph {p.glyph.label}. Reserve: {stock_words(p.reserve)}; {p.deben} Deben, {p.silt} Silt.")
    if p.screen is None:
        lines.append(f"Behind the screen: {p.screen_count} resource(s), hidden.")
    else:
        lines.append(f"Behind the screen: {stock_words(p.screen)}.")
    where = worker_places(p.farmers, p.merchant, p.builder, p.priests)
    locked = f" (they unlock for: {', '.join(p.workers_locked)})" if p.workers_locked else ""
    lines.append(
        f"Workers: {p.workers_free} free, {len(p.workers_locked)} locked{locked}; "
        + ("; ".join(where) or "no Worker placed yet")
        + "."
    )
    buildings = ", ".join(f"{bid} {name}" for bid, name in p.buildings) or "none"
    lines.append(f"Buildings: {buildings}. Sphinxes built: {p.sphinxes}.")
    if p.priest_cards is None:
        lines.append(f"Priest cards: {p.priest_count}, hidden.")
    else:
        lines.append("Priest cards: " + (", ".join(map(str, p.priest_cards)) or "none") + ".")
    if p.gift_count:
        lines.append(f"Gifts of the Gods: {f'{p.gift_count}, hidden' if p.gifts is None else ', '.join(p.gifts)}.")
    if p.pending:
        lines.append(p.pending + ".")
    lines.append(f"This Season's row: {items_words(p.row)}")
    if p.hand is None:
        lines.append(f"Hand: {p.hand_count} card(s), hidden.")
    else:
        lines.append(f"Hand: {items_words(p.hand)}")
    return " ".join(lines)


def board_words(model, *, players: bool = True) -> str:
    """The whole board in words, in the order it is drawn: who sees it, the pyramid, the Weather tile and decks,
    the Market (stalls, Merchants, warehouse), the Building row, the Temples, the Sphinx avenue, the Nile, and (with
    ``players``) each player's panel."""
    m = model
    lines = [
        "The shared board: every seat sees the same."
        if not players
        else f"Seen by {m.viewer}: other players' hands, screens and face-down cards hidden."
        if m.viewer
        else "The full state, hidden things included."
    ]
    if m.turn_order:
        lines.append("Turn order: " + ", ".join(m.turn_order) + ".")
    farmers: dict[str, list[str]] = {}
    for p in m.players:
        for field in p.farmers:
            farmers.setdefault(field, []).append(p.name)
    lines.append("The Great Pyramid. " + pyramid_words(m.pyramid, readings=m.readings, farmers=farmers))
    tile = f"Weather tile {m.weather_tile}" if m.weather_tile else "No Weather tile revealed"
    decks = ", ".join(f"{d}: {n}" for d, n in m.decks if n) or "none"
    lines.append(
        f"{tile}; {m.tiles_left} tile(s) left. Cards left in the decks: {decks}. Priest cards left: {m.priest_pile}."
    )
    stalls = ", ".join(f"stall {k} {r.label}" for k, r in enumerate(m.stalls, 1))
    merchants = ", ".join(f"{name} on space {k}" for k, name in m.merchants) or "none"
    lines.append(
        f"Market: {stalls}. Merchants: {merchants}. Warehouse (limit {m.warehouse_limit} of each): "
        f"{stock_words(m.warehouse)}."
    )
    row = []
    for k, b in enumerate(m.building_row, 1):
        who = [name for space, name in m.builders if space == k]
        text = f"space {k}: " + (f"{b[0]} {b[1]}, costs {b[2]}" if b else "empty")
        row.append(text + (f", Builder of {', '.join(who)}" if who else ""))
    lines.append(f"Buildings for sale ({m.building_deck} left in the deck): " + "; ".join(row) + ".")
    lines.append(temples_words(m.temples))
    avenue = []
    for k, space in enumerate(m.sphinx, 1):
        if space is None:
            continue
        face, effect, owner = space
        avenue.append(f"space {k} tile {face} ({effect})" + (f", Sphinx of {owner}" if owner else ""))
    lines.append("Sphinx avenue: " + ("; ".join(avenue) or "no tile") + ".")
    nile = [f"card {card.label}" + (f" with a {res.label} on it" if res else "") for card, res in m.nile]
    lines.append("The Nile: " + (", ".join(nile) or "no card") + ".")
    if players:
        lines += [player_words(p) for p in m.players]
    return " ".join(lines)


__all__ = ["board_words", "player_words", "stock_words", "worker_places"]
