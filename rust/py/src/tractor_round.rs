//! `tricktaker._core.tractor`: the native round `State` (the protocol from `game.rs`, then the table), `Rules`,
//! the batch functions and the scoring rules.

use crate::args::{check_limit, items, limit_arg, seat_arg, seed_arg, Int, Text};
use crate::card::{card_object, Card};
use crate::errors;
use crate::game::rules_class;
use crate::tractor::{hand_arg, play_arg, sort_plays, Trump};
use pyo3::prelude::*;
use tricktaker_core::cards::Card as CoreCard;
use tricktaker_core::options::{RuleOptions, Value};
use tricktaker_core::tractor::declare::Declaration;
use tricktaker_core::tractor::round::{self, NUM_PLAYERS};
use tricktaker_core::tractor::rules;
use tricktaker_core::tractor::scoring;
use tricktaker_core::tractor::{Hand, TrumpContext};
use tricktaker_core::Game;

tricktaker_core::tractor_rule_table!(rules_class (rules::Rules) Rules "tricktaker.tractor");

fn cards_out(py: Python<'_>, ctx: Option<&TrumpContext>, h: Hand) -> Vec<Py<Card>> {
    let cards: Vec<CoreCard> = match ctx {
        Some(ctx) => ctx.sorted(h),
        None => h.cards().collect(),
    };
    cards.into_iter().map(|c| card_object(py, c)).collect()
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

impl State {
    fn ctx(&self) -> Option<&'static TrumpContext> {
        self.inner.trump_context()
    }

    /// Seat `seat`'s cards as a `render.Hand`, which knows the trump that orders and marks them.
    fn hand_object<'py>(&self, py: Python<'py>, seat: usize) -> PyResult<Bound<'py, PyAny>> {
        let cards = cards_out(py, self.ctx(), self.inner.hand(seat));
        let trump = self.ctx().map(|ctx| Bound::new(py, Trump { ctx })).transpose()?;
        crate::package::hand(py, cards, "tractor", trump.map(Bound::into_any))
    }
}

/// The two teams' levels, a pair of ints each from 2 to 14 (the ace, R2) or 15 (NT, F35: the round or the
/// scoring refuses it unless `after_ace = no_trump_level`).
fn levels_arg(levels: &Bound<'_, PyAny>) -> PyResult<[u8; 2]> {
    let pair = items(levels, "levels", 2)?;
    if pair.len() != 2 {
        return Err(errors::ArgumentError::new_err(format!("levels must be two ints, not {}", pair.len())));
    }
    Ok([
        pair[0].extract::<Int>()?.within("levels[0]", 2, scoring::NT_LEVEL.into())?,
        pair[1].extract::<Int>()?.within("levels[1]", 2, scoring::NT_LEVEL.into())?,
    ])
}

/// Four hands of cards, one a seat.
fn hands_arg(hands: &Bound<'_, PyAny>) -> PyResult<[Hand; NUM_PLAYERS]> {
    let hands = items(hands, "hands", NUM_PLAYERS)?
        .iter()
        .map(|h| play_arg(h, "a hand"))
        .collect::<PyResult<Vec<Hand>>>()?;
    hands.try_into().map_err(|v: Vec<Hand>| {
        errors::InvalidStateError::new_err(format!("expected 4 hands, got {}", v.len()))
    })
}

/// The setup of a fresh round (`State.new`, `State.from_stack`): the rules, the levels (2, 2 by default), the
/// declaring team and the starter (none: round 1).
type RoundSetup = (rules::Rules, [u8; 2], Option<u8>, Option<u8>);

fn round_setup(
    rules: Option<&Bound<'_, PyAny>>,
    levels: Option<&Bound<'_, PyAny>>,
    declarers: Option<Int>,
    starter: Option<Int>,
) -> PyResult<RoundSetup> {
    Ok((
        rules_arg(rules)?.0,
        levels.map(levels_arg).transpose()?.unwrap_or([2, 2]),
        declarers.map(|d| team_arg(d, "declarers")).transpose()?,
        starter.map(|s| seat_arg(s, "starter", NUM_PLAYERS)).transpose()?,
    ))
}

/// A team, 0 (seats 0 and 2) or 1 (R4).
fn team_arg(team: Int, name: &str) -> PyResult<u8> {
    team.within(name, 0, 1)
}

/// The points of a round (clamped by the rules' arithmetic to a 32-bit int).
fn points_arg(points: Int) -> PyResult<i32> {
    points.within("points", i32::MIN.into(), i32::MAX.into())
}

crate::game::state_class!(
    /// One Tractor round: the search protocol of ``docs/design.md`` and a readable view of the table.
    State(round::State), "tricktaker.tractor", Rules;
    /// A fresh round from a seeded shuffle (R13). Without declarers it is round 1 (R19, R21).
    #[staticmethod]
    #[pyo3(signature = (seed, rules = None, levels = None, declarers = None, starter = None),
           text_signature = "(seed, rules=None, levels=(2, 2), declarers=None, starter=None)")]
    fn new(
        seed: Int,
        rules: Option<&Bound<'_, PyAny>>,
        levels: Option<&Bound<'_, PyAny>>,
        declarers: Option<Int>,
        starter: Option<Int>,
    ) -> crate::errors::Result<State> {
        let (rules, levels, declarers, starter) = round_setup(rules, levels, declarers, starter)?;
        Ok(State { inner: round::State::new(seed_arg(seed)?, rules, levels, declarers, starter)? })
    }

    /// A fresh round drawn from a given stack of the 108 cards (R13: position 0 is drawn first, the last 8
    /// are the talon), where :meth:`new` shuffles one. Under a ``kitty_size`` that takes cards out (F5), the
    /// last copy of each in the stack is taken out and the talon is the ``kitty_size`` cards after the draws. ``seed`` seeds what else is random: the first drawer of
    /// round 1 when the rules draw it at random, and the stacks of R19 redeals. Without declarers it is round
    /// 1. A stack that is not the two decks exactly is refused with an ``InvalidStateError`` naming the card.
    #[staticmethod]
    #[pyo3(signature = (stack, seed = Int::new(0), rules = None, levels = None, declarers = None, starter = None),
           text_signature = "(stack, seed=0, rules=None, levels=(2, 2), declarers=None, starter=None)")]
    fn from_stack(
        stack: &Bound<'_, PyAny>,
        seed: Int,
        rules: Option<&Bound<'_, PyAny>>,
        levels: Option<&Bound<'_, PyAny>>,
        declarers: Option<Int>,
        starter: Option<Int>,
    ) -> crate::errors::Result<State> {
        let cards = items(stack, "stack", round::STACK)?
            .iter()
            .map(crate::card::extract_card)
            .collect::<PyResult<Vec<CoreCard>>>()?;
        let stack: [CoreCard; round::STACK] = cards.try_into().map_err(|v: Vec<CoreCard>| {
            errors::InvalidStateError::new_err(format!("a stack holds the 108 cards of two decks, not {}", v.len()))
        })?;
        let (rules, levels, declarers, starter) = round_setup(rules, levels, declarers, starter)?;
        let rng = tricktaker_core::rng::Rng::new(seed_arg(seed)?);
        let restacks = round::Restacks { rng, stacks: vec![round::Restack { deal: 1, stack, after: rng }] };
        Ok(State { inner: round::State::from_restacks(restacks, rules, levels, declarers, starter)? })
    }

    /// A play-phase position from explicit cards (hands of one size, 1–25, or up to the hand of
    /// ``kitty_size``).
    #[staticmethod]
    #[pyo3(signature = (hands, kitty, trump, starter, declarers, rules = None, levels = None))]
    fn from_cards(
        hands: &Bound<'_, PyAny>,
        kitty: &Bound<'_, PyAny>,
        trump: PyRef<'_, Trump>,
        starter: Int,
        declarers: Int,
        rules: Option<&Bound<'_, PyAny>>,
        levels: Option<&Bound<'_, PyAny>>,
    ) -> crate::errors::Result<State> {
        let (starter, declarers) = (seat_arg(starter, "starter", NUM_PLAYERS)?, team_arg(declarers, "declarers")?);
        let levels = levels.map(levels_arg).transpose()?;
        let inner = round::State::from_cards(
            hands_arg(hands)?,
            hand_arg(kitty)?,
            trump.ctx.trump(),
            starter,
            declarers,
            rules_arg(rules)?.0,
            levels,
        )?;
        Ok(State { inner })
    }

    /// A round set up at any point of its card play, every card given (an endgame to analyse, a puzzle).
    /// ``hands`` are the cards held now (a seat that played to the trick on the table holds fewer; the cards of
    /// ``partial``, the play the seat to act is building, are still in its hand); ``table`` the plays made to
    /// the trick in order from ``leader`` (any seat); ``tricks``, ``points`` (the opponents' card points, R40)
    /// and ``penalties`` (R34, R42) what the completed tricks came to; ``failed_throws`` and ``deals`` what the
    /// summary reports. The cards in no hand, on no table and in no kitty were played in the completed
    /// tricks. Every inconsistency is refused with an ``InvalidStateError`` naming it; the table's plays are
    /// checked as if played, and they are the new round's history (``undo`` stops at the trick's start).
    /// ``state.position()`` gives the keyword arguments back.
    #[staticmethod]
    #[pyo3(signature = (hands, *, trump, declarers, starter, leader = None, kitty = None, levels = None,
                        table = None, partial = None, tricks = Int::new(0), points = Int::new(0),
                        penalties = Int::new(0), failed_throws = Int::new(0), deals = Int::new(0), rules = None),
           text_signature = "(hands, *, trump, declarers, starter, leader=None, kitty=None, levels=None, \
                             table=None, partial=None, tricks=0, points=0, penalties=0, failed_throws=0, \
                             deals=0, rules=None)")]
    #[allow(clippy::too_many_arguments)]
    fn from_position(
        hands: &Bound<'_, PyAny>,
        trump: PyRef<'_, Trump>,
        declarers: Int,
        starter: Int,
        leader: Option<Int>,
        kitty: Option<&Bound<'_, PyAny>>,
        levels: Option<&Bound<'_, PyAny>>,
        table: Option<&Bound<'_, PyAny>>,
        partial: Option<&Bound<'_, PyAny>>,
        tricks: Int,
        points: Int,
        penalties: Int,
        failed_throws: Int,
        deals: Int,
        rules: Option<&Bound<'_, PyAny>>,
    ) -> crate::errors::Result<State> {
        let seat = |s: Int, name: &str| seat_arg(s, name, NUM_PLAYERS);
        let starter = seat(starter, "starter")?;
        let declarers = team_arg(declarers, "declarers")?;
        let trump = trump.ctx.trump();
        let rank_level = trump.rank().map_or(2, |r| r.value());
        let levels = match levels {
            Some(l) => levels_arg(l)?,
            None if declarers == 0 => [rank_level, 2],
            None => [2, rank_level],
        };
        let mut plays = Vec::new();
        if let Some(t) = table {
            for play in items(t, "table", NUM_PLAYERS - 1)? {
                plays.push(play_arg(&play, "a play on the table")?);
            }
        }
        let position = tricktaker_core::tractor::Position {
            hands: hands_arg(hands)?,
            trump,
            declarers,
            starter,
            kitty: kitty.map(hand_arg).transpose()?.unwrap_or(Hand::EMPTY),
            levels,
            leader: leader.map(|l| seat(l, "leader")).transpose()?.unwrap_or(starter),
            table: plays,
            partial: partial.map(|p| play_arg(p, "partial")).transpose()?.unwrap_or(Hand::EMPTY),
            tricks: tricks.within("tricks", 0, tricktaker_core::tractor::deal::MAX_HAND as i128)?,
            points: points_arg(points)?,
            penalties: penalties.within("penalties", -100_000, 100_000)?,
            failed_throws: failed_throws.within("failed_throws", 0, 1000)?,
            deals: deals.within("deals", 0, u32::MAX.into())?,
        };
        Ok(State { inner: round::State::from_position(&position, rules_arg(rules)?.0)? })
    }

    /// The position of the card play as ``State.from_position``'s keyword arguments (every card shown), or
    /// ``None`` outside the play phase: ``State.from_position(**state.position(), rules=state.rules)`` plays
    /// on exactly as ``state`` does.
    fn position<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, pyo3::types::PyDict>>> {
        let (Some(p), Some(ctx)) = (self.inner.position(), self.ctx()) else { return Ok(None) };
        let d = pyo3::types::PyDict::new(py);
        let cards = |h: Hand| cards_out(py, Some(ctx), h);
        d.set_item("hands", p.hands.iter().map(|&h| cards(h)).collect::<Vec<_>>())?;
        d.set_item("trump", Bound::new(py, Trump { ctx })?)?;
        d.set_item("declarers", p.declarers)?;
        d.set_item("starter", p.starter)?;
        d.set_item("leader", p.leader)?;
        d.set_item("kitty", cards(p.kitty))?;
        d.set_item("levels", (p.levels[0], p.levels[1]))?;
        d.set_item("table", p.table.iter().map(|&h| cards(h)).collect::<Vec<_>>())?;
        d.set_item("partial", cards(p.partial))?;
        d.set_item("tricks", p.tricks)?;
        d.set_item("points", p.points)?;
        d.set_item("penalties", p.penalties)?;
        d.set_item("failed_throws", p.failed_throws)?;
        d.set_item("deals", p.deals)?;
        Ok(Some(d))
    }

    // ---- whole plays ----

    /// Every whole play the player to move may make now, each sorted in play order. A lead may be any set of
    /// cards of one suit, so a long suit on lead has very many: 25 trumps (seven pairs, eleven singles) have
    /// 4,478,975, seconds and gigabytes to list (27 trumps, with no kitty, have 10,077,695). With ``limit``, more than ``limit`` plays raise
    /// ``LimitExceededError`` (nothing is listed); ``count_legal_plays()`` counts them without listing. Search
    /// code should build plays card by card through ``legal_actions()`` instead.
    #[pyo3(signature = (*, limit = None))]
    fn legal_plays(&self, py: Python<'_>, limit: Option<Int>) -> PyResult<Vec<Vec<Py<Card>>>> {
        check_limit(limit_arg(limit)?, || self.inner.count_legal_plays(), "legal plays", "count_legal_plays")?;
        let ctx = self.ctx();
        let mut plays: Vec<Hand> = self.inner.legal_plays();
        sort_plays(&mut plays);
        Ok(plays.into_iter().map(|p| cards_out(py, ctx, p)).collect())
    }

    /// How many plays ``legal_plays()`` would list, counted without listing them (at most 5,200,300 with
    /// R13's hands of 25, 20,058,300 with hands of 27).
    fn count_legal_plays(&self) -> usize {
        self.inner.count_legal_plays()
    }

    /// Plays a whole play (``"AH AH"`` or a list of cards): refused whole, with the reason, if illegal.
    fn play(&mut self, cards: &Bound<'_, PyAny>) -> PyResult<()> {
        let play = match cards.cast::<pyo3::types::PyString>() {
            Ok(text) => {
                let text = crate::args::whole_text(text);
                let parsed: Result<Vec<CoreCard>, _> = text.split_whitespace().map(str::parse).collect();
                let parsed = parsed.map_err(|e| errors::CardParseError::new_err(e.to_string()))?;
                Hand::try_from(parsed.as_slice())
                    .map_err(|e| errors::IllegalPlayError::new_err(e.to_string()))?
            }
            Err(_) => hand_arg(cards)?,
        };
        self.inner.apply_play(play).map_err(|e| errors::IllegalPlayError::new_err(e.reason))
    }

    // ---- the friendly view ----

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
    /// The trump rank of the round (the declarers' level, R5), as text; ``"NT"`` at the level NT (F35), which
    /// has no rank.
    #[getter]
    fn rank(&self) -> &'static str {
        self.inner.rank().map_or("NT", |r| r.name())
    }
    /// The levels of team 0 (seats 0 and 2) and team 1 (seats 1 and 3), 2 to 14 (ace), 15 for NT under
    /// ``after_ace = "no_trump_level"``.
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
    /// The seat that takes the kitty and leads first (R22); ``None`` in round 1 before a declaration.
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
                cards_out(py, None, st.declaration.cards(self.inner.declaration_rank())),
            )
        })
    }
    /// The cards each seat has exposed to declare (they stay in the hand).
    fn exposed(&self, py: Python<'_>) -> Vec<Vec<Py<Card>>> {
        self.inner.exposed().iter().map(|&h| cards_out(py, None, h)).collect()
    }
    /// Cards drawn so far, 0–100 (0 to 4 × ``hand_size`` under ``kitty_size``, F5).
    #[getter]
    fn drawn(&self) -> u8 {
        self.inner.drawn()
    }
    /// The cards each player draws: 25 (R13), or (108 − ``kitty_size``) // 4 (F5).
    #[getter]
    fn hand_size(&self) -> u8 {
        self.inner.deal_shape().hand
    }
    /// The cards taken out before the draw so that the hands are equal (F5: a few 2s or 3s under a
    /// ``kitty_size`` other than 8, none by default), in the order taken out. They hold no points, take no
    /// part in the round, and are known to everyone.
    fn taken_out(&self, py: Python<'_>) -> Vec<Py<Card>> {
        let cards = self.inner.deal_shape().removed_cards();
        cards.iter().map(|&c| crate::card::card_object(py, c)).collect()
    }
    /// The stack of the current deal, in drawing order (R13): position 0 was drawn first, the last 8 are the
    /// talon (under ``kitty_size``: the ``4 * hand_size`` draws, the talon, then the cards ``taken_out``).
    /// It is hidden information: a seat sees only the cards it drew.
    fn stack(&self, py: Python<'_>) -> Vec<Py<Card>> {
        (0..round::STACK).map(|k| crate::card::card_object(py, self.inner.stack_card(k))).collect()
    }
    /// How many deals the round took (more than one after a redeal, R19).
    #[getter]
    fn deals(&self) -> u32 {
        self.inner.deals()
    }
    /// A seat's cards, in play order once the trump is fixed, as a ``render.Hand`` (a ``list`` of ``Card``
    /// that Jupyter draws, trumps marked).
    fn hand<'py>(&self, py: Python<'py>, seat: Int) -> PyResult<Bound<'py, PyAny>> {
        self.hand_object(py, usize::from(seat_arg(seat, "seat", NUM_PLAYERS)?))
    }
    /// Every seat's cards, as ``hand(seat)`` gives them (``render.Hand`` lists).
    fn hands<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyAny>>> {
        (0..NUM_PLAYERS).map(|s| self.hand_object(py, s)).collect()
    }
    /// The kitty: the starter's 8 discards (R23, R24), or ``kitty_size`` of them (none when it is 0, F5).
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
    /// The tricks completed so far.
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
    /// The kitty's points as counted for the opponents when they take the last trick (R41), else 0.
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
    /// How many throws failed this round (R34).
    #[getter]
    fn failed_throws(&self) -> u16 {
        self.inner.failed_throws()
    }

    fn __repr__(&self) -> String {
        format!("<tractor.State phase={} actions={}>", self.inner.phase().name(), self.inner.history().len())
    }
);

crate::game::game_functions!(State(round::State), Rules, "tricktaker.tractor.Rules", "tricktaker.tractor");

/// R43, F33: ``(declarers_hold, levels)`` for the opponents' points P.
#[pyfunction]
#[pyo3(signature = (points, *, negative_points = Text::new("clamp"), deadzone = true),
       text_signature = "(points, *, negative_points='clamp', deadzone=True)")]
pub fn level_outcome(
    points: Int,
    negative_points: Text,
    deadzone: bool,
) -> crate::errors::Result<(bool, u8)> {
    let mut rules = rules::Rules { deadzone, ..rules::Rules::default() };
    rules.set("negative_points", Value::Choice(&negative_points))?;
    let o = scoring::level_outcome(points_arg(points)?, &rules);
    Ok((o.declarers_hold, o.levels))
}

/// Levels, declarers, starter and the winner, if any.
type NextRound = ((u8, u8), u8, u8, Option<u8>);

/// What `solve` returns: the value, a best line, every line with its value, the nodes searched.
type SolvedRound = (i32, Vec<u16>, Vec<(Vec<u16>, i32)>, u64);

/// The most positions `solve` searches unless told otherwise (about ten seconds).
pub const SOLVE_NODES: u64 = 10_000_000;

/// The exact value of a play-phase round with every hand shown (the last tricks; see
/// ``tricktaker.tractor.solve``): ``(value, best, moves, nodes)``, lines as action ids.
#[pyfunction]
#[pyo3(signature = (state, *, max_nodes = Int::new(SOLVE_NODES as i128)),
       text_signature = "(state, *, max_nodes=10000000)")]
pub fn solve(py: Python<'_>, state: &Bound<'_, State>, max_nodes: Int) -> PyResult<SolvedRound> {
    use tricktaker_core::tractor::solver::{self, SolveError};
    let limit: u64 = max_nodes.within("max_nodes", 1, u64::MAX.into())?;
    let state = state.borrow().inner.clone();
    let found = py.detach(|| solver::solve_with_limit(&state, limit)).map_err(|e| match e {
        SolveError::NotInPlay(_) => errors::ArgumentError::new_err(e.to_string()),
        SolveError::NodeLimit(_) => errors::LimitExceededError::new_err(format!(
            "{e} (max_nodes): the exact solver is for the last tricks, about 4 cards a hand within 10 ms"
        )),
    })?;
    let ids = |line: &[u8]| line.iter().map(|&a| u16::from(a)).collect::<Vec<u16>>();
    Ok((found.value, ids(&found.best), found.moves.iter().map(|(l, v)| (ids(l), *v)).collect(), found.nodes))
}

/// R44–R48, F35: ``(levels, declarers, starter, winner)`` after a round under ``rules``.
#[pyfunction]
pub fn next_round(
    levels: &Bound<'_, PyAny>,
    declarers: Int,
    starter: Int,
    points: Int,
    rules: PyRef<'_, Rules>,
) -> PyResult<NextRound> {
    let (declarers, starter) =
        (team_arg(declarers, "declarers")?, seat_arg(starter, "starter", NUM_PLAYERS)?);
    let levels = levels_arg(levels)?;
    scoring::check_levels(levels, &rules.0).map_err(errors::ArgumentError::new_err)?;
    let p = scoring::next_round(levels, declarers, starter, points_arg(points)?, &rules.0);
    Ok(((p.levels[0], p.levels[1]), p.declarers, p.starter, p.winner))
}

/// The `tractor` submodule of `_core`: rounds, their batch functions, the scoring rules and the toolkit.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    register_game(m)?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add("SOLVE_NODES", SOLVE_NODES)?;
    m.add_function(wrap_pyfunction!(level_outcome, m)?)?;
    m.add_function(wrap_pyfunction!(next_round, m)?)?;
    crate::tractor::register(m)
}
