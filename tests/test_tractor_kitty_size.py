"""F5, ``kitty_size``: the kitty's size, the hands it leaves and the cards taken out, in the Python API."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

from tricktaker import cli, tractor
from tricktaker.errors import ArgumentError, InvalidStateError, RulesError

DECK = [str(c) for c in tractor.Card.all() for _ in range(2)]


def texts(cards: object) -> list[str]:
    return [str(c) for c in cards]  # type: ignore[attr-defined]


def play_randomly(state: tractor.State, seed: int) -> None:
    chooser = random.Random(seed)
    while not state.is_terminal:
        state.apply_action(chooser.choice(state.legal_actions()))


def test_tv_f2_custom_kitty() -> None:
    six = tractor.Rules(kitty_size=6)
    # A later round at trump rank 3: one 2♣ and one 2♦ are taken out; 25 each, a kitty of 6.
    s = tractor.State.new(4, rules=six, levels=(3, 2), declarers=0, starter=0)
    assert (s.hand_size, texts(s.taken_out())) == (25, ["2C", "2D"])
    assert texts(s.stack()[-2:]) == ["2C", "2D"]
    # Round 1, everyone at 2: the rank taken out is 3.
    assert texts(tractor.State.new(4, rules=six).taken_out()) == ["3C", "3D"]
    # A kitty of 4: 104 mod 4 = 0, nothing is taken out, 26 each.
    four = tractor.State.new(4, rules=tractor.Rules(kitty_size=4))
    assert (four.hand_size, four.taken_out()) == (26, [])
    # The default deals as R13 does.
    default = tractor.State.new(4)
    assert (default.hand_size, default.taken_out()) == (25, [])


@pytest.mark.parametrize("bad", [-1, 105, "8", True, 8.0, None])
def test_f5_kitty_size_takes_an_int_from_0_to_104(bad: object) -> None:
    with pytest.raises(RulesError, match="kitty_size"):
        tractor.Rules(kitty_size=bad)  # type: ignore[arg-type]
    rules = tractor.Rules(kitty_size=5)
    with pytest.raises(RulesError, match="kitty_size"):
        rules.replace(kitty_size=bad)  # type: ignore[arg-type]
    assert rules.kitty_size == 5


@pytest.mark.parametrize("kitty_size", [0, 1, 3, 5, 7, 9, 20, 104])
def test_f5_rounds_deal_equal_hands_and_account_for_every_card(kitty_size: int) -> None:
    rules = tractor.Rules(kitty_size=kitty_size)
    for seed in range(6):
        setup: dict[str, object] = {"levels": (6, 2), "declarers": 0, "starter": 0} if seed % 2 else {}
        s = tractor.State.new(seed, rules=rules, **setup)  # type: ignore[arg-type]
        h = s.hand_size
        assert 4 * h + kitty_size + len(s.taken_out()) == 108
        chooser = random.Random(seed)
        while s.phase == "draw" or s.phase == "kitty":
            s.apply_action(chooser.choice(s.legal_actions()))
        assert [len(s.hand(x)) for x in range(4)] == [h] * 4
        assert len(s.kitty) == kitty_size
        everything = sorted(
            texts(c for x in range(4) for c in s.hand(x)) + texts(s.kitty) + texts(s.taken_out())
        )
        assert everything == sorted(DECK)
        play_randomly(s, seed)
        assert s.tricks_played <= h and sum(s.returns()) == 0
        assert sum(s.trick_points) + tractor.trick_points(s.kitty) == 200


def test_f5_no_kitty_skips_the_kitty_phase_and_has_no_bonus() -> None:
    rules = tractor.Rules(kitty_size=0)
    for seed in range(20):
        s = tractor.State.new(seed, rules=rules)
        phases = set()
        chooser = random.Random(seed)
        while not s.is_terminal:
            phases.add(s.phase)
            s.apply_action(chooser.choice(s.legal_actions()))
        assert "kitty" not in phases and s.kitty == [] and s.kitty_bonus == 0


def test_f5_a_later_round_without_a_talon_nobody_declares_in_is_dealt_again() -> None:
    s = tractor.State.new(2, rules=tractor.Rules(kitty_size=0), levels=(4, 2), declarers=0, starter=2)
    while s.deals == 1:
        s.apply_action(s.string_to_action("pass"))
    assert (s.deals, s.phase, s.drawn < 108) == (2, "draw", True)


def test_f5_a_talon_of_jokers_only_is_dealt_again_unless_a_joker_makes_no_trump() -> None:
    rest = list(DECK)
    for c in ("BJ", "RJ", "3C", "3D"):
        rest.remove(c)
    stack = [*rest, "BJ", "RJ", "3C", "3D"]
    for flip, deals in ((False, 2), (True, 1)):
        rules = tractor.Rules(kitty_size=2, kitty_flip_joker_no_trump=flip)
        s = tractor.State.from_stack(stack, rules=rules, levels=(2, 2), declarers=1, starter=1)
        while s.deals == 1 and s.phase == "draw":
            s.apply_action(s.string_to_action("pass"))
        assert s.deals == deals
        if flip:
            assert s.trump is not None and s.trump.suit is None and s.trump.rank is None


def test_f5_from_stack_takes_the_last_copies_out() -> None:
    stack = list(DECK)
    random.Random(1).shuffle(stack)
    s = tractor.State.from_stack(stack, rules=tractor.Rules(kitty_size=5), levels=(2, 2))
    expected = list(stack)
    for c in ("3H", "3D", "3C"):
        del expected[len(expected) - 1 - expected[::-1].index(c)]
    assert texts(s.stack()) == [*expected, "3C", "3D", "3H"]
    # A stack that already ends with them is dealt as given.
    again = tractor.State.from_stack(texts(s.stack()), rules=tractor.Rules(kitty_size=5), levels=(2, 2))
    assert texts(again.stack()) == texts(s.stack())


def test_f5_positions_take_the_deal_of_the_rules() -> None:
    cards = list(DECK)
    random.Random(3).shuffle(cards)
    hands = [cards[27 * i : 27 * (i + 1)] for i in range(4)]
    trump = tractor.Trump(2, "H")
    none = tractor.Rules(kitty_size=0)
    s = tractor.State.from_cards(hands, [], trump, 0, 0, rules=none)
    assert [len(s.hand(x)) for x in range(4)] == [27] * 4
    play_randomly(s, 3)
    with pytest.raises(InvalidStateError, match="from 1 to 25"):
        tractor.State.from_cards(hands, [], trump, 0, 0)
    five = tractor.Rules(kitty_size=5)  # takes out 3♣ 3♦ 3♥
    with pytest.raises(InvalidStateError, match="F5 took out 3C 3D 3H"):
        tractor.State.from_cards(
            [["3C", "3C"], ["4C", "4D"], ["6C", "6D"], ["7C", "7D"]], [], trump, 0, 0, rules=five
        )
    with pytest.raises(InvalidStateError, match="at most 5"):
        tractor.State.from_cards(
            [["4C"], ["4D"], ["6C"], ["6D"]], ["8C", "8D", "9C", "9D", "JC", "JD"], trump, 0, 0, rules=five
        )


def test_f5_the_toolkit_takes_hands_of_27() -> None:
    trump = tractor.Trump(2, "H")
    spades = [c for c in DECK if c.endswith("S") and not c.startswith("2")]  # 24 plain spades
    hand = [*spades, "3C", "4C", "5C"]
    follows = tractor.legal_follows(hand, ["AS"], trump)
    assert len(follows) == 12  # any one of the 12 kinds of spades
    with pytest.raises(ArgumentError, match="at most 27"):
        tractor.legal_follows([*hand, "6C"], ["AS"], trump)


@pytest.mark.parametrize("kitty_size", [0, 1, 104])
def test_f5_observations_stay_within_the_env_bounds(kitty_size: int) -> None:
    pytest.importorskip("pettingzoo")
    from tricktaker.envs import tractor_v0

    rules = tractor.Rules(kitty_size=kitty_size)
    for seed in range(4):
        s = tractor.State.new(seed, rules=rules)
        chooser = random.Random(seed)
        while True:
            for seat in range(4):
                obs = s.observation(seat)
                assert np.all(obs >= tractor_v0.raw_env.OBSERVATION_LOW)
                assert np.all(obs <= tractor_v0.raw_env.OBSERVATION_HIGH)
            if s.is_terminal:
                break
            s.apply_action(chooser.choice(s.legal_actions()))


def test_f5_other_kitty_sizes_change_the_information_keys_and_resample_consistently() -> None:
    default, six = tractor.State.new(5), tractor.State.new(5, rules=tractor.Rules(kitty_size=6))
    assert default.information_state_key(0) != six.information_state_key(0)
    for kitty_size in (0, 5, 104):
        s = tractor.State.new(9, rules=tractor.Rules(kitty_size=kitty_size))
        chooser = random.Random(9)
        for _ in range(60):
            if s.is_terminal:
                break
            s.apply_action(chooser.choice(s.legal_actions()))
        for seat in range(4):
            r = s.resample(seat, seed=seat)
            assert r.information_state_key(seat) == s.information_state_key(seat)
            assert texts(r.taken_out()) == texts(s.taken_out())
            assert texts(r.stack()[108 - len(s.taken_out()) :]) == texts(s.taken_out())


def test_f5_saves_keep_the_kitty_size() -> None:
    s = tractor.State.new(1, rules=tractor.Rules(kitty_size=3))
    play_randomly(s, 1)
    again = tractor.State.from_json(s.to_json())
    assert again.rules.kitty_size == 3 and again.returns() == s.returns()


def test_f5_the_cli_takes_kitty_size(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        cli.main(["simulate", "tractor", "--games", "40", "--seed", "1", "--kitty-size", "0", "--json"]) == 0
    )
    stats = json.loads(capsys.readouterr().out)
    assert stats["rules"]["kitty_size"] == 0
    assert cli.main(["simulate", "tractor", "--games", "4", "--kitty-size", "105"]) != 0
    assert "--kitty-size: must be a whole number from 0 to 104" in capsys.readouterr().err
