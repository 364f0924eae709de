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

/// The seed's `struct DLX` arrays: node 0 is the root, nodes `1..=m` the column heads.
struct Links {
    u: Vec<usize>,
    d: Vec<usize>,
    l: Vec<usize>,
    r: Vec<usize>,
    row: Vec<usize>,
    col: Vec<usize>,
    /// Leftmost node of each row, `usize::MAX` before its first link.
    h: Vec<usize>,
    s: Vec<usize>,
    size: usize,
    /// Rows chosen, by depth.
    temp: Vec<usize>,
}

impl Links {
    /// The seed's `init(n, m)`, with room for four links per (cell, digit) row.
    fn new(rows: usize, m: usize, depth: usize) -> Links {
        let nodes = m + 1 + 4 * rows;
        let mut x = Links {
            u: vec![0; nodes],
            d: vec![0; nodes],
            l: vec![0; nodes],
            r: vec![0; nodes],
            row: vec![0; nodes],
            col: vec![0; nodes],
            h: vec![usize::MAX; rows + 1],
            s: vec![0; m + 1],
            size: m,
            temp: vec![0; depth + 1],
        };
        for i in 0..=m {
            x.u[i] = i;
            x.d[i] = i;
            x.l[i] = i.wrapping_sub(1);
            x.r[i] = i + 1;
        }
        x.r[m] = 0;
        x.l[0] = m;
        x
    }

    fn link(&mut self, r: usize, c: usize) {
        self.size += 1;
        let n = self.size;
        self.col[n] = c;
        self.row[n] = r;
        self.s[c] += 1;
        self.u[n] = self.u[c];
        self.d[n] = c;
        let up = self.u[c];
        self.d[up] = n;
        self.u[c] = n;
        let head = self.h[r];
        if head != usize::MAX {
            self.r[n] = head;
            self.l[n] = self.l[head];
            let left = self.l[n];
            self.r[left] = n;
            self.l[head] = n;
        } else {
            self.h[r] = n;
            self.l[n] = n;
            self.r[n] = n;
        }
    }

    fn remove(&mut self, c: usize) {
        let (lc, rc) = (self.l[c], self.r[c]);
        self.l[rc] = lc;
        self.r[lc] = rc;
        let mut i = self.d[c];
        while i != c {
            let mut j = self.r[i];
            while j != i {
                let (uj, dj) = (self.u[j], self.d[j]);
                self.u[dj] = uj;
                self.d[uj] = dj;
                self.s[self.col[j]] -= 1;
                j = self.r[j];
            }
            i = self.d[i];
        }
    }

    fn resume(&mut self, c: usize) {
        let mut i = self.u[c];
        while i != c {
            let mut j = self.l[i];
            while j != i {
                self.s[self.col[j]] += 1;
                let (uj, dj) = (self.u[j], self.d[j]);
                self.u[dj] = j;
                self.d[uj] = j;
                j = self.l[j];
            }
            i = self.u[i];
        }
        let (lc, rc) = (self.l[c], self.r[c]);
        self.r[lc] = c;
        self.l[rc] = c;
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
        if x.r[0] == 0 {
            if self.tot == 0 {
                self.first = x.temp[..depth].to_vec();
            }
            self.tot += 1;
            return self.tot >= self.limit;
        }
        let mut c = x.r[0];
        let mut i = x.r[0];
        while i != 0 {
            if x.s[i] < x.s[c] {
                c = i;
            }
            i = x.r[i];
        }
        self.x.remove(c);
        let mut i = self.x.d[c];
        while i != c {
            if let Some(t) = self.x.temp.get_mut(depth) {
                *t = self.x.row[i];
            }
            let mut j = self.x.r[i];
            while j != i {
                let cj = self.x.col[j];
                self.x.remove(cj);
                j = self.x.r[j];
            }
            if self.dance(depth + 1) {
                return true;
            }
            let mut j = self.x.l[i];
            while j != i {
                let cj = self.x.col[j];
                self.x.resume(cj);
                j = self.x.l[j];
            }
            i = self.x.d[i];
        }
        self.x.resume(c);
        false
    }
}
