//! The units a wrong solver believes in, and the plain backtracking search it runs over them.
//!
//! A [`Net`] is a list of units (sets of cells whose values must differ): the geometry's own,
//! or a wrong one (rows and columns only, boxes one column off, regions read from the wrong
//! wall bits). [`search`] is a bitmask backtracking search over a net, cells in row-major order
//! (which finds the smallest solution first) or fewest candidates first, with the switches the
//! classic mistakes need: givens checked against each other or not, "several solutions"
//! declared as soon as few cells remain, a node budget so that no case runs for ever.

use crate::model::Geometry;

/// Units of cells whose values must all differ, on a grid of `side` x `side`.
#[derive(Clone, Debug)]
pub struct Net {
    pub side: usize,
    /// Each unit's cells.
    pub units: Vec<Vec<u16>>,
    /// Each cell's units.
    pub of: Vec<Vec<u32>>,
}

impl Net {
    /// The geometry's units, its extras included.
    pub fn of(g: &Geometry) -> Net {
        let units = (0..g.unit_count()).map(|u| g.unit(u).to_vec()).collect();
        Net::build(g.side(), units)
    }

    /// Rows and columns only.
    pub fn rows_columns(side: usize) -> Net {
        Net::build(side, lines(side))
    }

    /// Rows, columns, and the groups of cells that share an id of `ids` (one per cell).
    pub fn with_groups(side: usize, ids: &[usize]) -> Net {
        let mut units = lines(side);
        let most = ids.iter().copied().max().unwrap_or(0);
        for id in 0..=most {
            let cells: Vec<u16> = (0..ids.len())
                .filter(|&c| ids[c] == id)
                .map(|c| c as u16)
                .collect();
            if !cells.is_empty() {
                units.push(cells);
            }
        }
        Net::build(side, units)
    }

    /// This net with the extra units (diagonals) of `g` added.
    pub fn with_extras_of(self, g: &Geometry) -> Net {
        let mut units = self.units;
        units.extend((3 * g.side()..g.unit_count()).map(|u| g.unit(u).to_vec()));
        Net::build(self.side, units)
    }

    fn build(side: usize, units: Vec<Vec<u16>>) -> Net {
        let mut of = vec![Vec::new(); side * side];
        for (u, cells) in units.iter().enumerate() {
            for &c in cells {
                of[c as usize].push(u as u32);
            }
        }
        Net { side, units, of }
    }

    /// Per cell: does its value repeat in one of its units (zeros are empty).
    pub fn marks(&self, cells: &[u8]) -> Vec<bool> {
        let mut marks = vec![false; cells.len()];
        for unit in &self.units {
            for (i, &a) in unit.iter().enumerate() {
                for &b in &unit[i + 1..] {
                    let (a, b) = (a as usize, b as usize);
                    if cells[a] != 0 && cells[a] == cells[b] {
                        marks[a] = true;
                        marks[b] = true;
                    }
                }
            }
        }
        marks
    }

    /// Whether two givens repeat a value in a unit.
    pub fn clashes(&self, cells: &[u8]) -> bool {
        self.marks(cells).contains(&true)
    }
}

/// The rows and the columns of a `side` x `side` grid.
fn lines(side: usize) -> Vec<Vec<u16>> {
    let rows = (0..side).map(|r| (0..side).map(|c| (r * side + c) as u16).collect());
    let cols = (0..side).map(|c| (0..side).map(|r| (r * side + c) as u16).collect());
    rows.chain(cols).collect()
}

/// Which empty cell the search fills next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// The first empty cell in row-major order: the first solution is the smallest.
    RowMajor,
    /// The empty cell with the fewest candidates (the first of them in row-major order).
    Fewest,
}

/// How to search.
#[derive(Clone, Copy, Debug)]
pub struct Opts<'a> {
    pub order: Order,
    /// Stop at this many solutions.
    pub limit: u64,
    /// Givens that repeat a value in a unit mean no solution (false: the givens are never
    /// checked against each other, only the empty cells against everything).
    pub check_givens: bool,
    /// Declare several solutions as soon as at most this many cells are empty and each has two
    /// candidates or more.
    pub early: Option<usize>,
    /// Nodes (calls of the search) before giving up.
    pub budget: u64,
    /// Track the best score `Σ weight × value` over the solutions (Luogu P1074).
    pub weights: Option<&'a [u32]>,
}

impl Opts<'_> {
    /// Fewest candidates first, givens checked, up to `limit` solutions, `budget` nodes.
    pub fn plain(order: Order, limit: u64, budget: u64) -> Opts<'static> {
        Opts {
            order,
            limit,
            check_givens: true,
            early: None,
            budget,
            weights: None,
        }
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    /// Solutions counted (up to the limit), the first found, the best score with its grid,
    /// and the fewest empty cells of a node where each had two candidates or more
    /// (`usize::MAX`: no such node): the `k` from which an early "several" would have been
    /// declared.
    Done {
        count: u64,
        first: Option<Vec<u8>>,
        best: Option<(u64, Vec<u8>)>,
        open: usize,
    },
    /// "Several solutions" declared early.
    Early,
    /// The budget ran out (or the grid is too wide for the search).
    Budget,
}

/// Searches `cells` (zeros empty) over `net`.
pub fn search(net: &Net, cells: &[u8], opts: &Opts) -> Found {
    let side = net.side;
    if side > 64 || cells.len() != side * side {
        return Found::Budget;
    }
    let full = if side == 64 {
        u64::MAX
    } else {
        (1u64 << side) - 1
    };
    let mut used = vec![0u64; net.units.len()];
    for (c, &v) in cells.iter().enumerate() {
        if v == 0 {
            continue;
        }
        if v as usize > side {
            return Found::Done {
                count: 0,
                first: None,
                best: None,
                open: usize::MAX,
            };
        }
        let bit = 1u64 << (v - 1);
        for &u in &net.of[c] {
            if opts.check_givens && used[u as usize] & bit != 0 {
                return Found::Done {
                    count: 0,
                    first: None,
                    best: None,
                    open: usize::MAX,
                };
            }
            used[u as usize] |= bit;
        }
    }
    let mut s = State {
        net,
        cells: cells.to_vec(),
        used,
        full,
        nodes: 0,
        opts,
        count: 0,
        first: None,
        best: None,
        early: false,
        over: false,
        open: usize::MAX,
    };
    s.go();
    if s.over {
        Found::Budget
    } else if s.early {
        Found::Early
    } else {
        Found::Done {
            count: s.count,
            first: s.first,
            best: s.best,
            open: s.open,
        }
    }
}

struct State<'a> {
    net: &'a Net,
    cells: Vec<u8>,
    used: Vec<u64>,
    full: u64,
    nodes: u64,
    opts: &'a Opts<'a>,
    count: u64,
    first: Option<Vec<u8>>,
    best: Option<(u64, Vec<u8>)>,
    early: bool,
    over: bool,
    open: usize,
}

impl State<'_> {
    fn candidates(&self, c: usize) -> u64 {
        let mut m = self.full;
        for &u in &self.net.of[c] {
            m &= !self.used[u as usize];
        }
        m
    }

    fn set(&mut self, c: usize, v: u8, on: bool) {
        let bit = 1u64 << (v - 1);
        for &u in &self.net.of[c] {
            if on {
                self.used[u as usize] |= bit;
            } else {
                self.used[u as usize] &= !bit;
            }
        }
        self.cells[c] = if on { v } else { 0 };
    }

    /// One node; true when the search must stop.
    fn go(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes > self.opts.budget {
            self.over = true;
            return true;
        }
        let mut pick: Option<(usize, u32)> = None;
        let mut empty = 0;
        for c in 0..self.cells.len() {
            if self.cells[c] != 0 {
                continue;
            }
            empty += 1;
            let n = self.candidates(c).count_ones();
            if pick.is_none_or(|(_, k)| n < k) {
                pick = Some((c, n));
            }
            if self.opts.order == Order::RowMajor || n == 0 {
                break;
            }
        }
        let Some((cell, least)) = pick else {
            self.solved();
            return self.count >= self.opts.limit;
        };
        if self.opts.order == Order::Fewest && least >= 2 {
            // Only a full scan counts every empty cell.
            self.open = self.open.min(empty);
            if self.opts.early.is_some_and(|k| empty <= k) {
                self.early = true;
                return true;
            }
        }
        let mut m = self.candidates(cell);
        while m != 0 {
            let v = m.trailing_zeros() as u8 + 1;
            m &= m - 1;
            self.set(cell, v, true);
            let stop = self.go();
            self.set(cell, v, false);
            if stop {
                return true;
            }
        }
        false
    }

    fn solved(&mut self) {
        self.count += 1;
        if self.first.is_none() {
            self.first = Some(self.cells.clone());
        }
        if let Some(w) = self.opts.weights {
            let score: u64 = self
                .cells
                .iter()
                .zip(w)
                .map(|(&v, &w)| v as u64 * w as u64)
                .sum();
            if self.best.as_ref().is_none_or(|(b, _)| score > *b) {
                self.best = Some((score, self.cells.clone()));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_empty_4x4_grid_has_288_solutions_and_a_smallest() {
        let net = Net::of(&Geometry::standard(2));
        let cells = vec![0u8; 16];
        let all = search(&net, &cells, &Opts::plain(Order::Fewest, u64::MAX, 1 << 20));
        assert!(matches!(all, Found::Done { count: 288, .. }), "{all:?}");
        let Found::Done { first, .. } = search(&net, &cells, &Opts::plain(Order::RowMajor, 1, 100))
        else {
            panic!()
        };
        assert_eq!(
            first.unwrap(),
            [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]
        );
        // Early: 16 empty cells, each with 4 candidates, is "several" at once with k >= 16.
        let early = Opts {
            early: Some(16),
            ..Opts::plain(Order::Fewest, 2, 100)
        };
        assert_eq!(search(&net, &cells, &early), Found::Early);
        // A budget of 3 nodes does not reach a solution.
        assert_eq!(
            search(&net, &cells, &Opts::plain(Order::RowMajor, 1, 3)),
            Found::Budget
        );
    }

    #[test]
    fn unchecked_givens_may_clash_and_still_fill() {
        let net = Net::of(&Geometry::standard(2));
        // Two 1s in row 1; the other cells can still be filled around them?
        let mut cells = vec![0u8; 16];
        cells[0] = 1;
        cells[1] = 1;
        let checked = search(&net, &cells, &Opts::plain(Order::Fewest, 1, 1000));
        assert!(matches!(checked, Found::Done { count: 0, .. }));
        assert!(net.clashes(&cells));
        assert!(!Net::rows_columns(4).clashes(&[1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]));
    }
}
