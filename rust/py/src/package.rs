//! What the native classes take from the pure-Python package: the pictures of `tricktaker.render` (for
//! Jupyter's `_repr_svg_` and for the hands, which are `render.Hand` lists) and the game records of
//! `tricktaker.record`. They are written once, in Python; these are only the calls into them.

use pyo3::intern;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyList};

/// `module.function(*args, **kwargs)`; the module is imported on the first call (then found in
/// `sys.modules`), so that `import tricktaker._core` does not import the package's Python modules.
pub fn call<'py>(
    py: Python<'py>,
    module: &str,
    function: &str,
    args: impl pyo3::call::PyCallArgs<'py>,
    kwargs: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    py.import(module)?.getattr(function)?.call(args, kwargs)
}

/// The SVG text of `render.<function>(obj)`: what Jupyter shows for a card, a hand or a table.
pub fn svg(obj: &Bound<'_, PyAny>, function: &str) -> PyResult<String> {
    call(obj.py(), "tricktaker.render", function, (obj,), None)?.getattr("svg")?.extract()
}

static HAND: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// A hand as a `render.Hand` (a `list` of `Card`s that Jupyter draws) with its `game` and `trump` set: made by
/// `list.__new__` and filled here, without running `Hand.__init__`'s checks of arguments that are known good
/// (a tenth of the time: hands are read in bots' inner loops).
pub fn hand<'py, C>(
    py: Python<'py>,
    cards: Vec<C>,
    game: &'static str,
    trump: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>>
where
    C: IntoPyObject<'py>,
{
    let class = HAND.import(py, "tricktaker.render", "Hand")?;
    let hand = class.call_method1(intern!(py, "__new__"), (class,))?;
    let list = hand.cast::<PyList>()?;
    for card in cards {
        list.append(card)?;
    }
    hand.setattr(intern!(py, "game"), game)?;
    hand.setattr(intern!(py, "trump"), trump)?;
    Ok(hand)
}
