//! The seeded cross-check of the rules beyond units (cages with sums, order and pair-sum
//! relations) against plain enumeration: the bitmask search, which serves them all, and the
//! DLX search, which serves cages (each cage's digit sets as rows, `solve/any/cages.rs`) and
//! hands relations to the bitmask search.
//!
//! - 4x4 (6,000 cases): every case's solutions are the 288 grids of the empty 4x4 board that keep its givens
//!   and rules (`Board::is_solved_by`); random cage partitions with the sums of a random grid
//!   (some sums moved off by one), random relations (some that no grid keeps), random givens.
//!   The engine's exact count, its count to 2 and the first solution agree with that list, on
//!   both solver kinds.
//! - 9x9 (2,000 cases): a solved grid's cages or marks (some marks turned round) with 45-55 of its digits
//!   given: the rules-aware exact count of both kinds equals the number of plain completions
//!   of the givens (units only, enumerated by the engine) that keep the rules.
//!
//! `SUDOKU_CROSS_SEED` replays a run; the seed is printed on failure.

use std::sync::Arc;
use sudoku_judge::generate::boards::pattern_solution;
use sudoku_judge::generate::ruled::cages;
use sudoku_judge::model::{Answer, Board, Cage, Cmp, Geometry, Mode, Relation, Rules};
use sudoku_judge::rng::Rng;
use sudoku_judge::solve::SolverKind;
use sudoku_judge::solve::engine::Engine;

fn seed() -> u64 {
    std::env::var("SUDOKU_CROSS_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(32)
}

/// Random relations between cells of a grid of side `side`, most kept by `s`.
fn relations(s: &[u8], side: usize, count: usize, rng: &mut Rng) -> Vec<Relation> {
    let cells = side * side;
    let mut out = Vec::new();
    while out.len() < count {
        let a = rng.below(cells as u64) as usize;
        let b = rng.below(cells as u64) as usize;
        if a == b {
            continue;
        }
        let (x, y) = (u32::from(s[a]), u32::from(s[b]));
        let turn = rng.chance(1, 8);
        let r = if rng.chance(1, 2) {
            let (a, b) = if (x < y) != turn { (a, b) } else { (b, a) };
            Relation::Less {
                a: a as u16,
                b: b as u16,
            }
        } else {
            let k = (side as u32 + 1) + rng.below(3) as u32 - 1;
            let mut cmp = match (x + y).cmp(&k) {
                std::cmp::Ordering::Less => Cmp::Less,
                std::cmp::Ordering::Equal => Cmp::Equal,
                std::cmp::Ordering::Greater => Cmp::Greater,
            };
            if turn {
                cmp = [Cmp::Less, Cmp::Equal, Cmp::Greater][rng.below(3) as usize];
            }
            Relation::Sum {
                a: a as u16,
                b: b as u16,
                cmp,
                k,
            }
        };
        out.push(r);
    }
    out
}

#[test]
fn four_by_four_rules_against_every_grid() {
    let seed = seed();
    let empty = Board::empty(Geometry::standard(2));
    let mut bitmask = Engine::new(SolverKind::Bitmask);
    let mut dlx = Engine::new(SolverKind::Dlx);
    let all = bitmask.solutions(&empty, 1000);
    assert_eq!(all.len(), 288);
    let (mut cases, mut none, mut one, mut several) = (0, 0, 0, 0);
    for i in 0..6000u64 {
        let mut rng = Rng::for_item(seed, i);
        let s = &all[rng.below(288) as usize];
        let with_cages = i % 2 == 0;
        let mut cage_list: Vec<Cage> = Vec::new();
        if with_cages {
            cage_list = cages(s, 4, &mut rng).expect("16 cells make at most 16 cages");
            for c in &mut cage_list {
                if rng.chance(1, 10) {
                    c.sum = (c.sum + 1).saturating_sub(2 * rng.below(2) as u32);
                }
            }
        }
        let count = if with_cages {
            rng.below(3)
        } else {
            1 + rng.below(8)
        };
        let rel = relations(s, 4, count as usize, &mut rng);
        let rules = Rules::new(4, cage_list, rel).unwrap();
        let g = Arc::new(Geometry::standard(2).with_rules(rules));
        let mut cells = vec![0u8; 16];
        for _ in 0..rng.below(4) {
            let c = rng.below(16) as usize;
            cells[c] = if rng.chance(1, 6) {
                1 + rng.below(4) as u8
            } else {
                s[c]
            };
        }
        let b = Board::new(g, cells);
        let want: Vec<&Vec<u8>> = all.iter().filter(|x| b.is_solved_by(x)).collect();
        let n = want.len() as u64;
        for (kind, e) in [("bitmask", &mut bitmask), ("dlx", &mut dlx)] {
            let what = format!("seed {seed} case {i} {kind}: {b:?} {:?}", b.cells);
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
    assert_eq!(cases, 6000);
    assert!(
        none > 300 && one > 300 && several > 300,
        "{none} {one} {several}"
    );
}

#[test]
fn nine_by_nine_rules_against_plain_completions() {
    let seed = seed();
    let mut e = Engine::new(SolverKind::Bitmask);
    let mut dlx = Engine::new(SolverKind::Dlx);
    let mut checked = 0;
    for i in 0..2000u64 {
        let mut rng = Rng::for_item(seed ^ 0x9, i);
        let s = pattern_solution(3, &mut rng);
        let rules = if i % 2 == 0 {
            let mut list = cages(&s, 9, &mut rng).expect("at most 52 cages");
            if rng.chance(1, 5) {
                let k = rng.below(list.len() as u64) as usize;
                list[k].sum += 1;
            }
            Rules::new(9, list, Vec::new()).unwrap()
        } else {
            Rules::new(9, Vec::new(), relations(&s, 9, 60, &mut rng)).unwrap()
        };
        let givens = 45 + rng.below(11) as usize;
        let mut order: Vec<usize> = (0..81).collect();
        rng.shuffle(&mut order);
        let mut cells = vec![0u8; 81];
        for &c in &order[..givens] {
            cells[c] = s[c];
        }
        let plain = Board::new(Geometry::standard(3), cells.clone());
        let completions = e.solutions(&plain, 100_000);
        if completions.len() == 100_000 {
            continue;
        }
        let ruled = Board::new(Arc::new(Geometry::standard(3).with_rules(rules)), cells);
        let want = completions
            .iter()
            .filter(|x| ruled.broken_rule(x).is_none())
            .count() as u64;
        for (kind, e) in [("bitmask", &mut e), ("dlx", &mut dlx)] {
            let what = format!("seed {seed} case {i} {kind}");
            match e.answer(&ruled, Mode::Exact) {
                Answer::Count(n, first) => {
                    assert_eq!(n, want, "{what}");
                    assert!(n == 0 || ruled.is_solved_by(&first), "{what}");
                }
                other => panic!("{what}: {other:?}"),
            }
        }
        checked += 1;
    }
    assert!(checked >= 1600, "only {checked} cases enumerated");
}
