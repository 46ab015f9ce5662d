"""The variants chapter of Sheepshead through the Python API (``docs/rules/sheepshead.md``, chapter V):
the table each configuration makes, matches that carry doublers (TV-V10) and seat the dealer out in turn
(V6), the PettingZoo environment at every player count, the command line's ``--players``, and the bots
playing every form legally."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

from tricktaker import RulesError, bots, cli, sheepshead

CONFIGURATIONS: list[dict[str, Any]] = [
    {"players": 3},
    {"players": 4},
    {"players": 4, "four_handed": "called_ace_30"},
    {"players": 4, "four_handed": "black_queens"},
    {"partner": "jack", "cracking": True, "blitz": True},
    {"partner": "first_trick"},
    {"players": 6},
    {"players": 6, "six_handed": "five_each", "all_pass": "schwanzer"},
    {"players": 7, "all_pass": "moster"},
    {"players": 8},
]


@pytest.mark.parametrize("options", CONFIGURATIONS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_v1_each_configuration_has_its_table(options: dict[str, Any]) -> None:
    rules = sheepshead.Rules(**options)
    players, size, columns = sheepshead.table(rules)
    state = sheepshead.State.new(3, rules=rules)
    assert state.num_players == players == options.get("players", 5)
    assert state.observation_shape == (size,) and state.observation(0).shape == (size,)
    assert columns[:players] == [f"return_{s}" for s in range(players)] and len(columns) == players + 6
    assert sheepshead.random_playouts(50, 1, rules=rules).shape == (50, players)
    sim = sheepshead.simulate(200, 2, rules=rules)
    assert sim.returns.shape == (200, players) and (sim.returns.sum(axis=1) == 0).all()
    vector = sheepshead.VectorState(3, 1, rules=rules)
    assert vector.observations().shape == (3, size)


def test_the_default_table_keeps_its_shape() -> None:
    assert sheepshead.table()[:2] == (5, 537)
    assert sheepshead.OBSERVATION_SHAPE == (537,) and sheepshead.NUM_ACTIONS == 114


def test_vc_invalid_combinations_raise_rules_error_naming_the_option() -> None:
    with pytest.raises(RulesError, match="partner"):
        sheepshead.Rules(players=3, partner="called_ace")
    with pytest.raises(RulesError, match="recrack_by"):
        sheepshead.Rules(recrack_by="picker")
    with pytest.raises(RulesError, match="multiplier_cap"):
        sheepshead.Rules(multiplier_cap=3)


def _thrown_in(match: sheepshead.Match) -> None:
    """Plays the current hand of ``match`` with every seat passing (a doubler under these rules)."""
    state = match.state
    while not state.is_terminal:
        state.apply_action(state.string_to_action("pass"))


def _settled(match: sheepshead.Match) -> None:
    """Plays the current hand of ``match`` with the first seat picking and the lowest legal actions after."""
    state = match.state
    state.apply_action(state.string_to_action("pick"))
    while not state.is_terminal:
        state.apply_action(state.legal_actions()[0])


@pytest.mark.parametrize(
    ("stacking", "factors"), [("count", [2, 2, 1]), ("multiply", [4, 1, 1]), ("single", [2, 1, 1])]
)
def test_tv_v10_doublers_stack_as_the_option_says(stacking: str, factors: list[int]) -> None:
    match = sheepshead.Match(5, rules=sheepshead.Rules(all_pass="doubler", doubler_stacking=stacking))
    for _ in range(2):
        _thrown_in(match)
        match.next_hand()
    assert match.pending_doublers == 2 and match.hands_played == 0
    seen = []
    for _ in range(3):
        seen.append(match.state.multiplier)
        _settled(match)
        match.next_hand()
    assert seen == factors
    assert [r.dealer for r in match.record] == [0, 1, 2, 3, 4]


def test_v19_a_redeal_is_thrown_in_without_doubling() -> None:
    match = sheepshead.Match(5, rules=sheepshead.Rules(all_pass="redeal"))
    _thrown_in(match)
    assert match.state.all_pass_game == "redeal" and match.state.returns() == [0] * 5
    match.next_hand()
    assert match.hands_played == 0 and match.record[0].redeal and match.state.multiplier == 1


def test_v6_the_dealer_sits_out_in_turn_and_settles_zero() -> None:
    match = sheepshead.Match(9, rules=sheepshead.Rules(players=6, hands_per_game=6))
    for hand in range(6):
        state = match.state
        assert (
            state.dealer == hand and state.dealer not in state.active_seats and len(state.active_seats) == 5
        )
        assert state.hand(state.dealer) == []
        _settled(match)
        assert match.state.returns()[hand] == 0
        match.next_hand()
    assert match.is_over and len(match.scores) == 6 and sum(match.scores) == 0


@pytest.mark.parametrize(
    "options", CONFIGURATIONS[:6], ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items())
)
def test_the_environment_serves_every_player_count(options: dict[str, Any]) -> None:
    pytest.importorskip("pettingzoo")  # the envs extra
    from pettingzoo.test import api_test

    from tricktaker.envs import sheepshead_v0

    env = sheepshead_v0.env(rules=sheepshead.Rules(**options))
    api_test(env, num_cycles=60, verbose_progress=False)
    raw = env.unwrapped
    players, size, _ = sheepshead.table(sheepshead.Rules(**options))
    assert len(raw.possible_agents) == raw.NUM_PLAYERS == players and raw.OBSERVATION_SHAPE == (size,)
    env.reset(seed=1)
    observation = env.observe(env.agent_selection)
    assert observation is not None
    assert np.all(observation["observation"] <= raw.OBSERVATION_HIGH)


def test_the_command_line_simulates_other_player_counts(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "sheepshead", "--games", "500", "--seed", "1", "--players", "3", "--json"]
    assert cli.main(argv) == 0
    stats = json.loads(capsys.readouterr().out)
    assert stats["rules"]["players"] == 3


@pytest.mark.parametrize("options", CONFIGURATIONS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_the_heuristic_bot_plays_every_configuration_legally(options: dict[str, Any]) -> None:
    rules = sheepshead.Rules(**options)
    for seed in range(20):
        state = sheepshead.State.new(seed, rules=rules, dealer=seed % rules.players)
        players = [bots.SheepsheadHeuristicBot() for _ in range(state.num_players)]
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            action = players[seat].act(state)
            assert action in state.legal_actions()
            state.apply_action(action)
        assert sum(state.returns()) == 0


@pytest.mark.parametrize("options", CONFIGURATIONS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_the_pimc_bots_play_every_configuration_legally(options: dict[str, Any]) -> None:
    rules = sheepshead.Rules(**options)
    # Outside the five-handed called-ace game the solver refuses, and the solver bot values by rollouts.
    assert sheepshead.solver_refusal(sheepshead.State.new(4, rules=rules)) is not None
    for bot in (
        bots.SheepsheadPIMCBot(samples=2, rollouts=2, seed=1),
        bots.SolverPIMCBot(worlds=2, rollouts=2, bid_rollouts=2, seed=1),
    ):
        state = sheepshead.State.new(4, rules=rules, dealer=1)
        while not state.is_terminal:
            action = bot.act(state)
            assert action in state.legal_actions()
            state.apply_action(action)
        assert sum(state.returns()) == 0


@pytest.mark.parametrize("options", [{"players": 3}, {"players": 7}, {"partner": "first_trick"}])
def test_the_solver_bot_outplays_a_random_seat_in_other_forms(options: dict[str, Any]) -> None:
    # "Sensibly": seat 0 wins more, over the same deals against the same random seats, played by the bot than
    # played at random.
    rules = sheepshead.Rules(**options)

    def seat_0_total(bot: bots.Bot) -> int:
        others = bots.RandomBot(seed=5)
        total = 0
        for seed in range(40):
            state = sheepshead.State.new(seed, rules=rules, dealer=seed % rules.players)
            while not state.is_terminal:
                chooser = bot if state.current_player == 0 else others
                state.apply_action(chooser.act(state))
            total += state.returns()[0]
        return total

    solver_bot = bots.SolverPIMCBot(worlds=4, rollouts=4, bid_rollouts=2, seed=3)
    assert seat_0_total(solver_bot) > seat_0_total(bots.RandomBot(seed=9))


def test_the_solver_models_the_default_game_only() -> None:
    assert sheepshead.solver_refusal(sheepshead.State.new(1)) is None
    refusal = sheepshead.solver_refusal(sheepshead.State.new(1, rules=sheepshead.Rules(players=3)))
    assert refusal is not None and "five-handed called-ace" in refusal


@pytest.mark.parametrize("players", [3, 8])
def test_the_command_line_tallies_every_table(players: int, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "sheepshead", "--games", "300", "--seed", "2", "--players", str(players), "--json"]
    assert cli.main(argv) == 0
    stats = json.loads(capsys.readouterr().out)
    assert len(stats["mean_return_per_seat"]) == players
    assert stats["counts"]["doubler"] == 0  # a black-queens hand is not thrown in


def test_a_match_of_three_records_and_replays_with_three_named_seats() -> None:
    match = sheepshead.Match(3, rules=sheepshead.Rules(players=3, hands_per_game=2))
    for _ in range(2):
        _settled(match)
        match.next_hand()
    data = match.to_record(seats=["Ann", "Bo", "Cy"])
    back = sheepshead.Match.from_record(data)
    assert back.scores == match.scores and len(back.scores) == 3
    with pytest.raises(Exception, match="3 seats"):
        match.to_record(seats=["Ann", "Bo", "Cy", "Di", "Ed"])


TEN_CALL = [
    "9S QH JH 7C 8C 9C",
    "AS AC AH QC JC QS",
    "KS 10C KC 7H 8H 9H",
    "10S QD JD AD 10D KD",
    "7S 9D 8D 7D KH 10H",
]
UNDER_CALL = [
    "7H 9C 8C 7C 7S 8S",
    "QC JC AD KD AC AS",
    "10H QH JH QD JD 9S",
    "AH 10C KC 10S KS 9D",
    "8H 9H KH 10D 8D 7D",
]


@pytest.mark.parametrize(
    ("hands", "blind", "bids"),
    [
        (TEN_CALL, ["8S", "JS"], ["pass", "pick", "bury 8S", "bury JS", "call 10S"]),
        (UNDER_CALL, ["JS", "QS"], ["pass", "pick", "bury JS", "bury QS", "call AH", "under KD"]),
    ],
    ids=["v10_called_ten", "v11_under"],
)
def test_the_solver_bot_plays_through_what_the_solver_does_not_model(
    hands: list[str], blind: list[str], bids: list[str]
) -> None:
    # Until the called ten's suit is led (V10) or the under is played (V11.3) the solver's evaluators value
    # each world by greedy rollouts; the solver itself says why it refuses.
    rules = sheepshead.Rules(no_legal_call="unknown")
    state = sheepshead.State.from_cards([h.split() for h in hands], blind, dealer=4, rules=rules)
    for bid in bids:
        state.apply(bid)
    with pytest.raises(Exception, match=r"V1[01]"):
        sheepshead.solve(state)
    bot = bots.SolverPIMCBot(seed=1)
    while not state.is_terminal:
        action = bot.act(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert sum(state.returns()) == 0
