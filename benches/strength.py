"""How strong the search bots are: seeded tournaments with rotating seats, printed with 95% intervals.

    python benches/strength.py sheepshead --hands 3000
    python benches/strength.py tractor --hands 300

For each game it plays, on the same seeded deals:

* head to head in duplicate, each new bot (``SolverPIMCBot``, ``ISMCTSBot``) against the game's ``…PIMCBot``
  of today: every deal played twice, the two alternating round the table and then swapped (Sheepshead:
  seats A B A B A, then B A B A B; Tractor: one team, then the other), the figure being the new bot's return
  per deal over both games and its 95% interval (returns are zero-sum: the old bot's is its negation);
* against the heuristic bot, each search bot alone among heuristic bots, its seat rotating: its mean return
  per deal, and the difference between the new bot's and the old one's on the same deals (paired);
* the time each bot takes per decision it searches (mean milliseconds, on this machine).

The bots' settings give the new ones no more time per decision than the old: see :data:`SETTINGS`.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable

import numpy as np

from tricktaker import bots, sheepshead, tractor
from tricktaker.protocol import GameState

Maker = Callable[[], bots.Bot]

SETTINGS: dict[str, dict[str, Maker]] = {
    "sheepshead": {
        "pimc": lambda: bots.SheepsheadPIMCBot(),
        "solver-pimc": lambda: bots.SolverPIMCBot(),
        "ismcts": lambda: bots.ISMCTSBot(simulations=500),
        "heuristic": lambda: bots.SheepsheadHeuristicBot(),
    },
    "tractor": {
        "pimc": lambda: bots.TractorPIMCBot(),
        "solver-pimc": lambda: bots.SolverPIMCBot(),
        "ismcts": lambda: bots.ISMCTSBot(simulations=150),
        "heuristic": lambda: bots.TractorHeuristicBot(),
    },
}
"""Each game's bots as the tournaments play them."""


class Timed(bots.Stopwatch):
    """A bot that keeps the time it takes on the decisions with more than one legal action."""

    def __init__(self, bot: bots.Bot) -> None:
        super().__init__()
        self.bot = bot
        self.name = bot.name

    def act(self, state: GameState) -> int:
        return self.timed(state, self.bot.act)


def duplicate(game: str, a: bots.Bot, b: bots.Bot, deals: int, seed: int) -> np.ndarray:
    """Head to head in duplicate: every deal played twice, ``a`` and ``b`` alternating round the table and
    then swapped (Sheepshead: A B A B A, then B A B A B; Tractor: one team, then the other), so that each
    seat of each deal is held once by each bot. Returns ``a``'s return summed over its seats and both
    games, deal by deal (``b``'s is its negation: returns are zero-sum)."""
    module = sheepshead if game == "sheepshead" else tractor
    n = module.NUM_PLAYERS
    out = np.zeros(deals)
    for d in range(deals):
        for first in (a, b):
            other = b if first is a else a
            seating = [first if s % 2 == 0 else other for s in range(n)]
            state: GameState = (
                sheepshead.State.new(seed * 1_000_003 + d, dealer=d % n)
                if game == "sheepshead"
                else tractor.State.new(seed * 1_000_003 + d)
            )
            returns = bots.play_out(state, seating)
            out[d] += sum(r for s, r in enumerate(returns) if seating[s] is a)
    return out


def interval(x: np.ndarray) -> str:
    half = 1.96 * x.std(ddof=1) / math.sqrt(len(x))
    return f"{x.mean():+.3f} [{x.mean() - half:+.3f}, {x.mean() + half:+.3f}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game", choices=sorted(SETTINGS))
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    make = SETTINGS[args.game]
    n = 5 if args.game == "sheepshead" else 4
    timed: dict[str, list[Timed]] = {}
    print(f"{args.game}: {args.hands} deals a tournament, seed {args.seed}")
    for new in ("solver-pimc", "ismcts"):
        a, b = Timed(make[new]()), Timed(make["pimc"]())
        a.name, b.name = new, "pimc"
        scores = duplicate(args.game, a, b, args.hands // 2, args.seed)
        timed.setdefault(new, []).append(a)
        timed.setdefault("pimc", []).append(b)
        print(f"  {new} against pimc, duplicate head to head: {new} {interval(scores)} a deal (two games)")
    against: dict[str, np.ndarray] = {}
    for name in ("pimc", "solver-pimc", "ismcts"):
        bot = Timed(make[name]())
        result = bots.arena(
            args.game, [bot] + [make["heuristic"]() for _ in range(n - 1)], args.hands, args.seed
        )
        against[name] = result.returns[:, 0]
        timed.setdefault(name, []).append(bot)
        print(f"  {name} among heuristic bots: {interval(against[name])} a deal")
    for new in ("solver-pimc", "ismcts"):
        print(f"  {new} minus pimc among heuristic bots (paired): {interval(against[new] - against['pimc'])}")
    for name, runs in timed.items():
        seconds = sum(r.seconds for r in runs)
        decisions = sum(r.decisions for r in runs)
        print(f"  {name}: {1000 * seconds / max(1, decisions):.2f} ms a decision ({decisions} searched)")


if __name__ == "__main__":
    main()
