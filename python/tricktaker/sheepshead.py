"""Sheepshead: 32 cards, picker and blind, called ace, leaster (``docs/rules/sheepshead.md``); five players by
default, and every form of the variants chapter by its rule options (3 to 8 players, jack and other partners,
cracking and blitzing, every all-pass game).

:class:`State` is one hand and implements the search protocol shared by every tricktaker game;
:class:`Match` plays a series of hands with cumulative scores (R33, R34); :func:`random_playouts` plays many
random hands in Rust, in parallel, with the GIL released.

Actions are numbered (``NUM_ACTIONS = 114``, see ``docs/sheepshead-protocol.md``) and have a text form:
``pick``, ``pass``, ``bury QC``, ``call AH``, ``alone``, ``under 7D``, ``play 10D``, and for the variants
``blitz black_queens``, ``no blitz``, ``crack``, ``recrack``, ``jack partner``, ``call up``, ``first trick``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

import numpy as np
import numpy.typing as npt

from . import _args, _summaries
from ._core import sheepshead as _native
from ._core.sheepshead import (
    NUM_ACTIONS,
    NUM_PLAYERS,
    Rules,
    State,
    VectorState,
    bidding_action,
    card_points,
    observations,
    playouts,
    random_playouts,
    suit_of,
    table,
    trick_winner,
    trumps,
)
from .errors import IllegalActionError

__all__ = [
    "CLASSES",
    "NUM_ACTIONS",
    "NUM_PLAYERS",
    "OBSERVATION_SHAPE",
    "HandRecord",
    "Match",
    "Rules",
    "Simulation",
    "Solved",
    "State",
    "VectorState",
    "bidding_action",
    "card_points",
    "leaster_values",
    "observations",
    "playout_summaries",
    "playouts",
    "random_playouts",
    "reaches",
    "settlement_class",
    "simulate",
    "solve",
    "solver_refusal",
    "suit_of",
    "table",
    "trick_winner",
    "trumps",
]

OBSERVATION_SHAPE: tuple[int] = (_native.OBSERVATION_SIZE,)
"""The shape of ``State.observation(player)`` under the default rules; the layout is documented in
``docs/sheepshead-protocol.md``. Other rules may lay it out differently: ``state.observation_shape``, or
``table(rules)[1]``."""
_rules_from_dict = Rules.from_dict
"""What pickles of ``Rules`` made by earlier builds call when loaded (new code calls ``Rules.from_dict``)."""


CLASSES: tuple[str, ...] = ("no trick", "schneidered", "lost", "won", "schneider", "all tricks")
"""The settlement classes of a picked hand (R27, R30), worst first for the picking side: it took no trick;
P <= 30; 31 <= P <= 60 (R28: 60 loses); 61 <= P <= 90; P >= 91; all six tricks. With ``schwarz="points"``
(V17) the first is no card point in the side's tricks (the bury aside) and the last is P = 120."""

_Outcome = TypeVar("_Outcome", int, bool, str)


@dataclass(frozen=True)
class Solved(Generic[_Outcome]):
    """What the exact solver found of a hand's card play, every card seen: the value under perfect play of
    both sides, an optimal action, and the value after each legal action."""

    value: _Outcome
    """The value under perfect play (what it is depends on the question: see the function that answered)."""
    best: int
    """An optimal action id for the seat to act: the lowest among the optimal ones when the moves were valued,
    else the one the search found."""
    moves: dict[int, _Outcome]
    """Every legal action id, in increasing order, with the value after it; empty when asked with
    ``moves=False``."""
    nodes: int
    """Positions the search visited (a measure of its work that does not depend on the machine)."""


def solver_refusal(state: State) -> str | None:
    """Why the exact solver (:func:`solve` and the functions beside it, the ``"solver"``, ``"win"`` and
    ``"points"`` evaluators of :func:`tricktaker.search.pimc`) does not model the game ``state`` is played
    under, or ``None`` when it does. It models the five-handed called-ace game (the picker not calling its
    own ace, V12) and R31's leaster; another form, partner method or game of all passes is refused with this
    reason. Within a game it models, a called ten before its suit is led (V10) or an under still in play
    (V11.3) is refused by :func:`solve` itself, and valued by greedy rollouts by the evaluators."""
    return _native.solver_refusal(state)


def solve(state: State, *, moves: bool = True) -> Solved[int]:
    """The rest of the card play solved exactly, every card seen (perfect information), under every rule and
    option of the hand (R16, R18, R19, R22-R25): in a picked hand the picking side's final card points P
    (R26, the bury included; the side maximising it, the others minimising), in a leaster the paranoid
    return of the seat to act (R31: +4 if it can force its win against all four, else -1). The state must be
    in the play phase of a game the solver models (:func:`solver_refusal`;
    :class:`~tricktaker.errors.ArgumentError` otherwise).

    With ``moves=False`` only the value and one optimal action are found, not each action's value: one search
    of the position, which stops at the first card that settles it, so about twice as fast."""
    value, best, valued, nodes = _native.solve(state, moves=moves)
    return Solved(value, best, dict(valued), nodes)


def reaches(state: State, target: int = 61, *, moves: bool = True) -> Solved[bool]:
    """Whether the picking side makes ``target`` card points (0 to 121) under perfect play, and after each
    legal action: much faster than :func:`solve` (61 decides the hand, 91 schneider, 31 being schneidered).
    ``moves=False`` answers for the position alone (and an action that achieves it), faster still. Not for a
    leaster."""
    value, best, valued, nodes = _native.reaches(state, target, moves=moves)
    return Solved(value, best, dict(valued), nodes)


def settlement_class(state: State, *, moves: bool = True) -> Solved[str]:
    """The settlement class (one of :data:`CLASSES`) the picking side reaches under perfect play, and after
    each legal action: what the hand settles for (tricks decide "no trick" and "all tricks", or card points
    with ``schwarz="points"``). ``moves=False`` answers for the position alone, in two or three threshold
    searches. Not for a leaster."""
    value, best, valued, nodes = _native.settlement_class(state, moves=moves)
    return Solved(CLASSES[value], best, {a: CLASSES[c] for a, c in valued}, nodes)


def leaster_values(state: State, seat: int, *, moves: bool = True) -> Solved[int]:
    """In a leaster, ``seat``'s paranoid return under perfect play (+4 if it can force its win against the
    four others, R31, else -1), and (unless ``moves=False``) after each legal action of the seat to act. Only
    for a leaster."""
    value, best, valued, nodes = _native.leaster_values(state, seat, moves=moves)
    return Solved(value, best, dict(valued), nodes)


@dataclass(frozen=True)
class Simulation:
    """What happened in a batch of random hands; every field is an array with one row per hand."""

    returns: npt.NDArray[np.int32]
    """``(n, players)``: each seat's return."""
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
    """Whether the hand was a trick game of all passes: a leaster (R31), moster or schneidster (V18)."""

    def __len__(self) -> int:
        return len(self.picker)


def simulate(n: int, seed: int, *, threads: int | None = None, rules: Rules | None = None) -> Simulation:
    """Play ``n`` random hands in Rust exactly as :func:`random_playouts` does; say what happened in each."""
    rows = _native.random_summaries(n, seed, threads=threads, rules=rules)
    players, _, columns = table(rules)
    return _summaries.from_table(Simulation, rows, columns, players)


def playout_summaries(state: State, n: int, seed: int, *, threads: int | None = None) -> Simulation:
    """Finish ``state`` ``n`` times exactly as :func:`playouts` does (the same rollouts for the same seed),
    and say what happened in each: the returns, the picking side's points and tricks among the rest."""
    rows = _native.playout_summaries(state, n, seed, threads=threads)
    players, _, columns = table(state.rules)
    return _summaries.from_table(Simulation, rows, columns, players)


# ---- a match ----


@dataclass(frozen=True)
class HandRecord:
    """One finished deal of a :class:`Match`."""

    number: int
    """The deal's place in the match, from 1 (doublers are numbered too)."""
    dealer: int
    """The dealer's seat (R9)."""
    multiplier: int
    """The doubler factor the hand was dealt with: 1, or more while doublers were pending (R32, V19); its
    whole stake is that times its cracks and blitzes (``State.stake``)."""
    returns: tuple[int, ...]
    """Each seat's return, by seat, the multiplier applied (zeros for a doubler)."""
    history: tuple[str, ...]
    """The hand's actions in their text form (``pick``, ``bury QC``, ``play 10D``…), in order."""
    doubler: bool
    """Whether all passed and the hand was thrown in for a doubler (R32), which is not a hand played."""
    redeal: bool = False
    """Whether all passed and the hand was thrown in with ``all_pass="redeal"`` (V19): not a hand played, and
    no doubling."""


@dataclass
class Match:
    """A game of several hands (R33, R34): the deal passes left (R9), scores add up, doublers carry over.

    ``match.state`` is the hand in progress; play it through its protocol, then call :meth:`next_hand`.
    A doubler (all passed with ``all_pass="doubler"``, R32) is thrown in and does not count as a hand played;
    the doublers owed double later settled hands as ``rules.doubler_stacking`` says (V19): ``"count"`` (the
    default) doubles each settled hand while one is owed and uses one up, ``"multiply"`` multiplies the next
    settled hand by 2 per doubler owed, ``"single"`` doubles the next settled hand once. A redeal
    (``all_pass="redeal"``) is thrown in with no doubling. Under ``six_handed="dealer_sits_out"`` the
    dealer of each hand sits it out, so each seat sits out in turn.
    """

    seed: int
    """The seed of the first deal; each later hand is dealt from the previous hand's generator
    (``State.next_hand``), so the seed fixes every deal of the match."""
    rules: Rules = field(default_factory=Rules)
    """The rule options of every hand (``hands_per_game``, R34, sets the match's length)."""
    dealer: int = 0
    """The first hand's dealer; the deal then passes one seat to the left each hand (R9), doublers included
    (``state.dealer`` is the current hand's)."""
    state: State = field(init=False)
    """The hand in progress; once the match is over, the last hand, finished."""
    scores: list[int] = field(init=False)
    """Each seat's cumulative score (R33): the sum of its returns over the finished hands."""
    pending_doublers: int = field(init=False, default=0)
    """Doublers not yet played off (R32, V19)."""
    record: list[HandRecord] = field(init=False, default_factory=list)
    """The finished deals, doublers included, in order."""

    def __post_init__(self) -> None:
        self.seed = _args.seed(self.seed)
        self.state = State.new(self.seed, rules=self.rules, dealer=self.dealer)
        self.scores = [0] * self.state.num_players

    @property
    def hands_per_game(self) -> int:
        """How many played hands the match lasts (R34, ``rules.hands_per_game``; doublers not counted)."""
        return self.rules.hands_per_game

    @property
    def hands_played(self) -> int:
        """Finished hands that were played (doublers and redeals excluded)."""
        return sum(1 for r in self.record if not (r.doubler or r.redeal))

    @property
    def is_over(self) -> bool:
        """Whether :attr:`hands_played` has reached :attr:`hands_per_game`; :meth:`next_hand` then refuses."""
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
            self.state = self.state.next_hand(multiplier=self.doubler_factor)
        return self.state

    @property
    def doubler_factor(self) -> int:
        """What the next hand is dealt with for the doublers owed (V19's D, at most 2**20)."""
        if not self.pending_doublers:
            return 1
        if self.rules.doubler_stacking == "multiply":
            return int(2 ** min(self.pending_doublers, 20))
        return 2

    def to_record(self, *, seats: Sequence[str] | None = None, event: str | None = None) -> dict[str, Any]:
        """This match as it stands, as a game record (:func:`tricktaker.record.to_record`; the format is
        ``docs/records.md``)."""
        from . import record

        return record.to_record(self, seats=seats, event=event)

    @classmethod
    def from_record(cls, data: Mapping[str, Any] | str | bytes) -> Match:
        """The match a match record (JSON text, bytes or data) describes, every hand replayed and verified
        (:func:`tricktaker.record.from_record`); anything else raises
        :class:`tricktaker.record.RecordError`."""
        from . import record

        return record._match_of(data, cls)

    def _score(self, hand: State) -> None:
        returns = hand.returns()
        self.scores = [s + r for s, r in zip(self.scores, returns, strict=True)]
        if hand.is_doubler:
            self.pending_doublers += 1
        elif hand.multiplier > 1 and hand.all_pass_game != "redeal":
            # V19: a settled hand uses up one doubler ("count") or every one ("multiply", "single").
            self.pending_doublers = self.pending_doublers - 1 if self.rules.doubler_stacking == "count" else 0
        self.record.append(
            HandRecord(
                number=len(self.record) + 1,
                dealer=hand.dealer,
                multiplier=hand.multiplier,
                returns=tuple(returns),
                history=tuple(hand.action_to_string(a) for a in hand.history()),
                doubler=hand.is_doubler,
                redeal=hand.all_pass_game == "redeal",
            )
        )
