//! The seeds' dancing links (`nxn_dlx`, and `hdu4069_dlx` on jigsaw regions) as a node counter,
//! ported line for line so that it visits the same nodes in the same order: one exact-cover row
//! per (cell, digit) for an empty cell and one row for a given (givens are covered by the
//! search, not beforehand), rows linked cell by cell and digit by digit, columns numbered cell,
//! then row-digit, column-digit and region-digit (regions numbered in order of their first
//! cell, as the seed's flood fill colours them), and the first column with fewest rows chosen
//! at each level. A node is one call of `dance`; the search stops at the limit's solution
//! (`nxn_dlx` solves to 1, `hdu4069_dlx` and `count2` count to 2).

use super::{Budget, Count, Units, nothing};
use crate::model::Board;

/// See [`super::Strategy::count`].
pub fn count(board: &Board, limit: u32, cap: u64) -> Count {
    if Units::of(board).is_none() {
        return nothing();
    }
    let side = board.side();
    let cells = board.cells.len();
    let mut x = Links::new(cells * side, 4 * cells, cells);
    let g = &board.geometry;
    for (w, &t) in board.cells.iter().enumerate() {
        let (r, c, z) = (w / side, w % side, g.region_of(w));
        let digits = if t != 0 {
            t as usize..=t as usize
        } else {
            1..=side
        };
        for k in digits {
            x.add_row(
                w * side + k,
                [
                    w + 1,
                    cells + r * side + k,
                    2 * cells + c * side + k,
                    3 * cells + z * side + k,
                ],
            );
        }
    }
    let mut s = Dance {
        x,
        budget: Budget::new(cap),
        tot: 0,
        limit: limit.max(1),
        first: Vec::new(),
    };
    s.run();
    let first = if s.first.is_empty() {
        Vec::new()
    } else {
        let mut grid = board.cells.clone();
        for &t in &s.first {
            grid[(t - 1) / side] = ((t - 1) % side + 1) as u8;
        }
        grid
    };
    Count {
        nodes: s.budget.nodes,
        solutions: s.tot,
        capped: s.budget.capped() && s.tot < s.limit,
        first,
    }
}

/// One link of the seed's `struct DLX` arrays (`U`, `D`, `Col` at one index), kept together so
/// that unlinking a row's node touches one small record. `L` and `R` need no field: a row's
/// four nodes are consecutive and never relinked sideways (see [`Links`]).
#[derive(Clone, Copy, Default)]
struct Node {
    u: u32,
    d: u32,
    col: u32,
}

/// The seed's `struct DLX`: node 0 is the root, nodes `1..=m` the column heads, then each
/// row's four nodes, in the order they were linked, from a multiple of four.
///
/// Column sizes are bytes (at most the side, 64), and a column unlinked from the header list
/// carries [`OFF`] in its size, which never changes while it is off (only rows of linked
/// columns are unlinked or relinked): the seed's walk along the header list for the first
/// column with fewest rows is then the first smallest byte of `s`, a scan the compiler
/// vectorises, where the walk chased a pointer per column (most of a node's cost on 16x16,
/// 1024 columns). The header list itself is then never walked: the count of columns still
/// linked says when it is empty, so covering a column does not unlink its head sideways.
/// Nor are rows: the seed links a row's nodes in a ring in the order it adds them, and only
/// ever unlinks them up and down, so a node's right neighbour is the next node of its group
/// of four (the first after the last) and its left one the previous. Twelve bytes a node
/// instead of twenty-four: a 16x16 grid's 16,400 nodes fit the core's L2 cache.
struct Links {
    n: Vec<Node>,
    /// The row of each group of four nodes.
    rows: Vec<u32>,
    /// Rows in each column, with [`OFF`] while the column is unlinked; `s[0]` (the root) is
    /// never the smallest.
    s: Vec<u8>,
    /// Columns still linked into the header list.
    live: usize,
    /// The first row node.
    base: usize,
    /// Rows chosen, by depth.
    temp: Vec<usize>,
}

/// The mark of a column unlinked from the header list, above any size.
const OFF: u8 = 0x80;

impl Links {
    /// The seed's `init(n, m)`, with room for `rows` rows of four links.
    fn new(rows: usize, m: usize, depth: usize) -> Links {
        let base = (m + 1).next_multiple_of(4);
        let mut n = Vec::with_capacity(base + 4 * rows);
        n.extend((0..base).map(|i| Node {
            u: i as u32,
            d: i as u32,
            col: i as u32,
        }));
        let mut s = vec![0; m + 1];
        s[0] = u8::MAX;
        Links {
            n,
            rows: Vec::with_capacity(rows),
            s,
            live: m,
            base,
            temp: vec![0; depth + 1],
        }
    }

    /// The seed's `link(r, c)` for each of the row's four columns, in order: each node goes
    /// to the bottom of its column.
    fn add_row(&mut self, r: usize, cols: [usize; 4]) {
        self.rows.push(r as u32);
        for c in cols {
            let at = self.n.len() as u32;
            let up = self.n[c].u;
            self.n.push(Node {
                u: up,
                d: c as u32,
                col: c as u32,
            });
            self.n[up as usize].d = at;
            self.n[c].u = at;
            self.s[c] += 1;
        }
    }

    /// The row node right of `j`.
    #[inline(always)]
    fn right(j: usize) -> usize {
        (j & !3) | ((j + 1) & 3)
    }

    /// The row node left of `j`.
    #[inline(always)]
    fn left(j: usize) -> usize {
        (j & !3) | ((j + 3) & 3)
    }

    /// The row of row node `i`.
    #[inline(always)]
    fn row(&self, i: usize) -> usize {
        self.rows[(i - self.base) / 4] as usize
    }

    /// The first column of the header list with the fewest rows (the root when the list is
    /// empty, which the caller has ruled out): the smallest size, then the first byte that
    /// holds it, 16 bytes compared at a time (a byte at a time, the search for the first was
    /// most of the scan: the smallest column is seldom near the front).
    #[inline(always)]
    fn choose(&self) -> usize {
        let least = self.s.iter().fold(u8::MAX, |a, &b| a.min(b));
        let mut chunks = self.s.chunks_exact(16);
        for (k, chunk) in chunks.by_ref().enumerate() {
            let hits = equal_bytes(chunk.try_into().expect("16 bytes"), least);
            if hits != 0 {
                return k * 16 + hits.trailing_zeros() as usize;
            }
        }
        let rest = chunks.remainder();
        let at = self.s.len() - rest.len();
        rest.iter().position(|&b| b == least).map_or(0, |i| at + i)
    }

    #[inline(always)]
    fn remove(&mut self, c: usize) {
        self.s[c] |= OFF;
        self.live -= 1;
        let mut i = self.n[c].d as usize;
        while i != c {
            let mut j = Links::right(i);
            while j != i {
                let Node { u, d, col } = self.n[j];
                self.n[d as usize].u = u;
                self.n[u as usize].d = d;
                self.s[col as usize] -= 1;
                j = Links::right(j);
            }
            i = self.n[i].d as usize;
        }
    }

    #[inline(always)]
    fn resume(&mut self, c: usize) {
        let mut i = self.n[c].u as usize;
        while i != c {
            let mut j = Links::left(i);
            while j != i {
                let Node { u, d, col } = self.n[j];
                self.s[col as usize] += 1;
                self.n[d as usize].u = j as u32;
                self.n[u as usize].d = j as u32;
                j = Links::left(j);
            }
            i = self.n[i].u as usize;
        }
        self.s[c] &= !OFF;
        self.live += 1;
    }
}

/// Bit `i` set where `chunk[i] == b`.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn equal_bytes(chunk: &[u8; 16], b: u8) -> u32 {
    use std::arch::x86_64::*;
    // SAFETY: SSE2, which every x86-64 CPU has; `chunk` is 16 readable bytes and the load
    // takes any alignment.
    unsafe {
        let v = _mm_loadu_si128(chunk.as_ptr().cast());
        _mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(b as i8))) as u32
    }
}

/// Bit `i` set where `chunk[i] == b`, for other targets.
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
fn equal_bytes(chunk: &[u8; 16], b: u8) -> u32 {
    chunk
        .iter()
        .enumerate()
        .fold(0, |m, (i, &x)| m | ((x == b) as u32) << i)
}

struct Dance {
    x: Links,
    budget: Budget,
    tot: u32,
    limit: u32,
    /// Rows of the first solution.
    first: Vec<usize>,
}

impl Dance {
    /// The search from the root, compiled for the CPU at hand: with AVX2 the scan for the
    /// smallest column takes 32 bytes an instruction. The same operations either way, so the
    /// same nodes.
    fn run(&mut self) {
        #[cfg(target_arch = "x86_64")]
        if std::is_x86_feature_detected!("avx2") {
            Avx2::dance(self, 0);
            return;
        }
        Baseline::dance(self, 0);
    }

    /// The seed's `dance(d)`; true when the search must stop (limit or cap). `C` picks the
    /// compiled copy the recursion calls.
    #[inline(always)]
    fn dance<C: Cpu>(&mut self, depth: usize) -> bool {
        if !self.budget.enter() {
            return true;
        }
        let x = &mut self.x;
        if x.live == 0 {
            if self.tot == 0 {
                self.first = x.temp[..depth].to_vec();
            }
            self.tot += 1;
            return self.tot >= self.limit;
        }
        let c = x.choose();
        x.remove(c);
        let mut i = x.n[c].d as usize;
        while i != c {
            let row = self.x.row(i);
            if let Some(t) = self.x.temp.get_mut(depth) {
                *t = row;
            }
            let mut j = Links::right(i);
            while j != i {
                let cj = self.x.n[j].col as usize;
                self.x.remove(cj);
                j = Links::right(j);
            }
            if C::dance(self, depth + 1) {
                return true;
            }
            let mut j = Links::left(i);
            while j != i {
                let cj = self.x.n[j].col as usize;
                self.x.resume(cj);
                j = Links::left(j);
            }
            i = self.x.n[i].d as usize;
        }
        self.x.resume(c);
        false
    }
}

/// A compiled copy of [`Dance::dance`].
trait Cpu {
    fn dance(s: &mut Dance, depth: usize) -> bool;
}

/// What the build targets.
struct Baseline;

impl Cpu for Baseline {
    fn dance(s: &mut Dance, depth: usize) -> bool {
        s.dance::<Baseline>(depth)
    }
}

/// CPUs with AVX2.
#[cfg(target_arch = "x86_64")]
struct Avx2;

#[cfg(target_arch = "x86_64")]
impl Cpu for Avx2 {
    #[inline(always)]
    fn dance(s: &mut Dance, depth: usize) -> bool {
        // SAFETY: only reached from `Dance::run` once the CPU is known to have AVX2.
        unsafe { dance_avx2(s, depth) }
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn dance_avx2(s: &mut Dance, depth: usize) -> bool {
    s.dance::<Avx2>(depth)
}
