"""tricktaker's native ISMCTS against OpenSpiel's own ISMCTS, on the same games through OpenSpiel's
``evaluate_bots`` (extra ``[openspiel]``; :func:`tricktaker.openspiel.compare`, also ``tricktaker bench
--openspiel``):

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

from tricktaker import openspiel


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
        c = openspiel.compare(name, deals=args.deals, ms=args.ms, seed=args.seed)
        low, high = c.mean - c.half_width, c.mean + c.half_width
        print(
            f"| {name} | {c.openspiel_rate:,.0f} | {c.tricktaker_rate:,.0f} |"
            f" {c.tricktaker_rate / c.openspiel_rate:,.0f}x | {c.mean:+.3f} [{low:+.3f}, {high:+.3f}]"
            f" ({args.deals} deals x 2; theirs {c.openspiel_simulations} sims a move) |"
            f" {c.ms[0]:.1f} / {c.ms[1]:.1f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
