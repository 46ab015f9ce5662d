//! The configuration flags of A.4; `Rules::default()` is the specification's defaults.

use crate::options::named_option;

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

named_option!(FirstDrawer, "first_drawer_round1", Random => "random", Seat0 => "seat0");
named_option!(KittyMultiplier, "kitty_multiplier", Seed2c => "seed_2c", Exp => "exp");
named_option!(GameEnd, "game_end", PassAce => "pass_ace", MustDefendAce => "must_defend_ace");
named_option!(FailedThrowForced, "failed_throw_forced", FewestCardsThenLowest => "fewest_cards_then_lowest");
named_option!(Over240, "over_240", Per40From80 => "per40_from_80");

/// Every option of A.4.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    pub first_drawer_round1: FirstDrawer,
    /// R17: the standing declarer may turn a single into a pair of the same suit.
    pub allow_self_reinforce: bool,
    /// R17: a red joker pair may override a black joker pair.
    pub red_pair_overrides_black_pair: bool,
    /// R12: plain suits close the gap of the trump rank for tractors.
    pub plain_suit_gap_closing: bool,
    /// R32: a tractor must follow a tractor when the follower holds one.
    pub tractor_must_follow_tractor: bool,
    pub failed_throw_forced: FailedThrowForced,
    /// R43: a negative point total is reported as 0.
    pub negative_points_as_zero: bool,
    pub over_240: Over240,
    pub kitty_multiplier: KittyMultiplier,
    pub game_end: GameEnd,
}

impl Rules {
    /// The specification's defaults (A.4).
    pub const DEFAULT: Rules = Rules {
        first_drawer_round1: FirstDrawer::Random,
        allow_self_reinforce: false,
        red_pair_overrides_black_pair: false,
        plain_suit_gap_closing: true,
        tractor_must_follow_tractor: false,
        failed_throw_forced: FailedThrowForced::FewestCardsThenLowest,
        negative_points_as_zero: true,
        over_240: Over240::Per40From80,
        kitty_multiplier: KittyMultiplier::Seed2c,
        game_end: GameEnd::PassAce,
    };
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::DEFAULT
    }
}
