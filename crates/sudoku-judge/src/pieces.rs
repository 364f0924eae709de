//! A regular file read in pieces cut at line breaks: each piece is read by a pool thread into a
//! buffer of its own and worked on there, and the results are taken back in file order. This
//! is `pipeline`'s path for inputs whose every line is read alone (81-character lines), where
//! no byte of the input and no case crosses from one core to another, only the answers do
//! (`pipeline::run` has the figures).
//!
//! The results are taken by the thread that called [`in_order`], which works on pieces too
//! while it waits. Handing each result over from the thread that finished it, when its turn
//! had come (so that the answers would leave from the core that made them), gained nothing
//! on the Kaggle lines: 32.0 against 31.9 ms, 62.2 against 62.3 ms CPU (`alternate.py 50`).

use crate::input::Source;
use std::fs::File;
use std::io::{self, Read};
use std::sync::atomic::{AtomicBool, Ordering::Acquire, Ordering::Relaxed, Ordering::Release};
use std::sync::{Arc, Mutex};

/// Bytes per piece at most: the Kaggle lines ran fastest on two threads at 32 KiB (about 400
/// cases), against 16 and 64 KiB (`alternate.py 30`, issue 31).
const PIECE: u64 = 1 << 15;
/// Bytes per piece at least, where a shorter file is cut finer.
const LEAST: u64 = 1 << 12;
/// Pieces per pool thread at least, where the file is short enough: the threads finish
/// together even when a few pieces hold slow puzzles.
const PER_THREAD: u64 = 8;
/// Pieces in flight per pool thread: read or being worked on, or done and waiting their turn.
const AHEAD: usize = 4;
/// Bytes read past a piece's end at once, to find the line break that ends it (and what the
/// next piece skips): a few lines' worth.
const PAST: u64 = 512;
/// A piece's first read lands in its buffer at the file offset's alignment modulo this. The
/// kernel copies a read with `rep movsb`, which on this AMD EPYC ran 7 times slower when the
/// destination sat 1 to about 40 bytes past the source modulo 4,096 (a page-aligned read into
/// a buffer 8 to 32 bytes in: 4.4 against 0.5 ms for 8 MB in 32 KiB reads, any other
/// distance fast). A piece's read starts one byte before a page, into a heap buffer 16 bytes
/// into its page: every piece's read was that slow, 5 ms of CPU time in a two-thread run of
/// the Kaggle lines.
const ALIGN: usize = 64;

/// How to cut the rest of `file` from offset `from` for a pool of `threads`: the piece size
/// and the number of pieces, or `None` when the rest is too short to be worth cutting (under
/// 64 KiB, which one thread reads in a fraction of a millisecond) or its length cannot be read.
pub fn cut(file: &File, from: u64, threads: usize) -> Option<(u64, u64)> {
    let rest = file.metadata().ok()?.len().checked_sub(from)?;
    let size = (rest / (threads as u64 * PER_THREAD)).clamp(LEAST, PIECE);
    (rest >= 2 * PIECE && threads > 1).then(|| (size, rest.div_ceil(size)))
}

/// Runs `work` on each of the `count` pieces of `file` cut every `size` bytes from `from`, on
/// the current rayon pool (a few pieces per thread in flight at a time), and hands the results
/// to `take` in file order until it returns false. Piece `k` holds the lines that start at
/// offsets `from + k * size` up to `from + (k + 1) * size` (a line starts at `from` or after a
/// `\n`); the last runs to the end of the file, however long it is by then. `work` gets the
/// piece's number and a source that reads just its bytes, in a buffer its thread keeps.
pub fn in_order<T: Send>(
    file: &Arc<File>,
    from: u64,
    size: u64,
    count: u64,
    work: &(dyn Fn(u64, &mut Source) -> T + Sync),
    take: &mut dyn FnMut(u64, T) -> bool,
) {
    let ahead = (rayon::current_num_threads() * AHEAD) as u64;
    let slots: Vec<Slot<T>> = (0..ahead.min(count)).map(|_| Slot::default()).collect();
    let waiter = std::thread::current();
    let stopped = AtomicBool::new(false);
    rayon::in_place_scope_fifo(|scope| {
        let (slots, waiter, stopped) = (&slots, &waiter, &stopped);
        let spawn = |k: u64| {
            scope.spawn_fifo(move |_| {
                if stopped.load(Relaxed) {
                    return;
                }
                let span = Span::new(file.clone(), from, size, k, k + 1 == count);
                let result = with_source(Box::new(span), |s| work(k, s));
                let slot = &slots[(k % ahead) as usize];
                *slot.result.lock().unwrap_or_else(|e| e.into_inner()) = Some(result);
                slot.ready.store(true, Release);
                waiter.unpark();
            })
        };
        for k in 0..ahead.min(count) {
            spawn(k);
        }
        for k in 0..count {
            let slot = &slots[(k % ahead) as usize];
            help_until(|| slot.ready.load(Acquire));
            slot.ready.store(false, Relaxed);
            let result = slot.result.lock().unwrap_or_else(|e| e.into_inner()).take();
            // The next piece is queued before this one is taken, so the pool has work meanwhile.
            if k + ahead < count {
                spawn(k + ahead);
            }
            if !result.is_some_and(|r| take(k, r)) {
                stopped.store(true, Relaxed);
                return;
            }
        }
    });
}

/// Works on the pool's queued tasks until `done`, sleeping when there is none to take: the
/// thread that makes `done` true must unpark this one afterwards.
pub fn help_until(done: impl Fn() -> bool) {
    while !done() {
        // Nothing left to take: the awaited work is on other threads, which wake this one.
        if !matches!(rayon::yield_now(), Some(rayon::Yield::Executed)) {
            std::thread::park();
        }
    }
}

/// The line breaks in `file` between `from` and the first line of piece `k` (cut as
/// [`in_order`] cuts): add them to a line number counted from the piece's start.
pub fn lines_before(file: &File, from: u64, size: u64, k: u64) -> io::Result<u64> {
    if k == 0 {
        return Ok(0);
    }
    // Every line break up to the piece's nominal start, and the one the piece skips through.
    let mut left = k * size - 1;
    let mut at = from;
    let mut buf = vec![0; 1 << 16];
    let mut lines = 1;
    while left > 0 {
        let want = buf.len().min(left as usize);
        let n = read_at(file, &mut buf[..want], at)?;
        if n == 0 {
            break;
        }
        lines += memchr::memchr_iter(b'\n', &buf[..n]).count() as u64;
        (at, left) = (at + n as u64, left - n as u64);
    }
    Ok(lines)
}

/// One piece's result, and whether it is there yet.
struct Slot<T> {
    result: Mutex<Option<T>>,
    ready: AtomicBool,
}

impl<T> Default for Slot<T> {
    fn default() -> Self {
        Slot {
            result: Mutex::new(None),
            ready: AtomicBool::new(false),
        }
    }
}

/// Runs `f` on a source reading `reader`, with the buffer this thread read its last piece into.
fn with_source<T>(reader: Box<dyn Read + Send>, f: impl FnOnce(&mut Source) -> T) -> T {
    thread_local! {
        static SOURCE: std::cell::Cell<Option<Source>> = const { std::cell::Cell::new(None) };
    }
    let mut source = SOURCE
        .take()
        .unwrap_or_else(|| Source::stream(String::new(), Box::new(io::empty())));
    source.restart(reader);
    let result = f(&mut source);
    source.restart(Box::new(io::empty()));
    SOURCE.set(Some(source));
    result
}

/// The bytes of one piece, read at their offsets: see [`in_order`] for where a piece starts
/// and ends.
struct Span {
    file: Arc<File>,
    /// The next offset to read.
    pos: u64,
    /// The bytes from `pos` up to the first `\n` are the end of the line before the piece's
    /// first: skip them.
    skip: bool,
    /// The piece's lines start before this offset; it ends at the first `\n` at or after
    /// `stop - 1` (`u64::MAX`: at the end of the file).
    stop: u64,
    done: bool,
}

impl Span {
    fn new(file: Arc<File>, from: u64, size: u64, k: u64, last: bool) -> Span {
        Span {
            file,
            // A line starts at the nominal start if the byte before it is a line break.
            pos: (from + k * size).saturating_sub((k > 0) as u64),
            skip: k > 0,
            stop: if last { u64::MAX } else { from + (k + 1) * size },
            done: false,
        }
    }
}

impl Read for Span {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        while !self.done && !out.is_empty() {
            // Up to the piece's end and a little past it, where its last line most likely ends.
            let want = self.stop.saturating_sub(self.pos).saturating_add(PAST);
            let at = self.pos;
            // Where a read is moved to the front anyway (it skips the line before the piece),
            // its bytes land at the file offset's alignment ([`ALIGN`]).
            let lead = match self.skip && out.len() >= 2 * ALIGN {
                true => (at as usize).wrapping_sub(out.as_ptr() as usize) % ALIGN,
                false => 0,
            };
            let want = (out.len() - lead).min(usize::try_from(want).unwrap_or(usize::MAX));
            // The read's bytes are `out[lead..end]`, from file offset `at` on.
            let got = read_at(&self.file, &mut out[lead..lead + want], at)?;
            if got == 0 {
                self.done = true;
                break;
            }
            let mut end = lead + got;
            // The piece's first byte in `out`: past the end of the line before it.
            let mut first = lead;
            if self.skip {
                let Some(i) = memchr::memchr(b'\n', &out[lead..end]) else {
                    self.pos += got as u64;
                    // No line starts in the piece: the line before it runs past its end.
                    self.done = self.pos >= self.stop;
                    continue;
                };
                (first, self.skip) = (lead + i + 1, false);
                if at + (i + 1) as u64 >= self.stop {
                    self.done = true;
                    break;
                }
            }
            // The piece ends at the first line break at or after `stop - 1`.
            let last = usize::try_from((self.stop - 1).saturating_sub(at)).unwrap_or(usize::MAX);
            let from = first.max(lead.saturating_add(last));
            if from < end
                && let Some(i) = memchr::memchr(b'\n', &out[from..end])
            {
                end = from + i + 1;
                self.done = true;
            }
            self.pos = at + (end - lead) as u64;
            if first < end {
                out.copy_within(first..end, 0);
                return Ok(end - first);
            }
        }
        Ok(0)
    }
}

/// Reads bytes of `file` at offset `at` (fewer at its end), leaving its cursor alone.
#[cfg(unix)]
fn read_at(file: &File, buf: &mut [u8], at: u64) -> io::Result<usize> {
    std::os::unix::fs::FileExt::read_at(file, buf, at)
}

/// Elsewhere [`Source::file`] offers no file to cut.
#[cfg(not(unix))]
fn read_at(_: &File, _: &mut [u8], _: u64) -> io::Result<usize> {
    Err(io::Error::other("no positioned reads here"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    /// A scratch file holding `bytes`, in a directory the caller removes.
    fn file_of(bytes: &[u8]) -> (std::path::PathBuf, Arc<File>) {
        let dir = crate::model::testutil::scratch("pieces");
        let path = dir.join("in");
        File::create(&path).unwrap().write_all(bytes).unwrap();
        (dir, Arc::new(File::open(&path).unwrap()))
    }

    /// The bytes of every piece, read in reads of at most `step` bytes.
    fn pieces_of(file: &Arc<File>, from: u64, size: u64, count: u64, step: usize) -> Vec<Vec<u8>> {
        (0..count)
            .map(|k| {
                let mut span = Span::new(file.clone(), from, size, k, k + 1 == count);
                let mut out = Vec::new();
                let mut buf = vec![0; step];
                loop {
                    let n = span.read(&mut buf).unwrap();
                    if n == 0 {
                        break out;
                    }
                    out.extend_from_slice(&buf[..n]);
                }
            })
            .collect()
    }

    /// The pieces are the file's lines from `from` on, each line in the piece its first byte's
    /// offset falls in, whatever the piece size: long lines, empty lines, no final line break.
    #[test]
    fn pieces_are_the_lines_by_where_they_start() {
        let text = b"ab\n\n\ncdefghijklmnop\nq\nrstuvwxyz0123456789\n\n4\n56";
        let (dir, file) = file_of(text);
        for from in [0, 3, 4, 5] {
            for size in 1..=text.len() as u64 + 1 {
                let count = (text.len() as u64 - from).div_ceil(size);
                let got = pieces_of(&file, from, size, count, 4096);
                assert_eq!(got.concat(), &text[from as usize..], "from {from} size {size}");
                for step in [1, 2, 7, 130] {
                    assert_eq!(pieces_of(&file, from, size, count, step), got, "step {step}");
                }
                let mut start = from as usize;
                for (k, piece) in got.iter().enumerate() {
                    if !piece.is_empty() {
                        // The piece's first line starts in its range, and is counted from it.
                        let nominal = from as usize + k * size as usize;
                        assert!(start >= nominal && start < nominal + size as usize);
                        assert!(start == from as usize || text[start - 1] == b'\n');
                        let breaks = text[from as usize..start].iter().filter(|&&b| b == b'\n');
                        let want = breaks.count() as u64;
                        assert_eq!(lines_before(&file, from, size, k as u64).unwrap(), want);
                    }
                    start += piece.len();
                }
            }
        }
        std::fs::remove_dir_all(dir).unwrap();
    }
}
