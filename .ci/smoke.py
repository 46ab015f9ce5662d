"""The installed wheel works on its own: run by .ci/wheel in a fresh virtual environment with no Rust
toolchain on the PATH, from outside the checkout. Each check raises on failure (exit status 1)."""

from __future__ import annotations

import importlib.metadata
import json
import pathlib
import shutil
import subprocess
import sys
import sysconfig

import tricktaker
from tricktaker import bots, record, render, sheepshead, tractor

site = pathlib.Path(sysconfig.get_paths()["purelib"]).resolve()
package = pathlib.Path(tricktaker.__file__).resolve().parent
assert package.parent == site, f"tricktaker imported from {package}, not from the environment's {site}"
native = pathlib.Path(tricktaker._core.__file__).name
assert native.endswith(".abi3.so"), f"the extension is {native}, not a stable-ABI (abi3) build"
# The wheel's metadata carries the extras the README spells (pip install "tricktaker[envs]" after it).
extras = {
    r.split("extra ==")[1].strip().strip("\"'")
    for r in importlib.metadata.requires("tricktaker") or []
    if "extra ==" in r
}
assert {"envs", "ray", "test", "docs", "browser", "dev"} <= extras, f"the wheel's extras are {sorted(extras)}"
for tool in ("cargo", "rustc", "maturin"):
    assert shutil.which(tool) is None, f"{tool} is on the PATH: the smoke test must run without Rust"


def play_out(state: sheepshead.State | tractor.State, players: list[bots.Bot]) -> None:
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        state.apply_action(players[seat].act(state))


# A whole Sheepshead hand and a whole Tractor round between the heuristic bots, saved, recorded and drawn.
hand = sheepshead.State.new(seed=1)
play_out(hand, [bots.SheepsheadHeuristicBot() for _ in range(5)])
assert sum(hand.returns()) == 0
round_ = tractor.State.new(seed=1)
play_out(round_, [bots.TractorHeuristicBot() for _ in range(4)])
assert sum(round_.returns()) == 0
for state in (hand, round_):
    assert type(state).from_json(state.to_json()) == state
    assert type(state).from_record(json.dumps(state.to_record())) == state
    assert render.table(state).svg.startswith("<svg")
assert record.from_record(hand.to_record()).deals[0].final == hand

# Batches in Rust on every core.
assert sheepshead.random_playouts(10_000, seed=1).shape == (10_000, 5)
assert tractor.random_playouts(1_000, seed=1).shape == (1_000, 4)

# The command line the wheel installs.
for command in (
    ["tricktaker", "--version"],
    ["tricktaker", "simulate", "sheepshead", "--games", "20000", "--seed", "1"],
    ["tricktaker", "simulate", "tractor", "--games", "2000", "--seed", "1"],
    ["tricktaker", "arena", "sheepshead", "--bots", "heuristic,random", "--hands", "4", "--seed", "1"],
):
    done = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, f"{' '.join(command)} exited {done.returncode}:\n{done.stdout}{done.stderr}"
print(f"smoke test passed: tricktaker {tricktaker.__version__} ({native}) on Python {sys.version.split()[0]}")
