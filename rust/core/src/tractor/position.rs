//! Play-phase positions: any point of the play (R25–R42) written out, and a round started from one.
//!
//! A [`Position`] names the hands, the trump, the teams, the kitty, the levels, the trick on the table (its
//! leader, the plays made to it and the play being built) and what the completed tricks decided (how many,
//! the opponents' card points P, the throw penalties). [`State::from_position`] checks it and starts a round
//! there: a round that starts at the beginning of the position's trick, with the table's plays (and the cards
//! of the play being built) replayed as actions with every legality check, so that `undo` goes back to the
//! trick's start and no further. [`State::position`] reads a round's position back: a round built from a
//! game's own position plays on exactly as the game does.
//!
//! The cards already played are those of the two decks that are not in the hands, on the table or in the
//! kitty, nor taken out before the draw (F5, under `kitty_size`); which seat played them is not part of a
//! position (a round started from one knows only the set).

use super::actions::PLAY;
use super::deal::Deal;
use super::hand::Hand;
use super::round::{team, State, NUM_PLAYERS};
use super::rules::Rules;
use super::scoring::{check_levels, NT_LEVEL};
use super::trick::points;
use super::trump::Trump;
use crate::cards::{Card, Rank};
use crate::error::InvalidState;
use crate::game::Game;

/// A play-phase position of a Tractor round.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// The cards each seat holds now. A seat that already played to the trick on the table holds that many
    /// fewer cards; the cards of the play being built are still in the hand of the seat to play.
    pub hands: [Hand; NUM_PLAYERS],
    /// The trump: a rank and a suit, or no trump at all (R9).
    pub trump: Trump,
    /// The declaring team (0: seats 0 and 2, 1: seats 1 and 3).
    pub declarers: u8,
    /// The declarer who took the talon and discarded the kitty (R23): it knows the kitty.
    pub starter: u8,
    /// The kitty: 8 cards (or `kitty_size`) in a dealt round, fewer or none in a made-up position (R41
    /// multiplies its points).
    pub kitty: Hand,
    /// Each team's level (2..=14); the declarers' level is the trump rank (R5).
    pub levels: [u8; 2],
    /// The seat that led (or is to lead) the trick on the table: any seat.
    pub leader: u8,
    /// The plays made to the trick on the table, in order from the leader (at most 3): each a multiset of
    /// cards, the lead's size fixing the follows' (R28).
    pub table: Vec<Hand>,
    /// The cards the seat to play has added so far to the play it is building (still in its hand).
    pub partial: Hand,
    /// The tricks completed so far.
    pub tricks: u16,
    /// The opponents' card points in the completed tricks (R40): a multiple of 5.
    pub points: i32,
    /// The throw penalties so far (R34, R42): +10 a card taken back from a declarer's failed throw, −10 from an
    /// opponent's. P so far is `points + penalties`.
    pub penalties: i32,
    /// The failed throws so far (the summary reports them).
    pub failed_throws: u16,
    /// How many times the round was dealt (R19 redeals; the summary reports it): 0 for a made-up position.
    pub deals: u32,
}

impl Position {
    /// A position at the first lead: `starter` leads, nothing has been scored, nothing is on the table (what
    /// [`State::from_cards`] starts from).
    pub fn first_lead(
        hands: [Hand; NUM_PLAYERS],
        kitty: Hand,
        trump: Trump,
        starter: u8,
        declarers: u8,
        levels: [u8; 2],
    ) -> Position {
        Position {
            hands,
            trump,
            declarers,
            starter,
            kitty,
            levels,
            leader: starter,
            table: Vec::new(),
            partial: Hand::EMPTY,
            tricks: 0,
            points: 0,
            penalties: 0,
            failed_throws: 0,
            deals: 0,
        }
    }

    /// The seat to play: the one after the last play on the table.
    pub fn to_move(&self) -> u8 {
        (self.leader + self.table.len() as u8) % 4
    }

    /// The seat that made play `i` of the table.
    fn seat_of(&self, i: usize) -> u8 {
        (self.leader + i as u8) % 4
    }

    /// How `rules` share out the cards in this position's round (F4, F5): its trump rank is the declarers'
    /// level.
    pub fn deal(&self, rules: &Rules) -> Deal {
        Deal::new(rules.kitty_size, Rank::from_value(self.levels[usize::from(self.declarers) % 2]))
    }

    /// The cards of the two decks not in the hands, on the table or in the kitty, nor taken out under `rules`
    /// (F5): those already played (each kind as many times as the decks hold more of it than that).
    pub fn played(&self, rules: &Rules) -> Hand {
        self.hands
            .iter()
            .chain(&self.table)
            .chain([&self.kitty, &self.deal(rules).removed()])
            .fold(Hand::FULL, |left, &h| left.saturating_minus(h))
    }

    /// The hands at the start of the trick on the table: the table's plays back in their seats' hands.
    pub fn hands_at_trick_start(&self) -> [Hand; NUM_PLAYERS] {
        let mut hands = self.hands;
        for (i, &p) in self.table.iter().enumerate() {
            let s = usize::from(self.seat_of(i));
            hands[s] = hands[s].sum(p).unwrap_or_else(|_| hands[s].union(p)); // checked positions sum
        }
        hands
    }

    /// The position at the start of its trick: the table's plays back in the hands.
    pub fn at_trick_start(&self) -> Position {
        Position {
            hands: self.hands_at_trick_start(),
            table: Vec::new(),
            partial: Hand::EMPTY,
            ..self.clone()
        }
    }

    /// Whether it is a first lead from explicit cards (the start [`State::from_cards`] makes).
    pub(crate) fn is_first_lead(&self) -> bool {
        self.leader == self.starter
            && self.table.is_empty()
            && self.partial.is_empty()
            && (self.tricks, self.points, self.penalties, self.failed_throws, self.deals) == (0, 0, 0, 0, 0)
    }

    /// Everything but the replay of the table: the setup, the cards, the sizes and the scores, under `rules`.
    fn check(&self, rules: &Rules) -> Result<(), String> {
        if self.declarers >= 2 || self.starter >= 4 || team(self.starter) != self.declarers {
            return Err(format!(
                "starter must be a seat 0-3 of the declaring team (0: seats 0 and 2, 1: seats 1 and 3), not {} \
                 with declarers {}",
                self.starter, self.declarers
            ));
        }
        if self.leader >= 4 {
            return Err(format!("the leader must be a seat 0-3, not {}", self.leader));
        }
        if self.trump.rank().is_some() && self.trump.suit().is_none() {
            return Err(
                "a round has a trump suit, or no trump at all (R9); a rank without a suit is not a round"
                    .into(),
            );
        }
        if self.levels.iter().any(|l| !(2..=NT_LEVEL).contains(l)) {
            return Err(format!(
                "levels must be 2..14, or 15 (NT) under after_ace='no_trump_level', not {:?}",
                self.levels
            ));
        }
        let declarers_level = self.levels[usize::from(self.declarers)];
        if self.trump.rank().is_some_and(|r| r.value() != declarers_level) {
            return Err(format!(
                "the trump rank is the declarers' level (R5): level {declarers_level} does not match {}",
                self.trump
            ));
        }
        let deal = self.deal(rules);
        if self.kitty.len() > u32::from(deal.kitty) {
            return Err(format!("the kitty has {} cards; it has at most {}", self.kitty.len(), deal.kitty));
        }
        self.check_cards(&deal)?;
        self.check_sizes(&deal)?;
        self.check_scores(rules)
    }

    /// No card more often than the two decks hold it (R2), counting those taken out (F5).
    fn check_cards(&self, deal: &Deal) -> Result<(), String> {
        let mut count = [0u32; 54];
        for h in self.hands.iter().chain(&self.table).chain([&self.kitty, &deal.removed()]) {
            for c in h.kinds_iter() {
                count[usize::from(c.id())] += h.count(c);
            }
        }
        if let Some(k) = count.iter().position(|&n| n > 2) {
            let card = Card::from_id(k as u8).expect("a card id");
            let times = match count[k] {
                3 => "three times".to_string(),
                n => format!("{n} times"),
            };
            let out = if deal.removed().count(card) > 0 { ", one taken out (F5)" } else { "" };
            return Err(format!(
                "{card} is held {times} (hands, table and kitty{out}); the two decks hold two (R2)"
            ));
        }
        Ok(())
    }

    /// The table's sizes, and hand sizes that agree with it and with the tricks played.
    fn check_sizes(&self, deal: &Deal) -> Result<(), String> {
        if self.table.len() >= NUM_PLAYERS {
            return Err(format!(
                "the table holds {} plays; a trick on the table has at most 3 (the 4th completes it)",
                self.table.len()
            ));
        }
        if let Some(i) = self.table.iter().position(|p| p.is_empty()) {
            return Err(format!("seat {}'s play on the table is empty", self.seat_of(i)));
        }
        let lead = self.table.first().map_or(0, |p| p.len());
        if let Some(i) = self.table.iter().position(|p| p.len() != lead) {
            return Err(format!(
                "the plays on the table must match the lead's size {lead}: seat {} played {} cards",
                self.seat_of(i),
                self.table[i].len()
            ));
        }
        let mover = self.to_move();
        let n = self.hands[usize::from(mover)].len();
        if n == 0 {
            return Err(format!(
                "seat {mover}, to play, holds no card: a round whose hands are empty is over"
            ));
        }
        if n > u32::from(deal.hand) {
            return Err(format!("seat {mover} holds {n} cards; a hand holds at most {}", deal.hand));
        }
        for s in 0..NUM_PLAYERS as u8 {
            let played = (0..self.table.len()).any(|i| self.seat_of(i) == s);
            let held = self.hands[usize::from(s)].len();
            let must = if played { n.checked_sub(lead) } else { Some(n) };
            if must != Some(held) {
                let why = match (played, must) {
                    (false, _) => "it has not played to this trick".to_string(),
                    (true, Some(_)) => format!("it has played {lead} cards to this trick"),
                    (true, None) => {
                        return Err(format!(
                            "seat {s} played {lead} cards to this trick, more than the {n} of seat {mover}, to play"
                        ))
                    }
                };
                let must = must.unwrap_or(0);
                return Err(format!(
                    "seat {s} holds {held} cards but must hold {must} (seat {mover}, to play, holds {n}): {why}"
                ));
            }
        }
        let most = u32::from(deal.hand) - n;
        if u32::from(self.tricks) > most {
            return Err(format!(
                "{} tricks played, but the hands held {n} cards at this trick's start: each trick takes at least \
                 one card from each hand, so at most {most}",
                self.tricks
            ));
        }
        if !self.partial.is_subset(self.hands[usize::from(mover)]) {
            return Err(format!(
                "the play being built, {}, is not all in the hand of seat {mover}, to play",
                self.partial
            ));
        }
        Ok(())
    }

    /// P so far: card points that the played cards can make, penalties in steps of 10 (R40, R42).
    fn check_scores(&self, rules: &Rules) -> Result<(), String> {
        if self.points < 0 || self.points % 5 != 0 {
            return Err(format!(
                "P (the opponents' card points) must be a multiple of 5 and at least 0, not {}",
                self.points
            ));
        }
        let available = points(self.played(rules));
        if self.points > available as i32 {
            return Err(format!(
                "P is {}, but the cards already played hold only {available} points",
                self.points
            ));
        }
        if self.tricks == 0 && self.points != 0 {
            return Err(format!(
                "no trick has been completed, so P (card points) must be 0, not {}",
                self.points
            ));
        }
        if self.penalties % 10 != 0 {
            return Err(format!(
                "throw penalties go in steps of 10 a card taken back (R42), not {}",
                self.penalties
            ));
        }
        if self.failed_throws == 0 && self.penalties != 0 {
            return Err(format!("penalties of {} without a failed throw (R34, R42)", self.penalties));
        }
        // At most one failed throw a trick: the completed ones and the one on the table (whose lead may be
        // what a failed throw left).
        if self.failed_throws > self.tricks + 1 {
            return Err(format!(
                "{} failed throws, but only {} tricks have been completed (at most one failed throw each, and one \
                 for the trick on the table)",
                self.failed_throws, self.tricks
            ));
        }
        Ok(())
    }
}

impl State {
    /// A round at a play-phase position (see [`Position`] and the module docs): checked whole, the table's
    /// plays and the play being built replayed with every legality check. The error names what is wrong.
    pub fn from_position(position: &Position, rules: Rules) -> Result<State, InvalidState> {
        position.check(&rules).map_err(InvalidState)?;
        check_levels(position.levels, &rules).map_err(InvalidState)?;
        if position.levels[usize::from(position.declarers)] == NT_LEVEL && position.trump != Trump::NO_TRUMP {
            return Err(InvalidState(format!(
                "the declarers are at NT, a round without trump rank or suit (F12), not {}",
                position.trump
            )));
        }
        let mut s = State::at_trick_start(&position.at_trick_start(), rules);
        for (i, &play) in position.table.iter().enumerate() {
            let seat = position.seat_of(i);
            if let Some(reason) = s.play_error(play) {
                return Err(InvalidState(match i {
                    0 => format!("the lead on the table, seat {seat}'s {play}, is not a legal lead (R27): {reason}"),
                    _ => format!(
                        "a play on the table is not a legal follow of the lead (R28-R32): seat {seat}'s {play}: \
                         {reason}"
                    ),
                }));
            }
            let failures = s.failed_throws();
            s.apply_play(play).map_err(|e| InvalidState(e.reason))?;
            if s.failed_throws() > failures {
                let forced = s.failed_throw().map_or(Hand::EMPTY, |f| f.forced);
                return Err(InvalidState(format!(
                    "the lead on the table, seat {seat}'s {play}, is a throw that fails (R34): {forced} would be \
                     led instead; put that on the table, the rest back in the hand, and count the penalty"
                )));
            }
        }
        let lead_size = s.lead().map(|l| l.size());
        if lead_size.is_some_and(|size| position.partial.len() >= size) {
            return Err(InvalidState(format!(
                "the play being built, {}, has the lead's size: it is complete and belongs on the table",
                position.partial
            )));
        }
        for c in position.partial.cards() {
            let action = PLAY + c.id();
            if !s.is_legal(u32::from(action)) {
                return Err(InvalidState(format!(
                    "the play being built, {}, cannot be built: {}",
                    position.partial,
                    s.why_illegal(u32::from(action))
                )));
            }
            s.apply_unchecked(action);
        }
        Ok(s)
    }

    /// The round's position, `None` outside the play phase. [`State::from_position`] of it is a round that plays
    /// on as this one does.
    pub fn position(&self) -> Option<Position> {
        let (Some(trump), Some(declarers), Some(starter)) = (self.trump(), self.declarers(), self.starter())
        else {
            return None;
        };
        if self.phase() != super::round::Phase::Play {
            return None;
        }
        let opponents = usize::from(1 - declarers);
        let card_points = self.trick_points()[opponents] as i32;
        Some(Position {
            hands: std::array::from_fn(|s| self.hand(s)),
            trump,
            declarers,
            starter,
            kitty: self.kitty(),
            levels: self.levels(),
            leader: self.leader(),
            table: self.trick_plays().to_vec(),
            partial: self.partial(),
            tricks: self.tricks_played(),
            points: card_points,
            penalties: self.points() - card_points - self.kitty_bonus(),
            failed_throws: self.failed_throws(),
            deals: self.deals(),
        })
    }
}

#[cfg(test)]
mod tests;
