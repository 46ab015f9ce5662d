//! Saving a Tractor round: its levels and where it started (its generator, with the stacks of a resampled
//! round's deals, or its position); the history and the rest of the format are [`crate::save`]'s.

use super::hand::Hand;
use super::position::Position;
use super::round::{Origin, Restack, Restacks, State, MAX_RESTACKED_DEAL, NUM_PLAYERS};
use super::rules::Rules;
use super::trump::Trump;
use crate::cards::{Card, Rank, Suit};
use crate::error::InvalidState;
use crate::game::Saved;
use crate::rng::Rng;
use crate::save::{as_, field};
use serde_json::{json, Map, Value};

impl Saved for State {
    /// The levels, and where the round started: `{"deal": {"rng", "declarers", "starter", "restacks"?}}` for
    /// a dealt round (`restacks`: the deals of a resampled round drawn from given stacks), or `{"position":
    /// {"hands", "kitty", "trump", "starter", "declarers"}}` for a position (with `"leader", "tricks", "points",
    /// "penalties", "failed_throws", "deals"` for one at a later trick's start: [`Position`]).
    fn saved_start(&self) -> Vec<(&'static str, Value)> {
        let words = |rng: Rng| Value::from(rng.state().to_vec());
        let texts = |h: Hand| Value::from(h.cards().map(|c| c.to_string()).collect::<Vec<_>>());
        let (declarers, starter) = self.start_setup();
        let start = match self.origin() {
            Origin::Deal(rng) => {
                json!({"deal": {"rng": words(*rng), "declarers": declarers, "starter": starter}})
            }
            Origin::Restacked(r) => {
                let restacks: Vec<Value> = r
                    .stacks
                    .iter()
                    .map(|x| {
                        let stack: Vec<String> = x.stack.iter().map(|c| c.to_string()).collect();
                        json!({"deal": x.deal, "stack": stack.join(" "), "after": words(x.after)})
                    })
                    .collect();
                json!({"deal": {"rng": words(r.rng), "declarers": declarers, "starter": starter, "restacks": restacks}})
            }
            Origin::Position { hands, kitty, trump, starter } => json!({"position": {
                "hands": hands.iter().map(|&h| texts(h)).collect::<Vec<_>>(),
                "kitty": texts(*kitty),
                "trump": [trump.rank().map(Rank::name), trump.suit().map(|s| s.letter().to_string())],
                "starter": starter,
                "declarers": self.declarers(),
            }}),
            Origin::Trick(p) => json!({"position": {
                "hands": p.hands.iter().map(|&h| texts(h)).collect::<Vec<_>>(),
                "kitty": texts(p.kitty),
                "trump": [p.trump.rank().map(Rank::name), p.trump.suit().map(|s| s.letter().to_string())],
                "starter": p.starter,
                "declarers": p.declarers,
                "leader": p.leader,
                "tricks": p.tricks,
                "points": p.points,
                "penalties": p.penalties,
                "failed_throws": p.failed_throws,
                "deals": p.deals,
            }}),
        };
        let levels = self.levels();
        vec![("levels", json!([levels[0], levels[1]])), ("start", start)]
    }

    fn from_saved(fields: &Map<String, Value>, rules: Rules) -> Result<State, InvalidState> {
        let levels: [u8; 2] = as_(field(fields, "levels")?, "levels")?;
        let start = field(fields, "start")?;
        let generator = |v: &Value, what: &str| {
            Rng::from_state(as_(v, what)?)
                .ok_or_else(|| InvalidState(format!("{what}: a generator state cannot be all zeros")))
        };
        let setup = |e: InvalidState| e;
        if let Some(deal) = start.get("deal") {
            let Value::Object(deal) = deal else {
                return Err(InvalidState("start.deal must be an object".into()));
            };
            let rng = generator(field(deal, "rng")?, "rng")?;
            let declarers: Option<u8> = as_(field(deal, "declarers")?, "declarers")?;
            let starter: Option<u8> = as_(field(deal, "starter")?, "starter")?;
            let listed: Vec<Map<String, Value>> = match deal.get("restacks") {
                Some(listed) => as_(listed, "restacks")?,
                None => Vec::new(),
            };
            if listed.is_empty() {
                return State::from_rng(rng, rules, levels, declarers, starter).map_err(setup);
            }
            if listed.len() > MAX_RESTACKED_DEAL as usize {
                return Err(InvalidState(format!(
                    "{} restacked deals; a save may restack deals 1 to {MAX_RESTACKED_DEAL} only",
                    listed.len()
                )));
            }
            let mut stacks = Vec::with_capacity(listed.len());
            for r in &listed {
                let deal: u32 = as_(field(r, "deal")?, "a restacked deal's number")?;
                let text: String = as_(field(r, "stack")?, "a restacked deal's stack")?;
                let cards: Vec<Card> = text
                    .split_whitespace()
                    .map(str::parse)
                    .collect::<Result<_, _>>()
                    .map_err(|e| InvalidState(format!("restacked deal {deal}: {e}")))?;
                let stack: [Card; 108] = cards.try_into().map_err(|c: Vec<Card>| {
                    InvalidState(format!("a stack has 108 cards, not {}", c.len()))
                })?;
                stacks.push(Restack { deal, stack, after: generator(field(r, "after")?, "after")? });
            }
            return State::from_restacks(Restacks { rng, stacks }, rules, levels, declarers, starter)
                .map_err(setup);
        }
        let Some(Value::Object(pos)) = start.get("position") else {
            return Err(InvalidState("start must hold a deal or a position".into()));
        };
        let hand = |v: &Value, what: &str| -> Result<Hand, InvalidState> {
            let texts: Vec<String> = as_(v, what)?;
            let cards: Vec<Card> = texts
                .iter()
                .map(|t| t.parse())
                .collect::<Result<_, _>>()
                .map_err(|e: crate::error::CardParseError| InvalidState(e.to_string()))?;
            Hand::try_from(cards.as_slice()).map_err(|e| InvalidState(format!("{what}: {e}")))
        };
        let listed: Vec<Value> = as_(field(pos, "hands")?, "hands")?;
        let hands: Vec<Hand> = listed.iter().map(|h| hand(h, "a hand")).collect::<Result<_, _>>()?;
        let hands: [Hand; NUM_PLAYERS] = hands
            .try_into()
            .map_err(|h: Vec<Hand>| InvalidState(format!("expected 4 hands, got {}", h.len())))?;
        let kitty = hand(field(pos, "kitty")?, "the kitty")?;
        let (rank, suit): (Option<String>, Option<String>) = as_(field(pos, "trump")?, "trump")?;
        let rank = rank
            .map(|r| Rank::parse(&r).ok_or_else(|| InvalidState(format!("not a rank: {r:?}"))))
            .transpose()?;
        let suit = suit
            .map(|s| {
                let mut chars = s.chars();
                match (chars.next().and_then(Suit::from_char), chars.next()) {
                    (Some(suit), None) => Ok(suit),
                    _ => Err(InvalidState(format!("not a suit: {s:?}"))),
                }
            })
            .transpose()?;
        let trump = Trump::new(rank, suit).map_err(|e| InvalidState(e.to_string()))?;
        let starter: u8 = as_(field(pos, "starter")?, "starter")?;
        let declarers: u8 = as_(field(pos, "declarers")?, "declarers")?;
        // A position at a later trick's start also says who leads and what the completed tricks decided.
        const LATER: [&str; 6] = ["leader", "tricks", "points", "penalties", "failed_throws", "deals"];
        if LATER.iter().all(|k| !pos.contains_key(*k)) {
            return State::from_cards(hands, kitty, trump, starter, declarers, rules, Some(levels));
        }
        let mut position = Position::first_lead(hands, kitty, trump, starter, declarers, levels);
        if let Some(v) = pos.get("leader") {
            position.leader = as_(v, "leader")?;
        }
        if let Some(v) = pos.get("tricks") {
            position.tricks = as_(v, "tricks")?;
        }
        if let Some(v) = pos.get("points") {
            position.points = as_(v, "points")?;
        }
        if let Some(v) = pos.get("penalties") {
            position.penalties = as_(v, "penalties")?;
        }
        if let Some(v) = pos.get("failed_throws") {
            position.failed_throws = as_(v, "failed_throws")?;
        }
        if let Some(v) = pos.get("deals") {
            position.deals = as_(v, "deals")?;
        }
        State::from_position(&position, rules)
    }
}
