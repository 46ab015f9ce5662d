"""``tricktaker bench``: the Rust engines against the pure-Python reference ones (:mod:`tricktaker.bench`)."""

from __future__ import annotations

import argparse

from .common import Console

__all__ = ["add_command"]


def add_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``bench`` (it measures every game that has a reference engine)."""
    bench = commands.add_parser(
        "bench",
        help="measure the Rust engines against the pure-Python reference engines",
        description="Time the same work (random games, protocol steps, legal moves, clones) on the Rust"
        " engines and on the pure-Python reference engines in one run, and print throughput and ratios.",
    )
    bench.add_argument("--quick", action="store_true", help="a few seconds (default: about a minute)")
    bench.add_argument("--json", action="store_true", help="print the measurements as JSON, to track them")
    bench.set_defaults(run=_run_bench)


def _run_bench(args: argparse.Namespace, console: Console) -> int:
    # Imported here: it loads the reference engines, which the other commands do not need.
    from .. import bench

    console.err.write("measuring both engines" + (" (quick)" if args.quick else "") + "…\n")
    measurements = bench.run(quick=args.quick)
    console.out.write((bench.to_json(measurements) if args.json else bench.format_table(measurements)) + "\n")
    return 0
