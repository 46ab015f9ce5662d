//! Sheepshead as a [`Game`]: the protocol, the summary of a finished hand, and its save fields.

use super::actions::{Action, NUM_ACTIONS, PLAY};
use super::cards::{CardSet, SCard};
use super::information::{self, OBSERVATION_SIZE};
use super::rules::Rules;
use super::state::{Deal, Phase, State, NUM_PLAYERS};
use crate::bits::select64;
use crate::cards::Card;
use crate::error::{ActionParseError, InvalidState, ResampleError};
use crate::game::Game;
use crate::policy::Random;
use crate::rng::Rng;
use crate::save::{as_, field};
use serde_json::{Map, Value};

/// The columns of [`Game::summary`] for Sheepshead.
pub const SUMMARY_COLUMNS: [&str; 11] = [
    "return_0",
    "return_1",
    "return_2",
    "return_3",
    "return_4",
    "picker",
    "partner",
    "called",
    "picking_side_points",
    "picking_side_tricks",
    "leaster",
];

impl Game for State {
    type Rules = Rules;
    type Returns = [i32; NUM_PLAYERS];
    type Policy = Random;

    const NAME: &'static str = "sheepshead";
    const NUM_PLAYERS: usize = NUM_PLAYERS;
    const NUM_ACTIONS: usize = NUM_ACTIONS;
    const OBSERVATION_SIZE: usize = OBSERVATION_SIZE;
    const SUMMARY_COLUMNS: &'static [&'static str] = &SUMMARY_COLUMNS;

    /// Dealer 0, single stakes.
    #[inline(always)]
    fn deal(seed: u64, rules: Rules) -> State {
        State::new(seed, rules, 0, 1).expect("dealer 0 and multiplier 1 are valid")
    }
    fn rules(&self) -> Rules {
        State::rules(self)
    }
    #[inline(always)]
    fn current_player(&self) -> Option<u8> {
        State::current_player(self)
    }
    #[inline(always)]
    fn legal_mask(&self) -> u128 {
        State::legal_mask(self)
    }
    #[inline(always)]
    fn apply_unchecked(&mut self, action: u8) {
        State::apply_unchecked(self, action)
    }
    fn why_illegal(&self, action: u32) -> String {
        State::why_illegal(self, action)
    }
    fn undo(&mut self) -> bool {
        State::undo(self)
    }
    #[inline(always)]
    fn returns(&self) -> [i32; NUM_PLAYERS] {
        State::returns(self)
    }
    fn history(&self) -> &[u8] {
        State::history(self)
    }
    fn action_text(&self, action: u8) -> String {
        Action::from_id(action).expect("a valid action id").to_string()
    }
    fn parse_action(&self, text: &str) -> Result<u8, ActionParseError> {
        text.parse::<Action>().map(Action::id)
    }
    fn observe(&self, seat: u8, out: &mut [f32]) {
        information::observe(self, seat, out.try_into().expect("a row of OBSERVATION_SIZE"));
    }
    fn information_key(&self, seat: u8) -> u64 {
        information::information_key(self, seat)
    }
    fn resample(&self, seat: u8, rng: &mut Rng) -> Result<State, ResampleError> {
        information::resample(self, seat, rng)
    }

    /// The returns, the picker, the partner and the called card's index (-1 when there is none), the picking
    /// side's points (R26) and tricks (-1 without a picker), and 1 for a leaster. A doubler has picker -1 and
    /// leaster 0.
    fn summary(&self, out: &mut [i32]) {
        let or_none = |x: Option<u8>| x.map_or(-1, i32::from);
        let side_tricks = self.picker().map_or(-1, |p| {
            let t = self.tricks_won();
            i32::from(t[p as usize]) + self.secret_partner().map_or(0, |q| i32::from(t[q as usize]))
        });
        out[..NUM_PLAYERS].copy_from_slice(&State::returns(self));
        out[NUM_PLAYERS..].copy_from_slice(&[
            or_none(self.picker()),
            or_none(self.secret_partner()),
            or_none(self.called_card().map(|c| c.index())),
            self.picking_side_points().map_or(-1, |p| p as i32),
            side_tricks,
            i32::from(self.is_leaster()),
        ]);
    }

    fn policy(name: &str) -> Option<Random> {
        (name == "random").then_some(Random)
    }

    /// In the play phase a card is drawn straight from the playable set (the same draw as from the mask).
    #[inline(always)]
    fn random_action(&self, rng: &mut Rng) -> u8 {
        if self.phase() == Phase::Play {
            let cards = self.playable().0;
            let k = rng.below(u64::from(cards.count_ones())) as u32;
            return PLAY + select64(u64::from(cards), k) as u8;
        }
        let mask = self.legal_mask();
        crate::bits::select128(mask, rng.below(u64::from(mask.count_ones())) as u32) as u8
    }

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conformance::{check_game, Checks};
    use crate::options::{RuleOptions, Value as OptionValue};

    #[test]
    fn sheepshead_passes_the_conformance_suite() {
        check_game::<State>(Rules::default(), Checks { games: 40, seed: 1, every: 2 });
    }

    #[test]
    fn sheepshead_passes_it_under_other_options() {
        let rules = Rules::with_values([
            ("jack_order", OptionValue::Choice("seed")),
            ("all_pass", OptionValue::Choice("doubler")),
            ("no_legal_call", OptionValue::Choice("unknown")),
            ("called_card_no_discard", OptionValue::Bool(false)),
            ("double_on_the_bump", OptionValue::Bool(true)),
        ])
        .unwrap();
        check_game::<State>(rules, Checks { games: 40, seed: 2, every: 3 });
    }
}
