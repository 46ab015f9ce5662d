"""The Python face of Sheepshead's exact solver (``tricktaker.sheepshead.solve`` and its siblings) against a
plain minimax written here over the search protocol, on positions with two tricks left; and the answers with
``moves=False`` against those with the moves. The Rust tests check the solver itself on 10,000 positions."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from tricktaker import errors, sheepshead

State = sheepshead.State


def two_tricks_left(seed: int, *, leaster: bool = False) -> State | None:
    """A hand reached by random legal actions (everyone passing if ``leaster``) with two tricks to play and
    some cards of the fifth trick on the table; ``None`` if the deal went elsewhere."""
    rng = random.Random(seed)
    state = State.new(seed, dealer=seed % 5)
    while state.phase != "play":
        if state.phase == "done":
            return None
        actions = state.legal_actions()
        passing = [a for a in actions if state.action_to_string(a) == "pass"]
        state.apply_action(passing[0] if leaster and passing else rng.choice(actions))
    if state.is_leaster != leaster:
        return None
    on_table = rng.randrange(5)
    while state.trick_number < 4 or len(state.current_trick()) < on_table:
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def positions(count: int, *, leaster: bool = False) -> list[State]:
    out: list[State] = []
    seed = 0
    while len(out) < count:
        seed += 1
        state = two_tricks_left(seed, leaster=leaster)
        if state is not None:
            out.append(state)
    return out


def minimax(state: State, maximising: Callable[[int], bool], leaf: Callable[[State], int]) -> int:
    """The value of ``state`` under perfect play, seats for which ``maximising`` holds maximising ``leaf``."""
    seat = state.current_player
    if seat is None:
        return leaf(state)
    values = []
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        values.append(minimax(child, maximising, leaf))
    return max(values) if maximising(seat) else min(values)


def on_picking_side(state: State) -> Callable[[int], bool]:
    return lambda seat: seat in (state.picker, state.secret_partner)


def points(state: State) -> int:
    value = state.picking_side_points
    assert value is not None
    return value


def after_each(state: State, value: Callable[[State], int]) -> dict[int, int]:
    out = {}
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        out[action] = value(child)
    return out


PICKED = positions(40)
LEASTERS = positions(12, leaster=True)


@pytest.mark.parametrize("index", range(len(PICKED)))
def test_r26_picked_hands_are_solved_as_a_minimax_does(index: int) -> None:
    state = PICKED[index]
    side = on_picking_side(state)

    def exact(s: State) -> int:
        return minimax(s, side, points)

    want = after_each(state, exact)
    value = max(want.values()) if side(state.current_player or 0) else min(want.values())
    solved = sheepshead.solve(state)
    assert (solved.value, solved.moves) == (value, want)
    assert solved.best == min(a for a, v in want.items() if v == value)
    for target in (31, 61, 91):
        verdict = sheepshead.reaches(state, target)
        assert verdict.value == (value >= target)
        assert verdict.moves == {a: v >= target for a, v in want.items()}


@pytest.mark.parametrize("index", range(len(PICKED)))
def test_answers_without_the_moves_have_the_value_and_an_optimal_action(index: int) -> None:
    state = PICKED[index]
    questions: list[Callable[..., sheepshead.Solved[Any]]] = [
        sheepshead.solve,
        lambda s, **kw: sheepshead.reaches(s, 61, **kw),
        lambda s, **kw: sheepshead.reaches(s, 31, **kw),
        sheepshead.settlement_class,
    ]
    for ask in questions:
        full, alone = ask(state), ask(state, moves=False)
        assert alone.value == full.value
        assert alone.moves == {}
        assert full.moves[alone.best] == full.value, "the action found without the moves is optimal"
        assert alone.nodes > 0


def leaster_value(seat: int) -> Callable[[State], int]:
    """``seat``'s paranoid return: it maximises its own return, the four others minimise it (R31)."""

    def value(state: State) -> int:
        return minimax(state, lambda x: x == seat, lambda t: t.returns()[seat])

    return value


@pytest.mark.parametrize("index", range(len(LEASTERS)))
def test_r31_leaster_values_are_a_seats_paranoid_minimax(index: int) -> None:
    state = LEASTERS[index]
    for seat in range(5):
        want = after_each(state, leaster_value(seat))
        got = sheepshead.leaster_values(state, seat)
        assert got.moves == want
        alone = sheepshead.leaster_values(state, seat, moves=False)
        assert (alone.value, alone.moves) == (got.value, {})
        assert want[alone.best] == got.value


def test_questions_that_do_not_fit_the_hand_are_refused() -> None:
    with pytest.raises(errors.ArgumentError, match="pick phase"):
        sheepshead.solve(State.new(1), moves=False)
    with pytest.raises(errors.ArgumentError, match="leaster"):
        sheepshead.reaches(LEASTERS[0], 61, moves=False)
    with pytest.raises(errors.ArgumentError, match="leaster"):
        sheepshead.settlement_class(LEASTERS[0], moves=False)
    with pytest.raises(errors.ArgumentError, match="leaster"):
        sheepshead.leaster_values(PICKED[0], 0, moves=False)
    with pytest.raises(TypeError):
        sheepshead.solve(PICKED[0], moves="no")  # type: ignore[arg-type]
