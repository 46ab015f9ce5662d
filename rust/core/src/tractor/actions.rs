//! The numbered actions of a Tractor round and their text form.
//!
//! | ids | text | meaning |
//! |---|---|---|
//! | 0..54 | `play <card>` | add a card to the play being built |
//! | 54 | `finish` | end a lead (a follow ends by itself at the lead's size) |
//! | 55..109 | `discard <card>` | put a card into the kitty (R23) |
//! | 109..113 | `declare <r><suit>` | expose one trump-rank card (R15a), suits C D H S |
//! | 113..117 | `declare <r><suit> <r><suit>` | expose a pair of them (R15b) |
//! | 117, 118 | `declare BJ BJ`, `declare RJ RJ` | expose a joker pair (R15c) |
//! | 119 | `pass` | do not declare now |

use super::declare::Declaration;
use crate::cards::{Card, Rank, Suit};
pub use crate::error::ActionParseError;

pub const NUM_ACTIONS: usize = 120;
pub const PLAY: u8 = 0;
pub const FINISH: u8 = 54;
pub const DISCARD: u8 = 55;
pub const DECLARE_SINGLE: u8 = 109;
pub const DECLARE_PAIR: u8 = 113;
pub const DECLARE_BLACK_JOKERS: u8 = 117;
pub const DECLARE_RED_JOKERS: u8 = 118;
pub const PASS: u8 = 119;

/// One decision of a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    Play(Card),
    Finish,
    Discard(Card),
    Declare(Declaration),
    Pass,
}

impl Action {
    pub fn id(self) -> u8 {
        match self {
            Action::Play(c) => PLAY + c.id(),
            Action::Finish => FINISH,
            Action::Discard(c) => DISCARD + c.id(),
            Action::Declare(Declaration::Single(s)) => DECLARE_SINGLE + s as u8,
            Action::Declare(Declaration::Pair(s)) => DECLARE_PAIR + s as u8,
            Action::Declare(Declaration::Jokers { red: false }) => DECLARE_BLACK_JOKERS,
            Action::Declare(Declaration::Jokers { red: true }) => DECLARE_RED_JOKERS,
            Action::Pass => PASS,
        }
    }

    pub fn from_id(id: u8) -> Option<Action> {
        Some(match id {
            PLAY..FINISH => Action::Play(Card::from_id(id - PLAY)?),
            FINISH => Action::Finish,
            DISCARD..DECLARE_SINGLE => Action::Discard(Card::from_id(id - DISCARD)?),
            DECLARE_SINGLE..DECLARE_PAIR => {
                Action::Declare(Declaration::Single(Suit::from_index(id - DECLARE_SINGLE)))
            }
            DECLARE_PAIR..DECLARE_BLACK_JOKERS => {
                Action::Declare(Declaration::Pair(Suit::from_index(id - DECLARE_PAIR)))
            }
            DECLARE_BLACK_JOKERS => Action::Declare(Declaration::Jokers { red: false }),
            DECLARE_RED_JOKERS => Action::Declare(Declaration::Jokers { red: true }),
            PASS => Action::Pass,
            _ => return None,
        })
    }

    /// The text form; a declaration names the round's trump rank (`declare 2H 2H`).
    pub fn text(self, rank: Rank) -> String {
        match self {
            Action::Play(c) => format!("play {c}"),
            Action::Finish => "finish".into(),
            Action::Discard(c) => format!("discard {c}"),
            Action::Declare(d) => format!("declare {}", d.cards(rank)),
            Action::Pass => "pass".into(),
        }
    }

    /// Reads `play 10D`, `finish`, `discard 5S`, `declare 2H`, `declare 2H 2H`, `declare BJ BJ`, `pass`.
    pub fn parse(text: &str, rank: Rank) -> Result<Action, ActionParseError> {
        let err = |reason: &str| ActionParseError {
            game: "Tractor",
            text: text.to_owned(),
            reason: reason.to_owned(),
        };
        let mut words = text.split_whitespace();
        let verb = words.next().unwrap_or("").to_ascii_lowercase();
        let cards: Vec<Card> =
            words.map(|w| w.parse::<Card>().map_err(|e| err(&e.to_string()))).collect::<Result<_, _>>()?;
        let one = |cards: &[Card]| match cards {
            [c] => Ok(*c),
            _ => Err(err("expected one card")),
        };
        match verb.as_str() {
            "play" => Ok(Action::Play(one(&cards)?)),
            "discard" => Ok(Action::Discard(one(&cards)?)),
            "finish" | "pass" if !cards.is_empty() => Err(err("takes no card")),
            "finish" => Ok(Action::Finish),
            "pass" => Ok(Action::Pass),
            "declare" => {
                let d = match cards.as_slice() {
                    [c] if c.rank() == Some(rank) => Declaration::Single(c.suit().expect("a suited card")),
                    [a, b] if a == b && a.rank() == Some(rank) => {
                        Declaration::Pair(a.suit().expect("suited"))
                    }
                    [a, b] if a == b && *a == Card::BLACK_JOKER => Declaration::Jokers { red: false },
                    [a, b] if a == b && *a == Card::RED_JOKER => Declaration::Jokers { red: true },
                    _ => {
                        return Err(err(&format!(
                        "a declaration is one or two identical cards of the trump rank {}, or two identical \
                             jokers (R15)",
                        rank.name()
                    )))
                    }
                };
                Ok(Action::Declare(d))
            }
            _ => Err(err("expected play <card>, finish, discard <card>, declare <cards> or pass")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_id_round_trips_through_action_and_text() {
        let rank = Rank::from_value(7).unwrap();
        for id in 0..NUM_ACTIONS as u8 {
            let a = Action::from_id(id).unwrap();
            assert_eq!(a.id(), id);
            assert_eq!(Action::parse(&a.text(rank), rank), Ok(a), "{}", a.text(rank));
        }
        assert_eq!(Action::from_id(NUM_ACTIONS as u8), None);
        assert_eq!(Action::Declare(Declaration::Pair(Suit::Hearts)).text(rank), "declare 7H 7H");
        assert!(Action::parse("declare 2H", rank).is_err());
        assert!(Action::parse("play", rank).is_err());
        assert!(Action::parse("jump", rank).is_err());
    }
}
