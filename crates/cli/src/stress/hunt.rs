//! `stress --hunt slow`: a search for the case on which the user's program is slowest. It starts
//! from cases made against a naive search (`gen --against`), times the program on each by its
//! CPU time (user + system of everything it ran, from the kernel's accounting of reaped
//! children, so another job on the machine slows the wall clock but hardly this), takes the
//! least of a few runs to beat the noise, and climbs with the moves of `gen --against` (each
//! case valid, and unique where `gen --against` keeps it so) on the measured time, a case kept
//! when it is slower by more than a tenth, until the time budget is spent. The budget counts
//! from before the starting cases are made: each is made and timed in turn, and once the budget
//! is spent no more are made (the first always is). A run that fails in any way (over the time
//! limit, a wrong answer, ...) ends the hunt with that trial, except a first run the shell could
//! not start (`unrunnable`), which ends it refused, as `stress` refuses such a program.

use super::{Problem, Program, Trial};
use crate::generate::against::climb::{State, step};
use crate::model::{Board, Case};
use crate::rng::Rng;
use crate::solve::engine::Engine;
use std::io;
use std::time::{Duration, Instant};

/// A case replaces the slowest so far when its time is above it by more than 1/MARGIN.
const MARGIN: u32 = 10;

/// What to hunt with.
#[derive(Clone, Copy, Debug)]
pub struct Hunt {
    /// Time for the whole hunt, from `began`: making the starts, timing them, climbing.
    pub budget: Duration,
    /// When the hunt began (before its starts were made).
    pub began: Instant,
    /// Runs per case; the least CPU time counts.
    pub repeats: u32,
    pub seed: u64,
    /// Cases must stay unique ([`crate::generate::against::climb::Climb::unique`]).
    pub unique: bool,
}

/// The slowest case found: its trial (of the last run), its CPU time, and the effort spent.
pub struct Found {
    pub trial: Trial,
    pub cpu: Duration,
    /// Program runs made.
    pub runs: u64,
    /// Cases timed.
    pub cases: u64,
}

/// How a hunt ended.
pub enum Ending {
    /// The budget ran out: the slowest case found.
    Slowest(Found),
    /// A run failed (time limit or any other verdict): that trial, to be reported and shrunk.
    Failed(Trial, u64),
    /// The shell could not start the program on the first run: why, in the words of
    /// `stress/unrunnable.rs`.
    Unrunnable(String),
}

/// CPU time (user + system) of this process's reaped children so far.
fn children_cpu() -> Duration {
    // SAFETY: rusage is plain data; all zeroes is a valid value, and getrusage only fills it.
    let mut u: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: a valid pointer to a rusage.
    if unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut u) } != 0 {
        return Duration::ZERO;
    }
    let tv = |t: libc::timeval| {
        Duration::from_secs(t.tv_sec.max(0) as u64) + Duration::from_micros(t.tv_usec.max(0) as u64)
    };
    tv(u.ru_utime) + tv(u.ru_stime)
}

/// The program on `case` alone, up to `repeats` times: the least CPU time, the last trial,
/// and the runs made. Stops at the first failing run (its trial is returned).
fn measure(
    prog: &Program,
    problem: &Problem,
    case: &Case,
    repeats: u32,
) -> io::Result<(Trial, Duration, u64)> {
    let mut least = Duration::MAX;
    let mut runs = 0;
    loop {
        let before = children_cpu();
        let t = prog.trial(problem, std::slice::from_ref(case))?;
        runs += 1;
        least = least.min(children_cpu().saturating_sub(before));
        if t.fault.is_some() || runs >= u64::from(repeats.max(1)) {
            return Ok((t, least, runs));
        }
    }
}

impl Hunt {
    /// Hunts from `starts` (cases with a solution each, made as they are taken; at least one),
    /// turning a board into the problem's case with `case_of`; `engine` keeps the moves unique.
    pub fn run(
        &self,
        prog: &Program,
        problem: &Problem,
        starts: impl IntoIterator<Item = io::Result<State>>,
        case_of: impl Fn(&Board) -> Option<Case>,
        engine: &mut Engine,
    ) -> io::Result<Option<Ending>> {
        let began = self.began;
        let mut rng = Rng::new(self.seed ^ 0x4855_4E54);
        let mut runs = 0;
        let mut cases = 0;
        let mut best: Option<(State, Trial, Duration)> = None;
        let mut time = |state: State,
                        best: &mut Option<(State, Trial, Duration)>|
         -> io::Result<Option<Ending>> {
            let Some(case) = case_of(&state.board) else {
                return Ok(None);
            };
            let (t, cpu, n) = measure(prog, problem, &case, self.repeats)?;
            if runs == 0
                && let Some(why) = t.unrunnable
            {
                return Ok(Some(Ending::Unrunnable(why)));
            }
            runs += n;
            cases += 1;
            if t.fault.is_some() {
                return Ok(Some(Ending::Failed(t, runs)));
            }
            // A new case must beat the best by a margin, or noise alone would walk the hunt
            // away from a slow start onto cases that were lucky once.
            if best.as_ref().is_none_or(|b| cpu > b.2 + b.2 / MARGIN) {
                *best = Some((state, t, cpu));
            }
            Ok(None)
        };
        let mut starts = starts.into_iter();
        let mut made = 0;
        // The first start is always made and timed; another only while the budget lasts.
        while made == 0 || began.elapsed() < self.budget {
            let Some(s) = starts.next() else { break };
            made += 1;
            if let Some(end) = time(s?, &mut best)? {
                return Ok(Some(end));
            }
        }
        while began.elapsed() < self.budget {
            let Some(from) = best.as_ref().map(|b| b.0.clone()) else {
                break;
            };
            let Some(next) = step(&from, engine, &mut rng, self.unique) else {
                continue;
            };
            if let Some(end) = time(next, &mut best)? {
                return Ok(Some(end));
            }
        }
        Ok(best.map(|(_, trial, cpu)| {
            Ending::Slowest(Found {
                trial,
                cpu,
                runs,
                cases,
            })
        }))
    }
}
