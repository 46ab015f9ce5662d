//! An exact perfect-information solver for the card play of a Sheepshead hand.
//!
//! Every card is known (all hands, the partner as [`State::secret_partner`]); the rest of the play is solved
//! exactly under every rule the engine enforces: following suit (R22–R24), the hold card (R18 revised, with
//! `hold_card_lead`), the called-card duties (R19, with `called_card_no_discard`), the under of an "unknown"
//! call (R16), the jack order (R3) and the trick winner (R25). The legal moves of every position are exactly
//! [`State::playable`]. Settlement classes follow V17's `schwarz`.
//!
//! - A picked hand is valued by the picking side's final card points P (R26, bury included), the side
//!   maximising and the others minimising: [`solve`], [`reaches`] (does the side reach a target?) and
//!   [`settlement_class`] (the R27/R30 class: no trick, ≤30, 31–60, 61–90, ≥91, all tricks).
//! - A leaster (R31) is valued for one seat by its paranoid return (+4 if it wins, −1 otherwise), that seat
//!   maximising and every other minimising: [`values_for`], and [`solve`] for the seat to move.
//!
//! The search runs on a compact position (hands as masks, the trick on the table), with alpha-beta over a
//! transposition table of trick-boundary positions keyed by the hands and the leader (values stored relative to
//! the position: the points still to take), move ordering by who wins the trick, and equivalent cards merged.
//! Exact points come from bisection on thresholds with null-window searches (one open window when three tricks or
//! fewer are left). A [`Solver`] keeps its table
//! between calls; the free functions use one per thread.

use super::cards::SCard;
use super::ranking::{ESuit, Ranking};
use super::rules::{HoldCardLead, Schwarz};
use super::scoring::{unit, Outcome};
use super::state::{Phase, State, NUM_PLAYERS, NUM_TRICKS};

/// The seat `k` places to the left of `seat` at the five-handed table the solver plays.
#[inline(always)]
const fn left(seat: u8, k: u8) -> u8 {
    (seat + k) % NUM_PLAYERS as u8
}
use crate::game::Game;
use std::cell::RefCell;
use std::fmt;

/// The id of the action that plays card index 0 (`actions::PLAY`).
const PLAY: u8 = super::actions::PLAY;
/// log2 of the transposition table's entries: 2^17 entries of 32 bytes in two-entry buckets (4 MB).
const TT_BITS: u32 = 17;
/// A seat number meaning "none".
const NONE: u8 = 7;
/// Our suit numbering: 0 trump, then the fail suits clubs, spades, hearts.
const SUITS: [ESuit; 4] = [ESuit::TRUMP, ESuit::CLUBS, ESuit::SPADES, ESuit::HEARTS];

/// Why a position cannot be solved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// The hand is not in the play phase (it is in `phase`).
    NotInPlay { phase: Phase },
    /// The hand is over: there is nothing left to play.
    Terminal,
    /// A question about the picking side asked of a leaster, which has none (R31).
    Leaster,
    /// A leaster question asked of a picked hand.
    NotLeaster,
    /// A seat number that is not 0–4.
    Seat { seat: u8 },
    /// A hand the solver does not model: another form than the five-handed called-ace game, the picker's own
    /// ace (V12), a called ten whose suit has not been led (V10), an under still in play (V11.3).
    Unsupported(String),
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::NotInPlay { phase } => {
                write!(f, "the hand is in the {} phase; the solver needs the play phase", phase.name())
            }
            SolveError::Terminal => f.write_str("the hand is over: there is no card play left to solve"),
            SolveError::Leaster => {
                f.write_str("the hand is a leaster: it has no picking side to reach points or a class (R31)")
            }
            SolveError::NotLeaster => {
                f.write_str("the hand has a picker: a seat's leaster value is asked only of a leaster (R31)")
            }
            SolveError::Seat { seat } => write!(f, "seat {seat} is not a seat 0-4"),
            SolveError::Unsupported(why) => write!(f, "the solver does not model this hand: {why}"),
        }
    }
}

impl std::error::Error for SolveError {}

/// The exact value of a position and of each legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// Picked hand: the picking side's final card points P (0..=120). Leaster: the seat's paranoid return
    /// (+4 or −1).
    pub value: i32,
    /// An optimal action (id) for the seat to move (the lowest id among the optimal ones).
    pub best: u8,
    /// Every legal action (id, increasing) and the value after it.
    pub moves: Vec<(u8, i32)>,
    /// Search nodes visited (a machine-independent cost).
    pub nodes: u64,
}

/// How much of a position an answer values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Moves {
    /// The position and every legal move (one search for each move that differs).
    All,
    /// The position and one optimal move only (the answer's `moves` empty): one search of the root, which
    /// stops at the first move that settles the question (about half the nodes of [`Moves::All`]).
    Best,
}

/// Whether the picking side reaches a target, under optimal play, and after each legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// The picking side reaches the target.
    pub value: bool,
    /// An optimal action for the seat to move (the lowest id among the optimal ones).
    pub best: u8,
    /// Every legal action (id, increasing) and whether the side reaches the target after it.
    pub moves: Vec<(u8, bool)>,
    /// Search nodes visited.
    pub nodes: u64,
}

/// The settlement classes of a picked hand (R27, R30; the rows of V17), worst first for the picking side: the
/// order is the order of the side's settlement. With `schwarz = points` (V17) the two schwarz classes are
/// counted in card points: `NoTrick` is no card point in the side's tricks, `AllTricks` is P = 120.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Class {
    /// The picking side took no trick, or with `schwarz = points` no card point in tricks (−3 per opponent).
    NoTrick,
    /// Not schwarz, P ≤ 30 (−2).
    Schneidered,
    /// 31 ≤ P ≤ 60 (−1; R28: 60 loses).
    Lost,
    /// 61 ≤ P ≤ 90 (+1).
    Won,
    /// P ≥ 91 (+2).
    Schneider,
    /// All six tricks, or with `schwarz = points` P = 120 (+3).
    AllTricks,
}

impl Class {
    /// The classes, worst first.
    pub const ALL: [Class; 6] =
        [Class::NoTrick, Class::Schneidered, Class::Lost, Class::Won, Class::Schneider, Class::AllTricks];

    /// The class of a finished hand's outcome: its settlement row (V17) with schwarz counted as `schwarz` says.
    pub fn of(outcome: Outcome, schwarz: Schwarz) -> Class {
        match unit(outcome, schwarz) {
            3 => Class::AllTricks,
            2 => Class::Schneider,
            1 => Class::Won,
            -1 => Class::Lost,
            -2 => Class::Schneidered,
            _ => Class::NoTrick,
        }
    }
}

/// The optimal settlement class of a picked hand and of each legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClassSolution {
    /// The class under optimal play (the picking side maximising it).
    pub class: Class,
    /// An optimal action for the seat to move (the lowest id among the optimal ones).
    pub best: u8,
    /// Every legal action (id, increasing) and the class after it.
    pub moves: Vec<(u8, Class)>,
    /// Search nodes visited.
    pub nodes: u64,
}

/// What a search values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Goal {
    /// The picking side's card points still to take.
    Points,
    /// The picking side's tricks still to take.
    Tricks,
    /// Whether this seat wins the leaster (1) or not (0).
    Leaster(u8),
}

/// The rules of one hand, as tables over the solver's own card numbering.
///
/// The solver numbers the cards in blocks by suit, each weakest first: clubs, spades, hearts, then trumps (the
/// under in the called suit, below its seven: R16). Within a trick led in suit `L`, a card beats another exactly
/// when it is of `L` or trump and has the higher number (R25), so the winner, the cards that could beat it, the
/// best card of a suit and equivalent cards are all plain bit arithmetic.
#[derive(Clone, Copy, Debug)]
struct Ctx {
    /// The engine's card index of each of our cards.
    ext: [u8; 32],
    /// Our number of each engine card index.
    int: [u8; 32],
    /// Our suit of each card (0 trump, then clubs, spades, hearts).
    suit: [u8; 32],
    /// The cards of each of our suits.
    mask: [u32; 4],
    /// The cards that can win a trick led in each suit: that suit and trumps.
    live: [u32; 4],
    /// Card points (R6).
    pts: [u8; 32],
    /// The ranking's power of each card in its own suit (R3; the under below its suit's seven, R16): what move
    /// ordering weighs cards by.
    power: [u8; 32],
    /// For each card, the cards of equal points.
    equal_pts: [u32; 32],
    /// Seats of the picking side as a bit mask (0 in a leaster).
    side: u8,
    picker: u8,
    /// The called card as a bit (0 when none), and its suit.
    called: u32,
    called_suit: u8,
    /// Cards never merged with equivalents: the called card, the under, the picker's called-suit cards.
    duty: u32,
    /// For each card, the cards just below it in its suit of equal points, as long as neither it nor they carry
    /// a duty: those it stands for in a table key once they are out of play.
    run_below: [u32; 32],
    /// The cards with a non-empty `run_below`.
    slides: u32,
    no_discard: bool,
    /// R18 (revised), `hold_card_lead = forbidden`: the picker may not lead the hold card while it binds.
    no_hold_lead: bool,
    /// The blind's points, for the last trick's taker in a leaster (R31).
    blind_pts: u8,
}

/// The cards numbered above `c`.
#[inline(always)]
fn above(c: u8) -> u32 {
    (u32::MAX << c) << 1
}

/// A compact position: the hands, the trick on the table, and (for leasters) what each seat took.
#[derive(Clone, Copy, Debug)]
struct Pos {
    hands: [u32; NUM_PLAYERS],
    to_move: u8,
    trick_len: u8,
    /// Our suit of the card led (valid when `trick_len > 0`).
    led: u8,
    best_seat: u8,
    /// The best card on the table (valid when `trick_len > 0`).
    best: u8,
    trick_pts: u8,
    /// Card points still in the hands.
    rem: u8,
    /// The cards on the table.
    table: u32,
    trick_no: u8,
    /// R18/R19: the called suit has been led in a completed trick.
    csl: bool,
    /// Leaster bookkeeping: points, tricks and first trick of each seat.
    pts: [u8; NUM_PLAYERS],
    won: [u8; NUM_PLAYERS],
    first: [u8; NUM_PLAYERS],
}

impl Pos {
    /// The cards still in the hands.
    #[inline(always)]
    fn held(&self) -> u32 {
        self.hands.iter().fold(0, |m, h| m | h)
    }
}

/// A transposition-table entry: a trick-boundary position and bounds on its value (32 bytes, two to a
/// 64-byte bucket, so that a probe reads one cache line). A leaster's tallies, the rest of its key, are kept
/// beside the table in [`Solver::tallies`].
#[derive(Clone, Copy, Debug, Default)]
#[repr(C, align(32))]
struct Entry {
    /// The hands as [`Ctx::key`] has them.
    hands: [u32; NUM_PLAYERS],
    gen: u32,
    tag: u8,
    lo: u8,
    hi: u8,
    /// The best card found last time, as [`Ctx::stand_in`] has it (searched first next time), or [`NO_MOVE`].
    mv: u8,
}

/// Two entries on one cache line.
#[derive(Clone, Copy, Debug, Default)]
#[repr(C, align(64))]
struct Bucket([Entry; 2]);

/// No move remembered.
const NO_MOVE: u8 = 0xFF;
/// From this trick on, an exact value is one open-window search rather than a bisection (measured: the open
/// window visits fewer nodes when three tricks or fewer are left, the bisection when more are).
const FULL_WINDOW_FROM: u8 = 3;

/// A reusable solver: it keeps its transposition table between calls (entries of earlier calls are told apart by
/// a generation number, so nothing is cleared).
pub struct Solver {
    tt: Vec<Bucket>,
    /// The leaster tallies of each entry (its key beside the hands; unused in picked hands).
    tallies: Vec<u64>,
    gen: u32,
    /// The first generation of the current call.
    base: u32,
    nodes: u64,
    ctx: Ctx,
    /// What the rule tables of `ctx` were built for (the ranking and the under with its suit).
    tables: Option<(Ranking, Option<(SCard, ESuit)>)>,
    goal: Goal,
}

impl Default for Solver {
    fn default() -> Solver {
        Solver::new()
    }
}

/// A root position: the compact position and what the picking side holds already.
struct Root {
    pos: Pos,
    /// The picking side's points so far (R26: tricks plus bury).
    side_points: i32,
    /// The picking side's tricks so far.
    side_tricks: i32,
    /// The points of the bury (0 in a leaster).
    bury: i32,
    /// How schwarz is counted (V17).
    schwarz: Schwarz,
    /// Legal cards (indices) and for each the card whose value it shares (an equivalent card).
    legal: Vec<(u8, u8)>,
}

impl Solver {
    /// A solver with an empty table.
    pub fn new() -> Solver {
        Solver {
            tt: vec![Bucket::default(); 1 << (TT_BITS - 1)],
            tallies: vec![0; 1 << TT_BITS],
            gen: 0,
            base: 0,
            nodes: 0,
            ctx: Ctx::empty(),
            tables: None,
            goal: Goal::Points,
        }
    }

    /// Whether the solver models `state` exactly (see [`SolveError::Unsupported`]): its rules
    /// ([`Solver::models_rules`]), and no called ten or under still waiting.
    pub fn supported(state: &State) -> Result<(), SolveError> {
        Solver::models_rules(state)?;
        let unsupported = |why: String| Err(SolveError::Unsupported(why));
        if state.called_card().is_some_and(|c| c.rank() == 3) && !state.called_suit_led() {
            return unsupported("a called ten whose suit has not been led (V10)".into());
        }
        if let Some(u) = state.under() {
            let played = state.completed_tricks().any(|(_, cards, _)| cards.contains(&u))
                || state.current_trick().1.contains(&u);
            if !played {
                return unsupported("the under is still in play (V11.3: a led under never wins)".into());
            }
        }
        Ok(())
    }

    /// Whether the solver models the game `state` is played under, whatever comes later in it: the
    /// five-handed called-ace game, the picker not having called its own ace (V12), a leaster (if all passed)
    /// with R31's tie rule and the blind to the last trick.
    pub fn models_rules(state: &State) -> Result<(), SolveError> {
        let unsupported = |why: String| Err(SolveError::Unsupported(why));
        let (form, rules) = (state.form(), state.rules());
        if state.players() != NUM_PLAYERS || form.method != super::rules::Method::CalledAce {
            return unsupported(format!(
                "it plays the five-handed called-ace game, not the {} form with partner = {:?}",
                form.name(&rules),
                form.method.name()
            ));
        }
        if state.called_own_ace() {
            return unsupported("the picker called its own ace (V12)".into());
        }
        if let Some(game) = state.all_pass_game() {
            if game != super::state::AllPassGame::Leaster
                || rules.leaster_tie != super::rules::LeasterTie::Tiebreak
                || rules.leaster_blind != super::rules::LeasterBlind::LastTrick
            {
                return unsupported(format!(
                    "of the games of all passes it plays R31's leaster (leaster_tie = \"tiebreak\", leaster_blind \
                     = \"last_trick\"), not this {}",
                    game.name()
                ));
            }
        }
        Ok(())
    }

    /// Picked hand: the picking side's exact final points P (and each move's, with [`Moves::All`]). Leaster:
    /// the paranoid return of the seat to move (see [`Solver::values_for`]).
    pub fn solve(&mut self, state: &State, moves: Moves) -> Result<Solution, SolveError> {
        let root = self.setup(state)?;
        if state.picker().is_none() {
            return Ok(self.leaster(&root, root.pos.to_move, moves));
        }
        self.set_goal(Goal::Points);
        if moves == Moves::Best {
            let (value, best) = self.exact_root(&root);
            return Ok(Solution {
                value: root.side_points + value,
                best,
                moves: Vec::new(),
                nodes: self.nodes,
            });
        }
        let mut values = [0i32; 32];
        let mut guess = None;
        for &(c, rep) in &root.legal {
            if c == rep {
                let mut child = root.pos;
                let gain = self.play(&mut child, c);
                // Moves often share a value: try the last one's first.
                let v = root.side_points
                    + gain
                    + self.exact(&child, guess.map(|g: i32| g - root.side_points - gain));
                values[c as usize] = v;
                guess = Some(v);
            }
        }
        let moves: Vec<(u8, i32)> =
            root.legal.iter().map(|&(c, rep)| (self.action(c), values[rep as usize])).collect();
        let max = self.is_max(root.pos.to_move);
        let (best, value) = pick_best(&moves, |a, b| if max { a > b } else { a < b });
        Ok(Solution { value, best, moves, nodes: self.nodes })
    }

    /// Whether the picking side reaches at least `target` final points (61 to win, 91 for schneider…), and
    /// (with [`Moves::All`]) after each legal move.
    pub fn reaches(&mut self, state: &State, target: u32, moves: Moves) -> Result<Verdict, SolveError> {
        let root = self.setup(state)?;
        if state.picker().is_none() {
            return Err(SolveError::Leaster);
        }
        self.set_goal(Goal::Points);
        let target = i32::try_from(target).unwrap_or(i32::MAX);
        let need = target.saturating_sub(root.side_points);
        if moves == Moves::Best {
            let mut best = None;
            let value = self.root_at_least(&root, need, &mut best);
            return Ok(Verdict {
                value,
                best: self.best_or_first(&root, best),
                moves: Vec::new(),
                nodes: self.nodes,
            });
        }
        let mut verdicts = [false; 32];
        for &(c, rep) in &root.legal {
            if c == rep {
                let mut child = root.pos;
                let gain = self.play(&mut child, c);
                verdicts[c as usize] = self.at_least(&child, need - gain);
            }
        }
        let moves: Vec<(u8, bool)> =
            root.legal.iter().map(|&(c, rep)| (self.action(c), verdicts[rep as usize])).collect();
        let max = self.is_max(root.pos.to_move);
        let (best, value) = pick_best(&moves, |a, b| if max { a & !b } else { !a & b });
        Ok(Verdict { value, best, moves, nodes: self.nodes })
    }

    /// The optimal settlement class (R27, R30) of a picked hand (and with [`Moves::All`] each legal move's).
    pub fn settlement_class(&mut self, state: &State, moves: Moves) -> Result<ClassSolution, SolveError> {
        let root = self.setup(state)?;
        if state.picker().is_none() {
            return Err(SolveError::Leaster);
        }
        if moves == Moves::Best {
            let mut best = None;
            let (points, tricks) = (root.side_points, root.side_tricks);
            let class = Self::class_by_tests(|k| {
                let (goal, need) = Self::class_test(k, &root, points, tricks);
                self.set_goal(goal);
                self.root_at_least(&root, need, &mut best)
            });
            return Ok(ClassSolution {
                class,
                best: self.best_or_first(&root, best),
                moves: Vec::new(),
                nodes: self.nodes,
            });
        }
        let mut classes = [Class::NoTrick; 32];
        for &(c, rep) in &root.legal {
            if c == rep {
                classes[c as usize] = self.class_after(&root, c);
            }
        }
        let moves: Vec<(u8, Class)> =
            root.legal.iter().map(|&(c, rep)| (self.action(c), classes[rep as usize])).collect();
        let max = self.is_max(root.pos.to_move);
        let (best, class) = pick_best(&moves, |a, b| if max { a > b } else { a < b });
        Ok(ClassSolution { class, best, moves, nodes: self.nodes })
    }

    /// Leaster (R31): the paranoid return of `seat` (+4 if it can make sure to win, −1 otherwise), `seat`
    /// maximising and every other seat minimising, and (with [`Moves::All`]) the value after each legal move
    /// of the seat to move.
    pub fn values_for(&mut self, state: &State, seat: u8, moves: Moves) -> Result<Solution, SolveError> {
        if seat as usize >= NUM_PLAYERS {
            return Err(SolveError::Seat { seat });
        }
        let root = self.setup(state)?;
        if state.picker().is_some() {
            return Err(SolveError::NotLeaster);
        }
        Ok(self.leaster(&root, seat, moves))
    }

    // ---- roots ----

    fn leaster(&mut self, root: &Root, seat: u8, moves: Moves) -> Solution {
        self.set_goal(Goal::Leaster(seat));
        let return_of = |wins: bool| if wins { 4 } else { -1 };
        if moves == Moves::Best {
            let mut best = None;
            let value = return_of(self.root_at_least(root, 1, &mut best));
            return Solution {
                value,
                best: self.best_or_first(root, best),
                moves: Vec::new(),
                nodes: self.nodes,
            };
        }
        let mut values = [0i32; 32];
        for &(c, rep) in &root.legal {
            if c == rep {
                let mut child = root.pos;
                self.play(&mut child, c);
                values[c as usize] = return_of(self.at_least(&child, 1));
            }
        }
        let moves: Vec<(u8, i32)> =
            root.legal.iter().map(|&(c, rep)| (self.action(c), values[rep as usize])).collect();
        let max = root.pos.to_move == seat;
        let (best, value) = pick_best(&moves, |a, b| if max { a > b } else { a < b });
        Solution { value, best, moves, nodes: self.nodes }
    }

    /// The class decided by the tests "class ≥ k" for k = 1..=5 (`at_least(k)`), `Lost` tested first: two or
    /// three tests.
    fn class_by_tests(mut at_least: impl FnMut(usize) -> bool) -> Class {
        let k = if at_least(3) {
            if !at_least(4) {
                3
            } else if at_least(5) {
                5
            } else {
                4
            }
        } else if at_least(2) {
            2
        } else if at_least(1) {
            1
        } else {
            0
        };
        Class::ALL[k]
    }

    /// What the test "class ≥ k" (k = 1..=5) asks of a position of `root`'s hand whose picking side holds
    /// `points` and `tricks` already: the goal and the value it needs. Class ≥ Lost is P ≥ 31, which needs a
    /// trick (the bury is at most 22). Schwarz (V17) by tricks is a test of tricks; by points, "not schwarz"
    /// is a card point in tricks (P above the bury) and "schwarz of the defenders" is P = 120.
    fn class_test(k: usize, root: &Root, points: i32, tricks: i32) -> (Goal, i32) {
        match (k, root.schwarz) {
            (1, Schwarz::Tricks) => (Goal::Tricks, 1 - tricks),
            (1, Schwarz::Points) => (Goal::Points, root.bury + 1 - points),
            (2..=4, _) => (Goal::Points, [31, 61, 91][k - 2] - points),
            (_, Schwarz::Tricks) => (Goal::Tricks, NUM_TRICKS as i32 - tricks),
            (_, Schwarz::Points) => (Goal::Points, 120 - points),
        }
    }

    /// The class after the root's mover plays `c`.
    fn class_after(&mut self, root: &Root, c: u8) -> Class {
        let mut child = root.pos;
        let completes = child.trick_len == NUM_PLAYERS as u8 - 1;
        self.set_goal(Goal::Points);
        let gain = self.play(&mut child, c);
        let side_won = completes && self.ctx.side >> child.to_move & 1 == 1;
        let (points, tricks) = (root.side_points + gain, root.side_tricks + i32::from(side_won));
        Self::class_by_tests(|k| {
            let (goal, need) = Self::class_test(k, root, points, tricks);
            self.set_goal(goal);
            self.at_least(&child, need)
        })
    }

    /// Reads the state into the compact position and the tables, and starts a new call.
    fn setup(&mut self, state: &State) -> Result<Root, SolveError> {
        match state.phase() {
            Phase::Play => {}
            Phase::Done => return Err(SolveError::Terminal),
            phase => return Err(SolveError::NotInPlay { phase }),
        }
        let Some(to_move) = state.current_player() else {
            return Err(SolveError::Terminal);
        };
        Self::supported(state)?;
        let called_suit = state.called_card().map_or(ESuit::TRUMP, super::ranking::suit_of);
        let key = (*state.ranking(), state.under().map(|u| (u, called_suit)));
        if self.tables != Some(key) {
            self.ctx.set_tables(&key.0, key.1);
            self.tables = Some(key);
        }
        self.ctx.set_hand(state);
        self.nodes = 0;
        self.new_generations();
        let ctx = &self.ctx;
        let (leader, cards) = state.current_trick();
        let mut pos = Pos {
            hands: std::array::from_fn(|s| ctx.ours(state.hand(s).0)),
            to_move: leader,
            trick_len: 0,
            led: 0,
            best_seat: leader,
            best: 0,
            trick_pts: 0,
            rem: (0..NUM_PLAYERS).map(|s| state.hand(s).points()).sum::<u32>() as u8,
            table: 0,
            trick_no: state.trick_number() as u8,
            csl: state.called_suit_led(),
            pts: std::array::from_fn(|s| state.points()[s]),
            won: std::array::from_fn(|s| state.tricks_won()[s]),
            first: [NONE; NUM_PLAYERS],
        };
        for (t, (_, _, w)) in state.completed_tricks().enumerate() {
            if pos.first[w as usize] == NONE {
                pos.first[w as usize] = t as u8;
            }
        }
        for &card in cards {
            // Replay the trick so far on the compact position (the cards have left the hands already).
            let c = ctx.ours(card.bit()).trailing_zeros() as u8;
            let seat = pos.to_move;
            pos.hands[seat as usize] |= 1 << c;
            pos.rem += ctx.pts[c as usize];
            ctx.play(&mut pos, c);
        }
        debug_assert_eq!(pos.to_move, to_move);
        let legal_mask = self.legal(&pos);
        debug_assert_eq!(legal_mask, self.ctx.ours(state.playable().0));
        let mut legal = Vec::with_capacity(8);
        for c in bits(legal_mask) {
            legal.push((c, self.ctx.representative(&pos, legal_mask, c)));
        }
        // In the order of the actions' ids.
        legal.sort_unstable_by_key(|&(c, _)| self.ctx.ext[c as usize]);
        let side = ctx.side;
        let side_points = state.picking_side_points().map_or(0, |p| i32::try_from(p).unwrap_or(i32::MAX));
        let won = state.tricks_won();
        let side_tricks = (0..NUM_PLAYERS).filter(|&s| side >> s & 1 == 1).map(|s| i32::from(won[s])).sum();
        let bury = if side == 0 { 0 } else { state.bury().points() as i32 };
        Ok(Root { pos, side_points, side_tricks, bury, schwarz: state.rules().schwarz, legal })
    }

    /// Switches what the search values; each goal of a call has its own generation of table entries.
    fn set_goal(&mut self, goal: Goal) {
        self.goal = goal;
        self.gen = self.base
            + match goal {
                Goal::Points => 0,
                Goal::Tricks => 1,
                Goal::Leaster(_) => 2,
            };
    }

    /// Starts a new call: fresh generations, so that no entry of an earlier call (other rules, other hands)
    /// can match.
    fn new_generations(&mut self) {
        match self.base.checked_add(6) {
            Some(_) => self.base += 3,
            None => {
                // After 2^32 generations, forget everything.
                self.tt.fill(Bucket::default());
                self.base = 1;
            }
        }
        self.gen = self.base;
    }

    // ---- the search ----

    /// The action that plays our card `c`.
    fn action(&self, c: u8) -> u8 {
        PLAY + self.ctx.ext[c as usize]
    }

    #[inline(always)]
    fn is_max(&self, seat: u8) -> bool {
        match self.goal {
            Goal::Leaster(s) => seat == s,
            _ => self.ctx.side >> seat & 1 == 1,
        }
    }

    #[inline(always)]
    fn legal(&self, p: &Pos) -> u32 {
        self.ctx.legal(p)
    }

    #[inline(always)]
    fn play(&self, p: &mut Pos, c: u8) -> i32 {
        let w = self.ctx.play(p, c);
        match (w, self.goal) {
            (None, _) | (Some(_), Goal::Leaster(_)) => 0,
            (Some((seat, pts)), goal) => {
                if self.ctx.side >> seat & 1 == 0 {
                    0
                } else if goal == Goal::Points {
                    i32::from(pts)
                } else {
                    1
                }
            }
        }
    }

    /// Does the value of `p` reach `need`?
    fn at_least(&mut self, p: &Pos, need: i32) -> bool {
        self.search(p, need - 1, need) >= need
    }

    /// The exact value of `p`, by bisection on null-window searches; with a `guess`, the first two tests pin
    /// the value if it is the guess.
    fn exact(&mut self, p: &Pos, guess: Option<i32>) -> i32 {
        self.bisect(p, guess, |s, alpha, beta| s.search(p, alpha, beta))
    }

    /// The exact value of `p` from searches `probe(self, alpha, beta)` of it (fail-soft, as
    /// [`Solver::search`]): one open window from [`FULL_WINDOW_FROM`] on, else a bisection of null windows.
    #[inline]
    fn bisect(
        &mut self,
        p: &Pos,
        guess: Option<i32>,
        mut probe: impl FnMut(&mut Self, i32, i32) -> i32,
    ) -> i32 {
        let (mut lo, mut hi) = self.static_bounds(p);
        if p.trick_no >= FULL_WINDOW_FROM {
            // Small trees: one open-window search beats a series of null windows.
            return probe(self, lo - 1, hi + 1);
        }
        let mut tries = guess.map_or(0, |g| if g > lo && g <= hi { 2 } else { 0 });
        let mut next = guess.unwrap_or(0);
        while lo < hi {
            let mid = if tries > 0 {
                tries -= 1;
                next.clamp(lo + 1, hi)
            } else {
                lo + (hi - lo + 1) / 2
            };
            let v = probe(self, mid - 1, mid);
            if v >= mid {
                lo = v;
                next = lo + 1;
            } else {
                hi = v;
                tries = 0;
            }
        }
        lo
    }

    /// The action of the card in `best`, or if `best` is `None` (every move is then as good as any) the lowest
    /// legal action.
    fn best_or_first(&self, root: &Root, best: Option<u8>) -> u8 {
        self.action(best.unwrap_or(root.legal[0].0))
    }

    /// Fail-soft alpha-beta at the root (values relative to it, as [`Solver::search`], whose move ordering it
    /// shares), searching card `best` first if it holds one, and keeping in `best` the card found when the result
    /// goes the mover's way (above `alpha` for the maximising side, below `beta` for the other): that card is
    /// then optimal if the value is the result.
    fn root_search(&mut self, root: &Root, alpha: i32, beta: i32, best: &mut Option<u8>) -> i32 {
        let (value, found, _) = self.children(&root.pos, alpha, beta, best.unwrap_or(NO_MOVE));
        let max = self.is_max(root.pos.to_move);
        if (max && value > alpha) || (!max && value < beta) {
            *best = Some(found);
        }
        value
    }

    /// Does the root's value reach `need`? In `best`, an optimal card if the answer goes the mover's way.
    fn root_at_least(&mut self, root: &Root, need: i32, best: &mut Option<u8>) -> bool {
        self.root_search(root, need - 1, need, best) >= need
    }

    /// The exact value of the root (relative to it) and an optimal action, by the searches of
    /// [`Solver::bisect`]: the card of the last search that went the mover's way is optimal; with no such
    /// search, every card has the same value.
    fn exact_root(&mut self, root: &Root) -> (i32, u8) {
        let mut best = None;
        let value =
            self.bisect(&root.pos, None, |s, alpha, beta| s.root_search(root, alpha, beta, &mut best));
        (value, self.best_or_first(root, best))
    }

    /// Bounds on the value of `p` known without search.
    fn static_bounds(&self, p: &Pos) -> (i32, i32) {
        match self.goal {
            Goal::Points => (0, i32::from(p.trick_pts) + i32::from(p.rem)),
            Goal::Tricks => (0, NUM_TRICKS as i32 - i32::from(p.trick_no)),
            Goal::Leaster(_) => (0, 1),
        }
    }

    fn terminal(&self, p: &Pos) -> i32 {
        match self.goal {
            Goal::Leaster(s) => {
                // R31: fewest points among those with a trick; ties to fewer tricks, then the latest first trick.
                let winner = (0..NUM_PLAYERS)
                    .filter(|&x| p.won[x] > 0)
                    .min_by_key(|&x| (p.pts[x], p.won[x], std::cmp::Reverse(p.first[x])));
                i32::from(winner == Some(s as usize))
            }
            _ => 0,
        }
    }

    /// The slot of the bucket at `i` holding the position of table key `key` (see [`Ctx::key`]), if any.
    #[inline]
    fn find(&self, i: usize, key: &[u32; NUM_PLAYERS], extra: u64, tag: u8) -> Option<usize> {
        let leaster = matches!(self.goal, Goal::Leaster(_));
        (i..i + 2).find(|&j| {
            let e = self.entry(j);
            e.gen == self.gen && e.tag == tag && e.hands == *key && (!leaster || self.tallies[j] == extra)
        })
    }

    /// Entry `j` of the table (slot `j % 2` of bucket `j / 2`).
    #[inline(always)]
    fn entry(&self, j: usize) -> &Entry {
        &self.tt[j >> 1].0[j & 1]
    }

    /// Entry `j` of the table, to overwrite.
    #[inline(always)]
    fn entry_mut(&mut self, j: usize) -> &mut Entry {
        &mut self.tt[j >> 1].0[j & 1]
    }

    /// The slot of the bucket at `i` to overwrite: one of an earlier call or goal, else the one with the smaller
    /// subtree (fewer cards left).
    #[inline]
    fn victim(&self, i: usize) -> usize {
        let cards = |j: usize| self.entry(j).hands.iter().map(|h| h.count_ones()).sum::<u32>();
        if self.entry(i).gen != self.gen {
            i
        } else if self.entry(i + 1).gen != self.gen || cards(i + 1) <= cards(i) {
            i + 1
        } else {
            i
        }
    }

    /// The bucket (two slots) of a trick-boundary position, and its key: the hands as [`Ctx::key`] and the
    /// parts beside them.
    fn slot(&self, p: &Pos) -> (usize, [u32; NUM_PLAYERS], u64, u8) {
        let extra = match self.goal {
            Goal::Leaster(_) => {
                // What each seat took: 7 bits of points, 3 of first trick, 3 of tricks (the last seat's tricks
                // follow from the others' and the trick number, itself given by the hands): 62 bits.
                let mut x = 0u64;
                for s in 0..NUM_PLAYERS {
                    x = x << 10 | u64::from(p.pts[s]) << 3 | u64::from(p.first[s]);
                    if s < NUM_PLAYERS - 1 {
                        x = x << 3 | u64::from(p.won[s]);
                    }
                }
                x
            }
            _ => 0,
        };
        let tag = p.to_move | u8::from(p.csl) << 3;
        let h = self.ctx.key(p);
        let mut k = (u64::from(h[0]) | u64::from(h[1]) << 32).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        k ^= (u64::from(h[2]) | u64::from(h[3]) << 32).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        k ^= (u64::from(h[4]) | u64::from(tag) << 32).wrapping_mul(0x1656_67B1_9E37_79F9);
        k ^= extra.wrapping_mul(0xD6E8_FEB8_6659_FD93);
        k ^= k >> 29;
        k = k.wrapping_mul(0xBF58_476D_1CE4_E5B9);
        ((k >> (64 - TT_BITS)) as usize & !1, h, extra, tag)
    }

    /// Fail-soft alpha-beta: the value of `p` if it lies strictly inside (alpha, beta), else a bound on the
    /// value on the side of the window it falls (≤ alpha: an upper bound; ≥ beta: a lower bound).
    fn search(&mut self, p: &Pos, mut alpha: i32, mut beta: i32) -> i32 {
        let boundary = p.trick_len == 0;
        if p.trick_no as usize == NUM_TRICKS - 2 && !boundary {
            return self.fifth_trick(p, alpha, beta);
        }
        self.nodes += 1;
        if boundary && p.trick_no as usize == NUM_TRICKS {
            return self.terminal(p);
        }
        if p.trick_no as usize == NUM_TRICKS - 1 {
            return self.last_trick(p);
        }
        let (mut lo0, mut hi0) = self.static_bounds(p);
        if boundary && !matches!(self.goal, Goal::Leaster(_)) {
            // The best trumps still in play, as long as one team holds them all, go to that team: each wins
            // the trick it is played to, or falls to a trick won by a better one of the run (R25). Those of
            // one hand win a trick each (a hand plays one card to a trick).
            let (team, points, tricks) = self.top_trump_run(p);
            let run = if self.goal == Goal::Points { points } else { tricks };
            if team == Some(true) {
                lo0 = run;
            } else if team == Some(false) {
                hi0 -= run;
            }
        } else if p.trick_len > 0 && self.decided(p) {
            // The trick on the table is decided: its winner's team takes it.
            let got = if self.goal == Goal::Points { i32::from(p.trick_pts) } else { 1 };
            if self.is_max(p.best_seat) {
                lo0 = got;
            } else {
                hi0 -= got;
            }
        }
        if hi0 <= alpha {
            return hi0;
        }
        if lo0 >= beta {
            return lo0;
        }
        let mut slot = None;
        let mut hint = NO_MOVE;
        if boundary {
            let (i, key, extra, tag) = self.slot(p);
            let (mut lo, mut hi) = (lo0, hi0);
            if let Some(j) = self.find(i, &key, extra, tag) {
                let e = *self.entry(j);
                (lo, hi) = (i32::from(e.lo), i32::from(e.hi));
                if lo >= beta || lo == hi {
                    return lo;
                }
                if hi <= alpha {
                    return hi;
                }
                alpha = alpha.max(lo);
                beta = beta.min(hi);
                hint = self.ctx.stood_for(p, e.mv);
            }
            slot = Some((i, key, extra, tag, lo, hi));
        }
        // The window this node searches: what the result is a bound relative to.
        let (a0, b0) = (alpha, beta);
        let (mut best, best_move, n) = self.children(p, alpha, beta, hint);
        if n == 0 {
            // No legal card (the engine never gets here): nothing more can be taken.
            best = lo0;
        }
        if let Some((i, key, extra, tag, mut lo, mut hi)) = slot {
            // The bounds read when probing (the slot may have been reused below), with any stored since.
            let j = match self.find(i, &key, extra, tag) {
                Some(j) => {
                    lo = lo.max(i32::from(self.entry(j).lo));
                    hi = hi.min(i32::from(self.entry(j).hi));
                    j
                }
                None => self.victim(i),
            };
            if best <= a0 {
                hi = hi.min(best); // failed low: an upper bound
            } else if best >= b0 {
                lo = lo.max(best); // failed high: a lower bound
            } else {
                (lo, hi) = (best, best); // inside the window: exact
            }
            if matches!(self.goal, Goal::Leaster(_)) {
                self.tallies[j] = extra;
            }
            let mv = if best_move == NO_MOVE { NO_MOVE } else { self.ctx.stand_in(best_move, p.held()) };
            *self.entry_mut(j) = Entry {
                hands: key,
                gen: self.gen,
                tag,
                lo: lo.clamp(0, 255) as u8,
                hi: hi.clamp(0, 255) as u8,
                mv,
            };
        }
        best
    }

    /// Fail-soft alpha-beta over the children of `p`, card `first` (if legal) first and then the others in the
    /// order of [`Solver::ordered_moves`]: the best value found, the card that found it ([`NO_MOVE`] if none)
    /// and the number of cards searchable.
    #[inline(always)]
    fn children(&mut self, p: &Pos, mut alpha: i32, mut beta: i32, first: u8) -> (i32, u8, usize) {
        let mut moves = [0u8; 8];
        let n = self.ordered_moves(p, self.legal(p), &mut moves);
        if let Some(k) = moves[..n].iter().position(|&c| c == first) {
            moves[..=k].rotate_right(1);
        }
        let max = self.is_max(p.to_move);
        let mut best = if max { i32::MIN } else { i32::MAX };
        let mut best_move = NO_MOVE;
        for &c in &moves[..n] {
            let mut q = *p;
            let gain = self.play(&mut q, c);
            let v = gain + self.search(&q, alpha - gain, beta - gain);
            if (max && v > best) || (!max && v < best) {
                best = v;
                best_move = c;
            }
            if max {
                alpha = alpha.max(v);
            } else {
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        (best, best_move, n)
    }

    /// The last trick: every hand holds one card, so the rest is forced.
    #[inline]
    fn last_trick(&self, p: &Pos) -> i32 {
        if p.trick_len == 0 && !matches!(self.goal, Goal::Leaster(_)) {
            // Before its lead: the best card of the suit led or trump wins (R25), and with it every point left.
            let lead = p.hands[p.to_move as usize];
            if lead == 0 {
                return 0; // no card (the engine never gets here)
            }
            let led = self.ctx.suit[lead.trailing_zeros() as usize];
            let all = p.held();
            let top = 31 - (all & self.ctx.live[led as usize]).leading_zeros();
            let ours = holder(p, top as u8).is_some_and(|s| self.is_max(s));
            return match (ours, self.goal) {
                (false, _) => 0,
                (true, Goal::Points) => i32::from(p.rem),
                (true, _) => 1,
            };
        }
        let mut q = *p;
        let mut gain = 0;
        loop {
            let c = q.hands[q.to_move as usize].trailing_zeros() as u8;
            if c >= 32 {
                break; // no card (the engine never gets here)
            }
            gain += self.play(&mut q, c);
            if q.trick_len == 0 {
                break;
            }
        }
        gain + self.terminal(&q)
    }

    /// The fifth trick after its lead: every hand holds two cards at most, so a plain fail-soft alpha-beta (no
    /// table, bounds or move ordering) costs less than what those would save; then the forced last trick.
    fn fifth_trick(&mut self, p: &Pos, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        let max = self.is_max(p.to_move);
        let mut best = if max { i32::MIN } else { i32::MAX };
        for c in bits(self.legal(p)) {
            let mut q = *p;
            let gain = self.play(&mut q, c);
            let rest = if q.trick_len == 0 {
                self.last_trick(&q)
            } else {
                self.fifth_trick(&q, alpha - gain, beta - gain)
            };
            let v = gain + rest;
            if max {
                best = best.max(v);
                alpha = alpha.max(v);
            } else {
                best = best.min(v);
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        if best == i32::MIN || best == i32::MAX {
            return self.static_bounds(p).0; // no legal card (the engine never gets here)
        }
        best
    }

    /// At a trick boundary: the team (maximising or not) that holds the best trumps still in play, the card
    /// points of the run of them it holds before the first trump of the other team, and the most of that run
    /// in one hand (`None`, 0, 0: no trump left).
    #[inline]
    fn top_trump_run(&self, p: &Pos) -> (Option<bool>, i32, i32) {
        let mut trumps = p.held() & self.ctx.mask[0];
        let mut team = None;
        let mut run = 0;
        let mut per_hand = [0i32; NUM_PLAYERS];
        while trumps != 0 {
            let c = 31 - trumps.leading_zeros();
            let Some(seat) = holder(p, c as u8) else { break };
            let t = self.is_max(seat);
            if team.is_some_and(|x| x != t) {
                break;
            }
            team = Some(t);
            run += i32::from(self.ctx.pts[c as usize]);
            per_hand[seat as usize] += 1;
            trumps &= !(1 << c);
        }
        (team, run, per_hand.into_iter().max().unwrap_or(0))
    }

    /// Whether the trick on the table is decided (picked hands): no seat still to play, the mover included, on
    /// the other team than the winner's holds a card that could beat the best card (a superset of its legal
    /// cards: follow suit, else anything).
    fn decided(&self, p: &Pos) -> bool {
        if matches!(self.goal, Goal::Leaster(_)) {
            return false;
        }
        let team = self.is_max(p.best_seat);
        self.unbeatable(p, p.to_move, NUM_PLAYERS as u8 - p.trick_len, p.best, team)
    }

    /// Whether none of the `count` seats from `seat` on (in turn) that is on the other team than `team`
    /// (maximising or not) holds a card that could beat card `best` in the trick on the table (duties ignored).
    #[inline]
    fn unbeatable(&self, p: &Pos, seat: u8, count: u8, best: u8, team: bool) -> bool {
        let ctx = &self.ctx;
        let follow_mask = ctx.mask[p.led as usize];
        let wins = above(best) & ctx.live[p.led as usize];
        let mut seat = seat;
        for _ in 0..count {
            if self.is_max(seat) != team {
                let hand = p.hands[seat as usize];
                let follow = hand & follow_mask;
                let cards = if follow != 0 { follow } else { hand };
                if cards & wins != 0 {
                    return false;
                }
            }
            seat = left(seat, 1);
        }
        true
    }

    /// Whether no seat still to play to this trick after the mover, on the other team than `team`, can beat
    /// card `best` (duties ignored: a heuristic for move ordering).
    fn secure(&self, p: &Pos, best: u8, team: bool) -> bool {
        let count = NUM_PLAYERS as u8 - p.trick_len - 1;
        self.unbeatable(p, left(p.to_move, 1), count, best, team)
    }

    /// The legal cards of `p`, equivalent ones merged, in the order to search them: who wins the trick decides
    /// (cash a boss card, lead low to a partner, take a trick the side would lose, smear points on a winning
    /// trick, else throw cheap).
    fn ordered_moves(&self, p: &Pos, legal: u32, out: &mut [u8; 8]) -> usize {
        let ctx = &self.ctx;
        let seat = p.to_move;
        let mine = self.is_max(seat);
        let held = p.held();
        let in_play = held | p.table;
        let others = held & !p.hands[seat as usize];
        let mut scores = [0i32; 8];
        let mut n = 0;
        let ours = p.trick_len > 0 && self.is_max(p.best_seat) == mine;
        // Leading: the suits whose best card in play a partner of the mover holds.
        let mut mate_tops = 0u8;
        if p.trick_len == 0 {
            for s in 0..4 {
                let m = held & ctx.mask[s];
                if m & legal == 0 {
                    continue;
                }
                let top = 31 - m.leading_zeros();
                if holder(p, top as u8).is_some_and(|x| x != seat && self.is_max(x) == mine) {
                    mate_tops |= 1 << s;
                }
            }
        }
        let safe = ours && self.secure(p, p.best, mine);
        let wins = if p.trick_len > 0 { above(p.best) & ctx.live[p.led as usize] } else { 0 };
        for c in bits(legal) {
            if ctx.merged_away(c, legal, in_play) {
                continue;
            }
            let ci = c as usize;
            let pts = i32::from(ctx.pts[ci]);
            let score = if p.trick_len == 0 {
                let s = ctx.suit[ci] as usize;
                let power = i32::from(ctx.power[ci]);
                let boss = others & ctx.mask[s] & above(c) == 0;
                if boss {
                    100 + pts
                } else if mate_tops >> s & 1 == 1 {
                    // Lead low to a partner holding the suit's best card.
                    60 - 4 * pts - power
                } else {
                    -4 * pts - power
                }
            } else {
                let beats = wins >> c & 1 == 1;
                let power = if ctx.live[p.led as usize] >> c & 1 == 1 { i32::from(ctx.power[ci]) } else { 0 };
                if ours {
                    if safe {
                        // The side takes this trick whatever comes: smear points, without overtaking.
                        pts * 4 - i32::from(beats)
                    } else if beats && self.secure(p, c, mine) {
                        // Make the side's trick safe.
                        150 + pts - power
                    } else {
                        -pts * 4 - power
                    }
                } else if beats && self.secure(p, c, mine) {
                    // Take the trick for good, as cheaply as possible.
                    200 + i32::from(p.trick_pts) + pts - power
                } else if beats {
                    50 - pts * 4 - power
                } else {
                    // Throw cheap.
                    -pts * 4 - power
                }
            };
            // Insertion sort, best score first.
            let mut j = n;
            while j > 0 && scores[j - 1] < score {
                scores[j] = scores[j - 1];
                out[j] = out[j - 1];
                j -= 1;
            }
            scores[j] = score;
            out[j] = c;
            n += 1;
        }
        n
    }
}

/// The seat whose hand holds card `c`, if any.
#[inline]
fn holder(p: &Pos, c: u8) -> Option<u8> {
    (0..NUM_PLAYERS as u8).find(|&s| p.hands[s as usize] >> c & 1 == 1)
}

/// The first action with the best value (`better(a, b)`: a is strictly better than b).
fn pick_best<T: Copy>(moves: &[(u8, T)], better: impl Fn(T, T) -> bool) -> (u8, T) {
    let mut best = moves[0];
    for &m in &moves[1..] {
        if better(m.1, best.1) {
            best = m;
        }
    }
    best
}

/// The set bits of a mask, lowest first.
fn bits(mut m: u32) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if m == 0 {
            return None;
        }
        let i = m.trailing_zeros() as u8;
        m &= m - 1;
        Some(i)
    })
}

impl Ctx {
    fn empty() -> Ctx {
        Ctx {
            ext: [0; 32],
            int: [0; 32],
            suit: [0; 32],
            mask: [0; 4],
            live: [0; 4],
            pts: [0; 32],
            power: [0; 32],
            equal_pts: [0; 32],
            side: 0,
            picker: NONE,
            called: 0,
            called_suit: 0,
            duty: 0,
            run_below: [0; 32],
            slides: 0,
            no_discard: false,
            no_hold_lead: false,
            blind_pts: 0,
        }
    }

    /// The tables of one ranking and under (R3, R6, R16): our numbering, suits and equal points. They are the
    /// same in every world of a search, so [`Solver`] rebuilds them only when the key changes.
    fn set_tables(&mut self, ranking: &Ranking, under: Option<(SCard, ESuit)>) {
        // (block, power in its own suit, engine index) of every card: blocks clubs, spades, hearts, trumps.
        let mut cards = [(0u8, 0u8, 0u8); 32];
        for (i, slot) in cards.iter_mut().enumerate() {
            let i = i as u8;
            let Some(card) = SCard::from_index(i) else { continue };
            let suit = match under {
                Some((u, s)) if u == card => s,
                _ => super::ranking::suit_of(card),
            };
            let own = SUITS.iter().position(|&s| s == suit).unwrap_or(0) as u8;
            let block = (own + 3) % 4;
            *slot = (block, ranking.power_in_trick(card, suit, under), i);
        }
        cards.sort_unstable();
        self.mask = [0; 4];
        for (c, &(block, power, i)) in cards.iter().enumerate() {
            let own = (block + 1) % 4;
            self.ext[c] = i;
            self.power[c] = power;
            self.suit[c] = own;
            self.mask[own as usize] |= 1 << c;
            self.pts[c] = SCard::from_index(i).map_or(0, SCard::points);
            self.int[i as usize] = c as u8;
        }
        for s in 0..4 {
            self.live[s] = self.mask[s] | self.mask[0];
        }
        // Card points take a handful of values (0, 2, 3, 4, 10, 11): one mask per value.
        let mut of_pts = [0u32; 12];
        for c in 0..32 {
            of_pts[self.pts[c] as usize] |= 1 << c;
        }
        for c in 0..32 {
            self.equal_pts[c] = of_pts[self.pts[c] as usize];
        }
    }

    /// A mask of engine card indices in our numbering.
    #[inline]
    fn ours(&self, m: u32) -> u32 {
        bits(m).fold(0, |o, i| o | 1 << self.int[i as usize])
    }

    /// The parts of one hand: the sides, the called card and the duties, the option and the blind.
    fn set_hand(&mut self, state: &State) {
        let called = state.called_card();
        self.picker = NONE;
        self.side = 0;
        self.called = 0;
        self.called_suit = 0;
        self.duty = 0;
        if let Some(picker) = state.picker() {
            self.picker = picker;
            self.side = 1 << picker;
            if let Some(partner) = state.secret_partner() {
                self.side |= 1 << partner;
            }
        }
        if let Some(c) = called {
            let bit = self.ours(c.bit());
            let cs = self.suit[bit.trailing_zeros() as usize];
            self.called = bit;
            self.called_suit = cs;
            self.duty |= bit;
            if let Some(picker) = state.picker() {
                self.duty |= self.ours(state.hand(picker as usize).0) & self.mask[cs as usize];
            }
        }
        if let Some(u) = state.under() {
            self.duty |= self.ours(u.bit());
        }
        self.no_discard = state.rules().called_card_no_discard;
        self.no_hold_lead = state.rules().hold_card_lead == HoldCardLead::Forbidden;
        self.blind_pts = state.deal().blind.points() as u8;
        self.slides = 0;
        for c in 0..32 {
            let mut run = 0;
            let free = |d: usize| {
                self.duty >> d & 1 == 0 && self.suit[d] == self.suit[c] && self.pts[d] == self.pts[c]
            };
            if free(c) {
                let mut d = c;
                while d > 0 && free(d - 1) {
                    d -= 1;
                    run |= 1 << d;
                }
            }
            self.run_below[c] = run;
            if run != 0 {
                self.slides |= 1 << c;
            }
        }
    }

    /// The card that `c` stands for in a table key when the cards in play are `in_play`: the lowest of the run
    /// of out-of-play cards of equal points (and no duty) just below it in its suit, else itself. Two positions
    /// whose hands agree card for card after this have the same value: in each suit the cards in play come in
    /// the same order, with the same points and holders (rank-relative keys, as in double-dummy bridge solvers).
    #[inline]
    fn stand_in(&self, c: u8, in_play: u32) -> u8 {
        let run = self.run_below[c as usize];
        let blocked = run & in_play;
        if blocked != 0 {
            (32 - blocked.leading_zeros()) as u8
        } else if run != 0 {
            run.trailing_zeros() as u8
        } else {
            c
        }
    }

    /// The card of the mover's in `p` whose [`Ctx::stand_in`] is `mv` ([`NO_MOVE`] if none).
    #[inline]
    fn stood_for(&self, p: &Pos, mv: u8) -> u8 {
        let in_play = p.held();
        bits(p.hands[p.to_move as usize]).find(|&c| self.stand_in(c, in_play) == mv).unwrap_or(NO_MOVE)
    }

    /// The hands of `p` (at a trick boundary) with every card replaced by its [`Ctx::stand_in`]: the key of the
    /// transposition table.
    #[inline]
    fn key(&self, p: &Pos) -> [u32; NUM_PLAYERS] {
        let in_play = p.held();
        // Only a card whose next card down is out of play and in its run moves.
        let movers = in_play & !(in_play << 1) & self.slides;
        if movers == 0 {
            return p.hands;
        }
        let mut hands = p.hands;
        for c in bits(movers) {
            let to = self.stand_in(c, in_play);
            if let Some(s) = holder(p, c) {
                hands[s as usize] = hands[s as usize] & !(1 << c) | 1 << to;
            }
        }
        hands
    }

    /// R18: the picker's last card of the called suit (the under counted in it).
    #[inline]
    fn hold(&self, seat: u8, hand: u32) -> u32 {
        if seat != self.picker {
            return 0;
        }
        let held = hand & self.mask[self.called_suit as usize];
        if held.count_ones() == 1 {
            held
        } else {
            0
        }
    }

    /// The cards the seat to move may play: `State::playable` (R18, R19, R22–R24) on the compact position.
    #[inline]
    fn legal(&self, p: &Pos) -> u32 {
        let seat = p.to_move;
        let hand = p.hands[seat as usize];
        // The hold-card and called-card duties bind until the called suit is first led, except in the last trick.
        let bound = self.called != 0 && !p.csl && (p.trick_no as usize) < NUM_TRICKS - 1;
        if p.trick_len == 0 {
            let mut ok = hand;
            if bound {
                if self.no_hold_lead {
                    ok &= !self.hold(seat, hand);
                }
                if hand & self.called != 0 {
                    // R19: the called suit's first lead by the partner brings the called card.
                    ok &= !(self.mask[self.called_suit as usize] & !self.called);
                }
            }
            return ok;
        }
        let follow = hand & self.mask[p.led as usize];
        if follow != 0 {
            // R22, R24; R19: the called suit's first lead draws the called card.
            if !p.csl && follow & self.called != 0 {
                return self.called;
            }
            return follow;
        }
        // R23: void, any card; but R18 keeps the hold card and R19 the called card.
        let mut ok = hand;
        if bound {
            ok &= !self.hold(seat, hand);
            if self.no_discard {
                ok &= !self.called;
            }
        }
        ok
    }

    /// Plays card `c` for the seat to move; when it completes the trick, the winner and the trick's points.
    #[inline(always)]
    fn play(&self, p: &mut Pos, c: u8) -> Option<(u8, u8)> {
        let seat = p.to_move;
        let ci = c as usize;
        p.hands[seat as usize] &= !(1u32 << c);
        if p.trick_len == 0 {
            p.led = self.suit[ci];
            p.best = c;
            p.best_seat = seat;
        } else if (above(p.best) & self.live[p.led as usize]) >> c & 1 == 1 {
            // R25: the highest trump, else the highest card of the suit led.
            p.best = c;
            p.best_seat = seat;
        }
        p.trick_pts += self.pts[ci];
        p.rem -= self.pts[ci];
        p.table |= 1 << c;
        p.trick_len += 1;
        if (p.trick_len as usize) < NUM_PLAYERS {
            p.to_move = left(seat, 1);
            return None;
        }
        let w = p.best_seat;
        let pts = p.trick_pts;
        let wi = w as usize;
        p.pts[wi] += pts;
        p.won[wi] += 1;
        if p.first[wi] == NONE {
            p.first[wi] = p.trick_no;
        }
        if p.trick_no as usize == NUM_TRICKS - 1 && self.side == 0 {
            p.pts[wi] += self.blind_pts; // R31: the blind goes to the last trick's taker
        }
        if self.called != 0 && p.led == self.called_suit {
            p.csl = true;
        }
        p.trick_no += 1;
        p.trick_len = 0;
        p.trick_pts = 0;
        p.table = 0;
        p.to_move = w;
        p.best_seat = w;
        Some((w, pts))
    }

    /// Whether legal card `c` is merged into an equivalent one: the next card still in play above it in its
    /// suit (on the table or in a hand) is a legal card of the mover's of equal points, and neither carries a
    /// duty (called card, under, hold card).
    #[inline]
    fn merged_away(&self, c: u8, legal: u32, in_play: u32) -> bool {
        let next = self.next_above(c, in_play);
        next != 0 && next & legal & self.equal_pts[c as usize] & !self.duty != 0 && self.duty >> c & 1 == 0
    }

    /// The next card still in play above `c` in its suit, as a bit (0 if none).
    #[inline]
    fn next_above(&self, c: u8, in_play: u32) -> u32 {
        let up = in_play & above(c) & self.mask[self.suit[c as usize] as usize];
        up & up.wrapping_neg()
    }

    /// The card whose value `c` shares: itself, or the strongest of the chain of equivalents it is merged into.
    fn representative(&self, p: &Pos, legal: u32, c: u8) -> u8 {
        let in_play = p.held() | p.table;
        let mut c = c;
        while self.merged_away(c, legal, in_play) {
            c = self.next_above(c, in_play).trailing_zeros() as u8;
        }
        c
    }
}

thread_local! {
    static SOLVER: RefCell<Solver> = RefCell::new(Solver::new());
}

/// Picked hand: the picking side's exact final points P under optimal play (and with [`Moves::All`] each
/// legal move's). Leaster: the paranoid return of the seat to move. Uses this thread's [`Solver`].
pub fn solve(state: &State, moves: Moves) -> Result<Solution, SolveError> {
    SOLVER.with(|s| s.borrow_mut().solve(state, moves))
}

/// Whether the picking side reaches at least `target` final points (and with [`Moves::All`] after each legal
/// move).
pub fn reaches(state: &State, target: u32, moves: Moves) -> Result<Verdict, SolveError> {
    SOLVER.with(|s| s.borrow_mut().reaches(state, target, moves))
}

/// The optimal settlement class of a picked hand (R27, R30) (and with [`Moves::All`] each legal move's).
pub fn settlement_class(state: &State, moves: Moves) -> Result<ClassSolution, SolveError> {
    SOLVER.with(|s| s.borrow_mut().settlement_class(state, moves))
}

/// Leaster: the paranoid return of `seat` (R31) (and with [`Moves::All`] its value after each legal move of
/// the seat to move).
pub fn values_for(state: &State, seat: u8, moves: Moves) -> Result<Solution, SolveError> {
    SOLVER.with(|s| s.borrow_mut().values_for(state, seat, moves))
}

#[cfg(test)]
mod tests;
