"""``python -m tameri_kit share RECORD -o PAGE`` and ``replay PAGE``: the page's record replays byte for byte; every
bad input is one ``error: ...`` line, exit code 1, and no page left behind."""

import json
import os
import stat

import pytest

from tameri_kit.__main__ import main
from tameri_kit.share import share_page


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
    assert main(["share", str(short_file)]) == 1  # made once: not replaced without --force


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


# --- an existing page, unwritable text, oversized notes -----------------------------------------------------------
def test_an_existing_page_is_replaced_only_with_force(tmp_path, short_file, capsys):
    page = tmp_path / "mine.html"
    page.write_text("my own page", encoding="utf-8")
    _fails(["share", str(short_file), "-o", str(page)], capsys, "mine.html exists already", "--force")
    assert page.read_text(encoding="utf-8") == "my own page"
    assert main(["share", str(short_file), "-o", str(page), "--force"]) == 0
    assert page.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def _record_text(short_record, **changes) -> str:
    d = json.loads(short_record.to_json())
    d.update(changes)
    return json.dumps(d)


@pytest.mark.parametrize(
    ("where", "field"),
    [("meta", "meta.note"), ("meta key", "meta key"), ("entry", "entries[3]"), ("name", "settings.players")],
)
def test_a_lone_surrogate_is_named_by_its_field(tmp_path, short_record, capsys, where, field):
    """A record's JSON may spell a lone surrogate (\\ud800); the page could never be written as UTF-8.  Wherever
    it is, the error is one line that names the field (or, for a name the name rule refuses, says so), never a
    UnicodeEncodeError traceback, and no page is written."""
    d = json.loads(short_record.to_json())
    if where == "meta":
        d["meta"] = {"note": "caf\ud800"}
    elif where == "meta key":
        d["meta"] = {"n\ud800": "x"}
    elif where == "entry":
        d["entries"][3] = d["entries"][3] + "\ud800"
    else:
        d["settings"]["players"][1] = "Geo\ud800rge"
    record = tmp_path / "odd.json"
    record.write_text(json.dumps(d), encoding="ascii")  # json.dumps writes the surrogate as its \ud800 escape
    assert "\\ud800" in record.read_text(encoding="ascii")
    page = tmp_path / "odd.html"
    err = _fails(["share", str(record), "-o", str(page)], capsys)
    assert field in err or (where == "name" and "settings" in err), err
    assert "UnicodeEncodeError" not in err and not page.exists()


def test_the_share_button_says_a_lone_surrogate_in_words(short_record):
    from tameri_kit.game import GameRecord
    from tameri_kit.widgets.share_button import ShareButton

    record = GameRecord(short_record.settings, short_record.seed, short_record.entries[:3], (("note", "x\udc80"),))
    button = ShareButton(lambda: record)
    assert button.share() == ""
    assert "Could not share this game" in button.html.value and "meta.note" in button.html.value


def test_meta_beyond_its_size_is_refused_with_its_size(tmp_path, short_record, capsys):
    """64 kB of notes at most (META_LIMIT); a record carrying 70 kB is refused, naming both sizes."""
    from tameri_kit.share.inputs import META_LIMIT

    assert META_LIMIT == 64 * 1024
    record = tmp_path / "big.json"
    record.write_text(_record_text(short_record, meta={"junk": "x" * (70 * 1024 - 4)}), encoding="utf-8")
    _fails(["share", str(record), "-o", str(tmp_path / "big.html")], capsys, "meta", "70.0 kB", "64.0 kB")
    fits = tmp_path / "fits.json"
    fits.write_text(_record_text(short_record, meta={"junk": "x" * (60 * 1024)}), encoding="utf-8")
    assert main(["share", str(fits), "-o", str(tmp_path / "fits.html")]) == 0


# --- share --check --------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def genuine(tmp_path_factory, short_record):
    """The page of the short record, as the command writes it."""
    folder = tmp_path_factory.mktemp("check")
    record = folder / "game.json"
    record.write_text(short_record.to_json() + "\n", encoding="utf-8")
    page = folder / "game.html"
    assert main(["share", str(record), "-o", str(page)]) == 0
    return page.read_text(encoding="utf-8")


def _check(tmp_path, text: str, capsys) -> tuple[int, str]:
    page = tmp_path / "received.html"
    page.write_text(text, encoding="utf-8")
    code = main(["share", "--check", str(page)])
    captured = capsys.readouterr()
    return code, captured.out + captured.err


def test_check_accepts_a_genuine_page(tmp_path, genuine, capsys):
    code, said = _check(tmp_path, genuine, capsys)
    assert code == 0 and "received.html: genuine: byte for byte the page tameri_kit" in said and "40 steps" in said


def _block(page: str, block_id: str) -> tuple[int, int]:
    start = page.index(f'id="{block_id}">') + len(f'id="{block_id}">')
    return start, page.index("</script>", start)


def test_check_refuses_a_page_that_shows_another_game(tmp_path, genuine, finished_record, capsys):
    """The pictures and log of one game (the page's data) with the record of another: replay would accept it."""
    other = share_page(finished_record.truncated(41))
    start, end = _block(genuine, "tameri-page")
    o_start, o_end = _block(other, "tameri-page")
    forged = genuine[:start] + other[o_start:o_end] + genuine[end:]
    assert main(["replay", str(_written(tmp_path, forged))]) == 0  # replay cannot tell
    capsys.readouterr()
    code, said = _check(tmp_path, forged, capsys)
    line = genuine.count("\n", 0, start) + 1
    assert code == 1 and "not the page its own record makes" in said and f"line {line}, column" in said


def _written(tmp_path, text: str):
    path = tmp_path / "forged.html"
    path.write_text(text, encoding="utf-8")
    return path


def test_check_refuses_a_record_cut_short(tmp_path, genuine, short_record, capsys):
    start, end = _block(genuine, "tameri-record")
    cut = genuine[:start] + "\n" + short_record.truncated(30).to_json(indent=1) + "\n" + genuine[end:]
    code, said = _check(tmp_path, cut, capsys)
    assert code == 1 and "not the page its own record makes" in said and "first difference at line" in said


def test_check_refuses_a_record_hidden_in_a_comment(tmp_path, genuine, short_record, capsys):
    hidden = (
        '<!-- <script type="application/json" id="tameri-record">'
        + short_record.truncated(10).to_json()
        + "</script> -->\n"
    )
    forged = genuine.replace("<footer>", hidden + "<footer>", 1)
    code, said = _check(tmp_path, forged, capsys)
    assert code == 1 and "its record cannot be read" in said and "2 <script id=" in said


def test_check_refuses_an_injected_script(tmp_path, genuine, capsys):
    forged = genuine.replace("</body>", '<script>document.title = "pwned"</script>\n</body>', 1)
    code, said = _check(tmp_path, forged, capsys)
    line = genuine[: genuine.index("</body>")].count("\n") + 1
    assert code == 1 and f"first difference at line {line}, column 2" in said and "document.title" in said


def test_check_names_another_version_and_a_foreign_file(tmp_path, genuine, capsys):
    from tameri_kit import __version__

    older = genuine.replace(f"tameri_kit {__version__} share page/3", "tameri_kit 0.0.1 share page/3", 1)
    code, said = _check(tmp_path, older, capsys)
    assert code == 1 and "made by tameri_kit 0.0.1 (page format 3)" in said
    first = genuine.replace(f"tameri_kit {__version__} share page/3", f"tameri_kit {__version__} share", 1)
    code, said = _check(tmp_path, first, capsys)  # a page made before the page format was stated: format 1
    assert code == 1 and f"made by tameri_kit {__version__} (page format 1)" in said
    code, said = _check(tmp_path, "<html><body>holiday photos</body></html>", capsys)
    assert code == 1 and "no tameri_kit version" in said
    assert main(["share", "--check", str(tmp_path / "missing.html")]) == 1
    assert "missing.html: no such file" in capsys.readouterr().err
