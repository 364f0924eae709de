//! Knuth's Algorithm X with dancing links, for sudoku on any region layout.
//!
//! # Why this 9x9 DLX and the any-size one (`solve::any::dlx`) both exist
//!
//! Timed against its any-size twin on the same puzzles in one run (`cargo bench --bench twins
//! -- --repeat 5`, thread CPU time, any-size / this time, medians of 5-9 alternating runs per
//! row; the spread over 3-9 such runs on a loaded 2-core machine, 2026-11-27), after the
//! any-size DLX took this one's two wins (the region-only relink on a layout change; the
//! trail-based uncover it already had):
//!
//! | set | count to 2 | first |
//! |---|---:|---:|
//! | HDU 4069's `hdu4069_mixed_300` (near-empty jigsaws among them) | 2.14-2.26 | 2.46-2.62 |
//! | 17-clue, first 5,000 | 1.03-1.14, median 1.11 | 0.97-1.18, median 1.13 |
//! | magictour, forum_hardest_1106 | 0.91-1.07 | 0.93-1.05 |
//! | seeded jigsaws, a layout each (2,000) | 0.89-0.94 | 0.85-0.94 |
//! | kaggle, serg (easy) | 0.75-0.87 | 0.76-0.88 |
//!
//! Before the relink the seeded jigsaws were 1.48 and 1.61. This one keeps its place by the
//! 10% rule on HDU 4069's file (its digit symmetry: the unit with the most empty cells filled,
//! three searches taking turns, see below) and on the 17-clue set; the any-size DLX is faster
//! on the easy sets and on jigsaws with givens.
//!
//! # The exact-cover matrix
//!
//! For side `n` (9 here, 16 for POJ 3076 later) there are `n³` rows, one per candidate
//! "cell `x` holds digit `d`", and `4n²` columns, in this order:
//!
//! ```text
//! column  0 ..  n²   cell x is filled                    (x = r*n + c)
//! column  n² .. 2n²  row r holds digit d                 (n² + r*n + d)
//! column 2n² .. 3n²  column c holds digit d              (2n² + c*n + d)
//! column 3n² .. 4n²  region g holds digit d              (3n² + g*n + d)
//! ```
//!
//! Every row has exactly four 1s. The matrix depends only on the side and the layout, so it is
//! built once and kept: a new puzzle on the same layout starts from the same links, and a new
//! layout relinks only the region columns and the region node of each row (HDU files change
//! layout at almost every case); the cell, row and column parts never change.
//!
//! # The links
//!
//! Nodes refer to each other by `u16` index (65,535 nodes is enough up to 25x25:
//! `4 * 25³ + 4 * 25²` = 65,000). Every per-node and per-column array has 65,536 entries, so an
//! index read out of a link can never be out of bounds and the hot loops carry no bounds checks
//! (only the prefix in use is ever touched). Knuth's fields, as they appear here:
//!
//! ```text
//! index 0 .. cols            column headers (U, D head the column's vertical list)
//! index cols .. base         padding so that rows start on a multiple of 4
//! index base + 4*row + k     the k-th 1 of matrix row `row` (k = 0 cell, 1 row, 2 col, 3 region)
//!
//! U, D   ud[x] = [up, down]     vertical doubly linked list through a column, header included;
//!                               side by side so that one load fetches both
//! TOP    top[x]                 the column header of a node (Knuth's TOP, C in the 2000 paper)
//! L, R   implicit               the four nodes of a row are consecutive and 4-aligned, so the
//!                               other three nodes of x's row are x^1, x^2, x^3; they never change
//! LEN    len[col]               rows still linked in the column, plus COVERED while covered
//! trail  trail[..tp]            the rows the search's covers took out, in order (not Knuth's)
//! ```
//!
//! The other three nodes of a row lie in three different columns, so unlinking them in any
//! order and relinking them in any order is the same; what uncover must reverse is the order of
//! the rows within a column and the order of the column covers, and it does. Knuth's uncover
//! finds the rows to relink by walking the covered column upwards; here they are popped off the
//! trail, which holds the same rows in the order cover took them, so the relinks are the same
//! in the same order. What changes is the loop structure: the three columns covered with a
//! chosen row are uncovered in one loop over their rows (see `Links::uncover_row_rest`).
//!
//! Knuth keeps the uncovered columns in a circular L/R list through the headers and scans it to
//! choose a column. Here that list is replaced by the `len` array itself: a covered column gets
//! `COVERED` added to its LEN, which puts it out of reach of the minimum, and the choice becomes
//! a scan of a small contiguous byte array (a vectorised minimum, then `memchr` for the first
//! column holding it: Knuth's first minimum-LEN column). A dependent pointer chase through ~250
//! headers per search node was the main cost of the textbook version. The LEN of a covered
//! column never changes while it is covered (its rows are unlinked from every other column), so
//! the mark is exact.
//!
//! Most choices need no scan at all: the decrement that brings a column's LEN to 0 or to 1 notes
//! that column, and the next search node checks the note first. A noted LEN 0 column is a dead
//! end found before any scan; a noted LEN 1 column is a minimum-LEN choice (a forced move). A
//! note can be stale (the column covered or relinked since), so it counts only while the
//! column's LEN still says 0 or 1; covered columns read as `COVERED` and more. On the 17-clue
//! set (limit 1) this leaves about 25 scans per puzzle for about 90 search nodes, and fewer
//! than one dead end in 2,000 is missed by the LEN 0 note (the scan then finds it).
//!
//! # Where the time goes
//!
//! On the forum's hardest puzzles (limit 1) a solve is ~1,077 search nodes of ~500
//! instructions: per node ~15 unlinks and ~13 relinks, four covers and four uncovers. The links
//! live in L1 (cachegrind: no D1 misses to speak of); what costs is instructions and the loop
//! exits of cover and uncover, whose trip counts are the LENs of the columns covered: the
//! chosen column has 1 row (92%) or 2, the three others of its row 0 to 3 rows about evenly
//! (measured over 2,000 forum puzzles), so the exit is a coin toss each time (cachegrind's
//! branch model puts 85% of all mispredicts there). Two changes measured with alternating
//! runs of the first 2,000 forum puzzles (`scripts/alternate.py`):
//!
//! - The LEN hint indexes its array by the new LEN instead of `min(LEN, 2)`: -8% instructions,
//!   3% faster.
//! - Cover and uncover loop `LEN` times instead of until the pointer chase returns to the
//!   header: the exit no longer waits on a dependent load, so a mispredicted exit is found
//!   sooner. -3% instructions, 1-2% faster; both together 6% on the forum set, 7% on 17-clue.
//! - Uncover pops the rows off the trail, and the three columns of a chosen row are uncovered
//!   in one loop instead of three: one unpredictable loop exit instead of three on the way
//!   back. +4.8% instructions (a store per row covered), -22% mispredicts (12.0M to 9.3M on the
//!   first 2,000 forum puzzles), 14% faster on them; 4% on the generated HDU file, level on
//!   kaggle and 17-clue.
//!
//! The scans of `Links::choose` are what is left outside cover and uncover: about 7% of the
//! forum solve time (perf). On the first 2,000 forum puzzles, 444k scans for 2.15M nodes:
//! 159k find a LEN 2 minimum (a scan is the only way to know no LEN 1 column is left), 281k a
//! LEN 1 column the single hint had lost to a later one, 1.7k a dead end. A scan costs ~160
//! instructions, ~33 per node on average; keeping more than one LEN 1 hint costs 2-4
//! instructions in every unlink, 30-60 per node, so the single hint stays.
//!
//! Measured and rejected: replacing `memchr` in `Links::choose` by a per-block compare mask
//! (+13% instructions in `choose`: the mask fold does not vectorise). Not pursued: giving each
//! header three self-linked dummy neighbours so that covers of up to two rows run without a
//! loop branch; at 1.25 rows per cover the dummy unlinks would add ~180 instructions per node
//! to save ~3 mispredicts.
//!
//! # A puzzle
//!
//! A solve starts from a copy of the pristine links and LENs (13 KB for 9x9), the matrix as
//! built for the layout. The givens are then placed by covering the four columns of each
//! given's row, exactly as if the search had chosen it; that removes every candidate a given
//! excludes. A given whose row has a column already covered clashes with an earlier given
//! (same cell, or same digit in a row, column or region): the puzzle has no solution and the
//! search is skipped.
//!
//! A search that runs out of rows uncovers as it unwinds (debug builds check that it leaves the
//! links exactly as the givens left them). One that reaches `limit` returns at once, leaving its
//! columns covered, and the givens are never uncovered: the copy that starts the next solve is
//! cheaper than the ~2,000 relinks that uncovering the givens and the solution path would take.
//!
//! # Digit symmetry
//!
//! Digits absent from the givens are interchangeable. With `f` of them, one solution implies at
//! least `f!`, so when `f >= 2` and `limit <= f!` the answer is "limit" as soon as one solution
//! exists, and the search for it may try, in a cell column, only the first digit not yet used by
//! the givens or the rows chosen so far (the others give the same subtree up to relabelling).
//! Without this, the near-empty jigsaw grids of `hdu4069_mixed_300` (0, 2 and 5 clues, counting
//! to 2) took 83 s, 6.6 s and 4.7 s in plain Algorithm X; with it, 0.55 s, 0.2 s and under 10 ms.
//! The restriction has grids of its own where it gets lost (a 12-clue jigsaw grid of the
//! cross-check ran for minutes restricted), so the restricted and the plain search take turns
//! under a growing node budget and whichever settles first answers (`Matrix::find_one`).
//!
//! One more step of the same symmetry, for the restricted turn: when some unit (region, row or
//! column) already holds every digit the givens use, its empty cells can only hold absent
//! digits, and relabelling the absent digits turns any solution into one where those cells,
//! in cell order, hold the unit's missing digits in increasing order. So they are placed that
//! way before the search (`Matrix::fill_unit`); there is a solution with them exactly when
//! there is one at all. An empty grid qualifies with any unit: `hdu4069_mixed_300` case 276,
//! an empty jigsaw grid, took 385 ms without it and takes 7 ms with it, and the whole file
//! went from 706 to 7,517 cases/s (the `speed` test below).

use super::{Outcome, Solver};
use crate::model::cells::nonzero_flags;
use crate::model::{CELLS, Grid, Layout, N, Puzzle};

/// Entries in every per-node and per-column array. Node and column indices are `u16`, so an
/// index read out of a link is always in bounds and the hot loops carry no bounds checks.
const SPAN: usize = 1 << 16;

/// Added to a column's LEN while it is covered; larger than any real LEN (at most the side, 25).
const COVERED: u8 = 0x80;

/// A column index whose LEN is always [`COVERED`]: where the LEN hints point before any
/// decrement (outside the prefix that solves change and restore).
const SENTINEL: u16 = u16::MAX;

/// The LEN bytes scanned are padded to a multiple of this, so that the vectorised scan has no
/// scalar tail.
const BLOCK: usize = 32;

/// Largest side the links can hold (`4 * 25³ + 4 * 25²` nodes fit in `u16` indices).
const MAX_SIDE: usize = 25;

/// Knuth's U: index of the node above, first of a node's pair in [`Links::ud`].
const UP: usize = 0;

/// Knuth's D: index of the node below, second of a node's pair in [`Links::ud`].
const DOWN: usize = 1;

/// The dancing links proper: every array Knuth's cover and uncover touch, inline in one
/// struct so that the hot loops address them at fixed offsets from a single pointer, which
/// `&mut self` tells the compiler nothing else writes to (with separate boxes it reloaded every
/// array's address after each byte store).
#[derive(Clone, Debug)]
struct Links {
    /// Knuth's U and D per node, side by side so that one load fetches both.
    ud: [[u16; 2]; SPAN],
    /// Knuth's TOP per node: the column header it belongs to. Never changes after building.
    top: [u16; SPAN],
    /// Knuth's LEN per column, plus [`COVERED`] while covered; padding columns stay covered.
    len: [u8; SPAN],
    /// LEN entries scanned by [`Links::choose`]: the columns, rounded up to a whole [`BLOCK`].
    scan: usize,
    /// The last column whose LEN [`Links::unlink`] brought down to 0 (`last[0]`) and to 1
    /// (`last[1]`) during the search. Every decrement notes its column at the new LEN, so that
    /// noting needs no branch (a data-dependent branch there mispredicted often enough to cost
    /// 20% of the solve time) and no clamp (a `min(2)` on the index cost 4 of the ~30
    /// instructions of an unlink); only entries 0 and 1 are ever read. A hint only: the column
    /// may have been covered or relinked since, so it is trusted only while its LEN still says
    /// so (a covered column's LEN is at least [`COVERED`]).
    last: [u16; 256],
    /// The rows the search's covers took out, in the order they were taken (the node of each
    /// in the covered column): uncover pops them, last first, instead of walking the covered
    /// column's list again. Only `..tp` is in use (at most `side³` rows, well inside `SPAN`).
    trail: [u16; SPAN],
    /// Rows on the trail.
    tp: u16,
}

/// The exact-cover matrix of one side and layout, with its links and the search state.
#[derive(Clone, Debug)]
struct Matrix {
    /// Side length `n`: digits, rows, columns and regions per grid.
    side: usize,
    /// Index of the first row node (a multiple of 4, at least the number of columns).
    base: usize,
    /// Nodes in use (headers, padding, row nodes): the prefix of `ud` a solve may change.
    total: usize,
    /// The links, in one heap block.
    links: Box<Links>,
    /// `ud` as built (only `..total` is used), copied in at the start of every solve; as long
    /// as `ud` so that the region relink indexes it without bounds checks.
    pristine_ud: Box<[[u16; 2]; SPAN]>,
    /// `len[..scan]` as built, copied in at the start of every solve.
    pristine_len: Vec<u8>,
    /// The cells of each region in increasing order, `side` per region, region by region.
    members: Vec<u16>,
    /// The row node chosen at each search depth.
    chosen: Vec<u16>,
    /// The column branched on at each search depth.
    columns: Vec<u16>,
    /// Per search depth, the trail length before the chosen row's other columns were covered:
    /// where [`Links::uncover_row_rest`] stops popping.
    marks: Vec<u16>,
    /// Per search depth, the first not-yet-used digit tried there (`usize::MAX` before one);
    /// only while `symmetric`.
    tried: Vec<usize>,
    /// Solutions found so far for the current puzzle.
    count: u32,
    /// Stop once this many solutions are found.
    limit: u32,
    /// First solution found, one digit `1..=n` per cell (valid once `count > 0`).
    first: Vec<u8>,
    /// Per digit (0-based), how many givens and chosen rows use it; kept only while
    /// `symmetric`.
    used: Vec<u8>,
    /// The givens plus one unit filled by symmetry, for the restricted turn of
    /// [`Matrix::find_one`] (see [`Matrix::fill_unit`]).
    filled: Vec<u8>,
    /// Digit-symmetry pruning is on: digits not used yet are interchangeable, so a cell column
    /// tries only the first of them (see [`Matrix::solve`]).
    symmetric: bool,
    /// Rows a budgeted search may try before it gives up (see [`Matrix::find_one`]).
    budget: u64,
    /// Rows the current budgeted search has tried.
    spent: u64,
    /// The last budgeted search gave up before settling anything.
    out_of_budget: bool,
    /// Rows the last solve tried in all its turns.
    rows: u64,
}

impl Matrix {
    /// Builds the matrix for side `side` and region id per cell (`region.len() == side²`, ids
    /// `0..side`, each region holding `side` cells).
    ///
    /// Kept out of line: inlined into [`DlxSolver::solve`] (through `matrix_for`), the
    /// half-megabyte [`Links`] it may build on the stack became part of `solve`'s own frame,
    /// and every call paid for it: 112 stack-probe writes, one per 4 KB page, each a cache
    /// miss (cachegrind: 112 D1 write misses and ~450 instructions per puzzle). That was a
    /// seventh of `solve -s dlx` on the kaggle set (57.0 ms, 49.0 ms without).
    #[cold]
    #[inline(never)]
    fn new(side: usize, region: &[u8]) -> Self {
        let n = side;
        let cells = n * n;
        assert_eq!(region.len(), cells, "one region id per cell");
        let cols = 4 * cells;
        let base = cols.next_multiple_of(4);
        let total = base + 4 * n * cells;
        assert!(
            total <= SPAN && side <= MAX_SIDE,
            "side {side} too large for u16 links"
        );
        assert!(n < COVERED as usize, "LEN must stay below COVERED");
        let scan = cols.next_multiple_of(BLOCK);
        let links = Box::new(Links {
            ud: [[0; 2]; SPAN],
            top: [0; SPAN],
            len: [0; SPAN],
            scan,
            last: [SENTINEL; 256],
            trail: [0; SPAN],
            tp: 0,
        });
        let mut m = Matrix {
            side,
            base,
            total,
            pristine_ud: Box::new([[0; 2]; SPAN]),
            pristine_len: vec![0; scan],
            members: vec![0; cells],
            links,
            chosen: vec![0; cells],
            columns: vec![0; cells],
            marks: vec![0; cells],
            tried: vec![usize::MAX; cells],
            count: 0,
            limit: 1,
            first: vec![0; cells],
            used: vec![0; n],
            filled: vec![0; cells],
            symmetric: false,
            budget: u64::MAX,
            spent: 0,
            out_of_budget: false,
            rows: 0,
        };
        m.link(region);
        m
    }

    /// Links every row into the pristine copy: the cell, row and column parts once, then the
    /// region part for the layout `region` (one id per cell).
    fn link(&mut self, region: &[u8]) {
        let n = self.side;
        let cells = n * n;
        let scan = self.links.scan;
        let len = &mut self.links.len;
        len[..3 * cells].fill(0);
        len[4 * cells..scan].fill(COVERED);
        len[SENTINEL as usize] = COVERED;
        self.link_part(0, |cell, _| cell);
        self.link_part(1, |cell, d| cells + cell / n * n + d);
        self.link_part(2, |cell, d| 2 * cells + cell % n * n + d);
        for c in 3 * cells..4 * cells {
            self.links.top[c] = c as u16;
        }
        self.pristine_ud[..self.total].copy_from_slice(&self.links.ud[..self.total]);
        self.pristine_len.copy_from_slice(&self.links.len[..scan]);
        // Every region holds `n` cells, so every region column holds `n` rows on any layout.
        self.pristine_len[3 * cells..4 * cells].fill(n as u8);
        self.relink_regions(region);
    }

    /// Links the region part of the pristine copy for the layout `region` (one id per cell):
    /// the region columns and the last node of every row, the only links that depend on the
    /// layout. HDU files change layout at almost every case, so this runs once per case: it
    /// writes a quarter of the nodes instead of all of them, with plain stores (the column
    /// lists are known in full from the regions' cells, so no link is read), and leaves the
    /// live links to the copy that starts the next solve.
    fn relink_regions(&mut self, region: &[u8]) {
        let n = self.side;
        let cells = n * n;
        assert_eq!(region.len(), cells, "one region id per cell");
        // The cells of each region in increasing order, region g's at `members[g * n..]`.
        // With `cells` cells and none over `n`, every region holds exactly `n`.
        let mut size = [0usize; MAX_SIDE];
        for (cell, &g) in region.iter().enumerate() {
            let g = g as usize;
            assert!(
                g < n && size[g] < n,
                "region {g} out of range or over {n} cells"
            );
            self.members[g * n + size[g]] = cell as u16;
            size[g] += 1;
        }
        let base = self.base;
        let top = &mut self.links.top;
        let pristine = &mut *self.pristine_ud;
        for (g, members) in self.members.chunks_exact(n).enumerate() {
            for d in 0..n {
                // Region g holds digit d: the rows (cell, d) for its cells, top to bottom, in
                // a circular list through the header.
                let head = (3 * cells + g * n + d) as u16;
                let node = |cell: u16| (base + 4 * (cell as usize * n + d) + 3) as u16;
                let first = node(members[0]);
                pristine[head as usize] = [node(members[n - 1]), first];
                let (mut up, mut x) = (head, first);
                for i in 1..=n {
                    let down = members.get(i).map_or(head, |&cell| node(cell));
                    pristine[x as usize] = [up, down];
                    top[x as usize] = head;
                    (up, x) = (x, down);
                }
            }
        }
    }

    /// Links node `k` of every row into the column `column(cell, d)` (d 0-based) after
    /// emptying those columns, whose LENs the caller has zeroed. Rows are appended in order,
    /// cell-major, digit-minor, at the bottom of their column: every column lists its rows in
    /// increasing order, so digits are tried 1..n.
    #[inline(always)]
    fn link_part(&mut self, k: usize, column: impl Fn(usize, usize) -> usize) {
        let n = self.side;
        let cells = n * n;
        let base = self.base;
        let Links { ud, top, len, .. } = &mut *self.links;
        for c in k * cells..(k + 1) * cells {
            // An empty column: the header links to itself.
            ud[c] = [c as u16; 2];
            top[c] = c as u16;
        }
        for cell in 0..cells {
            for d in 0..n {
                let col = column(cell, d);
                debug_assert!((k * cells..(k + 1) * cells).contains(&col));
                let x = base + 4 * (cell * n + d) + k;
                let last = ud[col][UP] as usize;
                ud[x] = [last as u16, col as u16];
                top[x] = col as u16;
                ud[last][DOWN] = x as u16;
                ud[col][UP] = x as u16;
                len[col] += 1;
            }
        }
    }

    /// The row node for "cell holds digit" (digit `1..=n`), first of its four.
    #[inline]
    fn row_node(&self, cell: usize, digit: usize) -> u16 {
        (self.base + 4 * (cell * self.side + digit - 1)) as u16
    }

    /// The digit (0-based) of row node `x`'s row.
    #[inline]
    fn digit_of(&self, x: u16) -> usize {
        ((x as usize - self.base) / 4) % self.side
    }

    /// Algorithm X, iterative: the row tried at each depth is in `chosen`, its column in
    /// `columns`. Returns true when the limit is reached; the search then stops at once and
    /// leaves its columns covered (the next solve starts from a fresh copy). One that runs out of
    /// rows leaves the links as it found them. `SYM` is [`Matrix::symmetric`], a constant so
    /// that the usual search carries none of the digit bookkeeping; with `BUDGET` the search
    /// also stops once it has tried more than `budget` rows, setting `out_of_budget`.
    fn search<const SYM: bool, const BUDGET: bool, const REV: bool>(&mut self) -> bool {
        // The order rows of a column are tried in: Knuth's top to bottom, or reversed.
        let dir = if REV { UP } else { DOWN };
        let mut depth = 0;
        loop {
            // Choose a column for `depth`: a dead end, a solution, or a column to branch on.
            let mut next = None;
            // The hints first: a column left with no row is a dead end, and a column left with
            // one is a minimum-LEN choice, both found without a scan. Either may be stale; its
            // LEN says.
            let links = &mut *self.links;
            if links.len[links.last[0] as usize] != 0 {
                let c = if links.len[links.last[1] as usize] == 1 {
                    Some(links.last[1])
                } else {
                    links.choose()
                };
                match c {
                    None => {
                        self.record(depth);
                        self.count += 1;
                        if self.count >= self.limit {
                            return true;
                        }
                    }
                    Some(c) if links.len[c as usize] == 0 => {}
                    Some(c) => {
                        links.cover::<true>(c);
                        self.columns[depth] = c;
                        if SYM {
                            self.tried[depth] = usize::MAX;
                        }
                        next = Some((c, links.ud[c as usize][dir]));
                    }
                }
            }
            // Try the next row of the current column, backing up while a column runs out.
            loop {
                let (c, mut r) = match next {
                    Some(at) => at,
                    None => {
                        if depth == 0 {
                            return false;
                        }
                        depth -= 1;
                        let r = self.chosen[depth];
                        self.links.uncover_row_rest(r, self.marks[depth]);
                        if SYM {
                            let digit = self.digit_of(r);
                            self.used[digit] -= 1;
                        }
                        (self.columns[depth], self.links.ud[r as usize][dir])
                    }
                };
                if SYM {
                    while r != c {
                        let digit = self.digit_of(r);
                        if self.used[digit] == 0 {
                            // Every unused digit leads to the same subtree up to relabelling,
                            // so after one of them the others are skipped. Only a cell column
                            // offers several digits; a unit-digit column offers one digit in
                            // different cells, which are not interchangeable and are all tried.
                            let tried = self.tried[depth];
                            if tried != usize::MAX && tried != digit {
                                r = self.links.ud[r as usize][dir];
                                continue;
                            }
                            self.tried[depth] = digit;
                        }
                        self.used[digit] += 1;
                        break;
                    }
                }
                if r == c {
                    self.links.uncover(c);
                    next = None;
                    continue;
                }
                if BUDGET {
                    self.spent += 1;
                    if self.spent > self.budget {
                        self.out_of_budget = true;
                        return true;
                    }
                }
                self.chosen[depth] = r;
                self.marks[depth] = self.links.tp;
                self.links.cover_row_rest::<true>(r);
                depth += 1;
                break;
            }
        }
    }

    /// Writes the digits of the rows chosen down to `depth` into `first`, if this is the first
    /// solution (the givens are already there).
    fn record(&mut self, depth: usize) {
        if self.count > 0 {
            return;
        }
        for &x in &self.chosen[..depth] {
            let row = (x as usize - self.base) / 4;
            self.first[row / self.side] = (row % self.side) as u8 + 1;
        }
    }

    /// Counts the solutions of `givens` (one digit `0..=n` per cell, 0 empty) up to `limit` and
    /// keeps the first in `self.first`. Returns the count. The links are left as the search
    /// left them: [`Matrix::place_givens`] starts every solve from the pristine copy.
    fn solve(&mut self, givens: &[u8], limit: u32) -> u32 {
        debug_assert_eq!(givens.len(), self.side * self.side);
        self.count = 0;
        self.limit = limit.max(1);
        self.first.copy_from_slice(givens);
        self.budget = u64::MAX;
        self.spent = 0;
        self.rows = 0;
        if self.place_givens(givens) {
            // Digits absent from the givens are interchangeable: permuting them maps solutions
            // to distinct solutions, so with f of them one solution means at least f! of them.
            // When that already reaches the limit, finding one solution is enough.
            self.count_used(givens);
            let absent = self.used.iter().filter(|&&u| u == 0).count() as u32;
            let at_least = (1..=absent).fold(1u32, |a, k| a.saturating_mul(k));
            self.symmetric = absent >= 2 && self.limit <= at_least;
            if self.symmetric {
                self.find_one(givens);
            } else {
                self.count_in_turns(givens);
            }
        }
        self.count
    }

    /// Counts the solutions of the givens (already placed) up to the limit. Plain Algorithm X
    /// settles nearly every puzzle within the first budget, exactly as an unbounded search
    /// would. One that runs past it is either a large tree to exhaust (the order of the rows
    /// then changes nothing) or a grid with solutions the top-to-bottom order is slow to reach:
    /// an 11-clue jigsaw grid with several solutions from `gen` took it 5.5 s to count to 2,
    /// the bottom-to-top order no time at all. So the plain search then takes turns, with a
    /// budget growing 4x a round, with the reversed order on a quarter of its budget: an
    /// exhausting search costs at most about two thirds more.
    fn count_in_turns(&mut self, givens: &[u8]) {
        // Debug builds check that a search which runs out of rows unwinds exactly.
        #[cfg(debug_assertions)]
        let before = (
            self.links.ud[..self.total].to_vec(),
            self.links.len[..self.links.scan].to_vec(),
        );
        let mut budget: u64 = 1 << 16;
        let mut fresh = true;
        loop {
            for reverse in [false, true] {
                if !fresh {
                    // The stopped search left columns covered and maybe a solution counted.
                    self.restart(givens, false);
                }
                fresh = false;
                self.spent = 0;
                self.out_of_budget = false;
                let stopped = if reverse {
                    self.budget = budget / 4;
                    self.search::<false, true, true>()
                } else {
                    self.budget = budget;
                    self.search::<false, true, false>()
                };
                self.rows += self.spent;
                if !self.out_of_budget {
                    #[cfg(debug_assertions)]
                    if !stopped {
                        debug_assert!(
                            self.links.ud[..self.total] == before.0[..],
                            "links not unwound"
                        );
                        debug_assert!(
                            self.links.len[..self.links.scan] == before.1[..],
                            "LEN not unwound"
                        );
                    }
                    let _ = stopped;
                    self.budget = u64::MAX;
                    return;
                }
            }
            budget = budget.saturating_mul(4);
        }
    }

    /// Settles a count that one solution decides (see [`Matrix::solve`]): sets `count` to the
    /// limit if the givens have a solution, else leaves it 0.
    ///
    /// Three complete searches take turns under a node budget that grows fourfold each round:
    /// one that skips every branch that is a relabelling of one already tried (a unit filled
    /// by [`Matrix::fill_unit`] when there is one, then in a cell column only the first digit
    /// not used yet), plain Algorithm X, and plain Algorithm X trying the rows of a column
    /// bottom to top. Each alone gets lost on some near-empty jigsaw grid — the plain ones on
    /// grids like `hdu4069_mixed_300` case 276, the restricted one on grids whose solutions all
    /// need an unlikely digit order — while taking turns costs at most a small factor over the
    /// best of them.
    fn find_one(&mut self, givens: &[u8]) {
        let limit = self.limit;
        self.limit = 1;
        let filled = self.fill_unit(givens);
        let mut budget: u64 = 1 << 10;
        'rounds: loop {
            for turn in 0..3 {
                self.budget = budget;
                self.spent = 0;
                self.out_of_budget = false;
                // A stopped search leaves columns covered, and the restricted turn may start
                // from more givens: every turn places its own.
                self.restart(givens, turn == 0 && filled);
                match turn {
                    0 => {
                        self.search::<true, true, false>();
                    }
                    1 => {
                        self.search::<false, true, false>();
                    }
                    _ => {
                        self.search::<false, true, true>();
                    }
                }
                self.rows += self.spent;
                if !self.out_of_budget {
                    break 'rounds;
                }
            }
            budget = budget.saturating_mul(4);
        }
        self.limit = limit;
        self.budget = u64::MAX;
        if self.count > 0 {
            self.count = limit;
        }
    }

    /// Places `givens`, or with `use_filled` the givens plus the unit [`Matrix::fill_unit`]
    /// filled, and starts the count, `first` and the digit counts from them.
    fn restart(&mut self, givens: &[u8], use_filled: bool) {
        let filled = std::mem::take(&mut self.filled);
        let start = if use_filled { &filled[..] } else { givens };
        let placed = self.place_givens(start);
        debug_assert!(
            placed,
            "givens that placed once, and a unit filled by symmetry, place"
        );
        self.count = 0;
        self.first.copy_from_slice(start);
        self.count_used(start);
        self.filled = filled;
    }

    /// Fills `filled` with the givens plus, in one unit that holds every digit the givens use,
    /// that unit's missing digits in increasing order over its empty cells (see the module
    /// doc: a solution exists with them exactly when one exists at all, as long as the search
    /// settles only whether one exists). The unit with the most empty cells is taken, regions
    /// first, then rows, then columns. Returns false when no unit has two or more such cells.
    fn fill_unit(&mut self, givens: &[u8]) -> bool {
        let n = self.side;
        // Digit sets as bits 1..=n; the givens placed without a clash, so none exceeds n.
        let digits = |cells: &mut dyn Iterator<Item = usize>| {
            cells.fold(0u32, |m, c| m | 1 << givens[c]) & !1
        };
        let in_use = digits(&mut (0..n * n));
        let members = &self.members;
        let unit = |kind: usize, i: usize, k: usize| match kind {
            0 => members[i * n + k] as usize,
            1 => i * n + k,
            _ => k * n + i,
        };
        let mut best: Option<(u32, usize, usize, u32)> = None;
        for kind in 0..3 {
            for i in 0..n {
                let held = digits(&mut (0..n).map(|k| unit(kind, i, k)));
                let empty = n as u32 - held.count_ones();
                if held & in_use == in_use && empty >= 2 && best.is_none_or(|b| empty > b.0) {
                    best = Some((empty, kind, i, held));
                }
            }
        }
        let Some((_, kind, i, held)) = best else {
            return false;
        };
        let mut missing = (1..=n as u8).filter(|&d| held & 1 << d == 0);
        self.filled.copy_from_slice(givens);
        for k in 0..n {
            let c = unit(kind, i, k);
            if self.filled[c] == 0 {
                self.filled[c] = missing.next().expect("one missing digit per empty cell");
            }
        }
        true
    }

    /// Copies the pristine links back, then covers the row of every given, exactly as if the
    /// search had chosen it. Returns false when two givens clash (same cell, or same digit in a
    /// row, column or region).
    fn place_givens(&mut self, givens: &[u8]) -> bool {
        self.restore();
        // The filled cells as bit sets, 64 cells a word, so that the loop visits only them: a
        // branch per cell on whether it is empty mispredicted every few cells.
        for (w, chunk) in givens.chunks(64).enumerate() {
            let mut filled = nonzero_flags(chunk);
            while filled != 0 {
                let cell = w * 64 + filled.trailing_zeros() as usize;
                filled &= filled - 1;
                let d = givens[cell] as usize;
                if d > self.side {
                    return false;
                }
                let x = self.row_node(cell, d);
                // A row stays linked exactly as long as none of its columns is covered; a
                // covered one means an earlier given already uses this cell or this digit in
                // the unit. A LEN below COVERED has its top bit clear, so one test of the
                // four LENs together says.
                let links = &*self.links;
                let lens = (0..4).fold(0, |a, k| {
                    a | links.len[links.top[(x + k) as usize] as usize]
                });
                if lens & COVERED != 0 {
                    return false;
                }
                self.links.cover::<false>(self.links.top[x as usize]);
                self.links.cover_row_rest::<false>(x);
            }
        }
        true
    }

    /// Per digit, how many givens use it: the start of the symmetric search's bookkeeping.
    /// Counted by value, empty cells included, so that the loop has no branch.
    fn count_used(&mut self, givens: &[u8]) {
        let mut count = [0u16; 256];
        for &d in givens {
            count[d as usize] += 1;
        }
        // The givens placed without a clash, so each digit is used at most `side` times.
        for (used, &c) in self.used.iter_mut().zip(&count[1..]) {
            *used = c as u8;
        }
    }

    /// One copy of a few KB puts back what the givens and a stopped search left covered,
    /// instead of uncovering every column again; it also brings in a new layout's region
    /// links, which [`Matrix::relink_regions`] writes to the pristine copy only. The LEN hints
    /// are cleared, so that a solve does not depend on the puzzles before it.
    fn restore(&mut self) {
        self.links.ud[..self.total].copy_from_slice(&self.pristine_ud[..self.total]);
        self.links.len[..self.links.scan].copy_from_slice(&self.pristine_len);
        self.links.last[..2].fill(SENTINEL);
        self.links.tp = 0;
    }
}

impl Links {
    /// Removes column `c` from play and unlinks every row that has a 1 in it from the other
    /// columns (Knuth's cover). The other three nodes of row node `i` are `i ^ 1`, `i ^ 2` and
    /// `i ^ 3`; they lie in three different columns, so the order they are unlinked in does not
    /// matter to [`Links::uncover`], only the order of the rows does.
    ///
    /// `SEARCH` marks the search's covers: they note the LEN hints and push their rows on the
    /// trail for uncover. The givens' covers do neither: they are never uncovered, and the
    /// hints are for the search.
    #[inline(always)]
    fn cover<const SEARCH: bool>(&mut self, c: u16) {
        let rows = self.len[c as usize];
        debug_assert!(rows < COVERED, "cover of covered {c}");
        self.len[c as usize] = rows + COVERED;
        let mut i = c;
        let mut tp = self.tp;
        for _ in 0..rows {
            i = self.ud[i as usize][DOWN];
            // Written out three times: a loop over the three costs a third of the work.
            self.unlink::<SEARCH>(i ^ 1);
            self.unlink::<SEARCH>(i ^ 2);
            self.unlink::<SEARCH>(i ^ 3);
            if SEARCH {
                self.trail[tp as usize] = i;
                tp = tp.wrapping_add(1);
            }
        }
        self.tp = tp;
        debug_assert_eq!(
            self.ud[i as usize][DOWN], c,
            "LEN of {c} is not its row count"
        );
    }

    /// Takes node `j` out of its column's vertical list (the column loses a row).
    #[inline(always)]
    fn unlink<const SEARCH: bool>(&mut self, j: u16) {
        let [up, down] = self.ud[j as usize];
        debug_assert!(self.ud[up as usize][DOWN] == j && self.ud[down as usize][UP] == j);
        self.ud[up as usize][DOWN] = down;
        self.ud[down as usize][UP] = up;
        let t = self.top[j as usize];
        let l = self.len[t as usize] - 1;
        self.len[t as usize] = l;
        if SEARCH {
            self.last[l as usize] = t;
        }
    }

    /// Puts node `j` back where [`Links::unlink`] took it from.
    #[inline(always)]
    fn relink(&mut self, j: u16) {
        let [up, down] = self.ud[j as usize];
        // j's neighbours must skip over j, or the cover/uncover order was broken.
        debug_assert!(self.ud[up as usize][DOWN] == down);
        debug_assert!(self.ud[down as usize][UP] == up);
        self.len[self.top[j as usize] as usize] += 1;
        self.ud[up as usize][DOWN] = j;
        self.ud[down as usize][UP] = j;
    }

    /// Undoes the search's [`Links::cover`] of column `c`, which must be the last cover not yet
    /// undone (Knuth's uncover). Its rows are the top `LEN` entries of the trail; popping them
    /// relinks them bottom to top, as walking the column upwards would.
    #[inline(always)]
    fn uncover(&mut self, c: u16) {
        debug_assert!(self.len[c as usize] >= COVERED, "uncover of open {c}");
        let rows = self.len[c as usize] - COVERED;
        let mut tp = self.tp;
        for _ in 0..rows {
            tp = tp.wrapping_sub(1);
            let i = self.trail[tp as usize];
            debug_assert_eq!(self.top[i as usize], c, "trail out of step");
            self.relink(i ^ 3);
            self.relink(i ^ 2);
            self.relink(i ^ 1);
        }
        self.tp = tp;
        self.len[c as usize] = rows;
    }

    /// Covers the columns of row node `x`'s row other than the one `x` is in.
    #[inline(always)]
    fn cover_row_rest<const SEARCH: bool>(&mut self, x: u16) {
        for j in [x ^ 1, x ^ 2, x ^ 3] {
            self.cover::<SEARCH>(self.top[j as usize]);
        }
    }

    /// Undoes the search's [`Links::cover_row_rest`] of row node `x`, which left the trail at
    /// `mark`: the three columns' rows, popped in one loop, then their three LENs. Uncovering
    /// the columns one by one would relink the same rows in the same order, but would leave
    /// three loops whose trip counts (0 to 3 rows, about evenly) the branch predictor cannot
    /// guess; one loop over all of them has one such exit.
    ///
    /// The LENs of the three columns are put back last rather than between their rows: a
    /// relink can add a row back to a column of this cover that is still marked covered (a row
    /// sharing two of the columns was unlinked from the second when the first was covered),
    /// and the row counts add up the same either way.
    #[inline(always)]
    fn uncover_row_rest(&mut self, x: u16, mark: u16) {
        debug_assert!(mark <= self.tp, "trail below its mark");
        let mut tp = self.tp;
        while tp != mark {
            tp = tp.wrapping_sub(1);
            let i = self.trail[tp as usize];
            debug_assert!(
                [x ^ 1, x ^ 2, x ^ 3]
                    .map(|j| self.top[j as usize])
                    .contains(&self.top[i as usize]),
                "trail out of step"
            );
            self.relink(i ^ 3);
            self.relink(i ^ 2);
            self.relink(i ^ 1);
        }
        self.tp = tp;
        for j in [x ^ 3, x ^ 2, x ^ 1] {
            let c = self.top[j as usize] as usize;
            debug_assert!(self.len[c] >= COVERED, "uncover of open {c}");
            self.len[c] -= COVERED;
        }
    }

    /// The uncovered column with the fewest rows, the first such in column order (Knuth's
    /// choice); `None` when every column is covered. Only reached when the LEN hints have
    /// nothing, a few times per puzzle, so it scans everything: two passes over a few hundred
    /// bytes, both vectorised (a packed-minimum fold, then `memchr` for its first place).
    #[inline(never)]
    fn choose(&self) -> Option<u16> {
        let len = &self.len[..self.scan];
        let best = len.iter().fold(u8::MAX, |a, &v| a.min(v));
        if best >= COVERED {
            return None;
        }
        let at = memchr::memchr(best, len).expect("the minimum is in the scan");
        Some(at as u16)
    }
}

/// Dancing-links solver for 9x9 puzzles on any layout. Keeps the matrix of the last layout it
/// saw, so a run of puzzles on one layout never rebuilds it.
#[derive(Clone, Debug, Default)]
pub struct DlxSolver {
    /// The matrix and the layout it was built for.
    cached: Option<(Layout, Matrix)>,
}

impl DlxSolver {
    /// A solver with no matrix yet; the first puzzle builds one.
    pub fn new() -> Self {
        Self::default()
    }

    /// The matrix for `layout`: built on the first puzzle, its region part relinked when the
    /// layout differs from the last one.
    fn matrix_for(&mut self, layout: &Layout) -> &mut Matrix {
        match &mut self.cached {
            Some((l, _)) if l == layout => {}
            Some((l, m)) => {
                m.relink_regions(layout.regions());
                *l = *layout;
            }
            None => self.cached = Some((*layout, Matrix::new(N, layout.regions()))),
        }
        &mut self.cached.as_mut().expect("just built").1
    }
}

impl Solver for DlxSolver {
    fn solve(&mut self, puzzle: &Puzzle, limit: u32) -> Outcome {
        let m = self.matrix_for(&puzzle.layout);
        let count = m.solve(&puzzle.cells, limit);
        if count == 0 {
            return Outcome::NONE;
        }
        let mut grid: Grid = [0; CELLS];
        grid.copy_from_slice(&m.first);
        Outcome {
            count,
            solution: Some(grid),
        }
    }

    fn nodes(&self) -> u64 {
        self.cached.as_ref().map_or(0, |(_, m)| m.rows)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::is_solution_of;
    use crate::model::testutil::{grid, hdu4069_cases};
    use crate::model::testutil::{poj_sample, poj_solution};

    const HDU_IN: &str = include_str!("../../testdata/sets/hdu4069_mixed_300.in");
    const HDU_OUT: &str = include_str!("../../testdata/sets/hdu4069_mixed_300.out");
    const TDOKU: &str = include_str!("../../testdata/sets/tdoku_test_puzzles");

    const HDU_SAMPLE: &str = include_str!("../../testdata/hdu4069/sample.in");

    const HDU_SAMPLE_OUT: &str = include_str!("../../testdata/hdu4069/sample.out");

    /// The judge's answer for one case, written as the HDU 4069 output would.
    fn hdu_answer(k: usize, o: &Outcome) -> String {
        let mut s = format!("Case {k}:\n");
        match (o.count, o.solution) {
            (0, _) => s.push_str("No solution\n"),
            (1, Some(g)) => {
                for row in g.chunks(N) {
                    s.extend(row.iter().map(|&d| (b'0' + d) as char));
                    s.push('\n');
                }
            }
            _ => s.push_str("Multiple Solutions\n"),
        }
        s
    }

    /// Solves, checks the invariants of an outcome, and returns it.
    fn checked(solver: &mut DlxSolver, p: &Puzzle, limit: u32) -> Outcome {
        let o = solver.solve(p, limit);
        assert!(o.count <= limit);
        assert_eq!(o.solution.is_some(), o.count > 0);
        if let Some(g) = &o.solution {
            assert!(is_solution_of(p, g), "not a solution: {g:?}");
        }
        o
    }

    fn run_hdu(text: &str, solver: &mut DlxSolver) -> String {
        hdu4069_cases(text)
            .iter()
            .enumerate()
            .map(|(i, p)| hdu_answer(i + 1, &checked(solver, p, 2)))
            .collect()
    }

    #[test]
    fn hdu_mixed_300_matches_expected_output() {
        let mut solver = DlxSolver::new();
        let got = run_hdu(HDU_IN, &mut solver);
        let want = HDU_OUT.replace("\r\n", "\n");
        assert_eq!(got.trim_end(), want.trim_end());
        // The data set is a mix of every kind; make sure the comparison covered all three.
        assert!(want.contains("No solution") && want.contains("Multiple Solutions"));
    }

    #[test]
    fn hdu_samples_unique_clash_multiple() {
        let puzzles = hdu4069_cases(HDU_SAMPLE);
        let mut solver = DlxSolver::new();
        let counts: Vec<u32> = puzzles
            .iter()
            .map(|p| checked(&mut solver, p, 2).count)
            .collect();
        assert_eq!(counts, [1, 0, 2]);
        assert!(crate::model::first_clash(&puzzles[1], &puzzles[1].cells).is_some());
        assert_eq!(run_hdu(HDU_SAMPLE, &mut solver), HDU_SAMPLE_OUT);
    }

    #[test]
    fn poj_sample_is_solved() {
        let p = Puzzle::standard(poj_sample());
        let o = checked(&mut DlxSolver::new(), &p, 1);
        assert_eq!(o.count, 1);
        assert_eq!(o.solution, Some(poj_solution()));
        // Unique: counting to 2 still finds one.
        assert_eq!(checked(&mut DlxSolver::new(), &p, 2).count, 1);
    }

    #[test]
    fn empty_grid_has_many_solutions() {
        let mut solver = DlxSolver::new();
        let p = Puzzle::standard([0; CELLS]);
        assert_eq!(checked(&mut solver, &p, 2).count, 2);
        assert_eq!(checked(&mut solver, &p, 1).count, 1);
        assert_eq!(checked(&mut solver, &p, 50).count, 50);
        let jigsaw = hdu4069_cases(HDU_SAMPLE)[0].layout;
        let p = Puzzle {
            cells: [0; CELLS],
            layout: jigsaw,
        };
        assert_eq!(checked(&mut solver, &p, 2).count, 2);
    }

    #[test]
    fn full_grid_is_its_own_solution() {
        let p = Puzzle::standard(poj_solution());
        let o = checked(&mut DlxSolver::new(), &p, 2);
        assert_eq!(o.count, 1);
        assert_eq!(o.solution, Some(p.cells));
    }

    #[test]
    fn clashing_givens_give_zero() {
        let mut solver = DlxSolver::new();
        for (a, b) in [(0, 8), (0, 72), (0, 20), (40, 44)] {
            let mut g = [0; CELLS];
            g[a] = 7;
            g[b] = 7;
            assert_eq!(checked(&mut solver, &Puzzle::standard(g), 2), Outcome::NONE);
        }
        // A full grid with one digit changed clashes, and the solver is still clean after it.
        let mut g = poj_solution();
        g[80] = g[79];
        assert_eq!(checked(&mut solver, &Puzzle::standard(g), 2), Outcome::NONE);
        let p = Puzzle::standard(poj_sample());
        assert_eq!(checked(&mut solver, &p, 2).solution, Some(poj_solution()));
    }

    #[test]
    fn unsolvable_without_clash_gives_zero() {
        // Row 1 holds 1..8 in its first eight cells and column 9 holds a 9 lower down: no
        // clash among the givens, but r1c9 has no candidate left.
        let mut g = [0; CELLS];
        for (c, cell) in g.iter_mut().take(8).enumerate() {
            *cell = c as u8 + 1;
        }
        g[4 * 9 + 8] = 9;
        let p = Puzzle::standard(g);
        assert!(crate::model::first_clash(&p, &p.cells).is_none());
        assert_eq!(checked(&mut DlxSolver::new(), &p, 2), Outcome::NONE);
        // Only four digits given, so the digit-symmetry path runs: 1 has no place in row 1
        // (boxes 1 and 2 hold a 1 lower down, r1c7..r1c9 are taken).
        let mut g = [0; CELLS];
        g[9] = 1;
        g[18 + 3] = 1;
        g[6] = 2;
        g[7] = 3;
        g[8] = 4;
        let p = Puzzle::standard(g);
        assert!(crate::model::first_clash(&p, &p.cells).is_none());
        assert_eq!(checked(&mut DlxSolver::new(), &p, 2), Outcome::NONE);
        // tdoku's count-0 puzzles have no clashing givens; the contradiction takes search.
        let zero: Vec<Puzzle> = tdoku_cases()
            .filter(|(_, count, _)| *count == 0)
            .map(|(p, _, _)| p)
            .collect();
        assert_eq!(zero.len(), 10);
        let mut solver = DlxSolver::new();
        for p in &zero {
            assert!(crate::model::first_clash(p, &p.cells).is_none());
            assert_eq!(checked(&mut solver, p, 2), Outcome::NONE);
        }
    }

    #[test]
    fn digit_symmetry_shortcut_agrees_with_full_count() {
        // The sample solution without its 8s and 9s: two absent digits, so limit 2 takes the
        // shortcut (2! = 2 solutions at least) while limit 1000 counts them all.
        let mut g = poj_solution();
        for d in g.iter_mut().filter(|d| **d >= 8) {
            *d = 0;
        }
        let p = Puzzle::standard(g);
        let mut solver = DlxSolver::new();
        let full = checked(&mut solver, &p, 1000).count;
        assert!(
            full >= 2 && full.is_multiple_of(2),
            "swapping 8 and 9 pairs solutions: {full}"
        );
        assert_eq!(checked(&mut solver, &p, 2).count, 2);
        assert_eq!(checked(&mut solver, &p, 1).count, 1);
        // Three absent digits (7, 8, 9): at least 3! = 6, so limits up to 6 take the shortcut.
        for d in g.iter_mut().filter(|d| **d == 7) {
            *d = 0;
        }
        let p = Puzzle::standard(g);
        let full = checked(&mut solver, &p, 100_000).count;
        assert!(full >= 6 && full.is_multiple_of(6), "{full}");
        for limit in 1..=7 {
            assert_eq!(checked(&mut solver, &p, limit).count, limit.min(full));
        }
    }

    #[test]
    fn a_unit_holding_every_digit_in_use_is_filled_in_order() {
        let mut solver = DlxSolver::new();
        // The empty grid: the first region (box 1) takes 1..9 in cell order.
        let o = checked(&mut solver, &Puzzle::standard([0; CELLS]), 1);
        let g = o.solution.expect("the empty grid is solvable");
        let box1: Vec<u8> = [0, 1, 2, 9, 10, 11, 18, 19, 20].map(|c| g[c]).to_vec();
        assert_eq!(box1, (1..=9).collect::<Vec<u8>>());
        // A lone 5 in r1c1: box 1 holds every digit in use, so its other cells take the
        // missing digits in order; counting to 2 still says 2.
        let mut cells = [0; CELLS];
        cells[0] = 5;
        let p = Puzzle::standard(cells);
        let g = checked(&mut solver, &p, 1).solution.expect("solvable");
        let box1: Vec<u8> = [0, 1, 2, 9, 10, 11, 18, 19, 20].map(|c| g[c]).to_vec();
        assert_eq!(box1, [5, 1, 2, 3, 4, 6, 7, 8, 9]);
        assert_eq!(checked(&mut solver, &p, 2).count, 2);
        // Two digits in use, held together only by row 5 (the boxes and columns hold one
        // each): row 5 is filled.
        let mut cells = [0; CELLS];
        cells[4 * 9] = 7;
        cells[4 * 9 + 8] = 2;
        let p = Puzzle::standard(cells);
        let g = checked(&mut solver, &p, 1).solution.expect("solvable");
        assert_eq!(g[36..45], [7, 1, 3, 4, 5, 6, 8, 9, 2]);
        // A jigsaw layout: its first region, whatever its shape, in cell order.
        let jigsaw = hdu4069_cases(HDU_SAMPLE)[0].layout;
        let p = Puzzle {
            cells: [0; CELLS],
            layout: jigsaw,
        };
        let g = checked(&mut solver, &p, 1).solution.expect("solvable");
        let region0: Vec<u8> = (0..CELLS)
            .filter(|&c| jigsaw.region_of(c) == jigsaw.region_of(0))
            .map(|c| g[c])
            .collect();
        assert_eq!(region0, (1..=9).collect::<Vec<u8>>());
    }

    #[test]
    fn digit_symmetry_never_loses_a_solution() {
        // Solvable puzzles with every given of two or three digits erased stay solvable and
        // have at least 2 solutions; the pruned search must still find one.
        let solvable: Vec<Puzzle> = tdoku_cases()
            .filter(|(_, count, _)| *count > 0)
            .map(|(p, _, _)| p)
            .collect();
        assert_eq!(solvable.len(), 33);
        let mut solver = DlxSolver::new();
        for p in &solvable {
            for erase in [[1u8, 2, 2], [5, 9, 9], [3, 6, 8]] {
                let mut q = *p;
                for d in q.cells.iter_mut().filter(|d| erase.contains(d)) {
                    *d = 0;
                }
                assert_eq!(checked(&mut solver, &q, 2).count, 2, "{q:?}");
            }
        }
    }

    /// tdoku's solver tests: `puzzle:count[:solution]`, counts 0, 1 and many.
    fn tdoku_cases() -> impl Iterator<Item = (Puzzle, u32, Option<Grid>)> {
        TDOKU
            .lines()
            .filter(|l| !l.starts_with('#') && !l.is_empty())
            .map(|l| {
                let mut f = l.split(':');
                let p = Puzzle::standard(grid(f.next().unwrap()));
                let count = f.next().unwrap().parse().unwrap();
                (p, count, f.next().map(grid))
            })
    }

    #[test]
    fn tdoku_test_puzzles_counts_and_solutions() {
        let mut solver = DlxSolver::new();
        let mut seen = 0;
        for (p, count, solution) in tdoku_cases() {
            seen += 1;
            assert_eq!(checked(&mut solver, &p, 1000).count, count, "{p:?}");
            let o = checked(&mut solver, &p, 2);
            assert_eq!(o.count, count.min(2));
            if count == 1 {
                assert_eq!(o.solution, solution);
            }
        }
        assert_eq!(seen, 43);
    }

    #[test]
    fn reuse_across_puzzles_and_layouts_matches_fresh_solvers() {
        let mut puzzles = hdu4069_cases(HDU_IN);
        puzzles.extend(hdu4069_cases(HDU_SAMPLE));
        puzzles.push(Puzzle::standard(poj_sample()));
        puzzles.push(Puzzle::standard([0; CELLS]));
        // Interleave so that consecutive puzzles alternate layouts as often as possible.
        let n = puzzles.len();
        let order: Vec<usize> = (0..n)
            .map(|i| if i % 2 == 0 { i / 2 } else { n - 1 - i / 2 })
            .collect();
        let mut shared = DlxSolver::new();
        let mut switches = 0;
        for w in order.windows(2) {
            switches += usize::from(puzzles[w[0]].layout != puzzles[w[1]].layout);
        }
        assert!(switches > 100, "the order should alternate layouts");
        for &i in &order {
            let p = &puzzles[i];
            for limit in [1, 2] {
                let reused = checked(&mut shared, p, limit);
                let fresh = checked(&mut DlxSolver::new(), p, limit);
                assert_eq!(reused, fresh, "puzzle {i} limit {limit}");
            }
        }
    }

    /// Speed check on the first 1,500 puzzles of the 17-clue set (limit 1) and the HDU file (limit 2), solver time only:
    /// `cargo test --release --lib dlx::tests::speed -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn speed() {
        use std::time::{Duration, Instant};
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/testdata/sets/17_clue_1500"
        ))
        .unwrap();
        let puzzles: Vec<Puzzle> = text
            .lines()
            .filter(|l| !l.starts_with('#') && l.len() >= CELLS)
            .map(|l| Puzzle::standard(grid(&l[..CELLS])))
            .collect();
        let mut solver = DlxSolver::new();
        let mut slowest = (Duration::ZERO, 0);
        let start = Instant::now();
        for (i, p) in puzzles.iter().enumerate() {
            let t = Instant::now();
            let o = solver.solve(p, 1);
            let dt = t.elapsed();
            assert_eq!(o.count, 1);
            if dt > slowest.0 {
                slowest = (dt, i);
            }
        }
        let el = start.elapsed();
        println!(
            "17-clue: {} puzzles in {:.3} s = {:.0}/s; slowest #{} {:?}",
            puzzles.len(),
            el.as_secs_f64(),
            puzzles.len() as f64 / el.as_secs_f64(),
            slowest.1,
            slowest.0
        );
        let hdu = hdu4069_cases(HDU_IN);
        let mut times: Vec<(Duration, usize, u32, usize)> = Vec::new();
        let start = Instant::now();
        for (i, p) in hdu.iter().enumerate() {
            let t = Instant::now();
            let count = solver.solve(p, 2).count;
            times.push((t.elapsed(), i + 1, count, p.clues()));
        }
        let el = start.elapsed();
        println!(
            "hdu4069_mixed_300: {:.3} s = {:.0}/s",
            el.as_secs_f64(),
            hdu.len() as f64 / el.as_secs_f64()
        );
        times.sort();
        for (dt, case, count, clues) in times.iter().rev().take(4) {
            let t = Instant::now();
            solver.solve(&hdu[case - 1], 1);
            let first = t.elapsed();
            println!("  case {case}: {dt:?} count {count} clues {clues}; first solution {first:?}");
        }
    }
}
