//! The configuration flags of B.4; `Rules::default()` is the specification's defaults.

use crate::options::named_option;
pub use crate::options::RulesError;

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

/// The rule options of a Sheepshead hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    pub jack_order: JackOrder,
    pub all_pass: AllPass,
    /// R29: the losing picking side pays (and the winners collect) double.
    pub double_on_the_bump: bool,
    pub no_legal_call: NoLegalCall,
    /// R19: the partner may not discard the called card on another suit before the last trick.
    pub called_card_no_discard: bool,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            jack_order: JackOrder::Standard,
            all_pass: AllPass::Leaster,
            double_on_the_bump: false,
            no_legal_call: NoLegalCall::Alone,
            called_card_no_discard: true,
        }
    }
}

named_option!(JackOrder, "jack_order", Standard => "standard", Seed => "seed");
named_option!(AllPass, "all_pass", Leaster => "leaster", Doubler => "doubler");
named_option!(NoLegalCall, "no_legal_call", Alone => "alone", Unknown => "unknown");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_bad_names_are_refused() {
        for name in JackOrder::CHOICES {
            assert_eq!(JackOrder::parse(name).unwrap().name(), *name);
        }
        let err = AllPass::parse("double").unwrap_err();
        assert_eq!(err.option, "all_pass");
        assert!(err.to_string().contains("\"double\""));
    }
}
