//! Which suit a card belongs to and how strong it is (R3–R5, R25).
//!
//! "Trump is a suit" (R5): every queen, every jack and every diamond is a trump and belongs to no other suit.
//! Since all diamonds are trumps, the diamond slot of the suit index serves as the trump suit.

use super::cards::{CardSet, SCard};
use super::rules::JackOrder;
use crate::cards::Suit;

/// An effective suit: the trump suit or one of the three fail suits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ESuit(u8);

impl ESuit {
    pub const CLUBS: ESuit = ESuit(Suit::Clubs as u8);
    pub const TRUMP: ESuit = ESuit(Suit::Diamonds as u8);
    pub const HEARTS: ESuit = ESuit(Suit::Hearts as u8);
    pub const SPADES: ESuit = ESuit(Suit::Spades as u8);
    /// The fail suits in the order calls are listed (R14): clubs, spades, hearts.
    pub const FAILS: [ESuit; 3] = [ESuit::CLUBS, ESuit::SPADES, ESuit::HEARTS];

    pub const fn is_trump(self) -> bool {
        self.0 == ESuit::TRUMP.0
    }

    /// The printed suit of a fail suit.
    pub const fn plain(self) -> Suit {
        Suit::from_index(self.0)
    }

    /// The fail suit of a plain suit; `None` for diamonds (all trumps).
    pub const fn fail(s: Suit) -> Option<ESuit> {
        match s {
            Suit::Diamonds => None,
            _ => Some(ESuit(s as u8)),
        }
    }

    /// Every card of this effective suit (R5).
    #[inline]
    pub const fn cards(self) -> CardSet {
        CardSet(SUIT_MASKS[self.0 as usize])
    }

    pub const fn letter(self) -> char {
        if self.is_trump() {
            'T'
        } else {
            self.plain().letter()
        }
    }
}

const FAIL_OF_ONE_SUIT: u32 = 0b1100_1111; // 7 8 9 10 K A: no jack, no queen
const QUEENS_AND_JACKS_OF_ONE_SUIT: u32 = 0b0011_0000;
/// All 14 trumps: the diamonds, then the queens and jacks of the other suits.
pub const TRUMPS: u32 = 0xFF << 8
    | QUEENS_AND_JACKS_OF_ONE_SUIT
    | QUEENS_AND_JACKS_OF_ONE_SUIT << 16
    | QUEENS_AND_JACKS_OF_ONE_SUIT << 24;
const SUIT_MASKS: [u32; 4] = [FAIL_OF_ONE_SUIT, TRUMPS, FAIL_OF_ONE_SUIT << 16, FAIL_OF_ONE_SUIT << 24];

/// The effective suit of a card (R5).
#[inline]
pub const fn suit_of(c: SCard) -> ESuit {
    if TRUMPS & c.bit() != 0 {
        ESuit::TRUMP
    } else {
        ESuit(c.index() / 8)
    }
}

/// Strength of a card in a trick, precomputed for one jack order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ranking {
    /// For trumps 32 + position (QC highest); for fail cards 2 × position in the suit (A highest), so that an
    /// "under" card (R16), worth 1, sits below the seven of the suit it stands for.
    power: [u8; 32],
    /// `power` in a trick led in each effective suit: 0 for a fail card of another suit (R4).
    led_power: [[u8; 32]; 4],
}

/// Trumps from high to low (R3), as (suit, rank index) with the standard jack order.
const TRUMP_ORDER: [(Suit, u8); 14] = [
    (Suit::Clubs, 5),
    (Suit::Spades, 5),
    (Suit::Hearts, 5),
    (Suit::Diamonds, 5),
    (Suit::Clubs, 4),
    (Suit::Spades, 4),
    (Suit::Hearts, 4),
    (Suit::Diamonds, 4),
    (Suit::Diamonds, 7),
    (Suit::Diamonds, 3),
    (Suit::Diamonds, 6),
    (Suit::Diamonds, 2),
    (Suit::Diamonds, 1),
    (Suit::Diamonds, 0),
];

/// Fail ranks from low to high (R4): 7, 8, 9, K, 10, A.
const FAIL_ORDER: [u8; 6] = [0, 1, 2, 6, 3, 7];

const fn build(jacks: JackOrder) -> Ranking {
    let mut power = [0u8; 32];
    let mut i = 0;
    while i < 14 {
        let (suit, rank) = TRUMP_ORDER[i];
        // R3: the seed order puts J♠ above J♣.
        let suit = match (jacks, suit, rank) {
            (JackOrder::Seed, Suit::Clubs, 4) => Suit::Spades,
            (JackOrder::Seed, Suit::Spades, 4) => Suit::Clubs,
            _ => suit,
        };
        power[SCard::of(suit, rank).index() as usize] = 32 + (14 - i as u8);
        i += 1;
    }
    let mut s = 0;
    while s < 4 {
        if s != Suit::Diamonds as usize {
            let mut k = 0;
            while k < 6 {
                power[s * 8 + FAIL_ORDER[k] as usize] = 2 * (k as u8 + 1);
                k += 1;
            }
        }
        s += 1;
    }
    let mut led_power = [[0u8; 32]; 4];
    let mut led = 0;
    while led < 4 {
        let mut c = 0;
        while c < 32 {
            let s = if TRUMPS >> c & 1 == 1 { ESuit::TRUMP.0 as usize } else { c / 8 };
            if s == led || s == ESuit::TRUMP.0 as usize {
                led_power[led][c] = power[c];
            }
            c += 1;
        }
        led += 1;
    }
    Ranking { power, led_power }
}

const STANDARD: Ranking = build(JackOrder::Standard);
const SEED: Ranking = build(JackOrder::Seed);

/// Strength of a called ten in its suit's first trick under `called_ten_wins` (V10.2): above the ace (12),
/// below every trump.
pub const CALLED_TEN_POWER: u8 = 13;

impl Ranking {
    pub const fn new(jacks: JackOrder) -> &'static Ranking {
        match jacks {
            JackOrder::Standard => &STANDARD,
            JackOrder::Seed => &SEED,
        }
    }

    /// The card's power: higher wins. Trumps beat every fail card.
    #[inline]
    pub const fn power(&self, c: SCard) -> u8 {
        self.power[c.index() as usize]
    }

    /// The power of `c` in a trick led in `led`: 0 when it cannot win (a fail card of another suit, R4).
    #[inline]
    pub const fn trick_power(&self, c: SCard, led: ESuit) -> u8 {
        self.led_power[led.0 as usize][c.index() as usize]
    }

    /// The power of `c` in a trick led in `led`, where `under` is the card laid as the under (if any) and the
    /// suit it stands for (R16): 0 for the under, which never wins (V11.3; led, the first card after it holds
    /// the trick until a better one comes, see [`first_holder`]).
    #[inline]
    pub fn power_in_trick(&self, c: SCard, led: ESuit, under: Option<(SCard, ESuit)>) -> u8 {
        match under {
            Some((u, _)) if u == c => 0,
            _ => self.trick_power(c, led),
        }
    }

    /// The suit a trick is led in by `lead` (an under leads the suit it stands for).
    #[inline]
    pub fn led_suit(lead: SCard, under: Option<(SCard, ESuit)>) -> ESuit {
        match under {
            Some((u, s)) if u == lead => s,
            _ => suit_of(lead),
        }
    }

    /// The cards of a set sorted strongest first: trumps, then clubs, spades, hearts.
    pub fn sorted(&self, set: CardSet) -> Vec<SCard> {
        let mut v: Vec<SCard> = set.into_iter().collect();
        let suit_rank = |c: SCard| match suit_of(c) {
            ESuit::TRUMP => 0,
            ESuit::CLUBS => 1,
            ESuit::SPADES => 2,
            _ => 3,
        };
        v.sort_by_key(|&c| (suit_rank(c), std::cmp::Reverse(self.power(c))));
        v
    }
}

/// The index in its trick of the card that holds a trick led by `lead` before any other card is compared: the
/// lead, or (V11.3) after a led under the card that follows it.
#[inline]
pub fn first_holder(lead: SCard, under: Option<(SCard, ESuit)>) -> u8 {
    u8::from(under.is_some_and(|(u, _)| u == lead))
}

/// Index in `cards` (a whole trick) of the card that wins it (R25); `under` is a card played face down as the
/// under and the suit it stands for, which never wins (V11.3).
pub fn trick_winner(ranking: &Ranking, cards: &[SCard], under: Option<(SCard, ESuit)>) -> usize {
    let led = Ranking::led_suit(cards[0], under);
    let mut best = usize::from(first_holder(cards[0], under));
    let mut best_power = 0;
    for (i, &c) in cards.iter().enumerate() {
        let p = ranking.power_in_trick(c, led, under);
        if p > best_power {
            best = i;
            best_power = p;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> SCard {
        SCard::from_card(s.parse().unwrap()).unwrap()
    }

    fn cs(s: &str) -> Vec<SCard> {
        s.split_whitespace().map(c).collect()
    }

    #[test]
    fn tv_s1_trump_order() {
        let order = cs("QC QS QH QD JC JS JH JD AD 10D KD 9D 8D 7D");
        let r = Ranking::new(JackOrder::Standard);
        for w in order.windows(2) {
            assert!(r.power(w[0]) > r.power(w[1]), "{:?} > {:?}", w[0], w[1]);
        }
        let seed = Ranking::new(JackOrder::Seed);
        assert!(seed.power(c("JS")) > seed.power(c("JC")));
        assert!(seed.power(c("QD")) > seed.power(c("JS")));
        assert!(seed.power(c("JC")) > seed.power(c("JH")));
        // A trick whose only trumps are J♣ and J♠.
        let trick = cs("7H JC JS 8H AH");
        assert_eq!(trick_winner(r, &trick, None), 1);
        assert_eq!(trick_winner(seed, &trick, None), 2);
    }

    #[test]
    fn tv_s2_fail_order_and_suit_membership() {
        let r = Ranking::new(JackOrder::Standard);
        assert_eq!(trick_winner(r, &cs("KH 10H AH 9H 7H"), None), 2);
        assert_eq!(trick_winner(r, &cs("9C AC JH 10S QD"), None), 4);
        let hand: CardSet = cs("QC JC 7D").into_iter().collect();
        assert!(hand.is_disjoint(ESuit::CLUBS.cards()));
    }

    #[test]
    fn tv_s3_suit_sizes_and_points() {
        assert_eq!(ESuit::TRUMP.cards().len(), 14);
        assert_eq!(ESuit::TRUMP.cards().points(), 45);
        for s in ESuit::FAILS {
            assert_eq!(s.cards().len(), 6);
            assert_eq!(s.cards().points(), 25);
        }
        let all = ESuit::FAILS.iter().fold(ESuit::TRUMP.cards(), |a, s| a | s.cards());
        assert_eq!(all, CardSet::ALL);
    }

    #[test]
    fn a_fail_card_of_another_suit_never_wins() {
        let r = Ranking::new(JackOrder::Standard);
        assert_eq!(trick_winner(r, &cs("7C AH AS 10H KS"), None), 0);
    }

    #[test]
    fn v11_3_an_under_never_wins_and_after_its_lead_the_next_card_holds() {
        let r = Ranking::new(JackOrder::Standard);
        let under = Some((c("QC"), ESuit::HEARTS));
        assert_eq!(trick_winner(r, &cs("7H QC 8S 9C KS"), under), 0);
        assert_eq!(trick_winner(r, &cs("QC 8S 9C KS AC"), under), 1);
        assert_eq!(trick_winner(r, &cs("QC 8S 7H KS AC"), under), 2);
        assert_eq!(trick_winner(r, &cs("QC 8S 9C KS QH"), under), 4);
    }
}
