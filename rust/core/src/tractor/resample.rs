//! Resampling what a seat cannot see: a round the seat cannot tell from the real one, for search (PIMC, ISMCTS).
//!
//! Hidden from a seat are the cards the others drew (and where in the stack), the undrawn stack, the talon and
//! the kitty of another starter. Everything it saw constrains them: the cards each seat played, the voids they
//! showed (R28), follows that kept no pair or tractor where the hand had one (R30–R32), the throws that failed
//! or stood (R33, R34), the cards exposed to declare (R15) and thrown and taken back, the talon turned over
//! (R20), and, during the draw, after which card each drawer could declare and when it could not (R18).
//!
//! How: the cards no seat is known to hold are shuffled and dealt into the places left (each other seat's
//! draws, the undrawn stack, the kitty); a deal that gives a seat a card of a suit it showed void in (or a
//! trump-rank card to a seat that could not declare at its last turn with nothing standing) is dealt again.
//! Hands that break a follow or a throw seen in the play are turned down. Each other seat's cards are then put
//! in its draw positions in an order drawn uniformly among the orders that make it stop to declare exactly
//! where it did (counted exactly over its trump-rank cards and jokers, the only cards that decide it). The
//! history is then replayed, the play being built with every legality check (the rest is legal by
//! construction: debug builds check it, and the hands reached must be the ones dealt), and the deal kept only
//! if the same seats stopped at the same draws and the same throws failed the same way.
//!
//! Uniformity: rejection from a uniform proposal keeps the result uniform, so a round set up from explicit
//! cards (`State::from_cards`, `State::from_position`) is resampled uniformly over the deals consistent with what the seat saw. After a
//! draw, the hands are drawn uniformly among those consistent with everything seen and, given the hands, the
//! stack order uniformly among the consistent ones; exact uniformity over whole stacks would weight each set of
//! hands by how many draw orders explain where the others stopped, which costs too much to count. The cards
//! of deals abandoned by an R19 redeal are kept (they bear on nothing the seat can still learn), and a
//! resampled round draws any later redeal from a fresh generator. When shown voids make uniform deals rare (64
//! of them have broken one), the cards are dealt around the voids instead: the cards fewest seats may hold first,
//! each to a place that may hold it with odds proportional to the room left there; still consistent, close to
//! uniform but not exactly.

use super::actions::{Action, DECLARE_SINGLE, DISCARD};
use super::declare::{can_declare, Declaration, Standing};
use super::follow::check_follow;
use super::format::{decompose_with, Format};
use super::hand::Hand;
use super::information::knows_kitty;
use super::position::Position;
use super::round::{Origin, Phase, Restack, Restacks, State, NUM_PLAYERS, STACK};
use super::rules::Rules;
use super::throw::check_throw;
use crate::cards::{Card, Rank, Suit};
use crate::error::ResampleError;
use crate::game::Game;
use crate::rng::Rng;
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

/// How many deals [`resample`] tries before giving up. The real deal is always consistent, but a deal whose
/// draw told very much (say, nobody could declare until the last cards) may be rare among the proposals.
pub const MAX_TRIES: u32 = 300_000;

/// A round `seat` cannot tell from `state`, with every card hidden from `seat` dealt again (see the module
/// docs).
pub fn resample(state: &State, seat: u8, rng: &mut Rng) -> Result<State, ResampleError> {
    View::new(state, seat).sample(rng)
}

/// `n` independent resamples of one state for one seat, sharing the work of reading what the seat saw (for a
/// search that samples many deals from one position).
pub fn resamples(state: &State, seat: u8, n: usize, rng: &mut Rng) -> Result<Vec<State>, ResampleError> {
    let view = View::new(state, seat);
    (0..n).map(|_| view.sample(rng)).collect()
}

/// After this many uniform deals have broken a shown void, [`resample`] deals around the voids instead.
const UNIFORM_VOID_TRIES: u32 = 64;

/// Why a proposal was turned down.
enum Reject {
    /// A seat was dealt a card of a suit it showed void in.
    Void,
    /// The history does not replay on it (or no draw order explains the stops).
    Other,
}

impl From<crate::tractor::hand::TooManyCopies> for Reject {
    fn from(_: crate::tractor::hand::TooManyCopies) -> Reject {
        Reject::Other
    }
}

/// What one seat cannot see, worked out once per call.
struct View<'a> {
    state: &'a State,
    seat: u8,
    /// Each seat's cards of finished plays (tricks done and the one on the table).
    played: [Hand; NUM_PLAYERS],
    /// Cards known to be among each other seat's dealt cards: those it played or is known to hold.
    fixed: [Hand; NUM_PLAYERS],
    /// The cards left to deal, and how many go to each seat (the rest go to `rest`).
    free: Vec<Card>,
    count: [usize; NUM_PLAYERS],
    /// Kinds each seat must not hold now (its shown voids).
    void_kinds: [u64; NUM_PLAYERS],
    /// Another starter who took the talon: its draws and talon are hidden as one lot.
    talon_owner: Option<u8>,
    /// Whether the kitty is hidden from the seat (another starter's, before the round is over).
    kitty_hidden: bool,
    /// Cards the talon owner showed in its hand after discarding (thrown and taken back, or in the play being
    /// built): not in the kitty.
    in_hand: Hand,
    /// Where the hidden cards go in a dealt round; `None` for a round from a position (the other hands and,
    /// if hidden, the kitty).
    draws: Option<Draws>,
    /// What the play showed of the others' hands, checked before a proposal is replayed.
    shown: Shown,
    /// The counted draw orders of each seat, by the declarable cards it was dealt (`None`: no order agrees).
    orders: OrdersCache,
}

/// Counted draw orders by seat and declarable cards (`None`: no order agrees).
type OrdersCache = RefCell<HashMap<(usize, [usize; 6]), Option<Rc<Orders>>>>;

/// The stack of a dealt round as a seat sees it: each other seat's positions in drawing order (a hidden
/// starter's talon positions last), the positions nobody has drawn, and what each seat's draws told.
struct Draws {
    slots: [Vec<usize>; NUM_PLAYERS],
    rest: Vec<usize>,
    events: [Vec<Event>; NUM_PLAYERS],
}

/// What a seat's turn at the draw told: after its `slot`-th card (counted from 0, in its own drawing order).
#[derive(Clone, Copy, PartialEq)]
struct Event {
    slot: usize,
    standing: Option<Standing>,
    check: Check,
}

#[derive(Clone, Copy, PartialEq)]
enum Check {
    /// It could not declare (the draw went on).
    Quiet,
    /// It could declare, and passed (or has not chosen yet).
    Stop,
    /// It made this declaration.
    Declared(Declaration),
}

impl<'a> View<'a> {
    fn new(state: &'a State, seat: u8) -> View<'a> {
        let played = played_cards(state);
        let dealt = matches!(state.origin(), Origin::Deal(_) | Origin::Restacked(_));
        let talon_owner = state.starter().filter(|&st| dealt && st != seat && state.phase() != Phase::Draw);
        let kitty_hidden = !knows_kitty(state, seat);
        // Cards seen in a hand since: the exposed ones not played since (another starter may have discarded
        // them), the ones thrown and taken back, the ones of the play being built (in the hand for sure).
        let mut shown = state.thrown_back();
        if let Some(mover) = state.current_player().filter(|_| state.phase() == Phase::Play) {
            shown[usize::from(mover)] = shown[usize::from(mover)].union(state.partial());
        }
        let in_hand = talon_owner.map_or(Hand::EMPTY, |st| shown[usize::from(st)]);
        let mut known: [Hand; NUM_PLAYERS] = std::array::from_fn(|s| {
            let exposed = state.exposed()[s];
            exposed.saturating_minus(played[s]).union(shown[s])
        });
        let ctx = state.trump_context();
        let void_kinds: [u64; NUM_PLAYERS] = std::array::from_fn(|s| {
            let ctx = ctx.filter(|_| state.voids()[s] != 0);
            (0..5)
                .filter(|x| state.voids()[s] >> x & 1 == 1)
                .fold(0, |m, x| m | ctx.map_or(0, |c| c.suit_mask(x)))
        });

        let others = || (0..NUM_PLAYERS as u8).filter(move |&s| s != seat);
        if let Some(st) = talon_owner.filter(|_| !kitty_hidden).map(usize::from) {
            known[st] = known[st].union(state.kitty()); // its known cards may be in the kitty
        }
        let mut fixed = [Hand::EMPTY; NUM_PLAYERS];
        for s in others() {
            fixed[usize::from(s)] =
                played[usize::from(s)].sum(known[usize::from(s)]).expect("held and played");
        }
        let mut void_kinds = void_kinds;
        let (pool, draws, mut count) = match state.origin() {
            Origin::Position { .. } | Origin::Trick(_) => {
                let (hands, kitty) = match state.origin() {
                    Origin::Trick(start) => (&start.hands, &start.kitty),
                    Origin::Position { hands, kitty, .. } => (hands, kitty),
                    _ => unreachable!("a position's origin"),
                };
                let mut pool = if kitty_hidden { *kitty } else { Hand::EMPTY };
                let mut count = [0; NUM_PLAYERS];
                for s in others() {
                    pool = pool.sum(hands[usize::from(s)]).expect("a position's cards");
                    count[usize::from(s)] = hands[usize::from(s)].len() as usize;
                }
                (pool, None, count)
            }
            Origin::Deal(_) | Origin::Restacked(_) => {
                let (slots, rest) = deal_slots(state, seat, talon_owner);
                if let Some(st) = talon_owner {
                    // Its draws and talon hold what it played and holds, and the kitty; the turned talon cards
                    // are in their known places.
                    fixed[usize::from(st)] = fixed[usize::from(st)].saturating_minus(flipped_cards(state));
                }
                let hidden = slots.iter().flatten().chain(&rest).map(|&k| state.stack_card(k));
                let pool = Hand::try_from(hidden.collect::<Vec<_>>().as_slice()).expect("stack positions");
                let count = std::array::from_fn(|s| slots[s].len());
                let events = draw_events(state, seat);
                // A seat that could not declare at its last turn with no declaration standing holds no card of
                // the trump rank (R15): bar them from its draws, as a void bars a suit.
                let rank_cards =
                    Suit::ALL.iter().fold(0, |m, &x| m | 1u64 << Card::new(state.declaration_rank(), x).id());
                for s in others().filter(|&s| Some(s) != talon_owner).map(usize::from) {
                    if let Some(Event { check: Check::Quiet, standing: None, .. }) = events[s].last() {
                        void_kinds[s] |= rank_cards;
                    }
                }
                (pool, Some(Draws { slots, rest, events }), count)
            }
        };
        let mut free = pool;
        for s in others() {
            let f = fixed[usize::from(s)];
            assert!(f.is_subset(free), "seat {s}'s known cards are not all hidden from seat {seat}");
            free = free.minus(f);
            count[usize::from(s)] -= f.len() as usize;
        }
        debug_assert!(count.iter().sum::<usize>() <= free.len() as usize);
        View {
            state,
            seat,
            played,
            fixed,
            free: free.cards().collect(),
            count,
            void_kinds,
            talon_owner,
            kitty_hidden,
            in_hand,
            draws,
            shown: Shown::new(state, seat),
            orders: RefCell::default(),
        }
    }

    fn sample(&self, rng: &mut Rng) -> Result<State, ResampleError> {
        let mut void_misses = 0;
        for _ in 0..MAX_TRIES {
            match self.propose(rng, void_misses >= UNIFORM_VOID_TRIES) {
                Ok(s) => return Ok(s),
                Err(Reject::Void) => void_misses += 1,
                Err(Reject::Other) => {}
            }
        }
        Err(ResampleError(format!(
            "no deal consistent with what the seat saw was found in {MAX_TRIES} tries"
        )))
    }

    /// One proposal: a consistent round, or why not. `around_voids` deals around the shown voids instead of
    /// uniformly.
    fn propose(&self, rng: &mut Rng, around_voids: bool) -> Result<State, Reject> {
        let state = self.state;
        let (lots, rest) = if around_voids { self.deal_around_voids(rng)? } else { self.deal_uniformly(rng) };
        let mut dealt = self.fixed; // each other seat's cards since the deal (its draws, or start hand)
        let mut hands = [Hand::EMPTY; NUM_PLAYERS];
        for s in (0..NUM_PLAYERS).filter(|&s| s != usize::from(self.seat)) {
            dealt[s] = dealt[s].sum(Hand::try_from(lots[s].as_slice())?)?;
            hands[s] = dealt[s].minus(self.played[s]);
        }
        // Another starter's draws and talon hold its hand, what it played and the kitty.
        let mut kitty: Vec<Card> = Vec::new();
        if let Some(st) = self.talon_owner.map(usize::from) {
            let all = dealt[st].sum(flipped_cards(state))?.minus(self.played[st]);
            hands[st] = if self.kitty_hidden {
                // The kitty: uniform among the subsets of its cards that leave the ones seen in its hand since
                // the discards there, copies told apart, with the deal weighted by how many there are.
                let k = state.kitty().len();
                let spares = (self.in_hand.singles() & all.pairs()).count_ones();
                let others = all.len() - all.restrict(self.in_hand.kinds()).len();
                if rng.uniform() * self.kitty_bound(all) >= kitty_choices(others, spares, k) {
                    return Err(Reject::Other);
                }
                // Drawn from its other cards, a kind it holds twice and showed once could have gone to the
                // kitty by either copy: odds 2^(such kinds in the kitty) / 2^(most there can be) count both.
                let most = spares.min(k);
                let chosen = loop {
                    kitty = all.minus(self.in_hand).cards().collect();
                    rng.shuffle(&mut kitty);
                    if around_voids {
                        // Its cards of suits it showed void in must be in the kitty: put them first.
                        kitty.sort_by_key(|c| self.void_kinds[st] >> c.id() & 1 == 0);
                    }
                    kitty.truncate(k as usize);
                    let chosen = Hand::try_from(kitty.as_slice())?;
                    let either_copy = (chosen.kinds() & self.in_hand.singles() & all.pairs()).count_ones();
                    if rng.below(1 << most) < 1 << either_copy {
                        break chosen;
                    }
                };
                all.minus(chosen)
            } else {
                all.minus(state.kitty())
            };
        }
        if (0..NUM_PLAYERS).any(|s| hands[s].kinds() & self.void_kinds[s] != 0) {
            return Err(Reject::Void);
        }
        hands[usize::from(self.seat)] = state.hand(usize::from(self.seat));
        if !self.shown.agrees(state, &hands, &self.played) {
            return Err(Reject::Other);
        }
        let mut history = state.history().to_vec();
        if self.talon_owner.is_some() && self.kitty_hidden {
            let discards = history.iter_mut().filter(|a| (DISCARD..DECLARE_SINGLE).contains(*a));
            for (a, c) in discards.zip(&kitty) {
                *a = DISCARD + c.id();
            }
        }
        let start = match &self.draws {
            None => self.position(dealt, &rest),
            Some(Draws { slots, rest: places, events }) => {
                let mut stack: [Card; STACK] = std::array::from_fn(|k| state.stack_card(k));
                for s in (0..NUM_PLAYERS).filter(|&s| s != usize::from(self.seat)) {
                    let order =
                        self.arrange(s, dealt[s], slots[s].len(), &events[s], rng).ok_or(Reject::Other)?;
                    for (&k, c) in slots[s].iter().zip(order) {
                        stack[k] = c;
                    }
                }
                for (&k, &c) in places.iter().zip(&rest) {
                    stack[k] = c;
                }
                self.restacked(stack, rng)
            }
        };
        // The draw, the discards and every finished play are legal by construction (the stops are counted,
        // the cards dealt, each follow and throw checked by `shown`); only the play being built is checked,
        // and the hands reached must be the ones dealt.
        let mut s = start.ok_or(Reject::Other)?;
        let building = history.len() - state.partial().len() as usize;
        for &a in &history[..building] {
            debug_assert!(
                s.is_legal(u32::from(a)),
                "a proposal that the checks let through breaks the rules"
            );
            s.apply_unchecked(a);
        }
        let s = replay(Some(s), &history[building..], state).ok_or(Reject::Other)?;
        let seen = (0..NUM_PLAYERS).all(|x| x == usize::from(self.seat) || s.hand(x) == hands[x]);
        if !seen || s.played_by() != state.played_by() {
            debug_assert!(false, "a proposal replayed to other hands than it dealt");
            return Err(Reject::Other);
        }
        Ok(s)
    }

    /// The unknown cards shuffled and dealt into the places left: each other seat's, then the rest.
    fn deal_uniformly(&self, rng: &mut Rng) -> ([Vec<Card>; NUM_PLAYERS], Vec<Card>) {
        let mut free = self.free.clone();
        rng.shuffle(&mut free);
        let mut next = free.into_iter();
        let lots = std::array::from_fn(|s| next.by_ref().take(self.count[s]).collect());
        (lots, next.collect())
    }

    /// The unknown cards dealt around the voids: the cards fewest seats may hold first, each to a place that
    /// may hold it with odds proportional to the room left there (the rest, and another starter's kitty, may
    /// hold anything).
    fn deal_around_voids(&self, rng: &mut Rng) -> Result<([Vec<Card>; NUM_PLAYERS], Vec<Card>), Reject> {
        let mut free = self.free.clone();
        rng.shuffle(&mut free);
        let mut room = self.count;
        let mut rest_room = free.len() - room.iter().sum::<usize>();
        let mut kitty_room =
            self.talon_owner.filter(|_| self.kitty_hidden).map_or(0, |_| self.state.kitty().len() as usize);
        let barred = |c: Card| (0..NUM_PLAYERS).filter(|&s| self.void_kinds[s] >> c.id() & 1 == 1).count();
        free.sort_by_key(|&c| std::cmp::Reverse(barred(c)));
        let mut lots: [Vec<Card>; NUM_PLAYERS] = Default::default();
        let mut rest = Vec::new();
        for c in free {
            let weights: [usize; NUM_PLAYERS] =
                std::array::from_fn(|s| match self.void_kinds[s] >> c.id() & 1 == 1 {
                    false => room[s],
                    true if self.talon_owner == Some(s as u8) => room[s].min(kitty_room),
                    true => 0,
                });
            let total = weights.iter().sum::<usize>() + rest_room;
            if total == 0 {
                return Err(Reject::Void);
            }
            let mut pick = rng.below(total as u64) as usize;
            let place = (0..NUM_PLAYERS).find(|&s| pick < weights[s] || (pick -= weights[s], false).1);
            match place {
                Some(s) => {
                    if self.void_kinds[s] >> c.id() & 1 == 1 {
                        kitty_room -= 1;
                    }
                    room[s] -= 1;
                    lots[s].push(c);
                }
                None => {
                    rest_room -= 1;
                    rest.push(c);
                }
            }
        }
        Ok((lots, rest))
    }

    /// A draw order of `cards` over seat `s`'s `n` slots agreeing with its turns at the draw (see [`Orders`]).
    fn arrange(&self, s: usize, cards: Hand, n: usize, events: &[Event], rng: &mut Rng) -> Option<Vec<Card>> {
        // Often a few shuffles find an agreeing order sooner than counting them all; either way the order is
        // uniform among the agreeing ones.
        let mut order: Vec<Card> = cards.cards().collect();
        for _ in 0..SHUFFLED_ORDERS {
            rng.shuffle(&mut order);
            if agrees(&order, events, self.state, s as u8) {
                return Some(order);
            }
        }
        let kinds = declarable(self.state.declaration_rank());
        let most = kinds.map(|c| cards.count(c) as usize);
        let orders = self
            .orders
            .borrow_mut()
            .entry((s, most))
            .or_insert_with(|| Orders::new(kinds, most, n, events, self.state, s as u8).map(Rc::new))
            .clone()?;
        Some(orders.sample(cards.cards().filter(|c| !kinds.contains(c)).collect(), rng))
    }

    /// The most kitties [`kitty_choices`] can count for another starter holding `all` (its hand and kitty):
    /// as many of the kinds it showed once as can be held twice.
    fn kitty_bound(&self, all: Hand) -> f64 {
        let shown_once = self.in_hand.singles().count_ones();
        let budget = all.len() - self.in_hand.singles().count_ones() - 2 * self.in_hand.pairs().count_ones();
        let spares = shown_once.min(budget);
        kitty_choices(budget - spares, spares, self.state.kitty().len())
    }

    fn position(&self, dealt: [Hand; NUM_PLAYERS], rest: &[Card]) -> Option<State> {
        let state = self.state;
        let with = |hands: &[Hand; NUM_PLAYERS], kitty: Hand| -> Option<([Hand; NUM_PLAYERS], Hand)> {
            let mut start = *hands;
            for s in (0..NUM_PLAYERS).filter(|&s| s != usize::from(self.seat)) {
                start[s] = dealt[s];
            }
            Some((start, if rest.is_empty() { kitty } else { Hand::try_from(rest).ok()? }))
        };
        match state.origin() {
            Origin::Position { hands, kitty, trump, starter } => {
                let (start, kitty) = with(hands, *kitty)?;
                let declarers = state.declarers().expect("a position has declarers");
                State::from_cards(
                    start,
                    kitty,
                    *trump,
                    *starter,
                    declarers,
                    state.rules(),
                    Some(state.levels()),
                )
                .ok()
            }
            Origin::Trick(position) => {
                let (hands, kitty) = with(&position.hands, position.kitty)?;
                let start = super::position::Position { hands, kitty, ..Position::clone(position) };
                State::from_position(&start, state.rules()).ok()
            }
            _ => unreachable!("a position's origin"),
        }
    }

    fn restacked(&self, stack: [Card; STACK], rng: &mut Rng) -> Option<State> {
        let state = self.state;
        let deal = state.deals();
        let mut stacks: Vec<Restack> = match state.origin() {
            Origin::Restacked(r) => r.stacks.iter().filter(|r| r.deal < deal).cloned().collect(),
            _ => Vec::new(),
        };
        stacks.push(Restack { deal, stack, after: Rng::new(rng.next_u64()) });
        let restacks = Restacks { rng: state.origin().rng().expect("a dealt round"), stacks };
        let (declarers, starter) = state.start_setup();
        State::from_restacks(restacks, state.rules(), state.levels(), declarers, starter).ok()
    }
}

/// The follows of the other seats and the throws of the play, with what each seat had played before them: a
/// proposal's hands must allow each follow and fail each throw the same way (R28–R34).
struct Shown {
    follows: Vec<(u8, Format, Hand, Hand)>,
    throws: Vec<(u8, Format, Option<Hand>, [Hand; NUM_PLAYERS])>,
}

impl Shown {
    fn new(state: &State, seat: u8) -> Shown {
        let mut shown = Shown { follows: Vec::new(), throws: Vec::new() };
        if !matches!(state.phase(), Phase::Play | Phase::Done) {
            return shown;
        }
        let mut r = state.restart();
        for &a in state.history() {
            if r.phase() == Phase::Play {
                let (by, partial) = (r.current_player().expect("a player to move"), r.partial());
                match (r.lead().copied(), Action::from_id(a)) {
                    (Some(lead), Some(Action::Play(c))) if by != seat && partial.len() + 1 == lead.size() => {
                        let play = partial.add(c).expect("a held card");
                        shown.follows.push((by, lead, play, played_cards(&r)[usize::from(by)]));
                    }
                    (None, Some(Action::Finish)) => {
                        let ctx = r.trump_context().expect("play has a trump");
                        let lead = decompose_with(ctx, partial, state.rules().min_tractor_length)
                            .expect("a lead of one suit");
                        if lead.is_throw() {
                            let (before, failures) = (played_cards(&r), r.failed_throws());
                            r.apply_unchecked(a);
                            let forced = r.failed_throw().filter(|_| r.failed_throws() > failures);
                            shown.throws.push((by, lead, forced.map(|f| f.forced), before));
                            continue;
                        }
                    }
                    _ => {}
                }
            }
            r.apply_unchecked(a);
        }
        shown
    }

    /// Whether seats holding `hands` now (after playing `played`) would have followed and thrown as they did.
    fn agrees(&self, state: &State, hands: &[Hand; NUM_PLAYERS], played: &[Hand; NUM_PLAYERS]) -> bool {
        let Some(ctx) = state.trump_context() else { return true };
        let then = |s: usize, before: Hand| hands[s].sum(played[s].minus(before)).expect("cards of the deck");
        let follows = self.follows.iter().all(|&(s, lead, play, before)| {
            check_follow(ctx, then(usize::from(s), before), &lead, play, state.follow_rules()).is_ok()
        });
        follows
            && self.throws.iter().all(|&(s, lead, forced, before)| {
                let others: [Hand; 3] = std::array::from_fn(|k| {
                    let o = (usize::from(s) + 1 + k) % NUM_PLAYERS;
                    then(o, before[o])
                });
                let rule = state.rules().failed_throw_forced;
                check_throw(ctx, &lead, &others, rule).map(|f| f.forced.cards) == forced
            })
    }
}

/// Replays `history` on `start` with every legality check; the round if it is seen exactly as `real` was (the
/// same draw stops, the same throw outcomes).
fn replay(start: Option<State>, history: &[u8], real: &State) -> Option<State> {
    let mut s = start?;
    for &a in history {
        s.apply(u32::from(a)).ok()?;
    }
    (s.stops() == real.stops() && s.throw_outcomes() == real.throw_outcomes()).then_some(s)
}

/// The cards of each seat's finished plays: tricks done and the trick on the table.
fn played_cards(state: &State) -> [Hand; NUM_PLAYERS] {
    let mut played = state.played_by();
    for (i, &p) in state.trick_plays().iter().enumerate() {
        let s = usize::from((state.leader() + i as u8) % 4);
        played[s] = played[s].sum(p).expect("cards of one deck pair");
    }
    played
}

fn flipped_cards(state: &State) -> Hand {
    let talon = state.deal_shape().talon().start;
    let turned: Vec<Card> = (0..usize::from(state.flipped())).map(|k| state.stack_card(talon + k)).collect();
    Hand::try_from(turned.as_slice()).expect("distinct stack positions")
}

/// The stack positions hidden from `seat`: each other seat's draws in order (and a hidden starter's talon
/// positions after them), and the rest (undrawn, or the talon before it is taken). The cards F5 took out end
/// the stack, known to all.
fn deal_slots(state: &State, seat: u8, talon_owner: Option<u8>) -> ([Vec<usize>; NUM_PLAYERS], Vec<usize>) {
    let mut slots: [Vec<usize>; NUM_PLAYERS] = Default::default();
    let first = usize::from(state.first_drawer());
    for k in 0..usize::from(state.drawn()) {
        let s = (first + k) % 4;
        if s != usize::from(seat) {
            slots[s].push(k);
        }
    }
    let talon = state.deal_shape().talon();
    let mut rest: Vec<usize> = (usize::from(state.drawn())..talon.start).collect();
    let talon = talon.start + usize::from(state.flipped())..talon.end;
    match (state.phase(), talon_owner) {
        (Phase::Draw, _) => rest.extend(talon),
        (_, Some(st)) => slots[usize::from(st)].extend(talon),
        _ => {} // the seat took the talon itself
    }
    (slots, rest)
}

/// What every turn of the current deal's draw told about the others, by seat.
fn draw_events(state: &State, seat: u8) -> [Vec<Event>; NUM_PLAYERS] {
    if state.rank().is_none() {
        return Default::default(); // F12: nobody may declare at the level NT, so no turn tells anything
    }
    let stops = state.stops();
    let pending = usize::from(state.phase() == Phase::Draw); // the turn being decided now
    let taken = stops.count_ones() as usize - pending;
    let draw_actions: Vec<u8> = state.history().iter().copied().filter(|&a| a >= DECLARE_SINGLE).collect();
    let mut actions = draw_actions[draw_actions.len() - taken..].iter();
    let first = usize::from(state.first_drawer());
    let drawn = usize::from(state.drawn());
    let turns = (0..drawn).map(|k| (k, (first + k) % 4, k / 4));
    // Turns of the final window: those taken, and the one being decided if the draw stopped there.
    let taken_turns = usize::from(state.window_turns());
    let (all_drawn, last_slot) =
        (usize::from(state.deal_shape().drawn()), usize::from(state.deal_shape().hand) - 1);
    let deciding = usize::from(taken_turns < 4 && stops >> (all_drawn + taken_turns) & 1 == 1);
    let window = (0..taken_turns + deciding)
        .filter(|_| drawn == all_drawn)
        .map(|w| (all_drawn + w, (first + w) % 4, last_slot));
    let mut events: [Vec<Event>; NUM_PLAYERS] = Default::default();
    let mut standing = None;
    for (bit, s, slot) in turns.chain(window) {
        let check = if stops >> bit & 1 == 0 {
            Check::Quiet
        } else {
            match actions.next().map(|&a| Action::from_id(a)) {
                Some(Some(Action::Declare(d))) => Check::Declared(d),
                _ => Check::Stop,
            }
        };
        if s != usize::from(seat) {
            events[s].push(Event { slot, standing, check });
        }
        if let Check::Declared(d) = check {
            standing = Some(Standing { by: s as u8, declaration: d });
        }
    }
    events
}

/// The cards that decide whether a seat may declare: the trump-rank cards of each suit and the jokers.
fn declarable(rank: Rank) -> [Card; 6] {
    let [c, d, h, s] = Suit::ALL.map(|x| Card::new(rank, x));
    [c, d, h, s, Card::BLACK_JOKER, Card::RED_JOKER]
}

/// The draw orders of one seat's declarable cards that agree with its turns at the draw, counted: for each
/// slot `t` and each state `x` (how many of each declarable kind are drawn so far, in mixed radix), the number
/// of ways to fill the slots from `t` on (copies told apart), by dynamic programming from the last slot.
struct Orders {
    kinds: [Card; 6],
    states: usize,
    /// Cards drawn in each state.
    sizes: Vec<usize>,
    /// The moves from each state (`moves[first[x]..first[x + 1]]`): drawing a copy of `kind`, one of `copies`
    /// left, leads to state `to`.
    first: Vec<usize>,
    moves: Vec<Move>,
    /// `reach[t * states + x]`: the ways to fill slots t.. from state x (reached by slot t − 1 and agreeing
    /// with every turn so far); 0 where state x disagrees with the turns after slot t − 1.
    reach: Vec<f64>,
    n: usize,
    others: usize,
}

#[derive(Clone, Copy)]
struct Move {
    kind: usize,
    copies: f64,
    to: usize,
}

impl Orders {
    /// `None` when no order agrees.
    fn new(
        kinds: [Card; 6],
        most: [usize; 6],
        n: usize,
        events: &[Event],
        state: &State,
        by: u8,
    ) -> Option<Orders> {
        let mut stride = [1usize; 6];
        let mut states = 1;
        for i in 0..6 {
            stride[i] = states;
            states *= most[i] + 1;
        }
        let digit = |x: usize, i: usize| x / stride[i] % (most[i] + 1);
        let sizes: Vec<usize> = (0..states).map(|x| (0..6).map(|i| digit(x, i)).sum()).collect();
        let mut first = Vec::with_capacity(states + 1);
        let mut moves = Vec::new();
        for x in 0..states {
            first.push(moves.len());
            for i in (0..6).filter(|&i| digit(x, i) < most[i]) {
                moves.push(Move { kind: i, copies: (most[i] - digit(x, i)) as f64, to: x + stride[i] });
            }
        }
        first.push(moves.len());
        let others = n - most.iter().sum::<usize>();
        // agrees[t * states + x]: holding state x after slot t agrees with the turns there. Many turns ask the
        // same question (the same standing declaration, the same answer): each is asked once per state.
        let (rank, rules) = (state.declaration_rank(), state.rules());
        let mut questions: Vec<Event> = Vec::new();
        let asked: Vec<usize> = events
            .iter()
            .map(|e| {
                let same = |q: &Event| (q.standing, q.check) == (e.standing, e.check);
                questions.iter().position(same).unwrap_or_else(|| {
                    questions.push(*e);
                    questions.len() - 1
                })
            })
            .collect();
        let mut agrees = vec![true; n * states];
        let mut answers = vec![false; questions.len()];
        for x in 0..states {
            let held = (0..6).fold(Hand::EMPTY, |h, i| {
                (0..digit(x, i)).fold(h, |h, _| h.add(kinds[i]).expect("two copies at most"))
            });
            for (a, q) in answers.iter_mut().zip(&questions) {
                *a = satisfies(q, held, rank, by, &rules);
            }
            for (e, &q) in events.iter().zip(&asked) {
                agrees[e.slot * states + x] &= answers[q];
            }
        }
        let mut reach = vec![0.0; (n + 1) * states];
        reach[n * states + states - 1] = 1.0;
        for t in (0..n).rev() {
            let (row, next) = reach[t * states..(t + 2) * states].split_at_mut(states);
            // Ways after slot t count only from states that agree with the turns after it.
            for (w, &ok) in next.iter_mut().zip(&agrees[t * states..(t + 1) * states]) {
                if !ok {
                    *w = 0.0;
                }
            }
            for x in 0..states {
                if sizes[x] <= t && t - sizes[x] <= others {
                    let others_left = (others + sizes[x] - t) as f64;
                    let declarable: f64 =
                        moves[first[x]..first[x + 1]].iter().map(|m| m.copies * next[m.to]).sum();
                    row[x] = others_left * next[x] + declarable;
                }
            }
        }
        (reach[0] > 0.0).then_some(Orders { kinds, states, sizes, first, moves, reach, n, others })
    }

    /// One agreeing order, uniformly: the declarable kinds slot by slot, `others` (shuffled) in the other slots.
    fn sample(&self, mut others: Vec<Card>, rng: &mut Rng) -> Vec<Card> {
        rng.shuffle(&mut others);
        let mut others = others.into_iter();
        let mut order = Vec::with_capacity(self.n);
        let mut x = 0;
        for t in 0..self.n {
            let next = &self.reach[(t + 1) * self.states..(t + 2) * self.states];
            let others_left = (self.others + self.sizes[x] - t) as f64;
            let mut target = rng.uniform() * self.reach[t * self.states + x];
            // The card of slot t: another card, or a declarable kind, with odds proportional to its ways (on a
            // rounding error past the end, the last kind with ways).
            let other = others_left * next[x];
            let pick = if target < other {
                None
            } else {
                target -= other;
                let mut last = None;
                let kinds = self.moves[self.first[x]..self.first[x + 1]].iter().filter(|m| next[m.to] > 0.0);
                let chosen = kinds.copied().find(|m| {
                    last = Some(*m);
                    let w = m.copies * next[m.to];
                    target < w || (target -= w, false).1
                });
                chosen.or(last)
            };
            order.push(match pick {
                Some(m) => {
                    x = m.to;
                    self.kinds[m.kind]
                }
                None => others.next().expect("a card left for the slot"),
            });
        }
        order
    }
}

/// An order of `cards` over a seat's `n` stack slots, uniform among the orders under which its turns at the
/// draw go as `events` say; `None` if there is none. (Uncached: [`View`] keeps the counts per hand.)
#[cfg(test)]
fn arrange(
    cards: Hand,
    n: usize,
    events: &[Event],
    state: &State,
    by: u8,
    rng: &mut Rng,
) -> Option<Vec<Card>> {
    let kinds = declarable(state.declaration_rank());
    let orders = Orders::new(kinds, kinds.map(|c| cards.count(c) as usize), n, events, state, by)?;
    Some(orders.sample(cards.cards().filter(|c| !kinds.contains(c)).collect(), rng))
}

/// The kitties of `k` cards (copies told apart) a starter can choose among `others` cards of kinds it did not
/// show since discarding and `spares` second copies of kinds it showed once: the coefficient of x^k in
/// (1 + x)^others (1 + 2x)^spares.
fn kitty_choices(others: u32, spares: u32, k: u32) -> f64 {
    let binomial = |n: u32, r: u32| (0..r).fold(1.0, |b, i| b * f64::from(n - i) / f64::from(i + 1));
    (0..=spares.min(k))
        .filter(|&j| k - j <= others)
        .map(|j| binomial(spares, j) * f64::from(1u32 << j) * binomial(others, k - j))
        .sum()
}

/// How many shuffled draw orders [`View::arrange`] tries before counting the agreeing ones.
const SHUFFLED_ORDERS: usize = 16;

/// Whether a seat drawing its cards in `order` takes its turns at the draw as `events` (in slot order) say.
fn agrees(order: &[Card], events: &[Event], state: &State, by: u8) -> bool {
    let (rank, rules) = (state.declaration_rank(), state.rules());
    let mut held = Hand::EMPTY;
    let mut drawn = 0;
    events.iter().all(|e| {
        for &c in &order[drawn..=e.slot] {
            held = held.add(c).expect("two copies at most");
        }
        drawn = e.slot + 1;
        satisfies(e, held, rank, by, &rules)
    })
}

/// Whether a seat holding `held` (of the declarable cards) at that turn would have done what it did.
fn satisfies(e: &Event, held: Hand, rank: Rank, by: u8, rules: &Rules) -> bool {
    match e.check {
        Check::Quiet => !can_declare(held, rank, e.standing, by, rules),
        Check::Stop => can_declare(held, rank, e.standing, by, rules),
        Check::Declared(d) => d.cards(rank).is_subset(held),
    }
}

#[cfg(test)]
mod tests;
