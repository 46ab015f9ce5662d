"""tricktaker.Card: the 54 kinds, parsing, ordering, pickling."""

import copy
import pickle

import pytest

from tricktaker import ArgumentError, ArgumentTypeError, Card, CardParseError


def test_all_54_kinds_round_trip_through_text() -> None:
    cards = Card.all()
    assert len(cards) == 54
    assert len(set(cards)) == 54
    for card in cards:
        assert Card.parse(str(card)) == card
        assert Card(str(card)) is card  # interned
        assert Card.from_id(card.id) is card


@pytest.mark.parametrize(
    ("text", "expected"),
    [("10H", "10H"), ("th", "10H"), ("TH", "10H"), ("A♠", "AS"), ("qc", "QC"), ("10♥", "10H"), ("bj", "BJ")],
)
def test_lenient_parsing(text: str, expected: str) -> None:
    assert str(Card.parse(text)) == expected


@pytest.mark.parametrize("text", ["", "11H", "1H", "QX", "H", "10", "JJ", "AH AH"])
def test_bad_text_raises_card_parse_error_naming_it(text: str) -> None:
    with pytest.raises(CardParseError) as info:
        Card.parse(text)
    assert repr(text) in str(info.value) or f'"{text}"' in str(info.value)
    assert isinstance(info.value, ValueError)


def test_constructor_refuses_non_text() -> None:
    with pytest.raises(CardParseError, match="int"):
        Card(5)  # type: ignore[arg-type]
    for bad in (54, -1, 2**64):
        with pytest.raises(ArgumentError, match="id must be an int from 0 to 53"):
            Card.from_id(bad)
    with pytest.raises(ArgumentTypeError, match="bool"):
        Card.from_id(True)


def test_attributes_ordering_hash_and_pickle() -> None:
    ten = Card("10H")
    assert (ten.rank, ten.suit, ten.is_joker) == ("10", "H", False)
    assert (Card("RJ").rank, Card("RJ").suit, Card("RJ").is_joker) == (None, None, True)
    assert Card("2C") < Card("AC") < Card("2D") < Card("BJ") < Card("RJ")
    assert sorted([Card("AS"), Card("2C")]) == [Card("2C"), Card("AS")]
    assert {Card("th"): 1}[Card("10H")] == 1
    assert pickle.loads(pickle.dumps(ten)) is ten
    assert copy.deepcopy(ten) == ten
    assert repr(ten) == "Card('10H')"
