//! The numbered actions of a Sheepshead hand (`docs/sheepshead-protocol.md`) and their text form.

use super::cards::{CardSet, SCard};
use super::ranking::ESuit;
use crate::cards::{Card, Suit};
pub use crate::error::ActionParseError;
use std::fmt;
use std::str::FromStr;

/// Number of action ids: today's 105 and the variants' kinds appended after them (V.C.2), never renumbered.
pub const NUM_ACTIONS: usize = 114;
pub const PICK: u8 = 0;
pub const PASS: u8 = 1;
pub const BURY: u8 = 2;
pub const CALL: u8 = 34;
pub const ALONE: u8 = 40;
pub const UNDER: u8 = 41;
pub const PLAY: u8 = 73;
pub const BLITZ: u8 = 105;
pub const NO_BLITZ: u8 = 108;
pub const CRACK: u8 = 109;
pub const RECRACK: u8 = 110;
pub const JACK_PARTNER: u8 = 111;
pub const CALL_UP: u8 = 112;
pub const FIRST_TRICK: u8 = 113;

/// A pair of cards that may be blitzed (V27), in the order a seat decides them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pair {
    BlackQueens,
    RedQueens,
    BlackJacks,
}

impl Pair {
    pub const ALL: [Pair; 3] = [Pair::BlackQueens, Pair::RedQueens, Pair::BlackJacks];

    pub const fn name(self) -> &'static str {
        match self {
            Pair::BlackQueens => "black_queens",
            Pair::RedQueens => "red_queens",
            Pair::BlackJacks => "black_jacks",
        }
    }

    /// The pair's two cards.
    pub const fn cards(self) -> CardSet {
        let (rank, suits) = match self {
            Pair::BlackQueens => (5, [Suit::Clubs, Suit::Spades]),
            Pair::RedQueens => (5, [Suit::Hearts, Suit::Diamonds]),
            Pair::BlackJacks => (4, [Suit::Clubs, Suit::Spades]),
        };
        CardSet::EMPTY.with(SCard::of(suits[0], rank)).with(SCard::of(suits[1], rank))
    }

    pub const fn index(self) -> u8 {
        self as u8
    }
}

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
    /// Show both cards of a pair to double the stakes (V27).
    Blitz(Pair),
    /// Decline to blitz the pair being decided (V27).
    NoBlitz,
    /// Double the stakes against the picking side (V25).
    Crack,
    /// Double them again (V26).
    Recrack,
    /// Play with the holder of the partner jack (V13).
    JackPartner,
    /// Call the lowest trump above the partner jack that the picker does not hold (V13).
    CallUp,
    /// The winner of the first trick becomes the partner (V14).
    FirstTrick,
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
            Action::Blitz(p) => BLITZ + p.index(),
            Action::NoBlitz => NO_BLITZ,
            Action::Crack => CRACK,
            Action::Recrack => RECRACK,
            Action::JackPartner => JACK_PARTNER,
            Action::CallUp => CALL_UP,
            Action::FirstTrick => FIRST_TRICK,
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
            PLAY..BLITZ => Action::Play(card(PLAY)?),
            BLITZ..NO_BLITZ => Action::Blitz(Pair::ALL[(id - BLITZ) as usize]),
            NO_BLITZ => Action::NoBlitz,
            CRACK => Action::Crack,
            RECRACK => Action::Recrack,
            JACK_PARTNER => Action::JackPartner,
            CALL_UP => Action::CallUp,
            FIRST_TRICK => Action::FirstTrick,
            _ => return None,
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
            Action::Blitz(p) => write!(f, "blitz {}", p.name()),
            Action::NoBlitz => f.write_str("no blitz"),
            Action::Crack => f.write_str("crack"),
            Action::Recrack => f.write_str("recrack"),
            Action::JackPartner => f.write_str("jack partner"),
            Action::CallUp => f.write_str("call up"),
            Action::FirstTrick => f.write_str("first trick"),
        }
    }
}

impl FromStr for Action {
    type Err = ActionParseError;

    /// Reads `pick`, `pass`, `alone`, `bury QC`, `call AH`, `under 7D`, `play 10D`, `blitz black_queens`,
    /// `no blitz`, `crack`, `recrack`, `jack partner`, `call up`, `first trick` (any case and spacing).
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
        let word = arg.map(str::to_ascii_lowercase);
        match (verb.as_str(), word.as_deref()) {
            ("no", Some("blitz")) => return Ok(Action::NoBlitz),
            ("jack", Some("partner")) => return Ok(Action::JackPartner),
            ("call", Some("up")) => return Ok(Action::CallUp),
            ("first", Some("trick")) => return Ok(Action::FirstTrick),
            ("blitz", Some(pair)) => {
                return Pair::ALL
                    .into_iter()
                    .find(|p| p.name() == pair)
                    .map(Action::Blitz)
                    .ok_or_else(|| err("blitz takes a pair: black_queens, red_queens or black_jacks"))
            }
            _ => {}
        }
        match verb.as_str() {
            "pick" => no_arg(Action::Pick),
            "crack" => no_arg(Action::Crack),
            "recrack" => no_arg(Action::Recrack),
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
                Err(err("expected pick, pass, bury <card>, call <card>, alone, under <card>, play <card>, blitz <pair>, \
                         no blitz, crack, recrack, jack partner, call up or first trick"))
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
