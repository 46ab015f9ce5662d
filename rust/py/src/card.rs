//! `tricktaker.Card`: one of the 54 card kinds, interned.

use crate::errors;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyString, PyTuple};
use tricktaker_core::Card as CoreCard;

/// A card kind: ``Card("10H")``, ``Card("th")``, ``Card("A♠")``, ``Card("BJ")``.
#[pyclass(frozen, eq, ord, hash, module = "tricktaker", name = "Card")]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(pub CoreCard);

static INTERNED: PyOnceLock<Vec<Py<Card>>> = PyOnceLock::new();

/// The shared Python object of a card kind.
pub fn card_object(py: Python<'_>, c: CoreCard) -> Py<Card> {
    let all = INTERNED.get_or_init(py, || {
        CoreCard::all().map(|c| Py::new(py, Card(c)).expect("allocating a card")).collect()
    });
    all[c.id() as usize].clone_ref(py)
}

/// Reads a card from a `Card` or its text.
pub fn extract_card(obj: &Bound<'_, PyAny>) -> PyResult<CoreCard> {
    if let Ok(c) = obj.cast::<Card>() {
        return Ok(c.get().0);
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return crate::args::whole_text(s)
            .parse()
            .map_err(|e: tricktaker_core::CardParseError| errors::CardParseError::new_err(e.to_string()));
    }
    Err(errors::CardParseError::new_err(format!(
        "expected a Card or a card's text such as \"10H\", not {}",
        obj.get_type().name()?
    )))
}

#[pymethods]
impl Card {
    #[new]
    fn py_new(text: &Bound<'_, PyAny>) -> PyResult<Py<Card>> {
        Ok(card_object(text.py(), extract_card(text)?))
    }

    /// Reads ``10H``, ``th``, ``A♠``, ``QC``, ``BJ``, ``rj``…; raises `CardParseError` naming the bad text.
    #[staticmethod]
    fn parse(py: Python<'_>, text: crate::args::Text) -> PyResult<Py<Card>> {
        Ok(card_object(
            py,
            text.parse().map_err(|e: tricktaker_core::CardParseError| {
                errors::CardParseError::new_err(e.to_string())
            })?,
        ))
    }

    /// The card with this id (0–53: clubs, diamonds, hearts, spades from 2 to ace, then BJ, RJ).
    #[staticmethod]
    fn from_id(py: Python<'_>, id: crate::args::Int) -> PyResult<Py<Card>> {
        let card = CoreCard::from_id(id.within("id", 0, 53)?).expect("ids 0-53 are cards");
        Ok(card_object(py, card))
    }

    /// All 54 kinds in id order.
    #[staticmethod]
    fn all(py: Python<'_>) -> Vec<Py<Card>> {
        CoreCard::all().map(|c| card_object(py, c)).collect()
    }

    /// The id, 0–53.
    #[getter]
    fn id(&self) -> u8 {
        self.0.id()
    }

    /// ``"2"`` … ``"10"``, ``"J"``, ``"Q"``, ``"K"``, ``"A"``; ``None`` for a joker.
    #[getter]
    fn rank(&self) -> Option<&'static str> {
        self.0.rank().map(|r| r.name())
    }

    /// ``"C"``, ``"D"``, ``"H"`` or ``"S"``; ``None`` for a joker.
    #[getter]
    fn suit(&self) -> Option<char> {
        self.0.suit().map(|s| s.letter())
    }

    /// Whether the card is one of the two jokers.
    #[getter]
    fn is_joker(&self) -> bool {
        self.0.is_joker()
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Card('{}')", self.0)
    }

    /// The card as an SVG picture (``tricktaker.render.card``): what Jupyter shows.
    fn _repr_svg_(slf: &Bound<'_, Self>) -> PyResult<String> {
        crate::package::svg(slf.as_any(), "card")
    }

    /// Pickles as ``Card(str(card))``.
    fn __getnewargs__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, [self.0.to_string()])
    }
}
