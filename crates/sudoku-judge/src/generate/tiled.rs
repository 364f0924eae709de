//! Su-Domino-Ku puzzles ([`crate::format::spec::Rows::Dominoes`]), for [`super::ruled`].
//!
//! A grid that admits a tiling by all 36 distinct dominoes is the hard part, so the grid and
//! the tiling are searched together: the nine singles go to random cells (five of one colour
//! of the chessboard and four of the other, as 36 dominoes leave), digits 1 to 9 in a random
//! order, and the domino search of the core ([`crate::solve::any`]) completes them within a
//! node budget (a new draw when it runs out). The grid's tiling is then read off it
//! ([`Tiling::tile`]); ten of its dominoes, chosen at random, are placed, and while a second
//! grid keeps the puzzle open, a domino of the tiling under a cell where the two grids differ
//! is placed too. With 35 placed the last one is forced, so this ends at 10 to 35 dominoes and
//! one grid, the statement's bounds.

use super::boards::BoardMaker;
use crate::model::dominoes::Tiling;
use crate::model::{Answer, Board, Geometry, Mode, Rules};
use crate::rng::Rng;
use std::sync::Arc;

/// Nodes the search of a grid and its tiling may take before the singles are drawn again.
const GRID_BUDGET: u64 = 20_000;

/// Draws of the singles before the request is called impossible: about one in two completes
/// within [`GRID_BUDGET`] (measured on seeded draws), so 200 fail about once in 10^60.
const DRAWS: u32 = 200;

/// The fewest dominoes placed (HDU 4210: 10 to 35).
pub const FEWEST: usize = 10;

/// A board of `cells` with the singles and `placed` dominoes as its tiling.
fn board(cells: Vec<u8>, placed: &[(u16, u16)], singles: &[u16]) -> Option<Board> {
    let tiling = Tiling::new(9, placed.to_vec(), singles.to_vec()).ok()?;
    let rules = Rules::new(9, vec![], vec![]).ok()?.with_tiling(tiling);
    Some(Board::new(
        Arc::new(Geometry::standard(3).with_rules(rules)),
        cells,
    ))
}

/// A solved grid with its singles (`singles[d - 1]` holds `d`) and the dominoes of a tiling
/// of the rest.
pub type Solved = (Vec<u8>, Vec<u16>, Vec<(u16, u16)>);

/// A random solved grid with its singles and tiling; `None` when the search ran out of
/// budget.
pub fn solution(maker: &mut BoardMaker, rng: &mut Rng) -> Option<Solved> {
    let mut cells: Vec<u16> = (0..81).collect();
    rng.shuffle(&mut cells);
    let even = cells.iter().copied().filter(|c| (c / 9 + c % 9) % 2 == 0);
    let odd = cells.iter().copied().filter(|c| (c / 9 + c % 9) % 2 == 1);
    let mut singles: Vec<u16> = even.take(5).chain(odd.take(4)).collect();
    rng.shuffle(&mut singles);
    let mut givens = vec![0u8; 81];
    for (d, &c) in singles.iter().enumerate() {
        givens[c as usize] = d as u8 + 1;
    }
    let b = board(givens, &[], &singles)?;
    let e = maker.engine();
    e.set_budget(Some(GRID_BUDGET));
    let answer = e.try_answer(&b, Mode::First);
    e.set_budget(None);
    let Ok(Answer::Solved(s)) = answer else {
        return None;
    };
    let tiles = Tiling::new(9, vec![], singles.clone()).ok()?.tile(&s)?;
    Some((s, singles, tiles))
}

/// A Su-Domino-Ku puzzle with one solution; `None` after a few fruitless draws.
pub fn puzzle(maker: &mut BoardMaker, rng: &mut Rng) -> Option<Board> {
    let (s, singles, mut tiles) = (0..DRAWS).find_map(|_| solution(maker, rng))?;
    rng.shuffle(&mut tiles);
    // Each domino written either way round.
    for t in tiles.iter_mut() {
        if rng.below(2) == 1 {
            *t = (t.1, t.0);
        }
    }
    let mut placed: Vec<(u16, u16)> = tiles.drain(..FEWEST).collect();
    let with = |placed: &[(u16, u16)]| {
        let mut cells = vec![0u8; 81];
        for &c in placed.iter().flat_map(|(a, b)| [a, b]).chain(&singles) {
            cells[c as usize] = s[c as usize];
        }
        board(cells, placed, &singles)
    };
    loop {
        let b = with(&placed)?;
        let e = maker.engine();
        let (n, first) = e.count(&b, 2);
        match n {
            0 => return None,
            1 => return Some(b),
            _ => {}
        }
        let other = if first != s {
            first
        } else {
            e.solutions(&b, 2).into_iter().find(|x| *x != s)?
        };
        let differ = |&(a, b): &(u16, u16)| other[a as usize] != s[a as usize] || other[b as usize] != s[b as usize];
        let at: Vec<usize> = (0..tiles.len()).filter(|&i| differ(&tiles[i])).collect();
        let i = *at.get(rng.below(at.len().max(1) as u64) as usize)?;
        placed.push(tiles.swap_remove(i));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn puzzles_are_unique_and_within_the_bounds() {
        let mut maker = BoardMaker::new();
        for seed in 0..4 {
            let mut rng = Rng::for_item(seed, 0);
            let b = puzzle(&mut maker, &mut rng).expect("a puzzle");
            let t = b.geometry.rules().unwrap().tiling().unwrap();
            assert!((FEWEST..=35).contains(&t.placed().len()));
            let (n, s) = maker.engine().count(&b, 2);
            assert_eq!(n, 1);
            assert!(b.is_solved_by(&s));
            for (d, &c) in t.singles().iter().enumerate() {
                assert_eq!(s[c as usize], d as u8 + 1);
            }
        }
    }
}
