//! An exact solver for the last tricks of a round with every hand visible (perfect information).
//!
//! The opponents of the declarers maximise the final P, the declarers minimise it. The final P is what the
//! engine scores at the end of the round: the opponents' card points (R40), the kitty bonus when they take the
//! last trick (R41) and the throw penalties (R34, R42), as [`State::points`] reads it once the round is over
//! (not clipped at 0: R43's "a negative total counts as 0" is for reporting). A move is a whole play: a lead is
//! any legal lead, throws included (the engine decides whether a throw fails), a follow any legal follow, both
//! listed by the engine's own [`State::legal_plays`]. A position in the middle of building a play is solved
//! too: its moves are the plays that contain the cards already added.
//!
//! The search is alpha-beta over whole plays with a transposition table keyed by the hands, the trick on the
//! table and the play being built (the points still to come depend on nothing else), storing bounds on the
//! points still to come; moves are ordered by the table's best move, then by the points the play itself
//! brings in.
//!
//! The search copies the round for each play it tries (the engine's own legality and scoring, no second
//! implementation), about 0.5–1 µs a position searched; a round rebuilt from its [`State::position`] is
//! searched so that the copies carry no history.
//!
//! What it handles within 10 ms (release build on the project's 2-core machine, measured by the ignored test
//! `solver::tests::measure_solve_times`, positions at a trick's start from random rounds, default rules):
//!
//! | cards per hand | nodes mean / p99 | time mean / p99 |
//! |---|---|---|
//! | 1 | 4 / 4 | 0.002 ms / 0.002 ms |
//! | 2 | 39 / 62 | 0.02 ms / 0.04 ms |
//! | 3 | 350 / 800–900 | 0.3–0.4 ms / 4–8 ms |
//! | 4 | 2,900 / 7,900–8,400 | 2–4 ms / 10–13 ms |
//! | 5 | 23,600 / 72,000–76,000 | 11–19 ms / 39–57 ms |
//! | 6 | 220,000 / 0.7–1.1 M | 150–250 ms / 0.8 s |
//!
//! So: the last 3 tricks of any kind (3 cards per hand) always, and the last 4 cards per hand on average
//! (p99 just over 10 ms); from 5 cards per hand on, bound the work with [`solve_with_limit`]. (The spread of
//! the times is the shared machine's; the node counts are stable.)

use super::actions::FINISH;
use super::hand::Hand;
use super::round::{team, Phase, State};
use super::trick::points;
use crate::game::Game;
use std::collections::HashMap;
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};

/// The solution of a position: its value, a best move, every move with its value, and the work it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The final P with best play on both sides.
    pub value: i32,
    /// The action ids of a best move (the first best in `moves`).
    pub best: Vec<u8>,
    /// Every move: the action ids that make the play (the cards not yet added in id order, then `finish` on a
    /// lead), with the final P after it with best play on both sides. In the order of [`State::legal_plays`].
    pub moves: Vec<(Vec<u8>, i32)>,
    /// Positions searched.
    pub nodes: u64,
}

/// Why a position was not solved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// The round is not in the play phase (the draw, the kitty, or over).
    NotInPlay(Phase),
    /// The search visited more positions than allowed.
    NodeLimit(u64),
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::NotInPlay(phase) => {
                write!(
                    f,
                    "only a round in the play phase can be solved; this one is in the {} phase",
                    phase.name()
                )
            }
            SolveError::NodeLimit(limit) => write!(f, "the search visited more than {limit} positions"),
        }
    }
}

impl std::error::Error for SolveError {}

/// Solves a play-phase position exactly (see the module docs), however long it takes.
pub fn solve(state: &State) -> Result<Solution, SolveError> {
    solve_with_limit(state, u64::MAX)
}

/// Solves a play-phase position exactly, or fails with [`SolveError::NodeLimit`] once more than `max_nodes`
/// positions have been searched.
pub fn solve_with_limit(state: &State, max_nodes: u64) -> Result<Solution, SolveError> {
    if state.phase() != Phase::Play {
        return Err(SolveError::NotInPlay(state.phase()));
    }
    let mut search = Search { table: HashMap::default(), nodes: 1, limit: max_nodes };
    let maximise = search.maximises(state);
    // The search copies rounds: one rebuilt from the position carries no more history than its trick's.
    let rebuilt = state.position().and_then(|p| State::from_position(&p, state.rules()).ok());
    let root = rebuilt.as_ref().unwrap_or(state);
    let mut moves = Vec::new();
    for play in root.legal_plays() {
        let child = make(root, play);
        let gain = child.points() - state.points() + search.gain(&child, -INFINITY, INFINITY)?;
        moves.push((play_actions(state, play), state.points() + gain));
    }
    let best = moves
        .iter()
        .enumerate()
        .reduce(|b, m| if (m.1 .1 > b.1 .1) == maximise && m.1 .1 != b.1 .1 { m } else { b })
        .map(|(i, _)| i)
        .expect("a play-phase position has a legal play");
    Ok(Solution { value: moves[best].1, best: moves[best].0.clone(), moves, nodes: search.nodes })
}

/// Above any P: 200 card points, the kitty at most 200 × 50, penalties at most a few thousand.
const INFINITY: i32 = 1 << 28;

/// The action ids of a whole `play` from `state`: the cards not yet added, then `finish` on a lead.
fn play_actions(state: &State, play: Hand) -> Vec<u8> {
    let mut ids: Vec<u8> = play.minus(state.partial()).cards().map(|c| c.id()).collect();
    if state.lead().is_none() {
        ids.push(FINISH);
    }
    ids
}

/// The round after a legal whole `play`.
fn make(state: &State, play: Hand) -> State {
    let mut child = state.clone();
    for a in play_actions(state, play) {
        child.apply_unchecked(a);
    }
    child
}

/// What decides the rest of the round: the hands, the trick on the table and the play being built.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Key {
    hands: [Hand; 4],
    table: [Hand; 3],
    partial: Hand,
    leader: u8,
    n: u8,
}

impl Key {
    fn of(s: &State) -> Key {
        let plays = s.trick_plays();
        Key {
            hands: std::array::from_fn(|i| s.hand(i)),
            table: std::array::from_fn(|i| plays.get(i).copied().unwrap_or(Hand::EMPTY)),
            partial: s.partial(),
            leader: s.leader(),
            n: plays.len() as u8,
        }
    }
}

/// Bounds on the points still to come from a position, and the play that did best there.
#[derive(Clone, Copy)]
struct Entry {
    lower: i32,
    upper: i32,
    best: Hand,
}

/// A fast hasher for [`Key`]s (the table's keys are not chosen by an adversary).
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
    fn write_u8(&mut self, x: u8) {
        self.write_u64(u64::from(x));
    }
}

struct Search {
    table: HashMap<Key, Entry, BuildHasherDefault<KeyHasher>>,
    nodes: u64,
    limit: u64,
}

impl Search {
    /// Whether the seat to move is an opponent of the declarers (it maximises P).
    fn maximises(&self, s: &State) -> bool {
        s.current_player().is_some_and(|p| Some(team(p)) != s.declarers())
    }

    /// The points P gains from `s` to the end with best play, exact when strictly inside (alpha, beta), else a
    /// bound on the side it falls (fail-soft).
    fn gain(&mut self, s: &State, mut alpha: i32, mut beta: i32) -> Result<i32, SolveError> {
        if s.phase() != Phase::Play {
            return Ok(0);
        }
        self.nodes += 1;
        if self.nodes > self.limit {
            return Err(SolveError::NodeLimit(self.limit));
        }
        let key = Key::of(s);
        let mut hint = None;
        if let Some(e) = self.table.get(&key) {
            if e.lower == e.upper || e.lower >= beta {
                return Ok(e.lower);
            }
            if e.upper <= alpha {
                return Ok(e.upper);
            }
            alpha = alpha.max(e.lower);
            beta = beta.min(e.upper);
            hint = Some(e.best);
        }
        let (alpha0, beta0) = (alpha, beta);
        let maximise = self.maximises(s);
        let mut plays = s.legal_plays();
        // The table's best first, then the plays holding the most points (the search tries the big swings
        // first); each play is made only when searched.
        plays.sort_by_cached_key(|&p| (Some(p) != hint, std::cmp::Reverse(points(p))));
        let mut best = if maximise { -INFINITY } else { INFINITY };
        let mut best_play = *plays.first().expect("a play-phase position has a legal play");
        for &play in &plays {
            let child = make(s, play);
            let now = child.points() - s.points();
            let v = now + self.gain(&child, alpha - now, beta - now)?;
            if (maximise && v > best) || (!maximise && v < best) {
                best = v;
                best_play = play;
            }
            if maximise {
                alpha = alpha.max(v);
            } else {
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        let e = self.table.entry(key).or_insert(Entry { lower: -INFINITY, upper: INFINITY, best: best_play });
        e.best = best_play;
        if best <= alpha0 {
            e.upper = e.upper.min(best);
        } else if best >= beta0 {
            e.lower = e.lower.max(best);
        } else {
            e.lower = best;
            e.upper = best;
        }
        Ok(best)
    }
}

#[cfg(test)]
mod tests;
