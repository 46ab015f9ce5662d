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
                /// With no legal call the picker goes alone, or calls an unknown ace with an under card.
                ["R16"] no_legal_call: NoLegalCall = NoLegalCall::Alone;
                /// The partner may not discard the called card on another suit before the last trick.
                ["R19"] called_card_no_discard: bool = true;
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
