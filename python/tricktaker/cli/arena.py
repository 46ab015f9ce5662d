"""``tricktaker arena GAME --bots …``: a seeded tournament between the bots a game's plug-in offers."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Mapping

from .. import bots
from .common import MAX_SEED, Console, Game, add_number_flag, add_seed_flag, quoted

__all__ = ["MAX_ARENA_HANDS", "add_command", "bots_arg"]

MAX_ARENA_HANDS = bots.MAX_ARENA_HANDS
"""The most deals an ``arena`` plays (the library's bound: the bots play in Python and every return is kept,
so a million deals is already hours for the search bots). The least is 2 (a confidence interval)."""


def bots_arg(game: Game) -> Callable[[str], list[str]]:
    """An argparse ``type``: 1 to ``game.num_players`` of ``game.bots``'s names, comma-separated (spaces
    around a name are ignored)."""

    def parse(text: str) -> list[str]:
        names = [name.strip() for name in text.split(",")]
        if not all(name in game.bots for name in names) or len(names) > game.num_players:
            raise argparse.ArgumentTypeError(
                f"takes 1 to {game.num_players} of {', '.join(game.bots)}, comma-separated,"
                f" not {quoted(text)}"
            )
        return names

    return parse


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
            type=bots_arg(game),
            required=True,
            metavar="NAMES",
            help=f"comma-separated, one per seat ({', '.join(sorted(game.bots))}); the last one fills"
            " the empty seats",
        )
        add_number_flag(
            sub, "--hands", 2, MAX_ARENA_HANDS, "deals to play", note="default 200", default=200, metavar="N"
        )
        add_seed_flag(sub, "seed", note="default 0", default=0)
        sub.add_argument("--json", action="store_true", help="print the results as one JSON object")
        sub.set_defaults(run=_arena_runner(game))


def _arena_runner(game: Game) -> Callable[[argparse.Namespace, Console], int]:
    def run(args: argparse.Namespace, console: Console) -> int:
        return _run_arena(game, args, console)

    return run


def _run_arena(game: Game, args: argparse.Namespace, console: Console) -> int:
    names: list[str] = list(args.bots)
    names += [names[-1]] * (game.num_players - len(names))
    field = [game.bots[n]((args.seed + i) & MAX_SEED) for i, n in enumerate(names)]
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
