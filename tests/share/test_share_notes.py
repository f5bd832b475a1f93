"""A teacher's notes on a shared page (``--notes``) and "what would you do here?" questions (``?`` in a heading,
``--ask``): where they land, Markdown without raw HTML, the errors, and ``--check`` on a page with notes."""

import json
import re

import pytest

from tameri_kit.__main__ import main
from tameri_kit.game import replay
from tameri_kit.game.play.engine import legal_actions
from tameri_kit.share.notes import NotesError, markdown_html, parse_asked, parse_notes, place_notes
from tameri_kit.share.steps import game_chapters

NOTES = """Watch the **weather** first.

## step 12
The *first* Farmer. <script>alert("no")</script> <img src="http://example.com/x.png">

## round 1 ?
What would you play?

```
## step 3 (inside a code block: not a heading)
```
"""


def test_sections_by_step_and_round():
    notes = parse_notes(NOTES, (20,))
    targets = [(s.target, s.number, s.ask) for s in notes.sections]
    assert targets == [("step", 0, False), ("step", 12, False), ("round", 1, True)]
    assert "## step 3" in notes.sections[2].text and notes.asked == (20,)


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        ("intro\n\n## Strategy\nx", 3, "names no step"),
        ("## step twelve\nx", 1, "names no step"),
        ("ok\n## step 1\nx\n\n## roundabout 3\n", 5, "names no step"),
    ],
)
def test_a_heading_that_names_no_step_is_refused_by_its_line(text, line, words):
    with pytest.raises(NotesError, match=rf"^line {line}: .*{words}"):
        parse_notes(text)


def test_markdown_is_rendered_without_raw_html_or_images():
    """A note's <script> and <img> are shown as text, never made into elements; emphasis and lists work."""
    html = markdown_html("**bold** <script>alert(1)</script>\n\n![x](http://example.com/x.png)\n\n- one\n- two")
    assert "<strong>bold</strong>" in html and "<li>one</li>" in html
    assert "<script" not in html and "&lt;script&gt;" in html
    assert "<img" not in html


def test_notes_and_questions_land_on_their_steps(finished_record):
    """Step 12's note at step 12; round 1's question on round 1's first decision (the chance outcomes before it
    are stepped through); --ask 20 on the first decision from step 20 on; each question lists the decider's
    legal moves there (the engine's), and what was played."""
    record = finished_record.truncated(100)
    states = replay(record, states=True)
    chapters = game_chapters(states)
    notes_at, questions = place_notes(parse_notes(NOTES, (20,)), record, states, chapters)
    assert sorted(notes_at) == [0, 12] and "<em>first</em>" in notes_at[12] and "<script" not in notes_at[12]
    assert "&lt;script&gt;" in notes_at[12]
    round_one = next(k for heading, k in chapters if heading.endswith(", round 1"))
    for start in (round_one, 20):
        j = next(j for j in range(start, len(states)) if not record.entries[j - 1].startswith("chance:"))
        assert j in questions
        player, move = record.entries[j - 1].split(": ", 1)
        assert questions[j]["who"] == player and questions[j]["played"] == move
        assert questions[j]["moves"] == [d.move for d in legal_actions(states[j - 1])]
        assert move in questions[j]["moves"]
    j = next(j for j in range(round_one, len(states)) if not record.entries[j - 1].startswith("chance:"))
    assert "What would you play?" in questions[j]["note"]  # the question's own note: shown once it is answered
    assert all("What would you play?" not in html for html in notes_at.values())


@pytest.mark.parametrize(
    ("notes", "ask", "words"),
    [
        ("## step 999\nx", None, "line 1: step 999 is past the game's last step, 40"),
        ("## round 7\nx", None, "line 1: this game has no round 7"),
        (None, "999", "--ask 999: past the game's last step, 40"),
        (None, "57,x", "--ask takes step numbers"),
        ("## step 40 ?\n", None, "no decision follows step 40"),
    ],
)
def test_notes_that_do_not_fit_the_game_are_one_error_line(tmp_path, short_record, capsys, notes, ask, words):
    record = tmp_path / "game.json"
    record.write_text(short_record.to_json(), encoding="utf-8")
    argv = ["share", str(record), "-o", str(tmp_path / "page.html")]
    if notes is not None:
        (tmp_path / "notes.md").write_text(notes, encoding="utf-8")
        argv += ["--notes", str(tmp_path / "notes.md")]
    if ask is not None:
        argv += ["--ask", ask]
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert err.startswith("error: ") and words in err and "Traceback" not in err
    assert not (tmp_path / "page.html").exists()


def test_parse_asked():
    assert parse_asked("57, 12,57") == (12, 57)
    with pytest.raises(NotesError):
        parse_asked("-3")


def test_a_page_with_notes_carries_them_and_checks_genuine(tmp_path, short_record, capsys):
    """The notes' source and the asked steps are embedded, so --check makes the same page again; a note changed in
    the page (its text or the rendered HTML) is a difference."""
    record = tmp_path / "game.json"
    record.write_text(short_record.to_json(), encoding="utf-8")
    (tmp_path / "notes.md").write_text(NOTES.replace("round 1 ?", "step 30 ?"), encoding="utf-8")
    page = tmp_path / "page.html"
    argv = ["share", str(record), "--notes", str(tmp_path / "notes.md"), "--ask", "20", "-o", str(page)]
    assert main(argv) == 0
    text = page.read_text(encoding="utf-8")
    block = re.search(r'<script type="application/json" id="tameri-notes">(.*?)</script>', text, re.S)
    assert json.loads(block.group(1)) == {"notes": NOTES.replace("round 1 ?", "step 30 ?"), "ask": [20]}
    capsys.readouterr()
    assert main(["share", "--check", str(page)]) == 0
    assert "3 teacher's note(s)" in capsys.readouterr().out
    shown = "\\u003cem\\u003efirst\\u003c/em\\u003e Farmer"  # the note as the page shows it (its data)
    assert text.count(shown) == 1
    page.write_text(text.replace(shown, shown.replace("first", "last")), encoding="utf-8")
    assert main(["share", "--check", str(page)]) == 1
    assert "not the page its own record makes" in capsys.readouterr().err
