//! The input side of the checker and the validator: an input file's cases in batches, read by
//! the project's streaming [`Reader`] over an [`input::Source`](
//! crate::input::Source), by the pipeline's batch loop ([`fill_batch`]).

use crate::format::Reader;
use crate::input::Source;
use crate::model::Case;
use crate::pipeline::{BATCH, Failure, Seen, fill_batch};
use std::io;

/// Cases in the first batch; each next one is 4x larger, up to [`BATCH`]. A reader that
/// stops at a first case (`--format auto` validates the input's head as every format, and
/// most that read it at all break their promise or their layout at once) parses a few
/// cases, not a whole batch of them.
const FIRST_BATCH: usize = 16;

/// The cases of one source, batch after batch, as its reader makes them.
pub struct Cases<'s> {
    source: &'s mut Source,
    reader: Reader,
    finished: bool,
    /// Cases the next batch holds at most.
    size: usize,
}

impl<'s> Cases<'s> {
    /// The cases of `source`, read by `reader`.
    pub fn new(source: &'s mut Source, reader: Reader) -> Self {
        Cases {
            source,
            reader,
            finished: false,
            size: FIRST_BATCH,
        }
    }

    /// Replaces `out` with the next batch of at most [`BATCH`] cases (fewer at first, see
    /// [`FIRST_BATCH`]); an empty batch without an error means the input is finished. An error
    /// (a [`Failure::Parse`] or [`Failure::Read`]) comes with the good cases before it, and
    /// ends the input.
    pub fn next_batch(&mut self, out: &mut Vec<Case>) -> Option<Failure> {
        self.next_batch_seen(out, &mut |_| {})
    }

    /// [`Cases::next_batch`], showing `seen` every stretch of bytes the reader went through
    /// with the cases it made of them, in input order (for `validate --strict`).
    pub fn next_batch_seen(
        &mut self,
        out: &mut Vec<Case>,
        seen: &mut dyn FnMut(Seen<'_>),
    ) -> Option<Failure> {
        out.clear();
        let (source, reader) = (&mut *self.source, &mut self.reader);
        let size = self.size;
        self.size = (size * 4).min(BATCH);
        fill_batch(source, reader, &mut self.finished, size, out, seen)
    }

    /// Once the input is finished: the bytes the reader left unread (after a line `end`),
    /// at most about `most` of them.
    pub fn rest(&mut self, most: usize) -> io::Result<&[u8]> {
        while self.source.window().0.len() <= most && self.source.fill()? {}
        let w = self.source.window().0;
        Ok(&w[..w.len().min(most + 1)])
    }
}
