//! Case sets of the spec formats: cases of every kind the format can express, of the sizes the
//! problem allows, spelled in its input format, with the answers exactly as `solve` writes
//! them. Case `i` depends only on `(seed, i)`, so the bytes are the same on any thread count.

use super::boards::{BoardMaker, default_clues, random_jigsaw, spoil};
use super::kinds::{EDGES, Impossible, Kind, Mix};
use super::rng::Rng;
use super::set::{Chunk, GenError, Piece, in_chunks};
use crate::format::spec::Spec;
use crate::format::spell::{write_answer, write_case, write_count};
use crate::model::Case;
use crate::model::{Board, Geometry};
use crate::shard::Shard;
use crate::solve::engine::Mode;
use std::sync::Arc;

/// A set to make.
#[derive(Clone, Debug)]
pub struct JudgeSet {
    pub spec: &'static Spec,
    pub mix: Mix,
    /// Box sizes to draw from, one per case.
    pub sizes: Vec<usize>,
    /// Givens per case; `None` for the format's and the size's defaults.
    pub clues: Option<(usize, usize)>,
    /// Unique cases are minimal.
    pub minimal: bool,
    /// The first cases are the edge cases.
    pub edge: bool,
    /// Jigsaw regions instead of boxes (for tests: no spec format writes regions).
    pub jigsaw: bool,
    pub seed: u64,
    pub count: u64,
    /// Also write the expected answers.
    pub answers: bool,
    pub parallel: bool,
    /// Make only this shard's cases (the count line only in shard 0).
    pub shard: Shard,
}

impl JudgeSet {
    /// The format's default set: its mix, every size it allows.
    pub fn new(spec: &'static Spec, seed: u64, count: u64) -> JudgeSet {
        let g = spec.generate;
        JudgeSet {
            spec,
            mix: Mix {
                unique: g.unique,
                none: g.none,
                multiple: g.multiple,
            },
            sizes: spec.box_sizes().collect(),
            clues: g.clues,
            minimal: false,
            edge: false,
            jigsaw: false,
            seed,
            count,
            answers: true,
            parallel: false,
            shard: Shard::ALL,
        }
    }

    /// Case `index` and its kind.
    pub fn case(&self, maker: &mut BoardMaker, index: u64) -> Result<(Case, Kind), Impossible> {
        let mut rng = Rng::for_item(self.seed, index);
        let mut n = self.sizes[rng.below(self.sizes.len() as u64) as usize];
        // A 1x1 grid has one solution, no clash and no repeat: a set of no unique cases
        // takes another size.
        while n == 1 && self.mix.unique == 0 && self.sizes.iter().any(|&s| s > 1) {
            n = self.sizes[rng.below(self.sizes.len() as u64) as usize];
        }
        let (geometry, known) = self.geometry(n, &mut rng);
        let label = self
            .spec
            .input
            .label
            .map(|w| format!("{w} {:02}", index + 1).into());
        let case = |cells: Vec<u8>| Case::board(Board::new(geometry.clone(), cells), label.clone());
        let impossible = |what: &str, why: String| Impossible {
            index,
            what: format!("{what} for {} ({}x{})", self.spec.name, n * n, n * n),
            why,
        };
        for _ in 0..super::boards::ATTEMPTS {
            let Some(s) = known
                .clone()
                .or_else(|| maker.solution(&geometry, &mut rng))
            else {
                return Err(impossible("a solution", "the geometry has none".into()));
            };
            if self.edge && index < EDGES.len() as u64 {
                return Ok(edge(index as usize, &s, n, &mut rng, case));
            }
            if let Some(made) = self.make(maker, &geometry, &s, index, &mut rng) {
                return Ok((case(made.0), made.1));
            }
        }
        let what = match self.clues {
            Some((lo, hi)) => format!("a case with {lo}-{hi} givens"),
            None => "a case".to_string(),
        };
        Err(impossible(
            &what,
            format!("{} tries", super::boards::ATTEMPTS),
        ))
    }

    fn geometry(&self, n: usize, rng: &mut Rng) -> (Arc<Geometry>, Option<Vec<u8>>) {
        let (g, known) = if self.jigsaw && n >= 2 {
            let (g, s) = random_jigsaw(n, rng);
            (g, Some(s))
        } else {
            (Geometry::standard(n), None)
        };
        if self.spec.input.diagonals {
            // A jigsaw's known fill need not keep the diagonals: the solver makes one.
            (Arc::new(g.with_diagonals()), None)
        } else {
            (g, known)
        }
    }

    /// One case of the format's mode from solution `s`: the cells and the kind.
    fn make(
        &self,
        maker: &mut BoardMaker,
        g: &Arc<Geometry>,
        s: &[u8],
        index: u64,
        rng: &mut Rng,
    ) -> Option<(Vec<u8>, Kind)> {
        let n = g.box_size();
        let cells = g.cells();
        let side = g.side();
        let kind = self.mix.pick(rng);
        let (lo, hi) = self.clues.unwrap_or_else(|| default_clues(n));
        let range = (lo.min(cells), hi.min(cells));
        let some = (0, cells);
        match self.spec.mode {
            // Checkers: legal grids, grids with a repeat, sparse legal grids.
            Mode::Legal => Some(match kind {
                Kind::Unique => (super::boards::carve(s, rng.range(0, cells), rng), kind),
                Kind::Multiple => (super::boards::carve(s, rng.range(0, cells / 3), rng), kind),
                Kind::None { .. } => (maker.clash(g, s, some, rng)?, kind),
            }),
            Mode::Complete | Mode::Marks => Some(match kind {
                Kind::None { .. } => (spoil(s, side, rng.range(1, 3), rng), kind),
                _ => (s.to_vec(), Kind::Unique),
            }),
            Mode::Anti => Some((s.to_vec(), Kind::Unique)),
            // Easy and not easy in turn.
            Mode::Singles => {
                // Minimal puzzles are seldom solved by singles alone.
                let easy = index.is_multiple_of(2);
                let cells = maker.unique(g, s, range, !easy, easy, rng)?;
                let solved =
                    crate::solve::singles::propagate(&Board::new(g.clone(), cells.clone())).solved;
                (solved == easy).then_some((cells, Kind::Unique))
            }
            _ => match kind {
                Kind::Unique => {
                    // HDU 3909 asks whether a puzzle is minimal: make half of them so.
                    let minimal = self.minimal
                        || (self.spec.mode == Mode::Minimal && index.is_multiple_of(2));
                    let easy = self.spec.generate.easy;
                    // A minimal puzzle has as many givens as it has: the size's default
                    // range would refuse most minimal 16x16 puzzles (about 100 givens, under
                    // its 110), so only a range asked for with --clues binds it.
                    let range = if minimal && self.clues.is_none() {
                        (0, cells)
                    } else {
                        range
                    };
                    maker
                        .unique(g, s, range, minimal, easy, rng)
                        .map(|c| (c, kind))
                }
                Kind::Multiple => {
                    let (lo, hi) = self.clues.unwrap_or((lo / 2, hi / 2 + 1));
                    let hi = hi.min(cells.saturating_sub(4));
                    maker
                        .multiple(g, s, (lo.min(hi), hi), rng)
                        .map(|c| (c, kind))
                }
                Kind::None { clash: true } => maker.clash(g, s, range, rng).map(|c| (c, kind)),
                Kind::None { clash: false } => {
                    maker.no_solution(g, s, range, rng).map(|c| (c, kind))
                }
            },
        }
    }

    /// Makes the set and hands it to `emit` in order; see [`super::set::in_chunks`].
    pub fn generate<E>(
        &self,
        emit: &mut dyn FnMut(Piece<'_, Case>) -> Result<(), E>,
    ) -> Result<(), GenError<E>> {
        let mut header = Vec::new();
        if self.shard.is_first() {
            write_count(self.spec, self.count, &mut header);
        }
        let make = |maker: &mut BoardMaker, first: u64, n: u64| {
            let mut chunk = Chunk::with_capacity(n);
            for i in first..first + n {
                let (case, _) = self.case(maker, i)?;
                write_case(self.spec, i + 1, &case, &mut chunk.input);
                if self.answers {
                    let answer = maker.engine().answer(&case.to_board(), self.spec.mode);
                    write_answer(self.spec, i + 1, &case, &answer, &mut chunk.answers);
                }
                chunk.cases.push(case);
            }
            Ok(chunk)
        };
        in_chunks(
            self.shard.range(self.count),
            self.parallel,
            &header,
            BoardMaker::new,
            make,
            emit,
        )
    }
}

/// The edge cases of [`EDGES`]: the empty grid, a full grid, one empty cell, a full grid with
/// one clashing given.
fn edge(
    which: usize,
    s: &[u8],
    n: usize,
    rng: &mut Rng,
    case: impl Fn(Vec<u8>) -> Case,
) -> (Case, Kind) {
    let cells = s.len();
    match which {
        // The empty grid: several solutions, but for the one 1x1 grid.
        0 => (
            case(vec![0; cells]),
            if cells == 1 {
                Kind::Unique
            } else {
                Kind::Multiple
            },
        ),
        1 => (case(s.to_vec()), Kind::Unique),
        2 => {
            let mut g = s.to_vec();
            g[rng.below(cells as u64) as usize] = 0;
            (case(g), Kind::Unique)
        }
        _ => (case(spoil(s, n * n, 1, rng)), Kind::None { clash: true }),
    }
}

/// Spells `cases` as a complete input file of `spec` (count line included).
pub fn input_file(spec: &Spec, cases: &[Case]) -> Vec<u8> {
    let mut out = Vec::new();
    write_count(spec, cases.len() as u64, &mut out);
    for (i, c) in cases.iter().enumerate() {
        write_case(spec, i as u64 + 1, c, &mut out);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::judges::{JUDGES, find};

    #[test]
    fn same_seed_same_bytes_on_any_thread_count() {
        let spec = find("uva10957").unwrap();
        let mut set = JudgeSet::new(spec, 7, 40);
        let run = |set: &JudgeSet| {
            let mut bytes = (Vec::new(), Vec::new());
            set.generate(&mut |p: Piece<'_, Case>| {
                bytes.0.extend_from_slice(p.input);
                bytes.1.extend_from_slice(p.answers);
                Ok::<(), ()>(())
            })
            .unwrap();
            bytes
        };
        let one = run(&set);
        set.parallel = true;
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(3)
            .build()
            .unwrap();
        assert_eq!(pool.install(|| run(&set)), one);
        let text = String::from_utf8(one.1).unwrap();
        for word in ["Unique.", "Impossible.", "Ambiguous.", "Illegal."] {
            assert!(text.contains(word), "{word} in {text}");
        }
    }

    #[test]
    fn the_edge_cases_come_first() {
        let spec = find("uva989").unwrap();
        let mut set = JudgeSet::new(spec, 3, 4);
        set.edge = true;
        set.sizes = vec![2];
        let mut maker = BoardMaker::new();
        let kinds: Vec<Kind> = (0..4).map(|i| set.case(&mut maker, i).unwrap().1).collect();
        assert_eq!(kinds[0], Kind::Multiple);
        assert_eq!(kinds[3], Kind::None { clash: true });
        let full = set.case(&mut maker, 1).unwrap().0;
        assert_eq!(full.to_board().clues(), 16);
    }

    #[test]
    fn every_format_generates_a_few_cases() {
        let mut maker = BoardMaker::new();
        for spec in JUDGES.iter().filter(|s| s.core().is_none()) {
            let mut set = JudgeSet::new(spec, 11, 6);
            // Keep the test quick: the smallest size the format allows, but 1x1.
            set.sizes = vec![*set.sizes.iter().find(|&&n| n >= 2).unwrap_or(&set.sizes[0])];
            for i in 0..6 {
                let (case, _) = set
                    .case(&mut maker, i)
                    .unwrap_or_else(|e| panic!("{}: {e}", spec.name));
                assert_eq!(case.to_board().geometry.has_extras(), spec.input.diagonals);
            }
        }
    }
}
