"""GlyphChainWidget: lay out a season's four cards for up to four players and see what each card allows.

Rulebook: Phase 2 and "Glyphs, Actions, and Unrevealed Cards" (Examples 3a-3c, 4); Phase 3 (Examples 5a, 5b);
Building Card List D1-D5 (Example 29); End of the Season, step 2.

A thin view over :mod:`tameri_kit.rules.glyphs` and :mod:`tameri_kit.rules.turn_order`.  Each player has a
name, a board glyph, a hand (card numbers), four card slots (dropdowns over the hand), four face-down boxes and
the glyph buildings they own.  Every child widget is an attribute::

    w = GlyphChainWidget()
    w.preset_dropdown.value = "examples_5"
    w.players[3].face_down_boxes[1].value = True      # Paul keeps his second card face down
    w.orders[1].players                              # ('George', 'Paul', 'John', 'Ringo')
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

import ipywidgets as widgets

from ..data.components import ActionCards, building, example_board, load_actions
from ..errors import TameriError
from ..render.card_icons import glyph_inline, glyph_words, glyphs_inline
from ..rules.action_cards import Glyph, number_text, parse_number
from ..rules.glyphs import (
    LIBRARY,
    OBSERVATORIES,
    CardPlay,
    Played,
    SeasonBonus,
    analyse_season,
    ordinal,
    season_end_bonus,
)
from ..rules.turn_order import TurnOrder, turn_order
from .common import PresetMenu, WidgetArgumentError, wrap_row

SLOTS = 4
MAX_PLAYERS = 4
BUILDING_CHOICES = tuple(sorted(OBSERVATORIES)) + (LIBRARY,)


def building_label(b: str) -> str:
    """A glyph building by its id and name; an observatory's glyph by the glyph's one name (the rulebook calls D4's
    glyph Nighttime, the kit's badges and logs Night): ``"D4 North Observatory (Night glyph)"``."""
    name = building(b).name
    if b in OBSERVATORIES:
        name = f"{name.split(' (')[0]} ({OBSERVATORIES[b].label} glyph)"
    return f"{b} {name}"


@dataclass(frozen=True)
class Seat:
    """A player's set-up in a preset: name, board glyph, hand, the row (``"59 [6]"``) and glyph buildings."""

    name: str
    board: Glyph
    hand: str
    row: str = ""
    buildings: tuple[str, ...] = ()


@dataclass(frozen=True)
class GlyphPreset:
    key: str
    label: str
    seats: tuple[Seat, ...]
    note: str = ""


def _board(p: str) -> Glyph:
    return example_board(p).glyph


def _presets() -> tuple[GlyphPreset, ...]:
    cards = load_actions()
    named = {2, 5, 6, 7, 9, 10, 14, 15, 16, 21, 24, 38, 44, 45, 59, 61, 65, 97}
    spare = [c.label for c in cards.deck("A") if c.number not in named]
    john = Seat("John", _board("John"), "59 44 6 16 18", "59 44")
    george = Seat("George", _board("George"), "2 7 45 97", "2 [7]")
    ringo = Seat("Ringo", _board("Ringo"), "14 65 5 38", "14 65")
    paul = Seat("Paul", _board("Paul"), f"21 24 {' '.join(spare[:2])}", "21 24")
    return (
        GlyphPreset(
            "examples_5",
            "Examples 5a and 5b: the first two rounds of Season 1",
            (john, ringo, george, paul),
            "Round 1 is Example 5a, round 2 Example 5b (George keeps his card face down).",
        ),
        GlyphPreset(
            "example_3",
            "Examples 3a, 3b, 3c: a glyph matches, a Temple card without, after a face-down card",
            (
                Seat("3a", _board("George"), "2 61", "2 61"),
                Seat("3b", _board("Ringo"), "5 202", "5 202"),
                Seat("3c", _board("John"), "38 207", "[38] 207"),
            ),
            "Look at round 2: 61 completes, Temple card 202 does not (choose a half), 207 follows a "
            "face-down card (all three actions).",
        ),
        GlyphPreset(
            "example_4",
            "Example 4: a Season with two face-down cards, and the season-end bonus",
            (Seat("George", _board("George"), "2 7 45 97", "2 [7] 45 [97]"),),
            "George's fourth card is his second face-down card this season.",
        ),
        GlyphPreset(
            "example_29",
            "Example 29: observatory D3 completes Sunset on card 18",
            (Seat("Ringo", _board("Ringo"), "14 18 65 5", "14 18", ("D3",)),),
            "Card 14's right (Daytime) does not complete 18; D3 does, for 1 resource.",
        ),
        GlyphPreset("empty", "Empty: build your own", (), "Type hands, pick cards, flip them face down."),
    )


def _cost_text(cp: CardPlay) -> str:
    """The price column: what a face-down card costs, or the cheapest way to use all of a card's actions."""
    if cp.played.face_down:
        return f"{cp.face_down_cost} Deben (face down)"
    if cp.completes:
        return "all actions free"
    best = cp.cheapest_all
    if best is None:
        return "one action (one half) free; no way to get all"
    return f"one free; all for {best.cost_text} ({best.via})"


def named_by_label_above(name: str) -> dict:
    """A control's description that names it for a screen reader (its ``<label>``) but takes no room: the words are
    shown in a label above the control, so the whole control keeps its width."""
    return {"description": name, "style": {"description_width": "0px"}}


class PlayerControls:
    """The controls of one player: every child is an attribute."""

    def __init__(self, index: int, cards: ActionCards, on_change):
        self.index = index
        self._cards = cards
        self._on_change = on_change
        label = {"description_width": "80px"}
        self.name_text = widgets.Text(
            value=f"Player {index + 1}",
            description="Player",
            continuous_update=False,
            style=label,
            layout=widgets.Layout(width="230px"),
        )
        self.board_dropdown = widgets.Dropdown(
            options=[(g.label, g) for g in Glyph],  # a dropdown holds no picture: the badge is beside it
            value=list(Glyph)[index % 4],
            description="Board glyph",
            style=label,
            layout=widgets.Layout(width="230px"),
        )
        self.board_badge = widgets.HTML(layout=widgets.Layout(width="110px"))
        self.board_dropdown.observe(lambda _c: self._show_board(), "value")
        self._show_board()
        self.hand_text = widgets.Text(
            value="",
            description="Hand",
            continuous_update=True,  # checked as typed
            style=label,
            placeholder="card numbers, e.g. 59 44 6 16",
            layout=widgets.Layout(width="400px", max_width="100%"),
        )
        # the buildings by name (the id alone says little); the label above the list, so the list keeps its width
        self.buildings_select = widgets.SelectMultiple(
            options=[(building_label(b), b) for b in BUILDING_CHOICES],
            value=(),
            rows=5,
            tooltip="glyph buildings this player owns (ctrl-click for several)",
            **named_by_label_above("Glyph buildings"),
            layout=widgets.Layout(width="300px", max_width="100%"),
        )
        # each round's card: its label above it, so the whole "number left|right" text is readable
        self.round_labels = [widgets.Label(f"Round {r + 1}") for r in range(SLOTS)]
        self.card_dropdowns = [
            widgets.Dropdown(
                options=[("-", None)],
                value=None,
                **named_by_label_above(f"Round {r + 1}"),
                layout=widgets.Layout(width="240px"),
            )
            for r in range(SLOTS)
        ]
        self.face_down_boxes = [
            widgets.Checkbox(value=False, description="face down", indent=False, layout=widgets.Layout(width="240px"))
            for _ in range(SLOTS)
        ]
        self.hand_error = widgets.HTML("")
        self.hand_text.observe(lambda _c: self._hand_changed(), "value")
        for w in [
            self.name_text,
            self.board_dropdown,
            self.buildings_select,
            *self.card_dropdowns,
            *self.face_down_boxes,
        ]:
            w.observe(lambda _c: self._on_change(), "value")
        self.box = widgets.VBox(
            [
                wrap_row(
                    [
                        widgets.VBox(
                            [
                                self.name_text,
                                widgets.HBox([self.board_dropdown, self.board_badge]),
                                self.hand_text,
                                self.hand_error,
                            ]
                        ),
                        widgets.VBox([widgets.Label("Glyph buildings"), self.buildings_select]),
                    ],
                    grid_gap="0 16px",
                ),
                wrap_row(
                    [
                        widgets.VBox([lab, d, f])
                        for lab, d, f in zip(self.round_labels, self.card_dropdowns, self.face_down_boxes)
                    ],
                    grid_gap="0 8px",
                ),
            ],
            layout=widgets.Layout(border="1px solid #ddd", padding="4px", margin="0 0 6px 0", max_width="100%"),
        )

    def _show_board(self) -> None:
        """The board's glyph as the badge the card pictures draw, with its name, beside the dropdown."""
        self.board_badge.value = glyph_inline(self.board_dropdown.value, 22, named=True)

    def _hand_changed(self):
        numbers, bad = [], []
        for tok in self.hand_text.value.replace(",", " ").split():
            try:
                n = parse_number(tok)
                self._cards.card(n)
                if n not in numbers:
                    numbers.append(n)
            except (ValueError, KeyError):
                bad.append(tok)
        self.hand_error.value = (
            f"<span style='color:#b00'>not Action cards: {escape(', '.join(bad))}</span>" if bad else ""
        )
        options = [("-", None)] + [(self._label(n), n) for n in numbers]
        for d in self.card_dropdowns:
            keep = d.value if d.value in numbers else None
            d.options = options
            d.value = keep
        self._on_change()

    def _label(self, n) -> str:
        c = self._cards.card(n)
        return f"{c.label} {glyph_words(c.left, empty='-')} | {glyph_words(c.right, empty='-')}"

    @property
    def row(self) -> tuple[Played, ...]:
        """The cards in slots 1, 2, ... up to the first empty slot; the same card in two slots is refused (a card is
        played once: Phase 2 puts a card from the hand on the board)."""
        out = []
        for round_, (d, f) in enumerate(zip(self.card_dropdowns, self.face_down_boxes), 1):
            if d.value is None:
                break
            earlier = next((k for k, played in enumerate(out, 1) if played.card.number == d.value), None)
            if earlier is not None:
                raise WidgetArgumentError(
                    f"{self.name_text.value}: card {number_text(d.value)} is in round {earlier} and in round "
                    f"{round_}; a card is played only once - choose another for round {round_}"
                )
            out.append(Played(self._cards.card(d.value), f.value))
        return tuple(out)

    @property
    def hand(self) -> list[int]:
        """The card numbers in the hand box that are Action cards (each once)."""
        return [v for _label, v in self.card_dropdowns[0].options if v is not None]


class GlyphChainWidget:
    """Lay out a season's cards for up to four players; see what each card allows, the turn orders and the bonus.

    Read-only views for tests and notebooks: :attr:`rows`, :attr:`analysis`, :attr:`orders`, :attr:`bonuses`,
    :attr:`error`.
    """

    def __init__(self, preset: str = "examples_5", *, cards: ActionCards | None = None):
        if cards is not None and not isinstance(cards, ActionCards):
            raise WidgetArgumentError(
                f"GlyphChainWidget: cards must be ActionCards (load_actions()), not {type(cards).__name__}"
            )
        self.cards = cards or load_actions()
        self.presets = {p.key: p for p in _presets()}
        if preset and preset not in self.presets:
            raise WidgetArgumentError(
                f"GlyphChainWidget: no preset {preset!r}; the presets are "
                f"{', '.join(map(repr, self.presets))} (or None to start empty)"
            )
        self._busy = False
        self._error = ""
        self.title = widgets.HTML("<h3 style='margin:0'>Glyph chains: what each card allows, and who plays first</h3>")
        self.preset_menu = PresetMenu(
            [(p.label, p.key) for p in self.presets.values()], self.load_preset, width="640px"
        )
        self.preset_dropdown = self.preset_menu.dropdown
        self.players_slider = widgets.IntSlider(value=4, min=1, max=MAX_PLAYERS, description="Players")
        self.note = widgets.HTML("")
        self.data_note = widgets.HTML(
            "<small>The Action cards' glyphs and actions are <b>illustrative</b> (the rulebook's pictures were "
            "lost); they agree with every example the rulebook gives. See docs/data.md.</small>"
        )
        self.players = [PlayerControls(i, self.cards, self._refresh) for i in range(MAX_PLAYERS)]
        self.players_box = widgets.VBox([p.box for p in self.players])
        self.cards_html = widgets.HTML("", layout=widgets.Layout(max_width="100%", overflow="auto"))
        self.order_html = widgets.HTML("")
        self.bonus_html = widgets.HTML("")
        self.error_label = widgets.HTML("")
        self.players_slider.observe(lambda _c: self._refresh(), "value")
        self.box = widgets.VBox(
            [
                self.title,
                wrap_row([self.preset_dropdown, self.preset_menu.loaded_label]),
                self.note,
                self.data_note,
                self.players_slider,
                self.players_box,
                self.error_label,
                self.cards_html,
                self.order_html,
                self.bonus_html,
            ],
            layout=widgets.Layout(max_width="100%"),
        )
        if preset:
            self.preset_menu.load(preset)
        else:
            self._refresh()

    # ----- presets ----------------------------------------------------------------------------------------------
    def load_preset(self, key: str) -> None:
        """Load a preset: every player's name, board, hand, buildings and cards (the whole widget starts over)."""
        if key not in self.presets:
            raise WidgetArgumentError(f"no glyph preset {key!r}; the presets are {', '.join(self.presets)}")
        preset = self.presets[key]
        self._busy = True
        try:
            self.players_slider.value = max(1, len(preset.seats))
            for i, pc in enumerate(self.players):
                seat = preset.seats[i] if i < len(preset.seats) else None
                pc.name_text.value = seat.name if seat else f"Player {i + 1}"
                pc.board_dropdown.value = seat.board if seat else list(Glyph)[i % 4]
                pc.hand_text.value = seat.hand if seat else ""
                pc._hand_changed()
                pc.buildings_select.value = seat.buildings if seat else ()
                tokens = seat.row.split() if seat else []
                for r in range(SLOTS):
                    tok = tokens[r] if r < len(tokens) else None
                    down = bool(tok and tok.startswith("["))
                    pc.card_dropdowns[r].value = parse_number(tok.strip("[]")) if tok else None
                    pc.face_down_boxes[r].value = down
            self.note.value = f"<i>{escape(preset.note)}</i>" if preset.note else ""
        finally:
            self._busy = False
        self._refresh()

    # ----- read-only views --------------------------------------------------------------------------------------
    @property
    def active(self) -> list[PlayerControls]:
        return self.players[: self.players_slider.value]

    @property
    def rows(self) -> dict[str, tuple[Played, ...]]:
        return {p.name_text.value: p.row for p in self.active}

    def check_cards(self) -> None:
        """Refuse what cannot be on a table: two players of one name, or one card in two players' hands (each Action
        card exists once)."""
        names = [p.name_text.value.strip() for p in self.active]
        twice = next((n for n in names if names.count(n) > 1), None)
        if twice is not None:
            raise WidgetArgumentError(f"two players are called {twice!r}: give each player a name of their own")
        holder: dict[int, str] = {}
        for p in self.active:
            for number in p.hand:
                if number in holder:
                    raise WidgetArgumentError(
                        f"card {number_text(number)} is in the hands of both {holder[number]} and "
                        f"{p.name_text.value}: each Action card exists once"
                    )
                holder[number] = p.name_text.value
        _ = self.rows  # reading each row raises for a card in two rounds

    @property
    def analysis(self) -> dict[str, tuple[CardPlay, ...]]:
        return {
            p.name_text.value: analyse_season(p.row, p.board_dropdown.value, buildings=p.buildings_select.value)
            for p in self.active
        }

    @property
    def orders(self) -> list[TurnOrder]:
        """One turn order per round in which at least one player has a card."""
        out = []
        for r in range(SLOTS):
            plays = [(p.name_text.value, p.row[r]) for p in self.active if len(p.row) > r]
            if not plays:
                break
            out.append(turn_order(plays))
        return out

    @property
    def bonuses(self) -> dict[str, SeasonBonus]:
        return {p.name_text.value: season_end_bonus(p.row, p.board_dropdown.value, partial=True) for p in self.active}

    @property
    def error(self) -> str:
        return self._error

    # ----- drawing ----------------------------------------------------------------------------------------------
    def _refresh(self) -> None:
        if self._busy:
            return
        for i, p in enumerate(self.players):
            p.box.layout.display = None if i < self.players_slider.value else "none"
        try:
            self._error = ""
            self.check_cards()
            self.cards_html.value = self._cards_table()
            self.order_html.value = self._orders_text()
            self.bonus_html.value = self._bonus_text()
        except TameriError as e:
            self._error = str(e)
            self.cards_html.value = self.order_html.value = self.bonus_html.value = ""
        self.error_label.value = f"<span style='color:#b00'>{escape(self._error)}</span>" if self._error else ""

    def _cards_table(self) -> str:
        rows = []
        for name, plays in self.analysis.items():
            for cp in plays:
                c = cp.played.card
                if cp.played.face_down:
                    card = escape(f"[{c.label}] face down")
                else:
                    left = glyphs_inline(c.left, named=True)
                    right = glyphs_inline(c.right, named=True)
                    card = f"{escape(c.label)}: {left} | {right}"
                if cp.played.face_down:
                    allows = "any one of the 8 actions"
                else:
                    allows = "<br>".join(
                        escape(
                            f"{'+'.join(a.label for a in o.actions)}"
                            f"{'' if o.cost_text == 'free' else ' for ' + o.cost_text}"
                        )
                        for o in cp.options
                    )
                cost = _cost_text(cp)
                rows.append(
                    f"<tr><td>{escape(name)}</td><td>{cp.position}</td><td style='white-space:nowrap'>{card}</td>"
                    f"<td>{'yes' if cp.completes else 'no'}</td><td>{allows}</td><td>{escape(cost)}</td>"
                    f"<td style='max-width:420px'>{escape(cp.explanation)}</td></tr>"
                )
        if not rows:
            return "<p>No cards laid out yet: type a hand and pick a card for round 1.</p>"
        head = (
            "<tr><th>Player</th><th>Round</th><th>Card (left | right)</th><th>Completes?</th><th>Allows</th>"
            "<th>Cost</th><th>Why</th></tr>"
        )
        return (
            "<h4>What each card allows</h4><table style='border-collapse:collapse' border='1' cellpadding='3'>"
            + head
            + "".join(rows)
            + "</table>"
        )

    def _orders_text(self) -> str:
        parts = []
        for r, order in enumerate(self.orders, 1):
            items = "".join(f"<li>{escape(reason)}</li>" for reason in order.reasons)
            parts.append(f"<p><b>Round {r}:</b> {escape(str(order))}</p><ol>{items}</ol>")
        return "<h4>Turn order</h4>" + "".join(parts) if parts else ""

    def _bonus_text(self) -> str:
        items = "".join(
            f"<li>{escape(name)}: {b.points} points - {escape(b.explanation)}</li>" for name, b in self.bonuses.items()
        )
        return f"<h4>End of the season (step 2)</h4><ul>{items}</ul>" if items else ""

    def summary(self) -> str:
        """Plain text of everything shown (for notebooks and tests)."""
        lines = []
        for name, plays in self.analysis.items():
            for cp in plays:
                lines.append(f"{name} round {cp.position}: {cp.explanation}")
        try:
            for r, order in enumerate(self.orders, 1):
                lines.append(f"Round {r} order: {order}")
        except TameriError as e:
            lines.append(f"Turn order: {e}")
        for name, b in self.bonuses.items():
            lines.append(f"{name} season end: {b.points} points")
        return "\n".join(lines)

    def _repr_mimebundle_(self, **kwargs):
        return self.box._repr_mimebundle_(**kwargs)


__all__ = ["GlyphChainWidget", "PlayerControls", "GlyphPreset", "Seat", "number_text", "ordinal"]
