"""What a seat knows (docs/tractor-protocol.md, "What a seat knows"; Rust: ``information.rs``).

The bodies of `State.information_state_key` and `State.observation` (whose docstrings say what they hold and
give the layout of the 939 numbers). A seat knows the cards it drew and where, after which draws the draw
stopped for someone to declare or pass (R18), the cards exposed to declare (R15), the talon if it is the
starter (R23) and the talon cards turned over (R20), every card played, what each lead really led (a failed
throw's forced component, R34), and the kitty once it knows it (R23, R41). The cards a ``kitty_size`` takes
out of the deck (F5) are a function of the options and the round's rank, known to all: they are in no plane.
"""

from __future__ import annotations

import array
import dataclasses
import hashlib
from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING, Final

from .actions import DECLARE_SINGLE, DISCARD
from .cards import MAX_COPIES, NUM_KINDS, NUM_PLAYERS, SUITS
from .format import _components
from .scoring import ACE
from .trick import TOTAL_POINTS

if TYPE_CHECKING:
    from .round import State


#: The shape of `State.observation` (a list of 939 floats here; see its layout there).
OBSERVATION_SHAPE: Final = (939,)


def _knows_kitty(state: State, player: int) -> bool:
    """The starter knows the kitty it discards (R23); everyone once the round is over (R41)."""
    return state._phase == "done" or (state._starter == player and state._phase in ("kitty", "play"))


def information_key(state: State, player: int) -> int:
    """`State.information_state_key`: a blake2b hash of the canonical repr of what ``player`` knows."""
    state._check_seat(player)
    setup = state._setup
    seen: list[object] = [
        "tractor information",
        player,
        setup.levels,
        (setup.declarers, setup.starter),
        dataclasses.astuple(state._rules),
        state._first,
        state._deals,
    ]
    if setup.hands is not None:  # a position from explicit cards
        trump = state._current_trump()
        seen.append(("position", setup.hands[player], trump.rank, trump.suit))
    else:
        # Its own draws of this deal, in order (R13); the talon if it took it; the turned talon (R20).
        own = tuple(
            (k, state._stack[k]) for k in range(state._drawn) if (state._first + k) % NUM_PLAYERS == player
        )
        talon = tuple(state._talon) if state._starter == player and state._phase != "draw" else None
        seen.append(("deal", own, talon, tuple(state._talon[: state._turned])))
    seen.append(tuple(sorted(state._kitty)) if _knows_kitty(state, player) else None)
    seen.append(tuple(state._stops))
    # Every play, as it was completed: a failed throw shows as the forced lead (R34).
    seen.append(
        tuple(
            tuple((seat, tuple(cards)) for seat, cards in trick) for trick in [*state._tricks, state._trick]
        )
    )
    hide_discards = state._starter != player  # another seat's discards are face down (R23)
    seen.append(
        tuple(
            DISCARD if hide_discards and DISCARD <= action < DECLARE_SINGLE else action
            for action in state._history
        )
    )
    digest = hashlib.blake2b(repr(seen).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little")


def observe(state: State, player: int) -> list[float]:
    """`State.observation`: what ``player`` may know as 939 numbers, in the layout given there (the Rust
    engine's ``observe``)."""
    state._check_seat(player)
    out = [0.0] * OBSERVATION_SHAPE[0]

    def relative(seat: int) -> int:
        return (seat - player) % NUM_PLAYERS

    def plane(base: int, cards: Iterable[int]) -> None:
        for kind, count in Counter(cards).items():
            out[base + kind] = count / MAX_COPIES

    plane(0, state._hands[player].elements())
    for trick in state._tricks:
        for seat, cards in trick:
            for kind in cards:
                out[54 + NUM_KINDS * relative(seat) + kind] += 1 / MAX_COPIES
    for seat, cards in state._trick:
        plane(270 + NUM_KINDS * relative(seat), cards)
    if state.current_player == player:
        plane(486, state._partial)
    for seat in range(NUM_PLAYERS):
        plane(540 + NUM_KINDS * relative(seat), state._exposed[seat].elements())
    if _knows_kitty(state, player):
        plane(756, state._kitty)
    plane(810, state._talon[: state._turned])
    if state._trump is not None:
        rank, suit = state._trump.rank, state._trump.suit
        out[864 + (13 if rank is None else rank - 2)] = 1.0
        out[878 + (4 if suit is None else SUITS.index(suit))] = 1.0
    if state._rank <= ACE:  # the level NT (F35) has no rank
        out[883 + state._rank - 2] = 1.0
    out[896 + ("draw", "kitty", "play", "done").index(state._phase)] = 1.0
    us = player % 2
    out[900] = state._levels[us] / 14
    out[901] = state._levels[1 - us] / 14
    out[902 + (2 if state._declarers is None else int(state._declarers != us))] = 1.0
    if state._starter is not None:
        out[905 + relative(state._starter)] = 1.0
    if state._phase == "play":
        out[909 + relative(state._leader)] = 1.0
    if state.current_player is not None:
        out[913 + relative(state.current_player)] = 1.0
    if state._standing is not None:
        out[917 + relative(state._standing.seat)] = 1.0
        out[921 + state._standing.strength - 1] = 1.0  # single, pair, joker pair
    out[924] = state._points / TOTAL_POINTS
    out[925] = state._trick_points[us] / TOTAL_POINTS
    out[926] = state._trick_points[1 - us] / TOTAL_POINTS
    out[927] = state._kitty_bonus / TOTAL_POINTS
    out[928] = state._drawn / state._deal.drawn  # of the 4h cards drawn (100 under R13; F5, F6)
    if state._trick:  # the lead (a failed throw's forced component, R34) until the trick is decided
        # F21: the lead as the round reads it, under min_tractor_length.
        components = _components(state._trick[0][1], state._current_trump(), state._rules.min_tractor_length)
        out[929] = (
            len(state._trick[0][1]) / state._deal.hand
        )  # / h: 25 under R13 (F5: a lead holds at most h)
        most = max(12, state._deal.hand // 2)  # pairs a lead can hold: 12 under R13, 13 with hands of 26, 27
        out[930] = sum(part.pairs for part in components) / most
        out[931] = max((part.pairs for part in components if part.kind == "tractor"), default=0) / most
        out[932] = float(len(components) > 1)
    out[933] = state._failed_throws / state._deal.hand  # at most one a trick, h tricks
    rules = state._rules
    options = (
        rules.allow_self_reinforce,
        rules.red_pair_overrides_black_pair,
        rules.plain_suit_gap_closing,
        rules.tractor_follow == "full",
        rules.kitty_multiplier == "exp",
    )
    for i, option in enumerate(options):
        out[934 + i] = float(option)
    return array.array("f", out).tolist()  # float32, as the Rust engine computes them
