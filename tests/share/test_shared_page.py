"""The shared page (tameri_kit/share/): self-contained, its record embedded and read back, the seat views, the
chapters and the final scores.  The browser side is tests/e2e/test_share_page.py."""

import json
import re

import pytest

from tameri_kit.game import GameRecord, RecordError, replay
from tameri_kit.game.play.record import embedded_record
from tameri_kit.share import share_page
from tameri_kit.share.chart import scores_chart_svg
from tameri_kit.share.steps import game_chapters, page_data, with_title_and_desc
from tameri_kit.share.svg_store import SvgStore


def _page_json(page: str) -> dict:
    block = re.search(r'<script type="application/json" id="tameri-page">(.*?)</script>', page, re.S)
    return json.loads(block.group(1))


def _text(data: dict, node: int) -> str:
    store = SvgStore()
    store.nodes = data["nodes"]
    return store.text(node)


# --- self-contained -------------------------------------------------------------------------------------------
def test_the_page_fetches_nothing(finished_page):
    """No tag loads anything from elsewhere: no <link>, <img>, <iframe>, <object>, <embed>, no src= at all, no CSS
    url() or @import, every href is a link inside the page (#...) - and a policy that forbids every fetch.  The only
    http address allowed is the SVG namespace (xmlns, also inside the page's JSON data), which names a vocabulary and
    is never fetched."""
    page = finished_page
    without_namespaces = re.sub(r'xmlns(:\w+)?=\\?"http://www\.w3\.org/[^"\\]*\\?"', "", page)
    assert "http://" not in without_namespaces and "https://" not in without_namespaces
    assert not re.search(r"<(link|img|iframe|object|embed|audio|video|source)\b", page, re.I)
    assert not re.search(r"\ssrc\s*=", page, re.I)
    assert "url(" not in page and "@import" not in page
    hrefs = re.findall(r'\shref\s*=\s*"([^"]*)"', page)
    assert hrefs and all(h.startswith("#") for h in hrefs), hrefs
    assert "content=\"default-src 'none';" in page


def test_the_embedded_record_is_the_game(finished_record, finished_page):
    """The page reads back as the same record; the block is the only record in the page, and a '<' written by a
    player's name cannot end the script block early (it is written as \\u003c)."""
    assert GameRecord.from_json(finished_page) == finished_record
    assert GameRecord.from_json(finished_page.encode("utf-8")) == finished_record
    text, where = embedded_record(finished_page)
    assert json.loads(text)["entries"] == list(finished_record.entries)
    assert where.startswith("line ")


def test_markup_in_the_record_stays_inside_its_script_block(short_record):
    """A record's note (``meta``: free text from the file) reading '</script><b>x & y' is written so that the
    record's block still ends where it should, and reads back the same."""
    note = "</script><!-- <b>x & y \u2028"
    record = GameRecord(short_record.settings, short_record.seed, short_record.entries[:3], (("note", note),))
    page = share_page(record)
    assert page.count("</script>") == 3  # the record, the page's data, the script
    assert dict(GameRecord.from_json(page).meta)["note"] == note


# --- damaged and foreign pages --------------------------------------------------------------------------------
def test_a_foreign_page_is_refused_by_name():
    with pytest.raises(
        RecordError, match=r"a web page without a Tameri game record \(no <script id=\"tameri-record\">"
    ):
        GameRecord.from_json("<!DOCTYPE html><html><body><script>var x = 1;</script></body></html>")


def test_a_damaged_record_block_names_the_page_line(finished_page):
    """The block cut in the middle: the JSON error, and where in the page the block is."""
    start = finished_page.index('id="tameri-record">')
    damaged = finished_page[: start + 400] + finished_page[finished_page.index("</script>", start) :]
    line = finished_page.count("\n", 0, finished_page.index("<script", start - 40)) + 1
    with pytest.raises(RecordError, match=rf"not JSON: .*embedded in this web page, line {line} of the page"):
        GameRecord.from_json(damaged)


def test_a_page_with_two_records_is_refused(finished_page):
    start = finished_page.index('<script type="application/json" id="tameri-record">')
    end = finished_page.index("</script>", start) + len("</script>")
    doubled = finished_page[:end] + finished_page[start:end] + finished_page[end:]
    with pytest.raises(RecordError, match=r"2 <script id=\"tameri-record\"> blocks"):
        GameRecord.from_json(doubled)


def test_a_record_block_of_another_type_is_refused():
    page = '<html><script type="text/javascript" id="tameri-record">{}</script></html>'
    with pytest.raises(RecordError, match="not of type application/json"):
        GameRecord.from_json(page)


def test_a_record_of_another_version_inside_a_page_is_refused():
    page = '<html><script type="application/json" id="tameri-record">{"format": "tameri-game/9"}</script></html>'
    with pytest.raises(
        RecordError, match=r"a Tameri game record of another version .*embedded in this web page, line 1"
    ):
        GameRecord.from_json(page)


# --- what each seat sees --------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def short_data(short_record):
    return page_data(short_record)


def test_a_seat_sees_its_own_hand_and_only_the_count_of_the_others(short_record, short_data):
    """After Season 0 both players hold cards.  John's own panel names his cards; George's panel as John sees it
    says how many cards George holds and that they are hidden, and names none of them."""
    data = short_data
    states = replay(short_record, states=True)
    k, players = 40, data["players"]
    george = states[k].players[1]
    assert george.hand, "George holds cards after Season 0"
    hidden = _text(data, data["hidden"][k * 2 + 1])
    full = _text(data, data["full"][k * 2 + 1])
    assert f"Hand: {len(george.hand)} card(s), hidden" in hidden
    assert f"Hand ({len(george.hand)})" in full and "hidden" not in full.split("Hand (")[1][:20]
    assert players == ["John", "George"]


def test_the_phone_drawings_match_the_wide_ones_step_by_step(short_record, short_data):
    """The page carries the board drawn for a phone beside the wide one (render/board_narrow.py): one shared board
    per step and two panels per player per step, as many as the wide drawings, each a narrow picture 360 units wide
    with a title and a description; as John sees it, George's narrow panel hides his hand as the wide one does, and
    a step that changes the wide board changes the narrow one."""
    data, states = short_data, replay(short_record, states=True)
    steps, seats = len(states), len(data["players"])
    assert len(data["narrowBoard"]) == len(data["board"]) == steps
    assert len(data["narrowFull"]) == len(data["narrowHidden"]) == len(data["full"]) == steps * seats
    for node in (data["narrowBoard"][10], data["narrowFull"][21], data["narrowHidden"][21]):
        svg = _text(data, node)
        assert re.match(r'<svg[^>]*viewBox="0 0 360 [\d.]+"[^>]*class="tameri-[a-z]+ narrow"', svg), svg[:300]
        assert re.match(r"<svg[^>]*><title>[^<]+</title><desc>[^<]+</desc>", svg), svg[:300]
    george = states[40].players[1]
    hidden = _text(data, data["narrowHidden"][40 * 2 + 1])
    assert f"Hand: {len(george.hand)} card(s), hidden" in hidden
    assert all(f'data-number="{n}"' not in hidden for n in george.hand)
    assert all(f'data-number="{n}"' in _text(data, data["narrowFull"][40 * 2 + 1]) for n in george.hand)
    for k in range(1, steps):
        wide_changed = data["board"][k] != data["board"][k - 1]
        assert (data["narrowBoard"][k] != data["narrowBoard"][k - 1]) == wide_changed, k


def test_everyone_is_offered_only_for_a_finished_game(finished_page, short_record, short_data):
    """The full state (every hand) is a choice only once the recorded game is over, and never the first one: a
    reader sees the game through a player's eyes unless they choose "everyone" on purpose."""
    assert short_data["finished"] is False
    assert 'value="">everyone' not in share_page(short_record.truncated(3))
    assert 'value="">everyone' in finished_page
    options = re.findall(r'<option value="([^"]*)">', finished_page)
    assert options == ["John", "George", ""]


def test_the_shared_board_names_no_seat(short_data):
    """The shared part of the board shows nothing hidden, so one picture serves every seat: it names no viewer (a
    name is never written into a picture afterwards), and each picture has a title and a description."""
    data = short_data
    board = _text(data, data["board"][10])
    assert "the shared board: every seat sees the same" in board
    assert "seen by" not in board.lower()
    assert "slot" not in data
    for node in (data["board"][10], data["full"][21], data["hidden"][21]):
        svg = _text(data, node)
        assert re.match(r"<svg[^>]*><title>[^<]+</title><desc>[^<]+</desc>", svg), svg[:300]


def test_a_picture_keeps_its_own_title_and_desc():
    svg = '<svg role="img"><title>mine</title><desc>my words</desc><g/></svg>'
    assert with_title_and_desc(svg, "other", "other words") == svg
    assert with_title_and_desc("<svg><g/></svg>", "T", "D") == "<svg><title>T</title><desc>D</desc><g/></svg>"


def test_a_private_event_is_marked_with_its_seat(short_data):
    """A card drawn into a hand is an event for its owner only: the page keeps its seat so the script can hide
    it from the others.  In Season 0 each player draws cards (Game Setup), so there are private events of both
    seats among the first 40 steps."""
    data = short_data
    seats = {event[2] for step in data["events"] for event in step}
    assert {0, 1} <= seats and None in seats


# --- chapters and scores ---------------------------------------------------------------------------------------
def test_chapters_follow_the_game(finished_record):
    """Game Setup at step 0, then Season 0, then the rounds; each of the three Seasons ends with its End of the
    Season (Akhet, Peret, Shemu: Game Setup 1c), and the End of the Game comes last, at the final step."""
    states = replay(finished_record, states=True)
    chapters = game_chapters(states)
    headings = [h for h, _k in chapters]
    steps = [k for _h, k in chapters]
    assert chapters[0] == ("Game Setup", 0) and headings[1] == "Season 0"
    assert steps == sorted(steps)
    ends = [h for h in headings if h.startswith("End of Season")]
    assert ends == ["End of Season 1 (Akhet)", "End of Season 2 (Peret)", "End of Season 3 (Shemu)"]
    assert chapters[-1] == ("End of the Game", len(finished_record.entries))
    for season in (1, 2, 3):  # each End of the Season comes after its Season's rounds
        last_round = max(k for h, k in chapters if h.startswith(f"Season {season} "))
        end = next(k for h, k in chapters if h.startswith(f"End of Season {season}"))
        assert end > last_round


def test_the_scores_chart_has_one_axis_and_every_number(finished_record):
    """One y-axis (one axis title, Victory Points); each player's total is written on the chart and in its
    description, and the winner is named."""
    outcome = replay(finished_record).outcome
    svg = scores_chart_svg(outcome)
    assert svg.count("Victory Points</text>") == 1
    assert re.match(r"<svg[^>]*><title[^>]*>Final scores by category</title><desc", svg)
    for name in outcome.names:
        assert f"{name} {outcome.total(name)} (" in svg
    assert f"Winner: {', '.join(outcome.winners)}" in svg


def test_the_scores_table_puts_the_total_first(finished_record):
    """The total comes right after the player's name, so on a phone it is in view without scrolling the table."""
    from tameri_kit.share.chart import scores_table_html

    outcome = replay(finished_record).outcome
    table = scores_table_html(outcome)
    heads = re.findall(r'<th scope="col">([^<]*)</th>', table)
    assert heads[:2] == ["player", "total"] and heads[2:] == list(outcome.categories)
    name = outcome.names[0]
    row = re.search(rf"<tr[^>]*><th scope=\"row\">{name}[^<]*</th><td><strong>(\d+)</strong>", table)
    assert int(row.group(1)) == outcome.total(name)


def test_the_page_is_small(finished_page):
    """A two-player game's page stays well under the four-player target of 2 MB (docs/performance.md has the
    sizes measured for 2, 3 and 4 players)."""
    assert len(finished_page.encode("utf-8")) < 1_500_000


def test_the_same_record_gives_the_same_page(short_record):
    """No clock, no machine, no hash order in the page: made twice, byte for byte the same."""
    assert share_page(short_record) == share_page(short_record)


def test_a_pinned_page_digest_guards_the_page_format(short_record):
    """``share --check`` compares a page with the page this kit makes; a page made differently must say so by its
    page format (``PAGE_FORMAT`` in share/page.py).  If this digest changes, the page's making changed: raise
    PAGE_FORMAT and pin the new digest (never only the digest)."""
    import hashlib

    from tameri_kit.share.page import PAGE_FORMAT

    digest = hashlib.sha256(share_page(short_record).encode("utf-8")).hexdigest()
    assert (PAGE_FORMAT, digest) == (3, PINNED_PAGE), digest


#: The SHA-256 of the short record's page (the two-player greedy game of seed 1, cut after 40 entries).
PINNED_PAGE = "02326172c84c407183dd8f2d109629f7a56eb941e83558ea232eac1bc0795a21"
