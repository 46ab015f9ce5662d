"""The game protocol and registry: every game conforms (proved by mypy) and every command offers it."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from tricktaker import bots, cli, protocol, sheepshead, tractor
from tricktaker.protocol import GAMES, GameModule, S

ROOT = Path(__file__).resolve().parent.parent


def test_the_registry_lists_both_games_in_order() -> None:
    assert list(GAMES) == ["sheepshead", "tractor"]
    assert GAMES["sheepshead"] is sheepshead and GAMES["tractor"] is tractor
    assert len(GAMES) == 2 and "chess" not in GAMES
    with pytest.raises(KeyError):
        GAMES["chess"]
    assert "sheepshead" in repr(GAMES)


def _random_deal(game: GameModule[S, Any], seed: int) -> S:
    """A deal played to its end with the first legal action, through the protocol only."""
    state = game.State.new(seed)
    while not state.is_terminal:
        state.apply_action(state.legal_actions()[0])
    return state


@pytest.mark.parametrize("name", list(GAMES))
def test_generic_code_plays_every_game(name: str) -> None:
    game = GAMES[name]
    state = _random_deal(game, 3)
    assert state.num_players == game.NUM_PLAYERS and state.phase == "done" and sum(state.returns()) == 0
    assert game.State.from_json(state.to_json()) == state
    assert game.random_playouts(4, 1).shape == (4, game.NUM_PLAYERS)
    assert len(game.simulate(4, 1)) == 4
    fresh = game.State.new(5)
    assert fresh.observation(0).shape == game.OBSERVATION_SHAPE
    assert fresh.legal_action_mask().shape == (game.NUM_ACTIONS,)
    assert game.observations([fresh], [0]).shape == (1, *game.OBSERVATION_SHAPE)
    assert game.playouts(fresh, 3, 1).shape == (3, game.NUM_PLAYERS)
    assert game.VectorState(2, 1).state(0).num_players == game.NUM_PLAYERS
    match = game.Match(1, game.Rules())
    assert not match.is_over and match.seed == 1 and not match.record
    assert match.state.rules == match.rules == game.Rules(**game.Rules().to_dict())


def _mypy(source: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """mypy --strict on ``source`` (the project's configuration, the package from ``python/``)."""
    path = tmp_path / "check.py"
    path.write_text(textwrap.dedent(source))
    command = [sys.executable, "-m", "mypy", "--strict", "--no-error-summary", str(path)]
    env = {**os.environ, "MYPYPATH": str(ROOT / "python")}
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False, env=env)


def test_mypy_proves_both_games_conform(tmp_path: Path) -> None:
    result = _mypy(
        """
        from tricktaker import protocol, sheepshead, tractor

        s: protocol.GameModule[sheepshead.State, sheepshead.Rules] = sheepshead
        t: protocol.GameModule[tractor.State, tractor.Rules] = tractor
        states: list[protocol.GameState] = [sheepshead.State.new(1), tractor.State.new(1)]
        rules: list[protocol.GameRules] = [sheepshead.Rules(), tractor.Rules()]
        """,
        tmp_path,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    # The check has teeth: a module that lacks a member, or a state that lacks a method, is refused.
    result = _mypy(
        """
        from tricktaker import errors, protocol, sheepshead

        class Half:
            @property
            def current_player(self) -> int | None: return None

        state: protocol.GameState = Half()
        game: protocol.GameModule[sheepshead.State, sheepshead.Rules] = errors
        """,
        tmp_path,
    )
    assert result.returncode != 0
    assert "GameState" in result.stdout and "GameModule" in result.stdout


def test_every_command_offers_every_game() -> None:
    assert list(cli.GAMES) == list(GAMES)
    parser = cli.build_parser()
    for name in GAMES:
        plugin = cli.GAMES[name]
        assert plugin.name == name and plugin.module is GAMES[name]
        assert plugin.num_players == GAMES[name].NUM_PLAYERS
        assert parser.parse_args(["simulate", name, "--games", "1", "--seed", "1"]).game == name
        assert parser.parse_args(["play", name]).game == name
        assert parser.parse_args(["arena", name, "--bots", "random"]).game == name
        assert set(plugin.bots) == {"random", "heuristic", "pimc"}
        args = parser.parse_args(["simulate", name, "--games", "1", "--seed", "1"])
        assert plugin.module.Rules(**plugin.rules_dict(args)) == plugin.module.Rules()


@pytest.mark.parametrize("name", list(GAMES))
def test_the_arena_takes_every_game_by_name(name: str) -> None:
    field = [bots.RandomBot(i) for i in range(GAMES[name].NUM_PLAYERS)]
    result = bots.arena(name, field, hands=2, seed=1)
    assert result.game == name and len(result.mean) == GAMES[name].NUM_PLAYERS
    with pytest.raises(ValueError, match="unknown game"):
        bots.arena("chess", field, hands=2, seed=1)


def test_the_envs_take_their_sizes_from_the_registry() -> None:
    pytest.importorskip("pettingzoo")
    from tricktaker.envs import sheepshead_v0, tractor_v0

    for env in (sheepshead_v0.raw_env, tractor_v0.raw_env):
        game = protocol.GAMES[env.GAME]
        assert (env.NUM_PLAYERS, env.NUM_ACTIONS) == (game.NUM_PLAYERS, game.NUM_ACTIONS)
        assert env.OBSERVATION_SHAPE == env.OBSERVATION_HIGH.shape == game.OBSERVATION_SHAPE
