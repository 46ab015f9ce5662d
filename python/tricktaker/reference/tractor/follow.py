"""Following a lead (R26, R28-R32, F22-F24): which plays are legal, every distinct legal play, and, for
playing card by card, which cards can still extend a partial play to a legal one (Rust: ``follow.rs``).

F24 at two decks: let S be the follower's cards of the led effective suit and n the lead's size. A follower
with ``|S| < n`` plays all of S and fills up with any cards (R28-R32). Otherwise each component of the lead
(its F21 split under ``min_tractor_length``, F20's L_min) has *candidates*: requirements (F22) of as many
cards, chosen by option ``tractor_follow`` (F23):

* ``"none"`` (default): pairs and singles, no more pairs than the component has;
* ``"full"`` (A.4's ``tractor_must_follow_tractor = true``): the same, plus a tractor itself (so a throw
  with two tractors asks for both runs when S holds them; the old reading asked for the longest one held);
* ``"fallback"``: any requirement of key at most the component's, whose runs have at least L_min pairs.

A candidate of the lead is one candidate of each component, united. k* is the greatest key (P, Q) of a lead
candidate that S fills, and a play of n cards of S is legal iff it fills a lead candidate of key k*. With
``format_based_draw = False`` any n cards of S are legal instead. Option ``new_adjacency = "forbid"`` keeps a
tuple's candidates under ``fallback`` to tuples (F23), which at two decks changes nothing: a tuple is a pair
or a single, too small for a run. With ``tractor_follow = "none"`` this is R32: k* is ``min(P_L, P_S)`` pairs.

At two decks every unit (F22) is a single (1, 1), a pair (2, 1) or a run of L >= 2 pairs (2, L), since w <= 2
and F20's w_min is 2.
"""

from __future__ import annotations

import functools
import itertools
import warnings
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Final, TypeAlias

from .cards import MAX_COPIES, CardLike, _ids, _texts
from .format import _Component, _components
from .rules import NEW_ADJACENCY_CHOICES, TRACTOR_FOLLOW_CHOICES
from .trump import Trump

#: F20's w_min: the fewest copies of each card in a run; always 2 at two decks.
_MIN_RUN_WIDTH: Final = 2

_Unit: TypeAlias = tuple[int, int]  # F22: (w, L), L cards at consecutive positions, w copies of each
_Requirement: TypeAlias = tuple[_Unit, ...]  # F22: a multiset of units, in descending order
_Key: TypeAlias = tuple[tuple[int, ...], tuple[int, ...]]  # F23: (P, Q)


class _DefaultTractorFollow(str):
    """The default "none" of ``tractor_follow``, told apart by identity from a "none" the caller gives, so
    that giving it together with the deprecated ``tractor_must_follow_tractor`` can be refused."""

    __slots__ = ()


_TRACTOR_FOLLOW_DEFAULT: Final = _DefaultTractorFollow("none")


# ------------------------------------------------------------------------------------------------------------
# Requirements, keys and candidates (F22, F23)
# ------------------------------------------------------------------------------------------------------------


def _key(requirement: _Requirement) -> _Key:
    """F23: P, the w of each unit written L times, and Q, the L of each unit with w >= 2, both descending.
    Python compares the pair lexicographically, P first, each entry by entry, as F23 does."""
    p = sorted((width for width, length in requirement for _ in range(length)), reverse=True)
    q = sorted((length for width, length in requirement if width >= 2), reverse=True)
    return tuple(p), tuple(q)


def _requirements(size: int, shapes: Iterable[_Unit]) -> Iterator[_Requirement]:
    """F22: every multiset of units of these shapes whose card counts w * L add up to ``size``, each once."""
    ordered = sorted(set(shapes), reverse=True)

    def extend(i: int, left: int, chosen: tuple[_Unit, ...]) -> Iterator[_Requirement]:
        if left == 0:
            yield chosen
            return
        if i == len(ordered):
            return
        width, length = ordered[i]
        cost = width * length
        for count in range(left // cost, -1, -1):
            yield from extend(i + 1, left - count * cost, chosen + (ordered[i],) * count)

    return extend(0, size, ())


def _shape(part: _Component) -> _Unit:
    """A lead component's (w_c, L_c): a single (1, 1), a pair (2, 1) or a tractor of L pairs (2, L)."""
    if part.kind == "single":
        return (1, 1)
    return (MAX_COPIES, len(part.cards) // MAX_COPIES)


@functools.lru_cache(maxsize=1024)
def _component_candidates(
    shape: _Unit, tractor_follow: str, new_adjacency: str, min_tractor_length: int
) -> tuple[_Requirement, ...]:
    """F23: the candidates of a lead component of this shape, requirements of w_c * L_c cards."""
    width, length = shape
    size = width * length
    itself: _Requirement = (shape,)
    tuples = [(w, 1) for w in range(1, MAX_COPIES + 1)]  # units with L = 1: singles and pairs
    if tractor_follow == "fallback":
        shapes = list(tuples)
        if not (length == 1 and new_adjacency == "forbid"):
            # Runs: L >= 2 needs w >= 2 (F22); here L >= L_min and w >= w_min (F20, F23).
            shapes += [
                (w, run)
                for w in range(_MIN_RUN_WIDTH, MAX_COPIES + 1)
                for run in range(max(2, min_tractor_length), size // w + 1)
            ]
        return tuple(r for r in _requirements(size, shapes) if _key(r) <= _key(itself))
    # "none": only units with L = 1, and P(R) <= P(c).
    candidates = [r for r in _requirements(size, tuples) if _key(r)[0] <= _key(itself)[0]]
    if tractor_follow == "full" and length >= 2:
        candidates.append(itself)  # "full": c itself when c is a tractor
    return tuple(candidates)


def _lead_candidates(
    components: Sequence[_Component], tractor_follow: str, new_adjacency: str, min_tractor_length: int
) -> set[_Requirement]:
    """F23: every union of one candidate of each component (each distinct union once)."""
    unions: set[_Requirement] = {()}
    for part in components:
        options = _component_candidates(_shape(part), tractor_follow, new_adjacency, min_tractor_length)
        unions = {tuple(sorted(union + option, reverse=True)) for union in unions for option in options}
    return unions


# ------------------------------------------------------------------------------------------------------------
# Filling (F22) at two decks
# ------------------------------------------------------------------------------------------------------------


def _runs_of(requirement: _Requirement) -> list[int]:
    """The lengths of the requirement's runs (units (2, L) with L >= 2), longest first."""
    return sorted(
        (length for width, length in requirement if width == MAX_COPIES and length >= 2), reverse=True
    )


def _pairs_of(requirement: _Requirement) -> int:
    """How many pairs the requirement asks for: the L of every unit (2, L), runs included."""
    return sum(length for width, length in requirement if width == MAX_COPIES)


def _run_placements(pair_kinds: Iterable[int], runs: Sequence[int], trump: Trump) -> set[frozenset[int]]:
    """F22 at two decks: every way to give each run (one L in ``runs``) L of the ``pair_kinds`` at consecutive
    positions, one per position, no kind used twice; each way as the set of kinds it uses. Pair kinds sharing
    a position (equal off-suit trump-rank cards) can sit in different runs but never in one."""
    kinds_at: dict[int, list[int]] = {}
    for kind in sorted(set(pair_kinds)):
        kinds_at.setdefault(trump._strength_of_id(kind), []).append(kind)
    found: set[frozenset[int]] = set()

    def place(i: int, used: frozenset[int], previous: tuple[int, ...]) -> None:
        if i == len(runs):
            found.add(used)
            return
        length = runs[i]
        for top in sorted(kinds_at, reverse=True):
            span = [top - step for step in range(length)]
            if not all(position in kinds_at for position in span):
                continue
            choices = [[kind for kind in kinds_at[position] if kind not in used] for position in span]
            for choice in itertools.product(*choices):
                # Equal runs are placed in descending order of their kinds: each set of places once.
                if i > 0 and runs[i - 1] == length and choice > previous:
                    continue
                place(i + 1, used | frozenset(choice), choice)

    place(0, frozenset(), ())
    return found


def _fills(cards: Counter[int], requirement: _Requirement, trump: Trump) -> bool:
    """F22: whether ``cards`` fill ``requirement``: its runs get disjoint pairs at consecutive positions, its
    other pair units other pairs, and its singles any of the copies left."""
    pair_kinds = [kind for kind, count in cards.items() if count == MAX_COPIES]
    pair_units = sum(1 for width, length in requirement if width == MAX_COPIES and length == 1)
    singles = sum(1 for width, _ in requirement if width == 1)
    pairs_used = sum(length for width, length in requirement if width == MAX_COPIES)
    if sum(cards.values()) - MAX_COPIES * pairs_used < singles:
        return False
    return any(
        len(pair_kinds) - len(used) >= pair_units
        for used in _run_placements(pair_kinds, _runs_of(requirement), trump)
    )


# ------------------------------------------------------------------------------------------------------------
# The obligation (F24)
# ------------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _FollowRule:
    """What F24 asks of one follower facing one lead; ``allows`` tests a play."""

    hand: Counter[int]
    size: int  # n, R26
    led: str
    suit_cards: Counter[int]  # S: the follower's cards of the led suit
    # |S| >= n: the lead candidates of key k* (F24), one of which a play must fill; with
    # format_based_draw = False the all-singles requirement (any n cards of S). Empty when |S| < n.
    targets: tuple[_Requirement, ...]

    @property
    def enough_of_suit(self) -> bool:
        return sum(self.suit_cards.values()) >= self.size

    def allows(self, play: Counter[int], trump: Trump) -> bool:
        if sum(play.values()) != self.size:  # R26
            return False
        if any(count > self.hand[kind] for kind, count in play.items()):
            return False  # not drawn from the hand
        if not self.enough_of_suit:
            # F24, |S| < n: all of S, plus any other cards (R28: void -> anything).
            return all(play[kind] == count for kind, count in self.suit_cards.items())
        # F24, |S| >= n: n cards of the led suit that fill a lead candidate of key k*.
        if any(trump._suit_of_id(kind) != self.led for kind in play):
            return False
        return any(_fills(play, target, trump) for target in self.targets)


def _check_options(tractor_follow: object, new_adjacency: object, format_based_draw: object) -> None:
    for name, value, choices in (
        ("tractor_follow", tractor_follow, TRACTOR_FOLLOW_CHOICES),
        ("new_adjacency", new_adjacency, NEW_ADJACENCY_CHOICES),
    ):
        if not isinstance(value, str) or value not in choices:
            expected = ", ".join(repr(choice) for choice in choices)
            raise ValueError(f"{name} must be one of {expected}, got {value!r}")
    if not isinstance(format_based_draw, bool):
        raise ValueError(f"format_based_draw must be a bool (True or False), got {format_based_draw!r}")


def _follow_rule(
    hand: Counter[int],
    lead: Sequence[int],
    trump: Trump,
    *,
    tractor_follow: str = "none",
    new_adjacency: str = "allow",
    format_based_draw: bool = True,
    min_tractor_length: int = 2,
) -> _FollowRule:
    _check_options(tractor_follow, new_adjacency, format_based_draw)
    # R27: raises on a mixed lead; F20, F21: the lead's split under L_min (which it checks).
    components = _components(lead, trump, min_tractor_length)
    led = trump._suit_of_id(lead[0])
    suit_cards = Counter({kind: count for kind, count in hand.items() if trump._suit_of_id(kind) == led})
    size = len(lead)
    targets: tuple[_Requirement, ...] = ()
    if sum(suit_cards.values()) >= size:
        if not format_based_draw:
            targets = (((1, 1),) * size,)  # F24: any n cards of S
        else:
            candidates = _lead_candidates(components, tractor_follow, new_adjacency, min_tractor_length)
            by_key: dict[_Key, list[_Requirement]] = {}
            for candidate in candidates:
                by_key.setdefault(_key(candidate), []).append(candidate)
            # k*: the greatest key of a candidate S fills; all singles always qualifies (|S| >= n).
            for key in sorted(by_key, reverse=True):
                if any(_fills(suit_cards, candidate, trump) for candidate in by_key[key]):
                    targets = tuple(sorted(by_key[key]))
                    break
    return _FollowRule(hand=hand, size=size, led=led, suit_cards=suit_cards, targets=targets)


def _public_tractor_follow(tractor_follow: str, tractor_must_follow_tractor: bool | None) -> str:
    """``tractor_follow``, or the deprecated ``tractor_must_follow_tractor`` read as it (True: "full", False:
    "none"), with its DeprecationWarning at the public function's caller."""
    if tractor_must_follow_tractor is None:
        return tractor_follow
    warnings.warn(
        "tractor_must_follow_tractor is deprecated; use tractor_follow='full' or 'none'",
        DeprecationWarning,
        stacklevel=3,
    )
    if tractor_follow is not _TRACTOR_FOLLOW_DEFAULT:
        raise ValueError("give tractor_follow or the deprecated tractor_must_follow_tractor, not both")
    if not isinstance(tractor_must_follow_tractor, bool):
        raise ValueError(f"tractor_must_follow_tractor must be a bool, got {tractor_must_follow_tractor!r}")
    return "full" if tractor_must_follow_tractor else "none"


def is_legal_follow(
    hand: Iterable[CardLike],
    lead: Iterable[CardLike],
    play: Iterable[CardLike],
    trump: Trump,
    *,
    tractor_follow: str = _TRACTOR_FOLLOW_DEFAULT,
    new_adjacency: str = "allow",
    format_based_draw: bool = True,
    min_tractor_length: int = 2,
    tractor_must_follow_tractor: bool | None = None,
) -> bool:
    """Whether a follower holding ``hand`` (before playing) may answer ``lead`` with ``play`` (R26, R28-R32,
    F22-F24).

    The play must come from the hand and have the lead's size n. Let S be the hand's cards of the led
    effective suit. If ``|S| < n`` the play is all of S plus any other cards. Otherwise it is n cards of S
    that fill a lead candidate of key k* (F24), the greatest key of a lead candidate S fills; by default that
    is ``min(P_L, P_S)`` pairs (R32). Options: ``tractor_follow`` ``"none"`` (default), ``"full"`` or
    ``"fallback"`` (F23); ``new_adjacency`` ``"allow"`` (default) or ``"forbid"`` (F23, no effect at two
    decks); ``format_based_draw`` (default True; False: any n cards of S, F24); ``min_tractor_length`` (F20's
    L_min, an int from 2 to 12, default 2: the lead's tractors, F21, and under ``"fallback"`` the shortest
    run a candidate may ask for). ``tractor_must_follow_tractor`` is deprecated: True is
    ``tractor_follow="full"``, False ``"none"``.
    """
    rule = _follow_rule(
        Counter(_ids(hand, "a hand")),
        _ids(lead, "a lead"),
        trump,
        tractor_follow=_public_tractor_follow(tractor_follow, tractor_must_follow_tractor),
        new_adjacency=new_adjacency,
        format_based_draw=format_based_draw,
        min_tractor_length=min_tractor_length,
    )
    return rule.allows(Counter(_ids(play, "a play")), trump)


def _sub_multisets(items: Sequence[tuple[int, int]], size: int, min_pairs: int) -> Iterator[tuple[int, ...]]:
    """Every multiset of ``size`` cards from ``items`` (kind, copies held) with at least ``min_pairs`` pairs,
    each once, as ids in the order of ``items``."""
    capacity = [0] * (len(items) + 1)  # cards held from items[i:]
    pair_kinds = [0] * (len(items) + 1)  # pairs held from items[i:]
    for i in range(len(items) - 1, -1, -1):
        capacity[i] = capacity[i + 1] + items[i][1]
        pair_kinds[i] = pair_kinds[i + 1] + (items[i][1] == MAX_COPIES)
    chosen: list[int] = []

    def extend(i: int, missing: int, pairs: int) -> Iterator[tuple[int, ...]]:
        if missing == 0:
            if pairs >= min_pairs:
                yield tuple(chosen)
            return
        if capacity[i] < missing or pairs + min(pair_kinds[i], missing // 2) < min_pairs:
            return
        kind, held = items[i]
        for take in range(min(held, missing), -1, -1):
            chosen.extend([kind] * take)
            yield from extend(i + 1, missing - take, pairs + (take == MAX_COPIES))
            del chosen[len(chosen) - take :]

    return extend(0, size, 0)


def legal_follows(
    hand: Iterable[CardLike],
    lead: Iterable[CardLike],
    trump: Trump,
    *,
    tractor_follow: str = _TRACTOR_FOLLOW_DEFAULT,
    new_adjacency: str = "allow",
    format_based_draw: bool = True,
    min_tractor_length: int = 2,
    tractor_must_follow_tractor: bool | None = None,
) -> list[list[str]]:
    """Every distinct legal answer to ``lead`` from ``hand`` (R26, R28-R32, F22-F24), each a multiset in id
    order, the list sorted by ids; exactly the plays for which `is_legal_follow` is true (the same
    options)."""
    hand_counts = Counter(_ids(hand, "a hand"))
    rule = _follow_rule(
        hand_counts,
        _ids(lead, "a lead"),
        trump,
        tractor_follow=_public_tractor_follow(tractor_follow, tractor_must_follow_tractor),
        new_adjacency=new_adjacency,
        format_based_draw=format_based_draw,
        min_tractor_length=min_tractor_length,
    )
    # Candidates, a superset of the legal plays, then filtered by the rule itself.
    candidates: Iterator[tuple[int, ...]]
    if rule.enough_of_suit:
        # F24: only cards of the led suit, with at least the pairs a target asks for.
        min_pairs = min(_pairs_of(target) for target in rule.targets)
        candidates = _sub_multisets(sorted(rule.suit_cards.items()), rule.size, min_pairs)
    else:
        # F24: all of S, the rest from the other cards (R28: any of them).
        forced = tuple(kind for kind, count in rule.suit_cards.items() for _ in range(count))
        others = sorted((kind, count) for kind, count in hand_counts.items() if kind not in rule.suit_cards)
        candidates = (forced + rest for rest in _sub_multisets(others, rule.size - len(forced), 0))
    plays = sorted(sorted(play) for play in candidates if rule.allows(Counter(play), trump))
    return [_texts(play) for play in plays]


# ------------------------------------------------------------------------------------------------------------
# Following card by card (R26, R28-R32, F24)
#
# A follow is chosen one card at a time. The cards offered are exactly those that some legal follow (the
# plays of `legal_follows`) containing the cards chosen so far also contains, so a follow never dead-ends.
# They are computed in closed form, because enumerating the legal follows of a 25-card hand is too slow (a
# void follower answering a 10-card lead has millions of them): a play of n cards of S fills a target iff
# its pairs hold a placement of the target's runs (a set of pair kinds of S, which the play must then
# hold both copies of) and, in all, at least as many pairs as the target asks for.
# ------------------------------------------------------------------------------------------------------------


def _can_complete(
    chosen: Counter[int],
    avail: Counter[int],
    missing: int,
    pairs_needed: int,
    placements: Iterable[frozenset[int]],
) -> bool:
    """F24 with ``|S| >= n``: whether ``missing`` more cards taken from ``avail`` (the follower's led-suit
    cards not chosen yet) can complete ``chosen`` to a play with at least ``pairs_needed`` pairs whose pairs
    include the kinds of one of the ``placements`` (of a target's runs among the pairs of S)."""
    if missing < 0 or sum(avail.values()) < missing:
        return False
    for used in placements:
        extra = Counter({kind: MAX_COPIES - chosen[kind] for kind in used if chosen[kind] < MAX_COPIES})
        cost = sum(extra.values())
        if cost > missing:
            continue
        play, rest, left = chosen + extra, avail - extra, missing - cost
        # The most pairs `left` more cards can give: first complete the halves (1 card per pair), then take
        # whole pairs (2 cards per pair); any cards left over are fillers, and there are enough of them.
        pairs = sum(1 for count in play.values() if count == MAX_COPIES)
        halves = sum(1 for kind, count in play.items() if count == 1 and rest[kind] > 0)
        wholes = sum(1 for count in rest.values() if count == MAX_COPIES)
        completed = min(halves, left)
        if pairs + completed + min(wholes, (left - completed) // 2) >= pairs_needed:
            return True
    return False


def _follow_next(
    hand: Counter[int],
    lead: Sequence[int],
    partial: Counter[int],
    trump: Trump,
    *,
    tractor_follow: str = "none",
    new_adjacency: str = "allow",
    format_based_draw: bool = True,
    min_tractor_length: int = 2,
) -> list[int]:
    """The card kinds that can be added to the partial follow ``partial`` (R26, R28-R32, F24): those contained
    in some legal follow that contains ``partial`` too. ``hand`` is the follower's hand, ``partial``
    included."""
    rule = _follow_rule(
        hand,
        lead,
        trump,
        tractor_follow=tractor_follow,
        new_adjacency=new_adjacency,
        format_based_draw=format_based_draw,
        min_tractor_length=min_tractor_length,
    )
    missing = rule.size - sum(partial.values())
    if missing <= 0 or sum(hand.values()) < rule.size or any(partial[k] > hand[k] for k in partial):
        return []
    suit_total = sum(rule.suit_cards.values())
    suit_pairs = [kind for kind, count in rule.suit_cards.items() if count == MAX_COPIES]
    targets = [
        (_pairs_of(target), _run_placements(suit_pairs, _runs_of(target), trump)) for target in rule.targets
    ]
    result: list[int] = []
    for kind in sorted(hand):
        if hand[kind] - partial[kind] <= 0:
            continue
        chosen = partial.copy()
        chosen[kind] += 1
        if rule.enough_of_suit:
            # F24, |S| >= n: n cards of the led suit filling a target.
            if any(trump._suit_of_id(card) != rule.led for card in chosen):
                continue
            avail = rule.suit_cards - chosen
            if any(
                _can_complete(chosen, avail, missing - 1, pairs_needed, placements)
                for pairs_needed, placements in targets
            ):
                result.append(kind)
        else:
            # F24, |S| < n: all of S plus n - |S| other cards; the other cards chosen must leave room for S.
            others = sum(count for card, count in chosen.items() if trump._suit_of_id(card) != rule.led)
            if others <= rule.size - suit_total:
                result.append(kind)
    return result


def follow_extensions(
    hand: Iterable[CardLike],
    lead: Iterable[CardLike],
    partial: Iterable[CardLike],
    trump: Trump,
    *,
    tractor_follow: str = _TRACTOR_FOLLOW_DEFAULT,
    new_adjacency: str = "allow",
    format_based_draw: bool = True,
    min_tractor_length: int = 2,
    tractor_must_follow_tractor: bool | None = None,
) -> list[str]:
    """The cards a follower holding ``hand`` (``partial`` included) may add to the partial follow ``partial``
    of ``lead``: exactly the cards that some legal follow containing ``partial`` also contains (R26,
    R28-R32, F24), each kind once, in id order (the options as for `is_legal_follow`). Empty once
    ``partial`` has the lead's size or is no part of a legal follow."""
    hand_counts = Counter(_ids(hand, "a hand"))
    partial_counts = Counter(_ids(partial, "a partial play"))
    kinds = _follow_next(
        hand_counts,
        _ids(lead, "a lead"),
        partial_counts,
        trump,
        tractor_follow=_public_tractor_follow(tractor_follow, tractor_must_follow_tractor),
        new_adjacency=new_adjacency,
        format_based_draw=format_based_draw,
        min_tractor_length=min_tractor_length,
    )
    return _texts(kinds)
