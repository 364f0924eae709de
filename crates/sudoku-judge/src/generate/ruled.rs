//! Cases of the formats with rules beyond units ([`Spec::has_rules`]) or a grid carried along
//! ([`Rows::Pair`]), for
//! [`super::maker::Maker::case`] (with [`BoardMaker`]'s engine): each starts from a solved 9x9 grid, whose rules it
//! then reads off.
//!
//! - Killer (cages with sums): a random partition into cages of 1 to 5 cells grown from random
//!   cells through orthogonal neighbours, never two equal digits of the solution in a cage (at
//!   most the 52 ids of CodinGame's format), each with its sum; then givens of the solution
//!   added where a second solution differs until the puzzle is unique, and removed while it
//!   stays unique: few or none, as CodinGame's puzzles have.
//! - Killer sets (CodinGame's extreme challenge): one to five killer puzzles whose cages alone
//!   pin their solution (no givens), as one case.
//! - Marks (relations between neighbours inside boxes): every mark of the solution, no givens;
//!   a unique-solution format takes another solution until its marks have only that one.
//! - Dominoes (Su-Domino-Ku): a random grid and a random tiling of it, then placed dominoes
//!   until one grid is left ([`super::tiled`]).
//! - Pairs (NWERC 2006): the solved grid, and a unique puzzle cut from a random symmetry of it
//!   (a `Yes` case) or from a grid not like it (`No`): half the time an unrelated grid, half
//!   the time the image with two digits swapped in two rows of a band, which leaves a solved
//!   grid that is nearly the same; the canonical forms say it is not alike.

use super::boards::BoardMaker;
use super::request::{Impossible, Kind, Request};
use crate::format::rules::{CAGE_IDS, killer_set, marks_of_solution, marks_rules, pair};
use crate::format::spec::{Rows, Spec, Solutions};
use crate::model::{Board, Cage, Case, Geometry, Rules};
use crate::rng::Rng;
use std::sync::Arc;

/// Solutions tried for one case before the request is called impossible: a killer case
/// seldom needs a second, while one in four to eight grids has order marks that pin it
/// (`all_marks_pin_a_random_grid_often_enough`), so 400 tries fail about once in 10^24.
const ATTEMPTS: u32 = 400;

/// Case `index` of `req`, a format with rules (`Spec::has_rules`) or pairs (`Rows::Pair`).
pub fn case(maker: &mut BoardMaker, req: &Request, index: u64) -> Result<(Case, Kind), Impossible> {
    let mut rng = Rng::for_item(req.seed, index);
    let spec: &Spec = req.spec;
    let n = 3;
    for _ in 0..ATTEMPTS {
        let s = solution(maker, &mut rng);
        let made = match spec.input.rows {
            Rows::Marks(m) => {
                let marks = marks_of_solution(n, m.kind, &s);
                let g = Arc::new(Geometry::standard(n).with_rules(marks_rules(n, m.kind, &marks)));
                let b = Board::empty(g);
                let kind = match maker.engine().count(&b, 2).0 {
                    1 => Kind::Unique,
                    _ => Kind::Multiple,
                };
                let wanted = kind == Kind::Unique || spec.promise.solutions != Solutions::One;
                wanted.then_some((b, kind))
            }
            Rows::Pair => pair_case(maker, req, &s, &mut rng),
            Rows::KillerSet => {
                // One to five puzzles, each of an empty grid with one solution.
                let count = 1 + rng.below(5) as usize;
                let mut sheets = Vec::with_capacity(count);
                let mut s = s;
                for _ in 0..ATTEMPTS {
                    if let Some(b) = empty_killer(maker, &s, &mut rng) {
                        sheets.push(b);
                        if sheets.len() == count {
                            break;
                        }
                    }
                    s = solution(maker, &mut rng);
                }
                (sheets.len() == count).then(|| (killer_set(sheets), Kind::Unique))
            }
            Rows::Dominoes => super::tiled::puzzle(maker, &mut rng).map(|b| (b, Kind::Unique)),
            _ => killer(maker, &s, &mut rng).map(|b| (b, Kind::Unique)),
        };
        if let Some((board, kind)) = made {
            return Ok((Case::board(board, None), kind));
        }
    }
    Err(Impossible {
        index,
        what: format!("a case for {} (9x9)", spec.name),
        why: format!("{ATTEMPTS} tries"),
    })
}

/// A random solved 9x9 grid: the completion of a few random givens that clash with nothing,
/// relabelled. (The shuffled pattern grids of `pattern_solution` are a small family whose
/// order marks pin one grid less often: 8 of 100 seeded tries, against 13 to 27 of 100 of
/// these.)
pub(super) fn solution(maker: &mut BoardMaker, rng: &mut Rng) -> Vec<u8> {
    let g = Geometry::standard(3);
    loop {
        let mut b = Board::empty(g.clone());
        for _ in 0..11 {
            let c = rng.below(81) as usize;
            b.cells[c] = 1 + rng.below(9) as u8;
            if b.first_clash(&b.cells).is_some() {
                b.cells[c] = 0;
            }
        }
        let (n, s) = maker.engine().count(&b, 1);
        if n > 0 {
            let mut label: Vec<u8> = (1..=9).collect();
            rng.shuffle(&mut label);
            return s.iter().map(|&v| label[v as usize - 1]).collect();
        }
    }
}

/// A [`Rows::Pair`] case on the solved grid `s`: a unique puzzle cut from a symmetry of `s` or,
/// half the time, from a grid not like it. `None` when the clue range could not be met.
fn pair_case(maker: &mut BoardMaker, req: &Request, s: &[u8], rng: &mut Rng) -> Option<(Board, Kind)> {
    use crate::model::symmetry::canonical;
    let grid: [u8; 81] = s.try_into().ok()?;
    let image = random_symmetry(rng).apply(&grid);
    let from = match rng.below(4) {
        0 | 1 => image,
        k => {
            let other = if k == 2 {
                near_miss(&image, rng)?
            } else {
                solution(maker, rng).try_into().ok()?
            };
            (canonical(&other).0 != canonical(&grid).0).then_some(other)?
        }
    };
    let g = Geometry::standard(3);
    let clues = req.clues.unwrap_or(super::boards::default_clues(3));
    let puzzle = maker.unique(&g, &from, clues, req.minimal, false, rng)?;
    let plain = |cells: Vec<u8>| Board::new(g.clone(), cells);
    Some((pair(vec![plain(s.to_vec())], plain(puzzle)), Kind::Unique))
}

/// A random Sudoku symmetry: transposed half the time, bands, rows inside them, stacks and
/// columns inside them shuffled, digits relabelled.
pub(super) fn random_symmetry(rng: &mut Rng) -> crate::model::symmetry::Transform {
    let order = |rng: &mut Rng| -> [u8; 9] {
        let mut groups = [0u8, 1, 2];
        rng.shuffle(&mut groups);
        let mut out = [0u8; 9];
        for (k, &b) in groups.iter().enumerate() {
            let mut inner = [0u8, 1, 2];
            rng.shuffle(&mut inner);
            for (j, &r) in inner.iter().enumerate() {
                out[k * 3 + j] = b * 3 + r;
            }
        }
        out
    };
    let rows = order(rng);
    let cols = order(rng);
    let mut digits = [0u8, 1, 2, 3, 4, 5, 6, 7, 8, 9];
    rng.shuffle(&mut digits[1..]);
    crate::model::symmetry::Transform {
        transpose: rng.below(2) == 1,
        rows,
        cols,
        digits,
    }
}

/// `g` with two digits swapped in two rows of one band, where they form a rectangle (the grid
/// stays solved); `None` when no tried rectangle has them.
fn near_miss(g: &[u8; 81], rng: &mut Rng) -> Option<[u8; 81]> {
    for _ in 0..200 {
        let r1 = rng.below(9) as usize;
        let r2 = r1 / 3 * 3 + (r1 % 3 + 1 + rng.below(2) as usize) % 3;
        let (c1, c2) = (rng.below(9) as usize, rng.below(9) as usize);
        let (a, b) = (g[r1 * 9 + c1], g[r1 * 9 + c2]);
        if c1 != c2 && g[r2 * 9 + c1] == b && g[r2 * 9 + c2] == a {
            let mut h = *g;
            h.swap(r1 * 9 + c1, r1 * 9 + c2);
            h.swap(r2 * 9 + c1, r2 * 9 + c2);
            return Some(h);
        }
    }
    None
}

/// A random partition of the 9x9 grid into cages that never hold a digit of `s` twice, at
/// most [`CAGE_IDS`] of them; `None` when it takes more.
pub fn cages(s: &[u8], side: usize, rng: &mut Rng) -> Option<Vec<Cage>> {
    let cells = side * side;
    let mut cage = vec![usize::MAX; cells];
    let mut order: Vec<usize> = (0..cells).collect();
    rng.shuffle(&mut order);
    let mut out: Vec<Vec<u16>> = Vec::new();
    for &start in &order {
        if cage[start] != usize::MAX {
            continue;
        }
        let k = out.len();
        let target = 1 + rng.below(5) as usize;
        let mut members = vec![start];
        cage[start] = k;
        while members.len() < target {
            let mut next: Vec<usize> = Vec::new();
            for &c in &members {
                let (r, col) = (c / side, c % side);
                let around = [
                    (r > 0).then(|| c - side),
                    (r + 1 < side).then(|| c + side),
                    (col > 0).then(|| c - 1),
                    (col + 1 < side).then(|| c + 1),
                ];
                for nb in around.into_iter().flatten() {
                    if cage[nb] == usize::MAX && members.iter().all(|&m| s[m] != s[nb]) {
                        next.push(nb);
                    }
                }
            }
            if next.is_empty() {
                break;
            }
            let nb = next[rng.below(next.len() as u64) as usize];
            cage[nb] = k;
            members.push(nb);
        }
        members.sort_unstable();
        out.push(members.into_iter().map(|c| c as u16).collect());
    }
    if out.len() > CAGE_IDS.len() {
        return None;
    }
    // Cages in order of their first cell: the order the format's ids are given out in.
    out.sort_unstable_by_key(|c| c[0]);
    Some(
        out.into_iter()
            .map(|cells| Cage {
                sum: cells.iter().map(|&c| u32::from(s[c as usize])).sum(),
                cells: cells.into(),
            })
            .collect(),
    )
}

/// A killer puzzle of solution `s` with no givens, when its cages alone pin `s`.
fn empty_killer(maker: &mut BoardMaker, s: &[u8], rng: &mut Rng) -> Option<Board> {
    let rules = Rules::new(9, cages(s, 9, rng)?, Vec::new()).ok()?;
    let b = Board::empty(Arc::new(Geometry::standard(3).with_rules(rules)));
    (maker.engine().count(&b, 2).0 == 1).then_some(b)
}

/// A unique killer puzzle of solution `s`: its cages, and as few givens as it takes.
fn killer(maker: &mut BoardMaker, s: &[u8], rng: &mut Rng) -> Option<Board> {
    let side = 9;
    let rules = Rules::new(side, cages(s, side, rng)?, Vec::new()).ok()?;
    let g = Arc::new(Geometry::standard(3).with_rules(rules));
    let mut b = Board::empty(g);
    let e = maker.engine();
    loop {
        let (n, first) = e.count(&b, 2);
        match n {
            0 => return None,
            1 => break,
            _ => {}
        }
        let other = if first != s {
            first
        } else {
            e.solutions(&b, 2).into_iter().find(|x| x != s)?
        };
        let differ: Vec<usize> = (0..s.len())
            .filter(|&c| b.cells[c] == 0 && other[c] != s[c])
            .collect();
        let c = *differ.get(rng.below(differ.len().max(1) as u64) as usize)?;
        b.cells[c] = s[c];
    }
    // Then none that is not needed.
    let mut givens: Vec<usize> = (0..s.len()).filter(|&c| b.cells[c] != 0).collect();
    rng.shuffle(&mut givens);
    for c in givens {
        b.cells[c] = 0;
        if e.count(&b, 2).0 != 1 {
            b.cells[c] = s[c];
        }
    }
    Some(b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::judges::find;
    use crate::format::spec::MarkKind;

    /// How often a random grid's marks pin it (the makers' odds).
    #[test]
    fn all_marks_pin_a_random_grid_often_enough() {
        let mut maker = BoardMaker::new();
        let mut rng = Rng::for_item(11, 0);
        let mut unique = 0;
        for _ in 0..100 {
            let s = solution(&mut maker, &mut rng);
            let marks = marks_of_solution(3, MarkKind::Order, &s);
            let rules = marks_rules(3, MarkKind::Order, &marks);
            let b = Board::empty(Arc::new(Geometry::standard(3).with_rules(rules)));
            unique += usize::from(maker.engine().count(&b, 2).0 == 1);
        }
        assert!(unique >= 10, "{unique} of 100 unique");
    }

    #[test]
    fn every_ruled_format_makes_cases_its_promise_keeps() {
        let mut maker = BoardMaker::new();
        for name in [
            "codingame-killer",
            "cqoi2013",
            "uva11570",
            "sumdoku",
            "codingame-killer-extreme",
            "nwerc2006",
        ] {
            let req = Request::of(find(name).unwrap(), 7);
            for i in 0..3 {
                let (case, kind) = case(&mut maker, &req, i).unwrap();
                let b = case.to_board();
                assert!(b.geometry.has_rules(), "{name} {i}");
                let (count, first) = maker.engine().count(&b, 2);
                assert!(b.is_solved_by(&first), "{name} {i}");
                if name != "sumdoku" {
                    assert_eq!((count, kind), (1, Kind::Unique), "{name} {i}");
                }
                if name == "codingame-killer" {
                    assert!(b.geometry.rules().unwrap().cages().len() <= 52);
                }
            }
        }
    }
}

