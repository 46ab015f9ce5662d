//! The conformance suite every game passes, written once (in the spirit of OpenSpiel's `RandomSimTest`):
//! random games checked at every step for the invariants of the protocol of `docs/design.md`.

use crate::game::{Information, Saved};
use crate::rng::{derive_seed, Rng};
use crate::save;

/// How a [`check_game`] run is sized.
#[derive(Clone, Copy, Debug)]
pub struct Checks {
    /// Random games played.
    pub games: u64,
    pub seed: u64,
    /// Resample (and undo) every this many steps; 1 checks every step.
    pub every: usize,
}

/// Plays `checks.games` random games of `G` under `rules` and checks, at every step: the mask and the player
/// to move agree; every legal action has a text that parses back to it; an illegal action is refused and
/// changes nothing; a clone is equal; a save loads back equal; the observation is of the right size, finite
/// and the same for equal information; and every `checks.every` steps, that undo takes back the action and
/// that a resample for every seat keeps that seat's information key, observation, history length, player to
/// move (and its legal actions when it is to move). At the end: zero-sum returns, no legal action, and undo
/// back to the start. Returns the number of steps checked; panics with the game and step on a failure.
pub fn check_game<G: Information + Saved + std::fmt::Debug>(rules: G::Rules, checks: Checks) -> usize {
    check_games_from(checks, |seed| G::deal(seed, rules))
}

/// [`check_game`] from the states `start(seed)` makes (positions set up mid-game, say) instead of fresh deals.
pub fn check_games_from<G: Information + Saved + std::fmt::Debug>(
    checks: Checks,
    start: impl Fn(u64) -> G,
) -> usize {
    let mut steps = 0;
    for g in 0..checks.games {
        let seed = derive_seed(checks.seed, g);
        let mut state = start(seed);
        let mut rng = Rng::new(seed ^ 1);
        let mut first = state.clone();
        while first.undo() {}
        let mut step = 0;
        loop {
            let at = format!("{} game {g} (seed {seed}) step {step}", G::NAME);
            check_step(&state, &mut rng, step % checks.every == 0, &at);
            if state.is_terminal() {
                break;
            }
            let before = state.clone();
            let action = state.random_action(&mut rng);
            state
                .apply(u32::from(action))
                .unwrap_or_else(|e| panic!("{at}: a legal action was refused: {e}"));
            assert_eq!(state.history().len(), before.history().len() + 1, "{at}: the history grows by one");
            if step % checks.every == 0 {
                let mut back = state.clone();
                assert!(back.undo(), "{at}: undo after an action");
                assert_eq!(back, before, "{at}: undo restores the state");
            }
            step += 1;
        }
        steps += step;
        let returns = state.returns();
        assert_eq!(returns.as_ref().iter().sum::<i32>(), 0, "{} game {g}: returns are zero-sum", G::NAME);
        assert_eq!(returns.as_ref().len(), state.num_players());
        let mut back = state.clone();
        for _ in 0..state.history().len() {
            assert!(back.undo());
        }
        assert!(!back.undo(), "{} game {g}: nothing to undo at the start", G::NAME);
        assert_eq!(back, first, "{} game {g}: undoing everything gives the start back", G::NAME);
    }
    steps
}

fn check_step<G: Information + Saved + std::fmt::Debug>(state: &G, rng: &mut Rng, deep: bool, at: &str) {
    let mask = state.legal_mask();
    assert_eq!(mask >> G::NUM_ACTIONS.min(127), 0, "{at}: no action beyond NUM_ACTIONS");
    assert_eq!(
        state.current_player().is_some(),
        mask != 0,
        "{at}: a player to move exactly when an action is legal"
    );
    assert_eq!(state.is_terminal(), mask == 0, "{at}");
    if let Some(p) = state.current_player() {
        assert!(usize::from(p) < state.num_players(), "{at}: the player to move is a seat");
    } else {
        assert!(state.returns().as_ref().iter().sum::<i32>() == 0, "{at}: zero-sum");
    }
    if !state.is_terminal() {
        assert!(state.returns().as_ref().iter().all(|&r| r == 0), "{at}: no returns before the end");
    }
    for a in state.legal_actions() {
        assert!(state.is_legal(u32::from(a)), "{at}");
        let text = state.action_text(a);
        assert_eq!(state.parse_action(&text), Ok(a), "{at}: {text:?} parses back to action {a}");
    }
    // An illegal action, if there is one, is refused and changes nothing.
    let illegal = (0..G::NUM_ACTIONS as u32).filter(|&a| mask >> a & 1 == 0).nth(rng.below(8) as usize);
    for bad in illegal.into_iter().chain([G::NUM_ACTIONS as u32, u32::MAX]) {
        let mut copy = state.clone();
        let err = copy.apply(bad).expect_err("an illegal action is refused");
        assert!(!err.reason.is_empty(), "{at}: a refusal says why");
        assert_eq!(&copy, state, "{at}: a refused action changes nothing");
    }
    assert_eq!(&state.clone(), state, "{at}: a clone is equal");
    let text = save::to_json(state);
    let loaded: G = save::from_json(text.as_bytes()).unwrap_or_else(|e| panic!("{at}: {e}\n{text}"));
    assert_eq!(&loaded, state, "{at}: a save loads back equal");
    let size = G::observation_size(&state.rules());
    for seat in 0..state.num_players() as u8 {
        let mut obs = vec![f32::NAN; size];
        state.observe(seat, &mut obs);
        assert!(obs.iter().all(|x| x.is_finite()), "{at}: seat {seat}'s observation is finite");
        let key = state.information_key(seat);
        if !deep {
            continue;
        }
        let r = state.resample(seat, rng).unwrap_or_else(|e| panic!("{at}: seat {seat}: {e}"));
        assert_eq!(r.information_key(seat), key, "{at}: a resample keeps seat {seat}'s information");
        let mut again = vec![f32::NAN; size];
        r.observe(seat, &mut again);
        assert_eq!(obs, again, "{at}: a resample keeps seat {seat}'s observation");
        assert_eq!(r.history().len(), state.history().len(), "{at}");
        assert_eq!(r.current_player(), state.current_player(), "{at}");
        if state.current_player() == Some(seat) {
            assert_eq!(r.legal_mask(), mask, "{at}: seat {seat} to move has the same choices");
        }
    }
}
