"""Scoring a round and moving the match on (R40-R48, F31-F35) (Rust: ``scoring.rs``).

The opponents' points P give the level outcome (R43, F33: the options ``negative_points`` and ``deadzone``);
the kitty adds to P when an opponent wins the last trick (R41, F32: ``kitty_multiplier``); a failed throw
costs the penalty of ``throw_penalty`` (R34, R42, F27: by default 10 points per card taken back);
`round_outcome` gives the next round's declarers, starter and levels, stepping over the checkpoints of F35,
and the game's winner (R44-R47, F36).

A level is an int: 2..14 are the ranks 2..A (R4); 15 is NT, the level after A under ``after_ace =
"no_trump_level"`` (F35), and nowhere else.

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
    AFTER_ACE_CHOICES,
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
ACE: Final = 14  # R4: the last level by default; going past it (15) ends the game (R47, F36)
# F35, after_ace = "no_trump_level": the level after A, played as a no-trump round without a rank (F12); it is
# the last level then, and going past it (16) ends the game (F36)
NO_TRUMP_LEVEL: Final = 15
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
    """What a round's result means for the next one (R43-R47, F35, F36)."""

    declarers_hold: bool  # P < 80 (R44); else the opponents take over (R45)
    levels_gained: int  # by the declarers when they hold, else by the opponents (R43); a checkpoint may stop
    # the advance short of it (F35)
    levels: tuple[int, int]  # the teams' levels afterwards (15: NT); the winner's is past the last level
    # (above 14 under game_over and pass_ace, 16 under no_trump_level), or at it under must_defend_ace
    declarers: int  # the declaring team of the next round
    starter: int  # the starter of the next round
    winner: int | None  # the team that has won the game (R47, F36), else None


def round_outcome(
    points: int, levels: Sequence[int | str], declarers: int, starter: int, rules: RulesLike | None = None
) -> RoundOutcome:
    """R43-R48, F33, F35, F36: the result of a round with opponents' points ``points``, team levels ``levels``
    (team 0, team 1; ints 2..14, 15 for NT, or their texts such as ``"A"`` and ``"NT"``), declaring team
    ``declarers`` and starter ``starter``, under the options ``negative_points``, ``deadzone``,
    ``after_ace``, ``defend_points`` and ``game_end`` of ``rules``.

    The winning team advances from its level by the gain g of `level_outcome`, one step at a time (F35): for
    i = 0..g-1 it stops if its current level is a checkpoint and it was not the declaring team of this round,
    or i > 0, or the level is NT and the round was not played at NT (the declarers play at their own level,
    so a round is played at NT when the declarers' level is 15). The checkpoints are 5, 10 and K under
    ``defend_points``, A under ``game_end = "must_defend_ace"``, and A and NT under ``after_ace =
    "no_trump_level"``; none by default, so a level rises by exactly g (R48).

    The next level after A is "past A" under ``after_ace = "game_over"`` (default), NT (15) under
    ``"no_trump_level"``, and the next after NT is "past NT" (16). Going past the last level (A, or NT under
    ``no_trump_level``) wins the game (R47, F36). The winner's level is reported as it ended: under
    ``game_over`` and ``pass_ace`` above 14 (the steps past A go on counting, as R47's level value), under
    ``no_trump_level`` 16 (there is no level after past NT: the advance ends there). Under
    ``must_defend_ace`` (where only declarers holding at the last level can pass it) it is reported as the
    last level, 14 (15 under ``no_trump_level``)."""
    parsed = Rules.coerce(rules)
    if isinstance(levels, str) or len(levels) != 2:
        raise ValueError(f"levels must be two team levels, got {levels!r}")
    current = [_check_level(level, parsed.after_ace) for level in levels]
    if declarers not in (0, 1) or isinstance(declarers, bool):
        raise ValueError(f"declarers must be a team 0 or 1, got {declarers!r}")
    if isinstance(starter, bool) or not isinstance(starter, int) or not 0 <= starter < NUM_PLAYERS:
        raise ValueError(f"starter must be a seat 0..3, got {starter!r}")
    hold, gain = level_outcome(points, negative_points=parsed.negative_points, deadzone=parsed.deadzone)
    if hold:  # R44: the declarers rise and stay; the starter's partner starts
        team, next_starter = declarers, (starter + 2) % NUM_PLAYERS
    else:  # R45: the opponents rise (0 for 80-115) and declare; the player to the starter's right starts
        team, next_starter = 1 - declarers, (starter + 1) % NUM_PLAYERS
    no_trump_level = parsed.after_ace == "no_trump_level"
    last = NO_TRUMP_LEVEL if no_trump_level else ACE  # F36: the last level
    checkpoints: set[int] = set(_DEFEND_POINTS_CHECKPOINTS) if parsed.defend_points else set()
    if parsed.game_end == "must_defend_ace":
        checkpoints.add(ACE)
    if no_trump_level:
        checkpoints |= {ACE, NO_TRUMP_LEVEL}
    played_at_no_trump = current[declarers] == NO_TRUMP_LEVEL  # partnership: the declarers' own level
    after = current[team]  # R48: levels may skip, never decrease; only this team's level changes
    for step in range(gain):  # F35: one step at a time
        if no_trump_level and after > NO_TRUMP_LEVEL:
            break  # past NT: the game is won, and there is no level to step on to
        if after in checkpoints and (
            not hold or step > 0 or (after == NO_TRUMP_LEVEL and not played_at_no_trump)
        ):
            break  # a checkpoint stops a team that did not declare this round, or one already on its way,
            # and NT stops a team whose round was not played at NT
        after += 1  # the next level: one higher; after A, past A or NT; after NT, past NT
    winner = team if after > last else None  # R47, F36: past the last level, by any advance, wins
    if parsed.game_end == "must_defend_ace":
        after = min(after, last)
    current[team] = after
    return RoundOutcome(
        declarers_hold=hold,
        levels_gained=gain,
        levels=(current[0], current[1]),
        declarers=team,
        starter=next_starter,
        winner=winner,
    )


def _check_level(level: object, after_ace: str) -> int:
    """A team's level as an int (R4, F35): a rank 2..14 or its text (``"A"``, ``"10"``, ...), or NT, 15 or
    ``"NT"``, which exists only under ``after_ace = "no_trump_level"`` (refused otherwise)."""
    _check_choice("after_ace", after_ace, AFTER_ACE_CHOICES)
    if isinstance(level, str) and level.strip().upper() == "NT":
        level = NO_TRUMP_LEVEL
    elif isinstance(level, str):
        parsed = _parse_rank(level)
        assert parsed is not None
        return parsed
    if isinstance(level, bool) or not isinstance(level, int) or not 2 <= level <= NO_TRUMP_LEVEL:
        raise ValueError(f"a level must be a rank 2..14 or NT (15), got {level!r}")
    if level == NO_TRUMP_LEVEL and after_ace != "no_trump_level":
        raise ValueError(
            f"a level 15 (NT) exists only under Rules.after_ace = 'no_trump_level' (F35), not {after_ace!r}"
        )
    return level
