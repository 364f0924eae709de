//! Stress testing ("duipai"): generated cases through the two solver families until they
//! disagree ([`self_check`]), or through a user's program until a run first fails; the failing
//! input is then shrunk to one case with as few givens as still fail. Every format is one
//! [`Problem`]: its spec, cases of type [`Case`], input and expected output spelled as `gen`
//! and `solve` spell them, outputs judged by the `check` library exactly as `sudoku-judge
//! check` would judge them. A program is run under limits by [`child`] and its runs get the
//! verdicts of [`verdict`]; whatever it does, what we hold of it is bounded (`capture`).

mod capture;
pub mod child;
pub mod guard;
pub mod hunt;
mod reap;
mod rounds;
pub mod self_check;
pub mod signals;
mod unrunnable;
pub mod verdict;

use crate::check::{self, Verdict};
use crate::format::holds::Bounds;
use crate::format::spec::Spec;
use crate::format::write_reply;
use crate::generate::request::{Reach, Request};
use crate::generate::set;
use crate::input::Source;
use crate::model::Case;
pub use crate::progress::Progress;
use crate::solve::SolverKind;
use crate::solve::engine::{Answer, Engine, Mode};
use crate::work;
use child::{End, Limits, Stream};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
pub use verdict::Fault;

/// The program under test and how to run it.
#[derive(Clone, Debug)]
pub struct Program {
    pub cmd: String,
    pub limits: Limits,
}

/// A judge problem stress can run a program on, for every format: how a file of its cases is
/// spelled (`gen`'s input writer), what the expected output is (the engine's replies in the
/// problem's mode, spelled by `solve`'s writer), and how an output is judged (`check`).
#[derive(Clone, Copy, Debug)]
pub struct Problem {
    pub spec: &'static Spec,
    /// The kinds of case the cases are drawn from ([`Spec::bounds`] of the request's reach):
    /// shrinking goes to no other.
    pub bounds: Bounds,
}

impl Problem {
    /// The problem the cases of `request` are cases of, within its reach.
    pub fn of(request: &Request) -> Problem {
        Problem {
            spec: request.spec,
            bounds: request.spec.bounds(request.reach != Reach::Data),
        }
    }

    /// A complete input file of `cases`.
    pub fn input(&self, cases: &[Case]) -> Vec<u8> {
        set::input_file(self.spec, cases)
    }

    /// The output `solve` writes for `cases`.
    pub fn expected(&self, cases: &[Case]) -> Vec<u8> {
        let mut engine = Engine::new(SolverKind::Bitmask);
        let mut out = Vec::new();
        for (i, c) in cases.iter().enumerate() {
            let reply = engine.reply(c, self.spec.mode);
            write_reply(self.spec, i as u64 + 1, c, reply.view(), &mut out);
        }
        out
    }

    /// `check`'s first fault with `output` for `input`, judged against `expected` (no answer
    /// file when `None`); `None` if it accepts.
    pub fn judged(
        &self,
        input: &[u8],
        output: &[u8],
        expected: Option<&[u8]>,
    ) -> Option<check::Fault> {
        let source = |name: &str, bytes: &[u8]| {
            Source::stream(name.into(), Box::new(std::io::Cursor::new(bytes.to_vec())))
        };
        let report = check::check(
            self.spec,
            check::Files {
                input: &mut source("generated input", input),
                output: source("output", output),
                answer: expected.map(|a| source("expected output", a)),
                answer_name: "expected output",
            },
            &check::Options::default(),
        );
        (report.verdict() != Verdict::Accepted)
            .then(|| report.faults.into_iter().next())
            .flatten()
    }

    /// Whether shrinking may go to `q`, a failing case with givens taken away: it keeps the
    /// problem's promise (as `validate` says it), it is of a kind the cases were drawn from (no
    /// empty grid, no second solution where the judge's data holds none), and its answer is
    /// found within [`SHRINK_BUDGET`] search nodes and is one `solve` writes. Without the last
    /// two, a counting problem's shrink counted a near-empty grid's solutions for ever, and
    /// Jutge P79494's saved answer was cut at its 10,000 solutions.
    pub fn may_shrink_to(&self, q: &Case, engine: &mut Engine) -> bool {
        if check::validate::broken_promise(self.spec, q).is_some()
            || (!self.bounds.empty && givens(q).is_empty())
        {
            return false;
        }
        let mode = self.spec.mode;
        engine.set_budget(Some(SHRINK_BUDGET));
        let answers = engine
            .try_reply(q, mode)
            .is_ok_and(|r| work::refused(self.spec, &r.answer(mode)).is_none());
        let kind = self.bounds.several
            || engine
                .try_reply(q, Mode::Unique)
                .is_ok_and(|r| !matches!(r.answer(Mode::Unique), Answer::Multiple(_)));
        engine.set_budget(None);
        answers && kind
    }
}

/// The cells of a case holding givens.
pub fn givens(case: &Case) -> Vec<usize> {
    let cells = case.cells();
    (0..cells.len()).filter(|&c| cells[c] != 0).collect()
}

/// The case with the givens at `cells` emptied.
fn without(case: &Case, cells: &[usize]) -> Case {
    let mut q = case.cells().to_vec();
    for &c in cells {
        q[c] = 0;
    }
    case.with_cells(&q)
}

/// One run of the program on `cases`: the input, its output (as much as was kept), the
/// expected output and the fault, if any.
pub struct Trial {
    pub cases: Vec<Case>,
    pub input: Vec<u8>,
    pub output: Vec<u8>,
    /// When the output was longer than what was kept: how long it was.
    pub cut: Option<String>,
    pub expected: Vec<u8>,
    pub fault: Option<Fault>,
    /// The shell could not start the program (exit status 126 or 127, its words on stderr,
    /// nothing on stdout): why, in the words of `stress/unrunnable.rs`.
    pub unrunnable: Option<String>,
}

impl Program {
    /// Runs the program on a file of `cases` and judges what it prints.
    pub fn trial(&self, problem: &Problem, cases: &[Case]) -> io::Result<Trial> {
        let input = problem.input(cases);
        let expected = problem.expected(cases);
        let run = child::run(&self.cmd, &input, &self.limits)?;
        let fault = verdict::judge(&run, &input, &self.limits, |out| {
            problem.judged(&input, out, Some(&expected))
        });
        let unrunnable = unrunnable::unrunnable(&run);
        let out = run.stdout;
        let cut = out.is_cut().then(|| {
            let written = if run.end == End::OutputLimit(Stream::Stdout) {
                format!(
                    "more than {} (the output limit; it was killed)",
                    verdict::size(self.limits.output)
                )
            } else {
                format!("{} bytes", out.total)
            };
            format!(
                "the program wrote {written}; the first {} bytes are kept",
                out.bytes.len()
            )
        });
        Ok(Trial {
            cases: cases.to_vec(),
            input,
            output: out.bytes,
            cut,
            expected,
            fault,
            unrunnable,
        })
    }
}

/// Saves a trial as `NAME.in`, `NAME.out` (the program's) and `NAME.expected` under `dir`. An
/// output that was cut ends with a line saying so. An error names the folder or file it is
/// about.
pub fn save(dir: &Path, name: &str, t: &Trial) -> io::Result<PathBuf> {
    std::fs::create_dir_all(dir).map_err(|e| at_path("cannot create the folder", dir, e))?;
    let base = dir.join(name);
    let write = |ext: &str, bytes: &[u8], cut: Option<&String>| {
        let path = base.with_extension(ext);
        let mut file =
            std::fs::File::create(&path).map_err(|e| at_path("cannot create", &path, e))?;
        file.write_all(bytes)
            .and_then(|()| match cut {
                Some(cut) => writeln!(file, "\n[sudoku-judge stress: output cut here: {cut}]"),
                None => Ok(()),
            })
            .map_err(|e| at_path("cannot write", &path, e))
    };
    write("in", &t.input, None)?;
    write("out", &t.output, t.cut.as_ref())?;
    write("expected", &t.expected, None)?;
    Ok(base)
}

/// `e` with what was being done and to which path: `cannot create stress/fail.in: Read-only
/// file system (os error 30)`.
pub fn at_path(doing: &str, path: &Path, e: io::Error) -> io::Error {
    io::Error::new(e.kind(), format!("{doing} {}: {e}", path.display()))
}

/// Most program runs spent shrinking, and most time: each run is bounded by the limits, and
/// a program that fails only now and then must not keep us for minutes.
const SHRINK_RUNS: u32 = 600;
const SHRINK_TIME: Duration = Duration::from_secs(30);
/// The search nodes within which a shrunk case's answer must be found: 25 ms at most (a
/// million took half a second, counting SPOJ SUDOGOB's solutions).
const SHRINK_BUDGET: u64 = 50_000;

/// Shrinks a failing trial: first to the single case that fails alone (T = 1), or else to the
/// fewest cases that fail together (the file up to the case the judge named, without the
/// earlier cases it fails without); then, for one case, removing givens in halving blocks
/// while the program still fails the same way, never past what the problem's data holds
/// ([`Problem::may_shrink_to`]: Luogu P1074's 24 givens, HDU 2780's five empty cells, full
/// grids, one solution where the data holds no other). Returns the smallest
/// failing trial found and the number of runs spent.
pub fn shrink(prog: &Program, problem: &Problem, failing: Trial) -> io::Result<(Trial, u32)> {
    let Some(fault) = failing.fault.clone() else {
        return Ok((failing, 0));
    };
    let started = Instant::now();
    let more = |runs: u32| runs < SHRINK_RUNS && started.elapsed() < SHRINK_TIME;
    let mut runs = 0;
    let mut best = failing;
    let fails = |t: &Trial| t.fault.as_ref().is_some_and(|f| f.same_kind(&fault));
    let named = fault
        .case
        .map_or(0, |k| (k as usize).saturating_sub(1))
        .min(best.cases.len().saturating_sub(1));
    if best.cases.len() > 1 {
        // The case the judge named first, then the others.
        let mut order: Vec<usize> = (0..best.cases.len()).collect();
        order.retain(|&i| i != named);
        order.insert(0, named);
        for i in order {
            if !more(runs) {
                break;
            }
            runs += 1;
            let t = prog.trial(problem, &best.cases[i..=i])?;
            if fails(&t) {
                best = t;
                break;
            }
        }
    }
    if best.cases.len() > 1 {
        // No case fails alone: one fails after others (a program that keeps state from case
        // to case). The file up to the named case, then without each earlier case in turn.
        if named + 1 < best.cases.len() && more(runs) {
            runs += 1;
            let t = prog.trial(problem, &best.cases[..=named])?;
            if fails(&t) {
                best = t;
            }
        }
        let mut i = 0;
        while best.cases.len() > 1 && i < best.cases.len() && more(runs) {
            let mut fewer = best.cases.clone();
            fewer.remove(i);
            runs += 1;
            let t = prog.trial(problem, &fewer)?;
            if fails(&t) {
                best = t;
            } else {
                i += 1;
            }
        }
    }
    if best.cases.len() != 1 {
        return Ok((best, runs));
    }
    let mut p = best.cases[0].clone();
    let mut engine = Engine::new(SolverKind::Bitmask);
    let mut block = givens(&p).len().div_ceil(2).max(1);
    while block >= 1 && more(runs) {
        let held = givens(&p);
        if held.is_empty() {
            break;
        }
        let mut removed_any = false;
        let mut start = 0;
        while start < held.len() && more(runs) {
            let q = without(&p, &held[start..(start + block).min(held.len())]);
            if !problem.may_shrink_to(&q, &mut engine) {
                // Not a case the problem's data can hold.
                start += block;
                continue;
            }
            runs += 1;
            let t = prog.trial(problem, std::slice::from_ref(&q))?;
            if fails(&t) {
                p = q;
                best = t;
                removed_any = true;
            }
            start += block;
        }
        if !removed_any {
            if block == 1 {
                break;
            }
            block /= 2;
        } else {
            block = block.min(givens(&p).len().div_ceil(2)).max(1);
        }
    }
    Ok((best, runs))
}
