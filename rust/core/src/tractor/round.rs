//! A Tractor round as a state machine: the draw with declarations, the kitty, the play, the score.
//!
//! The draw deals one card at a time and stops only where a player may declare (R15–R18); after the 100th card
//! a final window offers each player one more chance. Plays are built card by card: `play <card>` adds a card,
//! `finish` ends a lead, and a follow ends by itself at the lead's size. Cards stay in the hand until the play
//! they belong to is complete.

use super::actions::{Action, DISCARD, FINISH, NUM_ACTIONS, PASS, PLAY};
use super::deal::Deal;
use super::declare::{can_declare, legal_declarations, no_trump, talon_flip, Standing};
use super::follow::{extensions, FollowRules};
use super::format::{decompose, decompose_with, Format};
use super::greedy::RolloutPolicy;
use super::hand::Hand;
use super::position::Position;
use super::rules::{FirstDrawer, FirstLandlord, NegativePoints, Rules};
use super::scoring::{check_levels, declarer_return, kitty_bonus, level_outcome, throw_penalty, NT_LEVEL};
use super::throw::check_throw;
use super::trick::{points, winner_with};
use super::trump::{Trump, TrumpContext};
use crate::cards::{Card, Rank};
use crate::error::{ActionParseError, IllegalAction, InvalidState};
use crate::game::Game;
use crate::rng::{splitmix64, Rng};
use std::sync::Arc;

pub const NUM_PLAYERS: usize = 4;
/// The cards of a deal's stack: two decks (R1), the cards F5 takes out at its end.
pub const STACK: usize = 108;
/// The last deal of a round a save may give a stack for (R19 redeals: a round dealt again even twice is rare),
/// which bounds the work of loading any save.
pub const MAX_RESTACKED_DEAL: u32 = 1000;

/// The team of a seat: 0 for seats 0 and 2, 1 for seats 1 and 3 (A.0).
#[inline]
pub const fn team(seat: u8) -> u8 {
    seat % 2
}

/// Where a round stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Drawing, and the final declaration window after it.
    Draw,
    /// The starter discards the kitty (8 cards, or `kitty_size`).
    Kitty,
    Play,
    Done,
}

impl Phase {
    pub const fn name(self) -> &'static str {
        match self {
            Phase::Draw => "draw",
            Phase::Kitty => "kitty",
            Phase::Play => "play",
            Phase::Done => "done",
        }
    }
}

/// What a round was started from: the generator before the deal, or a play-phase position. `undo` replays the
/// history from it, and a saved round is this plus the history.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Origin {
    Deal(Rng),
    Position {
        hands: [Hand; NUM_PLAYERS],
        kitty: Hand,
        trump: Trump,
        starter: u8,
    },
    /// A play-phase position at the start of a trick, other than a first lead from explicit cards (those are
    /// `Position`): any leader, tricks already played, points scored (see [`Position`]).
    Trick(Arc<Position>),
    /// Dealt from a generator like `Deal`, except that some deals use a given stack (a resampled round, see
    /// `resample`).
    Restacked(Arc<Restacks>),
}

/// The deals of a resampled round that do not come from its generator.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Restacks {
    /// The generator the round was dealt from.
    pub rng: Rng,
    /// In increasing order of `deal`.
    pub stacks: Vec<Restack>,
}

/// Deal number `deal` (1 for the first) draws from `stack`, and the generator continues as `after` (so that a
/// later R19 redeal is not the one of the round that was resampled).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Restack {
    pub deal: u32,
    pub stack: [Card; STACK],
    pub after: Rng,
}

impl Origin {
    /// The generator a dealt round started from.
    pub fn rng(&self) -> Option<Rng> {
        match self {
            Origin::Deal(rng) => Some(*rng),
            Origin::Restacked(r) => Some(r.rng),
            Origin::Position { .. } | Origin::Trick(_) => None,
        }
    }
}

/// A completed trick: its leader, the plays in order from the leader, and the winner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Trick {
    pub leader: u8,
    pub plays: [Hand; NUM_PLAYERS],
    pub winner: u8,
}

/// A throw that failed (R34): who threw, what was thrown, what was led instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FailedThrow {
    pub seat: u8,
    pub attempted: Hand,
    pub forced: Hand,
    pub penalty: i32,
}

/// One round of Tractor: its parts are plain fields (no indirection), grouped by what they are about.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct State {
    setup: Setup,
    draw: Draw,
    /// The trump once fixed (after the draw), with its tables.
    trump: Option<Trump>,
    ctx: Option<&'static TrumpContext>,
    phase: Phase,
    to_move: u8,
    /// The cards in each hand; a play's cards leave it when the play is complete.
    hands: [Hand; NUM_PLAYERS],
    /// The starter's discards (R23).
    kitty: Hand,
    history: Vec<u8>,
    trick: TrickInProgress,
    score: Score,
    shown: Shown,
}

/// How the round was set up: its rules and start, the levels and the teams, the trump rank.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Setup {
    rules: Rules,
    origin: Origin,
    levels: [u8; 2],
    /// The declaring team; `None` in round 1 until a declaration stands (R21).
    declarers: Option<u8>,
    /// Whether the round started without declarers (round 1 of a match).
    round_one: bool,
    starter: Option<u8>,
    rank: Rank,
    /// The declarers are at the level NT (F35): a no-trump round without declarations or kitty flip (F12).
    nt_level: bool,
    /// How the cards are shared out (F4, F5): each hand's, the kitty's, the cards taken out.
    deal: Deal,
    /// The follow options of `rules`, kept apart so that the follow functions read them in place.
    follow: FollowRules,
    first_drawer: u8,
}

/// The draw (R13–R20): the stack, how far it has gone, the standing declaration.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Draw {
    rng: Rng,
    stack: [Card; STACK],
    drawn: u8,
    deals: u32,
    window: u8,
    in_window: bool,
    standing: Option<Standing>,
    /// The first seat that declared in this deal (F10).
    first_by: Option<u8>,
    flipped: u8,
}

/// The trick being played: its leader, the plays so far, the play being built, the lead's format.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct TrickInProgress {
    leader: u8,
    plays: [Hand; NUM_PLAYERS],
    n_plays: u8,
    partial: Hand,
    lead: Option<Format>,
}

/// What the completed tricks decided: cards taken, points P (R40–R42), failed throws, the returns.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Score {
    tricks: u16,
    last_trick: Option<Trick>,
    /// Cards of the completed tricks, all and by seat.
    played: Hand,
    played_by: [Hand; NUM_PLAYERS],
    points: i32,
    trick_points: [u32; 2],
    kitty_bonus: i32,
    failed_throw: Option<FailedThrow>,
    failed_throws: u16,
    returns: [i32; NUM_PLAYERS],
}

/// What each seat has shown that the history does not say (for information keys and `resample`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Shown {
    exposed: [Hand; NUM_PLAYERS],
    /// What everyone saw that the history does not say (for information keys and `resample`): the draws after
    /// which the drawer stopped to declare or pass (bit k: after the (k+1)th card; bit 4h + w, 100 + w with
    /// R13's hands of 25: turn w of the final window), and a hash of the failed throws' outcomes.
    stops: u128,
    throws: u64,
    /// The effective suits each seat has shown void in (it followed a lead with fewer cards of its suit).
    voids: [u8; NUM_PLAYERS],
    /// The cards of each seat's failed throws taken back into its hand (R34) and not played since.
    thrown_back: [Hand; NUM_PLAYERS],
}

impl State {
    /// A fresh round from a seeded shuffle. `declarers = None` is round 1: both levels must be equal and the
    /// first declaration decides the declarers and the starter (R21); otherwise the starter (of the declaring
    /// team) draws first and leads (R14, R22), and the trump rank is the declarers' level (R5).
    pub fn new(
        seed: u64,
        rules: Rules,
        levels: [u8; 2],
        declarers: Option<u8>,
        starter: Option<u8>,
    ) -> Result<State, InvalidState> {
        State::from_rng(Rng::new(seed), rules, levels, declarers, starter)
    }

    /// A round dealt from a generator in a given state (restoring a saved round).
    pub fn from_rng(
        rng: Rng,
        rules: Rules,
        levels: [u8; 2],
        declarers: Option<u8>,
        starter: Option<u8>,
    ) -> Result<State, InvalidState> {
        State::dealt(Origin::Deal(rng), rules, levels, declarers, starter)
    }

    /// A round dealt from a generator whose deals listed in `restacks` draw from the stacks given there.
    pub fn from_restacks(
        restacks: Restacks,
        rules: Rules,
        levels: [u8; 2],
        declarers: Option<u8>,
        starter: Option<u8>,
    ) -> Result<State, InvalidState> {
        if !restacks.stacks.windows(2).all(|w| w[0].deal < w[1].deal) {
            return Err(InvalidState("restacked deals must be listed in increasing order".into()));
        }
        if restacks.stacks.first().is_some_and(|r| r.deal == 0) {
            return Err(InvalidState("restacked deals are numbered from 1 (the first deal)".into()));
        }
        if let Some(r) = restacks.stacks.last().filter(|r| r.deal > MAX_RESTACKED_DEAL) {
            return Err(InvalidState(format!(
                "restacked deal {} is past deal {MAX_RESTACKED_DEAL}, the last a save may restack",
                r.deal
            )));
        }
        for r in &restacks.stacks {
            let mut count = [0u8; 54];
            for c in r.stack {
                count[usize::from(c.id())] += 1;
            }
            if let Some(k) = count.iter().position(|&n| n != 2) {
                let card = Card::from_id(k as u8).expect("a card id");
                return Err(InvalidState(format!(
                    "the stack of deal {} holds {card} {} times; a stack holds two decks",
                    r.deal, count[k]
                )));
            }
        }
        State::dealt(Origin::Restacked(Arc::new(restacks)), rules, levels, declarers, starter)
    }

    fn dealt(
        origin: Origin,
        rules: Rules,
        levels: [u8; 2],
        declarers: Option<u8>,
        starter: Option<u8>,
    ) -> Result<State, InvalidState> {
        let rng = origin.rng().expect("a dealt origin");
        let err = |m: String| Err(InvalidState(m));
        check_levels(levels, &rules).map_err(InvalidState)?;
        let mut rng_after = rng;
        let (rank_value, first_drawer) = match (declarers, starter) {
            (None, None) => {
                if levels[0] != levels[1] {
                    return err("without declarers (round 1) both teams must be at the same level".into());
                }
                if levels[0] == NT_LEVEL {
                    return err(
                        "round 1 cannot be at NT: nothing could be declared to find its starter (F12)".into(),
                    );
                }
                let first = match rules.first_drawer_round1 {
                    FirstDrawer::Random => rng_after.below(4) as u8,
                    FirstDrawer::Seat0 => 0,
                };
                (levels[0], first)
            }
            (Some(d), Some(s)) if d < 2 && s < 4 && team(s) == d => (levels[d as usize], s),
            (Some(d), Some(s)) if d < 2 && s < 4 => {
                return err(format!("the starter (seat {s}) must belong to the declaring team {d}"))
            }
            (Some(_), None) | (None, Some(_)) => {
                return err("declarers and starter go together (both None for round 1)".into())
            }
            _ => {
                return err(format!(
                    "declarers must be a team 0/1 and starter a seat 0-3, not {declarers:?}/{starter:?}"
                ))
            }
        };
        let mut state = State::blank(rules, origin, levels, declarers, starter, rank_value);
        state.setup.first_drawer = first_drawer;
        state.draw.rng = rng_after;
        state.deal();
        Ok(state)
    }

    fn blank(
        rules: Rules,
        origin: Origin,
        levels: [u8; 2],
        declarers: Option<u8>,
        starter: Option<u8>,
        level: u8,
    ) -> State {
        // F12: the level NT has no rank; its declaration texts name the ace, and none is ever legal.
        let rank = Rank::from_value(level.min(14)).expect("a checked level");
        State {
            setup: Setup {
                rules,
                origin,
                levels,
                declarers,
                round_one: declarers.is_none(),
                starter,
                rank,
                nt_level: level == NT_LEVEL,
                deal: Deal::new(rules.kitty_size, Rank::from_value(level)),
                follow: FollowRules::of(&rules),
                first_drawer: 0,
            },
            draw: Draw {
                rng: Rng::new(0),
                stack: [Card::RED_JOKER; 108],
                drawn: 0,
                deals: 0,
                window: 0,
                in_window: false,
                standing: None,
                first_by: None,
                flipped: 0,
            },
            trump: None,
            ctx: None,
            phase: Phase::Draw,
            to_move: 0,
            hands: [Hand::EMPTY; NUM_PLAYERS],
            kitty: Hand::EMPTY,
            history: Vec::with_capacity(256),
            trick: TrickInProgress {
                leader: 0,
                plays: [Hand::EMPTY; NUM_PLAYERS],
                n_plays: 0,
                partial: Hand::EMPTY,
                lead: None,
            },
            score: Score {
                tricks: 0,
                last_trick: None,
                played: Hand::EMPTY,
                played_by: [Hand::EMPTY; NUM_PLAYERS],
                points: 0,
                trick_points: [0; 2],
                kitty_bonus: 0,
                failed_throw: None,
                failed_throws: 0,
                returns: [0; NUM_PLAYERS],
            },
            shown: Shown {
                exposed: [Hand::EMPTY; NUM_PLAYERS],
                stops: 0,
                throws: 0,
                voids: [0; NUM_PLAYERS],
                thrown_back: [Hand::EMPTY; NUM_PLAYERS],
            },
        }
    }

    /// A play-phase position from explicit cards: hands of one size (1–25, or the hand of `kitty_size`; cards
    /// not listed count as played), the kitty (up to 8 cards, or `kitty_size`, for R41), the trump, the
    /// starter who leads, and the declaring team: the first lead of a [`Position`] ([`State::from_position`]
    /// of [`Position::first_lead`]).
    pub fn from_cards(
        hands: [Hand; NUM_PLAYERS],
        kitty: Hand,
        trump: Trump,
        starter: u8,
        declarers: u8,
        rules: Rules,
        levels: Option<[u8; 2]>,
    ) -> Result<State, InvalidState> {
        if starter >= 4 || declarers >= 2 || team(starter) != declarers {
            return Err(InvalidState(format!(
                "starter must be a seat 0-3 of the declaring team (0: seats 0 and 2, 1: seats 1 and 3), not \
                 {starter} with declarers {declarers}"
            )));
        }
        if trump.rank().is_some() && trump.suit().is_none() {
            return Err(InvalidState(
                "a round has a trump suit, or no trump at all (R9); a rank without a suit is not a round"
                    .into(),
            ));
        }
        // By default the declarers are at the trump rank (R5) and the opponents at 2.
        let rank_level = trump.rank().map_or(2, |r| r.value());
        let levels = levels.unwrap_or(if declarers == 0 { [rank_level, 2] } else { [2, rank_level] });
        let declarers_level = levels[declarers as usize];
        if trump.rank().is_some_and(|r| r.value() != declarers_level) {
            return Err(InvalidState(format!(
                "the trump rank is the declarers' level (R5): level {declarers_level} does not match {trump}"
            )));
        }
        let deal = Deal::new(rules.kitty_size, Rank::from_value(declarers_level));
        let n = hands[0].len();
        if !(1..=u32::from(deal.hand)).contains(&n) || hands.iter().any(|h| h.len() != n) {
            let sizes: Vec<u32> = hands.iter().map(|h| h.len()).collect();
            return Err(InvalidState(format!(
                "hands must have one size from 1 to {}, not {sizes:?}",
                deal.hand
            )));
        }
        if kitty.len() > u32::from(deal.kitty) {
            return Err(InvalidState(format!(
                "the kitty has {} cards; it has at most {}",
                kitty.len(),
                deal.kitty
            )));
        }
        deal.check_cards(hands.iter().chain([&kitty])).map_err(InvalidState)?;
        // The first lead of a position (what `from_position` checks again, and starts from).
        State::from_position(&Position::first_lead(hands, kitty, trump, starter, declarers, levels), rules)
    }

    /// The round at the start of a checked position's trick (nothing on the table): its origin is that
    /// position (`Origin::Position` for a first lead from explicit cards, `Origin::Trick` otherwise).
    pub(crate) fn at_trick_start(start: &Position, rules: Rules) -> State {
        debug_assert!(start.table.is_empty() && start.partial.is_empty());
        let (hands, kitty, trump, starter) = (start.hands, start.kitty, start.trump, start.starter);
        let origin = if start.is_first_lead() {
            Origin::Position { hands, kitty, trump, starter }
        } else {
            Origin::Trick(Arc::new(start.clone()))
        };
        let level = start.levels[usize::from(start.declarers)];
        let mut s = State::blank(rules, origin, start.levels, Some(start.declarers), Some(starter), level);
        s.hands = hands;
        s.kitty = kitty;
        s.draw.drawn = s.setup.deal.drawn();
        s.draw.deals = start.deals;
        s.fix_trump(trump);
        // What the completed tricks decided (R40, R42): the cards not listed were played.
        let played = start.played(&rules);
        s.score.tricks = start.tricks;
        s.score.played = if start.tricks > 0 { played } else { Hand::EMPTY };
        let card_points = start.points.max(0) as u32;
        s.score.trick_points[usize::from(1 - start.declarers)] = card_points;
        if start.tricks > 0 {
            s.score.trick_points[usize::from(start.declarers)] = points(played).saturating_sub(card_points);
        }
        s.score.points = start.points + start.penalties;
        s.score.failed_throws = start.failed_throws;
        s.start_play();
        s.trick.leader = start.leader;
        s.to_move = start.leader;
        s
    }

    // ---- the draw (R13–R20) ----

    #[inline(always)] // inlined into the CPU-specific playout kernel
    fn deal(&mut self) {
        let mut deck: [Card; STACK] =
            std::array::from_fn(|i| Card::from_id((i / 2) as u8).expect("54 kinds"));
        self.draw.rng.shuffle(&mut deck);
        self.setup.deal.take_out(&mut deck); // F5
        self.draw.stack = deck;
        self.new_deal();
        self.draw.in_window = false;
        self.advance();
    }

    /// What starts every deal, once `stack` is shuffled.
    #[inline(always)] // inlined into the CPU-specific playout kernel
    fn new_deal(&mut self) {
        self.draw.drawn = 0;
        self.draw.deals = self.draw.deals.saturating_add(1);
        if let Origin::Restacked(r) = &self.setup.origin {
            if let Some(r) = r.stacks.iter().find(|r| r.deal == self.draw.deals) {
                self.draw.stack = r.stack;
                self.setup.deal.take_out(&mut self.draw.stack); // F5 (a resampled stack has them out already)
                self.draw.rng = r.after;
            }
        }
        self.draw.window = 0;
        self.draw.flipped = 0;
        self.draw.standing = None;
        self.draw.first_by = None;
        self.shown.stops = 0;
        self.shown.exposed = [Hand::EMPTY; NUM_PLAYERS];
        self.hands = [Hand::EMPTY; NUM_PLAYERS];
    }

    fn can_declare(&self, seat: u8) -> bool {
        can_declare(self.hands[seat as usize], self.setup.rank, self.draw.standing, seat, &self.setup.rules)
    }

    /// F12: nothing is declared at the level NT, so the draw deals every card without a stop.
    #[cold]
    fn draw_without_declarations(&mut self) {
        while self.draw.drawn < self.setup.deal.drawn() {
            let seat = (self.setup.first_drawer + self.draw.drawn) % 4;
            let card = self.draw.stack[self.draw.drawn as usize];
            self.hands[seat as usize] = self.hands[seat as usize].add(card).expect("a fresh deck");
            self.draw.drawn += 1;
        }
        self.draw.window = 4;
    }

    /// Draws until somebody may declare, then runs the final window, then fixes the trump.
    #[inline(always)] // inlined into the CPU-specific playout kernel
    fn advance(&mut self) {
        if self.setup.nt_level {
            self.draw_without_declarations();
        }
        let drawn = self.setup.deal.drawn();
        loop {
            while self.draw.drawn < drawn {
                let seat = (self.setup.first_drawer + self.draw.drawn) % 4;
                let card = self.draw.stack[self.draw.drawn as usize];
                self.hands[seat as usize] = self.hands[seat as usize].add(card).expect("a fresh deck");
                self.draw.drawn += 1;
                if self.can_declare(seat) {
                    self.to_move = seat; // R18: offered to the player who just drew
                    self.shown.stops |= 1 << (self.draw.drawn - 1);
                    return;
                }
            }
            while self.draw.window < 4 {
                let seat = (self.setup.first_drawer + self.draw.window) % 4;
                if self.can_declare(seat) {
                    self.draw.in_window = true;
                    self.to_move = seat;
                    self.shown.stops |= 1 << (drawn + self.draw.window);
                    return;
                }
                self.draw.window += 1;
            }
            self.draw.in_window = false;
            match self.draw.standing {
                Some(st) => {
                    if self.setup.declarers.is_none() {
                        // R21: the round-1 declarer's team declares, and the declarer starts (F10: or the
                        // first who declared).
                        let landlord = match self.setup.rules.first_landlord {
                            FirstLandlord::WinningDeclaration => st.by,
                            FirstLandlord::FirstDeclaration => {
                                self.draw.first_by.expect("a declaration stands")
                            }
                        };
                        self.setup.declarers = Some(team(landlord));
                        self.setup.starter = Some(landlord);
                    }
                    self.fix_trump(st.declaration.trump(self.setup.rank, &self.setup.rules));
                }
                // R19: nobody declared in round 1: collect, reshuffle, draw again.
                None if self.setup.declarers.is_none() => {
                    self.deal_again();
                    continue;
                }
                None if self.setup.nt_level => self.fix_trump(Trump::NO_TRUMP), // F12: no kitty flip at NT
                None => {
                    // R20: turn the talon over.
                    let rules = &self.setup.rules;
                    let talon = &self.draw.stack[self.setup.deal.talon()];
                    let Some((suit, turned)) = talon_flip(talon, self.setup.rank, rules) else {
                        // F5: no talon card can fix the trump (no kitty, or only jokers): dealt again.
                        self.deal_again();
                        continue;
                    };
                    self.draw.flipped = turned as u8;
                    let trump = match suit {
                        Some(suit) => {
                            Trump::new(Some(self.setup.rank), Some(suit)).expect("a rank and a suit")
                        }
                        None => no_trump(self.setup.rank, rules), // F11: a joker turned first
                    };
                    self.fix_trump(trump);
                }
            }
            // R23: the starter takes the talon.
            let starter = self.setup.starter.expect("fixed with the trump");
            if self.setup.deal.kitty == 0 {
                self.start_play(); // F5: no kitty to take or bury
                return;
            }
            let talon: Hand =
                Hand::try_from(&self.draw.stack[self.setup.deal.talon()]).expect("a fresh deck");
            self.hands[starter as usize] = self.hands[starter as usize].sum(talon).expect("a fresh deck");
            self.phase = Phase::Kitty;
            self.to_move = starter;
            return;
        }
    }

    fn deal_again(&mut self) {
        let mut deck = self.draw.stack;
        self.draw.rng.shuffle(&mut deck);
        self.setup.deal.take_out(&mut deck); // F5
        self.draw.stack = deck;
        self.new_deal();
    }

    fn fix_trump(&mut self, trump: Trump) {
        self.trump = Some(trump);
        self.ctx = Some(TrumpContext::cached(trump, self.setup.rules.plain_suit_gap_closing));
    }

    fn start_play(&mut self) {
        self.phase = Phase::Play;
        self.trick.leader = self.setup.starter.expect("a starter");
        self.to_move = self.trick.leader;
    }
}

impl State {
    // ---- what anyone can read ----

    pub fn phase(&self) -> Phase {
        self.phase
    }
    pub fn levels(&self) -> [u8; 2] {
        self.setup.levels
    }
    pub fn declarers(&self) -> Option<u8> {
        self.setup.declarers
    }
    pub fn starter(&self) -> Option<u8> {
        self.setup.starter
    }
    /// The rank of the declaration actions' cards: the declarers' level, the ace at the level NT (where none is
    /// legal).
    pub fn declaration_rank(&self) -> Rank {
        self.setup.rank
    }

    /// The rank a declaration exposes: the declarers' level (R5); `None` at the level NT (F12, F35).
    pub fn rank(&self) -> Option<Rank> {
        (!self.setup.nt_level).then_some(self.setup.rank)
    }
    /// The trump, once fixed.
    pub fn trump(&self) -> Option<Trump> {
        self.trump
    }
    pub fn trump_context(&self) -> Option<&'static TrumpContext> {
        self.ctx
    }
    pub fn standing(&self) -> Option<Standing> {
        self.draw.standing
    }
    /// Cards each player has exposed to declare (R15, R18: they stay in the hand).
    pub fn exposed(&self) -> [Hand; NUM_PLAYERS] {
        self.shown.exposed
    }
    /// Cards drawn so far in this deal, 0–100 (0–4h under `kitty_size`, F5).
    pub fn drawn(&self) -> u8 {
        self.draw.drawn
    }
    /// How many times the cards were dealt (more than 1 after R19 redeals).
    pub fn deals(&self) -> u32 {
        self.draw.deals
    }
    /// How the cards are shared out (F4, F5): each hand's, the kitty's, the cards taken out.
    pub fn deal_shape(&self) -> &Deal {
        &self.setup.deal
    }
    /// Talon cards turned over to fix the trump (R20), 0 if a declaration stood.
    pub fn flipped(&self) -> u8 {
        self.draw.flipped
    }
    /// The talon, in stack order, before the starter takes it.
    pub fn talon(&self) -> &[Card] {
        &self.draw.stack[self.setup.deal.talon()]
    }
    pub fn hand(&self, seat: usize) -> Hand {
        self.hands[seat]
    }
    /// The discards, 8 or `kitty_size` (known to the starter).
    pub fn kitty(&self) -> Hand {
        self.kitty
    }
    pub fn leader(&self) -> u8 {
        self.trick.leader
    }
    /// The completed plays of the trick in progress, the lead first.
    pub fn trick_plays(&self) -> &[Hand] {
        &self.trick.plays[..self.trick.n_plays as usize]
    }
    /// The play being built by the player to move.
    pub fn partial(&self) -> Hand {
        self.trick.partial
    }
    pub fn lead(&self) -> Option<&Format> {
        self.trick.lead.as_ref()
    }
    pub fn tricks_played(&self) -> u16 {
        self.score.tricks
    }
    pub fn last_trick(&self) -> Option<Trick> {
        self.score.last_trick
    }
    pub fn origin(&self) -> &Origin {
        &self.setup.origin
    }
    /// The cards of the completed tricks.
    pub fn played(&self) -> Hand {
        self.score.played
    }
    /// The cards each seat played in the completed tricks.
    pub fn played_by(&self) -> [Hand; NUM_PLAYERS] {
        self.score.played_by
    }
    /// The seat that drew first in this deal.
    pub fn first_drawer(&self) -> u8 {
        self.setup.first_drawer
    }
    /// The card at position `k` of the stack (0–107): the hands' draws, the talon, the cards F5 took out.
    pub fn stack_card(&self, k: usize) -> Card {
        self.draw.stack[k]
    }
    /// P so far: the opponents' card points, the kitty bonus and the throw penalties (R40–R42).
    pub fn points(&self) -> i32 {
        self.score.points
    }
    /// Card points taken in tricks by each team.
    pub fn trick_points(&self) -> [u32; 2] {
        self.score.trick_points
    }
    pub fn kitty_bonus(&self) -> i32 {
        self.score.kitty_bonus
    }
    /// The last failed throw of the round, if any.
    pub fn failed_throw(&self) -> Option<FailedThrow> {
        self.score.failed_throw
    }
    pub fn failed_throws(&self) -> u16 {
        self.score.failed_throws
    }
    /// The draw stops of this deal: bit k set when the drawer of the (k+1)th card could declare (R18), bit
    /// 4h + w (100 + w with R13's hands of 25) when turn w of the final window could.
    pub fn stops(&self) -> u128 {
        self.shown.stops
    }
    /// Turns of the final window taken so far (0–4).
    pub fn window_turns(&self) -> u8 {
        if self.phase == Phase::Draw {
            self.draw.window
        } else {
            4
        }
    }
    /// A hash of the failed throws so far: who threw, when, and what was led instead.
    pub fn throw_outcomes(&self) -> u64 {
        self.shown.throws
    }
    /// The effective suits (bits 0–4) each seat has shown void in by following with fewer cards of the led
    /// suit than the lead has.
    pub fn voids(&self) -> [u8; NUM_PLAYERS] {
        self.shown.voids
    }
    /// The cards of each seat's failed throws taken back into its hand (R34) and not played since: everyone
    /// knows it holds them.
    pub fn thrown_back(&self) -> [Hand; NUM_PLAYERS] {
        self.shown.thrown_back
    }

    fn is_declarer(&self, seat: u8) -> bool {
        Some(team(seat)) == self.setup.declarers
    }

    // ---- legality ----

    /// The kinds the player to move may add to the play being built.
    #[inline(always)] // inlined into the CPU-specific playout kernel
    pub fn playable(&self) -> u64 {
        if self.phase != Phase::Play {
            return 0;
        }
        let ctx = self.ctx.expect("play has a trump");
        let hand = self.hands[self.to_move as usize];
        match &self.trick.lead {
            Some(lead) => extensions(ctx, hand, lead, self.trick.partial, self.follow_rules()),
            None => {
                // Leading: any card first, then more of the same effective suit (R27).
                let left = hand.minus(self.trick.partial);
                match self.trick.partial.first() {
                    None => left.kinds(),
                    Some(c) => left.kinds() & ctx.suit_mask(ctx.suit_of(c)),
                }
            }
        }
    }

    pub(crate) fn follow_rules(&self) -> &FollowRules {
        &self.setup.follow
    }

    /// The round as it was before its first action.
    pub(crate) fn restart(&self) -> State {
        match &self.setup.origin {
            Origin::Deal(_) | Origin::Restacked(_) => {
                let setup = self.start_setup();
                State::dealt(self.setup.origin.clone(), self.setup.rules, self.setup.levels, setup.0, setup.1)
                    .expect("a state's own setup is valid")
            }
            &Origin::Position { hands, kitty, trump, starter } => State::from_cards(
                hands,
                kitty,
                trump,
                starter,
                self.setup.declarers.expect("a position has declarers"),
                self.setup.rules,
                Some(self.setup.levels),
            )
            .expect("a state's own position is valid"),
            Origin::Trick(start) => State::at_trick_start(start, self.setup.rules),
        }
    }

    /// (declarers, starter) as given at the start: `None`s for round 1.
    pub fn start_setup(&self) -> (Option<u8>, Option<u8>) {
        match self.setup.origin {
            Origin::Deal(_) | Origin::Restacked(_) if self.setup.round_one => (None, None),
            _ => (self.setup.declarers, self.setup.starter),
        }
    }

    #[inline(always)] // inlined into the CPU-specific playout kernel
    fn after_declaration_turn(&mut self) {
        if self.draw.in_window {
            self.draw.window += 1;
            self.draw.in_window = false;
        }
        self.advance();
    }

    // ---- play (R25–R39) ----

    #[inline(always)] // inlined into the CPU-specific playout kernel
    fn play(&mut self, seat: u8, card: Card) {
        self.trick.partial = self.trick.partial.add(card).expect("a legal card");
        if let Some(lead) = &self.trick.lead {
            if self.trick.partial.len() == lead.size() {
                let play = self.trick.partial;
                self.complete_play(seat, play);
            }
        }
    }

    #[inline(always)] // inlined into the CPU-specific playout kernel
    fn finish_lead(&mut self, seat: u8) {
        let ctx = self.ctx.expect("play has a trump");
        let attempted = self.trick.partial;
        let mut format =
            decompose_with(ctx, attempted, self.setup.rules.min_tractor_length).expect("a lead of one suit");
        let others: [Hand; 3] = std::array::from_fn(|k| self.hands[((seat + 1 + k as u8) % 4) as usize]);
        let rules = self.setup.rules;
        if let Some(failed) = check_throw(ctx, &format, &others, rules.failed_throw_forced) {
            // R34, R42, F26, F27: the beatable component is led instead; the rest goes back to the hand.
            let penalty = throw_penalty(rules.throw_penalty, self.is_declarer(seat), failed.taken_back);
            self.score.points += penalty;
            self.score.failed_throws += 1;
            self.score.failed_throw =
                Some(FailedThrow { seat, attempted, forced: failed.forced.cards, penalty });
            self.shown.thrown_back[seat as usize] = self.shown.thrown_back[seat as usize].union(attempted);
            let forced = failed.forced.cards;
            for word in [u64::from(seat) | u64::from(self.score.tricks) << 8, forced.kinds(), forced.pairs()]
            {
                self.shown.throws = splitmix64(&mut (self.shown.throws ^ word));
            }
            format = Format::of_component(format.suit, failed.forced);
        }
        let lead = format_cards(&format);
        self.trick.lead = Some(format);
        self.complete_play(seat, lead);
    }

    #[inline(always)] // inlined into the CPU-specific playout kernel
    fn complete_play(&mut self, seat: u8, play: Hand) {
        self.hands[seat as usize] = self.hands[seat as usize].minus(play);
        self.shown.thrown_back[seat as usize] = self.shown.thrown_back[seat as usize].saturating_minus(play);
        if self.trick.n_plays > 0 {
            let ctx = self.ctx.expect("play has a trump");
            let lead = self.trick.lead.as_ref().expect("a follow has a lead");
            if play.restrict(ctx.suit_mask(lead.suit)).len() < lead.size() {
                self.shown.voids[seat as usize] |= 1 << lead.suit; // R28: it had no more of the suit
            }
        }
        self.trick.plays[self.trick.n_plays as usize] = play;
        self.trick.n_plays += 1;
        self.trick.partial = Hand::EMPTY;
        if (self.trick.n_plays as usize) < NUM_PLAYERS {
            self.to_move = (seat + 1) % 4;
            return;
        }
        let ctx = self.ctx.expect("play has a trump");
        let lead = self.trick.lead.as_ref().expect("a finished lead");
        let w = (self.trick.leader
            + winner_with(ctx, lead, &self.trick.plays, self.setup.rules.throw_compare) as u8)
            % 4;
        // R41, F32: after the last trick (every hand played out) the kitty counts by its lead.
        let kitty = (self.hands[w as usize].is_empty() && !self.is_declarer(w))
            .then(|| kitty_bonus(points(self.kitty), lead, self.setup.rules.kitty_multiplier));
        self.trick.lead = None;
        let cards = self.trick.plays.iter().fold(Hand::EMPTY, |all, &p| all.sum(p).expect("108 cards"));
        let pts = points(cards);
        self.score.played = self.score.played.sum(cards).expect("108 cards");
        for (i, &p) in self.trick.plays.iter().enumerate() {
            let s = ((self.trick.leader + i as u8) % 4) as usize;
            self.score.played_by[s] = self.score.played_by[s].sum(p).expect("108 cards");
        }
        self.score.trick_points[team(w) as usize] += pts;
        if !self.is_declarer(w) {
            self.score.points += pts as i32; // R40
        }
        self.score.tricks += 1;
        self.score.last_trick = Some(Trick { leader: self.trick.leader, plays: self.trick.plays, winner: w });
        self.trick.n_plays = 0;
        self.trick.leader = w;
        self.to_move = w;
        if self.hands[w as usize].is_empty() {
            if let Some(bonus) = kitty {
                self.score.kitty_bonus = bonus;
                // A capped bonus (a long last lead under `largest_unit_pow2`) must not wrap P.
                self.score.points = self.score.points.saturating_add(bonus);
            }
            self.settle();
        }
    }

    fn settle(&mut self) {
        self.phase = Phase::Done;
        let r = declarer_return(level_outcome(self.score.points, &self.setup.rules));
        let declarers = self.setup.declarers.expect("play has declarers");
        self.score.returns = std::array::from_fn(|s| if team(s as u8) == declarers { r } else { -r });
    }

    // ---- whole plays ----

    /// Every whole play the player to move may make now (containing the cards already added), as multisets: a
    /// lead is any non-empty set of cards of one effective suit (R27; a throw may still fail), a follow any play
    /// of R28–R32. Empty outside the play phase.
    pub fn legal_plays(&self) -> Vec<Hand> {
        let mut out = Vec::new();
        self.for_each_legal_play(|p| out.push(p));
        out
    }

    /// How many plays [`State::legal_plays`] lists, counted without listing them.
    pub fn count_legal_plays(&self) -> usize {
        let mut count = 0;
        self.for_each_legal_play(|_| count += 1);
        count
    }

    /// Calls `visit` with each play of [`State::legal_plays`]. Hands hold at most 25 cards under R13, so there
    /// are at most 4,478,975 leads (25 cards of one suit: seven pairs and eleven singles) and 5,200,300
    /// follows; with no kitty (F5) hands of 27 have at most 10,077,695 leads and 20,058,300 follows.
    fn for_each_legal_play(&self, mut visit: impl FnMut(Hand)) {
        let Some(ctx) = self.ctx.filter(|_| self.phase == Phase::Play) else {
            return;
        };
        let hand = self.hands[self.to_move as usize];
        let mut keep = |p: Hand| {
            if self.trick.partial.is_subset(p) {
                visit(p)
            }
        };
        match &self.trick.lead {
            Some(lead) => super::follow::for_each_follow(ctx, hand, lead, self.follow_rules(), keep),
            None => {
                for suit in 0..5 {
                    let cards = hand.restrict(ctx.suit_mask(suit));
                    for size in 1..=cards.len() {
                        cards.for_each_subset(size, &mut keep);
                    }
                }
            }
        }
    }

    /// Why `play` cannot be played whole now, or `None` if it can.
    pub fn play_error(&self, play: Hand) -> Option<String> {
        if self.phase != Phase::Play {
            return Some(format!("the round is in the {} phase, not the play phase", self.phase.name()));
        }
        let ctx = self.ctx.expect("play has a trump");
        let seat = self.to_move;
        let hand = self.hands[seat as usize];
        if !self.trick.partial.is_subset(play) {
            return Some(format!("the play must contain the cards already added: {}", self.trick.partial));
        }
        if let Some(c) = Hand::from_masks(play.excess_over(hand), 0).first() {
            return Some(format!("seat {seat} does not hold {c} (or not that many)"));
        }
        match &self.trick.lead {
            Some(lead) => super::follow::check_follow(ctx, hand, lead, play, self.follow_rules())
                .err()
                .map(|e| e.to_string()),
            None => decompose(ctx, play).err().map(|e| e.to_string()),
        }
    }

    /// Plays a whole play: the cards not yet added, then `finish` when leading. Refused whole with the reason.
    pub fn apply_play(&mut self, play: Hand) -> Result<(), IllegalAction> {
        if let Some(reason) = self.play_error(play) {
            return Err(IllegalAction { action: u32::from(PLAY), text: None, reason });
        }
        let leading = self.trick.lead.is_none();
        for c in play.minus(self.trick.partial).cards() {
            self.apply_unchecked(PLAY + c.id());
        }
        if leading {
            self.apply_unchecked(FINISH);
        }
        Ok(())
    }

    /// The opponents' points as reported (R43, F33: a negative total counts as 0 under `negative_points =
    /// clamp`, the default).
    pub fn reported_points(&self) -> i32 {
        match self.setup.rules.negative_points {
            NegativePoints::Clamp => self.score.points.max(0),
            NegativePoints::ExtraLevels => self.score.points,
        }
    }

    // ---- explaining a refusal ----

    fn why_not_playable(&self, c: Card) -> String {
        let ctx = self.ctx.expect("play has a trump");
        let hand = self.hands[self.to_move as usize];
        if hand.minus(self.trick.partial).count(c) == 0 {
            return format!("seat {} has no {c} left to play", self.to_move);
        }
        match &self.trick.lead {
            None => format!("{c} is not of the lead's effective suit; a lead is of one suit (R27)"),
            Some(lead) => {
                let duty = super::follow::Duty::new(ctx, hand, lead, self.follow_rules());
                if duty.follows_suit() && ctx.suit_of(c) != lead.suit {
                    format!("{c}: the hand holds enough of the led suit and must follow it (R28)")
                } else if !duty.follows_suit() && ctx.suit_of(c) != lead.suit {
                    format!("{c}: the places left belong to the led suit's cards, which must all be played (R28, R32)")
                } else if !duty.runs.is_empty() {
                    format!(
                        "{c}: the follow could not then hold {} and the pairs owed (tractor_follow, F23)",
                        duty.runs
                    )
                } else {
                    format!("{c}: the follow could not then hold the pairs the lead requires (R30-R32)")
                }
            }
        }
    }
}

impl Game for State {
    type Rules = Rules;
    type Policy = RolloutPolicy;

    const NAME: &'static str = "tractor";
    fn seats(_: &Rules) -> usize {
        NUM_PLAYERS
    }
    const NUM_ACTIONS: usize = NUM_ACTIONS;

    /// Round 1 at level 2: the declarers come from the draw.
    #[inline(always)]
    fn deal(seed: u64, rules: Rules) -> State {
        State::new(seed, rules, [2, 2], None, None).expect("round 1 at level 2 is valid")
    }

    fn rules(&self) -> Rules {
        self.setup.rules
    }

    fn current_player(&self) -> Option<u8> {
        (self.phase != Phase::Done).then_some(self.to_move)
    }

    /// Every legal action as a bit mask over the action ids.
    #[inline(always)] // inlined into the CPU-specific playout kernel
    fn legal_mask(&self) -> u128 {
        match self.phase {
            Phase::Draw => {
                let hand = self.hands[self.to_move as usize];
                legal_declarations(hand, self.setup.rank, self.draw.standing, self.to_move, &self.setup.rules)
                    .fold(1u128 << PASS, |m, d| m | 1 << Action::Declare(d).id())
            }
            Phase::Kitty => u128::from(self.hands[self.to_move as usize].kinds()) << DISCARD,
            Phase::Play => {
                let finish = self.trick.lead.is_none() && !self.trick.partial.is_empty();
                u128::from(self.playable()) << PLAY | u128::from(finish) << FINISH
            }
            Phase::Done => 0,
        }
    }

    /// Applies an action known to be legal.
    #[inline(always)] // inlined into the CPU-specific playout kernel
    fn apply_unchecked(&mut self, action: u8) {
        debug_assert!(self.is_legal(u32::from(action)), "{action} is not legal");
        self.history.push(action);
        let seat = self.to_move;
        match Action::from_id(action).expect("legal actions are valid ids") {
            Action::Play(c) => self.play(seat, c),
            Action::Finish => self.finish_lead(seat),
            Action::Discard(c) => {
                self.hands[seat as usize] = self.hands[seat as usize].remove(c).expect("a held card");
                self.kitty = self.kitty.add(c).expect("two copies at most");
                if self.kitty.len() == u32::from(self.setup.deal.kitty) {
                    self.start_play();
                }
            }
            Action::Declare(d) => {
                self.draw.standing = Some(Standing { by: seat, declaration: d });
                self.draw.first_by.get_or_insert(seat);
                let cards = d.cards(self.setup.rank);
                self.shown.exposed[seat as usize] = self.shown.exposed[seat as usize].union(cards);
                self.after_declaration_turn();
            }
            Action::Pass => self.after_declaration_turn(),
        }
    }

    fn why_illegal(&self, action: u32) -> String {
        let Some(a) = u8::try_from(action).ok().and_then(Action::from_id) else {
            return format!("action ids run from 0 to {}", NUM_ACTIONS - 1);
        };
        let hand = self.hands[self.to_move as usize];
        let text = a.text(self.setup.rank);
        match (self.phase, a) {
            (Phase::Done, _) => "the round is over".into(),
            (Phase::Draw, Action::Declare(d)) if !d.cards(self.setup.rank).is_subset(hand) => {
                format!("seat {} does not hold those cards (R15)", self.to_move)
            }
            (Phase::Draw, Action::Declare(_)) => match self.draw.standing {
                Some(s) => format!(
                    "it does not override seat {}'s {} (R16, R17)",
                    s.by,
                    s.declaration.describe(self.setup.rank)
                ),
                None => "no declaration may be made now (R15)".into(),
            },
            (Phase::Kitty, Action::Discard(c)) => format!("seat {} does not hold {c}", self.to_move),
            (Phase::Play, Action::Finish) if self.trick.lead.is_some() => {
                "a follow ends by itself at the lead's size; finish ends a lead".into()
            }
            (Phase::Play, Action::Finish) => "a lead needs at least one card before finish".into(),
            (Phase::Play, Action::Play(c)) => self.why_not_playable(c),
            (phase, _) => format!("{text} is not an action of the {} phase", phase.name()),
        }
    }

    /// Takes back the last action (the round is replayed from its start); `false` if there is none.
    fn undo(&mut self) -> bool {
        let Some(n) = self.history.len().checked_sub(1) else {
            return false;
        };
        let history = std::mem::take(&mut self.history);
        let mut s = self.restart();
        for &a in &history[..n] {
            s.apply_unchecked(a);
        }
        *self = s;
        true
    }

    /// Zero-sum returns (see `scoring::declarer_return`); zeros before the end.
    fn returns(&self) -> &[i32] {
        &self.score.returns
    }

    fn history(&self) -> &[u8] {
        &self.history
    }

    fn action_text(&self, action: u8) -> String {
        Action::from_id(action).expect("a valid action id").text(self.setup.rank)
    }

    fn parse_action(&self, text: &str) -> Result<u8, ActionParseError> {
        Action::parse(text, self.setup.rank).map(Action::id)
    }

    fn policy(name: &str) -> Option<RolloutPolicy> {
        match name {
            "random" => Some(RolloutPolicy::Random),
            "greedy" => Some(RolloutPolicy::Greedy),
            _ => None,
        }
    }
}

/// The cards of a split lead.
fn format_cards(format: &Format) -> Hand {
    format.components().iter().fold(Hand::EMPTY, |all, c| all.sum(c.cards).expect("disjoint components"))
}

#[cfg(test)]
mod tests;
