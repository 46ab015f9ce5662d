"""Tractor (Sheng Ji): the pure-Python reference for the card-level rules and the whole round.

An executable form of ``docs/rules/tractor.md``. First the card-level rules -- cards, trump order, effective
suits, positions, pairs and tractors (R1-R12), card points (R3), leads, following, throws and trick winners
(R25-R39) -- behind the toolkit contract of ``docs/tractor-toolkit.md``: the same names, argument forms and
canonical orders as the Rust engine's ``tricktaker.tractor``, so the two can be compared on random hands.
Then a whole round -- the seeded draw with declarations, the final window, redeals and the talon flip
(R13-R22), the kitty (R23-R24), card-by-card play, scoring and progression (R40-R48) -- as `State`, following
the round contract of ``docs/tractor-protocol.md`` bit for bit (action ids and strings, the deal, the order
of the decisions, `random_playouts`), so the two engines can be compared action by action.
Rule numbers are cited as ``# R32`` next to the code that implements them.

It is written to be read, not to be fast, and uses the standard library only (and ``tricktaker.errors``, pure
Python, for the `InvalidStateError` of a corrupted save). `State` also has the rest of the search protocol:
`State.legal_action_mask` (a list of bools), `State.information_state_key`, `State.observation` (a list of
939 floats, the Rust engine's layout and values) and `State.to_json` / `State.from_json` (the Rust engine's
save format: each engine loads the other's saves).

The modules, in the order to read them. Each mirrors the module of the same concept in the Rust core's
``rust/core/src/tractor/`` (named in its docstring) and imports only modules above it in this list, except
that `round` hands the bodies of some `State` methods to `information`, `saving` and `resample`, which name
`State` in annotations only (no import cycle at run time):

* `cards` -- the 54 kinds and their texts, multisets of at most two copies (R2), the ranks (R4), and the
  sizes of the table: 4 seats (R1), 25 cards each and a talon of 8 (R13), or the deal of another kitty size
  with the cards it takes out (F5, ``kitty_size``).
* `errors` -- `IllegalActionError`, `IllegalPlayError`, `NothingToUndoError`, `UnreachableStateError`.
* `rng` -- the generator `Rng` both engines use (xoshiro256++ seeded by SplitMix64) and `derive_seed`.
* `trump` -- `Trump`: the trump order, effective suits and positions inside a suit (R5-R11).
* `format` -- pairs, tractors and the canonical split of a lead, `decompose` (R12, R27, R33).
* `follow` -- legal follows (R26, R28-R32): `is_legal_follow`, `legal_follows` and, card by card,
  `follow_extensions`.
* `throw` -- throw validity and the forced component of a failed throw, `check_throw` (R33, R34, F26).
* `trick` -- card points, `card_points` and `trick_points` (R3), and `trick_winner` (R35-R39).
* `actions` -- the 120 action ids, `action_to_string` and `string_to_action`.
* `rules` -- the options of A.4 and of the variants' A.5 for four players and two decks, `Rules`.
* `declare` -- `Declaration`, `legal_declarations` (R15-R17, F7-F9) and the talon flip, `flip_talon`
  (R20, F11).
* `scoring` -- `level_outcome` (R43, F33), `kitty_bonus` (R41, F32), the throw penalty (R34, R42, F27) and
  `round_outcome` (R44-R48, F35).
* `origin` -- what a round starts from (a seeded deal, a stack or a position), which `undo` rebuilds.
* `round` -- `State`: the draw and the declarations, redeals and the talon flip (R13-R22), the kitty
  (R23, R24), the play card by card (R25-R39), scoring (R40-R48), and the search protocol.
* `information` -- what a seat knows: `State.information_state_key` and `State.observation`.
* `saving` -- `State.to_json` and `State.from_json`, in the Rust engine's save format.
* `resample` -- `State.resample`: a round the seat cannot tell from this one.
* `playout` -- `random_playout` and `random_playouts`.

Every public name of the single module this package once was, and the private ones the tests use, is
importable from here as before.

Quick tour::

    >>> from tricktaker.reference import tractor as ref
    >>> trump = ref.Trump("2", "H")
    >>> trump.sort(["3H", "2S", "AS", "RJ", "2C"])
    ['RJ', '2C', '2S', '3H', 'AS']
    >>> ref.decompose(["AS", "KS", "KS", "QS", "QS"], trump)
    [('tractor', ['KS', 'KS', 'QS', 'QS']), ('single', ['AS'])]
    >>> ref.trick_winner([["KS"], ["AS"], ["2C"], ["2D"]], trump)
    2

Cards are text (``"10H"``, ``"th"``, ``"A♠"``, ``"BJ"``) or any object whose ``str()`` is such a text (the
library's ``Card``); results are canonical card texts. A hand, a lead or a play is a multiset given as a list:
at most two copies of each of the 54 kinds (R2).

Readings where the rules or the contract leave a choice:

* R11/R12: equal off-suit trump-rank cards share one position; two of them (2♣ 2♠) are no pair, and two such
  pairs at one position are not consecutive. When a tractor runs through a shared position, `decompose`
  puts the pair of the lowest id in it.
* R33/contract: tractors are listed in extraction order, longest first, then the highest top (so a long low
  tractor comes before a short high one).
* R32, F22-F24, options ``tractor_follow`` (``"none"``, ``"full"``, ``"fallback"``), ``new_adjacency`` and
  ``format_based_draw``: a follower with at least n cards of the led suit must fill a lead candidate of key
  k*, the greatest key (P, Q) of a lead candidate its led-suit cards fill (F23: one candidate per lead
  component, united); ``"none"`` gives R32's ``min(P_L, P_S)`` pairs, ``"full"`` (A.4's
  ``tractor_must_follow_tractor = true``, still accepted by the follow functions with a
  DeprecationWarning) adds each lead tractor itself, so a throw with two tractors can ask for both runs.
  ``new_adjacency`` changes nothing at two decks; ``format_based_draw = False`` allows any n cards of the
  led suit.
* R34, F26: among beatable components of the same size and position (2♣2♣ and 2♦2♦) the lowest in S-order
  (♦ < ♣ < ♥ < ♠) is forced; "the lowest bottom position" is the weakest bottom card. `check_throw` takes
  the other hands in turn order after the leader, which ``first_in_turn_smallest`` reads.
* F20, F21, option ``min_tractor_length`` (L_min, 2 to 12; the width is always 2 at two decks): a run of
  fewer consecutive pairs is separate pairs, in every split of a lead: `decompose`, `check_throw`,
  `trick_winner`, the follows' tractor duty, `kitty_bonus` and resampling take it as a keyword (default 2),
  and `State` passes its rules' value; the observation's lead features read the lead the same way.
* R39: a follower's play counts as a ruff only if all its cards are trumps; it is then compared by the
  highest run of L pairs (L the longest tractor of the lead), else the highest pair, else the highest card.
* ``Trump(rank, None)`` (accepted by the contract) makes the jokers and the four rank cards trumps, the rank
  cards equal and lowest; ``Trump(None, suit)`` is refused.
* R12, option ``plain_suit_gap_closing`` off: only the plain suits keep the trump rank's gap (8♠ and 6♠ at
  rank 7 are not adjacent); the trump suit always closes it (TV-T4: 8♣8♣-6♣6♣ with clubs trump).

Readings of the round:

* R16/R17: every override needs another player than the one whose declaration stands, the partner
  included; ``allow_self_reinforce`` only lets that player turn a single into a pair of the same suit
  (under every ``bid_override``: it adds a card), and ``red_pair_overrides_black_pair`` only lets another
  player's RJ RJ beat a standing BJ BJ (not under ``count_only``).
* F8, ``bid_override``: ``higher_suit`` lets another player's rank pair beat a standing rank pair of a suit
  lower in S-order (♦ < ♣ < ♥ < ♠), and changes nothing else; ``count_only`` lets only a pair (of rank cards
  or jokers) beat a single, so a standing pair, jokers included, is final. F7, ``joker_declaration_min``:
  ``"decks"`` is two jokers with two decks, as ``"two"``. `legal_declarations` takes both as keywords too.
* F10, ``first_landlord = "first_declaration"``: the round-1 starter is the first seat that declared in the
  deal played (a redeal, R19, starts afresh; a deal redealt had no declaration anyway), its team declares;
  the trump is the standing declaration's. Later rounds are unchanged (R22).
* F11, F12: a no-trump round made by jokers (a joker pair standing, or under ``kitty_flip_joker_no_trump`` a
  joker turned before any trump-rank card, which stops the turning: `State.turned` is its place, from 1) has
  the trump ``Trump(None, None)``, or ``Trump(rank, None)`` under ``joker_pair_declaration_keeps_rank``. The
  observation keeps its layout: the new options have no place in it, and a kept rank shows as the trump's
  rank with no suit.
* Contract: after each card drawn, its drawer is asked whenever it has *any* legal declaration (not only one
  that uses the new card); the drawer of the 100th card (the 4h-th, F5) is asked again in the final window if
  it still has one. A redeal (R19) shuffles the stack in its current order with the same generator.
* F5, ``kitty_size = k`` (0 to 104, default R13's 8): r = (108 - k) mod 4 cards of rank rho are taken out,
  rho the lowest of 2, 3, 4, 6, 7, 8, 9, J, Q, A that is not the round's rank (the declarers' level; 2 at
  NT), one copy each of clubs, diamonds, hearts, the first r; each seat draws h = (108 - k - r) / 4. The stack
  stays 108 cards long: 4h drawn, then the talon of k, then the taken-out cards. After every shuffle, and
  for a stack given (from_stack, restacked deals), the last copies of the taken-out cards, from the last
  taken out to the first, are moved to the end in their order (a stack ending with them is unchanged; with
  r = 0 nothing changes, so k = 8 keeps every stream). A later round whose talon flip (R20, F11) decides
  nothing (no kitty, or only jokers without ``kitty_flip_joker_no_trump``) is dealt again as R19 does. With
  k = 0 there is no kitty phase: the starter leads once the trump is fixed, and the kitty bonus is 0. The
  taken-out cards are in no hand, kitty or plane of the observation, known to all, never resampled.
* A card added to a play being built stays in `State.hand` until the play is complete (contract).
* R43, F33, option ``negative_points = "clamp"`` (default): `State.points` reports a negative P as 0 and
  `State.raw_points` gives P as it runs (R42); under ``"extra_levels"`` `State.points` is P as it runs.
  `State.returns` follows ``negative_points`` and ``deadzone``, as `round_outcome` does.
* F27: ``throw_penalty`` changes only the points of a failed throw; `State.failed_throws` counts every one,
  ``none`` included.
* R41, ``exp``: the pairs of the last lead are counted inside its tractors too.
* R47, F35: under ``pass_ace`` the winner's level in `round_outcome` is left above 14 (A), the steps past A
  meeting no checkpoint; under ``must_defend_ace`` levels stop at A (a checkpoint) and only declarers holding
  at A win, their level reported as 14. ``defend_points`` makes 5, 10 and K checkpoints too.
  `RoundOutcome.levels_gained` is R43's gain, which a checkpoint may cut short.
* F35, F36, F12, ``after_ace = "no_trump_level"``: the level NT is 15 (``"NT"`` as a text; refused under
  ``game_over``), A and NT are checkpoints, and past NT is reported as 16. A round at the declarers' level NT
  (a later round; round 1 at NT is refused) has the trump ``Trump(None, None)``: its draw asks nobody and its
  talon is never turned. `State.rank` is 15 there; its rank declarations, never legal, read ``declare NTH``.
  Under ``must_defend_ace`` a winner past NT is reported at NT (15), as one past A is at A (14).
* `State.from_cards` takes any seat as the first leader (a play-phase position); it has 0 deals and 100
  cards drawn (4h under ``kitty_size``, F5).
* `State.resample` counts deals with the two copies of a card told apart, as a shuffle does. Another
  starter's kitty may hold cards it exposed to declare, never a card seen in its hand since; once the round
  is over the kitty is known to all and the discards are kept as they were.
"""

from __future__ import annotations

# The names of `__all__`, and, imported as themselves (re-exported, not in `__all__`, as in the single module
# this package once was), the other public names and the private ones the tests use.
from .actions import (
    DECLARE_BLACK_JOKERS,
    DECLARE_PAIR,
    DECLARE_RED_JOKERS,
    DECLARE_SINGLE,
    DISCARD,
    FINISH,
    NUM_ACTIONS,
    PASS,
    PLAY,
    action_to_string,
    string_to_action,
)
from .cards import BLACK_JOKER as BLACK_JOKER
from .cards import DECK, NUM_PLAYERS, parse_card
from .cards import DECK_SIZE as DECK_SIZE
from .cards import DRAWN_CARDS as DRAWN_CARDS
from .cards import HAND_SIZE as HAND_SIZE
from .cards import KITTY_SIZE_BOUNDS as KITTY_SIZE_BOUNDS
from .cards import MAX_COPIES as MAX_COPIES
from .cards import NUM_KINDS as NUM_KINDS
from .cards import RANKS as RANKS
from .cards import RED_JOKER as RED_JOKER
from .cards import SUITS as SUITS
from .cards import TALON_SIZE as TALON_SIZE
from .cards import CardLike as CardLike
from .declare import Declaration, flip_talon, legal_declarations
from .errors import IllegalActionError, IllegalPlayError, NothingToUndoError, UnreachableStateError
from .follow import follow_extensions, is_legal_follow, legal_follows
from .format import Kind as Kind
from .format import decompose
from .information import OBSERVATION_SHAPE
from .playout import random_playout, random_playouts
from .resample import RESAMPLE_TRIES
from .resample import _draw_kitty as _draw_kitty
from .resample import _DrawOrders as _DrawOrders
from .resample import _kitty_choices_bound as _kitty_choices_bound
from .resample import _Turn as _Turn
from .rng import Rng, derive_seed
from .round import Phase, State
from .rules import BID_OVERRIDE_CHOICES as BID_OVERRIDE_CHOICES
from .rules import FIRST_LANDLORD_CHOICES as FIRST_LANDLORD_CHOICES
from .rules import JOKER_DECLARATION_MIN_CHOICES as JOKER_DECLARATION_MIN_CHOICES
from .rules import KITTY_MULTIPLIER_CHOICES as KITTY_MULTIPLIER_CHOICES
from .rules import NEGATIVE_POINTS_CHOICES as NEGATIVE_POINTS_CHOICES
from .rules import THROW_PENALTY_CHOICES as THROW_PENALTY_CHOICES
from .rules import Rules, RulesLike
from .scoring import PENALTY_PER_ATTEMPT as PENALTY_PER_ATTEMPT
from .scoring import PENALTY_PER_CARD as PENALTY_PER_CARD
from .scoring import RoundOutcome, kitty_bonus, level_outcome, round_outcome
from .throw import FAILED_THROW_CHOICES as FAILED_THROW_CHOICES
from .throw import check_throw
from .trick import TOTAL_POINTS as TOTAL_POINTS
from .trick import card_points, trick_points, trick_winner
from .trump import TRUMPS as TRUMPS
from .trump import Trump

__all__ = [
    "DECK",
    "DECLARE_BLACK_JOKERS",
    "DECLARE_PAIR",
    "DECLARE_RED_JOKERS",
    "DECLARE_SINGLE",
    "DISCARD",
    "FINISH",
    "NUM_ACTIONS",
    "NUM_PLAYERS",
    "OBSERVATION_SHAPE",
    "PASS",
    "PLAY",
    "RESAMPLE_TRIES",
    "Declaration",
    "IllegalActionError",
    "IllegalPlayError",
    "NothingToUndoError",
    "Phase",
    "Rng",
    "RoundOutcome",
    "Rules",
    "RulesLike",
    "State",
    "Trump",
    "UnreachableStateError",
    "action_to_string",
    "card_points",
    "check_throw",
    "decompose",
    "derive_seed",
    "flip_talon",
    "follow_extensions",
    "is_legal_follow",
    "kitty_bonus",
    "legal_declarations",
    "legal_follows",
    "level_outcome",
    "parse_card",
    "random_playout",
    "random_playouts",
    "round_outcome",
    "string_to_action",
    "trick_points",
    "trick_winner",
]
