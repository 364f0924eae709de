//! The one maker entry: [`Maker::case`] makes case `i` of any [`Request`] as a
//! [`crate::model::Case`] with its kind, and [`Maker::answer`] writes the answer `solve` writes
//! for it. A core format's 9x9 request goes to the tuned 9x9 makers (a [`Case::Nine`], no
//! allocation), a format on a net to the makers of nets (`nets.rs`, a [`Case::Net`]), every
//! other request to the any-size makers on boards (a [`Case::Board`]);
//! which one is the maker's business, not the caller's.

use super::boards::BoardMaker;
use super::nine::NineMaker;
use super::request::{Difficulty, Impossible, Kind, Made, Request};
use crate::format::spec::{Container, Rows, Size, Spec};
use crate::format::write_reply;
use crate::model::{Board, Case, Geometry, Puzzle};
use crate::solve::SolverKind;
use crate::solve::engine::Engine;
use crate::solve::net::NetSearch;

/// Per-thread scratch of the makers and the solvers they steer and answer with, each built on
/// first use. Reuse one per worker.
#[derive(Default)]
pub struct Maker {
    nine: Option<NineMaker>,
    boards: Option<BoardMaker>,
    net: Option<Box<dyn NetSearch>>,
}

impl Maker {
    pub fn new() -> Self {
        Self::default()
    }

    fn nine(&mut self) -> &mut NineMaker {
        self.nine.get_or_insert_with(NineMaker::default)
    }

    fn boards(&mut self) -> &mut BoardMaker {
        self.boards.get_or_insert_with(BoardMaker::new)
    }

    /// Case `index` of `req`, as `gen` with the request's seed makes it.
    pub fn case(&mut self, req: &Request, index: u64) -> Result<Made, Impossible> {
        if req.nine().is_some() {
            let (puzzle, kind) = self.nine().case(req, index)?;
            return Ok(Made {
                case: Case::Nine(puzzle),
                kind,
            });
        }
        if req.spec.on_net() {
            let search = self.net.get_or_insert_with(|| crate::solve::net::build(SolverKind::Bitmask));
            let (case, kind) = super::nets::case(search.as_mut(), req, index)?;
            return Ok(Made { case, kind });
        }
        // A problem without input has one case, its empty grid (HDU 3476).
        if let (Container::NoInput, Size::Fixed(n)) = (req.spec.input.container, req.spec.input.size) {
            let case = Case::board(Board::empty(Geometry::standard(n)), None);
            return Ok(Made { case, kind: Kind::Unique });
        }
        // Cages and relation marks are read off a solved grid, and NWERC 2006's puzzles cut
        // from one (`ruled.rs`).
        let (case, kind) = if req.spec.input.rows == Rows::Grids {
            // NWRRC 2013: a whole set of puzzles, some alike (`similar.rs`).
            super::similar::case(self.boards(), req, index)?
        } else if req.spec.has_rules() || req.spec.input.rows == Rows::Pair {
            super::ruled::case(self.boards(), req, index)?
        } else {
            self.boards().case(req, index)?
        };
        Ok(Made { case, kind })
    }

    /// Appends the answer `solve` writes for `case`, case `number` (1-based) of a `spec` file:
    /// the engine's reply in the problem's mode (bitmask solvers), by the one writer.
    pub fn answer(&mut self, spec: &Spec, number: u64, case: &Case, out: &mut Vec<u8>) {
        let reply = self.engine().reply(case, spec.mode);
        write_reply(spec, number, case, reply.view(), out);
    }

    /// The engine the any-size makers steer with (its answers are `solve`'s).
    pub fn engine(&mut self) -> &mut Engine {
        self.boards().engine()
    }

    /// The difficulty of a unique 9x9 puzzle.
    pub fn grade(&mut self, p: &Puzzle) -> Difficulty {
        self.nine().grade(p)
    }
}
