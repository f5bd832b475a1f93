"""A shared page's questions reveal what was played and why: the bot's own reason (``GameRecord.reasons``, kept by
``play --record``) beside the teacher's note, each labelled; a record without reasons makes the page it made before;
``share --check`` verifies a page with reasons and notices one changed; a reason that cannot be written is refused by
name (issue 36)."""

from __future__ import annotations

import json
import re

import pytest

from tameri_kit.__main__ import main
from tameri_kit.game import GameRecord, Settings, replay
from tameri_kit.game.play.bots import play_game
from tameri_kit.share import share_page
from tameri_kit.share.notes import parse_notes, place_notes
from tameri_kit.share.steps import game_chapters

NOTES = """## step 30 ?
Which card would **you** keep?
"""


@pytest.fixture(scope="module")
def reasoned():
    """The two-player greedy game of seed 1 (the suite's ``finished_record``) with the bots' reasons kept, cut
    after 60 entries; and the reasons ``play_game`` handed out on the side."""
    said: list = []
    record, _ = play_game(Settings.for_players(2), 1, ["greedy", "greedy"], reasons=said, keep_reasons=True)
    return record.truncated(60), {index: reason for index, _, reason in said}


def _asked(record: GameRecord, start: int) -> int:
    """The step of the first decision from step ``start`` on (the step a question there is about)."""
    return next(j for j in range(max(start, 1), len(record) + 1) if not record.entries[j - 1].startswith("chance:"))


def test_a_question_reveals_the_bots_reason_beside_the_teachers_note(reasoned):
    record, said = reasoned
    states = replay(record, states=True)
    _, questions = place_notes(parse_notes(NOTES, (45,)), record, states, game_chapters(states))
    noted, bare = _asked(record, 30), _asked(record, 45)
    assert sorted(questions) == [noted, bare]
    for step in (noted, bare):
        player, move = record.entries[step - 1].split(": ", 1)
        assert questions[step]["played"] == move
        # the reason the bot gave for this very entry (collected while playing, not read from the record)
        reason = said[step - 1]
        assert f"<strong>The greedy bot's reason, in its own words:</strong> {reason}</p>" in questions[step]["note"]
    assert questions[noted]["note"].index("The greedy bot's reason") < questions[noted]["note"].index(
        "<strong>The teacher's note:</strong></p>\n<p>Which card would <strong>you</strong> keep?</p>"
    )
    assert "teacher's note" not in questions[bare]["note"]  # no note there: the bot's reason alone


def test_without_reasons_a_question_reveals_the_note_alone_as_before(finished_record, reasoned):
    record = finished_record.truncated(60)
    states = replay(record, states=True)
    _, questions = place_notes(parse_notes(NOTES, (45,)), record, states, game_chapters(states))
    assert questions[_asked(record, 30)]["note"] == "<p>Which card would <strong>you</strong> keep?</p>\n"
    assert questions[_asked(record, 45)]["note"] == ""
    # the reasons are all a record with them adds: without them, the same page byte for byte
    notes = parse_notes(NOTES, (45,))
    assert share_page(reasoned[0].with_reasons(()), notes=notes) == share_page(record, notes=notes)


def test_a_reason_shows_only_in_the_reveal_of_the_page(reasoned):
    """In the page's data the reason sits in the question's reveal only (the script shows it after the pick), and
    in the embedded record (for replay and --check); no step's log or note carries it."""
    record, said = reasoned
    page = share_page(record, notes=parse_notes("", (45,)))
    data = json.loads(re.search(r'<script type="application/json" id="tameri-page">(.*?)</script>', page, re.S)[1])
    step = _asked(record, 45)
    assert said[step - 1] in data["questions"][str(step)]["note"]
    assert data["notes"] == {}
    assert all(said[step - 1] not in event[0] for events in data["events"] for event in events)
    embedded = GameRecord.from_json(page)
    assert embedded == record and embedded.reason_at(step - 1) == said[step - 1]


def test_share_check_verifies_a_page_with_reasons_and_notices_one_changed(tmp_path, reasoned, capsys):
    record, said = reasoned
    path = tmp_path / "game.json"
    path.write_text(record.to_json() + "\n", encoding="utf-8")
    (tmp_path / "notes.md").write_text(NOTES, encoding="utf-8")
    page = tmp_path / "page.html"
    assert main(["share", str(path), "--notes", str(tmp_path / "notes.md"), "--ask", "45", "-o", str(page)]) == 0
    capsys.readouterr()
    assert main(["share", "--check", str(page)]) == 0
    assert "genuine" in capsys.readouterr().out
    text = page.read_text(encoding="utf-8")
    step = _asked(record, 45)
    reason = said[step - 1]
    # the reason changed in the embedded record: the page made again from it is not this page
    old = f'"{step - 1}": "{reason}"'
    assert text.count(old) == 1
    page.write_text(text.replace(old, f'"{step - 1}": "it felt lucky"'), encoding="utf-8")
    assert main(["share", "--check", str(page)]) == 1
    assert "not the page its own record makes" in capsys.readouterr().err


def test_a_reason_that_cannot_be_written_is_refused_by_name(tmp_path, reasoned, capsys):
    record, _ = reasoned
    step = _asked(record, 45)
    data = json.loads(record.to_json())
    data["reasons"][str(step - 1)] = "best \ud800"
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")  # ASCII JSON: the lone surrogate as a \u escape
    assert main(["share", str(path), "-o", str(tmp_path / "page.html")]) == 1
    err = capsys.readouterr().err
    assert err.startswith("error: ") and f"field 'reasons.{step - 1}'" in err and "lone surrogate U+D800" in err
    assert not (tmp_path / "page.html").exists()


def test_a_reason_is_only_ever_text_on_the_page(reasoned):
    """A reason with markup in it (a record edited by hand) is shown as text and cannot end the page's scripts; a
    record that names no bot says whose bot gave the reason."""
    record, _ = reasoned
    step = _asked(record, 45)
    player = record.entries[step - 1].split(":", 1)[0]
    sneaky = "</script><script>alert(1)</script><b>bold</b>"
    edited = GameRecord(record.settings, record.seed, record.entries, (), {**dict(record.reasons), step - 1: sneaky})
    page = share_page(edited, notes=parse_notes("", (45,)))
    plain = share_page(record, notes=parse_notes("", (45,)))
    assert page.count("<script") == plain.count("<script") and page.count("</script") == plain.count("</script")
    assert "<script>alert" not in page and "<b>bold" not in page
    data = json.loads(re.search(r'<script type="application/json" id="tameri-page">(.*?)</script>', page, re.S)[1])
    note = data["questions"][str(step)]["note"]
    assert note == (
        f"<p><strong>{player}'s bot's reason, in its own words:</strong> "
        "&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;b&gt;bold&lt;/b&gt;</p>\n"
    )
    assert GameRecord.from_json(page).reason_at(step - 1) == sneaky
