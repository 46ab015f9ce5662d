//! Positions in the card play: a hand set up at any point of the play phase from what is on the table, as a
//! puzzle or an endgame to analyse is given, rather than from the deal.
//!
//! A [`Position`] says who holds what, who led the trick on the table and what has been played to it, and what
//! the hand has come to so far: the picker, the called card and the partner, the bury, an under, whether the
//! called suit has been led, and each seat's card points and tricks. The cards in no hand, on no table and in
//! no bury (or, in a leaster, the blind) are those played in the tricks already taken.
//!
//! [`State::from_position`] checks it and gives a state whose history starts at the start of the trick on the
//! table: the cards already on it are replayed as plays, each checked against the rules, so that the state is
//! like any other (undo goes back to the start of that trick, saves, resampling and observations work).
//! [`State::position`] reads a position back from any state in the card play; a position built from a hand's
//! own history plays on exactly as that hand does.

use super::actions::{CALLABLE, PLAY};
use super::cards::{CardSet, SCard};
use super::ranking::suit_of;
use super::rules::Rules;
use super::state::{Deal, Phase, Start, State, MAX_PLAYERS, NUM_PLAYERS, NUM_TRICKS};
use crate::error::InvalidState;
use crate::game::Game;
use crate::rng::Rng;

/// Cards in a hand at the start of a hand's card play (R8).
const HAND: u8 = 6;

/// A position in the card play, every card known (see the [module](self) documentation).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// Each seat's cards now (a seat that has played to the trick on the table holds one card fewer).
    pub hands: [CardSet; NUM_PLAYERS],
    /// The seat that led the trick on the table (or leads next, when it is empty).
    pub leader: u8,
    /// The cards played to the trick on the table, in play order from the leader (0 to 4).
    pub trick: Vec<SCard>,
    /// The picker; `None` in a leaster (R31).
    pub picker: Option<u8>,
    /// The called card (R14, R15); `None` when the picker plays alone or in a leaster.
    pub called: Option<SCard>,
    /// The holder of the called card. Found from the hands (or the table) while the card is still in play;
    /// needed once it has been played in an earlier trick.
    pub partner: Option<u8>,
    /// The picker's two buried cards (R11); empty in a leaster.
    pub bury: CardSet,
    /// A leaster's blind, which goes to the last trick's taker (R31); empty when someone picked.
    pub blind: CardSet,
    /// The picker's under card of an "unknown" call (R16), if any (in the picker's hand, or already played).
    pub under: Option<SCard>,
    /// Whether the called suit has been led in a completed trick (R18, R19).
    pub called_suit_led: bool,
    /// Card points each seat has taken in completed tricks.
    pub points: [u8; NUM_PLAYERS],
    /// Tricks each seat has taken.
    pub tricks_won: [u8; NUM_PLAYERS],
    /// The trick (from 0) in which each seat took its first trick; needed in a leaster only (R31's tie rule),
    /// and `None` for seats that have taken none.
    pub first_tricks: [Option<u8>; NUM_PLAYERS],
    pub dealer: u8,
    pub multiplier: u32,
}

fn error(message: String) -> InvalidState {
    InvalidState(message)
}

fn cards_text(set: CardSet) -> String {
    let texts: Vec<String> = set.into_iter().map(|c| c.to_string()).collect();
    texts.join(" ")
}

impl State {
    /// The state at `position`, under `rules`; `rng` deals the next hand. Every inconsistency is refused,
    /// naming it: hand sizes that do not fit the tricks taken and the table, a card in two places, points that
    /// are not those of the cards out of play, a call the picker could not have made, a partner who does not
    /// hold the called card, a card on the table that could not have been played there…
    ///
    /// Positions are of the five-handed called-ace game (the default table, with any of its options but
    /// `call_own_ace`); the other forms of the variants chapter are refused. Cracks and blitzes are not part of a
    /// position: its `multiplier` is the whole stake.
    pub fn from_position(position: &Position, rules: Rules, rng: Rng) -> Result<State, InvalidState> {
        let p = position;
        let seats = NUM_PLAYERS as u8;
        let left = |seat: u8, k: u8| (seat + k) % seats;
        let form = rules.form();
        if form.players != 5 || form.method != super::rules::Method::CalledAce || rules.call_own_ace {
            return Err(error(format!(
                "positions are set up for the five-handed called-ace game; these rules play the {} form with \
                 partner = {:?}{}",
                form.name(&rules),
                form.method.name(),
                if rules.call_own_ace { " and call_own_ace" } else { "" }
            )));
        }
        if p.picker.is_none() && State::all_pass_trick_game(&rules).is_none() {
            return Err(error(format!(
                "a position without a picker is a game of all passes played in tricks, but all_pass = {:?} plays \
                 none (V18-V23)",
                rules.all_pass.name()
            )));
        }
        for (name, seat) in [("leader", Some(p.leader)), ("dealer", Some(p.dealer)), ("picker", p.picker)]
            .into_iter()
            .chain([("partner", p.partner)])
        {
            if let Some(s) = seat.filter(|&s| s >= seats) {
                return Err(error(format!("the {name} must be a seat 0-4, not {s}")));
            }
        }
        if p.trick.len() >= NUM_PLAYERS {
            return Err(error(format!(
                "the trick on the table holds {} cards; a trick is complete at 5, so it holds 0 to 4",
                p.trick.len()
            )));
        }
        let tricks: u8 = p.tricks_won.iter().try_fold(0u8, |a, &t| a.checked_add(t)).unwrap_or(u8::MAX);
        if usize::from(tricks) >= NUM_TRICKS {
            return Err(error(format!(
                "the seats have taken {tricks} tricks in all; a position has a trick still to play, so \
                 at most 5 are taken (R21)"
            )));
        }
        // Every card in one place: a hand, the table, the bury or the blind, else played in a taken trick.
        let mut seen = CardSet::EMPTY;
        let mut place = |set: CardSet, what: &str| -> Result<(), InvalidState> {
            if let Some(c) = (seen & set).first() {
                return Err(error(format!(
                    "{c} is in two places ({what} among them); the deck has one of each (R2)"
                )));
            }
            seen = seen | set;
            Ok(())
        };
        for (seat, &h) in p.hands.iter().enumerate() {
            place(h, &format!("the hand of seat {seat}"))?;
        }
        for &c in &p.trick {
            place(CardSet::EMPTY.with(c), "the trick on the table")?;
        }
        place(p.bury, "the bury")?;
        place(p.blind, "the blind")?;
        let mut start_hands = p.hands;
        for (i, &c) in p.trick.iter().enumerate() {
            let seat = left(p.leader, i as u8) as usize;
            start_hands[seat] = start_hands[seat].with(c);
        }
        let in_hand = HAND - tricks;
        for (seat, h) in start_hands.iter().enumerate() {
            let played_now = usize::from(((seat as u8 + seats - p.leader) % seats) < p.trick.len() as u8);
            if h.len() != u32::from(in_hand) {
                return Err(error(format!(
                    "seat {seat} holds {} cards but must hold {}: {tricks} tricks are taken{}",
                    p.hands[seat].len(),
                    usize::from(in_hand) - played_now,
                    if played_now == 1 { " and it has played to the trick on the table" } else { "" }
                )));
            }
        }
        let leaster = p.picker.is_none();
        if leaster {
            if p.blind.len() != 2 || !p.bury.is_empty() || p.called.is_some() || p.under.is_some() {
                return Err(error(
                    "in a leaster (no picker) the blind holds its 2 cards, and there is no bury, call or under (R31)"
                        .into(),
                ));
            }
            for seat in 0..NUM_PLAYERS {
                let ok = match p.first_tricks[seat] {
                    None => p.tricks_won[seat] == 0,
                    Some(t) => p.tricks_won[seat] > 0 && t < tricks,
                };
                if !ok {
                    return Err(error(format!(
                        "first_tricks[{seat}] is {:?}: in a leaster it is the trick (0 to {}) of the seat's first \
                         trick when it has taken one, else None (R31's tie rule)",
                        p.first_tricks[seat],
                        i32::from(tricks) - 1
                    )));
                }
            }
        } else {
            if p.bury.len() != 2 || !p.blind.is_empty() {
                return Err(error(format!(
                    "the picker has buried 2 cards (R11), not {}; the blind is then part of the picker's cards, \
                     not given",
                    p.bury.len()
                )));
            }
        }
        let out_of_play = CardSet::ALL - seen;
        if out_of_play.len() != 5 * u32::from(tricks) {
            return Err(error(format!(
                "{} cards are in no hand, bury, blind or trick on the table, but {tricks} taken tricks hold {}: \
                 the bury and a leaster's blind hold 2 cards each",
                out_of_play.len(),
                5 * u32::from(tricks)
            )));
        }
        // The points taken are those of the cards out of play (R26).
        let taken: u32 = p.points.iter().map(|&x| u32::from(x)).sum();
        if taken != out_of_play.points() {
            return Err(error(format!(
                "the seats have taken {taken} card points, but the cards played in taken tricks ({}) hold {}",
                cards_text(out_of_play),
                out_of_play.points()
            )));
        }
        for seat in 0..NUM_PLAYERS {
            if p.tricks_won[seat] == 0 && p.points[seat] > 0 {
                return Err(error(format!(
                    "seat {seat} has {} card points but has taken no trick",
                    p.points[seat]
                )));
            }
        }
        let picker = p.picker;
        let mut partner = None;
        let mut partner_revealed = false;
        if let Some(c) = p.called {
            let picker = picker.expect("a call has a picker");
            if !CALLABLE.contains(&c) {
                return Err(error(format!(
                    "{c} cannot be called: the called card is a fail ace or ten (R14, R15)"
                )));
            }
            let holder = (0..seats).find(|&s| start_hands[s as usize].contains(c));
            if holder == Some(picker) || p.bury.contains(c) {
                return Err(error(format!(
                    "the picker holds the called card {c}: the called card is another player's (R14)"
                )));
            }
            partner = match (holder, p.partner) {
                (Some(h), Some(q)) if h != q => {
                    return Err(error(format!(
                        "seat {q} is given as the partner, but seat {h} holds {c} (R17)"
                    )))
                }
                (Some(h), _) => Some(h),
                (None, Some(q)) if q == picker => {
                    return Err(error(format!("the picker, seat {q}, cannot be its own partner (R14)")))
                }
                (None, Some(q)) => {
                    partner_revealed = true;
                    Some(q)
                }
                (None, None) => {
                    return Err(error(format!(
                        "{c}, the called card, was played in a taken trick: say who the partner is (R17)"
                    )))
                }
            };
            let called_suit = suit_of(c);
            let natural = |s: CardSet| (s & called_suit.cards()).without(c);
            let picker_cards = start_hands[picker as usize];
            match p.under {
                Some(u) => {
                    if !natural(picker_cards).is_empty() {
                        return Err(error(format!(
                            "an under ({u}) is laid only on an unknown call, when the picker holds no card of the \
                             called suit (R16), but the picker holds {}",
                            cards_text(natural(picker_cards))
                        )));
                    }
                    if !(picker_cards.contains(u) || out_of_play.contains(u)) {
                        return Err(error(format!(
                            "the under {u} is the picker's: in its hand, on the table or played (R16)"
                        )));
                    }
                }
                None => {
                    if !p.called_suit_led && natural(picker_cards).is_empty() {
                        return Err(error(format!(
                            "the called suit has not been led, so the picker still holds a card of it (R14, \
                             R18), or an under (R16); it holds none of {}",
                            called_suit.letter()
                        )));
                    }
                }
            }
        } else {
            if p.partner.is_some() {
                return Err(error("a partner without a called card: give the called card (R14)".into()));
            }
            if p.under.is_some() {
                return Err(error("an under without a called card (R16)".into()));
            }
            if p.called_suit_led {
                return Err(error("called_suit_led is set, but no card was called".into()));
            }
        }
        let start = Start {
            picker,
            bury: p.bury,
            called: p.called,
            partner,
            partner_revealed,
            under: p.under,
            called_suit_led: p.called_suit_led,
            trick_no: tricks,
            leader: p.leader,
            points: p.points,
            tricks_won: p.tricks_won,
            first_trick: if leaster { p.first_tricks } else { [None; NUM_PLAYERS] },
        };
        let mut hands = [CardSet::EMPTY; MAX_PLAYERS];
        hands[..NUM_PLAYERS].copy_from_slice(&start_hands);
        let deal = Deal { hands, blind: p.blind };
        let mut state = State::at_start(deal, start, rules, p.dealer, p.multiplier, rng)?;
        for (i, &c) in p.trick.iter().enumerate() {
            let seat = left(p.leader, i as u8);
            if !state.playable().contains(c) {
                return Err(error(format!(
                    "seat {seat} could not have played {c} to the trick on the table: {}",
                    state.why_not_playable(c)
                )));
            }
            state.apply_unchecked(PLAY + c.index());
        }
        Ok(state)
    }

    /// The position the history of a hand set up with [`State::from_position`] starts from (the start of the
    /// trick that was on the table), `None` for a hand started from its deal.
    pub fn start_position(&self) -> Option<Position> {
        let start = self.start()?;
        let deal = self.deal();
        Some(Position {
            hands: std::array::from_fn(|s| deal.hands[s]),
            leader: start.leader,
            trick: Vec::new(),
            picker: start.picker,
            called: start.called,
            partner: start.partner.filter(|_| start.partner_revealed),
            bury: start.bury,
            blind: deal.blind,
            under: start.under,
            called_suit_led: start.called_suit_led,
            points: start.points,
            tricks_won: start.tricks_won,
            first_tricks: start.first_trick,
            dealer: self.dealer(),
            multiplier: self.multiplier(),
        })
    }

    /// The position of a hand in the card play (`None` in any other phase), every card shown: building it
    /// again with [`State::from_position`] gives a hand that plays on exactly as this one.
    ///
    /// `None` too for a hand of another form than the five-handed called-ace game, or whose stake was raised by a
    /// crack or a blitz (a position does not hold those).
    pub fn position(&self) -> Option<Position> {
        let own_ace = self.called_own_ace();
        if self.phase() != Phase::Play
            || self.players() != NUM_PLAYERS
            || self.form().method != super::rules::Method::CalledAce
            || self.stake() != self.multiplier()
            || own_ace
        {
            return None;
        }
        let (leader, trick) = self.current_trick();
        let leaster = self.picker().is_none();
        let mut first_tricks: [Option<u8>; NUM_PLAYERS] = std::array::from_fn(|s| self.first_tricks()[s]);
        if !leaster {
            first_tricks = [None; NUM_PLAYERS];
        }
        Some(Position {
            hands: std::array::from_fn(|s| self.hand(s)),
            leader,
            trick: trick.to_vec(),
            picker: self.picker(),
            called: self.called_card(),
            partner: self.secret_partner(),
            bury: self.bury(),
            blind: if leaster { self.deal().blind } else { CardSet::EMPTY },
            under: self.under(),
            called_suit_led: self.called_suit_led(),
            points: std::array::from_fn(|s| self.points()[s]),
            tricks_won: std::array::from_fn(|s| self.tricks_won()[s]),
            first_tricks,
            dealer: self.dealer(),
            multiplier: self.multiplier(),
        })
    }
}

#[cfg(test)]
mod tests;
