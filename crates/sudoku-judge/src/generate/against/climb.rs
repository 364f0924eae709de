//! The local search of `gen --against`: from a unique case and its solution, random moves that
//! keep the case valid (and unique where the format needs it: [`Climb::unique`]), each kept
//! when the target strategy's node count does not go down by more than a tolerance that
//! shrinks to nothing (threshold accepting), then, for a search that stops at its first
//! solution, the digit labelling that puts the solution last ([`super::labels`]). Seeded, and
//! counts are deterministic, so the same start and seed give the same case.
//!
//! Where cases stay unique and the strategy's tree does not depend on the labels (`rowmajor`,
//! `mrv`: see [`Strategy::labels_only_order`]) the moves climb the whole tree (counted to 2
//! solutions) and the labels come after, chosen from the subtrees recorded along the path to
//! the solution; DLX climbs its own count with relabelling among its moves. The climb adds at
//! most `CLUES_UP` givens to its start: the trees shrink fast as givens come.
//!
//! Where any solution is an answer and none is promised to be the only one (POJ 2676), a case
//! need only stay solvable: a given goes without a uniqueness check (the solution still solves
//! what is left), and the climb counts to the first solution with relabelling among its moves,
//! as the labels now decide which of the solutions comes first. Below the fewest givens a
//! unique case can keep, a plain search no longer fails fast: against the seeds' DFS, ten
//! cases of 13-20 givens took `poj2676_dfs` 44 s of CPU where the unique climb's took 0.23 s
//! and `--difficulty hard --minimal` cases 6.8 ms (`gen --format poj2676 --against mrv -n 10
//! -s 1`, 2026-11-25).
//!
//! The moves: swap two digit labels (DLX, and any strategy where cases may have several
//! solutions); on standard boxes swap two rows of a band, two bands, two columns of a stack or
//! two stacks; transpose (a jigsaw layout is transposed with the grid, the only line move that
//! keeps any jigsaw layout one); add a given from the solution; remove a given; move a given
//! to an empty cell, or remove up to three givens, and add givens of the solution back where
//! a second solution differs until it is unique again (where the case must stay unique).
//! Relabelling, line moves, transposing and adding keep the solution unique by themselves;
//! removing and moving are checked by the project's solver counting to 2, where it matters.
//!
//! Starts come from [`minimised`] and [`fewer_givens`]: a plain search's tree grows fast as
//! givens go (on 9x9 a few times per given below 23), and both cost uniqueness checks only,
//! no node counting.

use super::{Count, Strategy, labels};
use crate::rng::Rng;
use crate::model::{Board, Geometry};
use crate::solve::engine::Engine;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Instant;

/// What to climb on and for how long.
#[derive(Clone, Copy, Debug)]
pub struct Climb {
    pub strategy: Strategy,
    /// Solutions the strategy searches for (1: solve, 2: tell unique from multiple).
    pub limit: u32,
    /// Moves tried.
    pub steps: u64,
    /// Node cap of each count.
    pub cap: u64,
    /// Givens the case must keep within (inclusive), where the format fixes them.
    pub clues: Option<(usize, usize)>,
    /// The case must stay unique: the format promises one solution, or its answer tells unique
    /// from multiple. Otherwise (POJ 2676: "the program may print any one of them") it need
    /// only stay solvable, so givens may go without a uniqueness check, and the plain searches
    /// lose themselves in the wide trees of cases with few givens and many solutions.
    pub unique: bool,
    /// No more moves are tried past this time (`stress --hunt`'s budget); `None`: all of them.
    pub until: Option<Instant>,
}

/// A case and its solution (its only one where the climb keeps cases unique).
#[derive(Clone, Debug)]
pub struct State {
    pub board: Board,
    pub solution: Vec<u8>,
}

/// The best case found and its count.
#[derive(Clone, Debug)]
pub struct Climbed {
    pub state: State,
    pub count: Count,
    /// The start's count, for reports.
    pub start: u64,
}

impl Climb {
    /// Climbs from `start` (which must be unique with solution `start.solution`), drawing moves
    /// from `rng`; `engine` checks uniqueness.
    ///
    /// Two phases. First the shape: where the strategy's whole tree does not depend on the
    /// labels ([`Strategy::labels_only_order`]), the climb counts it whole (to 2 solutions)
    /// and leaves labels alone; otherwise it counts at the climb's limit and relabels as one of
    /// its moves. Then, for a search that stops at its first solution, the labels: the digits
    /// are renamed so that the solution lies as late in that tree as the recorded subtrees say
    /// it can ([`super::labels`]), kept only when the exact count agrees, up to three rounds.
    /// The case returned is never below the start at the climb's limit.
    pub fn run(&self, start: State, engine: &mut Engine, rng: &mut Rng) -> Climbed {
        let count = |s: &State, limit: u32| self.strategy.count(&s.board, limit, self.cap);
        let labels_apart = self.labels_apart();
        let shape = self.shape_limit();
        let first = count(&start, self.limit);
        let ceiling = start.board.clues() + CLUES_UP;
        let mut current = start.clone();
        let mut now = if shape == self.limit {
            first.clone()
        } else {
            count(&current, shape)
        };
        let mut best = (current.clone(), now.clone());
        // Counts are deterministic, so a case met again is not counted again: a move that
        // changes nothing (two labels or lines swapped with themselves) or undoes the last one
        // gives a case the climb has counted. Its nodes still go to the budget, so that the
        // climb takes the same path as without the memo.
        let mut counted: HashMap<Vec<u8>, Count> = HashMap::new();
        counted.insert(case_key(&current.board), now.clone());
        let budget = self.cap.saturating_mul(BUDGET_CAPS);
        let mut spent = 0u64;
        for k in 0..self.steps {
            if best.1.capped || spent >= budget || self.until.is_some_and(|t| Instant::now() >= t) {
                break;
            }
            let Some(next) = step_with(&current, engine, rng, !labels_apart, self.unique) else {
                continue;
            };
            let clues = next.board.clues();
            if clues > ceiling
                || self
                    .clues
                    .is_some_and(|(lo, hi)| !(lo..=hi).contains(&clues))
            {
                continue;
            }
            let c = counted
                .entry(case_key(&next.board))
                .or_insert_with(|| count(&next, shape))
                .clone();
            spent += c.nodes;
            if accept(c.nodes, now.nodes, k, self.steps) {
                if c.nodes > best.1.nodes {
                    best = (next.clone(), c.clone());
                }
                current = next;
                now = c;
            }
        }
        let mut out = if shape == self.limit {
            best
        } else {
            let c = count(&best.0, self.limit);
            (best.0, c)
        };
        if labels_apart && self.limit == 1 {
            out = self.relabel(out);
        }
        if self.strategy == Strategy::Rowmajor && self.limit == 1 {
            let next = rowmajor_last(&out.0);
            let c = self.strategy.count(&next.board, 1, self.cap);
            if c.nodes >= out.1.nodes {
                out = (next, c);
            }
        }
        if out.1.nodes < first.nodes {
            out = (start, first.clone());
        }
        Climbed {
            state: out.0,
            count: out.1,
            start: first.nodes,
        }
    }

    /// The limit the shape phase counts to: 2 (the whole tree) where labels only order the
    /// strategy's tree, else the climb's own.
    pub fn shape_limit(&self) -> u32 {
        if self.labels_apart() { 2 } else { self.limit }
    }

    /// True when the shape is climbed apart from the labels ([`Strategy::labels_only_order`]
    /// on unique cases: with many solutions the labels decide which comes first, so the climb
    /// relabels as one of its moves).
    fn labels_apart(&self) -> bool {
        self.strategy.labels_only_order() && self.unique
    }

    /// The labels phase of [`Self::run`]: `(state, its count at limit 1)` renamed while the
    /// renaming the recorded weights call best counts more.
    fn relabel(&self, mut out: (State, Count)) -> (State, Count) {
        let side = out.0.board.side();
        for _ in 0..3 {
            let Some((_, weights)) = self.strategy.order_weights(&out.0.board, self.cap) else {
                break;
            };
            let labels = labels::best(side, &weights);
            if labels.iter().enumerate().all(|(d, &l)| l as usize == d + 1) {
                break;
            }
            let next = renamed(&out.0, &labels);
            let c = self.strategy.count(&next.board, 1, self.cap);
            if c.nodes <= out.1.nodes {
                break;
            }
            out = (next, c);
        }
        out
    }
}

/// What tells one case of a climb from another: its cells, and on a jigsaw layout (which
/// transposing changes) its regions.
fn case_key(board: &Board) -> Vec<u8> {
    let g = &board.geometry;
    let mut key = board.cells.clone();
    if !g.is_standard() {
        key.extend_from_slice(g.regions());
    }
    key
}

/// Nodes the moves of one climb may count in all, in node caps: the climb stops early when
/// each count is large (16x16 and wider cases against DLX count hundreds of thousands each).
const BUDGET_CAPS: u64 = 3;

/// Givens the climb may add over its start's: a plain search's tree shrinks fast as givens
/// come, so cases with many more are seldom worth counting.
const CLUES_UP: usize = 2;

/// Threshold accepting: a move is kept when its count is at least the current one less a
/// tolerance that shrinks from a fifth to nothing over the climb, so that the search can
/// leave a local maximum early on and settles on one at the end. The best case seen is kept
/// apart whatever the walk does.
fn accept(new: u64, current: u64, step: u64, steps: u64) -> bool {
    let left = (steps - step) as u128;
    let slack = current as u128 * left / (5 * steps as u128);
    new as u128 + slack >= current as u128
}

/// One random move from `s`, relabelling among them; `None` when the move drawn cannot apply
/// or (with `unique`) loses uniqueness.
pub fn step(s: &State, engine: &mut Engine, rng: &mut Rng, unique: bool) -> Option<State> {
    step_with(s, engine, rng, true, unique)
}

/// One random move from `s`, relabelling among them only with `labels`. With `unique`, moves
/// that remove givens are repaired (givens of the solution added back where a second solution
/// differs) rather than dropped, so that most draws give a case to count; without, they need
/// nothing, as `s.solution` still solves what is left.
fn step_with(
    s: &State,
    engine: &mut Engine,
    rng: &mut Rng,
    labels: bool,
    unique: bool,
) -> Option<State> {
    let g = &s.board.geometry;
    let standard = g.is_standard();
    match rng.below(20) {
        0..=2 if labels => Some(relabel(s, rng)),
        0..=6 if standard => Some(swap_lines(s, rng)),
        0..=7 => transpose(s),
        8 => add(s, rng),
        9..=12 => {
            let next = remove(s, rng)?;
            (!unique || is_unique(&next, engine)).then_some(next)
        }
        13..=16 => kept(add(&remove(s, rng)?, rng)?, engine, rng, unique),
        _ => reshape(s, engine, rng, unique),
    }
}

/// One to three givens removed, then (with `unique`) givens of the solution added where a
/// second solution differs from it until the case is unique again: a bigger jump than moving
/// one given.
fn reshape(s: &State, engine: &mut Engine, rng: &mut Rng, unique: bool) -> Option<State> {
    let mut next = s.clone();
    for _ in 0..rng.range(1, 3) {
        next = remove(&next, rng)?;
    }
    kept(next, engine, rng, unique)
}

/// `next` as it is, or with `unique` made unique again ([`repaired`]).
fn kept(next: State, engine: &mut Engine, rng: &mut Rng, unique: bool) -> Option<State> {
    if unique {
        repaired(next, engine, rng)
    } else {
        Some(next)
    }
}

/// `next` with givens of its solution added, each where a second solution differs from it,
/// until it is unique again.
fn repaired(mut next: State, engine: &mut Engine, rng: &mut Rng) -> Option<State> {
    loop {
        let (n, first) = engine.count(&next.board, 2);
        if n == 1 {
            return Some(next);
        }
        let other = if first != next.solution {
            first
        } else {
            let more = engine.solutions(&next.board, 2);
            more.into_iter().find(|x| *x != next.solution)?
        };
        let c = pick_where(
            next.board.cells.len(),
            |c| next.board.cells[c] == 0 && other.get(c) != Some(&next.solution[c]),
            rng,
        )?;
        next.board.cells[c] = next.solution[c];
    }
}

/// `s` with givens removed in `rng`'s order while it stays unique and keeps more than
/// `lowest` givens: a minimal case (fewer givens leave a plain search more to try), its
/// solution the same.
pub fn minimised(mut s: State, lowest: usize, engine: &mut Engine, rng: &mut Rng) -> State {
    let mut givens: Vec<usize> = (0..s.board.cells.len())
        .filter(|&c| s.board.cells[c] != 0)
        .collect();
    rng.shuffle(&mut givens);
    let mut left = givens.len();
    for c in givens {
        if left <= lowest {
            break;
        }
        s.board.cells[c] = 0;
        if is_unique(&s, engine) {
            left -= 1;
        } else {
            s.board.cells[c] = s.solution[c];
        }
    }
    s
}

/// `s` walked to fewer givens with `tries` uniqueness checks, none below `lowest`: remove a
/// given, or remove two and add one of the solution elsewhere, kept when unique; else move
/// one (remove one, add one), kept when unique, so that the walk crosses the plateaus of
/// minimal cases. Cheap next to counting nodes, and a plain search's tree grows fast as
/// givens go.
pub fn fewer_givens(
    mut s: State,
    lowest: usize,
    tries: u64,
    engine: &mut Engine,
    rng: &mut Rng,
) -> State {
    // Whether each case drawn was unique: a third or more of the draws repeat one (from a
    // minimal case, most moves are one of its twenty-odd removals).
    let mut checked: HashMap<Vec<u8>, bool> = HashMap::new();
    for _ in 0..tries {
        let clues = s.board.clues();
        let kind = rng.below(3);
        let next = match kind {
            0 if clues > lowest => remove(&s, rng),
            1 if clues > lowest => remove(&s, rng)
                .and_then(|n| remove(&n, rng))
                .and_then(|n| add(&n, rng)),
            _ => remove(&s, rng).and_then(|n| add(&n, rng)),
        };
        if let Some(next) = next
            && *checked
                .entry(next.board.cells.clone())
                .or_insert_with(|| is_unique(&next, engine))
        {
            s = next;
        }
    }
    s
}

fn is_unique(s: &State, engine: &mut Engine) -> bool {
    engine.count(&s.board, 2).0 == 1
}

/// The state with digit `d` renamed `labels[d - 1]`, in the givens and the solution.
fn renamed(s: &State, labels: &[u8]) -> State {
    let name = |v: u8| if v == 0 { 0 } else { labels[v as usize - 1] };
    let mut next = s.clone();
    next.board.cells.iter_mut().for_each(|v| *v = name(*v));
    next.solution.iter_mut().for_each(|v| *v = name(*v));
    next
}

/// `s` set up against a search that takes the empty cells in row-major order and stops at
/// its first solution ([`Strategy::Rowmajor`] at limit 1): on standard boxes the bands, and
/// the rows within each band, reordered emptiest first (stable), so that the search meets
/// its open cells as early as it can; then the digits renamed so that those cells, in
/// row-major order, hold the largest digits: the first open cell's answer is called `side`,
/// the next cell with another answer `side - 1`, and so on. Every digit below a cell's
/// answer that its givens leave open is then tried, with its whole subtree, before the
/// answer: a first row that must end up 987654321 costs the search hundreds of millions of
/// nodes where a random labelling costs it a few thousand.
pub fn rowmajor_last(s: &State) -> State {
    let s = emptiest_rows_first(s);
    let side = s.board.side();
    let mut labels = vec![0u8; side];
    let mut next = side as u8;
    for (c, &v) in s.board.cells.iter().enumerate() {
        let d = s.solution[c] as usize;
        if v == 0 && labels[d - 1] == 0 {
            labels[d - 1] = next;
            next -= 1;
        }
    }
    for l in labels.iter_mut().filter(|l| **l == 0) {
        *l = next;
        next -= 1;
    }
    renamed(&s, &labels)
}

/// `s` with its bands, and the rows of each band, in order of their empty cells, most first
/// (ties in place); `s` itself on a jigsaw layout.
fn emptiest_rows_first(s: &State) -> State {
    let g = &s.board.geometry;
    if !g.is_standard() {
        return s.clone();
    }
    let n = g.box_size();
    let side = n * n;
    let empty = |r: usize| {
        s.board.cells[r * side..(r + 1) * side]
            .iter()
            .filter(|&&v| v == 0)
            .count()
    };
    let mut bands: Vec<usize> = (0..n).collect();
    bands.sort_by_key(|&b| std::cmp::Reverse((0..n).map(|i| empty(b * n + i)).sum::<usize>()));
    let mut rows = Vec::with_capacity(side);
    for b in bands {
        let mut band: Vec<usize> = (b * n..(b + 1) * n).collect();
        band.sort_by_key(|&r| std::cmp::Reverse(empty(r)));
        rows.extend(band);
    }
    permute(s, |cell| rows[cell / side] * side + cell % side, g.clone())
}

/// Two digit labels swapped, in the givens and the solution.
fn relabel(s: &State, rng: &mut Rng) -> State {
    let side = s.board.side();
    let a = rng.range(1, side) as u8;
    let b = rng.range(1, side) as u8;
    let swap = |v: u8| {
        if v == a {
            b
        } else if v == b {
            a
        } else {
            v
        }
    };
    let mut next = s.clone();
    next.board.cells.iter_mut().for_each(|v| *v = swap(*v));
    next.solution.iter_mut().for_each(|v| *v = swap(*v));
    next
}

/// Two rows of a band, two bands, two columns of a stack or two stacks swapped (standard boxes).
fn swap_lines(s: &State, rng: &mut Rng) -> State {
    let n = s.board.geometry.box_size();
    let side = n * n;
    // A permutation of lines: rows (or columns) `a*len..` and `b*len..` exchanged.
    let mut lines: Vec<usize> = (0..side).collect();
    let (len, groups, base) = if rng.chance(1, 2) {
        (n, n, 0) // whole bands or stacks
    } else {
        (1, n, n * rng.below(n as u64) as usize) // two lines of one band or stack
    };
    let a = rng.below(groups as u64) as usize;
    let b = rng.below(groups as u64) as usize;
    for k in 0..len {
        lines.swap(base + a * len + k, base + b * len + k);
    }
    let rows = rng.chance(1, 2);
    let from = |cell: usize| {
        let (r, c) = (cell / side, cell % side);
        if rows {
            lines[r] * side + c
        } else {
            r * side + lines[c]
        }
    };
    permute(s, from, s.board.geometry.clone())
}

/// Rows and columns exchanged; a jigsaw layout with them. `None` if the layout cannot be built.
fn transpose(s: &State) -> Option<State> {
    let g = &s.board.geometry;
    let side = g.side();
    let from = |cell: usize| (cell % side) * side + cell / side;
    let geometry = if g.is_standard() {
        g.clone()
    } else {
        let ids: Vec<u8> = (0..g.cells()).map(|c| g.regions()[from(c)]).collect();
        Arc::new(Geometry::from_regions(g.box_size(), &ids).ok()?)
    };
    Some(permute(s, from, geometry))
}

/// The state whose cell `c` holds what `s` holds at `from(c)`, on `geometry`.
fn permute(s: &State, from: impl Fn(usize) -> usize, geometry: Arc<Geometry>) -> State {
    let cells = s.board.cells.len();
    State {
        board: Board {
            geometry,
            cells: (0..cells).map(|c| s.board.cells[from(c)]).collect(),
        },
        solution: (0..cells).map(|c| s.solution[from(c)]).collect(),
    }
}

/// A random empty cell given its solution value; `None` on a full grid.
fn add(s: &State, rng: &mut Rng) -> Option<State> {
    let c = pick(&s.board.cells, |v| v == 0, rng)?;
    let mut next = s.clone();
    next.board.cells[c] = s.solution[c];
    Some(next)
}

/// A random given removed (uniqueness not checked); `None` when there is none.
fn remove(s: &State, rng: &mut Rng) -> Option<State> {
    let c = pick(&s.board.cells, |v| v != 0, rng)?;
    let mut next = s.clone();
    next.board.cells[c] = 0;
    Some(next)
}

/// A random cell whose value passes `want`.
fn pick(cells: &[u8], want: impl Fn(u8) -> bool, rng: &mut Rng) -> Option<usize> {
    pick_where(cells.len(), |c| want(cells[c]), rng)
}

/// A random index of `0..len` that passes `want`; `None` when none does.
fn pick_where(len: usize, want: impl Fn(usize) -> bool, rng: &mut Rng) -> Option<usize> {
    let n = (0..len).filter(|&c| want(c)).count();
    if n == 0 {
        return None;
    }
    let k = rng.below(n as u64) as usize;
    (0..len).filter(|&c| want(c)).nth(k)
}
