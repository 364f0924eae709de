//! The case sets of `gen --against`: for case `i`, `--starts` unique cases `gen` would make
//! from seeds drawn from `(seed, i)` (the first is the case `gen` makes without `--against`),
//! each made minimal and walked to fewer givens ([`super::climb::minimised`],
//! [`super::climb::fewer_givens`]); the one whose tree is largest for the strategy is climbed
//! ([`super::climb`]; unique only where the format needs it: [`unique`]) with moves drawn
//! from its own stream of `(seed, i)`, then spelled and
//! answered exactly as `gen` spells and answers its cases. The best of many cheap starts is
//! most of what the case gains: a plain search's node counts over such cases are heavy-tailed.
//! Same seed, same bytes, whatever the thread count.

use super::climb::{Climb, Climbed, State, fewer_givens, minimised, rowmajor_last};
use super::{Count, STRATEGIES, Strategy};
use crate::format::spec::Solutions;
use crate::format::spell::write_count;
use crate::generate::maker::Maker;
use crate::generate::request::{Impossible, Mix, Request};
use crate::rng::Rng;
use crate::generate::set::{Chunk, GenError, Piece, in_chunks};
use crate::model::{Board, Case, MAX_SOLVE_BOX};
use crate::shard::Shard;
use crate::solve::engine::Mode;
use std::time::Instant;

/// The seed of start `k` of a case: the set's own seed for the first, so that the first start
/// is the case `gen` makes without `--against`.
fn start_seed(seed: u64, k: u64) -> u64 {
    if k == 0 {
        seed
    } else {
        seed ^ k.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29)
    }
}

/// Salt of the climb's random stream, so that it never repeats the start case's stream.
const CLIMB_SALT: u64 = 0xA6A1_2057_C11B_0000;

/// Uniqueness checks a 9x9 start spends walking to fewer givens ([`fewer_givens`]), about
/// 40 ms: it takes a minimal start from 22-26 givens to 20-22, where the seeds' DFS needs
/// several times the nodes.
const FEWER_TRIES: u64 = 8_000;

/// The starts walked to fewer givens: those of largest count once minimal.
const WALKED: usize = 4;

/// The widest grid whose starts are made minimal and walked to fewer givens. A uniqueness
/// check on 16x16 costs a hundred times one on 9x9, so wider starts are climbed as `gen`
/// makes them.
const FEWER_SIDE: usize = 9;

/// Salt of the stream that orders the removals making a start minimal.
const MINIMAL_SALT: u64 = 0x5EED_0FF3_A700_0000;

/// Only unique cases to start from.
const UNIQUE: Mix = Mix {
    unique: 1,
    none: 0,
    multiple: 0,
};

/// The request of the start cases of `--against` made from `gen`'s request `req`, or why the
/// format cannot have such cases: it must ask for a solution (or a verdict on one), know only
/// rows, columns and regions of a grid (no diagonals, no net, no cages, marks or dominoes),
/// and allow a size the solvers take. The kinds of case are forced
/// to unique and edge cases dropped.
pub fn base(mut req: Request) -> Result<Request, String> {
    let spec = req.spec;
    if !matches!(
        spec.mode,
        Mode::First | Mode::Unique | Mode::Lexmin | Mode::Exact | Mode::Verdict
    ) {
        return Err(format!(
            "--against: {} does not ask for a solution, so no search runs on its cases",
            spec.name
        ));
    }
    if spec.input.diagonals {
        return Err(format!(
            "--against: {} has diagonal units, which the strategies do not know",
            spec.name
        ));
    }
    if spec.on_net() {
        return Err(format!(
            "--against: {}'s cases are on a net (a hexagon, split cells), which the strategies \
             do not know",
            spec.name
        ));
    }
    if spec.has_rules() {
        // A strategy blind to them would time a search of another puzzle (and on
        // Su-Domino-Ku's grids, whose uniqueness needs the tiling, climb for ever).
        return Err(format!(
            "--against: {}'s cases carry cages, marks between cells or dominoes, which the \
             strategies do not know",
            spec.name
        ));
    }
    req.sizes.retain(|&n| n <= MAX_SOLVE_BOX);
    if req.sizes.is_empty() {
        return Err(format!(
            "--against: {} has no size of at most {}x{}",
            spec.name,
            MAX_SOLVE_BOX * MAX_SOLVE_BOX,
            MAX_SOLVE_BOX * MAX_SOLVE_BOX
        ));
    }
    req.mix = UNIQUE;
    req.edge = false;
    Ok(req)
}

/// True when `req`'s cases must keep one solution: its problem promises it, or its answer
/// tells unique from multiple. POJ 2676's cases need only a solution ("the program may print
/// any one of them").
pub fn unique(req: &Request) -> bool {
    limit(req) == 2 || req.spec.promise.solutions == Solutions::One
}

/// Solutions the naive program must look for in `req`'s problem: 2 where the answer tells
/// unique from multiple (or counts), 1 where any solution will do.
pub fn limit(req: &Request) -> u32 {
    match req.spec.mode {
        Mode::First | Mode::Lexmin => 1,
        _ => 2,
    }
}

/// A whole `--against` set to make.
#[derive(Clone, Debug)]
pub struct AgainstSet {
    /// The start cases' request ([`base`]).
    pub base: Request,
    pub strategy: Strategy,
    /// Start cases drawn per 9x9 case (each made minimal, and on 9x9 walked to fewer givens),
    /// the one with the most nodes climbed; larger grids draw fewer in proportion to the
    /// square of their cells (each start and each count costs more), at least one.
    pub starts: u64,
    /// Moves tried per case.
    pub steps: u64,
    /// Node cap of each count.
    pub cap: u64,
    pub seed: u64,
    pub count: u64,
    /// Also write the expected answers.
    pub answers: bool,
    /// Count every strategy on each final case, for `-v`.
    pub report: bool,
    pub parallel: bool,
    pub shard: Shard,
    /// A time past which a case draws no more starts and its climb tries no more moves (it
    /// keeps the best so far; the first start is always drawn): `stress --hunt`'s budget.
    /// `None` for `gen`, whose cases depend on the seed alone.
    pub until: Option<Instant>,
}

/// One case made: its node counts for the target (the case `gen` makes without `--against`,
/// the start climbed from, the end) and (with `report`) each strategy's count in
/// [`STRATEGIES`] order.
#[derive(Clone, Debug)]
pub struct Made {
    pub plain: u64,
    pub start: u64,
    pub best: Count,
    pub counts: Vec<Count>,
    pub givens: usize,
    pub side: usize,
}

impl AgainstSet {
    /// The unique case `gen` makes as case `index` of a set seeded `seed`, and its label.
    fn start(
        &self,
        w: &mut Maker,
        seed: u64,
        index: u64,
    ) -> Result<(Board, Option<Box<str>>), Impossible> {
        let case = w.case(&self.base.with_seed(seed), index)?.case;
        let label = case.label().map(Into::into);
        Ok((case.to_board().into_owned(), label))
    }

    /// [`Self::start`] and its solution; `Err` if it is not unique.
    fn unique_start(
        &self,
        w: &mut Maker,
        seed: u64,
        index: u64,
    ) -> Result<(State, Option<Box<str>>), Impossible> {
        let (board, label) = self.start(w, seed, index)?;
        let (n, solution) = w.engine().count(&board, 2);
        if n != 1 {
            return Err(Impossible {
                index,
                what: "a unique case to start from".into(),
                why: format!("the case made has {n} solutions"),
            });
        }
        Ok((State { board, solution }, label))
    }

    /// The climb each case gets.
    pub fn climb(&self) -> Climb {
        Climb {
            strategy: self.strategy,
            limit: limit(&self.base),
            steps: self.steps,
            cap: self.cap,
            clues: self.base.clues,
            unique: unique(&self.base),
            until: self.until,
        }
    }

    /// Case `index`, climbed, with its label (spec formats) and what was counted.
    #[allow(clippy::type_complexity)]
    fn made(
        &self,
        w: &mut Maker,
        index: u64,
    ) -> Result<(State, Option<Box<str>>, Made), Impossible> {
        let limit = limit(&self.base);
        let climb = self.climb();
        let shape = climb.shape_limit();
        let lowest = climb.clues.map_or(0, |(lo, _)| lo);
        // Every start made minimal and counted (cheap), then only the few largest walked to
        // fewer givens (a walk costs thousands of uniqueness checks): the walk multiplies a
        // count by a few, the starts' counts differ by far more.
        let mut drawn: Vec<(State, Option<Box<str>>, u64, Rng)> = Vec::new();
        let mut plain = 0;
        let mut starts = self.starts.max(1);
        let mut k = 0;
        while k < starts && (k == 0 || self.until.is_none_or(|t| Instant::now() < t)) {
            let seed = start_seed(self.seed, k);
            let (state, label) = self.unique_start(w, seed, index)?;
            if k == 0 {
                plain = self.strategy.count(&state.board, limit, self.cap).nodes;
                let cells = state.board.cells.len() as u64;
                starts = (starts * 81 * 81 / (cells * cells).max(81 * 81)).max(1);
            }
            k += 1;
            let mut rng = Rng::for_item(seed ^ MINIMAL_SALT, index);
            let state = minimised(state, lowest, w.engine(), &mut rng);
            let state = if self.strategy == Strategy::Rowmajor && limit == 1 {
                rowmajor_last(&state)
            } else {
                state
            };
            let nodes = self.strategy.count(&state.board, shape, self.cap).nodes;
            drawn.push((state, label, nodes, rng));
            if nodes >= self.cap {
                break;
            }
        }
        // The largest first, ties in the order drawn.
        drawn.sort_by_key(|d| std::cmp::Reverse(d.2));
        let mut best: Option<(State, Option<Box<str>>, u64)> = None;
        for (rank, (state, label, nodes, mut rng)) in drawn.into_iter().enumerate() {
            let walk = rank < WALKED
                && nodes < self.cap
                && state.board.side() <= FEWER_SIDE
                && (rank == 0 || self.until.is_none_or(|t| Instant::now() < t));
            let (state, nodes) = if walk {
                let state = fewer_givens(state, lowest, FEWER_TRIES, w.engine(), &mut rng);
                let nodes = self.strategy.count(&state.board, shape, self.cap).nodes;
                (state, nodes)
            } else {
                (state, nodes)
            };
            if best.as_ref().is_none_or(|b| nodes > b.2) {
                best = Some((state, label, nodes));
            }
        }
        let (state, label, _) = best.expect("at least one start");
        let engine = w.engine();
        let mut rng = Rng::for_item(self.seed ^ CLIMB_SALT, index);
        let Climbed {
            state,
            count,
            start,
        } = climb.run(state, engine, &mut rng);
        let counts = if self.report {
            STRATEGIES
                .iter()
                .map(|s| s.count(&state.board, limit, self.cap))
                .collect()
        } else {
            Vec::new()
        };
        let made = Made {
            plain,
            start,
            best: count,
            counts,
            givens: state.board.clues(),
            side: state.board.side(),
        };
        Ok((state, label, made))
    }

    /// Case `index` of the set as a climbed state (the case and its solution), with its label
    /// and the target's node count: what `stress --hunt` starts from.
    pub fn climbed(&self, index: u64) -> Result<(State, Option<Box<str>>, u64), Impossible> {
        let (state, label, made) = self.made(&mut Maker::new(), index)?;
        Ok((state, label, made.best.nodes))
    }

    /// Makes the set and hands it to `emit` in order, piece by piece (see
    /// [`crate::generate::set::in_chunks`]); the count line, if any, first.
    pub fn generate<E>(
        &self,
        emit: &mut dyn FnMut(Piece<'_, Made>) -> Result<(), E>,
    ) -> Result<(), GenError<E>> {
        let mut header = Vec::new();
        if self.shard.is_first() {
            write_count(self.base.spec, self.count, &mut header);
        }
        let make = |w: &mut Maker, first: u64, n: u64| {
            let mut chunk = Chunk::with_capacity(n);
            for i in first..first + n {
                let (state, label, made) = self.made(w, i)?;
                self.spell(w, i, state.board, label, &mut chunk)?;
                chunk.cases.push(made);
            }
            Ok(chunk)
        };
        in_chunks(
            self.shard.range(self.count),
            self.parallel,
            &header,
            Maker::new,
            make,
            emit,
        )
    }

    /// Case `i` and (if asked) its answer, as `gen` writes them for the base's format.
    fn spell(
        &self,
        w: &mut Maker,
        i: u64,
        board: Board,
        label: Option<Box<str>>,
        chunk: &mut Chunk<Made>,
    ) -> Result<(), Impossible> {
        let spec = self.base.spec;
        let case = match self.base.nine() {
            None => Case::board(board, label),
            Some(f) => Case::Nine(board.to_puzzle().ok_or_else(|| Impossible {
                index: i,
                what: format!("a {} case", f.name()),
                why: "the climbed board left the 9x9 layouts".into(),
            })?),
        };
        chunk.spell(w, spec, i + 1, &case, self.answers);
        Ok(())
    }
}

/// The `-v` line of case `number` (1-based): the target's counts (the plain case, the start,
/// the best), then each
/// strategy's count (`+` where the cap stopped it).
pub fn report_line(number: u64, target: Strategy, m: &Made) -> String {
    let mut line = format!(
        "case {number}: {}x{}, {} givens, {} nodes: plain {}, start {}, best {}{}",
        m.side,
        m.side,
        m.givens,
        target.name(),
        m.plain,
        m.start,
        m.best.nodes,
        if m.best.capped { "+" } else { "" }
    );
    for (s, c) in STRATEGIES.iter().zip(&m.counts) {
        line.push_str(&format!(
            "; {} {}{}",
            s.name(),
            c.nodes,
            if c.capped { "+" } else { "" }
        ));
    }
    line
}
