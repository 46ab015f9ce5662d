"""The options of A.4 and of the variants' A.5 for the four-player game: `Rules`, whose defaults are the
specification's (Rust: ``rules.rs``).

Any object with the option attributes (`RulesLike`, such as the library's ``Rules``) is accepted
where ``rules`` is asked for, and read by `Rules.coerce`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Protocol

from .cards import KITTY_SIZE_BOUNDS
from .format import _check_min_tractor_length
from .throw import FAILED_THROW_CHOICES

_RULE_FIELDS: Final = (
    "first_drawer_round1",
    "allow_self_reinforce",
    "red_pair_overrides_black_pair",
    "first_landlord",
    "bid_override",
    "joker_declaration_min",
    "joker_pair_declaration_keeps_rank",
    "kitty_flip_joker_no_trump",
    "kitty_size",
    "min_tractor_length",
    "plain_suit_gap_closing",
    "tractor_follow",
    "new_adjacency",
    "format_based_draw",
    "throw_compare",
    "failed_throw_forced",
    "throw_penalty",
    "negative_points",
    "deadzone",
    "over_240",
    "kitty_multiplier",
    "game_end",
    "after_ace",
    "defend_points",
)

#: F10: who becomes the round-1 starter (landlord).
FIRST_LANDLORD_CHOICES: Final = ("winning_declaration", "first_declaration")
#: F8: which declarations override a standing one (R16, R17).
BID_OVERRIDE_CHOICES: Final = ("standard", "higher_suit", "count_only")
#: F7: how many identical jokers declare a no-trump round ("decks": D, which is 2 here, as "two").
JOKER_DECLARATION_MIN_CHOICES: Final = ("two", "decks")
#: F27: what a failed throw costs (R34, R42).
THROW_PENALTY_CHOICES: Final = ("per_card_taken_back", "per_attempt_10", "none")
#: F32: the kitty multiplier (R41).
KITTY_MULTIPLIER_CHOICES: Final = ("seed_2c", "exp", "largest_unit_times2", "largest_unit_pow2")
#: F33: how a negative P scores (R43).
NEGATIVE_POINTS_CHOICES: Final = ("clamp", "extra_levels")
#: F23: what a follower owes a tractor of the lead ("full" was A.4's ``tractor_must_follow_tractor = true``).
TRACTOR_FOLLOW_CHOICES: Final = ("none", "full", "fallback")
#: F23: under "fallback", whether a tuple lead may ask for a tractor (no effect at two decks).
NEW_ADJACENCY_CHOICES: Final = ("allow", "forbid")
#: F29, F30: which of two qualifying ruffs of a throw is stronger.
THROW_COMPARE_CHOICES: Final = ("pairs_first", "all_components", "highest", "unit_length")
#: F35: what comes after the ace.
AFTER_ACE_CHOICES: Final = ("game_over", "no_trump_level")
#: R47, F35: when the game ends.
GAME_END_CHOICES: Final = ("pass_ace", "must_defend_ace")


class RulesLike(Protocol):
    """Anything with the option attributes of `Rules` can be passed as ``rules`` (the library's
    Rules)."""

    @property
    def first_drawer_round1(self) -> str: ...
    @property
    def allow_self_reinforce(self) -> bool: ...
    @property
    def red_pair_overrides_black_pair(self) -> bool: ...
    @property
    def first_landlord(self) -> str: ...
    @property
    def bid_override(self) -> str: ...
    @property
    def joker_declaration_min(self) -> str: ...
    @property
    def joker_pair_declaration_keeps_rank(self) -> bool: ...
    @property
    def kitty_flip_joker_no_trump(self) -> bool: ...
    @property
    def kitty_size(self) -> int: ...
    @property
    def min_tractor_length(self) -> int: ...
    @property
    def plain_suit_gap_closing(self) -> bool: ...
    @property
    def tractor_follow(self) -> str: ...
    @property
    def new_adjacency(self) -> str: ...
    @property
    def format_based_draw(self) -> bool: ...
    @property
    def throw_compare(self) -> str: ...
    @property
    def failed_throw_forced(self) -> str: ...
    @property
    def throw_penalty(self) -> str: ...
    @property
    def negative_points(self) -> str: ...
    @property
    def deadzone(self) -> bool: ...
    @property
    def over_240(self) -> str: ...
    @property
    def kitty_multiplier(self) -> str: ...
    @property
    def game_end(self) -> str: ...
    @property
    def after_ace(self) -> str: ...
    @property
    def defend_points(self) -> bool: ...


def _check_choice(field: str, value: object, choices: tuple[str, ...]) -> None:
    if not isinstance(value, str) or value not in choices:
        expected = " or ".join(repr(choice) for choice in choices)
        raise ValueError(f"Rules.{field} must be {expected}, got {value!r}")


def _check_bool(field: str, value: object) -> None:
    if not isinstance(value, bool):
        raise ValueError(f"Rules.{field} must be a bool, got {value!r}")


def _check_int(field: str, value: object, bounds: tuple[int, int]) -> None:
    low, high = bounds
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"Rules.{field} must be an int from {low} to {high}, got {value!r}")


@dataclass(frozen=True)
class Rules:
    """The options of A.4 and those of the variants' A.5 that the four-player two-deck game has (F5, F7, F8,
    F10-F12, F20, F26, F27, F32, F33, F35); the defaults are the specification's (tractor.md)."""

    first_drawer_round1: str = "random"  # R14: "random" (below(4)) or "seat0"
    allow_self_reinforce: bool = False  # R17: the standing declarer may turn a single into a pair, same suit
    red_pair_overrides_black_pair: bool = False  # R17: RJ RJ may override a standing BJ BJ
    # F10: the round-1 starter is "winning_declaration" (the maker of the declaration that stands, R21) or
    # "first_declaration" (the first player who declared in the deal played; the trump is still the standing
    # declaration's)
    first_landlord: str = "winning_declaration"
    # F8: "standard" (R16, R17), "higher_suit" (also a rank pair over a rank pair of a suit lower in S-order
    # D < C < H < S) or "count_only" (only more cards override: nothing overrides a pair, jokers included)
    bid_override: str = "standard"
    # F7: "two" or "decks" (D identical jokers); at two decks both mean a joker pair, never a single joker
    joker_declaration_min: str = "two"
    # F12: a no-trump round made by jokers keeps the trump rank (the jokers and every trump-rank card are
    # trumps)
    joker_pair_declaration_keeps_rank: bool = False
    # F11: in a later round's talon flip (R20), a joker turned before any trump-rank card makes a no-trump
    # round
    kitty_flip_joker_no_trump: bool = False
    # F5: k, the cards of the kitty (0 to 104; R13's 8). (108 - k) mod 4 cards of the lowest rank of 2, 3, 4,
    # 6, 7, 8, 9, J, Q, A that is not the round's are taken out (C, D, H), and each seat draws the rest but
    # k; no kitty phase at 0, and a later round whose talon flip (R20) decides nothing is dealt again
    kitty_size: int = 8
    # F20, F21: L_min, the fewest consecutive pairs that make a tractor (2 to 12; the width is always 2 at two
    # decks); a shorter run of pairs in a lead is separate pairs, so such a lead is a throw (TV-F15)
    min_tractor_length: int = 2
    plain_suit_gap_closing: bool = True  # R12: plain suits close the trump rank's gap for tractors
    # F23: what a follower owes the lead's tractors: "none" (only pairs, R31, R32), "full" (also each
    # tractor itself when held) or "fallback" (the greatest shape of runs and pairs held, key order of F23)
    tractor_follow: str = "none"
    # F23: "allow" or "forbid" (a tuple lead never asks for a run under "fallback"); no effect at two decks,
    # where a tuple is a pair
    new_adjacency: str = "allow"
    # F24: False ("no format-based draw"): a follower holding enough of the led suit plays any n of its cards
    format_based_draw: bool = True
    # F29, F30: "pairs_first" (R39), "all_components", "highest" or "unit_length"
    throw_compare: str = "pairs_first"
    # R34, F26: "fewest_cards_then_lowest" or "first_in_turn_smallest" (the first blocker in turn order)
    failed_throw_forced: str = "fewest_cards_then_lowest"
    # R42, F27: "per_card_taken_back" (10 x cards taken back), "per_attempt_10" (10 per failed throw) or
    # "none"
    throw_penalty: str = "per_card_taken_back"
    # R43, F33: "clamp" (a negative P is reported and scored as 0) or "extra_levels" (one more level per 40
    # below -35)
    negative_points: str = "clamp"
    deadzone: bool = True  # R43, F33: P = 80..115 gives the opponents +0 (off: +1, one more per 40)
    over_240: str = "per40_from_80"  # R43: one more level per 40 points from 80 on
    # R41, F32: "seed_2c" (2 x cards per player), "exp" (2^(pairs + 1)), "largest_unit_times2" (2 x the
    # cards of the lead's largest component) or "largest_unit_pow2" (2^(those cards))
    kitty_multiplier: str = "seed_2c"
    game_end: str = "pass_ace"  # R47, F35: "pass_ace" or "must_defend_ace" (A is a checkpoint)
    # F35: "game_over" (passing A wins, R47) or "no_trump_level" (after A comes NT, a no-trump round
    # without a rank; A and NT are checkpoints; passing NT wins)
    after_ace: str = "game_over"
    defend_points: bool = False  # F35: 5, 10 and K are checkpoints

    def __post_init__(self) -> None:
        _check_choice("first_drawer_round1", self.first_drawer_round1, ("random", "seat0"))
        _check_bool("allow_self_reinforce", self.allow_self_reinforce)
        _check_bool("red_pair_overrides_black_pair", self.red_pair_overrides_black_pair)
        _check_choice("first_landlord", self.first_landlord, FIRST_LANDLORD_CHOICES)
        _check_choice("bid_override", self.bid_override, BID_OVERRIDE_CHOICES)
        _check_choice("joker_declaration_min", self.joker_declaration_min, JOKER_DECLARATION_MIN_CHOICES)
        _check_bool("joker_pair_declaration_keeps_rank", self.joker_pair_declaration_keeps_rank)
        _check_bool("kitty_flip_joker_no_trump", self.kitty_flip_joker_no_trump)
        _check_int("kitty_size", self.kitty_size, KITTY_SIZE_BOUNDS)
        _check_min_tractor_length(self.min_tractor_length, "Rules.min_tractor_length")
        _check_bool("plain_suit_gap_closing", self.plain_suit_gap_closing)
        _check_choice("tractor_follow", self.tractor_follow, TRACTOR_FOLLOW_CHOICES)
        _check_choice("new_adjacency", self.new_adjacency, NEW_ADJACENCY_CHOICES)
        _check_bool("format_based_draw", self.format_based_draw)
        _check_choice("throw_compare", self.throw_compare, THROW_COMPARE_CHOICES)
        _check_choice("failed_throw_forced", self.failed_throw_forced, FAILED_THROW_CHOICES)
        _check_choice("throw_penalty", self.throw_penalty, THROW_PENALTY_CHOICES)
        _check_choice("negative_points", self.negative_points, NEGATIVE_POINTS_CHOICES)
        _check_bool("deadzone", self.deadzone)
        _check_choice("over_240", self.over_240, ("per40_from_80",))
        _check_choice("kitty_multiplier", self.kitty_multiplier, KITTY_MULTIPLIER_CHOICES)
        _check_choice("game_end", self.game_end, GAME_END_CHOICES)
        _check_choice("after_ace", self.after_ace, AFTER_ACE_CHOICES)
        _check_bool("defend_points", self.defend_points)

    @classmethod
    def coerce(cls, rules: RulesLike | None) -> Rules:
        """These options as a `Rules`: ``None`` gives the defaults, any object with every attribute of them is
        copied (an enum-like value is read through its ``.value``)."""
        if rules is None:
            return cls()
        if isinstance(rules, Rules):
            return rules
        values: dict[str, object] = {}
        for field in _RULE_FIELDS:
            if not hasattr(rules, field):
                raise TypeError(f"rules object {rules!r} has no attribute {field!r}")
            value = getattr(rules, field)
            if isinstance(getattr(value, "value", None), str):
                value = value.value
            values[field] = value
        return cls(**values)  # type: ignore[arg-type]  # the values are checked by __post_init__
