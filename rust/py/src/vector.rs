//! Many games stepped together, with masks, actions, observations and results as numpy arrays (issue 5's
//! vector environment): one class per game over one generic core.

use crate::errors;
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1};
use pyo3::prelude::*;
use tricktaker_core::game::Information;
use tricktaker_core::rng::derive_seed;

/// What `step` hands back: which games ended, and their returns.
pub type Stepped<'py> = (Bound<'py, PyArray1<bool>>, Bound<'py, PyArray2<i32>>);

/// `n` games; a game that ends is recorded and dealt again from the next seed of the sequence.
pub struct Vector<G: Information> {
    pub games: Vec<G>,
    rules: G::Rules,
    seed: u64,
    dealt: u64,
}

impl<G: Information> Vector<G> {
    pub fn new(n: usize, seed: u64, rules: G::Rules) -> Vector<G> {
        let games = (0..n as u64).map(|i| G::deal(derive_seed(seed, i), rules)).collect();
        Vector { games, rules, seed, dealt: n as u64 }
    }

    pub fn current_players<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i8>> {
        PyArray1::from_iter(py, self.games.iter().map(|g| g.current_player().map_or(-1, |s| s as i8)))
    }

    pub fn masks<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<bool>>> {
        let n = self.games.len();
        let mut out = vec![false; n * G::NUM_ACTIONS];
        for (row, g) in out.chunks_exact_mut(G::NUM_ACTIONS).zip(&self.games) {
            let m = g.legal_mask();
            for (a, x) in row.iter_mut().enumerate() {
                *x = m >> a & 1 == 1;
            }
        }
        PyArray1::from_vec(py, out).reshape([n, G::NUM_ACTIONS])
    }

    pub fn observations<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<f32>>> {
        let n = self.games.len();
        let size = G::observation_size(&self.rules);
        let mut out = vec![0.0f32; n * size];
        for (row, g) in out.chunks_exact_mut(size).zip(&self.games) {
            g.observe(g.current_player().unwrap_or(0), row);
        }
        PyArray1::from_vec(py, out).reshape([n, size])
    }

    /// Applies `actions[i]` to game `i` (all checked first: an illegal one changes nothing), then deals again
    /// every game that ended; returns which ended and their returns (zeros for the others).
    pub fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: PyReadonlyArray1<'py, i64>,
    ) -> PyResult<Stepped<'py>> {
        let actions = actions.as_slice()?;
        if actions.len() != self.games.len() {
            return Err(errors::ArgumentError::new_err(format!(
                "expected {} actions, one per game, not {}",
                self.games.len(),
                actions.len()
            )));
        }
        for (i, (&a, g)) in actions.iter().zip(&self.games).enumerate() {
            if !(0..G::NUM_ACTIONS as i64).contains(&a) || g.legal_mask() >> a & 1 == 0 {
                return Err(errors::IllegalActionError::new_err(format!(
                    "action {a} is not legal in game {i}; no game was changed"
                )));
            }
        }
        let n = self.games.len();
        let mut done = vec![false; n];
        let players = G::seats(&self.rules);
        let mut returns = vec![0i32; n * players];
        // With the GIL held (a step takes about a microsecond a game): another thread cannot find the games
        // half-stepped.
        for (i, g) in self.games.iter_mut().enumerate() {
            g.apply_unchecked(actions[i] as u8);
            if g.current_player().is_none() {
                done[i] = true;
                returns[i * players..(i + 1) * players].copy_from_slice(g.returns().as_ref());
                *g = G::deal(derive_seed(self.seed, self.dealt), self.rules);
                self.dealt += 1;
            }
        }
        Ok((PyArray1::from_vec(py, done), PyArray1::from_vec(py, returns).reshape([n, players])?))
    }

    pub fn game(&self, i: crate::args::Int) -> PyResult<&G> {
        let i: usize = i.within("i", 0, self.games.len() as i128 - 1)?;
        Ok(&self.games[i])
    }
}

/// The Python class of a vector of one game's states: `vector_class!(CoreState, StateClass, RulesClass,
/// rules_arg, "module")`.
macro_rules! vector_class {
    ($core:ty, $state:ident, $rules_class:ident, $rules:ident, $module:literal) => {
        /// ``n`` games stepped together (the default setup, seeds derived from ``seed``): masks, seats and
        /// observations as arrays; a game that ends is recorded and dealt again.
        #[pyclass(module = $module, name = "VectorState")]
        pub struct VectorState {
            inner: crate::vector::Vector<$core>,
        }

        #[pymethods]
        impl VectorState {
            #[new]
            #[pyo3(signature = (n, seed, *, rules = None))]
            fn py_new(
                n: crate::args::Int,
                seed: crate::args::Int,
                rules: Option<&Bound<'_, PyAny>>,
            ) -> PyResult<VectorState> {
                let rules: $rules_class = $rules(rules)?;
                // A game's state and its largest row of output (observations) count against the budget.
                let per_game = std::mem::size_of::<$core>()
                    + 4 * <$core as tricktaker_core::game::Information>::observation_size(&rules.0)
                    + <$core as tricktaker_core::Game>::NUM_ACTIONS;
                let n = crate::args::count_arg(n, "n", per_game)?;
                let inner = crate::vector::Vector::new(n, crate::args::seed_arg(seed)?, rules.0);
                Ok(VectorState { inner })
            }
            /// The number of games.
            #[getter]
            fn num_envs(&self) -> usize {
                self.inner.games.len()
            }
            /// The seat to act in each game.
            fn current_players<'py>(&self, py: Python<'py>) -> Bound<'py, numpy::PyArray1<i8>> {
                self.inner.current_players(py)
            }
            /// The legal action masks, one row per game.
            fn legal_action_masks<'py>(
                &self,
                py: Python<'py>,
            ) -> PyResult<Bound<'py, numpy::PyArray2<bool>>> {
                self.inner.masks(py)
            }
            /// Each game's observation for its seat to act.
            fn observations<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, numpy::PyArray2<f32>>> {
                self.inner.observations(py)
            }
            /// Applies one action per game (all checked first); returns ``(done, returns)`` of the games that
            /// ended, which are dealt again.
            fn step<'py>(
                &mut self,
                py: Python<'py>,
                actions: numpy::PyReadonlyArray1<'py, i64>,
            ) -> PyResult<crate::vector::Stepped<'py>> {
                self.inner.step(py, actions)
            }
            /// A copy of game ``i``.
            fn state(&self, i: crate::args::Int) -> PyResult<$state> {
                Ok($state { inner: self.inner.game(i)?.clone() })
            }
        }
    };
}
pub(crate) use vector_class;
