"""The games' plug-ins of the command line: ``cli/games/<name>.py`` for each game of
:data:`tricktaker.protocol.GAMES`, each with a :class:`~tricktaker.cli.common.Game` named ``GAME``.

A new game is registered in :mod:`tricktaker.protocol`; it appears on the command line once it has a plug-in
here (a registered game without one is not offered).
"""

from __future__ import annotations

import importlib

from ...protocol import GAMES as _REGISTERED
from ..common import Game

__all__ = ["GAMES", "plugin"]


def plugin(name: str) -> Game | None:
    """The command-line plug-in of the registered game ``name``, or ``None`` if it has none."""
    module_name = f"{__name__}.{name}"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name != module_name:
            raise
        return None
    game = getattr(module, "GAME", None)
    if not isinstance(game, Game) or game.name != name:
        raise TypeError(f"{module_name}.GAME must be the Game named {name!r}")
    return game


GAMES: dict[str, Game] = {name: game for name in _REGISTERED if (game := plugin(name)) is not None}
"""The games the command line offers, by name, in the order of :data:`tricktaker.protocol.GAMES`."""
