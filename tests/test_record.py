"""Game records (``tricktaker.record``, ``docs/records.md``): hands, rounds and matches written, read back,
replayed and verified; every corruption refused with the deal, the step and the reason; ``tricktaker
replay`` in the terminal and as web pages."""

from __future__ import annotations

import copy
import io
import json
import pickle
import random
import re
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest

import tricktaker
from tricktaker import Card, cli, record, sheepshead, tractor
from tricktaker.cli.games.sheepshead import render_sheepshead_view
from tricktaker.errors import ArgumentError, ArgumentTypeError, InvalidStateError, TricktakerError
from tricktaker.record import RecordError

State = sheepshead.State | tractor.State


def play_randomly(state: State, rng: random.Random, steps: int | None = None) -> State:
    """``state`` after up to ``steps`` random legal actions (to the end when ``None``)."""
    taken = 0
    while not state.is_terminal and (steps is None or taken < steps):
        state.apply_action(rng.choice(state.legal_actions()))
        taken += 1
    return state


def sheepshead_hand(seed: int, *, finished: bool = True, rules: sheepshead.Rules | None = None) -> State:
    rng = random.Random(seed)
    state = sheepshead.State.new(seed, rules=rules, dealer=seed % 5)
    return play_randomly(state, rng, None if finished else rng.randrange(0, 40))


def tractor_round(seed: int, *, finished: bool = True) -> State:
    rng = random.Random(seed)
    state = tractor.State.new(seed)
    return play_randomly(state, rng, None if finished else rng.randrange(0, 200))


def round_trip(state: State, **kw: Any) -> record.Replay:
    text = record.dumps(record.to_record(state, **kw))
    return record.from_record(text)


def sheepshead_match(seed: int, rng: random.Random, hands: int = 3) -> Iterator[sheepshead.Match]:
    """A random match, yielded after every action and every ``next_hand``."""
    rules = sheepshead.Rules(hands_per_game=hands, all_pass="doubler")
    match = sheepshead.Match(seed, rules, dealer=seed % 5)
    yield match
    while not match.is_over:
        if match.state.is_terminal:
            match.next_hand()
        else:
            match.state.apply_action(rng.choice(match.state.legal_actions()))
        yield match


def finished_sheepshead_match(seed: int, hands: int = 3) -> sheepshead.Match:
    *_, match = sheepshead_match(seed, random.Random(seed), hands)
    assert match.is_over
    return match


def finished_tractor_match(seed: int) -> tractor.Match:
    rng = random.Random(seed)
    match = tractor.Match(seed)
    while not match.is_over:
        play_randomly(match.state, rng)
        match.next_round()
    return match


# ---- round trips ----


@pytest.mark.parametrize("finished", [True, False], ids=["finished", "unfinished"])
def test_200_random_sheepshead_hands_replay_to_the_state_they_were_recorded_from(finished: bool) -> None:
    rules = [
        sheepshead.Rules(),
        sheepshead.Rules(all_pass="doubler", jack_order="seed", no_legal_call="unknown"),
    ]
    for seed in range(100):
        state = sheepshead_hand(seed, finished=finished, rules=rules[seed % 2])
        replay = round_trip(state)
        deal = replay.deals[0]
        assert deal.final == state
        assert deal.state_at(len(deal.steps)) == state
        assert [s.action for s in deal.steps] == [state.action_to_string(a) for a in state.history()]
        assert (deal.results is None) == (not state.is_terminal)
        assert record.to_record(deal.final) == replay.record


@pytest.mark.parametrize("finished", [True, False], ids=["finished", "unfinished"])
def test_50_random_tractor_rounds_replay_to_the_state_they_were_recorded_from(finished: bool) -> None:
    for seed in range(25):
        state = tractor_round(seed, finished=finished)
        replay = round_trip(state)
        assert replay.deals[0].final == state
        assert record.to_record(replay.deals[0].final) == replay.record


def test_later_tractor_rounds_positions_and_resampled_rounds_replay() -> None:
    rng = random.Random(5)
    later = play_randomly(tractor.State.new(9, levels=(7, 4), declarers=1, starter=3), rng)
    position = tractor.State.from_cards(
        [["AS", "KS"], ["2C", "3C"], ["4C", "5C"], ["6C", "7C"]], ["8C"], tractor.Trump("2", "H"), 0, 0
    )
    play_randomly(position, rng, 3)
    midway = play_randomly(tractor.State.new(4), rng, 120)
    seat = midway.current_player
    assert seat is not None
    resampled = play_randomly(midway.resample(seat, 11), rng)
    for state in (later, position, resampled):
        assert round_trip(state).deals[0].final == state
    cards = round_trip(position).deals[0].cards
    assert cards["redeals"] == 0 and cards["kitty"] == ["8C"]
    assert [sorted(h) for h in cards["hands"]] == [["AS", "KS"], ["2C", "3C"], ["4C", "5C"], ["6C", "7C"]]


def test_sheepshead_hands_from_cards_replay() -> None:
    hands = [
        ["QC", "QS", "QH", "QD", "JC", "JS"],
        ["JH", "JD", "AD", "10D", "KD", "9D"],
        ["8D", "7D", "AC", "10C", "KC", "9C"],
        ["8C", "7C", "AS", "10S", "KS", "9S"],
        ["8S", "7S", "AH", "10H", "KH", "9H"],
    ]
    state = play_randomly(sheepshead.State.from_cards(hands, ["8H", "7H"], dealer=2), random.Random(1))
    replay = round_trip(state)
    assert replay.deals[0].final == state
    assert replay.deals[0].cards == {"hands": hands, "blind": ["8H", "7H"]}


def test_sheepshead_matches_replay_at_every_action_and_every_next_hand() -> None:
    for seed in range(3):
        for match in sheepshead_match(seed, random.Random(seed)):
            data = match.to_record(seats=["A", "B", "C", "D", "E"])
            assert sheepshead.Match.from_record(record.dumps(data)) == match


def test_tractor_matches_replay_after_every_round() -> None:
    rng = random.Random(3)
    for seed in range(2):
        match = tractor.Match(seed)
        while not match.is_over:
            play_randomly(match.state, rng, 40)
            assert tractor.Match.from_record(match.to_record()) == match
            play_randomly(match.state, rng)
            assert tractor.Match.from_record(match.to_record()) == match
            match.next_round()
            assert tractor.Match.from_record(record.dumps(match.to_record())) == match


def test_a_match_record_holds_every_deal_its_totals_and_how_to_start_it_again() -> None:
    match = finished_sheepshead_match(4, hands=4)
    data = record.to_record(match)
    assert data["kind"] == "match"
    assert data["match"] == {"seed": 4, "dealer": 4}
    assert len(data["deals"]) == len(match.record)
    assert data["totals"] == {
        "deals_scored": len(match.record),
        "hands_played": 4,
        "scores": match.scores,
        "pending_doublers": match.pending_doublers,
        "over": True,
        "winners": match.winners(),
    }
    for entry, past in zip(data["deals"], match.record, strict=True):
        assert [a["action"] for a in entry["actions"]] == list(past.history)
        assert tuple(entry["result"]["returns"]) == past.returns
    replay = record.from_record(data)
    assert replay.kind == "match" and replay.match == match
    tmatch = finished_tractor_match(2)
    tdata = record.to_record(tmatch)
    assert tdata["match"] == {"seed": 2}
    assert tdata["totals"]["winner"] == tmatch.winner and tdata["totals"]["over"]
    assert [d["result"]["points"] for d in tdata["deals"]] == [r.points for r in tmatch.record]


def test_an_edited_match_cannot_be_recorded() -> None:
    match = finished_sheepshead_match(1)
    match.scores[0] += 1
    with pytest.raises(RecordError, match="edited"):
        record.to_record(match)


# ---- the format ----


def test_a_hand_record_has_the_documented_fields() -> None:
    state = sheepshead_hand(7)
    data = state_record = record.to_record(state, seats=["Ann", "Bo", "Cy", "Di", "Ed"], event="club night")
    assert list(data) == ["tricktaker_record", "game", "kind", "library", "event", "rules", "seats", "deals"]
    assert data["tricktaker_record"] == record.FORMAT == 1
    assert (data["game"], data["kind"], data["library"]) == ("sheepshead", "hand", tricktaker.__version__)
    assert data["rules"] == state.rules.to_dict()
    (deal,) = data["deals"]
    assert list(deal) == ["number", "start", "deal", "actions", "result"]
    save = json.loads(state.to_json())
    assert deal["start"] == {k: v for k, v in save.items() if k not in ("game", "format", "rules", "history")}
    assert deal["deal"] == {
        "hands": [[str(c) for c in h] for h in state.dealt_hands()],
        "blind": save["blind"],
    }
    assert [a["action"] for a in deal["actions"]] == save["history"]
    assert all(set(a) == {"seat", "action"} for a in deal["actions"])
    result = deal["result"]
    assert result["returns"] == state.returns() and result["picker"] == state.picker
    assert set(result) == {
        "returns",
        "multiplier",
        "picker",
        "called_card",
        "partner",
        "alone",
        "under",
        "bury",
        "leaster",
        "doubler",
        "picking_side_points",
        "picking_side_tricks",
        "points",
        "tricks_won",
    }
    assert "event" not in record.to_record(state) and state_record["seats"][0] == "Ann"
    assert record.to_record(state)["seats"] == [f"seat {i}" for i in range(5)]


def test_a_round_record_shows_the_hands_after_the_draw_and_the_kitty() -> None:
    state = tractor_round(3)
    data = record.to_record(state)
    assert data["kind"] == "round"
    deal = data["deals"][0]
    starter = state.starter
    assert starter is not None
    sizes = [len(h) for h in deal["deal"]["hands"]]
    assert sizes == [33 if seat == starter else 25 for seat in range(4)]
    assert deal["deal"]["kitty"] == [str(c) for c in state.kitty] and len(deal["deal"]["kitty"]) == 8
    every = sorted(c for h in deal["deal"]["hands"] for c in h)
    assert every == sorted(str(c) for c in Card.all() for _ in range(2))
    result = deal["result"]
    assert result["points"] == state.points and result["declarers"] == state.declarers
    outcome = tractor.level_outcome(state.points)
    assert result["outcome"] == {"declarers_hold": outcome.declarers_hold, "levels": outcome.levels}
    early = record.to_record(tractor.State.new(3))["deals"][0]
    assert early["deal"]["hands"] is None and early["result"] is None


def test_steps_name_the_seat_to_act_and_state_at_replays_that_many_actions() -> None:
    state = tractor_round(8)
    deal = round_trip(state).deals[0]
    replay = tractor.State.from_json(json.dumps({**json.loads(state.to_json()), "history": []}))
    for step in deal.steps[:60]:
        assert step.seat == replay.current_player
        assert deal.state_at(step.number - 1) == replay
        replay.apply(step.action)
        assert step.id == replay.history()[-1]
    assert deal.state_at(0) == deal.start and deal.state_at(0) is not deal.start
    assert list(deal.states())[5] == deal.state_at(5)
    with pytest.raises(ArgumentError):
        deal.state_at(len(deal.steps) + 1)
    with pytest.raises(ArgumentTypeError):
        deal.state_at(True)


def test_save_and_load_write_stable_readable_utf8(tmp_path: Path) -> None:
    state = sheepshead_hand(2)
    names = ["Åsa", "Björn", "Çelik", "Dörte", "李"]
    data = record.to_record(state, seats=names)
    path = tmp_path / "hand.json"
    record.save(data, path)
    text = path.read_text(encoding="utf-8")
    assert "李" in text and text.endswith("\n") and json.loads(text) == data
    assert '{"seat": 1, "action": "' in text  # one action a line
    assert max(len(line) for line in text.splitlines()) <= 110
    replay = record.load(path)
    assert replay.seats == names and replay.deals[0].final == state
    record.save(record.to_record(replay.deals[0].final, seats=replay.seats), tmp_path / "again.json")
    assert (tmp_path / "again.json").read_text(encoding="utf-8") == text


@pytest.mark.parametrize("path", [1, 2, 0, -1, True, False, 1.5, None, b"hand.json", ["hand.json"]])
def test_save_and_load_take_a_path_never_a_file_descriptor(path: object, hand_record: Any) -> None:
    with pytest.raises(ArgumentTypeError, match=r"^path must be a str or an os\.PathLike path, not "):
        record.save(hand_record, path)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match=r"^path must be a str or an os\.PathLike path, not "):
        record.load(path)  # type: ignore[arg-type]


def test_load_wraps_what_the_file_system_refuses_in_a_record_error(
    tmp_path: Path, hand_record: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    missing = tmp_path / "none.json"
    with pytest.raises(
        RecordError, match=rf"^cannot read {re.escape(repr(str(missing)))}: No such file"
    ) as e:
        record.load(missing)
    assert isinstance(e.value.__cause__, FileNotFoundError)
    with pytest.raises(RecordError, match=r"^cannot read .*: Is a directory$"):
        record.load(tmp_path)
    record.save(hand_record, tmp_path / "hand.json")
    with pytest.raises(RecordError, match=r"^cannot read .*: Not a directory$"):
        record.load(str(tmp_path / "hand.json" / "x.json"))  # a path under a file
    with pytest.raises(ArgumentError, match="NUL"):
        record.load(str(tmp_path / "a\0.json"))
    with pytest.raises(ArgumentError, match="lone surrogate"):
        record.load("\ud800.json")

    def refuse(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied", str(tmp_path / "locked.json"))

    monkeypatch.setattr("tricktaker.record.open", refuse, raising=False)  # unreadable, even for root
    with pytest.raises(RecordError, match=r"^cannot read .*locked\.json': Permission denied$"):
        record.load(tmp_path / "locked.json")


def test_save_raises_the_oserror_naming_the_path(tmp_path: Path, hand_record: Any) -> None:
    missing = tmp_path / "no-folder" / "hand.json"
    with pytest.raises(FileNotFoundError, match=re.escape(repr(str(missing)))):
        record.save(hand_record, missing)
    with pytest.raises(IsADirectoryError, match=re.escape(repr(str(tmp_path)))):
        record.save(hand_record, tmp_path)
    with pytest.raises(ArgumentError, match="NUL"):
        record.save(hand_record, str(tmp_path / "a\0.json"))
    if Path("/dev/full").exists():  # writing fails, not opening: the path is still named
        with pytest.raises(OSError, match=r"No space left on device: '/dev/full'"):
            record.save(hand_record, "/dev/full")
    record.save(hand_record, str(tmp_path / "ok.json"))
    assert (
        record.load(str(tmp_path / "ok.json")).deals[0].final
        == record.from_record(hand_record).deals[0].final
    )


def test_to_record_refuses_what_is_no_game_and_bad_seats() -> None:
    state = sheepshead_hand(1)
    with pytest.raises(ArgumentTypeError):
        record.to_record("a hand")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="5 seats"):
        record.to_record(state, seats=["a", "b"])
    with pytest.raises(ArgumentTypeError):
        record.to_record(state, seats="abcde")
    with pytest.raises(ArgumentTypeError):
        record.to_record(state, seats=[1, 2, 3, 4, 5])  # type: ignore[list-item]
    with pytest.raises(ArgumentError):
        record.to_record(state, event="x" * 1000)
    with pytest.raises(ArgumentError, match=r"^seats\[2\], a seat's name, must be Unicode text"):
        record.to_record(state, seats=["a", "b", "\udc80", "d", "e"])


@pytest.mark.parametrize(
    "bad",
    [
        "\x1b[2J\x1b[31mEVIL\nfake line",  # clears the terminal, then prints a line of its own
        "a\nb",
        "a\rb",
        "tab\t",
        "\x00",
        "\x7f",
        "\x85",  # C1 next line
        "\u202eevil",  # right-to-left override
        "\u2066isolate\u2069",
        "zero\u200bwidth",
        "\ufeffbom",
        "line\u2028separator",
    ],
)
def test_seat_names_and_the_event_are_printable_text_on_one_line(bad: str) -> None:
    state = sheepshead_hand(1)
    shown = re.escape(ascii(next(c for c in bad if not c.isprintable() or c == "\u2028"))[1:-1])
    with pytest.raises(ArgumentError, match=rf"^seats\[3\], a seat's name, .* control character {shown}$"):
        record.to_record(state, seats=["a", "b", "c", bad, "e"])
    with pytest.raises(ArgumentError, match=rf"^event must be printable text .* control character {shown}$"):
        record.to_record(state, event=bad)
    data = record.to_record(state)
    data["seats"][3] = bad
    with pytest.raises(RecordError, match=rf"^seats\[3\]: .* control character {shown}$") as raised:
        record.from_record(data)
    assert raised.value.part == "seats[3]"
    data = record.to_record(state, event="fine")
    data["event"] = bad
    with pytest.raises(RecordError, match=r"^event: ") as raised:
        record.from_record(json.dumps(data))
    assert raised.value.part == "event"


def test_names_may_be_any_printable_text() -> None:
    names = ["Åsa Öberg", "李 小龙", "Дмитрий", "שָׁלוֹם", "O'Brien & <Co> 🂡"]
    replay = round_trip(sheepshead_hand(2), seats=names, event="Thursday · table 2 — «final»")
    assert replay.seats == names and replay.event == "Thursday · table 2 — «final»"


def test_record_error_is_an_invalid_state_value_error_and_pickles() -> None:
    error = RecordError("illegal", deal=2, step=14, seat=3, action="play KD")
    assert isinstance(error, InvalidStateError) and isinstance(error, ValueError)
    assert isinstance(error, TricktakerError)
    assert str(error) == "deal 2, step 14 (seat 3: play KD): illegal"
    again = pickle.loads(pickle.dumps(error))
    assert (str(again), again.deal, again.step, again.seat, again.action) == (str(error), 2, 14, 3, "play KD")
    assert str(RecordError("bad", part="rules")) == "rules: bad"


# ---- what is refused ----


def refused(data: Any, pattern: str) -> RecordError:
    """``from_record(data)`` raises a RecordError whose message matches ``pattern``."""
    with pytest.raises(RecordError) as info:
        record.from_record(data)
    assert re.search(pattern, str(info.value)), str(info.value)
    return info.value


@pytest.fixture(scope="module")
def hand_record() -> dict[str, Any]:
    return record.to_record(sheepshead_hand(7))


@pytest.fixture(scope="module")
def round_record() -> dict[str, Any]:
    return record.to_record(tractor_round(3))


@pytest.fixture(scope="module")
def match_record() -> dict[str, Any]:
    return record.to_record(finished_sheepshead_match(5, hands=4))


def edited(data: dict[str, Any], change: Callable[[dict[str, Any]], object]) -> dict[str, Any]:
    copied = copy.deepcopy(data)
    change(copied)
    return copied


def test_an_illegal_action_is_refused_with_its_deal_step_seat_and_reason(hand_record: dict[str, Any]) -> None:
    actions = hand_record["deals"][0]["actions"]
    k = next(i for i, a in enumerate(actions) if a["action"].startswith("play"))
    other = next(a["action"] for a in actions[k:] if a["seat"] != actions[k]["seat"])  # not in this hand
    data = edited(hand_record, lambda d: d["deals"][0]["actions"][k].update(action=other))
    error = refused(data, rf"^deal 1, step {k + 1} \(seat {actions[k]['seat']}: {other}\): illegal action")
    assert (error.deal, error.step, error.action) == (1, k + 1, other)


def test_an_action_by_the_wrong_seat_is_refused(hand_record: dict[str, Any]) -> None:
    first = hand_record["deals"][0]["actions"][0]["seat"]
    wrong = (first + 1) % 5
    data = edited(hand_record, lambda d: d["deals"][0]["actions"][0].update(seat=wrong))
    refused(data, rf"^deal 1, step 1 \(seat {wrong}: \w+\): seat {first} is to act, not seat {wrong}")


def test_actions_are_written_as_the_engine_writes_them(hand_record: dict[str, Any]) -> None:
    first = hand_record["deals"][0]["actions"][0]["action"]
    refused(
        edited(hand_record, lambda d: d["deals"][0]["actions"][0].update(action=first.upper())),
        rf'step 1 .*the action is written "{first}"',
    )
    refused(
        edited(hand_record, lambda d: d["deals"][0]["actions"][0].update(action="dance")),
        r"step 1 \(seat \d: dance\): not a Sheepshead action",
    )


def test_a_truncated_hand_is_refused_by_its_result(hand_record: dict[str, Any]) -> None:
    data = edited(hand_record, lambda d: d["deals"][0]["actions"].pop())
    refused(data, r"^deal 1, result: the deal is not finished after its \d+ actions")
    assert (
        record.from_record(edited(data, lambda d: d["deals"][0].update(result=None))).deals[0].results is None
    )


def test_an_action_after_the_end_is_refused(hand_record: dict[str, Any]) -> None:
    data = edited(hand_record, lambda d: d["deals"][0]["actions"].append({"seat": 0, "action": "pick"}))
    n = len(data["deals"][0]["actions"])
    refused(data, rf"^deal 1, step {n} \(seat 0: pick\): the deal is over")


def test_an_edited_result_is_refused_naming_the_field(hand_record: dict[str, Any], round_record: Any) -> None:
    def change_returns(d: dict[str, Any]) -> None:
        d["deals"][0]["result"]["returns"][0] += 1

    refused(
        edited(hand_record, change_returns), r"^deal 1: result\.returns is \[.*in the record, but the replay"
    )
    refused(
        edited(round_record, lambda d: d["deals"][0]["result"].update(points=5)),
        r"result\.points is 5 in the record",
    )
    refused(
        edited(round_record, lambda d: d["deals"][0]["result"]["outcome"].update(declarers_hold=1)),
        r"result\.outcome\.declarers_hold is 1",
    )
    refused(edited(hand_record, lambda d: d["deals"][0].update(result=None)), r"the deal is finished")


def test_edited_cards_are_refused(hand_record: dict[str, Any], round_record: dict[str, Any]) -> None:
    def swap_deal(d: dict[str, Any]) -> None:
        hands = d["deals"][0]["deal"]["hands"]
        hands[0][0], hands[1][0] = hands[1][0], hands[0][0]

    refused(edited(hand_record, swap_deal), r"^deal 1: deal\.hands\[0\] is \[.*but the deal gives")

    def swap_start(d: dict[str, Any]) -> None:
        hands = d["deals"][0]["start"]["hands"]
        hands[0][0], hands[1][0] = hands[1][0], hands[0][0]

    refused(edited(hand_record, swap_start), r"^deal 1(, step \d+ \(.*\))?: ")
    refused(
        edited(hand_record, lambda d: d["deals"][0]["start"]["hands"][0].__setitem__(0, "QS")),
        r"^deal 1, start: ",
    )
    refused(
        edited(round_record, lambda d: d["deals"][0]["deal"]["kitty"].__setitem__(0, "RJ")),
        r"deal\.kitty is \[.*in the record",
    )
    refused(
        edited(round_record, lambda d: d["deals"][0]["deal"]["hands"][1].__setitem__(0, "11H")),
        r"deal\.hands\[1\]: not a card",
    )
    # The cards of the deal may be listed in any order.
    record.from_record(edited(hand_record, lambda d: d["deals"][0]["deal"]["hands"][0].reverse()))


def test_a_changed_generator_is_refused(round_record: dict[str, Any]) -> None:
    def change(d: dict[str, Any]) -> None:
        d["deals"][0]["start"]["start"]["deal"]["rng"][0] += 1

    refused(edited(round_record, change), r"^deal 1")


def test_a_newer_format_is_refused_saying_so(hand_record: dict[str, Any]) -> None:
    newer = edited(hand_record, lambda d: d.update(tricktaker_record=2, surprise=True))
    refused(newer, r"format 2, newer than .* \(1 to 1\): read it with a newer tricktaker")
    refused(edited(hand_record, lambda d: d.update(tricktaker_record=0)), r"format version")
    refused(edited(hand_record, lambda d: d.update(tricktaker_record="1")), r"format version")
    refused(edited(hand_record, lambda d: d.pop("tricktaker_record")), r"not a tricktaker record")


@pytest.mark.parametrize(
    ("change", "pattern"),
    [
        (lambda d: d.update(game="chess"), r'^game: "chess" is no game'),
        (lambda d: d.update(game=5), r"^game: must be a string"),
        (lambda d: d.update(kind="round"), r'^kind: a sheepshead record is a "hand" or a "match"'),
        (lambda d: d["rules"].update(jack_order="backwards"), r"^rules: "),
        (lambda d: d["rules"].update(colour="red"), r"^rules: "),
        (lambda d: d["rules"].update(hands_per_game=2**80), r"^rules: "),
        (lambda d: d.update(rules=[]), r"^rules: must be an object, not a list"),
        (lambda d: d.update(seats=["a"]), r"^seats: sheepshead under these rules has 5 seats, not 1"),
        (lambda d: d["seats"].__setitem__(2, None), r"^seats\[2\]: must be a string, not null"),
        (lambda d: d["seats"].__setitem__(2, ""), r"^seats\[2\]: a seat's name is empty"),
        (lambda d: d["seats"].__setitem__(2, "\ud800"), r"^seats\[2\]: is not Unicode text"),
        (
            lambda d: d["seats"].__setitem__(2, "\x1b[2J\x1b[31mEVIL\nfake line"),
            r"^seats\[2\]: must be printable text on one line, not hold the control character \\x1b$",
        ),
        (lambda d: d["seats"].__setitem__(0, "Ann\n"), r"^seats\[0\]: .* control character \\n$"),
        (lambda d: d["seats"].__setitem__(4, "\u202eEd"), r"^seats\[4\]: .* control character \\u202e$"),
        (lambda d: d.update(event="club\tnight"), r"^event: .* control character \\t$"),
        (lambda d: d.update(event="a\u2028b"), r"^event: .* control character \\u2028$"),
        (lambda d: d.update(library="1.0\x1b[2J"), r"^library: .* control character \\x1b$"),
        (lambda d: d.update(event=3), r"^event: must be a string"),
        (lambda d: d.pop("deals"), r'^missing field "deals"'),
        (lambda d: d.update(colour="red"), r'^unknown field "colour"'),
        (lambda d: d.update(totals={}), r'^unknown field "totals" \(only a match record'),
        (lambda d: d.update(deals=[]), r"^deals: a record has at least one deal"),
        (lambda d: d["deals"].append(d["deals"][0]), r'^deals: a "hand" record has one deal'),
        (lambda d: d["deals"][0].update(number=2), r"^deal 1, number: deals are numbered in order"),
        (lambda d: d["deals"][0].update(number=True), r"^deal 1, number: must be a whole number"),
        (lambda d: d["deals"][0].pop("start"), r'^deal 1: missing field "start"'),
        (lambda d: d["deals"][0]["start"].update(history=[]), r'^deal 1, start: unknown field "history"'),
        (lambda d: d["deals"][0]["start"].update(extra=1), r'^deal 1, start: unknown field "extra"'),
        (lambda d: d["deals"][0]["start"].update(dealer=9), r"^deal 1, start: "),
        (lambda d: d["deals"][0]["start"].pop("rng"), r"^deal 1, start: "),
        (lambda d: d["deals"][0].update(actions={}), r"^deal 1, actions: must be a list"),
        (lambda d: d["deals"][0]["actions"].__setitem__(3, "pick"), r"^deal 1, step 4: must be an object"),
        (
            lambda d: d["deals"][0]["actions"][3].pop("seat"),
            r'^deal 1, step 4 \(no seat: .*missing field "seat"',
        ),
        (lambda d: d["deals"][0]["actions"][3].update(seat=1.0), r"^deal 1, step 4 .*seat: must be a whole"),
        (
            lambda d: d["deals"][0]["actions"][3].update(seat=7),
            r"^deal 1, step 4 .*seat: must be from 0 to 4",
        ),
        (
            lambda d: d["deals"][0]["actions"][3].update(action=None),
            r"^deal 1, step 4, action: must be a str",
        ),
        (lambda d: d["deals"][0]["actions"][3].update(why="x"), r'^deal 1, step 4 .*unknown field "why"'),
        (lambda d: d["deals"][0].update(deal=None), r"^deal 1, deal: must be an object"),
        (lambda d: d["deals"][0]["deal"].pop("blind"), r'^deal 1, deal: missing field "blind"'),
        (lambda d: d["deals"][0]["result"].pop("bury"), r'^deal 1: result: missing field "bury"'),
        (lambda d: d["deals"][0]["result"].update(mood="glad"), r'^deal 1: result: unknown field "mood"'),
    ],
)
def test_a_malformed_hand_record_is_refused_naming_the_field(
    hand_record: dict[str, Any], change: Callable[[dict[str, Any]], object], pattern: str
) -> None:
    refused(edited(hand_record, change), pattern)


@pytest.mark.parametrize(
    ("text", "pattern"),
    [
        ("", r"not JSON: Expecting value \(line 1, column 1\)"),
        ('{"tricktaker_record": 1,', r"not JSON"),
        ("[1, 2]", r"a record is a JSON object, not a list"),
        ("null", r"a record is a JSON object, not null"),
        ('{"tricktaker_record": NaN}', r"not JSON data"),
        ('{"tricktaker_record": ' + "9" * 5000 + "}", r"not JSON data"),
        ("[" * 100_000 + "]" * 100_000, r"nested too deeply|not JSON"),
        (b"\xff\xfe{}", r"not UTF-8"),
    ],
)
def test_malformed_json_is_refused(text: str | bytes, pattern: str) -> None:
    refused(text, pattern)


def test_what_is_no_record_is_refused() -> None:
    refused(42, r"JSON text, bytes or a mapping, not int")
    refused({"tricktaker_record": 1, "card": Card("QC")}, r"not JSON data")
    cyclic: dict[str, Any] = {}
    cyclic["self"] = cyclic
    refused(cyclic, r"not JSON data")


def test_huge_records_are_refused_before_any_work(hand_record: dict[str, Any]) -> None:
    refused(b" " * (record.MAX_RECORD_BYTES + 1), r"over 64 MiB")
    refused(" " * (record.MAX_RECORD_BYTES + 1), r"over 64 MiB")
    many = edited(hand_record, lambda d: d.update(kind="match", match={}, totals={}))
    many["deals"] = [{}] * (record.MAX_DEALS + 1)
    refused(many, r"^deals: a record has at most 100,000 deals, not 100,001")
    actions = edited(hand_record, lambda d: d["deals"][0].update(actions=[{}] * (record.MAX_ACTIONS + 1)))
    refused(actions, r"^deal 1, actions: a deal lists at most 100,000 actions")


def test_a_match_whose_deals_do_not_follow_each_other_is_refused(match_record: dict[str, Any]) -> None:
    def swap(d: dict[str, Any]) -> None:
        deals = d["deals"]
        deals[1], deals[2] = deals[2], deals[1]
        deals[1]["number"], deals[2]["number"] = 2, 3

    refused(edited(match_record, swap), r"^deal 2, start: this is not the deal that follows deal 1")

    def drop(d: dict[str, Any]) -> None:
        del d["deals"][1]
        for i, deal in enumerate(d["deals"], 1):
            deal["number"] = i
        d["totals"]["deals_scored"] = len(d["deals"])

    refused(edited(match_record, drop), r"^deal 2, start: this is not the deal that follows deal 1")
    refused(
        edited(match_record, lambda d: d["match"].update(seed=d["match"]["seed"] + 1)),
        r"^deal 1, start: this is not the match's first deal",
    )
    refused(edited(match_record, lambda d: d["match"].update(seed=-1)), r"^match\.seed: must be from 0")
    refused(
        edited(match_record, lambda d: d["match"].update(dealer=5)), r"^match\.dealer: must be from 0 to 4"
    )
    refused(edited(match_record, lambda d: d.pop("totals")), r'^missing field "totals"')


def test_a_match_record_must_add_up(match_record: dict[str, Any]) -> None:
    refused(
        edited(match_record, lambda d: d["totals"]["scores"].__setitem__(0, 99)),
        r"^totals\.scores is \[99, .*in the record, but the replay gives",
    )
    refused(
        edited(match_record, lambda d: d["totals"].update(deals_scored=1)),
        r"^totals\.deals_scored: 1 deals scored, but every deal before the last is scored",
    )
    # The last deal not scored: the match is not over, and the totals say otherwise.
    refused(
        edited(match_record, lambda d: d["totals"].update(deals_scored=len(d["deals"]) - 1)),
        r"^totals\.hands_played is 4 in the record, but the replay gives 3",
    )

    def cut(d: dict[str, Any]) -> None:
        d["deals"][-1]["actions"] = d["deals"][-1]["actions"][:5]
        d["deals"][-1]["result"] = None

    refused(
        edited(match_record, cut), r"^deal \d+, totals\.deals_scored: the last deal is counted as scored, but"
    )

    def more(d: dict[str, Any]) -> None:
        d["deals"].append({**d["deals"][-1], "number": len(d["deals"]) + 1})

    refused(edited(match_record, more), r"^deal 5: the match is over after deal 4: no deal follows it")

    def unfinished(d: dict[str, Any]) -> None:
        d["deals"][0]["actions"] = d["deals"][0]["actions"][:3]
        d["deals"][0]["result"] = None

    refused(edited(match_record, unfinished), r"^deal 2: deal 1 is not finished, yet another deal follows it")


def test_records_of_the_wrong_kind_or_game_are_refused_by_match_from_record(hand_record: Any) -> None:
    with pytest.raises(RecordError, match='a "hand" record holds no match'):
        sheepshead.Match.from_record(hand_record)
    with pytest.raises(RecordError, match="a sheepshead record, not a tractor one"):
        tractor.Match.from_record(record.to_record(finished_sheepshead_match(2)))
    with pytest.raises(RecordError, match="a tractor record, not a sheepshead one"):
        record.final_state(record.to_record(tractor_round(1)), game="sheepshead")


def mutations(value: Any, rng: random.Random) -> Iterable[Any]:
    """Values a corrupted record might hold instead of ``value``."""
    yield from [None, True, 0, -1, 2**64, 2**70, 1.5, "", "x" * 300, "play QC", [], {}, [value], {"a": value}]
    if isinstance(value, int) and not isinstance(value, bool):
        yield from [value + 1, value - 1]
    if isinstance(value, list) and value:
        yield value[:-1]
        yield [*value, value[-1]]
        yield list(reversed(value))


def paths(data: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield prefix
    if isinstance(data, dict):
        for key, item in data.items():
            yield from paths(item, (*prefix, key))
    elif isinstance(data, list):
        for i, item in enumerate(data):
            yield from paths(item, (*prefix, i))


def test_random_corruptions_give_a_record_error_or_replay_never_anything_else(
    hand_record: dict[str, Any], round_record: dict[str, Any], match_record: dict[str, Any]
) -> None:
    rng = random.Random(2026)
    tried = 0
    for data in (hand_record, round_record, match_record):
        every = list(paths(data))[1:]
        for path in rng.sample(every, min(len(every), 70)):
            parent = data
            for key in path[:-1]:
                parent = parent[key]
            for value in rng.sample(list(mutations(parent[path[-1]], rng)), 3):
                corrupted = copy.deepcopy(data)
                target = corrupted
                for key in path[:-1]:
                    target = target[key]
                target[path[-1]] = value
                try:
                    record.from_record(corrupted)
                except RecordError:
                    pass
                tried += 1
            if isinstance(parent, dict) and path[0] != "rules":  # a rule option left out takes its default
                corrupted = copy.deepcopy(data)
                target = corrupted
                for key in path[:-1]:
                    target = target[key]
                del target[path[-1]]
                with pytest.raises(RecordError):
                    record.from_record(corrupted)
    assert tried > 600


# ---- the hooks of the native State classes ----


def test_state_to_record_and_from_record_delegate_to_the_record_module() -> None:
    for state in (sheepshead_hand(3), sheepshead_hand(4, finished=False), tractor_round(2)):
        data = state.to_record(seats=[f"p{i}" for i in range(state.num_players)], event="e")  # type: ignore[union-attr]
        assert data == record.to_record(state, seats=[f"p{i}" for i in range(state.num_players)], event="e")
        assert type(state).from_record(json.dumps(data)) == state  # type: ignore[union-attr]
        assert type(state).from_record(data) == state  # type: ignore[union-attr]


def test_state_from_record_refuses_another_games_record_and_returns_a_matchs_last_deal() -> None:
    with pytest.raises(RecordError):
        sheepshead.State.from_record(record.to_record(tractor_round(1)))  # type: ignore[attr-defined]
    with pytest.raises(RecordError, match="step 1"):
        data = record.to_record(sheepshead_hand(1))
        data["deals"][0]["actions"][0]["seat"] = 3
        sheepshead.State.from_record(data)  # type: ignore[attr-defined]
    match = finished_sheepshead_match(3)
    assert sheepshead.State.from_record(match.to_record()) == match.state  # type: ignore[attr-defined]


# ---- tricktaker replay ----


def scripted(answers: Iterable[str]) -> Callable[[str], str]:
    it = iter(answers)

    def input_fn(prompt: str) -> str:
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    return input_fn


def run_cli(args: list[str], answers: Iterable[str] | None = None) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = cli.main(args, input_fn=None if answers is None else scripted(answers), out=out, err=err)
    return status, out.getvalue(), err.getvalue()


@pytest.fixture
def hand_file(tmp_path: Path) -> tuple[Path, State]:
    state = sheepshead_hand(7)
    path = tmp_path / "hand.json"
    record.save(record.to_record(state, seats=["Ann", "Bo", "Cy", "Di", "Ed"]), path)
    return path, state


HEADER = re.compile(r"^── sheepshead · step (\d+) of (\d+) · (.*) ──$", re.M)


def test_replay_without_a_terminal_prints_every_step(
    hand_file: tuple[Path, State], monkeypatch: pytest.MonkeyPatch
) -> None:
    path, state = hand_file
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    status, out, _ = run_cli(["replay", str(path)])
    assert status == 0
    headers = HEADER.findall(out)
    n = len(state.history())
    assert [int(k) for k, _, _ in headers] == list(range(n + 1))
    assert headers[1][2] == f"Di (seat 3): {state.action_to_string(state.history()[0])}"
    assert str(state) in out and "Returns: Ann " in out
    assert run_cli(["replay", str(path), "--no-prompt"], answers=["q"])[1] == out


def test_replay_steps_back_and_forth_and_jumps_at_the_prompt(hand_file: tuple[Path, State]) -> None:
    path, _ = hand_file
    status, out, _ = run_cli(["replay", str(path)], answers=["", "", "b", "12", "nonsense", "99", "q", ""])
    assert status == 0
    assert [int(k) for k, _, _ in HEADER.findall(out)] == [0, 1, 2, 1, 12]
    assert "Not understood" in out and "Deal 1 has steps 0 to" in out
    deal = record.load(path).deals[0]
    assert str(deal.state_at(12)) in out


def test_replay_step_shows_one_step_from_a_seats_view(hand_file: tuple[Path, State]) -> None:
    path, _ = hand_file
    status, out, _ = run_cli(["replay", str(path), "--step", "3", "--seat", "2"])
    assert status == 0
    assert [int(k) for k, _, _ in HEADER.findall(out)] == [3]
    assert render_sheepshead_view(record.load(path).deals[0].state_at(3), 2) in out
    status, out, err = run_cli(["replay", str(path), "--step", "999"])
    assert status == 2 and "--step must be from 0 to" in err
    status, out, err = run_cli(["replay", str(path), "--seat", "6"])
    assert status == 2 and "--seat must be from 0 to 4 for sheepshead" in err


def test_replay_of_a_match_goes_from_deal_to_deal(tmp_path: Path) -> None:
    match = finished_sheepshead_match(6, hands=2)
    path = tmp_path / "match.json"
    record.save(match.to_record(), path)
    n1 = len(match.record[0].history)
    status, out, _ = run_cli(["replay", str(path)], answers=[str(n1), "", "b", "q"])
    assert status == 0
    assert re.findall(r"deal (\d) of 2 · step (\d+)", out) == [
        ("1", "0"),
        ("1", str(n1)),
        ("2", "0"),
        ("1", str(n1)),
    ]
    status, out, _ = run_cli(["replay", str(path), "--deal", "2", "--plain"])
    assert status == 0 and "deal 1 of 2" not in out and "deal 2 of 2 · step 0 " in out


def test_replay_refuses_a_corrupted_record_or_a_missing_file(tmp_path: Path, hand_record: Any) -> None:
    path = tmp_path / "bad.json"
    record.save(edited(hand_record, lambda d: d["deals"][0]["actions"][2].update(seat=0)), path)
    status, _, err = run_cli(["replay", str(path), "--plain"])
    assert status == 1 and err.startswith("tricktaker: error: deal 1, step 3 (seat 0: ")
    status, _, err = run_cli(["replay", str(tmp_path / "none.json")])
    assert status == 1 and "cannot read" in err


def test_replay_refuses_a_record_whose_names_would_drive_the_terminal(
    tmp_path: Path, hand_record: Any
) -> None:
    path = tmp_path / "evil.json"
    evil = "\x1b[2J\x1b[31mEVIL\nfake line"
    path.write_text(
        json.dumps(edited(hand_record, lambda d: d["seats"].__setitem__(1, evil))), encoding="utf-8"
    )
    status, out, err = run_cli(["replay", str(path), "--plain"])
    assert status == 1 and err.startswith("tricktaker: error: seats[1]: must be printable text")
    assert "\x1b" not in out + err and "EVIL" not in out + err


def pictures_of(page: str) -> list[str]:
    """The SVG pictures a replay page holds, one per step, decoded as its script decodes them."""
    found = re.search(r'<script type="application/json" id="pictures">(.*?)</script>', page, re.S)
    assert found is not None
    data = json.loads(found[1])
    pictures = []
    for runs in data["frames"]:
        starts, counts = runs[::2], runs[1::2]
        lines = [data["lines"][a + i] for a, n in zip(starts, counts, strict=True) for i in range(n)]
        pictures.append("\n".join(lines))
    return pictures


def test_replay_html_writes_one_self_contained_page_with_the_picture_of_every_step(tmp_path: Path) -> None:
    from tricktaker import render

    state = sheepshead_hand(7)
    source = tmp_path / "hand.json"
    record.save(record.to_record(state, seats=["Ann", "Bo", "Cy", "Di", "<Ed>"], event="a & b"), source)
    page = tmp_path / "hand.html"
    status, out, _ = run_cli(["replay", str(source), "--html", str(page)])
    assert status == 0 and "wrote" in out
    text = page.read_text(encoding="utf-8")
    assert pictures_of(text) == [render.table(s).svg for s in record.load(source).deals[0].states()]
    assert len(pictures_of(text)) == len(state.history()) + 1
    assert 'id="step-number"' in text and 'id="table"' in text
    assert "&lt;Ed&gt;" in text and "a &amp; b" in text and "<Ed>" not in text
    assert "default-src 'none'" in text  # the page may load nothing
    assert re.findall(r"https?://[^\s\"\\]*", text) == ["http://www.w3.org/2000/svg"] * text.count(
        "w3.org/2000"
    )
    picture_json = text.split('id="pictures">')[1].split("</script>")[0]
    assert "<" not in picture_json  # escaped: nothing in the pictures can end the script early
    status, _, _ = run_cli(["replay", str(source), "--html", str(tmp_path / "seat.html"), "--seat", "3"])
    assert status == 0
    seat_view = (tmp_path / "seat.html").read_text(encoding="utf-8")
    assert pictures_of(seat_view)[-1] == render.table(state, seat=3).svg


def test_a_tractor_rounds_page_stays_small() -> None:
    from tricktaker.cli import replay as command

    replay = round_trip(tractor_round(3))
    page = command.deal_page(replay, replay.deals[0])
    assert len(page) < 2_000_000, len(page)  # 150 or so pictures of about 80 kB each, lines shared


def test_replay_html_of_a_match_writes_an_index_and_a_page_per_deal(tmp_path: Path) -> None:
    match = finished_sheepshead_match(6, hands=2)
    source = tmp_path / "match.json"
    record.save(match.to_record(), source)
    status, out, _ = run_cli(["replay", str(source), "--html", str(tmp_path / "match.html")])
    assert status == 0 and "one per deal" in out
    index = (tmp_path / "match.html").read_text(encoding="utf-8")
    assert 'href="match-deal-1.html"' in index and 'href="match-deal-2.html"' in index
    second = (tmp_path / "match-deal-2.html").read_text(encoding="utf-8")
    assert len(pictures_of(second)) == len(match.record[1].history) + 1
    assert 'href="match-deal-1.html" rel="prev"' in second
    status, _, _ = run_cli(["replay", str(source), "--html", str(tmp_path / "one.html"), "--deal", "1"])
    assert status == 0 and not (tmp_path / "one-deal-1.html").exists()


# ---- the documented format ----

DOCS = Path(__file__).resolve().parent.parent / "docs" / "records.md"


def test_the_examples_of_docs_records_md_replay_and_are_what_to_record_writes() -> None:
    blocks = re.findall(r"^```json\n(.*?)^```$", DOCS.read_text(encoding="utf-8"), re.S | re.M)
    kinds = []
    for text in blocks:
        replay = record.from_record(text)
        kinds.append(replay.kind)
        game = replay.match if replay.match is not None else replay.deals[0].final
        assert game is not None
        again = record.to_record(game, seats=replay.seats, event=replay.event)
        again["library"] = replay.record["library"]
        assert record.dumps(again) == text  # the page shows records exactly as save writes them
    assert sorted(set(kinds)) == ["hand", "match", "round"]


def test_docs_records_md_documents_every_field_written() -> None:
    text = DOCS.read_text(encoding="utf-8")
    written = [
        record.to_record(sheepshead_hand(3)),
        record.to_record(tractor_round(3)),
        record.to_record(finished_sheepshead_match(1)),
        record.to_record(finished_tractor_match(1)),
    ]
    for data in written:
        names = set(data) | set(data["deals"][0]) | set(data["deals"][0]["deal"])
        names |= set(data["deals"][0]["result"]) | set(data.get("totals", {})) | set(data.get("match", {}))
        for name in names:
            assert f"`{name}`" in text, name
