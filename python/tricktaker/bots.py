"""Game-playing bots for tricktaker's engines, and an arena to compare them.

Every bot implements :class:`Bot`: ``act(state)`` returns an action id legal in ``state`` for the player to
act, without modifying ``state``. A state is any game's, seen through its search protocol
(:class:`tricktaker.protocol.GameState`); a game's own bots raise ``TypeError`` for another game's state.
Bots use only what the acting seat knows (its own hand and the public history; :class:`SheepsheadPIMCBot`
and :class:`TractorPIMCBot` sample the hidden cards with ``state.resample``).

Bots are deterministic: their randomness is seeded from their ``seed`` and the acting seat's information state
key, so the same bot given the same position always answers the same, whatever it was asked before. That
makes :func:`arena` deterministic given its seed.

>>> from tricktaker import bots
>>> result = bots.arena("sheepshead", [bots.SheepsheadHeuristicBot()] + [bots.RandomBot(i) for i in range(4)],
...                     hands=10, seed=0)
>>> print(result.table())  # doctest: +SKIP
"""

from __future__ import annotations

import functools
import math
import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

from . import _args, search, sheepshead, tractor
from . import ratings as ratings_module
from ._core import Card
from .errors import ArgumentError, ArgumentTypeError
from .protocol import GAMES, GameState

__all__ = [
    "ArenaResult",
    "Bot",
    "ISMCTSBot",
    "RandomBot",
    "SheepsheadHeuristicBot",
    "SheepsheadPIMCBot",
    "SolverPIMCBot",
    "Stopwatch",
    "TractorHeuristicBot",
    "TractorPIMCBot",
    "arena",
    "arena_deal",
    "arena_seats",
    "check_arena",
    "check_hooks",
    "play_hands",
    "play_out",
]

AnyState = GameState
"""A state of any game: the search protocol (:class:`tricktaker.protocol.GameState`)."""
_MASK64 = 2**64 - 1
MAX_SAMPLES = 100_000
"""The most ``samples``, ``rollouts`` or ``max_follows`` a search bot takes for one decision."""
MAX_ARENA_BOTS = 64
"""The most bots an :func:`arena` seats in turn."""

MAX_ARENA_HANDS = 1_000_000
"""The most hands :func:`arena` plays (its bots play in Python, and it keeps every hand's returns)."""


def _mix(*words: int) -> int:
    """A 64-bit hash of integers (SplitMix64's finaliser, chained); used to derive seeds."""
    z = 0x9E3779B97F4A7C15
    for w in words:
        z = (z ^ (w & _MASK64)) & _MASK64
        z = (z + 0x9E3779B97F4A7C15) & _MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        z = z ^ (z >> 31)
    return z


def _bidding_arg(bidding: object, heuristic: Callable[[], Bot], *, allow_none: bool) -> Bot | None:
    """A search bot's ``bidding``: ``"heuristic"`` (the game's heuristic bot), a :class:`Bot`, or ``None``
    where the bot may sample every decision."""
    expected = "'heuristic', a Bot or None" if allow_none else "'heuristic' or a Bot"
    if isinstance(bidding, str):
        if bidding != "heuristic":
            raise ArgumentError(f"bidding must be {expected}, not {_args.shown(bidding)}")
        return heuristic()
    if bidding is None and allow_none:
        return None
    if not isinstance(bidding, Bot):
        raise ArgumentTypeError(f"bidding must be {expected}, not {_args.shown(bidding)}")
    return bidding


def _to_act(state: GameState) -> int:
    if not all(hasattr(state, name) for name in ("current_player", "legal_actions", "history")):
        raise ArgumentTypeError(
            f"a bot acts on a game's state, not {type(state).__name__} {_args.shown(state)}"
        )
    player = state.current_player
    if player is None:
        raise ArgumentError("no player is to act: the state is terminal")
    return player


@runtime_checkable
class Bot(Protocol):
    """A player: ``act`` returns an action id legal in ``state`` and leaves ``state`` unchanged."""

    name: str
    """The bot's name: :meth:`ArenaResult.table` shows it, and :func:`arena` gives it to ``on_deal``."""

    def act(self, state: GameState) -> int:
        """The action chosen for ``state.current_player``."""
        ...


class RandomBot:
    """Uniform among the legal actions (any game); seeded by ``seed`` and the information state."""

    def __init__(self, seed: int = 0, name: str = "random") -> None:
        self.seed = seed
        """Mixed with the acting seat's information state key into each decision's random choice."""
        self.name = name
        """The bot's name (:attr:`Bot.name`)."""

    def act(self, state: GameState) -> int:
        """A uniformly random legal action."""
        player = _to_act(state)
        rng = random.Random(_mix(self.seed, state.information_state_key(player), len(state.history())))
        return rng.choice(state.legal_actions())


# ---- Sheepshead ----

_SH_PLAY = 73
_FAIL_ORDER = {"A": 6, "10": 5, "K": 4, "9": 3, "8": 2, "7": 1}


def _sh_index(card: Card) -> int:
    """The Sheepshead index of a card (``docs/sheepshead-protocol.md``)."""
    suits = {"C": 0, "D": 1, "H": 2, "S": 3}
    ranks = {"7": 0, "8": 1, "9": 2, "10": 3, "J": 4, "Q": 5, "K": 6, "A": 7}
    assert card.suit is not None and card.rank is not None
    return 8 * suits[card.suit] + ranks[card.rank]


_SH_CARDS = {_sh_index(c): c for c in Card.all() if c.rank in _FAIL_ORDER or c.rank in ("J", "Q")}


class _SheepsheadView:
    """What the acting seat knows, in the terms the heuristic needs."""

    def __init__(self, state: sheepshead.State) -> None:
        self.state = state
        self.me = _to_act(state)
        self.jack_order = state.rules.jack_order
        self.trump_rank = {c: i for i, c in enumerate(sheepshead.trumps(self.jack_order))}
        self.hand = state.hand(self.me)

    def is_trump(self, card: Card) -> bool:
        return card in self.trump_rank

    def power(self, card: Card) -> int:
        """Higher is stronger: trumps above every fail card, fail cards by A 10 K 9 8 7."""
        if card in self.trump_rank:
            return 100 - self.trump_rank[card]
        return _FAIL_ORDER[str(card.rank)]

    def partner_seat(self) -> int | None:
        """The called card's holder if this seat knows it: itself, or whoever has played it."""
        called = self.state.called_card
        if called is None:
            return None
        if called in self.hand:
            return self.me
        for _, trick, _ in self.state.tricks():
            for seat, card in trick:
                if card == called:
                    return seat
        for seat, card in self.state.current_trick():
            if card == called:
                return seat
        return None

    def friends(self) -> set[int]:
        """Seats known to be on this seat's side (without itself)."""
        seats = set(self.state.active_seats)
        side = self.state.black_queen_side  # V15: the pair, once both black queens are played
        if side is not None:
            return set(side) - {self.me} if self.me in side else seats - set(side) - {self.me}
        picker = self.state.picker
        if picker is None or self.state.all_pass_game is not None:
            return set()
        partner = self.partner_seat()
        if partner is None:
            partner = self.state.partner  # V13, V14: a partner jack or a first-trick winner shown
        picking = {picker} | ({partner} if partner is not None else set())
        if self.me in picking:
            return picking - {self.me}
        if partner is None and not self.state.is_alone:
            return set()
        return seats - picking - {self.me}

    def on_picking_side(self) -> bool:
        return self.me == self.state.picker or self.partner_seat() == self.me


class SheepsheadHeuristicBot:
    """Rules of thumb for Sheepshead.

    * Pick with at least 4 trumps or at least 2 queens; otherwise pass.
    * Bury the fail cards with the most points, keeping the lowest card of the suit it means to call (the hold
      card: a fail suit without its ace in hand, the shortest such); bury low trumps only when it must.
    * Call an ace when one is offered, otherwise a ten, otherwise go alone; the cheapest card is the under.
    * Leading: as picker or partner lead the highest trump; as opponent lead a fail ace, else the lowest fail
      card (the called suit first while the partner is unknown), else the lowest trump.
    * Following: if a known friend is winning the trick, schmear the card with the most points (not a queen
      or a jack); else if the trick holds 10 points or more (any points when last to play) and can be won, win
      it with the cheapest winning card; otherwise play the lowest card (fewest points, then weakest).

    The pick, the bury, the call and the under are :func:`tricktaker.sheepshead.bidding_action`, the choices
    the ``"greedy"`` rollout policy makes, so that a search rolling out with it (:class:`SolverPIMCBot`'s
    pick) sees the other seats bid as this bot does.
    """

    def __init__(self, name: str = "heuristic") -> None:
        self.name = name
        """The bot's name (:attr:`Bot.name`)."""

    def act(self, state: GameState) -> int:
        """The rule-of-thumb action for the seat to act."""
        if not isinstance(state, sheepshead.State):
            raise TypeError("SheepsheadHeuristicBot plays Sheepshead only")
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        bid = sheepshead.bidding_action(state)
        if bid is not None:
            return bid
        return self._play(_SheepsheadView(state), legal)

    @staticmethod
    def _low_key(view: _SheepsheadView, card: Card) -> tuple[int, int]:
        return (sheepshead.card_points(card), view.power(card))

    def _play(self, view: _SheepsheadView, legal: list[int]) -> int:
        cards = {a: _SH_CARDS[a - _SH_PLAY] for a in legal}
        trick = view.state.current_trick()
        if not trick:
            return self._lead(view, cards)
        table = [c for _, c in trick]
        value = sum(sheepshead.card_points(c) for c in table)
        winner_seat = trick[sheepshead.trick_winner(table, view.jack_order)][0]
        last = len(trick) == len(view.state.active_seats) - 1
        friends = view.friends()
        if winner_seat in friends:

            def schmear(a: int) -> tuple[int, int]:
                c = cards[a]
                pts = 0 if c.rank in ("Q", "J") else sheepshead.card_points(c)
                return (pts, -view.power(c))

            return max(legal, key=schmear)
        winning = [
            a for a in legal if sheepshead.trick_winner([*table, cards[a]], view.jack_order) == len(table)
        ]
        if winning and view.state.all_pass_game is None and (value >= 10 or (last and value > 0)):
            return min(winning, key=lambda a: view.power(cards[a]))
        return min(legal, key=lambda a: self._low_key(view, cards[a]))

    def _lead(self, view: _SheepsheadView, cards: dict[int, Card]) -> int:
        trumps = [a for a, c in cards.items() if view.is_trump(c)]
        fails = [a for a, c in cards.items() if not view.is_trump(c)]
        if view.on_picking_side() and trumps:
            return max(trumps, key=lambda a: view.power(cards[a]))
        if fails:
            aces = [a for a in fails if cards[a].rank == "A"]
            if aces:
                return aces[0]
            called = view.state.called_card
            if called is not None and view.partner_seat() is None:
                in_suit = [a for a in fails if cards[a].suit == called.suit]
                if in_suit:
                    return min(in_suit, key=lambda a: self._low_key(view, cards[a]))
            return min(fails, key=lambda a: self._low_key(view, cards[a]))
        return min(trumps, key=lambda a: view.power(cards[a]))


class SheepsheadPIMCBot:
    """Perfect-information Monte Carlo for Sheepshead's card play.

    For each legal card: over ``samples`` deals drawn with ``state.resample(me, seed_k)`` (the same deals
    for every action: common random numbers), play the card and finish the hand ``rollouts`` times at
    random with :func:`tricktaker.sheepshead.playouts` (the same rollout seeds for every action too); the
    card with the best mean return for ``me`` is chosen (ties: the lowest id). Seeds derive from ``seed``
    and the acting seat's information state key.

    The pick, bury and call are left to ``bidding`` (default ``"heuristic"``: a
    :class:`SheepsheadHeuristicBot`): random rollouts misjudge them, since a random picker plays its strong
    hand badly (measured: sampling every decision does not beat the heuristic, sampling only the card play
    does). ``bidding=None`` samples every decision.
    """

    def __init__(
        self,
        samples: int = 8,
        rollouts: int = 16,
        seed: int = 0,
        threads: int | None = 1,
        name: str = "pimc",
        bidding: Bot | Literal["heuristic"] | None = "heuristic",
    ) -> None:
        self.bidding: Bot | None = _bidding_arg(bidding, SheepsheadHeuristicBot, allow_none=True)
        """The bot that picks, buries and calls (``"heuristic"`` gives a :class:`SheepsheadHeuristicBot`);
        ``None``: those decisions are sampled too."""
        self.samples = _args.whole(samples, "samples", 1, MAX_SAMPLES)
        """Deals drawn with ``state.resample`` per decision (1 to :data:`MAX_SAMPLES`)."""
        self.rollouts = _args.whole(rollouts, "rollouts", 1, MAX_SAMPLES)
        """Random finishes of each deal per action (1 to :data:`MAX_SAMPLES`)."""
        self.seed = _args.seed(seed)
        """Mixed with the acting seat's information state key into the seeds of the deals and rollouts."""
        self.threads = _args.threads(threads)
        """The threads of each batch of rollouts (``None``: one per core)."""
        self.name = name
        """The bot's name (:attr:`Bot.name`)."""

    def values(self, state: sheepshead.State) -> dict[int, float]:
        """The estimated mean return for the seat to act of each legal action."""
        me = _to_act(state)
        base = _mix(self.seed, state.information_state_key(me))
        worlds = [state.resample(me, _mix(base, k)) for k in range(self.samples)]
        values: dict[int, float] = {}
        for action in state.legal_actions():
            total = 0.0
            for k, world in enumerate(worlds):
                child = world.clone()
                child.apply_action(action)
                if child.is_terminal:
                    total += child.returns()[me]
                else:
                    seed = _mix(base, k, 1)
                    returns = sheepshead.playouts(child, self.rollouts, seed, threads=self.threads)
                    total += float(returns[:, me].mean())
            values[action] = total / self.samples
        return values

    def act(self, state: GameState) -> int:
        """The legal action with the best sampled value."""
        if not isinstance(state, sheepshead.State):
            raise TypeError("SheepsheadPIMCBot plays Sheepshead only")
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if self.bidding is not None and state.phase != "play":
            return self.bidding.act(state)
        values = self.values(state)
        return max(legal, key=lambda a: (values[a], -a))


# ---- Tractor ----

_TR_FINISH, _TR_DISCARD, _TR_DECLARE_SINGLE, _TR_DECLARE_PAIR, _TR_PASS = 54, 55, 109, 113, 119


class TractorHeuristicBot:
    """Rules of thumb for Tractor.

    * Draw: declare whenever it can, a pair first, then a joker pair, then a single (of the suit in which it
      holds the most cards); pass otherwise.
    * Kitty: discard non-trump cards without points, the weakest first, keeping trumps and point cards.
    * Leading: the highest pair of its longest plain suit, else that suit's highest card; with no plain card,
      its highest trump pair or trump.
    * Following (choosing among ``state.legal_plays()``): if the partner is winning, add the most points;
      else if the trick holds points (or the play would add some) and a play wins it now, the cheapest
      winning play; otherwise the lowest play (fewest points, then weakest).

    A play is built card by card: the bot chooses the whole play from the position (the hand does not change
    while a play is built), and returns its next card not yet in ``state.partial_play()``, or ``finish``.
    """

    def __init__(self, name: str = "heuristic") -> None:
        self.name = name
        """The bot's name (:attr:`Bot.name`)."""

    def act(self, state: GameState) -> int:
        """The rule-of-thumb action for the seat to act."""
        if not isinstance(state, tractor.State):
            raise TypeError("TractorHeuristicBot plays Tractor only")
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        me = _to_act(state)
        phase = state.phase
        if phase == "draw":
            return self._declare(state, me, legal)
        trump = state.trump
        assert trump is not None
        if phase == "kitty":
            return min(legal, key=lambda a: self._keep_key(trump, Card.from_id(a - _TR_DISCARD)))
        return _next_card(self.planned_play(state), state.partial_play(), legal)

    def planned_play(self, state: tractor.State) -> list[Card]:
        """The whole play the rules of thumb choose for the seat to act in the play phase."""
        me = _to_act(state)
        trump = state.trump
        assert trump is not None
        return self._lead(state, me, trump) if not state.current_trick() else self._follow(state, me, trump)

    @staticmethod
    def _keep_key(trump: tractor.Trump, card: Card) -> tuple[int, int, int]:
        """Smaller is more expendable."""
        return (int(trump.is_trump(card)), tractor.trick_points([card]), trump.strength(card))

    @staticmethod
    def _declare(state: tractor.State, me: int, legal: list[int]) -> int:
        hand = state.hand(me)
        suits = "CDHS"

        def held(suit_index: int) -> int:
            return sum(c.suit == suits[suit_index] for c in hand)

        pairs = [a for a in legal if _TR_DECLARE_PAIR <= a < _TR_DECLARE_PAIR + 4]
        if pairs:
            return max(pairs, key=lambda a: held(a - _TR_DECLARE_PAIR))
        jokers = [a for a in legal if a in (117, 118)]
        if jokers:
            return max(jokers)
        singles = [a for a in legal if _TR_DECLARE_SINGLE <= a < _TR_DECLARE_SINGLE + 4]
        if singles:
            return max(singles, key=lambda a: held(a - _TR_DECLARE_SINGLE))
        return _TR_PASS if _TR_PASS in legal else legal[0]

    @staticmethod
    def _lead(state: tractor.State, me: int, trump: tractor.Trump) -> list[Card]:
        hand = state.hand(me)
        groups: dict[str, list[Card]] = {}
        for card in hand:
            groups.setdefault(trump.suit_of(card), []).append(card)
        plain = [cards for suit, cards in groups.items() if suit != "T"]
        cards = (
            max(plain, key=lambda cs: (len(cs), max(trump.strength(c) for c in cs))) if plain else groups["T"]
        )
        counts = Counter(cards)
        pairs = [c for c, n in counts.items() if n >= 2]
        if pairs:
            top = max(pairs, key=trump.strength)
            return [top, top]
        return [max(cards, key=trump.strength)]

    @staticmethod
    def _follow(state: tractor.State, me: int, trump: tractor.Trump) -> list[Card]:
        trick = state.current_trick()
        plays = [cards for _, cards in trick]
        on_table = tractor.trick_points([c for cs in plays for c in cs])
        rules = state.rules

        def winner_of(plays: list[list[Card]]) -> int:
            # The lead and the ruffs as the round reads them (F20, F30).
            return tractor.trick_winner(
                plays, trump, min_tractor_length=rules.min_tractor_length, throw_compare=rules.throw_compare
            )

        winner = trick[winner_of(plays)][0]
        options = state.legal_plays()

        def strength(play: list[Card]) -> int:
            return sum(trump.strength(c) + (20 if trump.is_trump(c) else 0) for c in play)

        def low(play: list[Card]) -> tuple[int, int]:
            return (tractor.trick_points(play), strength(play))

        if tractor.team_of(winner) == tractor.team_of(me):
            return max(options, key=lambda p: (tractor.trick_points(p), -strength(p)))
        winning = [p for p in options if winner_of([*plays, p]) == len(plays)]
        if winning:
            best = min(winning, key=strength)
            if on_table > 0 or tractor.trick_points(best) > 0:
                return best
        return min(options, key=low)


class TractorPIMCBot:
    """Perfect-information Monte Carlo for Tractor's card play.

    The bot chooses whole plays. Candidates: on lead, every single (one per kind), every pair, the tractors of
    each suit's pairs as R33 splits them (no throws: a throw's risk is exactly what the sampled hands cannot
    judge fairly), and the :class:`TractorHeuristicBot`'s lead; when following, every legal play, or when
    there are more than ``max_follows``, the heuristic's play and an even spread of the others ordered by
    points and strength.
    Each candidate is played in ``samples`` rounds drawn with ``state.resamples(me, samples, seed)`` (the same
    rounds for every candidate: common random numbers), each finished ``rollouts`` times with
    :func:`tricktaker.tractor.playout_summaries` under ``policy`` (default ``"greedy"``: uniformly random
    rollouts misjudge Tractor badly, measured at -1.5 a round against the heuristic) with the same rollout
    seeds too. A finished round is worth its return plus ``point_weight`` per point of P won from the other
    team (P moves with every card point, the return by whole levels); the best mean worth wins (ties: the
    first candidate, the heuristic's). The bot then adds the chosen play's cards one by one (and ``finish`` on
    lead), remembering the choice by the information state key before its first card.

    Declarations and discards are left to ``bidding`` (default ``"heuristic"``: a
    :class:`TractorHeuristicBot`), as rollouts cannot judge them.
    """

    def __init__(
        self,
        samples: int = 8,
        rollouts: int = 8,
        seed: int = 0,
        threads: int | None = 1,
        name: str = "pimc",
        bidding: Bot | Literal["heuristic"] = "heuristic",
        max_follows: int = 16,
        point_weight: float = 0.05,
        policy: tractor.Policy = "greedy",
    ) -> None:
        self.heuristic = TractorHeuristicBot()
        """The :class:`TractorHeuristicBot` whose play is always a candidate (and the first, winning ties)."""
        chosen = _bidding_arg(bidding, lambda: self.heuristic, allow_none=False)
        assert chosen is not None
        self.bidding: Bot = chosen
        """The bot that declares and discards (``"heuristic"``: :attr:`heuristic`)."""
        self.samples = _args.whole(samples, "samples", 1, MAX_SAMPLES)
        """Rounds drawn with ``state.resamples`` per play chosen (1 to :data:`MAX_SAMPLES`)."""
        self.rollouts = _args.whole(rollouts, "rollouts", 1, MAX_SAMPLES)
        """Finishes of each round per candidate, played by :attr:`policy` (1 to :data:`MAX_SAMPLES`)."""
        self.seed = _args.seed(seed)
        """Mixed with the acting seat's information state key into the seeds of the rounds and rollouts."""
        self.threads = _args.threads(threads)
        """The threads of each batch of rollouts (``None``: one per core)."""
        self.name = name
        """The bot's name (:attr:`Bot.name`)."""
        self.max_follows = _args.whole(max_follows, "max_follows", 2, MAX_SAMPLES)
        """The most follows judged (2 to :data:`MAX_SAMPLES`); with more legal follows, the heuristic's and an
        even spread of the others."""
        self.point_weight = point_weight
        """The worth of a point of P won from the other team, added to the return of a finished round."""
        self.policy: tractor.Policy = policy
        """How the rollouts play (:data:`tricktaker.tractor.Policy`)."""
        self._plans: dict[int, list[Card]] = {}

    def candidates(self, state: tractor.State) -> list[list[Card]]:
        """The whole plays considered for the seat to act (with no card of the play added yet)."""
        return self.candidates_of(state, self.heuristic, self.max_follows)

    @staticmethod
    def candidates_of(
        state: tractor.State, heuristic: TractorHeuristicBot, max_follows: int = 16
    ) -> list[list[Card]]:
        """The whole plays a Tractor search bot considers for the seat to act (no card of the play added
        yet): on lead, every single, every pair and the tractors of each suit's pairs (no throws), and
        ``heuristic``'s play, first; following, every legal play, or ``heuristic``'s and an even spread of
        the others (ordered by points and strength) when there are more than ``max_follows``."""
        me = _to_act(state)
        trump = state.trump
        assert trump is not None
        first = heuristic.planned_play(state)
        if state.current_trick():
            options = state.legal_plays()
            if len(options) > max_follows:
                options.sort(key=lambda p: (tractor.trick_points(p), sum(trump.strength(c) for c in p)))
                step = len(options) / (max_follows - 1)
                options = [options[int(i * step)] for i in range(max_follows - 1)]
        else:
            hand = state.hand(me)
            counts = Counter(hand)
            options = [[c] for c in counts] + [[c, c] for c, n in counts.items() if n == 2]
            for suit in sorted({trump.suit_of(c) for c in hand}):
                pairs = [c for c, n in counts.items() if n == 2 and trump.suit_of(c) == suit]
                if len(pairs) >= 2:
                    options += [
                        cards for kind, cards in tractor.decompose(pairs * 2, trump) if kind == "tractor"
                    ]
        unique: dict[tuple[int, ...], list[Card]] = {}
        for play in [first, *options]:
            unique.setdefault(tuple(sorted(c.id for c in play)), play)
        return list(unique.values())

    def values(self, state: tractor.State) -> list[tuple[list[Card], float]]:
        """Each candidate play with its estimated mean return for the seat to act."""
        me = _to_act(state)
        base = _mix(self.seed, state.information_state_key(me))
        worlds = state.resamples(me, self.samples, base)
        defending = tractor.team_of(me) != state.declarers
        out = []
        for play in self.candidates(state):
            total = 0.0
            for k, world in enumerate(worlds):
                child = world.clone()
                child.play(play)
                if child.is_terminal:
                    total += self._value(child.returns()[me], child.points, defending)
                else:
                    seed = _mix(base, k, 1)
                    runs = tractor.playout_summaries(
                        child, self.rollouts, seed, threads=self.threads, policy=self.policy
                    )
                    total += float(self._value(runs.returns[:, me], runs.points, defending).mean())
            out.append((play, total / self.samples))
        return out

    def _value(self, returns: Any, points: Any, defending: bool) -> Any:
        """A finished round's worth to the bot: its return, plus ``point_weight`` per point of P its team
        takes from the other (P for the opponents of the declarers, -P for the declarers)."""
        return returns + self.point_weight * (points if defending else -points)

    def act(self, state: GameState) -> int:
        """The next action of the play with the best sampled value."""
        if not isinstance(state, tractor.State):
            raise TypeError("TractorPIMCBot plays Tractor only")
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if state.phase != "play":
            return self.bidding.act(state)
        partial = state.partial_play()
        start = state.clone()
        for _ in partial:
            start.undo()
        key = start.information_state_key(_to_act(start))
        if key not in self._plans:
            if len(self._plans) > 10_000:
                self._plans.clear()
            values = self.values(start)
            self._plans[key] = max(values, key=lambda pv: pv[1])[0]  # max keeps the first of equals
        return _next_card(self._plans[key], partial, legal)


def _next_card(play: Sequence[Card], partial: Sequence[Card], legal: list[int]) -> int:
    """The action that builds ``play`` on from ``partial``: its next card not yet added, else ``finish``."""
    remaining = Counter(c.id for c in play)
    remaining.subtract(c.id for c in partial)
    for card_id, count in sorted(remaining.items()):
        if count > 0 and card_id in legal:
            return card_id
    if _TR_FINISH in legal:
        return _TR_FINISH
    return legal[0]  # the play could not be built: fall back to any legal action


# ---- native search ----


class SolverPIMCBot:
    """Perfect-information Monte Carlo in Rust, with the exact solver in every sampled world once the end of
    the hand is near enough to solve, for either game (:func:`tricktaker.search.pimc`).

    * Sheepshead's card play: each legal card is valued in ``worlds`` deals drawn from what the seat knows.
      With at most ``solver_tricks`` tricks left, by the exact solver (``evaluator``: ``"solver"``, the return
      under perfect play, by default; ``"win"`` or ``"points"``); before, by ``rollouts`` greedy finishes of
      each world (early in a hand an exact solve costs milliseconds a world, and perfect play of a far-off
      end is not what the table will play). In a game the solver does not model (another form or partner
      method than the five-handed called ace, V12, another game of all passes:
      :func:`tricktaker.sheepshead.solver_refusal`) every card is valued by the greedy finishes.
    * Sheepshead's pick, bury, call and under: each option valued in ``worlds`` deals by ``bid_rollouts``
      greedy finishes, in which every later pick, bury and call is the heuristic's
      (:func:`tricktaker.sheepshead.bidding_action`: the other seats are taken to bid as
      :class:`SheepsheadHeuristicBot` does). With ``bid_rollouts=None`` they are left to ``bidding`` (a
      :class:`SheepsheadHeuristicBot` by default).
    * Tractor's card play: whole plays are the candidates (as :class:`TractorPIMCBot` chooses them), valued
      in ``worlds`` rounds by the exact solver once each hand holds at most ``solver_cards`` cards, else by
      ``rollouts`` greedy finishes scored by the team's card points (P for the opponents of the declarers,
      -P for the declarers: the levels follow P, and points are a far less noisy signal). The bot then
      adds the chosen play's cards one by one. Declarations and discards are left to ``bidding``.

    With ``seconds``, worlds are drawn 10 at a time until the time is up (at least 10, at most ``worlds``):
    the play then depends on the machine. Seeds derive from ``seed`` and the acting seat's information key.
    ``rollouts`` defaults to 24 for Sheepshead and 4 for Tractor. Among Sheepshead cards of equal value
    (perfect play often values several alike), the one ``bidding`` would play is chosen, else the lowest id.
    """

    def __init__(
        self,
        worlds: int = 40,
        seed: int = 0,
        threads: int | None = 1,
        name: str = "solver-pimc",
        bidding: Bot | Literal["heuristic"] = "heuristic",
        evaluator: str = "solver",
        rollouts: int | None = None,
        solver_tricks: int = 4,
        solver_cards: int = 2,
        seconds: float | None = None,
        bid_rollouts: int | None = 16,
    ) -> None:
        self.worlds = _args.whole(worlds, "worlds", 1, MAX_SAMPLES)
        """Deals sampled per decision (1 to :data:`MAX_SAMPLES`)."""
        self.seed = _args.seed(seed)
        """Mixed with the acting seat's information state key into each search's seed."""
        self.threads = _args.threads(threads)
        """The threads of each search (``None``: one per core)."""
        self.name = name
        """The bot's name (:attr:`Bot.name`)."""
        self._bidding_arg = bidding
        self._bidding: dict[str, Bot] = {}
        if evaluator not in ("win", "solver", "points"):
            raise ArgumentError(
                f"evaluator must be 'win', 'solver' or 'points', not {_args.shown(evaluator)}"
            )
        self.evaluator = evaluator
        """Sheepshead's solver question in each world near the end: ``"solver"``, ``"win"`` or
        ``"points"``."""
        self.rollouts = None if rollouts is None else _args.whole(rollouts, "rollouts", 1, MAX_SAMPLES)
        """Finishes per candidate and world before the solver takes over (``None``: 24 for Sheepshead,
        4 for Tractor)."""
        self.solver_tricks = _args.whole(solver_tricks, "solver_tricks", 0, 6)
        """Sheepshead: the exact solver values the cards once at most this many tricks are left."""
        self.solver_cards = _args.whole(solver_cards, "solver_cards", 0, 4)
        """Tractor: the exact solver values the plays once every hand holds at most this many cards (0 to
        4: the solver is for the last tricks)."""
        self.seconds = _args.seconds(seconds)
        """The time per decision, or ``None``: ``worlds`` worlds every time."""
        self.bid_rollouts = (
            None if bid_rollouts is None else _args.whole(bid_rollouts, "bid_rollouts", 1, MAX_SAMPLES)
        )
        """Sheepshead: greedy finishes per option and world of a pick, bury, call or under (``None``: those
        are left to ``bidding``)."""
        self._heuristic = TractorHeuristicBot()
        self._plans: dict[int, list[Card]] = {}

    def _bidder(self, game: str) -> Bot:
        if game not in self._bidding:
            make: Callable[[], Bot] = SheepsheadHeuristicBot if game == "sheepshead" else TractorHeuristicBot
            chosen = _bidding_arg(self._bidding_arg, make, allow_none=False)
            assert chosen is not None
            self._bidding[game] = chosen
        return self._bidding[game]

    def _search(
        self, state: GameState, me: int, evaluator: str, lines: list[list[int]] | None, rollouts: int
    ) -> list[float]:
        """The mean value of each candidate over the worlds (all of them, or as many as the time allows)."""
        base = _mix(self.seed, state.information_state_key(me))
        policy = "greedy"
        if self.seconds is None:
            found = search.pimc(
                state,
                me,
                self.worlds,
                evaluator=evaluator,
                policy=policy,
                rollouts=rollouts,
                lines=lines,
                seed=base,
                threads=self.threads,
            )
            return [float(v) for v in found.mean]
        deadline = time.perf_counter() + self.seconds
        total: list[float] = []
        done = 0
        while done < self.worlds and (done == 0 or time.perf_counter() < deadline):
            batch = min(10, self.worlds - done)
            found = search.pimc(
                state,
                me,
                batch,
                evaluator=evaluator,
                policy=policy,
                rollouts=rollouts,
                lines=lines,
                seed=_mix(base, done),
                threads=self.threads,
            )
            sums = [float(v) * batch for v in found.mean]
            total = sums if not total else [a + b for a, b in zip(total, sums, strict=True)]
            done += batch
        return [t / done for t in total]

    def act(self, state: GameState) -> int:
        """The legal action with the best value over the sampled worlds."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        me = _to_act(state)
        if isinstance(state, sheepshead.State):
            if state.phase != "play":
                if self.bid_rollouts is None:
                    return self._bidder("sheepshead").act(state)
                values = self._search(state, me, "rollouts", None, self.bid_rollouts)
                return legal[max(range(len(legal)), key=lambda i: (values[i], -i))]
            solvable = sheepshead.solver_refusal(state) is None
            if solvable and state.hand_size - state.trick_number <= self.solver_tricks:
                values = self._search(state, me, self.evaluator, None, 1)
            else:
                values = self._search(state, me, "rollouts", None, self.rollouts or 24)
            best = max(values)
            tied = [a for a, v in zip(legal, values, strict=True) if v >= best - 1e-9]
            # Perfect play often values several cards alike: the heuristic's card, if tied, breaks the tie.
            preferred = self._bidder("sheepshead").act(state) if len(tied) > 1 else tied[0]
            return preferred if preferred in tied else tied[0]
        if not isinstance(state, tractor.State):
            raise ArgumentTypeError(f"SolverPIMCBot plays Sheepshead and Tractor, not {_args.shown(state)}")
        if state.phase != "play":
            return self._bidder("tractor").act(state)
        partial = state.partial_play()
        start = state.clone()
        for _ in partial:
            start.undo()
        key = start.information_state_key(me)
        if key not in self._plans:
            if len(self._plans) > 10_000:
                self._plans.clear()
            self._plans[key] = self._tractor_play(start, me)
        return _next_card(self._plans[key], partial, legal)

    def _tractor_play(self, state: tractor.State, me: int) -> list[Card]:
        plays = TractorPIMCBot.candidates_of(state, self._heuristic)
        if len(plays) == 1:
            return plays[0]
        lines = [tractor.play_actions(state, play) for play in plays]
        endgame = max(len(state.hand(s)) for s in range(tractor.NUM_PLAYERS)) <= self.solver_cards
        evaluator = "solver" if endgame else "points"
        values = self._search(state, me, evaluator, lines, self.rollouts or 4)
        return plays[max(range(len(plays)), key=lambda i: (values[i], -i))]


class ISMCTSBot:
    """Information-set MCTS in Rust for either game, every decision included
    (:func:`tricktaker.search.ismcts`): the pick, the bury, the call, Tractor's declarations and kitty,
    every card. Each decision runs ``simulations`` simulations (or as many as ``seconds`` allows) on
    ``threads`` threads and takes the most visited action. Rollouts play by ``policy`` (default
    ``"greedy"``: the rules of thumb of each game's greedy rollout policy). Seeds derive from ``seed`` and
    the acting seat's information key."""

    def __init__(
        self,
        simulations: int = 2000,
        seed: int = 0,
        threads: int | None = 1,
        name: str = "ismcts",
        seconds: float | None = None,
        exploration: float | None = None,
        policy: str | None = None,
    ) -> None:
        self.simulations = _args.whole(simulations, "simulations", 1, search.MAX_SIMULATIONS)
        """Simulations per decision (the most, with ``seconds``)."""
        self.seed = _args.seed(seed)
        """Mixed with the acting seat's information state key into each search's seed."""
        self.threads = _args.threads(threads)
        """The threads of each search: one tree each (``None``: one per core)."""
        self.name = name
        """The bot's name (:attr:`Bot.name`)."""
        self.seconds = _args.seconds(seconds)
        """The time per decision, or ``None``: ``simulations`` every time."""
        self.exploration = search.DEFAULT_EXPLORATION if exploration is None else exploration
        """The UCB exploration constant (on returns scaled by the largest seen)."""
        self.policy = policy
        """How the rollouts play; ``None``: ``"greedy"``."""

    def act(self, state: GameState) -> int:
        """The most visited action of an ISMCTS search of the decision."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        me = _to_act(state)
        policy = self.policy or "greedy"
        found = search.ismcts(
            state,
            me,
            simulations=self.simulations,
            seconds=self.seconds,
            exploration=self.exploration,
            policy=policy,
            seed=_mix(self.seed, state.information_state_key(me)),
            threads=self.threads,
        )
        return found.best


# ---- the arena ----


@dataclass(frozen=True)
class ArenaResult:
    """The outcome of :func:`arena`: per bot (by its place in the list given), the mean return per hand it
    played, and the seat-by-seat record the :meth:`ratings` are fitted to."""

    game: str
    """The game played (a key of :data:`tricktaker.protocol.GAMES`)."""
    names: tuple[str, ...]
    """The bots' names, in the order the bots were given."""
    hands: int
    """How many hands (Tractor: rounds) were played."""
    mean: tuple[float, ...]
    """Each bot's mean return per hand it played."""
    half_width: tuple[float, ...]
    """Half the width of each mean's 95% confidence interval (1.96 standard errors)."""
    returns: npt.NDArray[np.float64] = field(compare=False, repr=False)
    """``(hands, len(names))``: each bot's return in each hand, NaN in a hand it sat out (with more bots than
    seats); not part of ``==``."""
    seats: npt.NDArray[np.int64] = field(compare=False, repr=False)
    """``(hands, seats)``: the bot (its place in :attr:`names`) at each seat of each hand."""
    seat_returns: npt.NDArray[np.float64] = field(compare=False, repr=False)
    """``(hands, seats)``: each seat's return in each hand."""

    @classmethod
    def from_hands(
        cls,
        game: str,
        names: Sequence[str],
        seats: npt.NDArray[np.int64],
        seat_returns: npt.NDArray[np.float64],
    ) -> ArenaResult:
        """The result of the hands whose seating (the bot at each seat, by its place in ``names``) and seat
        returns are given, one row per hand, as :func:`play_hands` returns them."""
        hands = len(seats)
        table = np.full((hands, len(names)), np.nan, dtype=np.float64)
        table[np.arange(hands)[:, None], seats] = seat_returns
        played = np.sum(~np.isnan(table), axis=0)
        mean = np.nanmean(table, axis=0)
        sem = np.array(
            [
                np.nanstd(table[:, i], ddof=1) / math.sqrt(c) if c > 1 else math.inf
                for i, c in enumerate(played)
            ]
        )
        return cls(
            game=game,
            names=tuple(names),
            hands=hands,
            mean=tuple(float(m) for m in mean),
            half_width=tuple(float(1.96 * s) for s in sem),
            returns=table,
            seats=seats,
            seat_returns=seat_returns,
        )

    def interval(self, i: int) -> tuple[float, float]:
        """Bot ``i``'s 95% confidence interval of the mean return."""
        return (self.mean[i] - self.half_width[i], self.mean[i] + self.half_width[i])

    def ratings(self, seed: int = 0, bootstraps: int = ratings_module.BOOTSTRAPS) -> ratings_module.Ratings:
        """Elo-style Bradley–Terry ratings of the bots by name (bots of one name count as one), with seeded
        bootstrap 95% intervals (:func:`tricktaker.ratings.rate`)."""
        distinct = list(dict.fromkeys(self.names))
        index = np.array([distinct.index(n) for n in self.names])
        return ratings_module.rate(
            self.seat_returns, index[self.seats], distinct, seed=seed, bootstraps=bootstraps
        )

    def table(self) -> str:
        """A plain-text table: bot, mean return, 95% interval."""
        width = max(len(n) for n in self.names) + 4
        lines = [f"{self.game}: {self.hands} hands", f"{'bot':<{width}} {'mean':>8}  95% interval"]
        for i, name in enumerate(self.names):
            lo, hi = self.interval(i)
            lines.append(f"{f'{i}:{name}':<{width}} {self.mean[i]:>+8.3f}  [{lo:+.3f}, {hi:+.3f}]")
        return "\n".join(lines)


class Stopwatch:
    """The time a bot takes on the decisions that offer a choice (a decision with one legal action is taken
    at once and not counted): ``action = watch.timed(state, bot.act)``, then :attr:`ms`."""

    def __init__(self) -> None:
        self.seconds = 0.0
        """Seconds spent in the timed decisions."""
        self.decisions = 0
        """The decisions timed."""

    def timed(self, state: Any, choose: Callable[[Any], int]) -> int:
        """``choose(state)``, timed, when ``state`` has more than one legal action; else that one action."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return int(legal[0])
        start = time.perf_counter()
        action = int(choose(state))
        self.seconds += time.perf_counter() - start
        self.decisions += 1
        return action

    @property
    def ms(self) -> float:
        """Mean milliseconds a timed decision (0 before any)."""
        return 1000 * self.seconds / max(1, self.decisions)


def play_out(
    state: GameState, seating: Sequence[Bot], on_decision: Callable[[GameState, int], None] | None = None
) -> list[int]:
    """Play ``state`` to its end, ``seating[seat]`` choosing every action of ``seat``, and return the
    returns. ``on_decision(state, action)``, if given, is called before each action is applied."""
    while not state.is_terminal:
        action = seating[_to_act(state)].act(state)
        if on_decision is not None:
            on_decision(state, action)
        state.apply_action(action)
    return state.returns()


def arena_deal(game: str, seed: int, h: int) -> GameState:
    """Hand ``h`` (from 0) of an :func:`arena` of ``game`` seeded ``seed``, before its first action. It
    depends only on ``game``, ``seed`` and ``h``: Sheepshead deals fresh hands with the dealer rotating (seat
    ``h % 5``), Tractor deals round 1 (both teams at level 2)."""
    deal_seed = _mix(seed, h)
    if game == "sheepshead":
        return sheepshead.State.new(deal_seed, dealer=h % sheepshead.NUM_PLAYERS)
    state: GameState = GAMES[game].State.new(deal_seed)
    return state


def arena_seats(h: int, bots: int, seats: int) -> list[int]:
    """Which bot (its place in a list of ``bots``) sits at each of the ``seats`` seats in hand ``h`` of an
    :func:`arena`: bot ``(s + h) % bots`` at seat ``s``."""
    return [(s + h) % bots for s in range(seats)]


def check_arena(game: str, bots: Sequence[Bot], hands: int, seed: int) -> tuple[int, int]:
    """:func:`arena`'s ``game``, ``bots``, ``hands`` and ``seed`` checked (:class:`tricktaker.ArgumentError`
    or :class:`tricktaker.ArgumentTypeError` naming what is wrong); returns ``(hands, seed)`` as ints."""
    if game not in GAMES:
        raise ArgumentError(f"unknown game {_args.shown(game)}: the games are {', '.join(sorted(GAMES))}")
    n: int = GAMES[game].NUM_PLAYERS
    if isinstance(bots, (str, bytes)) or not isinstance(bots, Sequence):
        raise ArgumentTypeError(f"bots must be a sequence of bots, not {_args.shown(bots)}")
    if not n <= len(bots) <= MAX_ARENA_BOTS:
        raise ArgumentError(
            f"{game} needs {n} to {MAX_ARENA_BOTS} bots (one a seat at least), got {len(bots)}"
        )
    if not all(isinstance(bot, Bot) for bot in bots):
        odd = next(bot for bot in bots if not isinstance(bot, Bot))
        raise ArgumentTypeError(f"a bot has a name and an act(state) method, not {_args.shown(odd)}")
    hands = _args.whole(hands, "hands", 2, MAX_ARENA_HANDS)
    if n < len(bots) > hands:
        raise ArgumentError(f"{len(bots)} bots need at least {len(bots)} hands, to sit at every seat in turn")
    return hands, _args.seed(seed)


def check_hooks(**hooks: object) -> None:
    """Each of ``hooks`` (by its name) is a callable or ``None``, or :class:`tricktaker.ArgumentTypeError`."""
    for hook_name, hook in hooks.items():
        if hook is not None and not callable(hook):
            raise ArgumentTypeError(f"{hook_name} must be a callable or None, not {_args.shown(hook)}")


def play_hands(
    game: str,
    bots: Sequence[Bot],
    seed: int,
    hands: range,
    *,
    on_decision: Callable[[int, GameState, int], None] | None = None,
    on_deal: Callable[[int, GameState, list[str]], None] | None = None,
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float64]]:
    """Play the hands ``hands`` (a range of hand numbers, from 0) of an :func:`arena` of ``game`` among
    ``bots`` seeded ``seed``, exactly as the arena plays them: ``arena`` is this over ``range(hands)``, and
    :mod:`tricktaker.distributed` plays its ranges on many machines and gets the same hands. Returns
    ``(seats, seat_returns)``, one row per hand: the bot at each seat (its place in ``bots``) and each seat's
    return.

    ``on_decision(h, state, action)`` is called before each action is applied (``state.current_player`` is
    the seat choosing it); ``on_deal`` as for :func:`arena`. The arguments are :func:`check_arena`'s, not
    checked again here."""
    n: int = GAMES[game].NUM_PLAYERS
    seats = np.zeros((len(hands), n), dtype=np.int64)
    seat_returns = np.zeros((len(hands), n), dtype=np.float64)
    for row, h in enumerate(hands):
        state = arena_deal(game, seed, h)
        seats[row] = arena_seats(h, len(bots), n)
        seating = [bots[i] for i in seats[row]]
        decided = None if on_decision is None else functools.partial(on_decision, h)
        seat_returns[row] = play_out(state, seating, decided)
        if on_deal is not None:
            on_deal(h, state, [bot.name for bot in seating])
    return seats, seat_returns


def arena(
    game: str,
    bots: Sequence[Bot],
    hands: int,
    seed: int,
    *,
    progress: Callable[[int, int], None] | None = None,
    on_deal: Callable[[int, GameState, list[str]], None] | None = None,
) -> ArenaResult:
    """Play ``hands`` hands of ``game`` among ``bots``: at least one per seat (5 for Sheepshead, 4 for
    Tractor), at most :data:`MAX_ARENA_BOTS`.

    ``game`` is a name of :data:`tricktaker.protocol.GAMES`. With ``k`` bots, hand ``h`` seats bot
    ``(s + h) % k`` at seat ``s`` (:func:`arena_seats`), so over a multiple of ``k`` hands every bot plays
    every seat equally often; with more bots than seats, each hand seats ``n`` bots in a row of the list, in
    turn. Hand ``h`` is :func:`arena_deal` ``(game, seed, h)``: Sheepshead deals fresh hands with the dealer
    rotating (seat ``h % 5``, so a bot's place relative to the dealer rotates too); Tractor deals round 1
    (both teams at level 2). Deals depend only on ``seed`` and ``h``; bots are deterministic, so the result is
    too, and :func:`tricktaker.distributed.arena` plays the same hands over a Ray cluster. The confidence
    interval is the normal approximation: mean ± 1.96 standard errors of the per-hand mean. Returns are
    zero-sum, so the bots' means sum to zero.

    Two hooks follow the run (an exception raised in one ends it): ``progress(done, hands)`` is called after
    each hand, ``done`` from 1 to ``hands``; ``on_deal(h, state, names)`` gets each finished hand ``h`` (from
    0), its terminal state and the names of the bots by seat (``names[seat]``), e.g. to record it.
    """
    hands, seed = check_arena(game, bots, hands, seed)
    check_hooks(progress=progress, on_deal=on_deal)

    def finished(h: int, state: GameState, names: list[str]) -> None:
        if on_deal is not None:
            on_deal(h, state, names)
        if progress is not None:
            progress(h + 1, hands)

    seats, seat_returns = play_hands(game, bots, seed, range(hands), on_deal=finished)
    return ArenaResult.from_hands(game, [bot.name for bot in bots], seats, seat_returns)
