//! The configuration flags of B.4 and of the variants chapter (V.C.1); `Rules::default()` is the
//! specification's defaults, the five-handed called-ace game. [`Form`] is what a set of options comes to: the
//! table's seats, deck, deal and partner method (V1, V2, V.C).

pub use crate::options::RulesError;
use crate::options::{named_option, rule_options};

/// R3: the order of the jacks among the trumps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum JackOrder {
    /// J♣ > J♠ > J♥ > J♦, as every standard source has it.
    #[default]
    Standard,
    /// J♠ > J♣ > J♥ > J♦, as the seed text lists them.
    Seed,
}

/// R12, V18: what happens when every active seat passes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum AllPass {
    /// R31, V18: everyone plays for themselves; fewest points (with a trick) wins.
    #[default]
    Leaster,
    /// R32, V19: no play; the next settled hand counts double.
    Doubler,
    /// V19: no play, no doubling; the deal passes left.
    Redeal,
    /// V20: the last seat in pick order may not pass.
    ForcedPick,
    /// V21: played as a leaster; the most points loses.
    Moster,
    /// V22: played as a leaster; the only highest total of 30 or less wins.
    Schneidster,
    /// V23: no play; the highest count of queens, jacks and diamonds loses.
    Schwanzer,
}

/// V4: the four-handed form.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum FourHanded {
    /// V4 (a): the picker takes a blind of four and plays alone against three.
    #[default]
    Cutthroat,
    /// V4 (b): 30 cards (7♣ and 7♠ out), a blind of two, two against two with a called ace.
    CalledAce30,
    /// V4 (c): no pick; the black queens' holders play against the others (V15).
    BlackQueens,
}

/// V6: the six-handed form.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SixHanded {
    /// V6 (a): the dealer deals to the other five and sits the hand out.
    #[default]
    DealerSitsOut,
    /// V6 (b): five cards each, two against four.
    FiveEach,
}

/// V9–V16: how the picker's partner is found. `Auto` is the form's default of V.C.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Partner {
    #[default]
    Auto,
    /// V9: the picker calls a fail ace (or ten, or an unknown ace with an under).
    CalledAce,
    /// V13: the holder of the partner jack.
    Jack,
    /// V14: the winner of the first trick.
    FirstTrick,
    /// V15: the holders of Q♣ and Q♠, with no pick.
    BlackQueens,
    /// V16: the picker always plays alone.
    None,
}

/// V13: the partner jack.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum PartnerJack {
    #[default]
    JD,
    JC,
}

/// V13.2: what a picker holding the partner jack does. `Auto` is `CallUp` with seven players, else `Alone`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum JackPickerHolds {
    #[default]
    Auto,
    /// Plays alone, secretly unless announced.
    Alone,
    /// Calls the lowest trump above the jack that it does not hold.
    CallUp,
    /// May call a fail ace under R14's conditions, with no duties for its holder.
    CallAce,
}

/// V18: which trick's taker gets the blind in a leaster, moster or schneidster.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum LeasterBlind {
    #[default]
    LastTrick,
    FirstTrick,
}

/// V18: a tie for the leaster's fewest points.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum LeasterTie {
    /// R31: fewer tricks, then the later first trick.
    #[default]
    Tiebreak,
    /// No payment.
    Wash,
    /// Each tied seat is paid as a winner by the others.
    Split,
}

/// V19: how thrown-in doublers double the next settled hands (read by a match).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum DoublerStacking {
    /// Each settled hand doubles while doublers are owed, using up one.
    #[default]
    Count,
    /// The next settled hand is multiplied by 2 to the power of the doublers owed.
    Multiply,
    /// The next settled hand is doubled once, however many were thrown in.
    Single,
}

/// V23: a tie for the schwanzer's highest count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SchwanzerTie {
    /// The tied seat holding the highest trump loses.
    #[default]
    HighestTrump,
    /// The tied seats share the loss.
    Split,
}

/// V25: who may crack.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum CrackBy {
    /// The seats after the picker in pick order, who never had the chance to pick.
    #[default]
    AfterPicker,
    /// Every seat but the picker.
    AnyDefender,
}

/// V26: who may re-crack.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum RecrackBy {
    /// The picker, then ("around the corner") the partner.
    #[default]
    PickerOrPartner,
    Picker,
    None,
}

/// V27: the pairs that may be blitzed, as a subset.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum BlitzPairs {
    BlackQueens,
    RedQueens,
    BlackJacks,
    #[default]
    Queens,
    BlackQueensBlackJacks,
    RedQueensBlackJacks,
    All,
}

/// R16: what a picker with no legal call does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum NoLegalCall {
    /// Goes alone.
    #[default]
    Alone,
    /// Calls the ace of a suit they are void in, with an "under" card as the hold card.
    Unknown,
}

/// V17: what makes the top and bottom rows of the settlement (schwarz).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Schwarz {
    /// The picking side took every trick (+3), or no trick (−3).
    #[default]
    Tricks,
    /// The picking side has all 120 points (+3), or took no card points in its tricks, the bury not counted
    /// (−3).
    Points,
}

/// R18 (revised): whether the picker may lead the hold card (their last card of the called suit) before the
/// called suit has been led.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum HoldCardLead {
    /// The picker may lead any card of the called suit at any time, the last one included: that lead is the
    /// suit's first lead, to which the partner owes the called card (R19).
    #[default]
    Allowed,
    /// Until the called suit has been led, the picker may not lead the last card of it, except in the last trick
    /// (the seed's wording).
    Forbidden,
}

/// The table of Sheepshead's rule options: the one place an option is declared, handed to `callback!` with
/// `args` before it ([`rule_options!`] makes the struct and its [`crate::options::RuleOptions`] here; the bindings
/// make the Python getters from the same rows).
#[macro_export]
macro_rules! sheepshead_rule_table {
    ($callback:ident $($arg:tt)*) => {
        $callback! {
            $($arg)*
            /// The rule options of a Sheepshead hand (B.4 of `docs/rules/sheepshead.md`).
            pub struct Rules {
                /// J♣ above J♠ (standard) or J♠ above J♣ (seed) among the trumps.
                ["R3"] jack_order: JackOrder = JackOrder::Standard;
                /// When all pass: a leaster, a doubler, a redeal, a forced pick, a moster, schneidster or schwanzer.
                ["V18"] all_pass: AllPass = AllPass::Leaster;
                /// A losing picking side pays, and the winners collect, double.
                ["R29"] double_on_the_bump: bool = false;
                /// On the schwarz row (−3) the partner pays its share too (2:1), instead of going free.
                ["V17"] no_trick_split: bool = false;
                /// Schwarz (±3) by tricks (every trick / none) or by card points (120 / none in tricks).
                ["V17"] schwarz: Schwarz = Schwarz::Tricks;
                /// With no legal call the picker goes alone, or calls an unknown ace with an under card.
                ["R16"] no_legal_call: NoLegalCall = NoLegalCall::Alone;
                /// The picker may lead the hold card (the last card of the called suit) before the suit is led.
                ["R18"] hold_card_lead: HoldCardLead = HoldCardLead::Allowed;
                /// The partner may not discard the called card on another suit before the last trick.
                ["R19"] called_card_no_discard: bool = true;
                /// A deal giving a seat no ace, no king and no trump is dealt again by the same dealer.
                ["V28"] no_ace_face_trump_redeal: bool = false;
                /// Hands in a game (a Match): played hands, doublers not counted.
                ["R34"] hands_per_game: u32, in 1..=4294967295 = 15;
                /// Seats at the table, 3 to 8.
                ["V1"] players: u8, in 3..=8 = 5;
                /// With four players: cut-throat, the 30-card called-ace game, or black queens.
                ["V4"] four_handed: FourHanded = FourHanded::Cutthroat;
                /// With six players: the dealer sits out, or five cards each.
                ["V6"] six_handed: SixHanded = SixHanded::DealerSitsOut;
                /// The partner method; auto is the form's default.
                ["V9"] partner: Partner = Partner::Auto;
                /// The partner jack of the jack partner method.
                ["V13"] partner_jack: PartnerJack = PartnerJack::JD;
                /// What a picker holding the partner jack does; auto is call up with seven players, else alone.
                ["V13"] jack_picker_holds: JackPickerHolds = JackPickerHolds::Auto;
                /// A called ten beats the ace of its suit in the suit's first trick.
                ["V10"] called_ten_wins: bool = true;
                /// The picker may call a fail ace of its own hand, and plays secretly alone.
                ["V12"] call_own_ace: bool = false;
                /// Which trick's taker gets the blind in a leaster, moster or schneidster.
                ["V18"] leaster_blind: LeasterBlind = LeasterBlind::LastTrick;
                /// A tie for the leaster: R31's tiebreak, a wash, or split.
                ["V18"] leaster_tie: LeasterTie = LeasterTie::Tiebreak;
                /// How thrown-in doublers double the next settled hands of a match.
                ["V19"] doubler_stacking: DoublerStacking = DoublerStacking::Count;
                /// A tie for the schwanzer: the highest trump loses, or the loss is split.
                ["V23"] schwanzer_tie: SchwanzerTie = SchwanzerTie::HighestTrump;
                /// Defenders may crack (double) after the partner step.
                ["V25"] cracking: bool = false;
                /// Who may crack: the seats after the picker, or any defender.
                ["V25"] crack_by: CrackBy = CrackBy::AfterPicker;
                /// Who may re-crack after a crack: the picker or partner, the picker, nobody.
                ["V26"] recrack_by: RecrackBy = RecrackBy::PickerOrPartner;
                /// A seat holding both cards of an enabled pair may show them to double.
                ["V27"] blitz: bool = false;
                /// The pairs that may be blitzed.
                ["V27"] blitz_pairs: BlitzPairs = BlitzPairs::Queens;
                /// The largest stake multiplier (a power of two), 0 for none.
                ["V24"] multiplier_cap: u32, in 0..=1048576 = 0;
            }
        }
    };
}

sheepshead_rule_table!(rule_options);

named_option!(JackOrder, Standard => "standard", Seed => "seed");
named_option!(NoLegalCall, Alone => "alone", Unknown => "unknown");
named_option!(Schwarz, Tricks => "tricks", Points => "points");
named_option!(HoldCardLead, Allowed => "allowed", Forbidden => "forbidden");
named_option!(FourHanded, Cutthroat => "cutthroat", CalledAce30 => "called_ace_30", BlackQueens => "black_queens");
named_option!(SixHanded, DealerSitsOut => "dealer_sits_out", FiveEach => "five_each");
named_option!(Partner, Auto => "auto", CalledAce => "called_ace", Jack => "jack", FirstTrick => "first_trick",
    BlackQueens => "black_queens", None => "none");
named_option!(PartnerJack, JD => "JD", JC => "JC");
named_option!(JackPickerHolds, Auto => "auto", Alone => "alone", CallUp => "call_up", CallAce => "call_ace");
named_option!(LeasterBlind, LastTrick => "last_trick", FirstTrick => "first_trick");
named_option!(LeasterTie, Tiebreak => "tiebreak", Wash => "wash", Split => "split");
named_option!(DoublerStacking, Count => "count", Multiply => "multiply", Single => "single");
named_option!(SchwanzerTie, HighestTrump => "highest_trump", Split => "split");
named_option!(CrackBy, AfterPicker => "after_picker", AnyDefender => "any_defender");
named_option!(RecrackBy, PickerOrPartner => "picker_or_partner", Picker => "picker", None => "none");
named_option!(BlitzPairs, BlackQueens => "black_queens", RedQueens => "red_queens", BlackJacks => "black_jacks",
    Queens => "black_queens+red_queens", BlackQueensBlackJacks => "black_queens+black_jacks",
    RedQueensBlackJacks => "red_queens+black_jacks", All => "black_queens+red_queens+black_jacks");
named_option!(AllPass, Leaster => "leaster", Doubler => "doubler", Redeal => "redeal", ForcedPick => "forced_pick",
    Moster => "moster", Schneidster => "schneidster", Schwanzer => "schwanzer");

/// One packet of the deal (V2): so many cards to each active seat in pick order, or to the blind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Packet {
    Each(u8),
    Blind(u8),
}

/// The partner method a hand is played with (V9–V16): [`Partner`] with `Auto` resolved by the form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Method {
    CalledAce,
    Jack,
    FirstTrick,
    BlackQueens,
    None,
}

impl Method {
    pub const fn name(self) -> &'static str {
        match self {
            Method::CalledAce => "called_ace",
            Method::Jack => "jack",
            Method::FirstTrick => "first_trick",
            Method::BlackQueens => "black_queens",
            Method::None => "none",
        }
    }
}

/// What a set of options comes to at the table (V1, V2, V.C): seats, deck, hand and blind sizes, the deal's
/// packets and the partner method.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Form {
    /// Seats at the table, n.
    pub players: u8,
    /// V6 (a): the dealer sits the hand out.
    pub dealer_sits_out: bool,
    /// The cards in play: all 32, or 30 without 7♣ and 7♠ (V4 (b)).
    pub deck: CardSet,
    /// Cards dealt to each active seat, and tricks in the hand.
    pub hand_size: u8,
    pub blind_size: u8,
    pub packets: &'static [Packet],
    /// The deck in index order, as it is shuffled (V2): the first `deck.len()` entries (a fixed size, so
    /// that a deal copies it without a call).
    pub deck_order: &'static [u8; 32],
    /// Which of [`DEAL_MAPS`] deals this form (V2).
    pub shape: usize,
    pub method: Method,
    /// V13.2, resolved (`Alone` unless the option or seven players say otherwise).
    pub jack_picker_holds: JackPickerHolds,
}

use super::cards::{CardSet, SCard};
use crate::cards::Suit;
use Packet::{Blind, Each};

const THREE: &[Packet] = &[Each(3), Blind(2), Each(4), Each(3)];
const CUTTHROAT: &[Packet] = &[Each(2), Blind(2), Each(3), Blind(2), Each(2)];
const CALLED_ACE_30: &[Packet] = &[Each(2), Blind(2), Each(3), Each(2)];
const FOUR_BLACK_QUEENS: &[Packet] = &[Each(4), Each(4)];
const FIVE: &[Packet] = &[Each(3), Blind(2), Each(3)];
const FIVE_EACH: &[Packet] = &[Each(2), Blind(2), Each(3)];
const SEVEN: &[Packet] = &[Each(2), Blind(4), Each(2)];
const EIGHT: &[Packet] = &[Each(2), Each(2)];

/// A [`DEAL_MAPS`] entry: the card goes to the blind (the places of the seats are 0 to 7).
pub const TO_BLIND: u8 = 8;
/// A [`DEAL_MAPS`] entry past the end of a 30-card deck.
pub const NOWHERE: u8 = 9;

/// The packets of a form written out card by card for `active` seats (V2).
const fn deal_map(packets: &[Packet], active: u8) -> [u8; 32] {
    let mut map = [TO_BLIND; 32];
    let (mut top, mut i) = (0, 0);
    while i < packets.len() {
        match packets[i] {
            Packet::Each(k) => {
                let mut place = 0;
                while place < active {
                    let mut j = 0;
                    while j < k {
                        map[top] = place;
                        top += 1;
                        j += 1;
                    }
                    place += 1;
                }
            }
            Packet::Blind(k) => top += k as usize,
        }
        i += 1;
    }
    while top < 32 {
        map[top] = NOWHERE;
        top += 1;
    }
    map
}

/// Where each card of a form's shuffled deck goes, from the top: the place of an active seat in pick order,
/// [`TO_BLIND`] or [`NOWHERE`] (each form's packets written out, V2). A deal reads its map as a constant,
/// so that the compiler writes each form's deal out card by card.
pub const DEAL_MAPS: [[u8; 32]; 8] = [
    deal_map(FIVE, 5),
    deal_map(THREE, 3),
    deal_map(CUTTHROAT, 4),
    deal_map(CALLED_ACE_30, 4),
    deal_map(FOUR_BLACK_QUEENS, 4),
    deal_map(FIVE_EACH, 6),
    deal_map(SEVEN, 7),
    deal_map(EIGHT, 8),
];

const fn deck_order(without: u32) -> [u8; 32] {
    let mut out = [0u8; 32];
    let (mut c, mut k) = (0, 0);
    while c < 32 {
        if without >> c & 1 == 0 {
            out[k] = c as u8;
            k += 1;
        }
        c += 1;
    }
    out
}

/// The 32 cards, and the 30 without 7♣ (0) and 7♠ (24), in index order (the last two entries unused).
const ALL_ORDER: [u8; 32] = deck_order(0);
const THIRTY_ORDER: [u8; 32] = deck_order(1 | 1 << 24);

impl Form {
    /// The form of `rules` (an invalid partner, refused by [`Rules::combination`], falls back to the form's
    /// default, so that this never fails).
    pub fn of(rules: &Rules) -> Form {
        let all = CardSet::ALL;
        let thirty = all.without(SCard::of(Suit::Clubs, 0)).without(SCard::of(Suit::Spades, 0));
        // The shape is the form's index in DEAL_MAPS; the five-handed packets serve the six with a sitting-out dealer.
        let (players, sits_out, deck, hand, blind, (packets, shape), default) =
            match (rules.players, rules.four_handed) {
                (3, _) => (3, false, all, 10, 2, (THREE, 1), Method::None),
                (4, FourHanded::Cutthroat) => (4, false, all, 7, 4, (CUTTHROAT, 2), Method::None),
                (4, FourHanded::CalledAce30) => {
                    (4, false, thirty, 7, 2, (CALLED_ACE_30, 3), Method::CalledAce)
                }
                (4, FourHanded::BlackQueens) => {
                    (4, false, all, 8, 0, (FOUR_BLACK_QUEENS, 4), Method::BlackQueens)
                }
                (6, _) if rules.six_handed == SixHanded::DealerSitsOut => {
                    (6, true, all, 6, 2, (FIVE, 0), Method::CalledAce)
                }
                (6, _) => (6, false, all, 5, 2, (FIVE_EACH, 5), Method::CalledAce),
                (7, _) => (7, false, all, 4, 4, (SEVEN, 6), Method::Jack),
                (8, _) => (8, false, all, 4, 0, (EIGHT, 7), Method::BlackQueens),
                _ => (5, false, all, 6, 2, (FIVE, 0), Method::CalledAce),
            };
        let method = match rules.partner.method() {
            Some(m) if Form::allows(players, rules.four_handed, m) => m,
            _ => default,
        };
        let jack_picker_holds = match rules.jack_picker_holds {
            JackPickerHolds::Auto if players == 7 => JackPickerHolds::CallUp,
            JackPickerHolds::Auto => JackPickerHolds::Alone,
            other => other,
        };
        Form {
            players,
            dealer_sits_out: sits_out,
            deck,
            hand_size: hand,
            blind_size: blind,
            packets,
            deck_order: if deck == all { &ALL_ORDER } else { &THIRTY_ORDER },
            shape,
            method,
            jack_picker_holds,
        }
    }

    /// V.C: whether the form of `players` (and `four_handed`) takes partner method `m`.
    fn allows(players: u8, four: FourHanded, m: Method) -> bool {
        match (players, m) {
            (8, m) => m == Method::BlackQueens,
            (4, m) if four == FourHanded::BlackQueens => m == Method::BlackQueens,
            (3, m) => m == Method::None,
            (4, m) if four == FourHanded::Cutthroat => m == Method::None,
            (7, m) => m == Method::Jack,
            (4, m) => matches!(m, Method::CalledAce | Method::Jack),
            (_, m) => matches!(m, Method::CalledAce | Method::Jack | Method::FirstTrick),
        }
    }

    /// Active seats: every seat but a sitting-out dealer (V0).
    pub const fn active(&self) -> u8 {
        self.players - self.dealer_sits_out as u8
    }

    /// The form's name for messages: `"6-handed dealer_sits_out"`.
    pub fn name(&self, rules: &Rules) -> String {
        match self.players {
            4 => format!("4-handed {}", rules.four_handed.name()),
            6 => format!("6-handed {}", rules.six_handed.name()),
            n => format!("{n}-handed"),
        }
    }
}

impl Partner {
    /// The method this option names, `None` for `Auto`.
    pub const fn method(self) -> Option<Method> {
        match self {
            Partner::Auto => None,
            Partner::CalledAce => Some(Method::CalledAce),
            Partner::Jack => Some(Method::Jack),
            Partner::FirstTrick => Some(Method::FirstTrick),
            Partner::BlackQueens => Some(Method::BlackQueens),
            Partner::None => Some(Method::None),
        }
    }
}

impl BlitzPairs {
    /// Whether `pair` may be blitzed.
    pub const fn contains(self, pair: super::actions::Pair) -> bool {
        use super::actions::Pair as P;
        let bits = match self {
            BlitzPairs::BlackQueens => 0b001,
            BlitzPairs::RedQueens => 0b010,
            BlitzPairs::BlackJacks => 0b100,
            BlitzPairs::Queens => 0b011,
            BlitzPairs::BlackQueensBlackJacks => 0b101,
            BlitzPairs::RedQueensBlackJacks => 0b110,
            BlitzPairs::All => 0b111,
        };
        let bit = match pair {
            P::BlackQueens => 0b001,
            P::RedQueens => 0b010,
            P::BlackJacks => 0b100,
        };
        bits & bit != 0
    }
}

impl Rules {
    /// The table these options make (V1, V.C).
    pub fn form(&self) -> Form {
        Form::of(self)
    }

    /// No option of Sheepshead has been renamed.
    pub const RENAMED_OPTIONS: &'static [crate::options::Renamed] = &[];
    /// No presets yet.
    pub const PRESET_OPTIONS: &'static [crate::options::Preset] = &[];

    /// V.C: the combinations the rules refuse, each named with both options.
    pub fn combination(&self) -> Result<(), RulesError> {
        let refuse = |option: &str, message: String| Err(RulesError { option: option.to_owned(), message });
        if let Some(m) = self.partner.method() {
            if !Form::allows(self.players, self.four_handed, m) {
                let form = Form::of(&Rules { partner: Partner::Auto, ..*self });
                let mut allowed: Vec<&str> =
                    [Method::CalledAce, Method::Jack, Method::FirstTrick, Method::BlackQueens, Method::None]
                        .into_iter()
                        .filter(|&x| Form::allows(self.players, self.four_handed, x))
                        .map(Method::name)
                        .collect();
                allowed.insert(0, "auto");
                return refuse(
                    "partner",
                    format!(
                        "partner = {:?} is not played in the {} form (players = {}{}); it takes partner = \
                         {allowed:?} (V.C)",
                        m.name(),
                        form.name(self),
                        self.players,
                        match self.players {
                            4 => format!(", four_handed = {:?}", self.four_handed.name()),
                            _ => String::new(),
                        }
                    ),
                );
            }
        }
        if self.recrack_by == RecrackBy::Picker && !self.cracking {
            return refuse(
                "recrack_by",
                "recrack_by = \"picker\" needs cracking = True: there is no re-crack without a crack (V26)"
                    .into(),
            );
        }
        if self.multiplier_cap != 0 && !self.multiplier_cap.is_power_of_two() {
            return refuse(
                "multiplier_cap",
                format!(
                    "multiplier_cap must be 0 (no cap) or a power of two, not {} (V24)",
                    self.multiplier_cap
                ),
            );
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::{RuleOptions, Value};

    #[test]
    fn names_round_trip_and_bad_names_are_refused() {
        for name in JackOrder::CHOICES {
            assert_eq!(JackOrder::parse(name).unwrap().name(), *name);
        }
        let mut rules = Rules::default();
        let err = rules.set("all_pass", Value::Choice("double")).unwrap_err();
        assert_eq!(err.option, "all_pass");
        assert!(err.to_string().contains("\"double\""));
        assert_eq!(rules, Rules::default(), "a refused value changes nothing");
        assert!(rules.set("hands_per_game", Value::Int(0)).is_err());
        assert!(rules
            .set("no_such_option", Value::Bool(true))
            .unwrap_err()
            .to_string()
            .contains("jack_order"));
    }
}
