"""Tractor's card-level rules called from Python (measured, never asserted):
``python -m pytest benches/bench_tractor_rules.py --benchmark-only``."""

from __future__ import annotations

from typing import Any

from tricktaker import Card, tractor

TRUMP = tractor.Trump("2", "H")
FOLLOWER = [
    Card(c) for c in "3S 4S 4S 7S 9S JS QS KS 5H 5H 8H 2C AC KC 9C 9C 4D 6D 6D 10D JD QD AD BJ 3C".split()
]
TRACTOR_LEAD = [Card(c) for c in "9S 9S 10S 10S".split()]


def test_legal_follows(benchmark: Any) -> None:
    plays = benchmark(tractor.legal_follows, FOLLOWER, TRACTOR_LEAD, TRUMP)
    assert plays


def test_is_legal_follow(benchmark: Any) -> None:
    play = [Card(c) for c in "4S 4S 9S JS".split()]
    assert benchmark(tractor.is_legal_follow, FOLLOWER, TRACTOR_LEAD, play, TRUMP)


def test_check_throw(benchmark: Any) -> None:
    lead = [Card(c) for c in "AS QS QS 9S".split()]
    others = [[Card(c) for c in h.split()] for h in ("KS KS 3S 5C", "6D 7D 8D", "10S 2S RJ")]
    assert benchmark(tractor.check_throw, lead, others, TRUMP) is not None


def test_trick_winner(benchmark: Any) -> None:
    plays = [[Card(c) for c in p.split()] for p in ("AS KS KS", "3H 4H 4H", "5H 5H 6H", "QS JS 9S")]
    assert benchmark(tractor.trick_winner, plays, TRUMP) == 2
