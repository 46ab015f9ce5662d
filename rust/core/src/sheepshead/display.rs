//! The table at a glance, as text: who dealt and picked, each hand, the trick on the table, the score.

use super::state::State;
use crate::game::Game;
use std::fmt;

impl fmt::Display for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let players = self.players();
        write!(f, "Sheepshead · {players} seats · dealer {} · {}", self.dealer(), self.phase().name())?;
        if self.form().dealer_sits_out {
            write!(f, " (sits out)")?;
        }
        if self.stake() > 1 {
            write!(f, " · counts x{}", self.stake())?;
        }
        if self.phase() == super::state::Phase::Play {
            write!(f, " · trick {} of {}", self.trick_number() + 1, self.num_tricks())?;
        }
        if let Some(c) = self.cracked_by() {
            write!(f, " · cracked by seat {c}")?;
        }
        if let Some(c) = self.recracked_by() {
            write!(f, " · re-cracked by seat {c}")?;
        }
        for (seat, pair) in self.blitzes() {
            write!(f, " · seat {seat} blitzed the {}", pair.name().replace('_', " "))?;
        }
        let (pair, pair_known) = self.pair();
        if let Some(game) = self.all_pass_game() {
            let what = match game {
                super::state::AllPassGame::Leaster => "leaster (fewest points with a trick wins)",
                super::state::AllPassGame::Moster => "moster (the most points loses)",
                super::state::AllPassGame::Schneidster => {
                    "schneidster (the only highest total of 30 or less wins)"
                }
                super::state::AllPassGame::Schwanzer => {
                    "schwanzer (the highest count of queens, jacks and diamonds loses)"
                }
                super::state::AllPassGame::Doubler => "doubler (thrown in, the next hand counts double)",
                super::state::AllPassGame::Redeal => "redeal (thrown in)",
            };
            write!(f, "\nAll passed: {what}")?;
        } else if pair != 0 {
            match pair_known {
                true => {
                    let seats: Vec<String> =
                        (0..8).filter(|s| pair >> s & 1 == 1).map(|s| s.to_string()).collect();
                    write!(f, "\nBlack queens: seats {}", seats.join(" and "))?;
                }
                false => write!(f, "\nBlack queens: not yet both played")?,
            }
        } else if let Some(picker) = self.picker() {
            write!(f, "\nPicker: seat {picker}")?;
            if let Some(called) = self.called_card() {
                match self.revealed_partner() {
                    Some(p) => write!(f, " · called {called} · partner seat {p}")?,
                    None => write!(f, " · called {called} · partner unknown")?,
                }
            } else if let Some(jack) = self.jack_partner_card() {
                match self.revealed_partner() {
                    Some(p) => write!(f, " · partner {jack}: seat {p}")?,
                    None => write!(f, " · partner {jack}")?,
                }
            } else if self.first_trick_partner() {
                match self.revealed_partner() {
                    Some(p) => write!(f, " · first trick's winner: seat {p}")?,
                    None => write!(f, " · the first trick's winner is the partner")?,
                }
            } else if self.is_alone() || self.phase() == super::state::Phase::Done {
                write!(f, " · alone")?;
            }
        }
        let (points, tricks) = (self.points(), self.tricks_won());
        for seat in 0..players {
            let cards: Vec<String> =
                self.ranking().sorted(self.hand(seat)).iter().map(|c| c.to_string()).collect();
            let cards = if cards.is_empty() { "-".to_owned() } else { cards.join(" ") };
            let mark = if self.current_player() == Some(seat as u8) { "  ← to act" } else { "" };
            write!(f, "\n  seat {seat}: {cards:<26} {:>3} pts {} tricks{mark}", points[seat], tricks[seat])?;
        }
        let (leader, trick) = self.current_trick();
        if !trick.is_empty() {
            let plays: Vec<String> = trick
                .iter()
                .enumerate()
                .map(|(i, c)| format!("{}:{c}", self.seating().after(leader, i as u8)))
                .collect();
            write!(f, "\nTrick: {}", plays.join("  "))?;
        }
        if self.is_terminal() {
            let returns: Vec<String> = self.returns().iter().map(|r| format!("{r:+}")).collect();
            write!(f, "\nReturns: {}", returns.join(" "))?;
        }
        Ok(())
    }
}
