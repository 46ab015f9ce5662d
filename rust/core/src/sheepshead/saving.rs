//! Saving a Sheepshead hand: its start (the dealer, the multiplier, the cards as dealt and the generator of the
//! next deal); the history and the rest of the format are [`crate::save`]'s.

use super::cards::{CardSet, SCard};
use super::rules::Rules;
use super::state::{Deal, State, NUM_PLAYERS};
use crate::cards::Card;
use crate::error::InvalidState;
use crate::game::Saved;
use crate::rng::Rng;
use crate::save::{as_, field};
use serde_json::{Map, Value};

impl Saved for State {
    /// The dealer, the multiplier, the hands and the blind as dealt, and the generator of the next deal.
    fn saved_start(&self) -> Vec<(&'static str, Value)> {
        let ranking = self.ranking();
        let texts = |set: CardSet| -> Value {
            ranking.sorted(set).iter().map(|c| Value::from(c.to_string())).collect::<Vec<_>>().into()
        };
        let deal = self.deal();
        vec![
            ("dealer", self.dealer().into()),
            ("multiplier", self.multiplier().into()),
            ("hands", deal.hands.iter().map(|&h| texts(h)).collect::<Vec<_>>().into()),
            ("blind", texts(deal.blind)),
            ("rng", self.rng().state().iter().map(|&w| Value::from(w)).collect::<Vec<_>>().into()),
        ]
    }

    fn from_saved(fields: &Map<String, Value>, rules: Rules) -> Result<State, InvalidState> {
        let hands: Vec<Vec<String>> = as_(field(fields, "hands")?, "hands")?;
        let hands: Vec<CardSet> = hands.iter().map(|h| card_set(h)).collect::<Result<_, _>>()?;
        let hands: [CardSet; NUM_PLAYERS] = hands
            .try_into()
            .map_err(|v: Vec<CardSet>| InvalidState(format!("expected 5 hands, got {}", v.len())))?;
        let blind = card_set(&as_::<Vec<String>>(field(fields, "blind")?, "blind")?)?;
        let deal = Deal::new(hands, blind).map_err(|e| InvalidState(e.to_string()))?;
        let words: [u64; 4] = as_(field(fields, "rng")?, "rng")?;
        let rng = Rng::from_state(words)
            .ok_or_else(|| InvalidState("the generator state cannot be all zeros".into()))?;
        let dealer: u8 = as_(field(fields, "dealer")?, "dealer")?;
        let multiplier: u32 = as_(field(fields, "multiplier")?, "multiplier")?;
        State::from_deal(deal, rules, dealer, multiplier, rng).map_err(|e| InvalidState(e.to_string()))
    }
}

/// Cards of the 32-card deck from their texts, each at most once.
pub fn card_set(texts: &[String]) -> Result<CardSet, InvalidState> {
    let mut set = CardSet::EMPTY;
    for text in texts {
        let card: Card =
            text.parse().map_err(|e: crate::error::CardParseError| InvalidState(e.to_string()))?;
        let c = SCard::from_card(card)
            .ok_or_else(|| InvalidState(format!("{card} is not in the 32-card Sheepshead deck (R2)")))?;
        if set.contains(c) {
            return Err(InvalidState(format!("{c} appears twice")));
        }
        set = set.with(c);
    }
    Ok(set)
}
