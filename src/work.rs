//! What `solve` does with each case, for the pipeline: the tuned 9x9 formats answer with a 9x9
//! solver and their own writers ([`Nine`]); every spec format answers with the engine in the
//! problem's mode and the spec writer ([`Judge`]).

use crate::format::generic::Case;
use crate::format::spec::Spec;
use crate::format::{Format, spell, write_outcome};
use crate::model::Puzzle;
use crate::pipeline::Work;
use crate::solve::engine::Engine;
use crate::solve::{Solver, SolverKind};
use std::ops::Range;

/// A tuned 9x9 format: each case solved to the format's limit (1, or 2 for HDU 4069).
#[derive(Clone, Copy, Debug)]
pub struct Nine {
    pub format: Format,
    pub solver: SolverKind,
}

impl Work for Nine {
    type Case = Puzzle;
    type Worker = Box<dyn Solver>;

    fn worker(&self) -> Box<dyn Solver> {
        self.solver.build()
    }

    fn answer(
        &self,
        solver: &mut Box<dyn Solver>,
        number: u64,
        puzzle: &Puzzle,
        out: &mut Vec<u8>,
    ) -> bool {
        let outcome = solver.solve(puzzle, self.format.limit());
        write_outcome(self.format, number, puzzle, &outcome, out);
        outcome.count == 0 && self.format.no_solution_is_error()
    }
}

/// A spec format: each case answered in the problem's mode.
#[derive(Clone, Copy, Debug)]
pub struct Judge {
    pub spec: &'static Spec,
    pub solver: SolverKind,
}

impl Work for Judge {
    type Case = Case;
    type Worker = Engine;

    fn worker(&self) -> Engine {
        Engine::new(self.solver)
    }

    fn answer(&self, engine: &mut Engine, number: u64, case: &Case, out: &mut Vec<u8>) -> bool {
        let answer = engine.answer(&case.board, self.spec.mode);
        spell::write_answer(self.spec, number, case, &answer, out)
    }
}

/// Another work, done only for the cases numbered `cases` (0-based indices): the rest of the
/// input is read but not answered. A shard of a run (`--shard`).
#[derive(Clone, Debug)]
pub struct Only<W> {
    pub work: W,
    pub cases: Range<u64>,
}

impl<W: Work> Work for Only<W> {
    type Case = W::Case;
    type Worker = W::Worker;

    fn worker(&self) -> W::Worker {
        self.work.worker()
    }

    fn answer(&self, w: &mut W::Worker, number: u64, case: &W::Case, out: &mut Vec<u8>) -> bool {
        self.cases.contains(&(number - 1)) && self.work.answer(w, number, case, out)
    }
}
