//! Su-Domino-Ku puzzles ([`crate::format::spec::Rows::Dominoes`]), for [`super::ruled`].
//!
//! A random solved grid (a solver's completion of random seeds, [`random_solution`]) and a
//! random tiling of it by the 36 distinct dominoes and nine singles ([`random_tiling`]; about
//! two grids in three have one, else another grid is drawn). Ten of its dominoes, chosen at
//! random, are placed, and while a second grid keeps the puzzle open, a domino of the tiling
//! under a cell where the two grids differ is placed too. With 35 placed the last one is
//! forced, so this ends at 10 to 35 dominoes and one grid, the statement's bounds.

use super::boards::BoardMaker;
use super::grids::random_solution;
use super::tiling::random_tiling;
use crate::model::dominoes::Tiling;
use crate::model::{Board, Geometry, Layout, Rules};
use crate::rng::Rng;
use crate::solve::bands::BandSolver;
use std::sync::Arc;

/// Grids drawn before the request is called impossible: about two in three have a tiling
/// (`tilings_found_are_whole_and_most_grids_have_one`), so 200 fail about once in 10^95.
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

/// A random solved grid with its singles and tiling; `None` when the grid drawn has no
/// tiling (or its search ran out of budget).
pub fn solution(solver: &mut BandSolver, rng: &mut Rng) -> Option<Solved> {
    let grid = random_solution(Layout::standard(), rng, solver);
    let (singles, tiles) = random_tiling(&grid, rng)?;
    Some((grid.to_vec(), singles, tiles))
}

/// A Su-Domino-Ku puzzle with one solution; `None` after a few fruitless draws.
pub fn puzzle(maker: &mut BoardMaker, rng: &mut Rng) -> Option<Board> {
    let mut solver = BandSolver::new();
    let (s, singles, mut tiles) = (0..DRAWS).find_map(|_| solution(&mut solver, rng))?;
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
