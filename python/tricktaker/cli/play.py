"""``tricktaker play GAME``: a person at one seat against the computer, at the game's table.

The options every game's ``play`` has are added here: ``--seed``, ``--seat``, ``--opponents`` (the heuristic
bot by default), ``--threads`` (of the search bot), ``--resume FILE`` (a game saved with ``save FILE`` at a
prompt), ``--record FILE`` and ``--plain``. The game's plug-in adds its own (``--hands`` or ``--rounds``, both
also ``--deals``; Tractor's ``--rounds`` also ``--hands``, as in ``arena``), its rule flags, and runs the
table.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping

from .common import DEFAULT_OPPONENTS, Game, add_plain_flag, add_seat_flag, add_seed_flag, add_threads_flag

__all__ = ["DEFAULT_OPPONENTS", "add_command"]

_EPILOG = """\
At a prompt, type a number from the list, a move ('play QC', or just the card: QC, Q♣, qc) or a command:
show (the table again), undo or u (take back your last move and the others' moves after it),
save FILE (save the game; continue it later with --resume FILE), help, quit.
The table shows suit symbols and colour on a terminal; --plain, a pipe or TERM=dumb give letters and no
colour, NO_COLOR (any value) only removes the colour."""


def add_command(
    commands: argparse._SubParsersAction[argparse.ArgumentParser], games: Mapping[str, Game]
) -> None:
    """Add ``play`` with one sub-command per game of ``games`` that offers it."""
    play = commands.add_parser(
        "play",
        help=f"play a game against the computer (the {DEFAULT_OPPONENTS} bot by default)",
        description=f"Play one seat against the computer: the {DEFAULT_OPPONENTS} bot by default, or"
        " --opponents random or pimc.",
    )
    play_games = play.add_subparsers(dest="game", required=True, metavar="GAME")
    for game in games.values():
        if game.play is None:
            continue
        sub = play_games.add_parser(
            game.name,
            help=game.summary,
            description=f"Play {game.name} at one seat against the {DEFAULT_OPPONENTS} bot (by default)"
            " at the other seats.",
            epilog=_EPILOG,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        add_seed_flag(sub, "seed of the deals and the opponents", note="default: random")
        add_seat_flag(sub, game.num_players)
        sub.add_argument(
            "--opponents",
            choices=sorted(game.bots),
            default=None,
            help=f"the bot at the other seats (default: {DEFAULT_OPPONENTS}; random chooses uniformly among"
            " the legal moves, pimc searches and is slower)",
        )
        add_threads_flag(sub, "threads of the pimc bot's rollouts", note="default 1", default=1)
        if game.add_play_options is not None:
            game.add_play_options(sub)
        sub.add_argument(
            "--resume",
            metavar="FILE",
            help="continue a game saved with 'save FILE' at a prompt, with its seat, seed and rules (and its"
            " opponents, unless --opponents is given)",
        )
        sub.add_argument(
            "--record",
            metavar="FILE",
            help="write the record of the game to FILE (JSON, tricktaker.record) when it ends or you leave",
        )
        add_plain_flag(sub)
        game.add_rule_options(sub)
        sub.set_defaults(run=game.play)
