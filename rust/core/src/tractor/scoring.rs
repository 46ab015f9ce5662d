//! Scoring a round and moving the match on (R40–R47), and the summary of a finished round.

use super::format::Format;
use super::round::{State, NUM_PLAYERS};
use super::rules::{AfterAce, GameEnd, KittyMultiplier, NegativePoints, Rules, ThrowPenalty};
use crate::game::{Game, Summary};

/// R43: what a round's opponents' points P mean.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LevelOutcome {
    /// The declarers keep the deal (P < 80).
    pub declarers_hold: bool,
    /// Levels gained by the team that comes out ahead: the declarers when they hold, else the opponents.
    pub levels: u8,
}

/// R43, F33 at two decks (step 40, threshold 80): P ≤ 0 → declarers +3 (under `extra_levels` one more per 40
/// points below 5: −40…−75 → +4, …), 5–35 → +2, 40–75 → +1; from 80 the opponents take over, +0 for 80–115 (the
/// dead zone; +1 without it) and one level more per 40 points above.
pub fn level_outcome(points: i32, rules: &Rules) -> LevelOutcome {
    const STEP: i32 = 40;
    const THRESHOLD: i32 = 2 * STEP;
    let levels = |gain: i32| gain.clamp(0, 255) as u8;
    match points {
        i32::MIN..=0 if rules.negative_points == NegativePoints::ExtraLevels => {
            // 3 + ⌈(5 − P)/s⌉ − 1 (F33).
            LevelOutcome { declarers_hold: true, levels: levels(2 + (5 - points + STEP - 1) / STEP) }
        }
        i32::MIN..=0 => LevelOutcome { declarers_hold: true, levels: 3 },
        1..STEP => LevelOutcome { declarers_hold: true, levels: 2 },
        STEP..THRESHOLD => LevelOutcome { declarers_hold: true, levels: 1 },
        _ => LevelOutcome {
            declarers_hold: false,
            levels: levels((points - THRESHOLD) / STEP + i32::from(!rules.deadzone)),
        },
    }
}

/// R41, F32: the factor of the kitty's points when the opponents take the last trick with the lead `lead` (the
/// forced lead of a failed throw).
pub fn kitty_factor(lead: &Format, multiplier: KittyMultiplier) -> u32 {
    let largest = || lead.components().iter().map(|c| c.size()).max().unwrap_or(0);
    match multiplier {
        KittyMultiplier::Seed2c => 2 * lead.size(),
        KittyMultiplier::Exp => 1 << (lead.pair_count() + 1).min(30),
        KittyMultiplier::LargestUnitTimes2 => 2 * largest(),
        KittyMultiplier::LargestUnitPow2 => 1 << largest().min(30),
    }
}

/// R41, F32: what the kitty adds to P when the opponents take the last trick with the lead `lead`.
pub fn kitty_bonus(kitty_points: u32, lead: &Format, multiplier: KittyMultiplier) -> i32 {
    kitty_points.saturating_mul(kitty_factor(lead, multiplier)).min(i32::MAX as u32) as i32
}

/// R42, F27: how a failed throw that took `taken_back` cards back moves P: up when a declarer threw, down when
/// an opponent did.
pub fn throw_penalty(penalty: ThrowPenalty, by_declarer: bool, taken_back: u32) -> i32 {
    let p = match penalty {
        ThrowPenalty::PerCardTakenBack => 10 * taken_back as i32,
        ThrowPenalty::PerAttempt10 => 10,
        ThrowPenalty::None => 0,
    };
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

/// The level NT of `after_ace = no_trump_level` (F35): a no-trump round without a rank.
pub const NT_LEVEL: u8 = 15;

/// The last level of a match: the ace, or NT under `after_ace = no_trump_level` (F35, F36).
pub fn last_level(rules: &Rules) -> u8 {
    match rules.after_ace {
        AfterAce::GameOver => 14,
        AfterAce::NoTrumpLevel => NT_LEVEL,
    }
}

/// Refuses levels outside 2 to the last level (R47, F35).
pub fn check_levels(levels: [u8; 2], rules: &Rules) -> Result<(), String> {
    let last = last_level(rules);
    if levels.iter().all(|l| (2..=last).contains(l)) {
        Ok(())
    } else if last == NT_LEVEL {
        Err(format!("levels must be 2..15 (2 to ace, then NT), not {levels:?}"))
    } else {
        Err(format!(
            "levels must be 2..14 (2 to ace; 15, NT, needs after_ace='no_trump_level'), not {levels:?}"
        ))
    }
}

/// F35: whether a team at `level` stops there on step `step` of its advance (`declared`: it was the declaring
/// team of the round, which was played at level `played_at`): a checkpoint is passed only as declarers, only
/// by the first step from it, and NT only from a round played at NT.
fn stops_at(level: u8, step: u8, declared: bool, played_at: u8, rules: &Rules) -> bool {
    let checkpoint = (rules.defend_points && matches!(level, 5 | 10 | 13))
        || (rules.game_end == GameEnd::MustDefendAce && level == 14)
        || (rules.after_ace == AfterAce::NoTrumpLevel && matches!(level, 14 | NT_LEVEL));
    checkpoint && (!declared || step > 0 || (level == NT_LEVEL && played_at != NT_LEVEL))
}

/// R44–R48, F35: levels, declarers and starter after a round with opponents' points `points`.
pub fn next_round(levels: [u8; 2], declarers: u8, starter: u8, points: i32, rules: &Rules) -> Progress {
    let outcome = level_outcome(points, rules);
    let (team, next_declarers, next_starter) = if outcome.declarers_hold {
        (declarers, declarers, (starter + 2) % 4) // R44
    } else {
        (1 - declarers, 1 - declarers, (starter + 1) % 4) // R45
    };
    let (last, played_at) = (last_level(rules), levels[usize::from(declarers)]);
    let mut level = levels[team as usize];
    for step in 0..outcome.levels {
        if level > last || stops_at(level, step, outcome.declarers_hold, played_at, rules) {
            break;
        }
        level += 1; // R48: one level at a time, never down
    }
    // R47, F36: past the last level (the ace, or NT) the game is won (under must_defend_ace only from the ace,
    // as declarers).
    let winner = (level > last).then_some(team);
    let mut levels = levels;
    levels[team as usize] = level.min(last);
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
    use crate::cards::{Rank, Suit};
    use crate::tractor::format::decompose;
    use crate::tractor::hand::hand;
    use crate::tractor::trump::{Trump, TrumpContext};

    fn outcome_under(p: i32, rules: &Rules) -> (char, u8) {
        let o = level_outcome(p, rules);
        (if o.declarers_hold { 'D' } else { 'O' }, o.levels)
    }

    fn outcome(p: i32) -> (char, u8) {
        outcome_under(p, &Rules::default())
    }

    /// The lead `cards` (rank 2, hearts trump) as the engine decomposes it.
    fn lead(cards: &str) -> Format {
        let ctx = TrumpContext::new(Trump::new(Rank::from_value(2), Some(Suit::Hearts)).unwrap());
        decompose(&ctx, hand(cards)).unwrap()
    }

    fn with_end(game_end: GameEnd) -> Rules {
        Rules { game_end, ..Rules::default() }
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
    fn tv_f21_negative_points_and_deadzone() {
        let extra = Rules { negative_points: NegativePoints::ExtraLevels, ..Rules::default() };
        for (p, clamp, extra_levels) in [(-80, 3, 5), (-40, 3, 4), (-35, 3, 3), (0, 3, 3)] {
            assert_eq!(outcome(p), ('D', clamp), "clamp, P = {p}");
            assert_eq!(outcome_under(p, &extra), ('D', extra_levels), "extra_levels, P = {p}");
        }
        assert_eq!(outcome_under(-115, &extra), ('D', 5));
        assert_eq!(outcome_under(-120, &extra), ('D', 6));
        let no_deadzone = Rules { deadzone: false, ..Rules::default() };
        for (p, with, without) in [(80, 0, 1), (115, 0, 1), (120, 1, 2)] {
            assert_eq!(outcome(p), ('O', with), "deadzone, P = {p}");
            assert_eq!(outcome_under(p, &no_deadzone), ('O', without), "no deadzone, P = {p}");
        }
        // Above the dead zone, and below it, the options change nothing.
        for p in [5, 40, 75] {
            assert_eq!(outcome_under(p, &extra), outcome(p));
            assert_eq!(outcome_under(p, &no_deadzone), outcome(p));
        }
    }

    #[test]
    fn tv_t8_kitty_multiplier() {
        let seed = KittyMultiplier::Seed2c;
        assert_eq!(kitty_bonus(30, &lead("3S"), seed), 60);
        assert_eq!(kitty_bonus(30, &lead("3S 3S"), seed), 120);
        assert_eq!(kitty_bonus(30, &lead("3S 3S 4S 4S"), seed), 240);
        assert_eq!(kitty_bonus(30, &lead("AS 3S 3S"), seed), 180);
        assert_eq!(kitty_bonus(30, &lead("AS 3S 3S"), KittyMultiplier::Exp), 120);
        assert_eq!(kitty_bonus(30, &lead("AS KS 3S 3S 5S"), seed), 300);
        assert_eq!(kitty_bonus(30, &lead("3S 3S 4S 4S 5S 5S"), seed), 360);
        assert_eq!(kitty_bonus(30, &lead("3S 3S 4S 4S 5S 5S"), KittyMultiplier::Exp), 480);
        assert_eq!(kitty_bonus(10, &lead("AS KS QS JS 9S"), seed), 100);
    }

    #[test]
    fn tv_f20_kitty_multipliers() {
        use KittyMultiplier::*;
        // The two-deck rows: single, pair, tractor of 2 pairs, single + pair (a throw), tractor of 3 pairs.
        let rows = [
            ("3S", [60, 60, 60, 60]),
            ("3S 3S", [120, 120, 120, 120]),
            ("3S 3S 4S 4S", [240, 240, 240, 480]),
            ("AS 3S 3S", [180, 120, 120, 120]),
            ("3S 3S 4S 4S 5S 5S", [360, 480, 360, 1920]),
        ];
        for (cards, bonuses) in rows {
            for (m, want) in [Seed2c, Exp, LargestUnitTimes2, LargestUnitPow2].into_iter().zip(bonuses) {
                assert_eq!(kitty_bonus(30, &lead(cards), m), want, "{cards} under {m:?}");
            }
        }
    }

    #[test]
    fn tv_t10_whole_round_arithmetic() {
        let p = 45 + kitty_bonus(30, &lead("3S 3S"), KittyMultiplier::Seed2c);
        assert_eq!(p, 165);
        assert_eq!(outcome(p), ('O', 2));
        assert_eq!(outcome(70), ('D', 1));
    }

    #[test]
    fn tv_t15_starter_rotation() {
        let r = Rules::default();
        let next = |p| {
            let n = next_round([2, 2], 0, 0, p, &r);
            (n.declarers, n.starter)
        };
        assert_eq!(next(75), (0, 2));
        assert_eq!(next(0), (0, 2));
        assert_eq!(next(80), (1, 1));
        assert_eq!(next(240), (1, 1));
        assert_eq!(next_round([2, 2], 1, 1, 60, &r).starter, 3);
    }

    #[test]
    fn tv_t16_game_end() {
        let (pass, defend) = (with_end(GameEnd::PassAce), with_end(GameEnd::MustDefendAce));
        let queen_declarers = next_round([12, 5], 0, 0, 0, &pass);
        assert_eq!(queen_declarers.winner, Some(0));
        assert_eq!(next_round([5, 13], 0, 0, 160, &pass).winner, Some(1));
        let defended = next_round([5, 13], 0, 0, 160, &defend);
        assert_eq!((defended.winner, defended.levels[1], defended.declarers), (None, 14, 1));
        assert_eq!(next_round([14, 5], 0, 0, 75, &pass).winner, Some(0));
        assert_eq!(next_round([14, 5], 0, 0, 75, &defend).winner, Some(0));
        let king = next_round([13, 5], 0, 0, 75, &pass);
        assert_eq!((king.winner, king.levels[0]), (None, 14));
        // must_defend_ace: the opponents who take over at the ace stop there.
        let taken = next_round([5, 14], 0, 0, 200, &defend);
        assert_eq!((taken.winner, taken.levels[1]), (None, 14));
    }

    #[test]
    fn tv_f22_defend_points_checkpoints() {
        let r = Rules { defend_points: true, ..Rules::default() };
        // Declarers (team 0) at 4, P = 0 (+3): they stop at 5.
        assert_eq!(next_round([4, 2], 0, 0, 0, &r).levels, [5, 2]);
        // Next round, declarers at 5, P = 20 (+2): they defend 5 and reach 7.
        assert_eq!(next_round([5, 2], 0, 0, 20, &r).levels, [7, 2]);
        // Opponents (team 1) at 5, P = 160 (+2): they stay at 5, but take over.
        let over = next_round([2, 5], 0, 0, 160, &r);
        assert_eq!((over.levels, over.declarers), ([2, 5], 1));
        // Opponents at 3, P = 200 (+3): 4, 5, stop.
        assert_eq!(next_round([2, 3], 0, 0, 200, &r).levels, [2, 5]);
        // 10 and K too; without the option nothing stops.
        assert_eq!(next_round([9, 2], 0, 0, 0, &r).levels, [10, 2]);
        assert_eq!(next_round([12, 2], 0, 0, 0, &r).levels, [13, 2]);
        assert_eq!(next_round([4, 2], 0, 0, 0, &Rules::default()).levels, [7, 2]);
    }

    #[test]
    fn tv_f22_no_trump_level_checkpoints() {
        let r = Rules { after_ace: AfterAce::NoTrumpLevel, ..Rules::default() };
        // Declarers at A, P = 60 (+1): A is defended, so NT, and the game goes on.
        let to_nt = next_round([14, 2], 0, 0, 60, &r);
        assert_eq!((to_nt.levels, to_nt.winner), ([NT_LEVEL, 2], None));
        // Next round, played at NT: P = 75 (+1), past NT, they win.
        assert_eq!(next_round([NT_LEVEL, 2], 0, 2, 75, &r).winner, Some(0));
        // Declarers at Q, P = 0 (+3): K, A, stop (under game_over they would win, TV-T16).
        let stop = next_round([12, 2], 0, 0, 0, &r);
        assert_eq!((stop.levels, stop.winner), ([14, 2], None));
        assert_eq!(next_round([12, 2], 0, 0, 0, &Rules::default()).winner, Some(0));
        // Opponents at K, P = 200 (+3): A, then stop; they take over at A.
        let over = next_round([13, 13], 1, 1, 200, &r);
        assert_eq!((over.levels, over.declarers, over.winner), ([14, 13], 0, None));
        // NT is a checkpoint for opponents too, and past NT is the most a level can say.
        assert_eq!(next_round([2, NT_LEVEL], 0, 0, 400, &r).levels, [2, NT_LEVEL]);
        assert_eq!(check_levels([NT_LEVEL, 2], &r), Ok(()));
        assert!(check_levels([NT_LEVEL, 2], &Rules::default()).unwrap_err().contains("no_trump_level"));
        assert!(check_levels([16, 2], &r).is_err());
    }

    #[test]
    fn huge_point_totals_still_end_the_game() {
        let r = Rules::default();
        let p = next_round([14, 14], 0, 0, 100_000, &r);
        assert_eq!((p.levels, p.winner), ([14, 14], Some(1)));
        assert_eq!(next_round([2, 2], 0, 0, 20_000, &r).levels, [2, 14]);
    }

    #[test]
    fn throw_penalties_and_returns() {
        let per_card = ThrowPenalty::PerCardTakenBack;
        assert_eq!(throw_penalty(per_card, false, 1), -10);
        assert_eq!(throw_penalty(per_card, true, 3), 30);
        assert_eq!(throw_penalty(ThrowPenalty::PerAttempt10, true, 3), 10);
        assert_eq!(throw_penalty(ThrowPenalty::PerAttempt10, false, 1), -10);
        assert_eq!(throw_penalty(ThrowPenalty::None, false, 3), 0);
        let r = Rules::default();
        assert_eq!(declarer_return(level_outcome(0, &r)), 3);
        assert_eq!(declarer_return(level_outcome(80, &r)), -1);
        assert_eq!(declarer_return(level_outcome(160, &r)), -3);
    }
}
