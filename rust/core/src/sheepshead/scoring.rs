//! Settlement of a hand (R26–R31, V17–V23): who pays whom, zero-sum; and the summary of a finished hand.

use super::ranking::{ESuit, Ranking};
use super::rules::{LeasterTie, Rules, SchwanzerTie, Schwarz};
use super::state::{AllPassGame, Deal, Seating, State, MAX_PLAYERS, NUM_TRICKS};
use crate::cards::Suit;
use crate::game::{Game, Summary};

/// What a picked hand ended with, for its settlement (V17): the picking side's P (R26: tricks plus the bury), the
/// card points of its tricks alone, and its number of tricks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub points: u32,
    pub trick_points: u32,
    pub tricks: u32,
}

/// The settlement row of an outcome (V17, R27–R30) in a hand of `num_tricks` tricks, by its unit u per
/// defender before doubling: +3 schwarz of the defenders, +2, +1, −1 (R28: a 60–60 tie loses), −2, −3 schwarz
/// of the picking side.
pub fn unit_of(outcome: Outcome, schwarz: Schwarz, num_tricks: u32) -> i32 {
    let Outcome { points, trick_points, tricks } = outcome;
    let (every, none) = match schwarz {
        Schwarz::Tricks => (tricks == num_tricks, tricks == 0),
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

/// [`unit_of`] in a hand of the default table's six tricks.
pub fn unit(outcome: Outcome, schwarz: Schwarz) -> i32 {
    unit_of(outcome, schwarz, NUM_TRICKS as u32)
}

/// V17: the base amounts of a picked or pair hand (before the stake M), `side` the seats of the picking side (a
/// bit each) and `picker` its picker (`None` for the black-queen side of V15). With one seat on the side it
/// settles alone with each of the k defenders; with a picker and a partner, the partner gets u and the picker
/// (k − 1)·u, except on row 2 (partner off the hook unless `no_trick_split`); a black-queen pair gets k·u/2
/// each. B = 2 doubles the rows with u < 0 under `double_on_the_bump` (R29).
pub fn settle_side(
    picker: Option<u8>,
    side: u8,
    outcome: Outcome,
    num_tricks: u32,
    seating: &Seating,
    rules: &Rules,
) -> [i32; MAX_PLAYERS] {
    let row = unit_of(outcome, rules.schwarz, num_tricks);
    let u = if rules.double_on_the_bump && row < 0 { 2 * row } else { row }; // R29
    let members = side.count_ones() as i32;
    let k = i32::from(seating.active()) - members;
    // What the picker (a lone seat, each of a pair) and its partner get.
    let (lead, partner) = match (members, picker) {
        (1, _) => (k * u, 0),
        (_, None) => (k * u / 2, k * u / 2), // V15: the pair splits equally
        _ if row == -3 && !rules.no_trick_split => (k * u, 0), // R27: the partner goes free on the schwarz row
        _ => ((k - 1) * u, u),
    };
    let mut returns = [0; MAX_PLAYERS];
    for &s in seating.order() {
        returns[s as usize] = match side >> s & 1 {
            0 => -u,
            _ if picker.is_none_or(|p| p == s) => lead,
            _ => partner,
        };
    }
    returns
}

/// Returns of a picked hand at the default table (V17, R27–R30) with `partner` `None` when the picker went
/// alone, before the stake multiplier.
pub fn settle_picked(picker: usize, partner: Option<usize>, outcome: Outcome, rules: &Rules) -> [i32; 5] {
    let table = Rules::default().form();
    let seating = Seating::new(&table, 0);
    let side = 1u8 << picker | partner.map_or(0, |q| 1 << q);
    let all = settle_side(Some(picker as u8), side, outcome, NUM_TRICKS as u32, &seating, rules);
    std::array::from_fn(|s| all[s])
}

/// R31: the leaster's winner is the player with the fewest points among those who took a trick; ties go to
/// fewer tricks, then to the one whose first trick came latest. `first_trick[s]` is the number of seat s's
/// first trick, `None` if it took none.
pub fn leaster_winner(points: &[u32], tricks: &[u32], first_trick: &[Option<u8>]) -> usize {
    (0..points.len())
        .filter(|&s| tricks[s] > 0)
        .min_by_key(|&s| (points[s], tricks[s], std::cmp::Reverse(first_trick[s])))
        .expect("a played leaster has tricks")
}

/// Every active seat but `winners` pays each winner `unit`: the winners get +(n_a − t)·unit each and the others
/// −t·unit (V18's split; with one winner, +(n_a − 1) and −1).
fn pay_winners(winners: u8, seating: &Seating, unit: i32) -> [i32; MAX_PLAYERS] {
    let t = winners.count_ones() as i32;
    let n = i32::from(seating.active());
    let mut returns = [0; MAX_PLAYERS];
    for &s in seating.order() {
        returns[s as usize] = if winners >> s & 1 == 1 { (n - t) * unit } else { -t * unit };
    }
    returns
}

/// V18, V21, V22: the base amounts of a trick game played because all passed (points include the blind).
pub fn settle_trick_game(game: AllPassGame, state: &State, rules: &Rules) -> [i32; MAX_PLAYERS] {
    let seating = state.seating();
    let order = seating.order();
    let points = |s: u8| u32::from(state.points()[s as usize]);
    let tricks = |s: u8| u32::from(state.tricks_won()[s as usize]);
    let bits = |seats: &mut dyn Iterator<Item = u8>| seats.fold(0u8, |m, s| m | 1 << s);
    let hand = state.num_tricks() as u32;
    let wash = [0; MAX_PLAYERS];
    // A seat that took every trick wins a leaster or a moster (V18, V21).
    if let Some(&all) = order.iter().find(|&&s| tricks(s) == hand) {
        if matches!(game, AllPassGame::Leaster | AllPassGame::Moster) {
            return pay_winners(1 << all, seating, 1);
        }
    }
    match game {
        AllPassGame::Leaster => {
            let fewest =
                order.iter().filter(|&&s| tricks(s) > 0).map(|&s| points(s)).min().expect("tricks taken");
            let tied = bits(&mut order.iter().copied().filter(|&s| tricks(s) > 0 && points(s) == fewest));
            if tied.count_ones() == 1 {
                return pay_winners(tied, seating, 1);
            }
            match rules.leaster_tie {
                LeasterTie::Tiebreak => {
                    let pts: Vec<u32> = (0..state.players() as u8).map(points).collect();
                    let trk: Vec<u32> = (0..state.players() as u8).map(tricks).collect();
                    let w = leaster_winner(&pts, &trk, state.first_tricks());
                    pay_winners(1 << w, seating, 1)
                }
                LeasterTie::Wash => wash,
                LeasterTie::Split => pay_winners(tied, seating, 1),
            }
        }
        AllPassGame::Moster => {
            let most = order.iter().map(|&s| points(s)).max().expect("active seats");
            let tied = bits(&mut order.iter().copied().filter(|&s| points(s) == most));
            if tied.count_ones() > 1 {
                return wash; // V21: a tie for most points is a wash
            }
            pay_winners(tied, seating, 1).map(|r| -r)
        }
        AllPassGame::Schneidster => {
            let best = order.iter().map(|&s| points(s)).filter(|&p| p <= 30).max();
            let Some(best) = best else { return wash };
            let tied = bits(&mut order.iter().copied().filter(|&s| points(s) == best));
            if tied.count_ones() > 1 {
                return wash;
            }
            pay_winners(tied, seating, 1)
        }
        _ => unreachable!("only the trick games are played out"),
    }
}

/// V23: each active seat's schwanzer count of its dealt hand: each queen 3, each jack 2, each other diamond 1.
pub fn schwanzer_counts(deal: &Deal, seating: &Seating) -> [u32; MAX_PLAYERS] {
    let mut counts = [0; MAX_PLAYERS];
    for &s in seating.order() {
        counts[s as usize] = deal.hands[s as usize]
            .into_iter()
            .map(|c| match c.rank() {
                5 => 3,
                4 => 2,
                _ if c.suit() == Suit::Diamonds => 1,
                _ => 0,
            })
            .sum();
    }
    counts
}

/// V23: the highest count pays −(n_a − 1), every other seat +1; a tie goes to the tied seat with the highest
/// trump (R3), or is split (all tied: nobody pays).
pub fn settle_schwanzer(
    counts: &[u32; MAX_PLAYERS],
    seating: &Seating,
    ranking: &Ranking,
    deal: &Deal,
    rules: &Rules,
) -> [i32; MAX_PLAYERS] {
    let order = seating.order();
    let most = order.iter().map(|&s| counts[s as usize]).max().expect("active seats");
    let tied: Vec<u8> = order.iter().copied().filter(|&s| counts[s as usize] == most).collect();
    let losers = match (tied.len(), rules.schwanzer_tie) {
        (1, _) => 1 << tied[0],
        (_, SchwanzerTie::HighestTrump) => {
            let top = |s: u8| {
                (deal.hands[s as usize] & ESuit::TRUMP.cards()).into_iter().map(|c| ranking.power(c)).max()
            };
            1 << *tied.iter().max_by_key(|&&s| top(s)).expect("tied seats")
        }
        (n, SchwanzerTie::Split) if n == order.len() => return [0; MAX_PLAYERS],
        (_, SchwanzerTie::Split) => tied.iter().fold(0u8, |m, &s| m | 1 << s),
    };
    pay_winners(losers, seating, 1).map(|r| -r)
}

/// The names of the returns columns, seat by seat.
const RETURN_COLUMNS: [&str; MAX_PLAYERS] =
    ["return_0", "return_1", "return_2", "return_3", "return_4", "return_5", "return_6", "return_7"];

/// The columns of [`Summary::summary`] after the returns.
pub const SUMMARY_FIELDS: [&str; 6] =
    ["picker", "partner", "called", "picking_side_points", "picking_side_tricks", "leaster"];

/// The columns of [`Summary::summary`] for Sheepshead at the default table.
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
    fn summary_columns(rules: &Rules) -> Vec<&'static str> {
        let n = rules.form().players as usize;
        RETURN_COLUMNS[..n].iter().chain(&SUMMARY_FIELDS).copied().collect()
    }

    /// The returns, the picker, the partner and the called card's index (-1 when there is none), the picking
    /// side's points (R26) and tricks (-1 without a picking side), and 1 for a trick game of all passes (a
    /// leaster, moster or schneidster). A hand thrown in has picker -1 and leaster 0.
    fn summary(&self, out: &mut [i32]) {
        let or_none = |x: Option<u8>| x.map_or(-1, i32::from);
        let n = self.players();
        out[..n].copy_from_slice(self.returns());
        out[n..n + SUMMARY_FIELDS.len()].copy_from_slice(&[
            or_none(self.picker()),
            or_none(self.secret_partner()),
            or_none(self.called_card().map(|c| c.index())),
            self.picking_side_points().map_or(-1, |p| p as i32),
            self.picking_side_tricks().map_or(-1, |t| t as i32),
            i32::from(self.all_pass_game().is_some_and(AllPassGame::is_trick_game)),
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
        let w = leaster_winner(&points, &tricks, &first);
        assert_eq!(w, 2);
    }

    #[test]
    fn leaster_ties_go_to_fewer_tricks_then_the_latest_first_trick() {
        let first = [Some(0), Some(1), Some(4), Some(2), None];
        assert_eq!(leaster_winner(&[0, 0, 0, 50, 0], &[2, 1, 1, 2, 0], &first), 2);
        assert_eq!(leaster_winner(&[0, 5, 5, 50, 0], &[1, 1, 2, 2, 0], &first), 0);
    }
}
