//! Single-observer information-set MCTS (SO-ISMCTS; Cowling, Powley & Whitehouse 2012).
//!
//! Each simulation deals a world from what the searching player knows ([`Information::resample`] from the
//! root), descends the tree among the children whose actions are legal in that world by ISUCT (UCB1 with
//! availability counts: `mean / scale + c √(ln availability / visits)`), expands one untried legal action
//! (chosen at random), plays the world to the end with the rollout policy and backs the returns up: each
//! node holds the rewards of the seat that chose its action. Rewards are divided by the largest |return|
//! seen so far (`scale`), so one exploration constant serves games of any payoff size.
//!
//! A node is keyed by its action and the seat choosing it, so a node reached in worlds where different seats
//! act (a Tractor declaration stop depends on the drawer's cards) keeps each seat's statistics apart.
//!
//! Threads: root parallelisation. Tree `t` runs its share of the simulations with a generator seeded from
//! `derive_seed(seed, t)`; the root statistics are summed in tree order, so a search without a deadline gives
//! the same result on every run with the same thread count. Each tree lives in a node arena of at most
//! `max_nodes` nodes; once full it stops expanding (simulations still descend it and roll out).

use super::{check_size, check_threads, check_to_act, SearchError, MAX_SIMULATIONS};
use crate::bits::select128;
use crate::game::{Game, Information};
use crate::parallel::{on_threads, BatchError};
use crate::playout::finish;
use crate::policy::Policy;
use crate::rng::{derive_seed, Rng};
use rayon::prelude::*;
use std::time::Instant;

/// The default exploration constant (rewards lie in [-1, 1] once scaled).
pub const DEFAULT_EXPLORATION: f64 = 0.7;
/// The default node limit of each tree (about 40 MB).
pub const DEFAULT_MAX_NODES: usize = 1 << 20;
/// The most nodes a tree may be allowed (about 640 MB).
pub const MAX_NODES: usize = 1 << 24;
/// The number of simulations between two looks at the clock.
const CLOCK_EVERY: u64 = 16;
const NONE: u32 = u32::MAX;

/// The settings of an ISMCTS search.
#[derive(Clone, Debug)]
pub struct IsmctsConfig<P> {
    /// Simulations in all (split among the trees), in `1..=`[`MAX_SIMULATIONS`].
    pub simulations: u64,
    /// Stop at this instant even if simulations remain (the result then depends on the timing).
    pub deadline: Option<Instant>,
    /// The exploration constant `c` of ISUCT, finite and not negative.
    pub exploration: f64,
    /// The rollout policy.
    pub policy: P,
    pub seed: u64,
    /// Trees (one per thread); `None`: one per thread of rayon's pool (so the result depends on the machine).
    pub threads: Option<usize>,
    /// The most nodes of each tree, the root included, in `1..=`[`MAX_NODES`].
    pub max_nodes: usize,
}

impl<P> IsmctsConfig<P> {
    /// `simulations` simulations on one thread with `policy`, seeded by `seed`, the default exploration and
    /// node limit, no deadline.
    pub fn new(simulations: u64, policy: P, seed: u64) -> Self {
        IsmctsConfig {
            simulations,
            deadline: None,
            exploration: DEFAULT_EXPLORATION,
            policy,
            seed,
            threads: Some(1),
            max_nodes: DEFAULT_MAX_NODES,
        }
    }
}

/// What an ISMCTS search found at the root.
#[derive(Clone, Debug, PartialEq)]
pub struct IsmctsResult {
    /// The legal actions of the root, in increasing order.
    pub actions: Vec<u8>,
    /// The simulations that chose each action at the root.
    pub visits: Vec<u64>,
    /// The mean return for the searching player of the simulations through each action (0 if none).
    pub values: Vec<f64>,
    /// Simulations done (less than asked only at a deadline).
    pub simulations: u64,
    /// Nodes of all trees, the roots included.
    pub nodes: usize,
}

impl IsmctsResult {
    /// The most visited action (ties: the lowest id); `None` if there are no actions.
    pub fn best_action(&self) -> Option<u8> {
        let mut best: Option<usize> = None;
        for (i, &v) in self.visits.iter().enumerate() {
            if best.is_none_or(|b| v > self.visits[b]) {
                best = Some(i);
            }
        }
        best.map(|i| self.actions[i])
    }
}

/// The most visited action of `result` (ties: the lowest id).
pub fn most_visited(result: &IsmctsResult) -> Option<u8> {
    result.best_action()
}

/// One node of a tree: the action that led to it, the seat that chose it, and that seat's statistics.
#[derive(Clone, Copy, Debug)]
struct Node {
    /// Sum of the rewards (raw returns of `seat`) of the simulations through this node.
    reward: f64,
    visits: u32,
    /// Simulations in which this node was available (its action legal for its seat at its parent).
    available: u32,
    first_child: u32,
    next_sibling: u32,
    action: u8,
    seat: u8,
}

/// One tree's arena and the buffers a simulation reuses.
struct Tree {
    nodes: Vec<Node>,
    max_nodes: usize,
    path: Vec<u32>,
    /// The largest |return| seen so far (at least 1).
    scale: f64,
}

impl Tree {
    fn new(max_nodes: usize, simulations: u64) -> Result<Tree, BatchError> {
        let mut nodes = Vec::new();
        // Each simulation adds one node at most: no more is reserved than can be used.
        let want = max_nodes.min(usize::try_from(simulations.saturating_add(1)).unwrap_or(usize::MAX));
        nodes.try_reserve_exact(want).map_err(|_| BatchError::OutOfMemory {
            bytes: want.saturating_mul(std::mem::size_of::<Node>()),
        })?;
        nodes.push(Node {
            reward: 0.0,
            visits: 0,
            available: 0,
            first_child: NONE,
            next_sibling: NONE,
            action: 0,
            seat: 0,
        });
        Ok(Tree { nodes, max_nodes, path: Vec::with_capacity(256), scale: 1.0 })
    }

    /// One simulation: a world, a descent with one expansion, a rollout, a backup.
    fn simulate<G: Game + Information, P: Policy<G>>(
        &mut self,
        root: &G,
        player: u8,
        exploration: f64,
        policy: &P,
        rng: &mut Rng,
    ) -> Result<(), SearchError> {
        let mut world =
            root.resample(player, rng).map_err(|error| SearchError::Resample { world: 0, error })?;
        self.path.clear();
        let mut node = 0u32;
        while let Some(seat) = world.current_player() {
            let mask = world.legal_mask();
            // The children available in this world: count them available, note which actions are tried.
            let mut tried = 0u128;
            let mut child = self.nodes[node as usize].first_child;
            while child != NONE {
                let c = &mut self.nodes[child as usize];
                if c.seat == seat && mask >> c.action & 1 == 1 {
                    tried |= 1 << c.action;
                    c.available += 1;
                }
                child = c.next_sibling;
            }
            let untried = mask & !tried;
            if untried != 0 && self.nodes.len() < self.max_nodes && self.nodes.try_reserve(1).is_ok() {
                let action = select128(untried, rng.below(u64::from(untried.count_ones())) as u32) as u8;
                let id = self.nodes.len() as u32;
                let parent = &mut self.nodes[node as usize];
                let next_sibling = parent.first_child;
                parent.first_child = id;
                self.nodes.push(Node {
                    reward: 0.0,
                    visits: 0,
                    available: 1,
                    first_child: NONE,
                    next_sibling,
                    action,
                    seat,
                });
                world.apply_unchecked(action);
                self.path.push(id);
                break;
            }
            if tried == 0 {
                break; // the arena is full and nothing here was tried: roll out from this world
            }
            node = self.select(node, seat, mask, exploration);
            world.apply_unchecked(self.nodes[node as usize].action);
            self.path.push(node);
        }
        finish(&mut world, policy, rng);
        let returns = world.returns();
        for &r in returns {
            self.scale = self.scale.max(f64::from(r).abs());
        }
        self.nodes[0].visits += 1;
        for &id in &self.path {
            let n = &mut self.nodes[id as usize];
            n.visits += 1;
            n.reward += f64::from(returns[usize::from(n.seat)]);
        }
        Ok(())
    }

    /// The available child of `node` with the highest ISUCT score (ties: the first in the list).
    #[inline]
    fn select(&self, node: u32, seat: u8, mask: u128, exploration: f64) -> u32 {
        let inv_scale = 1.0 / self.scale;
        let (mut best, mut best_score) = (NONE, f64::NEG_INFINITY);
        let mut child = self.nodes[node as usize].first_child;
        while child != NONE {
            let c = &self.nodes[child as usize];
            if c.seat == seat && mask >> c.action & 1 == 1 {
                let visits = f64::from(c.visits);
                let score = c.reward * inv_scale / visits
                    + exploration * (f64::from(c.available).ln() / visits).sqrt();
                if score > best_score {
                    (best, best_score) = (child, score);
                }
            }
            child = c.next_sibling;
        }
        best
    }

    /// Visits and reward sums of the root's children chosen by `player`, by action.
    fn root_stats(&self, player: u8) -> Vec<(u8, u64, f64)> {
        let mut out = Vec::new();
        let mut child = self.nodes[0].first_child;
        while child != NONE {
            let c = &self.nodes[child as usize];
            if c.seat == player {
                out.push((c.action, u64::from(c.visits), c.reward));
            }
            child = c.next_sibling;
        }
        out
    }
}

/// What one tree came to: its root statistics, simulations and nodes.
type TreeOutcome = (Vec<(u8, u64, f64)>, u64, usize);

/// Searches the decision of `player` (the seat to act in `state`) by ISMCTS with `config`.
///
/// Refused: a finished game, a player not to act, zero or more than [`MAX_SIMULATIONS`] simulations, a node
/// limit of zero or above [`MAX_NODES`], an exploration constant that is negative or not finite, a bad thread
/// count; a world that cannot be sampled is an error too.
pub fn ismcts<G: Game + Information, P: Policy<G>>(
    state: &G,
    player: u8,
    config: &IsmctsConfig<P>,
) -> Result<IsmctsResult, SearchError> {
    check_to_act(state, player)?;
    check_size("simulations", config.simulations, MAX_SIMULATIONS)?;
    check_size("nodes", config.max_nodes as u64, MAX_NODES as u64)?;
    check_threads(config.threads)?;
    if !(config.exploration.is_finite() && config.exploration >= 0.0) {
        return Err(SearchError::Invalid {
            what: "exploration",
            reason: format!("{} is not a finite number of at least 0", config.exploration),
        });
    }
    let tree = |t: u64, trees: u64| {
        let share = config.simulations / trees + u64::from(t < config.simulations % trees);
        run_tree(state, player, config, share, Rng::new(derive_seed(config.seed, t)))
    };
    let outcomes = if config.threads == Some(1) {
        vec![tree(0, 1)] // no pool to start for one tree
    } else {
        on_threads(config.threads, || {
            let trees = config.threads.unwrap_or_else(rayon::current_num_threads).max(1) as u64;
            (0..trees).into_par_iter().map(|t| tree(t, trees)).collect::<Vec<_>>()
        })?
    };
    let actions: Vec<u8> = state.legal_actions().collect();
    let mut visits = vec![0u64; actions.len()];
    let mut rewards = vec![0.0f64; actions.len()];
    let (mut simulations, mut nodes) = (0, 0);
    for outcome in outcomes {
        let (root, done, size) = outcome?;
        simulations += done;
        nodes += size;
        for (action, v, r) in root {
            if let Ok(i) = actions.binary_search(&action) {
                visits[i] += v;
                rewards[i] += r;
            }
        }
    }
    let values =
        visits.iter().zip(&rewards).map(|(&v, &r)| if v == 0 { 0.0 } else { r / v as f64 }).collect();
    Ok(IsmctsResult { actions, visits, values, simulations, nodes })
}

/// One tree's share of the simulations.
fn run_tree<G: Game + Information, P: Policy<G>>(
    state: &G,
    player: u8,
    config: &IsmctsConfig<P>,
    share: u64,
    mut rng: Rng,
) -> Result<TreeOutcome, SearchError> {
    let mut tree = Tree::new(config.max_nodes, share)?;
    let mut done = 0;
    while done < share {
        if done % CLOCK_EVERY == 0 && config.deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
        tree.simulate(state, player, config.exploration, &config.policy, &mut rng).map_err(|e| match e {
            SearchError::Resample { error, .. } => SearchError::Resample { world: done, error },
            e => e,
        })?;
        done += 1;
    }
    Ok((tree.root_stats(player), done, tree.nodes.len()))
}
