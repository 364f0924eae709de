//! The dancing-links search of a [`Net`]: an exact cover with one primary item per cell (each
//! cell takes exactly one row) and an item per unit and value: primary in a unit with as many
//! slots as values (it holds each value once), else secondary (at most once, as such a unit
//! need not hold every value). A row is one increasing tuple of
//! values for a cell that keeps its givens, covering its cell and, for each of its values,
//! that value in each of the cell's units. The column with the fewest rows is covered first
//! ([`crate::solve::cover::Cover`], the plain exact cover it shares with Su-Domino-Ku's DLX).

use super::{NetSearch, Tally};
use crate::model::Net;
use crate::solve::cover::{Cover, Walk};

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
    matrix: Cover,
    /// Per row, its cell and its first value's index in `tuples`.
    rows: Vec<(u16, u32)>,
    tuples: Vec<u8>,
    tally: Tally,
}

impl NetDlx {
    /// An empty search, sized on first use.
    pub fn new() -> NetDlx {
        NetDlx::default()
    }

    /// The matrix of `net` with `givens`; false when a cell has no row.
    fn build(&mut self, net: &Net, givens: &[u8]) -> bool {
        self.rows.clear();
        self.tuples.clear();
        let k = net.values();
        // Items: every cell, then every value of every unit; primary are the cells and the
        // values of a unit with as many slots as values (it must hold each once), the other
        // units' values secondary (at most once).
        let full = |u: usize| net.unit_slots(u).len() == k;
        let primary: Vec<bool> = (0..net.cells())
            .map(|_| true)
            .chain((0..net.units().len()).flat_map(|u| std::iter::repeat_n(full(u), k)))
            .collect();
        self.matrix.reset(primary.len(), &primary);
        let mut units_of: Vec<Vec<usize>> = vec![Vec::new(); net.cells()];
        for (u, cells) in net.units().iter().enumerate() {
            for &c in cells.iter() {
                units_of[c as usize].push(u);
            }
        }
        let mut tuple = Vec::with_capacity(crate::model::net::MAX_WIDTH);
        let mut items = Vec::new();
        for (cell, units) in units_of.iter().enumerate() {
            let slots = net.slots_of(cell);
            self.tuples_of(net, cell, &givens[slots], units, &mut tuple, &mut items, 1);
            if self.matrix.rows_of(cell) == 0 {
                return false;
            }
        }
        true
    }

    /// Adds a row for every increasing tuple of values from `from` on that extends `tuple` and
    /// keeps `given`.
    #[allow(clippy::too_many_arguments)]
    fn tuples_of(
        &mut self,
        net: &Net,
        cell: usize,
        given: &[u8],
        units: &[usize],
        tuple: &mut Vec<u8>,
        items: &mut Vec<usize>,
        from: u8,
    ) {
        let at = tuple.len();
        if at == given.len() {
            let row = self.rows.len() as u32;
            self.rows.push((cell as u16, self.tuples.len() as u32));
            self.tuples.extend_from_slice(tuple);
            let k = net.values();
            items.clear();
            items.push(cell);
            for &u in units {
                items.extend(tuple.iter().map(|&v| net.cells() + u * k + v as usize - 1));
            }
            self.matrix.add_row(row, items);
            return;
        }
        for v in from..=net.values() as u8 {
            if given[at] != 0 && given[at] != v {
                continue;
            }
            tuple.push(v);
            self.tuples_of(net, cell, given, units, tuple, items, v + 1);
            tuple.pop();
        }
    }
}

/// A net's solutions counted as the matrix yields them.
struct Tallied<'a> {
    net: &'a Net,
    rows: &'a [(u16, u32)],
    tuples: &'a [u8],
    /// The values the givens name.
    given: u32,
    tally: &'a mut Tally,
}

impl Walk for Tallied<'_> {
    fn node(&mut self) -> bool {
        self.tally.node()
    }

    fn solution(&mut self, chosen: &[u32]) -> bool {
        if self.tally.solution() {
            let mut values = vec![0; self.net.slots()];
            for &r in chosen {
                let (cell, at) = self.rows[r as usize];
                let slots = self.net.slots_of(cell as usize);
                let width = slots.len();
                values[slots].copy_from_slice(&self.tuples[at as usize..at as usize + width]);
            }
            self.tally.keep(values);
        }
        self.tally.full()
    }

    /// At a branch on a cell, a value no given names and no row chosen holds, when no cell is
    /// split: such values swap in every solution below (see [`super::bitmask`]).
    fn twin(&mut self, item: usize, chosen: &[u32], row: u32) -> bool {
        if item >= self.net.cells() || self.net.slots() != self.net.cells() {
            return false;
        }
        let value = |r: u32| self.tuples[self.rows[r as usize].1 as usize];
        let v = value(row);
        self.given & (1 << (v - 1)) == 0 && chosen.iter().all(|&r| value(r) != v)
    }

    fn solutions(&self) -> u64 {
        self.tally.count
    }

    fn skip(&mut self, count: u64) -> Option<bool> {
        self.tally.skip(count)
    }
}

impl NetSearch for NetDlx {
    fn count(&mut self, net: &Net, givens: &[u8], limit: u64) -> (u64, Option<Vec<u8>>) {
        assert_eq!(givens.len(), net.slots(), "one given per slot");
        self.tally.start(limit);
        // A crowded unit is a pigeonhole Algorithm X would take exponentially long to prove.
        if net.clash(givens).is_some() || net.crowded_unit().is_some() || !self.build(net, givens) {
            return (0, None);
        }
        // The lowest cell not yet chosen first, in order: its rows are its tuples ascending.
        let in_order = self.tally.ordered;
        let mut walk = Tallied {
            net,
            rows: &self.rows,
            tuples: &self.tuples,
            given: super::held(givens),
            tally: &mut self.tally,
        };
        self.matrix.search(in_order, &mut walk);
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
