//! Who wins a trick (R35–R39), and its points (R3).

use super::format::{decompose, decompose_with, Format, FormatError, MAX_COMPONENTS};
use super::hand::Hand;
use super::ruff;
use super::rules::ThrowCompare;
use super::trump::{runs, TrumpContext, MAX_LEVELS, TRUMP};
use crate::cards::{Card, Rank, Suit};

/// Card points (R3): every K and 10 is worth 10, every 5 is worth 5.
#[inline(always)] // inlined into the CPU-specific playout kernel
pub fn points(h: Hand) -> u32 {
    const fn rank_mask(rank: Rank) -> u64 {
        let mut m = 0;
        let mut s = 0;
        while s < 4 {
            m |= 1 << Card::new(rank, Suit::ALL[s]).id();
            s += 1;
        }
        m
    }
    const TENS: u64 = rank_mask(Rank::TEN) | rank_mask(Rank::KING);
    const FIVES: u64 = rank_mask(match Rank::from_value(5) {
        Some(r) => r,
        None => unreachable!(),
    });
    let count = |m: u64| (h.kinds() & m).count_ones() + (h.pairs() & m).count_ones();
    10 * count(TENS) + 5 * count(FIVES)
}

/// How strong a play is against the lead, `None` when it cannot win (R36–R39). Higher wins; the first played
/// wins ties (R35).
#[inline(always)] // inlined into the CPU-specific playout kernel
fn strength_against(ctx: &TrumpContext, lead: &Format, play: Hand) -> Option<u16> {
    let suit = ctx.common_suit(play)?;
    let trump_bonus = if suit == TRUMP { 64 } else { 0 };
    if suit != TRUMP && suit != lead.suit {
        return None;
    }
    if lead.is_throw() {
        // R39: only a ruff entirely in trumps of the same layout, when the led suit is not trumps.
        if lead.suit == TRUMP || suit != TRUMP || !matches_layout(ctx, lead, play) {
            return None;
        }
        return Some(trump_bonus + pairs_first_key(ctx, lead, play));
    }
    let led = lead.components()[0];
    match led.pairs {
        0 => Some(trump_bonus + u16::from(ctx.strength(play.first()?))),
        // R37: a pair, identical cards.
        1 => {
            (play.pairs() != 0).then(|| trump_bonus + u16::from(ctx.strength(play.first().expect("a card"))))
        }
        // R38: a tractor of as many pairs.
        k => {
            let f = decompose(ctx, play).ok()?;
            let c = f.components();
            (c.len() == 1 && c[0].pairs == k).then(|| trump_bonus + u16::from(c[0].top))
        }
    }
}

/// R39, F30 `pairs_first`: a ruff's strength against a throw, the top of its highest run as long as the lead's
/// longest tractor, else of its highest pair when the lead has one, else its highest card.
#[inline(always)]
pub(crate) fn pairs_first_key(ctx: &TrumpContext, lead: &Format, play: Hand) -> u16 {
    let bits = ctx.pair_levels(play, TRUMP);
    let top = |m: u32| (31 - m.leading_zeros()) as u16;
    match (lead.longest_tractor(), lead.pair_count()) {
        (l, _) if l >= 2 => top(runs(bits, u32::from(l))),
        (_, p) if p > 0 => top(bits),
        _ => play.cards().map(|c| u16::from(ctx.strength(c))).max().unwrap_or(0),
    }
}

/// Whether a trump play splits into exactly the lead's components (R39): each tractor of k pairs matched by a
/// trump tractor of k pairs, each pair by a trump pair (or part of a longer run), each single by any trump.
fn matches_layout(ctx: &TrumpContext, lead: &Format, play: Hand) -> bool {
    let mut at = [0u8; MAX_LEVELS + 2];
    for (p, n) in at.iter_mut().enumerate().take(MAX_LEVELS + 1).skip(1) {
        *n = (play.pairs() & ctx.level_mask(TRUMP, p as u8)).count_ones() as u8;
    }
    // The lead's tractors come first in its components, the longest first.
    let components = lead.components();
    let n_tractors = components.iter().take_while(|c| c.pairs >= 2).count();
    let mut tractors = [0u8; MAX_COMPONENTS];
    for (t, c) in tractors.iter_mut().zip(&components[..n_tractors]) {
        *t = c.pairs;
    }
    let pairs = components.iter().filter(|c| c.pairs == 1).count() as u32;
    place_tractors(&mut at, &tractors[..n_tractors], pairs)
}

fn place_tractors(at: &mut [u8; MAX_LEVELS + 2], tractors: &[u8], pairs: u32) -> bool {
    let Some((&k, rest)) = tractors.split_first() else {
        return at.iter().map(|&n| u32::from(n)).sum::<u32>() >= pairs;
    };
    let k = k as usize;
    for top in k..=MAX_LEVELS {
        let span = top + 1 - k..=top;
        if at[span.clone()].iter().all(|&n| n > 0) {
            span.clone().for_each(|p| at[p] -= 1);
            let ok = place_tractors(at, rest, pairs);
            span.for_each(|p| at[p] += 1);
            if ok {
                return true;
            }
        }
    }
    false
}

/// The index of the winning play, `plays[0]` being the lead (R35–R39), runs of `min_tractor` pairs or more
/// being tractors (F20), two ruffs of a throw compared under `compare` (F30).
pub fn trick_winner(
    ctx: &TrumpContext,
    plays: &[Hand],
    min_tractor: u8,
    compare: ThrowCompare,
) -> Result<usize, FormatError> {
    let lead = decompose_with(ctx, *plays.first().ok_or(FormatError::Empty)?, min_tractor)?;
    Ok(winner_with(ctx, &lead, plays, compare))
}

/// `trick_winner` with the lead already split.
#[inline(always)] // inlined into the CPU-specific playout kernel
pub fn winner_with(ctx: &TrumpContext, lead: &Format, plays: &[Hand], compare: ThrowCompare) -> usize {
    if compare == ThrowCompare::PairsFirst || !lead.is_throw() || lead.suit == TRUMP {
        return winner_of(ctx, lead, plays);
    }
    ruffed_throw_winner(ctx, lead, plays, compare)
}

/// F29: a throw in a plain suit goes to its leader unless ruffed; the first qualifying ruff takes it, and a
/// later one only if stronger under `compare`.
#[cold]
fn ruffed_throw_winner(ctx: &TrumpContext, lead: &Format, plays: &[Hand], compare: ThrowCompare) -> usize {
    let mut best = 0;
    for (i, &play) in plays.iter().enumerate().skip(1) {
        let ruff = ctx.common_suit(play) == Some(TRUMP) && ruff::qualifies(ctx, lead, play);
        if ruff && (best == 0 || ruff::beats(ctx, lead, play, plays[best], compare)) {
            best = i;
        }
    }
    best
}

/// `trick_winner` with the lead already split, under R39 (`pairs_first`).
#[inline(always)] // inlined into the CPU-specific playout kernel
pub fn winner_of(ctx: &TrumpContext, lead: &Format, plays: &[Hand]) -> usize {
    let mut best = 0;
    // A throw that stands wins for the leader unless ruffed (R39); any other lead competes by strength.
    let mut best_key = if lead.is_throw() { 0 } else { strength_against(ctx, lead, plays[0]).unwrap_or(0) };
    for (i, &play) in plays.iter().enumerate().skip(1) {
        if let Some(key) = strength_against(ctx, lead, play) {
            if key > best_key {
                best = i;
                best_key = key;
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tractor::hand::hand;
    use crate::tractor::trump::Trump;

    fn ctx() -> TrumpContext {
        TrumpContext::new(Trump::new(Rank::from_value(2), Some(Suit::Hearts)).unwrap())
    }

    fn winner(plays: &[&str]) -> usize {
        let plays: Vec<Hand> = plays.iter().map(|p| hand(p)).collect();
        trick_winner(&ctx(), &plays, 2, ThrowCompare::PairsFirst).unwrap()
    }

    #[test]
    fn tv_t6_single_trick_winners() {
        assert_eq!(winner(&["KS", "AS", "2C", "2D"]), 2);
        assert_eq!(winner(&["2S", "2C", "2H", "AH"]), 2);
        assert_eq!(winner(&["AS", "AS", "KS", "QS"]), 0);
        assert_eq!(winner(&["KS", "3H", "RJ", "BJ"]), 2);
    }

    #[test]
    fn tv_t7_pair_trick_winners() {
        assert_eq!(winner(&["9S 9S", "AS KS", "3H 4H", "10S 10S"]), 3);
        assert_eq!(winner(&["9S 9S", "3H 3H", "2C 2C", "10S 10S"]), 2);
        assert_eq!(winner(&["9S 9S", "2C 2C", "2D 2D", "10S 10S"]), 1);
    }

    #[test]
    fn tv_t12_throw_ruffs() {
        assert_eq!(winner(&["AS KS KS", "3H 4H 4H", "5H 5H 6H", "QS JS 9S"]), 2);
        assert_eq!(winner(&["AS KS KS", "3H 4H 4H", "5H 6H 8H", "QS JS 9S"]), 1);
    }

    #[test]
    fn tractor_leads_are_beaten_only_by_tractors() {
        assert_eq!(winner(&["3S 3S 4S 4S", "AS AS QS QS", "3H 3H 4H 4H", "5S 5S 6S 6S"]), 2);
        assert_eq!(winner(&["3S 3S 4S 4S", "AS AS QS QS", "3H 3H 5H 5H", "5S 5S 6S 6S"]), 3);
        // A trump throw always wins for the leader.
        assert_eq!(winner(&["AH KH KH", "RJ RJ BJ", "3S 4S 5S", "6S 7S 8S"]), 0);
    }

    #[test]
    fn points_count_copies() {
        assert_eq!(points(hand("KS KS 10H 5D 5D 9C BJ")), 40);
        assert_eq!(points(Hand::FULL), 200);
    }
}
