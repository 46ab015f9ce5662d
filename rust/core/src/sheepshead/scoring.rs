//! Settlement of a hand (R26–R31): who pays whom, zero-sum; and the summary of a finished hand.

use super::state::{State, NUM_PLAYERS};
use crate::game::{Game, Summary};

/// The picking side's result, per opponent, before doubling (R27, R30): +3 for all tricks … −3 for none.
fn unit(points: u32, tricks: u32) -> i32 {
    match (points, tricks) {
        (_, 6) => 3,
        (_, 0) => -3,
        (91.., _) => 2,
        (61..=90, _) => 1,
        (31..=60, _) => -1, // R28: a 60–60 tie loses
        _ => -2,
    }
}

/// Returns of a picked hand. `points` is P of R26 (tricks of the picking side plus the bury), `tricks` the
/// number of tricks the picking side took, `partner` `None` when the picker went alone.
pub fn settle_picked(
    picker: usize,
    partner: Option<usize>,
    points: u32,
    tricks: u32,
    double_on_the_bump: bool,
) -> [i32; 5] {
    let mut u = unit(points, tricks);
    if double_on_the_bump && u < 0 {
        u *= 2; // R29
    }
    let mut returns = [-u; 5];
    match partner {
        // R30: alone, the picker settles with each of four opponents.
        None => returns[picker] = 4 * u,
        Some(partner) => {
            // R27: the side settles with three opponents, split 2:1, except that a partner of a side that took
            // no trick pays nothing.
            if tricks == 0 {
                returns[picker] = 3 * u;
                returns[partner] = 0;
            } else {
                returns[picker] = 2 * u;
                returns[partner] = u;
            }
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

    /// (picker, partner, an opponent)
    fn with_partner(points: u32, tricks: u32, bump: bool) -> (i32, i32, i32) {
        let r = settle_picked(0, Some(1), points, tricks, bump);
        assert_eq!(r.iter().sum::<i32>(), 0);
        assert!(r[2..].iter().all(|&x| x == r[2]));
        (r[0], r[1], r[2])
    }

    fn alone(points: u32, tricks: u32, bump: bool) -> (i32, i32) {
        let r = settle_picked(3, None, points, tricks, bump);
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
