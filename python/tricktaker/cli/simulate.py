"""``tricktaker simulate GAME``: many random hands (rounds) played in Rust, and what happened in them.

The hands are played in chunks of :data:`tricktaker.cli.CHUNK` (one progress-bar step each), chunk ``k``
seeded with :func:`~tricktaker.cli.common.chunk_seed`; each game's plug-in adds them up in its own
:class:`~tricktaker.cli.common.Tally`.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Mapping
from typing import Any

from .common import (
    MAX_COUNT,
    Console,
    Game,
    ProgressBar,
    add_number_flag,
    add_plain_flag,
    add_progress_flag,
    add_seed_flag,
    add_threads_flag,
    chunk_seed,
    plural,
    wants_progress,
)

__all__ = ["add_command"]


def _chunk() -> int:
    """:data:`tricktaker.cli.CHUNK`, read when it is needed (so that it can be changed there, as tests do)."""
    from . import CHUNK

    return CHUNK


def add_command(
    commands: argparse._SubParsersAction[argparse.ArgumentParser], games: Mapping[str, Game]
) -> None:
    """Add ``simulate`` with one sub-command per game of ``games``."""
    simulate = commands.add_parser(
        "simulate",
        help="play many random hands in Rust and print outcome statistics",
        description="Play many random hands (every decision uniform among the legal actions) and print what"
        " happened.",
    )
    simulate_games = simulate.add_subparsers(dest="game", required=True, metavar="GAME")
    for game in games.values():
        sub = simulate_games.add_parser(
            game.name,
            help=game.summary,
            description=f"Simulate random {game.name} {game.unit}.",
            epilog=_simulate_epilog(game.unit),
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        add_number_flag(
            sub,
            "--games",
            1,
            MAX_COUNT,
            f"{game.unit} to play (required)",
            note="e.g. 1e6",
            aliases=("--deals",),
            metavar="N",
        )
        add_seed_flag(sub, "seed", required=True)
        add_threads_flag(sub)
        sub.add_argument("--json", action="store_true", help="print the statistics as one JSON object")
        add_progress_flag(sub)
        add_plain_flag(sub, cards=False)
        game.add_rule_options(sub)
        sub.set_defaults(run=_simulate_runner(game))


def _simulate_epilog(unit: str) -> str:
    one, chunk = unit.removesuffix("s"), _chunk()
    return (
        f"{unit.capitalize()} are played in chunks of {chunk:,} (one progress step each): chunk k is seeded"
        " from --seed and k, so the\nstatistics depend on --seed, --games and the rule options, and never on"
        f" --threads. {one.capitalize()} i is the same in every\nrun with the same seed and rules (a run's"
        f" {unit} are a prefix of a longer run's)."
    )


def _simulate_runner(game: Game) -> Callable[[argparse.Namespace, Console], int]:
    def run(args: argparse.Namespace, console: Console) -> int:
        return _run_simulate(game, args, console)

    return run


def _run_simulate(game: Game, args: argparse.Namespace, console: Console) -> int:
    tally = game.new_tally(args)
    total: int = args.games
    unit = game.unit
    bar = (
        ProgressBar(total, console.err, unit=unit, description=f"simulate {game.name}", plain=console.plain)
        if wants_progress(args, console)
        else None
    )
    seconds = 0.0
    done = 0
    k = 0
    chunk = _chunk()
    try:
        while done < total:
            n = min(chunk, total - done)
            seconds += tally.simulate(n, chunk_seed(args.seed, k), args.threads)
            done += n
            k += 1
            if bar is not None:
                bar.update(done)
    finally:
        if bar is not None:
            bar.close()
    stats: dict[str, Any] = {
        "game": game.name,
        "seed": args.seed,
        "games": total,
        "rules": game.rules_dict(args),
        **tally.statistics(),
        "threads": args.threads,
        "seconds": seconds,
        f"{unit}_per_second": total / seconds if seconds > 0 else None,
    }
    if args.json:
        console.print(json.dumps(stats))
        return 0
    rules = ", ".join(f"{key}={value}" for key, value in stats["rules"].items())
    console.print(f"{game.name}: {total:,} random {unit}, seed {args.seed}")
    console.print(f"rules: {rules}")
    for line in tally.report(stats):
        console.print(line)
    threads = "one thread per core" if args.threads is None else plural(args.threads, "thread")
    rate = stats[f"{unit}_per_second"]
    console.print(
        f"throughput: {rate:,.0f} {unit}/s ({total:,} {unit} in {seconds:.3f} s, {threads})"
        if rate is not None
        else f"throughput: n/a ({total:,} {unit} in under a clock tick)"
    )
    return 0
