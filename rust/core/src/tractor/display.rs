//! The table at a glance, as text: levels, trump, declarers, each hand grouped by suit, the trick, the points.

use super::hand::Hand;
use super::round::{Phase, State, NUM_PLAYERS};
use super::scoring::level_outcome;
use crate::cards::Card;
use crate::game::Game;
use std::fmt;

fn cards(cards: impl IntoIterator<Item = Card>) -> String {
    let texts: Vec<String> = cards.into_iter().map(|c| c.to_string()).collect();
    if texts.is_empty() {
        "-".to_owned()
    } else {
        texts.join(" ")
    }
}

impl State {
    /// A hand in play order, grouped by effective suit once the trump is known.
    fn grouped(&self, seat: usize) -> String {
        let hand = self.hand(seat);
        let Some(ctx) = self.trump_context().filter(|_| !hand.is_empty()) else { return cards(hand.cards()) };
        let mut groups: Vec<(char, Vec<Card>)> = Vec::new();
        for c in ctx.sorted(hand) {
            let suit = if ctx.is_trump(c) { 'T' } else { c.suit().expect("a plain card").letter() };
            match groups.last_mut() {
                Some((s, group)) if *s == suit => group.push(c),
                _ => groups.push((suit, vec![c])),
            }
        }
        let groups: Vec<String> = groups.into_iter().map(|(s, g)| format!("{s}: {}", cards(g))).collect();
        groups.join("  ")
    }

    fn sorted(&self, h: Hand) -> Vec<Card> {
        match self.trump_context() {
            Some(ctx) => ctx.sorted(h),
            None => h.cards().collect(),
        }
    }
}

impl fmt::Display for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let levels = self.levels();
        write!(
            f,
            "Tractor · levels {}/{} · rank {} · {}",
            levels[0],
            levels[1],
            self.rank().map_or("NT", |r| r.name()),
            self.phase().name()
        )?;
        if self.phase() == Phase::Draw {
            write!(f, " · {} of {} drawn", self.drawn(), self.deal_shape().drawn())?;
        }
        if let Some(trump) = self.trump() {
            write!(f, "\nTrump: {trump}")?;
        }
        if let Some(st) = self.standing() {
            let kind = match st.declaration {
                super::declare::Declaration::Single(_) => "single",
                super::declare::Declaration::Pair(_) => "pair",
                super::declare::Declaration::Jokers { .. } => "jokers",
            };
            write!(
                f,
                "\nDeclared by seat {}: {} ({kind})",
                st.by,
                cards(st.declaration.cards(self.declaration_rank()).cards())
            )?;
        }
        if let (Some(team), Some(starter)) = (self.declarers(), self.starter()) {
            write!(f, "\nDeclarers: seats {team} and {} · starter seat {starter}", team + 2)?;
        }
        for seat in 0..NUM_PLAYERS {
            let mark = if self.current_player() == Some(seat as u8) { "  ← to act" } else { "" };
            write!(f, "\n  seat {seat} ({}): {}{mark}", self.hand(seat).len(), self.grouped(seat))?;
        }
        let leader = self.leader();
        let mut shown: Vec<String> = self
            .trick_plays()
            .iter()
            .enumerate()
            .map(|(i, &p)| format!("{}:{}", (leader + i as u8) % 4, cards(self.sorted(p))))
            .collect();
        if !self.partial().is_empty() {
            let seat = self.current_player().expect("a play being built has a player");
            shown.push(format!("{seat}:{}…", cards(self.sorted(self.partial()))));
        }
        if !shown.is_empty() {
            write!(f, "\nTrick: {}", shown.join("  "))?;
        }
        if matches!(self.phase(), Phase::Play | Phase::Done) {
            write!(
                f,
                "\nOpponents' points: {} (kitty bonus {})",
                self.reported_points(),
                self.kitty_bonus()
            )?;
        }
        if let Some(t) = self.failed_throw() {
            let (attempted, forced) = (cards(self.sorted(t.attempted)), cards(self.sorted(t.forced)));
            write!(f, "\nFailed throw by seat {}: {attempted} → led {forced} ({:+})", t.seat, t.penalty)?;
        }
        if self.is_terminal() {
            let outcome = level_outcome(self.reported_points(), &self.rules());
            let side = if outcome.declarers_hold { "declarers hold" } else { "opponents take over" };
            let returns: Vec<String> = self.returns().iter().map(|r| format!("{r:+}")).collect();
            write!(f, "\nResult: {side}, +{} · returns {}", outcome.levels, returns.join(" "))?;
        }
        Ok(())
    }
}
