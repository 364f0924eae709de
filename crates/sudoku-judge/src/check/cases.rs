//! The input side of the checker and the validator: an input file's cases in batches, read by
//! the project's streaming [`Reader`] over an [`input::Source`](
//! crate::input::Source).

use crate::format::{ParseError, Reader};
use crate::input::Source;
use crate::model::Case;
use crate::pipeline::BATCH;
use std::io;

/// Why the input stopped before its end.
#[derive(Debug)]
pub enum InputError {
    /// Malformed at this position.
    Parse(ParseError),
    /// Reading failed.
    Read(io::Error),
}

impl InputError {
    /// The message, with the file name in front (`in.txt:14:6: case 2: ...`).
    pub fn message(&self, name: &str) -> String {
        match self {
            InputError::Parse(e) => format!("{name}:{e}"),
            InputError::Read(e) => format!("{name}: {e}"),
        }
    }

    /// The case the error is in, when it is inside one.
    pub fn case(&self) -> Option<u64> {
        match self {
            InputError::Parse(e) => e.case,
            InputError::Read(_) => None,
        }
    }
}

/// The cases of one source, batch after batch, as its reader makes them.
pub struct Cases<'s> {
    source: &'s mut Source,
    reader: Reader,
    finished: bool,
}

impl<'s> Cases<'s> {
    /// The cases of `source`, read by `reader`.
    pub fn new(source: &'s mut Source, reader: Reader) -> Self {
        Cases {
            source,
            reader,
            finished: false,
        }
    }

    /// Replaces `out` with the next batch of at most [`BATCH`] cases; an empty batch without an
    /// error means the input is finished. An error comes with the good cases before it, and
    /// ends the input.
    pub fn next_batch(&mut self, out: &mut Vec<Case>) -> Option<InputError> {
        self.next_batch_seen(out, &mut |_| {})
    }

    /// [`Cases::next_batch`], showing `seen` every stretch of bytes the reader went through
    /// with the cases it made of them, in input order (for `validate --strict`).
    pub fn next_batch_seen(
        &mut self,
        out: &mut Vec<Case>,
        seen: &mut dyn FnMut(Chunk<'_>),
    ) -> Option<InputError> {
        out.clear();
        while !self.finished && out.len() < BATCH {
            let (window, eof) = self.source.window();
            let room = BATCH - out.len();
            let before = out.len();
            let parsed = self.reader.parse(window, eof, out, room);
            let declared = self.reader.declared();
            let (bytes, whole) = match &parsed {
                Ok(n) => (&window[..*n], true),
                Err(_) => (window, false),
            };
            seen(Chunk {
                bytes,
                cases: &out[before..],
                declared,
                whole,
            });
            match parsed {
                Ok(n) => self.source.consume(n),
                Err(e) => {
                    self.finished = true;
                    return Some(InputError::Parse(e));
                }
            }
            if self.reader.done() || (eof && out.len() < BATCH) {
                self.finished = true;
            } else if out.len() < BATCH
                && let Err(e) = self.source.fill()
            {
                self.finished = true;
                return Some(InputError::Read(e));
            }
        }
        None
    }

    /// Once the input is finished: the bytes the reader left unread (after a line `end`),
    /// at most about `most` of them.
    pub fn rest(&mut self, most: usize) -> io::Result<&[u8]> {
        while self.source.window().0.len() <= most && self.source.fill()? {}
        let w = self.source.window().0;
        Ok(&w[..w.len().min(most + 1)])
    }
}

/// What one call of the reader went through.
pub struct Chunk<'a> {
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
