//! A case on a net answered in the modes a net serves ([`answer`], [`serves`]): the engine's
//! route for [`crate::model::Case::Net`], over either family's [`NetSearch`].

use super::NetSearch;
use crate::model::{Answer, Mode, Net};

/// True when `mode` is answered for cases on a net: a solution, the unique one, the smallest,
/// the N-th in order, the count (with the smallest), and whether the givens clash. The
/// records refuse a net's spelling with any other mode.
///
/// ```
/// use sudoku_judge_core::model::Mode;
/// use sudoku_judge_core::solve::net::serves;
///
/// assert!(serves(Mode::Nth) && serves(Mode::Unique));
/// assert!(!serves(Mode::Marks));
/// ```
pub fn serves(mode: Mode) -> bool {
    matches!(
        mode,
        Mode::First
            | Mode::Unique
            | Mode::Lexmin
            | Mode::Nth
            | Mode::Exact
            | Mode::CountSmallest
            | Mode::Legal
    )
}

/// What an answer took: the search nodes of its counts, and whether one stopped at the cap
/// (the answer is then not to be trusted).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Spent {
    pub nodes: u64,
    pub capped: bool,
}

/// The answer to `givens` (a value per slot) on `net` in `mode`, `rank` the solution asked
/// for in order ([`Mode::Nth`]), the counts together capped at `cap` nodes. A mode a net does
/// not serve ([`serves`]) is answered as [`Mode::Unique`].
///
/// ```
/// use sudoku_judge_core::model::{Answer, Mode, Net};
/// use sudoku_judge_core::solve::{SolverKind, net};
///
/// let hexagon = Net::hexodoku(7).unwrap();
/// let mut search = net::build(SolverKind::Bitmask);
/// let (count, _) = net::answer(search.as_mut(), &hexagon, &[0; 31], 1, Mode::Exact, None);
/// assert!(matches!(count, Answer::Count(10080, _)));
/// let (last, _) = net::answer(search.as_mut(), &hexagon, &[0; 31], 10080, Mode::Nth, None);
/// let (past, _) = net::answer(search.as_mut(), &hexagon, &[0; 31], 10081, Mode::Nth, None);
/// assert!(matches!(last, Answer::Solved(_)) && past == Answer::NoSolution);
/// ```
pub fn answer(
    search: &mut dyn NetSearch,
    net: &Net,
    givens: &[u8],
    rank: u64,
    mode: Mode,
    cap: Option<u64>,
) -> (Answer, Spent) {
    let mut run = Run {
        search,
        net,
        givens,
        cap,
        spent: Spent::default(),
    };
    let answer = match mode {
        Mode::Legal => match net.clash(givens) {
            Some(_) => Answer::Illegal,
            None => Answer::Legal,
        },
        Mode::First => match run.count(1, false) {
            (0, _) => Answer::NoSolution,
            (_, s) => Answer::Solved(s.unwrap_or_default()),
        },
        Mode::Lexmin => solved(run.nth(1)),
        Mode::Nth => solved(run.nth(rank.max(1))),
        Mode::Exact | Mode::CountSmallest => match run.count(u64::MAX, false) {
            (0, _) => match mode {
                Mode::Exact => Answer::Count(0, Vec::new()),
                _ => Answer::NoSolution,
            },
            (1, s) => Answer::Count(1, s.unwrap_or_default()),
            (n, _) if mode == Mode::CountSmallest => {
                Answer::Count(n, run.nth(1).unwrap_or_default())
            }
            (n, _) => Answer::Count(n, Vec::new()),
        },
        _ => match run.count(2, false) {
            (0, _) => Answer::NoSolution,
            (1, s) => Answer::Solved(s.unwrap_or_default()),
            (_, s) => Answer::Multiple(s.unwrap_or_default()),
        },
    };
    (answer, run.spent)
}

fn solved(s: Option<Vec<u8>>) -> Answer {
    s.map_or(Answer::NoSolution, Answer::Solved)
}

/// The counts of one answer, charged to one cap.
struct Run<'a> {
    search: &'a mut dyn NetSearch,
    net: &'a Net,
    givens: &'a [u8],
    cap: Option<u64>,
    spent: Spent,
}

impl Run<'_> {
    fn count(&mut self, limit: u64, ordered: bool) -> (u64, Option<Vec<u8>>) {
        if self.spent.capped {
            return (0, None);
        }
        let left = self.cap.map(|c| c.saturating_sub(self.spent.nodes));
        self.search.set_cap(left);
        self.search.set_ordered(ordered);
        let found = self.search.count(self.net, self.givens, limit);
        self.search.set_ordered(false);
        self.search.set_cap(None);
        self.spent.nodes = self.spent.nodes.saturating_add(self.search.nodes());
        self.spent.capped |= self.search.capped();
        found
    }

    /// The `n`-th solution in order ([`super::nth`]): one walk in order, which counts all the
    /// solutions when there are fewer. A count with the fewest candidates first before it
    /// said sooner that there were fewer, but cost a second pass when there were not: with
    /// twins skipped (see [`super::bitmask`]) the walk alone took 0.3 to 0.9 times as long on
    /// the hexagons of `make bench-net` that have 100,000 solutions.
    fn nth(&mut self, n: u64) -> Option<Vec<u8>> {
        match self.count(n, true) {
            (count, kept) if count >= n => kept,
            _ => None,
        }
    }
}
