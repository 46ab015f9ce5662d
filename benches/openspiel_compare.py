"""tricktaker's native ISMCTS against OpenSpiel's own ISMCTS, on the same games through OpenSpiel's
``evaluate_bots`` (extra ``[openspiel]``):

    python benches/openspiel_compare.py --deals 40 --ms 20

For each game it prints a Markdown table of:

* simulations per second of each search on one core: OpenSpiel's ``ismcts.ISMCTSBot`` (Python, one random
  rollout per simulation, our resampler behind ``resample_from_infostate``) and ``search.ismcts`` (Rust, one
  random rollout per simulation), over the decisions of the same deals;
* strength at equal time per move: ``bots.ISMCTSBot(seconds=ms)`` (random rollouts) against OpenSpiel's
  ISMCTS given as many simulations as it runs in that time (calibrated above), seated in duplicate
  (Sheepshead: A B A B A, then B A B A B on the same deal; Tractor: one team, then the other), the mean
  return per deal of ours over both games with its 95% interval, and the measured time per move of each.

OpenSpiel's C++ ``pyspiel.ISMCTSBot`` cannot be measured: it crashes on every game written in Python (see
``tricktaker.openspiel``).
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts
from strength import Stopwatch, interval

from tricktaker import bots, openspiel, search


class Timed(openspiel.Restartable):
    """An OpenSpiel bot, timed (:class:`strength.Stopwatch`)."""

    def __init__(self, bot: Any) -> None:
        super().__init__(bot)
        self.watch = Stopwatch()

    def step(self, state: Any) -> int:
        return self.watch.timed(state, self.bot.step)


def openspiel_ismcts(game: Any, simulations: int, seed: int) -> Any:
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
    return ismcts.ISMCTSBot(
        game=game,
        evaluator=evaluator,
        uct_c=2.0,
        max_simulations=simulations,
        random_state=np.random.RandomState(seed + 1),
    )


def decisions(game: Any, deals: int, seed: int) -> list[Any]:
    """States of ``deals`` deals where a seat has a choice, from random play."""
    rng = np.random.RandomState(seed)
    out = []
    for _ in range(deals):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(outcomes, p=probs)))
                continue
            if len(state.legal_actions()) > 1:
                out.append(state.clone())
            state.apply_action(int(rng.choice(state.legal_actions())))
    return out


def speeds(game: Any, states: list[Any], simulations: int) -> tuple[float, float]:
    """Simulations per second of OpenSpiel's ISMCTS and of ours over ``states``."""
    theirs = openspiel_ismcts(game, simulations, 0)
    start = time.perf_counter()
    for s in states:
        theirs.step(s)
    their_rate = simulations * len(states) / (time.perf_counter() - start)
    ours_sims = 20 * simulations
    start = time.perf_counter()
    for k, s in enumerate(states):
        search.ismcts(s.inner, simulations=ours_sims, seed=k, threads=1, policy="random")
    our_rate = ours_sims * len(states) / (time.perf_counter() - start)
    return their_rate, our_rate


def duplicate(game: Any, ours: Timed, theirs: Timed, deals: int, seed: int) -> np.ndarray:
    n = game.num_players()
    out = np.zeros(deals)
    for d in range(deals):
        for first in (ours, theirs):
            other = theirs if first is ours else ours
            seating = [first if s % 2 == 0 else other for s in range(n)]
            returns = evaluate_bots.evaluate_bots(
                game.new_initial_state(), seating, np.random.RandomState(seed * 1_000_003 + d)
            )
            out[d] += sum(r for s, r in enumerate(returns) if seating[s] is ours)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=40, help="duplicate deals per game (each played twice)")
    parser.add_argument("--ms", type=float, default=20.0, help="time per move of each search")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--games", nargs="+", default=["sheepshead", "tractor"])
    args = parser.parse_args()
    print(
        "| game | OpenSpiel ISMCTS (Python) sims/s | tricktaker ISMCTS (Rust) sims/s | ratio |"
        " ours a deal at equal time, theirs its negation [95%] | ms a move: ours / theirs |"
    )
    print("|---|---|---|---|---|---|")
    for name in args.games:
        game = pyspiel.load_game(openspiel.GAME_NAMES[name])
        states = decisions(game, 2, args.seed)[:40]
        their_rate, our_rate = speeds(game, states, 20)
        their_sims = max(1, round(their_rate * args.ms / 1000))
        ours = Timed(
            openspiel.Seated(
                bots.ISMCTSBot(
                    simulations=search.MAX_SIMULATIONS,
                    seconds=args.ms / 1000,
                    seed=args.seed,
                    policy="random",
                )
            )
        )
        theirs = Timed(openspiel_ismcts(game, their_sims, args.seed))
        scores = duplicate(game, ours, theirs, args.deals, args.seed)
        print(
            f"| {name} | {their_rate:,.0f} | {our_rate:,.0f} | {our_rate / their_rate:,.0f}x |"
            f" {interval(scores)} ({args.deals} deals x 2; theirs {their_sims} sims a move) |"
            f" {ours.watch.ms:.1f} / {theirs.watch.ms:.1f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
