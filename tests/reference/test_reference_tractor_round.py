"""Tests of the pure-Python Tractor reference: the whole round (docs/tractor-protocol.md).

One test per test vector of ``docs/rules/tractor.md`` about declaring, the kitty and scoring (TV-T8, TV-T9,
TV-T10, TV-T13, TV-T14, TV-T15, TV-T16), on explicit cards, stacks and actions; then the options, the action
strings, card-by-card following against `legal_follows`, and seeded property tests over random rounds.

Seats 0-3 in turn order; team 0 is seats 0 and 2, team 1 seats 1 and 3. Cards are written as texts.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from types import SimpleNamespace

import pytest

from tricktaker.reference import tractor as ref

# ------------------------------------------------------------------------------------------------------------
# Helpers
# ------------------------------------------------------------------------------------------------------------

HEARTS_2 = ref.Trump("2", "H")
JOKERS = ("BJ", "RJ")


def cards(text: str) -> list[str]:
    return text.split()


def act(state: ref.State, *actions: str) -> None:
    """Apply actions given as text."""
    for text in actions:
        state.apply_action(state.string_to_action(text))


def legal(state: ref.State) -> list[str]:
    return [state.action_to_string(action) for action in state.legal_actions()]


def play_all(state: ref.State, *plays: str) -> None:
    """Play whole plays in turn: each play card by card, a lead ended with ``finish``."""
    for play in plays:
        leading = not state.current_trick()
        for card in cards(play):
            act(state, f"play {card}")
        if leading:
            act(state, "finish")


def rank_of(card: str) -> str:
    return card[:-1]


def build_stack(
    prefix: dict[int, list[str]], talon: Sequence[str], rank: str, first: int = 0
) -> tuple[list[str], list[list[str]]]:
    """A 108-card stack whose draw gives ``prefix[seat]`` as the first cards of each seat (in draw order)
    and whose talon starts with ``talon``. The remaining cards of the trump rank and jokers fill the talon,
    then go round-robin to the hands after their prefixes; the other cards fill up in id order."""
    pool = Counter({card: 2 for card in ref.DECK})
    used = Counter([*(card for seat_cards in prefix.values() for card in seat_cards), *talon])
    assert not used - pool, "a card is used more than twice"
    pool -= used
    special = [card for card in pool.elements() if card in JOKERS or rank_of(card) == rank]
    plain = [card for card in ref.DECK for _ in range(pool[card]) if card not in special]
    full_talon = list(talon)
    while special and len(full_talon) < ref.TALON_SIZE:
        full_talon.append(special.pop(0))
    hands = [list(prefix.get(seat, [])) for seat in range(4)]
    seat = 0
    while special:
        hands[seat % 4].append(special.pop(0))
        seat += 1
    for hand in hands:
        while len(hand) < ref.HAND_SIZE:
            hand.append(plain.pop(0))
    while len(full_talon) < ref.TALON_SIZE:
        full_talon.append(plain.pop(0))
    assert not plain and all(len(hand) == ref.HAND_SIZE for hand in hands)
    stack = [hands[(first + k) % 4][k // 4] for k in range(ref.DRAWN_CARDS)]
    return stack + full_talon, hands


def fingerprint(state: ref.State) -> tuple[object, ...]:
    """Everything observable through the public views."""
    return (
        state.phase,
        state.current_player,
        state.is_terminal,
        tuple(state.legal_actions()),
        tuple(state.history()),
        tuple(tuple(state.hand(seat)) for seat in range(4)),
        tuple(state.kitty),
        tuple(state.talon),
        tuple((seat, tuple(play)) for seat, play in state.current_trick()),
        tuple(state.partial_play()),
        len(state.completed_tricks()),
        state.points,
        state.raw_points,
        state.trick_points,
        state.kitty_bonus,
        state.failed_throws,
        state.declarers,
        state.starter,
        state.trump,
        state.declaration,
        state.deals,
        state.drawn,
        tuple(state.returns()),
    )


# ------------------------------------------------------------------------------------------------------------
# TV-T8: the kitty multiplier (R41)
# ------------------------------------------------------------------------------------------------------------

KITTY_30 = cards("KS 10H 5D 5C 9S 3D JC 8H")


def last_trick(
    plays: Sequence[str], kitty: Sequence[str] = KITTY_30, rules: ref.Rules | None = None
) -> ref.State:
    """A one-trick position (hearts trump, rank 2, declarers team 0): seat 0 leads ``plays[0]`` (its whole
    hand), seats 1-3 answer with their whole hands; the trick is played out."""
    state = ref.State.from_cards([cards(play) for play in plays], kitty, HEARTS_2, 0, 0, rules=rules)
    play_all(state, *plays)
    assert state.is_terminal
    return state


def test_tv_t8_kitty_points() -> None:
    assert ref.trick_points(KITTY_30) == 30


@pytest.mark.parametrize(
    ("plays", "seed_2c", "exp", "winner"),
    [
        # single: seat 1's AS wins
        (["3S", "AS", "4S", "6S"], 60, 60, 1),
        # pair: seat 1's AS AS wins
        (["3S 3S", "AS AS", "4S 4S", "6S 6S"], 120, 120, 1),
        # 2-pair tractor, c = 4: seat 1's QQJJ beats seat 2's 7766
        (["3S 3S 4S 4S", "QS QS JS JS", "6S 6S 7S 7S", "8D 8D 9D 9D"], 240, 240, 1),
        # 3-card throw (pair + single), ruffed by seat 1 with a trump pair and a single
        (["AS AS KS", "3H 3H 4H", "6S 7S 8S", "6C 7C 8C"], 180, 120, 1),
        # 5-card throw (tractor + single), ruffed by seat 1 with a trump tractor and a single
        (["AD AD KD KD QD", "3H 3H 4H 4H 6H", "6S 7S 8S 9S JS", "6C 7C 8C 9C JC"], 300, 240, 1),
        # 3-pair tractor, c = 6: seat 1's higher tractor wins
        (
            ["3S 3S 4S 4S 5S 5S", "QS QS JS JS 10S 10S", "6C 6C 7C 7C 8C 8C", "6D 6D 7D 7D 8D 8D"],
            360,
            480,
            1,
        ),
        # the declarers win the last trick: no kitty
        (["AS", "3S", "4S", "6S"], 0, 0, 0),
    ],
)
def test_tv_t8_kitty_multiplier(plays: list[str], seed_2c: int, exp: int, winner: int) -> None:
    for multiplier, bonus in (("seed_2c", seed_2c), ("exp", exp)):
        state = last_trick(plays, rules=ref.Rules(kitty_multiplier=multiplier))
        assert state.trick_winners() == [winner]
        assert state.kitty_bonus == bonus
        trick = sum(ref.trick_points(cards(play)) for play in plays)
        assert state.points == (trick + bonus if winner % 2 == 1 else 0)
        if winner % 2 == 1:
            assert ref.kitty_bonus(KITTY_30, cards(plays[0]), HEARTS_2, multiplier) == bonus


def test_tv_t8_kitty_bonus_function() -> None:
    # The seed's x10 example: a 5-card last trick with a kitty of 10 points.
    assert ref.kitty_bonus(cards("10S 3C"), cards("AS AS KS KS QS"), HEARTS_2) == 100
    assert ref.kitty_bonus(KITTY_30, cards("AS AS KS"), HEARTS_2, "exp") == 120
    assert ref.kitty_bonus(KITTY_30, cards("AS AS KS KS QS QS"), HEARTS_2, "exp") == 480
    with pytest.raises(ValueError):
        ref.kitty_bonus(KITTY_30, ["AS"], HEARTS_2, "double")


# ------------------------------------------------------------------------------------------------------------
# TV-T9: the level table (R43)
# ------------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("points", "outcome"),
    [
        (-20, (True, 3)),
        (0, (True, 3)),
        (5, (True, 2)),
        (35, (True, 2)),
        (40, (True, 1)),
        (75, (True, 1)),
        (80, (False, 0)),
        (115, (False, 0)),
        (120, (False, 1)),
        (155, (False, 1)),
        (160, (False, 2)),
        (195, (False, 2)),
        (200, (False, 3)),
        (235, (False, 3)),
        (240, (False, 4)),
        (275, (False, 4)),
        (280, (False, 5)),
        (400, (False, 8)),
    ],
)
def test_tv_t9_level_table(points: int, outcome: tuple[bool, int]) -> None:
    assert ref.level_outcome(points) == outcome


# ------------------------------------------------------------------------------------------------------------
# TV-T10: whole-round arithmetic
# ------------------------------------------------------------------------------------------------------------


def test_tv_t10_opponents_take_45_and_the_last_trick_with_a_pair() -> None:
    hands = [cards("10S 6C 7C"), cards("AS AC AC"), cards("5S KC KC"), cards("KS 3C 4C")]
    state = ref.State.from_cards(hands, KITTY_30, HEARTS_2, 0, 0)
    play_all(state, "10S", "AS", "5S", "KS")  # seat 1 wins 25
    play_all(state, "AC AC", "KC KC", "3C 4C", "6C 7C")  # seat 1 wins 20 and the last trick, with a pair
    assert state.is_terminal
    assert state.trick_winners() == [1, 1]
    assert state.trick_points == (0, 45)
    assert state.kitty_bonus == 120
    assert state.points == 165
    assert ref.level_outcome(state.points) == (False, 2)  # takeover, opponents +2
    assert state.returns() == [-3, 3, -3, 3]
    outcome = state.outcome()
    assert outcome is not None
    assert (outcome.declarers, outcome.levels, outcome.starter) == (1, (2, 4), 1)


def test_tv_t10_opponents_take_70_and_a_declarer_the_last_trick() -> None:
    hands = [
        cards("10S 10D 3C 6C"),
        cards("AS AD AC 4C"),
        cards("KS KD KC AC"),
        cards("5S 5D 10C 7C"),
    ]
    state = ref.State.from_cards(hands, KITTY_30, HEARTS_2, 1, 0)
    play_all(state, "AS", "KS", "5S", "10S")  # seat 1 wins 25
    play_all(state, "AD", "KD", "5D", "10D")  # seat 1 wins 25
    play_all(state, "AC", "KC", "10C", "3C")  # seat 1 wins 20
    play_all(state, "4C", "AC", "7C", "6C")  # seat 2, a declarer, wins the last trick
    assert state.trick_winners() == [1, 1, 1, 2]
    assert state.trick_points == (0, 70)
    assert state.kitty_bonus == 0
    assert state.points == 70
    assert ref.level_outcome(state.points) == (True, 1)  # declarers +1
    assert state.returns() == [1, -1, 1, -1]
    outcome = state.outcome()
    assert outcome is not None
    assert (outcome.declarers, outcome.levels, outcome.starter) == (0, (3, 2), 3)


# ------------------------------------------------------------------------------------------------------------
# TV-T13: the declaration sequence of round 1 (R15-R17, R21)
# ------------------------------------------------------------------------------------------------------------


def declaration(seat: int, text: str, rank: str = "2") -> ref.Declaration:
    return ref.Declaration(seat, ref.string_to_action(text, rank))


def declarations(hand: str, seat: int, standing: ref.Declaration | None, **options: bool) -> list[str]:
    rules = ref.Rules(**options)  # type: ignore[arg-type]
    actions = ref.legal_declarations(cards(hand), seat, "2", standing, rules)
    return [ref.action_to_string(action, "2") for action in actions]


def test_tv_t13_overrides_directly() -> None:
    assert declarations("2S 9C", 1, None) == ["declare 2S"]
    # Seat 2's heart pair overrides seat 1's single; a single cannot override a single.
    assert declarations("2H 2H 2D", 2, declaration(1, "declare 2S")) == ["declare 2H 2H"]
    assert declarations("2D RJ", 0, declaration(1, "declare 2S")) == []
    # Seat 3's black joker pair overrides the rank pair; nothing overrides a joker pair (default flag).
    assert declarations("BJ BJ 2C", 3, declaration(2, "declare 2H 2H")) == ["declare BJ BJ"]
    assert declarations("RJ RJ 2D 2D", 0, declaration(3, "declare BJ BJ")) == []
    # A rank pair cannot override a rank pair.
    assert declarations("2D 2D", 0, declaration(2, "declare 2H 2H")) == []


def test_tv_t13_declaration_sequence_in_a_round() -> None:
    prefix = {
        0: cards("RJ 2D RJ"),  # draws at stack positions 0, 4, 8
        1: cards("2S"),  # position 1
        2: cards("3C 2H 2H"),  # positions 2, 6, 10
        3: cards("4C 4C BJ BJ"),  # positions 3, 7, 11, 15
    }
    stack, _ = build_stack(prefix, [], "2")
    state = ref.State.from_stack(stack, ref.Rules(first_drawer_round1="seat0"))
    assert (state.phase, state.drawn, state.current_player) == ("draw", 2, 1)
    assert legal(state) == ["declare 2S", "pass"]
    act(state, "declare 2S")  # seat 1 exposes 2S: spades
    assert state.declaration == (1, "declare 2S")
    # Seat 0's 2D (drawn at position 4) cannot override a single; it is asked only once it holds RJ RJ.
    assert (state.drawn, state.current_player) == (9, 0)
    assert legal(state) == ["declare RJ RJ", "pass"]
    before = fingerprint(state)
    with pytest.raises(ref.IllegalActionError):
        act(state, "declare 2D")  # a single cannot override a single
    assert fingerprint(state) == before
    act(state, "pass")
    assert (state.drawn, state.current_player) == (11, 2)
    assert legal(state) == ["declare 2H 2H", "pass"]
    act(state, "declare 2H 2H")  # seat 2: hearts
    assert (state.drawn, state.current_player) == (13, 0)  # seat 0 could override with RJ RJ
    act(state, "pass")
    assert (state.drawn, state.current_player) == (16, 3)
    assert legal(state) == ["declare BJ BJ", "pass"]
    act(state, "declare BJ BJ")  # seat 3: no trump; final, seat 0's RJ RJ cannot override it
    assert state.phase == "kitty"
    assert state.trump == ref.Trump(None, None)
    assert (state.declarers, state.starter, state.current_player) == (1, 3, 3)
    assert len(state.hand(3)) == 33
    assert state.history() == [
        ref.string_to_action(text, 2)
        for text in ("declare 2S", "pass", "declare 2H 2H", "pass", "declare BJ BJ")
    ]


def test_tv_t13_red_pair_over_black_pair_option() -> None:
    black = declaration(3, "declare BJ BJ")
    assert declarations("RJ RJ", 0, black, red_pair_overrides_black_pair=True) == ["declare RJ RJ"]
    assert declarations("RJ RJ", 3, black, red_pair_overrides_black_pair=True) == []  # R17: another player
    assert declarations("BJ BJ", 0, declaration(3, "declare RJ RJ"), red_pair_overrides_black_pair=True) == []


def test_self_reinforce_option() -> None:
    single = declaration(1, "declare 2S")
    assert declarations("2S 2S 2H 2H", 1, single) == []  # R17: the overriding player must be another one
    assert declarations("2S 2S 2H 2H", 1, single, allow_self_reinforce=True) == ["declare 2S 2S"]
    assert declarations("2S 2S BJ BJ", 1, single, allow_self_reinforce=True) == ["declare 2S 2S"]
    assert declarations("2S 2S", 3, single) == ["declare 2S 2S"]  # the partner may override


def test_final_window_and_redeal() -> None:
    # Nobody can declare at all (every 2 in the talon, no joker pair): redeal with the same first drawer.
    prefix = {0: ["BJ"], 1: ["BJ"], 2: ["RJ"], 3: ["RJ"]}
    talon = cards("2C 2C 2D 2D 2H 2H 2S 2S")
    stack, _ = build_stack(prefix, talon, "2", first=2)
    state = ref.State.from_stack(stack, first_drawer=2, seed=11)
    assert state.deals >= 2 and state.first_drawer == 2
    assert state.history() == []

    # A seat that passes all the way is asked once more in the final window; all pass -> redeal.
    stack, _ = build_stack({1: ["2S"]}, cards("2C 2C 2D 2D 2H 2H 2S"), "2")
    state = ref.State.from_stack(stack, first_drawer=0, seed=5)
    asked = 0
    while state.deals == 1:
        assert state.current_player == 1 and legal(state) == ["declare 2S", "pass"]
        act(state, "pass")
        asked += 1
    assert asked == ref.HAND_SIZE + 1  # after each of its 25 draws, then the window
    assert state.deals == 2

    # The same redeal from State.new: the reshuffle continues the generator.
    rules = ref.Rules(first_drawer_round1="seat0")
    for seed in range(200):
        state = ref.State.new(seed, rules)
        while state.phase == "draw" and state.deals == 1:
            act(state, "pass")
        if state.deals == 2:
            rng = ref.Rng(seed)
            deck = [card for card in ref.DECK for _ in range(2)]
            rng.shuffle(deck)
            first_talon = deck[100:]
            rng.shuffle(deck)
            assert state.talon == deck[100:] != first_talon
            break
    else:  # pragma: no cover
        pytest.fail("no seed redealt")


# ------------------------------------------------------------------------------------------------------------
# TV-T14: the talon flip (R20)
# ------------------------------------------------------------------------------------------------------------


def test_tv_t14_flip_function() -> None:
    assert ref.flip_talon(cards("9C BJ QD 4S 5H 2C 3C 4C"), "5") == ("H", 5)
    assert ref.flip_talon(cards("KS RJ AD 3C AC 10H 7D 9S"), 5) == ("D", 8)


@pytest.mark.parametrize(
    ("talon", "trump", "turned"),
    [
        ("9C BJ QD 4S 5H 6C 6D 6H", ref.Trump("5", "H"), 5),
        ("KS RJ AD 3C AC 10H 7D 9S", ref.Trump("5", "D"), 8),
    ],
)
def test_tv_t14_talon_flip_in_a_later_round(talon: str, trump: ref.Trump, turned: int) -> None:
    stack, _ = build_stack({}, cards(talon), "5", first=2)
    state = ref.State.from_stack(stack, levels=(3, 5), declarers=1, starter=3, first_drawer=2)
    assert state.first_drawer == 3  # R14: the starter draws first in later rounds
    while state.phase == "draw":
        act(state, "pass")
    assert state.trump == trump
    assert state.turned == turned
    assert state.talon == cards(talon)
    assert (state.phase, state.current_player, state.declarers, state.starter) == ("kitty", 3, 1, 3)


def test_r22_an_opponent_declares_in_a_later_round() -> None:
    stack, _ = build_stack({0: ["5S"]}, [], "5", first=1)  # R14: the starter draws first
    state = ref.State.from_stack(stack, levels=(3, 5), declarers=1, starter=1)
    while state.phase == "draw":
        act(state, "declare 5S" if state.current_player == 0 and state.declaration is None else "pass")
    assert state.trump == ref.Trump("5", "S")
    assert (state.declarers, state.starter) == (1, 1)  # roles unchanged


# ------------------------------------------------------------------------------------------------------------
# TV-T15, TV-T16: progression and game end (R44-R47)
# ------------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("points", "declarers", "starter"),
    [(75, 0, 2), (0, 0, 2), (80, 1, 1), (240, 1, 1)],
)
def test_tv_t15_starter_rotation(points: int, declarers: int, starter: int) -> None:
    outcome = ref.round_outcome(points, (5, 5), 0, 0)
    assert (outcome.declarers, outcome.starter) == (declarers, starter)


def test_tv_t15_then_from_starter_1() -> None:
    outcome = ref.round_outcome(60, (5, 5), 1, 1)
    assert (outcome.declarers, outcome.starter) == (1, 3)


def test_tv_t16_game_end() -> None:
    queen, king, ace = 12, 13, 14
    assert ref.round_outcome(0, (queen, 2), 0, 0).winner == 0  # Q + 3 = 15 > 14
    opponents = ref.round_outcome(160, (2, king), 0, 0)  # K + 2 on a takeover
    assert (opponents.winner, opponents.declarers) == (1, 1)
    defend = ref.round_outcome(160, (2, king), 0, 0, ref.Rules(game_end="must_defend_ace"))
    assert (defend.winner, defend.levels) == (None, (2, ace))
    assert ref.round_outcome(75, (ace, 2), 0, 0).winner == 0
    assert ref.round_outcome(75, (ace, 2), 0, 0, ref.Rules(game_end="must_defend_ace")).winner == 0
    no_win = ref.round_outcome(75, (king, 2), 0, 0)
    assert (no_win.winner, no_win.levels) == (None, (ace, 2))
    assert ref.round_outcome(100, (7, 9), 0, 0).levels == (7, 9)  # takeover +0


# ------------------------------------------------------------------------------------------------------------
# Throws inside a round (R33, R34, R42)
# ------------------------------------------------------------------------------------------------------------


def test_failed_throw_by_an_opponent_lowers_p() -> None:
    # TV-T11 (a): seat 1 (an opponent) throws AS + QS QS; seat 2 holds KS KS.
    hands = [cards("3S 4S 5C"), cards("AS QS QS"), cards("KS KS 6C"), cards("6S 7S 8S")]
    state = ref.State.from_cards(hands, [], HEARTS_2, 1, 0, rules=ref.Rules(negative_points="extra_levels"))
    act(state, "play AS", "play QS", "play QS")
    assert state.partial_play() == ["AS", "QS", "QS"] and len(state.hand(1)) == 3
    act(state, "finish")
    assert state.current_trick() == [(1, ["QS", "QS"])]
    assert state.hand(1) == ["AS"]
    assert (state.failed_throws, state.points, state.raw_points) == (1, -10, -10)
    assert legal(state) == ["play KS"]  # R30: seat 2 must answer the pair with its pair
    clamped = ref.State.from_cards(hands, [], HEARTS_2, 1, 0)
    play_all(clamped, "AS QS QS")
    assert (clamped.points, clamped.raw_points) == (0, -10)


def test_failed_throw_by_a_declarer_raises_p() -> None:
    # TV-T11 (b): seat 0 (a declarer) throws AS AS + KS + JS; seat 3 holds QS -> lead JS, 3 taken back.
    hands = [cards("AS AS KS JS"), cards("3C 4C 5C 6C"), cards("3D 4D 5D 6D"), cards("QS 3S 4S 5S")]
    state = ref.State.from_cards(hands, [], HEARTS_2, 0, 0)
    play_all(state, "AS AS KS JS")
    assert state.current_trick() == [(0, ["JS"])]
    assert (state.failed_throws, state.points) == (1, 30)


def test_a_lead_is_built_card_by_card() -> None:
    hands = [cards("AS KS 2H 3C"), cards("3S 4S 5S 6S"), cards("7S 8S 9S 10S"), cards("3D 4D 5D 6D")]
    state = ref.State.from_cards(hands, [], HEARTS_2, 0, 0)
    assert legal(state) == ["play 3C", "play 2H", "play KS", "play AS"]
    act(state, "play KS")
    assert legal(state) == ["play AS", "finish"]  # only spades may join (R27)
    act(state, "play AS")
    assert legal(state) == ["finish"]
    act(state, "finish")  # a valid throw of two singles
    assert state.current_trick() == [(0, ["KS", "AS"])] and state.failed_throws == 0


# ------------------------------------------------------------------------------------------------------------
# Options, action strings, construction
# ------------------------------------------------------------------------------------------------------------


def test_plain_suit_gap_closing_option() -> None:
    closed = ref.Trump("7", "C")
    gapped = ref.Trump("7", "C", plain_suit_gap_closing=False)
    assert closed != gapped and closed == ref.Trump(7, "C", True)
    assert [part[0] for part in ref.decompose(cards("8S 8S 6S 6S"), closed)] == ["tractor"]
    assert [part[0] for part in ref.decompose(cards("8S 8S 6S 6S"), gapped)] == ["pair", "pair"]
    # The trump suit still closes its gap (TV-T4), and the order of the cards is unchanged.
    assert [part[0] for part in ref.decompose(cards("8C 8C 6C 6C"), gapped)] == ["tractor"]
    for card in ref.DECK:
        for other in ref.DECK:
            assert (closed.strength(card) > closed.strength(other)) == (
                gapped.strength(card) > gapped.strength(other)
            ) or closed.suit_of(card) != closed.suit_of(other)
    # In a round, the option reaches the trump.
    state = ref.State.from_cards(
        [["8S"], ["6S"], ["9S"], ["3S"]], [], closed, 0, 0, rules=ref.Rules(plain_suit_gap_closing=False)
    )
    assert state.trump == gapped


def test_action_strings() -> None:
    state = ref.State.from_cards([["10H"], ["3S"], ["4S"], ["5S"]], [], ref.Trump("10", "S"), 0, 0)
    texts = [state.action_to_string(action) for action in range(ref.NUM_ACTIONS)]
    assert texts[0] == "play 2C" and texts[53] == "play RJ" and texts[54] == "finish"
    assert texts[55] == "discard 2C" and texts[108] == "discard RJ"
    assert texts[109:113] == ["declare 10C", "declare 10D", "declare 10H", "declare 10S"]
    assert texts[113] == "declare 10C 10C" and texts[116] == "declare 10S 10S"
    assert texts[117:] == ["declare BJ BJ", "declare RJ RJ", "pass"]
    assert len(set(texts)) == ref.NUM_ACTIONS
    for action, text in enumerate(texts):
        assert state.string_to_action(text) == action
        assert state.string_to_action(text.lower()) == action
    assert state.string_to_action("play t♥") == ref.string_to_action("play 10H")
    assert state.string_to_action(" Declare  tS  TS ") == 116
    for bad in ("declare 2S", "declare BJ", "declare 10S 10H", "play", "discard XX", "finish now", ""):
        with pytest.raises(ValueError):
            state.string_to_action(bad)
    with pytest.raises(ValueError):
        ref.action_to_string(ref.NUM_ACTIONS)


def test_rules_validation_and_coercion() -> None:
    rules = ref.Rules()
    assert (rules.first_drawer_round1, rules.kitty_multiplier, rules.game_end) == (
        "random",
        "seed_2c",
        "pass_ace",
    )
    assert (rules.negative_points, rules.throw_penalty) == ("clamp", "per_card_taken_back")
    assert rules.plain_suit_gap_closing and not rules.allow_self_reinforce
    for bad in (
        {"first_drawer_round1": "seat1"},
        {"allow_self_reinforce": 1},
        {"kitty_multiplier": "x2"},
        {"game_end": "never"},
        {"over_240": "cap"},
        {"failed_throw_forced": "highest"},
    ):
        with pytest.raises(ValueError):
            ref.Rules(**bad)
    other = SimpleNamespace(**{**vars(ref.Rules()), "kitty_multiplier": SimpleNamespace(value="exp")})
    assert ref.Rules.coerce(other) == ref.Rules(kitty_multiplier="exp")
    assert ref.State.new(3, other).rules.kitty_multiplier == "exp"
    with pytest.raises(TypeError):
        ref.Rules.coerce(SimpleNamespace(game_end="pass_ace"))


def test_construction_checks() -> None:
    with pytest.raises(ValueError):
        ref.State.new(1, levels=(2, 3))  # round 1 needs equal levels
    with pytest.raises(ValueError):
        ref.State.new(1, levels=(2, 3), declarers=0, starter=1)  # the starter is a declarer
    with pytest.raises(ValueError):
        ref.State.new(1, starter=0)
    with pytest.raises(ValueError):
        ref.State.new(-1)
    with pytest.raises(ValueError):
        ref.State.from_cards([["AS"], ["KS"], ["QS"], ["JS", "10S"]], [], HEARTS_2, 0, 0)  # sizes differ
    with pytest.raises(ValueError):
        ref.State.from_cards([["AS"], ["AS"], ["AS"], ["JS"]], [], HEARTS_2, 0, 0)  # three AS
    with pytest.raises(ValueError):
        ref.State.from_cards([["AS"], ["KS"], ["QS"], ["JS"]], ["3C"] * 9, HEARTS_2, 0, 0)
    state = ref.State.from_cards([["AS"], ["KS"], ["QS"], ["JS"]], [], ref.Trump("9", "D"), 2, 1)
    assert state.levels == (2, 9) and (state.phase, state.current_player) == ("play", 2)
    no_trump = ref.State.from_cards([["AS"], ["KS"], ["QS"], ["JS"]], [], ref.Trump(None, None), 0, 0)
    assert no_trump.levels == (2, 2)
    later = ref.State.new(9, levels=(4, 11), declarers=1, starter=3)
    assert (later.rank, later.first_drawer, later.declarers, later.starter) == (11, 3, 1, 3)


def test_derive_seed_is_splitmix64() -> None:
    # The first state word of Rng(x) is the first SplitMix64 output of x.
    for seed in (0, 1, 2**64 - 1, 0xDEADBEEF):
        assert ref.derive_seed(seed, 0) == ref.Rng(seed).state[0]
    assert ref.derive_seed(5, 3) == ref.Rng((5 ^ (3 * 0xD1B54A32D192ED03)) % 2**64).state[0]


# ------------------------------------------------------------------------------------------------------------
# Following card by card against `legal_follows`
# ------------------------------------------------------------------------------------------------------------


def paired_case(rng: random.Random, trump: ref.Trump) -> tuple[list[str], list[str]]:
    """A lead of pairs of one suit (often a tractor, sometimes with a single) and a follower rich in pairs
    of that suit: the cases where R31/R32 and ``tractor_must_follow_tractor`` bite."""
    suit = rng.choice(["T", "C", "D", "H", "S"])
    kinds = sorted((card for card in ref.DECK if trump.suit_of(card) == suit), key=trump.strength)
    if len(kinds) < 8:
        suit, kinds = (
            "S",
            sorted((card for card in ref.DECK if trump.suit_of(card) == "S"), key=trump.strength),
        )
    start = rng.randrange(len(kinds) - 2)
    length = rng.randint(1, 3)
    lead_kinds = kinds[start : start + length]
    lead = [card for card in lead_kinds for _ in range(2)]
    others = [card for card in kinds if card not in lead_kinds]
    rng.shuffle(others)
    if rng.random() < 0.3:
        lead.append(others.pop())
    hand = [card for card in others[: rng.randint(1, 4)] for _ in range(2)] + others[
        4 : 4 + rng.randint(0, 3)
    ]
    off_suit = [card for card in ref.DECK if trump.suit_of(card) != suit]
    hand += rng.sample(off_suit, max(0, len(lead) - len(hand)) + rng.randint(0, 2))
    return lead, hand


def test_follow_extensions_match_legal_follows() -> None:
    rng = random.Random(2024)
    deck = [card for card in ref.DECK for _ in range(2)]
    trumps = [
        ref.Trump("2", "H"),
        ref.Trump("7", "C"),
        ref.Trump("7", "C", plain_suit_gap_closing=False),
        ref.Trump(None, None),
    ]
    for case in range(600):
        trump = trumps[case % len(trumps)]
        option = case % 3 == 0
        tractor_follow = "full" if option else "none"
        if case % 2:
            lead, hand = paired_case(rng, trump)
            size = len(lead)
        else:
            rng.shuffle(deck)
            suit = trump.suit_of(rng.choice(deck[:30]))
            pool = [card for card in deck[:40] if trump.suit_of(card) == suit]
            lead = pool[: rng.randint(1, min(6, len(pool)))]
            size = len(lead)
            rest = deck[40:]
            if rng.random() < 0.5:  # a hand rich in the led suit
                rest.sort(key=lambda card: trump.suit_of(card) != suit)
            hand = rest[: rng.randint(size, size + 5)]
        follows = [
            Counter(play) for play in ref.legal_follows(hand, lead, trump, tractor_follow=tractor_follow)
        ]
        partial: list[str] = []
        while len(partial) < size:
            chosen = Counter(partial)
            expected = sorted(
                {card for play in follows if not chosen - play for card in (play - chosen)},
                key=ref.DECK.index,
            )
            got = ref.follow_extensions(hand, lead, partial, trump, tractor_follow=tractor_follow)
            assert got == expected, (trump, option, hand, lead, partial)
            assert got, "the mask never dead-ends"
            partial.append(rng.choice(got))
        assert ref.is_legal_follow(hand, lead, partial, trump, tractor_follow=tractor_follow)
        assert ref.follow_extensions(hand, lead, partial, trump) == []


# ------------------------------------------------------------------------------------------------------------
# Properties of random rounds
# ------------------------------------------------------------------------------------------------------------

FULL_DECK = Counter({card: 2 for card in ref.DECK})


def check_cards(state: ref.State) -> None:
    """108 cards: during the draw the hands hold what was drawn; afterwards hands, kitty and plays are the
    whole deck."""
    held = Counter(card for seat in range(4) for card in state.hand(seat))
    if state.phase == "draw":
        assert sum(held.values()) == state.drawn
        assert not held + Counter(state.talon) - FULL_DECK
        return
    played = Counter(card for _, play in state.current_trick() for card in play)
    played += Counter(card for trick in state.completed_tricks() for _, play in trick for card in play)
    assert held + Counter(state.kitty) + played == FULL_DECK


def random_round(seed: int, rules: ref.Rules | None = None, sample: int = 0) -> ref.State:
    """Play a random round from ``State.new(seed)``, checking the invariants at every step; every
    ``sample``-th step (0: never) also tries every action, undo and clone."""
    state = ref.State.new(seed, rules)
    chooser = random.Random(seed)
    step = 0
    kitty_checked = False
    while not state.is_terminal:
        check_cards(state)
        assert state.returns() == [0, 0, 0, 0]
        if state.phase == "play" and not kitty_checked:
            assert [len(state.hand(seat)) for seat in range(4)] == [25] * 4
            assert len(state.kitty) == 8
            kitty_checked = True
        legal_now = state.legal_actions()
        assert legal_now == sorted(set(legal_now)) and legal_now
        if sample and step % sample == 0:
            before = fingerprint(state)
            for action in range(ref.NUM_ACTIONS):
                if action in legal_now:
                    other = state.clone()
                    other.apply_action(action)
                    assert fingerprint(state) == before  # the clone is independent
                else:
                    with pytest.raises(ref.IllegalActionError):
                        state.apply_action(action)
                    assert fingerprint(state) == before
            action = chooser.choice(legal_now)
            state.apply_action(action)
            state.undo()
            assert fingerprint(state) == before
        state.apply_action(chooser.choice(legal_now))
        step += 1
    check_cards(state)
    assert kitty_checked
    return state


@pytest.mark.parametrize("seed", range(6))
def test_random_rounds_keep_their_invariants(seed: int) -> None:
    rules = [
        None,
        ref.Rules(first_drawer_round1="seat0", kitty_multiplier="exp"),
        ref.Rules(allow_self_reinforce=True, red_pair_overrides_black_pair=True),
        ref.Rules(plain_suit_gap_closing=False, tractor_follow="full"),
        ref.Rules(negative_points="extra_levels"),
        None,
    ][seed]
    state = random_round(seed, rules, sample=23)
    returns = state.returns()
    assert sum(returns) == 0 and returns[0] == returns[2] == -returns[1]
    assert sum(state.trick_points) + ref.trick_points(state.kitty) == ref.TOTAL_POINTS
    declarers = state.declarers
    assert declarers is not None
    opponents = state.trick_points[1 - declarers]
    penalties = state.raw_points - opponents - state.kitty_bonus
    assert penalties % 10 == 0
    state.undo()
    assert not state.is_terminal


def test_later_rounds_and_undo_to_the_start() -> None:
    state = random_round(77, None)
    assert state.deals >= 1
    later = ref.State.new(78, levels=(6, 13), declarers=0, starter=2)
    start = fingerprint(later)
    chooser = random.Random(1)
    for _ in range(60):
        later.apply_action(chooser.choice(later.legal_actions()))
    for _ in range(60):
        later.undo()
    assert fingerprint(later) == start
    with pytest.raises(ref.NothingToUndoError):
        later.undo()


def test_same_seed_same_round() -> None:
    first = ref.random_playouts(4, 2024)
    assert first == ref.random_playouts(4, 2024)
    assert all(sum(returns) == 0 for returns in first)
    assert first[0] == ref.random_playout(ref.derive_seed(2024, 0))
    a, b = ref.State.new(31), ref.State.new(31)
    assert fingerprint(a) == fingerprint(b)
    assert [a.hand(seat) for seat in range(4)] != [ref.State.new(32).hand(seat) for seat in range(4)]
    # The deal of the contract: first drawer below(4), then the shuffled stack drawn in turn.
    rng = ref.Rng(31)
    first_drawer = rng.below(4)
    deck = [card for card in ref.DECK for _ in range(2)]
    rng.shuffle(deck)
    assert a.first_drawer == first_drawer and a.talon == deck[100:]
    drawn = a.drawn
    for seat in range(4):
        expected = [deck[k] for k in range(drawn) if (first_drawer + k) % 4 == seat]
        assert a.hand(seat) == sorted(expected, key=ref.DECK.index)


def test_clone_is_independent() -> None:
    state = ref.State.new(5)
    other = state.clone()
    before = fingerprint(state)
    while not other.is_terminal:  # the first legal action: declare when possible, so no endless redeal
        other.apply_action(other.legal_actions()[0])
    assert fingerprint(state) == before
    assert other.is_terminal and sum(other.returns()) == 0
