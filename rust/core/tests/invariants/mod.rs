//! The invariants checked by the property tests (`rust/core/tests/fuzz_actions.rs`,
//! `rust/core/tests/fuzz_saves.rs`) and by the cargo-fuzz targets of `rust/fuzz` (which include this file with
//! `#[path]`), written once over the traits of `game.rs`:
//!
//! - **actions**: at every step every legal action applies, its text parses back to it, `apply_text` of its
//!   text does the same, and undo takes it back exactly; every other id (all of 0..=256, and ids far beyond
//!   `NUM_ACTIONS`) is refused by `apply` with a reason and changes nothing; a text is either the text of a
//!   legal action, and applies it, or is refused and changes nothing (`==` and the same save text); a save
//!   loads back equal and re-saves the same text; the game ends within a bound;
//! - **saves**: `from_json` of any bytes returns, and either loads a state that re-saves identically and
//!   plays on under the action invariants, or refuses with a reason;
//! - **texts**: parsing cards, ranks, suits, actions and option names of any string returns, and what parses
//!   prints back to itself.
//!
//! A broken invariant panics with what was broken and where (the property tests shrink it, the fuzzer keeps
//! the input). Nothing here is compiled into the core.
#![allow(dead_code)] // each test binary and fuzz target uses a part

use std::fmt::Debug;
use tricktaker_core::game::{Game, Information, Saved};
use tricktaker_core::options::{Kind, RuleOptions, Value};
use tricktaker_core::{save, sheepshead, tractor, Card, Rank, Suit};

/// The most actions a deal of `G` takes from any state to its end when the lowest legal id is always chosen
/// (the tail of a walk): the termination bound.
///
/// - Sheepshead: 5 picks or passes, 2 buries, a call or alone, an under, 30 cards: 39.
/// - Tractor: per deal at most 104 declaration turns (one stop per drawn card, 4 window turns), and the lowest
///   id declares at its first stop, so the tail sees at most two deals (an R19 redeal happens only after a
///   deal with no stop left); then 8 discards and at most 25 tricks of a lead (at most 25 cards and finish)
///   and 3 follows of at most 25 cards: 2 × 104 + 8 + 25 × 101 = 2741.
pub fn max_tail_actions<G: Game>() -> usize {
    match G::NAME {
        "sheepshead" => 39,
        "tractor" => 2741,
        other => panic!("no termination bound for the game {other:?}: add it to max_tail_actions"),
    }
}

/// How thoroughly each state of a walk is checked.
#[derive(Clone, Copy, Debug)]
pub struct Depth {
    /// How many of the legal actions are applied (on a copy) at each state, their texts parsed and applied:
    /// `usize::MAX` for every one, else the lowest and others picked by the state.
    pub apply: usize,
    /// How many of the legal actions (the lowest first) are undone after being applied: `usize::MAX` for
    /// every one. Each undo replays the history.
    pub undo: usize,
    /// How many ids outside the mask `apply` must refuse at each state: `usize::MAX` for every id of 0..=256
    /// (and ids far beyond), else that many of 0..=256 picked by the state, and two beyond.
    pub refuse: usize,
    /// Save and load the states whose history length is a multiple of this (1: every state; 0: none). A save
    /// replays the history, so every state costs a walk's length squared.
    pub save_every: usize,
    /// Observe every seat at every state.
    pub observe: bool,
    /// Check the states of a walk's tail (the lowest legal actions played to the end) at this depth too;
    /// else only at [`Depth::MINIMAL`] (the fuzzer then spends its time on the states its input reaches).
    pub tail: bool,
}

impl Depth {
    /// Everything at every state (the property tests).
    pub const FULL: Depth = Depth {
        apply: usize::MAX,
        undo: usize::MAX,
        refuse: usize::MAX,
        save_every: 1,
        observe: true,
        tail: true,
    };
    /// The fuzz targets' depth: every invariant, on samples sized for many runs a second. At each state 4
    /// legal actions apply and their texts name them (besides the one played), the lowest one undoes (and
    /// every action of the walk does at its end), 8 ids outside the mask are refused (besides those the input
    /// tries), every 8th state saves and loads back.
    pub const FUZZ: Depth = Depth { apply: 4, undo: 1, refuse: 8, save_every: 8, observe: true, tail: false };
    /// What stays cheap on a long history (playing out a loaded save): 4 legal actions apply and their texts
    /// name them, 8 ids of 0..=256 outside the mask and 2 beyond are refused; no undo, save or observation.
    pub const LIGHT: Depth =
        Depth { apply: 4, undo: 0, refuse: 8, save_every: 0, observe: false, tail: true };
    /// The least: the mask, the player to move and the returns agree, the lowest legal action applies and
    /// its text names it, an id of 0..=256 outside the mask and 2 beyond are refused.
    pub const MINIMAL: Depth =
        Depth { apply: 1, undo: 0, refuse: 1, save_every: 0, observe: false, tail: true };
}

/// One step of a walk.
#[derive(Clone, Debug)]
pub enum Step {
    /// Applies legal action number `k % n` of the `n` legal ones (nothing once the game is over).
    Legal(u16),
    /// Tries an id: applied when legal, else it must be refused and change nothing.
    Id(u32),
    /// Tries `apply_text` of a text.
    Text(String),
    /// Tries `apply_text` of the text of legal action `pick % n` (or of `"pass"`), changed by `how`.
    Mangled { pick: u16, how: u8 },
    /// Takes back the last action (when there is none, undo must say so and change nothing).
    Undo,
}

/// A random walk: the deal's seed, the picks of the rule options (one per option, in table order), the steps;
/// after them the lowest legal action is played to the end.
#[derive(Clone, Debug)]
pub struct Walk {
    pub seed: u64,
    pub rules: Vec<u64>,
    pub steps: Vec<Step>,
}

/// What a walk did.
#[derive(Clone, Copy, Debug, Default)]
pub struct WalkStats {
    /// Actions applied by the steps (the tail not counted).
    pub applied: usize,
    /// Ids and texts refused.
    pub refused: usize,
    /// Actions of the tail.
    pub tail: usize,
    /// Length of the history at the end.
    pub history: usize,
}

impl Walk {
    /// A walk read from fuzzer bytes: 8 bytes of seed, 16 bytes of option picks, then steps: an opcode byte
    /// and its arguments (missing bytes are zeros).
    pub fn from_bytes(data: &[u8]) -> Walk {
        let mut bytes = Bytes(data);
        let seed = u64::from_le_bytes(std::array::from_fn(|_| bytes.byte()));
        let rules = (0..16).map(|_| u64::from(bytes.byte())).collect();
        let mut steps = Vec::new();
        while let Some(op) = bytes.next() {
            steps.push(match op {
                0..=159 => Step::Legal(u16::from(op)),
                160..=199 => Step::Id(u32::from(bytes.byte())),
                200..=209 => Step::Id(u32::from_le_bytes(std::array::from_fn(|_| bytes.byte()))),
                210..=229 => Step::Mangled { pick: u16::from(bytes.byte()), how: bytes.byte() },
                230..=239 => {
                    let len = usize::from(bytes.byte() % 48);
                    let text: Vec<u8> = (0..len).filter_map(|_| bytes.next()).collect();
                    Step::Text(String::from_utf8_lossy(&text).into_owned())
                }
                _ => Step::Undo,
            });
        }
        Walk { seed, rules, steps }
    }
}

struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn next(&mut self) -> Option<u8> {
        let (&b, rest) = self.0.split_first()?;
        self.0 = rest;
        Some(b)
    }
    fn byte(&mut self) -> u8 {
        self.next().unwrap_or(0)
    }
}

// ---- rule options ----

/// Rules with every option of the table set from `picks` (one per option, in table order; missing picks are
/// 0): a choice among the option's names, a flag, or a number from its minimum, its maximum, its default or
/// its range. Checks that every value of the table is accepted and read back, and that a value outside it is
/// refused and changes nothing.
pub fn rules_from<R: RuleOptions + Debug>(picks: &[u64]) -> R {
    let mut rules = R::default();
    for (k, spec) in R::SPECS.iter().enumerate() {
        let pick = picks.get(k).copied().unwrap_or(0);
        let value = match spec.kind {
            Kind::Choice(names) => Value::Choice(names[(pick % names.len() as u64) as usize]),
            Kind::Bool => Value::Bool(pick & 1 == 1),
            Kind::Int { min, max } => {
                let default = match R::default().get(spec.name) {
                    Some(Value::Int(i)) => i,
                    other => panic!("option {}: an int option has the default {other:?}", spec.name),
                };
                let span = (i128::from(max) - i128::from(min) + 1) as u128;
                Value::Int(match pick % 4 {
                    0 => min,
                    1 => max,
                    2 => default,
                    _ => (i128::from(min) + ((u128::from(pick / 4) % span) as i128)) as i64,
                })
            }
        };
        rules
            .set(spec.name, value)
            .unwrap_or_else(|e| panic!("option {}: its own value {value:?} is refused: {e}", spec.name));
        assert_eq!(rules.get(spec.name), Some(value), "option {}: a value set reads back", spec.name);
        // A value outside the table is refused and changes nothing.
        let outside = match spec.kind {
            Kind::Choice(_) => Value::Choice("no such choice"),
            Kind::Bool => Value::Int(1),
            Kind::Int { min, .. } if min > i64::MIN => Value::Int(min - 1),
            Kind::Int { max, .. } if max < i64::MAX => Value::Int(max + 1),
            Kind::Int { .. } => Value::Bool(true),
        };
        let mut probe = rules;
        let err = probe.set(spec.name, outside).expect_err("a value outside the table is refused");
        assert_eq!(err.option, spec.name, "a refused option names itself");
        assert_eq!(probe, rules, "option {}: a refused value {outside:?} changes nothing", spec.name);
    }
    let mut probe = rules;
    assert!(probe.set("no_such_option", Value::Bool(true)).is_err(), "an unknown option is refused");
    assert_eq!(probe, rules, "an unknown option changes nothing");
    // A combination the rules refuse names an option; that option goes back to its default until they agree.
    for _ in 0..R::SPECS.len() {
        let Err(e) = rules.check() else { break };
        let default = R::default().get(&e.option).unwrap_or_else(|| panic!("a refusal names an option: {e}"));
        rules.set(&e.option, default).expect("a default is a valid value");
    }
    rules.check().expect("the defaults of the refused options make valid rules");
    rules
}

// ---- actions ----

/// Plays `walk` on a fresh deal of `G` under the rules it picks, checking the action invariants (see the
/// module's documentation) at every state; then plays the lowest legal action until the game ends, which it
/// must within [`max_tail_actions`]; then takes every action back, each undo giving back the state before
/// that action, down to the deal.
pub fn check_random_walk<G: Game + Information + Saved + Debug>(walk: &Walk, depth: Depth) -> WalkStats
where
    G::Rules: Debug,
{
    let rules: G::Rules = rules_from(&walk.rules);
    let mut state = G::deal(walk.seed, rules);
    let deal = state.clone();
    assert!(state.rules() == rules, "{}: the deal has the rules it was dealt with", G::NAME);
    assert_eq!(state, G::deal(walk.seed, rules), "{}: a deal depends on its seed and rules only", G::NAME);
    assert!(state.history().is_empty(), "{}: a deal has no history", G::NAME);
    let mut stats = WalkStats::default();
    let mut trail: Vec<G> = Vec::new(); // the state before each action of the history
    check_state(&state, depth);
    for (i, step) in walk.steps.iter().enumerate() {
        let before = state.clone();
        let at = format!("{} step {i} ({step:?}) after {:?}", G::NAME, state.history());
        match step {
            Step::Legal(k) => {
                let legal: Vec<u8> = state.legal_actions().collect();
                if legal.is_empty() {
                    continue;
                }
                apply_legal(&mut state, legal[usize::from(*k) % legal.len()], &mut trail, &at);
                stats.applied += 1;
            }
            &Step::Id(id) => {
                if try_id(&mut state, id, &mut trail, &at) {
                    stats.applied += 1;
                } else {
                    stats.refused += 1;
                }
            }
            Step::Text(text) => {
                if try_text(&mut state, text, &mut trail, &at) {
                    stats.applied += 1;
                } else {
                    stats.refused += 1;
                }
            }
            &Step::Mangled { pick, how } => {
                let legal: Vec<u8> = state.legal_actions().collect();
                let text = match legal.as_slice() {
                    [] => "pass".to_owned(),
                    _ => state.action_text(legal[usize::from(pick) % legal.len()]),
                };
                if try_text(&mut state, &mangle(&text, how), &mut trail, &at) {
                    stats.applied += 1;
                } else {
                    stats.refused += 1;
                }
            }
            Step::Undo => match trail.pop() {
                Some(previous) => {
                    assert!(state.undo(), "{at}: undo after an action");
                    assert_eq!(state, previous, "{at}: undo gives back the state before the last action");
                }
                None => {
                    assert!(!state.undo(), "{at}: nothing to undo at the deal");
                    assert_eq!(state, before, "{at}: an undo with nothing to take back changes nothing");
                }
            },
        }
        if state != before {
            check_state(&state, depth);
        }
    }
    // The tail: the lowest legal action until the end, which comes within the bound.
    let bound = max_tail_actions::<G>();
    while let Some(action) = lowest_legal(&state) {
        assert!(
            stats.tail < bound,
            "{}: the game is not over {bound} actions after {:?}",
            G::NAME,
            &state.history()[..state.history().len() - stats.tail]
        );
        let at = format!("{} tail after {:?}", G::NAME, state.history());
        apply_legal(&mut state, action, &mut trail, &at);
        stats.tail += 1;
        check_state(&state, if depth.tail { depth } else { Depth::MINIMAL });
    }
    check_over(&state);
    stats.history = state.history().len();
    // Undo all the way: each undo gives back the state before that action.
    assert_eq!(trail.len(), state.history().len(), "{}: one trail entry per action", G::NAME);
    while let Some(previous) = trail.pop() {
        assert!(state.undo(), "{}: undo with {} actions left", G::NAME, trail.len() + 1);
        assert_eq!(
            state,
            previous,
            "{}: undo back to {} actions gives that state back",
            G::NAME,
            trail.len()
        );
    }
    assert!(!state.undo(), "{}: nothing to undo at the deal", G::NAME);
    assert_eq!(state, deal, "{}: undoing everything gives the deal back", G::NAME);
    stats
}

/// The invariants of one state: the mask and the player to move agree; every legal action applies (on a
/// copy), its text parses back to it and `apply_text` of it does the same, and undo takes it back (the first
/// `depth.undo` of them); every other id is refused with a reason and changes nothing; a clone is equal; a
/// save loads back equal and re-saves the same text; observations are finite. `depth` says how many of each.
pub fn check_state<G: Game + Information + Saved + Debug>(state: &G, depth: Depth) {
    let at = || format!("{} after {:?}", G::NAME, state.history());
    let mask = state.legal_mask();
    assert!(G::NUM_ACTIONS <= 128, "a mask holds every action");
    assert_eq!(
        mask.checked_shr(G::NUM_ACTIONS as u32).unwrap_or(0),
        0,
        "{}: no action beyond NUM_ACTIONS",
        at()
    );
    assert_eq!(
        state.current_player().is_some(),
        mask != 0,
        "{}: a player to move exactly when an action is legal",
        at()
    );
    assert_eq!(state.is_terminal(), mask == 0, "{}: terminal exactly when no action is legal", at());
    if let Some(p) = state.current_player() {
        assert!(usize::from(p) < state.num_players(), "{}: the player to move is a seat", at());
        assert!(state.returns().iter().all(|&r| r == 0), "{}: no returns before the end", at());
    }
    assert_eq!(state.returns().len(), state.num_players(), "{}: one return per seat", at());
    assert_eq!(state.returns().iter().map(|&r| i64::from(r)).sum::<i64>(), 0, "{}: zero-sum returns", at());
    let legal: Vec<u8> = state.legal_actions().collect();
    assert_eq!(legal.len(), mask.count_ones() as usize, "{}: legal_actions lists the mask", at());
    assert!(legal.windows(2).all(|w| w[0] < w[1]), "{}: legal_actions in increasing order", at());
    assert_eq!(&state.clone(), state, "{}: a clone is equal", at());

    // Every legal action applies, its text names it, and undo takes it back.
    let mut x = mask as u64 ^ (mask >> 64) as u64 ^ (state.history().len() as u64) << 56;
    let applied: Vec<u8> = if depth.apply >= legal.len() {
        legal.clone()
    } else {
        let mut picked: Vec<u8> = legal
            .iter()
            .copied()
            .take(1)
            .chain((1..depth.apply).map(|_| legal[splitmix(&mut x) as usize % legal.len()]))
            .collect();
        picked.sort_unstable();
        picked.dedup();
        picked
    };
    for (k, &a) in applied.iter().enumerate() {
        assert!(mask >> a & 1 == 1 && state.is_legal(u32::from(a)), "{}: {a} is legal", at());
        let text = state.action_text(a);
        assert!(!text.is_empty(), "{}: action {a} has a text", at());
        assert_eq!(state.parse_action(&text), Ok(a), "{}: {text:?} parses back to action {a}", at());
        let mut applied = state.clone();
        applied
            .apply(u32::from(a))
            .unwrap_or_else(|e| panic!("{}: legal action {a} ({text}) refused: {e}", at()));
        assert_eq!(applied.history().len(), state.history().len() + 1, "{}: {text} adds one action", at());
        assert_eq!(applied.history().last(), Some(&a), "{}: {text} is the last action of the history", at());
        assert_eq!(
            &applied.history()[..state.history().len()],
            state.history(),
            "{}: {text} keeps the history",
            at()
        );
        let mut by_text = state.clone();
        by_text
            .apply_text(&text)
            .unwrap_or_else(|e| panic!("{}: legal action text {text:?} refused: {e}", at()));
        assert_eq!(by_text, applied, "{}: apply_text({text:?}) is apply({a})", at());
        if k < depth.undo {
            assert!(applied.undo(), "{}: undo after {text}", at());
            assert_eq!(&applied, state, "{}: undo takes {text} back exactly", at());
        }
    }

    // Every other id is refused with a reason and changes nothing.
    let beyond = [G::NUM_ACTIONS as u32, 1000, 65_535, 65_536, 1 << 31, u32::MAX - 1, u32::MAX];
    let ids: Vec<u32> = if depth.refuse == usize::MAX {
        (0..=256).chain(beyond).collect()
    } else {
        (0..depth.refuse)
            .map(|_| (splitmix(&mut x) % 257) as u32)
            .chain([beyond[0], beyond[(state.history().len()) % beyond.len()]])
            .collect()
    };
    let mut copy = state.clone();
    for id in ids {
        if (id as usize) < G::NUM_ACTIONS && mask >> id & 1 == 1 {
            continue;
        }
        assert!(!copy.is_legal(id), "{}: id {id} is not in the mask, so not legal", at());
        let err = copy.apply(id).expect_err("an id outside the mask is refused");
        assert_eq!(err.action, id, "{}: the refusal names the id", at());
        assert!(!err.reason.is_empty(), "{}: the refusal of {id} says why", at());
        match u8::try_from(id).ok().filter(|&a| usize::from(a) < G::NUM_ACTIONS) {
            Some(a) => {
                assert_eq!(err.text, Some(state.action_text(a)), "{}: the refusal of {id} names it", at())
            }
            None => assert_eq!(err.text, None, "{}: an id beyond the actions has no text", at()),
        }
        assert_eq!(&copy, state, "{}: the refused id {id} changes nothing", at());
    }

    if depth.save_every > 0 && (state.history().len() % depth.save_every == 0 || mask == 0) {
        check_save_round_trip(state);
    }
    if depth.observe {
        let mut obs = vec![f32::NAN; G::observation_size(&state.rules())];
        for seat in 0..state.num_players() as u8 {
            obs.fill(f32::NAN);
            state.observe(seat, &mut obs);
            assert!(
                obs.iter().all(|x| x.is_finite()),
                "{}: seat {seat}'s observation is filled and finite",
                at()
            );
            assert_eq!(state.clone().information_key(seat), state.information_key(seat), "{}", at());
        }
    }
}

/// The lowest legal action id, `None` at the end.
fn lowest_legal<G: Game>(state: &G) -> Option<u8> {
    let mask = state.legal_mask();
    (mask != 0).then(|| mask.trailing_zeros() as u8)
}

/// One step of SplitMix64 (to pick the ids a state refuses).
fn splitmix(x: &mut u64) -> u64 {
    tricktaker_core::rng::splitmix64(x)
}

/// A finished game: no player to move, no legal action, zero-sum returns.
fn check_over<G: Game>(state: &G) {
    assert!(state.is_terminal(), "{}: the game is over", G::NAME);
    assert_eq!(state.current_player(), None, "{}: nobody moves at the end", G::NAME);
    assert_eq!(state.legal_mask(), 0, "{}: nothing is legal at the end", G::NAME);
    assert_eq!(
        state.returns().iter().map(|&r| i64::from(r)).sum::<i64>(),
        0,
        "{}: zero-sum returns",
        G::NAME
    );
}

/// Applies legal action `a`, checking that its text parses back to it and that the history grows by it.
fn apply_legal<G: Game + Debug>(state: &mut G, a: u8, trail: &mut Vec<G>, at: &str) {
    let before = state.clone();
    let text = state.action_text(a);
    assert_eq!(state.parse_action(&text), Ok(a), "{at}: {text:?} parses back to action {a}");
    state.apply(u32::from(a)).unwrap_or_else(|e| panic!("{at}: legal action {a} ({text}) refused: {e}"));
    assert_eq!(state.history().len(), before.history().len() + 1, "{at}: the history grows by one");
    assert_eq!(state.history().last(), Some(&a), "{at}: the history ends with {text}");
    trail.push(before);
}

/// Tries id `id`: applies it if legal (returns true), else checks that `apply` refuses it and changes
/// nothing, not even the save text.
fn try_id<G: Game + Saved + Debug>(state: &mut G, id: u32, trail: &mut Vec<G>, at: &str) -> bool {
    if state.is_legal(id) {
        apply_legal(state, u8::try_from(id).expect("a legal id is an action id"), trail, at);
        return true;
    }
    let before = state.clone();
    let saved = save::to_json(state);
    let err = state.apply(id).expect_err("an illegal id is refused");
    assert!(!err.reason.is_empty() && !err.to_string().is_empty(), "{at}: the refusal of {id} says why");
    assert_eq!(*state, before, "{at}: the refused id {id} changes nothing");
    assert_eq!(save::to_json(state), saved, "{at}: the refused id {id} leaves the save text as it was");
    false
}

/// Tries `apply_text(text)`: when the text names a legal action it applies that action (returns true),
/// else it is refused and changes nothing, not even the save text. What parses is an action id whose own text
/// names it again.
fn try_text<G: Game + Saved + Debug>(state: &mut G, text: &str, trail: &mut Vec<G>, at: &str) -> bool {
    let before = state.clone();
    let parsed = state.parse_action(text);
    assert_eq!(*state, before, "{at}: parsing {text:?} changes nothing");
    if let Ok(a) = parsed {
        assert!(usize::from(a) < G::NUM_ACTIONS, "{at}: {text:?} parses to {a}, not an action id");
        let canonical = state.action_text(a);
        assert_eq!(
            state.parse_action(&canonical),
            Ok(a),
            "{at}: {text:?} is {a}, whose text {canonical:?} is too"
        );
        if state.is_legal(u32::from(a)) {
            let mut expected = before.clone();
            expected.apply(u32::from(a)).expect("a legal action applies");
            state
                .apply_text(text)
                .unwrap_or_else(|e| panic!("{at}: {text:?} names legal {a} but is refused: {e}"));
            assert_eq!(*state, expected, "{at}: apply_text({text:?}) is apply({a})");
            trail.push(before);
            return true;
        }
    }
    let saved = save::to_json(state);
    let err = state.apply_text(text).expect_err("a text that names no legal action is refused");
    assert!(!err.to_string().is_empty(), "{at}: the refusal of {text:?} says why");
    assert_eq!(*state, before, "{at}: the refused text {text:?} changes nothing");
    assert_eq!(save::to_json(state), saved, "{at}: the refused text {text:?} leaves the save text as it was");
    false
}

/// `text` changed in one of a few ways that keep it close to an action's text.
pub fn mangle(text: &str, how: u8) -> String {
    let words: Vec<&str> = text.split_whitespace().collect();
    let last = words.last().copied().unwrap_or("");
    let cut = |n: usize| text.char_indices().nth(n).map_or(text, |(i, _)| &text[..i]).to_owned();
    match how % 20 {
        0 => text.to_ascii_uppercase(),
        1 => format!(" \t{}\n ", text.replace(' ', "   ")),
        2 => format!("{text} {last}"),
        3 => cut(text.chars().count().saturating_sub(1)),
        4 => words.get(1..).unwrap_or_default().join(" "),
        5 => text.replacen(' ', " \u{0}", 1),
        6 => text.replace('H', "♥").replace('S', "♠").replace('D', "♦").replace('C', "♣"),
        7 => text.replace("10", "T").replace('J', "j"),
        8 => format!("{text} x"),
        9 => format!("{text} {text}"),
        10 => cut(usize::from(how / 20)),
        11 => text.replace(last, &format!("{last}{last}")),
        12 => text.replace(|c: char| c.is_ascii_digit(), "1"),
        13 => text.replace(' ', ""),
        14 => format!("{}\u{301}", text),
        15 => text.replace("BJ", "RJ").replace('A', "K"),
        16 => format!("{} {}", words.first().copied().unwrap_or(""), "BJ BJ"),
        17 => text.chars().rev().collect(),
        18 => text.replace(last, "ß"),
        _ => format!("{}{text}", "play ".repeat(usize::from(how % 5))),
    }
}

// ---- saves ----

/// A state saves, loads back equal, and the loaded state saves to the same text.
pub fn check_save_round_trip<G: Saved + Debug>(state: &G) {
    let text = save::to_json(state);
    let loaded: G = save::from_json(text.as_bytes())
        .unwrap_or_else(|e| panic!("{}: a save does not load: {e}\n{text}", G::NAME));
    assert_eq!(&loaded, state, "{}: a save loads back equal\n{text}", G::NAME);
    assert_eq!(save::to_json(&loaded), text, "{}: a loaded save re-saves the same text", G::NAME);
}

/// `from_json` of `bytes` returns: either an error with a reason, or a state that re-saves identically, keeps
/// the action invariants (checked at `loaded`) and, with them checked at every later state at `playout`,
/// plays the lowest legal action to the end within [`max_tail_actions`]. Returns whether it loaded.
pub fn check_save_bytes<G: Game + Information + Saved + Debug>(
    bytes: &[u8],
    loaded: Depth,
    playout: Depth,
) -> bool {
    let mut state: G = match save::from_json(bytes) {
        Ok(state) => state,
        Err(e) => {
            assert!(!e.to_string().is_empty(), "{}: a refused save says why", G::NAME);
            return false;
        }
    };
    check_save_round_trip(&state);
    check_state(&state, loaded);
    let bound = max_tail_actions::<G>();
    let start = state.history().len();
    let mut trail = Vec::new();
    while let Some(action) = lowest_legal(&state) {
        assert!(
            state.history().len() - start < bound,
            "{}: a loaded game is not over {bound} actions after {:?}",
            G::NAME,
            &state.history()[..start]
        );
        let at = format!("{} loaded, after {:?}", G::NAME, state.history());
        apply_legal(&mut state, action, &mut trail, &at);
        check_state(&state, playout);
    }
    check_over(&state);
    true
}

/// One change to a save's text.
#[derive(Clone, Debug)]
pub enum Mutation {
    /// Flips bit `bit % 8` of byte `at % len`.
    Flip { at: usize, bit: u8 },
    /// Deletes up to `len` bytes from `at % len`.
    Delete { at: usize, len: usize },
    /// Inserts bytes at `at % (len + 1)`.
    Insert { at: usize, bytes: Vec<u8> },
    /// Replaces number `k % count` of the text by one of [`ODD_NUMBERS`].
    Number { k: usize, with: usize },
    /// Replaces string `k % count` of the text (a key, a card, an action) by one of [`ODD_STRINGS`].
    Text { k: usize, with: usize },
    /// Swaps strings `a % count` and `b % count` of the text (two cards of two hands, two actions…).
    Swap { a: usize, b: usize },
    /// Nests: inserts `depth` `[` (and as many `]` after them when `close`) at `at % (len + 1)`.
    Nest { at: usize, depth: usize, close: bool },
    /// Repeats the history's first entry (or any span) `times` times: a long history.
    Repeat { at: usize, len: usize, times: usize },
}

/// Numbers a save should not hold: huge, negative, fractional, out of every type's range.
pub const ODD_NUMBERS: &[&str] = &[
    "0",
    "-1",
    "1e400",
    "-1e400",
    "1.5",
    "255",
    "256",
    "65535",
    "65536",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "-9223372036854775808",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999999999999999999",
    "1e-400",
    "-0",
    "0.0",
    "2",
    "14",
    "15",
    "100000",
];

/// Strings a save should not hold where texts are.
pub const ODD_STRINGS: &[&str] = &[
    "\"\"",
    "\"pass\"",
    "\"finish\"",
    "\"play RJ\"",
    "\"declare BJ BJ\"",
    "\"history\"",
    "\"rules\"",
    "\"start\"",
    "\"deal\"",
    "\"position\"",
    "\"restacks\"",
    "\"\\u0000\"",
    "\"\\ud800\"",
    "\"10\u{2665}\"",
    "null",
    "true",
    "[]",
    "{}",
    "\"AH AH AH AH AH AH AH AH AH AH AH AH\"",
];

/// `text` with the mutations applied in order.
pub fn mutate(text: &[u8], mutations: &[Mutation]) -> Vec<u8> {
    let mut out = text.to_vec();
    for m in mutations {
        match m {
            &Mutation::Flip { at, bit } => {
                if !out.is_empty() {
                    let i = at % out.len();
                    out[i] ^= 1 << (bit % 8);
                }
            }
            &Mutation::Delete { at, len } => {
                if !out.is_empty() {
                    let i = at % out.len();
                    let end = (i + len).min(out.len());
                    out.drain(i..end);
                }
            }
            Mutation::Insert { at, bytes } => {
                let i = at % (out.len() + 1);
                out.splice(i..i, bytes.iter().copied());
            }
            &Mutation::Number { k, with } => {
                let spans = spans(
                    &out,
                    |b| b.is_ascii_digit() || b == b'-',
                    |b| b.is_ascii_digit() || matches!(b, b'.' | b'e' | b'E' | b'+' | b'-'),
                );
                if !spans.is_empty() {
                    let (s, e) = spans[k % spans.len()];
                    out.splice(s..e, ODD_NUMBERS[with % ODD_NUMBERS.len()].bytes());
                }
            }
            &Mutation::Text { k, with } => {
                let spans = strings(&out);
                if !spans.is_empty() {
                    let (s, e) = spans[k % spans.len()];
                    out.splice(s..e, ODD_STRINGS[with % ODD_STRINGS.len()].bytes());
                }
            }
            &Mutation::Swap { a, b } => {
                let spans = strings(&out);
                if !spans.is_empty() {
                    let (a, b) = (spans[a % spans.len()], spans[b % spans.len()]);
                    let (first, second) = if a.0 <= b.0 { (a, b) } else { (b, a) };
                    if first.1 <= second.0 {
                        let (x, y) = (out[first.0..first.1].to_vec(), out[second.0..second.1].to_vec());
                        out.splice(second.0..second.1, x);
                        out.splice(first.0..first.1, y);
                    }
                }
            }
            &Mutation::Nest { at, depth, close } => {
                let i = at % (out.len() + 1);
                let mut nest = vec![b'['; depth];
                if close {
                    nest.extend(std::iter::repeat_n(b']', depth));
                }
                out.splice(i..i, nest);
            }
            &Mutation::Repeat { at, len, times } => {
                // The first history entry when there is one, else any span.
                let (s, e) = match find(&out, b"\"history\": [\"") {
                    Some(h) => {
                        let s = h + b"\"history\": [".len();
                        let e = out[s + 1..].iter().position(|&b| b == b'"').map_or(out.len(), |p| s + p + 2);
                        (s, e)
                    }
                    None if out.is_empty() => (0, 0),
                    None => {
                        let s = at % out.len();
                        (s, (s + len.max(1)).min(out.len()))
                    }
                };
                let mut piece = out[s..e].to_vec();
                piece.extend_from_slice(b", ");
                let copies: Vec<u8> = piece.iter().copied().cycle().take(piece.len() * times).collect();
                out.splice(s..s, copies);
            }
        }
    }
    out
}

/// The byte spans of the runs that start with a byte `first` accepts and go on while `rest` accepts, outside
/// strings.
fn spans(text: &[u8], first: impl Fn(u8) -> bool, rest: impl Fn(u8) -> bool) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let (mut i, mut in_string) = (0, false);
    while i < text.len() {
        let b = text[i];
        if in_string {
            match b {
                b'\\' => i += 1,
                b'"' => in_string = false,
                _ => {}
            }
            i += 1;
        } else if b == b'"' {
            in_string = true;
            i += 1;
        } else if first(b) {
            let s = i;
            i += 1;
            while i < text.len() && rest(text[i]) {
                i += 1;
            }
            out.push((s, i));
        } else {
            i += 1;
        }
    }
    out
}

/// The byte spans of the JSON strings of `text`, quotes included.
fn strings(text: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < text.len() {
        if text[i] == b'"' {
            let s = i;
            i += 1;
            while i < text.len() && text[i] != b'"' {
                i += if text[i] == b'\\' { 2 } else { 1 };
            }
            i = (i + 1).min(text.len());
            out.push((s, i));
        } else {
            i += 1;
        }
    }
    out
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// The save text of the state a walk of `G` reaches after the legal actions picked by `picks` (fewer if the
/// game ends first), or of a resample of it for seat `resample.0` (seeded with `resample.1`) when given:
/// Tractor's resampled rounds save the stacks of their deals.
pub fn real_save<G: Information + Saved>(
    seed: u64,
    rule_picks: &[u64],
    picks: &[u16],
    resample: Option<(u8, u64)>,
) -> String
where
    G::Rules: Debug,
{
    let mut state = G::deal(seed, rules_from(rule_picks));
    for &k in picks {
        let legal: Vec<u8> = state.legal_actions().collect();
        if legal.is_empty() {
            break;
        }
        state.apply_unchecked(legal[usize::from(k) % legal.len()]);
    }
    if let Some((seat, seed)) = resample {
        let seat = seat % state.num_players() as u8;
        if let Ok(other) = state.resample(seat, &mut tricktaker_core::rng::Rng::new(seed)) {
            state = other;
        }
    }
    save::to_json(&state)
}

// ---- texts ----

/// Parsing any text as a card, a rank, a suit, a Sheepshead or Tractor action (at every trump rank) or a
/// rule option returns; what parses prints as a text that parses back to the same thing.
pub fn check_texts(text: &str) {
    if let Ok(card) = text.parse::<Card>() {
        assert_eq!(card.to_string().parse::<Card>(), Ok(card), "card {text:?} prints back to itself");
    } else {
        let err = text.parse::<Card>().unwrap_err();
        assert_eq!(err.text, text, "a card's refusal names the text");
    }
    if let Some(rank) = Rank::parse(text) {
        assert_eq!(Rank::parse(rank.name()), Some(rank), "rank {text:?} prints back to itself");
    }
    for c in text.chars().take(64) {
        if let Some(suit) = Suit::from_char(c) {
            assert_eq!(Suit::from_char(suit.letter()), Some(suit), "suit {c:?}");
        }
    }
    match text.parse::<sheepshead::Action>() {
        Ok(a) => {
            assert!(usize::from(a.id()) < sheepshead::NUM_ACTIONS, "Sheepshead {text:?} is an action id");
            assert_eq!(sheepshead::Action::from_id(a.id()), Some(a));
            assert_eq!(a.to_string().parse::<sheepshead::Action>(), Ok(a), "Sheepshead {text:?} prints back");
        }
        Err(e) => assert!(!e.reason.is_empty(), "a refusal says why"),
    }
    for v in 2..=14 {
        let rank = Rank::from_value(v).expect("a rank");
        match tractor::actions::Action::parse(text, rank) {
            Ok(a) => {
                assert!(
                    usize::from(a.id()) < tractor::actions::NUM_ACTIONS,
                    "Tractor {text:?} is an action id"
                );
                assert_eq!(tractor::actions::Action::from_id(a.id()), Some(a));
                let printed = a.text(rank);
                assert_eq!(
                    tractor::actions::Action::parse(&printed, rank),
                    Ok(a),
                    "Tractor {text:?} at rank {} prints back as {printed:?}",
                    rank.name()
                );
            }
            Err(e) => assert!(!e.reason.is_empty(), "a refusal says why"),
        }
    }
    check_option_texts::<sheepshead::Rules>(text);
    check_option_texts::<tractor::rules::Rules>(text);
}

/// Setting an option named `text`, or any option to the choice `text`, is accepted or refused, and a refusal
/// changes nothing.
fn check_option_texts<R: RuleOptions + Debug>(text: &str) {
    let rules = R::default();
    for name in std::iter::once(text).chain(R::SPECS.iter().map(|s| s.name)) {
        for value in [Value::Choice(text), Value::Bool(true), Value::Int(text.len() as i64)] {
            let mut probe = rules;
            if probe.set(name, value).is_err() {
                assert_eq!(probe, rules, "a refused option {name:?} = {value:?} changes nothing");
            } else {
                assert_eq!(probe.get(name), Some(value), "option {name:?} reads back");
            }
        }
    }
    assert!(R::spec(text).is_ok() == R::SPECS.iter().any(|s| s.name == text));
}
