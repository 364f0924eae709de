//! Stress testing ("duipai"): generated cases through the two solvers until they disagree, or
//! through a user's program until a run first fails; the failing input is then shrunk to one
//! case with as few givens as still fail. Outputs are judged by the `check` library (token
//! mode, against the bitmask solver's answers), exactly as `sudoku-judge check` would judge
//! them. A program is run under limits by [`child`] and its runs get the verdicts of
//! [`verdict`]; whatever it does, what we hold of it is bounded (`capture`).

mod capture;
pub mod child;
pub mod guard;
pub mod hunt;
pub mod judge;
mod reap;
mod rounds;
pub mod signals;
mod unrunnable;
pub mod verdict;

use crate::check;
use crate::check::validate;
use crate::format::judges::find;
use crate::format::spec::Spec;
use crate::format::{Format, write_outcome};
use crate::generate::maker::Maker;
use crate::generate::request::{Kind, Request};
use crate::generate::set;
use crate::model::{CELLS, Puzzle, is_solution_of};
pub use crate::progress::Progress;
use crate::solve::bitmask::BitmaskSolver;
use crate::solve::dlx::DlxSolver;
use crate::solve::{Outcome, Solver};
use child::{End, Limits, Stream};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
pub use verdict::Fault;

/// A generated case on which the solvers went wrong.
#[derive(Clone, Debug)]
pub struct Disagreement {
    /// 0-based index of the case in the seeded stream.
    pub index: u64,
    pub case: Puzzle,
    pub bitmask: Outcome,
    pub dlx: Outcome,
    pub why: String,
}

/// What to run: `count` cases of a core format's 9x9 request.
#[derive(Clone, Debug)]
pub struct Plan {
    pub format: Format,
    pub request: Request,
    pub count: u64,
}

/// The record of core format `f`.
fn spec_of(f: Format) -> &'static Spec {
    find(f.name()).expect("a core format has a record")
}

/// A complete input file of `puzzles` in `format`, as `gen` spells it.
pub fn input_file(format: Format, puzzles: &[Puzzle]) -> Vec<u8> {
    let cases: Vec<crate::model::Case> = puzzles.iter().map(|&p| p.into()).collect();
    set::input_file(spec_of(format), &cases)
}

/// Cases checked per parallel round of the self-check.
const ROUND: u64 = 4096;

/// Checks `plan.count` generated cases: bitmask and DLX agree on the count to 2, each solution
/// is valid, unique cases get the same grid, counts match the kind the generator meant, and
/// `check` accepts each solver's answers, spelled as `solve` writes them, against the
/// other's. Stops at the first round with a failure and returns the earliest one. `Ok` holds
/// the number of cases checked.
pub fn self_check(
    plan: &Plan,
    parallel: bool,
    progress: &mut Progress,
) -> Result<u64, Box<Disagreement>> {
    rounds::run(
        plan.count,
        ROUND,
        parallel,
        progress,
        || (Maker::new(), BitmaskSolver::new(), DlxSolver::new()),
        |(m, b, d), i| check_one(plan, m, b, d, i),
        |first, solved| judge_round(plan, first, solved).map(Box::new),
    )
}

/// A case both solvers agree on.
struct Solved {
    index: u64,
    case: Puzzle,
    bitmask: Outcome,
    dlx: Outcome,
}

/// Spells a round's cases and each solver's answers as files and has `check` judge each
/// solver's answers against the other's.
fn judge_round(plan: &Plan, first: u64, solved: &[Solved]) -> Option<Disagreement> {
    let puzzles: Vec<Puzzle> = solved.iter().map(|s| s.case).collect();
    let input = input_file(plan.format, &puzzles);
    let limit = plan.format.limit();
    let spell = |pick: fn(&Solved) -> Outcome| {
        let mut out = Vec::new();
        for (i, s) in solved.iter().enumerate() {
            let o = pick(s);
            let o = Outcome {
                count: o.count.min(limit),
                solution: o.solution,
            };
            write_outcome(plan.format, i as u64 + 1, &s.case, &o, &mut out);
        }
        out
    };
    let b = spell(|s| s.bitmask);
    let d = spell(|s| s.dlx);
    for (name, output, answer) in [("bitmask", &b, &d), ("dlx", &d, &b)] {
        if let Some(f) = judged(plan.format, &input, output, answer) {
            let k = f.case.unwrap_or(1).clamp(1, solved.len() as u64) as usize - 1;
            let s = &solved[k];
            debug_assert_eq!(s.index, first + k as u64);
            return Some(Disagreement {
                index: s.index,
                case: s.case,
                bitmask: s.bitmask,
                dlx: s.dlx,
                why: format!("check rejects {name}'s answer: {f}"),
            });
        }
    }
    None
}

/// `check`'s first fault with `output` for `input` of `format`, judged against `answer`;
/// `None` if it accepts.
fn judged(format: Format, input: &[u8], output: &[u8], answer: &[u8]) -> Option<check::Fault> {
    let spec = find(format.name()).expect("every core format has a spec record");
    judge::judged(spec, input, output, Some(answer))
}

fn check_one(
    plan: &Plan,
    maker: &mut Maker,
    bitmask: &mut BitmaskSolver,
    dlx: &mut DlxSolver,
    index: u64,
) -> Result<Solved, Box<Disagreement>> {
    let made = maker
        .case(&plan.request, index)
        .map(|m| (m.case.puzzle(), m.kind));
    let (case, kind) = match made {
        Ok((Some(p), kind)) => (p, kind),
        Ok((None, _)) | Err(_) => {
            let why = match made {
                Err(e) => format!("the generator failed: {e}"),
                _ => "the generator made a case that is not a 9x9 puzzle".into(),
            };
            return Err(Box::new(Disagreement {
                index,
                case: Puzzle::standard([0; CELLS]),
                bitmask: Outcome::NONE,
                dlx: Outcome::NONE,
                why,
            }));
        }
    };
    let p = &case;
    let b = bitmask.solve(p, 2);
    let d = dlx.solve(p, 2);
    let fail = |why: String| {
        Err(Box::new(Disagreement {
            index,
            case,
            bitmask: b,
            dlx: d,
            why,
        }))
    };
    if b.count != d.count {
        return fail(format!(
            "bitmask counts {} solutions, dlx {}",
            b.count, d.count
        ));
    }
    for (name, o) in [("bitmask", &b), ("dlx", &d)] {
        if o.solution.is_some() != (o.count > 0) {
            return fail(format!(
                "{name}: count {} but solution {:?}",
                o.count,
                o.solution.is_some()
            ));
        }
        if let Some(s) = &o.solution
            && !is_solution_of(p, s)
        {
            return fail(format!("{name} returned a grid that is not a solution"));
        }
    }
    if b.count == 1 && b.solution != d.solution {
        return fail("the solvers return different grids for a unique puzzle".into());
    }
    let meant = match kind {
        Kind::Unique => 1,
        Kind::Multiple => 2,
        Kind::None { .. } => 0,
    };
    if b.count != meant {
        return fail(format!(
            "the generator meant {:?} but the solvers count {}",
            kind, b.count
        ));
    }
    Ok(Solved {
        index,
        case,
        bitmask: b,
        dlx: d,
    })
}

/// The program under test and how to run it.
#[derive(Clone, Debug)]
pub struct Program {
    pub cmd: String,
    pub limits: Limits,
}

/// A judge problem stress can run a program on: how a file of its cases is spelled, what the
/// expected output is, and how an output is judged. The tuned 9x9 formats and every spec format
/// ([`judge::SpecProblem`]) are problems.
pub trait Problem {
    type Case: Clone;

    /// A complete input file of `cases`.
    fn input(&self, cases: &[Self::Case]) -> Vec<u8>;
    /// The output `solve` writes for `cases`.
    fn expected(&self, cases: &[Self::Case]) -> Vec<u8>;
    /// `check`'s first fault with `output` for `input`, judged against `expected`; `None` if it
    /// accepts.
    fn judged(&self, input: &[u8], output: &[u8], expected: &[u8]) -> Option<check::Fault>;
    /// The cells of a case holding givens.
    fn givens(case: &Self::Case) -> Vec<usize>;
    /// The case with the givens at `cells` emptied.
    fn without(case: &Self::Case, cells: &[usize]) -> Self::Case;
    /// Why the case is outside what the problem promises (as `validate` says it), if it is:
    /// shrinking never goes there.
    fn broken_promise(&self, case: &Self::Case) -> Option<String>;
}

impl Problem for Format {
    type Case = Puzzle;

    fn input(&self, cases: &[Puzzle]) -> Vec<u8> {
        input_file(*self, cases)
    }

    fn expected(&self, cases: &[Puzzle]) -> Vec<u8> {
        let cases: Vec<crate::model::Case> = cases.iter().map(|&p| p.into()).collect();
        set::answer_file(spec_of(*self), &cases, &mut Maker::new())
    }

    fn judged(&self, input: &[u8], output: &[u8], expected: &[u8]) -> Option<check::Fault> {
        judged(*self, input, output, expected)
    }

    fn givens(case: &Puzzle) -> Vec<usize> {
        (0..CELLS).filter(|&c| case.cells[c] != 0).collect()
    }

    fn without(case: &Puzzle, cells: &[usize]) -> Puzzle {
        let mut q = *case;
        for &c in cells {
            q.cells[c] = 0;
        }
        q
    }

    fn broken_promise(&self, case: &Puzzle) -> Option<String> {
        validate::broken_promise(find(self.name())?, &crate::model::Case::Nine(*case))
    }
}

/// One run of the program on `puzzles`: the input, its output (as much as was kept), the
/// expected output and the fault, if any.
pub struct Trial<C = Puzzle> {
    pub puzzles: Vec<C>,
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
    /// Runs the program on a file of `puzzles` and judges what it prints.
    pub fn trial<P: Problem>(
        &self,
        problem: &P,
        puzzles: &[P::Case],
    ) -> io::Result<Trial<P::Case>> {
        let input = problem.input(puzzles);
        let expected = problem.expected(puzzles);
        let run = child::run(&self.cmd, &input, &self.limits)?;
        let fault = verdict::judge(&run, input.len(), &self.limits, |out| {
            problem.judged(&input, out, &expected)
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
            puzzles: puzzles.to_vec(),
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
/// output that was cut ends with a line saying so.
pub fn save<C>(dir: &Path, name: &str, t: &Trial<C>) -> io::Result<PathBuf> {
    std::fs::create_dir_all(dir)?;
    let base = dir.join(name);
    std::fs::write(base.with_extension("in"), &t.input)?;
    let mut out = std::fs::File::create(base.with_extension("out"))?;
    out.write_all(&t.output)?;
    if let Some(cut) = &t.cut {
        writeln!(out, "\n[sudoku-judge stress: output cut here: {cut}]")?;
    }
    std::fs::write(base.with_extension("expected"), &t.expected)?;
    Ok(base)
}

/// Most program runs spent shrinking, and most time: each run is bounded by the limits, and
/// a program that fails only now and then must not keep us for minutes.
const SHRINK_RUNS: u32 = 600;
const SHRINK_TIME: Duration = Duration::from_secs(30);

/// Shrinks a failing trial: first to the single case that fails alone (T = 1), then removing
/// givens in halving blocks while the program still fails the same way, never past what the
/// problem promises of a case ([`Problem::broken_promise`]: Luogu P1074's 24 givens, HDU
/// 2780's five empty cells, full grids). Returns the smallest
/// failing trial found and the number of runs spent.
pub fn shrink<P: Problem>(
    prog: &Program,
    problem: &P,
    failing: Trial<P::Case>,
) -> io::Result<(Trial<P::Case>, u32)> {
    let Some(fault) = failing.fault.clone() else {
        return Ok((failing, 0));
    };
    let started = Instant::now();
    let more = |runs: u32| runs < SHRINK_RUNS && started.elapsed() < SHRINK_TIME;
    let mut runs = 0;
    let mut best = failing;
    if best.puzzles.len() > 1 {
        // The case the judge named first, then the others.
        let named = fault.case.map_or(0, |k| (k as usize).saturating_sub(1));
        let mut order: Vec<usize> = (0..best.puzzles.len()).collect();
        order.retain(|&i| i != named);
        order.insert(0, named.min(best.puzzles.len() - 1));
        for i in order {
            if !more(runs) {
                break;
            }
            runs += 1;
            let t = prog.trial(problem, &best.puzzles[i..=i])?;
            if t.fault.as_ref().is_some_and(|f| f.same_kind(&fault)) {
                best = t;
                break;
            }
        }
    }
    if best.puzzles.len() != 1 {
        return Ok((best, runs));
    }
    let mut p = best.puzzles[0].clone();
    let mut block = P::givens(&p).len().div_ceil(2).max(1);
    while block >= 1 && more(runs) {
        let givens = P::givens(&p);
        if givens.is_empty() {
            break;
        }
        let mut removed_any = false;
        let mut start = 0;
        while start < givens.len() && more(runs) {
            let q = P::without(&p, &givens[start..(start + block).min(givens.len())]);
            if problem.broken_promise(&q).is_some() {
                // Not a case the problem can be given: `validate` would reject it.
                start += block;
                continue;
            }
            runs += 1;
            let t = prog.trial(problem, std::slice::from_ref(&q))?;
            if t.fault.as_ref().is_some_and(|f| f.same_kind(&fault)) {
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
            block = block.min(P::givens(&p).len().div_ceil(2)).max(1);
        }
    }
    Ok((best, runs))
}
