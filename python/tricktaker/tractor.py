"""Tractor (Sheng Ji): whole rounds and matches, and the card-level rules (``docs/rules/tractor.md``).

:class:`State` is one round (the draw with declarations, the kitty, the play, the score) implementing the
search protocol shared by every tricktaker game; :class:`Match` plays rounds until a team passes the ace;
:func:`random_playouts` plays many random rounds in Rust, in parallel, with the GIL released. The toolkit
functions below give the card-level rules (R1–R12 and R25–R39) directly.

Actions (``NUM_ACTIONS = 120``): ``play <card>`` adds a card to the play being built (ids 0–53, the card's
id), ``finish`` ends a lead (54; a follow ends by itself at the lead's size), ``discard <card>`` puts a card
in the kitty (55 + id), ``declare 2H`` / ``declare 2H 2H`` expose one or two trump-rank cards (109–112,
113–116, suits C D H S), ``declare BJ BJ`` / ``declare RJ RJ`` a joker pair (117, 118), and ``pass``
(119). The mask only offers cards that can still complete a legal play, so a random policy never gets stuck.

Cards are given as :class:`tricktaker.Card` objects or their text (``"10H"``, ``"BJ"``…); a hand, a lead or a
play is a multiset (any iterable, order ignored, at most two copies of a kind). Everything runs in Rust on
bitset hands, with the trump's tables computed once per :class:`Trump`.

>>> from tricktaker import tractor
>>> trump = tractor.Trump("2", "H")
>>> tractor.decompose(["AS", "KS", "KS"], trump)
[('pair', [Card('KS'), Card('KS')]), ('single', [Card('AS')])]
>>> tractor.trick_winner([["KS"], ["AS"], ["2C"], ["2D"]], trump)
2
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple

import numpy as np
import numpy.typing as npt

from . import _args, _summaries
from ._core import Card
from ._core import tractor as _native
from ._core.tractor import (
    NUM_ACTIONS,
    NUM_PLAYERS,
    Rules,
    State,
    Trump,
    VectorState,
    observations,
    playouts,
    random_playouts,
    table,
)
from .errors import IllegalActionError

__all__ = [
    "FINISH",
    "NUM_ACTIONS",
    "NUM_PLAYERS",
    "OBSERVATION_SHAPE",
    "SOLVE_NODES",
    "CardLike",
    "Component",
    "LevelOutcome",
    "Match",
    "Policy",
    "RoundRecord",
    "Rules",
    "Simulation",
    "Solution",
    "State",
    "Trump",
    "VectorState",
    "check_throw",
    "count_legal_follows",
    "decompose",
    "follow_error",
    "follow_extensions",
    "is_legal_follow",
    "legal_follows",
    "level_outcome",
    "observations",
    "play_actions",
    "playout_summaries",
    "playouts",
    "random_playouts",
    "simulate",
    "solve",
    "table",
    "team_of",
    "trick_points",
    "trick_winner",
]

OBSERVATION_SHAPE: tuple[int] = (_native.OBSERVATION_SIZE,)
"""The shape of ``State.observation(player)``; the layout is documented in ``docs/tractor-protocol.md``."""
_rules_from_dict = Rules.from_dict
"""What pickles of ``Rules`` made by earlier builds call when loaded (new code calls ``Rules.from_dict``)."""
CardLike = Card | str
"""A card as the toolkit takes it: a :class:`tricktaker.Card` or its text (``"10H"``, ``"th"``, ``"BJ"``)."""
Component = tuple[Literal["tractor", "pair", "single"], list[Card]]
"""A component of a lead as :func:`decompose` gives it (R27, R33): its kind and its cards, strongest first."""


def decompose(cards: Iterable[CardLike], trump: Trump, *, min_tractor_length: int = 2) -> list[Component]:
    """Split a lead into its components, canonically as R33 says.

    The longest tractors first (ties: the highest; one pair per position), then the pairs, then the singles,
    each kind from the highest; the cards of a component strongest first. A run of pairs is a tractor only if
    it has at least ``min_tractor_length`` pairs (the rule option of F20, 2 to 12); a shorter run is so many
    pairs. Cards of two effective suits raise :class:`tricktaker.IllegalPlayError` (R27).

    Every function below that reads a lead takes ``min_tractor_length`` too.
    """
    return _native.decompose(cards, trump, min_tractor_length=min_tractor_length)


TractorFollow = Literal["none", "full", "fallback"]
"""F23: what a follower owes the lead's tractors (the rules option ``tractor_follow``)."""


def _follow_options(
    tractor_follow: str,
    new_adjacency: str,
    format_based_draw: bool,
    min_tractor_length: int,
    tractor_must_follow_tractor: bool | None,
) -> dict[str, Any]:
    """The native follow functions' options, the deprecated ``tractor_must_follow_tractor`` read as
    ``tractor_follow`` (with a ``DeprecationWarning``)."""
    if tractor_must_follow_tractor is not None:
        if tractor_follow != "none":
            raise ValueError("give tractor_follow or its old name tractor_must_follow_tractor, not both")
        if not isinstance(tractor_must_follow_tractor, bool):
            raise TypeError(
                f"tractor_must_follow_tractor must be a bool, not {_args.shown(tractor_must_follow_tractor)}"
            )
        warnings.warn(
            "tractor_must_follow_tractor is deprecated: use tractor_follow='full' (True) or 'none' (False)",
            DeprecationWarning,
            stacklevel=3,
        )
        tractor_follow = "full" if tractor_must_follow_tractor else "none"
    return {
        "tractor_follow": tractor_follow,
        "new_adjacency": new_adjacency,
        "format_based_draw": format_based_draw,
        "min_tractor_length": min_tractor_length,
    }


def follow_error(
    hand: Iterable[CardLike],
    lead: Iterable[CardLike],
    play: Iterable[CardLike],
    trump: Trump,
    *,
    tractor_follow: TractorFollow = "none",
    new_adjacency: Literal["allow", "forbid"] = "allow",
    format_based_draw: bool = True,
    min_tractor_length: int = 2,
    tractor_must_follow_tractor: bool | None = None,
) -> str | None:
    """Why ``play`` from ``hand`` does not follow ``lead`` (R26, R28–R32, F23, F24), or ``None`` if it does.

    The follow options are the rules' (:class:`Rules`): ``tractor_follow`` says what the lead's tractors
    ask (``"none"``: only pairs, R31; ``"full"``: also each tractor itself when held; ``"fallback"``: the
    greatest shape of runs and pairs the hand holds, F23), ``format_based_draw=False`` lets a follower
    holding enough of the led suit play any of its cards (F24), ``new_adjacency`` has no effect at two decks,
    and ``min_tractor_length`` is F20's. ``tractor_must_follow_tractor`` is the deprecated name of
    ``tractor_follow`` (``True`` is ``"full"``, ``False`` is ``"none"``).
    """
    return _native.follow_error(
        hand,
        lead,
        play,
        trump,
        **_follow_options(
            tractor_follow, new_adjacency, format_based_draw, min_tractor_length, tractor_must_follow_tractor
        ),
    )


def is_legal_follow(
    hand: Iterable[CardLike],
    lead: Iterable[CardLike],
    play: Iterable[CardLike],
    trump: Trump,
    *,
    tractor_follow: TractorFollow = "none",
    new_adjacency: Literal["allow", "forbid"] = "allow",
    format_based_draw: bool = True,
    min_tractor_length: int = 2,
    tractor_must_follow_tractor: bool | None = None,
) -> bool:
    """Whether ``play``, drawn from ``hand`` (the follower's cards before playing), follows ``lead``.

    R32's rule: holding at least as many cards of the led suit as the lead, play only that suit with at least
    as many pairs as the lead has (or as the hand can give); holding fewer, play them all and fill up freely.
    The follow options (owed runs under ``tractor_follow``, no duty at all with ``format_based_draw=False``)
    are those of :func:`follow_error`.
    """
    options = _follow_options(
        tractor_follow, new_adjacency, format_based_draw, min_tractor_length, tractor_must_follow_tractor
    )
    error = _native.follow_error(hand, lead, play, trump, **options)
    return error is None


def legal_follows(
    hand: Iterable[CardLike],
    lead: Iterable[CardLike],
    trump: Trump,
    *,
    tractor_follow: TractorFollow = "none",
    new_adjacency: Literal["allow", "forbid"] = "allow",
    format_based_draw: bool = True,
    limit: int | None = None,
    min_tractor_length: int = 2,
    tractor_must_follow_tractor: bool | None = None,
) -> list[list[Card]]:
    """Every distinct legal follow, each a list of cards in id order; the list sorted by card ids.

    ``hand`` and ``lead`` hold at most 27 cards (a hand in play, R10; 25 under R13, 27 with no kitty, F5),
    so the list is bounded: the worst case, a hand of 25 void in the led suit against a lead of 12 singles,
    has 5,200,300 follows, and one of 27 against 13 has 20,058,300 (seconds and gigabytes to list). With
    ``limit``, more than ``limit`` follows raise :class:`tricktaker.LimitExceededError` and
    nothing is listed; :func:`count_legal_follows` counts them without listing.
    """
    return _native.legal_follows(
        hand,
        lead,
        trump,
        limit=limit,
        **_follow_options(
            tractor_follow, new_adjacency, format_based_draw, min_tractor_length, tractor_must_follow_tractor
        ),
    )


def count_legal_follows(
    hand: Iterable[CardLike],
    lead: Iterable[CardLike],
    trump: Trump,
    *,
    tractor_follow: TractorFollow = "none",
    new_adjacency: Literal["allow", "forbid"] = "allow",
    format_based_draw: bool = True,
    min_tractor_length: int = 2,
    tractor_must_follow_tractor: bool | None = None,
) -> int:
    """How many follows :func:`legal_follows` lists, counted without listing them (at most 5,200,300)."""
    return _native.count_legal_follows(
        hand,
        lead,
        trump,
        **_follow_options(
            tractor_follow, new_adjacency, format_based_draw, min_tractor_length, tractor_must_follow_tractor
        ),
    )


def follow_extensions(
    hand: Iterable[CardLike],
    lead: Iterable[CardLike],
    partial: Iterable[CardLike],
    trump: Trump,
    *,
    tractor_follow: TractorFollow = "none",
    new_adjacency: Literal["allow", "forbid"] = "allow",
    format_based_draw: bool = True,
    min_tractor_length: int = 2,
    tractor_must_follow_tractor: bool | None = None,
) -> list[Card]:
    """The cards that can be added to ``partial`` so that a legal follow can still be completed.

    This is what the card-by-card action protocol offers: a random policy choosing among them never gets
    stuck.
    """
    return _native.follow_extensions(
        hand,
        lead,
        partial,
        trump,
        **_follow_options(
            tractor_follow, new_adjacency, format_based_draw, min_tractor_length, tractor_must_follow_tractor
        ),
    )


def check_throw(
    lead: Iterable[CardLike],
    other_hands: Sequence[Iterable[CardLike]],
    trump: Trump,
    *,
    failed_throw_forced: Literal[
        "fewest_cards_then_lowest", "first_in_turn_smallest"
    ] = "fewest_cards_then_lowest",
    min_tractor_length: int = 2,
) -> tuple[list[Card], int] | None:
    """Check a lead against the other players' hands (R33, R34, F26), ``other_hands`` in turn order after the
    leader.

    ``None`` when it stands: a single, a pair, a tractor, or a throw whose every component no other player
    can beat. Otherwise ``(forced, taken_back)``: the beatable component to lead instead and the number of
    cards taken back (the penalty is 10 points each by default, R42, F27). The forced component is the one
    with the fewest cards, ties to the lowest, then to the lowest suit in the order ♦ < ♣ < ♥ < ♠, among every
    beatable component (``"fewest_cards_then_lowest"``) or among those the first player in turn order who
    can beat one can beat (``"first_in_turn_smallest"``).
    """
    return _native.check_throw(
        lead,
        other_hands,
        trump,
        failed_throw_forced=failed_throw_forced,
        min_tractor_length=min_tractor_length,
    )


def trick_winner(
    plays: Sequence[Iterable[CardLike]],
    trump: Trump,
    *,
    min_tractor_length: int = 2,
    throw_compare: Literal["pairs_first", "all_components", "highest", "unit_length"] = "pairs_first",
) -> int:
    """The index of the winning play, ``plays[0]`` being the lead (R35–R39, F20).

    Against a throw in a plain suit only ruffs wholly in trumps that can be read as the lead's components win
    (F29): the first such ruff, then a later one only if stronger under ``throw_compare`` (F30):
    ``"pairs_first"`` (R39: its highest run as long as the lead's longest tractor, else its highest pair, else
    its highest card), ``"all_components"`` (every component strictly higher than the same component of the
    best so far, read in its most favourable way), ``"highest"`` (its highest card) or ``"unit_length"`` (the
    tops of its components, largest first and singles left out beside larger ones, compared in order).
    """
    return _native.trick_winner(
        plays, trump, min_tractor_length=min_tractor_length, throw_compare=throw_compare
    )


def trick_points(cards: Iterable[CardLike]) -> int:
    """Card points (R3): every K and 10 is worth 10, every 5 is worth 5."""
    return _native.trick_points(cards)


FINISH = 54
"""The action that ends a lead being built (``finish``)."""


def play_actions(state: State, cards: Iterable[CardLike]) -> list[int]:
    """The action ids that make the whole play ``cards`` for the seat to act in ``state`` (which must not
    have added a card of its play yet): each card's ``play`` action, lowest id first, and ``finish`` when
    it leads (a follow ends by itself). The line is what :func:`tricktaker.search.pimc` takes as a
    candidate; it is not checked here (the search checks it)."""
    ids = sorted(Card(c).id for c in cards)
    return ids + ([FINISH] if not state.current_trick() else [])


SOLVE_NODES: int = _native.SOLVE_NODES
"""The most positions :func:`solve` searches by default (about ten seconds)."""


@dataclass(frozen=True)
class Solution:
    """What :func:`solve` found: the final P under perfect play, a best play, and every play's value."""

    value: int
    """The final P (the opponents' card points, the kitty bonus and the throw penalties: R40-R42) when both
    teams play perfectly from here: the opponents of the declarers maximise it, the declarers minimise it."""
    best: list[Card]
    """The cards of a best play (those not yet added, when a play is being built)."""
    moves: list[tuple[list[Card], int]]
    """Every legal play (its cards not yet added) with the final P after it, in ``legal_plays()`` order."""
    nodes: int
    """Positions searched."""
    lines: list[list[int]] = field(repr=False)
    """The action ids of each move (``finish`` ending a lead), as :func:`tricktaker.search.pimc` takes
    them."""


def solve(state: State, *, max_nodes: int = SOLVE_NODES) -> Solution:
    """Solve the rest of a play-phase round exactly, every hand shown (perfect information): the last tricks.

    Moves are whole plays (throws included, the engine judging them); a round in the middle of building a
    play is solved over the plays that complete it. The search is exact alpha-beta with a transposition table;
    it handles the last 3 cards a hand always and 4 usually within 10 ms (``docs/rules/tractor.md`` R40-R42
    give the value). More than ``max_nodes`` positions raise :class:`tricktaker.LimitExceededError`; a round
    outside the play phase :class:`tricktaker.ArgumentError`."""
    value, best, moves, nodes = _native.solve(state, max_nodes=max_nodes)

    def cards(line: list[int]) -> list[Card]:
        return [Card.from_id(a) for a in line if a < FINISH]

    return Solution(
        value=value,
        best=cards(best),
        moves=[(cards(line), v) for line, v in moves],
        nodes=nodes,
        lines=[line for line, _ in moves],
    )


def team_of(seat: int) -> int:
    """The team of a seat: 0 for seats 0 and 2, 1 for seats 1 and 3 (partners sit opposite, R1)."""
    return seat % 2


class LevelOutcome(NamedTuple):
    """What the opponents' points P of a round mean (R43)."""

    declarers_hold: bool
    """The declarers keep the deal (P < 80)."""
    levels: int
    """Levels gained by the side that comes out ahead: the declarers if they hold, else the opponents."""


def level_outcome(
    points: int,
    *,
    negative_points: Literal["clamp", "extra_levels"] = "clamp",
    deadzone: bool = True,
) -> LevelOutcome:
    """R43, F33: P ≤ 0 → declarers +3, 5–35 → +2, 40–75 → +1; from 80 the opponents take over, +0 for
    80–115 (the dead zone) and +1 per 40 above.

    The options are those of :class:`Rules`: ``negative_points="extra_levels"`` gives the declarers one
    level more per 40 points below 5 (-40 to -75 → +4, -80 to -115 → +5, …), ``deadzone=False`` the opponents
    one level more from 80 on (80–115 → +1).

    >>> level_outcome(165)
    LevelOutcome(declarers_hold=False, levels=2)
    >>> level_outcome(-40, negative_points="extra_levels")
    LevelOutcome(declarers_hold=True, levels=4)
    """
    hold, levels = _native.level_outcome(points, negative_points=negative_points, deadzone=deadzone)
    return LevelOutcome(hold, levels)


# ---- batches ----


@dataclass(frozen=True)
class Simulation:
    """What happened in a batch of random rounds; every field is an array with one row per round."""

    returns: npt.NDArray[np.int32]
    """``(n, 4)``: each seat's return."""
    declarers: npt.NDArray[np.int32]
    """The declaring team (0: seats 0 and 2, 1: seats 1 and 3)."""
    starter: npt.NDArray[np.int32]
    """The starter's seat: who took the kitty (R23) and led to the first trick (R25)."""
    points: npt.NDArray[np.int32]
    """The opponents' points P (R40–R42)."""
    failed_throws: npt.NDArray[np.int32]
    """How many throws failed in the round (R34; 10 points to P per card taken back, R42)."""
    deals: npt.NDArray[np.int32]
    """Deals the round took (more than one after a redeal, R19)."""
    no_trump: npt.NDArray[np.bool_]
    """Whether it was a no-trump round: a joker pair was declared and only the jokers are trumps (R9)."""

    def __len__(self) -> int:
        return len(self.points)


def simulate(n: int, seed: int, *, threads: int | None = None, rules: Rules | None = None) -> Simulation:
    """Play ``n`` random rounds exactly as :func:`random_playouts` does, and say what happened in each."""
    return _simulation(_native.random_summaries(n, seed, threads=threads, rules=rules))


def _simulation(table: npt.NDArray[np.int32]) -> Simulation:
    """A :class:`Simulation` from rows of ``SUMMARY_COLUMNS``."""
    return _summaries.from_table(Simulation, table, _native.SUMMARY_COLUMNS, NUM_PLAYERS)


Policy = Literal["random", "greedy"]
"""How a rollout plays: ``"random"`` chooses uniformly among the legal actions; ``"greedy"`` follows rules of
thumb in the play phase (lead the highest pair or card of the longest plain suit; give points to a winning
partner; win a trick holding points with the weakest winning card on a single lead; otherwise play the
cheapest card) with a 10% chance of a random action, and plays the draw and the kitty at random."""


def playout_summaries(
    state: State, n: int, seed: int, *, threads: int | None = None, policy: Policy = "random"
) -> Simulation:
    """Finish ``state`` ``n`` times exactly as :func:`playouts` does (the same rollouts for the same seed and
    policy), and say what happened in each: the returns, and the opponents' points P among the rest. P moves
    with every card point where the returns move by whole levels: a finer value for a search."""
    return _simulation(_native.playout_summaries(state, n, seed, threads=threads, policy=policy))


# ---- a match ----


@dataclass(frozen=True)
class RoundRecord:
    """One finished round of a :class:`Match`."""

    number: int
    """The round's place in the match, from 1."""
    levels: tuple[int, int]
    """The levels of team 0 (seats 0 and 2) and team 1 (seats 1 and 3) the round was played at."""
    declarers: int
    """The round's declaring team (0 or 1)."""
    starter: int
    """The round's starter: the seat that took the kitty (R23) and led to the first trick (R25)."""
    trump: str
    """The round's trump as text (``str(state.trump)``), e.g. ``"rank 2 of hearts"``; after a joker pair
    (R9), ``"no trump (jokers only)"``."""
    points: int
    """The opponents' points P (R40–R42), as ``State.points`` gave them at the end."""
    outcome: LevelOutcome
    """What P meant (R43): :func:`level_outcome` of :attr:`points`."""
    history: tuple[str, ...]
    """The round's actions in their text form (``declare 2H``, ``discard 5S``, ``play AH``, ``finish``…), in
    order."""


@dataclass
class Match:
    """A game of Tractor (R44–R47): rounds until a team's level passes the ace.

    ``match.state`` is the round in progress; play it through its protocol, then call :meth:`next_round`,
    which scores it, carries levels, declarers and starter over (R44–R46) and deals the next round, until
    :attr:`winner` is set (R47, with the ``game_end`` option of the rules).
    """

    seed: int
    """The match's seed: each round is dealt from a seed mixed from it and the round's number, so it fixes
    every deal of the match."""
    rules: Rules = field(default_factory=Rules)
    """The rule options of every round (``game_end`` says when the match ends, R47)."""
    state: State = field(init=False)
    """The round in progress; once the match is over, the last round, finished."""
    levels: tuple[int, int] = field(init=False, default=(2, 2))
    """The levels of team 0 (seats 0 and 2) and team 1 (seats 1 and 3), 2 (the start) to 14 (the ace), and 15
    (NT, a no-trump round without a rank) under ``after_ace = "no_trump_level"`` (F35): the round in progress
    is played at them, its trump rank the declarers' level (R5, R46)."""
    declarers: int | None = field(init=False, default=None)
    """The declaring team the last round passed on (R44, R45), which declares in the round in progress;
    ``None`` in round 1, whose declarers the draw decides (R21)."""
    starter: int | None = field(init=False, default=None)
    """The starter the last round passed on (R44, R45), the seat that takes the kitty in the round in
    progress; ``None`` in round 1, whose starter the draw decides (R21)."""
    winner: int | None = field(init=False, default=None)
    """The team that won the match (R47, as ``rules.game_end`` reads it); ``None`` while it goes on."""
    record: list[RoundRecord] = field(init=False, default_factory=list)
    """The finished rounds, in order."""

    def __post_init__(self) -> None:
        self.seed = _args.seed(self.seed)
        self.state = State.new(self._round_seed(0), rules=self.rules)

    def _round_seed(self, number: int) -> int:
        """Round ``number``'s seed, mixed from the match seed (SplitMix64's finaliser)."""
        z = (self.seed + 0x9E3779B97F4A7C15 * (number + 1)) % 2**64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) % 2**64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) % 2**64
        return z ^ (z >> 31)

    @property
    def is_over(self) -> bool:
        """Whether a team has won (:attr:`winner` is set); :meth:`next_round` then refuses."""
        return self.winner is not None

    def next_round(self) -> State:
        """Score the finished round and deal the next; returns the new ``state`` (the last one when over)."""
        state = self.state
        if not state.is_terminal:
            raise IllegalActionError("the current round is not finished")
        if self.is_over:
            raise IllegalActionError(f"the match is over: team {self.winner} won")
        declarers, starter = state.declarers, state.starter
        assert declarers is not None and starter is not None and state.trump is not None
        levels, next_declarers, next_starter, winner = _native.next_round(
            self.levels, declarers, starter, state.points, self.rules
        )
        self.record.append(
            RoundRecord(
                number=len(self.record) + 1,
                levels=self.levels,
                declarers=declarers,
                starter=starter,
                trump=str(state.trump),
                points=state.points,
                outcome=level_outcome(
                    state.points, negative_points=self.rules.negative_points, deadzone=self.rules.deadzone
                ),
                history=tuple(state.action_to_string(a) for a in state.history()),
            )
        )
        self.levels, self.declarers, self.starter, self.winner = levels, next_declarers, next_starter, winner
        if winner is None:
            self.state = State.new(
                self._round_seed(len(self.record)),
                rules=self.rules,
                levels=levels,
                declarers=next_declarers,
                starter=next_starter,
            )
        return self.state

    def to_record(self, *, seats: Sequence[str] | None = None, event: str | None = None) -> dict[str, Any]:
        """This match as it stands, as a game record (:func:`tricktaker.record.to_record`; the format is
        ``docs/records.md``)."""
        from . import record

        return record.to_record(self, seats=seats, event=event)

    @classmethod
    def from_record(cls, data: Mapping[str, Any] | str | bytes) -> Match:
        """The match a match record (JSON text, bytes or data) describes, every round replayed and verified
        (:func:`tricktaker.record.from_record`); anything else raises
        :class:`tricktaker.record.RecordError`."""
        from . import record

        return record._match_of(data, cls)
