"""Saving a round: the JSON of the Rust engine (``rust/core/src/save.rs`` and
``rust/core/src/tractor/saving.rs``), so that each engine loads the other's saves.

The bodies of `State.to_json` and `State.from_json` (whose docstrings give the format): a save is the round's
options, levels and start (`origin`) plus its history as action texts, replayed with every legality check on
loading.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
from collections import Counter
from typing import TYPE_CHECKING, Final

from ...errors import InvalidStateError
from .cards import DECK_SIZE, MAX_COPIES, NUM_PLAYERS, _ids, _rank_text, _texts
from .origin import _check_round, _Restack, _Setup
from .rng import Rng, _generator, _is_int, _words
from .rules import Rules
from .trump import Trump

if TYPE_CHECKING:
    from .round import State


_SAVE_FORMAT: Final = 1  # the "format" of a JSON save, as rust/core/src/save.rs writes it


def to_json(state: State) -> str:
    """`State.to_json`: the round as the JSON text the Rust engine's ``to_json`` writes."""
    setup = state._setup
    start: dict[str, object]
    if setup.hands is not None:
        trump = state._current_trump()
        start = {
            "position": {
                "hands": [_texts(hand) for hand in setup.hands],
                "kitty": _texts(sorted(setup.kitty)),
                "trump": [None if trump.rank is None else _rank_text(trump.rank), trump.suit],
                "starter": setup.starter,
                "declarers": setup.declarers,
            }
        }
    else:
        words, restacks = _dealt_origin(state)
        deal: dict[str, object] = {
            "rng": list(words),
            "declarers": setup.declarers,
            "starter": setup.starter,
        }
        if restacks:
            deal["restacks"] = [
                {"deal": r.deal, "stack": " ".join(_texts(r.stack)), "after": list(r.after)} for r in restacks
            ]
        start = {"deal": deal}
    return json.dumps(
        {
            "game": "tractor",
            "format": _SAVE_FORMAT,
            "rules": dataclasses.asdict(state._rules),
            "levels": list(setup.levels),
            "start": start,
            "history": [state.action_to_string(action) for action in state._history],
        }
    )


def _dealt_origin(state: State) -> tuple[tuple[int, int, int, int], tuple[_Restack, ...]]:
    """The generator state a dealt round starts from and its restacked deals, as a save has them."""
    setup = state._setup
    if setup.stack is None:
        return _generator(setup.seed, setup.rng).state, setup.restacks
    # from_stack: deal 1 draws from the given stack; the generator then is Rng(seed) (R19 redeals).
    restacks = setup.restacks
    if all(restack.deal != 1 for restack in restacks):
        restacks = (_Restack(1, setup.stack, Rng(setup.seed).state), *restacks)
    if setup.declarers is not None:  # a later round: the starter draws first (R14)
        return Rng(setup.seed).state, restacks
    if state._rules.first_drawer_round1 == "seat0":
        if setup.first_drawer != 0:
            raise ValueError(
                f"a round from from_stack with first drawer {setup.first_drawer} under"
                " first_drawer_round1 = 'seat0' has no save format"
            )
        return Rng(setup.seed).state, restacks
    # R14 by lot: a generator whose first below(4) (drawn before the shuffle) is the first drawer.
    seed = next(s for s in itertools.count() if Rng(s).below(NUM_PLAYERS) == setup.first_drawer)
    return Rng(seed).state, restacks


def from_json(cls: type[State], text: str | bytes) -> State:
    """`State.from_json`: the round saved by `to_json` (by either engine), its history replayed."""
    try:
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("game") != "tractor":
            raise ValueError("not a saved tractor state")
        if data.get("format") != _SAVE_FORMAT:
            raise ValueError(f"unknown save format {data.get('format')!r}")
        state = _saved_start(cls, data)
        history = data["history"]
        if not isinstance(history, list):
            raise ValueError("the history must be a list of action texts")
        for i, text_action in enumerate(history):
            if not isinstance(text_action, str):
                raise ValueError(f"action {i} is not a text: {text_action!r}")
            try:
                state.apply_action(state.string_to_action(text_action))
            except ValueError as error:
                raise ValueError(f"action {i} ({text_action!r}) cannot be replayed: {error}") from None
        return state
    except (ValueError, TypeError, KeyError, AttributeError, OverflowError) as error:
        raise InvalidStateError(f"corrupted saved game: {type(error).__name__}: {error}") from None


def _saved_start(cls: type[State], data: dict[str, object]) -> State:
    """The round a save starts from, before its history."""
    rules_data = data["rules"]
    if not isinstance(rules_data, dict):
        raise ValueError("the rules must be an object")
    rules = Rules(**rules_data)
    levels = data["levels"]
    if not isinstance(levels, list) or not all(_is_int(level) for level in levels):
        raise ValueError(f"levels must be two ints, got {levels!r}")
    start = data["start"]
    if not isinstance(start, dict) or len(start) != 1:
        raise ValueError("start must hold one of 'deal' or 'position'")
    if "position" in start:
        pos = start["position"]
        rank, suit = pos["trump"]
        return cls.from_cards(
            pos["hands"],
            pos["kitty"],
            Trump(rank, suit),
            pos["starter"],
            pos["declarers"],
            rules,
            levels,
        )
    deal = start["deal"]
    if not isinstance(deal, dict):
        raise ValueError("the deal must be an object")
    parsed_levels, declarers, starter = _check_round(
        levels, deal["declarers"], deal["starter"], after_ace=rules.after_ace
    )
    restacks: list[_Restack] = []
    for saved in deal.get("restacks", []):
        number = saved["deal"]
        if not _is_int(number) or number < 1 or (restacks and number <= restacks[-1].deal):
            raise ValueError("restacked deals are numbered from 1, in increasing order")
        stack = _ids(saved["stack"].split(), f"the stack of deal {number}")
        if len(stack) != DECK_SIZE or set(Counter(stack).values()) != {MAX_COPIES}:
            raise ValueError(f"the stack of deal {number} must hold all {DECK_SIZE} cards, each twice (R2)")
        restacks.append(_Restack(number, tuple(stack), _generator(0, _words(saved["after"])).state))
    state = object.__new__(cls)
    state._rules = rules
    state._setup = _Setup(
        parsed_levels,
        declarers,
        starter,
        rng=_generator(0, _words(deal["rng"])).state,
        restacks=tuple(restacks),
    )
    state._reset()
    return state
