//! Many distinct solved 9x9 grids with a fixed top-left digit, spelled in the BUAA/BIT course
//! assignment's `sudoku.txt` layout (VARIANTS.md E5: `sudoku -c N`, N ≤ 1,000,000): nine rows
//! of nine digits separated by single spaces, a blank line between two grids, none after the
//! last.
//!
//! The grids are the students' standard construction, made cheap: one base grid whose row `r`
//! is the first row shifted left by `[0, 3, 6, 1, 4, 7, 2, 5, 8][r]` cells, its nine symbols
//! relabelled by a permutation of the digits that maps symbol 0 (the top-left cell) to the fixed
//! digit (8! = 40,320 relabellings), and its rows reordered inside their bands, row 1 staying
//! first (2 × 6 × 6 = 72 orders). Grid `i` is relabelling `i / 72` (in lexicographic order of
//! the eight other digits) of row order `i % 72`: 2,903,040 grids in all, pairwise distinct
//! (the first row names the relabelling, and each other row, a rotation of the first, names
//! its shift), each valid (every order keeps the rows in their bands, and the shifts of a band
//! are 0, 3, 6 plus a constant).
//!
//! Spelling is a table lookup per byte: each row order is a 163-byte template of symbols,
//! spaces and line ends, and a grid is its template read through the relabelling's 11-byte
//! table, so a million grids (163 MB) are spelled in well under the time the kernel takes to
//! write them (figures in `scripts/bench-buaa.sh`).

use crate::model::symmetry::ORDERS_OF_THREE;

/// How many distinct grids [`Bulk`] makes: 8! relabellings × 72 row orders.
pub const MAX_GRIDS: u64 = 40_320 * 72;

/// Bytes of one grid and the line after it: nine rows of 17 bytes and a line end, and the
/// blank line that separates it from the next (the last grid of a file has none).
pub const GRID_BYTES: usize = 9 * 18 + 1;

/// Each base row's shift: row `r` of the base grid is the first row rotated left this far.
const SHIFTS: [usize; 9] = [0, 3, 6, 1, 4, 7, 2, 5, 8];

/// Template bytes that are not symbols: a space and a line end.
const SPACE: u8 = 9;
const NEWLINE: u8 = 10;

/// The maker of distinct grids with a fixed top-left digit: grid `i` by [`Bulk::grid`], a run of
/// them spelled by [`Bulk::spell`].
pub struct Bulk {
    first: u8,
    /// Each row order's spelling: symbols `0..9`, [`SPACE`], [`NEWLINE`].
    templates: Vec<[u8; GRID_BYTES]>,
}

impl Bulk {
    /// The maker for top-left digit `first` (1-9); `None` for any other value.
    pub fn new(first: u8) -> Option<Bulk> {
        if !(1..=9).contains(&first) {
            return None;
        }
        let templates = row_orders()
            .iter()
            .map(|order| {
                let mut t = [NEWLINE; GRID_BYTES];
                for (r, &base) in order.iter().enumerate() {
                    for c in 0..9 {
                        t[r * 18 + 2 * c] = ((SHIFTS[base] + c) % 9) as u8;
                        if c < 8 {
                            t[r * 18 + 2 * c + 1] = SPACE;
                        }
                    }
                }
                t
            })
            .collect();
        Some(Bulk { first, templates })
    }

    /// Grid `i` (`i < MAX_GRIDS`) as values, row-major.
    pub fn grid(&self, i: u64) -> [u8; 81] {
        let labels = relabelling(self.first, i / 72);
        let t = &self.templates[(i % 72) as usize];
        let mut g = [0; 81];
        for (k, v) in g.iter_mut().enumerate() {
            *v = labels[t[(k / 9) * 18 + 2 * (k % 9)] as usize];
        }
        g
    }

    /// Spells grids `from..from + n` into `out`, [`GRID_BYTES`] each, every one followed by
    /// its blank line (the caller drops the last one of a file). `out` must hold
    /// `n * GRID_BYTES` bytes and `from + n <= MAX_GRIDS`.
    pub fn spell(&self, from: u64, out: &mut [u8]) {
        let n = out.len() / GRID_BYTES;
        let mut perm = self.labels(from / 72);
        let mut table = spelling(&perm);
        let mut order = (from % 72) as usize;
        for chunk in out.chunks_exact_mut(GRID_BYTES).take(n) {
            for (o, &t) in chunk.iter_mut().zip(&self.templates[order]) {
                *o = table[t as usize];
            }
            order += 1;
            if order == 72 {
                order = 0;
                next_permutation(&mut perm[1..]);
                table = spelling(&perm);
            }
        }
    }

    /// The relabelling of index `p`: symbol `s` is spelled `labels[s]`.
    fn labels(&self, p: u64) -> [u8; 9] {
        relabelling(self.first, p)
    }
}

/// The 11-byte table of a relabelling: symbols to digits, then the space and the line end.
fn spelling(labels: &[u8; 9]) -> [u8; 16] {
    let mut t = [b'\n'; 16];
    for (s, &d) in labels.iter().enumerate() {
        t[s] = b'0' + d;
    }
    t[SPACE as usize] = b' ';
    t[NEWLINE as usize] = b'\n';
    t
}

/// The `p`-th (from 0, `p < 8!`) relabelling in lexicographic order of the digits after the
/// first: the factorial number system over the eight digits other than `first`.
fn relabelling(first: u8, p: u64) -> [u8; 9] {
    let mut rest: Vec<u8> = (1..=9).filter(|&d| d != first).collect();
    let mut labels = [first; 9];
    let mut p = p % 40_320;
    let mut f = 5_040; // 7!
    for (k, slot) in labels[1..].iter_mut().enumerate() {
        let i = (p / f) as usize;
        p %= f;
        *slot = rest.remove(i);
        f /= (7 - k as u64).max(1);
    }
    labels
}

/// Steps `a` to its next permutation in lexicographic order (the first after the last).
fn next_permutation(a: &mut [u8]) {
    let Some(i) = (0..a.len().saturating_sub(1)).rev().find(|&i| a[i] < a[i + 1]) else {
        a.reverse();
        return;
    };
    let j = (i + 1..a.len()).rev().find(|&j| a[j] > a[i]).expect("a larger one");
    a.swap(i, j);
    a[i + 1..].reverse();
}

/// The 72 row orders: base rows in the grid's order, bands kept, row 0 first.
fn row_orders() -> Vec<[usize; 9]> {
    let mut out = Vec::with_capacity(72);
    // Row 0 stays first: the first two orders of three.
    for top in &ORDERS_OF_THREE[..2] {
        for mid in ORDERS_OF_THREE {
            for low in ORDERS_OF_THREE {
                let mut o = [0; 9];
                for k in 0..3 {
                    o[k] = usize::from(top[k]);
                    o[3 + k] = 3 + usize::from(mid[k]);
                    o[6 + k] = 6 + usize::from(low[k]);
                }
                out.push(o);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Board, Geometry};
    use std::collections::HashSet;

    fn valid(g: &[u8; 81]) -> bool {
        let b = Board::new(Geometry::standard(3), g.to_vec());
        g.iter().all(|&v| (1..=9).contains(&v)) && b.first_clash(g).is_none()
    }

    #[test]
    fn relabellings_are_in_lexicographic_order() {
        assert_eq!(relabelling(5, 0), [5, 1, 2, 3, 4, 6, 7, 8, 9]);
        assert_eq!(relabelling(5, 1), [5, 1, 2, 3, 4, 6, 7, 9, 8]);
        assert_eq!(relabelling(5, 40_319), [5, 9, 8, 7, 6, 4, 3, 2, 1]);
        let mut p = relabelling(1, 0);
        for i in 1..3000 {
            next_permutation(&mut p[1..]);
            assert_eq!(p, relabelling(1, i), "{i}");
        }
    }

    #[test]
    fn grids_are_valid_distinct_and_start_with_the_digit() {
        for first in 1..=9 {
            let bulk = Bulk::new(first).unwrap();
            // Every row order of a few relabellings, and strides across all of them.
            let picks = (0..72 * 3).chain((72 * 3..MAX_GRIDS).step_by(4_099));
            let mut seen = HashSet::new();
            for i in picks {
                let g = bulk.grid(i);
                assert!(valid(&g), "{first} {i}");
                assert_eq!(g[0], first);
                assert!(seen.insert(g), "{first} {i} repeats");
            }
        }
        assert!(Bulk::new(0).is_none() && Bulk::new(10).is_none());
    }

    #[test]
    fn spelling_reads_back_as_the_grids() {
        let bulk = Bulk::new(3).unwrap();
        for from in [0, 70, 40_319 * 72 - 5] {
            let n = 9;
            let mut out = vec![0; n * GRID_BYTES];
            bulk.spell(from, &mut out);
            for (k, text) in out.chunks(GRID_BYTES).enumerate() {
                let text = std::str::from_utf8(text).unwrap();
                let lines: Vec<&str> = text.split('\n').collect();
                assert_eq!(lines.len(), 11, "{text:?}");
                assert_eq!(&lines[9..], ["", ""]);
                let values: Vec<u8> = lines[..9]
                    .iter()
                    .flat_map(|l| {
                        assert_eq!(l.len(), 17);
                        l.split(' ').map(|d| d.parse::<u8>().unwrap())
                    })
                    .collect();
                assert_eq!(values, bulk.grid(from + k as u64), "{from} {k}");
            }
        }
    }
}
