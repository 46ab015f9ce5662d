//! The configuration flags of B.4; `Rules::default()` is the specification's defaults.

pub use crate::options::RulesError;
use crate::options::{named_option, rule_options};

/// R3: the order of the jacks among the trumps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum JackOrder {
    /// J♣ > J♠ > J♥ > J♦, as every standard source has it.
    #[default]
    Standard,
    /// J♠ > J♣ > J♥ > J♦, as the seed text lists them.
    Seed,
}

/// R12: what happens when all five pass.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum AllPass {
    /// R31: everyone plays for themselves; fewest points (with a trick) wins.
    #[default]
    Leaster,
    /// R32: no play; the next hand counts double.
    Doubler,
}

/// R16: what a picker with no legal call does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum NoLegalCall {
    /// Goes alone.
    #[default]
    Alone,
    /// Calls the ace of a suit they are void in, with an "under" card as the hold card.
    Unknown,
}

/// V17: what makes the top and bottom rows of the settlement (schwarz).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Schwarz {
    /// The picking side took every trick (+3), or no trick (−3).
    #[default]
    Tricks,
    /// The picking side has all 120 points (+3), or took no card points in its tricks, the bury not counted
    /// (−3).
    Points,
}

/// R18 (revised): whether the picker may lead the hold card (their last card of the called suit) before the
/// called suit has been led.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum HoldCardLead {
    /// The picker may lead any card of the called suit at any time, the last one included: that lead is the
    /// suit's first lead, to which the partner owes the called card (R19).
    #[default]
    Allowed,
    /// Until the called suit has been led, the picker may not lead the last card of it, except in the last trick
    /// (the seed's wording).
    Forbidden,
}

/// The table of Sheepshead's rule options: the one place an option is declared, handed to `callback!` with
/// `args` before it ([`rule_options!`] makes the struct and its [`crate::options::RuleOptions`] here; the bindings
/// make the Python getters from the same rows).
#[macro_export]
macro_rules! sheepshead_rule_table {
    ($callback:ident $($arg:tt)*) => {
        $callback! {
            $($arg)*
            /// The rule options of a Sheepshead hand (B.4 of `docs/rules/sheepshead.md`).
            pub struct Rules {
                /// J♣ above J♠ (standard) or J♠ above J♣ (seed) among the trumps.
                ["R3"] jack_order: JackOrder = JackOrder::Standard;
                /// When all five pass: play a leaster (R31) or throw the hand in for a doubler (R32).
                ["R12"] all_pass: AllPass = AllPass::Leaster;
                /// A losing picking side pays, and the winners collect, double.
                ["R29"] double_on_the_bump: bool = false;
                /// On the schwarz row (−3) the partner pays its share too (2:1), instead of going free.
                ["V17"] no_trick_split: bool = false;
                /// Schwarz (±3) by tricks (every trick / none) or by card points (120 / none in tricks).
                ["V17"] schwarz: Schwarz = Schwarz::Tricks;
                /// With no legal call the picker goes alone, or calls an unknown ace with an under card.
                ["R16"] no_legal_call: NoLegalCall = NoLegalCall::Alone;
                /// The picker may lead the hold card (the last card of the called suit) before the suit is led.
                ["R18"] hold_card_lead: HoldCardLead = HoldCardLead::Allowed;
                /// The partner may not discard the called card on another suit before the last trick.
                ["R19"] called_card_no_discard: bool = true;
                /// A deal giving a seat no ace, no king and no trump is dealt again by the same dealer.
                ["V28"] no_ace_face_trump_redeal: bool = false;
                /// Hands in a game (a Match): played hands, doublers not counted.
                ["R34"] hands_per_game: u32, in 1..=4294967295 = 15;
            }
        }
    };
}

sheepshead_rule_table!(rule_options);

named_option!(JackOrder, Standard => "standard", Seed => "seed");
named_option!(AllPass, Leaster => "leaster", Doubler => "doubler");
named_option!(NoLegalCall, Alone => "alone", Unknown => "unknown");
named_option!(Schwarz, Tricks => "tricks", Points => "points");
named_option!(HoldCardLead, Allowed => "allowed", Forbidden => "forbidden");

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::{RuleOptions, Value};

    #[test]
    fn names_round_trip_and_bad_names_are_refused() {
        for name in JackOrder::CHOICES {
            assert_eq!(JackOrder::parse(name).unwrap().name(), *name);
        }
        let mut rules = Rules::default();
        let err = rules.set("all_pass", Value::Choice("double")).unwrap_err();
        assert_eq!(err.option, "all_pass");
        assert!(err.to_string().contains("\"double\""));
        assert_eq!(rules, Rules::default(), "a refused value changes nothing");
        assert!(rules.set("hands_per_game", Value::Int(0)).is_err());
        assert!(rules
            .set("no_such_option", Value::Bool(true))
            .unwrap_err()
            .to_string()
            .contains("jack_order"));
    }
}
