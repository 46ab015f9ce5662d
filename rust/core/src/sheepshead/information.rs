//! What a seat knows, and the hands it cannot tell from the real one: information keys, observations and
//! resampling of hidden cards.
//!
//! A seat knows its own dealt cards, the blind once it has picked it, the bury and the under it chose, and every
//! public action: who passed and who picked, the call, and every card played (an under is seen when played).
//! The others' cards, the blind, the bury and the under of another picker are hidden, and so is the partner until
//! the called card is played (R17), unless the seat holds the called card itself.

use super::actions::{Action, BURY, UNDER};
use super::cards::{CardSet, SCard};
use super::position::Position;
use super::rules::{AllPass, HoldCardLead, JackOrder, NoLegalCall, Schwarz};
use super::state::{left, Deal, Phase, State, NUM_PLAYERS};
use crate::error::ResampleError;
use crate::game::{Game, Information};
use crate::rng::{splitmix64, Rng};

/// Whether `seat` knows the blind: it picked it, or a leaster is over and the blind was shown with the last
/// trick (R31).
fn knows_blind(state: &State, seat: u8) -> bool {
    state.picker() == Some(seat) || (state.is_leaster() && state.is_terminal())
}

/// Whether `seat` sees the card of an action: a bury or an under is seen by the picker only.
fn hides_card(action: u8, seat: u8, picker: Option<u8>) -> bool {
    matches!(Action::from_id(action), Some(Action::Bury(_) | Action::Under(_))) && picker != Some(seat)
}

fn rules_code(state: &State) -> u32 {
    let r = state.rules();
    u32::from(r.jack_order == JackOrder::Seed)
        | u32::from(r.all_pass == AllPass::Doubler) << 1
        | u32::from(r.double_on_the_bump) << 2
        | u32::from(r.no_legal_call == NoLegalCall::Unknown) << 3
        | u32::from(r.called_card_no_discard) << 4
        | u32::from(r.hold_card_lead == HoldCardLead::Forbidden) << 5
        | u32::from(r.no_trick_split) << 6
        | u32::from(r.schwarz == Schwarz::Points) << 7
        | u32::from(r.no_ace_face_trump_redeal) << 8
}

/// The cards each seat has played so far (completed tricks and the trick on the table).
pub fn played_cards(state: &State) -> [CardSet; NUM_PLAYERS] {
    let mut played = [CardSet::EMPTY; NUM_PLAYERS];
    for (leader, cards, _) in state.completed_tricks() {
        for (i, &c) in cards.iter().enumerate() {
            let s = left(leader, i as u8) as usize;
            played[s] = played[s].with(c);
        }
    }
    let (leader, cards) = state.current_trick();
    for (i, &c) in cards.iter().enumerate() {
        let s = left(leader, i as u8) as usize;
        played[s] = played[s].with(c);
    }
    played
}

/// Length of an observation (see [`observe`] for the layout).
pub const OBSERVATION_SIZE: usize = 537;

/// How many tries [`resample`] makes before giving up (it never needs them on a reachable state in practice:
/// the real deal is always consistent).
pub const MAX_TRIES: u32 = 1_000_000;

impl Information for State {
    const OBSERVATION_SIZE: usize = OBSERVATION_SIZE;

    /// A 64-bit key equal for two states exactly when `seat`'s information in them is equal (up to collisions).
    fn information_key(&self, seat: u8) -> u64 {
        let state = self;
        let mut h = 0x07EA_5EE5_u64;
        let mut feed = |x: u64| h = splitmix64(&mut (h ^ x));
        feed(u64::from(seat) | u64::from(state.dealer()) << 8 | u64::from(state.multiplier()) << 16);
        feed(rules_code(state) as u64);
        feed(u64::from(state.deal().hands[seat as usize].0));
        let picker = state.picker();
        if knows_blind(state, seat) {
            feed(u64::from(state.deal().blind.0) | 1 << 40);
        }
        for &a in state.history() {
            if hides_card(a, seat, picker) {
                // The action's kind is public, its card is not.
                feed(if a < UNDER { 1000 } else { 1001 });
            } else {
                feed(u64::from(a));
            }
        }
        if let Some(start) = state.start() {
            // A position's start is public, but for the bury, the under and a partner not yet revealed.
            let deal = state.deal();
            let hidden = deal.hands.iter().fold(deal.blind | start.bury, |m, &h| m | h);
            feed(
                u64::from((CardSet::ALL - hidden).0)
                    | u64::from(start.trick_no) << 32
                    | u64::from(start.leader) << 40,
            );
            let seat_byte = |x: Option<u8>| u64::from(x.map_or(0xFF, |s| s));
            feed(
                seat_byte(start.picker)
                    | seat_byte(start.called.map(|c| c.index())) << 8
                    | seat_byte(start.partner.filter(|_| start.partner_revealed)) << 16
                    | u64::from(start.called_suit_led) << 24,
            );
            for s in 0..NUM_PLAYERS {
                feed(
                    u64::from(start.points[s])
                        | u64::from(start.tricks_won[s]) << 8
                        | seat_byte(start.first_trick[s]) << 16,
                );
            }
            if start.picker == Some(seat) {
                feed(u64::from(start.bury.0) | seat_byte(start.under.map(|c| c.index())) << 32);
            } else {
                feed(u64::from(start.under.is_some()) << 33);
            }
        }
        // A call the picker could not make otherwise (R16 "unknown") shows in the phase before its under is laid.
        feed(state.phase() as u64 | 1 << 32);
        h
    }

    /// Writes what `seat` may know into `out`, seats counted from `seat` (relative seat r = seat + r):
    ///
    /// | offset | size | what |
    /// |---|---|---|
    /// | 0 | 32 | the seat's hand |
    /// | 32 | 32 | the bury, if the seat buried it |
    /// | 64 | 32 | the blind, if the seat picked it (or the leaster is over) |
    /// | 96 | 5×32 | cards played so far by each relative seat |
    /// | 256 | 5×32 | the card each relative seat played to the trick on the table |
    /// | 416 | 5 | the trick's leader |
    /// | 421 | 6 | the picker (5), or none yet / nobody (1) |
    /// | 427 | 5 | the seats that passed |
    /// | 432 | 32 | the called card |
    /// | 464 | 2 | alone; an unknown call (with an under) |
    /// | 466 | 32 | the under, if the seat laid it |
    /// | 498 | 5 | the partner, if known to the seat (revealed, or the seat holds the called card) |
    /// | 503 | 6 | the phase: pick, bury, call, under, play, done |
    /// | 509 | 5 | the dealer |
    /// | 514 | 5 | the seat to act |
    /// | 519 | 5 | card points taken by each relative seat / 120 |
    /// | 524 | 5 | tricks taken by each relative seat / 6 |
    /// | 529 | 1 | tricks completed / 6 |
    /// | 530 | 1 | the multiplier |
    /// | 531 | 1 | the called suit has been led |
    /// | 532 | 5 | the rule options: seed jack order, doubler, double on the bump, unknown call, no discard of the called card |
    fn observe(&self, seat: u8, out: &mut [f32]) {
        let (state, out): (&State, &mut [f32; OBSERVATION_SIZE]) =
            (self, out.try_into().expect("a row of OBSERVATION_SIZE"));
        out.fill(0.0);
        let rel = |s: u8| ((s + NUM_PLAYERS as u8 - seat) % NUM_PLAYERS as u8) as usize;
        let set = |out: &mut [f32; OBSERVATION_SIZE], base: usize, cards: CardSet| {
            for c in cards {
                out[base + c.index() as usize] = 1.0;
            }
        };
        let picker = state.picker();
        let is_picker = picker == Some(seat);
        set(out, 0, state.hand(seat as usize));
        if knows_blind(state, seat) {
            set(out, 64, state.deal().blind);
        }
        if is_picker {
            set(out, 32, state.bury());
            if let Some(u) = state.under() {
                out[466 + u.index() as usize] = 1.0;
            }
        }
        for (s, cards) in played_cards(state).into_iter().enumerate() {
            set(out, 96 + 32 * rel(s as u8), cards);
        }
        let (leader, cards) = state.current_trick();
        for (i, &c) in cards.iter().enumerate() {
            out[256 + 32 * rel(left(leader, i as u8)) + c.index() as usize] = 1.0;
        }
        if state.phase() == Phase::Play {
            out[416 + rel(leader)] = 1.0;
        }
        match picker {
            Some(p) => out[421 + rel(p)] = 1.0,
            None => out[426] = 1.0,
        }
        let passes = state.history().iter().take_while(|&&a| a == super::actions::PASS).count();
        for k in 0..passes.min(NUM_PLAYERS) {
            out[427 + rel(left(state.dealer(), 1 + k as u8))] = 1.0;
        }
        if let Some(c) = state.called_card() {
            out[432 + c.index() as usize] = 1.0;
        }
        let called = state.called_card().is_some();
        let (alone, unknown_call) = match state.start() {
            Some(start) => (start.picker.is_some() && !called, start.under.is_some()),
            None => (
                state.history().contains(&super::actions::ALONE),
                called && state.history().iter().any(|&a| (UNDER..UNDER + 32).contains(&a)),
            ),
        };
        out[464] = f32::from(u8::from(alone));
        out[465] = f32::from(u8::from(unknown_call));
        let knows_partner = state.revealed_partner().or_else(|| {
            let c = state.called_card()?;
            state.hand(seat as usize).contains(c).then_some(seat)
        });
        if let Some(p) = knows_partner {
            out[498 + rel(p)] = 1.0;
        }
        out[503 + state.phase() as usize] = 1.0;
        out[509 + rel(state.dealer())] = 1.0;
        if let Some(p) = state.current_player() {
            out[514 + rel(p)] = 1.0;
        }
        for s in 0..NUM_PLAYERS as u8 {
            out[519 + rel(s)] = f32::from(state.points()[s as usize]) / 120.0;
            out[524 + rel(s)] = f32::from(state.tricks_won()[s as usize]) / 6.0;
        }
        out[529] = state.trick_number() as f32 / 6.0;
        out[530] = state.multiplier() as f32;
        out[531] = f32::from(u8::from(state.called_suit_led()));
        let code = rules_code(state);
        for i in 0..5 {
            out[532 + i] = ((code >> i) & 1) as f32;
        }
    }

    /// A state `seat` cannot tell from `state`: every card hidden from `seat` dealt again at random, uniformly among
    /// the deals (with the bury and under of another picker) under which the whole history is legal.
    ///
    /// Proposals keep every seat's played cards with it and deal the unknown cards uniformly into the places left
    /// (for another picker: its 8 cards split uniformly into hand and blind, the bury and the under drawn uniformly
    /// from its unplayed cards); replaying the history with legality checks rejects the inconsistent ones (voids,
    /// the hold card, the partner's duties). Rejection from a uniform proposal keeps the result uniform.
    fn resample(&self, seat: u8, rng: &mut Rng) -> Result<State, ResampleError> {
        let state = self;
        if let Some(start) = state.start_position() {
            return resample_position(state, start, seat, rng);
        }
        let deal = state.deal();
        let picker = state.picker().filter(|&p| p != seat);
        let played = played_cards(state);
        let mut known = deal.hands[seat as usize];
        if knows_blind(state, seat) {
            known = known | deal.blind;
        }
        let mut unknown = CardSet::ALL - known;
        for (s, &cards) in played.iter().enumerate() {
            if s != seat as usize {
                unknown = unknown - cards;
            }
        }
        let hidden_under_played = state.under().is_some_and(|u| played.iter().any(|p| p.contains(u)));
        let buries: Vec<usize> = state
            .history()
            .iter()
            .enumerate()
            .filter(|(_, &a)| (BURY..BURY + 32).contains(&a))
            .map(|(i, _)| i)
            .collect();
        let under_at = state.history().iter().position(|&a| (UNDER..UNDER + 32).contains(&a));
        let mut pool: Vec<SCard> = unknown.into_iter().collect();
        for _ in 0..MAX_TRIES {
            rng.shuffle(&mut pool);
            let mut next = pool.iter().copied();
            let mut hands = deal.hands;
            let mut blind = deal.blind;
            for s in 0..NUM_PLAYERS as u8 {
                if s == seat || Some(s) == picker {
                    continue;
                }
                let need = 6 - played[s as usize].len();
                hands[s as usize] = played[s as usize] | next.by_ref().take(need as usize).collect();
            }
            let mut history = state.history().to_vec();
            if let Some(p) = picker {
                let eight =
                    played[p as usize] | next.by_ref().take(8 - played[p as usize].len() as usize).collect();
                let mut cards: Vec<SCard> = eight.into_iter().collect();
                rng.shuffle(&mut cards);
                blind = cards[..2].iter().copied().collect();
                hands[p as usize] = cards[2..].iter().copied().collect();
                // The bury and the under: drawn from the picker's cards not played.
                let mut unplayed: Vec<SCard> = (eight - played[p as usize]).into_iter().collect();
                rng.shuffle(&mut unplayed);
                let mut free = unplayed.into_iter();
                for &i in &buries {
                    history[i] = BURY + free.next().expect("a bury card").index();
                }
                if let (Some(i), false) = (under_at, hidden_under_played) {
                    history[i] = UNDER + free.next().expect("an under card").index();
                }
            } else if state.picker().is_none() && !knows_blind(state, seat) {
                blind = next.by_ref().take(2).collect();
            }
            let Ok(new_deal) = Deal::new(hands, blind) else { continue };
            let Ok(mut s) =
                State::from_deal(new_deal, state.rules(), state.dealer(), state.multiplier(), state.rng())
            else {
                continue;
            };
            // The phase too: the same call is an ordinary one or an "unknown" one (R16) by the picker's cards.
            if history.iter().all(|&a| s.apply(u32::from(a)).is_ok()) && s.phase() == state.phase() {
                return Ok(s);
            }
        }
        Err(ResampleError(format!(
            "no consistent deal found in {MAX_TRIES} tries: the state is not reachable"
        )))
    }
}

/// [`Information::resample`] of a hand set up in the card play: the cards hidden from `seat` at the start of the
/// history (the others' hands, another picker's bury and under, a leaster's blind) dealt again uniformly, each
/// seat keeping the cards it has played since; a proposal is kept when it makes a valid position
/// ([`State::from_position`]) from which the whole history is legal.
fn resample_position(
    state: &State,
    start: Position,
    seat: u8,
    rng: &mut Rng,
) -> Result<State, ResampleError> {
    let played = played_cards(state);
    let picker = start.picker.filter(|&p| p != seat);
    let blind_hidden = start.picker.is_none() && !knows_blind(state, seat);
    let mut pool = CardSet::EMPTY;
    for (s, &cards) in played.iter().enumerate() {
        if s != seat as usize {
            pool = pool | (start.hands[s] - cards);
        }
    }
    if picker.is_some() {
        pool = pool | start.bury;
    }
    if blind_hidden {
        pool = pool | start.blind;
    }
    // An under still in the picker's hand is one of its cards, unseen.
    let hidden_under = picker.is_some()
        && start.under.is_some_and(|u| {
            start.hands[picker.unwrap_or(0) as usize].contains(u) && !played.iter().any(|p| p.contains(u))
        });
    let mut pool: Vec<SCard> = pool.into_iter().collect();
    for _ in 0..MAX_TRIES {
        rng.shuffle(&mut pool);
        let mut next = pool.iter().copied();
        let mut proposal = start.clone();
        for (s, &cards) in played.iter().enumerate() {
            if s != seat as usize {
                let need = start.hands[s].len() - cards.len();
                proposal.hands[s] = cards | next.by_ref().take(need as usize).collect();
            }
        }
        if picker.is_some() {
            proposal.bury = next.by_ref().take(2).collect();
        }
        if blind_hidden {
            proposal.blind = next.by_ref().take(2).collect();
        }
        if let (true, Some(p)) = (hidden_under, picker) {
            let unplayed: Vec<SCard> =
                (proposal.hands[p as usize] - played[p as usize]).into_iter().collect();
            proposal.under = Some(unplayed[rng.below(unplayed.len() as u64) as usize]);
        }
        let Ok(mut s) = State::from_position(&proposal, state.rules(), state.rng()) else { continue };
        if state.history().iter().all(|&a| s.apply(u32::from(a)).is_ok()) {
            return Ok(s);
        }
    }
    Err(ResampleError(format!("no consistent deal found in {MAX_TRIES} tries: the state is not reachable")))
}

#[cfg(test)]
mod tests;
