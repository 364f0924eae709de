//! The ordered parallel map at the heart of `solve`: cases are parsed in batches, solved on a
//! rayon pool in chunks, and their answers handed back in input order, one buffer per chunk.
//!
//! While the pool solves batch `i`, the calling thread parses batch `i + 1` (`rayon::join`), so
//! reading overlaps solving; memory holds at most two batches whatever the input size. With one
//! thread everything runs inline, in the same order, so output is byte-identical for any count.

use crate::format::{Format, ParseError, Reader};
use crate::input::Source;
use crate::model::Puzzle;
use crate::solve::{Outcome, Solver, SolverKind};
use rayon::prelude::*;
use std::io;

/// Cases parsed per batch: large enough to keep every thread busy, small enough that memory
/// stays a few megabytes and the first answers come out quickly.
pub const BATCH: usize = 4 * 1024;
/// Cases per parallel task: one output buffer each.
const CHUNK: usize = 256;

/// How to solve a source.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    pub format: Format,
    pub solver: SolverKind,
    /// Run batches on the current rayon pool (false: everything inline on this thread).
    pub parallel: bool,
}

/// Why a run stopped early. Every case before the failure has been emitted in full.
#[derive(Debug)]
pub enum Failure {
    /// The input is malformed at this position.
    Parse(ParseError),
    /// Reading the input failed.
    Read(io::Error),
    /// The sink refused the output (a closed pipe, a full disk).
    Write(io::Error),
}

/// The answers of consecutive cases, in input order.
pub struct Answers<'a> {
    /// The formatted answers, ready to write.
    pub bytes: &'a [u8],
    /// 1-based numbers of the cases found to have no solution, ascending.
    pub unsolved: &'a [u64],
}

/// One solved chunk.
struct Chunk {
    bytes: Vec<u8>,
    unsolved: Vec<u64>,
}

/// Solves every case of `source` and hands the answers to `emit` in input order. Returns the
/// number of cases solved.
pub fn run(
    source: &mut Source,
    plan: Plan,
    emit: &mut dyn FnMut(Answers<'_>) -> io::Result<()>,
) -> Result<u64, Failure> {
    let mut reader = Reader::new(plan.format);
    let mut finished = false;
    let mut done: u64 = 0;
    let (mut batch, mut failure) = next_batch(source, &mut reader, &mut finished);
    loop {
        // After a failure nothing more is read: its batch is the last.
        let stopped = failure.is_some();
        let mut parse_next = || {
            if stopped {
                (Vec::new(), None)
            } else {
                next_batch(source, &mut reader, &mut finished)
            }
        };
        let (chunks, next) = if plan.parallel {
            rayon::join(|| solve_batch(&batch, done, plan), parse_next)
        } else {
            (solve_batch(&batch, done, plan), parse_next())
        };
        for c in &chunks {
            emit(Answers {
                bytes: &c.bytes,
                unsolved: &c.unsolved,
            })
            .map_err(Failure::Write)?;
        }
        done += batch.len() as u64;
        if let Some(f) = failure {
            return Err(f);
        }
        if batch.is_empty() && finished {
            return Ok(done);
        }
        (batch, failure) = next;
    }
}

/// Parses up to [`BATCH`] cases, reading more of a stream as needed. A failure comes with the
/// good cases before it.
fn next_batch(
    source: &mut Source,
    reader: &mut Reader,
    finished: &mut bool,
) -> (Vec<Puzzle>, Option<Failure>) {
    let mut out = Vec::new();
    while !*finished && out.len() < BATCH {
        let (window, eof) = source.window();
        let room = BATCH - out.len();
        match reader.parse(window, eof, &mut out, room) {
            Ok(n) => source.consume(n),
            Err(e) => {
                *finished = true;
                return (out, Some(Failure::Parse(e)));
            }
        }
        if reader.done() || (eof && out.len() < BATCH) {
            *finished = true;
        } else if out.len() < BATCH
            && let Err(e) = source.fill()
        {
            *finished = true;
            return (out, Some(Failure::Read(e)));
        }
    }
    (out, None)
}

/// Solves a batch whose first case is number `before + 1`, in chunks, in input order.
fn solve_batch(batch: &[Puzzle], before: u64, plan: Plan) -> Vec<Chunk> {
    let task = |solver: &mut Box<dyn Solver>, (i, cases): (usize, &[Puzzle])| {
        solve_chunk(solver.as_mut(), cases, before + (i * CHUNK) as u64, plan)
    };
    if plan.parallel {
        batch
            .par_chunks(CHUNK)
            .enumerate()
            .map_init(|| plan.solver.build(), task)
            .collect()
    } else {
        let mut solver = plan.solver.build();
        batch
            .chunks(CHUNK)
            .enumerate()
            .map(|c| task(&mut solver, c))
            .collect()
    }
}

fn solve_chunk(solver: &mut dyn Solver, cases: &[Puzzle], before: u64, plan: Plan) -> Chunk {
    let limit = plan.format.limit();
    let mut chunk = Chunk {
        bytes: Vec::with_capacity(cases.len() * 96),
        unsolved: Vec::new(),
    };
    for (i, puzzle) in cases.iter().enumerate() {
        let number = before + i as u64 + 1;
        let outcome: Outcome = solver.solve(puzzle, limit);
        if outcome.count == 0 && plan.format.no_solution_is_error() {
            chunk.unsolved.push(number);
        }
        crate::format::write_outcome(plan.format, number, puzzle, &outcome, &mut chunk.bytes);
    }
    chunk
}
