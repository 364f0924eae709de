//! What `solve` does with each case, for the pipeline ([`Solve`]): the engine's reply in the
//! problem's mode ([`Engine::try_reply`], which takes the tuned 9x9 solvers where they serve),
//! spelled by the one writer ([`write_reply`]); and [`Only`], the same for a shard of a run.

use crate::format::spec::Spec;
use crate::format::write_reply;
use crate::model::Case;
use crate::pipeline::Work;
use crate::searches::{Searches, Slot};
use crate::solve::SolverKind;
use crate::solve::engine::{Engine, Mode, OverBudget};
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
        engine
            .try_reply_then(case, spec.mode, |r| write_reply(spec, number, case, r, out))
            .map_err(|over| over_budget(spec, case.cells(), over))
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
