"""``tricktaker arena GAME --bots …``: a seeded tournament between the bots a game's plug-in offers."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Mapping

from .. import bots
from .common import Console, Game, count_arg, seed_arg

__all__ = ["add_command"]


def add_command(
    commands: argparse._SubParsersAction[argparse.ArgumentParser], games: Mapping[str, Game]
) -> None:
    """Add ``arena`` with one sub-command per game of ``games``."""
    arena = commands.add_parser(
        "arena",
        help="play a seeded tournament between bots and print their mean returns",
        description="Bots play many deals, rotating seats, and their mean returns are printed with 95%"
        " confidence intervals.",
    )
    arena_games = arena.add_subparsers(dest="game", required=True, metavar="GAME")
    for game in games.values():
        sub = arena_games.add_parser(game.name, help=game.summary)
        sub.add_argument(
            "--bots",
            required=True,
            metavar="NAMES",
            help=f"comma-separated, one per seat ({', '.join(sorted(game.bots))}); the last one fills"
            " the empty seats",
        )
        sub.add_argument(
            "--hands", type=count_arg(1, "--hands"), default=200, metavar="N", help="deals to play"
        )
        sub.add_argument("--seed", type=seed_arg, default=0, metavar="S", help="seed, 0 to 2**64 - 1")
        sub.add_argument("--json", action="store_true", help="print the results as one JSON object")
        sub.set_defaults(run=_arena_runner(game))


def _arena_runner(game: Game) -> Callable[[argparse.Namespace, Console], int]:
    def run(args: argparse.Namespace, console: Console) -> int:
        return _run_arena(game, args, console)

    return run


def _run_arena(game: Game, args: argparse.Namespace, console: Console) -> int:
    names: list[str] = args.bots.split(",")
    unknown = [n for n in names if n not in game.bots]
    if unknown or not names or len(names) > game.num_players:
        console.err.write(
            f"tricktaker arena: error: --bots takes 1 to {game.num_players} of {', '.join(game.bots)},"
            f" comma-separated, not {args.bots!r}\n"
        )
        return 2
    names += [names[-1]] * (game.num_players - len(names))
    field = [game.bots[n](args.seed + i) for i, n in enumerate(names)]
    result = bots.arena(args.game, field, args.hands, args.seed)
    if args.json:
        data = {
            "game": args.game,
            "hands": args.hands,
            "seed": args.seed,
            "bots": [
                {"seat_order": i, "name": n, "mean": result.mean[i], "interval": list(result.interval(i))}
                for i, n in enumerate(names)
            ],
        }
        console.out.write(json.dumps(data) + "\n")
    else:
        console.out.write(result.table() + "\n")
    return 0
