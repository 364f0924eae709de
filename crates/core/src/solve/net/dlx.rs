//! The dancing-links search of a [`Net`]: an exact cover with one primary item per cell (each
//! cell takes exactly one row) and an item per unit and value: primary in a unit with as many
//! slots as values (it holds each value once), else secondary (at most once, as such a unit
//! need not hold every value). A row is one increasing tuple of
//! values for a cell that keeps its givens, covering its cell and, for each of its values,
//! that value in each of the cell's units. The column with the fewest rows is covered first.

use super::{NetSearch, Tally};
use crate::model::Net;

/// The DLX search of nets; reusable scratch (see the module doc).
///
/// ```
/// use sudoku_judge_core::model::Net;
/// use sudoku_judge_core::solve::net::{NetSearch, dlx::NetDlx};
///
/// // Two cells in a unit, values 1..=3, the second split: 3 solutions (1|23, 2|13, 3|12).
/// let net = Net::new(3, &[1, 2], vec![vec![0, 1]]).unwrap();
/// let (count, first) = NetDlx::new().count(&net, &[0, 0, 0], 10);
/// assert_eq!(count, 3);
/// assert!(net.is_solution(&first.unwrap()));
/// ```
#[derive(Default)]
pub struct NetDlx {
    left: Vec<u32>,
    right: Vec<u32>,
    up: Vec<u32>,
    down: Vec<u32>,
    /// The column (header node) of each node.
    column: Vec<u32>,
    /// The row of each node (headers: unused).
    row: Vec<u32>,
    /// Rows in each column (headers only).
    size: Vec<u32>,
    /// Per row, its cell and its first value's index in `tuples`.
    rows: Vec<(u16, u32)>,
    tuples: Vec<u8>,
    /// The rows chosen on the current path.
    chosen: Vec<u32>,
    /// The number of cells (the items after the root).
    cells: usize,
    tally: Tally,
}

/// The root node; columns are `1..`.
const ROOT: usize = 0;

impl NetDlx {
    /// An empty search, sized on first use.
    pub fn new() -> NetDlx {
        NetDlx::default()
    }

    fn node(&mut self, column: usize, row: u32) -> usize {
        let n = self.left.len();
        let up = self.up[column] as usize;
        self.left.push(n as u32);
        self.right.push(n as u32);
        self.up.push(up as u32);
        self.down.push(column as u32);
        self.column.push(column as u32);
        self.row.push(row);
        self.down[up] = n as u32;
        self.up[column] = n as u32;
        self.size[column] += 1;
        n
    }

    /// The matrix of `net` with `givens`; false when a cell has no row.
    fn build(&mut self, net: &Net, givens: &[u8]) -> bool {
        for v in [
            &mut self.left,
            &mut self.right,
            &mut self.up,
            &mut self.down,
            &mut self.column,
            &mut self.row,
            &mut self.size,
        ] {
            v.clear();
        }
        self.rows.clear();
        self.tuples.clear();
        let k = net.values();
        self.cells = net.cells();
        let columns = 1 + net.cells() + net.units().len() * k;
        for c in 0..columns {
            self.left.push(c as u32);
            self.right.push(c as u32);
            self.up.push(c as u32);
            self.down.push(c as u32);
            self.column.push(c as u32);
            self.row.push(u32::MAX);
            self.size.push(0);
        }
        // Primary items, in a ring through the root: every cell, and every value of a unit
        // with as many slots as values (it must hold each once). The other units' values are
        // secondary: at most once.
        let full = |u: usize| net.unit_slots(u).len() == k;
        let ring: Vec<usize> = std::iter::once(ROOT)
            .chain(1..=net.cells())
            .chain((0..net.units().len()).filter(|&u| full(u)).flat_map(|u| {
                let first = 1 + net.cells() + u * k;
                first..first + k
            }))
            .collect();
        for (i, &c) in ring.iter().enumerate() {
            let next = ring[(i + 1) % ring.len()];
            self.right[c] = next as u32;
            self.left[next] = c as u32;
        }
        let mut units_of: Vec<Vec<usize>> = vec![Vec::new(); net.cells()];
        for (u, cells) in net.units().iter().enumerate() {
            for &c in cells.iter() {
                units_of[c as usize].push(u);
            }
        }
        let mut tuple = Vec::with_capacity(crate::model::net::MAX_WIDTH);
        for (cell, units) in units_of.iter().enumerate() {
            let slots = net.slots_of(cell);
            let before = self.rows.len();
            self.tuples_of(net, cell, &givens[slots], units, &mut tuple, 1);
            if self.rows.len() == before {
                return false;
            }
        }
        true
    }

    /// Adds a row for every increasing tuple of values from `from` on that extends `tuple` and
    /// keeps `given`.
    fn tuples_of(
        &mut self,
        net: &Net,
        cell: usize,
        given: &[u8],
        units: &[usize],
        tuple: &mut Vec<u8>,
        from: u8,
    ) {
        let at = tuple.len();
        if at == given.len() {
            let row = self.rows.len() as u32;
            self.rows.push((cell as u16, self.tuples.len() as u32));
            self.tuples.extend_from_slice(tuple);
            let first = self.node(1 + cell, row);
            let k = net.values();
            for &u in units {
                for &v in tuple.iter() {
                    let n = self.node(1 + self.cells + u * k + v as usize - 1, row);
                    let last = self.left[first] as usize;
                    self.left[n] = last as u32;
                    self.right[n] = first as u32;
                    self.right[last] = n as u32;
                    self.left[first] = n as u32;
                }
            }
            return;
        }
        for v in from..=net.values() as u8 {
            if given[at] != 0 && given[at] != v {
                continue;
            }
            tuple.push(v);
            self.tuples_of(net, cell, given, units, tuple, v + 1);
            tuple.pop();
        }
    }

    fn cover(&mut self, c: usize) {
        let (l, r) = (self.left[c] as usize, self.right[c] as usize);
        self.right[l] = r as u32;
        self.left[r] = l as u32;
        let mut i = self.down[c] as usize;
        while i != c {
            let mut j = self.right[i] as usize;
            while j != i {
                let (u, d) = (self.up[j] as usize, self.down[j] as usize);
                self.down[u] = d as u32;
                self.up[d] = u as u32;
                self.size[self.column[j] as usize] -= 1;
                j = self.right[j] as usize;
            }
            i = self.down[i] as usize;
        }
    }

    fn uncover(&mut self, c: usize) {
        let mut i = self.up[c] as usize;
        while i != c {
            let mut j = self.left[i] as usize;
            while j != i {
                let (u, d) = (self.up[j] as usize, self.down[j] as usize);
                self.down[u] = j as u32;
                self.up[d] = j as u32;
                self.size[self.column[j] as usize] += 1;
                j = self.left[j] as usize;
            }
            i = self.up[i] as usize;
        }
        let (l, r) = (self.left[c] as usize, self.right[c] as usize);
        self.right[l] = c as u32;
        self.left[r] = c as u32;
    }

    /// The values of the chosen rows, slot by slot.
    fn solution(&self, net: &Net) -> Vec<u8> {
        let mut values = vec![0; net.slots()];
        for &r in &self.chosen {
            let (cell, at) = self.rows[r as usize];
            let slots = net.slots_of(cell as usize);
            let width = slots.len();
            values[slots].copy_from_slice(&self.tuples[at as usize..at as usize + width]);
        }
        values
    }

    /// Algorithm X; true when the limit is reached.
    fn go(&mut self, net: &Net) -> bool {
        if self.right[ROOT] as usize == ROOT {
            if self.tally.solution() {
                self.tally.keep(self.solution(net));
            }
            return self.tally.full();
        }
        let mut best = self.right[ROOT] as usize;
        let mut c = best;
        while c != ROOT {
            if self.size[c] < self.size[best] {
                best = c;
            }
            c = self.right[c] as usize;
        }
        if self.size[best] == 0 {
            return false;
        }
        if self.tally.ordered {
            // The lowest cell not yet chosen: its rows are its tuples in increasing order.
            best = self.right[ROOT] as usize;
        }
        self.cover(best);
        let mut r = self.down[best] as usize;
        let mut done = false;
        while r != best {
            if self.tally.node() {
                done = true;
                break;
            }
            self.chosen.push(self.row[r]);
            let mut j = self.right[r] as usize;
            while j != r {
                self.cover(self.column[j] as usize);
                j = self.right[j] as usize;
            }
            done = self.go(net);
            let mut j = self.left[r] as usize;
            while j != r {
                self.uncover(self.column[j] as usize);
                j = self.left[j] as usize;
            }
            self.chosen.pop();
            if done {
                break;
            }
            r = self.down[r] as usize;
        }
        self.uncover(best);
        done
    }
}

impl NetSearch for NetDlx {
    fn count(&mut self, net: &Net, givens: &[u8], limit: u64) -> (u64, Option<Vec<u8>>) {
        assert_eq!(givens.len(), net.slots(), "one given per slot");
        self.tally.start(limit);
        self.chosen.clear();
        // A crowded unit is a pigeonhole Algorithm X would take exponentially long to prove.
        if net.clash(givens).is_some() || net.crowded_unit().is_some() || !self.build(net, givens) {
            return (0, None);
        }
        self.go(net);
        self.tally.finish()
    }

    fn nodes(&self) -> u64 {
        self.tally.nodes
    }

    fn set_cap(&mut self, cap: Option<u64>) {
        self.tally.cap = cap;
    }

    fn capped(&self) -> bool {
        self.tally.capped
    }

    fn set_ordered(&mut self, ordered: bool) {
        self.tally.ordered = ordered;
    }
}
