//! `tricktaker.tractor.State`, `Rules` and the batch functions of Tractor rounds.

use crate::args::seed_arg;
use crate::card::{card_object, Card};
use crate::errors;
use crate::tractor::{hand_arg, Trump};
use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyType};
use tricktaker_core::cards::Card as CoreCard;
use tricktaker_core::rng::Rng;
use tricktaker_core::tractor::actions::{Action, NUM_ACTIONS};
use tricktaker_core::tractor::declare::Declaration;
use tricktaker_core::tractor::round::{self, Origin, NUM_PLAYERS};
use tricktaker_core::tractor::rules::{FailedThrowForced, FirstDrawer, GameEnd, KittyMultiplier, Over240};
use tricktaker_core::tractor::scoring;
use tricktaker_core::tractor::{information, playout, resample, rules, Hand, TrumpContext};

/// Every option of A.4 (keyword-only; every default is the specification's).
#[pyclass(frozen, eq, hash, module = "tricktaker.tractor", name = "Rules")]
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Rules(pub rules::Rules);

#[pymethods]
impl Rules {
    #[new]
    #[pyo3(signature = (*, first_drawer_round1 = "random", allow_self_reinforce = false,
                        red_pair_overrides_black_pair = false, plain_suit_gap_closing = true,
                        tractor_must_follow_tractor = false, failed_throw_forced = "fewest_cards_then_lowest",
                        negative_points_as_zero = true, over_240 = "per40_from_80", kitty_multiplier = "seed_2c",
                        game_end = "pass_ace"))]
    #[allow(clippy::too_many_arguments)] // one keyword per option of A.4
    fn py_new(
        first_drawer_round1: &str,
        allow_self_reinforce: bool,
        red_pair_overrides_black_pair: bool,
        plain_suit_gap_closing: bool,
        tractor_must_follow_tractor: bool,
        failed_throw_forced: &str,
        negative_points_as_zero: bool,
        over_240: &str,
        kitty_multiplier: &str,
        game_end: &str,
    ) -> PyResult<Rules> {
        Ok(Rules(rules::Rules {
            first_drawer_round1: FirstDrawer::parse(first_drawer_round1).map_err(errors::rules)?,
            allow_self_reinforce,
            red_pair_overrides_black_pair,
            plain_suit_gap_closing,
            tractor_must_follow_tractor,
            failed_throw_forced: FailedThrowForced::parse(failed_throw_forced).map_err(errors::rules)?,
            negative_points_as_zero,
            over_240: Over240::parse(over_240).map_err(errors::rules)?,
            kitty_multiplier: KittyMultiplier::parse(kitty_multiplier).map_err(errors::rules)?,
            game_end: GameEnd::parse(game_end).map_err(errors::rules)?,
        }))
    }

    #[getter]
    fn first_drawer_round1(&self) -> &'static str {
        self.0.first_drawer_round1.name()
    }
    #[getter]
    fn allow_self_reinforce(&self) -> bool {
        self.0.allow_self_reinforce
    }
    #[getter]
    fn red_pair_overrides_black_pair(&self) -> bool {
        self.0.red_pair_overrides_black_pair
    }
    #[getter]
    fn plain_suit_gap_closing(&self) -> bool {
        self.0.plain_suit_gap_closing
    }
    #[getter]
    fn tractor_must_follow_tractor(&self) -> bool {
        self.0.tractor_must_follow_tractor
    }
    #[getter]
    fn failed_throw_forced(&self) -> &'static str {
        self.0.failed_throw_forced.name()
    }
    #[getter]
    fn negative_points_as_zero(&self) -> bool {
        self.0.negative_points_as_zero
    }
    #[getter]
    fn over_240(&self) -> &'static str {
        self.0.over_240.name()
    }
    #[getter]
    fn kitty_multiplier(&self) -> &'static str {
        self.0.kitty_multiplier.name()
    }
    #[getter]
    fn game_end(&self) -> &'static str {
        self.0.game_end.name()
    }

    /// The options as keyword arguments: ``Rules(**rules.to_dict()) == rules``.
    #[allow(clippy::wrong_self_convention)] // a Python method: `self` is borrowed from the object
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("first_drawer_round1", self.first_drawer_round1())?;
        d.set_item("allow_self_reinforce", self.0.allow_self_reinforce)?;
        d.set_item("red_pair_overrides_black_pair", self.0.red_pair_overrides_black_pair)?;
        d.set_item("plain_suit_gap_closing", self.0.plain_suit_gap_closing)?;
        d.set_item("tractor_must_follow_tractor", self.0.tractor_must_follow_tractor)?;
        d.set_item("failed_throw_forced", self.failed_throw_forced())?;
        d.set_item("negative_points_as_zero", self.0.negative_points_as_zero)?;
        d.set_item("over_240", self.over_240())?;
        d.set_item("kitty_multiplier", self.kitty_multiplier())?;
        d.set_item("game_end", self.game_end())?;
        Ok(d)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let items: Vec<String> = self
            .to_dict(py)?
            .iter()
            .map(|(k, v)| Ok(format!("{}={}", k, v.repr()?)))
            .collect::<PyResult<_>>()?;
        Ok(format!("Rules({})", items.join(", ")))
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (Bound<'py, PyDict>,))> {
        let py = slf.py();
        let rebuild = py.import("tricktaker.tractor")?.getattr("_rules_from_dict")?;
        Ok((rebuild, (slf.get().to_dict(py)?,)))
    }
}

fn rules_arg(rules: Option<&Bound<'_, PyAny>>) -> PyResult<rules::Rules> {
    crate::args::rules_arg::<Rules>(rules, "tricktaker.tractor.Rules").map(|r| r.0)
}

fn cards_out(py: Python<'_>, ctx: Option<&TrumpContext>, h: Hand) -> Vec<Py<Card>> {
    let cards: Vec<CoreCard> = match ctx {
        Some(ctx) => ctx.sorted(h),
        None => h.cards().collect(),
    };
    cards.into_iter().map(|c| card_object(py, c)).collect()
}

fn setup_err(e: round::SetupError) -> PyErr {
    errors::InvalidStateError::new_err(e.to_string())
}

fn declaration_text(d: Declaration) -> &'static str {
    match d {
        Declaration::Single(_) => "single",
        Declaration::Pair(_) => "pair",
        Declaration::Jokers { .. } => "jokers",
    }
}

/// Cards as Python objects.
type Cards = Vec<Py<Card>>;
/// The plays of a trick as (seat, cards), the lead first.
type Plays = Vec<(u8, Cards)>;

/// One Tractor round: the search protocol of DESIGN.md and a readable view of the table.
#[pyclass(module = "tricktaker.tractor", name = "State", eq)]
#[derive(Clone, PartialEq)]
pub struct State {
    pub inner: round::State,
}

impl State {
    fn seat(seat: i64) -> PyResult<usize> {
        usize::try_from(seat)
            .ok()
            .filter(|&s| s < NUM_PLAYERS)
            .ok_or_else(|| pyo3::exceptions::PyValueError::new_err(format!("seat must be 0-3, not {seat}")))
    }

    fn action_id(a: i64) -> PyResult<u8> {
        u8::try_from(a).ok().filter(|&a| (a as usize) < NUM_ACTIONS).ok_or_else(|| {
            errors::IllegalActionError::new_err(format!(
                "illegal action {a}: action ids run from 0 to {}",
                NUM_ACTIONS - 1
            ))
        })
    }

    fn ctx(&self) -> Option<&'static TrumpContext> {
        self.inner.trump_context()
    }
}

fn levels_arg(levels: (i64, i64)) -> PyResult<[u8; 2]> {
    let ok = |l: i64| u8::try_from(l).ok().filter(|l| (2..=14).contains(l));
    match (ok(levels.0), ok(levels.1)) {
        (Some(a), Some(b)) => Ok([a, b]),
        _ => Err(errors::InvalidStateError::new_err(format!(
            "levels must be two ints from 2 to 14 (ace), not {levels:?}"
        ))),
    }
}

#[pymethods]
impl State {
    /// A fresh round from a seeded shuffle (R13). Without declarers it is round 1 (R19, R21).
    #[staticmethod]
    #[pyo3(signature = (seed, rules = None, levels = (2, 2), declarers = None, starter = None),
           text_signature = "(seed, rules=None, levels=(2, 2), declarers=None, starter=None)")]
    fn new(
        seed: &Bound<'_, PyAny>,
        rules: Option<&Bound<'_, PyAny>>,
        levels: (i64, i64),
        declarers: Option<u8>,
        starter: Option<u8>,
    ) -> PyResult<State> {
        let inner =
            round::State::new(seed_arg(seed)?, rules_arg(rules)?, levels_arg(levels)?, declarers, starter)
                .map_err(setup_err)?;
        Ok(State { inner })
    }

    /// A play-phase position from explicit cards (hands of one size, 1–25).
    #[staticmethod]
    #[pyo3(signature = (hands, kitty, trump, starter, declarers, rules = None, levels = None))]
    fn from_cards(
        hands: &Bound<'_, PyAny>,
        kitty: &Bound<'_, PyAny>,
        trump: PyRef<'_, Trump>,
        starter: u8,
        declarers: u8,
        rules: Option<&Bound<'_, PyAny>>,
        levels: Option<(i64, i64)>,
    ) -> PyResult<State> {
        let hands = hands.try_iter()?.map(|h| hand_arg(&h?)).collect::<PyResult<Vec<Hand>>>()?;
        let hands: [Hand; NUM_PLAYERS] = hands.try_into().map_err(|v: Vec<Hand>| {
            errors::InvalidStateError::new_err(format!("expected 4 hands, got {}", v.len()))
        })?;
        let levels = levels.map(levels_arg).transpose()?;
        let inner = round::State::from_cards(
            hands,
            hand_arg(kitty)?,
            trump.ctx.trump(),
            starter,
            declarers,
            rules_arg(rules)?,
            levels,
        )
        .map_err(setup_err)?;
        Ok(State { inner })
    }

    /// Restores a round dealt from a generator state (used by `from_json`); `restacks` lists the deals of a
    /// resampled round drawn from a given stack: ``(deal, stack of 108 card strings, generator after)``.
    #[staticmethod]
    #[pyo3(signature = (rng_state, rules, levels, declarers, starter, restacks = Vec::new()))]
    fn _from_rng_state(
        rng_state: [u64; 4],
        rules: Option<&Bound<'_, PyAny>>,
        levels: (i64, i64),
        declarers: Option<u8>,
        starter: Option<u8>,
        restacks: Vec<(u16, Vec<String>, [u64; 4])>,
    ) -> PyResult<State> {
        let generator = |words: [u64; 4]| {
            Rng::from_state(words)
                .ok_or_else(|| errors::InvalidStateError::new_err("a generator state cannot be all zeros"))
        };
        let (rng, rules, levels) = (generator(rng_state)?, rules_arg(rules)?, levels_arg(levels)?);
        let inner = if restacks.is_empty() {
            round::State::from_rng(rng, rules, levels, declarers, starter)
        } else {
            let mut stacks = Vec::with_capacity(restacks.len());
            for (deal, cards, after) in restacks {
                let cards: Vec<CoreCard> =
                    cards.iter().map(|c| c.parse::<CoreCard>()).collect::<Result<_, _>>().map_err(|e| {
                        errors::InvalidStateError::new_err(format!("restacked deal {deal}: {e}"))
                    })?;
                let stack: [CoreCard; 108] = cards.try_into().map_err(|c: Vec<CoreCard>| {
                    errors::InvalidStateError::new_err(format!("a stack has 108 cards, not {}", c.len()))
                })?;
                stacks.push(round::Restack { deal, stack, after: generator(after)? });
            }
            round::State::from_restacks(round::Restacks { rng, stacks }, rules, levels, declarers, starter)
        };
        Ok(State { inner: inner.map_err(setup_err)? })
    }

    /// What the round started from: ``("deal", rng_state, declarers, starter, restacks)`` (see
    /// `_from_rng_state`) or ``("position", hands, kitty, (rank, suit), starter)``.
    fn _origin(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let (d, s) = self.inner.start_setup();
        Ok(match self.inner.origin() {
            Origin::Deal(rng) => {
                let none: Vec<(u16, Vec<String>, [u64; 4])> = Vec::new();
                ("deal", rng.state(), d, s, none).into_pyobject(py)?.into_any().unbind()
            }
            Origin::Restacked(r) => {
                let stacks: Vec<(u16, Vec<String>, [u64; 4])> = r
                    .stacks
                    .iter()
                    .map(|x| (x.deal, x.stack.iter().map(|c| c.to_string()).collect(), x.after.state()))
                    .collect();
                ("deal", r.rng.state(), d, s, stacks).into_pyobject(py)?.into_any().unbind()
            }
            Origin::Position { hands, kitty, trump, starter } => {
                let hands: Vec<Vec<Py<Card>>> = hands.iter().map(|&h| cards_out(py, None, h)).collect();
                let trump = (trump.rank().map(|r| r.name()), trump.suit().map(|s| s.letter()));
                ("position", hands, cards_out(py, None, *kitty), trump, *starter)
                    .into_pyobject(py)?
                    .into_any()
                    .unbind()
            }
        })
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
        self.inner.apply(u32::from(a)).map_err(|e| errors::IllegalActionError::new_err(e.to_string()))
    }
    /// Applies an action given by id or by text (``"play AH"``, ``"finish"``, ``"declare 2H 2H"``).
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
        Ok(Action::from_id(a).expect("checked id").text(self.inner.rank()))
    }
    fn string_to_action(&self, text: &str) -> PyResult<u32> {
        Action::parse(text, self.inner.rank())
            .map(|a| u32::from(a.id()))
            .map_err(|e| errors::IllegalActionError::new_err(e.to_string()))
    }

    // ---- whole plays ----

    /// Every whole play the player to move may make now, each sorted in play order. A lead may be any set of
    /// cards of one suit, so a long suit on lead has very many (a 25-card suit: about a million, seconds to
    /// list); search code should build plays card by card through `legal_actions()` instead.
    fn legal_plays(&self, py: Python<'_>) -> Vec<Vec<Py<Card>>> {
        let ctx = self.ctx();
        let mut plays: Vec<Hand> = self.inner.legal_plays();
        plays.sort_by_key(|p| p.cards().map(CoreCard::id).collect::<Vec<_>>());
        plays.into_iter().map(|p| cards_out(py, ctx, p)).collect()
    }

    /// Plays a whole play (``"AH AH"`` or a list of cards): refused whole, with the reason, if illegal.
    fn play(&mut self, cards: &Bound<'_, PyAny>) -> PyResult<()> {
        let play = match cards.extract::<String>() {
            Ok(text) => {
                let parsed: Result<Vec<CoreCard>, _> = text.split_whitespace().map(str::parse).collect();
                let parsed = parsed.map_err(errors::card_parse)?;
                Hand::try_from(parsed.as_slice())
                    .map_err(|e| errors::IllegalPlayError::new_err(e.to_string()))?
            }
            Err(_) => hand_arg(cards)?,
        };
        self.inner.apply_play(play).map_err(|e| errors::IllegalPlayError::new_err(e.reason))
    }

    // ---- the friendly view ----

    #[getter]
    fn rules(&self) -> Rules {
        Rules(self.inner.rules())
    }
    /// ``"draw"``, ``"kitty"``, ``"play"`` or ``"done"``.
    #[getter]
    fn phase(&self) -> &'static str {
        self.inner.phase().name()
    }
    /// The trump once fixed (after the draw), else ``None``.
    #[getter]
    fn trump(&self) -> Option<Trump> {
        self.inner.trump_context().map(|ctx| Trump { ctx })
    }
    /// The trump rank of the round (the declarers' level, R5), as text.
    #[getter]
    fn rank(&self) -> &'static str {
        self.inner.rank().name()
    }
    #[getter]
    fn levels(&self) -> (u8, u8) {
        let l = self.inner.levels();
        (l[0], l[1])
    }
    /// The declaring team (0: seats 0 and 2, 1: seats 1 and 3); ``None`` in round 1 before a declaration.
    #[getter]
    fn declarers(&self) -> Option<u8> {
        self.inner.declarers()
    }
    #[getter]
    fn starter(&self) -> Option<u8> {
        self.inner.starter()
    }
    /// The standing declaration as ``(seat, kind, cards)``, kind ``"single"``, ``"pair"`` or ``"jokers"``.
    #[getter]
    fn declaration(&self, py: Python<'_>) -> Option<(u8, &'static str, Vec<Py<Card>>)> {
        self.inner.standing().map(|st| {
            (
                st.by,
                declaration_text(st.declaration),
                cards_out(py, None, st.declaration.cards(self.inner.rank())),
            )
        })
    }
    /// The cards each seat has exposed to declare (they stay in the hand).
    fn exposed(&self, py: Python<'_>) -> Vec<Vec<Py<Card>>> {
        self.inner.exposed().iter().map(|&h| cards_out(py, None, h)).collect()
    }
    /// Cards drawn so far, 0–100.
    #[getter]
    fn drawn(&self) -> u8 {
        self.inner.drawn()
    }
    /// How many deals the round took (more than one after a redeal, R19).
    #[getter]
    fn deals(&self) -> u16 {
        self.inner.deals()
    }
    /// A seat's cards, in play order once the trump is fixed.
    fn hand(&self, py: Python<'_>, seat: i64) -> PyResult<Vec<Py<Card>>> {
        Ok(cards_out(py, self.ctx(), self.inner.hand(State::seat(seat)?)))
    }
    fn hands(&self, py: Python<'_>) -> Vec<Vec<Py<Card>>> {
        (0..NUM_PLAYERS).map(|s| cards_out(py, self.ctx(), self.inner.hand(s))).collect()
    }
    /// The kitty: the starter's 8 discards (R23, R24).
    #[getter]
    fn kitty(&self, py: Python<'_>) -> Vec<Py<Card>> {
        cards_out(py, self.ctx(), self.inner.kitty())
    }
    /// The trick on the table as ``(seat, cards)`` pairs, the lead first; the play being built is not in it.
    fn current_trick(&self, py: Python<'_>) -> Plays {
        let leader = self.inner.leader();
        let ctx = self.ctx();
        self.inner
            .trick_plays()
            .iter()
            .enumerate()
            .map(|(i, &p)| ((leader + i as u8) % 4, cards_out(py, ctx, p)))
            .collect()
    }
    /// The cards added so far to the play being built by the player to move.
    fn partial_play(&self, py: Python<'_>) -> Vec<Py<Card>> {
        cards_out(py, self.ctx(), self.inner.partial())
    }
    /// The last completed trick as ``(leader, [(seat, cards)…], winner)``.
    fn last_trick(&self, py: Python<'_>) -> Option<(u8, Plays, u8)> {
        let ctx = self.ctx();
        self.inner.last_trick().map(|t| {
            let plays = t
                .plays
                .iter()
                .enumerate()
                .map(|(i, &p)| ((t.leader + i as u8) % 4, cards_out(py, ctx, p)))
                .collect();
            (t.leader, plays, t.winner)
        })
    }
    #[getter]
    fn tricks_played(&self) -> u16 {
        self.inner.tricks_played()
    }
    /// P so far: the opponents' card points plus the kitty bonus and throw penalties (R40–R42); a negative
    /// total reads 0 under `negative_points_as_zero` (R43, the default).
    #[getter]
    fn points(&self) -> i32 {
        self.inner.reported_points()
    }
    /// Card points taken in tricks by each team.
    #[getter]
    fn trick_points(&self) -> (u32, u32) {
        let t = self.inner.trick_points();
        (t[0], t[1])
    }
    #[getter]
    fn kitty_bonus(&self) -> i32 {
        self.inner.kitty_bonus()
    }
    /// The last failed throw: ``(seat, attempted, forced, penalty)``.
    fn failed_throw(&self, py: Python<'_>) -> Option<(u8, Cards, Cards, i32)> {
        let ctx = self.ctx();
        self.inner
            .failed_throw()
            .map(|f| (f.seat, cards_out(py, ctx, f.attempted), cards_out(py, ctx, f.forced), f.penalty))
    }
    #[getter]
    fn failed_throws(&self) -> u16 {
        self.inner.failed_throws()
    }

    /// A 64-bit key, equal for two rounds exactly when `player`'s information in them is equal.
    fn information_state_key(&self, player: i64) -> PyResult<u64> {
        Ok(information::information_key(&self.inner, State::seat(player)? as u8))
    }

    /// What `player` may know as a float32 vector of `OBSERVATION_SHAPE` (layout in `docs/tractor-protocol.md`);
    /// written into `out` (a C-contiguous float32 array of that shape) when given.
    #[pyo3(signature = (player, out = None))]
    fn observation<'py>(
        &self,
        py: Python<'py>,
        player: i64,
        out: Option<Bound<'py, PyArray1<f32>>>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let mut buffer = [0.0f32; information::OBSERVATION_SIZE];
        information::observe(&self.inner, State::seat(player)? as u8, &mut buffer);
        crate::batch::observation_out(py, &buffer, out)
    }

    /// A round `player` cannot tell from this one: every card hidden from `player` dealt again at random among
    /// the deals consistent with everything `player` has seen (method and uniformity: the module docs).
    fn resample(&self, py: Python<'_>, player: i64, seed: &Bound<'_, PyAny>) -> PyResult<State> {
        let (seat, mut rng) = (State::seat(player)? as u8, Rng::new(seed_arg(seed)?));
        let inner = py.detach(|| resample::resample(&self.inner, seat, &mut rng));
        Ok(State { inner: inner.map_err(|e| errors::ResampleError::new_err(e.to_string()))? })
    }

    /// ``n`` independent resamples for `player` at once (faster than ``n`` calls: what `player` saw is read
    /// once), computed with the GIL released.
    fn resamples(
        &self,
        py: Python<'_>,
        player: i64,
        n: usize,
        seed: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<State>> {
        let (seat, mut rng) = (State::seat(player)? as u8, Rng::new(seed_arg(seed)?));
        let states = py.detach(|| resample::resamples(&self.inner, seat, n, &mut rng));
        let states = states.map_err(|e| errors::ResampleError::new_err(e.to_string()))?;
        Ok(states.into_iter().map(|inner| State { inner }).collect())
    }

    fn to_json(slf: &Bound<'_, Self>) -> PyResult<String> {
        slf.py().import("tricktaker.tractor")?.getattr("_state_to_json")?.call1((slf,))?.extract()
    }
    #[classmethod]
    fn from_json(cls: &Bound<'_, PyType>, text: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        Ok(cls.py().import("tricktaker.tractor")?.getattr("_state_from_json")?.call1((text,))?.unbind())
    }
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        Ok((slf.get_type().getattr("from_json")?, (State::to_json(slf)?,)))
    }
    fn __str__(slf: &Bound<'_, Self>) -> PyResult<String> {
        slf.py().import("tricktaker.tractor")?.getattr("_render")?.call1((slf,))?.extract()
    }
    fn __repr__(&self) -> String {
        format!("<tractor.State phase={} actions={}>", self.inner.phase().name(), self.inner.history().len())
    }
}

/// `n` random rounds (round 1 at level 2: draw, declarations, kitty, play, score): an `(n, 4)` int32 array.
#[pyfunction]
#[pyo3(signature = (n, seed, *, threads = None, rules = None))]
pub fn random_playouts<'py>(
    py: Python<'py>,
    n: usize,
    seed: &Bound<'py, PyAny>,
    threads: Option<usize>,
    rules: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let (rules, seed) = (rules_arg(rules)?, seed_arg(seed)?);
    crate::batch::to_numpy(py, n, NUM_PLAYERS, threads, |t| playout::random_playouts(n, seed, rules, t))
}

/// `n` random rounds as in `random_playouts`, summarised in the columns of `TRACTOR_SUMMARY_COLUMNS`.
#[pyfunction]
#[pyo3(signature = (n, seed, *, threads = None, rules = None))]
pub fn random_summaries<'py>(
    py: Python<'py>,
    n: usize,
    seed: &Bound<'py, PyAny>,
    threads: Option<usize>,
    rules: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let (rules, seed) = (rules_arg(rules)?, seed_arg(seed)?);
    let width = playout::SUMMARY_COLUMNS.len();
    crate::batch::to_numpy(py, n, width, threads, |t| {
        playout::random_batch(n, seed, rules, t, playout::summary)
    })
}

/// R43: ``(declarers_hold, levels)`` for the opponents' points P.
#[pyfunction]
pub fn level_outcome(points: i64) -> (bool, u8) {
    let o = scoring::level_outcome(points.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32);
    (o.declarers_hold, o.levels)
}

/// Levels, declarers, starter and the winner, if any.
type NextRound = ((u8, u8), u8, u8, Option<u8>);

/// R44–R47: ``(levels, declarers, starter, winner)`` after a round.
#[pyfunction]
pub fn next_round(
    levels: (i64, i64),
    declarers: u8,
    starter: u8,
    points: i64,
    game_end: &str,
) -> PyResult<NextRound> {
    if declarers > 1 || starter > 3 {
        return Err(errors::InvalidStateError::new_err("declarers is a team 0/1 and starter a seat 0-3"));
    }
    let p = scoring::next_round(
        levels_arg(levels)?,
        declarers,
        starter,
        points.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32,
        GameEnd::parse(game_end).map_err(errors::rules)?,
    );
    Ok(((p.levels[0], p.levels[1]), p.declarers, p.starter, p.winner))
}

/// `state` finished `n` times (rollouts) with `policy` ("random" or "greedy"): an `(n, players)` int32 array
/// of returns, computed in Rust on `threads` threads with the GIL released; rollout `i` depends only on `seed`
/// and `i`.
#[pyfunction]
#[pyo3(signature = (state, n, seed, *, threads = None, policy = "random"))]
pub fn playouts<'py>(
    py: Python<'py>,
    state: PyRef<'py, State>,
    n: usize,
    seed: &Bound<'py, PyAny>,
    threads: Option<usize>,
    policy: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let (inner, seed, policy) = (state.inner.clone(), seed_arg(seed)?, policy_arg(policy)?);
    crate::batch::to_numpy(py, n, NUM_PLAYERS, threads, |t| playout::rollouts(&inner, n, seed, policy, t))
}

/// `state` finished `n` times as in `playouts`, each rollout summarised in the columns of
/// `TRACTOR_SUMMARY_COLUMNS` (the opponents' points among them).
#[pyfunction]
#[pyo3(signature = (state, n, seed, *, threads = None, policy = "random"))]
pub fn playout_summaries<'py>(
    py: Python<'py>,
    state: PyRef<'py, State>,
    n: usize,
    seed: &Bound<'py, PyAny>,
    threads: Option<usize>,
    policy: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let (inner, seed, policy) = (state.inner.clone(), seed_arg(seed)?, policy_arg(policy)?);
    let width = playout::SUMMARY_COLUMNS.len();
    crate::batch::to_numpy(py, n, width, threads, |t| {
        playout::rollouts_with(&inner, n, seed, policy, t, playout::summary)
    })
}

fn policy_arg(name: &str) -> PyResult<playout::Policy> {
    playout::Policy::parse(name).ok_or_else(|| {
        pyo3::exceptions::PyValueError::new_err(format!("policy must be 'random' or 'greedy', not {name:?}"))
    })
}

impl crate::vector::Game for round::State {
    type Rules = rules::Rules;
    const NUM_ACTIONS: usize = NUM_ACTIONS;
    const NUM_PLAYERS: usize = NUM_PLAYERS;
    const OBSERVATION_SIZE: usize = information::OBSERVATION_SIZE;
    fn deal(seed: u64, rules: rules::Rules) -> round::State {
        round::State::new(seed, rules, [2, 2], None, None).expect("round 1 at level 2 is valid")
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
        round::State::returns(self).to_vec()
    }
    fn observe(&self, seat: u8, out: &mut [f32]) {
        information::observe(self, seat, out.try_into().expect("a row of OBSERVATION_SIZE"));
    }
}

crate::vector::vector_class!(
    "`n` Tractor rounds (round 1 at level 2, seeds derived from `seed`) stepped together: a round that ends is \
     recorded and dealt again.",
    "tricktaker.tractor",
    round::State,
    State,
    rules::Rules,
    rules_arg,
    |r: rules::Rules| r,
    |inner: round::State, _: rules::Rules| State { inner }
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
        .map(|(s, p)| Ok((s.inner.clone(), State::seat(p)? as u8)))
        .collect::<PyResult<Vec<_>>>()?;
    let observe = <round::State as crate::vector::Game>::observe;
    crate::batch::observations_out(py, &pairs, information::OBSERVATION_SIZE, observe, out)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("TractorState", py.get_type::<State>())?;
    m.add("TractorRules", py.get_type::<Rules>())?;
    m.add("TractorVectorState", py.get_type::<VectorState>())?;
    m.add("tractor_random_playouts", wrap_pyfunction!(random_playouts, m)?)?;
    m.add("tractor_random_summaries", wrap_pyfunction!(random_summaries, m)?)?;
    m.add("tractor_playouts", wrap_pyfunction!(playouts, m)?)?;
    m.add("tractor_playout_summaries", wrap_pyfunction!(playout_summaries, m)?)?;
    m.add("tractor_observations", wrap_pyfunction!(observations, m)?)?;
    m.add("tractor_level_outcome", wrap_pyfunction!(level_outcome, m)?)?;
    m.add("tractor_next_round", wrap_pyfunction!(next_round, m)?)?;
    m.add("TRACTOR_SUMMARY_COLUMNS", playout::SUMMARY_COLUMNS.to_vec())?;
    m.add("TRACTOR_NUM_ACTIONS", NUM_ACTIONS)?;
    m.add("TRACTOR_OBSERVATION_SIZE", information::OBSERVATION_SIZE)?;
    m.add("TRACTOR_NUM_PLAYERS", NUM_PLAYERS)?;
    Ok(())
}
