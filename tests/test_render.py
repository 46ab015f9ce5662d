"""``tricktaker.render``: SVG pictures of cards, hands, tricks and tables.

The structure is checked on the SVG text (valid XML, the ``data-card`` of every face-up card, the turn, the
trump marks, the results), hidden information on seat views (a seat's picture is the same for every deal the
seat cannot tell apart, and never shows another seat's hidden cards), and the look by rendering a fixed set of
pictures to PNG with a real SVG renderer (cairosvg) and comparing them with ``tests/render/*.png`` at a
tolerance. After a deliberate change of the drawings, regenerate those with ``python tests/render/update.py``
and look at them.
"""

from __future__ import annotations

import copy
import io
import itertools
import os
import pickle
import random
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tricktaker import ArgumentError, ArgumentTypeError, Card, CardParseError, render, sheepshead, tractor

REFERENCES = Path(__file__).parent / "render"
REFERENCE_FONT = "DejaVu Sans"
"""The font this machine's ``sans-serif`` was when the references were drawn (another font changes every text:
the picture tests are skipped where ``fc-match sans-serif`` names another)."""
SVG = "{http://www.w3.org/2000/svg}"
CARD = re.compile(r'data-card="([^"]+)"')
State = sheepshead.State | tractor.State


# ---- the states pictured: seeded deals played by fixed rules ----


def sheepshead_act(state: sheepshead.State) -> int:
    """Seat 1 passes and seat 2 picks; otherwise the first legal action."""
    if state.phase == "pick":
        return state.string_to_action("pick" if state.current_player == 2 else "pass")
    return state.legal_actions()[0]


def tractor_act(state: tractor.State, declare_from: int = 0) -> int:
    """Declare as soon as possible once ``declare_from`` cards are drawn, discard the first cards; lead the
    first card (as a pair when it is one), follow with the first legal cards."""
    actions = state.legal_actions()
    names = [state.action_to_string(a) for a in actions]
    if state.phase == "draw" and state.drawn < declare_from and "pass" in names:
        return actions[names.index("pass")]
    if state.phase != "play":
        return actions[0]
    partial = state.partial_play()
    if not state.current_trick() and partial:
        again = f"play {partial[0]}"
        if len(partial) == 1 and again in names:
            return actions[names.index(again)]
    if "finish" in names:
        return actions[names.index("finish")]
    return actions[0]


SHEEPSHEAD_STAGES: dict[str, Callable[[sheepshead.State], bool]] = {
    "pick": lambda s: s.phase == "pick" and len(s.history()) == 1,
    "bury": lambda s: s.phase == "bury" and len(s.bury) == 1,
    "call": lambda s: s.phase == "call",
    "play": lambda s: s.phase == "play" and s.trick_number == 2 and len(s.current_trick()) == 3,
    "partner": lambda s: s.partner is not None and len(s.current_trick()) == 2,
    "done": lambda s: s.is_terminal,
}
TRACTOR_STAGES: dict[str, Callable[[tractor.State], bool]] = {
    "draw": lambda s: s.phase == "draw" and s.declaration is not None,
    "kitty": lambda s: s.phase == "kitty" and len(s.kitty) == 3,
    "play": lambda s: s.phase == "play" and s.tricks_played == 8 and len(s.current_trick()) == 2,
    "done": lambda s: s.is_terminal,
}


def sheepshead_at(stage: str, seed: int = 3) -> sheepshead.State:
    """The Sheepshead hand of ``seed`` played by :func:`sheepshead_act` up to ``stage``."""
    state = sheepshead.State.new(seed=seed)
    while not SHEEPSHEAD_STAGES[stage](state):
        assert not state.is_terminal, stage
        state.apply_action(sheepshead_act(state))
    return state


def tractor_at(stage: str) -> tractor.State:
    """The Tractor round of seed 5 played by :func:`tractor_act` up to ``stage``; the draw is that of seed 4,
    declaring from the 40th card, at the stop after a declaration (the drawer may override it)."""
    seed, declare_from = (4, 40) if stage == "draw" else (5, 0)
    state = tractor.State.new(seed=seed)
    while not TRACTOR_STAGES[stage](state) or (
        stage == "draw" and state.current_player == state.declaration[0]
    ):
        assert not state.is_terminal, stage
        state.apply_action(tractor_act(state, declare_from))
    return state


def at(game: str, stage: str) -> State:
    return sheepshead_at(stage) if game == "sheepshead" else tractor_at(stage)


STAGES = [("sheepshead", s) for s in SHEEPSHEAD_STAGES] + [("tractor", s) for s in TRACTOR_STAGES]


# ---- reading pictures ----


def parse(picture: render.Picture) -> ET.Element:
    root = ET.fromstring(picture.svg)
    assert root.tag == f"{SVG}svg"
    for name in ("width", "height", "viewBox"):
        assert root.get(name), name
    return root


def cards_in(element: ET.Element) -> Counter[str]:
    """The ``data-card`` of every face-up card under ``element``."""
    return Counter(e.get("data-card") for e in element.iter() if e.get("data-card") is not None)


def seat_group(root: ET.Element, cls: str, seat: int) -> ET.Element:
    found = [e for e in root.iter(f"{SVG}g") if e.get("class") == cls and e.get("data-seat") == str(seat)]
    assert len(found) == 1, (cls, seat, len(found))
    return found[0]


def texts(root: ET.Element) -> str:
    return " ".join(e.text or "" for e in root.iter(f"{SVG}text"))


def names(cards: list[Card]) -> Counter[str]:
    return Counter(str(c) for c in cards)


# ---- the API ----


def test_a_picture_is_a_standalone_svg_that_jupyter_shows_and_saves(tmp_path: Path) -> None:
    picture = render.card("QC")
    root = parse(picture)
    assert picture.svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"')
    assert picture._repr_svg_() == str(picture) == picture.svg
    assert (picture.width, picture.height) == (float(root.get("width", 0)), float(root.get("height", 0)))
    assert repr(picture).startswith("<Picture 120x160 SVG")
    picture.save(tmp_path / "qc.svg")
    assert (tmp_path / "qc.svg").read_text(encoding="utf-8") == picture.svg
    assert pickle.loads(pickle.dumps(picture)) == picture


@pytest.mark.parametrize("path", [2, 1, 0, -1, True, False, 2.0, None, b"qc.svg", ["qc.svg"]])
def test_a_picture_saves_to_a_path_only_never_to_a_file_descriptor(path: object) -> None:
    with pytest.raises(ArgumentTypeError, match=r"^path must be a str or an os\.PathLike path, not "):
        render.card("QC").save(path)  # type: ignore[arg-type]
    os.fstat(2)  # stderr is still open


def test_a_picture_that_cannot_be_saved_raises_the_oserror_naming_the_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    picture = render.card("QC")
    picture.save(str(tmp_path / "as-text.svg"))
    assert (tmp_path / "as-text.svg").read_text(encoding="utf-8") == picture.svg
    missing = tmp_path / "no-folder" / "qc.svg"
    with pytest.raises(FileNotFoundError, match=re.escape(repr(str(missing)))):
        picture.save(missing)
    with pytest.raises(IsADirectoryError, match=re.escape(repr(str(tmp_path)))):
        picture.save(tmp_path)
    with pytest.raises(ArgumentError, match="path must not hold a NUL character"):
        picture.save(str(tmp_path / "q\0c.svg"))
    with pytest.raises(ArgumentError, match="lone surrogate"):
        picture.save(str(tmp_path / "\ud800.svg"))
    if os.path.exists("/dev/full"):  # the disk is full: the error comes from writing, not opening
        with pytest.raises(OSError, match=r"No space left on device: '/dev/full'") as raised:
            picture.save("/dev/full")
        assert raised.value.filename == "/dev/full"

    def refuse(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied", str(tmp_path / "locked.svg"))

    # as a file without write permission (even for root): the module's open() refuses
    monkeypatch.setattr("tricktaker._args.open", refuse, raising=False)
    with pytest.raises(PermissionError, match=r"Permission denied: '.*locked\.svg'"):
        picture.save(tmp_path / "locked.svg")


def test_render_imports_only_the_standard_library() -> None:
    code = (
        "import sys; import tricktaker.render; "
        "print(sorted(m for m in ('cairosvg', 'PIL', 'matplotlib', 'lxml') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


@pytest.mark.parametrize("game", ["sheepshead", "tractor"])
@pytest.mark.parametrize("stage", ["play", "done"])
def test_the_same_state_draws_the_same_bytes(game: str, stage: str) -> None:
    state = at(game, stage)
    again = type(state).from_json(state.to_json())
    for seat in (None, 0, 1):
        assert render.table(state, seat=seat).svg == render.table(again, seat=seat).svg
    assert render.trick(state).svg == render.trick(again).svg


def test_a_card_shows_its_text_its_colour_and_no_font_suit() -> None:
    for text, colour in [("QC", "#1b1b1b"), ("10H", "#c8102e"), ("7D", "#c8102e"), ("AS", "#1b1b1b")]:
        picture = render.card(text)
        root = parse(picture)
        assert cards_in(root) == Counter([text])
        assert colour in picture.svg
        assert not set("♠♥♦♣") & set(picture.svg), "suits are paths, not glyphs"
        rank = Card(text).rank
        assert rank in texts(root).split()
    assert 'font-family="sans-serif"' in render.card("QC").svg


def test_jokers_are_red_and_black_and_say_joker() -> None:
    big, small = render.card("RJ"), render.card("BJ")
    assert cards_in(parse(big)) == Counter(["RJ"]) and cards_in(parse(small)) == Counter(["BJ"])
    assert "#c8102e" in big.svg and "#c8102e" not in small.svg
    assert "J O K E R" in texts(parse(big))


def test_the_trump_is_marked_by_the_tractor_trump_or_for_sheepshead() -> None:
    def marked(picture: render.Picture) -> bool:
        return 'data-trump="true"' in picture.svg

    hearts = tractor.Trump("2", "H")
    assert marked(render.card("5H", trump=hearts)) and marked(render.card("2C", trump=hearts))
    assert marked(render.card("BJ", trump=hearts)) and not marked(render.card("5C", trump=hearts))
    assert not marked(render.card("2C", trump=tractor.Trump(None, None)))
    for text in ("QC", "JH", "7D", "AD"):
        assert marked(render.card(text, game="sheepshead")), text
    for text in ("AC", "10H", "7S"):
        assert not marked(render.card(text, game="sheepshead")), text
    assert not marked(render.card("QC")), "no game, no trump: nothing marked"


def test_face_down_and_legal() -> None:
    back = render.card("QC", face_down=True)
    assert not cards_in(parse(back)) and "QC" not in back.svg and 'class="card back"' in back.svg
    assert 'data-legal="false"' in render.card("QC", legal=False).svg
    assert 'data-legal="true"' in render.card("QC", legal=True).svg
    assert render.card("QC", legal=True).svg != render.card("QC").svg != render.card("QC", legal=False).svg


def test_bad_arguments_raise_the_librarys_errors() -> None:
    with pytest.raises(CardParseError):
        render.card("11H")
    with pytest.raises(CardParseError):
        render.card("2C", game="sheepshead")
    with pytest.raises(CardParseError):
        render.hand(["QC", "RJ"], game="sheepshead")
    with pytest.raises(ArgumentTypeError):
        render.card(12)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="game must be 'sheepshead' or 'tractor'"):
        render.card("QC", game="bridge")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="Tractor trump"):
        render.card("QC", game="sheepshead", trump=tractor.Trump("2", "H"))
    with pytest.raises(ArgumentTypeError):
        render.card("QC", trump="hearts")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError):
        render.hand("QC", game="sheepshead")
    with pytest.raises(ArgumentTypeError):
        render.table("state")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError):
        render.trick(None)  # type: ignore[arg-type]
    state = sheepshead.State.new(seed=3)
    with pytest.raises(ArgumentError, match="seat must be an int from 0 to 4, not 7"):
        render.table(state, seat=7)
    with pytest.raises(ArgumentError, match="seat must be an int from 0 to 3, not -1"):
        render.table(tractor.State.new(seed=3), seat=-1)
    with pytest.raises(ArgumentTypeError):
        render.table(state, seat=True)
    with pytest.raises(ArgumentTypeError):
        render.table(state, seat=1.0)  # type: ignore[arg-type]


# ---- hands ----


def order_of(picture: render.Picture) -> list[str]:
    return CARD.findall(picture.svg)


def test_a_sheepshead_hand_is_in_play_order() -> None:
    cards = ["7H", "AC", "QC", "9D", "10S", "JD", "KH", "QS"]
    picture = render.hand(cards, game="sheepshead")
    assert order_of(picture) == ["QC", "QS", "JD", "9D", "AC", "10S", "KH", "7H"]
    state = sheepshead.State.new(seed=3)
    for seat in range(5):
        assert order_of(render.hand(state.hand(seat), game="sheepshead")) == [
            str(c) for c in state.hand(seat)
        ]


def test_a_tractor_hand_is_sorted_by_its_trump_and_grouped_by_suit() -> None:
    trump = tractor.Trump("2", "H")
    cards = ["5C", "AS", "2S", "RJ", "KH", "3H", "2H", "KC", "10D", "BJ"]
    assert order_of(render.hand(cards, game="tractor", trump=trump)) == [str(c) for c in trump.sort(cards)]
    before = order_of(render.hand(cards, game="tractor"))
    assert before == ["KC", "5C", "10D", "KH", "3H", "2H", "AS", "2S", "RJ", "BJ"]
    assert 'data-trump="true"' not in render.hand(cards, game="tractor").svg


def test_legal_cards_of_a_hand_are_raised_and_the_others_dimmed() -> None:
    svg = render.hand(["QC", "7H", "AC"], game="sheepshead", legal=["AC"]).svg
    assert svg.count('data-legal="true"') == 1 and svg.count('data-legal="false"') == 2
    assert 'data-legal="' not in render.hand(["QC", "7H"], game="sheepshead").svg


def test_a_hand_refuses_a_legal_card_it_does_not_hold_and_a_card_held_too_often() -> None:
    with pytest.raises(ArgumentError, match="legal names 7H, which is not in the hand"):
        render.hand(["QC", "AC"], game="sheepshead", legal=["AC", "7H"])
    with pytest.raises(ArgumentError, match="legal names 2S"):
        render.hand(["2H", "5C"], game="tractor", legal=["2S"])
    with pytest.raises(CardParseError):
        render.hand(["QC"], game="sheepshead", legal=["2C"])  # not even a Sheepshead card
    with pytest.raises(ArgumentError, match="QC 2 times: a Sheepshead deck has one of each card"):
        render.hand(["QC", "7H", Card("QC")], game="sheepshead")
    with pytest.raises(ArgumentError, match="2H 3 times"):
        render.hand(["2H", "2H", "2H"], game="tractor")
    pair = render.hand(["2H", "2H", "RJ", "RJ"], game="tractor", legal=["2H"])  # two decks: a pair is fine
    assert order_of(pair) == ["2H", "2H", "RJ", "RJ"] and pair.svg.count('data-legal="true"') == 2
    assert order_of(render.hand(["QC", "7H"], game="sheepshead", legal=[])) == ["QC", "7H"]


SEED_ORDER = sheepshead.Rules(jack_order="seed")


def both_black_jacks(rules: sheepshead.Rules) -> tuple[sheepshead.State, int]:
    """A deal under ``rules`` and a seat holding both J♣ and J♠ (whose order the jack order decides)."""
    for seed in range(200):
        state = sheepshead.State.new(seed=seed, rules=rules)
        for seat in range(5):
            if {Card("JC"), Card("JS")} <= set(state.hand(seat)):
                return state, seat
    raise AssertionError("no deal of the first 200 seeds gives a seat both black jacks")


def test_a_hand_follows_the_jack_order() -> None:
    cards = ["7H", "JS", "QD", "JC", "AD"]
    assert order_of(render.hand(cards, game="sheepshead")) == ["QD", "JC", "JS", "AD", "7H"]
    assert order_of(render.hand(cards, game="sheepshead", jack_order="standard")) == [
        "QD", "JC", "JS", "AD", "7H"
    ]  # fmt: skip
    assert order_of(render.hand(cards, game="sheepshead", jack_order="seed")) == [
        "QD",
        "JS",
        "JC",
        "AD",
        "7H",
    ]
    assert [str(c) for c in sheepshead.trumps("seed")][4:6] == ["JS", "JC"]
    with pytest.raises(ArgumentError, match="jack_order must be 'standard', 'seed' or None, not 'spade'"):
        render.hand(cards, game="sheepshead", jack_order="spade")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="jack_order"):
        render.hand(cards, game="sheepshead", jack_order=1)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="jack_order is a Sheepshead rule"):
        render.hand(["2H"], game="tractor", jack_order="seed")


@pytest.mark.parametrize("jack_order", ["standard", "seed"])
def test_a_states_hand_is_drawn_in_the_order_the_state_gives_it(jack_order: str) -> None:
    rules = sheepshead.Rules(jack_order=jack_order)  # type: ignore[arg-type]
    state, seat = both_black_jacks(rules)
    held = [str(c) for c in state.hand(seat)]
    jacks = [c for c in held if c in ("JC", "JS")]
    assert jacks == (["JS", "JC"] if jack_order == "seed" else ["JC", "JS"])
    assert [str(c) for c in sheepshead.trumps(rules.jack_order) if str(c) in held] == [
        c for c in held if sheepshead.suit_of(c) == "T"
    ]
    assert order_of(render.hand(state.hand(seat), game="sheepshead")) == held
    assert state.hand(seat)._repr_svg_() == render.hand(state.hand(seat), game="sheepshead").svg
    assert (
        order_of(render.hand(list(state.hand(seat)), game="sheepshead", jack_order=rules.jack_order)) == held
    )
    for view in (None, seat):
        root = parse(render.table(state, seat=view))
        assert list(cards_in(seat_group(root, "hand", seat))) == held
        assert CARD.findall(ET.tostring(seat_group(root, "hand", seat), encoding="unicode")) == held
    picture = render.table(state, seat=seat).svg
    for card in held:  # every trump marked whatever the jack order, no fail card marked
        face = re.search(rf'<g[^>]*data-card="{card}"[^>]*>', picture)
        assert face is not None
        assert ('data-trump="true"' in face[0]) == (sheepshead.suit_of(card) == "T"), card


def test_a_seed_order_state_lists_its_jacks_as_state_hand_does_in_every_picture() -> None:
    state, seat = both_black_jacks(SEED_ORDER)
    held = [str(c) for c in state.hand(seat)]
    assert held.index("JS") < held.index("JC")
    while state.phase != "play":  # play on to the first trick: the hands as the state orders them, each time
        for s in range(5):
            expect = [str(c) for c in state.hand(s)]
            root = parse(render.table(state))
            assert CARD.findall(ET.tostring(seat_group(root, "hand", s), encoding="unicode")) == expect
        state.apply_action(state.legal_actions()[0])
    for s in range(5):
        expect = [str(c) for c in state.hand(s)]
        assert (
            CARD.findall(
                ET.tostring(seat_group(parse(render.table(state, seat=s)), "hand", s), encoding="unicode")
            )
            == expect
        )


def test_an_empty_hand_draws() -> None:
    root = parse(render.hand([], game="tractor"))
    assert not cards_in(root)


def test_a_hand_is_a_list_that_pickles_copies_and_draws() -> None:
    trump = tractor.Trump("2", "H")
    hand = render.Hand([Card("AS"), Card("2H"), Card("BJ")], game="tractor", trump=trump)
    assert hand == [Card("AS"), Card("2H"), Card("BJ")] and isinstance(hand, list)
    assert repr(hand) == "[Card('AS'), Card('2H'), Card('BJ')]"
    for other in (pickle.loads(pickle.dumps(hand)), copy.copy(hand), copy.deepcopy(hand)):
        assert other == hand and type(other) is render.Hand
        assert other.game == "tractor" and other.trump == trump
    assert hand._repr_svg_() == render.hand(hand, game="tractor", trump=trump).svg
    plain = render.Hand(["QC", "7H"])
    assert plain.game == "sheepshead" and plain.trump is None and plain == [Card("QC"), Card("7H")]
    plain.append(Card("AD"))
    assert len(plain) == 3 and plain[-1] == Card("AD")
    assert render.Hand() == []
    with pytest.raises(ArgumentError):
        render.Hand([], game="poker")  # type: ignore[arg-type]


def test_jupyter_draws_a_card() -> None:
    assert Card("QC")._repr_svg_() == render.card(Card("QC")).svg


@pytest.mark.parametrize("game", ["sheepshead", "tractor"])
def test_jupyter_draws_a_state(game: str) -> None:
    state = at(game, "play")
    assert state._repr_svg_() == render.table(state).svg


@pytest.mark.parametrize("game", ["sheepshead", "tractor"])
def test_jupyter_draws_the_hands_of_a_state(game: str) -> None:
    state = at(game, "play")
    hand = state.hand(0)
    assert isinstance(hand, render.Hand) and hand.game == game
    assert hand._repr_svg_() == render.hand(hand, game=game, trump=hand.trump).svg
    if game == "tractor":
        assert hand.trump == state.trump


# ---- tricks ----


def test_a_trick_in_progress_labels_each_seat_and_marks_the_leader() -> None:
    state = sheepshead_at("play")
    root = parse(render.trick(state))
    plays = [e for e in root.iter(f"{SVG}g") if e.get("class") == "play"]
    assert [(int(p.get("data-seat", -1)), *cards_in(p)) for p in plays] == [
        (s, str(c)) for s, c in state.current_trick()
    ]
    assert [p.get("data-lead") for p in plays] == ["true", None, None]
    assert not any(p.get("data-winner") for p in plays)
    for seat, _ in state.current_trick():
        assert f"seat {seat}" in texts(root)


def test_a_finished_trick_marks_its_winner() -> None:
    state = sheepshead_at("done")
    leader, plays, winner = state.tricks()[-1]
    root = parse(render.trick(state))
    drawn = [e for e in root.iter(f"{SVG}g") if e.get("class") == "play"]
    assert [e.get("data-seat") for e in drawn if e.get("data-winner")] == [str(winner)]
    assert [e.get("data-seat") for e in drawn if e.get("data-lead")] == [str(leader)]
    assert cards_in(root) == Counter(str(c) for _, c in plays)
    assert f"won by seat {winner}" in texts(root)


def test_a_tractor_trick_shows_whole_plays_and_the_play_being_built() -> None:
    state = tractor_at("play")
    root = parse(render.trick(state))
    expected = Counter(str(c) for _, cards in state.current_trick() for c in cards)
    assert cards_in(root) == expected + names(state.partial_play())
    building = tractor_building()
    partial = building.partial_play()
    assert partial
    expected = Counter(str(c) for _, cards in building.current_trick() for c in cards)
    root = parse(render.trick(building))
    assert cards_in(root) == expected + names(partial)
    assert "playing…" in texts(root)
    me = building.current_player
    assert me is not None
    for seat in (None, me):
        view = parse(render.table(building, seat=seat))
        assert "playing…" in texts(view)
        assert cards_in(seat_group(view, "hand", me)) == names(list(building.hand(me))) - names(partial)
    for seat in set(range(4)) - {me}:  # the others see the play once it is finished
        view = parse(render.table(building, seat=seat))
        assert "playing…" not in texts(view)
        trick = next(e for e in view.iter(f"{SVG}g") if e.get("class") == "trick")
        assert cards_in(trick) == expected
        backs = [e for e in seat_group(view, "hand", me).iter() if e.get("class") == "card back"]
        assert len(backs) + sum(cards_in(seat_group(view, "hand", me)).values()) == len(building.hand(me))


def tractor_building() -> tractor.State:
    """The round of :func:`tractor_at` when a follower has put the first card of its play to a pair lead."""
    state = tractor_at("play")
    while True:
        assert not state.is_terminal
        trick = state.current_trick()
        if trick and len(trick[0][1]) >= 2:
            state.apply_action(state.legal_actions()[0])
            if state.partial_play():
                return state
        state.apply_action(tractor_act(state))


def test_an_empty_table_has_no_trick() -> None:
    for state in (sheepshead.State.new(seed=3), tractor.State.new(seed=3)):
        root = parse(render.trick(state))
        assert not cards_in(root) and "no trick yet" in texts(root)


# ---- tables ----


@pytest.mark.parametrize(("game", "stage"), STAGES)
def test_the_omniscient_table_shows_every_hand_face_up(game: str, stage: str) -> None:
    state = at(game, stage)
    root = parse(render.table(state))
    for seat in range(state.num_players):
        hand = list(state.hand(seat))
        if isinstance(state, tractor.State) and seat == state.current_player:
            hand = list((Counter(hand) - Counter(state.partial_play())).elements())
        assert cards_in(seat_group(root, "hand", seat)) == names(hand), seat


@pytest.mark.parametrize(("game", "stage"), STAGES)
def test_the_turn_is_marked_on_the_current_player(game: str, stage: str) -> None:
    state = at(game, stage)
    for seat in (None, 0, 2):
        root = parse(render.table(state, seat=seat))
        turns = [e.get("data-seat") for e in root.iter(f"{SVG}g") if e.get("data-turn") == "true"]
        assert turns == ([] if state.current_player is None else [str(state.current_player)])


def visible_to(state: State, seat: int) -> Counter[str]:
    """Every card the seat may see, worked out independently of the renderer: its own hand and what is public
    (the trick, the cards played, Tractor's exposed cards, and what the game's protocol page lists)."""
    seen = names(list(state.hand(seat)))
    if isinstance(state, sheepshead.State):
        for _, plays, _ in state.tricks():
            seen += Counter(str(c) for _, c in plays)
        seen += Counter(str(c) for _, c in state.current_trick())
        if seat == state.picker or (state.is_terminal and len(state.tricks()) == 6):
            seen += names(state.bury)
        if state.is_terminal and state.is_leaster:
            seen += names(state.blind)
        return seen
    for other in range(4):
        if other != seat:
            seen += names(state.exposed()[other])
    last = state.last_trick()
    if last is not None:
        seen += Counter(str(c) for _, cards in last[1] for c in cards)
    seen += Counter(str(c) for _, cards in state.current_trick() for c in cards)
    if seat == state.current_player:
        seen += names(state.partial_play())  # only the seat building a play sees it until it is finished
    if seat == state.starter or state.is_terminal:
        seen += names(state.kitty)
    return seen


@pytest.mark.parametrize(("game", "stage"), STAGES)
@pytest.mark.parametrize("seat", [0, 1, 2])
def test_a_seat_view_shows_no_hidden_card(game: str, stage: str, seat: int) -> None:
    state = at(game, stage)
    root = parse(render.table(state, seat=seat))
    assert not cards_in(root) - visible_to(state, seat), "a card the seat cannot see is drawn face up"
    mine = cards_in(seat_group(root, "hand", seat))
    hand = list(state.hand(seat))
    if isinstance(state, tractor.State) and seat == state.current_player:
        hand = list((Counter(hand) - Counter(state.partial_play())).elements())
    assert mine == names(hand)
    for other in range(state.num_players):
        if other == seat:
            continue
        shown = cards_in(seat_group(root, "hand", other))
        exposed = names(state.exposed()[other]) if isinstance(state, tractor.State) else Counter()
        assert not shown - exposed, (other, shown)


@pytest.mark.parametrize(("game", "stage"), STAGES)
@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_a_seat_view_is_the_same_for_every_deal_the_seat_cannot_tell_apart(
    game: str, stage: str, seat: int
) -> None:
    state = at(game, stage)
    if state.is_terminal:
        others = [state]  # nothing left hidden to re-deal
    else:
        others = state.resamples(seat, 4, seed=11)
    picture = render.table(state, seat=seat).svg
    for other in others:
        assert render.table(other, seat=seat).svg == picture
    if not state.is_terminal:  # and the re-deals differ where the seat cannot see
        assert any(render.table(o).svg != render.table(state).svg for o in others)


def test_the_partner_is_hidden_until_the_called_card_is_played() -> None:
    state = sheepshead_at("play")
    partner = state.secret_partner
    assert partner is not None and state.partner is None
    for seat in range(5):
        text = texts(parse(render.table(state, seat=seat)))
        if seat == partner:
            assert f"partner seat {partner} (secret)" in text and "partner (secret)" in text
        else:
            assert f"partner seat {partner}" not in text and "partner unknown" in text
    assert f"partner seat {partner} (secret)" in texts(parse(render.table(state)))
    revealed = sheepshead_at("partner")
    for seat in (None, 0, 4):
        assert f"partner seat {revealed.partner}" in texts(parse(render.table(revealed, seat=seat)))


def test_the_bury_is_the_pickers_own_and_the_kitty_the_starters() -> None:
    state = sheepshead_at("call")
    for seat in range(5):
        zone = zone_of(parse(render.table(state, seat=seat)), "bury")
        assert cards_in(zone) == (names(state.bury) if seat == state.picker else Counter())
        assert sum(1 for e in zone.iter() if e.get("class") == "card back") == (
            0 if seat == state.picker else 2
        )
    kitty = tractor_at("play")
    for seat in range(4):
        zone = zone_of(parse(render.table(kitty, seat=seat)), "kitty")
        assert cards_in(zone) == (names(kitty.kitty) if seat == kitty.starter else Counter())
    done = tractor_at("done")
    assert cards_in(zone_of(parse(render.table(done, seat=0)), "kitty")) == names(done.kitty)


def zone_of(root: ET.Element, name: str) -> ET.Element:
    found = [e for e in root.iter(f"{SVG}g") if e.get("data-zone") == name]
    assert len(found) == 1, name
    return found[0]


def test_the_blind_is_face_down_until_picked() -> None:
    state = sheepshead_at("pick")
    assert not cards_in(zone_of(parse(render.table(state, seat=1)), "blind"))
    assert cards_in(zone_of(parse(render.table(state)), "blind")) == names(state.blind)


@pytest.mark.parametrize("game", ["sheepshead", "tractor"])
def test_a_finished_table_shows_the_result(game: str) -> None:
    state = at(game, "done")
    returns = state.returns()
    for seat in (None, 0):
        root = parse(render.table(state, seat=seat))
        drawn = {
            int(e.get("data-seat", -1)): e.get("data-return")
            for e in root.iter(f"{SVG}g")
            if e.get("class") == "seat"
        }
        assert drawn == {s: (f"+{r}" if r > 0 else str(r)) for s, r in enumerate(returns)}
        assert "Result:" in texts(root)


def test_the_header_says_the_game_state() -> None:
    play = texts(parse(render.table(sheepshead_at("play"), seat=0)))
    assert "Sheepshead · dealer seat 0 · trick 3 of 6" in play and "Picker: seat 2" in play
    round_ = tractor_at("play")
    text = texts(parse(render.table(round_, seat=0)))
    assert f"P (opponents' points): {round_.points}" in text
    assert "Levels: team 0 (seats 0, 2) 2, team 1 (seats 1, 3) 2" in text
    assert round_.trump is not None and f"Trump: {round_.trump}" in text and "declared by seat 3:" in text
    assert "Trump: rank 2 of hearts" in text and f"Trump: {round_.trump}" in str(round_), "as print(state)"


@pytest.mark.parametrize(
    ("trump", "words"),
    [
        (tractor.Trump("2", "H"), "Trump: rank 2 of hearts"),
        (tractor.Trump("2", None), "Trump: rank 2, no trump suit"),
        (tractor.Trump(None, None), "Trump: no trump (jokers only)"),
    ],
)
def test_the_trump_is_worded_as_the_state_prints_it(trump: tractor.Trump, words: str) -> None:
    from tricktaker.render.table import trump_words

    assert trump_words(trump, "2") == words == f"Trump: {trump}"
    assert trump_words(None, "5") == "Trump: rank 5, suit not declared yet"
    for seed in range(40):  # a round whose trump is each of these kinds, where one is dealt in the first 40
        state = tractor.State.new(seed=seed)
        rng = random.Random(seed)
        while state.phase == "draw":
            state.apply_action(rng.choice(state.legal_actions()))
        if state.trump is not None and (state.trump.rank is None) == (trump.rank is None):
            assert f"Trump: {state.trump}" in str(state)
            assert f"Trump: {state.trump}" in texts(parse(render.table(state)))
            break
    else:
        pytest.fail(f"no round of the first 40 seeds with a trump like {trump!r}")


# ---- the pictures: PNGs compared with tests/render/*.png ----


def card_strip() -> list[render.Picture]:
    """A card of each kind: a Sheepshead trump, plain red and black cards, legal and not, the jokers (as
    Tractor trumps), a back."""
    hearts = tractor.Trump("2", "H")
    return [
        render.card("QC", game="sheepshead"),
        render.card("10H"),
        render.card("7S", legal=True),
        render.card("KD", legal=False),
        render.card("RJ", trump=hearts),
        render.card("BJ", trump=hearts),
        render.card("AS", face_down=True),
    ]


def _pictures() -> dict[str, Callable[[], list[render.Picture]]]:
    def one(make: Callable[[], render.Picture]) -> Callable[[], list[render.Picture]]:
        return lambda: [make()]

    def sheepshead_hand() -> render.Picture:
        state = sheepshead_at("bury")
        cards = state.hand(2)
        legal = [Card(state.action_to_string(a).split()[1]) for a in state.legal_actions()]
        return render.hand(cards, game="sheepshead", legal=legal[:3])

    def tractor_hand() -> render.Picture:
        state = tractor_at("play")
        return render.hand(state.hand(0), game="tractor", trump=state.trump)

    return {
        "cards": card_strip,
        "hand_sheepshead": one(sheepshead_hand),
        "hand_tractor": one(tractor_hand),
        "trick_sheepshead": one(lambda: render.trick(sheepshead_at("done"))),
        "trick_tractor": one(lambda: render.trick(tractor_building())),
        "table_sheepshead_seat0": one(lambda: render.table(sheepshead_at("play"), seat=0)),
        "table_sheepshead_all": one(lambda: render.table(sheepshead_at("play"))),
        "table_sheepshead_done": one(lambda: render.table(sheepshead_at("done"), seat=2)),
        "table_tractor_seat0": one(lambda: render.table(tractor_at("play"), seat=0)),
        "table_tractor_all": one(lambda: render.table(tractor_at("kitty"))),
        "table_tractor_draw": one(lambda: render.table(tractor_at("draw"), seat=1)),
        "table_tractor_done": one(lambda: render.table(tractor_at("done"), seat=3)),
    }


PICTURES = _pictures()
"""The reference pictures: name → the pictures drawn side by side in ``tests/render/<name>.png``."""


def sans_serif() -> str | None:
    """The family fontconfig gives for ``sans-serif`` (what cairosvg draws text with), if it can be asked."""
    fc_match = shutil.which("fc-match")
    if fc_match is None:
        return None
    out = subprocess.run(
        [fc_match, "-f", "%{family[0]}", "sans-serif"],
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    return out.stdout.strip() or None


def to_png(pictures: list[render.Picture]) -> Any:
    """The pictures rendered by cairosvg and put side by side on white: a Pillow RGB image."""
    import cairosvg
    from PIL import Image

    images = [
        Image.open(io.BytesIO(cairosvg.svg2png(bytestring=p.svg.encode("utf-8")))).convert("RGBA")
        for p in pictures
    ]
    width = sum(i.width for i in images) + 6 * (len(images) - 1)
    sheet = Image.new("RGBA", (width, max(i.height for i in images)), (255, 255, 255, 255))
    x = 0
    for image in images:
        sheet.alpha_composite(image, (x, 0))
        x += image.width + 6
    return sheet.convert("RGB")


def save_reference(image: Any, path: Path) -> None:
    """A reference PNG, small: quantised to 256 colours (the pictures are flat colours and antialiasing)."""
    image.quantize(256, dither=0).save(path, optimize=True)


REQUIRED = os.environ.get("TRICKTAKER_REQUIRE_PICTURES") == "1"
"""Set by CI (``.ci/run`` installs cairo and DejaVu Sans): the picture tests fail where they would skip."""


def skip_unless_required(reason: str) -> None:
    if REQUIRED:
        pytest.fail(f"TRICKTAKER_REQUIRE_PICTURES=1, but {reason}", pytrace=False)
    pytest.skip(reason)


@pytest.mark.parametrize("name", sorted(PICTURES))
def test_the_picture_looks_like_its_reference(name: str, tmp_path: Path) -> None:
    for module in ("cairosvg", "PIL"):
        try:
            __import__(module)
        except ImportError as error:  # cairosvg also fails to import where libcairo is missing
            skip_unless_required(f"{module} does not import: {error}")
    font = sans_serif()
    if font not in (None, REFERENCE_FONT):
        skip_unless_required(
            f"the references are drawn in {REFERENCE_FONT}; this machine's sans-serif is {font}"
        )
    import numpy as np
    from PIL import Image

    actual = to_png(PICTURES[name]())
    reference_path = REFERENCES / f"{name}.png"
    assert reference_path.exists(), f"no {reference_path}: run python tests/render/update.py"
    reference = Image.open(reference_path).convert("RGB")
    where = tmp_path / f"{name}.actual.png"
    if reference.size != actual.size:
        actual.save(where)
        pytest.fail(
            f"{name}: size {actual.size}, the reference's {reference.size}; the picture is in {where}"
        )
    a = np.asarray(actual, dtype=np.int16)
    b = np.asarray(reference, dtype=np.int16)
    diff = np.abs(a - b)
    mean = float(diff.mean()) / 255
    far = float((diff.max(axis=2) > 64).mean())
    if mean >= 2 / 255 or far >= 0.01:
        actual.save(where)
        diff_path = tmp_path / f"{name}.diff.png"
        Image.fromarray((255 - np.minimum(diff.max(axis=2) * 4, 255)).astype(np.uint8)).save(diff_path)
        pytest.fail(
            f"{name} differs from {reference_path}: mean difference {mean * 255:.2f}/255, {far:.2%} of the"
            f" pixels by more than 64; the picture is {where}, the difference {diff_path}"
            " (after a deliberate change: python tests/render/update.py)"
        )


def test_the_references_are_few_and_small() -> None:
    pngs = sorted(REFERENCES.glob("*.png"))
    assert {p.stem for p in pngs} == set(PICTURES)
    assert len(pngs) <= 12
    for path in pngs:
        assert path.stat().st_size <= 60_000, path


def under_call() -> sheepshead.State:
    """Seed 16 with the "unknown" call (R16): seat 1 picks, buries its first cards, calls the ace of clubs
    holding no club and is to lay an under."""
    state = sheepshead.State.new(seed=16, rules=sheepshead.Rules(no_legal_call="unknown"))
    state.apply("pick")
    while state.phase == "bury":
        state.apply_action(state.legal_actions()[0])
    state.apply("call AC")
    assert state.phase == "under"
    return state


def all_pass(rules: sheepshead.Rules | None = None) -> sheepshead.State:
    state = sheepshead.State.new(seed=3, rules=rules)
    for _ in range(5):
        state.apply("pass")
    return state


def random_game(state: State, seed: int, every: int) -> list[State]:
    """Every ``every``-th state of a random game from ``state``, and the last."""
    rng = random.Random(seed)
    states = []
    for step in itertools.count():
        if step % every == 0 or state.is_terminal:
            states.append(state.clone())
        if state.is_terminal:
            return states
        state.apply_action(rng.choice(state.legal_actions()))
    raise AssertionError("unreachable")


RANDOM_GAMES: dict[str, Callable[[], list[State]]] = {
    "under": lambda: random_game(under_call(), 2, every=2),
    "leaster": lambda: random_game(all_pass(), 1, every=3),
    "doubler": lambda: random_game(all_pass(sheepshead.Rules(all_pass="doubler")), 1, every=1),
    "tractor": lambda: random_game(tractor.State.new(seed=7), 4, every=5),
    "tractor, another": lambda: random_game(tractor.State.new(seed=8), 6, every=5),
}


@pytest.mark.parametrize("name", sorted(RANDOM_GAMES))
def test_every_state_of_a_random_game_draws_and_hides_what_it_must(name: str) -> None:
    states = RANDOM_GAMES[name]()
    for state in states:
        assert parse(render.trick(state)) is not None
        everything = parse(render.table(state))
        for seat in range(state.num_players):
            assert cards_in(seat_group(everything, "hand", seat)) <= names(list(state.hand(seat)))
            picture = render.table(state, seat=seat)
            assert not cards_in(parse(picture)) - visible_to(state, seat), (name, seat, state.history())
            if not state.is_terminal:
                assert render.table(state.resample(seat, seed=5), seat=seat) == picture, (name, seat)
    last = states[-1]
    assert last.is_terminal
    assert "Result:" in texts(parse(render.table(last))) or name == "doubler"


def test_the_under_is_marked_for_the_picker_only_until_it_is_played() -> None:
    state = under_call()
    state.apply_action(state.legal_actions()[0])
    under = state.under
    assert under is not None and state.picker is not None
    mine = texts(parse(render.table(state, seat=state.picker)))
    assert "under" in mine.split()
    for seat in range(5):
        if seat != state.picker:
            assert "under" not in texts(parse(render.table(state, seat=seat))).split()
    while under not in [c for _, c in state.current_trick()]:
        state.apply_action(sheepshead_act(state))
    assert "under" in texts(parse(render.trick(state))).split()
