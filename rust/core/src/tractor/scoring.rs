//! Scoring a round and moving the match on (R40–R47), and the summary of a finished round.

use super::round::{State, NUM_PLAYERS};
use super::rules::{GameEnd, KittyMultiplier};
use crate::game::{Game, Summary};

/// R43: what a round's opponents' points P mean.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LevelOutcome {
    /// The declarers keep the deal (P < 80).
    pub declarers_hold: bool,
    /// Levels gained by the team that comes out ahead: the declarers when they hold, else the opponents.
    pub levels: u8,
}

/// R43: P ≤ 0 → declarers +3, 5–35 → +2, 40–75 → +1; 80–115 → opponents take over (+0), then one level more per
/// 40 points.
pub fn level_outcome(points: i32) -> LevelOutcome {
    match points {
        i32::MIN..=0 => LevelOutcome { declarers_hold: true, levels: 3 },
        1..=39 => LevelOutcome { declarers_hold: true, levels: 2 },
        40..=79 => LevelOutcome { declarers_hold: true, levels: 1 },
        _ => LevelOutcome { declarers_hold: false, levels: ((points - 80) / 40).min(255) as u8 },
    }
}

/// R41: what the kitty adds to P when the opponents take the last trick with a lead of `lead_size` cards holding
/// `lead_pairs` pairs.
pub fn kitty_bonus(kitty_points: u32, lead_size: u32, lead_pairs: u32, multiplier: KittyMultiplier) -> i32 {
    let factor = match multiplier {
        KittyMultiplier::Seed2c => 2 * lead_size,
        KittyMultiplier::Exp => 1 << (lead_pairs + 1).min(30),
    };
    (kitty_points * factor) as i32
}

/// R42: how a failed throw moves P: down 10 a card taken back when an opponent threw, up when a declarer did.
pub fn throw_penalty(by_declarer: bool, taken_back: u32) -> i32 {
    let p = 10 * taken_back as i32;
    if by_declarer {
        p
    } else {
        -p
    }
}

/// The zero-sum returns of a round for a seat of the declaring team (their partners alike, the opponents the
/// negation): +levels gained when the declarers hold, −(1 + levels gained by the opponents) when they are
/// overthrown, so that every step of R43's table is one unit and losing the deal counts.
pub fn declarer_return(outcome: LevelOutcome) -> i32 {
    if outcome.declarers_hold {
        i32::from(outcome.levels)
    } else {
        -(1 + i32::from(outcome.levels))
    }
}

/// The match after a round (R44–R47).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Progress {
    /// Each team's level (team 0 = seats 0 and 2, team 1 = seats 1 and 3), 2..=14.
    pub levels: [u8; 2],
    /// The declaring team of the next round.
    pub declarers: u8,
    /// The starter of the next round.
    pub starter: u8,
    /// The team that won the game, if it is over.
    pub winner: Option<u8>,
}

/// R44–R47: levels, declarers and starter after a round with opponents' points `points`.
pub fn next_round(levels: [u8; 2], declarers: u8, starter: u8, points: i32, game_end: GameEnd) -> Progress {
    let outcome = level_outcome(points);
    let (team, next_declarers, next_starter) = if outcome.declarers_hold {
        (declarers, declarers, (starter + 2) % 4) // R44
    } else {
        (1 - declarers, 1 - declarers, (starter + 1) % 4) // R45
    };
    let mut levels = levels;
    let reached = levels[team as usize].saturating_add(outcome.levels);
    let winner = match game_end {
        // R47: any advance past the ace ends the game.
        GameEnd::PassAce => (reached > 14).then_some(team),
        // The variant: only holding as declarers while at the ace.
        GameEnd::MustDefendAce => {
            (outcome.declarers_hold && levels[team as usize] == 14 && outcome.levels > 0).then_some(team)
        }
    };
    levels[team as usize] = reached.min(14);
    Progress { levels, declarers: next_declarers, starter: next_starter, winner }
}

/// The columns of [`Summary::summary`] for Tractor.
pub const SUMMARY_COLUMNS: [&str; 10] = [
    "return_0",
    "return_1",
    "return_2",
    "return_3",
    "declarers",
    "starter",
    "points",
    "failed_throws",
    "deals",
    "no_trump",
];

impl Summary for State {
    fn summary_columns(_: &super::rules::Rules) -> Vec<&'static str> {
        SUMMARY_COLUMNS.to_vec()
    }

    /// The returns, the declaring team, the starter, the opponents' points P, the failed throws, how many
    /// deals it took (R19), and 1 for a no-trump round.
    fn summary(&self, out: &mut [i32]) {
        let no_trump = self.trump().is_some_and(|t| t.rank().is_none());
        out[..NUM_PLAYERS].copy_from_slice(self.returns());
        out[NUM_PLAYERS..].copy_from_slice(&[
            self.declarers().map_or(-1, i32::from),
            self.starter().map_or(-1, i32::from),
            self.reported_points(),
            i32::from(self.failed_throws()),
            i32::try_from(self.deals()).unwrap_or(i32::MAX),
            i32::from(no_trump),
        ]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome(p: i32) -> (char, u8) {
        let o = level_outcome(p);
        (if o.declarers_hold { 'D' } else { 'O' }, o.levels)
    }

    #[test]
    fn tv_t9_level_table() {
        let table = [
            (-20, ('D', 3)),
            (0, ('D', 3)),
            (5, ('D', 2)),
            (35, ('D', 2)),
            (40, ('D', 1)),
            (75, ('D', 1)),
            (80, ('O', 0)),
            (115, ('O', 0)),
            (120, ('O', 1)),
            (155, ('O', 1)),
            (160, ('O', 2)),
            (195, ('O', 2)),
            (200, ('O', 3)),
            (235, ('O', 3)),
            (240, ('O', 4)),
            (275, ('O', 4)),
            (280, ('O', 5)),
            (400, ('O', 8)),
        ];
        for (p, expected) in table {
            assert_eq!(outcome(p), expected, "P = {p}");
        }
    }

    #[test]
    fn tv_t8_kitty_multiplier() {
        let seed = KittyMultiplier::Seed2c;
        assert_eq!(kitty_bonus(30, 1, 0, seed), 60);
        assert_eq!(kitty_bonus(30, 2, 1, seed), 120);
        assert_eq!(kitty_bonus(30, 4, 2, seed), 240);
        assert_eq!(kitty_bonus(30, 3, 1, seed), 180);
        assert_eq!(kitty_bonus(30, 3, 1, KittyMultiplier::Exp), 120);
        assert_eq!(kitty_bonus(30, 5, 1, seed), 300);
        assert_eq!(kitty_bonus(30, 6, 3, seed), 360);
        assert_eq!(kitty_bonus(30, 6, 3, KittyMultiplier::Exp), 480);
        assert_eq!(kitty_bonus(10, 5, 0, seed), 100);
    }

    #[test]
    fn tv_t10_whole_round_arithmetic() {
        let p = 45 + kitty_bonus(30, 2, 1, KittyMultiplier::Seed2c);
        assert_eq!(p, 165);
        assert_eq!(outcome(p), ('O', 2));
        assert_eq!(outcome(70), ('D', 1));
    }

    #[test]
    fn tv_t15_starter_rotation() {
        let next = |p| {
            let n = next_round([2, 2], 0, 0, p, GameEnd::PassAce);
            (n.declarers, n.starter)
        };
        assert_eq!(next(75), (0, 2));
        assert_eq!(next(0), (0, 2));
        assert_eq!(next(80), (1, 1));
        assert_eq!(next(240), (1, 1));
        assert_eq!(next_round([2, 2], 1, 1, 60, GameEnd::PassAce).starter, 3);
    }

    #[test]
    fn tv_t16_game_end() {
        let queen_declarers = next_round([12, 5], 0, 0, 0, GameEnd::PassAce);
        assert_eq!(queen_declarers.winner, Some(0));
        assert_eq!(next_round([5, 13], 0, 0, 160, GameEnd::PassAce).winner, Some(1));
        let defend = next_round([5, 13], 0, 0, 160, GameEnd::MustDefendAce);
        assert_eq!((defend.winner, defend.levels[1], defend.declarers), (None, 14, 1));
        assert_eq!(next_round([14, 5], 0, 0, 75, GameEnd::PassAce).winner, Some(0));
        assert_eq!(next_round([14, 5], 0, 0, 75, GameEnd::MustDefendAce).winner, Some(0));
        let king = next_round([13, 5], 0, 0, 75, GameEnd::PassAce);
        assert_eq!((king.winner, king.levels[0]), (None, 14));
    }

    #[test]
    fn huge_point_totals_still_end_the_game() {
        let p = next_round([14, 14], 0, 0, 100_000, GameEnd::PassAce);
        assert_eq!((p.levels, p.winner), ([14, 14], Some(1)));
        assert_eq!(next_round([2, 2], 0, 0, 20_000, GameEnd::PassAce).levels, [2, 14]);
    }

    #[test]
    fn throw_penalties_and_returns() {
        assert_eq!(throw_penalty(false, 1), -10);
        assert_eq!(throw_penalty(true, 3), 30);
        assert_eq!(declarer_return(level_outcome(0)), 3);
        assert_eq!(declarer_return(level_outcome(80)), -1);
        assert_eq!(declarer_return(level_outcome(160)), -3);
    }
}
