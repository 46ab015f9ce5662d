//! Saving a Sheepshead hand: its start (the dealer, the multiplier, the cards as dealt — or the position in the
//! card play it was set up from — and the generator of the next deal); the history and the rest of the format
//! are [`crate::save`]'s.

use super::cards::{CardSet, SCard};
use super::position::Position;
use super::ranking::Ranking;
use super::rules::{HoldCardLead, Rules};
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
        let rng = ("rng", self.rng().state().iter().map(|&w| Value::from(w)).collect::<Vec<_>>().into());
        let (dealer, multiplier) =
            (("dealer", self.dealer().into()), ("multiplier", self.multiplier().into()));
        if let Some(position) = self.start_position() {
            return vec![dealer, multiplier, ("position", position_to_json(&position, ranking)), rng];
        }
        vec![
            dealer,
            multiplier,
            ("hands", deal.hands[..self.players()].iter().map(|&h| texts(h)).collect::<Vec<_>>().into()),
            ("blind", texts(deal.blind)),
            rng,
        ]
    }

    fn from_saved(fields: &Map<String, Value>, mut rules: Rules) -> Result<State, InvalidState> {
        // Saves written before `hold_card_lead` existed were played under R18 as it then was: no hold-card lead;
        // and before `called_ten_wins`, under R25 alone: the ace beat a called ten.
        let saved_rules = fields.get("rules").and_then(Value::as_object);
        if saved_rules.is_some_and(|r| !r.contains_key("hold_card_lead")) {
            rules.hold_card_lead = HoldCardLead::Forbidden;
        }
        if saved_rules.is_some_and(|r| !r.contains_key("called_ten_wins")) {
            rules.called_ten_wins = false;
        }
        let words: [u64; 4] = as_(field(fields, "rng")?, "rng")?;
        let rng = Rng::from_state(words)
            .ok_or_else(|| InvalidState("the generator state cannot be all zeros".into()))?;
        let dealer: u8 = as_(field(fields, "dealer")?, "dealer")?;
        let multiplier: u32 = as_(field(fields, "multiplier")?, "multiplier")?;
        if let Some(position) = fields.get("position") {
            let mut position = position_from_json(position)?;
            (position.dealer, position.multiplier) = (dealer, multiplier);
            return State::from_position(&position, rules, rng);
        }
        let hands: Vec<Vec<String>> = as_(field(fields, "hands")?, "hands")?;
        let hands: Vec<CardSet> = hands.iter().map(|h| card_set(h)).collect::<Result<_, _>>()?;
        let blind = card_set(&as_::<Vec<String>>(field(fields, "blind")?, "blind")?)?;
        let deal =
            Deal::new(&hands, blind, &rules.form(), dealer).map_err(|e| InvalidState(e.to_string()))?;
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

/// A position as the object of a save's `"position"` field (the dealer and the multiplier are the save's own
/// fields): cards as texts, seats as numbers, `null` for what there is not.
pub fn position_to_json(p: &Position, ranking: &Ranking) -> Value {
    let texts = |set: CardSet| -> Value {
        ranking.sorted(set).iter().map(|c| Value::from(c.to_string())).collect::<Vec<_>>().into()
    };
    let card = |c: Option<SCard>| c.map_or(Value::Null, |c| c.to_string().into());
    let seat = |s: Option<u8>| s.map_or(Value::Null, Value::from);
    serde_json::json!({
        "hands": p.hands.iter().map(|&h| texts(h)).collect::<Vec<_>>(),
        "leader": p.leader,
        "trick": p.trick.iter().map(|c| c.to_string()).collect::<Vec<_>>(),
        "picker": seat(p.picker),
        "called": card(p.called),
        "partner": seat(p.partner),
        "bury": texts(p.bury),
        "blind": texts(p.blind),
        "under": card(p.under),
        "called_suit_led": p.called_suit_led,
        "points": p.points,
        "tricks_won": p.tricks_won,
        "first_tricks": p.first_tricks.iter().map(|&t| seat(t)).collect::<Vec<_>>(),
    })
}

/// The position a save's `"position"` object describes (dealer 0, multiplier 1: the save's own fields set
/// them); its consistency is [`State::from_position`]'s to check.
pub fn position_from_json(value: &Value) -> Result<Position, InvalidState> {
    let Value::Object(map) = value else {
        return Err(InvalidState(format!("position must be an object, not {value}")));
    };
    let card = |key: &str| -> Result<Option<SCard>, InvalidState> {
        match field(map, key)? {
            Value::Null => Ok(None),
            v => Ok(card_set(&[as_::<String>(v, key)?])?.first()),
        }
    };
    let cards = |key: &str| card_set(&as_::<Vec<String>>(field(map, key)?, key)?);
    let hands: Vec<Vec<String>> = as_(field(map, "hands")?, "hands")?;
    let hands: Vec<CardSet> = hands.iter().map(|h| card_set(h)).collect::<Result<_, _>>()?;
    let hands: [CardSet; NUM_PLAYERS] = hands
        .try_into()
        .map_err(|v: Vec<CardSet>| InvalidState(format!("expected 5 hands, got {}", v.len())))?;
    let trick: Vec<String> = as_(field(map, "trick")?, "trick")?;
    if trick.len() > NUM_PLAYERS {
        return Err(InvalidState(format!("the trick holds {} cards; a trick has at most 5", trick.len())));
    }
    let trick = trick
        .iter()
        .map(|t| card_set(std::slice::from_ref(t)).map(|s| s.first().expect("one card")))
        .collect::<Result<Vec<SCard>, _>>()?;
    Ok(Position {
        hands,
        leader: as_(field(map, "leader")?, "leader")?,
        trick,
        picker: as_(field(map, "picker")?, "picker")?,
        called: card("called")?,
        partner: as_(field(map, "partner")?, "partner")?,
        bury: cards("bury")?,
        blind: cards("blind")?,
        under: card("under")?,
        called_suit_led: as_(field(map, "called_suit_led")?, "called_suit_led")?,
        points: as_(field(map, "points")?, "points")?,
        tricks_won: as_(field(map, "tricks_won")?, "tricks_won")?,
        first_tricks: as_(field(map, "first_tricks")?, "first_tricks")?,
        dealer: 0,
        multiplier: 1,
    })
}
