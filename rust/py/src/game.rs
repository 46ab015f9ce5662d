//! What every game's Python classes share, written once over [`tricktaker_core::Game`]: the protocol methods
//! of `State` (one docstring each), the `Rules` class derived from the game's option table, the batch
//! functions, and the constants of a game's module.

use crate::errors::{self, Result};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyString};
use tricktaker_core::options::{Kind, OptionSpec, RuleOptions, Value};

/// One rule option of a game: its name, kind, default, choices or bounds, the rule it changes and what it
/// does (``Rules.options()`` lists them all).
#[pyclass(frozen, module = "tricktaker", name = "RuleOption")]
pub struct RuleOption {
    spec: &'static OptionSpec,
    default: Value<'static>,
}

#[pymethods]
impl RuleOption {
    /// The keyword of ``Rules(...)``.
    #[getter]
    fn name(&self) -> &'static str {
        self.spec.name
    }
    /// ``"choice"``, ``"bool"`` or ``"int"``.
    #[getter]
    fn kind(&self) -> &'static str {
        self.spec.kind.name()
    }
    /// The value of ``Rules()``.
    #[getter]
    fn default<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        value_object(py, self.default)
    }
    /// The names a choice takes (empty for the other kinds).
    #[getter]
    fn choices(&self) -> Vec<&'static str> {
        match self.spec.kind {
            Kind::Choice(choices) => choices.to_vec(),
            _ => Vec::new(),
        }
    }
    /// The smallest value of an int option (``None`` for the other kinds).
    #[getter]
    fn minimum(&self) -> Option<i64> {
        match self.spec.kind {
            Kind::Int { min, .. } => Some(min),
            _ => None,
        }
    }
    /// The largest value of an int option (``None`` for the other kinds).
    #[getter]
    fn maximum(&self) -> Option<i64> {
        match self.spec.kind {
            Kind::Int { max, .. } => Some(max),
            _ => None,
        }
    }
    /// The rule it changes, as numbered in ``docs/rules/``.
    #[getter]
    fn rule(&self) -> &'static str {
        self.spec.rule
    }
    /// One line saying what it does.
    #[getter]
    fn description(&self) -> &'static str {
        self.spec.doc.trim()
    }
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "RuleOption(name={:?}, kind={:?}, default={}, rule={:?})",
            self.spec.name,
            self.kind(),
            value_object(py, self.default)?.repr()?,
            self.spec.rule
        ))
    }
}

/// A rule option's value as a Python object.
pub fn value_object<'py>(py: Python<'py>, value: Value<'_>) -> PyResult<Bound<'py, PyAny>> {
    Ok(match value {
        Value::Choice(s) => PyString::new(py, s).into_any(),
        Value::Bool(b) => PyBool::new(py, b).to_owned().into_any(),
        Value::Int(i) => i.into_pyobject(py)?.into_any(),
    })
}

/// Option `name` of `rules` as a Python object.
pub fn option_object<'py, R: RuleOptions>(
    py: Python<'py>,
    rules: &R,
    name: &str,
) -> PyResult<Bound<'py, PyAny>> {
    value_object(py, rules.get(name).expect("a declared option"))
}

/// `rules` with the keyword arguments of a Python call set; an unknown option or a bad value raises
/// `RulesError` naming it.
pub fn rules_with<R: RuleOptions>(mut rules: R, options: Option<&Bound<'_, PyDict>>) -> Result<R> {
    let Some(options) = options else { return Ok(rules) };
    let names: Vec<String> = options.keys().iter().filter_map(|k| k.extract().ok()).collect();
    R::check_names(&names.iter().map(String::as_str).collect::<Vec<_>>())?;
    for (key, value) in options.iter() {
        let name: String =
            key.extract().map_err(|_| errors::RulesError::new_err("option names are strings"))?;
        if let Some(renamed) = R::renamed(&name) {
            let message =
                format!("the rule option {name} is deprecated: use {} ({})", renamed.new, renamed.note);
            PyErr::warn(
                options.py(),
                &options.py().get_type::<pyo3::exceptions::PyDeprecationWarning>(),
                &std::ffi::CString::new(message).expect("no NUL"),
                1, // the caller's line: a native function has no frame of its own
            )?;
        }
        let text;
        // A bool first (`True` is an int too; numpy's booleans count), then any integer (`__index__`).
        let v = if let Ok(b) = value.extract::<bool>() {
            Value::Bool(b)
        } else if let Ok(i) = value.extract::<i64>() {
            Value::Int(i)
        } else if let Ok(s) = value.cast::<PyString>() {
            text = crate::args::whole_text(s);
            Value::Choice(&text)
        } else {
            let spec = R::spec(&name)?;
            let message =
                format!("{name} must be {}, not {}", spec.kind.expected(), crate::args::repr(&value));
            return Err(errors::RulesError::new_err(message).into());
        };
        rules.set_any(&name, v)?;
    }
    rules.check()?;
    Ok(rules)
}

/// The options of `rules` as a dict.
pub fn options_dict<'py, R: RuleOptions>(py: Python<'py>, rules: &R) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    for (name, value) in rules.values() {
        d.set_item(name, value_object(py, value)?)?;
    }
    Ok(d)
}

/// `Rules(jack_order='standard', double_on_the_bump=False, ...)`.
pub fn options_repr<R: RuleOptions>(rules: &R) -> String {
    let items: Vec<String> = rules
        .values()
        .into_iter()
        .map(|(name, value)| match value {
            Value::Choice(s) => format!("{name}='{s}'"),
            Value::Bool(b) => format!("{name}={}", if b { "True" } else { "False" }),
            Value::Int(i) => format!("{name}={i}"),
        })
        .collect();
    format!("Rules({})", items.join(", "))
}

/// The option table of `R` as `RuleOption` objects.
pub fn option_table<R: RuleOptions>() -> Vec<RuleOption> {
    let defaults = R::default();
    R::SPECS
        .iter()
        .map(|spec| RuleOption { spec, default: defaults.get(spec.name).expect("a declared option") })
        .collect()
}

/// A game's `Rules` class, made from the game's option table: `tricktaker_core::<game>_rule_table!(rules_class
/// (core::Rules) Rules "tricktaker.<game>")` gives it one getter per row, with the row's description.
macro_rules! rules_class {
    (
        ($Core:ty) $Rules:ident $module:literal
        $(#[$meta:meta])*
        pub struct $name:ident {
            $(
                #[doc = $doc:literal]
                [$rule:literal] $option:ident: $ty:ty $(, in $min:literal ..= $max:literal)? = $default:expr;
            )+
        }
    ) => {
        $(#[$meta])*
        ///
        /// Keyword-only; ``Rules.options()`` describes every option.
        #[pyclass(frozen, eq, hash, module = $module, name = "Rules")]
        #[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
        pub struct $Rules(pub $Core);

        #[pymethods]
        impl $Rules {
            #[new]
            #[pyo3(signature = (**options))]
            fn py_new(options: Option<&Bound<'_, pyo3::types::PyDict>>) -> crate::errors::Result<$Rules> {
                Ok($Rules(crate::game::rules_with(<$Core>::DEFAULT, options)?))
            }
            $(
                #[doc = $doc]
                #[getter]
                fn $option<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
                    crate::game::option_object(py, &self.0, stringify!($option))
                }
            )+
            /// The options as keyword arguments: ``Rules(**rules.to_dict()) == rules``.
            #[allow(clippy::wrong_self_convention)] // a Python method: `self` is borrowed from the object
            fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
                crate::game::options_dict(py, &self.0)
            }
            /// Rules from a dict of options (those left out keep their defaults).
            #[classmethod]
            fn from_dict(
                _cls: &Bound<'_, pyo3::types::PyType>,
                options: &Bound<'_, pyo3::types::PyDict>,
            ) -> crate::errors::Result<$Rules> {
                Ok($Rules(crate::game::rules_with(<$Core>::DEFAULT, Some(options))?))
            }
            /// A copy with the given options changed.
            #[pyo3(signature = (**options))]
            fn replace(&self, options: Option<&Bound<'_, pyo3::types::PyDict>>) -> crate::errors::Result<$Rules> {
                Ok($Rules(crate::game::rules_with(self.0, options)?))
            }
            /// Every option: name, kind, default, choices or bounds, rule and description.
            #[staticmethod]
            fn options() -> Vec<crate::game::RuleOption> {
                crate::game::option_table::<$Core>()
            }
            /// The rules of a preset (see ``presets()``): its options set, every other at its default.
            #[classmethod]
            fn preset(_cls: &Bound<'_, pyo3::types::PyType>, name: crate::args::Text) -> crate::errors::Result<$Rules> {
                Ok($Rules(<$Core as tricktaker_core::options::RuleOptions>::preset(&name)?))
            }
            /// The presets: each name with what it stands for.
            #[staticmethod]
            fn presets() -> std::collections::BTreeMap<&'static str, &'static str> {
                <$Core as tricktaker_core::options::RuleOptions>::PRESETS.iter().map(|p| (p.name, p.about)).collect()
            }
            fn __repr__(&self) -> String {
                crate::game::options_repr(&self.0)
            }
            fn __reduce__<'py>(
                slf: &Bound<'py, Self>,
            ) -> PyResult<(Bound<'py, PyAny>, (Bound<'py, pyo3::types::PyDict>,))> {
                Ok((slf.get_type().getattr("from_dict")?, (slf.get().to_dict(slf.py())?,)))
            }
        }
    };
}
pub(crate) use rules_class;

/// A game's `State` class: the protocol methods written once, then the game's own methods.
/// `state_class!(/// doc  State(core::State), "tricktaker.game", Rules; <more #[pymethods] items>)`.
macro_rules! state_class {
    ($(#[$meta:meta])* $State:ident($Core:ty), $module:literal, $Rules:ident; $($extra:tt)*) => {
        $(#[$meta])*
        #[pyclass(module = $module, name = "State", eq)]
        #[derive(Clone, PartialEq)]
        pub struct $State {
            pub inner: $Core,
        }

        #[pymethods]
        impl $State {
            /// The number of seats at this game's table (its rules may seat more or fewer than the default).
            #[getter]
            fn num_players(&self) -> usize {
                tricktaker_core::Game::num_players(&self.inner)
            }
            /// The shape of this game's observations (its rules may lay them out differently from the
            /// default's ``OBSERVATION_SHAPE``).
            #[getter]
            fn observation_shape(&self) -> (usize,) {
                (<$Core as tricktaker_core::game::Information>::observation_size(&tricktaker_core::Game::rules(&self.inner)),)
            }
            /// The seat to act, or ``None`` once the game is over.
            #[getter]
            fn current_player(&self) -> Option<u8> {
                self.inner.current_player()
            }
            /// Whether the game is over.
            #[getter]
            fn is_terminal(&self) -> bool {
                self.inner.is_terminal()
            }
            /// The legal action ids, in increasing order.
            fn legal_actions(&self) -> Vec<u32> {
                tricktaker_core::Game::legal_actions(&self.inner).map(u32::from).collect()
            }
            /// The legal actions as a numpy bool array of shape ``(NUM_ACTIONS,)``.
            fn legal_action_mask<'py>(&self, py: Python<'py>) -> Bound<'py, numpy::PyArray1<bool>> {
                let mask = self.inner.legal_mask();
                numpy::PyArray1::from_iter(
                    py,
                    (0..<$Core as tricktaker_core::Game>::NUM_ACTIONS).map(|a| mask >> a & 1 == 1),
                )
            }
            /// Applies action ``action`` (an id); an illegal one raises ``IllegalActionError`` naming the rule
            /// and changes nothing.
            fn apply_action(&mut self, action: crate::args::Int) -> crate::errors::Result<()> {
                let a = crate::args::action_arg::<$Core>(action)?;
                Ok(tricktaker_core::Game::apply(&mut self.inner, u32::from(a))?)
            }
            /// Applies an action given by id or by its text (``"pick"``, ``"play QC"``).
            fn apply(&mut self, action: &Bound<'_, PyAny>) -> crate::errors::Result<()> {
                match action.cast::<pyo3::types::PyString>() {
                    Ok(text) => {
                        let a = tricktaker_core::Game::parse_action(&self.inner, &crate::args::whole_text(&text))?;
                        Ok(tricktaker_core::Game::apply(&mut self.inner, u32::from(a))?)
                    }
                    Err(_) => self.apply_action(action.extract()?),
                }
            }
            /// Takes back the last action; ``NothingToUndoError`` at the start.
            fn undo(&mut self) -> PyResult<()> {
                if tricktaker_core::Game::undo(&mut self.inner) {
                    Ok(())
                } else {
                    Err(crate::errors::nothing_to_undo())
                }
            }
            /// An independent copy.
            fn clone(&self) -> $State {
                Clone::clone(self)
            }
            /// The same as ``clone()`` (``copy.copy``).
            fn __copy__(&self) -> $State {
                Clone::clone(self)
            }
            /// The same as ``clone()`` (``copy.deepcopy``: a state holds no Python objects).
            fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> $State {
                Clone::clone(self)
            }
            /// The zero-sum payoff of each seat (zeros before the end).
            fn returns(&self) -> Vec<i32> {
                tricktaker_core::Game::returns(&self.inner).as_ref().to_vec()
            }
            /// The action ids applied so far.
            fn history(&self) -> Vec<u32> {
                tricktaker_core::Game::history(&self.inner).iter().map(|&a| u32::from(a)).collect()
            }
            /// The text form of action ``action`` in this state.
            fn action_to_string(&self, action: crate::args::Int) -> PyResult<String> {
                let a = crate::args::action_arg::<$Core>(action)?;
                Ok(tricktaker_core::Game::action_text(&self.inner, a))
            }
            /// The id of the action a text names (legal or not); a text that names none raises
            /// ``IllegalActionError``.
            fn string_to_action(&self, text: crate::args::Text) -> crate::errors::Result<u32> {
                Ok(u32::from(tricktaker_core::Game::parse_action(&self.inner, &text)?))
            }
            /// The rule options of the game.
            #[getter]
            fn rules(&self) -> $Rules {
                $Rules(tricktaker_core::Game::rules(&self.inner))
            }
            /// A 64-bit key, equal for two states exactly when ``player``'s information in them is equal.
            fn information_state_key(&self, player: crate::args::Int) -> PyResult<u64> {
                let seat = crate::args::seat_arg(player, "player", tricktaker_core::Game::num_players(&self.inner))?;
                Ok(tricktaker_core::game::Information::information_key(&self.inner, seat))
            }
            /// What ``player`` may know as a float32 vector of ``OBSERVATION_SHAPE`` (the layout is in the
            /// game's protocol page); written into ``out`` (a writable C-contiguous float32 array of that
            /// shape) when given, in one copy with the GIL held: if another thread writes the same buffer
            /// meanwhile (numpy may release the GIL), each element holds whichever write came last.
            #[pyo3(signature = (player, out = None))]
            fn observation<'py>(
                &self,
                py: Python<'py>,
                player: crate::args::Int,
                out: Option<Bound<'py, numpy::PyArray1<f32>>>,
            ) -> PyResult<Bound<'py, numpy::PyArray1<f32>>> {
                let seat = crate::args::seat_arg(player, "player", tricktaker_core::Game::num_players(&self.inner))?;
                let mut buffer = vec![0.0f32; <$Core as tricktaker_core::game::Information>::observation_size(&tricktaker_core::Game::rules(&self.inner))];
                tricktaker_core::game::Information::observe(&self.inner, seat, &mut buffer);
                crate::batch::observation_out(py, &buffer, out)
            }
            /// A state ``player`` cannot tell from this one: every card hidden from ``player`` dealt again at
            /// random among the deals consistent with everything ``player`` has seen (method and uniformity:
            /// the game's protocol page). Computed on a copy with the GIL released, so other threads may use
            /// this state meanwhile.
            fn resample(
                slf: PyRef<'_, Self>,
                player: crate::args::Int,
                seed: crate::args::Int,
            ) -> crate::errors::Result<$State> {
                let seat = crate::args::seat_arg(player, "player", tricktaker_core::Game::num_players(&slf.inner))?;
                let mut rng = tricktaker_core::rng::Rng::new(crate::args::seed_arg(seed)?);
                let (py, state) = (slf.py(), slf.inner.clone());
                drop(slf); // the copy is worked on: the state stays free for other threads
                let inner = py.detach(move || tricktaker_core::game::Information::resample(&state, seat, &mut rng))?;
                Ok($State { inner })
            }
            /// ``n`` independent resamples for ``player`` at once (what ``player`` saw is read once where the
            /// game can share it), computed on a copy with the GIL released. ``n`` is at most what fits in
            /// the batch memory budget (1 GiB, counting the states both as computed and as Python objects).
            fn resamples(
                slf: PyRef<'_, Self>,
                player: crate::args::Int,
                n: crate::args::Int,
                seed: crate::args::Int,
            ) -> crate::errors::Result<Vec<$State>> {
                let seat = crate::args::seat_arg(player, "player", tricktaker_core::Game::num_players(&slf.inner))?;
                // Each state is held twice at the end, in Rust and as a Python object (with its header).
                let n = crate::args::count_arg(n, "n", 2 * (std::mem::size_of::<$Core>() + 32))?;
                let mut rng = tricktaker_core::rng::Rng::new(crate::args::seed_arg(seed)?);
                let (py, state) = (slf.py(), slf.inner.clone());
                drop(slf); // the copy is worked on: the state stays free for other threads
                let states = py.detach(move || tricktaker_core::game::Information::resamples(&state, seat, n, &mut rng))?;
                Ok(states.into_iter().map(|inner| $State { inner }).collect())
            }
            /// The state as JSON (its start, its rules and its history of actions as text; format in
            /// ``docs/design.md``): ``State.from_json(s.to_json()) == s``.
            fn to_json(&self) -> String {
                tricktaker_core::save::to_json(&self.inner)
            }
            /// A state saved by ``to_json`` (text or bytes); a corrupted save raises ``InvalidStateError``
            /// saying what is wrong.
            #[classmethod]
            fn from_json(_cls: &Bound<'_, pyo3::types::PyType>, text: &Bound<'_, PyAny>) -> crate::errors::Result<$State> {
                let inner = tricktaker_core::save::from_json(&crate::args::save_text(text)?)?;
                Ok($State { inner })
            }
            /// Pickles as ``State.from_json(self.to_json())``.
            fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
                Ok((slf.get_type().getattr("from_json")?, (slf.borrow().to_json(),)))
            }
            /// The table at a glance.
            fn __str__(&self) -> String {
                self.inner.to_string()
            }
            /// The whole table as an SVG picture, every hand face up (``tricktaker.render.table``): what
            /// Jupyter shows.
            fn _repr_svg_(slf: &Bound<'_, Self>) -> PyResult<String> {
                crate::package::svg(slf.as_any(), "table")
            }
            /// The game as a record (``tricktaker.record.to_record``, format in ``docs/records.md``): the
            /// rules, the seats, the deal, every action with its seat and the result.
            #[pyo3(signature = (*, seats = None, event = None))]
            fn to_record<'py>(
                slf: &Bound<'py, Self>,
                seats: Option<Bound<'py, PyAny>>,
                event: Option<Bound<'py, PyAny>>,
            ) -> PyResult<Bound<'py, PyAny>> {
                let kwargs = pyo3::types::PyDict::new(slf.py());
                kwargs.set_item("seats", seats)?;
                kwargs.set_item("event", event)?;
                crate::package::call(slf.py(), "tricktaker.record", "to_record", (slf,), Some(&kwargs))
            }
            /// The last state of a record of this game (a dict, or its JSON text), every action replayed and
            /// checked (``tricktaker.record.from_record``); a record that does not replay raises
            /// ``RecordError`` naming the deal, the step and the reason.
            #[classmethod]
            fn from_record<'py>(
                cls: &Bound<'py, pyo3::types::PyType>,
                data: &Bound<'py, PyAny>,
            ) -> PyResult<Bound<'py, PyAny>> {
                let py = cls.py();
                let kwargs = pyo3::types::PyDict::new(py);
                kwargs.set_item("game", $module.rsplit('.').next())?;
                crate::package::call(py, "tricktaker.record", "final_state", (data,), Some(&kwargs))
            }
            $($extra)*
        }
    };
}
pub(crate) use state_class;

/// A game's batch functions (`random_playouts`, `random_summaries`, `playouts`, `playout_summaries`,
/// `observations`) over its `State` class, and `register`, which fills its module.
macro_rules! game_functions {
    ($State:ident($Core:ty), $Rules:ident, $rules_name:literal, $module:literal) => {
        fn rules_arg(rules: Option<&Bound<'_, PyAny>>) -> PyResult<$Rules> {
            crate::args::rules_arg::<$Rules>(rules, $rules_name)
        }

        /// ``n`` whole random games, each a fresh deal played uniformly at random: an ``(n, NUM_PLAYERS)``
        /// int32 array of returns, computed in Rust on ``threads`` threads (default: one per core) with the GIL
        /// released; the result depends on ``n``, ``seed`` and ``rules`` only.
        #[pyfunction]
        #[pyo3(signature = (n, seed, *, threads = None, rules = None))]
        pub fn random_playouts<'py>(
            py: Python<'py>,
            n: crate::args::Int,
            seed: crate::args::Int,
            threads: Option<crate::args::Int>,
            rules: Option<&Bound<'py, PyAny>>,
        ) -> PyResult<Bound<'py, PyAny>> {
            let rules = rules_arg(rules)?.0;
            crate::batch::random_games::<$Core>(py, n, seed, threads, rules, crate::batch::Record::Returns)
        }

        /// ``n`` random games as in ``random_playouts``, each summarised in the columns of
        /// ``SUMMARY_COLUMNS``: an ``(n, len(SUMMARY_COLUMNS))`` int32 array.
        #[pyfunction]
        #[pyo3(signature = (n, seed, *, threads = None, rules = None))]
        pub fn random_summaries<'py>(
            py: Python<'py>,
            n: crate::args::Int,
            seed: crate::args::Int,
            threads: Option<crate::args::Int>,
            rules: Option<&Bound<'py, PyAny>>,
        ) -> PyResult<Bound<'py, PyAny>> {
            let rules = rules_arg(rules)?.0;
            crate::batch::random_games::<$Core>(py, n, seed, threads, rules, crate::batch::Record::Summary)
        }

        /// ``state`` finished ``n`` times (rollouts) with ``policy``: an ``(n, NUM_PLAYERS)`` int32 array of
        /// returns, computed in Rust on ``threads`` threads with the GIL released; rollout ``i`` depends only
        /// on ``seed`` and ``i``.
        #[pyfunction]
        #[pyo3(
            signature = (state, n, seed, *, threads = None, policy = crate::args::Text::new("random")),
            text_signature = "(state, n, seed, *, threads=None, policy='random')"
        )]
        pub fn playouts<'py>(
            py: Python<'py>,
            state: &Bound<'py, $State>,
            n: crate::args::Int,
            seed: crate::args::Int,
            threads: Option<crate::args::Int>,
            policy: crate::args::Text,
        ) -> crate::errors::Result<Bound<'py, PyAny>> {
            let state = state.borrow().inner.clone(); // a copy: the state stays free for other threads
            crate::batch::rollouts(py, state, n, seed, threads, &policy, crate::batch::Record::Returns)
        }

        /// ``state`` finished ``n`` times as in ``playouts``, each rollout summarised in the columns of
        /// ``SUMMARY_COLUMNS``.
        #[pyfunction]
        #[pyo3(
            signature = (state, n, seed, *, threads = None, policy = crate::args::Text::new("random")),
            text_signature = "(state, n, seed, *, threads=None, policy='random')"
        )]
        pub fn playout_summaries<'py>(
            py: Python<'py>,
            state: &Bound<'py, $State>,
            n: crate::args::Int,
            seed: crate::args::Int,
            threads: Option<crate::args::Int>,
            policy: crate::args::Text,
        ) -> crate::errors::Result<Bound<'py, PyAny>> {
            let state = state.borrow().inner.clone(); // a copy: the state stays free for other threads
            crate::batch::rollouts(py, state, n, seed, threads, &policy, crate::batch::Record::Summary)
        }

        /// The table ``rules`` (default: the game's default rules) make: ``(num_players, observation_size,
        /// summary_columns)``, the width of ``random_playouts``' rows, of an observation and of
        /// ``random_summaries``' rows.
        #[pyfunction]
        #[pyo3(signature = (rules = None))]
        pub fn table(rules: Option<&Bound<'_, PyAny>>) -> PyResult<(usize, usize, Vec<&'static str>)> {
            use tricktaker_core::game::{Game, Information, Summary};
            let rules = rules_arg(rules)?.0;
            Ok((<$Core>::seats(&rules), <$Core>::observation_size(&rules), <$Core>::summary_columns(&rules)))
        }

        /// The observations of many states at once: ``players[i]``'s view of ``states[i]``, as an
        /// ``(n, *OBSERVATION_SHAPE)`` float32 array (written into ``out`` when given).
        #[pyfunction]
        #[pyo3(signature = (states, players, out = None))]
        pub fn observations<'py>(
            py: Python<'py>,
            states: Vec<PyRef<'py, $State>>,
            players: Vec<crate::args::Int>,
            out: Option<Bound<'py, numpy::PyArray2<f32>>>,
        ) -> PyResult<Bound<'py, PyAny>> {
            if states.len() != players.len() {
                return Err(crate::errors::ArgumentError::new_err(format!(
                    "{} states but {} players: one player per state",
                    states.len(),
                    players.len()
                )));
            }
            let pairs = states
                .iter()
                .zip(players)
                .map(|(s, p)| Ok((&s.inner, crate::args::seat_arg(p, "players", tricktaker_core::Game::num_players(&s.inner))?)))
                .collect::<PyResult<Vec<_>>>()?;
            crate::batch::observations_out(py, &pairs, out)
        }

        /// Perfect-information Monte Carlo for ``player`` (default: the seat to act, which it must be): each
        /// candidate line (default: each legal action) valued in ``worlds`` deals sampled from what it knows,
        /// by ``evaluator`` (``EVALUATORS``), in Rust with the GIL released. Returns ``(lines, mean, stderr,
        /// worlds, values)``; ``tricktaker.search.pimc`` wraps it.
        #[pyfunction]
        #[pyo3(
            signature = (state, player = None, worlds = crate::args::Int::new(100), *,
                         evaluator = crate::args::Text::new("rollouts"), policy = crate::args::Text::new("random"),
                         rollouts = crate::args::Int::new(1), lines = None, seed = crate::args::Int::new(0),
                         threads = None),
            text_signature = "(state, player=None, worlds=100, *, evaluator='rollouts', policy='random', \
                              rollouts=1, lines=None, seed=0, threads=None)"
        )]
        #[allow(clippy::too_many_arguments)]
        pub fn pimc<'py>(
            py: Python<'py>,
            state: &Bound<'py, $State>,
            player: Option<crate::args::Int>,
            worlds: crate::args::Int,
            evaluator: crate::args::Text,
            policy: crate::args::Text,
            rollouts: crate::args::Int,
            lines: Option<&Bound<'py, PyAny>>,
            seed: crate::args::Int,
            threads: Option<crate::args::Int>,
        ) -> crate::errors::Result<Bound<'py, pyo3::types::PyTuple>> {
            let state = state.borrow().inner.clone(); // a copy: the state stays free for other threads
            crate::search::pimc(py, state, player, worlds, &evaluator, &policy, rollouts, lines, seed, threads)
        }

        /// Information-set MCTS for ``player`` (default: the seat to act, which it must be): ``simulations``
        /// simulations (fewer if ``seconds`` runs out), rollouts by ``policy``, one tree a thread with their
        /// root statistics merged, in Rust with the GIL released. Returns ``(actions, visits, values,
        /// simulations, nodes)``; ``tricktaker.search.ismcts`` wraps it.
        #[pyfunction]
        #[pyo3(
            signature = (state, player = None, *, simulations = crate::args::Int::new(10_000), seconds = None,
                         exploration = tricktaker_core::search::DEFAULT_EXPLORATION,
                         policy = crate::args::Text::new("random"), seed = crate::args::Int::new(0),
                         threads = Some(crate::args::Int::new(1))),
            text_signature = "(state, player=None, *, simulations=10000, seconds=None, exploration=0.7, \
                              policy='random', seed=0, threads=1)"
        )]
        #[allow(clippy::too_many_arguments)]
        pub fn ismcts<'py>(
            py: Python<'py>,
            state: &Bound<'py, $State>,
            player: Option<crate::args::Int>,
            simulations: crate::args::Int,
            seconds: Option<f64>,
            exploration: f64,
            policy: crate::args::Text,
            seed: crate::args::Int,
            threads: Option<crate::args::Int>,
        ) -> crate::errors::Result<Bound<'py, pyo3::types::PyTuple>> {
            let state = state.borrow().inner.clone();
            crate::search::ismcts(py, state, player, simulations, seconds, exploration, &policy, seed, threads)
        }

        crate::vector::vector_class!($Core, $State, $Rules, rules_arg, $module);

        /// Adds the game's classes, functions and constants to its module.
        pub fn register_game(m: &Bound<'_, PyModule>) -> PyResult<()> {
            use tricktaker_core::game::{Game, Information, Summary};
            m.add_class::<$State>()?;
            m.add_class::<$Rules>()?;
            m.add_class::<VectorState>()?;
            m.add_function(wrap_pyfunction!(random_playouts, m)?)?;
            m.add_function(wrap_pyfunction!(random_summaries, m)?)?;
            m.add_function(wrap_pyfunction!(playouts, m)?)?;
            m.add_function(wrap_pyfunction!(playout_summaries, m)?)?;
            m.add_function(wrap_pyfunction!(observations, m)?)?;
            m.add_function(wrap_pyfunction!(pimc, m)?)?;
            m.add_function(wrap_pyfunction!(ismcts, m)?)?;
            m.add("EVALUATORS", <$Core as tricktaker_core::search::NamedEvaluators>::EVALUATORS.to_vec())?;
            m.add("NAME", <$Core>::NAME)?;
            m.add("NUM_ACTIONS", <$Core>::NUM_ACTIONS)?;
            // The default rules' table; a state's own are its `num_players` and `observation_shape`.
            let rules = <<$Core as Game>::Rules as Default>::default();
            m.add("NUM_PLAYERS", <$Core>::seats(&rules))?;
            m.add("OBSERVATION_SIZE", <$Core>::observation_size(&rules))?;
            m.add("SUMMARY_COLUMNS", <$Core>::summary_columns(&rules))?;
            m.add_function(wrap_pyfunction!(table, m)?)?;
            Ok(())
        }
    };
}
pub(crate) use game_functions;
