//! A Sheepshead hand as a state machine: deal, pick, bury, call, play, settle.
//!
//! [`State`] is `Copy` and allocation-free: the deal it started from and the actions applied since are kept
//! inline, so `undo` replays them and `clone` is a copy.

use super::actions::{Action, ALONE, BURY, CALLABLE, NUM_ACTIONS, PASS, PICK, PLAY, UNDER};
use super::cards::{CardSet, SCard};
use super::greedy::RolloutPolicy;
use super::ranking::{suit_of, trick_winner, ESuit, Ranking};
use super::rules::{AllPass, HoldCardLead, NoLegalCall, Rules};
use super::scoring;
use crate::bits::{select128, select64};
use crate::error::ActionParseError;
use crate::game::Game;
use crate::rng::Rng;
use std::fmt;

/// Players at the table (R1).
pub const NUM_PLAYERS: usize = 5;
/// Tricks in a hand (R21).
pub const NUM_TRICKS: usize = 6;
/// The largest multiplier of a hand's settlement (R32's doublers), so that every return fits an `i32`.
pub const MAX_MULTIPLIER: u32 = 1 << 20;
/// The most actions a hand can take: 5 pick decisions, 2 buries, a call, an under, 30 cards.
pub const MAX_ACTIONS: usize = 39;

/// Where a hand stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    Pick,
    Bury,
    Call,
    Under,
    Play,
    Done,
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
        }
    }
}

/// The seat `k` places to the left of `seat` (B.0: clockwise).
#[inline]
pub const fn left(seat: u8, k: u8) -> u8 {
    (seat + k) % NUM_PLAYERS as u8
}

/// The cards as dealt: five hands of six and the blind of two.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Deal {
    pub hands: [CardSet; NUM_PLAYERS],
    pub blind: CardSet,
}

/// What is wrong with a set of cards given as a deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DealError {
    HandSize {
        seat: usize,
        size: usize,
    },
    BlindSize {
        size: usize,
    },
    Repeated {
        card: SCard,
    },
    Dealer {
        dealer: u8,
    },
    Multiplier,
    /// V28: this seat's hand has no ace, king or trump, so the deal would be dealt again.
    Redealt {
        seat: usize,
    },
}

impl fmt::Display for DealError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DealError::HandSize { seat, size } => {
                write!(f, "seat {seat} has {size} cards; every hand is dealt 6 (R8)")
            }
            DealError::BlindSize { size } => write!(f, "the blind has {size} cards; it has 2 (R8)"),
            DealError::Repeated { card } => {
                write!(f, "{card} is dealt twice; the deck has one of each card (R2)")
            }
            DealError::Dealer { dealer } => write!(f, "dealer {dealer} is not a seat 0-4"),
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

impl Deal {
    /// R8: a shuffled deck dealt 3 to each player from the dealer's left, 2 to the blind, then 3 more each.
    #[inline]
    pub fn shuffled(rng: &mut Rng, dealer: u8) -> Deal {
        let mut deck: [u8; 32] = std::array::from_fn(|i| i as u8);
        rng.shuffle(&mut deck);
        let card = |i: usize| SCard::from_index(deck[i]).expect("deck holds indices 0..32");
        let mut hands = [CardSet::EMPTY; NUM_PLAYERS];
        for k in 0..NUM_PLAYERS {
            let seat = left(dealer, 1 + k as u8) as usize;
            for j in 0..3 {
                hands[seat] = hands[seat].with(card(3 * k + j)).with(card(17 + 3 * k + j));
            }
        }
        Deal { hands, blind: CardSet::EMPTY.with(card(15)).with(card(16)) }
    }

    /// V28: the first seat whose hand holds no ace, no king and no trump (only fail sevens to tens), if any.
    pub fn seat_without_ace_face_trump(&self) -> Option<usize> {
        self.hands
            .iter()
            .position(|h| h.into_iter().all(|c| suit_of(c) != ESuit::TRUMP && matches!(c.points(), 0 | 10)))
    }

    /// A seeded shuffle (R8) and, under `no_ace_face_trump_redeal`, the shuffles after it while a seat has no
    /// ace, king or trump (V28: the same dealer deals again; about one deal in 200).
    fn dealt(rng: &mut Rng, dealer: u8, rules: &Rules) -> Deal {
        loop {
            let deal = Deal::shuffled(rng, dealer);
            if !rules.no_ace_face_trump_redeal || deal.seat_without_ace_face_trump().is_none() {
                return deal;
            }
        }
    }

    /// Checks that the cards make a whole deal (R2, R8).
    pub fn new(hands: [CardSet; NUM_PLAYERS], blind: CardSet) -> Result<Deal, DealError> {
        let mut seen = CardSet::EMPTY;
        for (seat, &h) in hands.iter().enumerate() {
            if h.len() != 6 {
                return Err(DealError::HandSize { seat, size: h.len() as usize });
            }
        }
        if blind.len() != 2 {
            return Err(DealError::BlindSize { size: blind.len() as usize });
        }
        for part in hands.iter().chain([&blind]) {
            if let Some(card) = (seen & *part).first() {
                return Err(DealError::Repeated { card });
            }
            seen = seen | *part;
        }
        Ok(Deal { hands, blind })
    }
}

/// One Sheepshead hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    rules: Rules,
    ranking: &'static Ranking,
    dealer: u8,
    multiplier: u32,
    deal: Deal,
    /// The generator after the deal: it deals the next hand.
    rng: Rng,
    history: [u8; MAX_ACTIONS],
    num_actions: u8,

    phase: Phase,
    to_move: u8,
    hands: [CardSet; NUM_PLAYERS],
    picker: Option<u8>,
    bury: CardSet,
    called: Option<SCard>,
    /// The holder of the called card: hidden from the others until it is played (R17).
    partner: Option<u8>,
    partner_revealed: bool,
    under: Option<SCard>,
    called_suit_led: bool,
    leaster: bool,
    doubler: bool,

    trick_no: u8,
    leaders: [u8; NUM_TRICKS],
    winners: [u8; NUM_TRICKS],
    /// Cards of each trick in the order played.
    tricks: [[SCard; NUM_PLAYERS]; NUM_TRICKS],
    trick_len: u8,
    /// The suit led to the current trick, and the place in it and power of the best card so far (R25).
    led: ESuit,
    best: u8,
    best_power: u8,
    points: [u8; NUM_PLAYERS],
    tricks_won: [u8; NUM_PLAYERS],
    first_trick: [Option<u8>; NUM_PLAYERS],
    returns: [i32; NUM_PLAYERS],
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

impl State {
    /// A fresh deal from a seeded shuffle.
    pub fn new(seed: u64, rules: Rules, dealer: u8, multiplier: u32) -> Result<State, DealError> {
        let mut rng = Rng::new(seed);
        if dealer >= NUM_PLAYERS as u8 {
            return Err(DealError::Dealer { dealer });
        }
        let deal = Deal::dealt(&mut rng, dealer, &rules);
        State::dealt_from(deal, rules, dealer, multiplier, rng) // `dealt` kept to V28 already
    }

    /// A hand from explicit cards, before anyone has picked. Under `no_ace_face_trump_redeal` a deal that
    /// would be dealt again (V28) is refused.
    pub fn from_deal(
        deal: Deal,
        rules: Rules,
        dealer: u8,
        multiplier: u32,
        rng: Rng,
    ) -> Result<State, DealError> {
        if rules.no_ace_face_trump_redeal {
            if let Some(seat) = deal.seat_without_ace_face_trump() {
                return Err(DealError::Redealt { seat });
            }
        }
        State::dealt_from(deal, rules, dealer, multiplier, rng)
    }

    /// [`State::from_deal`] without the V28 check: for a deal [`Deal::dealt`] made, and a position's hands
    /// (which are not a deal).
    fn dealt_from(
        deal: Deal,
        rules: Rules,
        dealer: u8,
        multiplier: u32,
        rng: Rng,
    ) -> Result<State, DealError> {
        if dealer >= NUM_PLAYERS as u8 {
            return Err(DealError::Dealer { dealer });
        }
        if !(1..=MAX_MULTIPLIER).contains(&multiplier) {
            return Err(DealError::Multiplier);
        }
        Ok(State {
            rules,
            ranking: Ranking::new(rules.jack_order),
            dealer,
            multiplier,
            deal,
            rng,
            history: [0; MAX_ACTIONS],
            num_actions: 0,
            phase: Phase::Pick,
            to_move: left(dealer, 1), // R10
            hands: deal.hands,
            picker: None,
            bury: CardSet::EMPTY,
            called: None,
            partner: None,
            partner_revealed: false,
            under: None,
            called_suit_led: false,
            leaster: false,
            doubler: false,
            trick_no: 0,
            leaders: [0; NUM_TRICKS],
            winners: [0; NUM_TRICKS],
            tricks: [[NO_CARD; NUM_PLAYERS]; NUM_TRICKS],
            trick_len: 0,
            led: ESuit::TRUMP,
            best: 0,
            best_power: 0,
            points: [0; NUM_PLAYERS],
            tricks_won: [0; NUM_PLAYERS],
            first_trick: [None; NUM_PLAYERS],
            returns: [0; NUM_PLAYERS],
            start: None,
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
        s.partner = start.partner;
        s.partner_revealed = start.partner_revealed;
        s.under = start.under;
        s.called_suit_led = start.called_suit_led;
        s.leaster = start.picker.is_none();
        s.trick_no = start.trick_no;
        s.leaders[start.trick_no as usize] = start.leader;
        s.to_move = start.leader;
        s.points = start.points;
        s.tricks_won = start.tricks_won;
        s.first_trick = start.first_trick;
        Ok(s)
    }

    /// The hand as its history starts: the deal, or the position it was set up from.
    fn restarted(&self) -> State {
        match self.start {
            None => State::from_deal(self.deal, self.rules, self.dealer, self.multiplier, self.rng),
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
        let mut rng = self.rng;
        let dealer = left(self.dealer, 1);
        let deal = Deal::dealt(&mut rng, dealer, &self.rules);
        State::dealt_from(deal, self.rules, dealer, multiplier, rng) // `dealt` kept to V28 already
    }

    // ---- what anyone can read ----

    /// The trump order and trick ranking of the hand's rules.
    pub fn ranking(&self) -> &'static Ranking {
        self.ranking
    }
    pub fn dealer(&self) -> u8 {
        self.dealer
    }
    pub fn multiplier(&self) -> u32 {
        self.multiplier
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
    pub fn called_card(&self) -> Option<SCard> {
        self.called
    }
    /// The partner, once the called card has been played (R17).
    pub fn revealed_partner(&self) -> Option<u8> {
        self.partner.filter(|_| self.partner_revealed)
    }
    /// The holder of the called card, revealed or not (hidden information).
    pub fn secret_partner(&self) -> Option<u8> {
        self.partner
    }
    pub fn under(&self) -> Option<SCard> {
        self.under
    }
    /// Whether the called suit has been led in a completed trick (public; it ends R18's and R19's duties).
    pub fn called_suit_led(&self) -> bool {
        self.called_suit_led
    }
    pub fn is_leaster(&self) -> bool {
        self.leaster
    }
    pub fn is_doubler(&self) -> bool {
        self.doubler
    }
    pub fn trick_number(&self) -> usize {
        self.trick_no as usize
    }
    /// The trick being played: its leader and the cards so far, in order.
    pub fn current_trick(&self) -> (u8, &[SCard]) {
        let t = (self.trick_no as usize).min(NUM_TRICKS - 1);
        let len = if self.trick_no as usize == NUM_TRICKS { 0 } else { self.trick_len as usize };
        (self.leaders[t], &self.tricks[t][..len])
    }
    /// Completed tricks: (leader, cards in play order, winner); for a hand set up in the card play, those
    /// completed since.
    pub fn completed_tricks(&self) -> impl Iterator<Item = (u8, &[SCard; NUM_PLAYERS], u8)> + '_ {
        (self.first_recorded_trick()..self.trick_no as usize)
            .map(|t| (self.leaders[t], &self.tricks[t], self.winners[t]))
    }
    /// The first trick whose cards the state knows: 0, or the trick a position started at.
    pub fn first_recorded_trick(&self) -> usize {
        self.start.map_or(0, |s| usize::from(s.trick_no))
    }

    /// Card points taken in tricks by each seat (in a leaster, the blind is added to the last trick's taker).
    pub fn points(&self) -> [u8; NUM_PLAYERS] {
        self.points
    }
    pub fn tricks_won(&self) -> [u8; NUM_PLAYERS] {
        self.tricks_won
    }
    /// The trick (from 0) in which each seat took its first trick, if it took one (R31's tie rule).
    pub fn first_tricks(&self) -> [Option<u8>; NUM_PLAYERS] {
        self.first_trick
    }

    /// The picking side's card points (R26): its tricks plus the bury.
    pub fn picking_side_points(&self) -> Option<u32> {
        let picker = self.picker?;
        Some(self.side(picker).map(|s| u32::from(self.points[s as usize])).sum::<u32>() + self.bury.points())
    }

    fn side(&self, picker: u8) -> impl Iterator<Item = u8> {
        std::iter::once(picker).chain(self.partner)
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

    /// The cards the player to move may play now (R18, R19, R22–R24). Empty outside the play phase.
    #[inline(always)] // inlined into the CPU-specific playout kernels
    pub fn playable(&self) -> CardSet {
        if self.phase != Phase::Play {
            return CardSet::EMPTY;
        }
        let seat = self.to_move;
        let hand = self.hands[seat as usize];
        // The hold-card and called-card duties bind until the called suit is first led, except in the last trick.
        let bound = match self.called {
            Some(called) if !self.called_suit_led && (self.trick_no as usize) < NUM_TRICKS - 1 => {
                Some(called)
            }
            _ => None,
        };
        if self.trick_len == 0 {
            let mut ok = hand;
            if let Some(called) = bound {
                // R18 (revised), R19 bind the picker and the partner only.
                let suit = suit_of(called);
                if self.rules.hold_card_lead == HoldCardLead::Forbidden {
                    ok = ok - self.hold_card(seat, suit);
                }
                if hand.contains(called) {
                    // R19: the suit's first lead must bring the called card.
                    ok = ok - suit.cards().without(called);
                }
            }
            return ok;
        }
        let follow = self.holding(seat, self.led);
        if !follow.is_empty() {
            // R22, R24; R19: the first lead of the called suit draws the called card.
            return match self.called {
                Some(called) if !self.called_suit_led && follow.contains(called) => {
                    CardSet::EMPTY.with(called)
                }
                _ => follow,
            };
        }
        // R23: void, any card; but R18 keeps the hold card and R19 the called card.
        let mut ok = hand;
        if let Some(called) = bound {
            ok = ok - self.hold_card(seat, suit_of(called));
            if self.rules.called_card_no_discard {
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

    /// The cards the picker may call (R14–R16), and whether they are "unknown" calls needing an under.
    pub fn callable(&self) -> (CardSet, bool) {
        let Some(picker) = self.picker else {
            return (CardSet::EMPTY, false);
        };
        let hand = self.hands[picker as usize];
        let held = hand | self.bury;
        let aces = CardSet(CALLABLE[..3].iter().fold(0, |m, c| m | c.bit()));
        // R15: holding all three fail aces, call a ten instead.
        let candidates = if (held & aces) == aces { &CALLABLE[3..] } else { &CALLABLE[..3] };
        let mut calls = CardSet::EMPTY;
        for &c in candidates {
            if !held.contains(c) && !(hand & suit_of(c).cards()).is_empty() {
                calls = calls.with(c);
            }
        }
        if calls.is_empty() && self.rules.no_legal_call == NoLegalCall::Unknown {
            for &c in &CALLABLE[..3] {
                if !held.contains(c) && (hand & suit_of(c).cards()).is_empty() {
                    calls = calls.with(c);
                }
            }
            return (calls, true);
        }
        (calls, false)
    }

    fn cards_to_actions(cards: CardSet, base: u8) -> u128 {
        u128::from(cards.0) << base
    }

    fn all_passed(&mut self) {
        match self.rules.all_pass {
            AllPass::Leaster => {
                self.leaster = true;
                self.start_play();
            }
            AllPass::Doubler => {
                self.doubler = true; // R32: thrown in, nothing to settle
                self.phase = Phase::Done;
            }
        }
    }

    fn start_play(&mut self) {
        self.phase = Phase::Play;
        self.to_move = left(self.dealer, 1); // R21
        self.leaders[0] = self.to_move;
    }

    #[inline(always)] // inlined into the CPU-specific playout kernels
    fn play(&mut self, seat: u8, card: SCard) {
        let t = self.trick_no as usize;
        let under = self.under_suit();
        if self.trick_len == 0 {
            self.led = Ranking::led_suit(card, under);
            self.best_power = 0;
        }
        // R25: the highest trump, else the highest card of the led suit, takes the trick.
        let power = self.ranking.power_in_trick(card, self.led, under);
        let better = power > self.best_power; // unpredictable: keep it branch-free
        self.best = if better { self.trick_len } else { self.best };
        self.best_power = self.best_power.max(power);
        self.hands[seat as usize] = self.hands[seat as usize].without(card);
        self.partner_revealed |= Some(card) == self.called; // R17: playing the called card reveals the partner
        self.tricks[t][self.trick_len as usize] = card;
        self.trick_len += 1;
        if (self.trick_len as usize) < NUM_PLAYERS {
            self.to_move = left(seat, 1);
            return;
        }
        let cards = self.tricks[t];
        let w = left(self.leaders[t], self.best);
        debug_assert_eq!(self.best as usize, trick_winner(self.ranking, &cards, under));
        let taken: CardSet = cards.iter().copied().collect();
        self.points[w as usize] += taken.points() as u8;
        self.tricks_won[w as usize] += 1;
        self.first_trick[w as usize].get_or_insert(t as u8);
        self.winners[t] = w;
        if let Some(called) = self.called {
            if self.led == suit_of(called) {
                self.called_suit_led = true;
            }
        }
        self.trick_no += 1;
        self.trick_len = 0;
        self.to_move = w;
        if (self.trick_no as usize) < NUM_TRICKS {
            self.leaders[self.trick_no as usize] = w;
        } else {
            self.settle(w);
        }
    }

    fn settle(&mut self, last_winner: u8) {
        self.phase = Phase::Done;
        let returns = match self.picker {
            None => {
                // R31: the blind goes to the last trick's taker.
                self.points[last_winner as usize] += self.deal.blind.points() as u8;
                let points = self.points.map(u32::from);
                let tricks = self.tricks_won.map(u32::from);
                scoring::settle_leaster(scoring::leaster_winner(points, tricks, self.first_trick))
            }
            Some(picker) => {
                let tricks = self.side(picker).map(|s| u32::from(self.tricks_won[s as usize])).sum();
                let points = self.picking_side_points().expect("there is a picker");
                let trick_points = points - self.bury.points();
                let outcome = scoring::Outcome { points, trick_points, tricks };
                scoring::settle_picked(picker as usize, self.partner.map(usize::from), outcome, &self.rules)
            }
        };
        self.returns = returns.map(|r| r * self.multiplier as i32);
    }

    // ---- explaining a refusal ----

    fn why_not_callable(&self, c: SCard) -> String {
        let picker = self.picker.expect("the call phase has a picker") as usize;
        let held = self.hands[picker] | self.bury;
        let suit = suit_of(c).plain();
        if held.contains(c) {
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
                if follow.contains(called) && c != called {
                    return format!(
                        "the called suit is led for the first time: {called} must be played (R19)"
                    );
                }
            }
        }
        if Some(c) == self.called {
            return format!(
                "{c} is the called card: it may not be thrown on another suit before the last trick (R19)"
            );
        }
        if Some(seat) == self.picker {
            return format!("{c} is the picker's hold card: it stays until the called suit is led (R18)");
        }
        format!("{c} is of the called suit, which the partner must open with the called card (R19)")
    }
}

impl Game for State {
    type Rules = Rules;
    type Policy = RolloutPolicy;

    const NAME: &'static str = "sheepshead";
    const NUM_PLAYERS: usize = NUM_PLAYERS;
    const NUM_ACTIONS: usize = NUM_ACTIONS;

    /// Dealer 0, single stakes.
    #[inline(always)]
    fn deal(seed: u64, rules: Rules) -> State {
        State::new(seed, rules, 0, 1).expect("dealer 0 and multiplier 1 are valid")
    }

    fn rules(&self) -> Rules {
        self.rules
    }

    /// The seat to act, `None` when the hand is over.
    fn current_player(&self) -> Option<u8> {
        (self.phase != Phase::Done).then_some(self.to_move)
    }

    /// Every legal action as a bit mask over the action ids.
    #[inline(always)] // inlined into the CPU-specific playout kernels
    fn legal_mask(&self) -> u128 {
        match self.phase {
            Phase::Pick => 1 << PICK | 1 << PASS,
            Phase::Bury => State::cards_to_actions(self.hands[self.to_move as usize], BURY),
            Phase::Call => {
                let (calls, _) = self.callable();
                calls.into_iter().fold(1u128 << ALONE, |m, c| m | 1 << Action::Call(c).id())
            }
            Phase::Under => State::cards_to_actions(self.hands[self.to_move as usize], UNDER),
            Phase::Play => State::cards_to_actions(self.playable(), PLAY),
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
        if action >= PLAY {
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
            Action::Pass => {
                if seat == self.dealer {
                    self.all_passed();
                } else {
                    self.to_move = left(seat, 1);
                }
            }
            Action::Bury(c) => {
                self.hands[seat as usize] = self.hands[seat as usize].without(c);
                self.bury = self.bury.with(c);
                if self.bury.len() == 2 {
                    self.phase = Phase::Call;
                }
            }
            Action::Call(c) => {
                self.called = Some(c);
                self.partner = (0..NUM_PLAYERS as u8).find(|&s| self.hands[s as usize].contains(c));
                if (self.hands[seat as usize] & suit_of(c).cards()).is_empty() {
                    self.phase = Phase::Under; // R16, the "unknown" call
                } else {
                    self.start_play();
                }
            }
            Action::Alone => self.start_play(),
            Action::Under(c) => {
                self.under = Some(c);
                self.start_play();
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
        let phase_of = |a: Action| match a {
            Action::Pick | Action::Pass => Phase::Pick,
            Action::Bury(_) => Phase::Bury,
            Action::Call(_) | Action::Alone => Phase::Call,
            Action::Under(_) => Phase::Under,
            Action::Play(_) => Phase::Play,
        };
        if self.phase == Phase::Done {
            return "the hand is over".into();
        }
        if phase_of(a) != self.phase {
            return format!(
                "the hand is in the {} phase, not the {} phase",
                self.phase.name(),
                phase_of(a).name()
            );
        }
        match a {
            Action::Bury(c) | Action::Under(c) | Action::Play(c) if !hand.contains(c) => {
                format!("seat {seat} does not hold {c}")
            }
            Action::Call(c) => self.why_not_callable(c),
            Action::Play(c) => self.why_not_playable(c),
            _ => "not legal now".into(),
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
        &self.returns
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

#[cfg(test)]
mod tests;
