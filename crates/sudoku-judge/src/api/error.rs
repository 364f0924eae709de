//! The library's errors: [`Error`] (malformed input with its [`Position`], I/O, a case over the
//! search budget, a case whose answer is refused) and [`OverBudget`], an
//! [`Engine`](crate::Engine)'s.

use crate::format::ParseError;
use std::fmt;
use std::io;

/// Where in an input an error is: the byte offset, line and column (1-based, in bytes) and the
/// case (1-based) it is in, when it is inside one.
///
/// ```
/// let p = sudoku_judge::problem("poj2676").unwrap();
/// let e = sudoku_judge::read(p, b"1\n12345678x\n").unwrap_err();
/// let pos = e.position().unwrap();
/// assert_eq!((pos.byte(), pos.line(), pos.column(), pos.case()), (Some(10), 2, 9, Some(1)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    byte: Option<u64>,
    line: u64,
    column: u64,
    case: Option<u64>,
}

impl Position {
    /// The offset of the byte from the start of the input (0-based). `None` in the rare error
    /// that points back at a line the reader had already let go of.
    ///
    /// ```
    /// let p = sudoku_judge::problem("line").unwrap();
    /// let e = sudoku_judge::read(p, b"12x\n").unwrap_err();
    /// assert_eq!(e.position().unwrap().byte(), Some(2));
    /// ```
    pub fn byte(&self) -> Option<u64> {
        self.byte
    }

    /// The line, from 1.
    ///
    /// ```
    /// let p = sudoku_judge::problem("line").unwrap();
    /// let e = sudoku_judge::read(p, b"\n\n12x\n").unwrap_err();
    /// assert_eq!(e.position().unwrap().line(), 3);
    /// ```
    pub fn line(&self) -> u64 {
        self.line
    }

    /// The column, from 1, counted in bytes.
    ///
    /// ```
    /// let p = sudoku_judge::problem("line").unwrap();
    /// let e = sudoku_judge::read(p, b"12x\n").unwrap_err();
    /// assert_eq!(e.position().unwrap().column(), 3);
    /// ```
    pub fn column(&self) -> u64 {
        self.column
    }

    /// The case the error is in (1-based, over the whole input), when it is inside one.
    ///
    /// ```
    /// let p = sudoku_judge::problem("poj2676").unwrap();
    /// let e = sudoku_judge::read(p, b"x\n").unwrap_err();
    /// assert_eq!(e.position().unwrap().case(), None);
    /// ```
    pub fn case(&self) -> Option<u64> {
        self.case
    }
}

/// A reading, writing or solving error: malformed input (with its [`Position`]), an I/O error
/// of the underlying reader or writer, or a case whose search ran over its budget.
///
/// Displayed as the command line says it after the file name: `2:9: case 1: expected a digit
/// 0-9, found 'x'`.
///
/// ```
/// use sudoku_judge::ErrorKind;
/// let p = sudoku_judge::problem("poj2676").unwrap();
/// let e = sudoku_judge::read(p, b"1\n12345678x\n").unwrap_err();
/// assert!(matches!(e.kind(), ErrorKind::Parse { .. }));
/// assert_eq!(e.to_string(), "2:9: case 1: expected a digit 0-9, found 'x'");
/// assert_eq!(e.case(), Some(1));
/// ```
#[derive(Debug)]
pub struct Error {
    kind: ErrorKind,
    position: Option<Position>,
    case: Option<u64>,
}

/// What went wrong, for an [`Error`]. New kinds may come: a `match` needs a `_` arm.
///
/// ```
/// use sudoku_judge::ErrorKind;
/// let e = sudoku_judge::Error::from(std::io::Error::other("disk on fire"));
/// assert!(matches!(e.kind(), ErrorKind::Io(_)));
/// ```
#[non_exhaustive]
#[derive(Debug)]
pub enum ErrorKind {
    /// The input is not spelled as its problem's: what was wrong (the position is
    /// [`Error::position`]).
    Parse {
        /// What was expected and found: `expected a digit 0-9, found 'x'`.
        message: String,
    },
    /// The underlying reader or writer failed.
    Io(io::Error),
    /// A case's search took more than its budget of search nodes (the case is
    /// [`Error::case`]): the input breaks its problem's promise, or the budget is too small.
    OverBudget {
        /// The budget that ran out.
        budget: OverBudget,
        /// Which search ran over and what the problem promises.
        message: String,
    },
    /// A case's answer cannot be written (the case is [`Error::case`]): a board with more
    /// solutions than [`Mode::Every`](crate::Mode::Every) lists, whose list would be wrong
    /// truncated.
    ///
    /// ```
    /// use sudoku_judge::ErrorKind;
    /// let p = sudoku_judge::problem("jutge-p79494").unwrap();
    /// let row = "0 0 0 | 0 0 0 | 0 0 0\n";
    /// let band = row.repeat(3);
    /// let input = format!("1\n{band}------+-------+------\n{band}------+-------+------\n{band}");
    /// let e = sudoku_judge::solve(p, input.as_bytes()).unwrap_err();
    /// assert!(matches!(e.kind(), ErrorKind::Refused { .. }));
    /// assert_eq!(e.case(), Some(1));
    /// assert!(e.to_string().starts_with("case 1: it has more than 10000 solutions"), "{e}");
    /// ```
    Refused {
        /// Why: `it has more than 10000 solutions, ...`.
        message: String,
    },
}

impl Error {
    /// What went wrong.
    ///
    /// ```
    /// use sudoku_judge::ErrorKind;
    /// let p = sudoku_judge::problem("line").unwrap();
    /// let e = sudoku_judge::read(p, b"12x\n").unwrap_err();
    /// let ErrorKind::Parse { message } = e.kind() else { panic!() };
    /// assert!(message.contains("'x'"));
    /// ```
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }

    /// Where in the input a parse error is; `None` for the other kinds.
    ///
    /// ```
    /// let p = sudoku_judge::problem("line").unwrap();
    /// let e = sudoku_judge::read(p, b"12x\n").unwrap_err();
    /// assert_eq!(e.position().unwrap().line(), 1);
    /// ```
    pub fn position(&self) -> Option<&Position> {
        self.position.as_ref()
    }

    /// The case (1-based) the error is in, when it is in one.
    ///
    /// ```
    /// let p = sudoku_judge::problem("poj2676").unwrap();
    /// let e = sudoku_judge::read(p, b"1\n12345678x\n").unwrap_err();
    /// assert_eq!(e.case(), Some(1));
    /// ```
    pub fn case(&self) -> Option<u64> {
        self.case
    }

    /// The error as a value: the kind, and the error it wraps (an [`io::Error`]) if any.
    ///
    /// ```
    /// let e = sudoku_judge::Error::from(std::io::Error::other("gone"));
    /// assert!(matches!(e.into_kind(), sudoku_judge::ErrorKind::Io(_)));
    /// ```
    pub fn into_kind(self) -> ErrorKind {
        self.kind
    }

    /// A reader's error, `window` being the unconsumed input it was given, which starts where
    /// `at` says. An input refused at its first byte, a UTF-8 byte-order mark, says so as
    /// `solve` does.
    pub(crate) fn parse(mut e: ParseError, at: Cursor, window: &[u8]) -> Error {
        let byte = at.byte_of(e.pos.line, e.pos.col, window);
        if byte == Some(0) && at.byte == 0 && window.starts_with(crate::input::BOM) {
            e.msg.push_str(crate::input::BOM_NOTE);
        }
        Error {
            kind: ErrorKind::Parse { message: e.msg },
            position: Some(Position {
                byte,
                line: e.pos.line,
                column: e.pos.col,
                case: e.case,
            }),
            case: e.case,
        }
    }

    /// Case `case` ran over `budget`, for `message`'s reason.
    pub(crate) fn over_budget(case: u64, budget: OverBudget, message: String) -> Error {
        Error {
            kind: ErrorKind::OverBudget { budget, message },
            position: None,
            case: Some(case),
        }
    }

    /// Case `case`'s answer is refused, for `message`'s reason.
    pub(crate) fn refused(case: u64, message: String) -> Error {
        Error {
            kind: ErrorKind::Refused { message },
            position: None,
            case: Some(case),
        }
    }

    /// The same error again (a parser's sticky error; I/O errors are not kept).
    pub(crate) fn again(&self) -> Error {
        let kind = match &self.kind {
            ErrorKind::Parse { message } => ErrorKind::Parse {
                message: message.clone(),
            },
            ErrorKind::Io(e) => ErrorKind::Io(io::Error::new(e.kind(), e.to_string())),
            ErrorKind::OverBudget { budget, message } => ErrorKind::OverBudget {
                budget: *budget,
                message: message.clone(),
            },
            ErrorKind::Refused { message } => ErrorKind::Refused {
                message: message.clone(),
            },
        };
        Error {
            kind,
            position: self.position,
            case: self.case,
        }
    }
}

impl From<io::Error> for Error {
    fn from(e: io::Error) -> Error {
        Error {
            kind: ErrorKind::Io(e),
            position: None,
            case: None,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ErrorKind::Parse { message } => {
                if let Some(p) = &self.position {
                    write!(f, "{}:{}: ", p.line, p.column)?;
                }
                if let Some(k) = self.case {
                    write!(f, "case {k}: ")?;
                }
                f.write_str(message)
            }
            ErrorKind::Io(e) => e.fmt(f),
            ErrorKind::OverBudget { message, .. } | ErrorKind::Refused { message } => {
                match self.case {
                    Some(k) => write!(f, "case {k}: {message}"),
                    None => f.write_str(message),
                }
            }
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            ErrorKind::Io(e) => Some(e),
            ErrorKind::OverBudget { budget, .. } => Some(budget),
            ErrorKind::Parse { .. } | ErrorKind::Refused { .. } => None,
        }
    }
}

/// Where a reader's unconsumed bytes start in the input: the byte offset, the line number
/// there and the offset of that line's first byte. Kept by a [`Parser`](crate::Parser) as it
/// consumes, to turn a reader's line and column into a byte offset.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Cursor {
    /// Bytes consumed before the window.
    pub byte: u64,
    /// Line breaks among them.
    pub breaks: u64,
    /// Offset of the first byte after the last of them.
    pub line_start: u64,
}

impl Cursor {
    /// Moves past `consumed`, the front of the window.
    pub fn advance(&mut self, consumed: &[u8]) {
        let breaks = memchr::memchr_iter(b'\n', consumed).count() as u64;
        if let Some(last) = memchr::memrchr(b'\n', consumed) {
            self.line_start = self.byte + last as u64 + 1;
        }
        self.breaks += breaks;
        self.byte += consumed.len() as u64;
    }

    /// The offset of line `line`, column `col` (both 1-based), `window` being the unconsumed
    /// bytes; `None` for a line before the window's.
    fn byte_of(&self, line: u64, col: u64, window: &[u8]) -> Option<u64> {
        let here = self.breaks + 1;
        let start = match line.checked_sub(here)? {
            0 => self.line_start,
            n => {
                let nth = memchr::memchr_iter(b'\n', window).nth(usize::try_from(n - 1).ok()?)?;
                self.byte + nth as u64 + 1
            }
        };
        Some(start + col.saturating_sub(1))
    }
}

/// A case's search ran out of budget before its answer was known: the number of search nodes
/// it was allowed ([`Engine::with_budget`](crate::Engine::with_budget)).
///
/// ```
/// use sudoku_judge::{Engine, Mode, SolverKind};
/// let p = sudoku_judge::problem("line").unwrap();
/// let empty = &sudoku_judge::read(p, &[&[b'.'; 81][..], b"\n"].concat()).unwrap()[0];
/// let mut engine = Engine::new(SolverKind::Bitmask).with_budget(Some(1000));
/// let over = engine.answer(empty, Mode::Exact).unwrap_err();
/// assert_eq!(over.budget(), 1000);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OverBudget {
    pub(crate) budget: u64,
}

impl OverBudget {
    /// The budget, in search nodes, that ran out.
    ///
    /// ```
    /// use sudoku_judge::{Engine, Mode};
    /// let p = sudoku_judge::problem("line").unwrap();
    /// let empty = &sudoku_judge::read(p, &[&[b'.'; 81][..], b"\n"].concat()).unwrap()[0];
    /// let over = Engine::default().with_budget(Some(10)).answer(empty, Mode::Exact);
    /// assert_eq!(over.unwrap_err().budget(), 10);
    /// ```
    pub fn budget(&self) -> u64 {
        self.budget
    }
}

impl fmt::Display for OverBudget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the search took more than the budget of {} search nodes",
            self.budget
        )
    }
}

impl std::error::Error for OverBudget {}

#[cfg(test)]
mod tests {
    use crate::input::BOM_NOTE;

    /// A byte-order mark refused at the first byte is named, whether the input comes whole or
    /// in pieces; a fault anywhere else is not blamed on it.
    #[test]
    fn a_byte_order_mark_is_named_as_solve_names_it() {
        let p = crate::problem("poj2676").unwrap();
        let marked = b"\xef\xbb\xbf1\n103000509\n";
        let e = crate::read(p, marked).unwrap_err();
        assert!(e.to_string().ends_with(BOM_NOTE), "{e}");
        let mut parser = crate::Parser::new(p);
        for byte in marked {
            parser.feed(&[*byte]);
        }
        parser.finish();
        let e = parser.next_case().unwrap_err();
        assert!(e.to_string().ends_with(BOM_NOTE), "{e}");
        let e = crate::read(p, b"1\n\xef\xbb\xbf103000509\n").unwrap_err();
        assert!(!e.to_string().contains("byte-order"), "{e}");
        let e = crate::read(p, b"x\n").unwrap_err();
        assert!(!e.to_string().contains("byte-order"), "{e}");
    }
}
