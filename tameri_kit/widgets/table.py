"""A game table in the notebook: a person plays Tameri against bots (or several people hot-seat), with the rules
explained at every click.

Rulebook: the whole game (Game Setup to End of the Game).  What a seat may see: Season 0 and Phase 2 (cards kept
and chosen in secret), Phase 3 (face-down cards), Offering (behind the screen), Priest Cards (secret).

    table = GameTable(Settings.for_players(3), seed=7, people=["John"], bots="greedy")
    table                                   # shows the table
    table.decision_buttons[0].click()       # the first legal decision of the moment (then the bots move)
    table.typed_text.value = "play 59"; table.typed_button.click()   # or type the decision
    table.why_dropdown.value = "do builder"; table.why_button.click()  # why a choice is not allowed
    table.hint_button.click(); table.undo_button.click(); table.redo_button.click()
    table.save("game.json"); GameTable.from_record(open("game.json").read())
    print(table.text())                     # everything the seated person sees, as text

Chance outcomes and the bots' decisions are a pure function of the seed and the entry's index in the record
(:func:`~tameri_kit.widgets.table_parts.chance_rng`, :func:`~tameri_kit.widgets.table_parts.bot_for`), so after
Undo, or when a saved record is reopened, the same decisions give the same game.  Every child widget is an
attribute, so tests and lessons drive the table without a browser.  Bad input - an illegal or malformed typed
decision, a corrupt or foreign record, a click while the bots move - is shown in ``message_html`` and
changes nothing.  A finished record opens in review mode (:mod:`~tameri_kit.widgets.table_review`): stepped
through and seen by any seat, never played; ``leave_review()`` goes back to the table's game.

This module is the game side of the table (deciding, the bots, Undo and Redo, records); the widgets and the
drawing are in :mod:`~tameri_kit.widgets.table_view` (:class:`~tameri_kit.widgets.table_view.TableView`), the
texts and pieces of the table in :mod:`~tameri_kit.widgets.table_parts`.
"""

from __future__ import annotations

import time
from pathlib import Path

from ..errors import IllegalActionError, NotationError, TameriError
from ..game import Decision, GameRecord, RecordError, Settings, new_game, replay, sample_chance, step
from ..game.play.bots import BOT_NAMES, bot_view, decide
from ..game.play.record import reason_text
from ..game.core.settings import GHOST_LEVELS
from ..openspiel.extra import bot_problem, load_search_bots
from . import table_parts as parts
from .record_files import OpenedRecord, open_record_bytes, open_record_path
from .table_review import NO_MOVES, ReviewedGame, review_text
from .table_view import BOTS_MOVING, TableView, board_picture

__all__ = ["GameTable", "board_picture"]


class GameTable(TableView):
    """A person (or several, hot-seat) at a Tameri table; the other seats are bots.

    ``settings`` (default: 3 players John, George, Paul), ``seed`` (chance and bots), ``people``: the names of the
    seats people play (default: the first seat), ``bots``: a bot name for every other seat, or ``{name: kind}``
    (kinds: ``random``, ``greedy``, ``strong``, ``expert``), ``record``: a :class:`GameRecord` (or its JSON) to
    continue, ``auto_run``: the bots move at once after each decision (otherwise step them with the bot buttons).
    """

    def __init__(
        self,
        settings: Settings | None = None,
        seed: int = 0,
        *,
        people=None,
        bots="greedy",
        record=None,
        auto_run: bool = True,
        save_path: str = "tameri_game.json",
    ):
        settings = settings or Settings.for_players(3)
        self._busy = False
        #: the clock of ``timings`` (seconds): wall time; bench/table.py uses the process's CPU time instead
        self.clock = time.perf_counter
        self.timings: dict[str, float] = {}
        self._redo: list[tuple[str, ...]] = []
        #: the bots' reasons of the entries undone (entry index -> reason), given back to them by redo
        self._undone_reasons: dict[int, str] = {}
        self._build_widgets(save_path, auto_run)
        self._start(settings, seed, people, bots)
        if record is not None:
            self.load(record)
        else:
            if auto_run:
                self._run()
            self.refresh()

    @classmethod
    def from_record(cls, record, **kw) -> GameTable:
        """A table reopened at the last state of a saved record (a :class:`GameRecord` or its JSON text), or in
        review mode for a finished one; raises :class:`RecordError` for a corrupt or foreign record."""
        rec = record if isinstance(record, GameRecord) else GameRecord.from_json(record)
        people, bots = parts.seats_of(rec)
        people = kw.pop("people", people)
        if not people or not set(people) <= set(rec.settings.players):  # not a table's record: the first seat
            people = rec.settings.players[:1]
        bots = kw.pop("bots", None) or {n: bots.get(n, "greedy") for n in rec.settings.players if n not in people}
        table = cls(rec.settings, rec.seed or 0, people=people, bots=bots, **kw)
        table._open(rec)
        return table

    # ------------------------------------------------------------------------------------------------------------
    # the game
    # ------------------------------------------------------------------------------------------------------------
    def _start(self, settings: Settings, seed: int, people, bots) -> None:
        people = tuple(people or settings.players[:1])
        seats = settings.players[: settings.humans]  # the Ghost of the +1 Player Mode plays itself
        for name in people:
            if name not in seats:
                raise ValueError(f"no seat {name!r} for a person; the seats are {', '.join(seats)}")
        others = [n for n in seats if n not in people]
        if isinstance(bots, str):
            bots = {n: bots for n in others}
        elif not isinstance(bots, dict):
            bots = dict(zip(others, bots))
        for n in others:
            kind = bots.get(n)
            if bot_problem(kind) is not None:
                raise ValueError(
                    f"seat {n!r} needs a bot ({', '.join(BOT_NAMES)}; with the [openspiel] extra mcts[:N], "
                    f"ismcts[:N]), not {kind!r}"
                )
        load_search_bots(bots[n] for n in others)  # the [openspiel] extra's bots: missing, an error naming it
        self.settings, self.seed, self.people = settings, int(seed), people
        self.bots = {n: bots[n] for n in others}
        self.record = GameRecord(settings, self.seed, (), self._meta())
        self.states = [new_game(settings)]
        self._redo = []
        self._undone_reasons = {}
        # the New game boxes start from this game (so New game replays it from the start)
        if (settings.ghost is None or settings.ghost in GHOST_LEVELS) and (
            settings.players == Settings.for_players(settings.humans, ghost=settings.ghost).players
        ):
            self.players_dropdown.value = settings.humans
            self.ghost_dropdown.value = settings.ghost or ""
            self.seat_dropdown.value = people[0]
        self.seed_text.value = self.seed
        if self.bots and next(iter(self.bots.values())) in self.bot_dropdown.options:
            self.bot_dropdown.value = next(iter(self.bots.values()))

    def _meta(self) -> tuple:
        return (
            ("bots", ",".join(f"{n}={k}" for n, k in self.bots.items())),
            ("people", ",".join(self.people)),
            ("table", "tameri_kit.widgets.table"),
        )

    @property
    def state(self):
        return self.states[-1]

    @property
    def viewer(self) -> str:
        """The seat whose view is shown: the person to decide, or else the last person who decided."""
        if self.state.to_move in self.people:
            return self.state.to_move
        for text in reversed(self.record.entries):
            who = text.split(":", 1)[0]
            if who in self.people:
                return who
        return self.people[0]

    @property
    def waiting_for_bots(self) -> bool:
        s = self.state
        return not s.is_terminal and s.to_move not in self.people

    def _push(self, decision: Decision, reason: str = "") -> None:
        """Play ``decision``; ``reason``: a bot's reason for it, kept in the record (``GameRecord.reasons``)."""
        after = step(self.state, decision)  # raises and changes nothing when not allowed
        self.states.append(after)
        entries = self.record.entries
        reasons = self.record.reasons + (((len(entries), reason),) if reason else ())
        self.record = GameRecord(self.settings, self.seed, entries + (decision.text,), self._meta(), reasons)

    def _next_entry(self) -> Decision:
        """The next entry a bot or chance makes; the bot's reason for it, in its own words, is left in
        ``_entry_reason`` ("" for chance)."""
        s, k = self.state, len(self.record.entries)
        self._entry_reason = ""
        if s.is_chance:
            return sample_chance(s, parts.chance_rng(self.seed, k))
        bot = parts.bot_for(self.bots[s.to_move], self.seed, k, s.to_move)
        decision = decide(bot, s)  # a bot labelled as seeing hidden information (mcts) is handed the state
        self._entry_reason = reason_text(getattr(bot, "last_reason", ""))
        return decision

    def _run(self, one: bool = False) -> int:
        """Bots and chance move until a person must decide (or one entry); returns how many entries were made."""
        made = 0
        while self.waiting_for_bots:
            decision = self._next_entry()
            self._push(decision, self._entry_reason)
            made += 1
            if one:
                break
        return made

    # ------------------------------------------------------------------------------------------------------------
    # what a person does (every method shows its result in the table and changes nothing on bad input)
    # ------------------------------------------------------------------------------------------------------------
    def _guard(self, *, opening: bool = False) -> bool:
        """Whether the table may act now: not while the bots move; in review mode only to open or start a game."""
        if self._busy:
            self._say("Please wait: the bots are moving. Nothing was changed.", error=True)
            return False
        if self.review is not None and not opening:
            self._say(f"{NO_MOVES} Nothing was changed.", error=True)
            return False
        return True

    def decide(self, decision) -> bool:
        """Play a person's decision (a :class:`Decision` or its text; ``"play 59"`` means the seat to move)."""
        if not self._guard():
            return False
        start = self.clock()
        try:
            d = self._parse(decision)
            if self.state.is_terminal:
                raise IllegalActionError(f"{d}: the game is over", rule="End of the Game")
            if self.waiting_for_bots:
                self._say(
                    f"It is {self.state.to_move}'s move, not yours: press 'Bots: one step' or "
                    "'Bots: to my turn'. Nothing was changed.",
                    error=True,
                )
                return False
            if d.player not in self.people:
                raise IllegalActionError(f"{d}: {d.player} is played by a bot here, not by you", rule="Game Rounds")
            self._push(d)
        except (NotationError, IllegalActionError) as e:
            self._say(f"Not played: {e}. Nothing was changed.", error=True)
            return False
        self._redo = []
        self._undone_reasons = {}
        table_time = self.clock() - start
        bots_time = self._bots_then_refresh() if self.auto_checkbox.value else 0.0
        if not self.auto_checkbox.value:
            self.refresh()
        self.timings["table"] = table_time + self.timings.get("refresh", 0.0)
        self.timings["bots"] = bots_time
        self._say(f"Played {d}.")
        return True

    def _parse(self, decision) -> Decision:
        if isinstance(decision, Decision):
            return decision
        text = str(decision).strip()
        if ":" not in text:
            text = f"{self.viewer}: {text}"
        return Decision.parse(text)

    def _bots_then_refresh(self, one: bool = False) -> float:
        """The bots (and chance) move, every control disabled and the page told so meanwhile; then a refresh."""
        self._busy = True
        self._set_disabled(True)
        if self.waiting_for_bots:
            self._say(BOTS_MOVING)
        start = self.clock()
        try:
            self._run(one)
        finally:
            spent = self.clock() - start
            self._busy = False
            self._set_disabled(False)
        self.refresh()
        return spent

    def bots_step(self, one: bool = True) -> None:
        if not self._guard():
            return
        if not self.waiting_for_bots:
            self._say(
                "No bot is to move: it is your decision." if not self.state.is_terminal else "The game is over.",
                error=True,
            )
            return
        self.timings["bots"] = self._bots_then_refresh(one)
        self._say("The bots moved: see what happened.")

    def why_not(self, move: str) -> str:
        """The engine's own reason why ``move`` (for the seat to move) is not allowed now ("" when it is)."""
        if self.review is not None:
            self._say(NO_MOVES, error=True)
            return ""
        try:
            d = self._parse(move)
            step(self.state, d)
        except (NotationError, IllegalActionError) as e:
            text = f"Why not {move!r}? {e}"
            self._say(text, error=True)
            return text
        self._say(f"{move!r} is allowed now.")
        return ""

    def hint(self) -> str:
        """What the expert bot would decide for the person to move at the table's budget, and why in words from
        its own playouts of the candidates (from the person's view only: it samples what the person cannot see)."""
        if self.review is not None or self.waiting_for_bots or self.state.is_terminal:
            self._say("No hint: it is not your decision now.", error=True)
            return ""
        me = self.state.to_move
        bot = parts.hint_bot(parts.entry_seed(self.seed, len(self.record.entries), "hint"))
        seen = bot_view(self.state, me)
        d = bot.choose(seen)
        text = (
            f"Hint: the expert bot would choose '{d.move}'. {parts.expert_words(bot, len(seen.legal), seen.observation.season)} It does: "
            f"{parts.explain(seen.observation, d)}"
        )
        if self._choose_in_list(d.move):
            text += " It is now chosen in the list: its button plays it."
        self._say(text)
        return text

    def undo(self) -> bool:
        """Back to the state before the last decision of a person (the bots and chance after it are undone too)."""
        if not self._guard():
            return False
        entries = self.record.entries
        mine = [k for k, e in enumerate(entries) if e.split(":", 1)[0] in self.people]
        if not mine:
            self._say("Nothing to undo: you have not decided anything yet.", error=True)
            return False
        k = mine[-1]
        self._redo.append(entries[k:])
        self._undone_reasons.update((index, reason) for index, reason in self.record.reasons if index >= k)
        del self.states[k + 1 :]
        self.record = self.record.truncated(k)
        self.refresh()
        self._say(f"Undone: {entries[k]} (and the {len(entries) - k - 1} entries after it).")
        return True

    def redo(self) -> bool:
        if not self._guard():
            return False
        if not self._redo:
            self._say("Nothing to redo.", error=True)
            return False
        for text in self._redo.pop():
            self._push(Decision.parse(text), self._undone_reasons.get(len(self.record.entries), ""))
        self.refresh()
        self._say("Redone.")
        return True

    def save(self, path: str | Path | None = None) -> str:
        """Write the record (JSON) to ``path`` (default: the path box); returns the JSON."""
        text = self.record.to_json()
        if self.review is not None:
            self._say(f"{NO_MOVES} Nothing was saved.", error=True)
            return text
        target = Path(path or self.path_text.value)
        try:
            target.write_text(text + "\n", encoding="utf-8")
        except OSError as e:
            self._say(f"Could not save to {target}: {e.strerror or e}.", error=True)
            return text
        self._say(f"Saved {len(self.record.entries)} entries to {target}.")
        return text

    def load(self, source) -> bool:
        """Reopen the table at the last state of a record: a :class:`GameRecord`, its JSON text, a path, or a
        record already read (:class:`~tameri_kit.widgets.record_files.OpenedRecord`); a finished game opens in
        review mode.  Files are read by :mod:`~tameri_kit.widgets.record_files` (the kit's readers)."""
        if not self._guard(opening=True):
            return False
        try:
            if isinstance(source, OpenedRecord):
                self._open(source.record, source.states, source.name)
            elif isinstance(source, GameRecord):
                self._open(source)
            else:
                text = str(source)
                if text.lstrip().startswith(("{", "<")):  # a record's JSON, or a shared page (text too)
                    opened = open_record_bytes("the record's text", text.encode("utf-8", "surrogatepass"))
                else:  # a path: a regular file only, never a device or a FIFO
                    opened = open_record_path(text)
                self._open(opened.record, opened.states, opened.name)
        except (RecordError, ValueError, TameriError) as e:
            self._say(f"Could not open the record: {e}. Nothing was changed.", error=True)
            return False
        return True

    def _open(self, rec: GameRecord, states=None, name: str = "the record") -> None:
        if states is None:
            states = replay(rec, states=True)  # RecordError names the first bad entry
        if states[-1].is_terminal:  # watched in review mode; the table's own game waits unchanged
            self.review = ReviewedGame(name, rec, states)
            self.review_bar.start(self.review)
            self.refresh()
            self._say(
                f"Opened {name}: a finished game of {len(rec.entries)} entries, in review mode. Step through it "
                "and choose whom it is seen by; no moves can be made. 'Leave review' goes back to your game."
            )
            return
        self._end_review()
        people, bots = parts.seats_of(rec)
        if not people or not set(people) <= set(rec.settings.players):
            people = tuple(p for p in self.people if p in rec.settings.players) or rec.settings.players[:1]
        bots = {n: bots.get(n, "greedy") for n in rec.settings.players if n not in people}
        self._start(rec.settings, rec.seed or 0, people, bots)
        self.states = states
        self.record = GameRecord(rec.settings, self.seed, rec.entries, self._meta(), rec.reasons)
        if self.auto_checkbox.value:
            self._run()
        self.refresh()
        self._say(f"Opened a record of {len(rec.entries)} entries; you play {', '.join(self.people)}.")

    def _end_review(self) -> None:
        self.review = None
        self.review_bar.stop()

    def leave_review(self) -> bool:
        """Close the finished game watched in review mode and go back to the table's own game."""
        if self.review is None:
            self._say("Not in review mode: this is the game at the table.", error=True)
            return False
        self._end_review()
        if self.auto_checkbox.value:
            self._run()
        self.refresh()
        self._say(
            f"Left review mode: back to your game at the table ({len(self.record.entries)} entries); "
            f"you play {', '.join(self.people)}."
        )
        return True

    def new(self, settings: Settings | None = None, seed: int | None = None, people=None, bots=None) -> None:
        """A new game (by default from the settings boxes)."""
        if not self._guard(opening=True):
            return
        if settings is None:
            try:
                settings = Settings.for_players(self.players_dropdown.value, ghost=self.ghost_dropdown.value or None)
            except TameriError as error:
                self._say(f"Not started: {error}. Nothing was changed.", error=True)
                return
        seed = self.seed_text.value if seed is None else seed
        people = people or (self.seat_dropdown.value,)
        if people[0] not in settings.players:
            people = settings.players[:1]
        self._start(settings, seed, people, bots or self.bot_dropdown.value)
        self._end_review()
        if self.auto_checkbox.value:
            self._run()
        self.refresh()
        self._say(f"New game, seed {seed}: you play {', '.join(self.people)}.")

    # ------------------------------------------------------------------------------------------------------------
    # drawing
    # ------------------------------------------------------------------------------------------------------------
    def log_blocks(self) -> list[tuple[str, list]]:
        """``(heading, events)`` for each entry since the viewer's last decision, as the viewer may see them."""
        return parts.log_blocks(self.record.entries, self.states, self.viewer, self.people, self.bots, self.settings)

    def text(self) -> str:
        """What the seated person sees, as text (for printing in a lesson); in review mode, what is shown."""
        if self.review is not None:
            return review_text(self.review, self.review_bar.index, self.review_bar.viewer)
        return parts.table_text(self.state, self.viewer, self.settings, self.choices)

    def log(self) -> str:
        """The log since the viewer's last decision, as text (oldest first)."""
        return parts.log_text(self.log_blocks())

    def _repr_mimebundle_(self, **kwargs):
        return self.box._repr_mimebundle_(**kwargs)
