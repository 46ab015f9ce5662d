"""Sheepshead: 5 players, 32 cards, picker and blind, called ace, leaster (``shared/rules/sheepshead.md``).

:class:`State` is one hand and implements the search protocol shared by every tricktaker game;
:class:`Match` plays a series of hands with cumulative scores (R33, R34); :func:`random_playouts` plays many
random hands in Rust, in parallel, with the GIL released.

Actions are numbered (``NUM_ACTIONS = 105``, see ``docs/sheepshead-protocol.md``) and have a text form:
``pick``, ``pass``, ``bury QC``, ``call AH``, ``alone``, ``under 7D``, ``play 10D``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from . import _core, _saving
from .errors import IllegalActionError

__all__ = [
    "NUM_ACTIONS",
    "NUM_PLAYERS",
    "OBSERVATION_SHAPE",
    "HandRecord",
    "Match",
    "Rules",
    "Simulation",
    "State",
    "VectorState",
    "card_points",
    "observations",
    "playouts",
    "random_playouts",
    "simulate",
    "suit_of",
    "trick_winner",
    "trumps",
]

State = _core.SheepsheadState
Rules = _core.SheepsheadRules
VectorState = _core.SheepsheadVectorState
trick_winner = _core.sheepshead_trick_winner
suit_of = _core.sheepshead_suit_of
card_points = _core.sheepshead_card_points
trumps = _core.sheepshead_trumps
NUM_ACTIONS: int = _core.SHEEPSHEAD_NUM_ACTIONS
OBSERVATION_SHAPE: tuple[int] = (_core.SHEEPSHEAD_OBSERVATION_SIZE,)
"""The shape of ``State.observation(player)``; the layout is documented in ``docs/sheepshead-protocol.md``."""
NUM_PLAYERS: int = _core.SHEEPSHEAD_NUM_PLAYERS


def random_playouts(
    n: int, seed: int, *, threads: int | None = None, rules: Rules | None = None
) -> npt.NDArray[np.int32]:
    """Play ``n`` random hands in Rust and return their returns as an ``(n, 5)`` int32 array.

    Hand ``i`` is a fresh deal (dealer 0) from a seed derived from ``seed`` and ``i``, played with every
    decision uniform among the legal actions; the result depends only on ``n``, ``seed`` and ``rules``, not on
    ``threads`` (default: one thread per core). The GIL is released while the hands are played.
    """
    _saving.check_batch(n, threads)
    return _core.sheepshead_random_playouts(n, seed, threads=threads, rules=rules)


@dataclass(frozen=True)
class Simulation:
    """What happened in a batch of random hands; every field is an array with one row per hand."""

    returns: npt.NDArray[np.int32]
    """``(n, 5)``: each seat's return."""
    picker: npt.NDArray[np.int32]
    """The picker's seat, -1 when all passed."""
    partner: npt.NDArray[np.int32]
    """The holder of the called card, -1 when the picker went alone or nobody picked."""
    called: npt.NDArray[np.int32]
    """The called card's Sheepshead index (``docs/sheepshead-protocol.md``), -1 when nothing was called."""
    picking_side_points: npt.NDArray[np.int32]
    """P of R26 (tricks plus the bury), -1 without a picker."""
    picking_side_tricks: npt.NDArray[np.int32]
    """Tricks taken by the picker and partner, -1 without a picker."""
    leaster: npt.NDArray[np.bool_]
    """Whether the hand was a leaster (R31)."""

    def __len__(self) -> int:
        return len(self.picker)


def simulate(n: int, seed: int, *, threads: int | None = None, rules: Rules | None = None) -> Simulation:
    """Play ``n`` random hands in Rust exactly as :func:`random_playouts` does; say what happened in each."""
    _saving.check_batch(n, threads)
    table = _core.sheepshead_random_summaries(n, seed, threads=threads, rules=rules)
    column = {name: table[:, i] for i, name in enumerate(_core.SHEEPSHEAD_SUMMARY_COLUMNS)}
    return Simulation(
        returns=np.ascontiguousarray(table[:, :NUM_PLAYERS]),
        picker=column["picker"],
        partner=column["partner"],
        called=column["called"],
        picking_side_points=column["picking_side_points"],
        picking_side_tricks=column["picking_side_tricks"],
        leaster=column["leaster"].astype(bool),
    )


def playouts(state: State, n: int, seed: int, *, threads: int | None = None) -> npt.NDArray[np.int32]:
    """Finish ``state`` at random ``n`` times (rollouts): an ``(n, 5)`` int32 array of the returns.

    Every rollout starts from a copy of ``state`` (which is not changed) and chooses uniformly among the legal
    actions; rollout ``i`` depends only on ``seed`` and ``i``. Runs in Rust on ``threads`` threads (default:
    one per core) with the GIL released: with :meth:`State.resample`, the core of a PIMC or ISMCTS search.
    """
    _saving.check_batch(n, threads)
    return _core.sheepshead_playouts(state, n, seed, threads=threads)


def observations(
    states: Sequence[State], players: Sequence[int], out: npt.NDArray[np.float32] | None = None
) -> npt.NDArray[np.float32]:
    """``players[i]``'s observation of ``states[i]`` for every i, as one ``(n, *OBSERVATION_SHAPE)`` float32
    array, computed in one call (written into ``out`` when given)."""
    return _core.sheepshead_observations(list(states), list(players), out)


# ---- saving: JSON and pickling (called by the native State) ----


def _rules_from_dict(options: dict[str, Any]) -> Rules:
    return _saving.rules_from_dict(Rules, options)


def _state_to_json(state: State) -> str:
    fields = {
        "rules": state.rules.to_dict(),
        "dealer": state.dealer,
        "multiplier": state.multiplier,
        "hands": [[str(c) for c in hand] for hand in state.dealt_hands()],
        "blind": [str(c) for c in state.blind],
        "rng": list(state.rng_state),
    }
    return _saving.dumps("sheepshead", fields, [state.action_to_string(a) for a in state.history()])


def _state_from_json(text: str | bytes) -> State:
    """Rebuild a state saved by ``to_json``; a bad save raises :class:`~tricktaker.InvalidStateError`."""

    def start(data: dict[str, Any]) -> State:
        state = State.from_cards(
            data["hands"],
            data["blind"],
            dealer=data["dealer"],
            rules=_rules_from_dict(data["rules"]),
            multiplier=data["multiplier"],
        )
        state.rng_state = tuple(data["rng"])
        return state

    return _saving.loads(text, "sheepshead", start)


# ---- rendering ----


def _render(state: State) -> str:
    """The table at a glance: who dealt and picked, each hand, the trick on the table, the score."""
    head = f"Sheepshead · dealer {state.dealer} · {state.phase}"
    if state.multiplier > 1:
        head += f" · counts x{state.multiplier}"
    if state.phase == "play":
        head += f" · trick {state.trick_number + 1} of 6"
    lines = [head]
    if state.is_leaster:
        lines.append("All passed: leaster (fewest points with a trick wins)")
    elif state.is_doubler:
        lines.append("All passed: doubler (thrown in, the next hand counts double)")
    elif state.picker is not None:
        role = f"Picker: seat {state.picker}"
        if state.called_card is not None:
            partner = state.partner
            role += f" · called {state.called_card} · partner " + (
                f"seat {partner}" if partner is not None else "unknown"
            )
        elif state.phase in ("play", "done"):
            role += " · alone"
        lines.append(role)
    points, tricks = state.points(), state.tricks_won()
    for seat in range(NUM_PLAYERS):
        cards = " ".join(str(c) for c in state.hand(seat)) or "-"
        mark = "  ← to act" if state.current_player == seat else ""
        lines.append(f"  seat {seat}: {cards:<26} {points[seat]:>3} pts {tricks[seat]} tricks{mark}")
    trick = state.current_trick()
    if trick:
        lines.append("Trick: " + "  ".join(f"{seat}:{card}" for seat, card in trick))
    if state.is_terminal:
        lines.append("Returns: " + " ".join(f"{r:+d}" for r in state.returns()))
    return "\n".join(lines)


# ---- a match ----


@dataclass(frozen=True)
class HandRecord:
    """One finished deal of a :class:`Match`."""

    number: int
    dealer: int
    multiplier: int
    returns: tuple[int, ...]
    history: tuple[str, ...]
    doubler: bool


@dataclass
class Match:
    """A game of several hands (R33, R34): the deal passes left (R9), scores add up, doublers carry over.

    ``match.state`` is the hand in progress; play it through its protocol, then call :meth:`next_hand`.
    A doubler (all passed with ``all_pass="doubler"``, R32) is thrown in and does not count as a hand played;
    each doubler makes one later played hand count double (the engine default of R32).
    """

    seed: int
    rules: Rules = field(default_factory=Rules)
    dealer: int = 0
    state: State = field(init=False)
    scores: list[int] = field(init=False)
    pending_doublers: int = field(init=False, default=0)
    record: list[HandRecord] = field(init=False, default_factory=list)

    def __post_init__(self) -> None:
        self.state = State.new(self.seed, rules=self.rules, dealer=self.dealer)
        self.scores = [0] * NUM_PLAYERS

    @property
    def hands_per_game(self) -> int:
        return self.rules.hands_per_game

    @property
    def hands_played(self) -> int:
        """Finished hands that were played (doublers excluded)."""
        return sum(1 for r in self.record if not r.doubler)

    @property
    def is_over(self) -> bool:
        return self.hands_played >= self.hands_per_game

    def winners(self) -> list[int]:
        """The seats with the highest cumulative score."""
        best = max(self.scores)
        return [seat for seat, score in enumerate(self.scores) if score == best]

    def next_hand(self) -> State:
        """Score the finished hand and deal the next one; returns the new ``state``."""
        if not self.state.is_terminal:
            raise IllegalActionError("the current hand is not finished")
        if self.is_over:
            raise IllegalActionError(f"the match is over after {self.hands_per_game} hands")
        self._score(self.state)
        if not self.is_over:
            multiplier = 2 if self.pending_doublers else 1
            self.state = self.state.next_hand(multiplier=multiplier)
        return self.state

    def _score(self, hand: State) -> None:
        returns = hand.returns()
        self.scores = [s + r for s, r in zip(self.scores, returns, strict=True)]
        if hand.is_doubler:
            self.pending_doublers += 1
        elif hand.multiplier > 1:
            self.pending_doublers -= 1
        self.record.append(
            HandRecord(
                number=len(self.record) + 1,
                dealer=hand.dealer,
                multiplier=hand.multiplier,
                returns=tuple(returns),
                history=tuple(hand.action_to_string(a) for a in hand.history()),
                doubler=hand.is_doubler,
            )
        )
