"""Tractor's card-level rules, Rust against the pure-Python reference written independently from the rules.

On random deals and trumps the two must agree on every function of the toolkit contract
(``docs/tractor-toolkit.md``): decompose, legal_follows, is_legal_follow, check_throw, trick_winner and
trick_points. A disagreement names the seed so it can be replayed; ``--diff-games`` scales the run.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from tricktaker import Card, tractor
from tricktaker._core.tractor import next_round as _native_next_round
from tricktaker.reference import tractor as ref

DECK = [c for c in Card.all() for _ in range(2)]
TRUMPS: list[tuple[str | None, str | None]] = [(None, None)] + [
    (rank, suit) for rank in ("2", "5", "7", "10", "Q", "A") for suit in ("C", "D", "H", "S", None)
]


def texts(cards: list[Card]) -> list[str]:
    return [str(c) for c in cards]


def deal(rng: random.Random) -> list[list[Card]]:
    """Four hands of 25; half the time from a narrow window of the sorted deck, for pairs and tractors."""
    deck = DECK[:]
    if rng.random() < 0.5:
        start = rng.randrange(0, len(deck) - 60)
        window, rest = deck[start : start + 60], deck[:start] + deck[start + 60 :]
        rng.shuffle(window)
        rng.shuffle(rest)
        deck = window + rest
    else:
        rng.shuffle(deck)
    return [deck[25 * i : 25 * i + 25] for i in range(4)]


def lead_from(trump: tractor.Trump, hand: list[Card], rng: random.Random) -> list[Card]:
    """A lead of one effective suit: a slice of the hand's cards of a random suit, pairs kept together."""
    suit = trump.suit_of(rng.choice(hand))
    same = trump.sort([c for c in hand if trump.suit_of(c) == suit])
    size = min(len(same), rng.choice([1, 1, 2, 2, 3, 4, 4, 5, 6]))
    start = rng.randrange(len(same) - size + 1)
    return same[start : start + size]


def compare_deal(seed: int) -> None:
    rng = random.Random(seed)
    rank, suit = rng.choice(TRUMPS)
    fast_trump, ref_trump = tractor.Trump(rank, suit), ref.Trump(rank, suit)
    hands = deal(rng)
    where = f"seed={seed} trump=({rank}, {suit})"

    for card in Card.all():
        assert fast_trump.suit_of(card) == ref_trump.suit_of(str(card)), where
        assert fast_trump.strength(card) == ref_trump.strength(str(card)), f"{where} {card}"
    assert texts(fast_trump.sort(hands[0])) == ref_trump.sort([str(c) for c in hands[0]]), where

    lead = lead_from(fast_trump, hands[0], rng)
    lead_text = texts(lead)
    where += f" lead={lead_text}"
    fast_parts = [(kind, texts(cards)) for kind, cards in tractor.decompose(lead, fast_trump)]
    assert fast_parts == ref.decompose(lead_text, ref_trump), where
    for length in (3, 4):  # F20
        shorter = tractor.decompose(lead, fast_trump, min_tractor_length=length)
        expected = ref.decompose(lead_text, ref_trump, min_tractor_length=length)
        assert [(kind, texts(cards)) for kind, cards in shorter] == expected, f"{where} min {length}"

    others = [[str(c) for c in h] for h in hands[1:]]
    choices = [
        ("fewest_cards_then_lowest", 2),
        ("first_in_turn_smallest", 2),
        ("fewest_cards_then_lowest", 3),
    ]
    for forced, length in choices:  # F26, F20
        fast_throw = tractor.check_throw(
            lead, hands[1:], fast_trump, failed_throw_forced=forced, min_tractor_length=length
        )
        ref_throw = ref.check_throw(
            lead_text, others, ref_trump, failed_throw_forced=forced, min_tractor_length=length
        )
        assert (None if fast_throw is None else (texts(fast_throw[0]), fast_throw[1])) == ref_throw, (
            f"{where} {forced}"
        )

    # F20, F23, F24: a random set of follow options, the default half the time.
    follow_options: dict[str, Any] = {}
    if rng.random() < 0.5:
        follow_options = {
            "tractor_follow": rng.choice(["none", "full", "fallback"]),
            "format_based_draw": rng.random() < 0.8,
            "new_adjacency": rng.choice(["allow", "forbid"]),
            "min_tractor_length": rng.choice([2, 2, 3]),
        }
    plays = [lead]
    for hand in hands[1:]:
        hand_text = [str(c) for c in hand]
        follows = tractor.legal_follows(hand, lead, fast_trump, **follow_options)
        expected = ref.legal_follows(hand_text, lead_text, ref_trump, **follow_options)
        assert [texts(p) for p in follows] == expected, f"{where} hand={hand_text} options={follow_options}"
        plays.append(rng.choice(follows))
        # Also an arbitrary play of the right size, legal or not.
        probe = rng.sample(hand, len(lead))
        assert tractor.is_legal_follow(hand, lead, probe, fast_trump, **follow_options) == (
            ref.is_legal_follow(hand_text, lead_text, texts(probe), ref_trump, **follow_options)
        ), f"{where} hand={hand_text} probe={texts(probe)} options={follow_options}"
        # Card by card, the cards offered from a random partial follow.
        partial = rng.choice(follows)[: rng.randrange(len(lead))]
        assert texts(tractor.follow_extensions(hand, lead, partial, fast_trump, **follow_options)) == (
            ref.follow_extensions(hand_text, lead_text, texts(partial), ref_trump, **follow_options)
        ), f"{where} hand={hand_text} partial={texts(partial)} options={follow_options}"

    play_texts = [texts(p) for p in plays]
    assert tractor.trick_winner(plays, fast_trump) == ref.trick_winner(play_texts, ref_trump), (
        f"{where} plays={play_texts}"
    )
    shorter = tractor.trick_winner(plays, fast_trump, min_tractor_length=3)
    assert shorter == ref.trick_winner(play_texts, ref_trump, min_tractor_length=3), f"{where} F20"
    for compare in ("all_components", "highest", "unit_length"):  # F30
        fast_winner = tractor.trick_winner(plays, fast_trump, throw_compare=compare)
        assert fast_winner == ref.trick_winner(play_texts, ref_trump, throw_compare=compare), (
            f"{where} {compare}"
        )
    everything = [c for p in plays for c in p]
    assert tractor.trick_points(everything) == ref.trick_points(texts(everything)), where


def test_random_deals_agree(diff_games: int) -> None:
    for seed in range(diff_games):
        compare_deal(seed)


def test_throw_ruffs_agree() -> None:
    """Void followers ruffing throws with trumps: rare at random, so built on purpose."""
    rng = random.Random(7)
    for seed in range(300):
        rank, suit = rng.choice([t for t in TRUMPS if t[1] is not None])
        fast_trump, ref_trump = tractor.Trump(rank, suit), ref.Trump(rank, suit)
        trumps = sorted((c for c in DECK if fast_trump.is_trump(c)), key=lambda c: rng.random())
        plain_suit = next(s for s in "CDHS" if s != suit)
        plain = [c for c in DECK if fast_trump.suit_of(c) == plain_suit]
        lead = fast_trump.sort(rng.sample(plain, rng.choice([2, 3, 4, 5])))
        if len(tractor.decompose(lead, fast_trump)) < 2:
            continue
        n = len(lead)
        plays = [lead, *(fast_trump.sort(trumps[i * n : (i + 1) * n]) for i in range(3))]
        play_texts = [texts(p) for p in plays]
        for compare in ("pairs_first", "all_components", "highest", "unit_length"):  # R39, F30
            assert tractor.trick_winner(plays, fast_trump, throw_compare=compare) == ref.trick_winner(
                play_texts, ref_trump, throw_compare=compare
            ), f"seed={seed} trump=({rank}, {suit}) plays={play_texts} {compare}"


# ---- whole rounds ----

ROUND_OPTIONS: list[dict[str, object]] = [
    {},
    {"kitty_multiplier": "exp", "first_drawer_round1": "seat0"},
    {"allow_self_reinforce": True, "red_pair_overrides_black_pair": True},
    {"tractor_follow": "full", "game_end": "must_defend_ace"},
    {"plain_suit_gap_closing": False, "negative_points": "extra_levels"},
    # A.5 (F26, F27, F32, F33).
    {"failed_throw_forced": "first_in_turn_smallest", "throw_penalty": "per_attempt_10"},
    {"throw_penalty": "none", "kitty_multiplier": "largest_unit_times2", "deadzone": False},
    {"kitty_multiplier": "largest_unit_pow2", "negative_points": "extra_levels", "defend_points": True},
    # A.5's declarations (F7, F8, F10-F12).
    {
        "bid_override": "higher_suit",
        "first_landlord": "first_declaration",
        "joker_pair_declaration_keeps_rank": True,
    },
    {"bid_override": "count_only", "kitty_flip_joker_no_trump": True, "joker_declaration_min": "decks"},
    {
        "kitty_flip_joker_no_trump": True,
        "joker_pair_declaration_keeps_rank": True,
        "allow_self_reinforce": True,
    },
    {"min_tractor_length": 3, "tractor_follow": "full", "kitty_multiplier": "largest_unit_times2"},
    # A.5's follows and trick winners (F23, F24, F30).
    {"tractor_follow": "fallback", "throw_compare": "all_components", "new_adjacency": "forbid"},
    {"tractor_follow": "fallback", "min_tractor_length": 3, "throw_compare": "unit_length"},
    {"format_based_draw": False, "throw_compare": "highest", "failed_throw_forced": "first_in_turn_smallest"},
]


@pytest.mark.parametrize("negative_points", ["clamp", "extra_levels"])
@pytest.mark.parametrize("deadzone", [True, False])
def test_level_outcomes_agree(negative_points: str, deadzone: bool) -> None:
    for points in range(-400, 601, 5):
        fast = tractor.level_outcome(points, negative_points=negative_points, deadzone=deadzone)  # type: ignore[arg-type]
        assert tuple(fast) == ref.level_outcome(points, negative_points=negative_points, deadzone=deadzone), (
            points
        )


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"defend_points": True},
        {"game_end": "must_defend_ace", "defend_points": True},
        {"deadzone": False},
        # F35: the level NT after the ace, with the other checkpoints.
        {"after_ace": "no_trump_level"},
        {"after_ace": "no_trump_level", "defend_points": True, "game_end": "must_defend_ace"},
    ],
)
def test_matches_move_on_alike(options: dict[str, object]) -> None:
    # F33, F35: after every possible round (levels, declarers, P) the library's Match arithmetic and the
    # reference's round_outcome agree.
    rules = tractor.Rules(**options)  # type: ignore[arg-type]
    rng = random.Random(7)
    last = 15 if options.get("after_ace") == "no_trump_level" else 14
    for _ in range(3000):
        levels = (rng.randint(2, last), rng.randint(2, last))
        declarers, starter = rng.randint(0, 1), rng.randint(0, 3)
        points = 5 * rng.randint(-20, 60)
        fast = _native_next_round(levels, declarers, starter, points, rules)
        slow = ref.round_outcome(points, levels, declarers, starter, ref.Rules(**options))  # type: ignore[arg-type]
        # The reference counts a winner's levels on past the last level; the library keeps them there.
        reached = (min(slow.levels[0], last), min(slow.levels[1], last))
        assert fast == (reached, slow.declarers, slow.starter, slow.winner), (levels, declarers, points)


def compare_round(
    seed: int, options: dict[str, object], later: bool, levels: tuple[int, int] = (5, 9)
) -> None:
    """One round on both engines, the same random choices, compared at every step."""
    setup: dict[str, object] = {"levels": levels, "declarers": 1, "starter": 3} if later else {}
    a = tractor.State.new(seed, rules=tractor.Rules(**options), **setup)  # type: ignore[arg-type]
    b = ref.State.new(seed, rules=ref.Rules(**options), **setup)  # type: ignore[arg-type]
    chooser = random.Random(seed)

    def where() -> str:
        history = [b.action_to_string(x) for x in b.history()]
        return f"seed={seed} options={options} later={later} history={history}"

    while True:
        assert a.current_player == b.current_player, where()
        assert a.phase == b.phase, where()
        assert a.legal_actions() == b.legal_actions(), where()
        assert (a.points, a.trick_points, a.kitty_bonus) == (b.points, b.trick_points, b.kitty_bonus), where()
        assert (a.declarers, a.starter, a.deals, a.failed_throws) == (
            b.declarers,
            b.starter,
            b.deals,
            b.failed_throws,
        ), where()
        trick_a = [(s, sorted(texts(c))) for s, c in a.current_trick()]
        assert trick_a == [(s, sorted(c)) for s, c in b.current_trick()], where()
        assert a.returns() == b.returns(), where()
        if a.is_terminal:
            assert sorted(map(str, a.kitty)) == sorted(b.kitty), where()
            return
        action = chooser.choice(a.legal_actions())
        assert a.action_to_string(action) == b.action_to_string(action), where()
        a.apply_action(action)
        b.apply_action(action)


def test_random_rounds_agree_step_by_step(diff_games: int) -> None:
    rounds = max(8, diff_games // 10)
    for i in range(rounds):
        compare_round(i, ROUND_OPTIONS[i % len(ROUND_OPTIONS)], later=i % 3 == 2)


def test_rounds_at_the_nt_level_agree() -> None:
    # F12, F35: the declarers at NT play a no-trump round without a rank, declarations or kitty flip.
    for seed in range(40):
        options = {"after_ace": "no_trump_level", "kitty_flip_joker_no_trump": seed % 2 == 0}
        compare_round(seed, options, later=True, levels=(9, 15))


def test_rounds_under_other_kitty_sizes_agree() -> None:
    # F5: the hands, the talon, the kitty and the cards taken out follow kitty_size; no kitty phase at 0; a
    # later round whose talon cannot fix the trump is dealt again.
    for seed, kitty_size in enumerate([0, 1, 2, 3, 4, 5, 6, 7, 9, 13, 20, 51, 103, 104] * 3):
        options: dict[str, object] = {"kitty_size": kitty_size, "kitty_flip_joker_no_trump": seed % 4 == 1}
        compare_round(seed, options, later=seed % 2 == 1)


def test_observations_under_other_kitty_sizes_agree() -> None:
    # F5: the draw is counted / 4h, the lead and the failed throws / h.
    for seed, kitty_size in enumerate([0, 5, 20, 104]):
        rules = {"kitty_size": kitty_size}
        a = tractor.State.new(seed, rules=tractor.Rules(**rules))  # type: ignore[arg-type]
        b = ref.State.new(seed, rules=ref.Rules(**rules))  # type: ignore[arg-type]
        chooser = random.Random(seed)
        while True:
            for seat in range(4):
                assert a.observation(seat).tolist() == pytest.approx(b.observation(seat)), (seed, seat)
            if a.is_terminal:
                break
            action = chooser.choice(a.legal_actions())
            a.apply_action(action)
            b.apply_action(action)


def test_a_talon_of_jokers_only_is_dealt_again_alike() -> None:
    # F5 with R20: a kitty of 2 whose talon is BJ RJ (3C 3D taken out) fixes no trump by default.
    deck = [str(c) for c in tractor.Card.all() for _ in range(2)]
    for c in ("BJ", "RJ", "3C", "3D"):
        deck.remove(c)
    stack = [*deck, "BJ", "RJ", "3C", "3D"]
    for flip in (False, True):
        options = {"kitty_size": 2, "kitty_flip_joker_no_trump": flip}
        setup: dict[str, object] = {"levels": (2, 2), "declarers": 1, "starter": 1}
        a = tractor.State.from_stack(stack, seed=3, rules=tractor.Rules(**options), **setup)  # type: ignore[arg-type]
        b = ref.State.from_stack(stack, seed=3, rules=ref.Rules(**options), **setup)  # type: ignore[arg-type]
        while not a.is_terminal:
            assert (a.legal_actions(), a.deals, a.phase) == (b.legal_actions(), b.deals, b.phase), flip
            pick = a.legal_actions()[-1] if a.phase != "draw" else a.string_to_action("pass")
            a.apply_action(pick)
            b.apply_action(pick)
        assert a.returns() == b.returns() and a.deals == b.deals == (1 if flip else 2)


def test_random_playouts_agree() -> None:
    for options in ROUND_OPTIONS[:2]:
        fast = tractor.random_playouts(6, 11, rules=tractor.Rules(**options))  # type: ignore[arg-type]
        assert fast.tolist() == ref.random_playouts(6, 11, rules=ref.Rules(**options))  # type: ignore[arg-type]
