"""Tests of `resample` in the pure-Python reference engines (both games).

`State.resample(player, seed)` deals every card hidden from ``player`` again, among the deals consistent with
all it saw. First, over seeded random games stopped at random depths (every phase) and every player: the
resampled state looks the same to that player (seat to act, phase, its own hand, the history but for the
actions hidden from it, the cards each seat played), no seat gets a card of a suit it showed void in, play
goes on to the end from it, and the hidden cards do change. Then chi-square tests of uniformity, against an
enumeration of the consistent deals written here independently of the engines' method: small Sheepshead
endgames and tiny Tractor positions from explicit cards, and the two exact samplers the Tractor method is
built on (the kitty of another starter and the draw orders).
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Hashable, Sequence

import pytest

from tricktaker.reference import sheepshead as shp
from tricktaker.reference import tractor as trc

# ------------------------------------------------------------------------------------------------------------
# Helpers
# ------------------------------------------------------------------------------------------------------------


def chi_square_p_value(observed: Counter[Hashable], expected: dict[Hashable, float]) -> float:
    """The p-value of Pearson's chi-square test of counts ``observed`` against probabilities ``expected``
    (Wilson-Hilferty's normal approximation of the chi-square tail; categories are never empty here)."""
    assert set(observed) <= set(expected), "a sample outside the consistent deals"
    total = sum(observed.values())
    assert min(expected.values()) * total >= 5, "too few samples for a chi-square test"
    statistic = sum((observed[key] - total * p) ** 2 / (total * p) for key, p in expected.items())
    k = len(expected) - 1
    if k == 0:
        return 1.0
    z = ((statistic / k) ** (1 / 3) - (1 - 2 / (9 * k))) / math.sqrt(2 / (9 * k))
    return 0.5 * math.erfc(z / math.sqrt(2))


def frequencies(weights: Counter[Hashable]) -> dict[Hashable, float]:
    total = sum(weights.values())
    return {key: weight / total for key, weight in weights.items()}


# ------------------------------------------------------------------------------------------------------------
# Sheepshead
# ------------------------------------------------------------------------------------------------------------


def sheepshead_game(seed: int) -> tuple[shp.State, random.Random]:
    """A seeded random hand with random options, stopped at a random depth (every phase, leasters and
    doublers too, as passing is likelier than picking)."""
    rng = random.Random(seed)
    rules = shp.Rules(
        jack_order=rng.choice(["standard", "seed"]),
        all_pass=rng.choice(["leaster", "doubler"]),
        no_legal_call=rng.choice(["alone", "unknown"]),
        called_card_no_discard=rng.random() < 0.7,
        hold_card_lead=rng.choice(["allowed", "forbidden"]),
    )
    state = shp.State.new(rng.getrandbits(64), rules, dealer=rng.randrange(5), multiplier=rng.randrange(1, 3))
    for _ in range(rng.randrange(45)):
        if state.is_terminal:
            break
        legal = state.legal_actions()
        state.apply_action(shp.PASS if state.phase == "pick" and rng.random() < 0.6 else rng.choice(legal))
    return state, rng


def sheepshead_suit(state: shp.State, card: str) -> str:
    """The effective suit of a card in this hand (R5); the under counts as the called suit (R16)."""
    if card == state.under_card and state.called_card is not None:
        return state.called_card[-1]
    return shp.card_suit(card)


def sheepshead_plays(state: shp.State) -> list[list[tuple[int, str]]]:
    """Every trick so far, the one on the table included, as (seat, card) in play order."""
    return [*state.completed_tricks(), *([state.current_trick()] if state.current_trick() else [])]


def sheepshead_voids(state: shp.State) -> list[set[str]]:
    """The effective suits each seat showed void in (R22-R24): it played another suit to a trick."""
    voids: list[set[str]] = [set() for _ in range(5)]
    for trick in sheepshead_plays(state):
        led = sheepshead_suit(state, trick[0][1])
        for seat, card in trick[1:]:
            if sheepshead_suit(state, card) != led:
                voids[seat].add(led)
    return voids


def sheepshead_hidden(state: shp.State, player: int) -> tuple[object, ...]:
    """What ``player`` cannot see: the others' hands, the blind and the bury."""
    hands = tuple(tuple(state.hand(seat)) for seat in range(5) if seat != player)
    return (hands, tuple(state.blind), tuple(state.buried))


def sheepshead_action_kind(action: int) -> str:
    return shp.action_to_string(action).split()[0]


def hidden_from(action: int, player: int, picker: int | None) -> bool:
    """The card of a bury or an under is seen only by the picker."""
    return sheepshead_action_kind(action) in ("bury", "under") and picker != player


@pytest.mark.parametrize("block", range(3))
def test_sheepshead_resample_is_consistent(block: int) -> None:
    changed = [0, 0]  # resamples whose hidden cards differ from another resample's / all of them
    for game in range(100 * block, 100 * block + 100):
        state, rng = sheepshead_game(game)
        for player in range(5):
            seed = rng.getrandbits(64)
            world = state.resample(player, seed)
            assert world == state.resample(player, seed)  # the seed decides everything
            assert world.current_player == state.current_player
            assert world.phase == state.phase
            assert world.hand(player) == state.hand(player)
            assert (world.picker, world.called_card, world.is_alone) == (
                state.picker,
                state.called_card,
                state.is_alone,
            )
            assert sheepshead_plays(world) == sheepshead_plays(state)
            assert world.points() == state.points()
            assert len(world.history()) == len(state.history())
            for mine, real in zip(world.history(), state.history(), strict=True):
                if mine != real:
                    assert hidden_from(real, player, state.picker)
                    assert sheepshead_action_kind(mine) == sheepshead_action_kind(real)
            if state.picker == player or (state.is_leaster and state.is_terminal):
                assert world.blind == state.blind
            for seat, suits in enumerate(sheepshead_voids(state)):
                assert not any(sheepshead_suit(world, card) in suits for card in world.hand(seat))
            other = state.resample(player, rng.getrandbits(64))
            changed[0] += sheepshead_hidden(other, player) != sheepshead_hidden(world, player)
            changed[1] += 1
            if not state.completed_tricks() and not state.current_trick():
                # Before a card is played, some 24 unknown cards are dealt again: they always move.
                assert sheepshead_hidden(world, player) != sheepshead_hidden(state, player)
            again = world.resample(player, seed)  # a resample of a resample is one too
            assert sheepshead_plays(again) == sheepshead_plays(state) and again.hand(player) == state.hand(
                player
            )
            # Play goes on to the end, and undo takes it back.
            copy = world.clone()
            while not copy.is_terminal:
                copy.apply_action(rng.choice(copy.legal_actions()))
            assert sum(copy.returns()) == 0
            if world.history():
                copy = world.clone()
                copy.undo()
                copy.apply_action(world.history()[-1])
                assert copy == world
    assert changed[0] > 0.5 * changed[1]


def test_sheepshead_resample_rejects_bad_arguments() -> None:
    state = shp.State.new(1)
    with pytest.raises(ValueError, match="seat"):
        state.resample(5, 1)
    with pytest.raises(ValueError, match="seed"):
        state.resample(0, -1)


BLIND = -1  # the blind as a place for cards, beside the seats


def partitions(cards: Sequence[str], sizes: Sequence[int]) -> list[list[tuple[str, ...]]]:
    """Every way to split ``cards`` (distinct) into parts of these sizes, each part in deck order."""
    if not sizes:
        return [[]]
    result = []
    for part in itertools.combinations(cards, sizes[0]):
        rest = [card for card in cards if card not in part]
        result += [[part, *others] for others in partitions(rest, sizes[1:])]
    return result


def sheepshead_played(state: shp.State) -> list[list[str]]:
    played: list[list[str]] = [[] for _ in range(5)]
    for trick in sheepshead_plays(state):
        for seat, card in trick:
            played[seat].append(card)
    return played


def sheepshead_places(state: shp.State, player: int) -> tuple[list[str], dict[int, int]]:
    """The cards ``player`` cannot place, and how many go to each place: each other seat's unplayed cards
    (another picker's hand and bury) and the blind while nobody holds it."""
    played = sheepshead_played(state)
    knows_blind = state.picker == player or (state.is_leaster and state.is_terminal)
    known = {card for cards in played for card in cards} | set(state.hand(player))
    if knows_blind:
        known |= set(state.blind)
    if state.picker == player:
        known |= set(state.buried)
    sizes = {
        seat: (8 if seat == state.picker else 6) - len(played[seat]) for seat in range(5) if seat != player
    }
    if state.picker is None and not knows_blind:
        sizes[BLIND] = 2
    return [card for card in shp.DECK if card not in known], sizes


def sheepshead_worlds(state: shp.State, player: int) -> Counter[Hashable]:
    """Every world ``player`` cannot tell from ``state``, by brute force: the unknown cards split in every way
    among the places, another picker's bury and under drawn in every order from its unplayed cards, each
    kept if the whole history goes through `apply_action` on it. A world is keyed by the other hands, the
    bury in order, the under and a hidden blind."""
    played = sheepshead_played(state)
    unknown, sizes = sheepshead_places(state, player)
    picker = state.picker
    history = state.history()
    buries = [i for i, action in enumerate(history) if shp.BURY <= action < shp.CALL]
    unders = [i for i, action in enumerate(history) if shp.UNDER <= action < shp.PLAY]
    if state.under_card is not None and any(state.under_card in cards for cards in played):
        unders = []  # the under was seen when played
    places = list(sizes)
    worlds: Counter[Hashable] = Counter()
    for parts in partitions(unknown, [sizes[place] for place in places]):
        holding = dict(zip(places, parts, strict=True))
        hands = [[*played[seat], *holding.get(seat, ())] for seat in range(5)]
        blind = list(holding.get(BLIND, state.blind))
        choices: list[list[tuple[int, int]]] = [[]]
        if picker is not None and picker != player:
            # Its eight cards: any two of them as the blind (nothing before the pick tells them apart).
            blind, hands[picker] = hands[picker][:2], hands[picker][2:]
            hidden = [*buries, *unders]
            choices = [
                [
                    (i, (shp.BURY if i in buries else shp.UNDER) + shp.DECK.index(card))
                    for i, card in zip(hidden, cards, strict=True)
                ]
                for cards in itertools.permutations(holding[picker], len(hidden))
            ]
        if picker == player:
            own = [*state.hand(player), *state.buried, *played[player]]
            hands[player] = [card for card in own if card not in state.blind]
        else:
            hands[player] = [*state.hand(player), *played[player]]
        for changes in choices:
            actions = list(history)
            for i, action in changes:
                actions[i] = action
            world = shp.State.from_cards(hands, blind, state.dealer, state.rules, state.multiplier)
            try:
                for action in actions:
                    world.apply_action(action)
            except shp.IllegalActionError:
                continue
            worlds[sheepshead_world_key(world, player, BLIND in sizes)] += 1
    return worlds


def sheepshead_world_key(state: shp.State, player: int, blind_hidden: bool) -> Hashable:
    others = tuple(tuple(state.hand(seat)) for seat in range(5) if seat != player)
    blind = tuple(sorted(state.blind, key=shp.DECK.index)) if blind_hidden else ()
    return (others, tuple(state.buried), state.under_card, blind)


def sheepshead_endgames(count: int) -> list[tuple[shp.State, int]]:
    """Positions with at most 6 cards hidden from the player and from 4 to 40 consistent worlds, from
    seeded random hands with the unknown call on: leasters, pickers alone, with a partner or an under."""
    found: list[tuple[shp.State, int]] = []
    for seed in itertools.count():
        rng = random.Random(seed)
        rules = shp.Rules(no_legal_call="unknown")
        state = shp.State.new(rng.getrandbits(64), rules, dealer=rng.randrange(5))
        target = rng.randrange(24, 33)
        while not state.is_terminal and sum(map(len, sheepshead_played(state))) < target:
            legal = state.legal_actions()
            state.apply_action(
                shp.PASS if state.phase == "pick" and rng.random() < 0.5 else rng.choice(legal)
            )
        player = rng.randrange(5)
        unknown = sheepshead_places(state, player)[0]
        hidden_actions = sum(1 for action in state.history() if hidden_from(action, player, state.picker))
        if not 3 <= len(unknown) <= 6 or hidden_actions + len(unknown) > 8:
            continue
        worlds = sheepshead_worlds(state, player)
        if 4 <= len(worlds) <= 40:
            found.append((state, player))
            if len(found) == count:
                return found
    raise AssertionError("unreachable")


@pytest.mark.parametrize(("state", "player"), sheepshead_endgames(5))
def test_sheepshead_resample_is_uniform(state: shp.State, player: int) -> None:
    worlds = sheepshead_worlds(state, player)
    blind_hidden = BLIND in sheepshead_places(state, player)[1]
    samples = max(300, 10 * len(worlds))
    rng = random.Random(len(state.history()))
    observed: Counter[Hashable] = Counter(
        sheepshead_world_key(state.resample(player, rng.getrandbits(64)), player, blind_hidden)
        for _ in range(samples)
    )
    assert chi_square_p_value(observed, frequencies(worlds)) > 1e-3


# ------------------------------------------------------------------------------------------------------------
# Tractor
# ------------------------------------------------------------------------------------------------------------


def tractor_game(seed: int) -> tuple[trc.State, random.Random]:
    """A seeded random round with random options, round 1 or a later one, stopped at a random depth (the
    draw, the kitty, the play or the end); some rounds pass at the draw so much that they are redealt."""
    rng = random.Random(seed)
    rules = trc.Rules(
        first_drawer_round1=rng.choice(["random", "seat0"]),
        allow_self_reinforce=rng.random() < 0.3,
        red_pair_overrides_black_pair=rng.random() < 0.3,
        plain_suit_gap_closing=rng.random() < 0.7,
        tractor_follow=rng.choice(["none", "none", "full", "fallback"]),
        kitty_multiplier=rng.choice(["seed_2c", "exp"]),
    )
    if rng.random() < 0.3:
        declarers = rng.randrange(2)
        levels = (rng.randrange(2, 15), rng.randrange(2, 15))
        state = trc.State.new(rng.getrandbits(64), rules, levels, declarers, declarers + 2 * rng.randrange(2))
    else:
        level = rng.randrange(2, 15)
        state = trc.State.new(rng.getrandbits(64), rules, (level, level))
    passing = rng.random() < 0.2
    for _ in range(rng.choice([rng.randrange(45), rng.randrange(260)])):
        if state.is_terminal:
            break
        legal = state.legal_actions()
        state.apply_action(trc.PASS if passing and trc.PASS in legal else rng.choice(legal))
    return state, rng


def tractor_plays(state: trc.State) -> list[list[tuple[int, list[str]]]]:
    """Every trick so far, the one on the table included, as (seat, cards) from the lead."""
    return [*state.completed_tricks(), *([state.current_trick()] if state.current_trick() else [])]


def tractor_voids(state: trc.State) -> list[set[str]]:
    """The effective suits each seat showed void in (R28, R32): its follow held a card of another suit."""
    voids: list[set[str]] = [set() for _ in range(4)]
    trump = state.trump
    for trick in tractor_plays(state):
        assert trump is not None
        led = trump.suit_of(trick[0][1][0])
        for seat, cards in trick[1:]:
            if any(trump.suit_of(card) != led for card in cards):
                voids[seat].add(led)
    return voids


def tractor_view(state: trc.State) -> tuple[object, ...]:
    """The public views that do not depend on the hidden cards."""
    return (
        state.phase,
        state.current_player,
        state.deals,
        state.drawn,
        state.first_drawer,
        state.declaration,
        state.declarers,
        state.starter,
        state.trump,
        state.turned,
        tuple(state.talon[: state.turned]),
        len(state.kitty),
        tractor_plays(state),
        state.partial_play(),
        state.trick_winners(),
        state.raw_points,
        state.trick_points,
        state.failed_throws,
    )


def tractor_hidden(state: trc.State, player: int) -> tuple[object, ...]:
    hands = tuple(tuple(state.hand(seat)) for seat in range(4) if seat != player)
    return (hands, tuple(state.talon), tuple(sorted(state.kitty)))


def tractor_fingerprint(state: trc.State) -> tuple[object, ...]:
    hands = tuple(tuple(state.hand(seat)) for seat in range(4))
    return (tractor_view(state), hands, tuple(state.history()), tuple(state.legal_actions()), state.talon)


@pytest.mark.parametrize("block", range(6))
def test_tractor_resample_is_consistent(block: int) -> None:
    changed = [0, 0]
    for game in range(40 * block, 40 * block + 40):
        state, rng = tractor_game(game)
        checked = rng.randrange(4)  # the player whose resample is also played on to the end
        for player in range(4):
            seed = rng.getrandbits(64)
            world = state.resample(player, seed)
            assert tractor_view(world) == tractor_view(state)
            assert world.hand(player) == state.hand(player)
            starter_knows = state.starter == player and state.phase != "draw"
            if starter_knows:
                assert world.talon == state.talon
            if starter_knows or state.phase == "done":
                assert sorted(world.kitty) == sorted(state.kitty)
            assert len(world.history()) == len(state.history())
            for mine, real in zip(world.history(), state.history(), strict=True):
                if mine != real:  # only another starter's discards are hidden (R23)
                    assert not starter_knows
                    assert (
                        trc.DISCARD <= mine < trc.DECLARE_SINGLE and trc.DISCARD <= real < trc.DECLARE_SINGLE
                    )
            trump = world.trump
            for seat, suits in enumerate(tractor_voids(state)):
                assert trump is not None or not suits
                assert not any(trump.suit_of(card) in suits for card in world.hand(seat) if trump)
            if player == checked:
                other = state.resample(player, rng.getrandbits(64))
                changed[0] += tractor_hidden(other, player) != tractor_hidden(world, player)
                changed[1] += 1
                again = world.resample(player, seed)  # a resample of a resample is one too
                assert tractor_view(again) == tractor_view(state) and again.hand(player) == state.hand(player)
                copy = world.clone()
                assert tractor_fingerprint(copy) == tractor_fingerprint(world)
                if world.history():
                    copy.undo()  # the round is rebuilt from its setup, the new stack included
                    copy.apply_action(world.history()[-1])
                    assert tractor_fingerprint(copy) == tractor_fingerprint(world)
                while not copy.is_terminal:
                    copy.apply_action(rng.choice(copy.legal_actions()))
                assert sum(copy.returns()) == 0
    assert changed[0] >= 0.9 * changed[1]


def first_deal(state: trc.State) -> tuple[object, ...]:
    """The talon and the hands of the first deal, as they were when it was abandoned (R19)."""
    state = state.clone()
    while state.deals > 1:
        state.undo()
    return (state.talon, [state.hand(seat) for seat in range(4)])


def test_tractor_resample_keeps_abandoned_deals() -> None:
    # Everybody passes: after the final window the cards are redealt (R19) from the same generator. A
    # resample keeps the first deal and deals the second one again; a third deal comes from a fresh generator.
    state = trc.State.new(11, trc.Rules(first_drawer_round1="seat0"))
    while state.deals < 2 or len(state.history()) < 60:
        state.apply_action(trc.PASS)
    for player in range(4):
        world = state.resample(player, player)
        assert first_deal(world) == first_deal(state)
        assert world.deals == 2 and world.hand(player) == state.hand(player)
        assert tractor_hidden(world, player) != tractor_hidden(state, player)
        while world.deals == 2:
            world.apply_action(trc.PASS)
        assert world.deals == 3 and world.drawn >= 1


def test_tractor_resample_rejects_bad_arguments() -> None:
    state = trc.State.new(1)
    with pytest.raises(ValueError, match="seat"):
        state.resample(4, 1)
    with pytest.raises(ValueError, match="seed"):
        state.resample(0, -1)


HEARTS_2 = trc.Trump("2", "H")

# Tiny positions from explicit cards: hearts trump at rank 2, seat 0 starts for the declaring team 0, one
# trick played, then the player whose view is resampled. Each trick shows something about the hidden cards.
TINY_POSITIONS = {
    # Seat 2 shows a void in spades (R28); the hidden cards come in identical pairs (3D, 9C).
    "void": (["6S 3D 9C", "7S KH 4D", "3C 3D 9C", "8S QS 4H"], "", ["6S", "7S", "3C", "8S"], 1),
    # A throw stands (R33): no other seat holds the second AS, so it is in the kitty or the thrower's hand.
    "throw": (
        ["AS KS 5C", "3S 4S 6C", "9S 7D 7D", "QS 10S JS"],
        "AS",
        ["AS KS", "3S 4S", "9S 7D", "QS 10S"],
        1,
    ),
    "throw, another seat": (
        ["AS KS 5C", "3S 4S 6C", "9S 7D 7D", "QS 10S JS"],
        "AS",
        ["AS KS", "3S 4S", "9S 7D", "QS 10S"],
        2,
    ),
    "throw, the starter": (
        ["AS KS 5C", "3S 4S 6C", "9S 7D 7D", "QS 10S JS"],
        "AS",
        ["AS KS", "3S 4S", "9S 7D", "QS 10S"],
        0,
    ),
    # A pair lead answered without a pair (R30): seat 1 held no second 3S or 4S; seat 2 is void in spades.
    "pair": (["8S 8S 4S", "3S 4S 6C", "9S 9D 5D", "KS KS 7C"], "3S", ["8S 8S", "3S 4S", "9S 9D", "KS KS"], 3),
    # A throw fails (R34): at the time, seat 2 or seat 3 held a spade above the 9S thrown (JS or KS).
    "failed throw": (["AS 9S 5C", "3S 4S 6C", "5S 7D 7D", "6S JS 8D"], "KS", ["AS 9S", "3S", "5S", "6S"], 1),
}


def tiny_position(name: str) -> tuple[trc.State, int]:
    hands, kitty, plays, player = TINY_POSITIONS[name]
    state = trc.State.from_cards([hand.split() for hand in hands], kitty.split(), HEARTS_2, 0, 0)
    leading = True
    for play in plays:
        for card in play.split():
            state.apply_action(trc.PLAY + trc.DECK.index(card))
        if leading:
            state.apply_action(trc.FINISH)
        leading = not state.current_trick() or len(state.current_trick()) == 4
    return state, player


def tractor_world_key(state: trc.State, player: int) -> Hashable:
    hands = tuple(tuple(state.hand(seat)) for seat in range(4) if seat != player)
    return (hands, tuple(sorted(state.kitty)))


def tractor_worlds(state: trc.State, player: int, hands: Sequence[str], kitty: str) -> Counter[Hashable]:
    """Every deal ``player`` cannot tell from the position, by brute force: the cards unknown to it (the other
    hands but the cards each seat played or showed, and the kitty unless it is the starter's) in every order
    over their places, copies told apart, each kept if the history goes through `apply_action` on it and
    the tricks come out the same (a throw fails or stands the same way). Counted by the resulting hands."""
    starts = [Counter(hand.split()) for hand in hands]
    shown = [Counter[str]() for _ in range(4)]  # each seat's cards seen: played, or thrown and taken back
    for trick in tractor_plays(state):
        for seat, cards in trick:
            shown[seat] += Counter(cards)
    history = state.history()
    lead = [trc.DECK[action - trc.PLAY] for action in history[: history.index(trc.FINISH)]]
    shown[0] |= Counter(lead)
    kitty_known = player == 0
    places = [seat for seat in range(4) if seat != player] + ([] if kitty_known else [BLIND])
    sizes = [sum((starts[seat] - shown[seat]).values()) for seat in places if seat != BLIND]
    unknown = [card for seat in places if seat != BLIND for card in (starts[seat] - shown[seat]).elements()]
    if not kitty_known:
        sizes.append(len(kitty.split()))
        unknown += kitty.split()
    worlds: Counter[Hashable] = Counter()
    verdicts: dict[Hashable, Hashable | None] = {}
    for order in itertools.permutations(unknown):
        parts, at = [], 0
        for size in sizes:
            parts.append(sorted(order[at : at + size]))
            at += size
        deal = tuple(tuple(part) for part in parts)
        if deal not in verdicts:
            holding = dict(zip(places, parts, strict=True))
            world_hands = [
                list((shown[seat] + Counter(holding[seat])).elements())
                if seat in holding
                else hands[seat].split()
                for seat in range(4)
            ]
            world = trc.State.from_cards(world_hands, holding.get(BLIND, kitty.split()), HEARTS_2, 0, 0)
            try:
                for action in history:
                    world.apply_action(action)
                same = tractor_plays(world) == tractor_plays(state)
            except trc.IllegalActionError:
                same = False
            verdicts[deal] = tractor_world_key(world, player) if same else None
        key = verdicts[deal]
        if key is not None:
            worlds[key] += 1
    return worlds


@pytest.mark.parametrize("name", TINY_POSITIONS)
def test_tractor_resample_is_uniform(name: str) -> None:
    state, player = tiny_position(name)
    hands, kitty, _, _ = TINY_POSITIONS[name]
    expected = frequencies(tractor_worlds(state, player, hands, kitty))
    assert 2 <= len(expected) < len(list(itertools.permutations(range(6))))
    samples = max(400, round(6 / min(expected.values())))
    rng = random.Random(name)
    observed: Counter[Hashable] = Counter(
        tractor_world_key(state.resample(player, rng.getrandbits(64)), player) for _ in range(samples)
    )
    assert chi_square_p_value(observed, expected) > 1e-3


def ids(text: str) -> list[int]:
    return [trc.DECK.index(card) for card in text.split()]


def test_tractor_kitty_draw_matches_rejection() -> None:
    # Another starter's kitty: `resample` draws it uniformly from its unplayed cards (copies told apart) and
    # turns it down if it holds a card seen in its hand since. `_draw_kitty` does that in one go.
    cards = Counter(ids("AS AS KS 5C 5C 7D 9H 3C"))
    kept = Counter(ids("AS KS 5C"))
    size = 3
    labelled = list(cards.elements())
    allowed: Counter[Hashable] = Counter()
    for chosen in itertools.combinations(range(len(labelled)), size):
        kitty = Counter(labelled[i] for i in chosen)
        if not kept - (cards - kitty):
            allowed[tuple(sorted(kitty.elements()))] += 1
    bound = trc._kitty_choices_bound(len(labelled), kept, size)
    # The bound is the most choices any hand of that size keeping those cards allows, and it is reached.
    assert bound >= sum(allowed.values())
    best = Counter(ids("AS AS KS KS 5C 5C 7D 9H"))
    assert bound == sum(
        1
        for chosen in itertools.combinations(list(best.elements()), size)
        if not kept - (best - Counter(chosen))
    )
    rng = random.Random(3)
    draws = [trc._draw_kitty(cards, kept, size, rng, bound=bound) for _ in range(4000)]
    accepted = [tuple(sorted(kitty)) for kitty in draws if kitty is not None]
    rate = sum(allowed.values()) / bound
    assert abs(len(accepted) - 4000 * rate) < 4 * math.sqrt(4000 * rate * (1 - rate))
    assert chi_square_p_value(Counter(accepted), frequencies(allowed)) > 1e-3


def test_tractor_draw_orders_are_uniform() -> None:
    # A seat drew 2H, 2H, BJ, BJ, 5C, 7D in some order (rank 2). Everyone saw: no declaration after its first
    # card, one after its third (it passed), then it declared BJ BJ over seat 1's 2D after its fifth card.
    rules = trc.Rules()
    standing = trc.Declaration(1, trc.DECLARE_SINGLE + 1)
    turns = [
        trc._Turn(0, None, could_declare=False),
        trc._Turn(2, None, could_declare=True),
        trc._Turn(4, standing, could_declare=True, declared=trc.DECLARE_BLACK_JOKERS),
    ]
    hand = ids("2H 2H BJ BJ 5C 7D")
    kinds = ids("2C 2D 2H 2S BJ RJ")
    consistent: Counter[Hashable] = Counter()
    for order in itertools.permutations(hand):
        held = [trc.DECK[kind] for kind in order]
        answers = [
            bool(trc.legal_declarations(held[: turn.slot + 1], 0, 2, turn.standing, rules))
            == turn.could_declare
            if turn.declared is None
            else turn.declared in trc.legal_declarations(held[: turn.slot + 1], 0, 2, turn.standing, rules)
            for turn in turns
        ]
        if all(answers):
            consistent[order] += 1
    orders = trc._DrawOrders(kinds, [Counter(hand)[kind] for kind in kinds], 6, turns, 0, 2, rules)
    rng = random.Random(5)
    samples: Counter[Hashable] = Counter(tuple(orders.sample(ids("5C 7D"), rng)) for _ in range(1500))
    assert len(consistent) >= 10
    assert chi_square_p_value(samples, frequencies(consistent)) > 1e-3
