"""Scoring a round and moving the match on (R40-R48, F31-F35) (Rust: ``scoring.rs``).

The opponents' points P give the level outcome (R43, F33: the options ``negative_points`` and ``deadzone``);
the kitty adds to P when an opponent wins the last trick (R41, F32: ``kitty_multiplier``); a failed throw
costs the penalty of ``throw_penalty`` (R34, R42, F27: by default 10 points per card taken back);
`round_outcome` gives the next round's declarers, starter and levels, stepping over the checkpoints of F35,
and the game's winner (R44-R47).

Four players and two decks (N = 4, D = 2): the step of the level table is s = 20 D = 40 and the threshold
T = 2 s = 80 (F33).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from .cards import NUM_PLAYERS, CardLike, _ids, _texts
from .format import _check_min_tractor_length, _components
from .rules import (
    KITTY_MULTIPLIER_CHOICES,
    NEGATIVE_POINTS_CHOICES,
    THROW_PENALTY_CHOICES,
    Rules,
    RulesLike,
    _check_bool,
    _check_choice,
)
from .trick import trick_points
from .trump import Trump, _parse_rank

PENALTY_PER_CARD: Final = 10  # R34, R42, F27 per_card_taken_back: per card taken back
PENALTY_PER_ATTEMPT: Final = 10  # F27 per_attempt_10: per failed throw
STEP: Final = 40  # F33: s = 20 D with D = 2 decks
THRESHOLD: Final = 2 * STEP  # F33: T = 2 s = 80, where the opponents take over (R43)
ACE: Final = 14  # R4: the last level; going past it (15) ends the game (R47, F36)
_DEFEND_POINTS_CHECKPOINTS: Final = frozenset({5, 10, 13})  # F35 defend_points: 5, 10 and K


def level_outcome(points: int, *, negative_points: str = "clamp", deadzone: bool = True) -> tuple[bool, int]:
    """R43, F33: ``(declarers_hold, levels)`` for the opponents' final points P (s = 40, T = 80).

    P < 80: the declarers hold and gain 1 (40 <= P < 80), 2 (0 < P < 40) or, for P <= 0, 3 under
    ``negative_points = "clamp"`` (default: a negative P counts as 0) and ``3 + ceil((5 - P) / 40) - 1``
    under ``"extra_levels"`` (-35..0: 3, -75..-40: 4, -115..-80: 5, ...). P >= 80: the opponents take over
    and gain ``(P - 80) // 40`` (0 for 80-115, one more per 40 points, also past 240), one more with
    ``deadzone=False`` (80-115: 1, 120-155: 2, ...)."""
    if isinstance(points, bool) or not isinstance(points, int):
        raise ValueError(f"points must be an int, got {points!r}")
    _check_choice("negative_points", negative_points, NEGATIVE_POINTS_CHOICES)
    _check_bool("deadzone", deadzone)
    if points < THRESHOLD:
        if points <= 0:
            if negative_points == "extra_levels":
                steps = -((points - 5) // STEP)  # ceil((5 - P) / s)
                return True, 3 + steps - 1  # F33
            return True, 3
        return True, 2 if points < STEP else 1
    gain = (points - THRESHOLD) // STEP
    return False, gain if deadzone else gain + 1


def kitty_bonus(
    kitty: Iterable[CardLike],
    last_lead: Iterable[CardLike],
    trump: Trump,
    kitty_multiplier: str = "seed_2c",
    *,
    min_tractor_length: int = 2,
) -> int:
    """R41, F32: what the kitty adds to P when an opponent wins the last trick, whose lead was ``last_lead``
    (a failed throw's forced component), decomposed as a lead is (R33): kitty points x the multiplier,

    * ``seed_2c`` (default): 2 x the cards per player;
    * ``exp``: 2^(pairs + 1), the pairs of the lead counted inside its tractors too;
    * ``largest_unit_times2``: 2 x the cards of the lead's largest component;
    * ``largest_unit_pow2``: 2 to the power of the cards of the lead's largest component.

    The lead is split by F21 under ``min_tractor_length`` (F20, an int from 2 to 12, default 2)."""
    _check_choice("kitty_multiplier", kitty_multiplier, KITTY_MULTIPLIER_CHOICES)
    _check_min_tractor_length(min_tractor_length)
    lead = _ids(last_lead, "a lead")
    points = trick_points(_texts(_ids(kitty, "a kitty")))
    if kitty_multiplier == "seed_2c":
        return points * 2 * len(lead)
    components = _components(lead, trump, min_tractor_length)
    if kitty_multiplier == "exp":
        pairs = sum(part.pairs for part in components)
        return points * (1 << (pairs + 1))
    largest = max(len(part.cards) for part in components)
    if kitty_multiplier == "largest_unit_times2":
        return points * 2 * largest
    return points * (1 << largest)


def _throw_penalty(taken_back: int, throw_penalty: str = "per_card_taken_back") -> int:
    """R34, F27: what one failed throw costs, ``taken_back`` cards having been taken back:
    ``per_card_taken_back`` (default) 10 x those cards, ``per_attempt_10`` 10, ``none`` 0. R42 gives its
    sign (added to P for a declarer, subtracted for an opponent)."""
    _check_choice("throw_penalty", throw_penalty, THROW_PENALTY_CHOICES)
    if throw_penalty == "per_card_taken_back":
        return PENALTY_PER_CARD * taken_back
    if throw_penalty == "per_attempt_10":
        return PENALTY_PER_ATTEMPT
    return 0


@dataclass(frozen=True)
class RoundOutcome:
    """What a round's result means for the next one (R43-R47)."""

    declarers_hold: bool  # P < 80 (R44); else the opponents take over (R45)
    levels_gained: int  # by the declarers when they hold, else by the opponents (R43); a checkpoint may stop
    # the advance short of it (F35)
    levels: tuple[int, int]  # the teams' levels afterwards; under pass_ace the winner's may exceed 14 (A)
    declarers: int  # the declaring team of the next round
    starter: int  # the starter of the next round
    winner: int | None  # the team that has won the game (R47), else None


def round_outcome(
    points: int, levels: Sequence[int], declarers: int, starter: int, rules: RulesLike | None = None
) -> RoundOutcome:
    """R43-R48, F33, F35: the result of a round with opponents' points ``points``, team levels ``levels``
    (team 0, team 1), declaring team ``declarers`` and starter ``starter``, under the options
    ``negative_points``, ``deadzone``, ``defend_points`` and ``game_end`` of ``rules``.

    The winning team advances from its level by the gain g of `level_outcome`, one step at a time (F35): for
    i = 0..g-1 it stops if its current level is a checkpoint and it was not the declaring team of this round
    or i > 0. The checkpoints are 5, 10 and K under ``defend_points``, and A under
    ``game_end = "must_defend_ace"``; none by default, so a level rises by exactly g (R48). Going past A wins
    the game (R47, F36); under ``pass_ace`` the winner's level is left above 14, under ``must_defend_ace``
    (where only declarers holding at A can pass it) it is reported as 14."""
    parsed = Rules.coerce(rules)
    if len(levels) != 2:
        raise ValueError(f"levels must be two team levels, got {levels!r}")
    current = [_check_level(level) for level in levels]
    if declarers not in (0, 1) or isinstance(declarers, bool):
        raise ValueError(f"declarers must be a team 0 or 1, got {declarers!r}")
    if isinstance(starter, bool) or not isinstance(starter, int) or not 0 <= starter < NUM_PLAYERS:
        raise ValueError(f"starter must be a seat 0..3, got {starter!r}")
    hold, gain = level_outcome(points, negative_points=parsed.negative_points, deadzone=parsed.deadzone)
    if hold:  # R44: the declarers rise and stay; the starter's partner starts
        team, next_starter = declarers, (starter + 2) % NUM_PLAYERS
    else:  # R45: the opponents rise (0 for 80-115) and declare; the player to the starter's right starts
        team, next_starter = 1 - declarers, (starter + 1) % NUM_PLAYERS
    checkpoints: set[int] = set(_DEFEND_POINTS_CHECKPOINTS) if parsed.defend_points else set()
    if parsed.game_end == "must_defend_ace":
        checkpoints.add(ACE)
    after = current[team]  # R48: levels may skip, never decrease; only this team's level changes
    for step in range(gain):  # F35: one step at a time
        if after in checkpoints and (not hold or step > 0):
            break  # a checkpoint stops a team that did not declare this round, or one already on its way
        after += 1
    winner = team if after > ACE else None  # R47, F36: past the ace, by any advance, wins
    if parsed.game_end == "must_defend_ace":
        after = min(after, ACE)
    current[team] = after
    return RoundOutcome(
        declarers_hold=hold,
        levels_gained=gain,
        levels=(current[0], current[1]),
        declarers=team,
        starter=next_starter,
        winner=winner,
    )


def _check_level(level: object) -> int:
    if isinstance(level, str):
        parsed = _parse_rank(level)
        assert parsed is not None
        return parsed
    if isinstance(level, bool) or not isinstance(level, int) or not 2 <= level <= 14:
        raise ValueError(f"a level must be a rank 2..14, got {level!r}")
    return level
