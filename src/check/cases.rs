//! The input side of the checker and the validator: an input file's cases in batches, read by
//! one of the project's streaming readers (the tuned 9x9 [`Reader`](crate::format::Reader), or
//! the [`CaseReader`](crate::format::CaseReader) of every spec format) over an
//! [`input::Source`](crate::input::Source).

use crate::format::ParseError;
use crate::input::Source;
use crate::pipeline::{self, BATCH};
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

/// Bytes read ahead to tell a format (or the route of a core format's file) from the content.
pub const HEAD: usize = 64 * 1024;

/// The cases of one source, batch after batch, as the reader `R` makes them.
pub struct Cases<'s, R: pipeline::Cases> {
    source: &'s mut Source,
    reader: R,
    finished: bool,
}

impl<'s, R: pipeline::Cases> Cases<'s, R> {
    pub fn with_reader(source: &'s mut Source, reader: R) -> Self {
        Cases {
            source,
            reader,
            finished: false,
        }
    }

    /// Replaces `out` with the next batch of at most [`BATCH`] cases; an empty batch without an
    /// error means the input is finished. An error comes with the good cases before it, and
    /// ends the input.
    pub fn next_batch(&mut self, out: &mut Vec<R::Case>) -> Option<InputError> {
        self.next_batch_seen(out, &mut |_| {})
    }

    /// [`Cases::next_batch`], showing `seen` every stretch of bytes the reader went through
    /// with the cases it made of them, in input order (for `validate --strict`).
    pub fn next_batch_seen(
        &mut self,
        out: &mut Vec<R::Case>,
        seen: &mut dyn FnMut(Chunk<'_, R::Case>),
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
pub struct Chunk<'a, C> {
    /// The bytes read: those consumed, or when the reader stopped on an error (`whole` false)
    /// everything it was given, which runs past the cases into the bad one. The consumed bytes
    /// may end inside a case the reader keeps part read (the spec formats' reader).
    pub bytes: &'a [u8],
    /// The cases made of them.
    pub cases: &'a [C],
    /// The number of cases the input declares, once its count line is read.
    pub declared: Option<u64>,
    pub whole: bool,
}
