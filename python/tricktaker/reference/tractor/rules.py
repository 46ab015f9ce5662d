"""The options of A.4: `Rules`, whose defaults are the specification's (Rust: ``rules.rs``).

Any object with the ten option attributes (`RulesLike`, such as the library's ``Rules``) is accepted where
``rules`` is asked for, and read by `Rules.coerce`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Protocol

from .throw import FAILED_THROW_CHOICES

_RULE_FIELDS: Final = (
    "first_drawer_round1",
    "allow_self_reinforce",
    "red_pair_overrides_black_pair",
    "plain_suit_gap_closing",
    "tractor_must_follow_tractor",
    "failed_throw_forced",
    "negative_points_as_zero",
    "over_240",
    "kitty_multiplier",
    "game_end",
)


class RulesLike(Protocol):
    """Anything with the ten option attributes of A.4 can be passed as ``rules`` (the library's Rules)."""

    @property
    def first_drawer_round1(self) -> str: ...
    @property
    def allow_self_reinforce(self) -> bool: ...
    @property
    def red_pair_overrides_black_pair(self) -> bool: ...
    @property
    def plain_suit_gap_closing(self) -> bool: ...
    @property
    def tractor_must_follow_tractor(self) -> bool: ...
    @property
    def failed_throw_forced(self) -> str: ...
    @property
    def negative_points_as_zero(self) -> bool: ...
    @property
    def over_240(self) -> str: ...
    @property
    def kitty_multiplier(self) -> str: ...
    @property
    def game_end(self) -> str: ...


def _check_choice(field: str, value: object, choices: tuple[str, ...]) -> None:
    if not isinstance(value, str) or value not in choices:
        expected = " or ".join(repr(choice) for choice in choices)
        raise ValueError(f"Rules.{field} must be {expected}, got {value!r}")


def _check_bool(field: str, value: object) -> None:
    if not isinstance(value, bool):
        raise ValueError(f"Rules.{field} must be a bool, got {value!r}")


@dataclass(frozen=True)
class Rules:
    """The options of A.4; the defaults are the specification's."""

    first_drawer_round1: str = "random"  # R14: "random" (below(4)) or "seat0"
    allow_self_reinforce: bool = False  # R17: the standing declarer may turn a single into a pair, same suit
    red_pair_overrides_black_pair: bool = False  # R17: RJ RJ may override a standing BJ BJ
    plain_suit_gap_closing: bool = True  # R12: plain suits close the trump rank's gap for tractors
    tractor_must_follow_tractor: bool = False  # R32
    failed_throw_forced: str = "fewest_cards_then_lowest"  # R34
    negative_points_as_zero: bool = True  # R43: a negative P is reported as 0
    over_240: str = "per40_from_80"  # R43: one more level per 40 points from 80 on
    kitty_multiplier: str = "seed_2c"  # R41: "seed_2c" (2 x cards per player) or "exp" (2^(pairs + 1))
    game_end: str = "pass_ace"  # R47: "pass_ace" or "must_defend_ace"

    def __post_init__(self) -> None:
        _check_choice("first_drawer_round1", self.first_drawer_round1, ("random", "seat0"))
        _check_bool("allow_self_reinforce", self.allow_self_reinforce)
        _check_bool("red_pair_overrides_black_pair", self.red_pair_overrides_black_pair)
        _check_bool("plain_suit_gap_closing", self.plain_suit_gap_closing)
        _check_bool("tractor_must_follow_tractor", self.tractor_must_follow_tractor)
        _check_choice("failed_throw_forced", self.failed_throw_forced, FAILED_THROW_CHOICES)
        _check_bool("negative_points_as_zero", self.negative_points_as_zero)
        _check_choice("over_240", self.over_240, ("per40_from_80",))
        _check_choice("kitty_multiplier", self.kitty_multiplier, ("seed_2c", "exp"))
        _check_choice("game_end", self.game_end, ("pass_ace", "must_defend_ace"))

    @classmethod
    def coerce(cls, rules: RulesLike | None) -> Rules:
        """These options as a `Rules`: ``None`` gives the defaults, any object with the ten attributes is
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
