//! The special judge behind `sudoku-judge check`: an input file's cases, a contestant's output
//! and optionally the judge's answer file in, a verdict and messages pointing at the faults out.
//!
//! One entry, [`check`], serves every judge problem by its [`Spec`]: the input's cases are read
//! in batches ([`cases`](mod@cases)), the output and the answer file streamed alongside, and the
//! faults come back in case order, so the first one is the same for any thread count. How the
//! output is read depends on the route `solve` takes for the input: the four core formats'
//! files go to a private fast path (`nine`: answers read back with `crate::format::answers`,
//! judged on the rayon pool with the tuned 9x9 solvers), every other file to the token judge of
//! the spec formats (`spec`: each case's expected answer from the engine in the problem's mode).
//! Both are driven by the same loop here: the input's batches, its faults, stopping at the first
//! fault (unless [`Options::all`]) and what is left after the last case. The protocols (testlib,
//! Kattis) only map the result to exit codes and files ([`protocol`]).
//!
//! The input validator behind `sudoku-judge validate` lives here too ([`validate`]): it reads
//! the input the same way and, strictly, compares it with its canonical spelling.

pub mod auto;
mod canonical;
pub mod cases;
pub mod guess;
mod nine;
mod similar;
pub mod protocol;
mod spec;
pub mod validate;

use crate::format::cursor::cases;
use crate::format::spec::Spec;
use crate::format::{Reader, detect};
use crate::input::Source;
use crate::model::Case;
use cases::Cases;
use std::fmt;

/// What the checker decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Accepted,
    WrongAnswer,
    /// The output cannot be read as the format (or, with `--strict`, is not spelled exactly).
    PresentationError,
    /// The input or the answer file is bad: the judge's fault, not the contestant's.
    Fail,
}

impl Verdict {
    /// The word that opens the message line.
    pub fn word(self) -> &'static str {
        match self {
            Verdict::Accepted => "ok",
            Verdict::WrongAnswer => "wrong answer",
            Verdict::PresentationError => "presentation error",
            Verdict::Fail => "checker failure",
        }
    }
}

/// One fault: its verdict, the case it is in (for ordering and counting) and the message after
/// the verdict word (`case 17, line 154: row 3 has two 7s (r3c2 and r3c8)`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    pub verdict: Verdict,
    pub case: Option<u64>,
    pub msg: String,
}

impl Fault {
    pub fn new(verdict: Verdict, case: Option<u64>, msg: String) -> Self {
        Fault { verdict, case, msg }
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.verdict.word(), self.msg)
    }
}

/// How to check.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// Any byte difference from the canonical output is a presentation error.
    pub strict: bool,
    /// List every faulty case instead of stopping at the first.
    pub all: bool,
    /// Judge batches on the current rayon pool.
    pub parallel: bool,
    /// The search nodes each case's expected answer may take on the any-size engine; a case
    /// past it is a checker failure (the input breaks its problem's promise). `None`: no limit.
    /// The core formats' 9x9 cases take none.
    pub budget: Option<u64>,
}

/// The result of a check.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Input cases read.
    pub cases: u64,
    /// The faults in case order: the first only, unless the checker's `all` option is on.
    pub faults: Vec<Fault>,
    /// The case after which the output could not be followed any more, if it came to that.
    pub stopped_at: Option<u64>,
}

impl Report {
    /// Accepted without faults; a checker failure wins over everything; otherwise the verdict
    /// of the first fault.
    pub fn verdict(&self) -> Verdict {
        if self.faults.iter().any(|f| f.verdict == Verdict::Fail) {
            return Verdict::Fail;
        }
        self.faults.first().map_or(Verdict::Accepted, |f| f.verdict)
    }

    /// The message lines: `ok: 3 cases`, the first fault, or with `all` every fault and a count.
    pub fn lines(&self, all: bool) -> Vec<String> {
        if self.faults.is_empty() {
            return vec![format!("ok: {}", cases(self.cases))];
        }
        if !all {
            return vec![self.faults[0].to_string()];
        }
        let mut lines: Vec<String> = self.faults.iter().map(Fault::to_string).collect();
        let n = self.faults.len();
        let mut sum = format!(
            "{}: {n} fault{} in {}",
            self.verdict().word(),
            if n == 1 { "" } else { "s" },
            cases(self.cases)
        );
        match self.stopped_at {
            Some(0) => sum.push_str("; no case judged"),
            Some(k) => sum.push_str(&format!("; cases after {k} not judged")),
            None => {}
        }
        lines.push(sum);
        lines
    }

    /// Adds a fault.
    fn push(&mut self, verdict: Verdict, case: Option<u64>, msg: String) {
        self.faults.push(Fault::new(verdict, case, msg));
    }
}

/// The files to check, every one streamed: memory stays bounded whatever their size, and
/// reading stops at the first fault (unless [`Options::all`]). [`Source::stream`] makes one of
/// bytes in memory.
pub struct Files<'a> {
    pub input: &'a mut Source,
    pub output: Source,
    pub answer: Option<Source>,
    /// How the answer file is named in messages.
    pub answer_name: &'a str,
}

/// Checks the output (and the answer file) of an input of `spec`; see the module doc. A core
/// format's file takes the route `solve` takes: its tuned reader and the tuned 9x9 judge,
/// except 81-character lines whose first puzzle is of another size, which are judged as every
/// spec format is.
pub fn check(spec: &'static Spec, files: Files<'_>, opts: &Options) -> Report {
    route(spec, files, opts, false)
}

/// [`check`] by the token judge of the spec formats whatever the input: `benches/lanes.rs`
/// times it against the core formats' judge on their files.
pub fn check_by_tokens(spec: &'static Spec, files: Files<'_>, opts: &Options) -> Report {
    route(spec, files, opts, true)
}

/// [`check`], or with `tokens` [`check_by_tokens`].
fn route(spec: &'static Spec, files: Files<'_>, opts: &Options, tokens: bool) -> Report {
    let Files {
        input,
        output,
        answer,
        answer_name,
    } = files;
    let head = match input.head(detect::HEAD) {
        Ok(head) => head,
        Err(e) => {
            let mut report = Report::default();
            report.push(Verdict::Fail, None, format!("{}: {e}", input.name()));
            return report;
        }
    };
    let reader = Reader::new(spec, head);
    match spec.core().and(detect::tuned(spec, head)) {
        Some(format) if !tokens => {
            let name = input.name().to_string();
            let judge = nine::Nine::new((spec, format), name, output, answer, answer_name, opts);
            drive(input, reader, judge, opts)
        }
        _ => {
            let name = input.name().to_string();
            let judge = spec::Tokens::new(spec, name, output, answer, answer_name, opts);
            drive(input, reader, judge, opts)
        }
    }
}

/// One way of reading an output (and an answer file) against the input's cases: the tuned 9x9
/// path or the spec formats' token path.
trait Judge {
    /// Judges the cases of a batch, the first of which is case `before + 1`: its faults go to
    /// the report, in case order, and where the output (or the answer file) can no longer be
    /// followed, [`Report::stopped_at`] says after which case.
    fn batch(&mut self, before: u64, batch: &[Case], opts: &Options, report: &mut Report);
    /// After the last case, nothing stopped: the output must hold nothing more (with
    /// `--strict`, not even blanks), and neither may the answer file.
    fn trailing(&mut self, report: &mut Report);
}

/// Reads the input's cases batch by batch with `reader` and has `judge` judge each batch;
/// a fault of the input is a checker failure that ends the check. Without [`Options::all`]
/// the first fault ends it; with it, the input is read to its end (the cases after the output
/// was lost are counted, not judged).
fn drive(input: &mut Source, reader: Reader, mut judge: impl Judge, opts: &Options) -> Report {
    let name = input.name().to_string();
    let mut report = Report::default();
    let mut input = Cases::new(input, reader);
    let mut batch = Vec::new();
    loop {
        let input_error = input.next_batch(&mut batch);
        let before = report.cases;
        report.cases += batch.len() as u64;
        if report.stopped_at.is_none() {
            judge.batch(before, &batch, opts, &mut report);
        }
        if let Some(e) = input_error {
            let case = e.case().or(Some(report.cases + 1));
            report.push(Verdict::Fail, case, e.message(&name));
            break;
        }
        if !opts.all && !report.faults.is_empty() {
            break;
        }
        if batch.is_empty() {
            if report.stopped_at.is_none() {
                judge.trailing(&mut report);
            }
            break;
        }
    }
    if !opts.all {
        report.faults.truncate(1);
    }
    report
}

/// `line L, column C` of byte `i` of `bytes`, which start at line `line`, column `col`: where
/// `--strict` found the output's bytes differ from the canonical spelling.
fn place(bytes: &[u8], i: usize, line: u64, col: u64) -> String {
    let before = &bytes[..i];
    let (line, col) = match memchr::memrchr(b'\n', before) {
        Some(j) => (
            line + memchr::memchr_iter(b'\n', before).count() as u64,
            (i - j) as u64,
        ),
        None => (line, col + i as u64),
    };
    format!("line {line}, column {col}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::testutil::{POJ_SAMPLE_OUT, poj_sample_rows};
    use std::io::Cursor;

    /// `n` copies of the sample, the answer of each case in `bad` with row 1 broken.
    fn files(n: usize, bad: &[usize]) -> (Vec<u8>, Vec<u8>) {
        let mut input = format!("{n}\n");
        let mut output = String::new();
        for k in 1..=n {
            input.push_str(poj_sample_rows());
            for (r, row) in POJ_SAMPLE_OUT.lines().enumerate() {
                output.push_str(if r == 0 && bad.contains(&k) {
                    "173628579"
                } else {
                    row
                });
                output.push('\n');
            }
        }
        (input.into_bytes(), output.into_bytes())
    }

    fn run(input: &[u8], output: &[u8], all: bool, parallel: bool) -> Report {
        run_as("poj2676", input, output, all, parallel)
    }

    fn run_as(format: &str, input: &[u8], output: &[u8], all: bool, parallel: bool) -> Report {
        let held = |name: &str, bytes: &[u8]| {
            Source::stream(name.into(), Box::new(Cursor::new(bytes.to_vec())))
        };
        let files = Files {
            input: &mut held("in", input),
            output: held("out", output),
            answer: None,
            answer_name: "",
        };
        let opts = Options {
            all,
            parallel,
            ..Options::default()
        };
        check(crate::format::judges::find(format).unwrap(), files, &opts)
    }

    #[test]
    fn faults_across_batches_come_in_case_order_for_any_thread_count() {
        // Two faults in the second batch, one in the first: the streaming and the parallel
        // judging must still report them by case number, with output lines.
        let n = crate::pipeline::BATCH + 1000;
        let bad = [3, n - 500, n - 2];
        let (input, output) = files(n, &bad);
        for parallel in [false, true] {
            let first = run(&input, &output, false, parallel);
            assert_eq!(first.verdict(), Verdict::WrongAnswer);
            assert_eq!(
                first.lines(false),
                ["wrong answer: case 3, line 19: row 1 has two 7s (r1c2 and r1c8)"]
            );
            let all = run(&input, &output, true, parallel);
            assert_eq!(all.cases, n as u64);
            let cases: Vec<Option<u64>> = all.faults.iter().map(|f| f.case).collect();
            assert_eq!(cases, bad.map(|k| Some(k as u64)));
            let line = (n - 500 - 1) * 9 + 1;
            assert!(
                all.faults[1]
                    .msg
                    .starts_with(&format!("case {}, line {line}:", n - 500))
            );
            assert_eq!(
                all.lines(true).last().unwrap(),
                &format!("wrong answer: 3 faults in {n} cases")
            );
        }
        let (input, output) = files(n, &[]);
        let ok = run(&input, &output, false, true);
        assert_eq!(
            (ok.verdict(), ok.lines(false)),
            (Verdict::Accepted, vec![format!("ok: {n} cases")])
        );
    }

    #[test]
    fn both_judges_read_the_input_to_its_end_with_all() {
        // A 4x4 line file goes to the spec formats' judge, a 9x9 one to the core formats':
        // with `all`, both count every case after the output is lost, past the first batch.
        let n = crate::pipeline::BATCH + 10;
        let input = ".234341221434321\n".repeat(n);
        let output = format!("2134{}", &"1234341221434321\n".repeat(n)[4..]);
        for parallel in [false, true] {
            let r = run_as("line", input.as_bytes(), output.as_bytes(), true, parallel);
            assert_eq!(
                (r.cases, r.stopped_at, r.faults.len()),
                (n as u64, Some(1), 1)
            );
            assert_eq!(
                r.lines(true),
                [
                    "wrong answer: case 1, line 1: r1c2: expected the given 2, found 1".to_string(),
                    format!("wrong answer: 1 fault in {n} cases; cases after 1 not judged"),
                ]
            );
        }
        // The output ends inside case 1: no case judged.
        let (input, mut output) = files(n, &[]);
        output.truncate(10);
        let r = run(&input, &output, true, false);
        assert_eq!((r.cases, r.stopped_at), (n as u64, Some(0)));
        assert!(r.lines(true).last().unwrap().ends_with(" cases; no case judged"));
    }
}
