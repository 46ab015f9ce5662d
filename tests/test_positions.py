"""Positions in the card play (``State.from_position`` / ``State.position``): built from a game's own history,
they play on as that game does; inconsistent ones are refused naming what is wrong."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tricktaker import errors, record, sheepshead, tractor


def sheepshead_mid_play(seed: int) -> sheepshead.State | None:
    """A random hand (random options) stopped at a random point of its card play, or ``None``."""
    rng = random.Random(seed)
    rules = sheepshead.Rules(
        jack_order=rng.choice(["standard", "seed"]),
        no_legal_call=rng.choice(["alone", "unknown"]),
        called_card_no_discard=rng.random() < 0.5,
        double_on_the_bump=rng.random() < 0.5,
        hold_card_lead=rng.choice(["allowed", "forbidden"]),
    )
    state = sheepshead.State.new(seed, rules=rules, dealer=rng.randrange(5))
    while state.phase != "play":
        if state.is_terminal:
            return None
        state.apply_action(rng.choice(state.legal_actions()))
    for _ in range(rng.randrange(30)):
        state.apply_action(rng.choice(state.legal_actions()))
        if state.is_terminal:
            return None
    return state


def test_a_sheepshead_position_from_a_history_plays_on_as_that_hand() -> None:
    checked = 0
    for seed in range(400):
        state = sheepshead_mid_play(seed)
        if state is None:
            continue
        position = state.position()
        assert position is not None
        built = sheepshead.State.from_position(**position, rules=state.rules)
        assert built.position() == position
        rng = random.Random(seed)
        while not state.is_terminal:
            assert built.legal_actions() == state.legal_actions()
            assert built.current_player == state.current_player
            action = rng.choice(state.legal_actions())
            state.apply_action(action)
            built.apply_action(action)
        assert built.is_terminal
        assert built.returns() == state.returns()
        assert built.picking_side_points == state.picking_side_points
        checked += 1
    assert checked > 250


def test_a_sheepshead_position_saves_records_and_resamples() -> None:
    for seed in range(60):
        state = sheepshead_mid_play(seed)
        if state is None:
            continue
        position = state.position()
        assert position is not None
        built = sheepshead.State.from_position(**position, rules=state.rules)
        assert sheepshead.State.from_json(built.to_json()) == built
        me = built.current_player
        assert me is not None
        for world in built.resamples(me, 5, seed):
            assert world.hand(me) == built.hand(me)
            assert world.information_state_key(me) == built.information_state_key(me)
        finished = built.clone()
        while not finished.is_terminal:
            finished.apply_action(finished.legal_actions()[0])
        data = record.to_record(finished)
        assert record.final_state(data, game="sheepshead") == finished


def example() -> dict[str, Any]:
    """Seat 1 picked and called the ace of hearts (seat 3 holds it); two tricks are taken."""
    return {
        "hands": [
            ["QH", "QD", "7S", "8S"],
            ["JH", "JD", "9D", "7H"],
            ["AD", "10D", "KD", "9S"],
            ["AH", "10H", "KH", "AS"],
            ["10S", "KS", "8H", "9H"],
        ],
        "leader": 1,
        "picker": 1,
        "called": "AH",
        "bury": ["7D", "8D"],
        "points": [0, 25, 0, 10, 0],
        "tricks_won": [0, 1, 0, 1, 0],
    }


def test_the_example_position() -> None:
    state = sheepshead.State.from_position(**example())
    assert state.current_player == 1
    assert state.secret_partner == 3
    assert state.partner is None  # R17: not revealed until the ace is played
    assert state.picking_side_points == 35
    # R18 (revised): the hold card 7H may be led, except under hold_card_lead = "forbidden".
    assert "play 7H" in [state.action_to_string(a) for a in state.legal_actions()]
    forbidden = sheepshead.Rules(hold_card_lead="forbidden")
    seed_rule = sheepshead.State.from_position(**example(), rules=forbidden)
    assert "play 7H" not in [seed_rule.action_to_string(a) for a in seed_rule.legal_actions()]
    assert state.history() == []
    with pytest.raises(errors.NothingToUndoError):
        state.undo()


def test_cards_on_the_table_are_played_and_checked() -> None:
    position = example()
    position["hands"][1].remove("9D")
    position["hands"][2].remove("KD")
    position["trick"] = ["9D", "KD"]
    state = sheepshead.State.from_position(**position)
    assert state.current_player == 3
    assert [state.action_to_string(a) for a in state.history()] == ["play 9D", "play KD"]
    position["hands"][2].append("KD")
    position["hands"][2].remove("9S")
    position["trick"] = ["9D", "9S"]
    with pytest.raises(errors.InvalidStateError, match=r"seat 2 could not have played 9S.*must follow trump"):
        sheepshead.State.from_position(**position)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"leader": 5}, "leader must be an int from 0 to 4"),
        ({"points": [0, 20, 0, 10, 0]}, "taken 30 card points, but the cards played in taken tricks"),
        ({"points": [5, 20, 0, 10, 0]}, "seat 0 has 5 card points but has taken no trick"),
        ({"partner": 2}, "seat 2 is given as the partner, but seat 3 holds AH"),
        ({"called": "QC"}, "QC cannot be called"),
        ({"bury": ["7D"]}, "the picker has buried 2 cards"),
        ({"picker": None, "called": None}, "in a leaster"),
        ({"under": "9D"}, r"an under \(9D\) is laid only on an unknown call"),
        ({"called": "XX"}, "not a Sheepshead card"),
        ({"points": [0, 25, 0, 10]}, "points must have 5 items"),
        ({"trick": ["9D"] * 5}, "trick must have at most 4 items"),
    ],
)
def test_an_inconsistent_position_is_refused_naming_what_is_wrong(
    change: dict[str, Any], message: str
) -> None:
    with pytest.raises(errors.TricktakerError, match=message):
        sheepshead.State.from_position(**{**example(), **change})


def test_a_hand_too_small_is_named() -> None:
    position = example()
    position["hands"][0] = ["QH", "QD", "7S"]
    with pytest.raises(errors.InvalidStateError, match="seat 0 holds 3 cards but must hold 4"):
        sheepshead.State.from_position(**position)


def test_no_position_outside_the_card_play() -> None:
    assert sheepshead.State.new(0).position() is None


def tractor_mid_play(seed: int) -> tractor.State:
    """A random round stopped at a random point of its card play (mid-trick and mid-play too)."""
    rng = random.Random(seed)
    state = tractor.State.new(seed)
    while state.phase != "play":
        state.apply_action(rng.choice(state.legal_actions()))
    for _ in range(rng.randrange(200)):
        action = rng.choice(state.legal_actions())
        child = state.clone()
        child.apply_action(action)
        if child.is_terminal:
            break
        state = child
    return state


def test_a_tractor_position_from_a_history_plays_on_as_that_round() -> None:
    for seed in range(60):
        state = tractor_mid_play(seed)
        position = state.position()
        assert position is not None
        built = tractor.State.from_position(**position, rules=state.rules)
        assert built.position() == position
        assert tractor.State.from_json(built.to_json()) == built
        rng = random.Random(seed)
        while not state.is_terminal:
            assert built.legal_actions() == state.legal_actions()
            action = rng.choice(state.legal_actions())
            state.apply_action(action)
            built.apply_action(action)
        assert built.returns() == state.returns() and built.points == state.points


def test_an_opponent_of_the_declarers_may_lead_a_tractor_position() -> None:
    trump = tractor.Trump("2", "H")
    state = tractor.State.from_position(
        [["AS", "KS"], ["QS", "JS"], ["10S", "9S"], ["8S", "7S"]],
        trump=trump,
        declarers=0,
        starter=0,
        leader=1,
        kitty=["5C", "5D"],
        tricks=23,
        points=40,
    )
    assert state.current_player == 1
    solution = tractor.solve(state)
    assert solution.value >= 40
    # Each single, or both as a throw (R34: it fails if another seat beats a card of it, here AS).
    assert {tuple(str(c) for c in play) for play, _ in solution.moves} == {("QS",), ("JS",), ("JS", "QS")}
    assert solution.value == max(v for _, v in solution.moves)  # the opponents maximise P


def test_an_inconsistent_tractor_position_is_refused() -> None:
    trump = tractor.Trump("2", "H")
    with pytest.raises(errors.InvalidStateError, match="multiple of 5"):
        tractor.State.from_position(
            [["AS"], ["QS"], ["10S"], ["8S"]], trump=trump, declarers=0, starter=0, tricks=24, points=7
        )
    with pytest.raises(errors.TricktakerError):
        tractor.State.from_position(
            [["AS", "KS"], ["QS"], ["10S"], ["8S"]], trump=trump, declarers=0, starter=0, tricks=24
        )
