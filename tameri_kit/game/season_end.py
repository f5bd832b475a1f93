"""Season end."""

from __future__ import annotations

from ..rules.common import RESOURCES
from ..rules.game_end import finish_game
from ..rules.glyphs import season_end_bonus
from ..rules.offering import Stock
from ..rules.season_end import season_end
from ..rules.temples import draft as temple_draft
from ..rules.temples import draft_order
from .catalog import PRIESTS, SEASON_DECK, WEATHER, Rule
from .frames import Frame
from .state import scoring_situation
from .working import WorkingGame


def start_season_end(w: WorkingGame) -> None:
    """End of the Season: step 1 (the Priest draft: draws, then picks), the D4 choices, then steps 2-6."""
    w.phase = "season_end"
    w.ev(f"End of Season {w.season}", Rule.SEASON_END)
    frames = []
    n = min(w.temples.count, len(w.priest_pile))
    if n:
        order = tuple(w.settings.players.index(p) for p, _, _ in draft_order(w.temples))
        frames += [Frame("draw_priest", -1, ("draft",)) for _ in range(n)]
        frames.append(Frame("draft", order[0], ((), order[:n], (), ())))
    elif w.temples.count:
        w.ev("The Priest deck is empty: nobody draws (reading T6)", Rule.SEASON_END + ", step 1")
    frames += [Frame("d4", i) for i, p in enumerate(w.players) if "D4" in p.buildings]
    frames.append(Frame("auto", -1, ("season_score", ())))
    w.schedule(*frames)


def score_season(w: WorkingGame, d4: tuple = ()) -> None:
    d4_spend = dict(d4)
    sits = [scoring_situation(w, i) for i in range(len(w.players))]
    bonuses = [season_end_bonus(p.row, p.glyph) for p in w.players]
    bonus = [p.name for p, b in zip(w.players, bonuses) if b.points]
    for p, b in zip(w.players, bonuses):
        w.ev(f"{p.name}: {b.explanation}", Rule.SEASON_END + ", step 2")
    d4s = {p.name: d4_spend.get(p.name) for p in w.players if "D4" in p.buildings}
    game_end_events = []  # the last Season's steps 1-5 come first, then the End of the Game's
    if w.season < 3:
        res = season_end(sits, w.season, glyph_bonus=bonus, d4_spend=d4s, readings=w.settings.scoring)
        for e in res.events:
            w.ev(e.text, e.step)
        end = res.end
    else:
        out = finish_game(sits, glyph_bonus=bonus, d4_spend=d4s, readings=w.settings.scoring)
        for e in out.events:
            if e.step.startswith("End of the Game"):
                game_end_events.append(e)
            else:
                w.ev(e.text, e.step)
        end = out.end
        w.outcome = out
    for i, sit in enumerate(end):
        w.setp(i, score=sit.score, reserve=sit.reserve, screen=sit.screen)
    if w.outcome is not None:
        for i, p in enumerate(w.players):
            w.setp(i, score=w.outcome.total(p.name))
    # step 5: discard the Nile, the boards and the Season's deck; the Nile's resources go to the warehouse
    moved = Stock.of([x for _, x in w.nile if x is not None])
    if moved.total:
        w.market = w.market.plus(moved)
        w.ev("The resources on the Nile cards go to the Market warehouse: " + str(moved), Rule.SEASON_END + ", step 5")
    w.nile = ()
    for i in range(len(w.players)):
        w.setp(i, row=())
    letter = SEASON_DECK[w.season]
    w.decks = tuple((d, () if d == letter else c) for d, c in w.decks)
    w.ev("The Nile cards, the cards on the player boards and the Season's deck are discarded", Rule.SEASON_END + ", step 5")
    if w.season == 3:
        for e in game_end_events:
            w.ev(e.text, e.step)
        w.phase = "over"
        w.stack.clear()
        w.ev(f"The game is over: {', '.join(f'{n} {t}' for n, t in w.outcome.ranking())}; winner(s): "
             f"{', '.join(w.outcome.winners)}", "End of the Game")
        return
    # step 6
    w.tiles = tuple(t.id for t in WEATHER.tiles)
    w.ev("The 7 Weather tiles are shuffled back into a pile", Rule.SEASON_END + ", step 6a")
    low = w.row[0]
    if low is not None:
        w.building_bottom = w.building_bottom + (low,)
        w.row = w.row[1:] + (None,)
        w.ev(f"Building {low} goes to the bottom of the Building deck; the others move down", Rule.SEASON_END + ", step 6b")
    else:
        w.row = tuple(x for x in w.row if x is not None) + (None,) * w.row.count(None)
    w.season += 1
    deck = SEASON_DECK[w.season]
    w.schedule(*[Frame("draw_building") for _ in range(w.row.count(None))],
               *[Frame("draw_card", -1, (deck, "nile", -1)) for _ in range(w.settings.n + 2)],
               Frame("auto", -1, ("nile_resources", Rule.SEASON_END + ", step 6c")), Frame("auto", -1, ("round_start",)))


# --- End of the Season choices ------------------------------------------------------------------------------------
def legal_priest_draft(s, t):
    hand, order, picks, drawn = t.data
    return [(f"keep priest {c}", c) for c in hand]


def apply_priest_draft(w, t, c):
    """End of the Season, step 1: each Priest, in draft order, keeps one card and passes the rest (Example 18)."""
    hand, order, picks, drawn = t.data
    i = t.player
    picks = picks + (c,)
    hand = tuple(x for x in hand if x != c)
    w.ev(f"{w.name(i)} keeps a Priest card and passes {len(hand)} on", Rule.SEASON_END + ", step 1 (Example 18)")
    w.ev(f"{w.name(i)} keeps {PRIESTS[c]}", Rule.SEASON_END + ", step 1", i)
    w.setp(i, priest_cards=tuple(sorted(w.P(i).priest_cards + (c,))))
    if hand and len(picks) < len(order):
        w.replace_top(t.but(player=order[len(picks)], data=(hand, order, picks, drawn)))
        return
    w.pop()
    # the rules module replays the same draft: it must agree on who kept what
    res = temple_draft(w.temples, pile=tuple(PRIESTS[x] for x in drawn), picks=picks)
    assert tuple(x.id for _, x in res.picks) == picks


def legal_d4_spend(s, t):
    p = s.players[t.player]
    return [(f"D4 spend {r.value}", r) for r in RESOURCES if p.reserve[r] > 0] + [("D4 decline", None)]


def apply_d4_spend(w, t, r):
    """Building D4: the resource to spend for its End of Season points (register S3)."""
    w.pop()
    w.ev(f"{w.name(t.player)} " + (f"will spend 1 {r.label} on D4" if r else "declines D4's spend"), "Building D4")
    # the choice is kept in the season_score frame below
    idx = max(k for k, f in enumerate(w.stack) if f.kind == "auto" and f.data[0] == "season_score")
    f = w.stack[idx]
    prev = f.data[1] if len(f.data) > 1 else ()
    w.stack[idx] = f.but(data=("season_score", prev + ((w.name(t.player), r),)))


