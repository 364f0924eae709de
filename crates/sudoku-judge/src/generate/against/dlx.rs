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
            let row = w * side + k;
            x.link(row, w + 1);
            x.link(row, cells + r * side + k);
            x.link(row, 2 * cells + c * side + k);
            x.link(row, 3 * cells + z * side + k);
        }
    }
    let mut s = Dance {
        x,
        budget: Budget::new(cap),
        tot: 0,
        limit: limit.max(1),
        first: Vec::new(),
    };
    s.dance(0);
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

/// One link of the seed's `struct DLX` arrays (`U`, `D`, `L`, `R`, `Row`, `Col` at one index),
/// kept together so that covering a column touches one cache line per node.
#[derive(Clone, Copy, Default)]
struct Node {
    u: u32,
    d: u32,
    l: u32,
    r: u32,
    col: u32,
    row: u32,
}

/// The seed's `struct DLX`: node 0 is the root, nodes `1..=m` the column heads.
///
/// Column sizes are bytes (at most the side, 64), and a column unlinked from the header list
/// carries [`OFF`] in its size, which never changes while it is off (only rows of linked
/// columns are unlinked or relinked): the seed's walk along the header list for the first
/// column with fewest rows is then the first smallest byte of `s`, a scan the compiler
/// vectorises, where the walk chased a pointer per column (most of a node's cost on 16x16,
/// 1024 columns).
struct Links {
    n: Vec<Node>,
    /// Leftmost node of each row, `u32::MAX` before its first link.
    h: Vec<u32>,
    /// Rows in each column, with [`OFF`] while the column is unlinked; `s[0]` (the root) is
    /// never the smallest.
    s: Vec<u8>,
    size: usize,
    /// Rows chosen, by depth.
    temp: Vec<usize>,
}

/// The mark of a column unlinked from the header list, above any size.
const OFF: u8 = 0x80;

impl Links {
    /// The seed's `init(n, m)`, with room for four links per (cell, digit) row.
    fn new(rows: usize, m: usize, depth: usize) -> Links {
        let nodes = m + 1 + 4 * rows;
        let mut x = Links {
            n: vec![Node::default(); nodes],
            h: vec![u32::MAX; rows + 1],
            s: vec![0; m + 1],
            size: m,
            temp: vec![0; depth + 1],
        };
        x.s[0] = u8::MAX;
        for i in 0..=m {
            let n = &mut x.n[i];
            n.u = i as u32;
            n.d = i as u32;
            n.l = i.wrapping_sub(1) as u32;
            n.r = i as u32 + 1;
        }
        x.n[m].r = 0;
        x.n[0].l = m as u32;
        x
    }

    fn link(&mut self, r: usize, c: usize) {
        self.size += 1;
        let n = self.size as u32;
        let c32 = c as u32;
        self.s[c] += 1;
        let up = self.n[c].u;
        self.n[n as usize] = Node {
            u: up,
            d: c32,
            l: n,
            r: n,
            col: c32,
            row: r as u32,
        };
        self.n[up as usize].d = n;
        self.n[c].u = n;
        let head = self.h[r];
        if head != u32::MAX {
            let left = self.n[head as usize].l;
            self.n[n as usize].r = head;
            self.n[n as usize].l = left;
            self.n[left as usize].r = n;
            self.n[head as usize].l = n;
        } else {
            self.h[r] = n;
        }
    }

    /// The first column of the header list with the fewest rows (the root when the list is
    /// empty, which the caller has ruled out).
    #[inline]
    fn choose(&self) -> usize {
        let least = self.s.iter().fold(u8::MAX, |a, &b| a.min(b));
        self.s.iter().position(|&b| b == least).unwrap_or(0)
    }

    fn remove(&mut self, c: usize) {
        let Node { l: lc, r: rc, .. } = self.n[c];
        self.n[rc as usize].l = lc;
        self.n[lc as usize].r = rc;
        self.s[c] |= OFF;
        let mut i = self.n[c].d as usize;
        while i != c {
            let mut j = self.n[i].r as usize;
            while j != i {
                let Node { u, d, col, r, .. } = self.n[j];
                self.n[d as usize].u = u;
                self.n[u as usize].d = d;
                self.s[col as usize] -= 1;
                j = r as usize;
            }
            i = self.n[i].d as usize;
        }
    }

    fn resume(&mut self, c: usize) {
        let mut i = self.n[c].u as usize;
        while i != c {
            let mut j = self.n[i].l as usize;
            while j != i {
                let Node { u, d, col, l, .. } = self.n[j];
                self.s[col as usize] += 1;
                self.n[d as usize].u = j as u32;
                self.n[u as usize].d = j as u32;
                j = l as usize;
            }
            i = self.n[i].u as usize;
        }
        let Node { l: lc, r: rc, .. } = self.n[c];
        self.n[lc as usize].r = c as u32;
        self.n[rc as usize].l = c as u32;
        self.s[c] &= !OFF;
    }
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
    /// The seed's `dance(d)`; true when the search must stop (limit or cap).
    fn dance(&mut self, depth: usize) -> bool {
        if !self.budget.enter() {
            return true;
        }
        let x = &mut self.x;
        if x.n[0].r == 0 {
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
            if let Some(t) = self.x.temp.get_mut(depth) {
                *t = self.x.n[i].row as usize;
            }
            let mut j = self.x.n[i].r as usize;
            while j != i {
                let cj = self.x.n[j].col as usize;
                self.x.remove(cj);
                j = self.x.n[j].r as usize;
            }
            if self.dance(depth + 1) {
                return true;
            }
            let mut j = self.x.n[i].l as usize;
            while j != i {
                let cj = self.x.n[j].col as usize;
                self.x.resume(cj);
                j = self.x.n[j].l as usize;
            }
            i = self.x.n[i].d as usize;
        }
        self.x.resume(c);
        false
    }
}
