//! The configuration flags of A.4; `Rules::default()` is the specification's defaults.

use crate::options::{named_option, rule_options, RulesError};

/// R14: who draws first in round 1.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum FirstDrawer {
    /// A seat drawn by lot (from the round's seed).
    #[default]
    Random,
    Seat0,
}

/// R41: the multiplier of the kitty's points when the opponents take the last trick.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum KittyMultiplier {
    /// 2 × the number of cards each player played in the last trick.
    #[default]
    Seed2c,
    /// 2^(pairs in the last lead + 1).
    Exp,
}

/// R47: when the game ends.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum GameEnd {
    /// Any advance past the ace.
    #[default]
    PassAce,
    /// Only holding as declarers while at the ace.
    MustDefendAce,
}

/// R34: which beatable component a failed throw must lead (the specification defines one rule).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum FailedThrowForced {
    #[default]
    FewestCardsThenLowest,
}

/// R43: the levels gained above 240 points (the specification defines one rule).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Over240 {
    #[default]
    Per40From80,
}

named_option!(FirstDrawer, Random => "random", Seat0 => "seat0");
named_option!(KittyMultiplier, Seed2c => "seed_2c", Exp => "exp");
named_option!(GameEnd, PassAce => "pass_ace", MustDefendAce => "must_defend_ace");
named_option!(FailedThrowForced, FewestCardsThenLowest => "fewest_cards_then_lowest");
named_option!(Over240, Per40From80 => "per40_from_80");

/// The table of Tractor's rule options: the one place an option is declared, handed to `callback!` with
/// `args` before it ([`rule_options!`] makes the struct and its [`crate::options::RuleOptions`] here; the bindings
/// make the Python getters from the same rows).
#[macro_export]
macro_rules! tractor_rule_table {
    ($callback:ident $($arg:tt)*) => {
        $callback! {
            $($arg)*
            /// Every option of A.4 (`docs/rules/tractor.md`); the defaults are the specification's.
            pub struct Rules {
                /// Who draws first in round 1: a seat drawn by lot from the round's seed, or seat 0.
                ["R14"] first_drawer_round1: FirstDrawer = FirstDrawer::Random;
                /// The standing declarer may turn a single into a pair of the same suit.
                ["R17"] allow_self_reinforce: bool = false;
                /// A red joker pair may override a black joker pair.
                ["R17"] red_pair_overrides_black_pair: bool = false;
                /// Plain suits close the gap left by the trump rank, for tractors.
                ["R12"] plain_suit_gap_closing: bool = true;
                /// A follower holding a tractor of the led suit must play it on a tractor.
                ["R32"] tractor_must_follow_tractor: bool = false;
                /// Which beatable component a failed throw must lead (the specification defines one).
                ["R34"] failed_throw_forced: FailedThrowForced = FailedThrowForced::FewestCardsThenLowest;
                /// A negative point total is reported, and scored, as 0.
                ["R43"] negative_points_as_zero: bool = true;
                /// The levels gained from 240 points up (the specification defines one table).
                ["R43"] over_240: Over240 = Over240::Per40From80;
                /// The kitty counts 2 x the last lead's size (seed_2c) or 2^(pairs + 1) (exp).
                ["R41"] kitty_multiplier: KittyMultiplier = KittyMultiplier::Seed2c;
                /// A match ends when a team passes the ace, or only when it holds as declarers at the ace.
                ["R47"] game_end: GameEnd = GameEnd::PassAce;
            }
        }
    };
}

tractor_rule_table!(rule_options);

impl Rules {
    /// Every combination of Tractor's options is allowed.
    pub fn combination(&self) -> Result<(), RulesError> {
        Ok(())
    }
}
