//! The ordered parallel map at the heart of `solve`: cases are parsed in batches, solved on a
//! rayon pool in chunks, and their answers handed back in input order, one buffer per chunk.
//!
//! Three things overlap: while the pool solves batch `i`, one task (`rayon::join`) first hands
//! the answers of batch `i - 1` to the sink and then parses batch `i + 1`. Only that task touches
//! the source and the sink, one batch after another, so the output order is the input order;
//! memory holds at most three batches whatever the input size. Batches start small and grow, so
//! the pool starts work as soon as a few cases are read. Each pool thread keeps one solver for
//! the whole run. With one thread everything runs inline, in the same order, so output is
//! byte-identical for any count.

use crate::format::{Format, ParseError, Reader};
use crate::input::Source;
use crate::model::Puzzle;
use crate::solve::{Outcome, Solver, SolverKind};
use rayon::prelude::*;
use std::io;
use std::sync::Mutex;

/// Cases parsed per batch: large enough to keep every thread busy between two batch
/// boundaries, small enough that memory stays a few megabytes and answers come out early.
pub const BATCH: usize = 4 * 1024;
/// Cases in the first batch, parsed before any solving starts; the next are 4x larger each.
const FIRST_BATCH: usize = 256;
/// Cases per parallel task, one output buffer each: small enough that the threads finish a
/// batch close together (a batch waits for its slowest task).
const CHUNK: usize = 64;

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

/// The sink of a run: takes answers in input order.
pub type Emit<'a> = dyn FnMut(Answers<'_>) -> io::Result<()> + Send + 'a;

/// One solved chunk.
struct Chunk {
    bytes: Vec<u8>,
    unsolved: Vec<u64>,
}

/// One solver per pool thread, built on the thread's first chunk and kept for the run (a DLX
/// matrix is half a megabyte to set up). Each thread only ever locks its own slot.
struct Solvers {
    kind: SolverKind,
    slots: Vec<Mutex<Option<Box<dyn Solver>>>>,
}

impl Solvers {
    fn new(kind: SolverKind, parallel: bool) -> Self {
        let n = if parallel {
            rayon::current_num_threads()
        } else {
            1
        };
        Solvers {
            kind,
            slots: (0..n).map(|_| Mutex::new(None)).collect(),
        }
    }

    /// Runs `f` with the calling thread's solver.
    fn with<T>(&self, f: impl FnOnce(&mut dyn Solver) -> T) -> T {
        let i = rayon::current_thread_index().unwrap_or(0) % self.slots.len();
        // A panic elsewhere can only poison a slot if a solver panicked, which aborts anyway.
        let mut slot = self.slots[i].lock().unwrap_or_else(|e| e.into_inner());
        f(slot.get_or_insert_with(|| self.kind.build()).as_mut())
    }
}

/// Solves every case of `source` and hands the answers to `emit` in input order. Returns the
/// number of cases solved.
pub fn run(source: &mut Source, plan: Plan, emit: &mut Emit<'_>) -> Result<u64, Failure> {
    let solvers = Solvers::new(plan.solver, plan.parallel);
    let mut reader = Reader::new(plan.format);
    let mut finished = false;
    let mut done: u64 = 0;
    // Batches grow 4x from the first up to BATCH, so that the parse of the next one (slower
    // early on: fresh pages to fault in) never keeps the pool waiting on a small one.
    let mut size = FIRST_BATCH;
    let (mut batch, mut failure) = next_batch(source, &mut reader, &mut finished, size);
    // Answers solved but not yet handed to the sink.
    let mut solved: Vec<Chunk> = Vec::new();
    loop {
        // After a failure nothing more is read: its batch is the last.
        let stopped = failure.is_some();
        size = (size * 4).min(BATCH);
        let mut side = || {
            let sent = send(&solved, emit);
            let next = if stopped || sent.is_err() {
                (Vec::new(), None)
            } else {
                next_batch(source, &mut reader, &mut finished, size)
            };
            (sent, next)
        };
        let ((sent, next), chunks) = if plan.parallel {
            // The side task runs at once on this thread; the pool takes the batch meanwhile
            // and this thread joins in when the side task is done.
            rayon::join(side, || solve_batch(&batch, done, plan, &solvers))
        } else {
            let c = solve_batch(&batch, done, plan, &solvers);
            (side(), c)
        };
        sent.map_err(Failure::Write)?;
        solved = chunks;
        done += batch.len() as u64;
        if let Some(f) = failure {
            send(&solved, emit).map_err(Failure::Write)?;
            return Err(f);
        }
        if batch.is_empty() && finished {
            send(&solved, emit).map_err(Failure::Write)?;
            return Ok(done);
        }
        (batch, failure) = next;
    }
}

/// Hands solved chunks to the sink, in order.
fn send(chunks: &[Chunk], emit: &mut Emit<'_>) -> io::Result<()> {
    for c in chunks {
        emit(Answers {
            bytes: &c.bytes,
            unsolved: &c.unsolved,
        })?;
    }
    Ok(())
}

/// Parses up to `size` cases, reading more of a stream as needed. A failure comes with the
/// good cases before it.
fn next_batch(
    source: &mut Source,
    reader: &mut Reader,
    finished: &mut bool,
    size: usize,
) -> (Vec<Puzzle>, Option<Failure>) {
    let mut out = Vec::with_capacity(size);
    while !*finished && out.len() < size {
        let (window, eof) = source.window();
        let room = size - out.len();
        match reader.parse(window, eof, &mut out, room) {
            Ok(n) => source.consume(n),
            Err(e) => {
                *finished = true;
                return (out, Some(Failure::Parse(e)));
            }
        }
        if reader.done() || (eof && out.len() < size) {
            *finished = true;
        } else if out.len() < size
            && let Err(e) = source.fill()
        {
            *finished = true;
            return (out, Some(Failure::Read(e)));
        }
    }
    (out, None)
}

/// Solves a batch whose first case is number `before + 1`, in chunks, in input order.
fn solve_batch(batch: &[Puzzle], before: u64, plan: Plan, solvers: &Solvers) -> Vec<Chunk> {
    let task = |(i, cases): (usize, &[Puzzle])| {
        solvers.with(|s| solve_chunk(s, cases, before + (i * CHUNK) as u64, plan))
    };
    if plan.parallel {
        batch.par_chunks(CHUNK).enumerate().map(task).collect()
    } else {
        batch.chunks(CHUNK).enumerate().map(task).collect()
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
