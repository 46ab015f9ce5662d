"""Before and after in one run: the hot paths of two builds of tricktaker, timed side by side on one machine.

    python benches/compare_builds.py BEFORE_DIR AFTER_DIR [--rounds 8]

Each directory holds a ``tricktaker`` package with its built extension (a copy of ``python/`` after
``pip install -e .``, say). Every round runs both builds at the same time, each pinned to its own core with
``taskset`` and the cores swapped every round, so that both see the same machine; a round gives one ratio per
figure (after / before), and the table reports the medians of the figures and the geometric mean of the
ratios (which cancels the difference between the two cores over the swapped rounds). On a noisy machine only
the ratios mean something; the figures are what one thread did while the other core was busy too.
"""

from __future__ import annotations

import argparse
import json
import math
import shutil
import statistics
import subprocess
import sys

WORKLOAD = r"""
import json, time
from tricktaker import sheepshead, tractor

def rate(count, work):
    start = time.perf_counter()
    work()
    return count / (time.perf_counter() - start)

def steps(game, games):
    count, start = 0, time.perf_counter()
    for seed in range(games):
        state = game.State.new(seed)
        k = seed
        while not state.is_terminal:
            actions = state.legal_actions()
            state.apply_action(actions[k % len(actions)])
            k += 1
            count += 1
    return count / (time.perf_counter() - start)

sheepshead.random_playouts(20_000, 1, threads=1)
tractor.random_playouts(2_000, 1, threads=1)
print(json.dumps({
    "Sheepshead random_playouts, 1 thread (hands/s)":
        rate(400_000, lambda: sheepshead.random_playouts(400_000, 3, threads=1)),
    "Tractor random_playouts, 1 thread (rounds/s)":
        rate(40_000, lambda: tractor.random_playouts(40_000, 3, threads=1)),
    "Sheepshead legal_actions + apply_action from Python (steps/s)": steps(sheepshead, 30_000),
    "Tractor legal_actions + apply_action from Python (steps/s)": steps(tractor, 3_000),
}))
"""


def run(path: str, core: int) -> subprocess.Popen[str]:
    code = f"import sys; sys.path.insert(0, {path!r})\n" + WORKLOAD
    command = [sys.executable, "-c", code]
    if shutil.which("taskset"):
        command = ["taskset", "-c", str(core), *command]
    return subprocess.Popen(command, stdout=subprocess.PIPE, text=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--rounds", type=int, default=8, help="rounds, best even (default 8)")
    args = parser.parse_args()
    figures: dict[str, dict[str, list[float]]] = {"before": {}, "after": {}}
    for r in range(args.rounds):
        cores = (0, 1) if r % 2 == 0 else (1, 0)
        procs = {"before": run(args.before, cores[0]), "after": run(args.after, cores[1])}
        for label, proc in procs.items():
            out, _ = proc.communicate()
            if proc.returncode:
                raise SystemExit(f"the {label} build failed")
            for name, value in json.loads(out).items():
                figures[label].setdefault(name, []).append(value)
    print(f"{'figure':66} {'before':>11} {'after':>11} {'ratio':>7}")
    for name, before in figures["before"].items():
        after = figures["after"][name]
        ratio = math.exp(statistics.fmean(math.log(a / b) for a, b in zip(after, before, strict=True)))
        print(f"{name:66} {statistics.median(before):11,.0f} {statistics.median(after):11,.0f} {ratio:7.3f}")


if __name__ == "__main__":
    main()
