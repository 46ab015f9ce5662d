"""Following a lead (R26, R28-R32): which plays are legal, every distinct legal play, and, for playing card
by card, which cards can still extend a partial play to a legal one (Rust: ``follow.rs``).

R32's general rule covers every lead: with S the follower's cards of the led suit and n the lead's size, a
follower with ``|S| >= n`` plays n cards of S holding at least ``min(P_L, P_S)`` pairs; one with fewer plays
all of S and fills up with any cards. Option ``tractor_must_follow_tractor`` (A.4) adds a tractor duty,
for the lead's tractors as option ``min_tractor_length`` (F20, F21) reads them.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from .cards import MAX_COPIES, CardLike, _ids, _texts
from .format import _components, _longest_run, _pair_positions
from .trump import Trump


@dataclass(frozen=True)
class _FollowRule:
    """What R32 asks of one follower facing one lead; ``allows`` tests a play."""

    hand: Counter[int]
    size: int  # n, R26
    led: str
    suit_cards: Counter[int]  # S: the follower's cards of the led suit
    pairs_needed: int  # min(P_L, P_S)
    run_needed: int  # tractor_must_follow_tractor: pairs in the tractor the play must contain (0: none)

    @property
    def enough_of_suit(self) -> bool:
        return sum(self.suit_cards.values()) >= self.size

    def allows(self, play: Counter[int], trump: Trump) -> bool:
        if sum(play.values()) != self.size:  # R26
            return False
        if any(count > self.hand[kind] for kind, count in play.items()):
            return False  # not drawn from the hand
        if not self.enough_of_suit:
            # R32, |S| < n: all of S, plus any other cards (R28: void -> anything).
            return all(play[kind] == count for kind, count in self.suit_cards.items())
        # R32, |S| >= n: n cards of the led suit, with at least min(P_L, P_S) disjoint pairs.
        if any(trump._suit_of_id(kind) != self.led for kind in play):
            return False
        if sum(1 for count in play.values() if count == MAX_COPIES) < self.pairs_needed:
            return False
        return self.run_needed == 0 or _longest_run(_pair_positions(play, trump)) >= self.run_needed


def _follow_rule(
    hand: Counter[int],
    lead: Sequence[int],
    trump: Trump,
    tractor_must_follow_tractor: bool,
    min_tractor_length: int = 2,
) -> _FollowRule:
    if not isinstance(tractor_must_follow_tractor, bool):
        raise ValueError(f"tractor_must_follow_tractor must be a bool, got {tractor_must_follow_tractor!r}")
    # R27: raises on a mixed lead. F21: a run shorter than min_tractor_length is pairs, with no tractor duty.
    components = _components(lead, trump, min_tractor_length)
    led = trump._suit_of_id(lead[0])
    suit_cards = Counter({kind: count for kind, count in hand.items() if trump._suit_of_id(kind) == led})
    lead_pairs = sum(part.pairs for part in components)  # P_L: pairs inside tractors count
    suit_pairs = sum(1 for count in suit_cards.values() if count == MAX_COPIES)  # P_S
    run_needed = 0
    if tractor_must_follow_tractor:
        # A.4 option, our reading: for each tractor of k pairs in the lead, a follower whose led-suit cards
        # hold a tractor of k pairs (k pairs at consecutive positions, possibly inside a longer one) must
        # play cards containing one. With several lengths that is one obligation: the longest such k
        # (every k is at least min_tractor_length, F20).
        held = _longest_run(_pair_positions(suit_cards, trump))
        lengths = [len(part.cards) // 2 for part in components if part.kind == "tractor"]
        run_needed = max((length for length in lengths if length <= held), default=0)
    return _FollowRule(
        hand=hand,
        size=len(lead),
        led=led,
        suit_cards=suit_cards,
        pairs_needed=min(lead_pairs, suit_pairs),
        run_needed=run_needed,
    )


def is_legal_follow(
    hand: Iterable[CardLike],
    lead: Iterable[CardLike],
    play: Iterable[CardLike],
    trump: Trump,
    *,
    tractor_must_follow_tractor: bool = False,
    min_tractor_length: int = 2,
) -> bool:
    """Whether a follower holding ``hand`` (before playing) may answer ``lead`` with ``play`` (R26, R28-R32).

    The play must come from the hand and have the lead's size n. Let S be the hand's cards of the led
    effective suit: if ``|S| >= n`` the play is n cards of S with at least ``min(P_L, P_S)`` pairs (pairs in
    the lead, pairs in S); otherwise it is all of S plus any other cards (R32, which gives R29-R31 too).
    The lead's tractors, for ``tractor_must_follow_tractor``, are those of ``min_tractor_length`` (F20, an
    int from 2 to 12, default 2) or more pairs.
    """
    rule = _follow_rule(
        Counter(_ids(hand, "a hand")),
        _ids(lead, "a lead"),
        trump,
        tractor_must_follow_tractor,
        min_tractor_length,
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
    tractor_must_follow_tractor: bool = False,
    min_tractor_length: int = 2,
) -> list[list[str]]:
    """Every distinct legal answer to ``lead`` from ``hand`` (R26, R28-R32), each a multiset in id order, the
    list sorted by ids; exactly the plays for which `is_legal_follow` is true (the same options)."""
    hand_counts = Counter(_ids(hand, "a hand"))
    rule = _follow_rule(
        hand_counts, _ids(lead, "a lead"), trump, tractor_must_follow_tractor, min_tractor_length
    )
    # Candidates, a superset of the legal plays, then filtered by the rule itself.
    candidates: Iterator[tuple[int, ...]]
    if rule.enough_of_suit:
        # R32: only cards of the led suit, with the required pairs.
        candidates = _sub_multisets(sorted(rule.suit_cards.items()), rule.size, rule.pairs_needed)
    else:
        # R32: all of S, the rest from the other cards (R28: any of them).
        forced = tuple(kind for kind, count in rule.suit_cards.items() for _ in range(count))
        others = sorted((kind, count) for kind, count in hand_counts.items() if kind not in rule.suit_cards)
        candidates = (forced + rest for rest in _sub_multisets(others, rule.size - len(forced), 0))
    plays = sorted(sorted(play) for play in candidates if rule.allows(Counter(play), trump))
    return [_texts(play) for play in plays]


# ------------------------------------------------------------------------------------------------------------
# Following card by card (R26, R28-R32)
#
# A follow is chosen one card at a time. The cards offered are exactly those that some legal follow (the
# plays of `legal_follows`) containing the cards chosen so far also contains, so a follow never dead-ends.
# They are computed in closed form from R32, because enumerating the legal follows of a 25-card hand is too
# slow (a void follower answering a 10-card lead has millions of them).
# ------------------------------------------------------------------------------------------------------------


def _run_completions(
    chosen: Counter[int], avail: Counter[int], length: int, trump: Trump
) -> Iterator[Counter[int]]:
    """Option ``tractor_must_follow_tractor``: every way to make a play contain ``length`` pairs at
    consecutive positions (one pair kind per position), as the copies still to add to ``chosen`` from
    ``avail``."""
    kinds_at: dict[int, list[int]] = {}
    for kind in sorted(set(chosen) | set(avail)):
        if chosen[kind] + avail[kind] == MAX_COPIES:  # a pair of this kind is still possible
            kinds_at.setdefault(trump._strength_of_id(kind), []).append(kind)
    for top in sorted(kinds_at, reverse=True):
        span = range(top, top - length, -1)
        if not all(position in kinds_at for position in span):
            continue
        for choice in itertools.product(*(kinds_at[position] for position in span)):
            yield Counter({kind: MAX_COPIES - chosen[kind] for kind in choice if chosen[kind] < MAX_COPIES})


def _can_complete(
    chosen: Counter[int], avail: Counter[int], missing: int, pairs_needed: int, run_needed: int, trump: Trump
) -> bool:
    """R32 with ``|S| >= n``: whether ``missing`` more cards taken from ``avail`` (the follower's led-suit
    cards not chosen yet) can complete ``chosen`` to a play with at least ``pairs_needed`` pairs (and, with
    ``run_needed``, a tractor of that many pairs)."""
    if missing < 0 or sum(avail.values()) < missing:
        return False
    extras: Iterable[Counter[int]] = (
        [Counter()] if run_needed == 0 else _run_completions(chosen, avail, run_needed, trump)
    )
    for extra in extras:
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
    tractor_must_follow_tractor: bool,
    min_tractor_length: int = 2,
) -> list[int]:
    """The card kinds that can be added to the partial follow ``partial`` (R26, R28-R32): those contained in
    some legal follow that contains ``partial`` too. ``hand`` is the follower's hand, ``partial`` included."""
    rule = _follow_rule(hand, lead, trump, tractor_must_follow_tractor, min_tractor_length)
    missing = rule.size - sum(partial.values())
    if missing <= 0 or sum(hand.values()) < rule.size or any(partial[k] > hand[k] for k in partial):
        return []
    suit_total = sum(rule.suit_cards.values())
    result: list[int] = []
    for kind in sorted(hand):
        if hand[kind] - partial[kind] <= 0:
            continue
        chosen = partial.copy()
        chosen[kind] += 1
        if rule.enough_of_suit:
            # R32, |S| >= n: n cards of the led suit with min(P_L, P_S) pairs (and the option's tractor).
            if any(trump._suit_of_id(card) != rule.led for card in chosen):
                continue
            if _can_complete(
                chosen, rule.suit_cards - chosen, missing - 1, rule.pairs_needed, rule.run_needed, trump
            ):
                result.append(kind)
        else:
            # R32, |S| < n: all of S plus n - |S| other cards; the other cards chosen must leave room for S.
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
    tractor_must_follow_tractor: bool = False,
    min_tractor_length: int = 2,
) -> list[str]:
    """The cards a follower holding ``hand`` (``partial`` included) may add to the partial follow ``partial``
    of ``lead``: exactly the cards that some legal follow containing ``partial`` also contains (R26,
    R28-R32), each kind once, in id order (the options as for `is_legal_follow`). Empty once ``partial`` has
    the lead's size or is no part of a legal follow."""
    hand_counts = Counter(_ids(hand, "a hand"))
    partial_counts = Counter(_ids(partial, "a partial play"))
    kinds = _follow_next(
        hand_counts,
        _ids(lead, "a lead"),
        partial_counts,
        trump,
        tractor_must_follow_tractor,
        min_tractor_length,
    )
    return _texts(kinds)
