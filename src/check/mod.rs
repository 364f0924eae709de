//! The special judge behind `sudoku-judge check`: an input file's cases, a contestant's output
//! and optionally the judge's answer file in, a verdict and messages pointing at the faults out.
//!
//! Cases are read in batches with the project's input [`Reader`](crate::format::Reader)
//! ([`cases`](mod@cases)), the output and answer files streamed alongside with
//! `crate::format::answers`, and each batch is judged on the rayon pool (`judge`); faults
//! come back in case order, so the first one is the same for any thread count. The protocols
//! (testlib, Kattis) only map the result to exit codes and files ([`protocol`]).
//!
//! The input validator behind `sudoku-judge validate` lives here too ([`validate`]): it reads
//! the input the same way and, strictly, compares it with its canonical spelling.

pub mod auto;
mod canonical;
pub mod cases;
pub mod guess;
mod judge;
pub mod protocol;
pub mod spec;
pub mod validate;

use crate::format::Format;
use crate::format::answers::{AnswerReader, ErrorKind, Item, show_text};
use crate::format::cursor::cases;
use crate::input::Source;
use crate::model::{Case, Puzzle};
use crate::solve::SolverKind;
use cases::Cases;
use judge::{Ctx, Expect, LazySolver};
use rayon::prelude::*;
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
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// The format, or `None` to detect it from the input.
    pub format: Option<Format>,
    /// Any byte difference from the canonical output is a presentation error.
    pub strict: bool,
    /// List every faulty case instead of stopping at the first.
    pub all: bool,
    /// Judge batches on the current rayon pool.
    pub parallel: bool,
}

/// The result of a check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// Input cases read.
    pub cases: u64,
    /// The faults in case order: the first only, unless [`Options::all`].
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
        if let Some(k) = self.stopped_at {
            sum.push_str(&format!("; cases after {k} not judged"));
        }
        lines.push(sum);
        lines
    }
}

/// The files to check, the output and the answer held in memory (for `stress`).
pub struct Files<'a> {
    pub input: &'a mut Source,
    pub output: &'a [u8],
    pub answer: Option<&'a [u8]>,
    /// How the answer file is named in messages.
    pub answer_name: &'a str,
}

/// The files to check, every one streamed: memory stays bounded whatever their size, and
/// reading stops at the first fault (unless [`Options::all`]).
pub struct Streams<'a> {
    pub input: &'a mut Source,
    pub output: Source,
    pub answer: Option<Source>,
    /// How the answer file is named in messages.
    pub answer_name: &'a str,
}

/// Checks `files.output` against the input (and the answer file); see the module doc.
pub fn check(files: Files<'_>, opts: &Options) -> Report {
    let held = |name: &str, bytes: &[u8]| {
        Source::stream(name.into(), Box::new(std::io::Cursor::new(bytes.to_vec())))
    };
    let streams = Streams {
        input: files.input,
        output: held("output", files.output),
        answer: files.answer.map(|a| held(files.answer_name, a)),
        answer_name: files.answer_name,
    };
    check_streams(streams, opts)
}

/// Checks the streamed output against the input (and the answer file); see the module doc.
pub fn check_streams(files: Streams<'_>, opts: &Options) -> Report {
    let name = files.input.name().to_string();
    let fail = |msg: String| Report {
        cases: 0,
        faults: vec![Fault::new(Verdict::Fail, None, msg)],
        stopped_at: None,
    };
    let format = match opts.format {
        Some(f) => f,
        None => match cases::detect(files.input) {
            Ok(f) => f,
            Err(e) => return fail(format!("{name}:{e}")),
        },
    };
    let mut out = AnswerReader::new(format, files.output);
    if opts.strict {
        out = out.capture();
    }
    let mut ans = files.answer.map(|a| AnswerReader::new(format, a));
    let ctx = Ctx {
        format,
        strict: opts.strict,
        answer_name: files.answer_name,
        no_words: out.no_solution_words(),
        multiple_words: out.multiple_words(),
    };
    let mut report = Report {
        cases: 0,
        faults: Vec::new(),
        stopped_at: None,
    };
    let mut input = Cases::new(files.input, crate::format::Reader::tuned(format));
    let mut cases: Vec<Case> = Vec::new();
    let mut batch: Vec<Puzzle> = Vec::new();
    let mut items: Vec<Item> = Vec::new();
    let mut answers: Vec<Item> = Vec::new();
    loop {
        let input_error = input.next_batch(&mut cases);
        // The tuned reader holds every case inline.
        batch.clear();
        batch.extend(cases.iter().filter_map(Case::puzzle));
        let before = report.cases;
        report.cases += batch.len() as u64;
        if report.stopped_at.is_none() {
            let stream = read_items(
                &mut out,
                &mut ans,
                &ctx,
                before,
                &batch,
                &mut items,
                &mut answers,
            );
            let judged = judge_batch(&ctx, before, &batch, &items, &answers, ans.is_some(), opts);
            report.faults.extend(judged);
            if let Some(f) = stream {
                report.stopped_at = f.case.map(|k| k - 1);
                report.faults.push(f);
            }
        }
        if let Some(e) = input_error {
            let msg = e.message(&name);
            let case = e.case().or(Some(report.cases + 1));
            report.faults.push(Fault::new(Verdict::Fail, case, msg));
            break;
        }
        if !opts.all && !report.faults.is_empty() {
            break;
        }
        if batch.is_empty() {
            if report.stopped_at.is_none() {
                trailing(&mut out, &mut ans, &ctx, &mut report);
            }
            break;
        }
    }
    if !opts.all {
        report.faults.truncate(1);
    }
    report
}

/// Reads the output's and the answer file's items for the cases of `batch`; a fault that stops
/// reading (unreadable output, a missing case, a bad answer file) comes back, and the item
/// lists then hold the cases before it.
fn read_items(
    out: &mut AnswerReader,
    ans: &mut Option<AnswerReader>,
    ctx: &Ctx<'_>,
    before: u64,
    batch: &[Puzzle],
    items: &mut Vec<Item>,
    answers: &mut Vec<Item>,
) -> Option<Fault> {
    items.clear();
    answers.clear();
    let mut stop = None;
    if let Some(a) = ans {
        for i in 0..batch.len() {
            let k = before + i as u64 + 1;
            match a.next(k) {
                Ok(Some(item)) => answers.push(item),
                Ok(None) => {
                    let msg = format!("{}: ends before case {k}", ctx.answer_name);
                    stop = Some(Fault::new(Verdict::Fail, Some(k), msg));
                    break;
                }
                Err(e) => {
                    let msg = format!("{}, case {k}, line {}: {}", ctx.answer_name, e.line, e.msg);
                    stop = Some(Fault::new(Verdict::Fail, Some(k), msg));
                    break;
                }
            }
        }
    }
    let limit = if ans.is_some() {
        answers.len()
    } else {
        batch.len()
    };
    for i in 0..limit {
        let k = before + i as u64 + 1;
        match out.next(k) {
            Ok(Some(item)) => items.push(item),
            Ok(None) => {
                let msg = format!(
                    "case {k}, line {}: expected {}, found end of output",
                    out.line(),
                    out.header_of(k)
                        .map_or("an answer".to_string(), |h| format!("\"{h}\""))
                );
                return Some(Fault::new(Verdict::WrongAnswer, Some(k), msg));
            }
            Err(e) => {
                let verdict = match e.kind {
                    ErrorKind::WrongCase => Verdict::WrongAnswer,
                    ErrorKind::Unreadable => Verdict::PresentationError,
                    ErrorKind::Io => Verdict::Fail,
                };
                let msg = format!("case {k}, line {}: {}", e.line, e.msg);
                return Some(Fault::new(verdict, Some(k), msg));
            }
        }
    }
    stop
}

/// Judges the cases that have an output item (and an answer item, with an answer file).
fn judge_batch(
    ctx: &Ctx<'_>,
    before: u64,
    batch: &[Puzzle],
    items: &[Item],
    answers: &[Item],
    has_answers: bool,
    opts: &Options,
) -> Vec<Fault> {
    let format = ctx.format;
    let solved = format.limit() > 1 && !has_answers;
    let one = |state: &mut (LazySolver, Vec<u8>), i: usize| {
        let (solver, buf) = state;
        let expect = if let Some(a) = answers.get(i) {
            Expect::Answer(a)
        } else if solved {
            let s = solver.get_or_insert_with(|| SolverKind::Bitmask.build());
            Expect::Solved(s.solve(&batch[i], format.limit()))
        } else {
            Expect::Input
        };
        judge::judge(
            ctx,
            before + i as u64 + 1,
            &batch[i],
            &items[i],
            expect,
            solver,
            buf,
        )
    };
    let n = items.len();
    let found: Vec<Option<Fault>> = if opts.parallel {
        (0..n)
            .into_par_iter()
            .with_min_len(64)
            .map_init(|| (None, Vec::new()), one)
            .collect()
    } else {
        let mut state = (None, Vec::new());
        (0..n).map(|i| one(&mut state, i)).collect()
    };
    found.into_iter().flatten().collect()
}

/// After the last case: the output must hold nothing more (with `--strict`, not even blanks),
/// and neither may the answer file.
fn trailing(
    out: &mut AnswerReader,
    ans: &mut Option<AnswerReader>,
    ctx: &Ctx<'_>,
    report: &mut Report,
) {
    let n = report.cases;
    let name = ctx.answer_name;
    if let Some(a) = ans {
        let msg = match a.rest() {
            Ok(None) => None,
            Ok(Some((line, tok))) => Some(format!(
                "{name}, line {line}: expected the end after {}, found {}",
                cases(n),
                show_text(&tok)
            )),
            Err(e) => Some(format!("{name}, line {}: {}", e.line, e.msg)),
        };
        if let Some(msg) = msg {
            report.faults.push(Fault::new(Verdict::Fail, None, msg));
        }
    }
    let first = if ctx.strict { out.leftover() } else { Ok(None) };
    let fault = match (out.rest(), first) {
        (Err(e), _) | (_, Err(e)) => {
            Fault::new(Verdict::Fail, None, format!("line {}: {}", e.line, e.msg))
        }
        (Ok(Some((line, tok))), _) => Fault::new(
            Verdict::WrongAnswer,
            None,
            format!(
                "line {line}: expected the end of output after {}, found {}",
                cases(n),
                show_text(&tok)
            ),
        ),
        (Ok(None), Ok(Some((line, col, b)))) => Fault::new(
            Verdict::PresentationError,
            None,
            format!(
                "line {line}, column {col}: expected the end of output, found {}",
                judge::spell(Some(b), "")
            ),
        ),
        (Ok(None), Ok(None)) => return,
    };
    report.faults.push(fault);
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
        let mut src = Source::stream("in".into(), Box::new(Cursor::new(input.to_vec())));
        let files = Files {
            input: &mut src,
            output,
            answer: None,
            answer_name: "",
        };
        let opts = Options {
            all,
            parallel,
            ..Options::default()
        };
        check(files, &opts)
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
}
