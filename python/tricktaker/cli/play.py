"""``tricktaker play GAME``: a person at one seat against the computer, at the game's table.

The options every game's ``play`` has (``--seed``, ``--seat``, ``--opponents``) are added here; the game's
plug-in adds its own, its rule flags, and runs the table.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping

from .common import Game, add_seat_flag, add_seed_flag

__all__ = ["add_command"]


def add_command(
    commands: argparse._SubParsersAction[argparse.ArgumentParser], games: Mapping[str, Game]
) -> None:
    """Add ``play`` with one sub-command per game of ``games`` that offers it."""
    play = commands.add_parser(
        "play",
        help="play a game against random opponents",
        description="Play one seat against opponents choosing at random.",
    )
    play_games = play.add_subparsers(dest="game", required=True, metavar="GAME")
    for game in games.values():
        if game.play is None:
            continue
        sub = play_games.add_parser(
            game.name, help=game.summary, description=f"Play {game.name} against random opponents."
        )
        add_seed_flag(sub, "seed of the deals and the opponents", note="default: random")
        add_seat_flag(sub, game.num_players)
        sub.add_argument(
            "--opponents",
            choices=sorted(game.bots),
            default="random",
            help="how the other seats play (default: uniformly at random)",
        )
        if game.add_play_options is not None:
            game.add_play_options(sub)
        game.add_rule_options(sub)
        sub.set_defaults(run=game.play)
