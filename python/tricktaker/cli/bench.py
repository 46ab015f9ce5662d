"""``tricktaker bench``: the Rust engines against the pure-Python reference ones (:mod:`tricktaker.bench`),
with a progress bar of the measured lines on stderr."""

from __future__ import annotations

import argparse
import dataclasses
import json

from .common import Console, ProgressBar, add_plain_flag, add_progress_flag, new_table, wants_progress

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
    bench.add_argument(
        "--openspiel",
        action="store_true",
        help="instead, our ISMCTS against OpenSpiel's on both games at equal time a move (the [openspiel]"
        " extra; --quick: 2 deals each, default: 20)",
    )
    add_progress_flag(bench)
    add_plain_flag(bench, cards=False)
    bench.set_defaults(run=_run_bench)


def _run_bench(args: argparse.Namespace, console: Console) -> int:
    if args.openspiel:
        return _run_openspiel(args, console)
    # Imported here: it loads the reference engines, which the other commands do not need.
    from .. import bench

    what = "measuring both engines" + (" (quick)" if args.quick else "")
    bar: ProgressBar | None = None
    if wants_progress(args, console):
        bar = ProgressBar(1, console.err, unit="lines", description=what, plain=console.plain)
    else:
        console.err.write(what + "…\n")

    def progress(done: int, total: int, work: str) -> None:
        if bar is not None:
            bar.update(done, description=work, total=total)

    try:
        measurements = bench.run(quick=args.quick, progress=progress)
    finally:
        if bar is not None:
            bar.close()
    if args.json:
        console.out.write(bench.to_json(measurements) + "\n")
        return 0
    table = new_table(
        console.look,
        "game",
        "work",
        "rust /s",
        "reference /s",
        "ratio",
        right=("rust /s", "reference /s", "ratio"),
    )
    for m in measurements:
        table.add_row(
            m.game, m.work, f"{m.rust_per_second:,.0f}", f"{m.reference_per_second:,.1f}", f"{m.ratio:,.0f}x"
        )
    console.show(table)
    return 0


def _run_openspiel(args: argparse.Namespace, console: Console) -> int:
    try:
        from .. import openspiel
    except ImportError as error:
        console.err.write(f"tricktaker: error: {error}\n")
        return 2
    deals = 2 if args.quick else 20
    rows = []
    for game in openspiel.GAME_NAMES:
        console.err.write(f"{game}: both searches, {deals} duplicate deals at 20 ms a move…\n")
        rows.append(openspiel.compare(game, deals=deals, ms=20.0))
    if args.json:
        console.out.write(json.dumps([dataclasses.asdict(c) for c in rows]) + "\n")
        return 0
    table = new_table(
        console.look,
        "game",
        "OpenSpiel ISMCTS sims/s",
        "our ISMCTS sims/s",
        "ratio",
        "ours a deal [95%]",
        "ms a move: ours / theirs",
        right=("OpenSpiel ISMCTS sims/s", "our ISMCTS sims/s", "ratio"),
    )
    for c in rows:
        table.add_row(
            c.game,
            f"{c.openspiel_rate:,.0f}",
            f"{c.tricktaker_rate:,.0f}",
            f"{c.tricktaker_rate / c.openspiel_rate:,.0f}x",
            f"{c.mean:+.2f} [{c.mean - c.half_width:+.2f}, {c.mean + c.half_width:+.2f}]",
            f"{c.ms[0]:.1f} / {c.ms[1]:.1f}",
        )
    console.show(table)
    return 0
