//! Settlement of a hand (R26–R31): who pays whom, zero-sum; and the summary of a finished hand.

use super::rules::{Rules, Schwarz};
use super::state::{State, NUM_PLAYERS, NUM_TRICKS};
use crate::game::{Game, Summary};

/// What a picked hand ended with, for its settlement (V17): the picking side's P (R26: tricks plus the bury), the
/// card points of its tricks alone, and its number of tricks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub points: u32,
    pub trick_points: u32,
    pub tricks: u32,
}

/// The settlement row of an outcome (V17, R27–R30), by its unit u per defender before doubling: +3 schwarz of
/// the defenders, +2, +1, −1 (R28: a 60–60 tie loses), −2, −3 schwarz of the picking side.
pub fn unit(outcome: Outcome, schwarz: Schwarz) -> i32 {
    let Outcome { points, trick_points, tricks } = outcome;
    let (every, none) = match schwarz {
        Schwarz::Tricks => (tricks == NUM_TRICKS as u32, tricks == 0),
        Schwarz::Points => (points == 120, trick_points == 0),
    };
    match points {
        _ if every => 3,
        _ if none => -3,
        91.. => 2,
        61..=90 => 1,
        31..=60 => -1,
        _ => -2,
    }
}

/// Returns of a picked hand (V17, R27–R30) with `partner` `None` when the picker went alone, before the stake
/// multiplier.
pub fn settle_picked(picker: usize, partner: Option<usize>, outcome: Outcome, rules: &Rules) -> [i32; 5] {
    let row = unit(outcome, rules.schwarz);
    let mut u = row;
    if rules.double_on_the_bump && u < 0 {
        u *= 2; // R29
    }
    let mut returns = [-u; 5];
    match partner {
        // R30: alone, the picker settles with each of four opponents.
        None => returns[picker] = 4 * u,
        // R27: the side settles with three opponents, split 2:1, except that on the schwarz row the partner
        // goes free unless `no_trick_split` (V17).
        Some(partner) if row == -3 && !rules.no_trick_split => {
            returns[picker] = 3 * u;
            returns[partner] = 0;
        }
        Some(partner) => {
            returns[picker] = 2 * u;
            returns[partner] = u;
        }
    }
    returns
}

/// R31: the leaster's winner is the player with the fewest points among those who took a trick; ties go to
/// fewer tricks, then to the one whose first trick came latest. `first_trick[s]` is the number (0–5) of seat
/// s's first trick, `None` if it took none.
pub fn leaster_winner(points: [u32; 5], tricks: [u32; 5], first_trick: [Option<u8>; 5]) -> usize {
    (0..5)
        .filter(|&s| tricks[s] > 0)
        .min_by_key(|&s| (points[s], tricks[s], std::cmp::Reverse(first_trick[s])))
        .expect("a played leaster has tricks")
}

/// R31: the leaster's winner gets +4, every other player −1.
pub fn settle_leaster(winner: usize) -> [i32; 5] {
    let mut returns = [-1; 5];
    returns[winner] = 4;
    returns
}

/// The columns of [`Summary::summary`] for Sheepshead.
pub const SUMMARY_COLUMNS: [&str; 11] = [
    "return_0",
    "return_1",
    "return_2",
    "return_3",
    "return_4",
    "picker",
    "partner",
    "called",
    "picking_side_points",
    "picking_side_tricks",
    "leaster",
];

impl Summary for State {
    const SUMMARY_COLUMNS: &'static [&'static str] = &SUMMARY_COLUMNS;

    /// The returns, the picker, the partner and the called card's index (-1 when there is none), the picking
    /// side's points (R26) and tricks (-1 without a picker), and 1 for a leaster. A doubler has picker -1 and
    /// leaster 0.
    fn summary(&self, out: &mut [i32]) {
        let or_none = |x: Option<u8>| x.map_or(-1, i32::from);
        let side_tricks = self.picker().map_or(-1, |p| {
            let t = self.tricks_won();
            i32::from(t[p as usize]) + self.secret_partner().map_or(0, |q| i32::from(t[q as usize]))
        });
        out[..NUM_PLAYERS].copy_from_slice(self.returns());
        out[NUM_PLAYERS..].copy_from_slice(&[
            or_none(self.picker()),
            or_none(self.secret_partner()),
            or_none(self.called_card().map(|c| c.index())),
            self.picking_side_points().map_or(-1, |p| p as i32),
            side_tricks,
            i32::from(self.is_leaster()),
        ]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome(points: u32, tricks: u32) -> Outcome {
        // The bury: what a side without a trick holds (at most 22), else nothing.
        Outcome { points, trick_points: if tricks == 0 { 0 } else { points }, tricks }
    }

    /// (picker, partner, an opponent)
    fn settle_with(rules: &Rules, outcome: Outcome) -> (i32, i32, i32) {
        let r = settle_picked(0, Some(1), outcome, rules);
        assert_eq!(r.iter().sum::<i32>(), 0);
        assert!(r[2..].iter().all(|&x| x == r[2]));
        (r[0], r[1], r[2])
    }

    fn with_partner(points: u32, tricks: u32, bump: bool) -> (i32, i32, i32) {
        let rules = Rules { double_on_the_bump: bump, ..Rules::default() };
        settle_with(&rules, outcome(points, tricks))
    }

    fn alone(points: u32, tricks: u32, bump: bool) -> (i32, i32) {
        let rules = Rules { double_on_the_bump: bump, ..Rules::default() };
        let r = settle_picked(3, None, outcome(points, tricks), &rules);
        assert_eq!(r.iter().sum::<i32>(), 0);
        (r[3], r[0])
    }

    #[test]
    fn tv_s5_settlement_with_partner() {
        assert_eq!(with_partner(120, 6, false), (6, 3, -3));
        assert_eq!(with_partner(95, 4, false), (4, 2, -2));
        assert_eq!(with_partner(91, 4, false), (4, 2, -2));
        assert_eq!(with_partner(90, 4, false), (2, 1, -1));
        assert_eq!(with_partner(61, 3, false), (2, 1, -1));
        assert_eq!(with_partner(60, 3, false), (-2, -1, 1));
        assert_eq!(with_partner(31, 2, false), (-2, -1, 1));
        assert_eq!(with_partner(30, 2, false), (-4, -2, 2));
        assert_eq!(with_partner(21, 0, false), (-9, 0, 3));
        // With double on the bump (R29).
        assert_eq!(with_partner(45, 2, true), (-4, -2, 2));
        assert_eq!(with_partner(20, 1, true), (-8, -4, 4));
        assert_eq!(with_partner(0, 0, true), (-18, 0, 6));
        assert_eq!(with_partner(95, 5, true), (4, 2, -2));
    }

    #[test]
    fn tv_v2_option_checks_for_five_with_a_partner() {
        let split = Rules { no_trick_split: true, ..Rules::default() };
        let bump = Rules { double_on_the_bump: true, ..Rules::default() };
        let both = Rules { no_trick_split: true, ..bump };
        let points = Rules { schwarz: Schwarz::Points, ..Rules::default() };
        // Row 2: partner off the hook by default, 2:1 with no_trick_split; doubled on the bump.
        assert_eq!(settle_with(&Rules::default(), outcome(0, 0)), (-9, 0, 3));
        assert_eq!(settle_with(&split, outcome(0, 0)), (-6, -3, 3));
        assert_eq!(settle_with(&bump, outcome(0, 0)), (-18, 0, 6));
        assert_eq!(settle_with(&both, outcome(0, 0)), (-12, -6, 6));
        // P = 120 while a defender took a trick worth 0: row 3 by tricks, row 1 by points.
        let all_points = Outcome { points: 120, trick_points: 120, tricks: 5 };
        assert_eq!(settle_with(&Rules::default(), all_points), (4, 2, -2));
        assert_eq!(settle_with(&points, all_points), (6, 3, -3));
        // Two tricks worth 0 and a bury of 14: P = 14, row 6 by tricks, row 2 by points.
        let zero_tricks = Outcome { points: 14, trick_points: 0, tricks: 2 };
        assert_eq!(settle_with(&Rules::default(), zero_tricks), (-4, -2, 2));
        assert_eq!(settle_with(&points, zero_tricks), (-9, 0, 3));
    }

    #[test]
    fn tv_v2_rows_for_five_alone() {
        let points = Rules { schwarz: Schwarz::Points, ..Rules::default() };
        let split = Rules { no_trick_split: true, ..Rules::default() };
        for rules in [Rules::default(), points, split] {
            let r = |o: Outcome| settle_picked(3, None, o, &rules)[3];
            assert_eq!(r(outcome(120, 6)), 12);
            assert_eq!(r(outcome(0, 0)), -12, "alone, row 2 is not split");
        }
    }

    #[test]
    fn tv_s6_alone() {
        assert_eq!(alone(61, 3, false), (4, -1));
        assert_eq!(alone(95, 5, false), (8, -2));
        assert_eq!(alone(120, 6, false), (12, -3));
        assert_eq!(alone(50, 2, false), (-4, 1));
        assert_eq!(alone(25, 1, false), (-8, 2));
        assert_eq!(alone(10, 0, false), (-12, 3));
        assert_eq!(alone(25, 1, true), (-16, 4));
    }

    #[test]
    fn tv_s9_leaster() {
        // A no tricks, B 14, C 9, D 40, E 57 with the blind.
        let points = [0, 14, 9, 40, 57];
        let tricks = [0, 1, 1, 2, 2];
        let first = [None, Some(0), Some(2), Some(1), Some(3)];
        let w = leaster_winner(points, tricks, first);
        assert_eq!(w, 2);
        assert_eq!(settle_leaster(w), [-1, -1, 4, -1, -1]);
    }

    #[test]
    fn leaster_ties_go_to_fewer_tricks_then_the_latest_first_trick() {
        let first = [Some(0), Some(1), Some(4), Some(2), None];
        assert_eq!(leaster_winner([0, 0, 0, 50, 0], [2, 1, 1, 2, 0], first), 2);
        assert_eq!(leaster_winner([0, 5, 5, 50, 0], [1, 1, 2, 2, 0], first), 0);
    }
}
