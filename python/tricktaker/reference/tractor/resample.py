"""Resampling what a seat cannot see: the workings of `State.resample` (Rust: ``resample.rs``).

`State.resample` (whose docstring says what is hidden, what constrains it and how the deals are drawn) asks
`_HiddenCards` for proposals until one is consistent. `_HiddenCards` replays the round once and notes what
every seat showed: the cards played, the voids (R28), the follows (R30-R32), the throws (R33, R34), the cards
exposed to declare (R15) and the turns at the draw (R18); it then deals the unknown cards (uniformly, or
around the voids), puts each other seat's cards in its draw positions in an order counted by `_DrawOrders`,
draws another starter's kitty with `_draw_kitty`, and replays the history on the result.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, TypeAlias

from .actions import DECLARE_SINGLE, DISCARD, FINISH, PASS, PLAY
from .cards import (
    BLACK_JOKER,
    NUM_KINDS,
    NUM_PLAYERS,
    RED_JOKER,
    SUITS,
    _kind_id,
    _rank_card,
    _texts,
)
from .declare import Declaration, _declaration_ids, _declared_cards
from .errors import UnreachableStateError
from .follow import _follow_rule
from .format import _components
from .origin import _Restack
from .rng import Rng
from .rules import Rules
from .scoring import NO_TRUMP_LEVEL
from .throw import check_throw

if TYPE_CHECKING:
    from .round import State


#: How many deals `State.resample` tries before it gives up. A round reached by play never needs them all: its
#: own deal is consistent, so every try succeeds with a fixed positive probability.
RESAMPLE_TRIES: Final = 1_000_000

# After this many uniform deals have broken a shown void, `State.resample` deals around the voids instead.
_UNIFORM_VOID_TRIES: Final = 64


class _Rejected(Exception):
    """A proposed deal that `State.resample` turns down; ``void``: it gave a seat a card of a suit the seat
    showed void in."""

    def __init__(self, void: bool = False) -> None:
        super().__init__()
        self.void = void


def _pick(weights: Sequence[int], chooser: random.Random) -> int:
    """An index drawn with odds proportional to ``weights`` (their sum is positive)."""
    target = chooser.randrange(sum(weights))
    for index, weight in enumerate(weights):
        if target < weight:
            return index
        target -= weight
    raise AssertionError("the target is below the sum of the weights")


def _draw_kitty(
    cards: Counter[int],
    kept: Counter[int],
    size: int,
    chooser: random.Random,
    must_go: frozenset[int] = frozenset(),
    bound: int = 0,
) -> list[int] | None:
    """Another starter's kitty (R23): ``size`` of its unplayed ``cards``, uniform among the choices (copies
    told apart) that keep the cards ``kept`` in its hand and take every card of a kind in ``must_go``, in an
    order drawn uniformly; None if there is none.

    With ``bound`` (no less than the number of such choices for any ``cards`` of this many cards), None is
    also returned with probability 1 - choices / bound. A kitty drawn uniformly from all the choices and
    turned down unless it keeps ``kept`` in the hand is accepted with a probability proportional to the
    number of choices that do, and is then uniform among them; this is the same in one draw, instead of
    thousands when the starter has shown many cards since.
    """
    kinds = sorted(cards)
    # For each kind, how many of its copies the kitty may take, and in how many ways.
    options = [
        [(taken, math.comb(cards[kind], taken)) for taken in range(low, cards[kind] - kept[kind] + 1)]
        for kind in kinds
        for low in [cards[kind] if kind in must_go else 0]
    ]
    # ways[i][r]: the choices of r cards among the kinds i, i+1, ...
    ways = [[0] * (size + 1) for _ in range(len(kinds) + 1)]
    ways[len(kinds)][0] = 1
    for i in range(len(kinds) - 1, -1, -1):
        for r in range(size + 1):
            ways[i][r] = sum(count * ways[i + 1][r - taken] for taken, count in options[i] if taken <= r)
    choices = ways[0][size]
    if choices == 0 or (bound and chooser.randrange(bound) >= choices):
        return None
    kitty: list[int] = []
    left = size
    for i, kind in enumerate(kinds):
        weights = [count * ways[i + 1][left - taken] if taken <= left else 0 for taken, count in options[i]]
        taken = options[i][_pick(weights, chooser)][0]
        kitty += [kind] * taken
        left -= taken
    chooser.shuffle(kitty)  # the order of the discards
    return kitty


def _kitty_choices_bound(unplayed: int, kept: Counter[int], size: int) -> int:
    """The most choices `_draw_kitty` can have for ``size`` of ``unplayed`` cards keeping ``kept``: each kind
    kept once whose other copy is among the cards lets the kitty take either copy, and that is the best
    case."""
    free = unplayed - kept.total()
    doubles = min(sum(1 for count in kept.values() if count == 1), free)
    return sum(
        math.comb(doubles, taken) * 2**taken * math.comb(free - doubles, size - taken)
        for taken in range(min(doubles, size) + 1)
    )


@dataclass(frozen=True)
class _Turn:
    """A seat's turn at the draw as everyone saw it (R15-R18): after its card ``slot`` (counted from 0 in its
    own drawing order; in the final window its last, h - 1: 24 under R13, F5), with ``standing`` standing, it
    could declare or not, and made the declaration ``declared`` if it did."""

    slot: int
    standing: Declaration | None
    could_declare: bool
    declared: int | None = None

    def agrees(self, held: Counter[int], seat: int, rank: int, rules: Rules) -> bool:
        """Whether ``seat`` holding ``held`` (what it drew of the trump-rank cards and jokers, the only cards
        that decide it) would have done what it did."""
        if self.declared is not None:
            needed = _declared_cards(self.declared, rank)
            return all(held[kind] >= count for kind, count in needed.items())
        return bool(_declaration_ids(held, seat, rank, self.standing, rules)) == self.could_declare


class _DrawOrders:
    """The orders of one seat's cards over its ``n`` stack slots that agree with its turns at the draw,
    counted exactly, and drawn uniformly among.

    Only its trump-rank cards and jokers decide a turn (``most[i]`` copies of ``kinds[i]``), so the count runs
    over which of them have been drawn: a state ``x`` says how many copies of each are drawn so far (in mixed
    radix), and ``ways[t][x]`` is the number of ways to fill slots t, t+1, ... from state x, every copy and
    every other card told apart (dynamic programming from the last slot).
    """

    def __init__(
        self,
        kinds: Sequence[int],
        most: Sequence[int],
        n: int,
        turns: Sequence[_Turn],
        seat: int,
        rank: int,
        rules: Rules,
    ) -> None:
        self._kinds = tuple(kinds)
        self._most = tuple(most)
        self._n = n
        self._strides: list[int] = []
        states = 1
        for copies in most:
            self._strides.append(states)
            states *= copies + 1
        self._digits = [
            tuple(x // stride % (copies + 1) for stride, copies in zip(self._strides, most, strict=True))
            for x in range(states)
        ]
        self._sizes = [sum(digits) for digits in self._digits]
        self._others = n - sum(most)  # the seat's cards that decide nothing
        # ok[t][x]: the turn after slot t (if any) agrees with the declarable cards of state x. Many turns ask
        # the same question (the same standing declaration, the same answer): each is answered once.
        self._ok = [[True] * states for _ in range(n)]
        answers: dict[tuple[Declaration | None, bool, int | None], list[bool]] = {}
        for turn in turns:
            question = (turn.standing, turn.could_declare, turn.declared)
            if question not in answers:
                answers[question] = [turn.agrees(self._held(x), seat, rank, rules) for x in range(states)]
            row = self._ok[turn.slot]
            for x, agrees in enumerate(answers[question]):
                row[x] = row[x] and agrees
        self._ways = [[0] * states for _ in range(n + 1)]
        self._ways[n][states - 1] = 1  # every card placed
        for t in range(n - 1, -1, -1):
            for x in range(states):
                if self._sizes[x] <= t <= self._sizes[x] + self._others:
                    self._ways[t][x] = sum(weight for _, weight in self._moves(t, x))

    @property
    def possible(self) -> bool:
        """Whether some order agrees with the turns."""
        return self._ways[0][0] > 0

    def _held(self, x: int) -> Counter[int]:
        return Counter(
            {kind: count for kind, count in zip(self._kinds, self._digits[x], strict=True) if count}
        )

    def _moves(self, t: int, x: int) -> list[tuple[int | None, int]]:
        """The cards that may fill slot ``t`` from state ``x``, each with the number of orders it leads to:
        ``None`` for a card that decides nothing, else the index of a declarable kind."""
        after = self._ways[t + 1]
        ok = self._ok[t]
        moves: list[tuple[int | None, int]] = []
        others_left = self._others - (t - self._sizes[x])
        if others_left > 0 and ok[x] and after[x]:
            moves.append((None, others_left * after[x]))
        for index, stride in enumerate(self._strides):
            drawn = self._digits[x][index]
            y = x + stride
            if drawn < self._most[index] and ok[y] and after[y]:
                moves.append((index, (self._most[index] - drawn) * after[y]))
        return moves

    def sample(self, others: list[int], chooser: random.Random) -> list[int]:
        """One agreeing order, uniformly: the declarable kinds slot by slot, ``others`` (the cards that
        decide nothing, shuffled) in the other slots."""
        chooser.shuffle(others)
        rest = iter(others)
        order: list[int] = []
        x = 0
        for t in range(self._n):
            moves = self._moves(t, x)
            index = moves[_pick([weight for _, weight in moves], chooser)][0]
            if index is None:
                order.append(next(rest))
            else:
                order.append(self._kinds[index])
                x += self._strides[index]
        return order


# What a completed follow showed (R28-R32): the seat, the lead, its play, and what it had played before.
_Follow: TypeAlias = tuple[int, list[int], Counter[int], Counter[int]]
# What a throw showed (R33, R34): the leader, the cards thrown, the forced lead if it failed, and what each
# seat had played before.
_Throw: TypeAlias = tuple[int, list[int], tuple[int, ...] | None, list[Counter[int]]]
# A turn at the draw: (deal, cards drawn, final-window turns begun).
_Stop: TypeAlias = tuple[int, int, int]


class _HiddenCards:
    """What ``player`` cannot see in a round, worked out once per `State.resample` call, and the deals that
    fill it in (see `State.resample`)."""

    def __init__(self, state: State, player: int) -> None:
        self._state = state
        self._player = player
        self._others = [seat for seat in range(NUM_PLAYERS) if seat != player]
        self._dealt_round = state._setup.hands is None
        self._rank = state._rank
        starter = state._starter
        phase = state._phase
        # Another starter who took the talon (R23): its draws and its talon are hidden as one lot.
        self._talon_owner = (
            starter if self._dealt_round and starter not in (None, player) and phase != "draw" else None
        )
        # The kitty is known to the starter who made it (or got it, from_cards) and to all at the end (R41).
        self._kitty_hidden = not (phase == "done" or (starter == player and phase != "draw"))
        self._watch()

        known = [held.copy() for held in self._held]
        if phase == "play":
            mover = state.current_player
            assert mover is not None
            known[mover] |= Counter(state._partial)  # the play being built is still in the hand
        owner = self._talon_owner
        if owner is not None and not self._kitty_hidden:
            known[owner] |= Counter(state._kitty)  # its known cards may be in the kitty
        # Another starter's cards seen in its hand since it discarded (R34, a play being built) are not in
        # the kitty; the cards it exposed to declare (R15) may be.
        self._kept = Counter[int]() if owner is None else self._held_in_play[owner].copy()
        if owner is not None and phase == "play" and state.current_player == owner:
            self._kept |= Counter(state._partial)
        self._turned = Counter(state._talon[: state._turned])  # R20: seen by all, in their places
        # The cards known to be among each other seat's cards: those it played or is known to hold.
        self._fixed = [Counter[int]() for _ in range(NUM_PLAYERS)]
        for seat in self._others:
            self._fixed[seat] = self._played[seat] + known[seat]
        count = [0] * NUM_PLAYERS
        pool: Counter[int] = Counter()
        self._slots: list[list[int]] = [[] for _ in range(NUM_PLAYERS)]  # stack positions, dealt rounds
        self._rest_places: list[int] = []
        self._turns: list[list[_Turn]] = [[] for _ in range(NUM_PLAYERS)]
        if self._dealt_round:
            self._slots, self._rest_places = self._stack_places()
            if owner is not None:
                self._fixed[owner] -= self._fixed[owner] & self._turned  # the turned cards keep their places
            pool.update(state._stack[k] for places in [*self._slots, self._rest_places] for k in places)
            count = [len(places) for places in self._slots]
            self._turns = self._draw_turns()
        else:
            setup = state._setup
            assert setup.hands is not None
            if self._kitty_hidden:
                pool.update(setup.kitty)
            for seat in self._others:
                pool.update(setup.hands[seat])
                count[seat] = len(setup.hands[seat])
        for seat in self._others:
            if self._fixed[seat] - pool:
                raise UnreachableStateError(
                    f"seat {seat} shows cards that seat {player} holds or saw elsewhere"
                )
            pool -= self._fixed[seat]
            count[seat] -= self._fixed[seat].total()
        self._kitty_bound = 0  # see _draw_kitty
        if owner is not None and self._kitty_hidden:
            unplayed = len(self._slots[owner]) + self._turned.total() - self._played[owner].total()
            self._kitty_bound = _kitty_choices_bound(unplayed, self._kept, len(state._kitty))
        self._free = sorted(pool.elements())  # the cards no seat is known to hold
        self._count = count  # how many of them go to each seat; the rest fill the other places
        trump = state._trump
        self._void_kinds = [
            frozenset(
                kind for kind in range(NUM_KINDS) if trump is not None and trump._suit_of_id(kind) in voids
            )
            for voids in self._voids
        ]
        # The cards that decide a turn at the draw: the trump-rank cards and the jokers (R15). The level NT
        # has no trump rank and no turns (F12): only the jokers, which decide nothing there.
        rank_cards = (
            [] if self._rank == NO_TRUMP_LEVEL else [_rank_card(self._rank, s) for s in range(len(SUITS))]
        )
        self._declarable = (*rank_cards, BLACK_JOKER, RED_JOKER)
        self._orders: dict[tuple[int, tuple[int, ...]], _DrawOrders] = {}

    def _watch(self) -> None:
        """Replay the round from its start and note what every seat showed."""
        state = self._state
        replay = state._rebuilt(state._setup)
        self._played = [Counter[int]() for _ in range(NUM_PLAYERS)]  # cards of finished plays
        self._held = [Counter[int]() for _ in range(NUM_PLAYERS)]  # cards shown and still in the hand
        self._held_in_play = [Counter[int]() for _ in range(NUM_PLAYERS)]  # the same, shown in the play
        self._voids: list[set[str]] = [set() for _ in range(NUM_PLAYERS)]
        self._follows: list[_Follow] = []
        self._throws: list[_Throw] = []
        self._stops: list[_Stop] = []
        self._leads: list[tuple[int, ...]] = []
        # The turns of the current deal's draw at which the drawer could declare, and what it did (None: not
        # yet), by (cards drawn, final-window turns begun).
        self._decisions: dict[tuple[int, int], int | None] = {}
        deal = replay._deals
        for action in state._history:
            if replay._phase == "draw":
                seat = replay._decider
                assert seat is not None
                self._stops.append((replay._deals, replay._drawn, replay._window))
                self._decisions[(replay._drawn, replay._window)] = action
                if action != PASS:
                    self._held[seat] |= _declared_cards(action, replay._rank)  # R15, R18: shown, kept
                replay._do(action)
                if replay._deals != deal:  # R19: a redeal; what the old deal showed no longer counts
                    deal = replay._deals
                    self._decisions = {}
                    self._held = [Counter() for _ in range(NUM_PLAYERS)]
            elif replay._phase == "play":
                self._watch_play(replay, action)
            else:
                replay._do(action)
        if replay._phase == "draw":  # the turn being decided now: the drawer could declare
            self._stops.append((replay._deals, replay._drawn, replay._window))
            self._decisions[(replay._drawn, replay._window)] = None

    def _watch_play(self, replay: State, action: int) -> None:
        """Apply a play action to ``replay``, noting the throws, follows and voids it shows (R28-R34)."""
        seat = (replay._leader + len(replay._trick)) % NUM_PLAYERS
        trump = replay._current_trump()
        if action == FINISH:
            lead = list(replay._partial)
            before = [played.copy() for played in self._played]
            replay._do(action)
            led = replay._trick[0][1]
            self._leads.append(tuple(led))
            # A throw (R27, R33, F21 under min_tractor_length); a failed one leads `led` (R34).
            if len(_components(lead, trump, replay._rules.min_tractor_length)) > 1:
                self._throws.append((seat, lead, None if sorted(lead) == led else tuple(led), before))
            self._note_play(seat, Counter(lead), Counter(led))
            return
        completes = bool(replay._trick) and len(replay._partial) + 1 == len(replay._trick[0][1])
        if not completes:
            replay._do(action)
            return
        lead = replay._trick[0][1]
        play = Counter([*replay._partial, action - PLAY])
        if seat != self._player:
            self._follows.append((seat, lead, play, self._played[seat].copy()))
        led_suit = trump._suit_of_id(lead[0])
        if any(trump._suit_of_id(kind) != led_suit for kind in play):
            self._voids[seat].add(led_suit)  # R28, R32: it played all it had of the led suit
        replay._do(action)
        self._note_play(seat, play, play)

    def _note_play(self, seat: int, shown: Counter[int], played: Counter[int]) -> None:
        """A play of ``seat`` is complete: ``shown`` was seen in its hand (all of a failed throw), ``played``
        left it."""
        self._held[seat] = (self._held[seat] | shown) - played
        self._held_in_play[seat] = (self._held_in_play[seat] | shown) - played
        self._played[seat] += played

    def _stack_places(self) -> tuple[list[list[int]], list[int]]:
        """The stack positions hidden from the player: each other seat's draws in order (another starter's
        talon positions after them), and the rest (undrawn, or the talon before it is taken). The cards taken
        out of the deck (F5), known to all, keep their places at the end of the stack."""
        state = self._state
        deal = state._deal
        slots: list[list[int]] = [[] for _ in range(NUM_PLAYERS)]
        for k in range(state._drawn):
            seat = (state._first + k) % NUM_PLAYERS  # R13
            if seat != self._player:
                slots[seat].append(k)
        rest = list(range(state._drawn, deal.drawn))
        talon = range(deal.drawn + state._turned, deal.talon_end)  # F6: positions 4h .. 4h + k - 1
        if state._phase == "draw":
            rest.extend(talon)
        elif self._talon_owner is not None:
            slots[self._talon_owner].extend(talon)
        return slots, rest

    def _draw_turns(self) -> list[list[_Turn]]:
        """What every turn of the current deal's draw told about each other seat (R15-R18)."""
        state = self._state
        if self._rank == NO_TRUMP_LEVEL:
            return [[] for _ in range(NUM_PLAYERS)]  # F12: the level NT has no declarations: nothing told
        first = state._first
        visits = [((k + 1, 0), (first + k) % NUM_PLAYERS, k // NUM_PLAYERS) for k in range(state._drawn)]
        # R18: the final window comes after each seat's last draw, its slot h - 1 (F5; 24 under R13).
        deal = state._deal
        visits += [
            ((deal.drawn, w + 1), (first + w) % NUM_PLAYERS, deal.hand - 1) for w in range(state._window)
        ]
        turns: list[list[_Turn]] = [[] for _ in range(NUM_PLAYERS)]
        standing: Declaration | None = None
        for key, seat, slot in visits:
            if key not in self._decisions:
                turn = _Turn(slot, standing, could_declare=False)  # the draw went on by itself
            else:
                action = self._decisions[key]
                declared = action if action is not None and action != PASS else None
                turn = _Turn(slot, standing, could_declare=True, declared=declared)
            if seat != self._player:
                turns[seat].append(turn)
            if turn.declared is not None:
                standing = Declaration(seat, turn.declared)
        return turns

    # ---- one proposal ----------------------------------------------------------------------------------

    def propose(self, chooser: random.Random, around_voids: bool) -> State:
        """One consistent round, or `_Rejected`. ``around_voids``: deal around the shown voids instead of
        uniformly."""
        state = self._state
        lots, rest = self._deal_around_voids(chooser) if around_voids else self._deal_uniformly(chooser)
        dealt = [self._fixed[seat] + Counter(lots[seat]) for seat in range(NUM_PLAYERS)]
        hands = [dealt[seat] - self._played[seat] for seat in range(NUM_PLAYERS)]
        kitty: list[int] = []
        owner = self._talon_owner
        if owner is not None:
            # Another starter's draws and talon hold its hand, what it played and the kitty (R23).
            cards = dealt[owner] + self._turned - self._played[owner]
            if self._kitty_hidden:
                if around_voids:  # its cards of suits it showed void in must be in the kitty
                    drawn = _draw_kitty(
                        cards, self._kept, len(state._kitty), chooser, self._void_kinds[owner]
                    )
                else:
                    drawn = _draw_kitty(
                        cards, self._kept, len(state._kitty), chooser, bound=self._kitty_bound
                    )
                if drawn is None:
                    raise _Rejected
                kitty = drawn
                hands[owner] = cards - Counter(kitty)
            else:
                hands[owner] = cards - Counter(state._kitty)
        for seat in self._others:
            if any(kind in self._void_kinds[seat] for kind in hands[seat]):
                raise _Rejected(void=True)
        hands[self._player] = state._hands[self._player]
        if not self._shown_agrees(hands):
            raise _Rejected
        history = list(state._history)
        if owner is not None and self._kitty_hidden:
            discards = iter(kitty)  # R23: the discards, hidden, are the new kitty's cards
            for i, action in enumerate(history):
                if DISCARD <= action < DECLARE_SINGLE:
                    history[i] = DISCARD + next(discards)
        start = self._restacked(dealt, rest, chooser) if self._dealt_round else self._position(dealt, rest)
        if not self._replays(start, history):
            raise _Rejected
        return start

    def _deal_uniformly(self, chooser: random.Random) -> tuple[list[list[int]], list[int]]:
        """The unknown cards shuffled and dealt into the places left: each other seat's, then the rest."""
        free = list(self._free)
        chooser.shuffle(free)
        lots: list[list[int]] = []
        dealt = 0
        for seat in range(NUM_PLAYERS):
            lots.append(free[dealt : dealt + self._count[seat]])
            dealt += self._count[seat]
        return lots, free[dealt:]

    def _deal_around_voids(self, chooser: random.Random) -> tuple[list[list[int]], list[int]]:
        """The unknown cards dealt around the voids: the cards fewest seats may hold first, each to a place
        that may hold it with odds proportional to the room left there (the rest, and another starter's
        hidden kitty, may hold anything)."""
        free = list(self._free)
        chooser.shuffle(free)
        room = list(self._count)
        rest_room = len(free) - sum(room)
        owner = self._talon_owner
        kitty_room = len(self._state._kitty) if owner is not None and self._kitty_hidden else 0
        free.sort(key=lambda kind: sum(kind in barred for barred in self._void_kinds), reverse=True)
        lots: list[list[int]] = [[] for _ in range(NUM_PLAYERS)]
        rest: list[int] = []
        for kind in free:
            weights = []
            for seat in range(NUM_PLAYERS):
                if kind not in self._void_kinds[seat]:
                    weights.append(room[seat])
                elif seat == owner:
                    weights.append(min(room[seat], kitty_room))  # only into its kitty
                else:
                    weights.append(0)
            weights.append(rest_room)
            if not any(weights):
                raise _Rejected(void=True)
            place = _pick(weights, chooser)
            if place == NUM_PLAYERS:
                rest_room -= 1
                rest.append(kind)
                continue
            if kind in self._void_kinds[place]:
                kitty_room -= 1
            room[place] -= 1
            lots[place].append(kind)
        return lots, rest

    def _shown_agrees(self, hands: Sequence[Counter[int]]) -> bool:
        """Whether seats holding ``hands`` now would have followed and thrown as they did (R28-R34)."""
        trump = self._state._trump
        if trump is None:
            return True
        rules = self._state._rules

        def then(seat: int, before: Counter[int]) -> Counter[int]:
            return hands[seat] + (self._played[seat] - before)

        for seat, lead, play, before in self._follows:
            rule = _follow_rule(
                then(seat, before),
                lead,
                trump,
                tractor_follow=rules.tractor_follow,
                new_adjacency=rules.new_adjacency,
                format_based_draw=rules.format_based_draw,
                min_tractor_length=rules.min_tractor_length,
            )
            if not rule.allows(play, trump):
                return False
        for seat, lead, forced, before_all in self._throws:
            # R33, F26: the other hands in turn order after the thrower, as the round checks them.
            turn = [(seat + k) % NUM_PLAYERS for k in range(1, NUM_PLAYERS)]
            others = [_texts(then(other, before_all[other]).elements()) for other in turn]
            failed = check_throw(
                _texts(lead),
                others,
                trump,
                failed_throw_forced=rules.failed_throw_forced,
                min_tractor_length=rules.min_tractor_length,
            )
            if (None if failed is None else tuple(sorted(_kind_id(card) for card in failed[0]))) != forced:
                return False
        return True

    def _arrange(self, seat: int, cards: Counter[int], chooser: random.Random) -> list[int]:
        """An order of ``cards`` over ``seat``'s stack slots, uniform among those that agree with its turns
        at the draw."""
        most = tuple(cards[kind] for kind in self._declarable)
        key = (seat, most)
        if key not in self._orders:
            self._orders[key] = _DrawOrders(
                self._declarable,
                most,
                len(self._slots[seat]),
                self._turns[seat],
                seat,
                self._rank,
                self._state._rules,
            )
        orders = self._orders[key]
        if not orders.possible:
            raise _Rejected
        return orders.sample([kind for kind in cards.elements() if kind not in self._declarable], chooser)

    def _restacked(self, dealt: Sequence[Counter[int]], rest: Sequence[int], chooser: random.Random) -> State:
        """The round with the current deal's stack dealt again: the player's draws (and seen talon) in place,
        each other seat's cards over its draws, the rest over the places left."""
        state = self._state
        stack = list(state._stack)
        for seat in self._others:
            for k, kind in zip(self._slots[seat], self._arrange(seat, dealt[seat], chooser), strict=True):
                stack[k] = kind
        for k, kind in zip(self._rest_places, rest, strict=True):
            stack[k] = kind
        setup = state._setup
        earlier = tuple(restack for restack in setup.restacks if restack.deal < state._deals)
        restack = _Restack(state._deals, tuple(stack), Rng(chooser.getrandbits(64)).state)
        return state._rebuilt(dataclasses.replace(setup, restacks=(*earlier, restack)))

    def _position(self, dealt: Sequence[Counter[int]], rest: Sequence[int]) -> State:
        """The position from explicit cards with the other hands (and a hidden kitty) dealt again."""
        state = self._state
        setup = state._setup
        assert setup.hands is not None
        hands = tuple(
            setup.hands[seat] if seat == self._player else tuple(sorted(dealt[seat].elements()))
            for seat in range(NUM_PLAYERS)
        )
        kitty = tuple(rest) if self._kitty_hidden else setup.kitty
        return state._rebuilt(dataclasses.replace(setup, hands=hands, kitty=kitty))

    def _replays(self, start: State, history: Sequence[int]) -> bool:
        """Apply the history to ``start`` with every legality check; whether it went through and the round
        was seen as the real one: the same turns at the draw, the same throws failed the same way."""
        stops: list[_Stop] = []
        leads: list[tuple[int, ...]] = []
        for action in history:
            if action not in start.legal_actions():
                return False
            if start._phase == "draw":
                stops.append((start._deals, start._drawn, start._window))
            start._do(action)
            if action == FINISH:
                leads.append(tuple(start._trick[0][1]))
        if start._phase == "draw":
            stops.append((start._deals, start._drawn, start._window))
        return stops == self._stops and leads == self._leads
