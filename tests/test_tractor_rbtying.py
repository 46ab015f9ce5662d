"""The rbtying preset (``docs/rules/tractor.md`` A.5): ``Rules.preset("rbtying")`` is the partnership game
as rbtying/shengji plays it by default, and these scenarios follow its behaviour as the variants chapter
describes it (F8, F12, F23, F26, F27, F30, F32, F33, F35), each played through the library's toolkit and
rounds. Whole rounds under the preset are compared with the reference engine step by step."""

from __future__ import annotations

import random
from typing import Any

import pytest
from test_differential_tractor import compare_round  # the same directory: on the path

from tricktaker import tractor
from tricktaker._core.tractor import next_round
from tricktaker.errors import RulesError
from tricktaker.reference import tractor as ref

RBTYING = tractor.Rules.preset("rbtying")
SPADES = tractor.Trump("2", "H")


def follow_options(rules: tractor.Rules) -> dict[str, Any]:
    return {
        "tractor_follow": rules.tractor_follow,
        "new_adjacency": rules.new_adjacency,
        "format_based_draw": rules.format_based_draw,
        "min_tractor_length": rules.min_tractor_length,
    }


def test_the_preset_is_the_documented_settings_and_nothing_else() -> None:
    changed = {
        "allow_self_reinforce": True,
        "red_pair_overrides_black_pair": True,
        "joker_pair_declaration_keeps_rank": True,
        "tractor_follow": "fallback",
        "new_adjacency": "allow",
        "throw_compare": "all_components",
        "failed_throw_forced": "first_in_turn_smallest",
        "throw_penalty": "none",
        "kitty_multiplier": "largest_unit_times2",
        "negative_points": "extra_levels",
        "after_ace": "no_trump_level",
    }
    assert RBTYING == tractor.Rules(**changed)
    defaults = tractor.Rules().to_dict()
    assert {k: v for k, v in RBTYING.to_dict().items() if defaults[k] != v} == {
        k: v for k, v in changed.items() if defaults[k] != v
    }
    assert "rbtying" in tractor.Rules.presets()
    assert tractor.Rules.preset("rbtying") == RBTYING
    with pytest.raises(RulesError, match="presets"):
        tractor.Rules.preset("pagat")


def test_a_red_joker_pair_overrides_a_black_one() -> None:
    # F8, R17: rbtying ranks bids by count, then card, so RJ RJ overrides a standing BJ BJ.
    stack = _stack_for(["2H BJ BJ", "RJ RJ 3C", "4C 5C 6C", "6C 7C 8C"])
    for rules, rj_over_bj in ((RBTYING, True), (tractor.Rules(), False)):
        state = tractor.State.from_stack(stack, rules=rules.replace(first_drawer_round1="seat0"))
        while not (state.current_player == 0 and "declare BJ BJ" in _texts(state)):
            state.apply("pass")
        state.apply("declare BJ BJ")
        offered = False
        while state.phase == "draw" and not offered:
            offered = state.current_player == 1 and "declare RJ RJ" in _texts(state)
            if not offered:
                state.apply("pass")
        assert offered is rj_over_bj


def test_a_joker_pair_keeps_the_rank() -> None:
    # F12: rbtying's no-trump rounds keep the rank: 7♣7♣ BJBJ RJRJ is a tractor of three pairs at rank 7.
    nt7 = tractor.Trump("7", None)
    assert tractor.decompose(["7C", "7C", "BJ", "BJ", "RJ", "RJ"], nt7)[0][0] == "tractor"
    assert [kind for kind, _ in tractor.decompose(["7C", "7C", "7D", "7D"], nt7)] == ["pair", "pair"]


def test_a_tractor_lead_asks_for_the_longest_runs_held() -> None:
    # F23 fallback (TV-F11): a 3-pair tractor led; the follower holds 9-10 and two loose pairs.
    follower = "3S 3S 9S 9S 10S 10S KS KS".split()
    lead = "5S 5S 6S 6S 7S 7S".split()
    plays = tractor.legal_follows(follower, lead, SPADES, **follow_options(RBTYING))
    assert [[str(c) for c in p] for p in plays] == [
        ["3S", "3S", "9S", "9S", "10S", "10S"],
        ["9S", "9S", "10S", "10S", "KS", "KS"],
    ]
    assert len(tractor.legal_follows(follower, lead, SPADES)) == 4


def test_the_first_player_who_can_beat_a_throw_blocks_it_for_free() -> None:
    # F26, F27 (TV-F17): J♠ + 9♠9♠ thrown; seat 1 holds 10♠10♠, seat 3 one Q♠: seat 1 blocks the pair first.
    others = [["10S", "10S", "3S"], ["4S"], ["QS", "4D"]]
    forced, taken_back = tractor.check_throw(
        ["JS", "9S", "9S"], others, SPADES, failed_throw_forced=RBTYING.failed_throw_forced
    ) or ([], 0)
    assert [str(c) for c in forced] == ["9S", "9S"] and taken_back == 1
    default = tractor.check_throw(["JS", "9S", "9S"], others, SPADES)
    assert default is not None and [str(c) for c in default[0]] == ["JS"]


def test_a_ruff_must_beat_every_component_to_overtake() -> None:
    # F30 all_components (TV-F19 (a)): diamonds trump, A♠A♠ K♠ led; 3♦3♦ 8♦ then 4♦4♦ 6♦.
    plays = [["AS", "AS", "KS"], ["3D", "3D", "8D"], ["4D", "4D", "6D"], ["5S", "6S", "7S"]]
    diamonds = tractor.Trump("2", "D")
    assert tractor.trick_winner(plays, diamonds, throw_compare=RBTYING.throw_compare) == 1
    assert tractor.trick_winner(plays, diamonds) == 2


def test_levels_below_zero_count_and_the_ace_leads_to_no_trump() -> None:
    # F33 extra_levels: -80 gives the declarers 5 levels; F35 no_trump_level: from A the declarers reach NT.
    assert tractor.level_outcome(-80, negative_points=RBTYING.negative_points) == (True, 5)
    levels, _, _, winner = next_round((14, 9), 0, 0, 60, RBTYING)
    assert (levels, winner) == ((15, 9), None)
    state = tractor.State.new(3, rules=RBTYING, levels=(15, 9), declarers=0, starter=0)
    assert state.rank == "NT" and state.trump == tractor.Trump(None, None)


@pytest.mark.parametrize("seed", range(12))
def test_rounds_under_the_preset_agree_with_the_reference(seed: int) -> None:
    compare_round(seed, RBTYING.to_dict(), later=seed % 3 == 2, levels=(15, 9) if seed % 4 == 3 else (5, 9))


def test_a_match_under_the_preset_plays_to_its_end() -> None:
    match = tractor.Match(seed=5, rules=RBTYING)
    rng = random.Random(5)
    for _ in range(400):
        while not match.state.is_terminal:
            match.state.apply_action(rng.choice(match.state.legal_actions()))
        if match.is_over:
            break
        match.next_round()
    assert match.is_over and match.winner in (0, 1)
    # The levels went past the ace only through NT (F35): the winner was at NT for its last round.
    last = match.record[-1]
    assert last.levels[last.declarers] == 15 and last.outcome.declarers_hold
    again = tractor.Match.from_record(match.to_record())
    assert again.winner == match.winner and len(again.record) == len(match.record)
    assert ref.Rules.coerce(RBTYING).after_ace == "no_trump_level"


def _texts(state: tractor.State) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


def _stack_for(hands: list[str]) -> list[str]:
    """A 108-card stack whose first draws give seat k (seat 0 draws first) the cards of ``hands[k]``."""
    deck = [str(c) for c in tractor.Trump("2", "H").sort(_full_deck())]
    firsts = [h.split() for h in hands]
    for cards in firsts:
        for c in cards:
            deck.remove(c)
    stack: list[str] = []
    for i in range(max(len(h) for h in firsts)):
        for h in firsts:
            stack.append(h[i] if i < len(h) else deck.pop())
    return stack + deck


def _full_deck() -> list[str]:
    ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    return [f"{r}{s}" for r in ranks for s in "CDHS"] * 2 + ["BJ", "RJ"] * 2


def _draw_until(state: tractor.State, *, seat: int, cards: int) -> None:
    """Pass at every stop until ``seat`` has drawn ``cards`` cards and is asked."""
    while not (state.current_player == seat and len(state.hand(seat)) >= cards):
        state.apply("pass")
