//! A Sheepshead hand as a state machine: deal, blitz, pick, bury, partner step, crack, play, settle, for every
//! form of the variants chapter (V1: 3 to 8 seats) and every partner method (V9–V16).
//!
//! [`State`] is `Copy` and allocation-free: the deal it started from and the actions applied since are kept
//! inline, so `undo` replays them and `clone` is a copy.

use super::actions::{
    Action, Pair, ALONE, BLITZ, BURY, CALLABLE, CALL_UP, CRACK, FIRST_TRICK, JACK_PARTNER, NO_BLITZ,
    NUM_ACTIONS, PASS, PICK, PLAY, RECRACK, UNDER,
};
use super::cards::{CardSet, SCard};
use super::greedy::RolloutPolicy;
use super::ranking::{suit_of, ESuit, Ranking};
use super::rules::{
    AllPass, CrackBy, Form, HoldCardLead, JackPickerHolds, Method, NoLegalCall, PartnerJack, RecrackBy,
    Rules, DEAL_MAPS, NOWHERE, TO_BLIND,
};
use super::scoring;
use crate::bits::{select128, select64};
use crate::cards::Suit;
use crate::error::ActionParseError;
use crate::game::Game;
use crate::rng::Rng;
use std::fmt;

/// Seats at the default table (R1), and the most any form has (V1).
pub const NUM_PLAYERS: usize = 5;
pub const MAX_PLAYERS: usize = 8;
/// Tricks in a hand of the default table (R21), and the most any form has (three players: ten).
pub const NUM_TRICKS: usize = 6;
pub const MAX_TRICKS: usize = 10;
/// The largest multiplier of a hand's settlement (V19's doublers), so that every return fits an `i32`.
pub const MAX_MULTIPLIER: u32 = 1 << 20;
/// The most actions a hand can take: 3 blitzes, 7 pick decisions, 4 buries, a call, an under, 7 crack turns and
/// 3 blitzes, 7 re-crack turns and 3 blitzes, 32 cards.
pub const MAX_ACTIONS: usize = 72;

/// Where a hand stands. The first six keep the numbers they had before the variants (observations use them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    Pick,
    Bury,
    Call,
    Under,
    Play,
    Done,
    /// V27: a seat decides whether to blitz a pair.
    Blitz,
    /// V25: the crack window.
    Crack,
    /// V26: the re-crack window.
    Recrack,
}

impl Phase {
    pub const fn name(self) -> &'static str {
        match self {
            Phase::Pick => "pick",
            Phase::Bury => "bury",
            Phase::Call => "call",
            Phase::Under => "under",
            Phase::Play => "play",
            Phase::Done => "done",
            Phase::Blitz => "blitz",
            Phase::Crack => "crack",
            Phase::Recrack => "recrack",
        }
    }
}

/// What is played when every active seat passes (V18–V23), once they have.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AllPassGame {
    Leaster,
    Moster,
    Schneidster,
    Schwanzer,
    Doubler,
    Redeal,
}

impl AllPassGame {
    pub const fn name(self) -> &'static str {
        match self {
            AllPassGame::Leaster => "leaster",
            AllPassGame::Moster => "moster",
            AllPassGame::Schneidster => "schneidster",
            AllPassGame::Schwanzer => "schwanzer",
            AllPassGame::Doubler => "doubler",
            AllPassGame::Redeal => "redeal",
        }
    }

    /// Whether the game is played out in tricks (V18).
    pub const fn is_trick_game(self) -> bool {
        matches!(self, AllPassGame::Leaster | AllPassGame::Moster | AllPassGame::Schneidster)
    }
}

/// The active seats of a table in pick order from the dealer's left (V0), and each seat's place in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Seating {
    /// Active seats in pick order, written twice so that `order[place + k]` needs no modulo.
    order: [u8; 2 * MAX_PLAYERS],
    /// Each seat's place in `order` (a sitting-out dealer: `u8::MAX`).
    place: [u8; MAX_PLAYERS],
    /// The active seat after each active seat, clockwise.
    next: [u8; MAX_PLAYERS],
    active: u8,
    players: u8,
    dealer: u8,
}

/// Every seating, built at compile time: by table (3 to 8 seats playing, then six with the dealer sitting
/// out) and dealer.
const SEATINGS: [[Seating; MAX_PLAYERS]; 7] = {
    let mut all = [[Seating::EMPTY; MAX_PLAYERS]; 7];
    let mut table = 0;
    while table < 7 {
        let (n, sits_out) = if table == 6 { (6, true) } else { (table as u8 + 3, false) };
        let mut dealer = 0;
        while dealer < n {
            all[table][dealer as usize] = Seating::build(n, sits_out, dealer);
            dealer += 1;
        }
        table += 1;
    }
    all
};

impl Seating {
    const EMPTY: Seating = Seating {
        order: [0; 2 * MAX_PLAYERS],
        place: [0; MAX_PLAYERS],
        next: [0; MAX_PLAYERS],
        active: 0,
        players: 0,
        dealer: 0,
    };

    /// The seating of `form` with `dealer` dealing (a valid seat).
    #[inline]
    pub fn new(form: &Form, dealer: u8) -> Seating {
        let table = if form.dealer_sits_out { 6 } else { form.players as usize - 3 };
        SEATINGS[table][dealer as usize]
    }

    /// Pick order runs from the dealer's left, all the way round, past a sitting-out dealer.
    const fn build(n: u8, sits_out: bool, dealer: u8) -> Seating {
        let active = n - sits_out as u8;
        let mut order = [0u8; 2 * MAX_PLAYERS];
        let mut place = [u8::MAX; MAX_PLAYERS];
        let mut next = [0u8; MAX_PLAYERS];
        let mut seat = dealer;
        let mut k = 0;
        while k < active {
            seat = (seat + 1) % n;
            if sits_out && seat == dealer {
                seat = (seat + 1) % n;
            }
            place[seat as usize] = k;
            order[k as usize] = seat;
            order[(k + active) as usize] = seat;
            k += 1;
        }
        let mut k = 0;
        while k < active as usize {
            next[order[k] as usize] = order[k + 1];
            k += 1;
        }
        Seating { order, place, next, active, players: n, dealer }
    }

    /// The active seats in pick order.
    pub fn order(&self) -> &[u8] {
        &self.order[..self.active as usize]
    }

    /// The active seat `k` places after `seat` (an active seat) clockwise.
    #[inline(always)]
    pub fn after(&self, seat: u8, k: u8) -> u8 {
        self.order[(self.place[seat as usize] + k) as usize]
    }

    /// The place of `seat` in pick order, `None` for a sitting-out dealer.
    pub fn place(&self, seat: u8) -> Option<u8> {
        Some(self.place[seat as usize]).filter(|&p| p != u8::MAX)
    }

    pub fn is_active(&self, seat: u8) -> bool {
        (seat as usize) < self.players as usize && self.place[seat as usize] != u8::MAX
    }

    pub const fn active(&self) -> u8 {
        self.active
    }

    pub const fn dealer(&self) -> u8 {
        self.dealer
    }
}

/// The cards as dealt: a hand for every seat (a sitting-out dealer's empty) and the blind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Deal {
    pub hands: [CardSet; MAX_PLAYERS],
    pub blind: CardSet,
}

/// What is wrong with a set of cards given as a deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DealError {
    Hands {
        given: usize,
        players: u8,
    },
    HandSize {
        seat: usize,
        size: usize,
        expected: u8,
    },
    BlindSize {
        size: usize,
        expected: u8,
    },
    Repeated {
        card: SCard,
    },
    NotInDeck {
        card: SCard,
    },
    Dealer {
        dealer: u8,
        players: u8,
    },
    Multiplier,
    /// V28: this seat's hand has no ace, king or trump, so the deal would be dealt again.
    Redealt {
        seat: usize,
    },
    /// The rules are of a form this part of the engine does not serve.
    Unsupported(String),
}

impl fmt::Display for DealError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DealError::Hands { given, players } => {
                write!(f, "{given} hands given; the table has {players} seats (V1)")
            }
            DealError::HandSize { seat, size, expected } => {
                write!(f, "seat {seat} has {size} cards; it is dealt {expected} (R8, V1)")
            }
            DealError::BlindSize { size, expected } => {
                write!(f, "the blind has {size} cards; it has {expected} (R8, V1)")
            }
            DealError::Repeated { card } => {
                write!(f, "{card} is dealt twice; the deck has one of each card (R2)")
            }
            DealError::NotInDeck { card } => {
                write!(f, "{card} is not in this form's deck: the 30-card game has no 7C or 7S (V1)")
            }
            DealError::Dealer { dealer, players } => {
                write!(f, "dealer {dealer} is not a seat 0-{}", players - 1)
            }
            DealError::Redealt { seat } => write!(
                f,
                "seat {seat} holds no ace, king or trump: under no_ace_face_trump_redeal the deal is dealt \
                 again (V28)"
            ),
            DealError::Multiplier => {
                write!(
                    f,
                    "the multiplier must be from 1 to {MAX_MULTIPLIER} (2**20), so that returns stay exact"
                )
            }
            DealError::Unsupported(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for DealError {}

impl From<DealError> for crate::error::InvalidState {
    fn from(e: DealError) -> crate::error::InvalidState {
        crate::error::InvalidState(e.to_string())
    }
}

impl From<DealError> for crate::error::Error {
    fn from(e: DealError) -> crate::error::Error {
        crate::error::Error::InvalidState(e.into())
    }
}

/// The form's deck shuffled (R8), and its cards at each place of the pick order and in the blind
/// ([`TO_BLIND`]), by deal map `SHAPE` of [`DEAL_MAPS`] (V2). The map and the deck's size are constants here,
/// so that each form's shuffle and deal are compiled for it.
#[inline(always)]
fn dealt_by<const SHAPE: usize>(rng: &mut Rng, form: &Form) -> [CardSet; MAX_PLAYERS + 1] {
    let map = const { DEAL_MAPS[SHAPE] };
    let len = const { DEAL_MAPS[SHAPE].len() - count_nowhere(&DEAL_MAPS[SHAPE]) };
    debug_assert_eq!(len, form.deck.len() as usize);
    let mut deck = *form.deck_order;
    rng.shuffle(&mut deck[..len]);
    let mut sets = [0u32; MAX_PLAYERS + 1];
    // Written out card by card: each place is then a constant, and the sets stay in registers.
    macro_rules! deal_positions {
        ($($i:literal)*) => {$(
            if map[$i] != NOWHERE {
                sets[map[$i] as usize] |= 1 << deck[$i];
            }
        )*};
    }
    deal_positions!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31);
    sets.map(CardSet)
}

/// The entries of a deal map past the end of its deck.
const fn count_nowhere(map: &[u8; 32]) -> usize {
    let (mut i, mut k) = (0, 0);
    while i < 32 {
        k += (map[i] == NOWHERE) as usize;
        i += 1;
    }
    k
}

impl Deal {
    /// R8, V2: the form's deck in index order, shuffled, dealt by the form's packets from the top to the active
    /// seats in pick order and to the blind.
    #[inline]
    pub fn shuffled(rng: &mut Rng, dealer: u8, form: &Form) -> Deal {
        Deal::shuffled_to(rng, form, &Seating::new(form, dealer))
    }

    /// [`Deal::shuffled`] to the seats of `seating`.
    #[inline]
    fn shuffled_to(rng: &mut Rng, form: &Form, seating: &Seating) -> Deal {
        let sets = match form.shape {
            0 => dealt_by::<0>(rng, form),
            1 => dealt_by::<1>(rng, form),
            2 => dealt_by::<2>(rng, form),
            3 => dealt_by::<3>(rng, form),
            4 => dealt_by::<4>(rng, form),
            5 => dealt_by::<5>(rng, form),
            6 => dealt_by::<6>(rng, form),
            _ => dealt_by::<7>(rng, form),
        };
        let mut hands = [CardSet::EMPTY; MAX_PLAYERS];
        for (&seat, &set) in seating.order().iter().zip(&sets) {
            hands[seat as usize] = set;
        }
        Deal { hands, blind: sets[TO_BLIND as usize] }
    }

    /// V28: the first seat whose hand holds no ace, no king and no trump (only fail sevens to tens), if any. A
    /// sitting-out dealer's empty hand does not count.
    pub fn seat_without_ace_face_trump(&self, form: &Form, dealer: u8) -> Option<usize> {
        (0..form.players as usize).find(|&s| {
            let h = self.hands[s];
            !(form.dealer_sits_out && s == dealer as usize)
                && h.into_iter().all(|c| suit_of(c) != ESuit::TRUMP && matches!(c.points(), 0 | 10))
        })
    }

    /// A seeded shuffle (R8) and, under `no_ace_face_trump_redeal`, the shuffles after it while a seat has no
    /// ace, king or trump (V28: the same dealer deals again).
    fn dealt(rng: &mut Rng, rules: &Rules, form: &Form, seating: &Seating) -> Deal {
        let dealer = seating.dealer();
        loop {
            let deal = Deal::shuffled_to(rng, form, seating);
            if !rules.no_ace_face_trump_redeal || deal.seat_without_ace_face_trump(form, dealer).is_none() {
                return deal;
            }
        }
    }

    /// Checks that the cards make a whole deal of `form` with `dealer` dealing (R2, R8, V1).
    pub fn new(hands: &[CardSet], blind: CardSet, form: &Form, dealer: u8) -> Result<Deal, DealError> {
        if hands.len() != form.players as usize {
            return Err(DealError::Hands { given: hands.len(), players: form.players });
        }
        if dealer >= form.players {
            return Err(DealError::Dealer { dealer, players: form.players });
        }
        let mut all = [CardSet::EMPTY; MAX_PLAYERS];
        let mut seen = CardSet::EMPTY;
        for (seat, &h) in hands.iter().enumerate() {
            let expected = if form.dealer_sits_out && seat == dealer as usize { 0 } else { form.hand_size };
            if h.len() != u32::from(expected) {
                return Err(DealError::HandSize { seat, size: h.len() as usize, expected });
            }
            all[seat] = h;
        }
        if blind.len() != u32::from(form.blind_size) {
            return Err(DealError::BlindSize { size: blind.len() as usize, expected: form.blind_size });
        }
        for part in hands.iter().chain([&blind]) {
            if let Some(card) = (seen & *part).first() {
                return Err(DealError::Repeated { card });
            }
            if let Some(card) = (*part - form.deck).first() {
                return Err(DealError::NotInDeck { card });
            }
            seen = seen | *part;
        }
        Ok(Deal { hands: all, blind })
    }
}

/// One Sheepshead hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    rules: Rules,
    form: Form,
    seating: Seating,
    ranking: &'static Ranking,
    dealer: u8,
    /// V19's D: the doubler factor a match carries into this hand.
    multiplier: u32,
    deal: Deal,
    /// The generator after the deal: it deals the next hand.
    rng: Rng,
    history: [u8; MAX_ACTIONS],
    num_actions: u8,

    phase: Phase,
    to_move: u8,
    hands: [CardSet; MAX_PLAYERS],
    picker: Option<u8>,
    bury: CardSet,
    /// The called card whose suit binds the picker's hold card (R18): a called ace or ten, an unknown ace
    /// (V11), the picker's own ace (V12), or a jack picker's ace call (V13 `call_ace`).
    called: Option<SCard>,
    /// Whether the holder of `called` has R19's duties (all but a jack picker's ace call).
    duty: bool,
    /// The card whose play reveals the partner: the called card, the partner jack or the called-up card.
    partner_card: Option<SCard>,
    /// The called-up card (V13), which is announced.
    called_up: Option<SCard>,
    /// The picker's partner, known to the engine (hidden from the others until revealed).
    partner: Option<u8>,
    partner_revealed: bool,
    /// V14: the winner of the first trick becomes the partner.
    first_trick_partner: bool,
    /// The picker announced ALONE (R20).
    alone: bool,
    under: Option<SCard>,
    called_suit_led: bool,
    all_pass: Option<AllPassGame>,
    /// V15: the seats of the black-queen side (a bit each), known to the engine from the deal.
    pair: u8,
    /// The cards whose play needs a second look ([`State::watched`]).
    watch: CardSet,
    /// The cards on the table in the trick being played.
    on_table: CardSet,

    /// V27: the pairs blitzed (a bit per [`Pair`]), the pair being decided, the seat whose blitz decisions come
    /// next, and the phase that follows them.
    blitzed: u8,
    blitzers: [u8; 3],
    deciding: Pair,
    after_blitz: Phase,
    /// V25, V26: who cracked and who re-cracked, and the turn in the window.
    cracked: Option<u8>,
    recracked: Option<u8>,
    window_turn: u8,

    trick_no: u8,
    leaders: [u8; MAX_TRICKS],
    winners: [u8; MAX_TRICKS],
    /// The cards played, trick after trick, each in the order played (trick t at `t * active seats`).
    played: [SCard; 32],
    trick_len: u8,
    /// The suit led to the current trick, and the place in it and power of the best card so far (R25).
    led: ESuit,
    best: u8,
    best_power: u8,
    points: [u8; MAX_PLAYERS],
    tricks_won: [u8; MAX_PLAYERS],
    first_trick: [Option<u8>; MAX_PLAYERS],
    returns: [i32; MAX_PLAYERS],
    /// Where the history starts when it is not the deal: a position in the card play
    /// ([`State::from_position`]).
    start: Option<Start>,
}

/// What a hand set up in the card play ([`State::from_position`]) holds at the start of its history, besides
/// the cards in each hand (the [`Deal`]'s hands; its blind is the leaster's blind, else empty).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Start {
    pub picker: Option<u8>,
    pub bury: CardSet,
    pub called: Option<SCard>,
    pub partner: Option<u8>,
    pub partner_revealed: bool,
    pub under: Option<SCard>,
    pub called_suit_led: bool,
    /// Tricks completed before the start (their cards are the ones in no hand, bury or blind).
    pub trick_no: u8,
    pub leader: u8,
    pub points: [u8; NUM_PLAYERS],
    pub tricks_won: [u8; NUM_PLAYERS],
    pub first_trick: [Option<u8>; NUM_PLAYERS],
}

const NO_CARD: SCard = match SCard::from_index(0) {
    Some(c) => c,
    None => unreachable!(),
};

/// The seats of a set of seats (a bit each).
#[inline]
fn seats(mut set: u8) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        let s = set.trailing_zeros() as usize;
        set &= set.wrapping_sub(1);
        (s < 8).then_some(s)
    })
}

/// The black queens (V15).
const QC: SCard = SCard::of(Suit::Clubs, 5);
const QS: SCard = SCard::of(Suit::Spades, 5);

impl State {
    /// A fresh deal from a seeded shuffle.
    pub fn new(seed: u64, rules: Rules, dealer: u8, multiplier: u32) -> Result<State, DealError> {
        let rng = Rng::new(seed);
        let form = rules.form();
        if dealer >= form.players {
            return Err(DealError::Dealer { dealer, players: form.players });
        }
        if !(1..=MAX_MULTIPLIER).contains(&multiplier) {
            return Err(DealError::Multiplier);
        }
        Ok(State::shuffled(rng, rules, form, dealer, multiplier))
    }

    /// A hand shuffled and dealt from `rng` (R8, V2, V28), every argument valid.
    #[inline(always)]
    fn shuffled(mut rng: Rng, rules: Rules, form: Form, dealer: u8, multiplier: u32) -> State {
        let seating = Seating::new(&form, dealer);
        let deal = Deal::dealt(&mut rng, &rules, &form, &seating);
        State::built(deal, rules, form, seating, multiplier, rng)
    }

    /// A hand from explicit cards, before anyone has acted. Under `no_ace_face_trump_redeal` a deal that would
    /// be dealt again (V28) is refused.
    pub fn from_deal(
        deal: Deal,
        rules: Rules,
        dealer: u8,
        multiplier: u32,
        rng: Rng,
    ) -> Result<State, DealError> {
        let form = rules.form();
        let hands = &deal.hands[..form.players as usize];
        Deal::new(hands, deal.blind, &form, dealer)?; // the dealer is checked too
        if rules.no_ace_face_trump_redeal {
            if let Some(seat) = deal.seat_without_ace_face_trump(&form, dealer) {
                return Err(DealError::Redealt { seat });
            }
        }
        State::dealt_with(deal, rules, form, Seating::new(&form, dealer), multiplier, rng)
    }

    /// [`State::from_deal`] without the checks of the cards: for a deal [`Deal::dealt`] made, and a position's
    /// hands (which are not a deal).
    fn dealt_from(
        deal: Deal,
        rules: Rules,
        dealer: u8,
        multiplier: u32,
        rng: Rng,
    ) -> Result<State, DealError> {
        let form = rules.form();
        if dealer >= form.players {
            return Err(DealError::Dealer { dealer, players: form.players });
        }
        State::dealt_with(deal, rules, form, Seating::new(&form, dealer), multiplier, rng)
    }

    /// [`State::dealt_from`] with the rules' form made already.
    #[inline]
    fn dealt_with(
        deal: Deal,
        rules: Rules,
        form: Form,
        seating: Seating,
        multiplier: u32,
        rng: Rng,
    ) -> Result<State, DealError> {
        if !(1..=MAX_MULTIPLIER).contains(&multiplier) {
            return Err(DealError::Multiplier);
        }
        Ok(State::built(deal, rules, form, seating, multiplier, rng))
    }

    /// The hand before its first action, every argument valid.
    #[inline(always)]
    fn built(deal: Deal, rules: Rules, form: Form, seating: Seating, multiplier: u32, rng: Rng) -> State {
        let dealer = seating.dealer();
        let s = State {
            rules,
            form,
            seating,
            ranking: Ranking::new(rules.jack_order),
            dealer,
            multiplier,
            deal,
            rng,
            history: [0; MAX_ACTIONS],
            num_actions: 0,
            phase: Phase::Pick,
            to_move: seating.order[0], // R10
            hands: deal.hands,
            picker: None,
            bury: CardSet::EMPTY,
            called: None,
            duty: false,
            partner_card: None,
            called_up: None,
            partner: None,
            partner_revealed: false,
            first_trick_partner: false,
            alone: false,
            under: None,
            called_suit_led: false,
            all_pass: None,
            pair: 0,
            watch: CardSet::EMPTY,
            on_table: CardSet::EMPTY,
            blitzed: 0,
            blitzers: [0; 3],
            deciding: Pair::BlackQueens,
            after_blitz: Phase::Pick,
            cracked: None,
            recracked: None,
            window_turn: 0,
            trick_no: 0,
            leaders: [0; MAX_TRICKS],
            winners: [0; MAX_TRICKS],
            played: [NO_CARD; 32],
            trick_len: 0,
            led: ESuit::TRUMP,
            best: 0,
            best_power: 0,
            points: [0; MAX_PLAYERS],
            tricks_won: [0; MAX_PLAYERS],
            first_trick: [None; MAX_PLAYERS],
            returns: [0; MAX_PLAYERS],
            start: None,
        };
        if s.form.method == Method::BlackQueens || s.rules.blitz {
            // Not in place: a hand that opens with the pick is built where it is returned (no copy of the state).
            let mut s = s;
            s.begin();
            return s;
        }
        s
    }

    /// The first decision of a fresh hand (V.C.2) other than the pick: the blitz window, or (V15) the play.
    #[cold]
    fn begin(&mut self) {
        if self.form.method == Method::BlackQueens {
            // V15: no pick, no blind; the holders of Q♣ and Q♠ are the side.
            let holder = |c: SCard| (0..self.form.players).find(|&s| self.hands[s as usize].contains(c));
            for c in [QC, QS] {
                if let Some(s) = holder(c) {
                    self.pair |= 1 << s;
                }
            }
            self.set_watch();
            return self.start_play();
        }
        self.after_blitz = Phase::Pick;
        if self.rules.blitz && self.next_blitz(0, 0).is_some() {
            let (seat, pair) = self.next_blitz(0, 0).expect("checked");
            self.phase = Phase::Blitz;
            self.to_move = seat;
            self.deciding = pair;
        }
    }

    /// V27.1: the first blitz decision before the pick at or after place `place` and pair `pair` of that seat.
    fn next_blitz(&self, place: u8, pair: usize) -> Option<(u8, Pair)> {
        let mut pair = pair;
        for p in place..self.seating.active {
            let seat = self.seating.order[p as usize];
            if let Some(found) = self.blitzable(seat, pair) {
                return Some((seat, found));
            }
            pair = 0;
        }
        None
    }

    /// The first pair from `from` (in V27's order) that `seat` may blitz now: enabled, not yet blitzed, both
    /// cards in its hand.
    fn blitzable(&self, seat: u8, from: usize) -> Option<Pair> {
        Pair::ALL[from.min(3)..].iter().copied().find(|&p| {
            self.rules.blitz_pairs.contains(p)
                && self.blitzed >> p.index() & 1 == 0
                && (self.hands[seat as usize] & p.cards()) == p.cards()
        })
    }

    /// A hand at the start of a trick of the card play, as `start` describes it, with `deal.hands` in the
    /// hands (every other check is [`State::from_position`]'s).
    pub(super) fn at_start(
        deal: Deal,
        start: Start,
        rules: Rules,
        dealer: u8,
        multiplier: u32,
        rng: Rng,
    ) -> Result<State, DealError> {
        let mut s = State::dealt_from(deal, rules, dealer, multiplier, rng)?;
        s.start = Some(start);
        s.phase = Phase::Play;
        s.picker = start.picker;
        s.bury = start.bury;
        s.called = start.called;
        s.duty = start.called.is_some();
        s.partner_card = start.called;
        s.partner = start.partner;
        s.partner_revealed = start.partner_revealed;
        s.under = start.under;
        s.called_suit_led = start.called_suit_led;
        s.all_pass = if start.picker.is_none() { State::all_pass_trick_game(&rules) } else { None };
        s.trick_no = start.trick_no;
        s.leaders[start.trick_no as usize] = start.leader;
        s.to_move = start.leader;
        s.points[..NUM_PLAYERS].copy_from_slice(&start.points);
        s.tricks_won[..NUM_PLAYERS].copy_from_slice(&start.tricks_won);
        s.first_trick[..NUM_PLAYERS].copy_from_slice(&start.first_trick);
        s.set_watch();
        Ok(s)
    }

    /// The hand as its history starts: the deal, or the position it was set up from.
    fn restarted(&self) -> State {
        match self.start {
            None => State::dealt_from(self.deal, self.rules, self.dealer, self.multiplier, self.rng),
            Some(start) => {
                State::at_start(self.deal, start, self.rules, self.dealer, self.multiplier, self.rng)
            }
        }
        .expect("a state's own start is valid")
    }

    /// The position the history starts from, if it is not the deal ([`State::from_position`]).
    pub fn start(&self) -> Option<&Start> {
        self.start.as_ref()
    }

    /// The next hand: the deal passes left (R9) and the shuffle goes on from this hand's generator.
    pub fn next_hand(&self, multiplier: u32) -> Result<State, DealError> {
        let dealer = (self.dealer + 1) % self.form.players;
        if !(1..=MAX_MULTIPLIER).contains(&multiplier) {
            return Err(DealError::Multiplier);
        }
        Ok(State::shuffled(self.rng, self.rules, self.form, dealer, multiplier))
    }

    // ---- what anyone can read ----

    /// The table of the hand's rules (V1).
    pub fn form(&self) -> &Form {
        &self.form
    }
    /// The active seats in pick order (V0).
    pub fn seating(&self) -> &Seating {
        &self.seating
    }
    /// Seats at the table (V1).
    pub fn players(&self) -> usize {
        self.form.players as usize
    }
    /// The trump order and trick ranking of the hand's rules.
    pub fn ranking(&self) -> &'static Ranking {
        self.ranking
    }
    pub fn dealer(&self) -> u8 {
        self.dealer
    }
    /// V19's doubler factor D carried into the hand.
    pub fn multiplier(&self) -> u32 {
        self.multiplier
    }
    /// V24: the stake multiplier M = min(cap, 2^(cracks + re-cracks + blitzed pairs) · D).
    pub fn stake(&self) -> u32 {
        let doublings = u32::from(self.cracked.is_some())
            + u32::from(self.recracked.is_some())
            + self.blitzed.count_ones();
        let m = self.multiplier << doublings;
        match self.rules.multiplier_cap {
            0 => m,
            cap => m.min(cap),
        }
    }
    /// The cards as dealt; for a hand set up in the card play ([`State::from_position`]), the hands at the
    /// start of its history and the blind of a leaster (else empty).
    pub fn deal(&self) -> Deal {
        self.deal
    }
    pub fn rng(&self) -> Rng {
        self.rng
    }
    /// Replaces the generator that deals the next hand (restoring a saved game).
    pub fn set_rng(&mut self, rng: Rng) {
        self.rng = rng;
    }
    pub fn phase(&self) -> Phase {
        self.phase
    }
    pub fn hand(&self, seat: usize) -> CardSet {
        self.hands[seat]
    }
    pub fn picker(&self) -> Option<u8> {
        self.picker
    }
    /// The buried cards (known to the picker only).
    pub fn bury(&self) -> CardSet {
        self.bury
    }
    /// The called card (an ace or ten, R14–R16, V11, V12; a jack picker's ace, V13), or the called-up card
    /// (V13): the card the picker announced.
    pub fn called_card(&self) -> Option<SCard> {
        self.called.or(self.called_up)
    }
    /// The card whose play reveals the partner: the called card, the partner jack or the called-up card.
    pub fn partner_card(&self) -> Option<SCard> {
        self.partner_card
    }
    /// V13: the partner jack or the called-up card once the picker has chosen it (public).
    pub fn jack_partner_card(&self) -> Option<SCard> {
        self.partner_card.filter(|_| self.form.method == Method::Jack && self.called.is_none())
    }
    /// The partner, once the table knows it (R17; V13 the jack or called-up card played; V14 the first trick
    /// taken; V26 a partner's re-crack).
    pub fn revealed_partner(&self) -> Option<u8> {
        self.partner.filter(|_| self.partner_revealed)
    }
    /// The partner, revealed or not (hidden information).
    pub fn secret_partner(&self) -> Option<u8> {
        self.partner
    }
    /// V15: the black-queen side as a bit per seat (0 in other forms), and whether the table knows it (both
    /// queens played).
    pub fn pair(&self) -> (u8, bool) {
        (self.pair, self.pair != 0 && self.partner_revealed)
    }
    /// V12: whether the picker called its own ace (it plays secretly alone).
    pub fn called_own_ace(&self) -> bool {
        self.duty && self.called.is_some() && self.partner.is_none()
    }
    /// Whether the picker announced ALONE (R20).
    pub fn is_alone(&self) -> bool {
        self.alone
    }
    /// V14: whether the first trick's winner becomes the partner.
    pub fn first_trick_partner(&self) -> bool {
        self.first_trick_partner
    }
    pub fn under(&self) -> Option<SCard> {
        self.under
    }
    /// Whether the called suit has been led in a completed trick (public; it ends R18's and R19's duties).
    pub fn called_suit_led(&self) -> bool {
        self.called_suit_led
    }
    /// What is played because every active seat passed (V18–V23), if they did.
    pub fn all_pass_game(&self) -> Option<AllPassGame> {
        self.all_pass
    }
    /// Whether a leaster is played (R31) or was.
    pub fn is_leaster(&self) -> bool {
        self.all_pass == Some(AllPassGame::Leaster)
    }
    /// Whether the hand was thrown in for a doubler (R32, V19).
    pub fn is_doubler(&self) -> bool {
        self.all_pass == Some(AllPassGame::Doubler)
    }
    /// V25, V26: the seat that cracked, and the one that re-cracked.
    pub fn cracked_by(&self) -> Option<u8> {
        self.cracked
    }
    pub fn recracked_by(&self) -> Option<u8> {
        self.recracked
    }
    /// V27: the pairs blitzed, with the seat that blitzed each, in [`Pair`] order.
    pub fn blitzes(&self) -> impl Iterator<Item = (u8, Pair)> + '_ {
        Pair::ALL
            .into_iter()
            .filter(|p| self.blitzed >> p.index() & 1 == 1)
            .map(|p| (self.blitzers[p.index() as usize], p))
    }
    /// V27: every blitz decision so far, the one being made included, as (seat, pair, before the pick). Being
    /// asked shows that the seat holds both cards, whether it blitzes or not.
    pub fn blitz_decisions(&self) -> Vec<(u8, Pair, bool)> {
        let mut out = vec![];
        if !self.rules.blitz || self.start.is_some() {
            return out;
        }
        let mut s = self.restarted();
        for &a in self.history() {
            if s.phase == Phase::Blitz {
                out.push((s.to_move, s.deciding, s.picker.is_none()));
            }
            s.apply_unchecked(a);
        }
        if s.phase == Phase::Blitz {
            out.push((s.to_move, s.deciding, s.picker.is_none()));
        }
        out
    }
    /// V27: the pair the seat to act is deciding (in the blitz phase).
    pub fn deciding(&self) -> Option<Pair> {
        (self.phase == Phase::Blitz).then_some(self.deciding)
    }
    pub fn trick_number(&self) -> usize {
        self.trick_no as usize
    }
    /// Tricks in the hand (the hand size, V1).
    pub fn num_tricks(&self) -> usize {
        self.form.hand_size as usize
    }
    /// The trick being played: its leader and the cards so far, in order.
    pub fn current_trick(&self) -> (u8, &[SCard]) {
        let tricks = self.num_tricks();
        let t = (self.trick_no as usize).min(tricks - 1);
        let len = if self.trick_no as usize == tricks { 0 } else { self.trick_len as usize };
        let from = t * self.seating.active as usize;
        (self.leaders[t], &self.played[from..from + len])
    }
    /// Completed tricks: (leader, cards in play order, winner); for a hand set up in the card play, those
    /// completed since.
    pub fn completed_tricks(&self) -> impl Iterator<Item = (u8, &[SCard], u8)> + '_ {
        let n = self.seating.active as usize;
        (self.first_recorded_trick()..self.trick_no as usize)
            .map(move |t| (self.leaders[t], &self.played[t * n..(t + 1) * n], self.winners[t]))
    }
    /// The first trick whose cards the state knows: 0, or the trick a position started at.
    pub fn first_recorded_trick(&self) -> usize {
        self.start.map_or(0, |s| usize::from(s.trick_no))
    }

    /// Card points taken in tricks by each seat (in a trick game of all passes, the blind is added to its
    /// taker's at the end, V18).
    pub fn points(&self) -> &[u8] {
        &self.points[..self.players()]
    }
    pub fn tricks_won(&self) -> &[u8] {
        &self.tricks_won[..self.players()]
    }
    /// The trick (from 0) in which each seat took its first trick, if it took one (R31's tie rule).
    pub fn first_tricks(&self) -> &[Option<u8>] {
        &self.first_trick[..self.players()]
    }

    /// The seats of the picking side (a bit each), as the engine knows them.
    pub fn side(&self) -> u8 {
        match self.picker {
            Some(p) => 1 << p | self.partner.map_or(0, |q| 1 << q),
            None => self.pair,
        }
    }

    /// The picking side's card points P (R26): its tricks plus the bury (V15: the pair's tricks).
    pub fn picking_side_points(&self) -> Option<u32> {
        let side = self.side();
        if side == 0 {
            return None;
        }
        Some(self.bury.points() + seats(side).map(|s| u32::from(self.points[s])).sum::<u32>())
    }

    /// The picking side's tricks.
    pub fn picking_side_tricks(&self) -> Option<u32> {
        let side = self.side();
        (side != 0).then(|| seats(side).map(|s| u32::from(self.tricks_won[s])).sum())
    }

    // ---- legality ----

    /// The effective suit an under card stands for, with it (R16).
    #[inline]
    fn under_suit(&self) -> Option<(SCard, ESuit)> {
        Some((self.under?, suit_of(self.called?)))
    }

    /// The cards of `suit` that `seat` holds for following, with the picker's under counted in the called suit.
    #[inline(always)]
    fn holding(&self, seat: u8, suit: ESuit) -> CardSet {
        let hand = self.hands[seat as usize];
        if self.under.is_none() {
            return hand & suit.cards();
        }
        match self.under_suit() {
            Some((u, called_suit)) if Some(seat) == self.picker && hand.contains(u) => {
                let natural = hand.without(u) & suit.cards();
                if suit == called_suit {
                    natural.with(u)
                } else {
                    natural
                }
            }
            _ => hand & suit.cards(),
        }
    }

    /// Whether this is the hand's last trick.
    #[inline(always)]
    fn last_trick(&self) -> bool {
        self.trick_no + 1 == self.form.hand_size
    }

    /// V10.1: after a called ten, the picker's ace of the called suit (if it holds it), which it must play to
    /// the suit's first trick.
    #[inline]
    fn ace_after_ten(&self, seat: u8) -> Option<SCard> {
        let called = self.called?;
        let ace = SCard::of(called.suit(), 7);
        (called.rank() == 3 && Some(seat) == self.picker && self.hands[seat as usize].contains(ace))
            .then_some(ace)
    }

    /// The cards the player to move may play now (R18, R19, R22–R24, V10–V12). Empty outside the play phase.
    #[inline(always)] // inlined into the CPU-specific playout kernels
    pub fn playable(&self) -> CardSet {
        if self.phase != Phase::Play {
            return CardSet::EMPTY;
        }
        let seat = self.to_move;
        let hand = self.hands[seat as usize];
        // The hold-card and called-card duties bind until the called suit is first led, except in the last trick.
        let bound = match self.called {
            Some(called) if !self.called_suit_led && !self.last_trick() => Some(called),
            _ => None,
        };
        if self.trick_len == 0 {
            let mut ok = hand;
            if let Some(called) = bound {
                // R18 (revised), R19 bind the picker and the partner only.
                let suit = suit_of(called);
                if self.rules.hold_card_lead == HoldCardLead::Forbidden {
                    ok = ok - self.hold_card(seat, suit).without(called);
                }
                if self.duty && hand.contains(called) {
                    // R19 (and V12 for the picker's own ace): the suit's first lead must bring the called card.
                    ok = ok - suit.cards().without(called);
                }
                if let Some(ace) = self.ace_after_ten(seat) {
                    ok = ok - suit.cards().without(ace); // V10.1
                }
            }
            return ok;
        }
        let follow = self.holding(seat, self.led);
        if !follow.is_empty() {
            // R22, R24; R19: the first lead of the called suit draws the called card (V10.1: and the picker's
            // ace after a called ten).
            return match self.called {
                Some(called) if !self.called_suit_led && self.led == suit_of(called) => {
                    if self.duty && follow.contains(called) {
                        CardSet::EMPTY.with(called)
                    } else if let Some(ace) = self.ace_after_ten(seat) {
                        CardSet::EMPTY.with(ace)
                    } else {
                        follow
                    }
                }
                _ => follow,
            };
        }
        // R23: void, any card; but R18 keeps the hold card and R19 the called card.
        let mut ok = hand;
        if let Some(called) = bound {
            ok = ok - self.hold_card(seat, suit_of(called));
            if self.duty && self.rules.called_card_no_discard {
                ok = ok.without(called);
            }
        }
        ok
    }

    /// R18: the picker's last card of the called suit, which may not be discarded (nor, with
    /// `hold_card_lead = forbidden`, led) before the suit is led.
    #[inline]
    fn hold_card(&self, seat: u8, called_suit: ESuit) -> CardSet {
        if Some(seat) != self.picker {
            return CardSet::EMPTY;
        }
        let held = self.holding(seat, called_suit);
        if held.len() == 1 {
            held
        } else {
            CardSet::EMPTY
        }
    }

    /// The picker's hand and bury.
    fn picker_holds(&self) -> CardSet {
        self.picker.map_or(CardSet::EMPTY, |p| self.hands[p as usize] | self.bury)
    }

    /// The cards the picker may call in the partner step, and whether they are "unknown" calls needing an
    /// under: R14–R16 with V11 and V12 (called ace), or R14's aces alone (V13 `call_ace`).
    pub fn callable(&self) -> (CardSet, bool) {
        let Some(picker) = self.picker else {
            return (CardSet::EMPTY, false);
        };
        let hand = self.hands[picker as usize];
        let held = hand | self.bury;
        let aces = CardSet(CALLABLE[..3].iter().fold(0, |m, c| m | c.bit()));
        let r14 = |candidates: &[SCard]| {
            candidates.iter().fold(CardSet::EMPTY, |m, &c| {
                if !held.contains(c) && !(hand & suit_of(c).cards()).is_empty() {
                    m.with(c)
                } else {
                    m
                }
            })
        };
        match self.form.method {
            Method::CalledAce => {}
            Method::Jack if self.jack_call() == Some(JackPickerHolds::CallAce) => {
                return (r14(&CALLABLE[..3]), false)
            }
            _ => return (CardSet::EMPTY, false),
        }
        // R15: holding all three fail aces, call a ten instead.
        let tens = (held & aces) == aces;
        let mut calls = r14(if tens { &CALLABLE[3..] } else { &CALLABLE[..3] });
        let mut unknown = false;
        if calls.is_empty() && !tens && self.rules.no_legal_call == NoLegalCall::Unknown {
            // V11: an ace of a suit the picker is void in, with an under.
            for &c in &CALLABLE[..3] {
                if !held.contains(c) && (hand & suit_of(c).cards()).is_empty() {
                    calls = calls.with(c);
                    unknown = true;
                }
            }
        }
        if self.rules.call_own_ace {
            calls = calls | (hand & aces); // V12
        }
        (calls, unknown)
    }

    /// V13: how a jack picker's step goes when it holds the partner jack (`None` when it does not, or the
    /// method is not the jack).
    fn jack_call(&self) -> Option<JackPickerHolds> {
        (self.form.method == Method::Jack && self.picker_holds().contains(self.partner_jack()))
            .then_some(self.form.jack_picker_holds)
    }

    /// V13: the partner jack of the rules.
    pub fn partner_jack(&self) -> SCard {
        match self.rules.partner_jack {
            PartnerJack::JD => SCard::of(Suit::Diamonds, 4),
            PartnerJack::JC => SCard::of(Suit::Clubs, 4),
        }
    }

    /// V13.2 `call_up`: the lowest trump above the partner jack (by R3, with the rules' jack order) in neither
    /// the picker's hand nor its bury.
    pub fn call_up_card(&self) -> Option<SCard> {
        let held = self.picker_holds();
        let above = self.ranking.power(self.partner_jack());
        (ESuit::TRUMP.cards() - held)
            .into_iter()
            .filter(|&c| self.ranking.power(c) > above)
            .min_by_key(|&c| self.ranking.power(c))
    }

    fn cards_to_actions(cards: CardSet, base: u8) -> u128 {
        u128::from(cards.0) << base
    }

    /// The legal actions of the partner step (V.C.2 phase 6).
    fn partner_step_mask(&self) -> u128 {
        let calls = |m: u128| {
            let (calls, _) = self.callable();
            calls.into_iter().fold(m, |m, c| m | 1 << Action::Call(c).id())
        };
        match self.form.method {
            Method::CalledAce => calls(1 << ALONE),
            Method::Jack => match self.jack_call() {
                None | Some(JackPickerHolds::Alone | JackPickerHolds::Auto) => 1 << JACK_PARTNER | 1 << ALONE,
                Some(JackPickerHolds::CallUp) => {
                    1 << ALONE | u128::from(self.call_up_card().is_some()) << CALL_UP
                }
                Some(JackPickerHolds::CallAce) => calls(1 << ALONE),
            },
            Method::FirstTrick => 1 << FIRST_TRICK | 1 << ALONE,
            Method::BlackQueens | Method::None => 0,
        }
    }

    /// The trick game the rules play when all pass (V18, V21, V22), if they play one.
    pub fn all_pass_trick_game(rules: &Rules) -> Option<AllPassGame> {
        match rules.all_pass {
            AllPass::Leaster => Some(AllPassGame::Leaster),
            AllPass::Moster => Some(AllPassGame::Moster),
            AllPass::Schneidster => Some(AllPassGame::Schneidster),
            _ => None,
        }
    }

    fn all_passed(&mut self) {
        let game = match self.rules.all_pass {
            AllPass::Leaster | AllPass::ForcedPick => AllPassGame::Leaster, // forced: never reached
            AllPass::Moster => AllPassGame::Moster,
            AllPass::Schneidster => AllPassGame::Schneidster,
            AllPass::Schwanzer => AllPassGame::Schwanzer,
            AllPass::Doubler => AllPassGame::Doubler,
            AllPass::Redeal => AllPassGame::Redeal,
        };
        self.all_pass = Some(game);
        match game {
            g if g.is_trick_game() => self.start_play(),
            AllPassGame::Schwanzer => {
                self.phase = Phase::Done;
                let counts = scoring::schwanzer_counts(&self.deal, &self.seating);
                let returns =
                    scoring::settle_schwanzer(&counts, &self.seating, self.ranking, &self.deal, &self.rules);
                self.set_returns(returns);
            }
            _ => self.phase = Phase::Done, // R32, V19: thrown in, nothing to settle
        }
    }

    /// After the partner step (or the bury where there is none): the crack window, else the play (V.C.2).
    fn after_partner_step(&mut self) {
        self.set_watch();
        if self.rules.cracking && self.next_crack_turn(0).is_some() {
            self.phase = Phase::Crack;
            self.window_turn = 0;
            self.to_move = self.next_crack_turn(0).expect("checked");
            return;
        }
        self.start_play();
    }

    /// V25: whether `seat` has a turn in the crack window (the partner's turn is a pass).
    fn crack_eligible(&self, seat: u8) -> bool {
        let picker = self.picker.expect("a crack window has a picker");
        seat != picker
            && match self.rules.crack_by {
                CrackBy::AfterPicker => {
                    self.seating.place[seat as usize] > self.seating.place[picker as usize]
                }
                CrackBy::AnyDefender => true,
            }
    }

    /// The seat of crack-window turn `turn` or later: the k-th seat clockwise from the picker's left that is
    /// eligible.
    fn next_crack_turn(&self, turn: u8) -> Option<u8> {
        let picker = self.picker?;
        (turn + 1..self.seating.active)
            .map(|k| self.seating.after(picker, k))
            .find(|&s| self.crack_eligible(s))
    }

    /// V26: after the picker passes the re-crack, whether the partner gets its round ("around the corner").
    fn corner_round(&self) -> bool {
        self.rules.recrack_by == RecrackBy::PickerOrPartner
            && !self.alone
            && matches!(self.form.method, Method::CalledAce | Method::Jack)
    }

    /// V26: the seat of corner-round turn `turn` or later: every seat but the picker and the cracker.
    fn next_corner_turn(&self, turn: u8) -> Option<u8> {
        let picker = self.picker?;
        (turn + 1..self.seating.active)
            .map(|k| self.seating.after(picker, k))
            .find(|&s| Some(s) != self.cracked)
    }

    /// The blitz decisions of `seat` after a crack or re-crack (V27.2), then `then`.
    fn blitz_then(&mut self, seat: u8, then: Phase) {
        match self.blitzable(seat, 0).filter(|_| self.rules.blitz) {
            Some(pair) => {
                self.phase = Phase::Blitz;
                self.to_move = seat;
                self.deciding = pair;
                self.after_blitz = then;
            }
            None => self.go(then),
        }
    }

    /// Moves on to `phase` after a blitz round.
    fn go(&mut self, phase: Phase) {
        match phase {
            Phase::Pick => {
                self.phase = Phase::Pick;
                self.to_move = self.seating.order[0];
            }
            Phase::Recrack => {
                if self.rules.recrack_by == RecrackBy::None {
                    return self.start_play();
                }
                self.phase = Phase::Recrack;
                self.window_turn = 0;
                self.to_move = self.picker.expect("a re-crack has a picker");
            }
            _ => self.start_play(),
        }
    }

    fn start_play(&mut self) {
        self.phase = Phase::Play;
        self.to_move = self.seating.order[0]; // R21, V0: the first seat in pick order leads
        self.leaders[0] = self.to_move;
    }

    #[inline(always)] // inlined into the CPU-specific playout kernels
    fn play(&mut self, seat: u8, card: SCard) {
        let t = self.trick_no as usize;
        let under = self.under_suit();
        if self.trick_len == 0 {
            self.led = Ranking::led_suit(card, under);
            self.best_power = 0;
            self.on_table = CardSet::EMPTY;
            self.best = super::ranking::first_holder(card, under); // V11.3
        }
        // R25: the highest trump, else the highest card of the led suit, takes the trick.
        let mut power = self.ranking.power_in_trick(card, self.led, under);
        if self.watch.contains(card) {
            power = self.watched(card, power);
        }
        let better = power > self.best_power; // unpredictable: keep it branch-free
        self.best = if better { self.trick_len } else { self.best };
        self.best_power = self.best_power.max(power);
        self.hands[seat as usize] = self.hands[seat as usize].without(card);
        self.on_table = self.on_table.with(card);
        let from = t * self.seating.active as usize;
        self.played[from + self.trick_len as usize] = card;
        self.trick_len += 1;
        if self.trick_len < self.seating.active {
            self.to_move = self.seating.next[seat as usize];
            return;
        }
        let w = self.seating.after(self.leaders[t], self.best);
        self.points[w as usize] += self.on_table.points() as u8;
        self.tricks_won[w as usize] += 1;
        self.first_trick[w as usize].get_or_insert(t as u8);
        self.winners[t] = w;
        if let Some(called) = self.called {
            if self.led == suit_of(called) {
                self.called_suit_led = true;
            }
        }
        if t == 0 && self.first_trick_partner && Some(w) != self.picker {
            // V14: the first trick's winner is the partner, known to all.
            self.partner = Some(w);
            self.partner_revealed = true;
        }
        self.trick_no += 1;
        self.trick_len = 0;
        self.to_move = w;
        if self.trick_no < self.form.hand_size {
            self.leaders[self.trick_no as usize] = w;
        } else {
            self.settle();
        }
    }

    /// A played card of [`State::watch`], with its power in the trick: it may reveal the partner (R17, V13, V15)
    /// or be a called ten in its suit's first trick (V10.2).
    #[cold]
    fn watched(&mut self, card: SCard, power: u8) -> u8 {
        // R17, V13: playing the called card, the partner jack or the called-up card reveals the partner.
        self.partner_revealed |= Some(card) == self.partner_card;
        if self.pair != 0 && (card == QC || card == QS) {
            // V15: the side is known once both black queens are played.
            let from = self.trick_no as usize * self.seating.active as usize;
            let played = &self.played[..from + self.trick_len as usize];
            self.partner_revealed = played.iter().any(|&c| c == QC || c == QS);
        }
        if Some(card) == self.called
            && card.rank() == 3
            && self.rules.called_ten_wins
            && !self.called_suit_led
            && self.led == suit_of(card)
        {
            return power.max(super::ranking::CALLED_TEN_POWER); // V10.2: above the ace of its suit
        }
        power
    }

    /// The cards [`State::watched`] looks at: the partner card, a called ten, the black queens of V15.
    fn set_watch(&mut self) {
        let mut watch = self.partner_card.map_or(CardSet::EMPTY, |c| CardSet::EMPTY.with(c));
        if let Some(c) = self.called.filter(|c| c.rank() == 3) {
            watch = watch.with(c);
        }
        if self.pair != 0 {
            watch = watch.with(QC).with(QS);
        }
        self.watch = watch;
    }

    fn set_returns(&mut self, returns: [i32; MAX_PLAYERS]) {
        let m = self.stake() as i32;
        self.returns = returns.map(|r| r * m);
    }

    fn settle(&mut self) {
        self.phase = Phase::Done;
        let returns = match self.all_pass {
            Some(game) => {
                // V18: the blind goes to the taker of the last (or first) trick.
                let t = match self.rules.leaster_blind {
                    super::rules::LeasterBlind::LastTrick => self.num_tricks() - 1,
                    super::rules::LeasterBlind::FirstTrick => 0,
                };
                let taker = if self.start.is_some_and(|s| usize::from(s.trick_no) > t) {
                    self.winners[self.num_tricks() - 1] // a position's blind goes to the last trick
                } else {
                    self.winners[t]
                };
                self.points[taker as usize] += self.deal.blind.points() as u8;
                scoring::settle_trick_game(game, self, &self.rules)
            }
            None => {
                let side = self.side();
                let points = self.picking_side_points().expect("a picked or pair hand has a side");
                let tricks = self.picking_side_tricks().expect("a picked or pair hand has a side");
                let outcome = scoring::Outcome { points, trick_points: points - self.bury.points(), tricks };
                scoring::settle_side(
                    self.picker,
                    side,
                    outcome,
                    self.num_tricks() as u32,
                    &self.seating,
                    &self.rules,
                )
            }
        };
        self.set_returns(returns);
    }

    // ---- explaining a refusal ----

    fn why_not_callable(&self, c: SCard) -> String {
        let picker = self.picker.expect("the call phase has a picker") as usize;
        let held = self.hands[picker] | self.bury;
        let suit = suit_of(c).plain();
        if !matches!(self.form.method, Method::CalledAce)
            && self.jack_call() != Some(JackPickerHolds::CallAce)
        {
            return format!(
                "the partner method is {}: there is no ace call (V13: only a jack picker holding the partner jack \
                 may call an ace, under jack_picker_holds = \"call_ace\")",
                self.form.method.name()
            );
        }
        if held.contains(c) {
            if self.hands[picker].contains(c) && !self.rules.call_own_ace {
                return format!(
                    "the picker holds {c} (R14: the called card must be another player's; call_own_ace allows it, \
                     V12)"
                );
            }
            return format!("the picker holds {c} (R14: the called card must be another player's)");
        }
        let aces = CardSet(CALLABLE[..3].iter().fold(0, |m, x| m | x.bit()));
        match (c.rank() == 7, (held & aces) == aces) {
            (true, true) => return "the picker holds all three fail aces and must call a ten (R15)".into(),
            (false, false) => {
                return "a ten may be called only by a picker holding all three fail aces (R15)".into()
            }
            _ => {}
        }
        if (self.hands[picker] & suit_of(c).cards()).is_empty() {
            if self.rules.no_legal_call == NoLegalCall::Unknown {
                return format!(
                    "the picker holds no {suit} (R14); an unknown call is allowed only when no legal call exists (R16)"
                );
            }
            return format!("the picker holds no {suit} to keep as the hold card (R14)");
        }
        "not legal now".into()
    }

    pub(super) fn why_not_playable(&self, c: SCard) -> String {
        let seat = self.to_move;
        if self.trick_len > 0 {
            let led = self.led;
            let follow = self.holding(seat, led);
            if !follow.is_empty() && !follow.contains(c) {
                let name =
                    if led.is_trump() { "trump".to_string() } else { led.plain().letter().to_string() };
                return format!("seat {seat} must follow {name} (R22, R24)");
            }
            if let Some(called) = self.called {
                if self.duty && follow.contains(called) && c != called {
                    return format!(
                        "the called suit is led for the first time: {called} must be played (R19)"
                    );
                }
            }
            if let Some(ace) = self.ace_after_ten(seat) {
                if follow.contains(ace) && c != ace {
                    return format!(
                        "after a called ten the picker must play {ace} to the suit's first trick (V10)"
                    );
                }
            }
        }
        if self.duty && Some(c) == self.called {
            return format!(
                "{c} is the called card: it may not be thrown on another suit before the last trick (R19)"
            );
        }
        if Some(seat) == self.picker {
            if self.ace_after_ten(seat).is_some_and(|a| a != c) && self.trick_len == 0 {
                return "after a called ten the picker opens the suit with its ace (V10)".into();
            }
            return format!("{c} is the picker's hold card: it stays until the called suit is led (R18)");
        }
        format!("{c} is of the called suit, which the partner must open with the called card (R19)")
    }

    fn why_not_now(&self, a: Action) -> String {
        let seat = self.to_move;
        match a {
            // A pass is refused only to the last seat of the pick round under a forced pick.
            Action::Pass => "under all_pass = \"forced_pick\" the last seat may not pass (V20)".into(),
            Action::Blitz(p) if self.phase == Phase::Blitz => {
                format!(
                    "seat {seat} is deciding the blitz of {}, not {} (V27)",
                    self.deciding.name(),
                    p.name()
                )
            }
            Action::Crack => format!("seat {seat} is the partner and may only pass (V25)"),
            Action::Recrack => {
                format!("only the partner may re-crack around the corner; seat {seat} may only pass (V26)")
            }
            Action::JackPartner | Action::CallUp | Action::FirstTrick | Action::Alone => format!(
                "the partner step of the {} method (V13, V14) does not offer {a} now",
                self.form.method.name()
            ),
            _ => "not legal now".into(),
        }
    }
}

impl Game for State {
    type Rules = Rules;
    type Policy = RolloutPolicy;

    const NAME: &'static str = "sheepshead";
    const NUM_ACTIONS: usize = NUM_ACTIONS;

    /// Dealer 0, single stakes (always valid: built without the checks of [`State::new`]).
    #[inline(always)]
    fn deal(seed: u64, rules: Rules) -> State {
        State::shuffled(Rng::new(seed), rules, rules.form(), 0, 1)
    }

    fn rules(&self) -> Rules {
        self.rules
    }

    fn seats(rules: &Rules) -> usize {
        rules.form().players as usize
    }

    fn num_players(&self) -> usize {
        self.form.players as usize
    }

    /// The seat to act, `None` when the hand is over.
    fn current_player(&self) -> Option<u8> {
        (self.phase != Phase::Done).then_some(self.to_move)
    }

    /// Every legal action as a bit mask over the action ids.
    #[inline(always)] // inlined into the CPU-specific playout kernels
    fn legal_mask(&self) -> u128 {
        match self.phase {
            Phase::Play => State::cards_to_actions(self.playable(), PLAY),
            Phase::Pick => {
                if self.rules.all_pass == AllPass::ForcedPick
                    && self.seating.place[self.to_move as usize] + 1 == self.seating.active
                {
                    1 << PICK // V20
                } else {
                    1 << PICK | 1 << PASS
                }
            }
            Phase::Bury => State::cards_to_actions(self.hands[self.to_move as usize], BURY),
            Phase::Call => self.partner_step_mask(),
            Phase::Under => State::cards_to_actions(self.hands[self.to_move as usize], UNDER),
            Phase::Blitz => 1 << (BLITZ + self.deciding.index()) | 1 << NO_BLITZ,
            Phase::Crack => {
                if self.partner == Some(self.to_move) {
                    1 << PASS // V25: the partner never cracks
                } else {
                    1 << CRACK | 1 << PASS
                }
            }
            Phase::Recrack => {
                if Some(self.to_move) == self.picker || self.partner == Some(self.to_move) {
                    1 << RECRACK | 1 << PASS
                } else {
                    1 << PASS
                }
            }
            Phase::Done => 0,
        }
    }

    /// Applies an action known to be legal.
    #[inline(always)] // inlined into the CPU-specific playout kernels
    fn apply_unchecked(&mut self, action: u8) {
        debug_assert!(self.is_legal(u32::from(action)), "{action} is not legal in {self:?}");
        self.history[self.num_actions as usize] = action;
        self.num_actions += 1;
        let seat = self.to_move;
        if (PLAY..BLITZ).contains(&action) {
            // The common case first.
            let card = SCard::from_index(action - PLAY).expect("legal actions are valid ids");
            return self.play(seat, card);
        }
        match Action::from_id(action).expect("legal actions are valid ids") {
            Action::Pick => {
                // R11: the picker takes the blind.
                self.picker = Some(seat);
                self.hands[seat as usize] = self.hands[seat as usize] | self.deal.blind;
                self.phase = Phase::Bury;
            }
            Action::Pass => match self.phase {
                Phase::Pick => {
                    if self.seating.place[seat as usize] + 1 == self.seating.active {
                        self.all_passed();
                    } else {
                        self.to_move = self.seating.after(seat, 1);
                    }
                }
                Phase::Crack => match self.next_crack_turn(self.crack_turn_of(seat)) {
                    Some(next) => self.to_move = next,
                    None => self.start_play(),
                },
                _ => {
                    // The re-crack window: the picker's pass opens the corner round, if there is one.
                    let turn = if Some(seat) == self.picker { 0 } else { self.crack_turn_of(seat) };
                    let next = if Some(seat) == self.picker && !self.corner_round() {
                        None
                    } else {
                        self.next_corner_turn(turn)
                    };
                    match next {
                        Some(next) => self.to_move = next,
                        None => self.start_play(),
                    }
                }
            },
            Action::Bury(c) => {
                self.hands[seat as usize] = self.hands[seat as usize].without(c);
                self.bury = self.bury.with(c);
                if self.bury.len() == u32::from(self.form.blind_size) {
                    if self.form.method == Method::None {
                        self.after_partner_step(); // V16: no partner step
                    } else {
                        self.phase = Phase::Call;
                    }
                }
            }
            Action::Call(c) => {
                self.called = Some(c);
                self.partner_card = Some(c);
                self.duty = self.form.method == Method::CalledAce;
                self.partner =
                    (0..self.form.players).find(|&s| s != seat && self.hands[s as usize].contains(c));
                let hand = self.hands[seat as usize];
                if self.duty && !hand.contains(c) && (hand & suit_of(c).cards()).is_empty() {
                    self.phase = Phase::Under; // V11, the "unknown" call
                } else {
                    self.after_partner_step();
                }
            }
            Action::Alone => {
                self.alone = true;
                self.after_partner_step();
            }
            Action::Under(c) => {
                self.under = Some(c);
                self.after_partner_step();
            }
            Action::JackPartner => {
                let jack = self.partner_jack();
                self.partner_card = Some(jack);
                self.partner =
                    (0..self.form.players).find(|&s| s != seat && self.hands[s as usize].contains(jack));
                self.after_partner_step();
            }
            Action::CallUp => {
                let card = self.call_up_card().expect("call up is legal only with a card to call");
                self.called_up = Some(card);
                self.partner_card = Some(card);
                self.partner = (0..self.form.players).find(|&s| self.hands[s as usize].contains(card));
                self.after_partner_step();
            }
            Action::FirstTrick => {
                self.first_trick_partner = true;
                self.after_partner_step();
            }
            Action::Blitz(pair) => {
                self.blitzed |= 1 << pair.index();
                self.blitzers[pair.index() as usize] = seat;
                self.next_blitz_decision(seat, pair);
            }
            Action::NoBlitz => {
                let pair = self.deciding;
                self.next_blitz_decision(seat, pair);
            }
            Action::Crack => {
                self.cracked = Some(seat);
                self.blitz_then(seat, Phase::Recrack);
            }
            Action::Recrack => {
                self.recracked = Some(seat);
                if Some(seat) == self.partner {
                    self.partner_revealed = true; // V26: a partner's re-crack reveals it
                }
                self.blitz_then(seat, Phase::Play);
            }
            Action::Play(c) => self.play(seat, c),
        }
    }

    fn why_illegal(&self, action: u32) -> String {
        let Some(a) = u8::try_from(action).ok().and_then(Action::from_id) else {
            return format!("action ids run from 0 to {}", NUM_ACTIONS - 1);
        };
        let seat = self.to_move;
        let hand = self.hands[seat as usize];
        if self.phase == Phase::Done {
            return "the hand is over".into();
        }
        let phases: &[Phase] = match a {
            Action::Pick => &[Phase::Pick],
            Action::Pass => &[Phase::Pick, Phase::Crack, Phase::Recrack],
            Action::Bury(_) => &[Phase::Bury],
            Action::Call(_) | Action::Alone | Action::JackPartner | Action::CallUp | Action::FirstTrick => {
                &[Phase::Call]
            }
            Action::Under(_) => &[Phase::Under],
            Action::Play(_) => &[Phase::Play],
            Action::Blitz(_) | Action::NoBlitz => &[Phase::Blitz],
            Action::Crack => &[Phase::Crack],
            Action::Recrack => &[Phase::Recrack],
        };
        if !phases.contains(&self.phase) {
            return format!(
                "the hand is in the {} phase, not the {} phase",
                self.phase.name(),
                phases[0].name()
            );
        }
        match a {
            Action::Bury(c) | Action::Under(c) | Action::Play(c) if !hand.contains(c) => {
                format!("seat {seat} does not hold {c}")
            }
            Action::Call(c) => self.why_not_callable(c),
            Action::Play(c) => self.why_not_playable(c),
            _ => self.why_not_now(a),
        }
    }

    /// Takes back the last action; `false` if there is none.
    fn undo(&mut self) -> bool {
        let Some(n) = (self.num_actions as usize).checked_sub(1) else {
            return false;
        };
        let history = self.history;
        let mut s = self.restarted();
        for &a in &history[..n] {
            s.apply_unchecked(a);
        }
        *self = s;
        true
    }

    /// Zero-sum payoffs; zeros before the end.
    fn returns(&self) -> &[i32] {
        &self.returns[..self.form.players as usize]
    }

    fn history(&self) -> &[u8] {
        &self.history[..self.num_actions as usize]
    }

    fn action_text(&self, action: u8) -> String {
        Action::from_id(action).expect("a valid action id").to_string()
    }

    fn parse_action(&self, text: &str) -> Result<u8, ActionParseError> {
        text.parse::<Action>().map(Action::id)
    }

    fn policy(name: &str) -> Option<RolloutPolicy> {
        match name {
            "random" => Some(RolloutPolicy::Random),
            "greedy" => Some(RolloutPolicy::Greedy),
            _ => None,
        }
    }

    /// In the play phase a card is drawn straight from the playable set (the same draw as from the mask).
    #[inline(always)]
    fn random_action(&self, rng: &mut Rng) -> u8 {
        if self.phase() == Phase::Play {
            let cards = self.playable().0;
            let k = rng.below(u64::from(cards.count_ones())) as u32;
            return PLAY + select64(u64::from(cards), k) as u8;
        }
        let mask = self.legal_mask();
        select128(mask, rng.below(u64::from(mask.count_ones())) as u32) as u8
    }
}

impl State {
    /// The turn (k, counted clockwise from the picker's left) of `seat` in a window.
    fn crack_turn_of(&self, seat: u8) -> u8 {
        let picker = self.picker.expect("a window has a picker");
        (self.seating.place[seat as usize] + self.seating.active - self.seating.place[picker as usize])
            % self.seating.active
    }

    /// After `seat` decided `pair`: its next pair, else (before the pick) the next seat's, else the phase that
    /// follows the blitz round.
    fn next_blitz_decision(&mut self, seat: u8, pair: Pair) {
        let next_pair = pair.index() as usize + 1;
        if self.after_blitz == Phase::Pick {
            let place = self.seating.place[seat as usize];
            match self.next_blitz(place, next_pair) {
                Some((s, p)) => {
                    self.to_move = s;
                    self.deciding = p;
                }
                None => self.go(Phase::Pick),
            }
            return;
        }
        match self.blitzable(seat, next_pair) {
            Some(p) => self.deciding = p,
            None => self.go(self.after_blitz),
        }
    }
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod variant_tests;
