"""Text and HTML pictures of a game state, for everyone (the whole state) or for one player (their view).

Rulebook: Components (what the board shows).  Pure functions; the HTML is the board picture of
:mod:`tameri_kit.game.board_view` (drawn by :mod:`tameri_kit.render.board_svg`) with this text folded beside it.  ``viewer`` (a seat) hides what that player may not see: other hands, other screens,
the numbers of other face-down cards, other Priest cards, choices not yet revealed.
"""

from __future__ import annotations

from html import escape

from ..data.board import SEASON_NAMES
from ..rules.common import RESOURCES

PHASES = {"setup": "Game Setup", "season0": "Season 0", "weather": "Phase 1: Weather",
          "choose": "Phase 2: Choosing the Actions", "reveal": "Phase 3: The Turn Order",
          "turns": "Phase 4: Individual Turns", "round_end": "Phase 5: End of the Round",
          "season_end": "Phase 5: End of the Season", "over": "End of the Game"}


#: One letter per resource (Flax is X: F is Fruit).
LETTER = {"barley": "B", "papyrus": "P", "flax": "X", "fruit": "F"}


def _res(stock) -> str:
    return " ".join(f"{stock[r]}{LETTER[r.value]}" for r in RESOURCES)


def header(s) -> str:
    season = f"Season {s.season} ({SEASON_NAMES[s.season]})" if s.season in SEASON_NAMES else "Season 0"
    who = s.to_move
    asked = f"; to move: {who} ({s.top.kind.replace('_', ' ')})" if who else ""
    return f"Tameri, {len(s.players)} players - {season}, round {s.round} - {PHASES.get(s.phase, s.phase)}{asked}"


def pending(s, i: int) -> str:
    """What seat ``i`` has set aside but not yet shown: Season 0 cards kept, the card chosen in Phase 2 (and the
    reveal decision in Phase 3)."""
    for f in s.stack:
        if f.kind == "s0_pick":
            kept, picks = f.data
            out = "kept " + (" ".join(map(str, kept[i])) or "-")
            return out + (f", picking {picks[i]}" if picks[i] is not None else "")
        if f.kind == "choose" and f.data[0][i] is not None:
            return f"chosen {f.data[0][i]}"
        if f.kind == "reveal":
            cards, choice = f.data
            how = {None: "undecided", True: "to reveal", False: "to keep face down"}[choice[i]]
            return f"chosen {cards[i]} ({how})"
    return ""


def player_lines(s, viewer: int | None = None) -> list[str]:
    from .engine import free_workers, priests_of
    out = []
    for i, p in enumerate(s.players):
        mine = viewer is None or viewer == i
        secret = pending(s, i) if mine else ""
        hand = " ".join(str(n) for n in p.hand) if mine else f"{len(p.hand)} cards"
        row = " ".join((f"[{x.card.label}]" if mine else "[?]") if x.face_down else x.card.label for x in p.row) or "-"
        screen = (_res(p.screen) if mine else "hidden")
        priests = (" ".join(str(c) for c in p.priest_cards) or "-") if mine else f"{len(p.priest_cards)} cards"
        where = []
        if p.farmers:
            where.append("farmers " + ",".join(p.farmers))
        if p.merchant is not None:
            where.append(f"merchant {p.merchant + 1}")
        if p.builder is not None:
            where.append(f"builder {p.builder}")
        pr = priests_of(s, i)
        if pr:
            where.append(f"{pr} priest(s)")
        out.append(f"{p.name} ({p.glyph.value}) score {p.score} | {_res(p.reserve)} | Deben {p.deben} Silt {p.silt} | "
                   f"screen {screen} | hand {hand} | row {row} | workers free {free_workers(s, i)} locked "
                   f"{len(p.locked)} | {'; '.join(where) or 'no workers placed'} | sphinxes {p.sphinxes} | "
                   f"buildings {' '.join(p.buildings) or '-'} | priest cards {priests}" +
                   (f" | {secret}" if secret else ""))
    return out


def board_lines(s) -> list[str]:
    from .engine import market_layout
    lines = [f"Pyramid: {s.pyramid}" + (f"   (weather tile {s.tile})" if s.tile else "")]
    fields = []
    from .engine import FIELDS
    for f in FIELDS:
        who = [p.name for p in s.players if f in p.farmers]
        if who:
            fields.append(f"{f}: {','.join(who)}")
    lines.append("Fields: " + ("; ".join(fields) or "no Farmers"))
    lines.append("Buildings (space 1 = bottom): " + " ".join(
        f"{k + 1}:{b}" if b else f"{k + 1}:-" for k, b in enumerate(s.row)) +
        f"   deck {len(s.building_pool) + len(s.building_bottom)}")
    sph = []
    for k, (face, owner) in enumerate(zip(s.sphinx, s.sphinx_owner)):
        if face:
            sph.append(f"{k + 1}:{face}" + (f"({s.players[owner].name})" if owner is not None else ""))
    lines.append("Sphinx spaces: " + " ".join(sph))
    m = market_layout(s)
    merch = [f"{p.name}@{p.merchant + 1}" for p in s.players if p.merchant is not None]
    lines.append(f"Market ({' '.join(r.value for r in m.stalls)}): warehouse {_res(s.market)}; merchants "
                 f"{', '.join(merch) or '-'}")
    lines.append("Nile: " + (" ".join(f"{n}({x.value})" if x else str(n) for n, x in sorted(s.nile)) or "-"))
    lines.append(f"Temples: {s.temples}")
    decks = ", ".join(f"{d} {len(c)}" for d, c in s.decks)
    lines.append(f"Decks left: {decks}; Priest cards {len(s.priest_pile)}; Weather tiles {len(s.tiles)}")
    if s.order:
        lines.append("Turn order: " + ", ".join(s.players[i].name for i in s.order))
    return lines


def state_text(s, viewer: int | None = None) -> str:
    lines = [header(s)] + board_lines(s) + ["Players:"] + ["  " + x for x in player_lines(s, viewer)]
    if s.outcome is not None:
        lines += ["", s.outcome.table_text()]
    return "\n".join(lines)


def state_html(s, viewer: int | None = None, log_lines: int = 12) -> str:
    """The board picture (:mod:`tameri_kit.game.board_view`), then the same state as text and the last events,
    each folded away in a ``<details>``.  ``viewer``: a seat (only what that player may see) or None (everything)."""
    from .board_view import board_html
    parts = [board_html(s, viewer)]
    evs = [e for e in s.events() if viewer is None or e.seat is None or e.seat == viewer][-log_lines:]
    parts.append("<details><summary>the same, as text</summary><pre style='font-size:12px;white-space:pre-wrap'>"
                 + escape(state_text(s, viewer)) + "</pre></details>")
    parts.append("<details><summary>last events</summary><pre style='font-size:11px;white-space:pre-wrap'>" +
                 escape("\n".join(str(e) for e in evs)) + "</pre></details>")
    if s.outcome is not None:
        parts.append(s.outcome._repr_html_())
    return "\n".join(parts)
