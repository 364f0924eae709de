//! The ordered parallel map at the heart of `solve`: cases are parsed in batches, solved on a
//! rayon pool in chunks, and their answers handed back in input order, one buffer per chunk.
//!
//! One thread reads and writes: it parses batch `i + 1` while the pool answers batch `i`,
//! queues the new batch's chunks, then waits for batch `i` (answering chunks itself meanwhile)
//! and hands its answers to the sink. Only that thread touches the source and the sink, so the
//! output order is the input order; memory holds two batches of cases and one of answers
//! whatever the input size. Batches start small and grow, so the pool starts work as soon as a
//! few cases are read. Each pool thread keeps one solver for the whole run. With one thread
//! every chunk is answered as it is queued, in the same order, so output is byte-identical for
//! any count.
//!
//! The pool never waits at a batch boundary: the next batch's chunks are queued (first in,
//! first out) before the reading thread waits for the last chunks of the previous one. Until
//! issue 31 each batch was a `rayon::join` of the parse and the answering, and both pool
//! threads slept 3.5 to 6 ms in each two-thread run of the 17-clue set (49,158 cases, as a
//! POJ 2676 file) and of the Kaggle set (100,000 lines), while each ran 66 to 79 ms: at the end
//! of every batch one waited for the other's last chunk. Now they sleep 0.4 to 1.4 ms, at the
//! start and the end of the run (`perf sched timehist`, at real-time priority on a loaded
//! 2-core machine). The reading thread's share stays small enough to overlap: parsing is 8%
//! of a one-thread run of the 17-clue file and 10% of the Kaggle lines (2% since the lines'
//! cells are worked out in vector compares, `format/line.rs`), writing 1.5%.
//!
//! A regular file of 81-character lines is read in pieces instead ([`by_pieces`], over
//! `crate::pieces`): each pool thread reads a piece of the file at its offset, parses and
//! answers it in memory of its own, and the reading thread only hands the answers to the sink
//! in order. Cases numbered from 1 in their piece are renumbered as they are handed over, and
//! a parse error's line and case too, so the output, the unsolved cases and the first failure
//! are those of a front-to-back read. Only where nothing depends on the numbers before the
//! handing over ([`Work::numbered`]: no `Case k:`, no shard, no progress line), and only
//! readers that take a line alone offer it ([`Cases::pieces`]). Why: parsing into a batch on
//! one core, the reading thread stalled on its first write to each case slot the other core
//! had last read; two threads spent 2.4 ms more in the parser than one (`perf record`). Read
//! in pieces, the Kaggle lines (100,000 cases) ran 1.02x faster on two threads (34.7 against
//! 34.9 ms, median of 80 alternated rounds' ratios, 1 ms less CPU time), or 1.86x one
//! thread's time against 1.80x; 1.84x against 1.68x in a minute when the host made two
//! threads dear. The 17-clue set as lines, serg's and a hard set ran 1.01-1.02x faster, and
//! 1,000 hard puzzles (82 KB, cut finer) as fast.
//!
//! The pipeline knows neither formats nor solvers: a [`Cases`] reader turns bytes into cases and
//! a [`Work`] turns each case into its answer's bytes (`crate::work`: each case answered in
//! its problem's mode, or only a shard's cases). Both are type parameters; every case is a
//! [`Case`], which holds a 9x9 puzzle inline, so the tuned path allocates nothing per case.

use crate::format::{ParseError, Reader};
use crate::input::Source;
use crate::model::Case;
use crate::pieces;
use rayon::prelude::*;
use std::fs::File;
use std::io;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Acquire, Ordering::AcqRel, Ordering::Relaxed};
use std::sync::{Arc, Mutex, OnceLock};
use std::thread::Thread;

/// Cases parsed per batch: large enough to keep every thread busy between two batch
/// boundaries (the pool never waits at one, see [`stream`]), small enough that the two batches
/// in flight (a 9x9 [`Case`] is 168 bytes) stay in a core's L2 cache with the solvers' tables.
/// Against 4,096, one thread ran 100,000 Kaggle lines 1.9% faster and the 17-clue set as a POJ
/// 2676 file 2.1% faster; with the smaller read block too (`input.rs`), 3.3% and 4.0% (issue
/// 31, median of the per-round ratios of 40 and 20 alternated rounds).
pub const BATCH: usize = 1024;
/// Cases in the first batch, parsed before any solving starts; the next are 4x larger each.
const FIRST_BATCH: usize = 256;
/// Cases per parallel task at most, one output buffer each: small enough that the threads
/// finish the run close together (the last batch waits for its slowest task).
///
/// Against 64 cases a task and 8 tasks per thread (`alternate.py 40`, issue 31): one thread
/// ran 100,000 Kaggle lines 1.02x faster (fewer buffers), and two 1.7 ms less CPU time in all
/// (31.4 against 31.6 ms wall); the 17-clue set as a POJ 2676 file and 100 hard 16x16 puzzles
/// took the same time on one thread and on two.
const CHUNK: usize = 128;
/// Tasks per thread at least in a parallel batch: a small batch (a short file, the first
/// batches) is cut finer than [`CHUNK`], so that a few slow cases (16x16 and 25x25 puzzles
/// can take tens of milliseconds each) do not leave a thread idle while one chunk holds them.
const TASKS_PER_THREAD: usize = 4;

/// A streaming case reader (see [`Reader::parse`] for the contract).
pub trait Cases: Send + 'static {
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

    /// A maker of readers for pieces of the input cut at line breaks, where each piece read
    /// alone gives what the whole input gives there (see [`Reader::pieces`]); `None`: the input
    /// is read front to back.
    fn pieces(&self) -> Option<Maker<Self>>
    where
        Self: Sized,
    {
        None
    }
}

/// Makes a fresh reader for each piece of an input cut at line breaks ([`Cases::pieces`]).
pub type Maker<C> = Box<dyn Fn() -> C + Send + Sync>;

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

    fn pieces(&self) -> Option<Maker<Self>> {
        Reader::pieces(self).map(|make| Box::new(make) as Maker<Self>)
    }
}

/// What is done with each case: its answer, appended in the format's spelling.
pub trait Work: Sync {
    /// Per-thread scratch (a solver), built once per pool thread and kept for the run.
    type Worker: Send;

    fn worker(&self) -> Self::Worker;

    /// Whether answering a case needs its number in the whole input (a `Case k:` header, a
    /// shard's choice, a progress line). When not, cases may be answered before their numbers
    /// are known, numbered from 1 in a piece of the input: the pipeline shifts the numbers in
    /// the unsolved list and in a failure afterwards.
    fn numbered(&self) -> bool {
        true
    }

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
    slots: Vec<Padded<Mutex<Option<W::Worker>>>>,
    /// The lowest case number that failed so far (`u64::MAX`: none). Nothing after it is
    /// written, so the workers skip every case past it: a file of cases that each run to
    /// their budget costs about one budget per thread, not one per case of two batches.
    failed: AtomicU64,
    /// The chunks run on the current rayon pool.
    parallel: bool,
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
            slots: (0..n).map(|_| Padded(Mutex::new(None))).collect(),
            failed: AtomicU64::new(u64::MAX),
            parallel,
        }
    }

    /// Runs `f` with the calling thread's worker.
    fn with<T>(&self, f: impl FnOnce(&mut W::Worker) -> T) -> T {
        let i = rayon::current_thread_index().unwrap_or(0) % self.slots.len();
        // A panic elsewhere can only poison a slot if a solver panicked, which aborts anyway.
        let mut slot = self.slots[i].0.lock().unwrap_or_else(|e| e.into_inner());
        f(slot.get_or_insert_with(|| self.work.worker()))
    }
}

/// A worker on cache lines of its own. Side by side, two threads' engines shared a line that
/// each writes at every case (its node count): on 100,000 Kaggle lines, two threads spent 6.3x
/// one thread's samples in `Solve::try_answer`, where the count is written (403 to 64, `perf
/// record`, 5 runs each); padded, 1.8x (63 to 35), and 3 ms less CPU time in all.
#[repr(align(128))]
struct Padded<T>(T);

/// Answers every case of `source` as `reader` reads them and `work` answers them, and hands the
/// answers to `emit` in input order; `parallel` runs the chunks on the current rayon pool (false:
/// everything inline on this thread). Returns the number of cases answered. A regular file
/// that `reader` can take in pieces, for `work` that does not number its answers, is read in
/// pieces on the pool ([`by_pieces`]); `reader` must not have read anything yet.
pub fn run<C: Cases, W: Work>(
    source: &mut Source,
    reader: &mut C,
    work: &W,
    parallel: bool,
    emit: &mut Emit<'_>,
) -> Result<u64, Failure> {
    let workers = Workers::new(work, parallel);
    if parallel
        && !work.numbered()
        && let Some(make) = reader.pieces()
        && let Some((file, from)) = source.file()
        && let Some((size, count)) = pieces::cut(file, from, rayon::current_num_threads())
    {
        let file = file.clone();
        return by_pieces(&file, from, size, count, make, &workers, emit);
    }
    if !parallel {
        return stream(source, reader, &workers, emit, &mut |flight| {
            for k in 0..flight.chunks.len() {
                flight.solve(k, &workers);
            }
        });
    }
    rayon::in_place_scope_fifo(|scope| {
        let workers = &workers;
        stream(source, reader, workers, emit, &mut |flight| {
            for k in 0..flight.chunks.len() {
                let flight = flight.clone();
                scope.spawn_fifo(move |_| flight.solve(k, workers));
            }
        })
    })
}

/// What one piece of the input gave ([`by_pieces`]): its cases' answers, numbered from the
/// piece's first case, and how its reading stopped.
struct Part {
    chunk: Chunk,
    cases: u64,
    /// The piece's reading failed (a parse error's line and case counted from its start).
    stop: Option<Failure>,
    /// The input's `end` is in the piece: nothing after it is read.
    ended: bool,
}

/// [`run`] over a regular file cut into `count` pieces of `size` bytes from `from`, each read,
/// parsed and answered by one pool thread ([`pieces::in_order`]) with a reader of `make`'s, the
/// answers handed to `emit` in input order, their numbers shifted by the cases before.
fn by_pieces<C: Cases, W: Work>(
    file: &Arc<File>,
    from: u64,
    size: u64,
    count: u64,
    make: Maker<C>,
    workers: &Workers<'_, W>,
    emit: &mut Emit<'_>,
) -> Result<u64, Failure> {
    // The first piece that stops the input (a failure, `end`): the pieces after it are skipped.
    let last = AtomicU64::new(u64::MAX);
    let work = |k: u64, source: &mut Source| {
        if k > last.load(Relaxed) {
            return None;
        }
        let mut cases = Vec::with_capacity((size / 64) as usize);
        let stop = fill_batch(source, &mut make(), &mut false, usize::MAX, &mut cases, &mut |_| {});
        let ended = stop.is_none() && !source.exhausted();
        let none = AtomicU64::new(u64::MAX);
        let chunk = workers.with(|w| solve_chunk(workers.work, w, &cases, 0, &none));
        if stop.is_some() || ended || chunk.failed.is_some() {
            last.fetch_min(k, Relaxed);
        }
        let cases = cases.len() as u64;
        Some(Part { chunk, cases, stop, ended })
    };
    let mut before = 0;
    let mut result = Ok(());
    pieces::in_order(file, from, size, count, &work, &mut |k, part| {
        // A piece is skipped only after an earlier one that stops the taking: never seen here.
        let Some(Part { mut chunk, cases, stop, ended }) = part else {
            return false;
        };
        chunk.unsolved.iter_mut().for_each(|n| *n += before);
        if let Some((case, _)) = &mut chunk.failed {
            *case += before;
        }
        let failure = match stop {
            Some(Failure::Parse(mut e)) => {
                e.case = e.case.map(|c| c + before);
                Some(match pieces::lines_before(file, from, size, k) {
                    Ok(lines) => {
                        e.pos.line += lines;
                        Failure::Parse(e)
                    }
                    Err(e) => Failure::Read(e),
                })
            }
            stop => stop,
        };
        result = send(std::iter::once(&chunk), emit).and(failure.map_or(Ok(()), Err));
        before += cases;
        result.is_ok() && !ended
    });
    result.map(|()| before)
}

/// One batch on its way: its cases, cut into chunks that `launch` hands to the pool, and
/// the chunks' answers as they come.
struct Flight {
    cases: Vec<Case>,
    /// Cases before the batch's first.
    before: u64,
    /// Cases per chunk.
    size: usize,
    chunks: Box<[OnceLock<Chunk>]>,
    /// Chunks not yet answered.
    left: AtomicUsize,
    /// The thread that waits for the batch, woken by its last chunk.
    waiter: Thread,
}

impl Flight {
    fn new(cases: Vec<Case>, before: u64, parallel: bool) -> Arc<Flight> {
        let size = if parallel {
            let tasks = rayon::current_num_threads() * TASKS_PER_THREAD;
            cases.len().div_ceil(tasks).clamp(1, CHUNK)
        } else {
            CHUNK
        };
        let n = cases.len().div_ceil(size);
        Arc::new(Flight {
            cases,
            before,
            size,
            chunks: (0..n).map(|_| OnceLock::new()).collect(),
            left: AtomicUsize::new(n),
            waiter: std::thread::current(),
        })
    }

    /// Answers chunk `k` with the calling thread's worker.
    fn solve<W: Work>(&self, k: usize, workers: &Workers<'_, W>) {
        let cases = &self.cases[k * self.size..self.cases.len().min((k + 1) * self.size)];
        let first = self.before + (k * self.size) as u64;
        let chunk = workers.with(|w| solve_chunk(workers.work, w, cases, first, &workers.failed));
        let _ = self.chunks[k].set(chunk);
        if self.left.fetch_sub(1, AcqRel) == 1 {
            self.waiter.unpark();
        }
    }

    /// Waits until every chunk is answered, answering chunks of the pool meanwhile.
    fn wait(&self) {
        pieces::help_until(|| self.left.load(Acquire) == 0);
    }

    /// The answered chunks, in order.
    fn answers(&self) -> impl Iterator<Item = &Chunk> {
        self.chunks.iter().filter_map(OnceLock::get)
    }
}

/// The one loop of [`run`]: parses batch `i + 1` on this thread while the pool answers batch
/// `i`, then waits for batch `i` (answering its chunks and the next batch's meanwhile) and hands
/// it to `emit`. The pool never waits at a batch boundary: the next batch's chunks are queued
/// before this thread waits for the last of the previous one. Memory holds two batches of
/// cases and one of answers.
fn stream<C: Cases, W: Work>(
    source: &mut Source,
    reader: &mut C,
    workers: &Workers<'_, W>,
    emit: &mut Emit<'_>,
    launch: &mut dyn FnMut(&Arc<Flight>),
) -> Result<u64, Failure> {
    let mut finished = false;
    let mut read: u64 = 0;
    // Batches grow 4x from the first up to BATCH, so that the pool starts as soon as a few
    // cases are read.
    let mut size = FIRST_BATCH;
    let mut flying: Option<Arc<Flight>> = None;
    loop {
        let (batch, failure) = next_batch(source, reader, &mut finished, size);
        size = (size * 4).min(BATCH);
        let n = batch.len() as u64;
        let flight = Flight::new(batch, read, workers.parallel);
        read += n;
        launch(&flight);
        if let Some(previous) = flying.replace(flight) {
            deliver(&previous, workers, emit)?;
        }
        // After a failure nothing more is read: its batch is the last.
        if failure.is_some() || finished {
            if let Some(flight) = flying.take() {
                deliver(&flight, workers, emit)?;
            }
            return failure.map_or(Ok(read), Err);
        }
    }
}

/// Waits for `flight` and hands its answers to `emit`; on a failure, the chunks still queued
/// skip their cases, since nothing more is written.
fn deliver<W: Work>(
    flight: &Flight,
    workers: &Workers<'_, W>,
    emit: &mut Emit<'_>,
) -> Result<(), Failure> {
    flight.wait();
    send(flight.answers(), emit).inspect_err(|_| workers.failed.store(0, Relaxed))
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
fn send<'c>(chunks: impl Iterator<Item = &'c Chunk>, emit: &mut Emit<'_>) -> Result<(), Failure> {
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
            Err(mut e) => {
                *finished = true;
                if (e.pos.line, e.pos.col) == (1, 1) && window.starts_with(crate::input::BOM) {
                    e.msg.push_str(crate::input::BOM_NOTE);
                }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::judges;
    use crate::input::tests::Trickle;

    /// Each case answered by its number; case `fail` fails.
    struct Echo {
        fail: u64,
    }

    impl Work for Echo {
        type Worker = ();

        fn worker(&self) {}

        fn answer(&self, _: &mut (), number: u64, _: &Case, out: &mut Vec<u8>) -> bool {
            out.extend_from_slice(format!("{number}\n").as_bytes());
            number % 1000 == 7
        }

        fn try_answer(
            &self,
            w: &mut (),
            number: u64,
            case: &Case,
            out: &mut Vec<u8>,
        ) -> Result<bool, String> {
            out.extend_from_slice(b"dropped");
            if number == self.fail {
                return Err("over budget".into());
            }
            out.truncate(out.len() - 7);
            Ok(self.answer(w, number, case, out))
        }
    }

    /// `n` puzzles as lines, the one numbered `bad` spelled wrong.
    fn lines(n: u64, bad: u64) -> Vec<u8> {
        let line = "..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3..\n";
        let mut input = Vec::new();
        for k in 1..=n {
            input.extend_from_slice(line.as_bytes());
            if k == bad {
                let at = input.len() - 40;
                input[at] = b'x';
            }
        }
        input
    }

    /// What a run gave: the bytes, the cases named unsolved, and the count or the failure.
    fn run_on(input: &[u8], step: usize, fail: u64, parallel: bool) -> (Vec<u8>, Vec<u64>, String) {
        let spec = judges::find("line").unwrap();
        let mut source = Source::stream(
            "t".into(),
            Box::new(Trickle {
                data: input.to_vec(),
                pos: 0,
                step,
            }),
        );
        let mut reader = Reader::new(spec, source.head(64).unwrap());
        let (mut bytes, mut unsolved) = (Vec::new(), Vec::new());
        let mut emit = |a: Answers<'_>| {
            bytes.extend_from_slice(a.bytes);
            unsolved.extend_from_slice(a.unsolved);
            Ok(())
        };
        let end = match run(&mut source, &mut reader, &Echo { fail }, parallel, &mut emit) {
            Ok(n) => format!("{n} cases"),
            Err(f) => f.message("t"),
        };
        (bytes, unsolved, end)
    }

    /// An input refused at its first byte, a byte-order mark, says so; one refused there for
    /// another byte does not.
    #[test]
    fn a_byte_order_mark_is_named() {
        for (input, named) in [
            (&b"\xef\xbb\xbf1\n1234\n4321\n2413\n3142\n"[..], true),
            (&b"\xef1\n1234\n4321\n2413\n3142\n"[..], false),
        ] {
            let spec = judges::find("dmoj-miniaturesudoku").unwrap();
            let mut source = Source::bytes("t".into(), input.to_vec());
            let mut reader = Reader::new(spec, source.head(64).unwrap());
            let (cases, failure) = next_batch(&mut source, &mut reader, &mut false, 10);
            let msg = failure.expect("a failure").message("t");
            assert!(cases.is_empty() && msg.starts_with("t:1:1: "), "{msg}");
            assert_eq!(msg.ends_with(crate::input::BOM_NOTE), named, "{msg}");
        }
    }

    /// Every thread count gives the serial run's bytes and its first failure, wherever the
    /// failure falls against the batches (256, then 1024 cases each) and the reads.
    #[test]
    fn every_thread_count_gives_the_serial_bytes_and_first_failure() {
        // The last case of each of the first three batches, and the one after it.
        let ends = [FIRST_BATCH, FIRST_BATCH + (4 * FIRST_BATCH).min(BATCH)];
        let ends = [ends[0], ends[1], ends[1] + BATCH].map(|e| e as u64);
        let n = ends[2] + 300;
        let edges = [1, ends[0], ends[0] + 1, ends[1], ends[1] + 1, ends[2], ends[2] + 1, n];
        let pools: Vec<rayon::ThreadPool> = [2, 3]
            .map(|t| rayon::ThreadPoolBuilder::new().num_threads(t).build().unwrap())
            .into();
        let mut runs = Vec::new();
        for &bad in edges.iter().chain([&0]) {
            for &fail in edges.iter().chain([&0]) {
                runs.push((bad, fail));
            }
        }
        for (i, (bad, fail)) in runs.into_iter().enumerate() {
            let input = lines(n, bad);
            let step = [1 << 20, 4093, 82][i % 3];
            let want = run_on(&input, step, fail, false);
            // Every answer before the first failure, none after it.
            let first = [bad, fail].into_iter().filter(|&k| k > 0).min().unwrap_or(n + 1);
            let text = String::from_utf8(want.0.clone()).unwrap();
            assert_eq!(text.lines().count() as u64, first - 1, "bad {bad} fail {fail}");
            assert!(want.1.iter().all(|&k| k < first && k % 1000 == 7));
            // A bad line is met before its case could be answered.
            if bad > 0 && (fail == 0 || bad <= fail) {
                assert!(want.2.starts_with(&format!("t:{bad}:43: case {bad}: ")), "{}", want.2);
            } else if fail > 0 {
                assert_eq!(want.2, format!("t: case {fail}: over budget"));
            } else {
                assert_eq!(want.2, format!("{n} cases"));
            }
            for pool in &pools {
                let got = pool.install(|| run_on(&input, step, fail, true));
                assert!(got == want, "bad {bad} fail {fail} on {} threads", pool.current_num_threads());
            }
        }
    }

    /// Answers each case with its cells, whatever its number: cases starting 9 and ending 9
    /// have no solution, and those starting 777 fail.
    struct Mark;

    impl Work for Mark {
        type Worker = ();

        fn worker(&self) {}

        fn numbered(&self) -> bool {
            false
        }

        fn answer(&self, _: &mut (), _: u64, case: &Case, out: &mut Vec<u8>) -> bool {
            let cells = case.cells();
            out.extend(cells.iter().map(|&c| b'0' + c));
            out.push(b'\n');
            cells[0] == 9 && cells[80] == 9
        }

        fn try_answer(
            &self,
            w: &mut (),
            number: u64,
            case: &Case,
            out: &mut Vec<u8>,
        ) -> Result<bool, String> {
            if case.cells()[..3] == [7, 7, 7] {
                return Err("sevens".into());
            }
            Ok(self.answer(w, number, case, out))
        }
    }

    /// A file of 81-character lines with what such files hold between and around them:
    /// blank and blank-only lines, comments, CRLF, text after the 81st character, indented
    /// puzzles, lines longer than a piece; now and then a bad line, a case that fails, or `end`.
    fn line_file(rng: &mut crate::rng::Rng, lines: usize) -> Vec<u8> {
        let mut out = Vec::new();
        for _ in 0..lines {
            let mut cells: Vec<u8> = (0..81).map(|_| b"0123456789."[rng.below(11) as usize]).collect();
            let kind = rng.below(40);
            match kind {
                0 => out.extend_from_slice(b"\n"),
                1 => out.extend_from_slice(b"   \t \n"),
                2 => out.extend_from_slice(b"# a comment 123\n"),
                3 => cells.truncate(rng.below(81) as usize),
                4 => cells[rng.below(81) as usize] = b'x',
                5 => cells[..3].copy_from_slice(b"777"),
                6 => (cells[0], cells[80]) = (b'9', b'9'),
                7 if rng.chance(1, 4) => out.extend_from_slice(b"end\ngarbage\n"),
                8 => out.extend_from_slice(b"  "),
                _ => {}
            }
            if kind <= 2 {
                continue;
            }
            out.extend_from_slice(&cells);
            match rng.below(8) {
                0 => out.extend_from_slice(b"\r"),
                1 => out.extend_from_slice(b":1:"),
                2 => out.extend(std::iter::repeat_n(b'5', rng.below(300) as usize + 1)),
                _ => {}
            }
            out.push(b'\n');
        }
        if rng.chance(1, 2) {
            out.pop();
        }
        out
    }

    /// What a run over the file at `path` gave: the bytes, the cases named unsolved, and the
    /// count or the failure; read in pieces of `size` bytes on `pool`, or front to back.
    fn run_file(path: &std::path::Path, pieces: Option<(u64, &rayon::ThreadPool)>) -> (Vec<u8>, Vec<u64>, String) {
        let spec = judges::find("line").unwrap();
        let mut source = Source::open(path.to_str().unwrap()).unwrap();
        let reader = Reader::new(spec, source.head(64).unwrap());
        let (mut bytes, mut unsolved) = (Vec::new(), Vec::new());
        let mut emit = |a: Answers<'_>| {
            bytes.extend_from_slice(a.bytes);
            unsolved.extend_from_slice(a.unsolved);
            Ok(())
        };
        let end = match pieces {
            None => run(&mut source, &mut { reader }, &Mark, false, &mut emit),
            Some((size, pool)) => {
                let (file, from) = source.file().map(|(f, at)| (f.clone(), at)).unwrap();
                let count = (file.metadata().unwrap().len() - from).div_ceil(size).max(1);
                let make = Cases::pieces(&reader).expect("line files are read in pieces");
                pool.install(|| {
                    let workers = Workers::new(&Mark, true);
                    by_pieces(&file, from, size, count, make, &workers, &mut emit)
                })
            }
        };
        let end = match end {
            Ok(n) => format!("{n} cases"),
            Err(f) => f.message("t"),
        };
        (bytes, unsolved, end)
    }

    /// Read in pieces of any size, a file of lines gives what it gives read front to back: the
    /// same answers, unsolved cases and first failure (at the same line, column and case).
    #[test]
    fn pieces_give_what_the_whole_file_gives() {
        let dir = crate::model::testutil::scratch("pipeline-pieces");
        let path = dir.join("in.txt");
        let pools: Vec<rayon::ThreadPool> = [2, 3]
            .map(|t| rayon::ThreadPoolBuilder::new().num_threads(t).build().unwrap())
            .into();
        let mut rng = crate::rng::Rng::new(31);
        let mut ends = std::collections::BTreeSet::new();
        for round in 0..60 {
            let input = line_file(&mut rng, [3, 40, 300][round % 3]);
            std::fs::write(&path, &input).unwrap();
            let want = run_file(&path, None);
            ends.insert(want.2.split(": ").last().unwrap().to_string());
            for size in [1, 2, 5, 81, 82, 83, 200, 1000, 1 << 15] {
                let pool = &pools[size as usize % 2];
                let got = run_file(&path, Some((size, pool)));
                assert!(got == want, "round {round}, pieces of {size}: {:?} against {:?}", got.2, want.2);
            }
        }
        // The rounds met every way a run ends.
        for end in ["sevens", "expected a digit 0-9 or '.', found 'x'"] {
            assert!(ends.contains(end), "{ends:?}");
        }
        assert!(ends.iter().any(|e| e.starts_with("line has")), "{ends:?}");
        assert!(ends.iter().any(|e| e.ends_with(" cases")), "{ends:?}");
        std::fs::remove_dir_all(dir).unwrap();
    }

    /// A sink that refuses the output ends the run at once, in every mode.
    #[test]
    fn a_refused_write_ends_the_run() {
        let spec = judges::find("line").unwrap();
        let input = lines(3000, 0);
        let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
        for parallel in [false, true] {
            let mut source = Source::stream("t".into(), Box::new(std::io::Cursor::new(input.clone())));
            let mut reader = Reader::new(spec, source.head(64).unwrap());
            let mut calls = 0;
            let mut emit = |_: Answers<'_>| {
                calls += 1;
                Err(io::Error::other("disk full"))
            };
            let r = pool.install(|| run(&mut source, &mut reader, &Echo { fail: 0 }, parallel, &mut emit));
            assert_eq!(r.unwrap_err().message("t"), "t: disk full");
            assert_eq!(calls, 1);
        }
    }
}
