"""Tractor's card-level rules through the public API: TV-T1…TV-T7, TV-T11, TV-T12, TV-T17 and properties."""

from __future__ import annotations

import itertools
import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tricktaker import Card, CardParseError, IllegalPlayError, InvalidStateError, RulesError, tractor
from tricktaker.tractor import Trump

HEARTS_2 = Trump("2", "H")


def texts(cards: list[Card]) -> list[str]:
    return [str(c) for c in cards]


def split(text: str) -> list[str]:
    return text.split()


def test_tv_t1_trump_order_rank_2_hearts() -> None:
    order = split("RJ BJ 2H 2C AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H")
    strengths = [HEARTS_2.strength(c) for c in order]
    assert strengths == sorted(strengths, reverse=True) and len(set(strengths)) == 16
    assert HEARTS_2.strength("2C") == HEARTS_2.strength("2D") == HEARTS_2.strength("2S")
    trumps = [c for c in Card.all() if HEARTS_2.is_trump(c)]
    assert len(trumps) * 2 == 36
    spades = [c for c in Card.all() if HEARTS_2.suit_of(c) == "S"]
    assert len(spades) == 12 and Card("2S") not in spades
    assert sum(2 for c in Card.all()) == 36 + 3 * 24


def test_tv_t2_trump_order_rank_7_clubs() -> None:
    t = Trump(7, "C")
    order = split("RJ BJ 7C 7D AC KC QC JC 10C 9C 8C 6C 5C 4C 3C 2C")
    assert [t.strength(c) for c in order] == list(range(16, 0, -1))
    assert t.strength("7D") == t.strength("7H") == t.strength("7S")
    hearts = split("AH KH QH JH 10H 9H 8H 6H 5H 4H 3H 2H")
    assert [t.strength(c) for c in hearts] == list(range(12, 0, -1))


def test_tv_t3_no_trump_round() -> None:
    t = Trump(None, None)
    assert [c for c in Card.all() if t.is_trump(c)] == [Card("BJ"), Card("RJ")]
    assert t.strength("RJ") > t.strength("BJ")
    assert t.strength("8S") == t.strength("7S") + 1 == t.strength("6S") + 2
    assert t.suit_of("7S") == "S"


@pytest.mark.parametrize(
    ("cards", "is_tractor"),
    [
        ("8S 8S 6S 6S", True),
        ("10S 10S 8S 8S", False),
        ("7S 7S 7H 7H", False),
        ("7C 7C 7S 7S", True),
        ("7S 7S AC AC", True),
        ("BJ BJ RJ RJ", True),
        ("BJ BJ 7C 7C", True),
        ("8C 8C 6C 6C", True),
        ("KC KC AC AC", True),
    ],
)
def test_tv_t4_tractor_validity(cards: str, is_tractor: bool) -> None:
    components = tractor.decompose(split(cards), Trump("7", "C"))
    assert (components[0][0] == "tractor" and len(components) == 1) is is_tractor


def test_tv_t4_mixed_suits_and_no_trump() -> None:
    with pytest.raises(IllegalPlayError, match="different effective suits"):
        tractor.decompose(split("2C 2C AS AS"), Trump("7", "C"))
    nt = Trump(None, None)
    assert tractor.decompose(split("7S 7S 6S 6S"), nt)[0][0] == "tractor"
    assert tractor.decompose(split("8S 8S 6S 6S"), nt)[0][0] == "pair"


def test_tv_t5_effective_suit_when_following() -> None:
    # 2♠ is a trump: a hand whose only "spade" is 2♠ may play anything on 5♠.
    assert len(tractor.legal_follows(split("2S 3H KC"), ["5S"], HEARTS_2)) == 3
    assert [texts(p) for p in tractor.legal_follows(split("3H KS"), ["2C"], HEARTS_2)] == [["3H"]]


@pytest.mark.parametrize(
    ("plays", "winner"),
    [("KS AS 2C 2D", 2), ("2S 2C 2H AH", 2), ("AS AS KS QS", 0), ("KS 3H RJ BJ", 2)],
)
def test_tv_t6_single_trick_winners(plays: str, winner: int) -> None:
    assert tractor.trick_winner([[c] for c in split(plays)], HEARTS_2) == winner


@pytest.mark.parametrize(
    ("plays", "winner"),
    [
        (["9S 9S", "AS KS", "3H 4H", "10S 10S"], 3),
        (["9S 9S", "3H 3H", "2C 2C", "10S 10S"], 2),
        (["9S 9S", "2C 2C", "2D 2D", "10S 10S"], 1),
    ],
)
def test_tv_t7_pair_trick_winners(plays: list[str], winner: int) -> None:
    assert tractor.trick_winner([split(p) for p in plays], HEARTS_2) == winner


def test_tv_t11_failed_throws() -> None:
    def check(lead: str, others: list[str]) -> tuple[list[str], int] | None:
        result = tractor.check_throw(split(lead), [split(o) for o in others], HEARTS_2)
        return None if result is None else (texts(result[0]), result[1])

    assert check("AS QS QS", ["KS KS", "", ""]) == (["QS", "QS"], 1)
    assert check("AS AS KS JS", ["", "", "QS"]) == (["JS"], 3)
    assert check("AS QS QS 9S", ["KS KS", "", "10S"]) == (["9S"], 3)
    assert check("2C AH AH", ["2S", "2D", ""]) is None
    for beater in ("2H", "BJ", "RJ"):
        assert check("2C AH AH", [beater, "", ""]) == (["2C"], 2)
    with pytest.raises(RulesError, match="failed_throw_forced"):
        tractor.check_throw(["AS"], [], HEARTS_2, failed_throw_forced="first")  # type: ignore[arg-type]


def test_tv_t12_throw_ruffs() -> None:
    assert tractor.check_throw(split("AS KS KS"), [split("AS 3S"), split("QS QS"), []], HEARTS_2) is None
    ruffs = [split("AS KS KS"), split("3H 4H 4H"), split("5H 5H 6H"), split("QS JS 9S")]
    assert tractor.trick_winner(ruffs, HEARTS_2) == 2
    ruffs[2] = split("5H 6H 8H")
    assert tractor.trick_winner(ruffs, HEARTS_2) == 1


def test_tv_t17_follow_obligations() -> None:
    lead = split("9S 9S 10S 10S")
    assert [texts(p) for p in tractor.legal_follows(split("4S 4S JS JS 3S 8H"), lead, HEARTS_2)] == [
        ["4S", "4S", "JS", "JS"]
    ]
    assert [sorted(texts(p)) for p in tractor.legal_follows(split("4S 4S 3S 7S 8H 9C"), lead, HEARTS_2)] == [
        sorted(split("4S 4S 3S 7S"))
    ]
    plays = tractor.legal_follows(split("3S 8H 8H 9C KD"), lead, HEARTS_2)
    assert len(plays) == 3 and all(Card("3S") in p for p in plays)
    assert tractor.is_legal_follow(split("3S 8H 8H 9C KD"), lead, split("3S 8H 9C KD"), HEARTS_2)
    reason = tractor.follow_error(split("4S 4S JS JS 3S"), lead, split("4S 4S JS 3S"), HEARTS_2)
    assert reason is not None and "pair" in reason


def test_trick_points_and_bad_input() -> None:
    assert tractor.trick_points(split("KS KS 10H 5D 5D 9C BJ")) == 40
    with pytest.raises(InvalidStateError, match="more than twice"):
        tractor.trick_points(split("5D 5D 5D"))
    with pytest.raises(CardParseError):
        Trump("1", "H")
    with pytest.raises(CardParseError):
        Trump("2", "X")
    with pytest.raises(RulesError, match="rank"):
        Trump(None, "H")
    with pytest.raises(IllegalPlayError, match="R26"):
        tractor.trick_winner([["AS"], ["KS", "QS"]], HEARTS_2)
    assert pickle.loads(pickle.dumps(HEARTS_2)) == HEARTS_2
    assert HEARTS_2.sort(split("3S RJ AH 2C KD 2H")) == [Card(c) for c in split("RJ 2H 2C AH KD 3S")]


# ---- properties over random deals ----

DECK = [c for c in Card.all() for _ in range(2)]
trumps = st.sampled_from(
    [Trump(None, None)] + [Trump(r, s) for r in ("2", "7", "10", "A") for s in ("C", "D", "H", "S", None)]
)


def lead_of(trump: Trump, hand: list[Card], size: int, rng: random.Random) -> list[Card]:
    suit = trump.suit_of(hand[0])
    same = [c for c in hand if trump.suit_of(c) == suit]
    start = rng.randrange(len(same))
    return same[start : start + size]


@settings(max_examples=150, deadline=None)
@given(trump=trumps, seed=st.integers(0, 2**32), size=st.integers(1, 6))
def test_follows_agree_and_are_well_formed(trump: Trump, seed: int, size: int) -> None:
    rng = random.Random(seed)
    deck = DECK[:]
    rng.shuffle(deck)
    leader, follower = deck[:12], deck[12:22]
    lead = lead_of(trump, leader, size, rng)
    plays = tractor.legal_follows(follower, lead, trump)
    assert plays, "a follower always has a legal play"
    for play in plays:
        assert len(play) == len(lead)
        assert tractor.is_legal_follow(follower, lead, play, trump)
        assert all(play.count(c) <= follower.count(c) for c in play)
    listed = {tuple(p) for p in plays}
    for combo in set(itertools.combinations(sorted(follower), len(lead))):
        assert (combo in listed) == tractor.is_legal_follow(follower, lead, combo, trump)
    suit = trump.suit_of(lead[0])
    if not any(trump.suit_of(c) == suit for c in follower):
        assert len(plays) == len(set(itertools.combinations(sorted(follower), len(lead))))
    # Card by card, the offered cards never lead to a dead end.
    partial: list[Card] = []
    while len(partial) < len(lead):
        offered = tractor.follow_extensions(follower, lead, partial, trump)
        assert offered
        partial.append(rng.choice(offered))
    assert tractor.is_legal_follow(follower, lead, partial, trump)


@settings(max_examples=150, deadline=None)
@given(trump=trumps, seed=st.integers(0, 2**32), size=st.integers(1, 6))
def test_decompose_and_winner_ignore_card_order(trump: Trump, seed: int, size: int) -> None:
    rng = random.Random(seed)
    deck = DECK[:]
    rng.shuffle(deck)
    hands = [deck[25 * i : 25 * i + 25] for i in range(4)]
    lead = lead_of(trump, hands[0], size, rng)
    shuffled = lead[:]
    rng.shuffle(shuffled)
    assert tractor.decompose(lead, trump) == tractor.decompose(shuffled, trump)
    plays = [lead] + [rng.choice(tractor.legal_follows(h, lead, trump)) for h in hands[1:]]
    winner = tractor.trick_winner(plays, trump)
    assert 0 <= winner < 4
    reordered = [rng.sample(p, len(p)) for p in plays]
    assert tractor.trick_winner(reordered, trump) == winner
    if len(lead) == 1 and any(trump.is_trump(p[0]) for p in plays):
        assert trump.is_trump(plays[winner][0])
