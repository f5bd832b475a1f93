"""What a seat may read of one record entry (``game.play.story``): the scrubber, the table's review mode and the
shared page all read it there.  Expected words follow the rulebook: a card drawn goes into one hand (only its owner
sees which), a Weather sphere landing is seen by everyone, and another player's decision is only named."""

from tameri_kit.game import Decision, Settings, replay
from tameri_kit.game.play.bots import play_game
from tameri_kit.game.play.story import entry_seen_by, events_seen_by, is_public_chance


def test_an_entry_as_each_seat_reads_it():
    record, _ = play_game(Settings.for_players(2), 1, ["greedy", "greedy"])
    states = replay(record, states=True)
    entries = [Decision.parse(text) for text in record.entries]
    draw = next(k for k, d in enumerate(entries) if d.is_chance and d.move.startswith("draw "))
    land = next(k for k, d in enumerate(entries) if d.is_chance and "@" in d.move)
    decision = next(k for k, d in enumerate(entries) if d.player == "George")
    assert not is_public_chance(states[draw]) and is_public_chance(states[land])
    assert entry_seen_by(states[draw], entries[draw], "John") == "a chance outcome"
    assert entry_seen_by(states[draw], entries[draw], None) == str(entries[draw])
    assert entry_seen_by(states[land], entries[land], "John") == str(entries[land])
    assert entry_seen_by(states[decision], entries[decision], "John") == "George decides"
    assert entry_seen_by(states[decision], entries[decision], "George") == str(entries[decision])
    events = states[-1].events()
    assert events_seen_by(events, None) == list(events)
    assert all(e.seat in (None, 0) for e in events_seen_by(events, 0))
    assert len(events_seen_by(events, 0)) < len(events)
