//! The input side of the checker and the validator: an input file's cases in batches, read by
//! the project's streaming [`Reader`] over an [`input::Source`](crate::input::Source), with the
//! format detected from the content when not given.

use crate::format::{Format, ParseError, Reader};
use crate::input::Source;
use crate::model::Puzzle;
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

/// Reads enough of `source` to tell its format apart; the error is a message without the name.
pub fn detect(source: &mut Source) -> Result<Format, String> {
    const HEAD: usize = 64 * 1024;
    loop {
        let (window, eof) = source.window();
        if let Some(f) = Format::detect(window) {
            return Ok(f);
        }
        if eof || window.len() >= HEAD {
            return Err(if window.iter().all(u8::is_ascii_whitespace) {
                "1:1: empty input: expected the number of cases".into()
            } else {
                "1:1: cannot tell the format; give it with --format".into()
            });
        }
        source.fill().map_err(|e| e.to_string())?;
    }
}

/// The cases of one source, batch after batch.
pub struct Cases<'s> {
    source: &'s mut Source,
    reader: Reader,
    finished: bool,
}

impl<'s> Cases<'s> {
    pub fn new(source: &'s mut Source, format: Format) -> Self {
        Cases {
            source,
            reader: Reader::new(format),
            finished: false,
        }
    }

    /// Replaces `out` with the next batch of at most [`BATCH`] cases; an empty batch without an
    /// error means the input is finished. An error comes with the good cases before it, and
    /// ends the input.
    pub fn next_batch(&mut self, out: &mut Vec<Puzzle>) -> Option<InputError> {
        out.clear();
        while !self.finished && out.len() < BATCH {
            let (window, eof) = self.source.window();
            let room = BATCH - out.len();
            match self.reader.parse(window, eof, out, room) {
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
}
