//! `tricktaker.sheepshead`: the native `State`, `Rules` and `random_playouts`.

use crate::args::seed_arg;
use crate::card::{card_object, extract_card, Card};
use crate::errors;
use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyType};
use tricktaker_core::rng::Rng;
use tricktaker_core::sheepshead::cards::{CardSet, SCard};
use tricktaker_core::sheepshead::information;
use tricktaker_core::sheepshead::ranking::{self, Ranking};
use tricktaker_core::sheepshead::rules::{AllPass, JackOrder, NoLegalCall};
use tricktaker_core::sheepshead::{self as core, playout, Action, Deal, NUM_ACTIONS, NUM_PLAYERS};

/// The rule options of B.4; every default is the specification's.
#[pyclass(frozen, eq, hash, module = "tricktaker.sheepshead", name = "Rules")]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rules {
    pub core: core::Rules,
    pub hands_per_game: u32,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules { core: core::Rules::default(), hands_per_game: 15 }
    }
}

#[pymethods]
impl Rules {
    #[new]
    #[pyo3(signature = (*, jack_order = "standard", all_pass = "leaster", double_on_the_bump = false,
                        no_legal_call = "alone", called_card_no_discard = true, hands_per_game = 15))]
    fn py_new(
        jack_order: &str,
        all_pass: &str,
        double_on_the_bump: bool,
        no_legal_call: &str,
        called_card_no_discard: bool,
        hands_per_game: i64,
    ) -> PyResult<Rules> {
        let hands_per_game = u32::try_from(hands_per_game).ok().filter(|&n| n > 0).ok_or_else(|| {
            errors::RulesError::new_err(format!(
                "hands_per_game must be a positive int, not {hands_per_game}"
            ))
        })?;
        Ok(Rules {
            core: core::Rules {
                jack_order: JackOrder::parse(jack_order).map_err(errors::rules)?,
                all_pass: AllPass::parse(all_pass).map_err(errors::rules)?,
                double_on_the_bump,
                no_legal_call: NoLegalCall::parse(no_legal_call).map_err(errors::rules)?,
                called_card_no_discard,
            },
            hands_per_game,
        })
    }

    #[getter]
    fn jack_order(&self) -> &'static str {
        self.core.jack_order.name()
    }
    #[getter]
    fn all_pass(&self) -> &'static str {
        self.core.all_pass.name()
    }
    #[getter]
    fn double_on_the_bump(&self) -> bool {
        self.core.double_on_the_bump
    }
    #[getter]
    fn no_legal_call(&self) -> &'static str {
        self.core.no_legal_call.name()
    }
    #[getter]
    fn called_card_no_discard(&self) -> bool {
        self.core.called_card_no_discard
    }
    #[getter]
    fn hands_per_game(&self) -> u32 {
        self.hands_per_game
    }

    /// The options as a dict of keyword arguments: ``Rules(**rules.to_dict()) == rules``.
    #[allow(clippy::wrong_self_convention)] // a Python method: `self` is borrowed from the object
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("jack_order", self.jack_order())?;
        d.set_item("all_pass", self.all_pass())?;
        d.set_item("double_on_the_bump", self.double_on_the_bump())?;
        d.set_item("no_legal_call", self.no_legal_call())?;
        d.set_item("called_card_no_discard", self.called_card_no_discard())?;
        d.set_item("hands_per_game", self.hands_per_game)?;
        Ok(d)
    }

    fn __repr__(&self) -> String {
        format!(
            "Rules(jack_order='{}', all_pass='{}', double_on_the_bump={}, no_legal_call='{}', \
             called_card_no_discard={}, hands_per_game={})",
            self.jack_order(),
            self.all_pass(),
            py_bool(self.core.double_on_the_bump),
            self.no_legal_call(),
            py_bool(self.core.called_card_no_discard),
            self.hands_per_game
        )
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (Bound<'py, PyDict>,))> {
        let py = slf.py();
        let rebuild = py.import("tricktaker.sheepshead")?.getattr("_rules_from_dict")?;
        Ok((rebuild, (slf.get().to_dict(py)?,)))
    }
}

fn py_bool(b: bool) -> &'static str {
    if b {
        "True"
    } else {
        "False"
    }
}

fn rules_arg(rules: Option<&Bound<'_, PyAny>>) -> PyResult<Rules> {
    crate::args::rules_arg(rules, "tricktaker.sheepshead.Rules")
}

fn scard(obj: &Bound<'_, PyAny>) -> PyResult<SCard> {
    let card = extract_card(obj)?;
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

/// A Sheepshead hand: the search protocol of DESIGN.md and a readable view of the table.
#[pyclass(module = "tricktaker.sheepshead", name = "State", eq)]
#[derive(Clone, PartialEq)]
pub struct State {
    pub inner: core::State,
    pub rules: Rules,
}

impl State {
    fn ranking(&self) -> &'static Ranking {
        Ranking::new(self.rules.core.jack_order)
    }

    fn sorted(&self, py: Python<'_>, set: CardSet) -> Vec<Py<Card>> {
        cards_list(py, self.ranking().sorted(set))
    }

    fn seat(&self, seat: i64) -> PyResult<usize> {
        usize::try_from(seat)
            .ok()
            .filter(|&s| s < NUM_PLAYERS)
            .ok_or_else(|| pyo3::exceptions::PyValueError::new_err(format!("seat must be 0-4, not {seat}")))
    }

    fn action_id(a: i64) -> PyResult<u8> {
        u8::try_from(a).ok().filter(|&a| (a as usize) < NUM_ACTIONS).ok_or_else(|| {
            errors::IllegalActionError::new_err(format!(
                "illegal action {a}: action ids run from 0 to {}",
                NUM_ACTIONS - 1
            ))
        })
    }
}

#[pymethods]
impl State {
    /// A fresh deal from a seeded shuffle (R7, R8).
    #[staticmethod]
    #[pyo3(signature = (seed, rules = None, dealer = 0, multiplier = 1))]
    fn new(
        seed: &Bound<'_, PyAny>,
        rules: Option<&Bound<'_, PyAny>>,
        dealer: u8,
        multiplier: u32,
    ) -> PyResult<State> {
        let rules = rules_arg(rules)?;
        let inner =
            core::State::new(seed_arg(seed)?, rules.core, dealer, multiplier).map_err(errors::deal)?;
        Ok(State { inner, rules })
    }

    /// A hand from explicit cards: five hands of six and a blind of two, before anyone picks.
    #[staticmethod]
    #[pyo3(signature = (hands, blind, dealer = 0, rules = None, multiplier = 1, seed = None))]
    fn from_cards(
        hands: &Bound<'_, PyAny>,
        blind: &Bound<'_, PyAny>,
        dealer: u8,
        rules: Option<&Bound<'_, PyAny>>,
        multiplier: u32,
        seed: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<State> {
        let rules = rules_arg(rules)?;
        let mut sets = Vec::with_capacity(NUM_PLAYERS);
        for (seat, hand) in hands.try_iter()?.enumerate() {
            sets.push(card_set(&hand?, &format!("the hand of seat {seat}"))?);
        }
        let hands: [CardSet; NUM_PLAYERS] = sets.try_into().map_err(|v: Vec<CardSet>| {
            errors::InvalidStateError::new_err(format!("expected 5 hands, got {}", v.len()))
        })?;
        let deal = Deal::new(hands, card_set(blind, "the blind")?).map_err(errors::deal)?;
        let rng = Rng::new(seed.map(seed_arg).transpose()?.unwrap_or(0));
        let inner =
            core::State::from_deal(deal, rules.core, dealer, multiplier, rng).map_err(errors::deal)?;
        Ok(State { inner, rules })
    }

    /// The next hand, dealt by the next seat to the left (R9) from this hand's generator.
    #[pyo3(signature = (multiplier = 1))]
    fn next_hand(&self, multiplier: u32) -> PyResult<State> {
        Ok(State { inner: self.inner.next_hand(multiplier).map_err(errors::deal)?, rules: self.rules })
    }

    #[getter]
    fn num_players(&self) -> usize {
        NUM_PLAYERS
    }

    #[getter]
    fn current_player(&self) -> Option<u8> {
        self.inner.current_player()
    }

    #[getter]
    fn is_terminal(&self) -> bool {
        self.inner.is_terminal()
    }

    fn legal_actions(&self) -> Vec<u32> {
        self.inner.legal_actions().map(u32::from).collect()
    }

    fn legal_action_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        let mask = self.inner.legal_mask();
        PyArray1::from_iter(py, (0..NUM_ACTIONS).map(|a| mask >> a & 1 == 1))
    }

    fn apply_action(&mut self, action: i64) -> PyResult<()> {
        let a = State::action_id(action)?;
        self.inner.apply(u32::from(a)).map_err(errors::illegal)
    }

    /// Applies an action given by id or by text (``"pick"``, ``"play QC"``).
    fn apply(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let id = match action.extract::<i64>() {
            Ok(a) => a,
            Err(_) => i64::from(self.string_to_action(action.extract()?)?),
        };
        self.apply_action(id)
    }

    fn undo(&mut self) -> PyResult<()> {
        if self.inner.undo() {
            Ok(())
        } else {
            Err(errors::nothing_to_undo())
        }
    }

    fn clone(&self) -> State {
        Clone::clone(self)
    }

    fn __copy__(&self) -> State {
        Clone::clone(self)
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> State {
        Clone::clone(self)
    }

    fn returns(&self) -> [i32; NUM_PLAYERS] {
        self.inner.returns()
    }

    fn history(&self) -> Vec<u32> {
        self.inner.history().iter().map(|&a| u32::from(a)).collect()
    }

    fn action_to_string(&self, action: i64) -> PyResult<String> {
        let a = State::action_id(action)?;
        Ok(Action::from_id(a).expect("checked id").to_string())
    }

    fn string_to_action(&self, text: &str) -> PyResult<u32> {
        let a: Action = text.parse().map_err(|e: core::actions::ActionParseError| {
            errors::IllegalActionError::new_err(e.to_string())
        })?;
        Ok(u32::from(a.id()))
    }

    // ---- the friendly view ----

    #[getter]
    fn rules(&self) -> Rules {
        self.rules
    }

    /// ``"pick"``, ``"bury"``, ``"call"``, ``"under"``, ``"play"`` or ``"done"``.
    #[getter]
    fn phase(&self) -> &'static str {
        self.inner.phase().name()
    }

    #[getter]
    fn dealer(&self) -> u8 {
        self.inner.dealer()
    }

    #[getter]
    fn multiplier(&self) -> u32 {
        self.inner.multiplier()
    }

    /// The cards of `seat`, strongest first: trumps, then clubs, spades, hearts.
    fn hand(&self, py: Python<'_>, seat: i64) -> PyResult<Vec<Py<Card>>> {
        Ok(self.sorted(py, self.inner.hand(self.seat(seat)?)))
    }

    /// Every seat's hand.
    fn hands(&self, py: Python<'_>) -> Vec<Vec<Py<Card>>> {
        (0..NUM_PLAYERS).map(|s| self.sorted(py, self.inner.hand(s))).collect()
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

    #[getter]
    fn picker(&self) -> Option<u8> {
        self.inner.picker()
    }

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

    #[getter]
    fn is_leaster(&self) -> bool {
        self.inner.is_leaster()
    }

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
            .map(|(i, c)| (core::state::left(leader, i as u8), card_object(py, c.card())))
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
                    .map(|(i, c)| (core::state::left(leader, i as u8), card_object(py, c.card())))
                    .collect();
                (leader, plays, winner)
            })
            .collect()
    }

    /// Card points taken in tricks by each seat (R6); in a leaster the blind counts for the last trick's taker.
    fn points(&self) -> [u32; NUM_PLAYERS] {
        self.inner.points().map(u32::from)
    }

    fn tricks_won(&self) -> [u32; NUM_PLAYERS] {
        self.inner.tricks_won().map(u32::from)
    }

    /// P of R26: the picking side's trick points plus the bury (``None`` without a picker).
    #[getter]
    fn picking_side_points(&self) -> Option<u32> {
        self.inner.picking_side_points()
    }

    // ---- what a seat knows (for search over hidden information) ----

    /// A 64-bit key, equal for two states exactly when `player`'s information in them is equal.
    fn information_state_key(&self, player: i64) -> PyResult<u64> {
        Ok(information::information_key(&self.inner, self.seat(player)? as u8))
    }

    /// What `player` may know as a float32 vector of `OBSERVATION_SHAPE` (layout in the module docs); written
    /// into `out` (a C-contiguous float32 array of that shape) when given.
    #[pyo3(signature = (player, out = None))]
    fn observation<'py>(
        &self,
        py: Python<'py>,
        player: i64,
        out: Option<Bound<'py, PyArray1<f32>>>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let mut buffer = [0.0f32; information::OBSERVATION_SIZE];
        information::observe(&self.inner, self.seat(player)? as u8, &mut buffer);
        crate::batch::observation_out(py, &buffer, out)
    }

    /// A state `player` cannot tell from this one: every card hidden from `player` dealt again at random,
    /// uniformly among the deals consistent with everything `player` has seen (see the module docs).
    fn resample(&self, player: i64, seed: &Bound<'_, PyAny>) -> PyResult<State> {
        let seat = self.seat(player)? as u8;
        let mut rng = Rng::new(seed_arg(seed)?);
        Ok(State { inner: information::resample(&self.inner, seat, &mut rng), rules: self.rules })
    }

    /// ``n`` independent resamples for `player` at once, computed with the GIL released.
    fn resamples(
        &self,
        py: Python<'_>,
        player: i64,
        n: usize,
        seed: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<State>> {
        let seat = self.seat(player)? as u8;
        let mut rng = Rng::new(seed_arg(seed)?);
        let states: Vec<_> =
            py.detach(|| (0..n).map(|_| information::resample(&self.inner, seat, &mut rng)).collect());
        Ok(states.into_iter().map(|inner| State { inner, rules: self.rules }).collect())
    }

    // ---- saving ----

    /// The generator state that deals the next hand (four 64-bit words).
    #[getter]
    fn rng_state(&self) -> [u64; 4] {
        self.inner.rng().state()
    }

    #[setter]
    fn set_rng_state(&mut self, words: [u64; 4]) -> PyResult<()> {
        let rng = Rng::from_state(words)
            .ok_or_else(|| errors::InvalidStateError::new_err("the generator state cannot be all zeros"))?;
        self.inner.set_rng(rng);
        Ok(())
    }

    /// The hands as dealt (before the pick), each sorted.
    fn dealt_hands(&self, py: Python<'_>) -> Vec<Vec<Py<Card>>> {
        self.inner.deal().hands.iter().map(|&h| self.sorted(py, h)).collect()
    }

    fn to_json(slf: &Bound<'_, Self>) -> PyResult<String> {
        slf.py().import("tricktaker.sheepshead")?.getattr("_state_to_json")?.call1((slf,))?.extract()
    }

    #[classmethod]
    fn from_json(cls: &Bound<'_, PyType>, text: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        Ok(cls.py().import("tricktaker.sheepshead")?.getattr("_state_from_json")?.call1((text,))?.unbind())
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let rebuild = slf.get_type().getattr("from_json")?;
        Ok((rebuild, (State::to_json(slf)?,)))
    }

    fn __str__(slf: &Bound<'_, Self>) -> PyResult<String> {
        slf.py().import("tricktaker.sheepshead")?.getattr("_render")?.call1((slf,))?.extract()
    }

    fn __repr__(&self) -> String {
        format!(
            "<sheepshead.State dealer={} phase={} actions={}>",
            self.inner.dealer(),
            self.inner.phase().name(),
            self.inner.history().len()
        )
    }
}

/// `n` random hands, each a fresh deal played uniformly at random: an `(n, 5)` int32 array of returns.
#[pyfunction]
#[pyo3(signature = (n, seed, *, threads = None, rules = None))]
pub fn random_playouts<'py>(
    py: Python<'py>,
    n: usize,
    seed: &Bound<'py, PyAny>,
    threads: Option<usize>,
    rules: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let (rules, seed) = (rules_arg(rules)?.core, seed_arg(seed)?);
    crate::batch::to_numpy(py, n, NUM_PLAYERS, threads, |t| playout::random_playouts(n, seed, rules, t))
}

/// `n` random hands as in `random_playouts`, each summarised in the columns of `SHEEPSHEAD_SUMMARY_COLUMNS`:
/// an `(n, len(columns))` int32 array.
#[pyfunction]
#[pyo3(signature = (n, seed, *, threads = None, rules = None))]
pub fn random_summaries<'py>(
    py: Python<'py>,
    n: usize,
    seed: &Bound<'py, PyAny>,
    threads: Option<usize>,
    rules: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let (rules, seed) = (rules_arg(rules)?.core, seed_arg(seed)?);
    let width = playout::SUMMARY_COLUMNS.len();
    crate::batch::to_numpy(py, n, width, threads, |t| {
        playout::random_batch(n, seed, rules, t, playout::summary)
    })
}

fn jack_order_arg(jack_order: &str) -> PyResult<&'static Ranking> {
    Ok(Ranking::new(JackOrder::parse(jack_order).map_err(errors::rules)?))
}

/// Index of the card that wins a trick (R25), `cards[0]` being the lead.
#[pyfunction]
#[pyo3(signature = (cards, jack_order = "standard"))]
pub fn trick_winner(cards: &Bound<'_, PyAny>, jack_order: &str) -> PyResult<usize> {
    let ranking = jack_order_arg(jack_order)?;
    let mut trick = Vec::new();
    for item in cards.try_iter()? {
        trick.push(scard(&item?)?);
    }
    let distinct: CardSet = trick.iter().copied().collect();
    if trick.is_empty() || trick.len() > NUM_PLAYERS || distinct.len() as usize != trick.len() {
        return Err(errors::IllegalActionError::new_err(format!(
            "a trick has 1 to 5 different cards, not {}",
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
#[pyo3(signature = (jack_order = "standard"))]
pub fn trumps(py: Python<'_>, jack_order: &str) -> PyResult<Vec<Py<Card>>> {
    let ranking = jack_order_arg(jack_order)?;
    Ok(cards_list(py, ranking.sorted(ranking::ESuit::TRUMP.cards())))
}

/// `state` finished at random `n` times (rollouts): an `(n, players)` int32 array of returns, computed in Rust
/// on `threads` threads with the GIL released; rollout `i` depends only on `seed` and `i`.
#[pyfunction]
#[pyo3(signature = (state, n, seed, *, threads = None))]
pub fn playouts<'py>(
    py: Python<'py>,
    state: PyRef<'py, State>,
    n: usize,
    seed: &Bound<'py, PyAny>,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let (inner, seed) = (state.inner, seed_arg(seed)?);
    crate::batch::to_numpy(py, n, NUM_PLAYERS, threads, |t| playout::rollouts(&inner, n, seed, t))
}

impl crate::vector::Game for core::State {
    type Rules = core::Rules;
    const NUM_ACTIONS: usize = NUM_ACTIONS;
    const NUM_PLAYERS: usize = NUM_PLAYERS;
    const OBSERVATION_SIZE: usize = information::OBSERVATION_SIZE;
    fn deal(seed: u64, rules: core::Rules) -> core::State {
        core::State::new(seed, rules, 0, 1).expect("dealer 0 and multiplier 1 are valid")
    }
    fn mask(&self) -> u128 {
        self.legal_mask()
    }
    fn apply(&mut self, action: u8) {
        self.apply_unchecked(action)
    }
    fn current(&self) -> Option<u8> {
        self.current_player()
    }
    fn returns(&self) -> Vec<i32> {
        core::State::returns(self).to_vec()
    }
    fn observe(&self, seat: u8, out: &mut [f32]) {
        information::observe(self, seat, out.try_into().expect("a row of OBSERVATION_SIZE"));
    }
}

crate::vector::vector_class!(
    "`n` Sheepshead hands stepped together (dealer 0, seeds derived from `seed`): a hand that ends is recorded \
     and dealt again.",
    "tricktaker.sheepshead",
    core::State,
    State,
    Rules,
    rules_arg,
    |r: Rules| r.core,
    |inner: core::State, rules: Rules| State { inner, rules }
);

/// The observations of many states at once: `players[i]`'s view of `states[i]`, as an `(n, OBSERVATION)`
/// float32 array (written into `out` when given).
#[pyfunction]
#[pyo3(signature = (states, players, out = None))]
pub fn observations<'py>(
    py: Python<'py>,
    states: Vec<PyRef<'py, State>>,
    players: Vec<i64>,
    out: Option<Bound<'py, numpy::PyArray2<f32>>>,
) -> PyResult<Bound<'py, PyAny>> {
    if states.len() != players.len() {
        return Err(pyo3::exceptions::PyValueError::new_err(format!(
            "{} states but {} players: one player per state",
            states.len(),
            players.len()
        )));
    }
    let pairs = states
        .iter()
        .zip(players)
        .map(|(s, p)| Ok((s.inner, s.seat(p)? as u8)))
        .collect::<PyResult<Vec<_>>>()?;
    let observe = <core::State as crate::vector::Game>::observe;
    crate::batch::observations_out(py, &pairs, information::OBSERVATION_SIZE, observe, out)
}

/// Adds the Sheepshead names to `_core`, prefixed; `tricktaker.sheepshead` re-exports them unprefixed.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("SheepsheadState", py.get_type::<State>())?;
    m.add("SheepsheadRules", py.get_type::<Rules>())?;
    m.add("SheepsheadVectorState", py.get_type::<VectorState>())?;
    m.add("sheepshead_random_playouts", wrap_pyfunction!(random_playouts, m)?)?;
    m.add("sheepshead_random_summaries", wrap_pyfunction!(random_summaries, m)?)?;
    m.add("sheepshead_playouts", wrap_pyfunction!(playouts, m)?)?;
    m.add("sheepshead_observations", wrap_pyfunction!(observations, m)?)?;
    m.add("sheepshead_trick_winner", wrap_pyfunction!(trick_winner, m)?)?;
    m.add("sheepshead_suit_of", wrap_pyfunction!(suit_of, m)?)?;
    m.add("sheepshead_card_points", wrap_pyfunction!(card_points, m)?)?;
    m.add("sheepshead_trumps", wrap_pyfunction!(trumps, m)?)?;
    m.add("SHEEPSHEAD_SUMMARY_COLUMNS", playout::SUMMARY_COLUMNS.to_vec())?;
    m.add("SHEEPSHEAD_NUM_ACTIONS", NUM_ACTIONS)?;
    m.add("SHEEPSHEAD_OBSERVATION_SIZE", information::OBSERVATION_SIZE)?;
    m.add("SHEEPSHEAD_NUM_PLAYERS", NUM_PLAYERS)?;
    Ok(())
}
