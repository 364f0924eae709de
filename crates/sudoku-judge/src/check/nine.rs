//! The checker's private fast path for the four core formats' files (POJ 2676, HDU 4069, lines,
//! LeetCode), behind [`super::check`]: the input read by the tuned 9x9 reader, the output and
//! the answer file read back by their [`AnswerReader`]s (grids, the `Case k:` headers and the
//! verdict words, in the core formats' own way and messages), and each batch's cases judged on
//! the rayon pool with the tuned 9x9 solvers: the contestant's answer against what the case
//! needs (any valid grid, the one grid, or the words), then, with `--strict`, its bytes against
//! the canonical spelling. A count past the budget is a checker failure, as `solve --budget`
//! fails on it.
//!
//! Kept by its figure (`cargo bench --bench lanes`, medians of 7 alternating rounds on one thread's
//! CPU time): checking a right output of 100,000 generated POJ 2676 cases takes 67.9 ms here
//! against 458.6 ms by the token judge (`check::check_by_tokens`, which answers every case with the
//! engine: 6.76x); the judging alone, the input's reading taken off, 55.5 ms against 446.2 ms
//! (8.04x).

use super::{Fault, Judge, Options, Report, Verdict, cases, place};
use crate::format::answers::{Answer, Item, show_text};
use crate::format::answers::{AnswerReader, ErrorKind};
use crate::format::cursor::show_byte;
use crate::format::spec::Spec;
use crate::format::{Format, write_outcome};
use crate::input::Source;
use crate::model::{CELLS, Case, Grid, N, Puzzle, cell_name, first_clash, row_of};
use crate::pipeline::ordered_map;
use crate::solve::engine::OverBudget;
use crate::solve::{Outcome, Solver, SolverKind};
use crate::work::over_budget;

/// Where the expected answer of a case comes from.
#[derive(Clone, Copy)]
enum Expect<'a> {
    /// Nothing but the input: any valid completion (solved only if the output says "none").
    Input,
    /// The judge's answer file.
    Answer(&'a Item),
    /// The solvers' count to 2 (HDU 4069 without an answer file).
    Solved(Outcome),
}

/// What a case's answer must be.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Want {
    AnyGrid,
    Exact(Grid),
    NoSolution,
    Multiple,
}

/// What the judging of a file shares across cases.
struct Ctx<'a> {
    format: Format,
    /// The input's format and name, for a case past the budget.
    spec: &'static Spec,
    input_name: String,
    /// The search nodes a case's solve may take ([`Options::budget`]).
    budget: Option<u64>,
    strict: bool,
    /// How the answer file is named in messages.
    answer_name: &'a str,
    no_words: String,
    multiple_words: Option<String>,
}

impl Ctx<'_> {
    /// How an empty cell is spelled in the format's answers: `"."` in LeetCode's boards, `0`
    /// elsewhere.
    fn empty(&self) -> &'static str {
        match self.format {
            Format::Leetcode => "\".\"",
            _ => "0",
        }
    }

    /// True when the format has one right answer per case, so grids must match the answer's
    /// (HDU 4069 counts to 2); otherwise any valid completion is right (POJ 2676).
    fn unique(&self) -> bool {
        self.format.limit() > 1
    }

    fn describe(&self, want: Want) -> String {
        match want {
            Want::AnyGrid | Want::Exact(_) => "a grid".into(),
            Want::NoSolution => show_text(self.no_words.as_bytes()),
            Want::Multiple => show_text(self.multiple_words.as_deref().unwrap_or("").as_bytes()),
        }
    }

    fn found(&self, a: &Answer) -> String {
        match a {
            Answer::Grid(_) => "a grid".into(),
            Answer::NoSolution => show_text(self.no_words.as_bytes()),
            Answer::Multiple => show_text(self.multiple_words.as_deref().unwrap_or("").as_bytes()),
            Answer::Other(s) => show_text(s),
        }
    }
}

/// The core formats' judge of a file.
pub(super) struct Nine<'a> {
    ctx: Ctx<'a>,
    out: AnswerReader,
    ans: Option<AnswerReader>,
    /// The output's and the answer file's items of the batch (scratch, reused).
    items: Vec<Item>,
    answers: Vec<Item>,
    /// A solver and a buffer for the canonical bytes, when judging on this thread.
    serial: Option<Scratch>,
    /// The batch's puzzles (scratch, reused).
    puzzles: Vec<Puzzle>,
}

/// A worker's solver (built on first use) and buffer for the canonical bytes.
type Scratch = (LazySolver, Vec<u8>);

impl<'a> Nine<'a> {
    pub(super) fn new(
        (spec, format): (&'static Spec, Format),
        input_name: String,
        output: Source,
        answer: Option<Source>,
        answer_name: &'a str,
        opts: &Options,
    ) -> Self {
        let strict = opts.strict;
        let mut out = AnswerReader::new(format, output);
        if strict {
            out = out.capture();
        }
        let ctx = Ctx {
            format,
            spec,
            input_name,
            budget: opts.budget,
            strict,
            answer_name,
            no_words: out.no_solution_words(),
            multiple_words: out.multiple_words(),
        };
        Nine {
            ctx,
            out,
            ans: answer.map(|a| AnswerReader::new(format, a)),
            items: Vec::new(),
            answers: Vec::new(),
            serial: None,
            puzzles: Vec::new(),
        }
    }
}

impl Judge for Nine<'_> {
    fn batch(&mut self, before: u64, cases: &[Case], opts: &Options, report: &mut Report) {
        // The tuned reader holds every case inline.
        let mut batch = std::mem::take(&mut self.puzzles);
        batch.clear();
        batch.extend(cases.iter().filter_map(Case::puzzle));
        self.batch_of(before, &batch, opts, report);
        self.puzzles = batch;
    }

    fn trailing(&mut self, report: &mut Report) {
        trailing(&mut self.out, &mut self.ans, &self.ctx, report);
    }
}

impl Nine<'_> {
    fn batch_of(&mut self, before: u64, batch: &[Puzzle], opts: &Options, report: &mut Report) {
        let stream = read_items(
            &mut self.out,
            &mut self.ans,
            &self.ctx,
            before,
            batch,
            &mut self.items,
            &mut self.answers,
        );
        let judged = judge_batch(self, before, batch, opts);
        report.faults.extend(judged);
        if let Some(f) = stream {
            report.stopped_at = f.case.map(|k| k - 1);
            report.faults.push(f);
        }
    }
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
fn judge_batch(nine: &mut Nine<'_>, before: u64, batch: &[Puzzle], opts: &Options) -> Vec<Fault> {
    let (ctx, items, answers) = (&nine.ctx, &nine.items, &nine.answers);
    let format = ctx.format;
    let solved = format.limit() > 1 && nine.ans.is_none();
    let one = |state: &mut Scratch, i: usize| {
        let (solver, buf) = state;
        let k = before + i as u64 + 1;
        let expect = if let Some(a) = answers.get(i) {
            Expect::Answer(a)
        } else if solved {
            match solve(ctx, k, solver, &batch[i], format.limit()) {
                Ok(o) => Expect::Solved(o),
                Err(f) => return Some(f),
            }
        } else {
            Expect::Input
        };
        judge(ctx, k, &batch[i], &items[i], expect, solver, buf)
    };
    let init = || (None, Vec::new());
    let found = ordered_map(items.len(), opts.parallel, 64, &mut nine.serial, init, one);
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
                spell(Some(b), "")
            ),
        ),
        (Ok(None), Ok(None)) => return,
    };
    report.faults.push(fault);
}

/// A solver built on first use: checking POJ 2676 output rarely needs one.
type LazySolver = Option<Box<dyn Solver>>;

/// Counts the solutions of case `k`'s `puzzle` to `limit`; a count that took more search nodes
/// than the budget is a checker failure naming the case, as `solve --budget` fails on it (the
/// count runs to its end first: a 9x9 count is short).
fn solve(
    ctx: &Ctx<'_>,
    k: u64,
    slot: &mut LazySolver,
    puzzle: &Puzzle,
    limit: u32,
) -> Result<Outcome, Fault> {
    let solver = slot.get_or_insert_with(|| SolverKind::Bitmask.build());
    let outcome = solver.solve(puzzle, limit);
    match ctx.budget {
        Some(budget) if solver.nodes() > budget => {
            let why = over_budget(ctx.spec, &puzzle.cells, OverBudget { budget });
            let msg = format!("{}: case {k}: {why}", ctx.input_name);
            Err(Fault::new(Verdict::Fail, Some(k), msg))
        }
        _ => Ok(outcome),
    }
}

fn wa(k: u64, line: u64, msg: String) -> Fault {
    Fault::new(
        Verdict::WrongAnswer,
        Some(k),
        format!("case {k}, line {line}: {msg}"),
    )
}

/// Judges case `k`. `buf` is scratch for the canonical bytes.
fn judge(
    ctx: &Ctx<'_>,
    k: u64,
    puzzle: &Puzzle,
    item: &Item,
    expect: Expect<'_>,
    solver: &mut LazySolver,
    buf: &mut Vec<u8>,
) -> Option<Fault> {
    let want = match expect {
        // Only a wrong-looking answer costs a solve: is the puzzle unsolvable after all?
        Expect::Input => match &item.answer {
            Answer::Grid(g) if completes(puzzle, g) => Want::AnyGrid,
            _ => match solve(ctx, k, solver, puzzle, 1) {
                Ok(o) if o.count == 0 => Want::NoSolution,
                Ok(_) => Want::AnyGrid,
                Err(f) => return Some(f),
            },
        },
        Expect::Solved(o) => match (o.count, o.solution) {
            (0, _) | (_, None) => Want::NoSolution,
            (1, Some(g)) => Want::Exact(g),
            _ => Want::Multiple,
        },
        Expect::Answer(ans) => match answer_want(ctx, k, puzzle, ans, solver) {
            Ok(w) => w,
            Err(f) => return Some(f),
        },
    };
    if let Some(f) = compare(ctx, k, puzzle, item, want) {
        return Some(f);
    }
    if ctx.strict {
        return strict(ctx, k, puzzle, item, buf);
    }
    None
}

/// What the judge's answer file asks of case `k`, once the answer itself is checked against
/// the input: a grid must solve it (and, where the answer is unique, be its only solution), a
/// verdict word must be true of it. A wrong answer file is the judge's fault, never the
/// contestant's.
fn answer_want(
    ctx: &Ctx<'_>,
    k: u64,
    puzzle: &Puzzle,
    ans: &Item,
    solver: &mut LazySolver,
) -> Result<Want, Fault> {
    let fail = |line: u64, msg: String| {
        Fault::new(
            Verdict::Fail,
            Some(k),
            format!("{}, case {k}, line {line}: {msg}", ctx.answer_name),
        )
    };
    let says = |w: Want| format!("the answer says {}", ctx.describe(w));
    match &ans.answer {
        Answer::Grid(a) => {
            if let Some((_, (row, why))) = grid_fault(puzzle, a, ctx.empty()) {
                let msg = format!("the answer is not a solution of the input: {why}");
                return Err(fail(ans.rows[row], msg));
            }
            if !ctx.unique() {
                return Ok(Want::AnyGrid);
            }
            if solve(ctx, k, solver, puzzle, 2)?.count > 1 {
                let msg = format!(
                    "the answer is a grid, but the input has several solutions ({})",
                    ctx.describe(Want::Multiple)
                );
                return Err(fail(ans.line, msg));
            }
            Ok(Want::Exact(*a))
        }
        Answer::NoSolution => {
            if solve(ctx, k, solver, puzzle, 1)?.count > 0 {
                let msg = format!("{}, but the input has a solution", says(Want::NoSolution));
                return Err(fail(ans.line, msg));
            }
            Ok(Want::NoSolution)
        }
        Answer::Multiple => match solve(ctx, k, solver, puzzle, 2)?.count {
            0 => Err(fail(
                ans.line,
                format!("{}, but the input has no solution", says(Want::Multiple)),
            )),
            1 => Err(fail(
                ans.line,
                format!("{}, but the input has exactly one", says(Want::Multiple)),
            )),
            _ => Ok(Want::Multiple),
        },
        Answer::Other(s) => Err(fail(
            ans.line,
            format!(
                "expected a grid or {}, found {}",
                ctx.describe(Want::NoSolution),
                show_text(s)
            ),
        )),
    }
}

/// The content check.
fn compare(ctx: &Ctx<'_>, k: u64, puzzle: &Puzzle, item: &Item, want: Want) -> Option<Fault> {
    let Answer::Grid(g) = &item.answer else {
        let same = matches!(
            (want, &item.answer),
            (Want::NoSolution, Answer::NoSolution) | (Want::Multiple, Answer::Multiple)
        );
        return (!same).then(|| {
            let msg = format!(
                "expected {}, found {}",
                ctx.describe(want),
                ctx.found(&item.answer)
            );
            wa(k, item.line, msg)
        });
    };
    let fault = grid_fault(puzzle, g, ctx.empty());
    match want {
        Want::AnyGrid => fault.map(|(_, (row, msg))| wa(k, item.rows[row], msg)),
        Want::Exact(a) => {
            if let Some((_, (row, msg))) = fault {
                return Some(wa(k, item.rows[row], msg));
            }
            let cell = (0..CELLS).find(|&c| g[c] != a[c])?;
            Some(wa(
                k,
                item.rows[row_of(cell)],
                format!(
                    "{}: expected {}, found {}",
                    cell_name(cell),
                    a[cell],
                    g[cell]
                ),
            ))
        }
        Want::NoSolution | Want::Multiple => Some(wa(
            k,
            item.line,
            format!("expected {}, found a grid", ctx.describe(want)),
        )),
    }
}

/// True when `g` keeps the givens and every row, column and region holds all nine digits —
/// which, nine cells to a unit, rules out repeats. One pass of bit ORs: the hot path of
/// checking, where almost every grid is right; [`grid_fault`] explains the rest.
fn completes(puzzle: &Puzzle, g: &Grid) -> bool {
    let kept = puzzle
        .cells
        .iter()
        .zip(g)
        .fold(true, |ok, (&p, &d)| ok & ((p == 0) | (p == d)));
    let mut rows = [0u16; N];
    let mut cols = [0u16; N];
    // Sixteen slots so that `id & 15` needs no bounds check; ids are 0..9.
    let mut regions = [0u16; 16];
    let ids = puzzle.layout.regions();
    for (r, row) in rows.iter_mut().enumerate() {
        for (c, col) in cols.iter_mut().enumerate() {
            let i = r * N + c;
            // Digits are 0..=9 (the reader rejects anything else); 0 sets bit 0, never "full".
            let bit = 1u16 << (g[i] & 15);
            *row |= bit;
            *col |= bit;
            regions[usize::from(ids[i] & 15)] |= bit;
        }
    }
    const FULL: u16 = 0x3fe;
    kept && rows
        .iter()
        .chain(&cols)
        .chain(&regions[..N])
        .all(|&m| m == FULL)
}

/// Why `g` is not a completion of `puzzle`: `(cell, (row, message))` for the first fault — a
/// given overwritten, a cell left empty (`empty`: how the format spells one, LeetCode's `"."`),
/// then the first clash.
fn grid_fault(puzzle: &Puzzle, g: &Grid, empty: &str) -> Option<(usize, (usize, String))> {
    if completes(puzzle, g) {
        return None;
    }
    let spell = |d: u8| match d {
        0 => empty.to_string(),
        d => d.to_string(),
    };
    for (c, (&given, &d)) in puzzle.cells.iter().zip(g).enumerate() {
        if given != 0 && d != given {
            let msg = format!("{}: expected the given {given}, found {}", cell_name(c), spell(d));
            return Some((c, (row_of(c), msg)));
        }
        if d == 0 {
            let msg = format!("{}: expected a digit 1-9, found {empty}", cell_name(c));
            return Some((c, (row_of(c), msg)));
        }
    }
    first_clash(puzzle, g).map(|clash| (clash.second, (row_of(clash.second), clash.to_string())))
}

/// `--strict`: the case's bytes must be exactly what `solve` would write for this answer.
fn strict(ctx: &Ctx<'_>, k: u64, puzzle: &Puzzle, item: &Item, buf: &mut Vec<u8>) -> Option<Fault> {
    let outcome = item.answer.outcome(&puzzle.cells)?;
    buf.clear();
    write_outcome(ctx.format, k, puzzle, &outcome, buf);
    let got = item.raw.as_slice();
    if got == buf.as_slice() {
        return None;
    }
    let i = got
        .iter()
        .zip(buf.iter())
        .position(|(a, b)| a != b)
        .unwrap_or(got.len().min(buf.len()));
    Some(Fault::new(
        Verdict::PresentationError,
        Some(k),
        format!(
            "case {k}, {}: expected {}, found {}",
            place(got, i, item.span_line, item.span_col),
            spell(buf.get(i).copied(), "nothing more"),
            spell(got.get(i).copied(), "end of output")
        ),
    ))
}

/// A byte for a strict-mode message: the end of a line is named, not escaped.
fn spell(b: Option<u8>, none: &str) -> String {
    match b {
        None => none.into(),
        Some(b'\n') => "end of line".into(),
        Some(b) => show_byte(b),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::testutil::{poj_sample, poj_solution};

    #[test]
    fn fast_completion_check_agrees_with_the_explained_one() {
        let p = Puzzle::standard(poj_sample());
        let good = poj_solution();
        assert!(completes(&p, &good));
        assert_eq!(grid_fault(&p, &good, "0"), None);
        // Every single-cell change is caught by both, with the same verdict.
        for c in 0..CELLS {
            for d in 0..=9u8 {
                let mut g = good;
                g[c] = d;
                let fault = grid_fault(&p, &g, "0");
                assert_eq!(completes(&p, &g), d == good[c], "cell {c} digit {d}");
                assert_eq!(fault.is_none(), d == good[c], "cell {c} digit {d}");
            }
        }
        let mut g = good;
        g[0] = 2;
        assert_eq!(
            grid_fault(&p, &g, "0").map(|f| f.1.1),
            Some("r1c1: expected the given 1, found 2".to_string())
        );
        g[0] = 0;
        assert_eq!(
            grid_fault(&p, &g, "\".\"").map(|f| f.1.1),
            Some("r1c1: expected the given 1, found \".\"".to_string())
        );
    }
}
