"""The round: `State`, from the draw to the scoring, as a state machine (docs/tractor-protocol.md; Rust:
``round.rs``).

The draw deals one card at a time and stops only where a player may declare (R13-R18); after the 100th card
(the 4h-th under ``kitty_size``, F5, F6) a final window offers each player one more chance; then the trump is
fixed or the cards redealt (R19-R22, F5), the starter takes the talon and discards the kitty (R23, R24; no
kitty phase without a kitty, F5), and the tricks are played card by card (R25-R39) and scored (R40-R48).
`State` also has the search protocol; what a seat knows is computed in `information`, saves in `saving` and
resampling in `resample`.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Literal

from . import information, saving
from .actions import (
    DISCARD,
    FINISH,
    NUM_ACTIONS,
    PASS,
    PLAY,
    action_to_string,
    string_to_action,
)
from .cards import (
    DECK,
    DECK_SIZE,
    MAX_COPIES,
    NUM_KINDS,
    NUM_PLAYERS,
    CardLike,
    _deal,
    _ids,
    _kind_id,
    _rank_text,
    _take_out,
    _texts,
)
from .declare import Declaration, _declaration_ids, _declared_cards, _flip_result, _no_trump
from .errors import IllegalActionError, NothingToUndoError, UnreachableStateError
from .follow import _follow_next
from .origin import _check_round, _Setup
from .resample import _UNIFORM_VOID_TRIES, RESAMPLE_TRIES, _HiddenCards, _Rejected
from .rng import _check_seed, _generator
from .rules import Rules, RulesLike
from .scoring import (
    ACE,
    NO_TRUMP_LEVEL,
    RoundOutcome,
    _throw_penalty,
    kitty_bonus,
    level_outcome,
    round_outcome,
)
from .throw import check_throw
from .trick import card_points, trick_winner
from .trump import Trump

Phase = Literal["draw", "kitty", "play", "done"]


class State:
    """One round of Tractor, from the draw to the scoring (docs/tractor-protocol.md).

    Build it with `State.new` (a seeded random round), `State.from_cards` (a play-phase position) or
    `State.from_stack` (a draw from an explicit stack). Play it with `legal_actions` / `apply_action`; `undo`
    takes an action back. The whole state is a function of the setup, the options and `history`.
    """

    # ---- construction --------------------------------------------------------------------------------------

    def __init__(
        self,
        seed: int = 0,
        rules: RulesLike | None = None,
        levels: Sequence[int] = (2, 2),
        declarers: int | None = None,
        starter: int | None = None,
    ) -> None:
        """The same as `State.new`."""
        self._rules = Rules.coerce(rules)
        parsed_levels, declarers, starter = _check_round(
            levels, declarers, starter, after_ace=self._rules.after_ace
        )
        self._setup = _Setup(parsed_levels, declarers, starter, seed=_check_seed(seed))
        self._reset()

    @classmethod
    def new(
        cls,
        seed: int,
        rules: RulesLike | None = None,
        levels: Sequence[int] = (2, 2),
        declarers: int | None = None,
        starter: int | None = None,
    ) -> State:
        """A fresh round from a seeded shuffle. ``declarers=None`` is round 1: both levels equal, the trump
        rank is that level and the declaration decides the declarers (R21). Otherwise ``declarers`` is a team
        (0: seats 0 and 2, 1: seats 1 and 3), ``starter`` a seat of it, the trump rank that team's level."""
        return cls(seed, rules, levels, declarers, starter)

    @classmethod
    def from_stack(
        cls,
        stack: Sequence[CardLike],
        rules: RulesLike | None = None,
        levels: Sequence[int] = (2, 2),
        declarers: int | None = None,
        starter: int | None = None,
        first_drawer: int = 0,
        seed: int = 0,
    ) -> State:
        """A round drawn from an explicit stack of all 108 cards (``stack[0]`` is drawn first, by
        ``first_drawer`` in round 1, by ``starter`` in later rounds, R14). A redeal (R19, F5) shuffles it with
        ``Rng(seed)``. Under a ``kitty_size`` that takes cards out (F5), the last copies of them in the stack
        are moved to its end first (see `_take_out`; a stack that ends with them is drawn as it is)."""
        ids = _ids(stack, "the stack")
        if len(ids) != DECK_SIZE or set(Counter(ids).values()) != {MAX_COPIES}:
            raise ValueError(f"the stack must hold all {DECK_SIZE} cards, each kind twice (R2)")
        if isinstance(first_drawer, bool) or not isinstance(first_drawer, int) or not 0 <= first_drawer < 4:
            raise ValueError(f"first_drawer must be a seat 0..3, got {first_drawer!r}")
        state = object.__new__(cls)
        state._rules = Rules.coerce(rules)
        parsed_levels, declarers, starter = _check_round(
            levels, declarers, starter, after_ace=state._rules.after_ace
        )
        state._setup = _Setup(
            parsed_levels,
            declarers,
            starter,
            seed=_check_seed(seed),
            stack=tuple(ids),
            first_drawer=first_drawer,
        )
        state._reset()
        return state

    @classmethod
    def from_cards(
        cls,
        hands: Sequence[Sequence[CardLike]],
        kitty: Sequence[CardLike],
        trump: Trump,
        starter: int,
        declarers: int,
        rules: RulesLike | None = None,
        levels: Sequence[int] | None = None,
    ) -> State:
        """A play-phase position: four hands of one size 1..h (``hands[seat]``), a kitty of at most k cards,
        the trump, the seat that leads first (``starter``) and the declaring team; h = 25 and k = 8 (R13), or
        the deal of ``kitty_size`` (F5: k, and h = (108 - k - r) / 4 with r = (108 - k) mod 4, so 26 for
        k = 1..4 and 27 for k = 0). No kind more than twice in all (R2), counting the cards ``kitty_size``
        takes out at the declarers' level (F5). Default levels: the declarers at the trump rank (2 without
        one), the opponents at 2. The trump's ``plain_suit_gap_closing`` is taken from the rules. Declarers
        at the level NT (15, under ``after_ace = "no_trump_level"``) need the trump ``Trump(None, None)``
        (F12)."""
        parsed_rules = Rules.coerce(rules)
        if isinstance(hands, str) or len(hands) != NUM_PLAYERS:
            raise ValueError(f"expected {NUM_PLAYERS} hands, got {len(hands)}")
        parsed_hands = tuple(tuple(sorted(_ids(hand, f"hand {seat}"))) for seat, hand in enumerate(hands))
        parsed_kitty = tuple(_ids(kitty, "the kitty"))
        held = _ids(_texts([*(card for hand in parsed_hands for card in hand), *parsed_kitty]), "the cards")
        if not isinstance(trump, Trump):
            raise ValueError(f"trump must be a Trump, got {trump!r}")
        trump = Trump(trump.rank, trump.suit, parsed_rules.plain_suit_gap_closing)
        if isinstance(starter, bool) or not isinstance(starter, int) or not 0 <= starter < NUM_PLAYERS:
            raise ValueError(f"starter must be a seat 0..3, got {starter!r}")
        if isinstance(declarers, bool) or declarers not in (0, 1):
            raise ValueError(f"declarers must be a team 0 or 1, got {declarers!r}")
        if levels is None:
            own = 2 if trump.rank is None else trump.rank
            parsed_levels = (own, 2) if declarers == 0 else (2, own)
        else:
            parsed_levels, _, _ = _check_round(
                levels, None, None, equal=False, after_ace=parsed_rules.after_ace
            )
        if parsed_levels[declarers] == NO_TRUMP_LEVEL and trump.rank is not None:
            # F12: the declarers' level NT is played as a no-trump round without a rank.
            raise ValueError(f"at the declarers' level NT (15) the trump is Trump(None, None), got {trump!r}")
        # F5: the deal of kitty_size, with the cards it takes out at the declarers' level.
        deal = _deal(parsed_rules.kitty_size, parsed_levels[declarers])
        sizes = {len(hand) for hand in parsed_hands}
        if len(sizes) != 1 or not 1 <= sizes.pop() <= deal.hand:
            raise ValueError(f"the hands must have one size 1..{deal.hand}, got {[len(h) for h in hands]}")
        if len(parsed_kitty) > deal.kitty:
            raise ValueError(f"the kitty has {len(parsed_kitty)} cards, at most {deal.kitty}")
        counts = Counter(held)
        for kind, out in Counter(deal.taken_out).items():
            if counts[kind] + out > MAX_COPIES:
                raise ValueError(
                    f"the cards hold {counts[kind]} copies of {DECK[kind]} (the deck has {MAX_COPIES}, and"
                    f" kitty_size = {deal.kitty} takes {out} out, F5)"
                )
        state = object.__new__(cls)
        state._rules = parsed_rules
        state._setup = _Setup(
            parsed_levels, declarers, starter, hands=parsed_hands, kitty=parsed_kitty, trump=trump
        )
        state._reset()
        return state

    def _reset(self) -> None:
        """Back to the start of the round: no action taken."""
        setup = self._setup
        self._history: list[int] = []
        self._levels = setup.levels
        self._round1 = setup.declarers is None
        self._declarers: int | None = setup.declarers
        self._starter: int | None = setup.starter
        self._rank = setup.levels[0] if setup.declarers is None else setup.levels[setup.declarers]  # R5
        # F5: the hands, the talon and the cards taken out, at the round's rank (the declarers' level).
        self._deal = _deal(self._rules.kitty_size, self._rank)
        self._rng = _generator(setup.seed, setup.rng)
        self._stack: list[int] = []
        self._first = 0
        self._deals = 0
        self._drawn = 0
        self._window = 0  # final-window seats already called (R18)
        self._decider: int | None = None  # the seat that may declare or pass now
        self._standing: Declaration | None = None
        self._first_declarer: int | None = None  # F10: the first seat that declared in this deal
        self._hands: list[Counter[int]] = [Counter() for _ in range(NUM_PLAYERS)]
        self._talon: list[int] = []
        self._turned = 0  # talon cards turned over by R20
        self._kitty: list[int] = []
        self._trump: Trump | None = None
        self._leader = 0
        self._trick: list[tuple[int, list[int]]] = []  # completed plays of the trick in progress
        self._partial: list[int] = []  # the play being built, in the order the cards were added
        self._tricks: list[list[tuple[int, list[int]]]] = []
        self._trick_winners: list[int] = []
        self._points = 0  # P, R40-R42, as it runs (it may go below 0, R42)
        self._trick_points = [0, 0]
        self._kitty_bonus = 0
        self._failed_throws = 0
        self._phase: Phase = "draw"
        # What the history does not say (information_state_key, observation): where this deal's draw stopped
        # for a seat to declare or pass, as (cards drawn, final-window turns), and the cards each seat
        # exposed to declare in this deal (R15, R18: they stay in the hand, but everyone has seen them).
        self._stops: list[tuple[int, int]] = []
        self._exposed: list[Counter[int]] = [Counter() for _ in range(NUM_PLAYERS)]

        if setup.hands is not None:  # from_cards: straight to the play
            assert setup.trump is not None and setup.starter is not None
            self._hands = [Counter(hand) for hand in setup.hands]
            self._kitty = list(setup.kitty)
            self._trump = setup.trump
            if setup.trump.rank is not None:
                self._rank = setup.trump.rank
            self._leader = setup.starter
            self._first = setup.starter
            self._drawn = self._deal.drawn  # the draw is over
            self._phase = "play"
            return

        if setup.stack is None:
            if not self._round1:
                self._first = self._starter_seat()  # R14: in later rounds the starter draws first
            elif self._rules.first_drawer_round1 == "random":
                self._first = self._rng.below(NUM_PLAYERS)  # R14: by lot, before the shuffle
            self._stack = [kind for kind in range(NUM_KINDS) for _ in range(MAX_COPIES)]
            self._rng.shuffle(self._stack)  # R13
        else:
            self._first = setup.first_drawer if self._round1 else self._starter_seat()
            self._stack = list(setup.stack)
        self._start_deal()
        self._advance_draw()

    def _starter_seat(self) -> int:
        assert self._starter is not None
        return self._starter

    def _start_deal(self) -> None:
        """A (re)deal from the current stack: empty hands, nothing declared."""
        self._deals += 1
        for restack in self._setup.restacks:
            if restack.deal == self._deals:
                # A resampled round (`resample`): this deal's stack was dealt again, and a later redeal
                # draws from a fresh generator.
                self._stack = list(restack.stack)
                self._rng = _generator(0, restack.after)
        # F5: the cards taken out go to the end of the stack (no change when nothing is taken out).
        self._stack = _take_out(self._stack, self._deal.taken_out)
        self._drawn = 0
        self._window = 0
        self._decider = None
        self._standing = None
        self._first_declarer = None  # F10: a redeal starts afresh (R19)
        self._hands = [Counter() for _ in range(NUM_PLAYERS)]
        # R13: the talon is the 8 cards after the 100 drawn (F6: the k after the 4h drawn).
        self._talon = self._stack[self._deal.drawn : self._deal.talon_end]
        self._turned = 0
        self._stops = []
        self._exposed = [Counter() for _ in range(NUM_PLAYERS)]

    # ---- the search protocol -------------------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        """Always 4 (R1)."""
        return NUM_PLAYERS

    @property
    def current_player(self) -> int | None:
        """The seat to act, or None once the round is over."""
        if self._phase == "draw":
            return self._decider
        if self._phase == "kitty":
            return self._starter
        if self._phase == "play":
            return (self._leader + len(self._trick)) % NUM_PLAYERS  # R25: counterclockwise
        return None

    @property
    def is_terminal(self) -> bool:
        """Whether the round is over (all hands played out)."""
        return self._phase == "done"

    def legal_actions(self) -> list[int]:
        """The legal action ids, in increasing order (empty once the round is over)."""
        if self._phase == "draw":
            seat = self._decider
            assert seat is not None
            return [*_declaration_ids(self._hands[seat], seat, self._rank, self._standing, self._rules), PASS]
        if self._phase == "kitty":
            hand = self._hands[self._starter_seat()]
            return [DISCARD + kind for kind in sorted(hand)]  # R23: any card
        if self._phase == "play":
            return self._play_actions()
        return []

    def apply_action(self, action: int) -> None:
        """Take a legal action. An illegal or unknown action raises `IllegalActionError`, changing nothing."""
        if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < NUM_ACTIONS:
            raise IllegalActionError(f"not a Tractor action id: {action!r} (expected 0..{NUM_ACTIONS - 1})")
        if action not in self.legal_actions():
            raise IllegalActionError(
                f"illegal action {action} ({self.action_to_string(action)}) in phase {self._phase!r}"
                f" for seat {self.current_player}"
            )
        self._do(action)

    def undo(self) -> None:
        """Take back the last action; `NothingToUndoError` if there is none."""
        if not self._history:
            raise NothingToUndoError("no action to undo")
        earlier = self._history[:-1]
        self._reset()
        for action in earlier:
            self._do(action)

    def clone(self) -> State:
        """An independent copy."""
        other = object.__new__(State)
        memo: dict[int, object] = {id(self._rules): self._rules, id(self._setup): self._setup}
        if self._trump is not None:
            memo[id(self._trump)] = self._trump
        other.__dict__.update(copy.deepcopy(self.__dict__, memo))
        return other

    def __copy__(self) -> State:
        return self.clone()

    def __deepcopy__(self, memo: dict[int, object]) -> State:
        return self.clone()

    def returns(self) -> list[int]:
        """Per seat, zero before the end; at the end, with R43's outcome of P (F33: under the options
        ``negative_points`` and ``deadzone``), each declarer gets ``+levels`` when the declarers hold and
        ``-(1 + levels)`` when the opponents take over, each opponent the negation. Sums to 0."""
        if self._phase != "done":
            return [0] * NUM_PLAYERS
        rules = self._rules
        hold, levels = level_outcome(
            self._points, negative_points=rules.negative_points, deadzone=rules.deadzone
        )
        amount = levels if hold else -(1 + levels)
        declarers = self._declaring_team()
        return [amount if seat % 2 == declarers else -amount for seat in range(NUM_PLAYERS)]

    def history(self) -> list[int]:
        """The actions applied so far."""
        return list(self._history)

    def action_to_string(self, action: int) -> str:
        """See the module function `action_to_string`; declarations name this round's trump rank. A round at
        the level NT has none (F12): its rank declarations, never legal, name the ace (``declare AH``), as
        the Rust engine writes them."""
        return action_to_string(action, min(self._rank, ACE))

    def string_to_action(self, text: str) -> int:
        """See the module function `string_to_action`; a declaration must name this round's trump rank (the
        ace in a round at the level NT, where no declaration is legal, F12)."""
        return string_to_action(text, min(self._rank, ACE))

    def legal_action_mask(self) -> list[bool]:
        """``mask[a]`` is whether action ``a`` is legal now, for every id ``0..NUM_ACTIONS - 1``. A plain
        ``list[bool]`` (this module uses the standard library only); the Rust engine returns the same values
        as a numpy bool array."""
        legal = set(self.legal_actions())
        return [action in legal for action in range(NUM_ACTIONS)]

    # ---- what a seat knows (docs/tractor-protocol.md, "What a seat knows"), computed in `information` ------

    def information_state_key(self, player: int) -> int:
        """A 64-bit int equal for two rounds exactly when ``player``'s information in them is equal (up
        to hash collisions): the setup and options, the cards it drew and where, after which draws the
        draw stopped for someone to declare or pass (R18), the talon if it is the starter (R23) and the
        talon cards turned over (R20), the kitty once it knows it, every card played and what each lead
        really led (a failed throw's forced component, R34), and the history with another starter's
        discards hidden. For a `from_cards` position: its cards there and the trump. The cards of a deal
        abandoned by a redeal (R19) are not part of it. It is a blake2b hash of a canonical repr, stable
        across runs and processes; not the Rust engine's value, but the same equivalence."""
        return information.information_key(self, player)

    def observation(self, player: int) -> list[float]:
        """What ``player`` may know as ``OBSERVATION_SHAPE[0] == 939`` numbers, in the layout of the Rust
        engine's ``observe`` (``rust/core/src/tractor/information.rs``), element for element: the same values
        rounded to float32, in a plain list (the Rust engine returns a numpy float32 array).

        Seats are counted from ``player`` (relative seat r is ``player + r``); a card plane is 54 numbers,
        one per card id, holding copies / 2.

        ======  =====  ==================================================================================
        offset  size   what
        ======  =====  ==================================================================================
        0       54     the player's hand (a play being built is still in it)
        54      4x54   cards played in completed tricks, by relative seat
        270     4x54   the completed plays of the trick on the table, by relative seat
        486     54     the play being built, if the player is to act
        540     4x54   cards exposed to declare in this deal (R15), by relative seat
        756     54     the kitty, if the player is the starter (kitty and play phases) or the round is over
        810     54     the talon cards turned over (R20)
        864     14     the trump's rank 2..A, or none (no trump rank, R9)
        878     5      the trump suit C D H S, or none
        883     13     the round's rank (the one declarations name, R5); none at NT
        896     4      the phase: draw, kitty, play, done
        900     2      levels / 14: the player's team, the other (15/14 at NT)
        902     3      the declarers: the player's team, the other, not known yet
        905     4      the starter, by relative seat
        909     4      the trick's leader (play phase only)
        913     4      the seat to act
        917     7      the standing declaration: its maker (4), single / pair / joker pair (3)
        924     4      P / 200 (as it runs, R42); trick points us / 200, them / 200; kitty bonus / 200
        928     1      cards drawn / 4h (/ 100 under R13's deal; F5, F6)
        929     4      the lead: cards / h (25), pairs, longest tractor / 12 (h // 2 if more; 0: none), throw
        933     1      failed throws so far / h (25)
        934     5      options: self-reinforce, red over black, gap closing, tractor_follow full, exp kitty
        ======  =====  ==================================================================================
        """
        return information.observe(self, player)

    # ---- saving: the JSON of the Rust engine (written and read in `saving`), pickling ----------------------

    def to_json(self) -> str:
        """This round as the JSON text the Rust engine's ``to_json`` writes (see ``rust/core/src/save.rs`` and
        ``rust/core/src/tractor/saving.rs``), so that either engine loads the other's saves with the same
        history::

            {"game": "tractor", "format": 1, "rules": {...}, "levels": [a, b], "start": ...,
             "history": ["declare 2H", "discard 5S", ...]}

        ``start`` is ``{"deal": {"rng": [4 generator state words], "declarers": ..., "starter": ...}}``
        for a dealt round, with ``"restacks": [{"deal": n, "stack": "108 cards", "after": [4 words]}]``
        for the deals of a resampled round drawn from given stacks, or ``{"position": {"hands", "kitty",
        "trump": [rank, suit], "starter", "declarers"}}`` for `from_cards`.

        A round from `from_stack` is written as a dealt round whose first deal is restacked (its redeals
        keep the ``Rng(seed)`` generator); a round-1 first drawer other than seat 0 under
        ``first_drawer_round1 = "seat0"`` cannot be written that way and raises ValueError."""
        return saving.to_json(self)

    @classmethod
    def from_json(cls, text: str | bytes) -> State:
        """The round saved by `to_json` (by either engine): its start rebuilt, then its history replayed
        action by action with every legality check. Anything inconsistent raises
        ``tricktaker.errors.InvalidStateError`` saying what."""
        return saving.from_json(cls, text)

    # ---- what a seat cannot see (the workings are in `resample`) -------------------------------------------

    def resample(self, player: int, seed: int) -> State:
        """A round `player` cannot tell from this one: every card hidden from it dealt again at random among
        the deals consistent with everything it saw.

        Hidden from a seat are the cards the others drew (and where in the stack), the undrawn stack, and the
        talon and the kitty of another starter (R23, R24; the kitty is shown once the round is over, R41).
        Everything the seat saw constrains them: the cards each seat played, the voids they showed (R28),
        follows that kept no pair or tractor where the hand had one (R30-R32), the throws that failed or
        stood (R33, R34), the cards exposed to declare (R15) and thrown and taken back, the talon turned over
        (R20), and, during the draw, after which cards each drawer could declare and when it could not (R18).

        How: the cards no seat is known to hold are shuffled and dealt into the places left (each other
        seat's draws, the undrawn stack, the kitty); a deal that gives a seat a card of a suit it showed void
        in is dealt again. Each other seat's cards are then put in its draw positions in an order drawn
        uniformly among the orders that make it stop to declare exactly where it did (counted exactly over
        its trump-rank cards and jokers, the only cards that decide it). Another starter's kitty is drawn
        uniformly from its unplayed cards, and its discards in the history rewritten with it. The whole
        history is then replayed with every legality check, and the deal kept only if the same seats stopped
        at the same draws and the same throws failed the same way. (Cheap checks of the voids, follows and
        throws turn down some deals before the replay would; a kitty that would hold a card seen in the
        starter's hand since is turned down as it is drawn: see `_draw_kitty`.)

        Rejection from a uniform proposal keeps the result uniform: a position from `from_cards` is resampled
        uniformly over the deals consistent with what the seat saw; after a draw, the hands are uniform among
        those consistent with everything seen and, given the hands, the stack order is uniform among the
        consistent ones. The deals abandoned by a redeal (R19) are kept, and a later redeal of the resampled
        round draws from a fresh generator. After 64 uniform deals have broken a shown void, the cards are
        dealt around the voids instead: the cards fewest seats may hold first, each to a place that may hold
        it with odds proportional to the room left there.

        The randomness comes from ``random.Random(seed)``. Raises `UnreachableStateError` after
        `RESAMPLE_TRIES` deals, which never happens to a round reached by play.
        """
        self._check_seat(player)
        chooser = random.Random(_check_seed(seed))
        hidden = _HiddenCards(self, player)
        void_misses = 0  # uniform deals that broke a shown void
        for _ in range(RESAMPLE_TRIES):
            try:
                return hidden.propose(chooser, around_voids=void_misses >= _UNIFORM_VOID_TRIES)
            except _Rejected as rejected:
                if rejected.void:
                    void_misses += 1
        raise UnreachableStateError(
            f"no deal found in {RESAMPLE_TRIES} tries under which seat {player} would see this round as it"
            " is: the round cannot be reached by play"
        )

    def _rebuilt(self, setup: _Setup) -> State:
        """A round of these options at the start of ``setup``, no action taken."""
        state = object.__new__(State)
        state._rules = self._rules
        state._setup = setup
        state._reset()
        return state

    # ---- read-only views -----------------------------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        """The options of this round."""
        return self._rules

    @property
    def phase(self) -> Phase:
        """``"draw"`` (drawing and declaring), ``"kitty"``, ``"play"`` or ``"done"``."""
        return self._phase

    @property
    def levels(self) -> tuple[int, int]:
        """The teams' levels (team 0, team 1) at the start of the round."""
        return self._levels

    @property
    def rank(self) -> int:
        """The round's trump rank (R5), the one declarations name; the trump has none after a joker pair
        (R9), unless ``joker_pair_declaration_keeps_rank`` (F12). 15 at the declarers' level NT (F35), a
        no-trump round without a rank and without declarations (F12)."""
        return self._rank

    @property
    def declarers(self) -> int | None:
        """The declaring team (0: seats 0 and 2, 1: seats 1 and 3); None in round 1 until the trump is
        fixed."""
        return self._declarers

    @property
    def starter(self) -> int | None:
        """The starter's seat (takes the talon, leads the first trick); None in round 1 until it is known."""
        return self._starter

    @property
    def first_drawer(self) -> int:
        """The seat that drew the first card (R14)."""
        return self._first

    @property
    def trump(self) -> Trump | None:
        """The trump of the round, None while the draw goes on."""
        return self._trump

    @property
    def declaration(self) -> tuple[int, str] | None:
        """The standing declaration as ``(seat, action text)``, or None."""
        if self._standing is None:
            return None
        return self._standing.seat, self.action_to_string(self._standing.action)

    @property
    def points(self) -> int:
        """P so far (R40-R42, F31): the opponents' trick points, the throw penalties and the kitty bonus.
        Under ``negative_points = "clamp"`` (default) a negative P is reported as 0 (R43, F33), under
        ``"extra_levels"`` as it is; see `raw_points`."""
        if self._rules.negative_points == "clamp":
            return max(self._points, 0)
        return self._points

    @property
    def raw_points(self) -> int:
        """P so far as it runs, possibly negative (R42)."""
        return self._points

    @property
    def trick_points(self) -> tuple[int, int]:
        """The card points (R3) in the tricks each team has taken (team 0, team 1); no penalties, no kitty."""
        return (self._trick_points[0], self._trick_points[1])

    @property
    def kitty_bonus(self) -> int:
        """R41: what the kitty added to P (0 until an opponent wins the last trick)."""
        return self._kitty_bonus

    @property
    def failed_throws(self) -> int:
        """How many throws failed so far (R34)."""
        return self._failed_throws

    @property
    def deals(self) -> int:
        """The number of deals made, redeals included (R19); 0 for a position from `from_cards`."""
        return self._deals

    @property
    def drawn(self) -> int:
        """How many cards of the current deal have been drawn (4h once the draw is over, and for
        `from_cards`: 100 under R13's deal, F5's h cards to each seat under ``kitty_size``)."""
        return self._drawn

    @property
    def hand_size(self) -> int:
        """The cards each player draws: 25 (R13), or h = (108 - k - r) / 4 under ``kitty_size = k`` (F5)."""
        return self._deal.hand

    def taken_out(self) -> list[str]:
        """The cards taken out of the deck so that the hands are equal (F5: r = (108 - k) mod 4 copies of the
        lowest of 2, 3, 4, 6, 7, 8, 9, J, Q, A that is not the round's rank, clubs, diamonds, hearts; none by
        default), in that order, the order they end the stack in. They hold no points, take no part in the
        round and are known to everyone."""
        return _texts(self._deal.taken_out)

    def hand(self, seat: int) -> list[str]:
        """The cards ``seat`` holds now, in id order; the cards of a play being built are still in it."""
        self._check_seat(seat)
        return _texts(sorted(self._hands[seat].elements()))

    @property
    def kitty(self) -> list[str]:
        """The cards discarded into the kitty so far, in the order discarded (R23, R24)."""
        return _texts(self._kitty)

    @property
    def talon(self) -> list[str]:
        """The talon cards of the current deal in stack order: 8 (R13), or ``kitty_size`` (F5, F6); empty for
        `from_cards`."""
        return _texts(self._talon)

    @property
    def turned(self) -> int:
        """How many talon cards R20 turned over (0 when a declaration fixed the trump, and in a new deal)."""
        return self._turned

    @property
    def leader(self) -> int:
        """The seat that leads (or led) the trick in progress."""
        return self._leader

    def current_trick(self) -> list[tuple[int, list[str]]]:
        """The completed plays of the trick in progress, lead first, as ``(seat, cards in id order)``. A
        failed throw shows as the forced lead."""
        return [(seat, _texts(cards)) for seat, cards in self._trick]

    def partial_play(self) -> list[str]:
        """The cards of the play being built, in the order they were added."""
        return _texts(self._partial)

    def completed_tricks(self) -> list[list[tuple[int, list[str]]]]:
        """The tricks played so far, each as its plays ``(seat, cards)`` from the lead."""
        return [[(seat, _texts(cards)) for seat, cards in trick] for trick in self._tricks]

    def trick_winners(self) -> list[int]:
        """The seat that won each completed trick."""
        return list(self._trick_winners)

    def outcome(self) -> RoundOutcome | None:
        """R43-R47 applied to this round once it is over (None before)."""
        if self._phase != "done":
            return None
        return round_outcome(
            self._points, self._levels, self._declaring_team(), self._starter_seat(), self._rules
        )

    def __repr__(self) -> str:
        return (
            f"<tractor.State phase={self._phase}"
            f" rank={'NT' if self._rank == NO_TRUMP_LEVEL else _rank_text(self._rank)} trump={self._trump!r}"
            f" declarers={self._declarers} starter={self._starter} actions={len(self._history)}>"
        )

    # ---- the rules -----------------------------------------------------------------------------------------

    def _check_seat(self, seat: int) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < NUM_PLAYERS:
            raise ValueError(f"seat must be 0..{NUM_PLAYERS - 1}, got {seat!r}")

    def _declaring_team(self) -> int:
        assert self._declarers is not None
        return self._declarers

    def _current_trump(self) -> Trump:
        assert self._trump is not None
        return self._trump

    def _advance_draw(self) -> None:
        """Draw on until a player has a declaration to make or decline, or the draw is over (R13-R20)."""
        while self._phase == "draw":
            if self._drawn < self._deal.drawn:
                # R13: card k of the stack goes to seat first + k, counterclockwise.
                seat = (self._first + self._drawn) % NUM_PLAYERS
                self._hands[seat][self._stack[self._drawn]] += 1
                self._drawn += 1
            elif self._window < NUM_PLAYERS:
                # R18: the final window, each seat once from the first drawer on.
                seat = (self._first + self._window) % NUM_PLAYERS
                self._window += 1
            else:
                self._end_draw()
                continue
            if self._rank == NO_TRUMP_LEVEL:
                continue  # F12: the level NT has no declarations; nobody is asked
            if _declaration_ids(self._hands[seat], seat, self._rank, self._standing, self._rules):
                self._decider = seat  # R15-R18: this player may declare now
                self._stops.append((self._drawn, self._window))  # seen by all: the draw stopped here
                return

    def _end_draw(self) -> None:
        """The trump is fixed (R18-R22), or the cards are redealt (R19; F5: a later round whose talon decides
        nothing); then the starter takes the talon, or, without a kitty (F5), leads."""
        standing = self._standing
        rules = self._rules
        flag = rules.plain_suit_gap_closing
        if self._rank == NO_TRUMP_LEVEL:
            # F12, third bullet: the level NT (a later round, so never redealt) is a no-trump round without
            # a rank, only the jokers trumps (keeps_rank does not apply), and no kitty flip (no R20).
            assert standing is None and not self._round1
            self._trump = Trump(None, None, flag)
        elif standing is None:
            flip = None
            if not self._round1:
                # R20; F11: under kitty_flip_joker_no_trump a joker turned first makes a no-trump round.
                flip = _flip_result(self._talon, self._rank, rules.kitty_flip_joker_no_trump)
            if flip is None:
                # R19: the current stack is shuffled again with the same generator; same first drawer. F5: so
                # is a later round's whose talon decides nothing (no kitty, or only jokers without F11).
                self._rng.shuffle(self._stack)
                self._start_deal()
                return
            suit, self._turned = flip
            if suit is None:
                self._trump = _no_trump(self._rank, rules.joker_pair_declaration_keeps_rank, flag)  # F12
            else:
                self._trump = Trump(self._rank, suit, flag)
        elif standing.suit is None:
            # R15c, R9: no trump suit and no trump rank; F12: the rank kept under keeps_rank.
            self._trump = _no_trump(self._rank, rules.joker_pair_declaration_keeps_rank, flag)
        else:
            self._trump = Trump(self._rank, standing.suit, flag)  # R15a/b
        if self._round1 and standing is not None:
            # R21: the team of the declaration that stands declares, and its maker starts; F10, under
            # first_declaration: the first seat that declared in this deal instead (the trump is unchanged).
            landlord = standing.seat
            if rules.first_landlord == "first_declaration":
                assert self._first_declarer is not None
                landlord = self._first_declarer
            self._declarers = landlord % 2
            self._starter = landlord
        starter = self._starter_seat()
        self._hands[starter].update(self._talon)  # R23: the starter takes the talon (33 cards; h + k, F5)
        if self._deal.kitty:
            self._phase = "kitty"
        else:
            self._phase = "play"  # F5: no kitty, nothing to discard
            self._leader = starter  # R25: the starter leads the first trick

    def _play_actions(self) -> list[int]:
        seat = (self._leader + len(self._trick)) % NUM_PLAYERS
        hand = self._hands[seat]
        partial = Counter(self._partial)
        trump = self._current_trump()
        if not self._trick:
            # A lead (R27): any first card, then more cards of its effective suit; `finish` ends it.
            if not self._partial:
                return sorted(hand)
            led = trump._suit_of_id(self._partial[0])
            more = [kind for kind in hand if hand[kind] > partial[kind] and trump._suit_of_id(kind) == led]
            return [*sorted(more), FINISH]
        lead = self._trick[0][1]
        rules = self._rules
        return _follow_next(
            hand,
            lead,
            partial,
            trump,
            tractor_follow=rules.tractor_follow,
            new_adjacency=rules.new_adjacency,
            format_based_draw=rules.format_based_draw,
            min_tractor_length=rules.min_tractor_length,
        )

    def _do(self, action: int) -> None:
        """Apply an action already known to be legal."""
        self._history.append(action)
        if self._phase == "draw":
            seat = self._decider
            assert seat is not None
            if action != PASS:
                self._standing = Declaration(seat, action)  # the cards stay in the hand (R18)
                if self._first_declarer is None:
                    self._first_declarer = seat  # F10
                self._exposed[seat] |= _declared_cards(action, self._rank)  # ... shown to all (R15)
            self._decider = None
            self._advance_draw()
        elif self._phase == "kitty":
            starter = self._starter_seat()
            self._take(starter, [action - DISCARD])
            self._kitty.append(action - DISCARD)  # R23
            if len(self._kitty) == self._deal.kitty:  # R23: 8 discards (F5: k)
                self._phase = "play"
                self._leader = starter  # R25: the starter leads the first trick
        elif self._phase == "play":
            if action == FINISH:
                self._finish_lead()
            else:
                self._partial.append(action - PLAY)
                if self._trick and len(self._partial) == len(self._trick[0][1]):
                    self._complete_play(list(self._partial))  # a follow ends at the lead's size (R26)
        else:  # pragma: no cover - legal_actions() is empty when the round is over
            raise AssertionError(f"no action can be applied in phase {self._phase!r}")

    def _take(self, seat: int, cards: Iterable[int]) -> None:
        hand = self._hands[seat]
        for kind in cards:
            hand[kind] -= 1
            if hand[kind] == 0:
                del hand[kind]

    def _finish_lead(self) -> None:
        """A lead is complete: a throw is checked against the three other hands, in turn order after the
        leader (R33, F26); a failed one is taken back for its forced component, at the penalty of
        ``throw_penalty`` (R34, R42, F27: by default 10 points per card taken back)."""
        trump = self._current_trump()
        leader = self._leader
        lead = list(self._partial)
        others = [_texts(self._hands[(leader + k) % NUM_PLAYERS].elements()) for k in range(1, NUM_PLAYERS)]
        failed = check_throw(
            _texts(lead),
            others,
            trump,
            failed_throw_forced=self._rules.failed_throw_forced,
            min_tractor_length=self._rules.min_tractor_length,  # F21: what is a throw (TV-F15)
        )
        if failed is not None:
            forced, taken_back = failed
            lead = [_kind_id(card) for card in forced]
            penalty = _throw_penalty(taken_back, self._rules.throw_penalty)
            # R42: a declarer's failed throw raises P, an opponent's lowers it.
            self._points += penalty if leader % 2 == self._declaring_team() else -penalty
            self._failed_throws += 1
        self._complete_play(lead)

    def _complete_play(self, cards: list[int]) -> None:
        """A play is complete: its cards leave the hand; after the fourth play the trick is decided."""
        seat = (self._leader + len(self._trick)) % NUM_PLAYERS
        self._take(seat, cards)
        self._trick.append((seat, sorted(cards)))
        self._partial = []
        if len(self._trick) == NUM_PLAYERS:
            self._finish_trick()

    def _finish_trick(self) -> None:
        """R35-R39 decide the trick; R40 counts it; R41 (F32) adds the kitty after the last trick."""
        trump = self._current_trump()
        plays = [cards for _, cards in self._trick]
        index = trick_winner(
            [_texts(cards) for cards in plays],
            trump,
            min_tractor_length=self._rules.min_tractor_length,
            throw_compare=self._rules.throw_compare,
        )
        winner = self._trick[index][0]
        points = sum(card_points(DECK[kind]) for cards in plays for kind in cards)
        team = winner % 2
        opponents_won = team != self._declaring_team()
        self._trick_points[team] += points
        if opponents_won:
            self._points += points  # R40: only the opponents collect card points
        self._tricks.append(self._trick)
        self._trick_winners.append(winner)
        self._trick = []
        self._leader = winner  # R25: the winner leads the next trick
        if not any(self._hands):
            if opponents_won:  # R41
                bonus = kitty_bonus(
                    _texts(self._kitty),
                    _texts(plays[0]),
                    trump,
                    self._rules.kitty_multiplier,
                    min_tractor_length=self._rules.min_tractor_length,
                )
                self._kitty_bonus = bonus
                self._points += bonus
            self._phase = "done"
