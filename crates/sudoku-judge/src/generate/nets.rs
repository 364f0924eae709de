//! Cases on a net ([`crate::format::spec::Size::Net`]), for [`super::maker::Maker::case`], over
//! the bitmask search of nets:
//!
//! - SGU 437's hexagon: `K` drawn from 7 to 31, a solution (the smallest of the empty hexagon,
//!   its values relabelled at random: the hexagon's rules are all-different only, so every
//!   relabelling of a solution is one), none to two thirds of its cells as givens, and the
//!   solutions counted up to the statement's largest N. A case with a solution asks for a rank
//!   the givens have; one without asks for one past their count (more givens are drawn until
//!   there are fewer than the largest N), or its givens clash.
//! - Tight-Fit's split grids: split cells drawn at random, three in every row, column and
//!   region (each then holds all nine digits, as in the judge's sample), a solution completed from a few random
//!   values, then its values taken away in random order while one solution is left. A case
//!   with several solutions takes one more away; one without changes a given of a unique
//!   puzzle to a value that clashes with nothing and leaves no solution.

use super::request::{Impossible, Kind, Request};
use crate::format::net::{HEXAGON_CELLS, HEXAGON_VALUES, SPLIT_SIDE, SPLIT_VALUES};
use crate::format::spec::Rows;
use crate::model::{Case, Net};
use crate::rng::Rng;
use crate::solve::net::NetSearch;
use std::sync::Arc;

/// The largest N of SGU 437.
pub const MOST_RANK: u64 = 100_000;

/// Tries for one case before the request is called impossible.
const ATTEMPTS: u32 = 200;

/// Case `index` of `req`, a format on a net, made with `search`.
pub fn case(search: &mut dyn NetSearch, req: &Request, index: u64) -> Result<(Case, Kind), Impossible> {
    let mut rng = Rng::for_item(req.seed, index);
    let label = crate::format::spell::label(req.spec, index + 1);
    let kind = req.pick(&mut rng);
    for _ in 0..ATTEMPTS {
        let made = match req.spec.input.rows {
            Rows::Hexagon => hexagon(search, kind, &mut rng),
            _ => split(search, kind, &mut rng),
        };
        if let Some((net, givens, rank)) = made {
            // A hexagon's case asks for one solution of many: it has one or none.
            let kind = match (req.spec.input.rows, kind) {
                (Rows::Hexagon, Kind::Multiple) => Kind::Unique,
                _ => kind,
            };
            return Ok((Case::net(Arc::new(net), givens, rank, label), kind));
        }
    }
    Err(Impossible {
        index,
        what: format!("a case for {}", req.spec.name),
        why: format!("{ATTEMPTS} tries"),
    })
}

/// The solutions of `givens` counted up to `limit`.
fn count(search: &mut dyn NetSearch, net: &Net, givens: &[u8], limit: u64) -> (u64, Option<Vec<u8>>) {
    search.set_ordered(false);
    search.count(net, givens, limit)
}

/// A hexagon case of `kind`: its net, givens and rank.
fn hexagon(search: &mut dyn NetSearch, kind: Kind, rng: &mut Rng) -> Option<(Net, Vec<u8>, u64)> {
    let k = rng.range(*HEXAGON_VALUES.start(), *HEXAGON_VALUES.end());
    let net = Net::hexodoku(k).ok()?;
    let (_, first) = count(search, &net, &[0; HEXAGON_CELLS], 1);
    let mut label: Vec<u8> = (1..=k as u8).collect();
    rng.shuffle(&mut label);
    let s: Vec<u8> = first?.iter().map(|&v| label[v as usize - 1]).collect();
    let mut order: Vec<usize> = (0..HEXAGON_CELLS).collect();
    rng.shuffle(&mut order);
    let mut givens = vec![0u8; HEXAGON_CELLS];
    let shown = rng.range(0, 2 * HEXAGON_CELLS / 3);
    for &c in &order[..shown] {
        givens[c] = s[c];
    }
    if let Kind::None { clash: true } = kind {
        // Two cells of one line with the same value.
        let line = &net.units()[rng.below(net.units().len() as u64) as usize];
        let (a, b) = (line[0] as usize, line[line.len() - 1] as usize);
        givens[a] = s[a];
        givens[b] = s[a];
        return Some((net, givens, 1 + rng.below(MOST_RANK)));
    }
    let (n, _) = count(search, &net, &givens, MOST_RANK);
    match kind {
        Kind::None { .. } if n < MOST_RANK => {
            let rank = rng.range(n as usize + 1, MOST_RANK as usize) as u64;
            Some((net, givens, rank))
        }
        Kind::None { .. } => None,
        _ => Some((net, givens, 1 + rng.below(n.max(1)))),
    }
}

/// A split grid's case of `kind`: its net and givens (rank 1).
fn split(search: &mut dyn NetSearch, kind: Kind, rng: &mut Rng) -> Option<(Net, Vec<u8>, u64)> {
    let net = Net::tight_fit(&split_cells(rng));
    // A solution: a few random values that clash with nothing, completed.
    let mut seeds = vec![0u8; net.slots()];
    for _ in 0..SPLIT_SIDE {
        let slot = rng.below(net.slots() as u64) as usize;
        seeds[slot] = rng.range(1, SPLIT_VALUES) as u8;
        if net.clash(&seeds).is_some() {
            seeds[slot] = 0;
        }
    }
    let (_, s) = count(search, &net, &seeds, 1);
    let s = s?;
    // Values taken away while one solution is left.
    let mut givens = s.clone();
    let mut order: Vec<usize> = (0..net.slots()).collect();
    rng.shuffle(&mut order);
    let mut open = None;
    for &slot in &order {
        let v = std::mem::take(&mut givens[slot]);
        if count(search, &net, &givens, 2).0 != 1 {
            givens[slot] = v;
            open.get_or_insert(slot);
        }
    }
    match kind {
        Kind::Unique => Some((net, givens, 1)),
        Kind::Multiple => {
            givens[open?] = 0;
            Some((net, givens, 1))
        }
        Kind::None { clash } => {
            let shown: Vec<usize> = (0..net.slots()).filter(|&i| givens[i] != 0).collect();
            let slot = shown[rng.below(shown.len() as u64) as usize];
            for _ in 0..SPLIT_VALUES {
                givens[slot] = rng.range(1, SPLIT_VALUES) as u8;
                let clashes = net.clash(&givens).is_some();
                if clashes == clash && (clashes || count(search, &net, &givens, 1).0 == 0) {
                    return Some((net, givens, 1));
                }
            }
            None
        }
    }
}

/// Which of the 36 cells are split: three in every row, column and region, as in the judge's
/// sample, so that each holds all nine digits (the tight fit of the name; a grid with fewer
/// splits leaves so much freedom that its unique puzzles are nearly full). Drawn greedily in a
/// random order, again until the 18 fit; after 1,000 draws, the last one (fewer splits).
fn split_cells(rng: &mut Rng) -> [bool; 36] {
    let region = |c: usize| c / 6 / 2 * 2 + c % 6 / 3;
    let mut split = [false; 36];
    for _ in 0..1000 {
        split = [false; 36];
        let (mut rows, mut cols, mut regions) = ([0u8; 6], [0u8; 6], [0u8; 6]);
        let mut order: Vec<usize> = (0..36).collect();
        rng.shuffle(&mut order);
        let mut placed = 0;
        for c in order {
            let (r, k, g) = (c / 6, c % 6, region(c));
            if rows[r] < 3 && cols[k] < 3 && regions[g] < 3 {
                (rows[r], cols[k], regions[g]) = (rows[r] + 1, cols[k] + 1, regions[g] + 1);
                split[c] = true;
                placed += 1;
            }
        }
        if placed == 18 {
            break;
        }
    }
    split
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::judges::find;
    use crate::solve::SolverKind;
    use crate::solve::net::build;

    #[test]
    fn made_cases_are_what_they_say() {
        let mut search = build(SolverKind::Bitmask);
        for name in ["sgu437", "kattis-tightfitsudoku"] {
            let spec = find(name).unwrap();
            for (i, kind) in [Kind::Unique, Kind::Multiple, Kind::None { clash: false }, Kind::None { clash: true }]
                .into_iter()
                .enumerate()
            {
                let mut rng = Rng::for_item(7, i as u64);
                let (net, givens, rank) = (0..50)
                    .find_map(|_| match spec.input.rows {
                        Rows::Hexagon => hexagon(search.as_mut(), kind, &mut rng),
                        _ => split(search.as_mut(), kind, &mut rng),
                    })
                    .expect("a case");
                let clashes = net.clash(&givens).is_some();
                let (n, _) = search.count(&net, &givens, MOST_RANK + 1);
                match (name, kind) {
                    (_, Kind::None { clash: true }) => assert!(clashes, "{name}"),
                    ("sgu437", Kind::None { .. }) => assert!(!clashes && n < rank, "{name}"),
                    ("sgu437", _) => assert!(!clashes && rank <= n, "{name}"),
                    (_, Kind::Unique) => assert_eq!(n, 1),
                    (_, Kind::Multiple) => assert!(n >= 2),
                    (_, Kind::None { .. }) => assert!(!clashes && n == 0),
                }
            }
        }
    }

    #[test]
    fn split_cells_fit_tightly() {
        let mut rng = Rng::for_item(1, 2);
        for _ in 0..200 {
            let net = Net::tight_fit(&split_cells(&mut rng));
            assert_eq!(net.slots(), 54);
            assert!((0..net.units().len()).all(|u| net.unit_slots(u).len() == 9));
        }
    }
}
