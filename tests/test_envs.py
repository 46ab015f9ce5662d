"""The PettingZoo environments (tricktaker.envs): PettingZoo's own checks and the environments' contract."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test
from pettingzoo.utils.wrappers import TerminateIllegalWrapper

from tricktaker import (
    ArgumentError,
    ArgumentTypeError,
    IllegalActionError,
    InvalidStateError,
    sheepshead,
    tractor,
)
from tricktaker.envs import sheepshead_v0, tractor_v0

ENVS = [
    pytest.param(sheepshead_v0, sheepshead, id="sheepshead"),
    pytest.param(tractor_v0, tractor, id="tractor"),
]

# PettingZoo's advice for plain-array observations; ours are the {"observation", "action_mask"} dicts of
# its classic card games, which api_test only knows by their names.
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
]


def play_random(env: Any, seed: int, rng: np.random.Generator) -> dict[str, float]:
    """Play one game through ``env`` with uniform legal actions, checking the contract at every step.

    Returns the reward each agent receives from ``last()`` as it is stepped out with ``None``.
    """
    env.reset(seed=seed)
    raw = env.unwrapped
    final: dict[str, float] = {}
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        game = raw.game
        assert not truncation and info == {}
        assert env.observation_space(agent).contains(observation)
        assert observation["observation"].dtype == np.float32
        assert observation["action_mask"].dtype == np.int8
        np.testing.assert_array_equal(observation["observation"], game.observation(raw._seats[agent]))
        if termination:
            assert game.is_terminal
            assert not observation["action_mask"].any()
            final[agent] = reward
            env.step(None)
            continue
        assert reward == 0
        assert agent == f"player_{game.current_player}"
        np.testing.assert_array_equal(observation["action_mask"], game.legal_action_mask())
        for other in env.agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any()
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert env.agents == []
    return final


@pytest.mark.parametrize(("module", "game"), ENVS)
def test_pettingzoo_api_test(module: ModuleType, game: ModuleType) -> None:
    # num_cycles counts rounds of every agent: 100 covers a whole Sheepshead hand or Tractor round.
    api_test(module.env(), num_cycles=100, verbose_progress=False)
    api_test(module.env(render_mode="ansi"), num_cycles=100, verbose_progress=False)


@pytest.mark.parametrize(("module", "game"), ENVS)
def test_pettingzoo_seed_test(module: ModuleType, game: ModuleType) -> None:
    seed_test(module.env, num_cycles=100)


@pytest.mark.parametrize(("module", "game"), ENVS)
def test_spaces_and_agents(module: ModuleType, game: ModuleType) -> None:
    env = module.env()
    env.reset(seed=1)
    assert env.possible_agents == [f"player_{i}" for i in range(game.NUM_PLAYERS)]
    assert env.agents == env.possible_agents
    for agent in env.possible_agents:
        space = env.observation_space(agent)
        assert space["observation"].shape == game.OBSERVATION_SHAPE
        assert space["observation"].dtype == np.float32
        assert space["action_mask"].shape == (game.NUM_ACTIONS,)
        assert space["action_mask"].dtype == np.int8
        assert env.action_space(agent).n == game.NUM_ACTIONS
    assert env.observation_space("player_0") is not env.observation_space("player_1")


@pytest.mark.parametrize(("module", "game"), ENVS)
def test_random_games_are_zero_sum_and_reward_the_returns(module: ModuleType, game: ModuleType) -> None:
    rng = np.random.default_rng(5)
    env = module.env()
    for seed in range(6):
        final = play_random(env, seed, rng)
        returns = env.unwrapped.game.returns()
        assert final == {f"player_{seat}": float(r) for seat, r in enumerate(returns)}
        assert sum(final.values()) == 0


@pytest.mark.parametrize(
    ("module", "kwargs"),
    [
        (
            sheepshead_v0,
            {
                "rules": sheepshead.Rules(all_pass="doubler", double_on_the_bump=True, jack_order="seed"),
                "dealer": 3,
                "multiplier": 4,
            },
        ),
        (
            tractor_v0,
            {
                "rules": tractor.Rules(kitty_multiplier="exp", negative_points="extra_levels"),
                "levels": (5, 14),
                "declarers": 1,
                "starter": 3,
            },
        ),
    ],
    ids=["sheepshead", "tractor"],
)
def test_options_reach_the_game_and_observations_stay_in_bounds(
    module: ModuleType, kwargs: dict[str, Any]
) -> None:
    env = module.env(**kwargs)
    env.reset(seed=3)
    game = env.unwrapped.game
    assert game.rules == kwargs["rules"]
    if module is sheepshead_v0:
        assert game.dealer == 3 and game.multiplier == 4
        assert env.agent_selection == "player_4"
    else:
        assert game.levels == (5, 14) and game.declarers == 1 and game.starter == 3
    rng = np.random.default_rng(11)
    for seed in range(4):
        final = play_random(env, seed, rng)
        assert sum(final.values()) == 0


def test_tractor_bounds_cover_the_unbounded_entries() -> None:
    low = tractor_v0.raw_env.OBSERVATION_LOW
    high = tractor_v0.raw_env.OBSERVATION_HIGH
    assert low[tractor_v0.POINTS_ENTRY] == -np.inf and high[tractor_v0.POINTS_ENTRY] == np.inf
    assert low[tractor_v0.KITTY_BONUS_ENTRY] == 0 and high[tractor_v0.KITTY_BONUS_ENTRY] == np.inf
    others = np.ones(tractor.OBSERVATION_SHAPE, dtype=bool)
    others[[tractor_v0.POINTS_ENTRY, tractor_v0.KITTY_BONUS_ENTRY]] = False
    assert (low[others] == 0).all() and (high[others] == 1).all()
    high = sheepshead_v0.raw_env.OBSERVATION_HIGH
    assert high[sheepshead_v0.MULTIPLIER_ENTRY] == 2**20
    env = sheepshead_v0.env(multiplier=2**20)
    env.reset(seed=0)
    assert env.observation_space(env.agent_selection).contains(env.observe(env.agent_selection))


@pytest.mark.parametrize(("module", "game"), ENVS)
def test_reset_seed_deals_state_new_and_reseeds(module: ModuleType, game: ModuleType) -> None:
    env = module.env()
    env.reset(seed=42)
    assert env.unwrapped.game == game.State.new(42)
    env.reset()
    first = env.unwrapped.game.clone()
    assert first != game.State.new(42)
    env.reset(seed=42)
    env.reset()
    assert env.unwrapped.game == first
    other = module.env()
    other.reset()
    other.reset()
    assert other.unwrapped.game != env.unwrapped.game  # unseeded envs draw fresh seeds


@pytest.mark.parametrize(("module", "game"), ENVS)
def test_illegal_actions_raise_and_change_nothing(module: ModuleType, game: ModuleType) -> None:
    env = module.env()
    env.reset(seed=9)
    raw = env.unwrapped
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = raw.game.clone()
    agent = env.agent_selection
    for action in (illegal, game.NUM_ACTIONS, -1, 2**70, None):
        with pytest.raises(IllegalActionError):
            env.step(action)
        assert raw.game == before
        assert env.agent_selection == agent
        assert not any(env.terminations.values())
        assert set(env.rewards.values()) == {0}
    env.step(np.int64(np.flatnonzero(mask)[0]))  # the env goes on after a refused action
    assert raw.game.history() == [int(np.flatnonzero(mask)[0])]


def test_terminate_illegal_wrapper_is_the_alternative() -> None:
    env = TerminateIllegalWrapper(sheepshead_v0.raw_env(), illegal_reward=-1)
    env.reset(seed=9)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    env.step(int(np.flatnonzero(mask == 0)[0]))
    assert all(env.terminations.values())
    assert env.rewards[agent] == -1


@pytest.mark.parametrize(("module", "game"), ENVS)
def test_render(module: ModuleType, game: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    env = module.env(render_mode="ansi")
    env.reset(seed=4)
    assert env.render() == str(env.unwrapped.game)
    human = module.env(render_mode="human")
    human.reset(seed=4)
    assert human.render() is None
    assert capsys.readouterr().out == str(human.unwrapped.game) + "\n"
    human.step(int(np.flatnonzero(human.observe(human.agent_selection)["action_mask"])[0]))
    assert capsys.readouterr().out == str(human.unwrapped.game) + "\n"
    with pytest.raises(ValueError, match="render_mode"):
        module.env(render_mode="rgb_array")


def test_bad_options_fail_at_construction() -> None:
    with pytest.raises(ValueError):
        sheepshead_v0.env(dealer=5)
    with pytest.raises(ValueError):
        sheepshead_v0.env(multiplier=0)
    with pytest.raises(ValueError):
        tractor_v0.env(levels=(1, 2))


def test_step_before_reset_is_refused() -> None:
    env = tractor_v0.env()
    for call in (lambda: env.step(0), lambda: env.observe("player_0"), env.last, env.render, env.agent_iter):
        with pytest.raises(InvalidStateError, match=r"reset\(\) must be called before"):
            call()
    with pytest.raises(InvalidStateError, match="reset"):
        _ = tractor_v0.raw_env().game
    env.reset(seed=np.uint64(5))
    with pytest.raises(ArgumentError, match="no agent is called 'player_9'"):
        env.observe("player_9")
    with pytest.raises(ArgumentTypeError, match="seed must be an int, not bool"):
        env.reset(seed=True)


@pytest.mark.parametrize(("module", "game"), ENVS)
def test_a_raw_step_after_every_agent_stepped_out_is_refused(module: ModuleType, game: ModuleType) -> None:
    env = module.raw_env()
    env.reset(seed=3)
    while env.agents:
        observation, _, terminated, truncated, _ = env.last()
        env.step(None if terminated or truncated else int(np.flatnonzero(observation["action_mask"])[0]))
    with pytest.raises(InvalidStateError, match=r"reset\(\) before step\(\)"):
        env.step(None)
    env.reset(seed=3)
    assert env.agents
