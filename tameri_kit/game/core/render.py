"""Text and HTML pictures of a game state, for everyone (the whole state) or for one player (their view).

Rulebook: Components (what the board shows).  Pure functions; the HTML is the board picture of
:mod:`tameri_kit.game.core.board_view` (drawn by :mod:`tameri_kit.render.board_svg`) with this text folded beside it.  ``viewer`` (a seat) hides what that player may not see: other hands, other screens,
the numbers of other face-down cards, other Priest cards, choices not yet revealed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...data.board import SEASON_NAMES
from ...rules.action_cards import number_text
from ...rules.common import RESOURCES
from ...render.board_svg import worker_places
from .catalog import FIELDS, market_layout

if TYPE_CHECKING:
    from ...rules.offering import Stock
    from .state import GameState, PlayerState

PHASES = {
    "setup": "Game Setup",
    "season0": "Season 0",
    "weather": "Phase 1: Weather",
    "choose": "Phase 2: Choosing the Actions",
    "reveal": "Phase 3: The Turn Order",
    "turns": "Phase 4: Individual Turns",
    "round_end": "Phase 5: End of the Round",
    "season_end": "Phase 5: End of the Season",
    "over": "End of the Game",
}


#: One letter per resource (Flax is X: F is Fruit).
LETTER = {"barley": "B", "papyrus": "P", "flax": "X", "fruit": "F"}


def _res(stock: Stock) -> str:
    return " ".join(f"{stock[r]}{LETTER[r.value]}" for r in RESOURCES)


def header(state: GameState) -> str:
    """The state's first line: the number of players, the Season and its name, the round, the phase (named as the
    rulebook's chapters name it) and who must move for what."""
    season = f"Season {state.season} ({SEASON_NAMES[state.season]})" if state.season in SEASON_NAMES else "Season 0"
    who = state.to_move
    asked = f"; to move: {who} ({state.top.kind.replace('_', ' ')})" if who else ""
    phase = PHASES.get(state.phase, state.phase)
    return f"Tameri, {len(state.players)} players - {season}, round {state.round} - {phase}{asked}"


def pending(state: GameState, seat: int) -> str:
    """What seat ``i`` has set aside but not yet shown: Season 0 cards kept, the card chosen in Phase 2 (and the
    reveal decision in Phase 3).  The Ghost sets nothing aside: it is dealt no cards in Season 0 and chooses none in
    Phases 2 and 3 (+1 Player Mode), so those frames hold the humans' cards only."""
    if seat >= state.settings.humans:
        return ""
    for frame in state.stack:
        text = frame.set_aside(seat)
        if text is not None:
            return text
    return ""


def player_lines(state: GameState, viewer: int | None = None) -> list[str]:
    """One line per player: score, supply, Deben and Silt, screen, hand, played row, Workers and where they stand,
    Sphinxes, Buildings and Priest cards; what ``viewer`` may not see (another player's hand, screen, face-down cards,
    Priest cards and set-aside choices) is shown as counts or hidden."""
    out = []
    for seat, player in enumerate(state.players):
        mine = viewer is None or viewer == seat
        secret = pending(state, seat) if mine else ""
        hand = " ".join(number_text(n) for n in player.hand) if mine else f"{len(player.hand)} cards"
        row = (
            " ".join((f"[{x.card.label}]" if mine else "[?]") if x.face_down else x.card.label for x in player.row)
            or "-"
        )
        screen = _res(player.screen) if mine else "hidden"
        priests = (
            (" ".join(str(c) for c in player.priest_cards) or "-") if mine else f"{len(player.priest_cards)} cards"
        )
        merchant = None if player.merchant is None else player.merchant + 1
        where = worker_places(player.farmers, merchant, player.builder, state.priests_of(seat), short=True)
        out.append(
            f"{player.name} ({player.glyph.value}) score {player.score} | {_res(player.reserve)} | "
            f"Deben {player.deben} Silt {player.silt} | "
            f"screen {screen} | hand {hand} | row {row} | workers free {state.free_workers(seat)} locked "
            f"{len(player.locked)} | {'; '.join(where) or 'no workers placed'} | sphinxes {player.sphinxes} | "
            f"buildings {' '.join(player.buildings) or '-'} | priest cards {priests}"
            + _gifts_text(player, mine)  # gifts16
            + (f" | {secret}" if secret else "")
        )
    return out


def board_lines(state: GameState) -> list[str]:
    """The main board as text lines: the Great Pyramid, the Farmers on the fields, the Building row, the Sphinx spaces,
    the Market, the Nile, the Temples, the decks and the turn order (all public)."""
    lines = [f"Pyramid: {state.pyramid}" + (f"   (weather tile {state.tile})" if state.tile else "")]
    fields = []
    for f in FIELDS:
        who = [player.name for player in state.players if f in player.farmers]
        if who:
            fields.append(f"{f}: {','.join(who)}")
    lines.append("Fields: " + ("; ".join(fields) or "no Farmers"))
    lines.append(
        "Buildings (space 1 = bottom): "
        + " ".join(f"{k + 1}:{b}" if b else f"{k + 1}:-" for k, b in enumerate(state.row))
        + f"   deck {len(state.building_pool) + len(state.building_bottom)}"
    )
    sph = []
    for k, (face, owner) in enumerate(zip(state.sphinx, state.sphinx_owner)):
        if face:
            sph.append(f"{k + 1}:{face}" + (f"({state.players[owner].name})" if owner is not None else ""))
    lines.append("Sphinx spaces: " + " ".join(sph))
    m = market_layout(state)
    merch = [f"{player.name}@{player.merchant + 1}" for player in state.players if player.merchant is not None]
    lines.append(
        f"Market ({' '.join(r.value for r in m.stalls)}): warehouse {_res(state.market)}; merchants "
        f"{', '.join(merch) or '-'}"
    )
    lines.append("Nile: " + (" ".join(f"{n}({x.value})" if x else str(n) for n, x in sorted(state.nile)) or "-"))
    lines.append(f"Temples: {state.temples}")
    decks = ", ".join(f"{d} {len(c)}" for d, c in state.decks)
    lines.append(f"Decks left: {decks}; Priest cards {len(state.priest_pile)}; Weather tiles {len(state.tiles)}")
    if state.order:
        lines.append("Turn order: " + ", ".join(state.players[seat].name for seat in state.order))
    return lines


def state_text(state: GameState, viewer: int | None = None) -> str:
    """The whole state as text (the header, the board, the players as ``viewer`` sees them and, once the game is over,
    the final table)."""
    lines = [header(state)] + board_lines(state) + ["Players:"] + ["  " + x for x in player_lines(state, viewer)]
    if state.outcome is not None:
        lines += ["", state.outcome.table_text()]
    return "\n".join(lines)


def _gifts_text(player: PlayerState, mine: bool) -> str:
    """gifts16: the Gifts of the Gods held (kept secret like Priest cards); nothing when the player has none."""
    if not player.gifts:
        return ""
    return " | gifts " + (" ".join(player.gifts) if mine else f"{len(player.gifts)} cards")
