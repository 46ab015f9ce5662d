//! The table at a glance, as text: who dealt and picked, each hand, the trick on the table, the score.

use super::state::{left, State, NUM_PLAYERS};
use crate::game::Game;
use std::fmt;

impl fmt::Display for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Sheepshead · dealer {} · {}", self.dealer(), self.phase().name())?;
        if self.multiplier() > 1 {
            write!(f, " · counts x{}", self.multiplier())?;
        }
        if self.phase() == super::state::Phase::Play {
            write!(f, " · trick {} of 6", self.trick_number() + 1)?;
        }
        if self.is_leaster() {
            write!(f, "\nAll passed: leaster (fewest points with a trick wins)")?;
        } else if self.is_doubler() {
            write!(f, "\nAll passed: doubler (thrown in, the next hand counts double)")?;
        } else if let Some(picker) = self.picker() {
            write!(f, "\nPicker: seat {picker}")?;
            if let Some(called) = self.called_card() {
                match self.revealed_partner() {
                    Some(p) => write!(f, " · called {called} · partner seat {p}")?,
                    None => write!(f, " · called {called} · partner unknown")?,
                }
            } else if matches!(self.phase(), super::state::Phase::Play | super::state::Phase::Done) {
                write!(f, " · alone")?;
            }
        }
        let (points, tricks) = (self.points(), self.tricks_won());
        for seat in 0..NUM_PLAYERS {
            let cards: Vec<String> =
                self.ranking().sorted(self.hand(seat)).iter().map(|c| c.to_string()).collect();
            let cards = if cards.is_empty() { "-".to_owned() } else { cards.join(" ") };
            let mark = if self.current_player() == Some(seat as u8) { "  ← to act" } else { "" };
            write!(f, "\n  seat {seat}: {cards:<26} {:>3} pts {} tricks{mark}", points[seat], tricks[seat])?;
        }
        let (leader, trick) = self.current_trick();
        if !trick.is_empty() {
            let plays: Vec<String> =
                trick.iter().enumerate().map(|(i, c)| format!("{}:{c}", left(leader, i as u8))).collect();
            write!(f, "\nTrick: {}", plays.join("  "))?;
        }
        if self.is_terminal() {
            let returns: Vec<String> = self.returns().iter().map(|r| format!("{r:+}")).collect();
            write!(f, "\nReturns: {}", returns.join(" "))?;
        }
        Ok(())
    }
}
