//! What a seat knows, and the hands it cannot tell from the real one: information keys, observations and
//! resampling of hidden cards.
//!
//! A seat knows its own dealt cards, the blind once it has picked it, the bury and the under it chose, and every
//! public action: who passed and who picked, the call, and every card played (an under is seen when played).
//! The others' cards, the blind, the bury and the under of another picker are hidden, and so is the partner until
//! the called card is played (R17), unless the seat holds the called card itself.

use super::actions::{Action, BLITZ, BURY, NO_BLITZ, PASS, UNDER};
use super::cards::{CardSet, SCard};
use super::position::Position;
use super::rules::{AllPass, JackOrder, Method, NoLegalCall, Rules};
use super::state::{AllPassGame, Deal, Phase, State, MAX_PLAYERS, NUM_PLAYERS};
use crate::error::ResampleError;
use crate::game::{Game, Information};
use crate::rng::{splitmix64, Rng};

/// Whether `seat` knows the blind: it picked it, or a trick game of all passes is over and the blind was shown
/// with its taker's trick (R31, V18). A hand thrown in (R32, V19) or a schwanzer (V23) never shows it.
fn knows_blind(state: &State, seat: u8) -> bool {
    state.picker() == Some(seat)
        || (state.all_pass_game().is_some_and(AllPassGame::is_trick_game) && state.is_terminal())
}

/// V23: a schwanzer is settled by counting every dealt hand, shown to the table; the blind is then the rest.
fn hands_shown(state: &State) -> bool {
    state.all_pass_game() == Some(AllPassGame::Schwanzer)
}

/// Whether `seat` sees the card of an action: a bury or an under is seen by the picker only.
fn hides_card(action: u8, seat: u8, picker: Option<u8>) -> bool {
    matches!(Action::from_id(action), Some(Action::Bury(_) | Action::Under(_))) && picker != Some(seat)
}

/// The five option flags of the observation (its offset 532 at the default table).
fn option_flags(r: &Rules) -> [bool; 5] {
    [
        r.jack_order == JackOrder::Seed,
        r.all_pass == AllPass::Doubler,
        r.double_on_the_bump,
        r.no_legal_call == NoLegalCall::Unknown,
        r.called_card_no_discard,
    ]
}

/// Every option as one number for the information key (the rules' derived `Hash`, fed to a fixed FNV-1a:
/// the same in every run of a build, and no allocation on a search's hot path).
fn rules_code(r: &Rules) -> u64 {
    struct Fnv(u64);
    impl std::hash::Hasher for Fnv {
        fn finish(&self) -> u64 {
            self.0
        }
        fn write(&mut self, bytes: &[u8]) {
            for &b in bytes {
                self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01B3);
            }
        }
    }
    let mut h = Fnv(0xCBF2_9CE4_8422_2325);
    std::hash::Hash::hash(r, &mut h);
    std::hash::Hasher::finish(&h)
}

/// The cards each seat has played so far (completed tricks and the trick on the table).
pub fn played_cards(state: &State) -> [CardSet; MAX_PLAYERS] {
    let mut played = [CardSet::EMPTY; MAX_PLAYERS];
    let seating = state.seating();
    for (leader, cards, _) in state.completed_tricks() {
        for (i, &c) in cards.iter().enumerate() {
            let s = seating.after(leader, i as u8) as usize;
            played[s] = played[s].with(c);
        }
    }
    let (leader, cards) = state.current_trick();
    for (i, &c) in cards.iter().enumerate() {
        let s = seating.after(leader, i as u8) as usize;
        played[s] = played[s].with(c);
    }
    played
}

/// Length of an observation at the default table (see [`State::observe`] for the layout).
pub const OBSERVATION_SIZE: usize = 537;

/// How many tries [`resample`] makes before giving up (it never needs them on a reachable state in practice:
/// the real deal is always consistent).
pub const MAX_TRIES: u32 = 1_000_000;

/// Where each block of an observation starts, for a table of n seats (see [`State::observe`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    pub n: usize,
    pub played: usize,
    pub trick: usize,
    pub leader: usize,
    pub picker: usize,
    pub passed: usize,
    pub called: usize,
    pub flags: usize,
    pub under: usize,
    pub partner: usize,
    pub phase: usize,
    pub dealer: usize,
    pub to_act: usize,
    pub points: usize,
    pub tricks: usize,
    pub progress: usize,
    pub options: usize,
    /// The variants block (V.C), when the rules have one: its start.
    pub variants: Option<usize>,
    pub size: usize,
}

/// The size of the variants block for n seats.
const fn variants_size(n: usize) -> usize {
    3 + 32 + 1 + n + n + 3 * n + 1 + 6 + 3
}

impl Layout {
    /// The layout under `rules`.
    pub fn of(rules: &Rules) -> Layout {
        let form = rules.form();
        let n = form.players as usize;
        let played = 96;
        let trick = played + 32 * n;
        let leader = trick + 32 * n;
        let picker = leader + n;
        let passed = picker + n + 1;
        let called = passed + n;
        let flags = called + 32;
        let under = flags + 2;
        let partner = under + 32;
        let phase = partner + n;
        let dealer = phase + 6;
        let to_act = dealer + n;
        let points = to_act + n;
        let tricks = points + n;
        let progress = tricks + n;
        let options = progress + 3;
        let base = options + 5;
        let has_variants = n != 5
            || form.method != Method::CalledAce
            || rules.cracking
            || rules.blitz
            || rules.call_own_ace
            || !matches!(rules.all_pass, AllPass::Leaster | AllPass::Doubler);
        let (variants, size) =
            if has_variants { (Some(base), base + variants_size(n)) } else { (None, base) };
        Layout {
            n,
            played,
            trick,
            leader,
            picker,
            passed,
            called,
            flags,
            under,
            partner,
            phase,
            dealer,
            to_act,
            points,
            tricks,
            progress,
            options,
            variants,
            size,
        }
    }
}

/// The seats that passed in the pick round, in pick order (blitz decisions before it skipped).
fn passes(state: &State) -> usize {
    state
        .history()
        .iter()
        .skip_while(|&&a| (BLITZ..=NO_BLITZ).contains(&a))
        .take_while(|&&a| a == PASS)
        .count()
}

impl Information for State {
    fn observation_size(rules: &Rules) -> usize {
        Layout::of(rules).size
    }

    /// A 64-bit key equal for two states exactly when `seat`'s information in them is equal (up to collisions).
    fn information_key(&self, seat: u8) -> u64 {
        let state = self;
        let mut h = 0x07EA_5EE5_u64;
        let mut feed = |x: u64| h = splitmix64(&mut (h ^ x));
        feed(u64::from(seat) | u64::from(state.dealer()) << 8 | u64::from(state.multiplier()) << 16);
        feed(rules_code(&state.rules()));
        feed(u64::from(state.deal().hands[seat as usize].0));
        if hands_shown(state) {
            for h in &state.deal().hands[..state.players()] {
                feed(u64::from(h.0) | 1 << 36);
            }
        }
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
        // V27: the pair each blitz decision was about is public (the table hears the question).
        for (s, pair, _) in state.blitz_decisions() {
            feed(u64::from(s) | u64::from(pair.index()) << 8 | 1 << 24);
        }
        // V13: the called-up card is announced (which one depends on the picker's cards).
        feed(u64::from(state.called_card().map_or(0xFF, |c| c.index())) | 1 << 20);
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
            for s in 0..start.points.len() {
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

    /// Writes what `seat` may know into `out`, seats counted from `seat` (relative seat r = seat + r), for a
    /// table of n seats ([`Layout`]; at the default table n = 5 and the offsets are these):
    ///
    /// | offset | size | what |
    /// |---|---|---|
    /// | 0 | 32 | the seat's hand |
    /// | 32 | 32 | the bury, if the seat buried it |
    /// | 64 | 32 | the blind, if the seat picked it (or the all-pass trick game is over) |
    /// | 96 | n×32 | cards played so far by each relative seat |
    /// | 256 | n×32 | the card each relative seat played to the trick on the table |
    /// | 416 | n | the trick's leader |
    /// | 421 | n+1 | the picker (n), or none yet / nobody (1) |
    /// | 427 | n | the seats that passed |
    /// | 432 | 32 | the called card (or the called-up card, V13) |
    /// | 464 | 2 | alone; an unknown call (with an under) |
    /// | 466 | 32 | the under, if the seat laid it |
    /// | 498 | n | the partner, if known to the seat (revealed, or the seat is the partner); V15: the pair |
    /// | 503 | 6 | the phase: pick, bury, call, under, play, done |
    /// | 509 | n | the dealer |
    /// | 514 | n | the seat to act |
    /// | 519 | n | card points taken by each relative seat / 120 |
    /// | 524 | n | tricks taken by each relative seat / tricks in the hand |
    /// | 529 | 1 | tricks completed / tricks in the hand |
    /// | 530 | 1 | the doubler multiplier D |
    /// | 531 | 1 | the called suit has been led |
    /// | 532 | 5 | the rule options: seed jack order, doubler, double on the bump, unknown call, no discard of the called card |
    ///
    /// The variants block follows (present unless the rules are the five-handed called-ace game with none of
    /// cracking, blitz, call own ace, or an all-pass game other than the leaster and the doubler):
    ///
    /// | offset in it | size | what |
    /// |---|---|---|
    /// | 0 | 3 | the phase: blitz, crack, re-crack |
    /// | 3 | 32 | the partner card: the partner jack or the called-up card (V13) |
    /// | 35 | 1 | the first trick's winner will be the partner (V14) |
    /// | 36 | n | who cracked (V25) |
    /// | 36+n | n | who re-cracked (V26) |
    /// | 36+2n | 3×n | who blitzed each pair: black queens, red queens, black jacks (V27) |
    /// | 36+5n | 1 | the stake multiplier M (V24) |
    /// | 37+5n | 6 | the all-pass game: leaster, moster, schneidster, schwanzer, doubler, redeal |
    /// | 43+5n | 3 | the pair being decided in the blitz phase |
    fn observe(&self, seat: u8, out: &mut [f32]) {
        let state = self;
        let l = Layout::of(&state.rules());
        let out = &mut out[..l.size];
        out.fill(0.0);
        let n = l.n as u8;
        let rel = |s: u8| ((s + n - seat) % n) as usize;
        let set = |out: &mut [f32], base: usize, cards: CardSet| {
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
                out[l.under + u.index() as usize] = 1.0;
            }
        }
        for (s, &cards) in played_cards(state)[..l.n].iter().enumerate() {
            set(out, l.played + 32 * rel(s as u8), cards);
        }
        let (leader, cards) = state.current_trick();
        for (i, &c) in cards.iter().enumerate() {
            out[l.trick + 32 * rel(state.seating().after(leader, i as u8)) + c.index() as usize] = 1.0;
        }
        if state.phase() == Phase::Play {
            out[l.leader + rel(leader)] = 1.0;
        }
        match picker {
            Some(p) => out[l.picker + rel(p)] = 1.0,
            None => out[l.picker + l.n] = 1.0,
        }
        for &s in &state.seating().order()[..passes(state).min(l.n)] {
            out[l.passed + rel(s)] = 1.0;
        }
        if let Some(c) = state.called_card() {
            out[l.called + c.index() as usize] = 1.0;
        }
        let called = state.called_card().is_some();
        let (alone, unknown_call) = match state.start() {
            Some(start) => (start.picker.is_some() && !called, start.under.is_some()),
            None => (
                state.is_alone(),
                called && state.history().iter().any(|&a| (UNDER..UNDER + 32).contains(&a)),
            ),
        };
        out[l.flags] = f32::from(u8::from(alone));
        out[l.flags + 1] = f32::from(u8::from(unknown_call));
        let knows_partner = state.revealed_partner().or_else(|| {
            let c = state.partner_card()?;
            (state.secret_partner() == Some(seat) && state.hand(seat as usize).contains(c)).then_some(seat)
        });
        if let Some(p) = knows_partner {
            out[l.partner + rel(p)] = 1.0;
        }
        let (pair, pair_known) = state.pair();
        if pair_known {
            for s in (0..n).filter(|s| pair >> s & 1 == 1) {
                out[l.partner + rel(s)] = 1.0;
            }
        }
        let phase = state.phase() as usize;
        if phase < 6 {
            out[l.phase + phase] = 1.0;
        }
        out[l.dealer + rel(state.dealer())] = 1.0;
        if let Some(p) = state.current_player() {
            out[l.to_act + rel(p)] = 1.0;
        }
        let hand = state.num_tricks() as f32;
        for s in 0..n {
            out[l.points + rel(s)] = f32::from(state.points()[s as usize]) / 120.0;
            out[l.tricks + rel(s)] = f32::from(state.tricks_won()[s as usize]) / hand;
        }
        out[l.progress] = state.trick_number() as f32 / hand;
        out[l.progress + 1] = state.multiplier() as f32;
        out[l.progress + 2] = f32::from(u8::from(state.called_suit_led()));
        for (i, flag) in option_flags(&state.rules()).into_iter().enumerate() {
            out[l.options + i] = f32::from(u8::from(flag));
        }
        let Some(v) = l.variants else { return };
        if phase >= 6 {
            out[v + phase - 6] = 1.0;
        }
        if let Some(c) = state.jack_partner_card() {
            out[v + 3 + c.index() as usize] = 1.0;
        }
        out[v + 35] = f32::from(u8::from(state.first_trick_partner()));
        if let Some(s) = state.cracked_by() {
            out[v + 36 + rel(s)] = 1.0;
        }
        if let Some(s) = state.recracked_by() {
            out[v + 36 + l.n + rel(s)] = 1.0;
        }
        for (s, pair) in state.blitzes() {
            out[v + 36 + 2 * l.n + l.n * pair.index() as usize + rel(s)] = 1.0;
        }
        out[v + 36 + 5 * l.n] = state.stake() as f32;
        if let Some(game) = state.all_pass_game() {
            let i = [
                AllPassGame::Leaster,
                AllPassGame::Moster,
                AllPassGame::Schneidster,
                AllPassGame::Schwanzer,
                AllPassGame::Doubler,
                AllPassGame::Redeal,
            ]
            .iter()
            .position(|&g| g == game)
            .expect("every game");
            out[v + 37 + 5 * l.n + i] = 1.0;
        }
        if let Some(pair) = state.deciding() {
            out[v + 43 + 5 * l.n + pair.index() as usize] = 1.0;
        }
    }

    /// A state `seat` cannot tell from `state`: every card hidden from `seat` dealt again at random, uniformly among
    /// the deals (with the bury and under of another picker) under which the whole history is legal.
    ///
    /// Proposals keep every seat's played cards with it, and the pairs it was asked to blitz (V27: asked, it
    /// holds them) and deal the unknown cards
    /// uniformly into the places left (for another picker: its hand and the blind together split uniformly, the
    /// bury and the under drawn uniformly from its cards neither played nor shown); replaying the history with
    /// legality checks rejects the inconsistent ones (voids, the hold card, the partner's duties, who may crack),
    /// and so does a different called-up card (V13). Rejection from a uniform proposal keeps the result uniform.
    fn resample(&self, seat: u8, rng: &mut Rng) -> Result<State, ResampleError> {
        let state = self;
        if let Some(start) = state.start_position() {
            return resample_position(state, start, seat, rng);
        }
        if hands_shown(state) {
            return Ok(*state); // every card is known: the hands were shown, the blind is the rest
        }
        let deal = state.deal();
        let form = *state.form();
        let players = form.players as usize;
        let picker = state.picker().filter(|&p| p != seat);
        let mut fixed = played_cards(state);
        let decisions = state.blitz_decisions();
        for &(s, pair, _) in &decisions {
            fixed[s as usize] = fixed[s as usize] | pair.cards(); // V27: a seat asked holds the pair
        }
        let mut known = deal.hands[seat as usize];
        if knows_blind(state, seat) {
            known = known | deal.blind;
        }
        let mut unknown = form.deck - known;
        for (s, &cards) in fixed[..players].iter().enumerate() {
            if s != seat as usize {
                unknown = unknown - cards;
            }
        }
        let hidden_under_played = state.under().is_some_and(|u| fixed.iter().any(|p| p.contains(u)));
        let buries: Vec<usize> = state
            .history()
            .iter()
            .enumerate()
            .filter(|(_, &a)| (BURY..BURY + 32).contains(&a))
            .map(|(i, _)| i)
            .collect();
        let under_at = state.history().iter().position(|&a| (UNDER..UNDER + 32).contains(&a));
        let blind_size = form.blind_size as usize;
        let mut pool: Vec<SCard> = unknown.into_iter().collect();
        for _ in 0..MAX_TRIES {
            rng.shuffle(&mut pool);
            let mut next = pool.iter().copied();
            let mut hands = deal.hands;
            let mut blind = deal.blind;
            for s in 0..players as u8 {
                if s == seat || Some(s) == picker || !state.seating().is_active(s) {
                    continue;
                }
                let need = form.hand_size as usize - fixed[s as usize].len() as usize;
                hands[s as usize] = fixed[s as usize] | next.by_ref().take(need).collect();
            }
            let mut history = state.history().to_vec();
            if let Some(p) = picker {
                // Its hand and the blind: the cards it played or showed and unknown ones.
                let total = form.hand_size as usize + blind_size;
                let all = fixed[p as usize]
                    | next.by_ref().take(total - fixed[p as usize].len() as usize).collect();
                // A blitz before the pick shows cards of the dealt hand; the blind is drawn from the others.
                let early = decisions
                    .iter()
                    .filter(|&&(s, _, before_pick)| s == p && before_pick)
                    .fold(CardSet::EMPTY, |m, &(_, pair, _)| m | pair.cards());
                let mut cards: Vec<SCard> = (all - early).into_iter().collect();
                rng.shuffle(&mut cards);
                let dealt_blind: CardSet = cards[..blind_size.min(cards.len())].iter().copied().collect();
                if dealt_blind.len() as usize != blind_size {
                    continue;
                }
                blind = dealt_blind;
                hands[p as usize] = all - blind;
                // The bury and the under: drawn from the picker's cards neither played nor shown after the bury
                // (a pair shown before the pick may have been buried since).
                let late = decisions
                    .iter()
                    .filter(|&&(s, _, before_pick)| s == p && !before_pick)
                    .fold(CardSet::EMPTY, |m, &(_, pair, _)| m | pair.cards());
                let mut free: Vec<SCard> =
                    (all - played_cards(state)[p as usize] - late).into_iter().collect();
                rng.shuffle(&mut free);
                let mut free = free.into_iter();
                let mut ok = true;
                for &i in &buries {
                    match free.next() {
                        Some(c) => history[i] = BURY + c.index(),
                        None => ok = false,
                    }
                }
                if let (Some(i), false) = (under_at, hidden_under_played) {
                    match free.next() {
                        Some(c) => history[i] = UNDER + c.index(),
                        None => ok = false,
                    }
                }
                if !ok {
                    continue;
                }
            } else if state.picker().is_none() && !knows_blind(state, seat) {
                blind = next.by_ref().take(blind_size).collect();
            }
            let Ok(new_deal) = Deal::new(&hands[..players], blind, &form, state.dealer()) else { continue };
            let Ok(mut s) =
                State::from_deal(new_deal, state.rules(), state.dealer(), state.multiplier(), state.rng())
            else {
                continue;
            };
            // The phase too: the same call is an ordinary one or an "unknown" one (R16) by the picker's cards.
            // The seat to act too: who is asked about a blitz shows who holds a pair (V27).
            if history.iter().all(|&a| s.apply(u32::from(a)).is_ok())
                && s.phase() == state.phase()
                && s.current_player() == state.current_player()
                && s.deciding() == state.deciding()
                && s.called_card() == state.called_card()
            {
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
    let played: [CardSet; NUM_PLAYERS] = std::array::from_fn(|s| played_cards(state)[s]);
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
