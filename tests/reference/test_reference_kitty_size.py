"""Tests of the pure-Python Tractor reference: the option ``kitty_size`` of the variants chapter
(``tractor-variants.md`` F4-F6, TV-F2; ``tractor.md`` R13, R19, R20, R23, R24, R41) for four players and two
decks.

``kitty_size = k`` (0 to 104, default R13's 8): r = (108 - k) mod 4 cards of rank rho are taken out (rho the
lowest of 2, 3, 4, 6, 7, 8, 9, J, Q, A that is not the round's rank; one copy of clubs, then diamonds, then
hearts), and each seat draws h = (108 - k - r) / 4 cards. The stack stays 108 cards long: the 4h draws, the
talon of k, then the taken-out cards. A later round whose talon decides nothing (no kitty, or only jokers
without ``kitty_flip_joker_no_trump``) is dealt again as R19 deals round 1 again; without a kitty there is no
kitty phase.

Seats 0-3 in turn order; team 0 is seats 0 and 2, team 1 seats 1 and 3. Cards are written as texts.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter

import pytest

from tricktaker.reference import tractor as ref
from tricktaker.reference.tractor.cards import _kind_id, _take_out

FULL_DECK = Counter({card: 2 for card in ref.DECK})
PASS = ref.PASS
SIZES = (0, 1, 2, 3, 5, 7, 9, 20, 104)  # a selection of kitty sizes (8 is every other test file's)


def cards(text: str) -> list[str]:
    return text.split()


def ids(texts: list[str]) -> list[int]:
    return [_kind_id(card) for card in texts]


def expected_deal(k: int) -> tuple[int, int]:
    """F5 for four players: (h, r)."""
    r = (108 - k) % 4
    return (108 - k - r) // 4, r


def played_cards(state: ref.State) -> Counter[str]:
    return Counter(card for trick in state.completed_tricks() for _, play in trick for card in play)


def accounted(state: ref.State) -> Counter[str]:
    """The hands, the table, the kitty, the played cards and the taken-out cards (a play being built is still
    in its hand); during the draw also the undrawn cards and the talon."""
    total = Counter(card for seat in range(4) for card in state.hand(seat))
    total.update(card for _, play in state.current_trick() for card in play)
    total.update(state.kitty)
    total.update(played_cards(state))
    total.update(state.taken_out())
    if state.phase == "draw":  # the cards not drawn yet, and the talon
        total.update(ref.DECK[kind] for kind in state._stack[state.drawn : 4 * state.hand_size])
        total.update(state.talon)
    return total


def play_out(state: ref.State, chooser: random.Random) -> None:
    """Random actions to the end of the round."""
    while not state.is_terminal:
        state.apply_action(chooser.choice(state.legal_actions()))


def draw_to_the_end(state: ref.State, chooser: random.Random) -> None:
    """Random actions until the draw is over (a declaration, or R20)."""
    while state.phase == "draw":
        state.apply_action(chooser.choice(state.legal_actions()))


def pass_all(state: ref.State) -> None:
    """Everyone passes while this deal's draw goes on."""
    deals = state.deals
    while state.phase == "draw" and state.deals == deals:
        assert PASS in state.legal_actions()
        state.apply_action(PASS)


# ------------------------------------------------------------------------------------------------------------
# TV-F2: custom kitty (F5), four players
# ------------------------------------------------------------------------------------------------------------


def test_tv_f2_kitty_6_at_trump_rank_3_takes_out_2c_2d() -> None:
    # A later round with the declarers at level 3: r = 102 mod 4 = 2, rho = 2 (not the trump rank).
    for seed in range(4):
        state = ref.State.new(seed, ref.Rules(kitty_size=6), levels=(3, 9), declarers=0, starter=2)
        assert state.rank == 3
        assert state.taken_out() == ["2C", "2D"]
        assert state.hand_size == 25
        assert len(state.talon) == 6
        draw_to_the_end(state, random.Random(seed))
        assert state.drawn == 100
        assert state.starter is not None and len(state.hand(state.starter)) == 31  # R23: 25 + the talon
        while state.phase == "kitty":
            state.apply_action(state.legal_actions()[0])
        assert len(state.kitty) == 6
        assert [len(state.hand(seat)) for seat in range(4)] == [25] * 4
        assert accounted(state) == FULL_DECK
        held = Counter([*(card for seat in range(4) for card in state.hand(seat)), *state.kitty])
        assert held["2C"] <= 1 and held["2D"] <= 1 and held["2H"] == 2  # one 2C and one 2D are out


def test_tv_f2_kitty_6_in_round_1_at_level_2_takes_out_3c_3d() -> None:
    state = ref.State.new(1, ref.Rules(kitty_size=6))
    assert (state.rank, state.declarers) == (2, None)
    assert state.taken_out() == ["3C", "3D"]
    assert state.hand_size == 25 and len(state.talon) == 6
    play_out(state, random.Random(1))
    assert len(state.kitty) == 6 and accounted(state) == FULL_DECK


def test_tv_f2_kitty_4_takes_nothing_out() -> None:
    state = ref.State.new(2, ref.Rules(kitty_size=4))
    assert state.taken_out() == []
    assert state.hand_size == 26 and len(state.talon) == 4
    draw_to_the_end(state, random.Random(2))
    assert state.drawn == 104
    while state.phase == "kitty":
        state.apply_action(state.legal_actions()[-1])
    assert [len(state.hand(seat)) for seat in range(4)] == [26] * 4 and len(state.kitty) == 4


@pytest.mark.parametrize(
    ("k", "hand", "removed"),
    [
        (0, 27, 0),
        (1, 26, 3),
        (2, 26, 2),
        (3, 26, 1),
        (4, 26, 0),
        (5, 25, 3),
        (8, 25, 0),
        (9, 24, 3),
        (104, 1, 0),
    ],
)
def test_f5_deal_sizes(k: int, hand: int, removed: int) -> None:
    state = ref.State.new(0, ref.Rules(kitty_size=k), levels=(5, 5))
    assert (state.hand_size, len(state.taken_out()), len(state.talon)) == (hand, removed, k)
    assert state.taken_out() == ["2C", "2D", "2H"][:removed]  # level 5: rho = 2
    assert expected_deal(k) == (hand, removed)


@pytest.mark.parametrize(
    ("levels", "declarers", "taken"),
    [
        ((2, 2), None, "3C 3D 3H"),  # round 1: both teams at 2
        ((3, 3), None, "2C 2D 2H"),
        ((4, 2), 0, "2C 2D 2H"),
        ((2, 4), 0, "3C 3D 3H"),  # the declarers' level, not the opponents'
        ((6, 3), 1, "2C 2D 2H"),
    ],
)
def test_f5_the_rank_taken_out_is_the_lowest_not_the_rounds(
    levels: tuple[int, int], declarers: int | None, taken: str
) -> None:
    starter = None if declarers is None else declarers
    state = ref.State.new(3, ref.Rules(kitty_size=1), levels=levels, declarers=declarers, starter=starter)
    assert state.taken_out() == cards(taken)


def test_f5_the_rank_taken_out_skips_5_10_k_and_nt_has_none() -> None:
    # 2 upward without 5, 10 and K; at the level NT there is no rank, so 2.
    rules = ref.Rules(kitty_size=5, after_ace="no_trump_level")
    assert ref.State.new(0, rules, levels=(2, 9), declarers=0, starter=0).taken_out() == cards("3C 3D 3H")
    assert ref.State.new(0, rules, levels=(9, 9), declarers=0, starter=0).taken_out() == cards("2C 2D 2H")
    nt = ref.State.new(0, rules, levels=(15, 9), declarers=0, starter=0)
    assert nt.taken_out() == cards("2C 2D 2H")
    # F12: the level NT asks nobody and turns no talon card; the draw is over at once.
    assert nt.phase == "kitty" and nt.turned == 0 and nt.deals == 1 and nt.drawn == 100


# ------------------------------------------------------------------------------------------------------------
# F5: whole rounds under each kitty size
# ------------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("k", SIZES)
def test_f5_every_card_is_accounted_for(k: int) -> None:
    hand, removed = expected_deal(k)
    rules_options = [{}, {"kitty_flip_joker_no_trump": True}]
    for seed in range(6):
        later = seed % 2 == 1
        setup: dict[str, object] = {"levels": (5, 9), "declarers": 1, "starter": 3} if later else {}
        rules = ref.Rules(kitty_size=k, **rules_options[seed // 2 % 2])  # type: ignore[arg-type]
        state = ref.State.new(seed, rules, **setup)  # type: ignore[arg-type]
        assert len(state.taken_out()) == removed and state.hand_size == hand
        chooser = random.Random(seed)
        first_lead_seen = False
        while not state.is_terminal:
            if state.phase == "draw":
                assert state.drawn <= 4 * hand
                assert state.observation(0)[928] == pytest.approx(state.drawn / (4 * hand))
            if state.phase == "play" and not state.completed_tricks() and not state.current_trick():
                if not state.partial_play():
                    first_lead_seen = True
                    assert [len(state.hand(seat)) for seat in range(4)] == [hand] * 4
                    assert len(state.kitty) == k
                    assert state.drawn == 4 * hand
                    assert state.observation(1)[928] == 1.0
            if chooser.random() < 0.1:
                assert accounted(state) == FULL_DECK
            state.apply_action(chooser.choice(state.legal_actions()))
        assert first_lead_seen
        assert accounted(state) == FULL_DECK
        assert not any(state.hand(seat) for seat in range(4))
        assert sum(len(trick[0][1]) for trick in state.completed_tricks()) == hand  # each seat played h
        assert len(state.kitty) == k
        returns = state.returns()
        assert sum(returns) == 0 and returns[0] == returns[2] == -returns[1] != 0
        assert sum(state.trick_points) + ref.trick_points(state.kitty) == ref.TOTAL_POINTS
        loaded = ref.State.from_json(state.to_json())
        assert loaded.history() == state.history() and loaded.returns() == returns


def test_f5_kitty_size_8_keeps_every_stream() -> None:
    # r = 0 takes nothing out: the default and an explicit 8 deal and play alike.
    for seed in range(3):
        a = ref.State.new(seed)
        b = ref.State.new(seed, ref.Rules(kitty_size=8))
        assert (a.talon, a.hand(0), a.taken_out()) == (b.talon, b.hand(0), [])
        assert a.rules == b.rules
        play_out(a, random.Random(seed))
        play_out(b, random.Random(seed))
        assert a.history() == b.history() and a.returns() == b.returns()


# ------------------------------------------------------------------------------------------------------------
# F5, R23: no kitty; R20, R19: a later round whose talon decides nothing is dealt again
# ------------------------------------------------------------------------------------------------------------


def test_f5_kitty_0_has_no_kitty_phase() -> None:
    for seed in range(4):
        state = ref.State.new(seed, ref.Rules(kitty_size=0))
        assert state.talon == [] and state.hand_size == 27 and state.taken_out() == []
        phases = []
        chooser = random.Random(seed)
        while not state.is_terminal:
            phases.append(state.phase)
            if state.phase == "play" and not state.completed_tricks() and not state.current_trick():
                assert state.current_player == state.starter == state.leader  # R25: the starter leads
                assert [len(state.hand(seat)) for seat in range(4)] == [27] * 4
            state.apply_action(chooser.choice(state.legal_actions()))
        assert "kitty" not in phases
        assert state.kitty == [] and state.kitty_bonus == 0
        assert not any(ref.DISCARD <= action < ref.DISCARD + 54 for action in state.history())
        assert sum(state.trick_points) == ref.TOTAL_POINTS


def test_f5_kitty_0_later_round_where_everybody_passes_is_dealt_again() -> None:
    seed = 4
    state = ref.State.new(seed, ref.Rules(kitty_size=0), levels=(5, 9), declarers=1, starter=3)
    first_stack = list(state._stack)
    pass_all(state)
    # R19 for a later round (F5): the whole stack shuffled again with the round's generator, same first
    # drawer, nothing turned.
    assert (state.phase, state.deals, state.turned) == ("draw", 2, 0)
    assert state.first_drawer == 3 and state.trump is None
    generator = ref.Rng(seed)
    generator.shuffle(list(range(108)))  # the first deal's shuffle
    reshuffled = list(first_stack)
    generator.shuffle(reshuffled)
    assert state._stack == reshuffled
    draw_to_the_end(state, random.Random(seed))
    assert state.phase == "play" and state.turned == 0
    play_out(state, random.Random(seed))
    assert state.kitty == [] and state.kitty_bonus == 0
    loaded = ref.State.from_json(state.to_json())
    assert loaded.deals == state.deals and loaded.returns() == state.returns()


def jokers_talon_stack(seed: int) -> list[str]:
    """A stack for kitty 2 at level 2 (h = 26, 3C 3D taken out): the talon (positions 104, 105) BJ RJ."""
    rest = [card for card in ref.DECK for _ in range(2)]
    for card in ("BJ", "RJ", "3C", "3D"):
        rest.remove(card)
    random.Random(seed).shuffle(rest)
    return [*rest, "BJ", "RJ", "3C", "3D"]


def test_f5_a_talon_of_jokers_only_is_dealt_again_by_default() -> None:
    for seed in range(3):
        stack = jokers_talon_stack(seed)
        rules = ref.Rules(kitty_size=2)
        state = ref.State.from_stack(stack, rules, levels=(2, 7), declarers=0, starter=2, seed=seed)
        assert state.taken_out() == ["3C", "3D"] and state._stack == ids(stack)
        assert state.talon == ["BJ", "RJ"]
        pass_all(state)
        assert (state.phase, state.deals, state.turned) == ("draw", 2, 0)
        reshuffled = ids(stack)
        ref.Rng(seed).shuffle(reshuffled)
        assert state._stack == _take_out(reshuffled, ids(["3C", "3D"]))
        assert state._stack[-2:] == ids(["3C", "3D"])
        assert state.talon == [ref.DECK[kind] for kind in state._stack[104:106]]
        play_out(state, random.Random(seed))
        assert accounted(state) == FULL_DECK and len(state.kitty) == 2


def test_f11_a_talon_of_jokers_only_makes_a_no_trump_round() -> None:
    stack = jokers_talon_stack(5)
    rules = ref.Rules(kitty_size=2, kitty_flip_joker_no_trump=True)
    state = ref.State.from_stack(stack, rules, levels=(2, 7), declarers=0, starter=2)
    pass_all(state)
    assert (state.phase, state.deals, state.turned) == ("kitty", 1, 1)
    assert state.trump is not None and (state.trump.rank, state.trump.suit) == (None, None)
    assert len(state.hand(2)) == 28  # 26 + the talon of 2


def test_f5_a_talon_with_a_plain_card_is_turned_as_r20_says() -> None:
    # R20 unchanged: a kitty of 1 holding one plain card sets its suit.
    stack = [card for card in ref.DECK for _ in range(2)]
    for card in ("9S", "3C", "3D", "3H"):
        stack.remove(card)
    random.Random(6).shuffle(stack)
    stack = [*stack, "9S", "3C", "3D", "3H"]
    state = ref.State.from_stack(stack, ref.Rules(kitty_size=1), levels=(2, 7), declarers=0, starter=0)
    assert state.talon == ["9S"] and state.taken_out() == ["3C", "3D", "3H"]
    pass_all(state)
    assert (state.deals, state.turned, state.trump) == (1, 1, ref.Trump("2", "S"))


# ------------------------------------------------------------------------------------------------------------
# F5: how the cards are taken out of a stack
# ------------------------------------------------------------------------------------------------------------


def test_f5_take_out_moves_the_last_copies_to_the_end_in_order() -> None:
    stack = ids(cards("3D 4S 3C 5H 3D 6S 3C 7H"))
    assert _take_out(stack, ids(cards("3C 3D"))) == ids(cards("3D 4S 3C 5H 6S 7H 3C 3D"))
    # c_0 = 3C, c_1 = 3D, c_2 = 3H: the last copy of each, taken from the last card to the first.
    stack = ids(cards("3H 3C 2S 3D 3H 3C 3D"))
    assert _take_out(stack, ids(cards("3C 3D 3H"))) == ids(cards("3H 3C 2S 3D 3C 3D 3H"))
    assert _take_out(stack, []) == stack


def test_f5_a_stack_ending_with_the_cards_taken_out_is_unchanged() -> None:
    stack = [card for card in ref.DECK for _ in range(2)]
    for card in ("2C", "2D", "2H"):
        stack.remove(card)
    random.Random(7).shuffle(stack)
    stack += ["2C", "2D", "2H"]
    assert _take_out(ids(stack), ids(cards("2C 2D 2H"))) == ids(stack)
    state = ref.State.from_stack(stack, ref.Rules(kitty_size=5), levels=(3, 3))
    assert state._stack == ids(stack) and state.taken_out() == cards("2C 2D 2H")
    assert state.talon == stack[100:105]


def test_f5_from_stack_takes_the_last_copies_out() -> None:
    # The default deck order: 3C at 2 and 3, 3D at 28 and 29. Kitty 6 at level 2 takes out 3C, 3D.
    stack = [card for card in ref.DECK for _ in range(2)]
    state = ref.State.from_stack(stack, ref.Rules(kitty_size=6), levels=(2, 2), first_drawer=1)
    expected = [card for k, card in enumerate(stack) if k not in (3, 29)] + ["3C", "3D"]
    assert [ref.DECK[kind] for kind in state._stack] == expected
    assert state.talon == expected[100:106]
    assert state.hand(1)[0] == "2C"  # the first card drawn, by the first drawer
    # A round's shuffled stacks always end with them, redeals included.
    for seed in range(5):
        dealt = ref.State.new(seed, ref.Rules(kitty_size=3), levels=(4, 4))
        assert dealt._stack[-1:] == ids(["2C"]) and len(dealt._stack) == 108


# ------------------------------------------------------------------------------------------------------------
# F5: positions from explicit cards
# ------------------------------------------------------------------------------------------------------------


def test_f5_from_cards_hands_of_27_only_without_a_kitty() -> None:
    deck = [card for card in ref.DECK for _ in range(2)]
    hands = [deck[27 * seat : 27 * (seat + 1)] for seat in range(4)]
    trump = ref.Trump("2", "H")
    state = ref.State.from_cards(hands, [], trump, 0, 0, ref.Rules(kitty_size=0))
    assert state.drawn == 108 and state.hand_size == 27 and state.observation(0)[928] == 1.0
    play_out(state, random.Random(0))
    assert sum(state.trick_points) == 200 and state.kitty_bonus == 0
    with pytest.raises(ValueError, match=r"one size 1\.\.25"):
        ref.State.from_cards(hands, [], trump, 0, 0)
    with pytest.raises(ValueError, match="at most 0"):
        ref.State.from_cards(
            [hand[:26] for hand in hands], hands[0][26:], trump, 0, 0, ref.Rules(kitty_size=0)
        )
    with pytest.raises(ValueError, match="at most 3"):
        ref.State.from_cards(
            [["4C"], ["4D"], ["4H"], ["4S"]], cards("5C 5D 5H 5S"), trump, 0, 0, ref.Rules(kitty_size=3)
        )
    # F5: kitty 1 at level 2 takes out 3C 3D 3H and gives 26 cards each: the whole rest of the deck.
    rest = list(deck)
    for card in ("3C", "3D", "3H"):
        rest.remove(card)
    hands = [rest[26 * seat : 26 * (seat + 1)] for seat in range(4)]
    state = ref.State.from_cards(hands, rest[104:], trump, 1, 1, ref.Rules(kitty_size=1))
    assert state.taken_out() == cards("3C 3D 3H") and accounted(state) == FULL_DECK
    with pytest.raises(ValueError, match=r"one size 1\.\.26"):
        ref.State.from_cards(
            [deck[27 * seat : 27 * (seat + 1)] for seat in range(4)], [], trump, 1, 1, ref.Rules(kitty_size=1)
        )


def test_f5_from_cards_counts_the_card_taken_out() -> None:
    trump = ref.Trump("2", "H")  # the declarers at level 2: kitty 6 takes out 3C and 3D
    rules = ref.Rules(kitty_size=6)
    ref.State.from_cards([["3C"], ["3H"], ["3H"], ["5C"]], ["3D"], trump, 0, 0, rules)
    with pytest.raises(ValueError, match=r"2 copies of 3C .*kitty_size = 6 takes 1 out"):
        ref.State.from_cards([["3C"], ["3C"], ["4C"], ["5C"]], [], trump, 0, 0, rules)
    with pytest.raises(ValueError, match="3D"):
        ref.State.from_cards([["3C"], ["3D"], ["4C"], ["5C"]], ["3D"], trump, 0, 0, rules)
    # The rank taken out is the declarers' level: at level 3 it is 2, so 3C 3C is fine.
    ref.State.from_cards([["3C"], ["3C"], ["4C"], ["5C"]], [], ref.Trump("3", "H"), 0, 0, rules)
    with pytest.raises(ValueError, match="2C"):
        ref.State.from_cards([["2C"], ["2C"], ["4C"], ["5C"]], [], ref.Trump("3", "H"), 0, 0, rules)
    # The default deal takes nothing out.
    ref.State.from_cards([["3C"], ["3C"], ["4C"], ["5C"]], [], trump, 0, 0)


# ------------------------------------------------------------------------------------------------------------
# F5: the option itself
# ------------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("value", [-1, 105, 108, "8", True, False, 8.0, None])
def test_f5_bad_kitty_sizes_are_refused(value: object) -> None:
    with pytest.raises(ValueError, match=r"Rules\.kitty_size must be an int from 0 to 104, got"):
        ref.Rules(kitty_size=value)  # type: ignore[arg-type]


def test_f5_kitty_size_is_listed_saved_and_keyed() -> None:
    names = [field.name for field in dataclasses.fields(ref.Rules)]
    assert names[names.index("kitty_flip_joker_no_trump") + 1] == "kitty_size"
    assert ref.Rules().kitty_size == 8 and ref.KITTY_SIZE_BOUNDS == (0, 104)
    for k in (0, 104):
        assert ref.Rules(kitty_size=k).kitty_size == k
    rules = ref.Rules(kitty_size=5)
    assert ref.Rules.coerce(type("Options", (), dataclasses.asdict(rules))()) == rules
    state = ref.State.new(3, rules)
    play_out(state, random.Random(3))
    data = json.loads(state.to_json())
    assert data["rules"]["kitty_size"] == 5
    assert list(data["rules"]) == names
    loaded = ref.State.from_json(state.to_json())
    assert loaded.rules == rules and loaded.returns() == state.returns()
    # An old save without the field loads with R13's 8.
    default = ref.State.new(3)
    old = json.loads(default.to_json())
    del old["rules"]["kitty_size"]
    assert ref.State.from_json(json.dumps(old)).rules.kitty_size == 8
    # The information key tells the kitty sizes apart.
    assert ref.State.new(3).information_state_key(0) != ref.State.new(3, rules).information_state_key(0)


# ------------------------------------------------------------------------------------------------------------
# F5: what a seat knows, resampling
# ------------------------------------------------------------------------------------------------------------


def stages(k: int, seed: int, later: bool) -> list[ref.State]:
    """A round at a few stages: in the draw, in the final window, in the kitty phase, in the play, over."""
    setup: dict[str, object] = {"levels": (4, 9), "declarers": 1, "starter": 1} if later else {}
    state = ref.State.new(seed, ref.Rules(kitty_size=k), **setup)  # type: ignore[arg-type]
    chooser = random.Random(seed)
    hand = state.hand_size
    found: list[ref.State] = []
    wanted = ["draw", "window", "kitty", "play", "done"]
    while True:
        stage: str = "window" if state.phase == "draw" and state.drawn == 4 * hand else state.phase
        if stage == "play" and len(state.completed_tricks()) < hand // 2:
            stage = ""
        if stage in wanted:
            wanted.remove(stage)
            found.append(state.clone())
        if state.is_terminal:
            return found
        state.apply_action(chooser.choice(state.legal_actions()))


@pytest.mark.parametrize("k", [0, 5, 104])
def test_f5_resample_keeps_what_the_seat_knows(k: int) -> None:
    count = 0
    for seed in range(3):
        for state in stages(k, seed, later=seed % 2 == 1):
            for player in range(4):
                resampled = state.resample(player, seed * 4 + player)
                count += 1
                assert resampled.information_state_key(player) == state.information_state_key(player)
                assert resampled.observation(player) == state.observation(player)
                assert resampled.history() == state.history() or any(
                    ref.DISCARD <= action < ref.DISCARD + 54 for action in state.history()
                )
                assert resampled.taken_out() == state.taken_out()
                if state.taken_out():
                    r = len(state.taken_out())
                    assert resampled._stack[-r:] == state._stack[-r:] == ids(state.taken_out())
                assert accounted(resampled) == FULL_DECK
                assert (resampled.deals, resampled.drawn, resampled.phase) == (
                    state.deals,
                    state.drawn,
                    state.phase,
                )
                loaded = ref.State.from_json(resampled.to_json())
                assert loaded.information_state_key(player) == state.information_state_key(player)
    assert count >= 12


def test_f5_resample_after_a_later_round_redeal() -> None:
    # Kitty 0, a later round: the first deal passed out (R20 decides nothing), then drawn again.
    state = ref.State.new(9, ref.Rules(kitty_size=0), levels=(5, 9), declarers=0, starter=0)
    pass_all(state)
    assert state.deals == 2
    chooser = random.Random(9)
    for _ in range(40):
        state.apply_action(chooser.choice(state.legal_actions()))
    for player in range(4):
        resampled = state.resample(player, player)
        assert resampled.information_state_key(player) == state.information_state_key(player)
        assert resampled.observation(player) == state.observation(player)
        assert resampled.deals == 2
