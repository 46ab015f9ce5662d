//! A Tractor round as a [`Game`]: the protocol, its rollout policies, the summary of a finished round, and
//! its save fields.

use super::actions::{Action, NUM_ACTIONS};
use super::greedy::Greedy;
use super::hand::Hand;
use super::information::{self, OBSERVATION_SIZE};
use super::resample;
use super::round::{Origin, Restack, Restacks, State, NUM_PLAYERS};
use super::rules::Rules;
use super::trump::Trump;
use crate::cards::{Card, Rank, Suit};
use crate::error::{ActionParseError, InvalidState, ResampleError};
use crate::game::Game;
use crate::policy::{Policy, Random};
use crate::rng::Rng;
use crate::save::{as_, field};
use serde_json::{json, Map, Value};

/// The columns of [`Game::summary`] for Tractor.
pub const SUMMARY_COLUMNS: [&str; 10] = [
    "return_0",
    "return_1",
    "return_2",
    "return_3",
    "declarers",
    "starter",
    "points",
    "failed_throws",
    "deals",
    "no_trump",
];

/// Tractor's rollout policies: uniformly random, or the rules of thumb of [`super::greedy`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RolloutPolicy {
    Random,
    Greedy,
}

impl Policy<State> for RolloutPolicy {
    #[inline(always)]
    fn action(&self, state: &State, rng: &mut Rng) -> u8 {
        match self {
            RolloutPolicy::Random => Random.action(state, rng),
            RolloutPolicy::Greedy => Greedy.action(state, rng),
        }
    }

    /// One choice of policy per rollout, not per action.
    #[inline(always)]
    fn finish(&self, state: &mut State, rng: &mut Rng) {
        match self {
            RolloutPolicy::Random => Random.finish(state, rng),
            RolloutPolicy::Greedy => Greedy.finish(state, rng),
        }
    }
}

impl Game for State {
    type Rules = Rules;
    type Returns = [i32; NUM_PLAYERS];
    type Policy = RolloutPolicy;

    const NAME: &'static str = "tractor";
    const NUM_PLAYERS: usize = NUM_PLAYERS;
    const NUM_ACTIONS: usize = NUM_ACTIONS;
    const OBSERVATION_SIZE: usize = OBSERVATION_SIZE;
    const SUMMARY_COLUMNS: &'static [&'static str] = &SUMMARY_COLUMNS;

    /// Round 1 at level 2: the declarers come from the draw.
    #[inline(always)]
    fn deal(seed: u64, rules: Rules) -> State {
        State::new(seed, rules, [2, 2], None, None).expect("round 1 at level 2 is valid")
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
        Action::from_id(action).expect("a valid action id").text(self.rank())
    }
    fn parse_action(&self, text: &str) -> Result<u8, ActionParseError> {
        Action::parse(text, self.rank()).map(Action::id)
    }
    fn observe(&self, seat: u8, out: &mut [f32]) {
        information::observe(self, seat, out.try_into().expect("a row of OBSERVATION_SIZE"));
    }
    fn information_key(&self, seat: u8) -> u64 {
        information::information_key(self, seat)
    }
    fn resample(&self, seat: u8, rng: &mut Rng) -> Result<State, ResampleError> {
        resample::resample(self, seat, rng)
    }
    /// What the seat saw is read once for all `n`.
    fn resamples(&self, seat: u8, n: usize, rng: &mut Rng) -> Result<Vec<State>, ResampleError> {
        resample::resamples(self, seat, n, rng)
    }

    /// The returns, the declaring team, the starter, the opponents' points P, the failed throws, how many
    /// deals it took (R19), and 1 for a no-trump round.
    fn summary(&self, out: &mut [i32]) {
        let no_trump = self.trump().is_some_and(|t| t.rank().is_none());
        out[..NUM_PLAYERS].copy_from_slice(&State::returns(self));
        out[NUM_PLAYERS..].copy_from_slice(&[
            self.declarers().map_or(-1, i32::from),
            self.starter().map_or(-1, i32::from),
            self.reported_points(),
            i32::from(self.failed_throws()),
            i32::from(self.deals()),
            i32::from(no_trump),
        ]);
    }

    fn policy(name: &str) -> Option<RolloutPolicy> {
        match name {
            "random" => Some(RolloutPolicy::Random),
            "greedy" => Some(RolloutPolicy::Greedy),
            _ => None,
        }
    }

    /// The levels, and where the round started: `{"deal": {"rng", "declarers", "starter", "restacks"?}}` for
    /// a dealt round (`restacks`: the deals of a resampled round drawn from given stacks), or `{"position":
    /// {"hands", "kitty", "trump", "starter", "declarers"}}` for a position.
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
            let Some(listed) = deal.get("restacks") else {
                return State::from_rng(rng, rules, levels, declarers, starter).map_err(setup);
            };
            let listed: Vec<Map<String, Value>> = as_(listed, "restacks")?;
            if listed.len() > usize::from(u16::MAX) {
                return Err(InvalidState(format!("{} restacked deals; a round has fewer", listed.len())));
            }
            let mut stacks = Vec::with_capacity(listed.len());
            for r in &listed {
                let deal: u16 = as_(field(r, "deal")?, "a restacked deal's number")?;
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
        State::from_cards(hands, kitty, trump, starter, declarers, rules, Some(levels))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conformance::{check_game, Checks};
    use crate::options::{RuleOptions, Value as OptionValue};

    #[test]
    fn tractor_passes_the_conformance_suite() {
        check_game::<State>(Rules::default(), Checks { games: 6, seed: 1, every: 25 });
    }

    #[test]
    fn tractor_passes_it_under_other_options() {
        let rules = Rules::with_values([
            ("first_drawer_round1", OptionValue::Choice("seat0")),
            ("allow_self_reinforce", OptionValue::Bool(true)),
            ("red_pair_overrides_black_pair", OptionValue::Bool(true)),
            ("plain_suit_gap_closing", OptionValue::Bool(false)),
            ("tractor_must_follow_tractor", OptionValue::Bool(true)),
            ("negative_points_as_zero", OptionValue::Bool(false)),
            ("kitty_multiplier", OptionValue::Choice("exp")),
        ])
        .unwrap();
        check_game::<State>(rules, Checks { games: 4, seed: 2, every: 40 });
    }
}
