"""The 120 numbered actions of a round and their texts (docs/tractor-protocol.md; Rust: ``actions.rs``).

========  ======================================  ============================================================
ids       text                                    meaning
========  ======================================  ============================================================
0..53     ``play <card>``                         add a card to the play being built
54        ``finish``                              end a lead (a follow ends by itself at the lead's size)
55..108   ``discard <card>``                      put a card into the kitty (R23)
109..112  ``declare <r><suit>``                   expose one trump-rank card (R15a), suits C D H S
113..116  ``declare <r><suit> <r><suit>``         expose a pair of them (R15b)
117, 118  ``declare BJ BJ``, ``declare RJ RJ``    expose a joker pair (R15c)
119       ``pass``                                do not declare now
========  ======================================  ============================================================
"""

from __future__ import annotations

from typing import Final

from .cards import BLACK_JOKER, DECK, RANKS, SUITS, _kind_id, _rank_text, _rank_value
from .trump import _parse_rank

NUM_ACTIONS: Final = 120
PLAY: Final = 0  # PLAY + card (0..53): add a card to the play being built
FINISH: Final = 54  # end a lead
DISCARD: Final = 55  # DISCARD + card (55..108): put a card in the kitty (R23)
DECLARE_SINGLE: Final = 109  # DECLARE_SINGLE + suit (109..112): expose one trump-rank card (R15a)
DECLARE_PAIR: Final = 113  # DECLARE_PAIR + suit (113..116): expose a pair of them (R15b)
DECLARE_BLACK_JOKERS: Final = 117  # expose BJ BJ (R15c)
DECLARE_RED_JOKERS: Final = 118  # expose RJ RJ (R15c)
PASS: Final = 119  # do not declare now


def action_to_string(action: int, rank: int | str = 2) -> str:
    """The text of an action id: ``play 10H``, ``finish``, ``discard BJ``, ``declare 2H``, ``declare 2H 2H``,
    ``declare BJ BJ``, ``pass``. The declarations name the trump rank of the round, ``rank`` (R5)."""
    if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < NUM_ACTIONS:
        raise ValueError(f"not a Tractor action id: {action!r} (expected 0..{NUM_ACTIONS - 1})")
    parsed_rank = _parse_rank(rank)
    assert parsed_rank is not None  # a declaration names a rank; None is refused just below
    if action < FINISH:
        return f"play {DECK[action]}"
    if action == FINISH:
        return "finish"
    if action < DECLARE_SINGLE:
        return f"discard {DECK[action - DISCARD]}"
    if action < DECLARE_PAIR:
        return f"declare {_rank_text(parsed_rank)}{SUITS[action - DECLARE_SINGLE]}"
    if action < DECLARE_BLACK_JOKERS:
        card = f"{_rank_text(parsed_rank)}{SUITS[action - DECLARE_PAIR]}"
        return f"declare {card} {card}"
    if action == DECLARE_BLACK_JOKERS:
        return "declare BJ BJ"
    if action == DECLARE_RED_JOKERS:
        return "declare RJ RJ"
    return "pass"


def string_to_action(text: str, rank: int | str | None = None) -> int:
    """The action id of a text as `action_to_string` writes it; lenient on case, spaces and card spelling
    (``play t♥``). With ``rank``, a declaration must name a card of that rank."""
    words = text.strip().split()
    verb = words[0].lower() if words else ""
    parsed_rank = _parse_rank(rank)
    try:
        if words and len(words) == 1 and verb in ("finish", "pass"):
            return FINISH if verb == "finish" else PASS
        if len(words) == 2 and verb in ("play", "discard"):
            card = _kind_id(words[1])
            return PLAY + card if verb == "play" else DISCARD + card
        if verb == "declare" and len(words) in (2, 3):
            cards = [_kind_id(word) for word in words[1:]]
            if len(cards) == 2 and cards[0] != cards[1]:
                raise ValueError("the two cards of a pair must be identical (R12)")
            card = cards[0]
            if card >= BLACK_JOKER:
                if len(cards) == 1:
                    raise ValueError("a single joker cannot declare (R15)")
                return DECLARE_BLACK_JOKERS if card == BLACK_JOKER else DECLARE_RED_JOKERS
            if parsed_rank is not None and _rank_value(card) != parsed_rank:
                raise ValueError(f"the trump rank of this round is {_rank_text(parsed_rank)}")
            suit_index = card // len(RANKS)
            return (DECLARE_SINGLE if len(cards) == 1 else DECLARE_PAIR) + suit_index
    except ValueError as error:
        raise ValueError(f"not a Tractor action: {text!r} ({error})") from None
    raise ValueError(f"not a Tractor action: {text!r}")
