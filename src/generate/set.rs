//! Case sets: many cases made in parallel, in index order, spelled in a judge format, with the
//! expected answers written by the same writer `solve` uses. Same seed, same bytes, whatever
//! the thread count: case `i` depends only on `(seed, i)` and chunks are joined in order.

use super::kinds::{Case, Impossible, Maker, Spec};
use crate::format::inputs::{write_header, write_puzzle};
use crate::format::{Format, write_outcome};
use crate::model::Puzzle;
use crate::shard::Shard;
use crate::solve::{Solver, SolverKind};
use rayon::prelude::*;
use std::ops::Range;

/// Cases per parallel task (one pair of buffers each).
const CHUNK: u64 = 128;
/// Cases held in memory at once, so a set of any size streams out.
const BATCH: u64 = 16 * 1024;

/// A whole set to make.
#[derive(Clone, Copy, Debug)]
pub struct SetPlan {
    pub format: Format,
    pub spec: Spec,
    pub seed: u64,
    pub count: u64,
    /// Also produce the expected answers.
    pub answers: bool,
    /// Run on the current rayon pool (false: inline).
    pub parallel: bool,
    /// Make only this shard's cases (the count line only in shard 0).
    pub shard: Shard,
}

/// Consecutive cases, spelled out: the input bytes and (if asked) the answer bytes.
pub struct Piece<'a, C = Case> {
    /// Index of the first case of the piece.
    pub first: u64,
    pub cases: &'a [C],
    pub input: &'a [u8],
    pub answers: &'a [u8],
}

/// Cases made and spelled by one task.
pub struct Chunk<C> {
    pub cases: Vec<C>,
    pub input: Vec<u8>,
    pub answers: Vec<u8>,
}

impl<C> Chunk<C> {
    pub fn with_capacity(n: u64) -> Self {
        Chunk {
            cases: Vec::with_capacity(n as usize),
            input: Vec::with_capacity(n as usize * 256),
            answers: Vec::new(),
        }
    }
}

/// Cases `first..first + n` of the set, made and spelled (without the count line).
fn make_chunk(
    maker: &mut Maker,
    solver: &mut dyn Solver,
    plan: &SetPlan,
    first: u64,
    n: u64,
) -> Result<Chunk<Case>, Impossible> {
    let mut chunk = Chunk::with_capacity(n);
    for i in first..first + n {
        let case = maker.case(&plan.spec, plan.seed, i)?;
        write_puzzle(plan.format, &case.puzzle, i == 0, &mut chunk.input);
        if plan.answers {
            let o = solver.solve(&case.puzzle, plan.format.limit());
            write_outcome(plan.format, i + 1, &case.puzzle, &o, &mut chunk.answers);
        }
        chunk.cases.push(case);
    }
    Ok(chunk)
}

/// Makes the set and hands it to `emit` in order, piece by piece; the count line (if the format
/// has one) is the first piece's input. Stops at the first impossible case or failed `emit`.
pub fn generate<E>(
    plan: &SetPlan,
    emit: &mut dyn FnMut(Piece<'_>) -> Result<(), E>,
) -> Result<(), GenError<E>> {
    let mut header = Vec::new();
    if plan.shard.is_first() {
        write_header(plan.format, plan.count, &mut header);
    }
    // The answers come from the solver `solve` runs by default, so they match it exactly.
    let init = || (Maker::new(), SolverKind::Bitmask.build());
    let task = |(maker, solver): &mut (Maker, Box<dyn Solver>), a: u64, n: u64| {
        make_chunk(maker, solver.as_mut(), plan, a, n)
    };
    in_chunks(
        plan.shard.range(plan.count),
        plan.parallel,
        &header,
        init,
        task,
        emit,
    )
}

/// The engine of every set: the cases of `range` made by `make(state, first, n)` in chunks, on
/// the rayon pool when `parallel` (one `init()` state per task run), and handed to `emit` in
/// index order after `header`. Memory holds one batch of chunks whatever the count.
pub fn in_chunks<C: Send, S, E>(
    range: Range<u64>,
    parallel: bool,
    header: &[u8],
    init: impl Fn() -> S + Sync + Send,
    make: impl Fn(&mut S, u64, u64) -> Result<Chunk<C>, Impossible> + Sync + Send,
    emit: &mut dyn FnMut(Piece<'_, C>) -> Result<(), E>,
) -> Result<(), GenError<E>> {
    if !header.is_empty() {
        emit(Piece {
            first: 0,
            cases: &[],
            input: header,
            answers: &[],
        })
        .map_err(GenError::Emit)?;
    }
    let mut start = range.start;
    while start < range.end {
        let end = (start + BATCH).min(range.end);
        let ranges: Vec<(u64, u64)> = (start..end)
            .step_by(CHUNK as usize)
            .map(|a| (a, CHUNK.min(end - a)))
            .collect();
        let task = |state: &mut S, &(a, n): &(u64, u64)| make(state, a, n);
        let chunks: Vec<Result<Chunk<C>, Impossible>> = if parallel {
            ranges.par_iter().map_init(&init, task).collect()
        } else {
            let mut state = init();
            ranges.iter().map(|r| task(&mut state, r)).collect()
        };
        for (c, &(a, _)) in chunks.into_iter().zip(&ranges) {
            let c = c.map_err(GenError::Impossible)?;
            emit(Piece {
                first: a,
                cases: &c.cases,
                input: &c.input,
                answers: &c.answers,
            })
            .map_err(GenError::Emit)?;
        }
        start = end;
    }
    Ok(())
}

/// Why a set was not finished.
#[derive(Debug)]
pub enum GenError<E> {
    Impossible(Impossible),
    Emit(E),
}

/// Spells `puzzles` as a complete input file of `format` (count line included).
pub fn input_file(format: Format, puzzles: &[Puzzle]) -> Vec<u8> {
    let mut out = Vec::new();
    write_header(format, puzzles.len() as u64, &mut out);
    for (i, p) in puzzles.iter().enumerate() {
        write_puzzle(format, p, i == 0, &mut out);
    }
    out
}

/// The answers `solve` (bitmask solver) writes for `puzzles`, numbered from 1.
pub fn answer_file(format: Format, puzzles: &[Puzzle], solver: &mut dyn Solver) -> Vec<u8> {
    let mut out = Vec::new();
    for (i, p) in puzzles.iter().enumerate() {
        let o = solver.solve(p, format.limit());
        write_outcome(format, i as u64 + 1, p, &o, &mut out);
    }
    out
}
