//! The seeded cross-check of the domino tiling (Su-Domino-Ku, `hdu4210`): the domino search
//! behind the bitmask kind and the exact cover of the grid and its tiling behind the DLX kind
//! (`solve/any/tiling.rs`), against plain enumeration judged by the model's own tiling check
//! (`Tiling::tile`, a plain search that shares no code with either).
//!
//! - 4x4 (3,000 cases): 4 singles and 6 dominoes. A random grid of the 288, singles on one
//!   cell of each digit, some of a tiling's dominoes placed (a value now and then changed, the
//!   singles now and then moved off any tiling); the solutions are the grids of the empty
//!   board that `Board::is_solved_by` accepts. The exact count, the count to 2 and the first
//!   solution agree with that list on both solver kinds.
//! - 9x9 (300 cases, those whose givens have at most 200,000 plain completions): grids and
//!   tilings from `gen`'s maker, relabelled, with 12 to 35 of their dominoes placed: the exact
//!   count of both kinds equals the number of plain completions of the givens
//!   (units only, enumerated by the engine) that some tiling covers. Counts are of grids: a
//!   grid with two tilings counts once.
//!
//! `SUDOKU_CROSS_SEED` replays a run; the seed is printed on failure.

use std::sync::Arc;
use sudoku_judge::generate::tiled;
use sudoku_judge::model::dominoes::Tiling;
use sudoku_judge::model::{Answer, Board, Geometry, Mode, Rules};
use sudoku_judge::rng::Rng;
use sudoku_judge::solve::SolverKind;
use sudoku_judge::solve::bands::BandSolver;
use sudoku_judge::solve::engine::Engine;

fn seed() -> u64 {
    std::env::var("SUDOKU_CROSS_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(32)
}

/// A board of side `side` (box `n`) with `cells` and the tiling of `placed` and `singles`.
fn board(n: usize, cells: Vec<u8>, placed: &[(u16, u16)], singles: &[u16]) -> Board {
    let side = n * n;
    let t = Tiling::new(side, placed.to_vec(), singles.to_vec()).unwrap();
    let rules = Rules::new(side, vec![], vec![]).unwrap().with_tiling(t);
    Board::new(Arc::new(Geometry::standard(n).with_rules(rules)), cells)
}

#[test]
fn four_by_four_dominoes_against_every_grid() {
    let seed = seed();
    let empty = Board::empty(Geometry::standard(2));
    let mut bitmask = Engine::new(SolverKind::Bitmask);
    let mut dlx = Engine::new(SolverKind::Dlx);
    let all = bitmask.solutions(&empty, 1000);
    assert_eq!(all.len(), 288);
    let (mut none, mut one, mut several) = (0, 0, 0);
    let mut i = 0u64;
    let mut cases = 0;
    while cases < 3000 {
        let mut rng = Rng::for_item(seed, i);
        i += 1;
        let s = &all[rng.below(288) as usize];
        // One cell of each digit, as the singles.
        let mut singles = Vec::new();
        for d in 1..=4u8 {
            let at: Vec<u16> = (0..16).filter(|&c| s[c as usize] == d).collect();
            singles.push(at[rng.below(4) as usize]);
        }
        let tiles = Tiling::new(4, vec![], singles.clone()).unwrap().tile(s);
        let mut placed = Vec::new();
        let mut cells = vec![0u8; 16];
        match tiles {
            Some(mut tiles) => {
                rng.shuffle(&mut tiles);
                placed.extend_from_slice(&tiles[..rng.below(7) as usize]);
            }
            // Singles no tiling of this grid fits: some other grid's, or none.
            None if rng.chance(1, 4) => {}
            None => continue,
        }
        for &c in placed.iter().flat_map(|(a, b)| [a, b]).chain(&singles) {
            cells[c as usize] = s[c as usize];
        }
        if rng.chance(1, 8) {
            let c = rng.below(16) as usize;
            if cells[c] != 0 {
                cells[c] = 1 + rng.below(4) as u8;
            }
        }
        let b = board(2, cells, &placed, &singles);
        let want: Vec<&Vec<u8>> = all.iter().filter(|x| b.is_solved_by(x)).collect();
        let n = want.len() as u64;
        for (kind, e) in [("bitmask", &mut bitmask), ("dlx", &mut dlx)] {
            let what = format!(
                "seed {seed} case {i} {kind}: {:?} {placed:?} {singles:?}",
                b.cells
            );
            match e.answer(&b, Mode::Exact) {
                Answer::Count(got, first) => {
                    assert_eq!(got, n, "{what}");
                    assert!(n == 0 || want.contains(&&first), "{what}");
                }
                other => panic!("{what}: {other:?}"),
            }
            let (two, first) = e.count(&b, 2);
            assert_eq!(two, n.min(2), "{what}");
            assert!(n == 0 || want.contains(&&first), "{what}");
        }
        cases += 1;
        match n {
            0 => none += 1,
            1 => one += 1,
            _ => several += 1,
        }
    }
    assert!(
        none > 100 && one > 300 && several > 300,
        "{none} {one} {several}"
    );
}

#[test]
fn nine_by_nine_dominoes_against_plain_completions() {
    let seed = seed();
    let mut bands = BandSolver::new();
    let mut e = Engine::new(SolverKind::Bitmask);
    let mut dlx = Engine::new(SolverKind::Dlx);
    let (mut checked, mut several) = (0, 0);
    for base in 0..5u64 {
        let mut rng = Rng::for_item(seed ^ 0xd0, base);
        let (s0, singles0, tiles) = (0..200)
            .find_map(|_| tiled::solution(&mut bands, &mut rng))
            .expect("a grid with a tiling");
        for k in 0..60u64 {
            let mut rng = Rng::for_item(seed ^ 0xd1, base * 1000 + k);
            // Digits relabelled: the same tiling holds distinct pairs.
            let mut label: Vec<u8> = (1..=9).collect();
            rng.shuffle(&mut label);
            let s: Vec<u8> = s0.iter().map(|&v| label[v as usize - 1]).collect();
            let mut singles = vec![0u16; 9];
            for &c in &singles0 {
                singles[s[c as usize] as usize - 1] = c;
            }
            let mut tiles = tiles.clone();
            rng.shuffle(&mut tiles);
            let placed = &tiles[..12 + rng.below(24) as usize];
            let mut cells = vec![0u8; 81];
            for &c in placed.iter().flat_map(|(a, b)| [a, b]).chain(&singles) {
                cells[c as usize] = s[c as usize];
            }
            let plain = Board::new(Geometry::standard(3), cells.clone());
            let completions = e.solutions(&plain, 200_000);
            if completions.len() == 200_000 {
                continue;
            }
            let tiled = board(3, cells, placed, &singles);
            let want = completions
                .iter()
                .filter(|x| tiled.broken_rule(x).is_none())
                .count() as u64;
            let what = format!("seed {seed} base {base} case {k}");
            for (kind, e) in [("bitmask", &mut e), ("dlx", &mut dlx)] {
                match e.answer(&tiled, Mode::Exact) {
                    Answer::Count(n, first) => {
                        assert_eq!(n, want, "{what} {kind}");
                        assert!(n >= 1 && tiled.is_solved_by(&first), "{what} {kind}");
                    }
                    other => panic!("{what} {kind}: {other:?}"),
                }
            }
            checked += 1;
            several += usize::from(want > 1);
        }
    }
    assert!(checked >= 200, "only {checked} cases enumerated");
    assert!(several >= 10, "only {several} cases with several grids");
}
