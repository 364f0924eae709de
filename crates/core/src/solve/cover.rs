//! A plain exact-cover matrix with dancing links ([`Cover`]), for the searches whose matrix
//! is small and built anew for each case: a net's ([`super::net::dlx`]), and the boards with
//! rules' (`solve/any/laid.rs`: Su-Domino-Ku's grid and tiling, Killer Sudoku's cages).
//! Items are primary (covered exactly once) or secondary (at most once); rows are lists of
//! items. Algorithm X branches on the primary item with the fewest rows (or, in order, the
//! first one left), recursively, and tells a [`Walk`] of each row tried and each solution's
//! rows. The tuned boards' DLX ([`super::any::dlx`]) keeps its own fixed-shape matrix.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// Rows tried by a search, counted against a cap and added to a progress meter `step` at a
/// time: what a [`Walk::node`] keeps.
pub struct Nodes<'a> {
    pub count: u64,
    cap: Option<u64>,
    /// The count passed the cap: the search stopped there, its answer unknown.
    pub capped: bool,
    meter: Option<&'a AtomicU64>,
    step: u64,
}

impl<'a> Nodes<'a> {
    /// No rows yet, `cap` the most (`None`: no cap).
    pub fn new(cap: Option<u64>, meter: Option<&'a AtomicU64>, step: u64) -> Nodes<'a> {
        Nodes {
            count: 0,
            cap,
            capped: false,
            meter,
            step: step.max(1),
        }
    }

    /// Counts a row: true once past the cap (the row is not counted), and the search stops.
    pub fn tick(&mut self) -> bool {
        if self.cap.is_some_and(|c| self.count >= c) {
            self.capped = true;
            return true;
        }
        self.count += 1;
        if self.count.is_multiple_of(self.step)
            && let Some(m) = self.meter
        {
            m.fetch_add(self.step, Relaxed);
        }
        false
    }
}

/// The root node; item `i` is node `i + 1`.
const ROOT: usize = 0;

/// What a search of a [`Cover`] tells as it goes.
pub trait Walk {
    /// A row is tried: true stops the search there (a node cap reached). None by default.
    fn node(&mut self) -> bool {
        false
    }

    /// A solution, its rows in the order chosen: true stops the search.
    fn solution(&mut self, rows: &[u32]) -> bool;

    /// Whether `row`, at a branch on `item` below the rows `chosen`, is one of the branch's
    /// twins: rows with as many solutions below each (a symmetry of the problem swaps them).
    /// Once one twin is walked the search offers the others' counts to [`Walk::skip`]. None
    /// by default.
    fn twin(&mut self, _item: usize, _chosen: &[u32], _row: u32) -> bool {
        false
    }

    /// The solutions told so far, to count a twin's.
    fn solutions(&self) -> u64 {
        0
    }

    /// Takes the `count` solutions below a twin as told without walking them: `None` when
    /// they must be walked after all, else true to stop the search.
    fn skip(&mut self, _count: u64) -> Option<bool> {
        None
    }
}

/// An exact-cover matrix and the rows chosen on the search's path; reusable scratch.
///
/// ```
/// use sudoku_judge_core::solve::cover::{Cover, Walk};
///
/// // Items 0-2 primary, item 3 secondary; rows {0, 1}, {2}, {0}, {1, 2, 3}, {1, 3}.
/// let mut m = Cover::default();
/// m.reset(4, &[true, true, true, false]);
/// for (r, items) in [&[0, 1][..], &[2], &[0], &[1, 2, 3], &[1, 3]].iter().enumerate() {
///     m.add_row(r as u32, items);
/// }
/// struct All(Vec<Vec<u32>>);
/// impl Walk for All {
///     fn solution(&mut self, rows: &[u32]) -> bool {
///         let mut rows = rows.to_vec();
///         rows.sort();
///         self.0.push(rows);
///         false
///     }
/// }
/// let mut all = All(Vec::new());
/// m.search(false, &mut all);
/// all.0.sort();
/// assert_eq!(all.0, [vec![0, 1], vec![1, 2, 4], vec![2, 3]]);
/// ```
#[derive(Default)]
pub struct Cover {
    left: Vec<u32>,
    right: Vec<u32>,
    up: Vec<u32>,
    down: Vec<u32>,
    /// The item node of each node.
    column: Vec<u32>,
    /// The row of each node (item nodes: unused).
    row: Vec<u32>,
    /// Rows left in each item (item nodes only).
    size: Vec<u32>,
    /// The rows chosen on the current path.
    chosen: Vec<u32>,
}

impl Cover {
    /// Empties the matrix for `primary.len()` items, item `i` primary when `primary[i]`.
    pub fn reset(&mut self, items: usize, primary: &[bool]) {
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
        self.chosen.clear();
        for c in 0..=items {
            self.left.push(c as u32);
            self.right.push(c as u32);
            self.up.push(c as u32);
            self.down.push(c as u32);
            self.column.push(c as u32);
            self.row.push(u32::MAX);
            self.size.push(0);
        }
        // The primary items in a ring through the root; a secondary one is linked to itself.
        let ring: Vec<usize> = std::iter::once(ROOT)
            .chain((0..items).filter(|&i| primary[i]).map(|i| i + 1))
            .collect();
        for (i, &c) in ring.iter().enumerate() {
            let next = ring[(i + 1) % ring.len()];
            self.right[c] = next as u32;
            self.left[next] = c as u32;
        }
    }

    /// Adds row `row` (a number the visitor is told) covering `items`.
    pub fn add_row(&mut self, row: u32, items: &[usize]) {
        let first = self.left.len();
        for (k, &item) in items.iter().enumerate() {
            let c = item + 1;
            let n = self.left.len();
            let up = self.up[c] as usize;
            self.up.push(up as u32);
            self.down.push(c as u32);
            self.column.push(c as u32);
            self.row.push(row);
            self.down[up] = n as u32;
            self.up[c] = n as u32;
            self.size[c] += 1;
            // In the row's ring: after the last node added, before the first.
            let last = if k == 0 { n } else { n - 1 };
            self.left.push(last as u32);
            self.right.push(first as u32);
            self.right[last] = n as u32;
            self.left[first] = n as u32;
        }
    }

    /// The rows of item `item` left.
    pub fn rows_of(&self, item: usize) -> u32 {
        self.size[item + 1]
    }

    /// Algorithm X over the matrix, telling `walk` of every row tried and every solution.
    /// Branches on the primary item with the fewest rows, or with `in_order` on the first one
    /// left (its rows in the order they were added); either way a primary item with no row
    /// left ends the branch at once. True when `walk` stopped it. The matrix
    /// is as it was once it returns.
    pub fn search(&mut self, in_order: bool, walk: &mut dyn Walk) -> bool {
        if self.right[ROOT] as usize == ROOT {
            return walk.solution(&self.chosen);
        }
        // The item with the fewest rows: none left is a dead end, whatever the order.
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
        if in_order {
            best = self.right[ROOT] as usize;
        }
        self.cover(best);
        let mut r = self.down[best] as usize;
        let mut stop = false;
        // The solutions below the first twin, once walked.
        let mut counted = None;
        while r != best {
            let twin = walk.twin(best - 1, &self.chosen, self.row[r]);
            if let Some(count) = counted.filter(|_| twin) {
                match walk.skip(count) {
                    Some(true) => {
                        stop = true;
                        break;
                    }
                    Some(false) => {
                        r = self.down[r] as usize;
                        continue;
                    }
                    None => {}
                }
            }
            if walk.node() {
                stop = true;
                break;
            }
            let before = walk.solutions();
            self.chosen.push(self.row[r]);
            let mut j = self.right[r] as usize;
            while j != r {
                self.cover(self.column[j] as usize);
                j = self.right[j] as usize;
            }
            stop = self.search(in_order, walk);
            let mut j = self.left[r] as usize;
            while j != r {
                self.uncover(self.column[j] as usize);
                j = self.left[j] as usize;
            }
            self.chosen.pop();
            if stop {
                break;
            }
            if twin && counted.is_none() {
                counted = Some(walk.solutions() - before);
            }
            r = self.down[r] as usize;
        }
        self.uncover(best);
        stop
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
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Counts rows tried and solutions.
    #[derive(Default)]
    struct Tried {
        nodes: u64,
        solutions: u64,
    }

    impl Walk for Tried {
        fn node(&mut self) -> bool {
            self.nodes += 1;
            false
        }

        fn solution(&mut self, _: &[u32]) -> bool {
            self.solutions += 1;
            false
        }
    }

    /// An item with no row left ends a branch before any row is tried, in order too (SGU
    /// 437's in-order walk with DLX had wandered for minutes without it).
    #[test]
    fn a_dead_item_ends_the_branch_in_either_order() {
        let mut m = Cover::default();
        m.reset(3, &[true, true, true]);
        for r in 0..3 {
            m.add_row(r, &[0]);
        }
        m.add_row(3, &[2]);
        for in_order in [false, true] {
            let mut t = Tried::default();
            assert!(!m.search(in_order, &mut t));
            assert_eq!((t.nodes, t.solutions), (0, 0), "in order: {in_order}");
        }
        // With the dead item given a row: one solution per row of item 0.
        m.add_row(4, &[1]);
        for in_order in [false, true] {
            let mut t = Tried::default();
            m.search(in_order, &mut t);
            assert_eq!(t.solutions, 3, "in order: {in_order}");
        }
    }

    /// Rows 0-2 of item 0 are twins, each with two solutions below (rows 3 and 4 of item 1);
    /// the walk takes what it is offered unless `refuse` says to walk it.
    struct Twins {
        tried: Tried,
        offered: Vec<u64>,
        refuse: bool,
    }

    impl Walk for Twins {
        fn node(&mut self) -> bool {
            self.tried.node()
        }

        fn solution(&mut self, rows: &[u32]) -> bool {
            self.tried.solution(rows)
        }

        fn twin(&mut self, item: usize, _: &[u32], row: u32) -> bool {
            item == 0 && row < 3
        }

        fn solutions(&self) -> u64 {
            self.tried.solutions
        }

        fn skip(&mut self, count: u64) -> Option<bool> {
            self.offered.push(count);
            (!self.refuse).then(|| {
                self.tried.solutions += count;
                false
            })
        }
    }

    #[test]
    fn a_twin_walked_once_is_offered_for_the_others() {
        let mut m = Cover::default();
        m.reset(2, &[true, true]);
        for r in 0..3 {
            m.add_row(r, &[0]);
        }
        m.add_row(3, &[1]);
        m.add_row(4, &[1]);
        for refuse in [false, true] {
            let mut t = Twins {
                tried: Tried::default(),
                offered: Vec::new(),
                refuse,
            };
            assert!(!m.search(true, &mut t));
            assert_eq!(t.tried.solutions, 6, "refuse: {refuse}");
            assert_eq!(t.offered, [2, 2], "refuse: {refuse}");
            // The first twin walked (itself and its two rows below), or all three.
            assert_eq!(
                t.tried.nodes,
                if refuse { 9 } else { 3 },
                "refuse: {refuse}"
            );
        }
    }

    #[test]
    fn nodes_stop_at_the_cap_and_feed_the_meter() {
        let meter = AtomicU64::new(0);
        let mut n = Nodes::new(Some(5), Some(&meter), 2);
        let stopped: Vec<bool> = (0..7).map(|_| n.tick()).collect();
        assert_eq!(stopped, [false, false, false, false, false, true, true]);
        assert!(n.capped && n.count == 5);
        assert_eq!(meter.load(Relaxed), 4);
    }
}
