"""Native search (``tricktaker.search``): PIMC and ISMCTS in Rust, for both games, reproducible, refusing bad
requests with typed errors."""

from __future__ import annotations

import random
import threading

import numpy as np
import pytest

from tricktaker import errors, search, sheepshead, tractor
from tricktaker.protocol import GameState


def sheepshead_first_lead(seed: int) -> sheepshead.State:
    state = sheepshead.State.new(seed)
    rng = random.Random(seed)
    while state.phase != "play":
        state.apply_action(
            state.legal_actions()[0] if state.phase == "pick" else rng.choice(state.legal_actions())
        )
    return state


def tractor_first_lead(seed: int) -> tractor.State:
    state = tractor.State.new(seed)
    rng = random.Random(seed)
    while state.phase != "play":
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def states() -> list[GameState]:
    return [sheepshead.State.new(1), sheepshead_first_lead(2), tractor.State.new(3), tractor_first_lead(4)]


@pytest.mark.parametrize(
    "state", states(), ids=["sheepshead-pick", "sheepshead-lead", "tractor-draw", "tractor-lead"]
)
def test_pimc_is_the_same_on_any_number_of_threads_and_differs_by_seed(state: GameState) -> None:
    one = search.pimc(state, worlds=12, rollouts=2, seed=5, threads=1)
    two = search.pimc(state, worlds=12, rollouts=2, seed=5, threads=2)
    assert one.lines == two.lines == tuple((a,) for a in state.legal_actions())
    assert np.array_equal(one.values, two.values) and np.array_equal(one.mean, two.mean)
    assert one.values.shape == (12, len(one.lines))
    other = search.pimc(state, worlds=12, rollouts=2, seed=6, threads=1)
    assert not np.array_equal(one.values, other.values)
    assert np.allclose(one.mean, one.values.mean(axis=0))
    assert np.allclose(one.stderr, one.values.std(axis=0, ddof=1) / np.sqrt(12))


@pytest.mark.parametrize(
    "state", states(), ids=["sheepshead-pick", "sheepshead-lead", "tractor-draw", "tractor-lead"]
)
def test_ismcts_is_reproducible_for_a_thread_count(state: GameState) -> None:
    a = search.ismcts(state, simulations=600, seed=3, threads=2)
    b = search.ismcts(state, simulations=600, seed=3, threads=2)
    assert a == b and np.array_equal(a.visits, b.visits) and np.array_equal(a.values, b.values)
    assert a.actions == tuple(state.legal_actions())
    assert int(a.visits.sum()) == a.simulations == 600
    assert a.best in state.legal_actions()


def test_the_last_card_is_valued_at_the_returns_it_brings() -> None:
    state = sheepshead_first_lead(7)
    while len(state.legal_actions()) > 1 or state.trick_number < 5:
        state.apply_action(state.legal_actions()[0])
        if state.is_terminal:
            pytest.skip("the hand ended")
    # One card left for the seat to act in the last trick: every world has it.
    while state.current_player is not None and len(state.hand(state.current_player)) == 1:
        me = state.current_player
        found = search.pimc(state, worlds=5, seed=1)
        child = state.clone()
        child.apply_action(found.lines[0][0])
        if child.is_terminal:
            assert found.mean[0] == child.returns()[me]
            break
        state = child


def test_whole_tractor_plays_are_candidate_lines() -> None:
    state = tractor_first_lead(8)
    plays = [[c] for c in sorted(set(state.hand(state.current_player)), key=lambda c: c.id)[:3]]
    lines = [tractor.play_actions(state, p) for p in plays]
    found = search.pimc(state, worlds=4, evaluator="points", policy="greedy", rollouts=2, lines=lines, seed=2)
    assert found.lines == tuple(tuple(line) for line in lines)
    assert found.best in found.lines


def test_searches_release_the_gil_and_run_side_by_side() -> None:
    state = sheepshead.State.new(4)
    results: list[search.IsmctsResult] = []
    workers = [
        threading.Thread(target=lambda: results.append(search.ismcts(state, simulations=20_000, seed=1)))
        for _ in range(2)
    ]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    assert len(results) == 2 and results[0] == results[1]


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda s: search.pimc(s, worlds=0), errors.ArgumentError, "worlds must be an int from 1"),
        (lambda s: search.pimc(s, worlds=10**9), errors.ArgumentError, "worlds must be an int from 1"),
        (
            lambda s: search.pimc(s, evaluator="oracle"),
            errors.ArgumentError,
            "not an evaluator of sheepshead",
        ),
        (lambda s: search.pimc(s, policy="smart"), errors.ArgumentError, "not a rollout policy"),
        (lambda s: search.pimc(s, 2), errors.ArgumentError, "player 2 is not to act"),
        (lambda s: search.pimc(s, lines=[[0, 0]]), errors.IllegalActionError, "candidate line 0"),
        (lambda s: search.pimc(s, lines=[[500]]), errors.IllegalActionError, "500"),
        (lambda s: search.pimc(s, lines=[[]]), errors.IllegalActionError, "a line needs at least one action"),
        (
            lambda s: search.pimc(s, worlds=10**6, rollouts=10**5),
            errors.ArgumentError,
            "more than a search allows",
        ),
        (
            lambda s: search.ismcts(s, simulations=0),
            errors.ArgumentError,
            "simulations must be an int from 1",
        ),
        (lambda s: search.ismcts(s, seconds=-1.0), errors.ArgumentError, "seconds must be a positive number"),
        (lambda s: search.ismcts(s, exploration=float("nan")), errors.ArgumentError, "exploration"),
        (lambda s: search.ismcts(s, threads=0), errors.ArgumentError, "threads must be an int from 1"),
        (lambda s: search.pimc("not a state"), errors.ArgumentTypeError, "must be a sheepshead.State"),
    ],
)
def test_bad_requests_are_refused_with_typed_errors(
    call: object, error: type[Exception], message: str
) -> None:
    state = sheepshead.State.new(1)  # seat 1 is to act
    with pytest.raises(error, match=message):
        call(state)  # type: ignore[operator]


def test_a_finished_game_has_nothing_to_search() -> None:
    state = sheepshead.State.new(1)
    while not state.is_terminal:
        state.apply_action(state.legal_actions()[0])
    with pytest.raises(errors.ArgumentError, match="the game is over"):
        search.ismcts(state)
    with pytest.raises(errors.ArgumentError, match="the game is over"):
        search.pimc(state)


def test_sheepshead_has_a_greedy_rollout_policy() -> None:
    state = sheepshead_first_lead(9)
    greedy = sheepshead.playouts(state, 200, 1, policy="greedy")
    assert greedy.shape == (200, 5) and (greedy.sum(axis=1) == 0).all()
    assert not np.array_equal(greedy, sheepshead.playouts(state, 200, 1, policy="random"))
