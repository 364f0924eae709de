//! The solver self-check of every format: the bitmask and DLX engines against each other on a
//! request's generated cases (same answers, valid grids, the kind the generator meant, and
//! `check` accepting each engine's output spelled as `solve` writes it, with the other's as
//! the answer file). A core format's 9x9 case goes to the tuned 9x9 solvers of each kind
//! through the engine's one entry, counted to 2 whatever the mode.

use super::{Problem, Progress, rounds};
use crate::format::write_reply;
use crate::generate::maker::Maker;
use crate::generate::request::{Kind, Request};
use crate::model::{Answer, CELLS, Case, Mode, Outcome, Puzzle, Reply, ReplyRef, is_solution_of};
use crate::solve::SolverKind;
use crate::solve::engine::Engine;

/// A generated case on which the engines went wrong.
#[derive(Clone, Debug)]
pub struct Disagreement {
    /// 0-based index of the case in the seeded stream.
    pub index: u64,
    /// The case, unless the generator failed to make it.
    pub case: Option<Case>,
    pub bitmask: Option<Reply>,
    pub dlx: Option<Reply>,
    pub why: String,
}

impl Disagreement {
    /// What each engine answered, as the report prints it: a 9x9 case's solution count, or
    /// the answer in the problem's mode.
    pub fn replies(&self) -> String {
        let show = |r: &Option<Reply>| match r {
            Some(Reply::Nine(o)) => format!("{:?}", o.count),
            Some(Reply::Any(a)) => format!("{:?}", Some(a)),
            None => "None".into(),
        };
        format!(
            "bitmask: {}\ndlx:     {}",
            show(&self.bitmask),
            show(&self.dlx)
        )
    }
}

/// Cases checked per parallel round: the 9x9 cases of a core format take microseconds each,
/// so their rounds are longer (fewer pauses of the pool to judge a round).
fn round(request: &Request) -> u64 {
    if request.nine().is_some() { 4096 } else { 1024 }
}

/// The mode the engines are asked in: a 9x9 case of a core format is counted to 2 even where
/// the problem wants any one solution (the tuned solvers make it cheap), so that the kind the
/// generator meant is checked on every core format.
fn asked(case: &Case, mode: Mode) -> Mode {
    match (case, mode) {
        (Case::Nine(_), Mode::First) => Mode::Unique,
        _ => mode,
    }
}

/// Checks cases `0..count` of `request`; stops at the first round with a failure and returns
/// the earliest one. `Ok` holds the number of cases checked.
pub fn run(
    request: &Request,
    count: u64,
    parallel: bool,
    progress: &mut Progress,
) -> Result<u64, Box<Disagreement>> {
    let problem = Problem::of(request);
    rounds::run(
        count,
        round(request),
        parallel,
        progress,
        || {
            (
                Maker::new(),
                Engine::new(SolverKind::Bitmask),
                Engine::new(SolverKind::Dlx),
            )
        },
        |(m, b, d), i| check_one(request, m, b, d, i),
        |first, solved| judge_round(&problem, first, solved).map(Box::new),
    )
}

/// A case both engines agree on, with their replies.
type Solved = (Case, Reply, Reply);

/// Spells a round's cases and each engine's replies as files (as many cases a file as the
/// format allows) and has the checker judge each engine's output, with the other's as the
/// answer file.
fn judge_round(problem: &Problem, first: u64, solved: &[Solved]) -> Option<Disagreement> {
    let per = problem
        .spec
        .max_per_file()
        .unwrap_or(u64::MAX)
        .min(solved.len() as u64)
        .max(1);
    solved
        .chunks(per as usize)
        .enumerate()
        .find_map(|(i, group)| judge_file(problem, first + i as u64 * per, group))
}

/// Judges one file's worth of cases; see [`judge_round`].
fn judge_file(problem: &Problem, first: u64, solved: &[Solved]) -> Option<Disagreement> {
    let cases: Vec<Case> = solved.iter().map(|s| s.0.clone()).collect();
    let input = problem.input(&cases);
    let file = |pick: fn(&Solved) -> &Reply| {
        let mut out = Vec::new();
        for (i, s) in solved.iter().enumerate() {
            spell(problem, i as u64 + 1, &s.0, pick(s), &mut out);
        }
        out
    };
    let b = file(|s| &s.1);
    let d = file(|s| &s.2);
    for (name, output, answer) in [("bitmask", &b, &d), ("dlx", &d, &b)] {
        if let Some(f) = problem.judged(&input, output, Some(answer)) {
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

/// Spells `reply` to `case`, number `number`, as `solve` writes it in the problem's `mode`: a
/// 9x9 count clipped to what the mode counts to (see [`asked`]).
fn spell(problem: &Problem, number: u64, case: &Case, reply: &Reply, out: &mut Vec<u8>) {
    match reply {
        Reply::Nine(o) if problem.spec.mode == Mode::First => {
            let o = Outcome {
                count: o.count.min(1),
                solution: o.solution,
            };
            write_reply(problem.spec, number, case, ReplyRef::Nine(&o), out);
        }
        _ => {
            write_reply(problem.spec, number, case, reply.view(), out);
        }
    }
}

fn check_one(
    request: &Request,
    maker: &mut Maker,
    bitmask: &mut Engine,
    dlx: &mut Engine,
    index: u64,
) -> Result<Solved, Box<Disagreement>> {
    let made = maker.case(request, index).map_err(|e| {
        // No case: a core format's 9x9 report shows the empty grid and counts of 0 (as it
        // always has), any other format's shows nothing.
        let nine = request.nine().is_some();
        let empty = nine.then(|| Case::Nine(Puzzle::standard([0; CELLS])));
        let none = nine.then_some(Reply::Nine(Outcome::NONE));
        Box::new(Disagreement {
            index,
            case: empty,
            bitmask: none.clone(),
            dlx: none,
            why: format!("the generator failed: {e}"),
        })
    })?;
    let (case, kind) = (made.case, made.kind);
    let mode = asked(&case, request.spec.mode);
    let b = bitmask.reply(&case, mode);
    let d = dlx.reply(&case, mode);
    let why = match (&case, &b, &d) {
        (Case::Nine(p), Reply::Nine(x), Reply::Nine(y)) => nine_disagree(p, x, y, kind),
        _ => {
            let (x, y) = (b.clone().answer(mode), d.clone().answer(mode));
            disagree(&case, mode, &x, &y).or_else(|| unmeant(mode, kind, &x))
        }
    };
    match why {
        None => Ok((case, b, d)),
        Some(why) => Err(Box::new(Disagreement {
            index,
            case: Some(case),
            bitmask: Some(b),
            dlx: Some(d),
            why,
        })),
    }
}

/// The number of solutions a case of `kind` was made to have, counted to 2.
fn meant(kind: Kind) -> u32 {
    match kind {
        Kind::Unique => 1,
        Kind::Multiple => 2,
        Kind::None { .. } => 0,
    }
}

/// Why the tuned solvers' counts to 2 of 9x9 puzzle `p` cannot both be right, or are not the
/// kind the generator meant.
fn nine_disagree(p: &Puzzle, b: &Outcome, d: &Outcome, kind: Kind) -> Option<String> {
    if b.count != d.count {
        return Some(format!(
            "bitmask counts {} solutions, dlx {}",
            b.count, d.count
        ));
    }
    for (name, o) in [("bitmask", b), ("dlx", d)] {
        if o.solution.is_some() != (o.count > 0) {
            return Some(format!(
                "{name}: count {} but solution {:?}",
                o.count,
                o.solution.is_some()
            ));
        }
        if let Some(s) = &o.solution
            && !is_solution_of(p, s)
        {
            return Some(format!("{name} returned a grid that is not a solution"));
        }
    }
    if b.count == 1 && b.solution != d.solution {
        return Some("the solvers return different grids for a unique puzzle".into());
    }
    (b.count != meant(kind)).then(|| {
        format!(
            "the generator meant {:?} but the solvers count {}",
            kind, b.count
        )
    })
}

/// Why two engines' answers to `case` cannot both be right, if they cannot.
fn disagree(case: &Case, mode: Mode, a: &Answer, d: &Answer) -> Option<String> {
    // Codeforces 1335D's grid breaks every unit on purpose, and ECOO 2013's one greedy pass
    // leaves the blanks it cannot fill: neither answer is a solution.
    let valid = |g: &[u8]| matches!(mode, Mode::Anti | Mode::OnePass) || case.is_solved_by(g);
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
        Answer::Every(all) => (all.len() as u64).min(2),
        _ => return None,
    };
    let counted = matches!(
        mode,
        Mode::Unique
            | Mode::Verdict
            | Mode::Minimal
            | Mode::Exact
            | Mode::CountSmallest
            | Mode::Every
            | Mode::Nth
    );
    (counted && count != u64::from(meant(kind)))
        .then(|| format!("the generator meant {kind:?} but the engines found {count}"))
}
