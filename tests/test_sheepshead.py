"""The Sheepshead engine through its public Python API: test vectors TV-S1…TV-S9 and the search protocol."""

from __future__ import annotations

import json
import pickle
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tricktaker import (
    ArgumentError,
    Card,
    CardParseError,
    IllegalActionError,
    InvalidStateError,
    RulesError,
)
from tricktaker import sheepshead as ss

# A table whose first trick (seat 0 leads 7H) has J♣ and J♠ as its only trumps.
JACKS_TABLE = [
    "7H 7C 8C 9C 10C KC",
    "JC 7S 8S 9S 10S KS",
    "JS AC AS QC QS QH",
    "8H 9H 10H KH QD JH",
    "AH JD AD 10D KD 9D",
]
# Seat 1 picks and calls A♥ holding 8♥ as its only heart; seat 2 holds A♥ and 7♥.
HOLD_TABLE = [
    "9H 10H KH KC KD 9D",
    "8H QC QS QH QD JC",
    "AH 7H 7C 8C 9C 10C",
    "AC 7S 8S 9S 10S KS",
    "AS JS JH JD AD 10D",
]


def split(hands: list[str]) -> list[list[str]]:
    return [h.split() for h in hands]


def act(state: ss.State, *actions: str) -> None:
    for a in actions:
        state.apply(a)


def legal(state: ss.State) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


def test_tv_s1_trump_order() -> None:
    standard = "QC QS QH QD JC JS JH JD AD 10D KD 9D 8D 7D".split()
    assert [str(c) for c in ss.trumps()] == standard
    seed = [*standard[:4], "JS", "JC", *standard[6:]]
    assert [str(c) for c in ss.trumps("seed")] == seed
    trick = ["7H", "JC", "JS", "8H", "AH"]
    assert ss.trick_winner(trick) == 1
    assert ss.trick_winner(trick, jack_order="seed") == 2
    # The same trick played at the table (a leaster, dealer 4: seat 0 leads).
    for rules, winner in ((ss.Rules(), 1), (ss.Rules(jack_order="seed"), 2)):
        state = ss.State.from_cards(split(JACKS_TABLE), ["8D", "7D"], dealer=4, rules=rules)
        act(state, *["pass"] * 5, *(f"play {c}" for c in trick))
        assert state.tricks()[0][2] == winner


def test_tv_s2_fail_order_and_suit_membership() -> None:
    assert ss.trick_winner(["KH", "10H", "AH", "9H", "7H"]) == 2
    assert ss.trick_winner(["9C", "AC", "JH", "10S", "QD"]) == 4
    assert [ss.suit_of(c) for c in ("QC", "JC", "7D", "AC", "AD")] == ["T", "T", "T", "C", "T"]
    # A player holding Q♣ J♣ 7♦ and no other club is void in clubs: with clubs led, any card may be played.
    table = [
        "9C 8H 9H 10H KH 7S",
        "QC JC 7D AS KS 10S",
        "AC 10C KC 8C 7C 9S",
        "QS QH QD JS JH JD",
        "AH 7H 8S AD 10D KD",
    ]
    state = ss.State.from_cards(split(table), ["9D", "8D"], dealer=4)
    act(state, *["pass"] * 5, "play 9C")
    assert sorted(legal(state)) == sorted(f"play {c}" for c in "QC JC 7D AS KS 10S".split())


def test_tv_s3_deck_invariants() -> None:
    deck = [c for c in Card.all() if c.rank in ("7", "8", "9", "10", "J", "Q", "K", "A")]
    assert len(deck) == 32
    assert sum(1 for c in deck if ss.suit_of(c) == "T") == 14
    assert sum(ss.card_points(c) for c in deck) == 120
    assert sum(ss.card_points(c) for c in ss.trumps()) == 45
    for suit in "CSH":
        assert sum(ss.card_points(c) for c in deck if ss.suit_of(c) == suit) == 25
    with pytest.raises(CardParseError, match="Sheepshead deck"):
        ss.card_points("6H")
    # R2: a text that is no card at all is described by the Sheepshead deck, not by Tractor's jokers.
    with pytest.raises(CardParseError, match=r"not a Sheepshead card: .ZZ. \(expected a rank 7, 8, 9") as e:
        ss.card_points("ZZ")
    assert "joker" not in str(e.value)


def test_tv_s4_deal_with_dealer_4() -> None:
    state = ss.State.new(99, dealer=4)
    order = []
    while state.phase == "pick":
        order.append(state.current_player)
        state.apply("pass")
    assert order == [0, 1, 2, 3, 4]
    assert state.current_player == 0  # seat 0 leads trick 1
    assert state.next_hand().dealer == 0
    assert all(len(h) == 6 for h in state.dealt_hands()) and len(state.blind) == 2


def play_out(state: ss.State, cards_in_order: list[str]) -> None:
    for c in cards_in_order:
        state.apply(f"play {c}")


# Settlement (TV-S5, TV-S6) is also checked row by row in the Rust unit tests; here whole hands end in them.
def test_tv_s8_revised_allowed_the_picker_leads_the_hold_card_to_draw_the_ace() -> None:
    state = ss.State.from_cards(split(HOLD_TABLE), ["7D", "8D"], dealer=4)
    act(state, "pass", "pick", "bury 7D", "bury 8D", "call AH")
    # A club lead: the picker is void in clubs and still may not throw 8♥ off.
    act(state, "play KC")
    assert "play 8H" not in legal(state)
    with pytest.raises(IllegalActionError, match="R18"):
        state.apply("play 8H")
    play_out(state, ["QC", "7C", "AC", "JS"])
    # Leading it is allowed: the first heart lead, to which the partner owes A♥ (R19).
    assert "play 8H" in legal(state)
    state.apply("play 8H")
    assert legal(state) == ["play AH"]
    state.apply("play AH")
    assert state.partner == 2


def test_tv_s5_and_s8_revised_forbidden_hand_won_with_the_called_ace() -> None:
    rules = ss.Rules(hold_card_lead="forbidden")
    state = ss.State.from_cards(split(HOLD_TABLE), ["7D", "8D"], dealer=4, rules=rules)
    act(state, "pass", "pick", "bury 7D", "bury 8D", "call AH")
    assert state.partner is None and state.secret_partner == 2
    # Trick 1: a trump lead, the partner (void) may not throw A♥ (R19).
    act(state, "play KD", "play QC")
    assert "play AH" not in legal(state)
    play_out(state, ["7C", "7S", "JS"])
    for lead, rest in (("QS", ["10C", "8S", "JH", "9D"]), ("QH", ["9C", "9S", "JD", "9H"])):
        # TV-S8 (revised), forbidden: before hearts are led, the picker may not lead 8♥.
        assert "play 8H" not in legal(state)
        with pytest.raises(IllegalActionError, match="R18"):
            state.apply("play 8H")
        play_out(state, [lead, *rest])
    play_out(state, ["QD", "8C", "10S", "AD", "10H", "JC", "7H", "KS", "10D", "KH"])
    # TV-S8: in trick 6 the hold card is playable.
    assert legal(state) == ["play 8H"]
    play_out(state, ["8H", "AH", "AC", "AS", "KC"])
    assert state.is_terminal and state.partner == 2
    assert state.picking_side_points is not None
    expected = {True: (4, 2, -2), False: (2, 1, -1)}[state.picking_side_points >= 91]
    if state.tricks_won()[1] + state.tricks_won()[2] == 6:
        expected = (6, 3, -3)
    r = state.returns()
    assert (r[1], r[2], r[0]) == expected and r[3] == r[4] == r[0]


def test_tv_s8_partner_plays_the_called_ace_on_the_first_heart_lead() -> None:
    state = ss.State.from_cards(split(HOLD_TABLE), ["7D", "8D"], dealer=4)
    act(state, "pass", "pick", "bury 7D", "bury 8D", "call AH", "play 9H", "play 8H")
    assert legal(state) == ["play AH"]
    with pytest.raises(IllegalActionError, match="R19"):
        state.apply("play 7H")


def test_tv_s6_picker_alone_takes_every_trick() -> None:
    # Seat 1 holds the top eight trumps after the pick and goes alone.
    table = [
        "9H 10H KH KC KD 9D",
        "8H QC QS QH QD JC",
        "AH 7H 7C 8C 9C 10C",
        "AC 7S 8S 9S 10S KS",
        "AS JS JH 7D AD 10D",
    ]
    state = ss.State.from_cards(split(table), ["JD", "8D"], dealer=4)
    act(state, "pass", "pick", "bury 8H", "bury 8D")
    assert legal(state) == ["alone"]  # no heart left to hold: R14 forbids calling A♥
    act(state, "alone")
    leads = ["QC", "QS", "QH", "QD", "JC", "JD"]
    while not state.is_terminal:
        if state.current_player == 1:
            state.apply(f"play {leads.pop(0)}")
        else:
            state.apply_action(state.legal_actions()[0])
    assert state.tricks_won()[1] == 6
    assert state.returns() == [-3, 12, -3, -3, -3]


def test_tv_s7_calling() -> None:
    table = [
        "7C QC QS QH QD JC",
        "AH 7H 8C 9C 10C KC",
        "AC 7S 8S 9S 10S KS",
        "AS JS JH JD AD 10D",
        "9H 10H KH 8H KD 9D",
    ]
    state = ss.State.from_cards(split(table), ["7D", "8D"], dealer=4)
    act(state, "pick", "bury 7D", "bury 8D")
    assert legal(state) == ["call AC", "alone"]
    buried_club = ss.State.from_cards(split(table), ["7D", "8D"], dealer=4)
    act(buried_club, "pick", "bury 7C", "bury 8D")
    assert legal(buried_club) == ["alone"]
    with pytest.raises(IllegalActionError, match="R14"):
        buried_club.apply("call AC")
    unknown = ss.State.from_cards(
        split(table), ["7D", "8D"], dealer=4, rules=ss.Rules(no_legal_call="unknown")
    )
    act(unknown, "pick", "bury 7C", "bury 8D")
    assert legal(unknown) == ["call AC", "call AS", "call AH", "alone"]
    act(unknown, "call AS", "under 7D")
    assert unknown.under == Card("7D") and unknown.phase == "play"


def test_tv_s9_leaster_fewest_points_wins() -> None:
    wins = 0
    for seed in range(200):
        state = ss.State.new(seed)
        act(state, *["pass"] * 5)
        assert state.is_leaster
        while not state.is_terminal:
            state.apply_action(state.legal_actions()[seed % len(state.legal_actions())])
        points, tricks = state.points(), state.tricks_won()
        assert sum(points) == 120
        winner = state.returns().index(4)
        assert sorted(state.returns()) == [-1, -1, -1, -1, 4]
        assert tricks[winner] > 0
        assert points[winner] == min(p for p, t in zip(points, tricks, strict=True) if t > 0)
        wins += 1
    assert wins == 200


def test_doubler_and_double_on_the_bump() -> None:
    state = ss.State.new(3, rules=ss.Rules(all_pass="doubler"))
    act(state, *["pass"] * 5)
    assert state.is_terminal and state.is_doubler and state.returns() == [0] * 5
    bump = ss.random_playouts(2000, 5, rules=ss.Rules(double_on_the_bump=True))
    plain = ss.random_playouts(2000, 5)
    assert np.abs(bump).sum() > np.abs(plain).sum()
    assert (bump.sum(axis=1) == 0).all()


# ---- the search protocol ----


def random_game(seed: int, rules: ss.Rules | None = None) -> ss.State:
    state = ss.State.new(seed, rules=rules, dealer=seed % 5)
    k = seed
    while not state.is_terminal:
        actions = state.legal_actions()
        k = (k * 1103515245 + 12345) % 2**31
        state.apply_action(actions[k % len(actions)])
    return state


rules_strategy = st.builds(
    ss.Rules,
    jack_order=st.sampled_from(["standard", "seed"]),
    all_pass=st.sampled_from(["leaster", "doubler"]),
    double_on_the_bump=st.booleans(),
    no_trick_split=st.booleans(),
    schwarz=st.sampled_from(["tricks", "points"]),
    no_legal_call=st.sampled_from(["alone", "unknown"]),
    hold_card_lead=st.sampled_from(["allowed", "forbidden"]),
    called_card_no_discard=st.booleans(),
    no_ace_face_trump_redeal=st.booleans(),
)


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), choices=st.randoms(use_true_random=False), rules=rules_strategy)
def test_random_hands_account_for_every_card_and_point(seed: int, choices: object, rules: ss.Rules) -> None:
    """What a whole hand adds up to (the protocol itself is checked for every game in test_protocol.py)."""
    import random

    assert isinstance(choices, random.Random)
    state = ss.State.new(seed, rules=rules)
    seen_cards = {str(c) for h in state.dealt_hands() for c in h} | {str(c) for c in state.blind}
    assert len(seen_cards) == 32
    while not state.is_terminal:
        state.apply_action(choices.choice(state.legal_actions()))
    assert sum(state.returns()) == 0
    if not state.is_doubler:
        assert sum(state.tricks_won()) == 6
        assert sum(state.points()) + sum(ss.card_points(c) for c in state.bury) == 120
        for (_, plays, winner), nxt in zip(state.tricks(), state.tricks()[1:], strict=False):
            assert len(plays) == 5 and nxt[0] == winner


def test_hand_sizes_until_the_pick_and_after() -> None:
    state = ss.State.new(12)
    assert [len(state.hand(s)) for s in range(5)] == [6] * 5 and len(state.blind) == 2
    while state.phase == "pick" and state.legal_actions():
        state.apply("pick")
    assert state.picker is not None
    assert len(state.hand(state.picker)) == 8
    state.apply_action(state.legal_actions()[0])
    state.apply_action(state.legal_actions()[0])
    assert len(state.hand(state.picker)) == 6 and len(state.bury) == 2


@pytest.mark.parametrize("seed", [0, 1, 7, 2**63 + 5])
def test_pickle_and_json_round_trip_exactly(seed: int) -> None:
    state = random_game(seed)
    for k in (0, 3, 20, len(state.history())):
        partial = ss.State.new(seed, dealer=seed % 5)
        for a in state.history()[:k]:
            partial.apply_action(a)
        for copy_ in (pickle.loads(pickle.dumps(partial)), ss.State.from_json(partial.to_json())):
            assert copy_ == partial
            assert copy_.rng_state == partial.rng_state
            assert copy_.next_hand() == partial.next_hand()


def test_different_seeds_deal_different_hands() -> None:
    assert ss.State.new(42).dealt_hands() != ss.State.new(43).dealt_hands()


def test_corrupted_saves_raise_invalid_state_error() -> None:
    good = json.loads(random_game(5).to_json())
    bad_variants = [
        "not json",
        json.dumps({**good, "game": "tractor"}),
        json.dumps({**good, "history": [*good["history"][:3], "play ZZ"]}),
        json.dumps({**good, "history": [*good["history"][:-1], good["history"][0]]}),
        json.dumps({**good, "hands": [good["hands"][0]] * 5}),
        json.dumps({**good, "rules": {**good["rules"], "jack_order": "weird"}}),
        json.dumps({**good, "rules": {**good["rules"], "color": "red"}}),
        json.dumps({**good, "rng": [0, 0, 0, 0]}),
        json.dumps({k: v for k, v in good.items() if k != "blind"}),
    ]
    for text in bad_variants:
        with pytest.raises(InvalidStateError, match="corrupted"):
            ss.State.from_json(text)


def test_bad_construction_is_refused_clearly() -> None:
    with pytest.raises(InvalidStateError, match="twice"):
        ss.State.from_cards([["QC"] * 6] * 5, ["7D", "8D"])
    with pytest.raises(InvalidStateError, match="seat 2 has 5 cards"):
        ss.State.from_cards(split([*HOLD_TABLE[:2], "AH 7H 7C 8C 9C", *HOLD_TABLE[3:]]), ["7D", "8D"])
    with pytest.raises(CardParseError, match="Sheepshead deck"):
        ss.State.from_cards(split(HOLD_TABLE), ["6D", "8D"])
    with pytest.raises(ArgumentError, match="dealer must be an int from 0 to 4"):
        ss.State.new(1, dealer=5)
    with pytest.raises(ArgumentError, match="multiplier must be an int from 1 to 1048576"):
        ss.State.new(1, multiplier=2**31)
    with pytest.raises(ValueError, match="seed"):
        ss.State.new(-1)
    with pytest.raises(RulesError, match="all_pass"):
        ss.Rules(all_pass="double")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="hands_per_game"):
        ss.Rules(hands_per_game=0)
    with pytest.raises(RulesError, match="Rules"):
        ss.State.new(1, rules={"jack_order": "seed"})  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="not a Sheepshead action"):
        ss.State.new(1).string_to_action("jump")


def test_rules_are_values() -> None:
    rules = ss.Rules(jack_order="seed", double_on_the_bump=True)
    assert rules == ss.Rules(**rules.to_dict())
    assert hash(rules) == hash(ss.Rules(**rules.to_dict()))
    assert pickle.loads(pickle.dumps(rules)) == rules
    assert "jack_order='seed'" in repr(rules)
    assert ss.Rules() == ss.Rules(jack_order="standard", all_pass="leaster")


def test_str_shows_the_table() -> None:
    state = ss.State.from_cards(split(HOLD_TABLE), ["7D", "8D"], dealer=4)
    act(state, "pass", "pick", "bury 7D", "bury 8D", "call AH", "play 9H")
    text = str(state)
    assert "Picker: seat 1" in text and "called AH" in text and "0:9H" in text
    assert "QC QS QH QD JC 8H" in text  # the picker's hand, strongest first
    assert "← to act" in text


def test_random_playouts_shape_determinism_and_threads() -> None:
    a = ss.random_playouts(5000, 11, threads=1)
    b = ss.random_playouts(5000, 11, threads=2)
    assert a.shape == (5000, 5) and a.dtype == np.int32
    assert (a == b).all()
    assert (a.sum(axis=1) == 0).all()
    assert ss.random_playouts(0, 1).shape == (0, 5)
    with pytest.raises(ValueError, match="threads"):
        ss.random_playouts(10, 1, threads=0)
    with pytest.raises(ArgumentError, match="n must be an int from 0"):
        ss.random_playouts(-1, 1)


def test_simulate_agrees_with_random_playouts() -> None:
    sim = ss.simulate(3000, 8)
    assert (sim.returns == ss.random_playouts(3000, 8)).all()
    picked = sim.picker >= 0
    assert (picked | sim.leaster).all()
    wins = sim.returns[np.arange(len(sim))[picked], sim.picker[picked]] > 0
    assert (wins == (sim.picking_side_points[picked] >= 61)).all()


def test_match_carries_scores_and_doublers() -> None:
    match = ss.Match(seed=3, rules=ss.Rules(all_pass="doubler", hands_per_game=4))
    k = 0
    while not match.is_over:
        state = match.state
        while not state.is_terminal:
            actions = state.legal_actions()
            # Pass often so that doublers happen.
            state.apply_action(1 if state.phase == "pick" and k % 3 else actions[k % len(actions)])
            k += 1
        match.next_hand()
    assert match.hands_played == 4
    assert sum(match.scores) == 0
    assert [r.dealer for r in match.record] == [i % 5 for i in range(len(match.record))]
    doubled = [r for r in match.record if r.multiplier == 2]
    if any(r.doubler for r in match.record[:-1]):
        assert doubled
    with pytest.raises(IllegalActionError, match="over"):
        match.next_hand()
    assert match.winners() == [s for s in range(5) if match.scores[s] == max(match.scores)]


# ---- what a seat knows ----


@pytest.mark.parametrize("seed", range(12))
def test_resample_keeps_the_history_the_player_saw(seed: int) -> None:
    """Only another picker's bury and under may differ from the real ones (the rest: test_protocol.py)."""
    state = ss.State.new(seed, dealer=seed % 5)
    rng = random.Random(seed)
    for _ in range(seed * 3):
        if not state.is_terminal:
            state.apply_action(rng.choice(state.legal_actions()))
    for player in range(5):
        for other in [state.resample(player, seed * 100 + k) for k in range(3)]:
            assert other.history() == state.history() or state.picker not in (None, player)


def test_the_observation_shows_the_own_hand() -> None:
    state = ss.State.new(4)
    assert state.observation(1)[:32].sum() == 6
