//! The 54 card kinds shared by both games: 52 suited cards and the two jokers.
//!
//! A [`Card`] is a kind, not a physical card: Tractor's two decks hold two copies of each kind.
//! Ids run suit by suit (`C`, `D`, `H`, `S`), each from 2 up to the ace, then `BJ` (52) and `RJ` (53).

use std::fmt;
use std::str::FromStr;

/// A plain suit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Suit {
    Clubs = 0,
    Diamonds = 1,
    Hearts = 2,
    Spades = 3,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    /// The suit's letter: `C`, `D`, `H` or `S`.
    pub const fn letter(self) -> char {
        match self {
            Suit::Clubs => 'C',
            Suit::Diamonds => 'D',
            Suit::Hearts => 'H',
            Suit::Spades => 'S',
        }
    }

    pub const fn from_index(i: u8) -> Suit {
        Suit::ALL[(i & 3) as usize]
    }

    /// Reads a suit letter or symbol, either case.
    pub fn from_char(c: char) -> Option<Suit> {
        match c {
            'C' | 'c' | '♣' | '♧' => Some(Suit::Clubs),
            'D' | 'd' | '♦' | '♢' => Some(Suit::Diamonds),
            'H' | 'h' | '♥' | '♡' => Some(Suit::Hearts),
            'S' | 's' | '♠' | '♤' => Some(Suit::Spades),
            _ => None,
        }
    }
}

impl fmt::Display for Suit {
    /// The suit's name in the plural: `clubs`, `diamonds`, `hearts`, `spades`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(["clubs", "diamonds", "hearts", "spades"][*self as usize])
    }
}

/// A rank, 2 (0) up to the ace (12).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rank(u8);

impl Rank {
    pub const TWO: Rank = Rank(0);
    pub const SEVEN: Rank = Rank(5);
    pub const TEN: Rank = Rank(8);
    pub const JACK: Rank = Rank(9);
    pub const QUEEN: Rank = Rank(10);
    pub const KING: Rank = Rank(11);
    pub const ACE: Rank = Rank(12);

    /// The rank with face value `v` (2..=14, the ace being 14).
    pub const fn from_value(v: u8) -> Option<Rank> {
        if v >= 2 && v <= 14 {
            Some(Rank(v - 2))
        } else {
            None
        }
    }

    pub const fn index(self) -> u8 {
        self.0
    }

    /// Face value, 2..=14.
    pub const fn value(self) -> u8 {
        self.0 + 2
    }

    pub const fn name(self) -> &'static str {
        ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"][self.0 as usize]
    }

    pub fn parse(s: &str) -> Option<Rank> {
        let v = match s.to_ascii_uppercase().as_str() {
            "J" => 11,
            "Q" => 12,
            "K" => 13,
            "A" => 14,
            "T" | "10" => 10,
            d if d.len() == 1 => d.parse::<u8>().ok().filter(|v| (2..=9).contains(v))?,
            _ => return None,
        };
        Rank::from_value(v)
    }
}

/// One of the 54 card kinds.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

impl Card {
    pub const COUNT: usize = 54;
    /// The black (small) joker.
    pub const BLACK_JOKER: Card = Card(52);
    /// The red (big) joker.
    pub const RED_JOKER: Card = Card(53);

    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card(suit as u8 * 13 + rank.0)
    }

    pub const fn from_id(id: u8) -> Option<Card> {
        if (id as usize) < Card::COUNT {
            Some(Card(id))
        } else {
            None
        }
    }

    pub const fn id(self) -> u8 {
        self.0
    }

    pub const fn is_joker(self) -> bool {
        self.0 >= 52
    }

    /// The suit, `None` for a joker.
    pub const fn suit(self) -> Option<Suit> {
        if self.is_joker() {
            None
        } else {
            Some(Suit::from_index(self.0 / 13))
        }
    }

    /// The rank, `None` for a joker.
    pub const fn rank(self) -> Option<Rank> {
        if self.is_joker() {
            None
        } else {
            Some(Rank(self.0 % 13))
        }
    }

    /// Every kind, in id order.
    pub fn all() -> impl Iterator<Item = Card> {
        (0..Card::COUNT as u8).map(Card)
    }
}

/// Why a text is not a card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardParseError {
    pub text: String,
}

impl fmt::Display for CardParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "not a card: {:?} (expected a rank 2-10, J, Q, K, A or T followed by a suit C, D, H, S or \
             one of ♣♦♥♠, or BJ/RJ for a joker)",
            self.text
        )
    }
}

impl std::error::Error for CardParseError {}

impl FromStr for Card {
    type Err = CardParseError;

    /// Reads `10H`, `th`, `A♠`, `QC`, `BJ`, `rj`…
    fn from_str(s: &str) -> Result<Card, CardParseError> {
        let err = || CardParseError { text: s.to_owned() };
        let t = s.trim();
        match t.to_ascii_uppercase().as_str() {
            "BJ" => return Ok(Card::BLACK_JOKER),
            "RJ" => return Ok(Card::RED_JOKER),
            _ => {}
        }
        let last = t.chars().last().ok_or_else(err)?;
        let suit = Suit::from_char(last).ok_or_else(err)?;
        let rank = Rank::parse(&t[..t.len() - last.len_utf8()]).ok_or_else(err)?;
        Ok(Card::new(rank, suit))
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.rank(), self.suit()) {
            (Some(r), Some(s)) => write!(f, "{}{}", r.name(), s.letter()),
            _ if *self == Card::RED_JOKER => f.write_str("RJ"),
            _ => f.write_str("BJ"),
        }
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_card_round_trips_through_text() {
        for c in Card::all() {
            assert_eq!(c.to_string().parse::<Card>(), Ok(c));
        }
        assert_eq!(Card::all().count(), 54);
    }

    #[test]
    fn lenient_forms_parse() {
        let ten_hearts = Card::new(Rank::TEN, Suit::Hearts);
        for text in ["10H", "th", "TH", "10♥", " 10h "] {
            assert_eq!(text.parse::<Card>(), Ok(ten_hearts), "{text}");
        }
        assert_eq!("A♠".parse::<Card>(), Ok(Card::new(Rank::ACE, Suit::Spades)));
        assert_eq!("rj".parse::<Card>(), Ok(Card::RED_JOKER));
        assert_eq!("bj".parse::<Card>(), Ok(Card::BLACK_JOKER));
    }

    #[test]
    fn bad_text_is_refused_and_named() {
        for text in ["", "1H", "11H", "AX", "QQ", "H", "10", "0H", "1♥", "JJ"] {
            let err = text.parse::<Card>().unwrap_err();
            assert_eq!(err.text, text);
        }
    }
}
