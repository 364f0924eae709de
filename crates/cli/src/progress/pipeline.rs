//! What a `solve` run's progress line is fed: the reader and the work wrapped so that they
//! count the bytes read, the cases read and the cases answered. Cases are answered in batches
//! some way behind the reading, so the share done is the cases answered over the cases the
//! whole file will hold, estimated from the cases per byte read so far.

use crate::format::ParseError;
use crate::model::Case;
use crate::pipeline::{Cases, Maker, Work};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};

/// Cases a worker answers before it adds them to the shared count: one atomic add per chunk
/// rather than per case.
const FLUSH: u64 = 64;

/// The counts, shared by the reader, the workers and the line.
#[derive(Default)]
pub struct Counts {
    bytes: AtomicU64,
    read: AtomicU64,
    answered: AtomicU64,
    finished: AtomicBool,
}

impl Counts {
    pub fn new() -> Arc<Counts> {
        Arc::new(Counts::default())
    }

    /// Cases answered so far (up to `FLUSH` per thread behind).
    pub fn answered(&self) -> u64 {
        self.answered.load(Relaxed)
    }

    /// The share of a file of `size` bytes done: cases answered over the cases it holds,
    /// estimated from the cases per byte read so far. `None` before anything is read or for
    /// a stream of unknown size.
    pub fn share(&self, size: Option<u64>) -> Option<f64> {
        let read = self.read.load(Relaxed);
        let bytes = self.bytes.load(Relaxed);
        let total = if self.finished.load(Relaxed) {
            read as f64
        } else {
            let size = size?;
            if bytes == 0 || read == 0 {
                return None;
            }
            read as f64 * size as f64 / bytes as f64
        };
        (total > 0.0).then(|| self.answered() as f64 / total)
    }

    /// `reader`, counting what it reads here.
    pub fn reader<C>(self: &Arc<Self>, reader: C) -> Watched<C> {
        Watched {
            inner: reader,
            counts: self.clone(),
        }
    }

    /// `work`, counting what it answers here.
    pub fn work<W>(self: &Arc<Self>, work: W) -> Counted<W> {
        Counted {
            inner: work,
            counts: self.clone(),
        }
    }
}

/// A case reader that counts the bytes and cases it reads.
pub struct Watched<C> {
    inner: C,
    counts: Arc<Counts>,
}

impl<C: Cases> Cases for Watched<C> {
    fn parse(
        &mut self,
        buf: &[u8],
        eof: bool,
        out: &mut Vec<Case>,
        max: usize,
    ) -> Result<usize, ParseError> {
        let before = out.len();
        let r = self.inner.parse(buf, eof, out, max);
        let c = &self.counts;
        c.read.fetch_add((out.len() - before) as u64, Relaxed);
        if let Ok(n) = r {
            c.bytes.fetch_add(n as u64, Relaxed);
        }
        if self.inner.done() || (eof && r.as_ref().is_ok_and(|&n| n == buf.len())) {
            c.finished.store(true, Relaxed);
        }
        r
    }

    fn done(&self) -> bool {
        self.inner.done()
    }

    fn declared(&self) -> Option<u64> {
        self.inner.declared()
    }

    /// Each piece's reader counts here too. (A piece's end marks the input finished early,
    /// which only the share estimate would see: a run with a progress line has numbered work,
    /// which is never read in pieces.)
    fn pieces(&self) -> Option<Maker<Self>> {
        let make = self.inner.pieces()?;
        let counts = self.counts.clone();
        Some(Box::new(move || counts.reader(make())))
    }
}

/// Work that counts the cases it answers.
pub struct Counted<W> {
    inner: W,
    counts: Arc<Counts>,
}

impl<W: Work> Work for Counted<W> {
    /// The inner worker and the cases it answered since its last flush.
    type Worker = (W::Worker, u64);

    fn worker(&self) -> Self::Worker {
        (self.inner.worker(), 0)
    }

    fn numbered(&self) -> bool {
        self.inner.numbered()
    }

    fn answer(
        &self,
        worker: &mut Self::Worker,
        number: u64,
        case: &Case,
        out: &mut Vec<u8>,
    ) -> bool {
        let unsolved = self.inner.answer(&mut worker.0, number, case, out);
        worker.1 += 1;
        if worker.1 == FLUSH {
            self.counts.answered.fetch_add(FLUSH, Relaxed);
            worker.1 = 0;
        }
        unsolved
    }

    fn try_answer(
        &self,
        worker: &mut Self::Worker,
        number: u64,
        case: &Case,
        out: &mut Vec<u8>,
    ) -> Result<bool, String> {
        let unsolved = self.inner.try_answer(&mut worker.0, number, case, out)?;
        worker.1 += 1;
        if worker.1 == FLUSH {
            self.counts.answered.fetch_add(FLUSH, Relaxed);
            worker.1 = 0;
        }
        Ok(unsolved)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::Reader;
    use crate::format::judges::find;
    use crate::input::Source;

    /// Answers every case with one byte.
    struct Dot;

    impl Work for Dot {
        type Worker = ();
        fn worker(&self) {}
        fn answer(&self, _: &mut (), _: u64, _: &Case, out: &mut Vec<u8>) -> bool {
            out.push(b'.');
            false
        }
    }

    #[test]
    fn counts_follow_a_run_to_the_end() {
        let one = ".".repeat(81) + "\n";
        let text = one.repeat(300);
        let size = text.len() as u64;
        let mut source = Source::stream("t".into(), Box::new(std::io::Cursor::new(text)));
        let counts = Counts::new();
        assert_eq!(counts.share(Some(size)), None);
        let mut reader = counts.reader(Reader::new(find("line").unwrap(), b""));
        let work = counts.work(Dot);
        let mut emit = |_: crate::pipeline::Answers<'_>| Ok(());
        let n = crate::pipeline::run(&mut source, &mut reader, &work, false, &mut emit).unwrap();
        assert_eq!(n, 300);
        assert_eq!(counts.read.load(Relaxed), 300);
        assert_eq!(counts.bytes.load(Relaxed), size);
        // 300 = 4 flushes of 64 and 44 not yet added.
        assert_eq!(counts.answered(), 256);
        let share = counts.share(Some(size)).unwrap();
        assert!((share - 256.0 / 300.0).abs() < 1e-9, "{share}");
    }

    #[test]
    fn the_share_is_estimated_from_the_bytes_read() {
        let c = Counts::default();
        c.read.store(100, Relaxed);
        c.bytes.store(1000, Relaxed);
        c.answered.store(50, Relaxed);
        // 4000 bytes hold about 400 cases, 50 of them answered.
        assert_eq!(c.share(Some(4000)), Some(0.125));
        assert_eq!(c.share(None), None);
    }
}
