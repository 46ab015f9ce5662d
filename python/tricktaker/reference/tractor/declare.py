"""Declaring the trump during the draw (R15-R20, F7-F12) (Rust: ``declare.rs``).

Who may declare what over the standing declaration (R15-R17; the options ``bid_override`` and
``joker_declaration_min`` of F7/F8), the cards a declaration exposes (R15), the trump of a no-trump round
(R9; F12's ``joker_pair_declaration_keeps_rank``), and the talon flip when nobody declared (R20; F11's
``kitty_flip_joker_no_trump``).
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from .actions import DECLARE_BLACK_JOKERS, DECLARE_PAIR, DECLARE_RED_JOKERS, DECLARE_SINGLE
from .cards import (
    BLACK_JOKER,
    MAX_COPIES,
    NUM_PLAYERS,
    RED_JOKER,
    SUITS,
    CardLike,
    _ids,
    _printed_suit,
    _rank_card,
    _rank_value,
)
from .rules import Rules, RulesLike
from .trump import Trump, _parse_rank


@dataclass(frozen=True)
class Declaration:
    """A standing declaration: the seat that exposed the cards and the action it took (109..118)."""

    seat: int
    action: int

    def __post_init__(self) -> None:
        if isinstance(self.seat, bool) or not isinstance(self.seat, int) or not 0 <= self.seat < NUM_PLAYERS:
            raise ValueError(f"Declaration.seat must be a seat 0..3, got {self.seat!r}")
        if not DECLARE_SINGLE <= self.action <= DECLARE_RED_JOKERS:
            raise ValueError(f"Declaration.action must be a declaration id 109..118, got {self.action!r}")

    @property
    def strength(self) -> int:
        """1 for one rank card (R15a), 2 for a pair of them (R15b), 3 for a joker pair (R15c)."""
        return _declaration_strength(self.action)

    @property
    def suit(self) -> str | None:
        """The suit it makes trump, ``None`` for a joker pair (no trump suit; no trump rank either, R9, unless
        ``joker_pair_declaration_keeps_rank``, F12)."""
        if self.action < DECLARE_PAIR:
            return SUITS[self.action - DECLARE_SINGLE]
        if self.action < DECLARE_BLACK_JOKERS:
            return SUITS[self.action - DECLARE_PAIR]
        return None


def _declaration_strength(action: int) -> int:
    if action < DECLARE_PAIR:
        return 1
    return 2 if action < DECLARE_BLACK_JOKERS else 3


#: The S-order of the variants' B.0, the order of the suits for declarations under ``bid_override =
#: "higher_suit"`` (F8): ♦ < ♣ < ♥ < ♠, each suit's place in it.
_S_ORDER: Final = {"D": 0, "C": 1, "H": 2, "S": 3}


def _joker_minimum(rules: Rules) -> int:
    """F7: how many identical jokers declare, ``joker_declaration_min``: 2, or D (= 2 with two decks)."""
    return 2 if rules.joker_declaration_min == "two" else MAX_COPIES


def _may_declare(action: int, seat: int, standing: Declaration | None, rules: Rules) -> bool:
    """R16, R17, F8, F9: whether ``seat`` may make declaration ``action`` over the standing one."""
    if standing is None:
        return True  # R15: any declaration while none stands
    strength = _declaration_strength(action)
    if standing.seat == seat:
        # R17, F9: the overriding player must be another one; option allow_self_reinforce lets the declarer
        # turn its single into a pair of the same suit (more cards, so under every bid_override).
        return (
            rules.allow_self_reinforce
            and standing.strength == 1
            and strength == 2
            and action - DECLARE_PAIR == standing.action - DECLARE_SINGLE
        )
    if standing.strength == 1:
        return strength >= 2  # R16: a single falls to a pair or a joker pair, never to a single
    if rules.bid_override == "count_only":
        return False  # F8: only more cards override, and no declaration has more than two (D = 2)
    if standing.strength == 2:
        if strength == 3:
            return True  # R16: a rank pair falls to a joker pair
        # F8, higher_suit: a rank pair also falls to a rank pair of a suit higher in S-order.
        return (
            rules.bid_override == "higher_suit"
            and strength == 2
            and _S_ORDER[SUITS[action - DECLARE_PAIR]] > _S_ORDER[SUITS[standing.action - DECLARE_PAIR]]
        )
    # R16: a joker pair stands for good; option red_pair_overrides_black_pair lets RJ RJ beat BJ BJ (R17).
    return (
        rules.red_pair_overrides_black_pair
        and standing.action == DECLARE_BLACK_JOKERS
        and action == DECLARE_RED_JOKERS
    )


def _declaration_ids(
    hand: Counter[int], seat: int, rank: int, standing: Declaration | None, rules: Rules
) -> list[int]:
    """The declarations ``seat`` may make now with the cards of ``hand`` (R15-R17, F7-F9), in id order."""
    candidates: list[int] = []
    for suit_index in range(len(SUITS)):
        copies = hand[_rank_card(rank, suit_index)]
        if copies >= 1:
            candidates.append(DECLARE_SINGLE + suit_index)  # R15a
        if copies == MAX_COPIES:
            candidates.append(DECLARE_PAIR + suit_index)  # R15b
    jokers = _joker_minimum(rules)  # F7; a single joker declares nothing (R15)
    if hand[BLACK_JOKER] >= jokers:
        candidates.append(DECLARE_BLACK_JOKERS)  # R15c
    if hand[RED_JOKER] >= jokers:
        candidates.append(DECLARE_RED_JOKERS)
    return sorted(action for action in candidates if _may_declare(action, seat, standing, rules))


def _declared_cards(action: int, rank: int) -> Counter[int]:
    """The cards a declaration exposes (R15): one or two trump-rank cards of a suit, or a joker pair."""
    if action == DECLARE_BLACK_JOKERS:
        return Counter({BLACK_JOKER: MAX_COPIES})
    if action == DECLARE_RED_JOKERS:
        return Counter({RED_JOKER: MAX_COPIES})
    if action < DECLARE_PAIR:
        return Counter({_rank_card(rank, action - DECLARE_SINGLE): 1})
    return Counter({_rank_card(rank, action - DECLARE_PAIR): MAX_COPIES})


def legal_declarations(
    hand: Iterable[CardLike],
    seat: int,
    rank: int | str,
    standing: Declaration | None = None,
    rules: RulesLike | None = None,
    *,
    bid_override: str | None = None,
    joker_declaration_min: str | None = None,
) -> list[int]:
    """The declaration actions (109..118) a player at ``seat`` holding ``hand`` may make in a round of trump
    rank ``rank`` while ``standing`` stands (R15-R17, F7-F9), in id order; `action_to_string` names them.

    The options are those of ``rules`` (default: the defaults); ``bid_override`` (F8: ``"standard"``,
    ``"higher_suit"`` or ``"count_only"``) and ``joker_declaration_min`` (F7: ``"two"`` or ``"decks"``), when
    given, replace that option of ``rules``."""
    parsed_rank = _parse_rank(rank)
    if parsed_rank is None:
        raise ValueError("a declaration needs the round's trump rank")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < NUM_PLAYERS:
        raise ValueError(f"seat must be 0..3, got {seat!r}")
    parsed_rules = Rules.coerce(rules)
    if bid_override is not None:
        parsed_rules = dataclasses.replace(parsed_rules, bid_override=bid_override)
    if joker_declaration_min is not None:
        parsed_rules = dataclasses.replace(parsed_rules, joker_declaration_min=joker_declaration_min)
    counts = Counter(_ids(hand, "a hand"))
    return _declaration_ids(counts, seat, parsed_rank, standing, parsed_rules)


def _no_trump(rank: int, keeps_rank: bool, plain_suit_gap_closing: bool) -> Trump:
    """The trump of a no-trump round made by jokers (R15c, F11): R9's, only the jokers and no trump rank;
    or, under ``joker_pair_declaration_keeps_rank`` (F12), the jokers and every card of the round's rank
    ``rank``, those four equal and just below BJ (`Trump` with a rank and no suit)."""
    return Trump(rank if keeps_rank else None, None, plain_suit_gap_closing)


def _flip_talon_ids(talon: Sequence[int], rank: int, joker_no_trump: bool = False) -> tuple[str | None, int]:
    """R20, F11 on kind ids: (the trump suit, None for a no-trump round, and how many cards were turned);
    ValueError if the talon decides nothing."""
    result = _flip_result(talon, rank, joker_no_trump)
    if result is None:
        raise ValueError("the talon holds no card that is not a joker (R20 cannot choose a suit)")
    return result


def _flip_result(talon: Sequence[int], rank: int, joker_no_trump: bool) -> tuple[str | None, int] | None:
    """R20, F11 on kind ids as `_flip_talon_ids`, or None if the talon decides nothing: it is empty (no
    kitty, F5) or holds only jokers, none of which F11 lets make a no-trump round."""
    for turned, kind in enumerate(talon, start=1):
        if _rank_value(kind) == rank:
            suit = _printed_suit(kind)
            assert suit is not None
            return suit, turned  # the first trump-rank card turned sets the suit; turning stops
        if joker_no_trump and kind in (BLACK_JOKER, RED_JOKER):
            return None, turned  # F11: a joker before any trump-rank card stops the turning: no trump
    best: int | None = None
    for kind in talon:
        value = _rank_value(kind)
        if value is None:
            continue  # jokers do not count
        best_value = None if best is None else _rank_value(best)
        if best_value is None or value > best_value:  # strictly higher: on a tie the first exposed counts
            best = kind
    if best is None:
        return None  # F5: nothing decides (the round is dealt again)
    suit = _printed_suit(best)
    assert suit is not None
    return suit, len(talon)


def flip_talon(
    talon: Sequence[CardLike], rank: int | str, *, kitty_flip_joker_no_trump: bool = False
) -> tuple[str | None, int]:
    """R20: turn the talon over in stack order. The first card of trump rank ``rank`` sets the trump suit and
    turning stops; if there is none, the suit of the highest-ranked non-joker card (A high ... 2 low; on a
    tie the one exposed first). Returns ``(suit, cards turned)``.

    F11, ``kitty_flip_joker_no_trump``: a joker (either) turned before any trump-rank card stops the turning
    and makes a no-trump round, returned as ``(None, its position)`` (1 for the first card); the trump is
    then the jokers' (F12: with ``joker_pair_declaration_keeps_rank``, also every card of rank ``rank``)."""
    parsed_rank = _parse_rank(rank)
    if parsed_rank is None:
        raise ValueError("the talon flip needs the round's trump rank")
    if not isinstance(kitty_flip_joker_no_trump, bool):
        raise ValueError(f"kitty_flip_joker_no_trump must be a bool, got {kitty_flip_joker_no_trump!r}")
    return _flip_talon_ids(_ids(talon, "a talon"), parsed_rank, kitty_flip_joker_no_trump)
