//! What a judge problem can ask of a case ([`Mode`]) and the answers ([`Answer`]), computed by
//! one [`Engine`] per thread on boards of every size.
//!
//! This is the one place that picks a solver path: a 9x9 board with no extra units goes to the
//! tuned 9x9 solvers ([`super::Solver`], exactly as `poj2676` and `hdu4069` use them), every
//! other board to the any-size solvers ([`super::any::Search`]); the solver kind chosen on the
//! command line picks the family member (bitmask or DLX) on both paths. With the bitmask kind,
//! a 16x16 board with standard boxes and no extra units first tries singles on bitboards
//! (`solve::any::sixteen`) in the counts to a limit; when they do not fill the grid the
//! any-size search runs as before. Exact counts and branch and bound always take the any-size
//! solvers, whose counts are `u64`.
//!
//! The modes built on counting:
//! - lexicographically smallest solution: count to 2; a unique solution is the answer. With
//!   several, cells are fixed in row-major order, each to the smallest value that still admits
//!   a solution, asking the solver for one solution per value tried (a value above the best
//!   solution known so far need not be tried). Every question is one fast solve, so a
//!   multi-solution puzzle costs a few hundred solves at most instead of a row-major search
//!   that no propagation order can speed up. The probes off the tuned 9x9 path go to the
//!   any-size bitmask solver whatever the kind (see `Engine::probe`). A probe that fails is
//!   a proof that a grid has no solution, which is exponential in the worst case: on 9x9 with
//!   standard boxes (UVa 989, SPOJ NOVICE42, ECNU 1021) no generated case takes more than
//!   milliseconds, but a sparse 16x16 or jigsaw grid with several solutions can take seconds
//!   or longer;
//! - minimality: unique, and every given is needed (removing any one leaves two solutions).
//!
//! # Budgets
//!
//! Exact counts, best scores, the probes of the smallest solution and minimality's counts can
//! each run for ever on a grid outside the problem's promise (an empty SPOJ SUDOGOB grid has
//! about 6.7 × 10²¹ solutions). [`Engine::set_budget`] caps the search nodes of a whole case,
//! summed over every search its answer takes: the any-size solvers stop at the node that
//! reaches it ([`Search::set_cap`]), and the tuned 9x9 solvers, which only count to 2 on 9x9
//! grids (a bounded search), are charged their nodes after each call. Nodes are the solvers'
//! own (a guess of the bitmask search, a row of DLX's matrix), so a case stops at the same
//! node on every run and thread count; [`Engine::try_answer`] then says [`OverBudget`].

use super::any::{Best, Search, Sink, sixteen};
use super::net::NetSearch;
use super::singles;
use super::{Solver, SolverKind};
pub use crate::model::answer::{Answer, Mode, Reply, ReplyRef};
use crate::model::board::clash_marks;
use crate::model::{Board, Case, Outcome, Puzzle};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// A case's search budget ran out before its answer was known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OverBudget {
    /// The budget, in search nodes.
    pub budget: u64,
}

/// The count a mode asks of the tuned 9x9 solvers when it is answered by a count alone:
/// [`Mode::First`] 1, [`Mode::Unique`] 2.
fn nine_limit(mode: Mode) -> Option<u32> {
    match mode {
        Mode::First => Some(1),
        Mode::Unique => Some(2),
        _ => None,
    }
}

/// Luogu P1074's target weights, generalised to any side: `N + 1` at the centre ring down by one
/// per ring outwards, that is `10 - max(|r - 4|, |c - 4|)` on 9x9.
pub fn target_weights(side: usize) -> Vec<u32> {
    let mid = (side / 2) as i64;
    (0..side * side)
        .map(|cell| {
            let (r, c) = ((cell / side) as i64, (cell % side) as i64);
            (side as i64 + 1 - (r - mid).abs().max((c - mid).abs())) as u32
        })
        .collect()
}

/// Answers cases in every mode; per-thread scratch (the solvers), built once and reused.
pub struct Engine {
    nine: Box<dyn Solver>,
    any: Box<dyn Search>,
    /// The kind is bitmask: standard-box 16x16 boards try singles on bitboards first
    /// (`super::any::sixteen`); DLX stays pure DLX, the cross-check of the bitmask kind.
    sixteen: bool,
    /// The any-size bitmask solver, whatever the kind: [`Engine::lexmin`]'s probes off the
    /// tuned path.
    probe: Box<dyn Search>,
    /// A copy of the case being worked on, for the modes that ask about altered givens.
    work: Option<Board>,
    /// The search nodes a case may take; `None`: no limit.
    budget: Option<u64>,
    /// Nodes the case being answered has taken so far, and whether it ran out of budget.
    spent: u64,
    over: bool,
    /// Where the nodes of the tuned solvers' calls are added (the any-size solvers add their
    /// own as they go).
    meter: Option<Arc<AtomicU64>>,
    /// The search of cases on a net, of the engine's kind, built on the first such case.
    net: Option<Box<dyn NetSearch>>,
    kind: SolverKind,
}

impl Engine {
    /// An engine whose searches use solvers of `kind`.
    pub fn new(kind: SolverKind) -> Engine {
        Engine {
            nine: kind.build(),
            any: kind.build_any(),
            sixteen: kind == SolverKind::Bitmask,
            probe: SolverKind::Bitmask.build_any(),
            work: None,
            budget: None,
            spent: 0,
            over: false,
            meter: None,
            net: None,
            kind,
        }
    }

    /// Caps the search nodes of each case [`Engine::try_answer`] answers (`None`: no cap).
    pub fn set_budget(&mut self, nodes: Option<u64>) {
        self.budget = nodes;
    }

    /// Where the search nodes spent are added as they go, for a progress line: the any-size
    /// solvers add theirs every [`super::any::METER_STEP`] nodes, the tuned ones after each
    /// call.
    pub fn set_meter(&mut self, meter: Option<Arc<AtomicU64>>) {
        self.any.set_meter(meter.clone());
        self.probe.set_meter(meter.clone());
        self.meter = meter;
    }

    /// Search nodes the last answer took (at most the budget).
    pub fn nodes(&self) -> u64 {
        self.budget.map_or(self.spent, |b| self.spent.min(b))
    }

    /// The reply to `case` in `mode` within the budget ([`Engine::set_budget`]), or
    /// [`OverBudget`] when its searches would take more nodes: the one entry for a case of
    /// any format. A 9x9 case held inline, in a mode that counts to 1 or 2, goes straight to
    /// the tuned 9x9 solver ([`Reply::Nine`], nothing allocated); everything else is answered
    /// on its board ([`Engine::try_answer`]).
    pub fn try_reply(&mut self, case: &Case, mode: Mode) -> Result<Reply, OverBudget> {
        self.try_reply_then(case, mode, |r| r.to_owned())
    }

    /// [`Engine::try_reply`], handing the reply to `then` (a writer) where it is made: the
    /// reply of an inline 9x9 case is never moved. The easy 9x9 files, a few hundred
    /// nanoseconds per case, feel the moves: a whole `solve --format line --threads 1` run on
    /// kaggle took 78.23M instructions with a moved `Reply`, 77.92M with this (callgrind).
    #[inline(always)]
    pub fn try_reply_then<T>(
        &mut self,
        case: &Case,
        mode: Mode,
        then: impl FnOnce(ReplyRef<'_>) -> T,
    ) -> Result<T, OverBudget> {
        match (case, nine_limit(mode)) {
            (Case::Nine(p), Some(limit)) => {
                self.spent = 0;
                self.over = false;
                let o = self.nine_count(p, limit);
                match self.budget {
                    Some(budget) if self.over => Err(OverBudget { budget }),
                    _ => Ok(then(ReplyRef::Nine(&o))),
                }
            }
            _ => self
                .try_reply_board(case, mode)
                .map(|a| then(ReplyRef::Any(&a))),
        }
    }

    /// [`Engine::try_reply`] off the inline 9x9 path: kept out of line, so that the path of
    /// the easy 9x9 files stays small enough to inline into the pipeline's loop.
    #[inline(never)]
    fn try_reply_board(&mut self, case: &Case, mode: Mode) -> Result<Answer, OverBudget> {
        match case {
            Case::Net {
                net, givens, rank, ..
            } => {
                let search = self.net.get_or_insert_with(|| super::net::build(self.kind));
                let (answer, spent) =
                    super::net::answer(search.as_mut(), net, givens, *rank, mode, self.budget);
                self.spent = spent.nodes;
                match self.budget {
                    Some(budget) if spent.capped => Err(OverBudget { budget }),
                    _ => Ok(answer),
                }
            }
            _ => self.try_answer(&case.to_board(), mode),
        }
    }

    /// [`Engine::try_reply`] without a budget.
    pub fn reply(&mut self, case: &Case, mode: Mode) -> Reply {
        let budget = self.budget.take();
        let reply = self.try_reply(case, mode);
        self.budget = budget;
        reply.expect("no budget, nothing over it")
    }

    /// The answer to `board` in `mode` within the budget ([`Engine::set_budget`]), or
    /// [`OverBudget`] when its searches would take more nodes.
    pub fn try_answer(&mut self, board: &Board, mode: Mode) -> Result<Answer, OverBudget> {
        self.spent = 0;
        self.over = false;
        let answer = self.solve(board, mode);
        match self.budget {
            Some(budget) if self.over => Err(OverBudget { budget }),
            _ => Ok(answer),
        }
    }

    /// The answer to `board` in `mode`, however long its searches take (no budget). The
    /// board's box size must be at most [`crate::model::MAX_SOLVE_BOX`] in the modes that
    /// search.
    pub fn answer(&mut self, board: &Board, mode: Mode) -> Answer {
        let budget = self.budget.take();
        self.spent = 0;
        self.over = false;
        let answer = self.solve(board, mode);
        self.budget = budget;
        answer
    }

    /// The nodes the case may still take, as a cap for the next search.
    fn left(&self) -> Option<u64> {
        self.budget.map(|b| b.saturating_sub(self.spent))
    }

    /// Charges the case for the any-size search `which` just made (`true`: the probe).
    fn charge_any(&mut self, probe: bool) {
        let s = if probe { &self.probe } else { &self.any };
        self.spent = self.spent.saturating_add(s.nodes());
        self.over |= s.capped();
    }

    /// The answer, within the budget unless [`Engine::over`] is set on the way (then what it
    /// returns is meaningless).
    fn solve(&mut self, board: &Board, mode: Mode) -> Answer {
        let swapped = self.route(board);
        let answer = self.solve_routed(board, mode);
        if swapped {
            std::mem::swap(&mut self.any, &mut self.probe);
        }
        answer
    }

    /// A board with rules the engine's kind cannot serve (DLX and cages or relations) goes to the bitmask
    /// search: `self.any` and `self.probe` trade places until the answer is known (true when
    /// they did). The command line refuses such a pair up front; the library answers.
    fn route(&mut self, board: &Board) -> bool {
        let swap = !self.any.serves(&board.geometry);
        if swap {
            std::mem::swap(&mut self.any, &mut self.probe);
        }
        swap
    }

    fn solve_routed(&mut self, board: &Board, mode: Mode) -> Answer {
        match mode {
            Mode::First => match self.count(board, 1) {
                (0, _) => Answer::NoSolution,
                (_, s) => Answer::Solved(s),
            },
            Mode::Unique => self.unique(board),
            // A grid case asks for no rank (Nth): its first solution in order.
            Mode::Lexmin | Mode::Nth => match self.lexmin(board) {
                Some(s) => Answer::Solved(s),
                None => Answer::NoSolution,
            },
            Mode::Exact => {
                let mut first = Vec::new();
                let n = if board.first_clash(&board.cells).is_some() {
                    0
                } else {
                    self.any.set_cap(self.left());
                    let n = self.any.count(board, u64::MAX, &mut first);
                    self.charge_any(false);
                    n
                };
                Answer::Count(n, first)
            }
            Mode::Verdict => {
                if board.first_clash(&board.cells).is_some() {
                    Answer::Illegal
                } else {
                    self.unique(board)
                }
            }
            Mode::Legal => legal(board.first_clash(&board.cells).is_none()),
            Mode::Complete => legal(
                board.cells.iter().all(|&v| v != 0) && board.first_clash(&board.cells).is_none(),
            ),
            Mode::Marks => Answer::Marks(clash_marks(&board.geometry, &board.cells)),
            Mode::Singles => {
                let p = singles::propagate(board);
                Answer::Partial {
                    cells: p.cells,
                    solved: p.solved,
                }
            }
            Mode::Minimal => self.minimal(board),
            Mode::Best => {
                let weights = target_weights(board.side());
                let mut best = Best::new(&weights);
                if board.first_clash(&board.cells).is_none() {
                    self.any.set_cap(self.left());
                    self.any.search(board, &mut best);
                    self.charge_any(false);
                }
                match best.best {
                    Some((score, grid)) => Answer::Score(score, grid),
                    None => Answer::NoSolution,
                }
            }
            // Codeforces 1335D promises solved grids, on which `anti` changes exactly N cells. A
            // grid that is not solved (an empty cell, a clash: ten 2s would take ten changes)
            // is outside the problem: no answer, spelled as a broken promise is in a format
            // without a word for it (`No solution`, exit 1), never a grid `check` rejects.
            Mode::Anti => {
                if board.cells.contains(&0) || board.first_clash(&board.cells).is_some() {
                    Answer::NoSolution
                } else {
                    Answer::Solved(anti(&board.cells))
                }
            }
            // Every puzzle of the case is promised one solution; one with none (a clash, or a
            // search that finds nothing) leaves the case without an answer, spelled as an
            // unsolvable case is where the format has no word for it (`No solution`, exit 1),
            // never a sum that leaves that puzzle out.
            Mode::SumOfAll => {
                let mut sums = Sums {
                    sums: vec![0; board.cells.len()],
                    found: 0,
                };
                let more = board.geometry.rules().map_or(&[][..], |r| r.more());
                for b in std::iter::once(board).chain(more) {
                    let before = sums.found;
                    if b.first_clash(&b.cells).is_none() && b.cells.len() == sums.sums.len() {
                        self.any.set_cap(self.left());
                        self.any.search(b, &mut sums);
                        self.charge_any(false);
                    }
                    if sums.found == before {
                        return Answer::NoSolution;
                    }
                }
                Answer::Sums(sums.sums)
            }
            Mode::CountSmallest => match self.solve(board, Mode::Exact) {
                Answer::Count(0, _) => Answer::NoSolution,
                Answer::Count(n, first) => match n {
                    1 => Answer::Count(1, first),
                    _ => Answer::Count(n, self.lexmin(board).unwrap_or(first)),
                },
                other => other,
            },
            Mode::Hatching => match super::hatching::hatch(board) {
                Some(cells) => {
                    let solved = !cells.contains(&0);
                    Answer::Partial { cells, solved }
                }
                None => Answer::NoSolution,
            },
            Mode::Derived => self.derived(board),
            Mode::Positions => {
                match super::positions::unique_positions(board.geometry.box_size()) {
                    Some(by_givens) => Answer::Count(by_givens.iter().sum(), Vec::new()),
                    None => Answer::NoSolution,
                }
            }
            Mode::Similar => similar(board),
            Mode::OnePass => {
                let (filled, cells) = super::onepass::one_pass(board);
                Answer::Score(filled, cells)
            }
            Mode::Every => {
                self.any.set_cap(self.left());
                let all = super::every::every(&mut *self.any, board, super::every::CAP);
                self.charge_any(false);
                Answer::Every(all)
            }
        }
    }

    /// [`Mode::Derived`]: the puzzle `board` against the solved grid its rules carry. A unique
    /// puzzle is solved and its solution compared with the grid by canonical forms; a puzzle
    /// without a solution derives from no grid; one with several is matched against the
    /// grid's images directly ([`symmetry::embeds`]). No solved 9x9 grid carried (a broken
    /// promise): [`Answer::NoSolution`].
    fn derived(&mut self, board: &Board) -> Answer {
        use crate::model::symmetry;
        let more = board.geometry.rules().map_or(&[][..], |r| r.more());
        let Some(grid) = more.first() else {
            return Answer::NoSolution;
        };
        let (Ok(g), Ok(p)) = (
            <[u8; 81]>::try_from(&grid.cells[..]),
            <[u8; 81]>::try_from(&board.cells[..]),
        ) else {
            return Answer::NoSolution;
        };
        if g.contains(&0) || grid.first_clash(&g).is_some() {
            return Answer::NoSolution;
        }
        let plain = Board::new(grid.geometry.clone(), board.cells.clone());
        let alike = match self.count(&plain, 2) {
            (0, _) => false,
            (1, s) => {
                let s: [u8; 81] = s[..].try_into().expect("a 9x9 solution");
                symmetry::isomorphism(&g, &s).is_some()
            }
            _ => symmetry::embeds(&g, &p),
        };
        legal(alike)
    }

    /// Counts the solutions of `board` up to `limit` and returns the count with the first
    /// solution found (empty when there is none).
    pub fn count(&mut self, board: &Board, limit: u64) -> (u64, Vec<u8>) {
        if limit <= u64::from(u32::MAX)
            && let Some(p) = board.to_puzzle()
        {
            let o = self.nine_count(&p, limit as u32);
            return (
                u64::from(o.count),
                o.solution.map_or(Vec::new(), |s| s.to_vec()),
            );
        }
        let mut first = Vec::new();
        // A board that singles fill has that grid as its only solution, whatever the limit; no
        // node is searched, and none charged (the bitmask search settles it at its root, with
        // no guess, too).
        if self.sixteen
            && board.side() == 16
            && board.geometry.is_standard()
            && !board.geometry.has_extras()
            && !board.geometry.has_rules()
            && sixteen::solve(&board.cells, &mut first)
        {
            return (1, first);
        }
        let swapped = self.route(board);
        self.any.set_cap(self.left());
        let mut n = self.any.count(board, limit, &mut first);
        self.charge_any(false);
        // The puzzles the rules carry along: the case's count is the product of theirs.
        let more = board.geometry.rules().map_or(&[][..], |r| r.more());
        let mut scratch = Vec::new();
        for b in more {
            if n == 0 || self.over {
                break;
            }
            self.any.set_cap(self.left());
            let m = self.any.count(b, limit, &mut scratch);
            self.charge_any(false);
            n = n.saturating_mul(m).min(limit.max(1));
        }
        if n == 0 {
            first.clear();
        }
        if swapped {
            std::mem::swap(&mut self.any, &mut self.probe);
        }
        (n, first)
    }

    /// Counts `p`'s solutions to `limit` with the tuned 9x9 solver, charging its nodes.
    #[inline]
    fn nine_count(&mut self, p: &Puzzle, limit: u32) -> Outcome {
        let o = self.nine.solve(p, limit);
        let nodes = self.nine.nodes();
        self.spent = self.spent.saturating_add(nodes);
        self.over |= self.budget.is_some_and(|b| self.spent > b);
        if let Some(m) = &self.meter {
            m.fetch_add(nodes, Relaxed);
        }
        o
    }

    /// Up to `limit` distinct solutions of `board`, in the any-size solver's order.
    pub fn solutions(&mut self, board: &Board, limit: usize) -> Vec<Vec<u8>> {
        let mut c = super::any::Collect::new(limit);
        if board.first_clash(&board.cells).is_none() {
            let swapped = self.route(board);
            self.any.set_cap(None);
            self.any.search(board, &mut c);
            if swapped {
                std::mem::swap(&mut self.any, &mut self.probe);
            }
        }
        c.found
    }

    fn unique(&mut self, board: &Board) -> Answer {
        match self.count(board, 2) {
            (0, _) => Answer::NoSolution,
            (1, s) => Answer::Solved(s),
            (_, s) => Answer::Multiple(s),
        }
    }

    /// The lexicographically smallest solution in row-major order; see the module doc.
    pub fn lexmin(&mut self, board: &Board) -> Option<Vec<u8>> {
        let (n, mut best) = self.count(board, 2);
        match n {
            0 => return None,
            1 => return Some(best),
            _ => {}
        }
        let mut work = self.take_work(board);
        for cell in 0..work.cells.len() {
            if work.cells[cell] != 0 {
                continue;
            }
            for v in 1..best[cell] {
                if sees(&work, cell, v) {
                    continue;
                }
                work.cells[cell] = v;
                let (n, s) = self.probe(&work);
                if self.over {
                    self.work = Some(work);
                    return None;
                }
                if n > 0 {
                    best = s;
                    break;
                }
            }
            work.cells[cell] = best[cell];
        }
        self.work = Some(work);
        Some(best)
    }

    /// Whether `board` has a solution, for [`Engine::lexmin`]: by the tuned 9x9 solvers on
    /// standard 9x9 boxes, else by the any-size bitmask solver whatever the engine's kind. The
    /// probes are mostly refutations of sparse grids with a filled prefix, which the tuned
    /// solvers (on 9x9 jigsaws) and DLX (on 9x9 and 16x16 jigsaws) can take seconds to minutes
    /// over, where the bitmask solver's turns between search orders settle them in
    /// milliseconds (measured on the cross-check's generated cases: a 9x9 jigsaw with 5
    /// givens went from 68 s to under 50 ms).
    fn probe(&mut self, board: &Board) -> (u64, Vec<u8>) {
        if board.geometry.is_standard() && board.side() == 9 {
            return self.count(board, 1);
        }
        let mut first = Vec::new();
        self.probe.set_cap(self.left());
        let n = self.probe.count(board, 1, &mut first);
        self.charge_any(true);
        (n, first)
    }

    fn minimal(&mut self, board: &Board) -> Answer {
        let solution = match self.unique(board) {
            Answer::Solved(s) => s,
            other => return other,
        };
        let mut work = self.take_work(board);
        let mut needed = true;
        for cell in 0..work.cells.len() {
            let v = work.cells[cell];
            if v == 0 {
                continue;
            }
            work.cells[cell] = 0;
            needed = self.count(&work, 2).0 != 1;
            work.cells[cell] = v;
            if !needed || self.over {
                break;
            }
        }
        self.work = Some(work);
        if needed {
            Answer::Solved(solution)
        } else {
            Answer::NotMinimal(solution)
        }
    }

    /// The scratch board, set to a copy of `board`.
    fn take_work(&mut self, board: &Board) -> Board {
        match self.work.take() {
            Some(mut w) => {
                w.geometry.clone_from(&board.geometry);
                w.cells.clone_from(&board.cells);
                w
            }
            None => board.clone(),
        }
    }
}

/// [`Mode::Similar`]: the board's puzzle and those its rules carry, compared pair by pair by
/// canonical forms (no search: the puzzles are never solved). A puzzle that is not 9x9:
/// [`Answer::NoSolution`].
fn similar(board: &Board) -> Answer {
    let more = board.geometry.rules().map_or(&[][..], |r| r.more());
    let grids: Option<Vec<[u8; 81]>> = std::iter::once(&board.cells)
        .chain(more.iter().map(|b| &b.cells))
        .map(|c| <[u8; 81]>::try_from(&c[..]).ok())
        .collect();
    match grids {
        Some(g) => Answer::Similar(crate::model::symmetry::similar(&g)),
        None => Answer::NoSolution,
    }
}

/// Adds every solution to per-cell sums ([`Mode::SumOfAll`]).
struct Sums {
    /// The cell-wise sums so far.
    sums: Vec<u64>,
    /// The solutions added so far.
    found: u64,
}

impl Sink for Sums {
    fn solution(&mut self, cells: &[u8]) -> bool {
        for (s, &v) in self.sums.iter_mut().zip(cells) {
            *s += u64::from(v);
        }
        self.found += 1;
        true
    }
}

fn legal(ok: bool) -> Answer {
    if ok { Answer::Legal } else { Answer::Illegal }
}

/// True when value `v` is already in a unit of `cell` (so `cell` cannot take it).
fn sees(board: &Board, cell: usize, v: u8) -> bool {
    let g = &board.geometry;
    g.units_of(cell)
        .any(|u| g.unit(u).iter().any(|&c| board.cells[c as usize] == v))
}

/// Codeforces 1335D's transform: every `2` becomes a `1` (every unit of a solved grid holds one
/// 2 and one 1, so each then holds two 1s, with exactly N cells changed). On a grid that is not
/// a solution the same rule applies, with no such promise (the engine answers those grids
/// [`Answer::NoSolution`]); a side below 2 has nothing to change.
pub fn anti(cells: &[u8]) -> Vec<u8> {
    cells.iter().map(|&v| if v == 2 { 1 } else { v }).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Geometry;

    #[test]
    fn target_weights_are_luogus_rings() {
        let w = target_weights(9);
        assert_eq!(w[40], 10);
        assert_eq!(w[0], 6);
        assert_eq!(w[10], 7);
        assert_eq!(w[30], 9);
        assert_eq!(w.iter().filter(|&&x| x == 6).count(), 32);
    }

    #[test]
    fn anti_changes_one_cell_per_row() {
        let solved =
            b"154873296386592714729641835863725149975314628412968357631457982598236471247189563";
        let cells: Vec<u8> = solved.iter().map(|b| b - b'0').collect();
        let g = Geometry::standard(3);
        let out = anti(&cells);
        let changed = cells.iter().zip(&out).filter(|(a, b)| a != b).count();
        assert_eq!(changed, 9);
        let board = Board::new(g.clone(), out.clone());
        for u in 0..g.unit_count() {
            let mut seen = [false; 10];
            let repeat = g.unit(u).iter().any(|&c| {
                let v = out[c as usize] as usize;
                std::mem::replace(&mut seen[v], true)
            });
            assert!(repeat, "unit {u} has a repeat");
        }
        assert!(board.first_clash(&board.cells).is_some());
    }

    /// The 16x16 singles path answers every counting mode as the search alone does, with the
    /// same nodes charged, on boards it fills, boards it leaves to the search (stalls,
    /// clashes, no solution, several solutions) and jigsaw or diagonal boards it must not
    /// take.
    #[test]
    fn sixteen_singles_answer_as_the_search_does() {
        use crate::solve::any::testdata::*;
        let mut boards: Vec<Board> = line_set(SUDOKU16, SUDOKU16_ANSWERS)
            .into_iter()
            .take(120)
            .map(|(b, _)| b)
            .collect();
        boards.extend(
            line_set(SUDOKU16_HARD, SUDOKU16_HARD_ANSWERS)
                .into_iter()
                .take(3)
                .map(|(b, _)| b),
        );
        let mut rng = Rng(20);
        for k in 0..40 {
            let full = pattern_grid(4, &mut rng);
            let mut cells = full.clone();
            let mut order: Vec<usize> = (0..256).collect();
            rng.shuffle(&mut order);
            let holes = [20, 90, 130, 150, 230][k % 5];
            for &c in &order[..holes] {
                cells[c] = 0;
            }
            if k % 4 == 1 {
                // A wrong given: a clash or no solution.
                let c = order[holes];
                cells[c] = cells[c] % 16 + 1;
            }
            let geometry = match k % 8 {
                3 => Arc::new(Geometry::standard(4).with_diagonals()),
                5 => Arc::new(grow_jigsaw(4, &full, 200, &mut rng)),
                _ => Geometry::standard(4),
            };
            boards.push(Board::new(geometry, cells));
        }
        let mut fast = Engine::new(SolverKind::Bitmask);
        let mut plain = Engine::new(SolverKind::Bitmask);
        plain.sixteen = false;
        let (mut filled, mut searched) = (0, 0);
        for (i, b) in boards.iter().enumerate() {
            let mut out = Vec::new();
            if sixteen::solve(&b.cells, &mut out) {
                filled += 1;
            } else {
                searched += 1;
            }
            let modes: &[Mode] = if i % 40 == 0 {
                &[
                    Mode::First,
                    Mode::Unique,
                    Mode::Verdict,
                    Mode::Lexmin,
                    Mode::Minimal,
                ]
            } else {
                &[Mode::First, Mode::Unique, Mode::Verdict]
            };
            for &mode in modes {
                for budget in [None, Some(0), Some(3)] {
                    fast.set_budget(budget);
                    plain.set_budget(budget);
                    let want = plain.try_answer(b, mode);
                    assert_eq!(fast.try_answer(b, mode), want, "{i} {mode:?} {budget:?}");
                    assert_eq!(fast.nodes(), plain.nodes(), "{i} {mode:?} {budget:?}");
                }
            }
        }
        assert!(filled > 100 && searched > 20, "{filled} {searched}");
    }

    #[test]
    fn legality_modes_need_no_solver() {
        let mut e = Engine::new(SolverKind::Bitmask);
        let mut b = Board::empty(Geometry::standard(10));
        assert_eq!(e.answer(&b, Mode::Legal), Answer::Legal);
        assert_eq!(e.answer(&b, Mode::Complete), Answer::Illegal);
        b.cells[0] = 7;
        b.cells[1] = 7;
        assert_eq!(e.answer(&b, Mode::Legal), Answer::Illegal);
        let Answer::Marks(m) = e.answer(&b, Mode::Marks) else {
            panic!("marks")
        };
        assert_eq!(m.iter().filter(|&&x| x).count(), 2);
    }
}
