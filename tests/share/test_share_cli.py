"""``python -m tameri_kit share RECORD -o PAGE`` and ``replay PAGE``: the page's record replays byte for byte; every
bad input is one ``error: ...`` line, exit code 1, and no page left behind."""

import os
import stat

import pytest

from tameri_kit.__main__ import main


@pytest.fixture()
def short_file(tmp_path, short_record):
    path = tmp_path / "game.json"
    path.write_text(short_record.to_json() + "\n", encoding="utf-8")
    return path


def test_share_writes_a_page_that_replays_like_its_record(tmp_path, short_file, capsys):
    page = tmp_path / "game.html"
    assert main(["share", str(short_file), "-o", str(page)]) == 0
    note = capsys.readouterr().err
    assert note.startswith(f"(page saved to {page}: ") and "40 steps" in note
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(page.stat().st_mode) == 0o666 & ~umask  # a page to send: a new file's usual permissions
    assert main(["replay", str(short_file)]) == 0
    from_record = capsys.readouterr().out
    assert main(["replay", str(page)]) == 0
    assert capsys.readouterr().out == from_record


def test_the_default_page_lies_beside_the_record(short_file, capsys):
    assert main(["share", str(short_file)]) == 0
    assert short_file.with_suffix(".html").is_file()


def test_a_finished_games_page_replays_byte_for_byte(tmp_path, finished_record, finished_page, capsys):
    """The whole game: ``replay game.html`` prints exactly what ``replay game.json`` prints."""
    record, page = tmp_path / "game.json", tmp_path / "game.html"
    record.write_text(finished_record.to_json() + "\n", encoding="utf-8")
    page.write_text(finished_page, encoding="utf-8")
    assert main(["replay", str(record)]) == 0
    expected = capsys.readouterr().out
    assert main(["replay", str(page)]) == 0
    assert capsys.readouterr().out.encode() == expected.encode()
    assert "== Final scores (End of the Game) ==" in expected


def _fails(argv, capsys, *expected: str) -> str:
    assert main(argv) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("error: ") and "Traceback" not in captured.err
    for words in expected:
        assert words in captured.err
    return captured.err


def test_bad_inputs_are_one_error_line(tmp_path, short_file, capsys):
    page = tmp_path / "out.html"
    _fails(["share", str(tmp_path / "missing.json"), "-o", str(page)], capsys, "missing.json: no such file")
    foreign = tmp_path / "foreign.html"
    foreign.write_text("<!DOCTYPE html><html><body>holiday photos</body></html>", encoding="utf-8")
    _fails(["share", str(foreign), "-o", str(page)], capsys, "foreign.html", "a web page without a Tameri game record")
    _fails(["replay", str(foreign)], capsys, "a web page without a Tameri game record")
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "tameri-game/1", "settings": {"players": ["A"]}}', encoding="utf-8")
    _fails(["share", str(broken), "-o", str(page)], capsys, "settings.players")
    _fails(["share", str(short_file), "-o", str(tmp_path)], capsys, "is a folder")
    _fails(["share", str(short_file), "-o", str(tmp_path / "nowhere" / "x.html")], capsys, "does not exist")
    _fails(["share", str(short_file), "-o", str(short_file)], capsys, "is the record itself")
    assert not page.exists()


def test_a_record_that_only_claims_its_seed_is_refused(tmp_path, short_record, capsys):
    """As ``replay`` refuses it: the page would promise a replay that fails."""
    text = short_record.to_json().replace(f'"seed": {short_record.seed}', f'"seed": {short_record.seed + 1}')
    record = tmp_path / "claims.json"
    record.write_text(text, encoding="utf-8")
    _fails(["share", str(record), "-o", str(tmp_path / "x.html")], capsys, "seed")
