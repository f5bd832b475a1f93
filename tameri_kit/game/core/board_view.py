"""A game state as a board picture: the plain model :func:`tameri_kit.render.board_svg.board_svg` draws.

Rulebook: Components and Game Setup (what lies where); what a player may see - Season 0 and Phase 2 (cards kept
and chosen in secret), Phase 3 (face-down cards), Offering (behind the screen), Priest Cards (kept secret); the
decks are shuffled (their order is never stored, so it cannot be shown).

:func:`board_picture` reads a :class:`~tameri_kit.game.GameState` through its public attributes only and, for a
seat, *leaves out* what that seat may not see: another player's hand, screen contents, Priest cards and the
numbers of their face-down cards become ``None`` in the model (with the public count beside them), so they can
never reach the SVG.  The render layer gets plain data and never imports :mod:`tameri_kit.game`.

    from tameri_kit.game.core.board_view import board_picture, board_html
    board_picture(state)                 # everything (the full state)
    board_picture(state, "Paul")         # what Paul sees (a name or a seat number)
    board_html(state, "Paul")            # the SVG wrapped for a notebook / widget
    pyramid_picture(state)               # the pyramid alone, with the Farmers on the fields
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from ..._fast import remembered
from ...data import load_actions, load_market, load_sphinx
from ...data.components import building
from ...data.temples_and_priests import TEMPLES
from ...render.board_svg import BoardPicture, PlayerPicture, board_svg
from ...render.pyramid_svg import pyramid_svg
from ...rules.glyphs import Played
from .catalog import WAREHOUSE_LIMIT
from .render import header, pending, state_text  # the same words as the text view

if TYPE_CHECKING:
    from .state import GameState

#: The warehouse limit (Phase 4, step 4).


@remembered(size=None)
def _cards():
    return load_actions()


@remembered(size=None)
def _sphinx_effects() -> dict[str, str]:
    return {f"{f.tile}{f.side}": f.effect for f in load_sphinx()}


@remembered(size=None)
def _building(bid: str) -> tuple[str, str, str]:
    b = building(bid)
    cost = ", ".join(f"{n} {'any' if r == 'any' else r}" for r, n in b.cost.items()) if b.cost else "free"
    return bid, b.name, cost


def _seat(state: GameState, viewer) -> int | None:
    if viewer is None:
        return None
    if isinstance(viewer, int):
        if not 0 <= viewer < len(state.players):
            raise KeyError(f"no seat {viewer}; the seats are 0 to {len(state.players) - 1}")
        return viewer
    return state.seat(viewer)


def _priests(state: GameState, name: str) -> int:
    return sum(1 for t in TEMPLES if state.temples.space_of(name, t) is not None)


def _player(state: GameState, i: int, seat: int | None) -> PlayerPicture:
    p = state.players[i]
    mine = seat is None or seat == i
    priests = _priests(state, p.name)
    placed = len(p.farmers) + (p.merchant is not None) + (p.builder is not None) + priests
    cards = _cards()
    row = tuple(x if (mine or not x.face_down) else None for x in p.row)
    row = tuple(Played(x.card, x.face_down) if x is not None else None for x in row)
    return PlayerPicture(
        name=p.name,
        glyph=p.glyph,
        score=p.score,
        reserve=p.reserve,
        deben=p.deben,
        silt=p.silt,
        screen=p.screen if mine else None,
        screen_count=p.screen.total,
        hand=tuple(cards.card(n) for n in p.hand) if mine else None,
        hand_count=len(p.hand),
        row=row,
        workers_free=p.workers - placed,
        workers_locked=tuple(str(r) for r in p.locked),
        farmers=p.farmers,
        merchant=None if p.merchant is None else p.merchant + 1,
        builder=p.builder,
        priests=priests,
        buildings=tuple(_building(b)[:2] for b in p.buildings),
        sphinxes=p.sphinxes,
        priest_cards=p.priest_cards if mine else None,
        priest_count=len(p.priest_cards),
        pending=pending(state, i) if mine else "",
        to_move=state.to_move == p.name,
        is_viewer=seat == i,
        gifts=p.gifts if mine else None,  # gifts16
        gift_count=len(p.gifts),
        is_ghost=i == state.settings.ghost_seat,  # ghost16
    )


def board_picture(state: GameState, viewer: str | int | None = None) -> BoardPicture:
    """The board picture model of ``state``: everything (``viewer`` None) or what one player (a name or a seat)
    may see."""
    seat = _seat(state, viewer)
    players = state.players
    market = load_market(len(players))
    sphinx_effects = _sphinx_effects()
    sphinx = tuple(
        (face, sphinx_effects.get(face, ""), None if owner is None else players[owner].name) if face else None
        for face, owner in zip(state.sphinx, state.sphinx_owner)
    )
    cards = _cards()
    return BoardPicture(
        title=header(state),
        viewer=None if seat is None else players[seat].name,
        pyramid=state.pyramid,
        temples=state.temples,
        weather_tile=state.tile,
        stalls=tuple(market.stalls),
        warehouse=state.market,
        warehouse_limit=WAREHOUSE_LIMIT,
        merchants=tuple((p.merchant + 1, p.name) for p in players if p.merchant is not None),
        building_row=tuple(_building(b) if b else None for b in state.row),
        builders=tuple((p.builder, p.name) for p in players if p.builder is not None),
        building_deck=len(state.building_pool) + len(state.building_bottom),
        sphinx=sphinx,
        nile=tuple((cards.card(n), res) for n, res in sorted(state.nile)),
        players=tuple(_player(state, i, seat) for i in range(len(players))),
        decks=tuple((d, len(c)) for d, c in state.decks),
        priest_pile=len(state.priest_pile),
        tiles_left=len(state.tiles),
        turn_order=tuple(players[i].name for i in state.order),
        readings=state.settings.weather,
    )


def board_svg_of(state: GameState, viewer: str | int | None = None, *, width: int | str | None = "100%") -> str:
    """The whole board of ``state`` as an SVG document (from ``viewer``'s seat, or the full state)."""
    return board_svg(board_picture(state, viewer), width=width)


def board_html(state: GameState, viewer: str | int | None = None) -> str:
    """The board SVG in a ``<div>`` no wider than 1000 px, for notebooks and widgets."""
    return f'<div class="tameri-board-view" style="max-width:1000px">{board_svg_of(state, viewer)}</div>'


def farmers_on_fields(state: GameState) -> dict[str, list[str]]:
    """Field (``"N-barley"``) -> the names of the players whose Farmer stands there (public information)."""
    out: dict[str, list[str]] = {}
    for p in state.players:
        for field in p.farmers:
            out.setdefault(field, []).append(p.name)
    return out


def pyramid_picture(state: GameState, *, width: int | str | None = None) -> str:
    """The pyramid of ``state`` with its rivers and fields and the players' Farmers on them, as an SVG document."""
    return pyramid_svg(state.pyramid, readings=state.settings.weather, width=width, farmers=farmers_on_fields(state))


def state_html(state: GameState, viewer: int | None = None, log_lines: int = 12) -> str:
    """The board picture (:mod:`tameri_kit.game.core.board_view`), then the same state as text and the last events,
    each folded away in a ``<details>``.  ``viewer``: a seat (only what that player may see) or None (everything)."""
    parts = [board_html(state, viewer)]
    events = [e for e in state.events() if viewer is None or e.seat is None or e.seat == viewer][-log_lines:]
    parts.append(
        "<details><summary>the same, as text</summary><pre style='font-size:12px;white-space:pre-wrap'>"
        + escape(state_text(state, viewer))
        + "</pre></details>"
    )
    parts.append(
        "<details><summary>last events</summary><pre style='font-size:11px;white-space:pre-wrap'>"
        + escape("\n".join(str(event) for event in events))
        + "</pre></details>"
    )
    if state.outcome is not None:
        parts.append(state.outcome._repr_html_())
    return "\n".join(parts)
