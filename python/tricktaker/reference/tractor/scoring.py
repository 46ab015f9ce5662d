"""Scoring a round and moving the match on (R40-R48) (Rust: ``scoring.rs``).

The opponents' points P give the level outcome (R43); the kitty adds to P when an opponent wins the last trick
(R41); a failed throw costs 10 points per card taken back (R34, R42); `round_outcome` gives the next round's
declarers, starter and levels, and the game's winner (R44-R47).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from .cards import NUM_PLAYERS, CardLike, _ids, _texts
from .format import _components
from .rules import Rules, RulesLike, _check_choice
from .trick import trick_points
from .trump import Trump, _parse_rank

PENALTY_PER_CARD: Final = 10  # R34, R42


def level_outcome(points: int) -> tuple[bool, int]:
    """R43: ``(declarers_hold, levels)`` for the opponents' final points P. P < 80: the declarers hold and
    gain 3 (P <= 0; a negative P counts as 0), 2 (P < 40) or 1; P >= 80: the opponents take over and gain
    ``(P - 80) // 40`` (0 for 80-115, one more per 40 points, also past 240)."""
    if isinstance(points, bool) or not isinstance(points, int):
        raise ValueError(f"points must be an int, got {points!r}")
    if points < 80:
        if points <= 0:
            return True, 3
        return True, 2 if points < 40 else 1
    return False, (points - 80) // 40


def kitty_bonus(
    kitty: Iterable[CardLike], last_lead: Iterable[CardLike], trump: Trump, kitty_multiplier: str = "seed_2c"
) -> int:
    """R41: what the kitty adds to P when an opponent wins the last trick, whose lead was ``last_lead``:
    ``seed_2c`` = kitty points x 2 x the cards per player; ``exp`` = kitty points x 2^(pairs + 1), the pairs
    of the lead counted inside its tractors too."""
    _check_choice("kitty_multiplier", kitty_multiplier, ("seed_2c", "exp"))
    lead = _ids(last_lead, "a lead")
    points = trick_points(_texts(_ids(kitty, "a kitty")))
    if kitty_multiplier == "seed_2c":
        return points * 2 * len(lead)
    pairs = sum(part.pairs for part in _components(lead, trump))
    return points * (1 << (pairs + 1))


@dataclass(frozen=True)
class RoundOutcome:
    """What a round's result means for the next one (R43-R47)."""

    declarers_hold: bool  # P < 80 (R44); else the opponents take over (R45)
    levels_gained: int  # by the declarers when they hold, else by the opponents (R43)
    levels: tuple[int, int]  # the teams' levels afterwards; under pass_ace the winner's may exceed 14 (A)
    declarers: int  # the declaring team of the next round
    starter: int  # the starter of the next round
    winner: int | None  # the team that has won the game (R47), else None


def round_outcome(
    points: int, levels: Sequence[int], declarers: int, starter: int, rules: RulesLike | None = None
) -> RoundOutcome:
    """R43-R47: the result of a round with opponents' points ``points``, team levels ``levels`` (team 0,
    team 1), declaring team ``declarers`` and starter ``starter``."""
    parsed = Rules.coerce(rules)
    if len(levels) != 2:
        raise ValueError(f"levels must be two team levels, got {levels!r}")
    current = [_check_level(level) for level in levels]
    if declarers not in (0, 1) or isinstance(declarers, bool):
        raise ValueError(f"declarers must be a team 0 or 1, got {declarers!r}")
    if isinstance(starter, bool) or not isinstance(starter, int) or not 0 <= starter < NUM_PLAYERS:
        raise ValueError(f"starter must be a seat 0..3, got {starter!r}")
    hold, gain = level_outcome(points)
    if hold:  # R44: the declarers rise and stay; the starter's partner starts
        team, next_starter = declarers, (starter + 2) % NUM_PLAYERS
    else:  # R45: the opponents rise (0 for 80-115) and declare; the player to the starter's right starts
        team, next_starter = 1 - declarers, (starter + 1) % NUM_PLAYERS
    before = current[team]
    after = before + gain  # R48: levels may skip, never decrease; only this team's level changes
    winner: int | None = None
    if parsed.game_end == "pass_ace":
        if after > 14:  # R47: going past the ace, by any advance, wins
            winner = team
    else:
        if hold and before == 14:  # must_defend_ace: only holding as declarers at A wins
            winner = team
        after = min(after, 14)
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
