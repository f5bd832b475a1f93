"""The bots' reasons a record may carry (``GameRecord.reasons``, ``"reasons"`` in the JSON, issue 36): written by
``play --record``, read back the same, never needed to replay, absent from every record made before (which reads and
writes byte for byte as it did), and checked on load (a malformed reason is a RecordError naming ``reasons.N``).

Rulebook: no rule of its own (a record keeps every decision; a reason is the bot's words about one of them)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tameri_kit.__main__ import main
from tameri_kit.game import GameRecord, RecordError, Settings, replay
from tameri_kit.game.play.bots import play_game
from tameri_kit.game.play.engine import legal_actions
from tameri_kit.game.play.record import REASON_LIMIT, reason_text

GOLDEN = Path(__file__).resolve().parent / "golden"


@pytest.fixture(scope="module")
def played():
    """Two greedy bots, seed 5, with their reasons kept; the reasons ``play_game`` hands out on the side; and the
    same game played without keeping them."""
    said: list = []
    with_reasons, final = play_game(Settings.for_players(2), 5, ["greedy", "greedy"], reasons=said, keep_reasons=True)
    without, _ = play_game(Settings.for_players(2), 5, ["greedy", "greedy"])
    assert final.is_terminal
    return with_reasons, said, without


def test_the_record_keeps_each_bot_decisions_reason_and_reads_it_back(played):
    record, said, _ = played
    # every bot decision of this game, with the words the bot said (collected on the side, not from the record)
    assert dict(record.reasons) == {index: reason for index, _, reason in said}
    assert len(record.reasons) == sum(not entry.startswith("chance:") for entry in record.entries)
    data = json.loads(record.to_json())
    assert list(data) == ["format", "settings", "seed", "meta", "entries", "reasons"]
    assert all(not data["entries"][int(key)].startswith("chance:") for key in data["reasons"])
    again = GameRecord.from_json(record.to_json())
    assert again == record and again.to_json() == record.to_json()
    # the greedy bot's words name how many decisions it weighed: the engine's legal decisions at that entry
    states = replay(record, states=True)
    for index, reason in record.reasons[:60]:
        options = len(legal_actions(states[index]))
        assert reason == "the only legal decision" if options == 1 else reason.startswith(f"best of {options} (value ")


def test_reasons_never_change_the_game(played):
    record, _, without = played
    assert without.reasons == () and "reasons" not in json.loads(without.to_json())
    assert record.entries == without.entries and record.with_reasons(()) == without
    one, other = replay(record), replay(without)
    assert [event.text for event in one.events()] == [event.text for event in other.events()]
    assert one.outcome.table_text() == other.outcome.table_text()
    short = record.truncated(60)
    assert short.reasons == tuple(pair for pair in record.reasons if pair[0] < 60)
    assert record.truncated(-5).reasons == tuple(pair for pair in record.reasons if pair[0] < len(record) - 5)


@pytest.mark.parametrize(
    "name", ["record_before_issue24_4p_gifts_seed4.json", "record_before_issue24_4p_gifts_seed31.json"]
)
def test_a_record_saved_before_reasons_reads_and_writes_byte_for_byte(name):
    text = (GOLDEN / name).read_text(encoding="utf-8")
    record = GameRecord.from_json(text)
    assert record.reasons == () and record.reason_at(0) == ""
    assert record.to_json() + "\n" == text


def _with_reasons(record: GameRecord, reasons) -> str:
    data = json.loads(record.to_json())
    data["reasons"] = reasons
    return json.dumps(data)


def _first(record: GameRecord, chance: bool) -> int:
    return next(k for k, entry in enumerate(record.entries) if entry.startswith("chance:") == chance)


@pytest.mark.parametrize(
    ("make", "field", "words"),
    [
        (lambda r: {"x": "why"}, "reasons.x", "the index of its entry"),
        (lambda r: {"-1": "why"}, "reasons.-1", "the index of its entry"),
        (lambda r: {f"0{_first(r, False)}": "why"}, "reasons.0", "the index of its entry"),
        (lambda r: {"99999": "why"}, "reasons.99999", "there is no entry 99999"),
        (lambda r: {str(_first(r, True)): "why"}, "reasons.0", "is a chance outcome: only a decision has a reason"),
        (lambda r: {str(_first(r, False)): "  "}, "reasons.", "an empty reason"),
        (lambda r: {str(_first(r, False)): "x" * (REASON_LIMIT + 1)}, "reasons.", f"at most {REASON_LIMIT:,}"),
        (lambda r: {str(_first(r, False)): "one\nsecret line"}, "reasons.", "control character U+000A at character 4"),
        (lambda r: {str(_first(r, False)): 5}, "reasons.", "string"),
        (lambda r: ["why"], "reasons", "dictionary"),
    ],
)
def test_malformed_reasons_are_refused_naming_where(played, make, field, words):
    record = played[2].truncated(80)
    with pytest.raises(RecordError) as caught:
        GameRecord.from_json(_with_reasons(record, make(record)))
    error = caught.value
    assert error.index == -1 and error.text.startswith(field), error
    assert words in str(error) and "record header, field 'reasons" in str(error)


def test_reasons_given_in_python_are_checked_too(played):
    record = played[2].truncated(80)
    decision = _first(record, False)
    assert record.with_reasons({decision: "mine"}).reasons == ((decision, "mine"),)
    with pytest.raises(RecordError, match="has two reasons"):
        record.with_reasons([(decision, "a"), (decision, "b")])
    with pytest.raises(RecordError, match="is a chance outcome"):
        record.with_reasons({_first(record, True): "chance has no reason"})
    with pytest.raises(RecordError, match="pairs"):
        record.with_reasons([1, 2])


def test_a_bots_words_are_made_one_short_line_before_they_are_kept():
    assert reason_text("best of 3\n  (value +1.00)\t") == "best of 3 (value +1.00)"
    assert reason_text(None) == "" and reason_text("   ") == ""
    long = reason_text("why " * 1000)
    assert len(long) == REASON_LIMIT and long.endswith("\u2026")


def test_play_record_writes_the_reasons_and_prints_the_same_log(tmp_path, capsys):
    """``play --record`` keeps the reasons; the log printed is the same with them, without them (``--no-reasons``)
    and when the record is replayed."""
    kept, bare = tmp_path / "kept.json", tmp_path / "bare.json"
    argv = ["play", "--players", "2", "--seed", "4", "--bots", "random,greedy"]
    assert main([*argv, "--record", str(kept)]) == 0
    log = capsys.readouterr().out
    assert main([*argv, "--record", str(bare), "--no-reasons"]) == 0
    assert capsys.readouterr().out == log
    assert main(argv) == 0
    assert capsys.readouterr().out == log
    assert main(["replay", str(kept)]) == 0
    assert capsys.readouterr().out == log
    with_reasons, without = json.loads(kept.read_text()), json.loads(bare.read_text())
    assert "reasons" not in without and without == {k: v for k, v in with_reasons.items() if k != "reasons"}
    entries = with_reasons["entries"]
    john = [k for k, entry in enumerate(entries) if entry.startswith("John: ")]
    george = [k for k, entry in enumerate(entries) if entry.startswith("George: ")]
    reasons = {int(k): v for k, v in with_reasons["reasons"].items()}
    assert sorted(reasons) == sorted(john + george)
    assert all(reasons[k].startswith("random pick among ") for k in john)  # the random bot's words
    assert all(reasons[k].startswith(("best of ", "the only legal")) for k in george)  # the greedy bot's


def test_replay_refuses_a_record_with_a_malformed_reason(tmp_path, capsys, played):
    bad = tmp_path / "bad.json"
    record = played[2]
    bad.write_text(_with_reasons(record, {str(_first(record, True)): "a chance has no reason"}), encoding="utf-8")
    assert main(["replay", str(bad)]) == 1
    out = capsys.readouterr()
    assert out.out == "" and out.err.startswith("error: ") and "reasons.0" in out.err and "Traceback" not in out.err
