"""Vectors of games stepped together, for both games."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from tricktaker import ArgumentError, IllegalActionError, sheepshead, tractor


@pytest.mark.parametrize("game", [sheepshead, tractor], ids=["sheepshead", "tractor"])
def test_vector_steps_resets_and_records(game: Any) -> None:
    n = 16
    vec = game.VectorState(n, 7)
    rng = np.random.default_rng(0)
    assert vec.num_envs == n
    finished = 0
    for _ in range(400):
        masks = vec.legal_action_masks()
        players = vec.current_players()
        obs = vec.observations()
        assert masks.shape == (n, game.NUM_ACTIONS) and masks.any(axis=1).all()
        assert obs.shape == (n, *game.OBSERVATION_SHAPE) and (players >= 0).all()
        for i in (0, n - 1):
            state = vec.state(i)
            assert (state.legal_action_mask() == masks[i]).all()
            assert (state.observation(int(players[i])) == obs[i]).all()
        actions = np.array([rng.choice(np.flatnonzero(row)) for row in masks], dtype=np.int64)
        done, returns = vec.step(actions)
        assert returns.shape == (n, game.NUM_PLAYERS)
        assert (returns.sum(axis=1) == 0).all() and not returns[~done].any()
        finished += int(done.sum())
    assert finished > 0


@pytest.mark.parametrize("game", [sheepshead, tractor], ids=["sheepshead", "tractor"])
def test_vector_refuses_an_illegal_action_and_changes_nothing(game: Any) -> None:
    vec = game.VectorState(3, 1)
    before = [vec.state(i) for i in range(3)]
    masks = vec.legal_action_masks()
    actions = np.array([np.flatnonzero(row)[0] for row in masks], dtype=np.int64)
    actions[1] = np.flatnonzero(~masks[1])[0]
    with pytest.raises(IllegalActionError, match="game 1"):
        vec.step(actions)
    assert [vec.state(i) for i in range(3)] == before
    with pytest.raises(ValueError, match="one per game"):
        vec.step(actions[:2])
    with pytest.raises(ArgumentError, match="i must be an int from 0 to 2"):
        vec.state(3)


def test_the_same_seed_gives_the_same_games() -> None:
    a, b = sheepshead.VectorState(4, 5), sheepshead.VectorState(4, 5)
    for _ in range(100):
        actions = np.array([np.flatnonzero(r)[0] for r in a.legal_action_masks()], dtype=np.int64)
        da, ra = a.step(actions)
        db, rb = b.step(actions)
        assert (da == db).all() and (ra == rb).all()


@pytest.mark.parametrize("game", [sheepshead, tractor], ids=["sheepshead", "tractor"])
def test_batched_observations_match_one_by_one(game: Any) -> None:
    states = [game.State.new(seed) for seed in range(6)]
    for i, state in enumerate(states):
        for _ in range(i * 3):
            state.apply_action(state.legal_actions()[0])
    players = [i % game.NUM_PLAYERS for i in range(6)]
    batch = game.observations(states, players)
    assert batch.shape == (6, *game.OBSERVATION_SHAPE)
    for row, state, player in zip(batch, states, players, strict=True):
        assert (row == state.observation(player)).all()
    out = np.zeros_like(batch)
    assert game.observations(states, players, out=out) is out and (out == batch).all()
    with pytest.raises(ValueError, match="one player per state"):
        game.observations(states, players[:2])
    with pytest.raises(ValueError, match="shape"):
        game.observations(states, players, out=np.zeros((2, 3), dtype=np.float32))
