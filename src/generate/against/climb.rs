//! The local search of `gen --against`: from a unique case and its solution, random moves that
//! keep the case valid and unique, each kept when the target strategy's node count does not go
//! down by more than a tolerance that shrinks to nothing (threshold accepting). Seeded, and counts are deterministic, so the same start and seed give the same case.
//!
//! The moves: swap two digit labels; on standard boxes swap two rows of a band, two bands, two
//! columns of a stack or two stacks; transpose (a jigsaw layout is transposed with the grid,
//! the only line move that keeps any jigsaw layout one); add a given from the solution; remove
//! a given; move a given to an empty cell; remove up to three givens and add back from the solution
//! until it is unique again. Relabelling, line moves, transposing and adding keep
//! the solution unique by themselves; removing and moving are checked by the project's solver
//! counting to 2.

use super::{Count, Strategy};
use crate::generate::rng::Rng;
use crate::model::{Board, Geometry};
use crate::solve::engine::Engine;
use std::sync::Arc;

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
}

/// A unique case and its solution.
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
    pub fn run(&self, start: State, engine: &mut Engine, rng: &mut Rng) -> Climbed {
        let score = |s: &State| self.strategy.count(&s.board, self.limit, self.cap);
        let mut count = score(&start);
        let first = count.nodes;
        let mut best = (start.clone(), count.clone());
        let mut current = start;
        for k in 0..self.steps {
            if best.1.capped {
                break;
            }
            let Some(next) = step(&current, engine, rng) else {
                continue;
            };
            if let Some((lo, hi)) = self.clues
                && !(lo..=hi).contains(&next.board.clues())
            {
                continue;
            }
            let c = score(&next);
            if accept(c.nodes, count.nodes, k, self.steps) {
                if c.nodes > best.1.nodes {
                    best = (next.clone(), c.clone());
                }
                current = next;
                count = c;
            }
        }
        Climbed {
            state: best.0,
            count: best.1,
            start: first,
        }
    }
}

/// Threshold accepting: a move is kept when its count is at least the current one less a
/// tolerance that shrinks from an eighth to nothing over the climb, so that the search can
/// leave a local maximum early on and settles on one at the end. The best case seen is kept
/// apart whatever the walk does.
fn accept(new: u64, current: u64, step: u64, steps: u64) -> bool {
    let left = (steps - step) as u128;
    let slack = current as u128 * left / (8 * steps as u128);
    new as u128 + slack >= current as u128
}

/// One random move from `s`; `None` when the move drawn cannot apply or loses uniqueness.
pub fn step(s: &State, engine: &mut Engine, rng: &mut Rng) -> Option<State> {
    let g = &s.board.geometry;
    let standard = g.is_standard();
    match rng.below(20) {
        0..=3 => Some(relabel(s, rng)),
        4..=7 if standard => Some(swap_lines(s, rng)),
        8 => transpose(s),
        9..=10 => add(s, rng),
        11..=14 => {
            let next = remove(s, rng)?;
            unique(&next, engine).then_some(next)
        }
        15..=17 => {
            let next = add(&remove(s, rng)?, rng)?;
            unique(&next, engine).then_some(next)
        }
        _ => reshape(s, engine, rng),
    }
}

/// One to three givens removed, then givens of the solution added where a second solution
/// differs from it until the case is unique again: a bigger jump than moving one given.
fn reshape(s: &State, engine: &mut Engine, rng: &mut Rng) -> Option<State> {
    let mut next = s.clone();
    for _ in 0..rng.range(1, 3) {
        next = remove(&next, rng)?;
    }
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

fn unique(s: &State, engine: &mut Engine) -> bool {
    engine.count(&s.board, 2).0 == 1
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
