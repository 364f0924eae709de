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
//!
//! The pipeline knows neither formats nor solvers: a [`Cases`] reader turns bytes into cases and
//! a [`Work`] turns each case into its answer's bytes (`crate::work`: each case answered in
//! its problem's mode, or only a shard's cases). Both are type parameters; every case is a
//! [`Case`], which holds a 9x9 puzzle inline, so the tuned path allocates nothing per case.

use crate::format::{ParseError, Reader};
use crate::input::Source;
use crate::model::Case;
use rayon::prelude::*;
use std::io;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// Cases parsed per batch: large enough to keep every thread busy between two batch
/// boundaries, small enough that memory stays a few megabytes and answers come out early.
pub const BATCH: usize = 4 * 1024;
/// Cases in the first batch, parsed before any solving starts; the next are 4x larger each.
const FIRST_BATCH: usize = 256;
/// Cases per parallel task at most, one output buffer each: small enough that the threads
/// finish a batch close together (a batch waits for its slowest task).
const CHUNK: usize = 64;
/// Tasks per thread at least in a parallel batch: a small batch (a short file, the first
/// batches) is cut finer than [`CHUNK`], so that a few slow cases (16x16 and 25x25 puzzles
/// can take tens of milliseconds each) do not leave a thread idle while one chunk holds them.
const TASKS_PER_THREAD: usize = 8;

/// A streaming case reader (see [`Reader::parse`] for the contract).
pub trait Cases: Send {
    /// Parses complete cases from the unconsumed input `buf` into `out`, at most `max`; returns
    /// the bytes consumed.
    fn parse(
        &mut self,
        buf: &[u8],
        eof: bool,
        out: &mut Vec<Case>,
        max: usize,
    ) -> Result<usize, ParseError>;

    /// True once the input is finished or an error was returned.
    fn done(&self) -> bool;

    /// The number of cases the input declares on its count line, once read (`validate
    /// --strict` spells the count line back from it); `None` before, and for formats without.
    fn declared(&self) -> Option<u64>;
}

impl Cases for Reader {
    fn parse(
        &mut self,
        buf: &[u8],
        eof: bool,
        out: &mut Vec<Case>,
        max: usize,
    ) -> Result<usize, ParseError> {
        Reader::parse(self, buf, eof, out, max)
    }

    fn done(&self) -> bool {
        Reader::done(self)
    }

    fn declared(&self) -> Option<u64> {
        Reader::declared(self)
    }
}

/// What is done with each case: its answer, appended in the format's spelling.
pub trait Work: Sync {
    /// Per-thread scratch (a solver), built once per pool thread and kept for the run.
    type Worker: Send;

    fn worker(&self) -> Self::Worker;

    /// Appends the answer to case `number` (1-based in the whole input) to `out`; true when
    /// the case has no solution and the format has no word for that.
    fn answer(
        &self,
        worker: &mut Self::Worker,
        number: u64,
        case: &Case,
        out: &mut Vec<u8>,
    ) -> bool;

    /// As [`Work::answer`], where a case may also fail (its search budget ran out): `Err`
    /// says why, and the run ends at that case, every answer before it written in full. The
    /// answer's bytes appended before a failure are dropped.
    fn try_answer(
        &self,
        worker: &mut Self::Worker,
        number: u64,
        case: &Case,
        out: &mut Vec<u8>,
    ) -> Result<bool, String> {
        Ok(self.answer(worker, number, case, out))
    }
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
    /// Case number `case` (1-based) could not be answered: `msg` says why.
    Case { case: u64, msg: String },
}

impl Failure {
    /// The message, with the input's name in front (`in.txt:14:6: case 2: ...`).
    pub fn message(&self, name: &str) -> String {
        match self {
            Failure::Parse(e) => format!("{name}:{e}"),
            Failure::Read(e) | Failure::Write(e) => format!("{name}: {e}"),
            Failure::Case { case, msg } => format!("{name}: case {case}: {msg}"),
        }
    }

    /// The case the failure is in, when it is inside one.
    pub fn case(&self) -> Option<u64> {
        match self {
            Failure::Parse(e) => e.case,
            Failure::Case { case, .. } => Some(*case),
            Failure::Read(_) | Failure::Write(_) => None,
        }
    }
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
    /// The case that failed, and why: the chunk ends before it, and the run with it.
    failed: Option<(u64, String)>,
}

/// One worker per pool thread, built on the thread's first chunk and kept for the run (a DLX
/// matrix is half a megabyte to set up). Each thread only ever locks its own slot.
struct Workers<'w, W: Work> {
    work: &'w W,
    slots: Vec<Mutex<Option<W::Worker>>>,
    /// The lowest case number that failed so far (`u64::MAX`: none). Nothing after it is
    /// written, so the workers skip every case past it: a file of cases that each run to
    /// their budget costs about one budget per thread, not one per case of two batches.
    failed: AtomicU64,
}

impl<'w, W: Work> Workers<'w, W> {
    fn new(work: &'w W, parallel: bool) -> Self {
        let n = if parallel {
            rayon::current_num_threads()
        } else {
            1
        };
        Workers {
            work,
            slots: (0..n).map(|_| Mutex::new(None)).collect(),
            failed: AtomicU64::new(u64::MAX),
        }
    }

    /// Runs `f` with the calling thread's worker.
    fn with<T>(&self, f: impl FnOnce(&mut W::Worker) -> T) -> T {
        let i = rayon::current_thread_index().unwrap_or(0) % self.slots.len();
        // A panic elsewhere can only poison a slot if a solver panicked, which aborts anyway.
        let mut slot = self.slots[i].lock().unwrap_or_else(|e| e.into_inner());
        f(slot.get_or_insert_with(|| self.work.worker()))
    }
}

/// Answers every case of `source` as `reader` reads them and `work` answers them, and hands the
/// answers to `emit` in input order; `parallel` runs batches on the current rayon pool (false:
/// everything inline on this thread). Returns the number of cases answered.
pub fn run<C: Cases, W: Work>(
    source: &mut Source,
    reader: &mut C,
    work: &W,
    parallel: bool,
    emit: &mut Emit<'_>,
) -> Result<u64, Failure> {
    let workers = Workers::new(work, parallel);
    let mut finished = false;
    let mut done: u64 = 0;
    // Batches grow 4x from the first up to BATCH, so that the parse of the next one (slower
    // early on: fresh pages to fault in) never keeps the pool waiting on a small one.
    let mut size = FIRST_BATCH;
    let (mut batch, mut failure) = next_batch(source, reader, &mut finished, size);
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
                next_batch(source, reader, &mut finished, size)
            };
            (sent, next)
        };
        let ((sent, next), chunks) = if parallel {
            // The side task runs at once on this thread; the pool takes the batch meanwhile
            // and this thread joins in when the side task is done.
            rayon::join(side, || solve_batch(&batch, done, parallel, &workers))
        } else {
            let c = solve_batch(&batch, done, parallel, &workers);
            (side(), c)
        };
        sent?;
        solved = chunks;
        done += batch.len() as u64;
        if let Some(f) = failure {
            send(&solved, emit)?;
            return Err(f);
        }
        if batch.is_empty() && finished {
            send(&solved, emit)?;
            return Ok(done);
        }
        (batch, failure) = next;
    }
}

/// The number of cases `reader` reads from `source` (parsing only, no answers), and the failure
/// it stops on, if any.
pub fn count<C: Cases>(source: &mut Source, reader: &mut C) -> (u64, Option<Failure>) {
    let mut finished = false;
    let mut n = 0;
    while !finished {
        let (batch, failure) = next_batch(source, reader, &mut finished, BATCH);
        n += batch.len() as u64;
        if failure.is_some() {
            return (n, failure);
        }
    }
    (n, None)
}

/// Hands solved chunks to the sink, in order, up to the first failed case.
fn send(chunks: &[Chunk], emit: &mut Emit<'_>) -> Result<(), Failure> {
    for c in chunks {
        emit(Answers {
            bytes: &c.bytes,
            unsolved: &c.unsolved,
        })
        .map_err(Failure::Write)?;
        if let Some((case, msg)) = &c.failed {
            return Err(Failure::Case {
                case: *case,
                msg: msg.clone(),
            });
        }
    }
    Ok(())
}

/// Parses up to `size` cases, reading more of a stream as needed. A failure comes with the
/// good cases before it; `finished` turns true at the end of the input or at a failure.
pub fn next_batch<C: Cases>(
    source: &mut Source,
    reader: &mut C,
    finished: &mut bool,
    size: usize,
) -> (Vec<Case>, Option<Failure>) {
    let mut out = Vec::with_capacity(size);
    let failure = fill_batch(source, reader, finished, size, &mut out, &mut |_| {});
    (out, failure)
}

/// What one call of the reader went through (for `validate --strict`).
pub struct Seen<'a> {
    /// The bytes read: those consumed, or when the reader stopped on an error (`whole` false)
    /// everything it was given, which runs past the cases into the bad one. The consumed bytes
    /// may end inside a case the reader keeps part read (the spec formats' reader).
    pub bytes: &'a [u8],
    /// The cases made of them.
    pub cases: &'a [Case],
    /// The number of cases the input declares, once its count line is read.
    pub declared: Option<u64>,
    pub whole: bool,
}

/// The one batch loop: appends cases to `out` until it holds `size`, reading more of a stream as
/// needed and showing `seen` every stretch of bytes the reader went through with the cases it
/// made of them; see [`next_batch`]. The failure is a [`Failure::Parse`] or [`Failure::Read`].
pub fn fill_batch<C: Cases>(
    source: &mut Source,
    reader: &mut C,
    finished: &mut bool,
    size: usize,
    out: &mut Vec<Case>,
    seen: &mut dyn FnMut(Seen<'_>),
) -> Option<Failure> {
    while !*finished && out.len() < size {
        let (window, eof) = source.window();
        let room = size - out.len();
        let before = out.len();
        let parsed = reader.parse(window, eof, out, room);
        let declared = reader.declared();
        let (bytes, whole) = match &parsed {
            Ok(n) => (&window[..*n], true),
            Err(_) => (window, false),
        };
        seen(Seen {
            bytes,
            cases: &out[before..],
            declared,
            whole,
        });
        match parsed {
            Ok(n) => source.consume(n),
            Err(e) => {
                *finished = true;
                return Some(Failure::Parse(e));
            }
        }
        if reader.done() || (eof && out.len() < size) {
            *finished = true;
        } else if out.len() < size
            && let Err(e) = source.fill()
        {
            *finished = true;
            return Some(Failure::Read(e));
        }
    }
    None
}

/// The one ordered parallel map: `each(state, i)` for every `i` in `0..n`, the results in
/// order. With `parallel`, on the current rayon pool in runs of at least `min_len` items, each
/// rayon job with a state of `init`'s making; otherwise on this thread with `serial`'s state,
/// made on first use (a caller may keep it from call to call).
pub fn ordered_map<S, T: Send>(
    n: usize,
    parallel: bool,
    min_len: usize,
    serial: &mut Option<S>,
    init: impl Fn() -> S + Sync + Send,
    each: impl Fn(&mut S, usize) -> T + Sync + Send,
) -> Vec<T> {
    if parallel {
        (0..n)
            .into_par_iter()
            .with_min_len(min_len)
            .map_init(init, each)
            .collect()
    } else {
        let state = serial.get_or_insert_with(init);
        (0..n).map(|i| each(state, i)).collect()
    }
}

/// Answers a batch whose first case is number `before + 1`, in chunks, in input order.
fn solve_batch<W: Work>(
    batch: &[Case],
    before: u64,
    parallel: bool,
    workers: &Workers<'_, W>,
) -> Vec<Chunk> {
    let size = if parallel {
        let tasks = rayon::current_num_threads() * TASKS_PER_THREAD;
        batch.len().div_ceil(tasks).clamp(1, CHUNK)
    } else {
        CHUNK
    };
    let task = |_: &mut (), i: usize| {
        let cases = &batch[i * size..batch.len().min((i + 1) * size)];
        let first = before + (i * size) as u64;
        workers.with(|w| solve_chunk(workers.work, w, cases, first, &workers.failed))
    };
    ordered_map(
        batch.len().div_ceil(size),
        parallel,
        1,
        &mut None,
        || (),
        task,
    )
}

/// Answers `cases`, the first numbered `before + 1`, up to the first that fails or the first
/// past the lowest case number known to have failed (`failed`, lowered here on a failure).
fn solve_chunk<W: Work>(
    work: &W,
    worker: &mut W::Worker,
    cases: &[Case],
    before: u64,
    failed: &AtomicU64,
) -> Chunk {
    let mut chunk = Chunk {
        bytes: Vec::with_capacity(cases.len() * 96),
        unsolved: Vec::new(),
        failed: None,
    };
    for (i, case) in cases.iter().enumerate() {
        let number = before + i as u64 + 1;
        if number > failed.load(Relaxed) {
            break;
        }
        let len = chunk.bytes.len();
        match work.try_answer(worker, number, case, &mut chunk.bytes) {
            Ok(true) => chunk.unsolved.push(number),
            Ok(false) => {}
            Err(msg) => {
                failed.fetch_min(number, Relaxed);
                chunk.bytes.truncate(len);
                chunk.failed = Some((number, msg));
                break;
            }
        }
    }
    chunk
}
