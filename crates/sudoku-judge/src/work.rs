//! What `solve` does with each case, for the pipeline ([`Solve`]): the engine's reply in the
//! problem's mode ([`Engine::try_reply`], which takes the tuned 9x9 solvers where they serve),
//! spelled by the one writer ([`write_reply`]); and [`Only`], the same for a shard of a run.
//! An answer the writer must not spell (a list of every solution over its cap) fails the case
//! by name ([`refused`]).

use crate::format::spec::Spec;
use crate::format::write_reply;
use crate::model::Case;
use crate::pipeline::Work;
use crate::searches::{Searches, Slot};
use crate::solve::SolverKind;
use crate::solve::engine::{Answer, Engine, Mode, OverBudget, ReplyRef};
use crate::solve::every;
use std::ops::Range;
use std::sync::Arc;

/// Each case of a judge problem answered in its mode.
#[derive(Clone, Debug)]
pub struct Solve {
    pub spec: &'static Spec,
    pub solver: SolverKind,
    /// The search nodes each case may take ([`Engine::set_budget`]); a case past it ends the
    /// run. `None`: no limit ([`Work::answer`] never has one).
    pub budget: Option<u64>,
    /// Where each worker tells its case and the search nodes it spends, for a progress line.
    pub searches: Option<Arc<Searches>>,
}

impl Solve {
    /// Answers in `spec`'s mode with `solver`, without a budget or a meter.
    pub fn new(spec: &'static Spec, solver: SolverKind) -> Solve {
        Solve {
            spec,
            solver,
            budget: None,
            searches: None,
        }
    }
}

impl Work for Solve {
    /// The engine, and where it tells its case's progress.
    type Worker = (Engine, Option<Arc<Slot>>);

    fn worker(&self) -> Self::Worker {
        let mut e = Engine::new(self.solver);
        e.set_budget(self.budget);
        let slot = self.searches.as_ref().map(|s| s.slot());
        e.set_meter(slot.as_ref().map(|s| s.nodes.clone()));
        (e, slot)
    }

    /// Numbered where the spelling names the case, or a progress line tells it.
    fn numbered(&self) -> bool {
        self.spec.numbers_answers() || self.searches.is_some()
    }

    fn answer(&self, w: &mut Self::Worker, number: u64, case: &Case, out: &mut Vec<u8>) -> bool {
        let reply = w.0.reply(case, self.spec.mode);
        write_reply(self.spec, number, case, reply.view(), out)
    }

    fn try_answer(
        &self,
        (engine, slot): &mut Self::Worker,
        number: u64,
        case: &Case,
        out: &mut Vec<u8>,
    ) -> Result<bool, String> {
        if let Some(s) = slot {
            s.start(number);
        }
        let spec = self.spec;
        let write = |r: ReplyRef<'_>| match r {
            ReplyRef::Any(a) => match refused(spec, a) {
                Some(why) => Err(why),
                None => Ok(write_reply(spec, number, case, r, out)),
            },
            ReplyRef::Nine(_) => Ok(write_reply(spec, number, case, r, out)),
        };
        engine
            .try_reply_then(case, spec.mode, write)
            .map_err(|over| over_budget(spec, case.cells(), over))?
    }
}

/// Why `answer`, the engine's for a case of `spec`, is refused instead of written: a list of
/// every solution ([`Mode::Every`]) that stands for more than the cap ([`every::CAP`]), which
/// would be wrong truncated. `None`: write it.
pub fn refused(spec: &Spec, answer: &Answer) -> Option<String> {
    match answer {
        Answer::Every(all) if every::over_cap(all) => Some(format!(
            "it has more than {} solutions, the most {} lists (its boards are promised to \
             have few: the judge's data allow a naive search)",
            every::CAP,
            spec.name
        )),
        _ => None,
    }
}

/// Why a case of `spec` with cells `cells` ran out of search budget, naming the promise of
/// the problem it breaks: `counting its solutions took more than the budget of 1000 search
/// nodes (--budget): spoj-sudogob promises grids whose solutions a search can count`.
pub fn over_budget(spec: &Spec, cells: &[u8], over: OverBudget) -> String {
    let (what, promise) = match spec.mode {
        Mode::Exact | Mode::CountSmallest => (
            "counting its solutions",
            "grids whose solutions a search can count",
        ),
        Mode::Best => (
            "finding its best score",
            "grids whose best score a search can find",
        ),
        Mode::Lexmin => (
            "finding its smallest solution",
            "puzzles whose smallest solution a search can find",
        ),
        Mode::Minimal => (
            "telling whether it is minimal",
            "puzzles whose minimality a search can settle",
        ),
        _ => ("solving it", "puzzles a search can solve"),
    };
    let empty = cells.iter().filter(|&&v| v == 0).count();
    let promise = match spec.promise.empty {
        Some((fewest, most)) if empty < fewest || empty > most => format!(
            "{} promises {} (this case has {empty})",
            spec.name,
            spec.promise.describe()
        ),
        _ => format!("{} promises {promise}", spec.name),
    };
    format!(
        "{what} took more than the budget of {} search nodes (--budget): {promise}",
        over.budget
    )
}

/// Another work, done only for the cases numbered `cases` (0-based indices): the rest of the
/// input is read but not answered. A shard of a run (`--shard`).
#[derive(Clone, Debug)]
pub struct Only<W> {
    pub work: W,
    pub cases: Range<u64>,
}

impl<W: Work> Work for Only<W> {
    type Worker = W::Worker;

    fn worker(&self) -> W::Worker {
        self.work.worker()
    }

    fn answer(&self, w: &mut W::Worker, number: u64, case: &Case, out: &mut Vec<u8>) -> bool {
        self.cases.contains(&(number - 1)) && self.work.answer(w, number, case, out)
    }

    fn try_answer(
        &self,
        w: &mut W::Worker,
        number: u64,
        case: &Case,
        out: &mut Vec<u8>,
    ) -> Result<bool, String> {
        if !self.cases.contains(&(number - 1)) {
            return Ok(false);
        }
        self.work.try_answer(w, number, case, out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::judges::find;

    #[test]
    fn a_list_over_the_cap_is_refused() {
        let spec = find("jutge-p79494").unwrap();
        assert_eq!(refused(spec, &Answer::Every(vec![vec![1; 81]; 3])), None);
        assert_eq!(refused(spec, &Answer::Every(vec![vec![1; 81]; every::CAP])), None);
        let why = refused(spec, &Answer::Every(vec![vec![1; 81]; every::CAP + 1])).unwrap();
        assert!(why.starts_with("it has more than 10000 solutions"), "{why}");
        assert_eq!(refused(spec, &Answer::NoSolution), None);
    }
}
