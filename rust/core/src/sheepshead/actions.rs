//! The numbered actions of a Sheepshead hand (`docs/sheepshead-protocol.md`) and their text form.

use super::cards::SCard;
use super::ranking::ESuit;
use crate::cards::Card;
pub use crate::error::ActionParseError;
use std::fmt;
use std::str::FromStr;

/// Number of action ids.
pub const NUM_ACTIONS: usize = 105;
pub const PICK: u8 = 0;
pub const PASS: u8 = 1;
pub const BURY: u8 = 2;
pub const CALL: u8 = 34;
pub const ALONE: u8 = 40;
pub const UNDER: u8 = 41;
pub const PLAY: u8 = 73;

/// The cards that can be called, in id order: the fail aces, then the fail tens (R14, R15).
pub const CALLABLE: [SCard; 6] = [
    SCard::of(ESuit::CLUBS.plain(), 7),
    SCard::of(ESuit::SPADES.plain(), 7),
    SCard::of(ESuit::HEARTS.plain(), 7),
    SCard::of(ESuit::CLUBS.plain(), 3),
    SCard::of(ESuit::SPADES.plain(), 3),
    SCard::of(ESuit::HEARTS.plain(), 3),
];

/// One decision of a hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Take the blind (R10).
    Pick,
    /// Pass (R10).
    Pass,
    /// Bury a card (R11).
    Bury(SCard),
    /// Call the holder of this ace or ten as partner (R14, R15).
    Call(SCard),
    /// Play alone (R16, R20).
    Alone,
    /// Lay this card face down as the under (R16, `no_legal_call = unknown`).
    Under(SCard),
    /// Play a card to the trick (R21–R24).
    Play(SCard),
}

impl Action {
    pub fn id(self) -> u8 {
        match self {
            Action::Pick => PICK,
            Action::Pass => PASS,
            Action::Bury(c) => BURY + c.index(),
            Action::Call(c) => {
                CALL + CALLABLE
                    .iter()
                    .position(|&x| x == c)
                    .expect("only aces and tens of fail suits are called") as u8
            }
            Action::Alone => ALONE,
            Action::Under(c) => UNDER + c.index(),
            Action::Play(c) => PLAY + c.index(),
        }
    }

    pub fn from_id(id: u8) -> Option<Action> {
        let card = |base: u8| SCard::from_index(id - base);
        Some(match id {
            PICK => Action::Pick,
            PASS => Action::Pass,
            BURY..CALL => Action::Bury(card(BURY)?),
            CALL..ALONE => Action::Call(CALLABLE[(id - CALL) as usize]),
            ALONE => Action::Alone,
            UNDER..PLAY => Action::Under(card(UNDER)?),
            _ => Action::Play(SCard::from_index(id.checked_sub(PLAY)?)?),
        })
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Pick => f.write_str("pick"),
            Action::Pass => f.write_str("pass"),
            Action::Bury(c) => write!(f, "bury {c}"),
            Action::Call(c) => write!(f, "call {c}"),
            Action::Alone => f.write_str("alone"),
            Action::Under(c) => write!(f, "under {c}"),
            Action::Play(c) => write!(f, "play {c}"),
        }
    }
}

impl FromStr for Action {
    type Err = ActionParseError;

    /// Reads `pick`, `pass`, `alone`, `bury QC`, `call AH`, `under 7D`, `play 10D` (any case and spacing).
    fn from_str(s: &str) -> Result<Action, ActionParseError> {
        let err = |reason: &str| ActionParseError {
            game: "Sheepshead",
            text: s.to_owned(),
            reason: reason.to_owned(),
        };
        let mut words = s.split_whitespace();
        let verb = words.next().unwrap_or("").to_ascii_lowercase();
        let arg = words.next();
        if words.next().is_some() {
            return Err(err("too many words"));
        }
        let card = || -> Result<SCard, ActionParseError> {
            let text = arg.ok_or_else(|| err("a card is missing"))?;
            let card: Card = text.parse().map_err(|e: crate::cards::CardParseError| err(&e.to_string()))?;
            SCard::from_card(card).ok_or_else(|| err(&format!("{card} is not in the Sheepshead deck")))
        };
        let no_arg = |a: Action| match arg {
            None => Ok(a),
            Some(_) => Err(err(&format!("{a} takes no card"))),
        };
        match verb.as_str() {
            "pick" => no_arg(Action::Pick),
            "pass" => no_arg(Action::Pass),
            "alone" => no_arg(Action::Alone),
            "bury" => Ok(Action::Bury(card()?)),
            "under" => Ok(Action::Under(card()?)),
            "play" => Ok(Action::Play(card()?)),
            "call" => {
                let c = card()?;
                if CALLABLE.contains(&c) {
                    Ok(Action::Call(c))
                } else {
                    Err(err("only the ace or ten of a fail suit (C, S, H) can be called"))
                }
            }
            _ => {
                Err(err("expected pick, pass, bury <card>, call <card>, alone, under <card> or play <card>"))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_id_round_trips_through_action_and_text() {
        for id in 0..NUM_ACTIONS as u8 {
            let a = Action::from_id(id).unwrap();
            assert_eq!(a.id(), id);
            assert_eq!(a.to_string().parse::<Action>(), Ok(a));
        }
        assert_eq!(Action::from_id(NUM_ACTIONS as u8), None);
        assert_eq!(Action::from_id(255), None);
    }

    #[test]
    fn text_is_read_leniently_and_bad_text_is_explained() {
        assert_eq!("  Play  th ".parse::<Action>().unwrap().to_string(), "play 10H");
        assert_eq!("CALL a♥".parse::<Action>().unwrap().id(), CALL + 2);
        for bad in ["", "play", "play 6H", "call QC", "pick AH", "jump", "play AH AH", "bury 2X"] {
            let e = bad.parse::<Action>().unwrap_err();
            assert_eq!(e.text, bad);
        }
    }
}
