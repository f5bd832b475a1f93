"""One player's panel of the board picture: the player board, supplies and pieces on the left, this Season's card
row and the hand on the right.

Rulebook: Components (the player boards, Workers, the screen); Phase 2 and Phase 3 (the cards chosen, face up or
down); Offering (behind the screen) and Priest Cards (kept secret): what the viewer may not see is ``None`` in the
model (:class:`~tameri_kit.render.board_model.PlayerPicture`) and drawn as a count.
"""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from .board_model import PlayerPicture
from .board_parts import INK, WIDTH, board_text, disc, panel, stock_line, wrap_words
from .board_words import player_words, worker_places
from .card_icons import svg_labels
from .card_icons import svg_number as _f
from .card_icons import svg_title as _title
from .cards_svg import FONT, MINI_H, MINI_W, ascii_only, back_group, cards_strip, glyph_badge


def player_part(p: PlayerPicture, x: float, y: float, w: float, whole_text: bool = False) -> tuple[str, float]:
    left_w = 330
    cards_x = x + left_w + 10
    hand_n = len(p.hand) if p.hand is not None else 0
    hand_h = MINI_H * hand_scale(hand_n, w - left_w - 30) if p.hand else 0.45 * MINI_H
    h = max(70 + MINI_H + 26 + 8 + hand_h + 12, 360)
    who = p.name + (" (you)" if p.is_viewer else "") + (" \u2014 the Ghost, plays itself" if p.is_ghost else "")
    out = [
        f'<g class="player-board{" ghost" if p.is_ghost else ""}" data-player="{escape(p.name)}">',
        panel(x, y, w, h, "", "player", f"{p.name}'s player board and supplies"),
    ]
    out.append(disc(x + 22, y + 22, p.name, 13))
    out.append(board_text(x + 42, y + 28, who, size=17, weight="bold", cls="player-name"))
    out.append(
        board_text(x + 52 + len(who) * 10.5, y + 28, f"{p.score} points", size=15, weight="bold", cls="player-score")
    )
    if p.to_move:
        out.append(
            board_text(x + w - 12, y + 26, "\u25b6 to decide", size=13, anchor="end", weight="bold", fill="#b03060")
        )
    # the left column: supplies and pieces
    lines: list[tuple[str, str, str]] = []
    ly = y + 62
    out.append(board_text(x + 12, ly, "Reserve:", size=12, weight="bold"))
    out.append(stock_line(p.reserve, x + 12, ly + 20, size=12, cls="reserve"))
    ly += 44
    out.append(
        f'<g class="deben-silt">{_title(f"{p.deben} Deben, {p.silt} Silt sphere(s) on the board")}'
        f'<circle cx="{_f(x + 20)}" cy="{_f(ly - 4)}" r="8" fill="#c9a227" stroke="#6b5310"/>'
        + board_text(x + 20, ly, "D", size=11, anchor="middle", weight="bold")
        + board_text(x + 32, ly, f"{p.deben} Deben", size=13, cls="deben")
        + f'<circle cx="{_f(x + 130)}" cy="{_f(ly - 4)}" r="8" fill="#8b5a2b" stroke="#333333"/>'
        + board_text(x + 130, ly, "L", size=11, anchor="middle", weight="bold", fill="#ffffff")
        + board_text(x + 142, ly, f"{p.silt} Silt", size=13, cls="silt")
        + "</g>"
    )
    ly += 24
    if p.screen is None:
        out.append(
            board_text(x + 12, ly, f"Behind the screen: {p.screen_count} resource(s), hidden", size=12.5, cls="screen")
        )
    else:
        out.append(board_text(x + 12, ly, f"Behind the screen ({p.screen_count}):", size=12.5, cls="screen"))
        ly += 20
        out.append(stock_line(p.screen, x + 12, ly, size=12, cls="screen-stock"))
    ly += 24
    locked = ", ".join(p.workers_locked) or "none"
    lines.append(
        (
            f"Workers: {p.workers_free} free; {len(p.workers_locked)} locked",
            "workers",
            f"locked Workers unlock for: {locked}",
        )
    )
    where = worker_places(p.farmers, p.merchant, p.builder, p.priests)
    lines.append(("; ".join(where) or "no Worker placed yet", "placed", ""))
    lines.append(
        (
            "Buildings: " + (", ".join(f"{b}" for b, _ in p.buildings) or "none"),
            "buildings",
            "; ".join(f"{b} {n}" for b, n in p.buildings),
        )
    )
    lines.append((f"Sphinxes built: {p.sphinxes}", "sphinxes", ""))
    if p.priest_cards is None:
        lines.append((f"Priest cards: {p.priest_count} (hidden)", "priest-cards", ""))
    else:
        lines.append(("Priest cards: " + (", ".join(map(str, p.priest_cards)) or "none"), "priest-cards", ""))
    if p.gift_count:  # gifts16: shown like the Priest cards, only in games with Gifts
        shown = f"{p.gift_count} (hidden)" if p.gifts is None else ", ".join(p.gifts)
        lines.append((f"Gifts of the Gods: {shown}", "gifts", ""))
    if p.pending:
        lines.append((p.pending, "pending", "a choice not yet shown to the others"))
    for text, cls, tip in lines:
        for part in wrap_words(text, 46):
            out.append(
                f'<g class="line {cls}">{_title(tip or text)}' + board_text(x + 12, ly, part, size=12.5) + "</g>"
            )
            ly += 18
    # the right side: this Season's row and the hand
    out.append(board_text(cards_x, y + 62, "This Season's cards:", size=12.5, weight="bold"))
    out.append(
        f'<g class="board-glyph">{_title(f"the glyph on {p.name} board: {p.glyph.label}")}'
        + glyph_badge(p.glyph, cards_x + 22, y + 94, 36)
        + "</g>"
    )
    strip, _ = cards_strip(p.row, cards_x + 50, y + 70, mini=True, slots=4)
    out.append(f'<g class="card-row">{strip}</g>')
    hy = y + 70 + MINI_H + 26
    if p.hand is None:
        out.append(
            board_text(
                cards_x, hy, f"Hand: {p.hand_count} card(s), hidden", size=12.5, weight="bold", cls="hand-hidden"
            )
        )
        back_w = MINI_W * 0.45  # whole_text: side by side while they fit, no "face down" (the heading above says it)
        step = min(back_w + 6, (w - left_w - 40 - back_w) / max(p.hand_count - 1, 1)) if whole_text else 30
        backs = "".join(
            back_group(cards_x + 10 + k * step, hy + 8, mini=True, scale=0.45, words=not whole_text)
            for k in range(p.hand_count)
        )
        out.append(f'<g class="hand hidden">{backs}</g>')
    else:
        out.append(board_text(cards_x, hy, f"Hand ({len(p.hand)}):", size=12.5, weight="bold"))
        scale = hand_scale(len(p.hand), w - left_w - 30)
        strip, _ = cards_strip(p.hand, 0, 0, mini=True)
        out.append(f'<g class="hand" transform="translate({_f(cards_x)} {_f(hy + 8)}) scale({_f(scale)})">{strip}</g>')
    out.append("</g>")
    return "".join(out), h


def hand_scale(n: int, room: float) -> float:
    return 1.0 if n == 0 else min(1.0, room / (n * (MINI_W + 8)))


def player_svg(player: PlayerPicture, *, width: int | str | None = "100%", whole_text: bool = False) -> str:
    """One player's panel (board, supplies, row and hand) as an SVG document (``whole_text``: as
    :func:`~tameri_kit.render.board_svg.board_svg`)."""
    body, h = player_part(player, 0, 0, WIDTH, whole_text)
    size = f"width={quoteattr(str(width))}" if width is not None else f'width="{WIDTH}" height="{_f(h)}"'
    attrs, words = svg_labels(f"{player.name}'s player board", player_words(player))
    return ascii_only(
        f'<svg xmlns="http://www.w3.org/2000/svg" {size} viewBox="0 0 {WIDTH} {_f(h)}"{attrs} '
        f'font-family="{FONT}" fill="{INK}" class="tameri-player" '
        f'style="max-width:{WIDTH}px">{words}{body}</svg>'
    )


__all__ = ["hand_scale", "player_part", "player_svg"]
