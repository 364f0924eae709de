//! NWRRC 2013 "Intellectual Property" cases ([`Rows::Grids`](crate::format::spec::Rows::Grids)),
//! for [`super::maker`]: one case is a whole input of `n` puzzles (up to the record's bound,
//! 20). The first puzzle is cut from a random solved grid; each next one is, at random, a
//! random symmetry of an earlier puzzle (a `Yes` pair), a near miss of one (an image with one
//! given moved, changed, added or taken away, kept only where the canonical forms say it is no
//! longer alike: a `No` pair that looks like a `Yes`), or a fresh unrelated puzzle. Puzzles need
//! not be solvable: one fresh puzzle in ten has a clashing given. Case `i` depends only on
//! `(seed, i)`.

use super::boards::BoardMaker;
use super::request::{Impossible, Kind, Request};
use super::ruled::{random_symmetry, solution};
use crate::format::similar::{MAX_GRIDS, set};
use crate::model::symmetry::canonical;
use crate::model::{Board, Case, Geometry};
use crate::rng::Rng;

/// Case `index` of `req`: a set of puzzles, some alike, some near misses, some unrelated.
pub fn case(maker: &mut BoardMaker, req: &Request, index: u64) -> Result<(Case, Kind), Impossible> {
    let mut rng = Rng::for_item(req.seed, index);
    let most = req
        .spec
        .input
        .max_cases
        .map_or(20, |m| m as usize)
        .clamp(1, MAX_GRIDS);
    let n = match rng.below(8) {
        0 => 1 + rng.below(3) as usize,
        1 => most,
        _ => 2 + rng.below(most.max(2) as u64 - 1) as usize,
    }
    .min(most);
    let mut puzzles: Vec<[u8; 81]> = Vec::with_capacity(n);
    while puzzles.len() < n {
        let from = puzzles[..].get(rng.below(puzzles.len().max(1) as u64) as usize).copied();
        let p = match (from, rng.below(10)) {
            (Some(f), 0..=3) => random_symmetry(&mut rng).apply(&f),
            (Some(f), 4..=6) => match near_miss(&f, &mut rng) {
                Some(m) => random_symmetry(&mut rng).apply(&m),
                None => fresh(maker, &mut rng),
            },
            _ => fresh(maker, &mut rng),
        };
        puzzles.push(p);
    }
    let g = Geometry::standard(3);
    let boards = puzzles.iter().map(|p| Board::new(g.clone(), p.to_vec())).collect();
    Ok((Case::board(set(boards), None), Kind::Unique))
}

/// A puzzle of 8 to 40 givens cut from a random solved grid; one in ten has a given changed
/// to clash with its row.
fn fresh(maker: &mut BoardMaker, rng: &mut Rng) -> [u8; 81] {
    let s = solution(maker, rng);
    let mut p = [0u8; 81];
    let mut cells: Vec<usize> = (0..81).collect();
    rng.shuffle(&mut cells);
    let givens = 8 + rng.below(33) as usize;
    for &c in &cells[..givens] {
        p[c] = s[c];
    }
    if rng.below(10) == 0 {
        // Two givens of one row made equal.
        let c = cells[0];
        let row = c / 9 * 9;
        if let Some(other) = (row..row + 9).find(|&o| o != c && p[o] != 0) {
            p[c] = p[other];
        } else {
            p[row + (c + 1) % 9] = p[c];
        }
    }
    p
}

/// `p` with one given moved to an empty cell, changed, added or taken away, where that makes
/// it unlike `p`; `None` when 20 tries found no such change.
fn near_miss(p: &[u8; 81], rng: &mut Rng) -> Option<[u8; 81]> {
    let form = canonical(p).0;
    for _ in 0..20 {
        let mut q = *p;
        let given: Vec<usize> = (0..81).filter(|&c| p[c] != 0).collect();
        let empty: Vec<usize> = (0..81).filter(|&c| p[c] == 0).collect();
        let pick = |rng: &mut Rng, v: &[usize]| v[rng.below(v.len() as u64) as usize];
        match rng.below(4) {
            0 if !given.is_empty() && !empty.is_empty() => {
                let (a, b) = (pick(rng, &given), pick(rng, &empty));
                q.swap(a, b);
            }
            1 if !given.is_empty() => {
                let a = pick(rng, &given);
                q[a] = (q[a] + rng.below(8) as u8) % 9 + 1;
            }
            2 if !empty.is_empty() => {
                let b = pick(rng, &empty);
                q[b] = 1 + rng.below(9) as u8;
            }
            3 if !given.is_empty() => q[pick(rng, &given)] = 0,
            _ => continue,
        }
        if canonical(&q).0 != form {
            return Some(q);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::judges::find;
    use crate::format::similar::puzzles;
    use crate::model::symmetry::similar;

    /// Sets stay inside the bound, repeat for a seed, and hold both answers often: the makers
    /// of `Yes` pairs and of near misses do what they say.
    #[test]
    fn sets_hold_images_near_misses_and_strangers_reproducibly() {
        let req = Request::of(find("nwrrc2013").unwrap(), 2013);
        let mut maker = BoardMaker::new();
        let (mut yes, mut no) = (0, 0);
        for i in 0..12 {
            let (case, _) = case(&mut maker, &req, i).unwrap();
            let again = super::case(&mut BoardMaker::new(), &req, i).unwrap().0;
            let again = again.to_board();
            let b = case.to_board();
            assert_eq!(puzzles(&b), puzzles(&again), "case {i} repeats");
            let all: Vec<[u8; 81]> = puzzles(&b).iter().map(|p| (*p).try_into().unwrap()).collect();
            assert!((1..=20).contains(&all.len()));
            for pair in similar(&all) {
                if pair.is_some() { yes += 1 } else { no += 1 }
            }
        }
        assert!(yes > 20 && no > 20, "{yes} {no}");
    }

    #[test]
    fn a_near_miss_is_not_alike() {
        let mut rng = Rng::new(5);
        let mut maker = BoardMaker::new();
        for _ in 0..20 {
            let p = fresh(&mut maker, &mut rng);
            if let Some(q) = near_miss(&p, &mut rng) {
                assert_eq!(similar(&[p, q]), vec![None]);
            }
        }
    }
}
