//! `tricktaker._core.sheepshead`: the native `State` (the protocol from `game.rs`, then the table), `Rules`, the
//! batch functions and the card-level rules.

use crate::args::{items, seat_arg, seed_arg, Int, Text};
use crate::card::{card_object, extract_card, Card};
use crate::errors::{self, Result};
use crate::game::rules_class;
use pyo3::prelude::*;
use tricktaker_core::rng::Rng;
use tricktaker_core::sheepshead::cards::{CardSet, SCard};
use tricktaker_core::sheepshead::ranking::{self, Ranking};
use tricktaker_core::sheepshead::rules::JackOrder;
use tricktaker_core::sheepshead::solver::{self, Moves};
use tricktaker_core::sheepshead::state::MAX_PLAYERS;
use tricktaker_core::sheepshead::{self as core, Deal, NUM_PLAYERS};
use tricktaker_core::Game;

tricktaker_core::sheepshead_rule_table!(rules_class (core::Rules) Rules "tricktaker.sheepshead");

fn scard(obj: &Bound<'_, PyAny>) -> PyResult<SCard> {
    let card = extract_card(obj).map_err(|e| {
        if obj.is_instance_of::<pyo3::types::PyString>() {
            errors::CardParseError::new_err(format!(
                "not a Sheepshead card: {} (expected a rank 7, 8, 9, 10, J, Q, K or A followed by a suit C, \
                 D, H, S or one of ♣♦♥♠; R2)",
                crate::args::repr(obj)
            ))
        } else {
            e
        }
    })?;
    SCard::from_card(card).ok_or_else(|| {
        errors::CardParseError::new_err(format!("{card} is not in the 32-card Sheepshead deck (R2)"))
    })
}

fn card_set(cards: &Bound<'_, PyAny>, what: &str) -> PyResult<CardSet> {
    let mut set = CardSet::EMPTY;
    for item in cards.try_iter()? {
        let c = scard(&item?)?;
        if set.contains(c) {
            return Err(errors::InvalidStateError::new_err(format!("{c} appears twice in {what}")));
        }
        set = set.with(c);
    }
    Ok(set)
}

fn cards_list(py: Python<'_>, cards: impl IntoIterator<Item = SCard>) -> Vec<Py<Card>> {
    cards.into_iter().map(|c| card_object(py, c.card())).collect()
}

/// The cards of a trick as (seat, card) pairs in play order.
type Plays = Vec<(u8, Py<Card>)>;

impl State {
    fn sorted(&self, py: Python<'_>, set: CardSet) -> Vec<Py<Card>> {
        cards_list(py, self.inner.ranking().sorted(set))
    }

    fn seat(&self, seat: Int) -> PyResult<usize> {
        Ok(usize::from(seat_arg(seat, "seat", self.inner.players())?))
    }
}

/// The hands of a table of `players` seats, one a seat.
fn hands_list(hands: &Bound<'_, PyAny>, players: usize) -> PyResult<Vec<CardSet>> {
    let mut sets = Vec::with_capacity(players);
    for (seat, hand) in items(hands, "hands", MAX_PLAYERS)?.iter().enumerate() {
        sets.push(card_set(hand, &format!("the hand of seat {seat}"))?);
    }
    if sets.len() != players {
        return Err(errors::InvalidStateError::new_err(format!(
            "expected {players} hands, one a seat, got {}",
            sets.len()
        )));
    }
    Ok(sets)
}

/// Five hands of cards, one a seat (a position's).
fn hands_arg(hands: &Bound<'_, PyAny>) -> PyResult<[CardSet; NUM_PLAYERS]> {
    Ok(hands_list(hands, NUM_PLAYERS)?.try_into().expect("five hands"))
}

/// A hand's multiplier: from 1 to 2**20 (R32's doublers, so that every return stays exact).
fn multiplier_arg(multiplier: Int) -> PyResult<u32> {
    multiplier.within("multiplier", 1, core::state::MAX_MULTIPLIER.into())
}

crate::game::state_class!(
    /// A Sheepshead hand: the search protocol of ``docs/design.md`` and a readable view of the table.
    State(core::State), "tricktaker.sheepshead", Rules;
    /// A fresh deal from a seeded shuffle (R7, R8).
    #[staticmethod]
    #[pyo3(signature = (seed, rules = None, dealer = Int::new(0), multiplier = Int::new(1)),
           text_signature = "(seed, rules=None, dealer=0, multiplier=1)")]
    fn new(seed: Int, rules: Option<&Bound<'_, PyAny>>, dealer: Int, multiplier: Int) -> Result<State> {
        let rules = rules_arg(rules)?;
        let players = usize::from(rules.0.form().players);
        let (dealer, multiplier) = (seat_arg(dealer, "dealer", players)?, multiplier_arg(multiplier)?);
        Ok(State { inner: core::State::new(seed_arg(seed)?, rules.0, dealer, multiplier)? })
    }

    /// A hand from explicit cards: five hands of six and a blind of two, before anyone picks.
    #[staticmethod]
    #[pyo3(signature = (hands, blind, dealer = Int::new(0), rules = None, multiplier = Int::new(1), seed = None),
           text_signature = "(hands, blind, dealer=0, rules=None, multiplier=1, seed=None)")]
    fn from_cards(
        hands: &Bound<'_, PyAny>,
        blind: &Bound<'_, PyAny>,
        dealer: Int,
        rules: Option<&Bound<'_, PyAny>>,
        multiplier: Int,
        seed: Option<Int>,
    ) -> Result<State> {
        let rules = rules_arg(rules)?;
        let form = rules.0.form();
        let players = usize::from(form.players);
        let (dealer, multiplier) = (seat_arg(dealer, "dealer", players)?, multiplier_arg(multiplier)?);
        let deal = Deal::new(&hands_list(hands, players)?, card_set(blind, "the blind")?, &form, dealer)?;
        let rng = Rng::new(seed.map(seed_arg).transpose()?.unwrap_or(0));
        Ok(State { inner: core::State::from_deal(deal, rules.0, dealer, multiplier, rng)? })
    }

    /// A hand set up at any point of its card play, every card given (an endgame to analyse, a puzzle): the
    /// hands now, the trick on the table (cards in play order from ``leader``), and what the hand has come to.
    /// The cards in no hand, on no table, in no bury and in no blind were played in the tricks already taken.
    ///
    /// ``picker`` is ``None`` for a leaster (then ``blind`` holds its 2 cards, R31, and ``first_tricks`` the
    /// trick, from 0, of each seat's first trick taken: R31's tie rule); else ``bury`` holds the picker's 2
    /// buried cards, ``called`` the called card (``None``: alone) and ``under`` an unknown call's under (R16).
    /// ``partner`` is needed only when the called card was played in a taken trick (else it is found).
    /// ``points`` and ``tricks_won`` are each seat's card points and tricks taken. Every inconsistency is
    /// refused with an ``InvalidStateError`` naming it; the cards on the table are checked against the rules as
    /// if played, and they are the new state's history (``undo`` takes them back, and no further).
    /// ``state.position()`` gives the keyword arguments back.
    #[staticmethod]
    #[pyo3(signature = (hands, leader, *, trick = None, picker = None, called = None, partner = None,
                        bury = None, blind = None, under = None, called_suit_led = false, points = None,
                        tricks_won = None, first_tricks = None, dealer = Int::new(0), multiplier = Int::new(1),
                        rules = None, seed = None),
           text_signature = "(hands, leader, *, trick=None, picker=None, called=None, partner=None, \
                             bury=None, blind=None, under=None, called_suit_led=False, points=None, tricks_won=None, \
                             first_tricks=None, dealer=0, multiplier=1, rules=None, seed=None)")]
    #[allow(clippy::too_many_arguments)]
    fn from_position(
        hands: &Bound<'_, PyAny>,
        leader: Int,
        trick: Option<&Bound<'_, PyAny>>,
        picker: Option<Int>,
        called: Option<&Bound<'_, PyAny>>,
        partner: Option<Int>,
        bury: Option<&Bound<'_, PyAny>>,
        blind: Option<&Bound<'_, PyAny>>,
        under: Option<&Bound<'_, PyAny>>,
        called_suit_led: bool,
        points: Option<&Bound<'_, PyAny>>,
        tricks_won: Option<&Bound<'_, PyAny>>,
        first_tricks: Option<&Bound<'_, PyAny>>,
        dealer: Int,
        multiplier: Int,
        rules: Option<&Bound<'_, PyAny>>,
        seed: Option<Int>,
    ) -> Result<State> {
        let rules = rules_arg(rules)?;
        let seat = |s: Int, name: &str| seat_arg(s, name, NUM_PLAYERS);
        let empty = |set: Option<&Bound<'_, PyAny>>, what: &str| set.map_or(Ok(CardSet::EMPTY), |c| card_set(c, what));
        let mut trick_cards = Vec::new();
        if let Some(t) = trick {
            for item in items(t, "trick", NUM_PLAYERS - 1)? {
                trick_cards.push(scard(&item)?);
            }
        }
        let per_seat = |values: Option<&Bound<'_, PyAny>>, name: &str| -> PyResult<[u8; NUM_PLAYERS]> {
            let Some(values) = values else { return Ok([0; NUM_PLAYERS]) };
            let got = items(values, name, NUM_PLAYERS)?;
            if got.len() != NUM_PLAYERS {
                return Err(errors::ArgumentError::new_err(format!("{name} must have 5 items, one a seat, not {}", got.len())));
            }
            got.iter().map(|v| v.extract::<Int>()?.within(&format!("{name}[i]"), 0, 120)).collect::<PyResult<Vec<u8>>>().map(|v| v.try_into().expect("5 items"))
        };
        let mut firsts = [None; NUM_PLAYERS];
        if let Some(f) = first_tricks {
            let got = items(f, "first_tricks", NUM_PLAYERS)?;
            if got.len() != NUM_PLAYERS {
                return Err(errors::ArgumentError::new_err(format!("first_tricks must have 5 items, one a seat, not {}", got.len())).into());
            }
            for (i, v) in got.iter().enumerate() {
                firsts[i] = v.extract::<Option<Int>>()?.map(|t| t.within("first_tricks[i]", 0, 5)).transpose()?;
            }
        }
        let position = core::Position {
            hands: hands_arg(hands)?,
            leader: seat(leader, "leader")?,
            trick: trick_cards,
            picker: picker.map(|p| seat(p, "picker")).transpose()?,
            called: called.map(scard).transpose()?,
            partner: partner.map(|p| seat(p, "partner")).transpose()?,
            bury: empty(bury, "the bury")?,
            blind: empty(blind, "the blind")?,
            under: under.map(scard).transpose()?,
            called_suit_led,
            points: per_seat(points, "points")?,
            tricks_won: per_seat(tricks_won, "tricks_won")?,
            first_tricks: firsts,
            dealer: seat(dealer, "dealer")?,
            multiplier: multiplier_arg(multiplier)?,
        };
        let rng = Rng::new(seed.map(seed_arg).transpose()?.unwrap_or(0));
        Ok(State { inner: core::State::from_position(&position, rules.0, rng)? })
    }

    /// The position of the card play as ``State.from_position``'s keyword arguments (every card shown, the
    /// partner too), or ``None`` outside the play phase: ``State.from_position(**state.position(),
    /// rules=state.rules)`` plays on exactly as ``state`` does.
    fn position<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, pyo3::types::PyDict>>> {
        let Some(p) = self.inner.position() else { return Ok(None) };
        let d = pyo3::types::PyDict::new(py);
        let card = |c: Option<SCard>| c.map(|c| card_object(py, c.card()));
        d.set_item("hands", p.hands.iter().map(|&h| self.sorted(py, h)).collect::<Vec<_>>())?;
        d.set_item("leader", p.leader)?;
        d.set_item("trick", cards_list(py, p.trick.iter().copied()))?;
        d.set_item("picker", p.picker)?;
        d.set_item("called", card(p.called))?;
        d.set_item("partner", p.partner)?;
        d.set_item("bury", self.sorted(py, p.bury))?;
        d.set_item("blind", self.sorted(py, p.blind))?;
        d.set_item("under", card(p.under))?;
        d.set_item("called_suit_led", p.called_suit_led)?;
        d.set_item("points", p.points.map(u32::from))?;
        d.set_item("tricks_won", p.tricks_won.map(u32::from))?;
        d.set_item("first_tricks", p.first_tricks)?;
        d.set_item("dealer", p.dealer)?;
        d.set_item("multiplier", p.multiplier)?;
        Ok(Some(d))
    }

    /// The next hand, dealt by the next seat to the left (R9) from this hand's generator.
    #[pyo3(signature = (multiplier = Int::new(1)), text_signature = "(self, multiplier=1)")]
    fn next_hand(&self, multiplier: Int) -> Result<State> {
        Ok(State { inner: self.inner.next_hand(multiplier_arg(multiplier)?)? })
    }

    /// ``"blitz"``, ``"pick"``, ``"bury"``, ``"call"``, ``"under"``, ``"crack"``, ``"recrack"``, ``"play"`` or
    /// ``"done"``.
    #[getter]
    fn phase(&self) -> &'static str {
        self.inner.phase().name()
    }

    /// The dealer's seat (R9); seat dealer+1 acts first.
    #[getter]
    fn dealer(&self) -> u8 {
        self.inner.dealer()
    }

    /// What the hand counts for: 1, or more after doublers (R32).
    #[getter]
    fn multiplier(&self) -> u32 {
        self.inner.multiplier()
    }

    /// The cards of ``seat``, strongest first: trumps, then clubs, spades, hearts, as a ``render.Hand`` (a
    /// ``list`` of ``Card`` that Jupyter draws).
    fn hand<'py>(&self, py: Python<'py>, seat: Int) -> PyResult<Bound<'py, PyAny>> {
        let cards = self.sorted(py, self.inner.hand(self.seat(seat)?));
        crate::package::hand(py, cards, "sheepshead", None)
    }

    /// Every seat's hand, as ``hand(seat)`` gives it (``render.Hand`` lists).
    fn hands<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyAny>>> {
        (0..self.inner.players())
            .map(|s| crate::package::hand(py, self.sorted(py, self.inner.hand(s)), "sheepshead", None))
            .collect()
    }

    /// The two cards dealt to the blind.
    #[getter]
    fn blind(&self, py: Python<'_>) -> Vec<Py<Card>> {
        self.sorted(py, self.inner.deal().blind)
    }

    /// The cards buried by the picker so far.
    #[getter]
    fn bury(&self, py: Python<'_>) -> Vec<Py<Card>> {
        self.sorted(py, self.inner.bury())
    }

    /// The seat that picked the blind, or ``None`` (before the pick, or when all passed).
    #[getter]
    fn picker(&self) -> Option<u8> {
        self.inner.picker()
    }

    /// The card the picker called (R14, R15), or ``None``.
    #[getter]
    fn called_card(&self, py: Python<'_>) -> Option<Py<Card>> {
        self.inner.called_card().map(|c| card_object(py, c.card()))
    }

    /// The partner once the called card has been played (R17), else ``None``.
    #[getter]
    fn partner(&self) -> Option<u8> {
        self.inner.revealed_partner()
    }

    /// The holder of the called card, revealed or not: hidden information, for analysis.
    #[getter]
    fn secret_partner(&self) -> Option<u8> {
        self.inner.secret_partner()
    }

    /// The card laid face down as the under after an unknown call (R16).
    #[getter]
    fn under(&self, py: Python<'_>) -> Option<Py<Card>> {
        self.inner.under().map(|c| card_object(py, c.card()))
    }

    /// Whether all passed and the hand is played as a leaster (R31).
    #[getter]
    fn is_leaster(&self) -> bool {
        self.inner.is_leaster()
    }

    /// Whether all passed and the hand was thrown in for a doubler (R32).
    #[getter]
    fn is_doubler(&self) -> bool {
        self.inner.is_doubler()
    }

    /// The number of tricks completed, 0–6.
    #[getter]
    fn trick_number(&self) -> usize {
        self.inner.trick_number()
    }

    /// The trick being played as (seat, card) pairs in play order.
    fn current_trick(&self, py: Python<'_>) -> Vec<(u8, Py<Card>)> {
        let (leader, cards) = self.inner.current_trick();
        cards
            .iter()
            .enumerate()
            .map(|(i, c)| (self.inner.seating().after(leader, i as u8), card_object(py, c.card())))
            .collect()
    }

    /// Completed tricks as (leader, [(seat, card)…], winner).
    fn tricks(&self, py: Python<'_>) -> Vec<(u8, Plays, u8)> {
        self.inner
            .completed_tricks()
            .map(|(leader, cards, winner)| {
                let plays = cards
                    .iter()
                    .enumerate()
                    .map(|(i, c)| (self.inner.seating().after(leader, i as u8), card_object(py, c.card())))
                    .collect();
                (leader, plays, winner)
            })
            .collect()
    }

    /// Card points taken in tricks by each seat (R6); in a leaster the blind counts for the last trick's taker.
    fn points(&self) -> Vec<u32> {
        self.inner.points().iter().map(|&p| u32::from(p)).collect()
    }

    /// Tricks taken by each seat.
    fn tricks_won(&self) -> Vec<u32> {
        self.inner.tricks_won().iter().map(|&t| u32::from(t)).collect()
    }

    /// The active seats in pick order (V0): every seat but a dealer who sits out (V6).
    #[getter]
    fn active_seats(&self) -> Vec<u32> {
        self.inner.seating().order().iter().map(|&s| u32::from(s)).collect()
    }

    /// Cards dealt to each active seat, and tricks in the hand (V1).
    #[getter]
    fn hand_size(&self) -> u8 {
        self.inner.form().hand_size
    }

    /// The partner method the hand is played with (V9–V16; ``Rules.partner`` with ``"auto"`` resolved).
    #[getter]
    fn partner_method(&self) -> &'static str {
        self.inner.form().method.name()
    }

    /// V24's stake multiplier M: 2 to the power of the cracks, re-cracks and blitzed pairs, times the doubler
    /// factor ``multiplier``, at most ``multiplier_cap``. Every amount of the settlement is multiplied by it.
    #[getter]
    fn stake(&self) -> u32 {
        self.inner.stake()
    }

    /// The seat that cracked (V25), or ``None``.
    #[getter]
    fn cracked_by(&self) -> Option<u8> {
        self.inner.cracked_by()
    }

    /// The seat that re-cracked (V26), or ``None``.
    #[getter]
    fn recracked_by(&self) -> Option<u8> {
        self.inner.recracked_by()
    }

    /// The blitzed pairs (V27) as ``(seat, pair)``: ``"black_queens"``, ``"red_queens"``, ``"black_jacks"``.
    #[getter]
    fn blitzes(&self) -> Vec<(u8, &'static str)> {
        self.inner.blitzes().map(|(s, p)| (s, p.name())).collect()
    }

    /// What was played because all passed (V18–V23): ``"leaster"``, ``"moster"``, ``"schneidster"``,
    /// ``"schwanzer"``, ``"doubler"``, ``"redeal"``, or ``None``.
    #[getter]
    fn all_pass_game(&self) -> Option<&'static str> {
        self.inner.all_pass_game().map(|g| g.name())
    }

    /// Whether the picker announced ALONE (R20).
    #[getter]
    fn is_alone(&self) -> bool {
        self.inner.is_alone()
    }

    /// V15: the black-queen side's seats once both black queens are played (else ``None``); the side is
    /// the picking side of a black-queens hand, which has no picker.
    #[getter]
    fn black_queen_side(&self) -> Option<Vec<u8>> {
        let (pair, known) = self.inner.pair();
        known.then(|| (0..8).filter(|s| pair >> s & 1 == 1).collect())
    }

    /// P of R26: the picking side's trick points plus the bury (``None`` without a picker).
    #[getter]
    fn picking_side_points(&self) -> Option<u32> {
        self.inner.picking_side_points()
    }

    // ---- saving ----

    /// The generator state that deals the next hand (four 64-bit words).
    #[getter]
    fn rng_state(&self) -> [u64; 4] {
        self.inner.rng().state()
    }

    #[setter]
    fn set_rng_state(&mut self, words: &Bound<'_, PyAny>) -> PyResult<()> {
        let words = items(words, "rng_state", 4)?
            .iter()
            .map(|w| w.extract::<Int>()?.within::<u64>("a word of rng_state", 0, u64::MAX.into()))
            .collect::<PyResult<Vec<u64>>>()?;
        let words: [u64; 4] = words.try_into().map_err(|w: Vec<u64>| {
            errors::ArgumentError::new_err(format!("rng_state must be four ints, not {}", w.len()))
        })?;
        let rng = Rng::from_state(words)
            .ok_or_else(|| errors::InvalidStateError::new_err("the generator state cannot be all zeros"))?;
        self.inner.set_rng(rng);
        Ok(())
    }

    /// The hands as dealt (before the pick), each sorted.
    fn dealt_hands(&self, py: Python<'_>) -> Vec<Vec<Py<Card>>> {
        self.inner.deal().hands[..self.inner.players()].iter().map(|&h| self.sorted(py, h)).collect()
    }

    fn __repr__(&self) -> String {
        format!(
            "<sheepshead.State dealer={} phase={} actions={}>",
            self.inner.dealer(),
            self.inner.phase().name(),
            self.inner.history().len()
        )
    }
);

crate::game::game_functions!(
    State(core::State),
    Rules,
    "tricktaker.sheepshead.Rules",
    "tricktaker.sheepshead"
);

fn jack_order_arg(jack_order: &str) -> PyResult<&'static Ranking> {
    let order = JackOrder::parse(jack_order).ok_or_else(|| {
        errors::RulesError::new_err(format!(
            "jack_order must be one of {:?}, not {jack_order:?}",
            JackOrder::CHOICES
        ))
    })?;
    Ok(Ranking::new(order))
}

/// Index of the card that wins a trick (R25), `cards[0]` being the lead.
#[pyfunction]
#[pyo3(signature = (cards, jack_order = Text::new("standard")), text_signature = "(cards, jack_order='standard')")]
pub fn trick_winner(cards: &Bound<'_, PyAny>, jack_order: Text) -> PyResult<usize> {
    let ranking = jack_order_arg(&jack_order)?;
    let mut trick = Vec::new();
    for item in items(cards, "cards", MAX_PLAYERS)? {
        trick.push(scard(&item)?);
    }
    let distinct: CardSet = trick.iter().copied().collect();
    if trick.is_empty() || trick.len() > MAX_PLAYERS || distinct.len() as usize != trick.len() {
        return Err(errors::IllegalActionError::new_err(format!(
            "a trick has 1 to 8 different cards (one an active seat), not {}",
            trick.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ")
        )));
    }
    Ok(ranking::trick_winner(ranking, &trick, None))
}

/// The effective suit of a card (R5): ``"T"`` for a trump, else ``"C"``, ``"S"`` or ``"H"``.
#[pyfunction]
pub fn suit_of(card: &Bound<'_, PyAny>) -> PyResult<char> {
    Ok(ranking::suit_of(scard(card)?).letter())
}

/// Card points (R6).
#[pyfunction]
pub fn card_points(card: &Bound<'_, PyAny>) -> PyResult<u8> {
    Ok(scard(card)?.points())
}

/// The 14 trumps from high to low (R3).
#[pyfunction]
#[pyo3(signature = (jack_order = Text::new("standard")), text_signature = "(jack_order='standard')")]
pub fn trumps(py: Python<'_>, jack_order: Text) -> PyResult<Vec<Py<Card>>> {
    let ranking = jack_order_arg(&jack_order)?;
    Ok(cards_list(py, ranking.sorted(ranking::ESuit::TRUMP.cards())))
}

/// The rule-of-thumb pick, bury, call or under of the seat to act, as the greedy rollout policy makes it
/// (``tricktaker.sheepshead.bidding_action``): an action id, or ``None`` in the card play and once the hand is
/// over.
#[pyfunction]
pub fn bidding_action(state: &Bound<'_, State>) -> Option<u8> {
    tricktaker_core::sheepshead::greedy::bidding_action(&state.borrow().inner)
}

/// A solve's answer: the value, the best action, every legal action with its value (none when asked without
/// the moves), the nodes searched.
type Solved<T> = (T, u8, Vec<(u8, T)>, u64);

fn solve_error(e: tricktaker_core::sheepshead::solver::SolveError) -> PyErr {
    errors::ArgumentError::new_err(e.to_string())
}

/// What the `moves` keyword of the solver functions asks for.
fn moves_arg(moves: bool) -> Moves {
    if moves {
        Moves::All
    } else {
        Moves::Best
    }
}

/// The exact value of the rest of the card play, every card seen (``tricktaker.sheepshead.solve``):
/// ``(value, best, moves, nodes)``.
#[pyfunction]
#[pyo3(signature = (state, *, moves = true))]
pub fn solve(py: Python<'_>, state: &Bound<'_, State>, moves: bool) -> PyResult<Solved<i32>> {
    let state = state.borrow().inner;
    let s = py.detach(|| solver::solve(&state, moves_arg(moves))).map_err(solve_error)?;
    Ok((s.value, s.best, s.moves, s.nodes))
}

/// Whether the picking side makes ``target`` card points under perfect play (``tricktaker.sheepshead.reaches``):
/// ``(verdict, best, moves, nodes)``.
#[pyfunction]
#[pyo3(signature = (state, target, *, moves = true))]
pub fn reaches(py: Python<'_>, state: &Bound<'_, State>, target: Int, moves: bool) -> PyResult<Solved<bool>> {
    let target: u32 = target.within("target", 0, 121)?;
    let state = state.borrow().inner;
    let s = py.detach(|| solver::reaches(&state, target, moves_arg(moves))).map_err(solve_error)?;
    Ok((s.value, s.best, s.moves, s.nodes))
}

/// The settlement class under perfect play (``tricktaker.sheepshead.settlement_class``): ``(class, best,
/// moves, nodes)``, classes as their index in ``CLASSES``.
#[pyfunction]
#[pyo3(signature = (state, *, moves = true))]
pub fn settlement_class(py: Python<'_>, state: &Bound<'_, State>, moves: bool) -> PyResult<Solved<u8>> {
    let state = state.borrow().inner;
    let s = py.detach(|| solver::settlement_class(&state, moves_arg(moves))).map_err(solve_error)?;
    Ok((s.class as u8, s.best, s.moves.into_iter().map(|(a, c)| (a, c as u8)).collect(), s.nodes))
}

/// Why the exact solver does not model the game of ``state`` at all, or ``None``
/// (``tricktaker.sheepshead.solver_refusal``).
#[pyfunction]
pub fn solver_refusal(state: &Bound<'_, State>) -> Option<String> {
    solver::Solver::models_rules(&state.borrow().inner).err().map(|e| e.to_string())
}

/// A leaster seat's paranoid value (``tricktaker.sheepshead.leaster_values``): ``(value, best, moves, nodes)``.
#[pyfunction]
#[pyo3(signature = (state, seat, *, moves = true))]
pub fn leaster_values(
    py: Python<'_>,
    state: &Bound<'_, State>,
    seat: Int,
    moves: bool,
) -> PyResult<Solved<i32>> {
    let state = state.borrow().inner;
    let seat = seat_arg(seat, "seat", state.players())?;
    let s = py.detach(|| solver::values_for(&state, seat, moves_arg(moves))).map_err(solve_error)?;
    Ok((s.value, s.best, s.moves, s.nodes))
}

/// The `sheepshead` submodule of `_core`: the game's classes, batch functions and card-level rules.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    register_game(m)?;
    m.add_function(wrap_pyfunction!(trick_winner, m)?)?;
    m.add_function(wrap_pyfunction!(suit_of, m)?)?;
    m.add_function(wrap_pyfunction!(card_points, m)?)?;
    m.add_function(wrap_pyfunction!(trumps, m)?)?;
    m.add_function(wrap_pyfunction!(bidding_action, m)?)?;
    m.add_function(wrap_pyfunction!(solver_refusal, m)?)?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(reaches, m)?)?;
    m.add_function(wrap_pyfunction!(settlement_class, m)?)?;
    m.add_function(wrap_pyfunction!(leaster_values, m)?)?;
    Ok(())
}
