//! Answering cases: an [`Engine`] kept from case to case, bounded by a search budget, and
//! [`answer()`] for one case.

use super::{Answer, Case, Mode, OverBudget};
use crate::solve::SolverKind as Kind;
use crate::solve::engine::Engine as Inner;

/// Which solver family an [`Engine`] searches with: bit masks (the default) or dancing links.
/// Both give the same answers wherever the answer is unique.
///
/// ```
/// use sudoku_judge::SolverKind;
/// assert_eq!(SolverKind::default(), SolverKind::Bitmask);
/// assert_eq!(SolverKind::Dlx.name(), "dlx");
/// ```
#[non_exhaustive]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SolverKind {
    /// Bit-mask candidates with singles propagation (`--solver bitmask`).
    #[default]
    Bitmask,
    /// Knuth's Algorithm X with dancing links (`--solver dlx`).
    Dlx,
}

impl SolverKind {
    /// The name `--solver` takes.
    ///
    /// ```
    /// assert_eq!(sudoku_judge::SolverKind::Bitmask.name(), "bitmask");
    /// ```
    pub fn name(self) -> &'static str {
        self.to_core().name()
    }

    /// The search nodes one case may take by default, the command line's `--budget`: a case
    /// outside its problem's promise (an empty grid whose solutions are counted) gives up after
    /// a few seconds, and no case within it comes near (the heaviest known takes about a
    /// seventeenth of the bitmask budget).
    ///
    /// ```
    /// use sudoku_judge::SolverKind;
    /// assert_eq!(SolverKind::Bitmask.default_budget(), 4_000_000);
    /// assert_eq!(SolverKind::Dlx.default_budget(), 200_000_000);
    /// ```
    pub fn default_budget(self) -> u64 {
        self.to_core().default_budget()
    }

    /// The core's kind.
    pub(crate) fn to_core(self) -> Kind {
        match self {
            SolverKind::Bitmask => Kind::Bitmask,
            SolverKind::Dlx => Kind::Dlx,
        }
    }
}

/// Answers cases in every mode, keeping its solvers' scratch space from case to case: build one
/// per thread when answering many cases ([`answer()`] builds one per call). Every case's
/// searches are bounded by a budget of search nodes, the command line's default
/// ([`SolverKind::default_budget`]) unless [`Engine::with_budget`] says otherwise; a case past
/// it is [`OverBudget`], never an endless search.
///
/// ```
/// use sudoku_judge::{Answer, Engine, Mode, SolverKind};
/// let p = sudoku_judge::problem("poj2676").unwrap();
/// let mut engine = Engine::new(SolverKind::Dlx);
/// for case in sudoku_judge::read(p, p.sample_input()).unwrap() {
///     assert!(matches!(engine.answer(&case, Mode::Exact), Ok(Answer::Count(1, _))));
/// }
/// ```
pub struct Engine {
    inner: Inner,
    budget: Option<u64>,
}

/// Its budget, so that a struct holding one can derive `Debug`.
///
/// ```
/// let engine = sudoku_judge::Engine::default().with_budget(Some(10));
/// assert!(format!("{engine:?}").contains("budget: Some(10)"));
/// ```
impl std::fmt::Debug for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engine")
            .field("budget", &self.budget)
            .finish_non_exhaustive()
    }
}

impl Engine {
    /// An engine searching with `kind`'s solvers, within `kind`'s default budget.
    ///
    /// ```
    /// use sudoku_judge::{Engine, SolverKind};
    /// let engine = Engine::new(SolverKind::Dlx);
    /// assert_eq!(engine.budget(), Some(SolverKind::Dlx.default_budget()));
    /// ```
    pub fn new(kind: SolverKind) -> Engine {
        let mut inner = Inner::new(kind.to_core());
        let budget = Some(kind.default_budget());
        inner.set_budget(budget);
        Engine { inner, budget }
    }

    /// The engine with a budget of `nodes` search nodes per case (`None`: no limit, so that
    /// a case outside its problem's promise may search for ever).
    ///
    /// ```
    /// use sudoku_judge::Engine;
    /// assert_eq!(Engine::default().with_budget(Some(500)).budget(), Some(500));
    /// assert_eq!(Engine::default().with_budget(None).budget(), None);
    /// ```
    pub fn with_budget(mut self, nodes: Option<u64>) -> Engine {
        self.inner.set_budget(nodes);
        self.budget = nodes;
        self
    }

    /// The search nodes a case may take; `None`: no limit.
    ///
    /// ```
    /// use sudoku_judge::{Engine, SolverKind};
    /// assert_eq!(Engine::default().budget(), Some(SolverKind::Bitmask.default_budget()));
    /// ```
    pub fn budget(&self) -> Option<u64> {
        self.budget
    }

    /// The answer to `case` in `mode` (usually its problem's [`Problem::mode`](crate::Problem::mode)),
    /// or [`OverBudget`] when its searches would take more nodes than the budget. A 9x9 case
    /// with boxes or jigsaw regions goes to the tuned 9x9 solvers, every other to the any-size
    /// ones.
    ///
    /// ```
    /// use sudoku_judge::{Answer, Engine, Mode};
    /// let p = sudoku_judge::problem("hdu4069").unwrap();
    /// let cases = sudoku_judge::read(p, p.sample_input()).unwrap();
    /// let mut engine = Engine::default();
    /// assert!(matches!(engine.answer(&cases[0], Mode::Unique), Ok(Answer::Solved(_))));
    /// ```
    pub fn answer(&mut self, case: &Case, mode: Mode) -> Result<Answer, OverBudget> {
        let mode = mode.to_core();
        match self.inner.try_reply(&case.0, mode) {
            Ok(reply) => Ok(Answer::from_core(reply.answer(mode))),
            Err(over) => Err(OverBudget {
                budget: over.budget,
            }),
        }
    }

    /// The search nodes the last answer took (at most the budget).
    ///
    /// ```
    /// use sudoku_judge::{Engine, Mode};
    /// let p = sudoku_judge::problem("line").unwrap();
    /// let empty = &sudoku_judge::read(p, &[&[b'.'; 81][..], b"\n"].concat()).unwrap()[0];
    /// let mut engine = Engine::default().with_budget(Some(100));
    /// assert!(engine.answer(empty, Mode::Exact).is_err());
    /// assert_eq!(engine.nodes(), 100);
    /// ```
    pub fn nodes(&self) -> u64 {
        self.inner.nodes()
    }

    /// The core engine and its budget, for [`solve()`](crate::solve())'s writer.
    pub(crate) fn inner(&mut self) -> &mut Inner {
        &mut self.inner
    }
}

impl Default for Engine {
    /// An engine with the default solvers ([`SolverKind::Bitmask`]) and their default budget.
    ///
    /// ```
    /// assert_eq!(sudoku_judge::Engine::default().budget(), Some(4_000_000));
    /// ```
    fn default() -> Engine {
        Engine::new(SolverKind::default())
    }
}

/// The answer to `case` in `mode` (usually its problem's [`Problem::mode`](crate::Problem::mode)),
/// from a fresh [`Engine::default`]: within the command line's default budget, or
/// [`OverBudget`].
///
/// ```
/// use sudoku_judge::{Answer, Mode};
/// let p = sudoku_judge::problem("poj2676").unwrap();
/// let case = &sudoku_judge::read(p, p.sample_input()).unwrap()[0];
/// let Ok(Answer::Solved(grid)) = sudoku_judge::answer(case, Mode::First) else { panic!() };
/// assert!(grid.iter().all(|&v| (1..=9).contains(&v)));
/// assert!(matches!(sudoku_judge::answer(case, Mode::Exact), Ok(Answer::Count(1, _))));
/// ```
pub fn answer(case: &Case, mode: Mode) -> Result<Answer, OverBudget> {
    Engine::default().answer(case, mode)
}
