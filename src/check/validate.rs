//! Input validation behind `sudoku-judge validate`: is a file readable as its format (and,
//! strictly, spelled exactly as the judge's data is), and are each case's givens consistent?
//!
//! Cases stream in batches through the project's reader ([`Cases`]); with `strict` every byte
//! the reader goes through is also compared with the canonical spelling ([`RoundTrip`]), and
//! the count line is held to the problem's bounds. The caller hears of each case in order, up
//! to the first fault, and then of the fault.

use super::canonical::RoundTrip;
use super::cases::{self, Cases, InputError};
use crate::format::{Format, ParseError, Pos};
use crate::input::Source;
use crate::model::{Clash, Puzzle, first_clash};
use std::io;

/// Bytes of what follows a finished input that the strict check looks at.
const REST: usize = 1 << 16;

/// How to validate.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// The format, or `None` to detect it from the content.
    pub format: Option<Format>,
    /// Also require the exact layout of the judge's data, and the problem's bounds on T.
    pub strict: bool,
}

/// What ended a file's validation early.
#[derive(Debug)]
pub enum Stop {
    /// The format cannot be told from the content (the message starts with `1:1:`).
    Detect(String),
    /// Not readable as the format, or with `strict` not spelled as its judge data is: the
    /// position and what is wrong.
    Input(InputError),
    /// The caller failed to take a case (writing its line failed).
    Output(io::Error),
}

/// How a file went.
#[derive(Debug)]
pub struct Outcome {
    /// The format read, once known.
    pub format: Option<Format>,
    /// Cases passed to the caller.
    pub cases: u64,
    /// Of those, cases whose givens clash.
    pub clashes: u64,
    pub stop: Option<Stop>,
}

/// The most cases a judge file of `format` may hold, where the problem says so: HDU 4069 has
/// T <= 2500 (`spec/FORMATS.md`); POJ 2676 states no bound, and the line formats have no
/// count.
fn max_cases(format: Format) -> Option<u64> {
    match format {
        Format::Hdu4069 => Some(2500),
        _ => None,
    }
}

/// The count line against the problem's bounds; the fault points at the line.
fn count_fault(format: Format, declared: u64) -> Option<ParseError> {
    let msg = if declared == 0 {
        "the number of cases is 0: a judge file needs at least one case".to_string()
    } else {
        let most = max_cases(format).filter(|&m| declared > m)?;
        format!("the number of cases {declared} is above {most}, the most {format} allows")
    };
    Some(ParseError {
        pos: Pos { line: 1, col: 1 },
        case: None,
        msg,
    })
}

/// Validates `source`, telling `each` every case read (its number and first clash) before the
/// first fault.
pub fn validate(
    source: &mut Source,
    opts: &Options,
    each: &mut dyn FnMut(u64, Option<&Clash>) -> io::Result<()>,
) -> Outcome {
    let mut outcome = Outcome {
        format: None,
        cases: 0,
        clashes: 0,
        stop: None,
    };
    let format = match opts.format {
        Some(f) => f,
        None => match cases::detect(source) {
            Ok(f) => f,
            Err(e) => {
                outcome.stop = Some(Stop::Detect(e));
                return outcome;
            }
        },
    };
    outcome.format = Some(format);
    let mut input = Cases::new(source, format);
    let mut strict = opts.strict.then(|| Strict::new(format));
    let mut batch: Vec<Puzzle> = Vec::new();
    loop {
        let error = match strict.as_mut() {
            Some(s) => input.next_batch_seen(&mut batch, &mut |chunk| s.see(chunk)),
            None => input.next_batch(&mut batch),
        };
        // A layout fault comes before anything the reader found later on.
        let layout = strict.as_ref().and_then(Strict::fault);
        let listed = layout.as_ref().map_or(batch.len() as u64, |(_, good)| {
            good.saturating_sub(outcome.cases).min(batch.len() as u64)
        });
        for p in &batch[..listed as usize] {
            outcome.cases += 1;
            let clash = first_clash(p, &p.cells);
            outcome.clashes += u64::from(clash.is_some());
            if let Err(e) = each(outcome.cases, clash.as_ref()) {
                outcome.stop = Some(Stop::Output(e));
                return outcome;
            }
        }
        if let Some((f, _)) = layout {
            outcome.stop = Some(Stop::Input(InputError::Parse(f)));
            return outcome;
        }
        if let Some(e) = error {
            outcome.stop = Some(Stop::Input(e));
            return outcome;
        }
        if batch.is_empty() {
            break;
        }
    }
    if let Some(s) = strict.as_mut() {
        match input.rest(REST) {
            Ok(rest) => s.finish(rest),
            Err(e) => {
                outcome.stop = Some(Stop::Input(InputError::Read(e)));
                return outcome;
            }
        }
        if let Some((f, _)) = s.fault() {
            outcome.stop = Some(Stop::Input(InputError::Parse(f)));
        }
    }
    outcome
}

/// The strict checks: the round trip and the count line's bounds.
struct Strict {
    format: Format,
    trip: RoundTrip,
    count: Option<ParseError>,
}

impl Strict {
    fn new(format: Format) -> Self {
        Strict {
            format,
            trip: RoundTrip::new(format),
            count: None,
        }
    }

    /// Compares one stretch of input the reader went through.
    fn see(&mut self, chunk: cases::Chunk<'_>) {
        if self.fault().is_some() {
            return;
        }
        if !self.trip.has_header()
            && let Some(d) = chunk.declared
        {
            self.trip.header(d);
            self.count = count_fault(self.format, d);
        }
        for p in chunk.cases {
            self.trip.case(p);
        }
        self.trip.read(chunk.bytes, chunk.whole);
    }

    /// After the last case.
    fn finish(&mut self, rest: &[u8]) {
        if self.fault().is_some() {
            return;
        }
        self.trip.finish(rest);
        if self.trip.fault().is_none() && self.trip.cases() == 0 {
            self.count = Some(ParseError {
                pos: self.trip.pos(),
                case: None,
                msg: "no cases: a judge file needs at least one".into(),
            });
        }
    }

    /// The first fault and the number of cases before it. A fault in the bytes before the
    /// first case (the count line, blank lines before it) comes first; then the count's
    /// bounds, which are about line 1; then the rest of the round trip.
    fn fault(&self) -> Option<(ParseError, u64)> {
        let trip = self.trip.fault().map(|f| (f.clone(), self.trip.good()));
        match (trip, &self.count) {
            (Some((f, 0)), _) if f.case.is_none() => Some((f, 0)),
            (_, Some(c)) => Some((c.clone(), 0)),
            (t, None) => t,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::tests::Trickle;

    /// The cases listed and the fault, reading `bytes` `step` bytes at a time.
    fn run(bytes: &[u8], format: Format, step: usize) -> (Vec<(u64, bool)>, Option<String>) {
        let reader = Trickle {
            data: bytes.to_vec(),
            pos: 0,
            step,
        };
        let mut source = Source::stream("in".into(), Box::new(reader));
        let opts = Options {
            format: Some(format),
            strict: true,
        };
        let mut seen = Vec::new();
        let outcome = validate(&mut source, &opts, &mut |k, c| {
            seen.push((k, c.is_some()));
            Ok(())
        });
        let fault = outcome.stop.map(|s| match s {
            Stop::Input(e) => e.message("in"),
            other => format!("{other:?}"),
        });
        (seen, fault)
    }

    #[test]
    fn strict_faults_do_not_depend_on_how_the_input_arrives() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/check/validate");
        let mut checked = 0;
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|x| x != "in") {
                continue;
            }
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let bytes = std::fs::read(&path).unwrap();
            let format = [
                Format::Hdu4069,
                Format::Poj2676,
                Format::Line,
                Format::Leetcode,
            ]
            .into_iter()
            .find(|f| name.starts_with(&f.name()[..3]))
            .unwrap_or(Format::Poj2676);
            let whole = run(&bytes, format, usize::MAX);
            for step in [1, 2, 5, 64] {
                assert_eq!(run(&bytes, format, step), whole, "{name}, step {step}");
            }
            checked += 1;
        }
        assert!(checked > 30);
    }

    #[test]
    fn the_cases_before_a_layout_fault_are_listed_and_no_others() {
        let sample = include_str!("../../testdata/hdu4069/sample.in");
        // A trailing space in case 3: cases 1 and 2 are listed, case 2 with its clash.
        let bad = sample.replacen("144 88 48", "144 88 48 ", 1);
        let (seen, fault) = run(bad.as_bytes(), Format::Hdu4069, usize::MAX);
        assert_eq!(seen, [(1, false), (2, true)]);
        assert_eq!(
            fault.as_deref(),
            Some("in:22:11: case 3: extra space: numbers are separated by a single space")
        );
    }
}
