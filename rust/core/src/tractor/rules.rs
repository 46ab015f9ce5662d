//! The configuration flags of A.4 and the options of A.5 (`tractor-variants.md`) for the four-player, two-deck
//! game; `Rules::default()` is the specification's defaults.

use crate::options::{named_option, rule_options, Preset, Renamed, RulesError, Value};

/// R14: who draws first in round 1.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum FirstDrawer {
    /// A seat drawn by lot (from the round's seed).
    #[default]
    Random,
    Seat0,
}

/// R41, F32: the multiplier of the kitty's points when the opponents take the last trick.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum KittyMultiplier {
    /// 2 × the number of cards each player played in the last trick.
    #[default]
    Seed2c,
    /// 2^(pairs in the last lead + 1).
    Exp,
    /// 2 × the cards of the last lead's largest component (F32).
    LargestUnitTimes2,
    /// 2^(the cards of the last lead's largest component) (F32).
    LargestUnitPow2,
}

/// F10: who becomes the landlord (the starter) of round 1.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum FirstLandlord {
    /// The player whose declaration finally stands (R21).
    #[default]
    WinningDeclaration,
    /// The first player who declared; the trump still comes from the declaration that stands.
    FirstDeclaration,
}

/// F8: which declarations override a standing one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum BidOverride {
    /// More cards, or as many jokers as rank cards (R16).
    #[default]
    Standard,
    /// Also a pair of rank cards of a suit higher in the order ♦ < ♣ < ♥ < ♠.
    HigherSuit,
    /// Only more cards.
    CountOnly,
}

/// F7: the fewest jokers that declare a no-trump round.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum JokerDeclarationMin {
    /// Two (R15).
    #[default]
    Two,
    /// One a deck: at two decks, two as well.
    Decks,
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

/// R34, F26: which beatable component a failed throw must lead.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum FailedThrowForced {
    /// Of every beatable component: the fewest cards, then the lowest, then the lowest in S-order.
    #[default]
    FewestCardsThenLowest,
    /// The first other player in turn order who can beat a component blocks; of the components it can beat,
    /// the fewest cards, then the lowest, then the lowest in S-order.
    FirstInTurnSmallest,
}

/// F27: the points a failed throw costs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ThrowPenalty {
    /// 10 for every card taken back (R34, R42).
    #[default]
    PerCardTakenBack,
    /// 10 for each failed throw.
    PerAttempt10,
    None,
}

/// F33: the levels of a negative point total.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum NegativePoints {
    /// A negative P is reported, and scored, as 0 (R43).
    #[default]
    Clamp,
    /// P counts as it is: one more level for the declarers per 40 points below 5.
    ExtraLevels,
}

/// F23: what a follower owes the lead's tractors.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum TractorFollow {
    /// Only pairs (R31, R32).
    #[default]
    None,
    /// Also each tractor of the lead itself, when held (A.4's `tractor_must_follow_tractor`).
    Full,
    /// The greatest shape of runs and pairs held that the lead's shape allows (F23's key order).
    Fallback,
}

/// F23: under `TractorFollow::Fallback`, whether a tuple of the lead may ask for a run (no effect at two decks,
/// where a tuple is a pair).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum NewAdjacency {
    #[default]
    Allow,
    Forbid,
}

/// F29, F30: which of two qualifying ruffs of a throw is stronger.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ThrowCompare {
    /// The top of the highest run as long as the lead's longest of its widest components (R39).
    #[default]
    PairsFirst,
    /// Every component strictly higher than the same-shaped component of the best ruff so far.
    AllComponents,
    /// The highest card.
    Highest,
    /// The tops of the components, largest first, compared in order (singles left out beside larger ones).
    UnitLength,
}

/// F35: what comes after the ace.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum AfterAce {
    /// Passing the ace wins (R47).
    #[default]
    GameOver,
    /// The level NT (15), played as a no-trump round without a rank; A and NT are checkpoints.
    NoTrumpLevel,
}

/// R43: the levels gained above 240 points (the specification defines one rule).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Over240 {
    #[default]
    Per40From80,
}

named_option!(FirstDrawer, Random => "random", Seat0 => "seat0");
named_option!(
    KittyMultiplier,
    Seed2c => "seed_2c",
    Exp => "exp",
    LargestUnitTimes2 => "largest_unit_times2",
    LargestUnitPow2 => "largest_unit_pow2"
);
named_option!(GameEnd, PassAce => "pass_ace", MustDefendAce => "must_defend_ace");
named_option!(
    FailedThrowForced,
    FewestCardsThenLowest => "fewest_cards_then_lowest",
    FirstInTurnSmallest => "first_in_turn_smallest"
);
named_option!(FirstLandlord, WinningDeclaration => "winning_declaration", FirstDeclaration => "first_declaration");
named_option!(BidOverride, Standard => "standard", HigherSuit => "higher_suit", CountOnly => "count_only");
named_option!(JokerDeclarationMin, Two => "two", Decks => "decks");
named_option!(ThrowPenalty, PerCardTakenBack => "per_card_taken_back", PerAttempt10 => "per_attempt_10", None => "none");
named_option!(NegativePoints, Clamp => "clamp", ExtraLevels => "extra_levels");
named_option!(TractorFollow, None => "none", Full => "full", Fallback => "fallback");
named_option!(NewAdjacency, Allow => "allow", Forbid => "forbid");
named_option!(
    ThrowCompare,
    PairsFirst => "pairs_first",
    AllComponents => "all_components",
    Highest => "highest",
    UnitLength => "unit_length"
);
named_option!(AfterAce, GameOver => "game_over", NoTrumpLevel => "no_trump_level");
named_option!(Over240, Per40From80 => "per40_from_80");

/// The table of Tractor's rule options: the one place an option is declared, handed to `callback!` with
/// `args` before it ([`rule_options!`] makes the struct and its [`crate::options::RuleOptions`] here; the bindings
/// make the Python getters from the same rows).
#[macro_export]
macro_rules! tractor_rule_table {
    ($callback:ident $($arg:tt)*) => {
        $callback! {
            $($arg)*
            /// Every option of A.4 and of A.5 for four players and two decks (`docs/rules/tractor.md`); the
            /// defaults are the specification's.
            pub struct Rules {
                /// Who draws first in round 1: a seat drawn by lot from the round's seed, or seat 0.
                ["R14"] first_drawer_round1: FirstDrawer = FirstDrawer::Random;
                /// The standing declarer may turn a single into a pair of the same suit.
                ["R17"] allow_self_reinforce: bool = false;
                /// A red joker pair may override a black joker pair.
                ["R17"] red_pair_overrides_black_pair: bool = false;
                /// Round 1's landlord: the player whose declaration stands, or the first who declared.
                ["F10"] first_landlord: FirstLandlord = FirstLandlord::WinningDeclaration;
                /// What overrides a declaration: more cards or jokers (standard), also a higher suit's pair (higher_suit), or only more cards (count_only).
                ["F8"] bid_override: BidOverride = BidOverride::Standard;
                /// The fewest jokers that declare: two, or one a deck (the same at two decks).
                ["F7"] joker_declaration_min: JokerDeclarationMin = JokerDeclarationMin::Two;
                /// A no-trump round made by jokers keeps the trump rank: the jokers and every rank card are trumps.
                ["F12"] joker_pair_declaration_keeps_rank: bool = false;
                /// Turning the kitty over (R20), a joker before any rank card makes a no-trump round.
                ["F11"] kitty_flip_joker_no_trump: bool = false;
                /// The kitty's cards, 0 to 104: other than 8, the hands get (108 - k) / 4 cards, a few 2s or 3s taken out to even them.
                ["F5"] kitty_size: u8, in 0..=104 = 8;
                /// The fewest pairs a run needs to be a tractor; a shorter run is so many pairs (at two decks the width is 2).
                ["F20"] min_tractor_length: u8, in 2..=12 = 2;
                /// Plain suits close the gap left by the trump rank, for tractors.
                ["R12"] plain_suit_gap_closing: bool = true;
                /// What a follower owes the lead's tractors: pairs only (none), also each tractor held (full), or the greatest shape of runs held (fallback).
                ["F23"] tractor_follow: TractorFollow = TractorFollow::None;
                /// Under fallback, whether a tuple of the lead may ask for a run (no effect at two decks).
                ["F23"] new_adjacency: NewAdjacency = NewAdjacency::Allow;
                /// A follower owes the lead's shape (pairs, runs); off, any cards of the led suit follow.
                ["F24"] format_based_draw: bool = true;
                /// Which of two ruffs of a throw wins: R39's pairs first, every component higher, the highest card, or the components' tops in order.
                ["F30"] throw_compare: ThrowCompare = ThrowCompare::PairsFirst;
                /// Which beatable component a failed throw must lead: the smallest of all, or the smallest the first blocking player in turn order can beat.
                ["F26"] failed_throw_forced: FailedThrowForced = FailedThrowForced::FewestCardsThenLowest;
                /// What a failed throw costs: 10 a card taken back, 10 an attempt, or nothing.
                ["F27"] throw_penalty: ThrowPenalty = ThrowPenalty::PerCardTakenBack;
                /// A negative point total scores as 0 (clamp), or one more declarers' level per 40 points below 5 (extra_levels).
                ["F33"] negative_points: NegativePoints = NegativePoints::Clamp;
                /// 80 to 115 points give the opponents the deal but no level (the dead zone); off, one level more from 80 on.
                ["F33"] deadzone: bool = true;
                /// The levels gained from 240 points up (the specification defines one table).
                ["R43"] over_240: Over240 = Over240::Per40From80;
                /// The kitty counts 2 x the last lead's size (seed_2c), 2^(pairs + 1) (exp), or 2 x or 2^ its largest component's cards.
                ["F32"] kitty_multiplier: KittyMultiplier = KittyMultiplier::Seed2c;
                /// A match ends when a team passes the ace, or only when it holds as declarers at the ace.
                ["R47"] game_end: GameEnd = GameEnd::PassAce;
                /// After the ace: the game is over, or the level NT (15), a no-trump round without a rank.
                ["F35"] after_ace: AfterAce = AfterAce::GameOver;
                /// 5, 10 and K must be defended: a team stops there unless it holds as declarers from it.
                ["F35"] defend_points: bool = false;
            }
        }
    };
}

tractor_rule_table!(rule_options);

impl Rules {
    /// A.5: `negative_points` replaced `negative_points_as_zero`, and `tractor_follow` replaced
    /// `tractor_must_follow_tractor`.
    pub const RENAMED_OPTIONS: &'static [Renamed] = &[
        Renamed {
        old: "negative_points_as_zero",
        new: "negative_points",
        new_value: |v| match v {
            Value::Bool(true) => Some(Value::Choice("clamp")),
            Value::Bool(false) => Some(Value::Choice("extra_levels")),
            _ => None,
        },
        note: "negative_points_as_zero=True is negative_points='clamp'; False is negative_points='extra_levels', \
               under which a negative total also counts for levels (F33)",
        },
        Renamed {
            old: "tractor_must_follow_tractor",
            new: "tractor_follow",
            new_value: |v| match v {
                Value::Bool(true) => Some(Value::Choice("full")),
                Value::Bool(false) => Some(Value::Choice("none")),
                _ => None,
            },
            note: "tractor_must_follow_tractor=True is tractor_follow='full'; False is tractor_follow='none' (F23)",
        },
    ];

    /// The presets (A.5): `rbtying`, the partnership game as rbtying/shengji plays it by default, as far as the
    /// four-player two-deck game has its options (its Finding-Friends mode and first-card kitty reveal have
    /// none here).
    pub const PRESET_OPTIONS: &'static [Preset] = &[Preset {
        name: "rbtying",
        about: "rbtying/shengji's defaults for four players and two decks (A.5's rbtying preset, partnership mode)",
        values: &[
            ("allow_self_reinforce", Value::Bool(true)),
            ("red_pair_overrides_black_pair", Value::Bool(true)),
            ("joker_pair_declaration_keeps_rank", Value::Bool(true)),
            ("tractor_follow", Value::Choice("fallback")),
            ("new_adjacency", Value::Choice("allow")),
            ("throw_compare", Value::Choice("all_components")),
            ("failed_throw_forced", Value::Choice("first_in_turn_smallest")),
            ("throw_penalty", Value::Choice("none")),
            ("kitty_multiplier", Value::Choice("largest_unit_times2")),
            ("negative_points", Value::Choice("extra_levels")),
            ("after_ace", Value::Choice("no_trump_level")),
        ],
    }];

    /// Every combination of Tractor's options is allowed.
    pub fn combination(&self) -> Result<(), RulesError> {
        Ok(())
    }
}
