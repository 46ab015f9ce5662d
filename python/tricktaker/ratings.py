"""Elo-style ratings of bots from a tournament: a Bradley–Terry model fitted to who beat whom.

Every hand of a tournament compares each pair of seats held by different bots: the seat with the higher return
beats the other, equal returns are half a win each (partners in Sheepshead, a Tractor team). The
Bradley–Terry model gives each bot a strength ``s`` such that ``i`` beats ``j`` with probability
``s_i / (s_i + s_j)``; its maximum-likelihood fit is found by Hunter's minorisation–maximisation iterations
(2004), and shown on the Elo scale: ``400 * log10(s)``, shifted so that the ratings average 1500. A
difference of 100 points means the stronger bot wins a comparison 64% of the time.

The 95% intervals come from a seeded bootstrap over the hands (the tournament's hands drawn again with
replacement, the model refitted each time; the 2.5th and 97.5th percentiles), so they account for the
correlation between comparisons of one hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from . import _args
from .errors import ArgumentError

__all__ = ["BOOTSTRAPS", "Ratings", "bradley_terry", "rate"]

BOOTSTRAPS = 200
"""How many bootstrap refits give a rating's 95% interval."""

_ITERATIONS = 500
_TOLERANCE = 1e-9
_PRIOR = 0.5
"""Each pair of bots that met is given half a win each way (a weak prior): a bot that won or lost every
comparison still gets a finite rating."""


def bradley_terry(wins: npt.ArrayLike) -> npt.NDArray[np.float64]:
    """The Elo-scale ratings (mean 1500) fitted to ``wins``, a square array where ``wins[i, j]`` is how many
    comparisons bot ``i`` won against bot ``j`` (ties counted half to each). Bots that never met another keep
    the mean rating."""
    w = np.asarray(wins, dtype=np.float64)
    if w.ndim != 2 or w.shape[0] != w.shape[1]:
        raise ArgumentError(f"wins must be a square array, not of shape {w.shape}")
    if not np.all(np.isfinite(w)) or np.any(w < 0):
        raise ArgumentError("wins must hold finite counts of at least 0")
    k = w.shape[0]
    w = w.copy()
    np.fill_diagonal(w, 0.0)
    games = w + w.T
    w = w + _PRIOR * (games > 0)
    games = w + w.T
    strength = np.ones(k)
    total_wins = w.sum(axis=1)
    played = games.sum(axis=1) > 0
    for _ in range(_ITERATIONS):
        denominator = (games / (strength[:, None] + strength[None, :])).sum(axis=1)
        new = np.where(played, total_wins / np.where(denominator > 0, denominator, 1.0), 1.0)
        new /= np.exp(np.mean(np.log(new[played]))) if played.any() else 1.0
        done = np.max(np.abs(new - strength)) < _TOLERANCE
        strength = new
        if done:
            break
    elo = 400.0 * np.log10(strength)
    return np.asarray(elo - elo.mean() + 1500.0, dtype=np.float64)


@dataclass(frozen=True)
class Ratings:
    """Bradley–Terry ratings of a tournament's bots (see the module documentation)."""

    names: tuple[str, ...]
    """The bots rated, in the order first seen."""
    rating: tuple[float, ...]
    """Each bot's Elo-scale rating (the ratings average 1500)."""
    low: tuple[float, ...]
    """The lower end of each rating's 95% interval."""
    high: tuple[float, ...]
    """The upper end of each rating's 95% interval."""
    comparisons: int
    """How many pairwise comparisons (pairs of seats held by different bots, hand by hand) were rated."""
    wins: npt.NDArray[np.float64] = field(compare=False, repr=False)
    """``wins[i, j]``: comparisons bot ``i`` won against bot ``j``, ties counted half (not part of ``==``)."""

    def table(self) -> str:
        """A plain-text table, strongest first: bot, rating, 95% interval."""
        width = max(len(n) for n in self.names) + 2
        lines = [f"{'bot':<{width}} {'rating':>7}  95% interval"]
        for i in sorted(range(len(self.names)), key=lambda i: -self.rating[i]):
            lines.append(
                f"{self.names[i]:<{width}} {self.rating[i]:>7.0f}  [{self.low[i]:.0f}, {self.high[i]:.0f}]"
            )
        return "\n".join(lines)


def _hand_wins(
    returns: npt.NDArray[np.float64], seats: npt.NDArray[np.int64], k: int
) -> npt.NDArray[np.float64]:
    """The wins of each hand: shape ``(hands, k, k)``."""
    hands, n = returns.shape
    out = np.zeros((hands, k, k))
    for a in range(n):
        for b in range(n):
            if a == b:
                continue
            ia, ib = seats[:, a], seats[:, b]
            differ = ia != ib
            score = np.sign(returns[:, a] - returns[:, b]) / 2 + 0.5
            np.add.at(out, (np.nonzero(differ)[0], ia[differ], ib[differ]), score[differ])
    return out


def rate(
    returns: npt.ArrayLike,
    seats: npt.ArrayLike,
    names: Sequence[str],
    *,
    seed: int = 0,
    bootstraps: int = BOOTSTRAPS,
) -> Ratings:
    """Ratings of ``names`` from a tournament: ``returns[h, s]`` is seat ``s``'s return in hand ``h`` and
    ``seats[h, s]`` the index (into ``names``) of the bot that held it. ``seed`` seeds the bootstrap of the
    intervals (``bootstraps`` refits)."""
    r = np.asarray(returns, dtype=np.float64)
    who = np.asarray(seats)
    if r.ndim != 2 or who.shape != r.shape or r.shape[0] < 1:
        raise ArgumentError(
            f"returns and seats must be arrays of one shape (hands, seats), not {r.shape} and {who.shape}"
        )
    k = len(names)
    if k < 2:
        raise ArgumentError(f"ratings compare at least 2 bots, not {k}")
    if who.dtype.kind not in "iu" or who.min() < 0 or who.max() >= k:
        raise ArgumentError(f"seats must hold bot indices from 0 to {k - 1}")
    bootstraps = _args.whole(bootstraps, "bootstraps", 1, 100_000)
    seed = _args.seed(seed)
    per_hand = _hand_wins(r, who.astype(np.int64), k)
    wins = per_hand.sum(axis=0)
    rating = bradley_terry(wins)
    rng = np.random.default_rng(seed)
    hands = r.shape[0]
    samples = np.empty((bootstraps, k))
    for b in range(bootstraps):
        counts = np.bincount(rng.integers(0, hands, hands), minlength=hands)
        samples[b] = bradley_terry(np.tensordot(counts, per_hand, axes=1))
    low, high = np.percentile(samples, [2.5, 97.5], axis=0)
    return Ratings(
        names=tuple(names),
        rating=tuple(float(x) for x in rating),
        low=tuple(float(x) for x in low),
        high=tuple(float(x) for x in high),
        comparisons=round(float(wins.sum())),
        wins=wins,
    )
