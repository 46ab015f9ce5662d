//! `tricktaker._core.tractor`: the card-level rules toolkit (trump, formats, follows, throws, tricks).

use crate::args::{check_limit, items, limit_arg, Int, Text};
use crate::card::{card_object, extract_card, Card};
use crate::errors;
use pyo3::prelude::*;
use pyo3::types::PyString;
use tricktaker_core::cards::{Rank, Suit};
use tricktaker_core::options::{Kind, RuleOptions, Value};
use tricktaker_core::tractor::deal::MAX_HAND;
use tricktaker_core::tractor::follow::{self, FollowRules};
use tricktaker_core::tractor::round::NUM_PLAYERS;
use tricktaker_core::tractor::{throw, trick, trump, Format, Hand};
use tricktaker_core::Card as CoreCard;

/// The trump of a Tractor round: ``Trump("2", "H")``, ``Trump(7, "C")``, ``Trump(None, None)`` (no trump, R9).
#[pyclass(frozen, module = "tricktaker.tractor", name = "Trump")]
pub struct Trump {
    pub ctx: &'static trump::TrumpContext,
}

fn rank_arg(rank: &Bound<'_, PyAny>) -> PyResult<Option<Rank>> {
    if rank.is_none() {
        return Ok(None);
    }
    let parsed = if let Ok(v) = rank.extract::<Int>() {
        v.value().and_then(|v| u8::try_from(v).ok()).and_then(Rank::from_value)
    } else if let Ok(s) = rank.cast::<PyString>() {
        let text = crate::args::whole_text(s).trim().to_ascii_uppercase();
        ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
            .iter()
            .position(|&n| n == text || (text == "T" && n == "10"))
            .and_then(|i| Rank::from_value(i as u8 + 2))
    } else {
        None
    };
    parsed.map(Some).ok_or_else(|| {
        errors::CardParseError::new_err(format!(
            "not a rank: {} (expected 2-10, J, Q, K, A, an int 2-14, or None)",
            crate::args::repr(rank)
        ))
    })
}

fn suit_arg(suit: Option<&str>) -> PyResult<Option<Suit>> {
    match suit {
        None => Ok(None),
        Some(text) => {
            let mut chars = text.trim().chars();
            match (chars.next().and_then(Suit::from_char), chars.next()) {
                (Some(s), None) => Ok(Some(s)),
                _ => Err(errors::CardParseError::new_err(format!(
                    "not a suit: {text:?} (expected C, D, H, S, one of ♣♦♥♠, or None)"
                ))),
            }
        }
    }
}

/// A multiset of cards from an iterable of `Card`s or card texts (at most two of a kind: two decks, R1).
pub fn hand_arg(cards: &Bound<'_, PyAny>) -> PyResult<Hand> {
    let mut h = Hand::EMPTY;
    for item in cards.try_iter()? {
        let c = extract_card(&item?)?;
        h = h.add(c).map_err(|e| errors::InvalidStateError::new_err(e.to_string()))?;
    }
    Ok(h)
}

/// The cards of `name`, one hand in play or one play: at most 27 cards (R10; 25 under R13, 27 with no kitty
/// under F5), so that no enumeration over them runs away (the worst case, 27 cards of one suit, has 10,077,695
/// leads, and a void hand of 27 has 20,058,300 follows of 13).
pub fn play_arg(cards: &Bound<'_, PyAny>, name: &str) -> PyResult<Hand> {
    let h = hand_arg(cards)?;
    if h.len() as usize > MAX_HAND {
        return Err(errors::ArgumentError::new_err(format!(
            "{name} has {} cards; a hand in play holds at most {MAX_HAND} (R10, F5)",
            h.len()
        )));
    }
    Ok(h)
}

/// A lead of at most 27 cards, decomposed (R33, F21), runs of `min_tractor_length` pairs or more being
/// tractors (F20).
fn format_arg(
    ctx: &trump::TrumpContext,
    lead: &Bound<'_, PyAny>,
    min_tractor_length: Int,
) -> PyResult<Format> {
    tricktaker_core::tractor::decompose_with(
        ctx,
        play_arg(lead, "lead")?,
        min_tractor_arg(min_tractor_length)?,
    )
    .map_err(|e| errors::IllegalPlayError::new_err(e.to_string()))
}

/// The `min_tractor_length` keyword of the toolkit, within the bounds of the rule option of the same name.
fn min_tractor_arg(min_tractor_length: Int) -> PyResult<u8> {
    let spec = <tricktaker_core::tractor::rules::Rules as RuleOptions>::spec("min_tractor_length")
        .expect("a declared option");
    let Kind::Int { min, max } = spec.kind else { unreachable!("min_tractor_length is a number") };
    min_tractor_length.within("min_tractor_length", min.into(), max.into())
}

fn cards_out(py: Python<'_>, cards: impl IntoIterator<Item = CoreCard>) -> Vec<Py<Card>> {
    cards.into_iter().map(|c| card_object(py, c)).collect()
}

#[pymethods]
impl Trump {
    #[new]
    #[pyo3(signature = (rank, suit))]
    fn py_new(rank: &Bound<'_, PyAny>, suit: Option<Text>) -> PyResult<Trump> {
        let t = trump::Trump::new(rank_arg(rank)?, suit_arg(suit.as_deref())?)
            .map_err(|e| errors::RulesError::new_err(e.to_string()))?;
        Ok(Trump { ctx: trump::TrumpContext::cached(t, true) })
    }

    /// The trump rank as text (``"2"`` … ``"A"``), ``None`` in a no-trump round.
    #[getter]
    fn rank(&self) -> Option<&'static str> {
        self.ctx.trump().rank().map(|r| r.name())
    }

    /// The trump suit letter, ``None`` without one.
    #[getter]
    fn suit(&self) -> Option<char> {
        self.ctx.trump().suit().map(|s| s.letter())
    }

    /// Whether the card is a trump (R6).
    fn is_trump(&self, card: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.ctx.is_trump(extract_card(card)?))
    }

    /// The effective suit (R10): ``"T"`` for a trump, else the printed suit letter.
    fn suit_of(&self, card: &Bound<'_, PyAny>) -> PyResult<char> {
        let c = extract_card(card)?;
        Ok(if self.ctx.is_trump(c) { 'T' } else { c.suit().expect("a plain card has a suit").letter() })
    }

    /// The position inside the effective suit, higher wins, equal cards equal (R11); the lowest is 1.
    fn strength(&self, card: &Bound<'_, PyAny>) -> PyResult<u8> {
        Ok(self.ctx.strength(extract_card(card)?))
    }

    /// The cards in play order: trumps, then clubs, diamonds, hearts, spades; strongest first.
    fn sort(&self, py: Python<'_>, cards: &Bound<'_, PyAny>) -> PyResult<Vec<Py<Card>>> {
        Ok(cards_out(py, self.ctx.sorted(hand_arg(cards)?)))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<Trump>().is_ok_and(|o| o.get().ctx.trump() == self.ctx.trump())
    }

    fn __hash__(&self) -> u64 {
        let t = self.ctx.trump();
        u64::from(t.rank().map_or(0, |r| r.value())) * 8 + t.suit().map_or(0, |s| s as u64 + 1)
    }

    fn __getnewargs__(&self) -> (Option<&'static str>, Option<String>) {
        (self.rank(), self.suit().map(String::from))
    }

    fn __repr__(&self) -> String {
        let quote = |s: Option<String>| s.map_or("None".to_string(), |s| format!("'{s}'"));
        format!("Trump({}, {})", quote(self.rank().map(String::from)), quote(self.suit().map(String::from)))
    }

    fn __str__(&self) -> String {
        self.ctx.trump().to_string()
    }
}

/// A component of a lead: its kind and its cards, strongest first.
type Component = (&'static str, Vec<Py<Card>>);

/// The components of a lead (R33): ``[(kind, cards), …]`` with kind ``"tractor"``, ``"pair"`` or ``"single"``.
#[pyfunction]
#[pyo3(signature = (cards, trump, *, min_tractor_length = Int::new(2)),
       text_signature = "(cards, trump, *, min_tractor_length=2)")]
pub fn decompose(
    py: Python<'_>,
    cards: &Bound<'_, PyAny>,
    trump: PyRef<'_, Trump>,
    min_tractor_length: Int,
) -> PyResult<Vec<Component>> {
    let f = format_arg(trump.ctx, cards, min_tractor_length)?;
    Ok(f.components().iter().map(|c| (c.kind(), cards_out(py, trump.ctx.sorted(c.cards)))).collect())
}

/// The follow options every follow function takes (F20, F23, F24), checked as the rules check them.
pub struct FollowOptions {
    tractor_follow: Text,
    new_adjacency: Text,
    format_based_draw: bool,
    min_tractor_length: Int,
}

/// What every follow function reads, in this order: the lead (decomposed), the follower's hand, the rules.
fn follow_args(
    trump: &Trump,
    hand: &Bound<'_, PyAny>,
    lead: &Bound<'_, PyAny>,
    options: &FollowOptions,
) -> crate::errors::Result<(Format, Hand, FollowRules)> {
    let mut rules = tricktaker_core::tractor::rules::Rules::default();
    rules.set("tractor_follow", Value::Choice(&options.tractor_follow))?;
    rules.set("new_adjacency", Value::Choice(&options.new_adjacency))?;
    rules.set("format_based_draw", Value::Bool(options.format_based_draw))?;
    rules.min_tractor_length = min_tractor_arg(options.min_tractor_length)?;
    let f = format_arg(trump.ctx, lead, options.min_tractor_length)?;
    Ok((f, play_arg(hand, "hand")?, FollowRules::of(&rules)))
}

/// Plays sorted as the toolkit lists them: by their card ids, in order (no allocation per comparison).
pub fn sort_plays(plays: &mut [Hand]) {
    plays.sort_unstable_by(|a, b| a.cards().map(CoreCard::id).cmp(b.cards().map(CoreCard::id)));
}

/// Why `play` does not follow `lead` from `hand` (R26, R28–R32); ``None`` if it does.
#[pyfunction]
#[pyo3(signature = (hand, lead, play, trump, *, tractor_follow = Text::new("none"), new_adjacency = Text::new("allow"), format_based_draw = true, min_tractor_length = Int::new(2)),
       text_signature = "(hand, lead, play, trump, *, tractor_follow='none', new_adjacency='allow', format_based_draw=True, min_tractor_length=2)")]
#[allow(clippy::too_many_arguments)] // Python keywords, one per follow option
pub fn follow_error(
    hand: &Bound<'_, PyAny>,
    lead: &Bound<'_, PyAny>,
    play: &Bound<'_, PyAny>,
    trump: PyRef<'_, Trump>,
    tractor_follow: Text,
    new_adjacency: Text,
    format_based_draw: bool,
    min_tractor_length: Int,
) -> crate::errors::Result<Option<String>> {
    let options = FollowOptions { tractor_follow, new_adjacency, format_based_draw, min_tractor_length };
    let (f, hand, rules) = follow_args(&trump, hand, lead, &options)?;
    Ok(follow::check_follow(trump.ctx, hand, &f, play_arg(play, "play")?, &rules)
        .err()
        .map(|e| e.to_string()))
}

/// Every distinct legal follow as a list of cards in id order; the list sorted by ids. Hands and leads have at
/// most 27 cards (25 under R13's deal); the worst case, a void hand of 25 against a lead of 12, has 5,200,300
/// follows, and one of 27 (no kitty, F5) against 13 has 20,058,300. With
/// ``limit``, more than ``limit`` follows raise ``LimitExceededError`` (nothing is listed);
/// ``count_legal_follows`` counts them without listing.
#[pyfunction]
#[pyo3(signature = (hand, lead, trump, *, tractor_follow = Text::new("none"), new_adjacency = Text::new("allow"), format_based_draw = true, limit = None, min_tractor_length = Int::new(2)),
       text_signature = "(hand, lead, trump, *, tractor_follow='none', new_adjacency='allow', format_based_draw=True, limit=None, min_tractor_length=2)")]
#[allow(clippy::too_many_arguments)] // Python keywords, one per follow option
pub fn legal_follows(
    py: Python<'_>,
    hand: &Bound<'_, PyAny>,
    lead: &Bound<'_, PyAny>,
    trump: PyRef<'_, Trump>,
    tractor_follow: Text,
    new_adjacency: Text,
    format_based_draw: bool,
    limit: Option<Int>,
    min_tractor_length: Int,
) -> crate::errors::Result<Vec<Vec<Py<Card>>>> {
    let options = FollowOptions { tractor_follow, new_adjacency, format_based_draw, min_tractor_length };
    let (f, hand, rules) = follow_args(&trump, hand, lead, &options)?;
    let (limit, ctx) = (limit_arg(limit)?, trump.ctx);
    let count = || py.detach(|| follow::count_follows(ctx, hand, &f, &rules));
    check_limit(limit, count, "legal follows", "count_legal_follows")?;
    let mut plays: Vec<Hand> = Vec::new();
    py.detach(|| {
        follow::for_each_follow(ctx, hand, &f, &rules, |p| plays.push(p));
        sort_plays(&mut plays);
    });
    Ok(plays.into_iter().map(|p| cards_out(py, p.cards())).collect())
}

/// How many plays ``legal_follows`` would list, counted without listing them (at most 20,058,300).
#[pyfunction]
#[pyo3(signature = (hand, lead, trump, *, tractor_follow = Text::new("none"), new_adjacency = Text::new("allow"), format_based_draw = true, min_tractor_length = Int::new(2)),
       text_signature = "(hand, lead, trump, *, tractor_follow='none', new_adjacency='allow', format_based_draw=True, min_tractor_length=2)")]
#[allow(clippy::too_many_arguments)] // Python keywords, one per follow option
pub fn count_legal_follows(
    py: Python<'_>,
    hand: &Bound<'_, PyAny>,
    lead: &Bound<'_, PyAny>,
    trump: PyRef<'_, Trump>,
    tractor_follow: Text,
    new_adjacency: Text,
    format_based_draw: bool,
    min_tractor_length: Int,
) -> crate::errors::Result<usize> {
    let options = FollowOptions { tractor_follow, new_adjacency, format_based_draw, min_tractor_length };
    let (f, hand, rules) = follow_args(&trump, hand, lead, &options)?;
    let ctx = trump.ctx;
    Ok(py.detach(|| follow::count_follows(ctx, hand, &f, &rules)))
}

/// The cards that can be added to `partial` on the way to a legal follow (never a dead end), in id order.
#[pyfunction]
#[pyo3(signature = (hand, lead, partial, trump, *, tractor_follow = Text::new("none"), new_adjacency = Text::new("allow"), format_based_draw = true, min_tractor_length = Int::new(2)),
       text_signature = "(hand, lead, partial, trump, *, tractor_follow='none', new_adjacency='allow', format_based_draw=True, min_tractor_length=2)")]
#[allow(clippy::too_many_arguments)] // Python keywords, one per follow option
pub fn follow_extensions(
    py: Python<'_>,
    hand: &Bound<'_, PyAny>,
    lead: &Bound<'_, PyAny>,
    partial: &Bound<'_, PyAny>,
    trump: PyRef<'_, Trump>,
    tractor_follow: Text,
    new_adjacency: Text,
    format_based_draw: bool,
    min_tractor_length: Int,
) -> crate::errors::Result<Vec<Py<Card>>> {
    let options = FollowOptions { tractor_follow, new_adjacency, format_based_draw, min_tractor_length };
    let (f, hand, rules) = follow_args(&trump, hand, lead, &options)?;
    let mask = follow::extensions(trump.ctx, hand, &f, play_arg(partial, "partial")?, &rules);
    Ok(cards_out(py, Hand::from_masks(mask, 0).cards()))
}

/// ``None`` if the lead stands (not a throw, or no component beatable, R33); else ``(forced, taken_back)``,
/// ``other_hands`` in turn order after the leader (F26).
#[pyfunction]
#[pyo3(signature = (lead, other_hands, trump, *, failed_throw_forced = Text::new("fewest_cards_then_lowest"),
                    min_tractor_length = Int::new(2)),
       text_signature = "(lead, other_hands, trump, *, failed_throw_forced='fewest_cards_then_lowest', min_tractor_length=2)")]
pub fn check_throw(
    py: Python<'_>,
    lead: &Bound<'_, PyAny>,
    other_hands: &Bound<'_, PyAny>,
    trump: PyRef<'_, Trump>,
    failed_throw_forced: Text,
    min_tractor_length: Int,
) -> crate::errors::Result<Option<(Vec<Py<Card>>, u32)>> {
    let mut rules = tricktaker_core::tractor::rules::Rules::default();
    rules.set("failed_throw_forced", Value::Choice(&failed_throw_forced))?;
    let f = format_arg(trump.ctx, lead, min_tractor_length)?;
    let others = items(other_hands, "other_hands", NUM_PLAYERS - 1)?
        .iter()
        .map(|h| play_arg(h, "a hand of other_hands"))
        .collect::<PyResult<Vec<Hand>>>()?;
    Ok(throw::check_throw(trump.ctx, &f, &others, rules.failed_throw_forced)
        .map(|x| (cards_out(py, trump.ctx.sorted(x.forced.cards)), x.taken_back)))
}

/// The index of the winning play, ``plays[0]`` being the lead (R35–R39, F20), two ruffs of a throw compared
/// under ``throw_compare`` (F30).
#[pyfunction]
#[pyo3(signature = (plays, trump, *, min_tractor_length = Int::new(2), throw_compare = Text::new("pairs_first")),
       text_signature = "(plays, trump, *, min_tractor_length=2, throw_compare='pairs_first')")]
pub fn trick_winner(
    plays: &Bound<'_, PyAny>,
    trump: PyRef<'_, Trump>,
    min_tractor_length: Int,
    throw_compare: Text,
) -> crate::errors::Result<usize> {
    let mut rules = tricktaker_core::tractor::rules::Rules::default();
    rules.set("throw_compare", Value::Choice(&throw_compare))?;
    let plays = items(plays, "plays", NUM_PLAYERS)?
        .iter()
        .map(|p| play_arg(p, "a play"))
        .collect::<PyResult<Vec<Hand>>>()?;
    let n = plays.first().map_or(0, |p| p.len());
    if let Some(bad) = plays.iter().position(|p| p.len() != n) {
        return Err(errors::IllegalPlayError::new_err(format!(
            "play {bad} has {} cards and the lead {n}; every player plays as many (R26)",
            plays[bad].len()
        ))
        .into());
    }
    trick::trick_winner(trump.ctx, &plays, min_tractor_arg(min_tractor_length)?, rules.throw_compare)
        .map_err(|e| errors::IllegalPlayError::new_err(e.to_string()).into())
}

/// Card points (R3): K and 10 are worth 10, 5 is worth 5.
#[pyfunction]
pub fn trick_points(cards: &Bound<'_, PyAny>) -> PyResult<u32> {
    Ok(trick::points(hand_arg(cards)?))
}

/// Adds the card-level toolkit to the `tractor` submodule.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Trump>()?;
    m.add_function(wrap_pyfunction!(decompose, m)?)?;
    m.add_function(wrap_pyfunction!(follow_error, m)?)?;
    m.add_function(wrap_pyfunction!(legal_follows, m)?)?;
    m.add_function(wrap_pyfunction!(count_legal_follows, m)?)?;
    m.add_function(wrap_pyfunction!(follow_extensions, m)?)?;
    m.add_function(wrap_pyfunction!(check_throw, m)?)?;
    m.add_function(wrap_pyfunction!(trick_winner, m)?)?;
    m.add_function(wrap_pyfunction!(trick_points, m)?)?;
    Ok(())
}
