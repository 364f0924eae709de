//! Stress testing of the spec formats: the bitmask and DLX engines against each other on
//! generated cases of every size and kind (same answers in the problem's mode, valid grids, the
//! kind the generator meant, and `check` accepting each engine's output), and a user's program
//! judged by the spec checker ([`SpecProblem`]).

use super::{Problem, Progress, rounds};
use crate::check::{self, Verdict};
use crate::format::spec::Spec;
use crate::format::spell::write_answer;
use crate::format::write_reply;
use crate::generate::maker::Maker;
use crate::generate::request::{Kind, Request};
use crate::generate::set;
use crate::input::Source;
use crate::model::Case;
use crate::solve::SolverKind;
use crate::solve::engine::{Answer, Engine, Mode};

/// A spec format as a [`Problem`] for `stress --cmd`.
#[derive(Clone, Copy, Debug)]
pub struct SpecProblem {
    pub spec: &'static Spec,
}

impl Problem for SpecProblem {
    type Case = Case;

    fn input(&self, cases: &[Case]) -> Vec<u8> {
        set::input_file(self.spec, cases)
    }

    fn expected(&self, cases: &[Case]) -> Vec<u8> {
        answers_file(self.spec, cases, &mut Engine::new(SolverKind::Bitmask))
    }

    fn judged(&self, input: &[u8], output: &[u8], expected: &[u8]) -> Option<check::Fault> {
        judged(self.spec, input, output, Some(expected))
    }

    fn givens(case: &Case) -> Vec<usize> {
        let cells = case.cells();
        (0..cells.len()).filter(|&c| cells[c] != 0).collect()
    }

    fn without(case: &Case, cells: &[usize]) -> Case {
        let mut q = case.cells().to_vec();
        for &c in cells {
            q[c] = 0;
        }
        case.with_cells(&q)
    }

    fn broken_promise(&self, case: &Case) -> Option<String> {
        crate::check::validate::broken_promise(self.spec, case)
    }
}

/// The answers of `cases`, spelled as `solve` writes them.
fn answers_file(spec: &Spec, cases: &[Case], engine: &mut Engine) -> Vec<u8> {
    let mut out = Vec::new();
    for (i, c) in cases.iter().enumerate() {
        let reply = engine.reply(c, spec.mode);
        write_reply(spec, i as u64 + 1, c, reply.view(), &mut out);
    }
    out
}

/// `check`'s first fault with `output` for `input`, judged against `answer`; `None` when it
/// accepts.
pub(super) fn judged(
    spec: &'static Spec,
    input: &[u8],
    output: &[u8],
    answer: Option<&[u8]>,
) -> Option<check::Fault> {
    let source = |name: &str, bytes: &[u8]| {
        Source::stream(name.into(), Box::new(std::io::Cursor::new(bytes.to_vec())))
    };
    let report = check::check(
        spec,
        check::Files {
            input: &mut source("generated input", input),
            output: source("output", output),
            answer: answer.map(|a| source("expected output", a)),
            answer_name: "expected output",
        },
        &check::Options::default(),
    );
    (report.verdict() != Verdict::Accepted)
        .then(|| report.faults.into_iter().next())
        .flatten()
}

/// A generated case on which the engines went wrong.
#[derive(Clone, Debug)]
pub struct Disagreement {
    /// 0-based index of the case in the seeded stream.
    pub index: u64,
    pub case: Option<Case>,
    pub bitmask: Option<Answer>,
    pub dlx: Option<Answer>,
    pub why: String,
}

/// Cases checked per parallel round.
const ROUND: u64 = 1024;

/// Checks `count` generated cases of a spec format's request `set` with both engines; stops at
/// the first round with a failure and returns the earliest one. `Ok` holds the number of cases
/// checked.
pub fn self_check(
    set: &Request,
    count: u64,
    parallel: bool,
    progress: &mut Progress,
) -> Result<u64, Box<Disagreement>> {
    rounds::run(
        count,
        ROUND,
        parallel,
        progress,
        || {
            (
                Maker::new(),
                Engine::new(SolverKind::Bitmask),
                Engine::new(SolverKind::Dlx),
            )
        },
        |(m, b, d), i| check_one(set, m, b, d, i),
        |first, solved| judge_round(set, first, solved).map(Box::new),
    )
}

/// Spells a round's cases and each engine's answers and has the checker judge each engine's
/// output, with the other's as the answer file.
fn judge_round(
    set: &Request,
    first: u64,
    solved: &[(Case, Answer, Answer)],
) -> Option<Disagreement> {
    // One file per group of as many cases as the format allows in a file.
    let per = set
        .spec
        .max_per_file()
        .unwrap_or(u64::MAX)
        .min(solved.len() as u64)
        .max(1);
    solved
        .chunks(per as usize)
        .enumerate()
        .find_map(|(i, group)| judge_file(set, first + i as u64 * per, group))
}

/// Judges one file's worth of cases; see [`judge_round`].
fn judge_file(
    set: &Request,
    first: u64,
    solved: &[(Case, Answer, Answer)],
) -> Option<Disagreement> {
    let cases: Vec<Case> = solved.iter().map(|s| s.0.clone()).collect();
    let input = set::input_file(set.spec, &cases);
    let spell = |pick: fn(&(Case, Answer, Answer)) -> &Answer| {
        let mut out = Vec::new();
        for (i, s) in solved.iter().enumerate() {
            write_answer(set.spec, i as u64 + 1, &s.0, pick(s), &mut out);
        }
        out
    };
    let b = spell(|s| &s.1);
    let d = spell(|s| &s.2);
    for (name, output, answer) in [("bitmask", &b, &d), ("dlx", &d, &b)] {
        if let Some(f) = judged(set.spec, &input, output, Some(answer)) {
            let k = f.case.unwrap_or(1).clamp(1, solved.len() as u64) as usize - 1;
            let s = &solved[k];
            return Some(Disagreement {
                index: first + k as u64,
                case: Some(s.0.clone()),
                bitmask: Some(s.1.clone()),
                dlx: Some(s.2.clone()),
                why: format!("check rejects {name}'s answer: {f}"),
            });
        }
    }
    None
}

fn check_one(
    set: &Request,
    maker: &mut Maker,
    bitmask: &mut Engine,
    dlx: &mut Engine,
    index: u64,
) -> Result<(Case, Answer, Answer), Box<Disagreement>> {
    let made = maker.case(set, index).map_err(|e| {
        Box::new(Disagreement {
            index,
            case: None,
            bitmask: None,
            dlx: None,
            why: format!("the generator failed: {e}"),
        })
    })?;
    let (case, kind) = (made.case, made.kind);
    let mode = set.spec.mode;
    let board = case.to_board();
    let a = bitmask.answer(&board, mode);
    let d = dlx.answer(&board, mode);
    let why = disagree(&case, mode, &a, &d).or_else(|| unmeant(mode, kind, &a));
    match why {
        None => Ok((case, a, d)),
        Some(why) => Err(Box::new(Disagreement {
            index,
            case: Some(case),
            bitmask: Some(a),
            dlx: Some(d),
            why,
        })),
    }
}

/// Why two engines' answers to `case` cannot both be right, if they cannot.
pub fn disagree(case: &Case, mode: Mode, a: &Answer, d: &Answer) -> Option<String> {
    let b = case.to_board();
    let valid = |g: &[u8]| mode == Mode::Anti || b.is_solved_by(g);
    for (name, x) in [("bitmask", a), ("dlx", d)] {
        let grid = match x {
            Answer::Solved(g) | Answer::Multiple(g) | Answer::NotMinimal(g) => Some(g),
            Answer::Count(1, g) | Answer::Score(_, g) => Some(g),
            _ => None,
        };
        if let Some(g) = grid
            && !valid(g)
        {
            return Some(format!("{name} returned a grid that is not a solution"));
        }
    }
    let same = match (a, d) {
        // Any one solution, or the first of several: each engine finds its own.
        (Answer::Solved(_), Answer::Solved(_)) if mode == Mode::First => true,
        (Answer::Multiple(_), Answer::Multiple(_)) => true,
        (Answer::Count(x, g), Answer::Count(y, h)) => x == y && (*x != 1 || g == h),
        (Answer::Score(x, _), Answer::Score(y, _)) => x == y,
        _ => a == d,
    };
    (!same).then(|| format!("the engines answer differently in mode {mode:?}"))
}

/// Why an answer is not of the kind the generator meant, in the modes that count solutions.
fn unmeant(mode: Mode, kind: Kind, a: &Answer) -> Option<String> {
    let count = match a {
        Answer::NoSolution | Answer::Illegal => 0,
        Answer::Solved(_) | Answer::NotMinimal(_) => 1,
        Answer::Multiple(_) => 2,
        Answer::Count(n, _) => (*n).min(2),
        _ => return None,
    };
    let counted = matches!(
        mode,
        Mode::Unique | Mode::Verdict | Mode::Minimal | Mode::Exact
    );
    let meant = match kind {
        Kind::Unique => 1,
        Kind::Multiple => 2,
        Kind::None { .. } => 0,
    };
    (counted && count != meant)
        .then(|| format!("the generator meant {kind:?} but the engines found {count}"))
}
