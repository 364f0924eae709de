//! Cases of every size and geometry: random solutions (the shuffled pattern grid on standard
//! boxes, a solver's completion of random seeds elsewhere), jigsaw layouts of any size, and each
//! kind of case carved from a solution and steered by the engine — unique (minimal, or solved by
//! singles alone, on request), no solution with or without clashing givens, several solutions,
//! and full grids with or without a repeat.
//!
//! This is the tuned 9x9 makers' method (`nine.rs`) on [`Board`]s: the makers steer with a few
//! solves instead of filtering blindly. [`BoardMaker::case`] makes case `i` of a request of any
//! format from `(seed, i)` alone, of the kinds the format's mode can express; it serves every
//! request but the core formats' 9x9 ones, through [`super::maker::Maker`].

use super::grids::carve_cells;
use super::request::{EDGES, Impossible, Kind, LayoutChoice, Request};
use crate::rng::Rng;
use crate::model::{Board, Case, Geometry};
use crate::solve::SolverKind;
use crate::solve::any::sat::SatSearch;
use crate::solve::engine::{Engine, Mode};
use crate::solve::singles::propagate;
use std::sync::Arc;

/// Fresh solutions tried for one case before the request is called impossible.
pub const ATTEMPTS: u32 = 60;

/// The default range of givens a unique puzzle starts from, by box size: about the clue counts
/// of the shared data sets (16x16: 110-180, 25x25: 305-420), where the solvers are fast.
pub fn default_clues(n: usize) -> (usize, usize) {
    match n {
        1 => (0, 1),
        2 => (4, 8),
        3 => (22, 32),
        4 => (110, 180),
        _ => (305, 420),
    }
}

/// A random solution of the standard boxes of box size `n` (any `n`, no solver): the pattern
/// grid `(n·(r mod n) + ⌊r/n⌋ + c) mod N + 1` with rows shuffled within bands, bands shuffled,
/// the same for columns and stacks, values relabelled, and transposed half the time.
pub fn pattern_solution(n: usize, rng: &mut Rng) -> Vec<u8> {
    let side = n * n;
    let order = |rng: &mut Rng| -> Vec<usize> {
        let mut bands: Vec<usize> = (0..n).collect();
        rng.shuffle(&mut bands);
        let mut out = Vec::with_capacity(side);
        for b in bands {
            let mut within: Vec<usize> = (0..n).collect();
            rng.shuffle(&mut within);
            out.extend(within.into_iter().map(|i| b * n + i));
        }
        out
    };
    let (rows, cols) = (order(rng), order(rng));
    let mut label: Vec<u8> = (1..=side as u8).collect();
    rng.shuffle(&mut label);
    let transpose = rng.chance(1, 2);
    let mut g = vec![0u8; side * side];
    for (r, &pr) in rows.iter().enumerate() {
        for (c, &pc) in cols.iter().enumerate() {
            let v = (n * (pr % n) + pr / n + pc) % side;
            let (r, c) = if transpose { (c, r) } else { (r, c) };
            g[r * side + c] = label[v];
        }
    }
    g
}

/// A random jigsaw geometry of box size `n` (at least 2) and a solution of it: regions grown
/// from the standard boxes by trading a border cell of one region for a cell of a neighbouring
/// region that holds the same value in a solution `S`, keeping both regions connected; `S` stays
/// a solution of every layout on the way (see [`super::jigsaw`] for the 9x9 version).
pub fn random_jigsaw(n: usize, rng: &mut Rng) -> (Arc<Geometry>, Vec<u8>) {
    let side = n * n;
    let cells = side * side;
    let s = pattern_solution(n, rng);
    let mut region: Vec<u8> = Geometry::standard(n).regions().to_vec();
    for _ in 0..cells * 4 {
        let a = rng.below(cells as u64) as usize;
        let neighbours = neighbours(side, a);
        let b = neighbours[rng.below(neighbours.len() as u64) as usize];
        let (ra, rb) = (region[a], region[b]);
        if ra == rb {
            continue;
        }
        // `a` joins B; the cell of B holding `a`'s value joins A.
        let Some(c) = (0..cells).find(|&c| region[c] == rb && s[c] == s[a]) else {
            continue;
        };
        region[a] = rb;
        region[c] = ra;
        if !connected(side, &region, ra) || !connected(side, &region, rb) {
            region[a] = ra;
            region[c] = rb;
        }
    }
    let g = Geometry::from_regions(n, &region).expect("trades keep regions whole and connected");
    let g = Arc::new(g);
    // The regions were renumbered, but `s` is a solution of the cells, whatever their labels.
    debug_assert!(Board::empty(g.clone()).is_solved_by(&s));
    (g, s)
}

fn neighbours(side: usize, c: usize) -> Vec<usize> {
    let (r, col) = (c / side, c % side);
    let mut v = Vec::with_capacity(4);
    if r > 0 {
        v.push(c - side);
    }
    if r + 1 < side {
        v.push(c + side);
    }
    if col > 0 {
        v.push(c - 1);
    }
    if col + 1 < side {
        v.push(c + 1);
    }
    v
}

/// True when the cells labelled `id` form one orthogonally connected group.
fn connected(side: usize, region: &[u8], id: u8) -> bool {
    let Some(start) = region.iter().position(|&r| r == id) else {
        return true;
    };
    let mut seen = vec![false; region.len()];
    let mut stack = vec![start];
    seen[start] = true;
    let mut reached = 0;
    while let Some(c) = stack.pop() {
        reached += 1;
        for nb in neighbours(side, c) {
            if !seen[nb] && region[nb] == id {
                seen[nb] = true;
                stack.push(nb);
            }
        }
    }
    reached == region.iter().filter(|&&r| r == id).count()
}

/// Whether the SAT check decides `b`'s uniqueness questions rather than the search counting to
/// two: on 25x25 boards without rules. Measured on `gen -f nums --size N --minimal -j 1` (CPU,
/// same run): 25x25, no puzzle in 10 minutes by counting, 10 to 109 s a puzzle by SAT; 16x16,
/// 20 puzzles in 0.84 s by counting, 1.4 s by SAT; 9x9, 200 puzzles in 0.02 s by counting,
/// 0.40 s by SAT (building each check's clauses costs more than the search's small trees).
/// The SAT check encodes no rules.
fn sat_pays(b: &Board) -> bool {
    b.geometry.side() >= 25 && !b.geometry.has_rules()
}

/// Per-thread scratch of the makers: an engine to steer with, and the SAT check that decides
/// which givens a minimal puzzle keeps.
pub struct BoardMaker {
    engine: Engine,
    sat: SatSearch,
}

impl Default for BoardMaker {
    fn default() -> Self {
        Self::new()
    }
}

impl BoardMaker {
    pub fn new() -> Self {
        BoardMaker {
            engine: Engine::new(SolverKind::Bitmask),
            sat: SatSearch::new(),
        }
    }

    /// The engine the makers steer with (its answers are `solve`'s).
    pub fn engine(&mut self) -> &mut Engine {
        &mut self.engine
    }

    /// A random solution of `g`: the shuffled pattern grid on standard boxes; elsewhere the
    /// solver's completion of a few random non-clashing seeds, relabelled. `None` when the
    /// geometry has no solution.
    pub fn solution(&mut self, g: &Arc<Geometry>, rng: &mut Rng) -> Option<Vec<u8>> {
        if g.is_standard() && !g.has_extras() {
            return Some(pattern_solution(g.box_size(), rng));
        }
        let side = g.side();
        for attempt in 0..20 {
            let mut b = Board::empty(g.clone());
            let seeds = if attempt < 19 { side } else { 0 };
            for _ in 0..seeds {
                let c = rng.below(b.cells.len() as u64) as usize;
                b.cells[c] = rng.range(1, side) as u8;
                if b.first_clash(&b.cells).is_some() {
                    b.cells[c] = 0;
                }
            }
            let (n, s) = self.engine.count(&b, 1);
            if n > 0 {
                let mut label: Vec<u8> = (1..=side as u8).collect();
                rng.shuffle(&mut label);
                return Some(s.iter().map(|&v| label[v as usize - 1]).collect());
            }
        }
        None
    }

    /// A unique puzzle with givens from `s` in `lo..=hi`: carved, then givens of `s` added where
    /// a second solution differs until it is unique, then removed at random (keeping it unique)
    /// down to `hi` or, when `minimal`, until none can go. `easy`: givens are added until
    /// singles alone solve it. `None` when the clue range could not be met.
    pub fn unique(
        &mut self,
        g: &Arc<Geometry>,
        s: &[u8],
        (lo, hi): (usize, usize),
        minimal: bool,
        easy: bool,
        rng: &mut Rng,
    ) -> Option<Vec<u8>> {
        let start = rng.range(lo, hi.max(lo));
        let mut b = Board::new(g.clone(), carve_cells(s, start, rng));
        while let Some(other) = self.other_than(&b, s) {
            let differ: Vec<usize> = (0..s.len())
                .filter(|&c| b.cells[c] == 0 && other[c] != s[c])
                .collect();
            let c = differ[rng.below(differ.len() as u64) as usize];
            b.cells[c] = s[c];
        }
        if minimal {
            self.reduce(&mut b, 0, s, rng);
        } else if b.clues() > hi {
            self.reduce(&mut b, hi, s, rng);
        }
        if easy {
            loop {
                let p = propagate(&b);
                if p.solved {
                    break;
                }
                let open: Vec<usize> = (0..s.len()).filter(|&c| p.cells[c] == 0).collect();
                let c = open[rng.below(open.len() as u64) as usize];
                b.cells[c] = s[c];
            }
        }
        (lo..=hi).contains(&b.clues()).then_some(b.cells)
    }

    /// Removes givens in random order, keeping `b` (unique, with solution `s`) unique, until it
    /// has at most `hi` givens or none can go.
    fn reduce(&mut self, b: &mut Board, hi: usize, s: &[u8], rng: &mut Rng) {
        let mut givens: Vec<usize> = (0..b.cells.len()).filter(|&c| b.cells[c] != 0).collect();
        rng.shuffle(&mut givens);
        let mut clues = givens.len();
        for c in givens {
            if clues <= hi {
                return;
            }
            let v = b.cells[c];
            b.cells[c] = 0;
            if self.still_unique(b, c, s) {
                clues -= 1;
            } else {
                b.cells[c] = v;
            }
        }
    }

    /// A solution of `b` other than its solution `s`, or `None` when `s` is its only one. On
    /// 25x25 boards, asked of the SAT check ([`SatSearch::another`], starting from `s`):
    /// counting to two takes the search minutes on some sparse carvings there. Smaller boards,
    /// and boards with rules, count to two (see [`sat_pays`]).
    fn other_than(&mut self, b: &Board, s: &[u8]) -> Option<Vec<u8>> {
        if sat_pays(b) {
            return self.sat.another(b, s);
        }
        let (n, first) = self.engine.count(b, 2);
        if n == 1 {
            return None;
        }
        if first != s {
            return Some(first);
        }
        self.engine.solutions(b, 2).into_iter().find(|x| x != s)
    }

    /// Whether `b`, unique with solution `s` while cell `c` held its given and unchanged but
    /// for emptying it, is still unique: whether no solution puts another digit than `s[c]`
    /// in `c` (one with `s[c]` there solves the board before). On 25x25 boards, asked of the
    /// SAT check ([`SatSearch::avoiding`], starting from `s`), whose clause learning settles in
    /// milliseconds most of the checks near minimality that take the search millions of
    /// guesses; elsewhere the search counts to two (see [`sat_pays`]).
    fn still_unique(&mut self, b: &Board, c: usize, s: &[u8]) -> bool {
        if sat_pays(b) {
            self.sat.avoiding(b, c, s[c], Some(s)).is_none()
        } else {
            self.engine.count(b, 2).0 == 1
        }
    }

    /// A puzzle with two or more solutions and `lo..=hi` givens, all from `s`: a sparse carving,
    /// its second solution, then only givens where the two agree. Known weakness: on a 16x16
    /// jigsaw the search for the second solution of a sparse carving can wander for minutes
    /// (`SUDOKU_CROSS_SEED=1 cargo test --profile ci --test cross_check_sizes`).
    pub fn multiple(
        &mut self,
        g: &Arc<Geometry>,
        s: &[u8],
        (lo, hi): (usize, usize),
        rng: &mut Rng,
    ) -> Option<Vec<u8>> {
        let t = rng.range(lo, hi.max(lo));
        let mut b = Board::new(g.clone(), carve_cells(s, t, rng));
        for _ in 0..100 {
            let sols = self.engine.solutions(&b, 2);
            let Some(s2) = sols.into_iter().find(|x| x != s) else {
                let givens: Vec<usize> = (0..s.len()).filter(|&c| b.cells[c] != 0).collect();
                if givens.is_empty() {
                    return None;
                }
                b.cells[givens[rng.below(givens.len() as u64) as usize]] = 0;
                continue;
            };
            let givens = b.clues();
            if givens >= t {
                return (lo..=hi).contains(&givens).then_some(b.cells);
            }
            let mut agree: Vec<usize> = (0..s.len())
                .filter(|&c| b.cells[c] == 0 && s[c] == s2[c])
                .collect();
            if givens + agree.len() >= t {
                rng.shuffle(&mut agree);
                for &c in &agree[..t - givens] {
                    b.cells[c] = s[c];
                }
                return Some(b.cells);
            }
            // Too many cells differ: pin one to `s` and look for a closer second solution.
            let differ: Vec<usize> = (0..s.len()).filter(|&c| s[c] != s2[c]).collect();
            let c = differ[rng.below(differ.len() as u64) as usize];
            b.cells[c] = s[c];
        }
        None
    }

    /// A puzzle with a handful of solutions, 2 to a drawn bound of at most 100 (far under
    /// [`crate::solve::every::CAP`]): Jutge P79494 lists every solution. A unique puzzle from
    /// `s` (`range` givens) loses givens one at a time in random order, each taken away only
    /// while the count stays within the bound, until it has several (and, by chance, a few
    /// more); `None` when no given can go without passing the bound.
    pub fn few(
        &mut self,
        g: &Arc<Geometry>,
        s: &[u8],
        range: (usize, usize),
        rng: &mut Rng,
    ) -> Option<Vec<u8>> {
        let most = rng.range(2, 100) as u64;
        let mut b = Board::new(g.clone(), self.unique(g, s, range, false, false, rng)?);
        let mut givens: Vec<usize> = (0..s.len()).filter(|&c| b.cells[c] != 0).collect();
        rng.shuffle(&mut givens);
        let mut count = 1;
        for c in givens {
            let v = std::mem::replace(&mut b.cells[c], 0);
            let n = self.engine.count(&b, most + 1).0;
            if n > most {
                b.cells[c] = v;
                continue;
            }
            count = n;
            if count >= 2 && rng.chance(1, 2) {
                break;
            }
        }
        (count >= 2).then_some(b.cells)
    }

    /// Givens from `s` (`lo..=hi` of them, at least 2) where one repeats a value of its unit.
    pub fn clash(
        &self,
        g: &Arc<Geometry>,
        s: &[u8],
        (lo, hi): (usize, usize),
        rng: &mut Rng,
    ) -> Option<Vec<u8>> {
        let t = rng.range(lo.max(2), hi.max(2));
        let mut cells = carve_cells(s, t - 1, rng);
        let mut empty: Vec<usize> = (0..s.len()).filter(|&c| cells[c] == 0).collect();
        rng.shuffle(&mut empty);
        for c in empty {
            let peers: Vec<u8> = g
                .units_of(c)
                .flat_map(|u| g.unit(u).iter().map(|&p| cells[p as usize]))
                .filter(|&v| v != 0)
                .collect();
            if !peers.is_empty() {
                cells[c] = peers[rng.below(peers.len() as u64) as usize];
                return Some(cells);
            }
        }
        None
    }

    /// Givens (`lo..=hi`) with no clash and no solution: a carving of `s` with one given changed
    /// to another value that clashes with nothing, then givens of `s` pinned where the solver
    /// still finds a way round, until it finds none.
    pub fn no_solution(
        &mut self,
        g: &Arc<Geometry>,
        s: &[u8],
        (lo, hi): (usize, usize),
        rng: &mut Rng,
    ) -> Option<Vec<u8>> {
        let side = g.side();
        let t = rng.range(lo.max(1), hi.max(1));
        let mut b = Board::new(g.clone(), carve_cells(s, t, rng));
        let mut givens: Vec<usize> = (0..s.len()).filter(|&c| b.cells[c] != 0).collect();
        rng.shuffle(&mut givens);
        let changed = givens.iter().find_map(|&c| {
            let start = rng.range(1, side);
            (0..side)
                .map(|k| ((start - 1 + k) % side + 1) as u8)
                .find(|&v| {
                    let old = b.cells[c];
                    b.cells[c] = v;
                    let ok = v != s[c] && b.first_clash(&b.cells).is_none();
                    b.cells[c] = old;
                    ok
                })
                .map(|v| (c, v))
        });
        let (changed, v) = changed?;
        b.cells[changed] = v;
        for _ in 0..4 * side * side {
            let (n, other) = self.engine.count(&b, 1);
            if n == 0 {
                return (lo..=hi).contains(&b.clues()).then_some(b.cells);
            }
            let open: Vec<usize> = (0..s.len())
                .filter(|&c| b.cells[c] == 0 && other[c] != s[c])
                .collect();
            let pins: Vec<usize> = open
                .into_iter()
                .filter(|&c| {
                    b.cells[c] = s[c];
                    let ok = b.first_clash(&b.cells).is_none();
                    b.cells[c] = 0;
                    ok
                })
                .collect();
            if pins.is_empty() {
                return None;
            }
            let c = pins[rng.below(pins.len() as u64) as usize];
            b.cells[c] = s[c];
            if b.clues() > hi {
                let out: Vec<usize> = (0..s.len())
                    .filter(|&o| b.cells[o] != 0 && o != changed && o != c)
                    .collect();
                b.cells[out[rng.below(out.len() as u64) as usize]] = 0;
            }
        }
        None
    }
}

impl BoardMaker {
    /// Case `index` of `req` (any format, any size) and the kind it was made as: a board of
    /// one of the request's sizes, with the label the format writes.
    pub fn case(&mut self, req: &Request, index: u64) -> Result<(Case, Kind), Impossible> {
        let mut rng = Rng::for_item(req.seed, index);
        let sizes = &req.sizes;
        let mut n = sizes[rng.below(sizes.len() as u64) as usize];
        // A 1x1 grid has one solution, no clash and no repeat: a set of no unique cases
        // takes another size.
        while n == 1 && req.mix.unique == 0 && sizes.iter().any(|&s| s > 1) {
            n = sizes[rng.below(sizes.len() as u64) as usize];
        }
        let (geometry, known) = geometry(req, n, &mut rng);
        let label = crate::format::spell::label(req.spec, index + 1);
        let case = |cells: Vec<u8>| Case::board(Board::new(geometry.clone(), cells), label.clone());
        let impossible = |what: &str, why: String| Impossible {
            index,
            what: format!("{what} for {} ({}x{})", req.spec.name, n * n, n * n),
            why,
        };
        for _ in 0..ATTEMPTS {
            let Some(s) = known.clone().or_else(|| self.solution(&geometry, &mut rng)) else {
                return Err(impossible("a solution", "the geometry has none".into()));
            };
            if req.edge && index < EDGES.len() as u64 && req.edge_case(index as usize) {
                let (cells, kind) = match (index, req.spec.mode) {
                    // Every solution of the empty grid is counted there: 288 on 4x4, but
                    // 6.67e21 on 9x9, which no search ends. The emptiest grid the format's
                    // cases have stands in for it.
                    (0, Mode::Exact) if n > 2 => self.sparsest(req, &geometry, &s, &mut rng),
                    _ => edge(index as usize, &s, n, &mut rng),
                };
                return Ok((case(cells), kind));
            }
            if let Some((cells, kind)) = self.make(req, &geometry, &s, index, &mut rng) {
                return Ok((case(cells), kind));
            }
        }
        let what = match req.clues {
            Some((lo, hi)) => format!("a case with {lo}-{hi} givens"),
            None => "a case".to_string(),
        };
        Err(impossible(&what, format!("{ATTEMPTS} tries")))
    }

    /// Solution `s` carved to the fewest givens of `req`'s range: the emptiest case of a format
    /// that counts every solution.
    fn sparsest(
        &mut self,
        req: &Request,
        g: &Arc<Geometry>,
        s: &[u8],
        rng: &mut Rng,
    ) -> (Vec<u8>, Kind) {
        let (lo, _) = req.clues.unwrap_or_else(|| default_clues(g.box_size()));
        let cells = carve_cells(s, lo, rng);
        let kind = match self
            .engine
            .count(&Board::new(g.clone(), cells.clone()), 2)
            .0
        {
            1 => Kind::Unique,
            _ => Kind::Multiple,
        };
        (cells, kind)
    }

    /// One case of the format's mode from solution `s`: the cells and the kind.
    fn make(
        &mut self,
        req: &Request,
        g: &Arc<Geometry>,
        s: &[u8],
        index: u64,
        rng: &mut Rng,
    ) -> Option<(Vec<u8>, Kind)> {
        let n = g.box_size();
        let cells = g.cells();
        let side = g.side();
        let kind = req.pick(rng);
        let (lo, hi) = req.clues.unwrap_or_else(|| default_clues(n));
        let range = (lo.min(cells), hi.min(cells));
        let some = (0, cells);
        match req.spec.mode {
            // Checkers: legal grids, grids with a repeat, sparse legal grids.
            Mode::Legal => Some(match kind {
                Kind::Unique => (carve_cells(s, rng.range(0, cells), rng), kind),
                Kind::Multiple => (carve_cells(s, rng.range(0, cells / 3), rng), kind),
                Kind::None { .. } => (self.clash(g, s, some, rng)?, kind),
            }),
            Mode::Complete | Mode::Marks => Some(match kind {
                Kind::None { .. } => (spoil(s, side, rng.range(1, 3), rng), kind),
                _ => (s.to_vec(), Kind::Unique),
            }),
            Mode::Anti => Some((s.to_vec(), Kind::Unique)),
            // ECOO 2013 Hexudoku: the boards Lazy Larry's pass is tested on (`greedy.rs`).
            Mode::OnePass => Some((super::greedy::board(g, s, index, rng), Kind::Unique)),
            // Jutge P79494 lists every solution: several means a handful.
            Mode::Every if kind == Kind::Multiple => {
                self.few(g, s, range, rng).map(|c| (c, kind))
            }
            // Easy and not easy in turn.
            Mode::Singles => {
                // Minimal puzzles are seldom solved by singles alone.
                let easy = index.is_multiple_of(2);
                let cells = self.unique(g, s, range, !easy, easy, rng)?;
                let solved = propagate(&Board::new(g.clone(), cells.clone())).solved;
                (solved == easy).then_some((cells, Kind::Unique))
            }
            _ => match kind {
                Kind::Unique => {
                    // HDU 3909 asks whether a puzzle is minimal: make half of them so.
                    let minimal =
                        req.minimal || (req.spec.mode == Mode::Minimal && index.is_multiple_of(2));
                    let easy = req.spec.generate.easy;
                    // A minimal puzzle has as many givens as it has: the size's default
                    // range would refuse most minimal 16x16 puzzles (about 100 givens, under
                    // its 110), so only a range asked for with --clues binds it.
                    let range = if minimal && req.clues.is_none() {
                        (0, cells)
                    } else {
                        range
                    };
                    self.unique(g, s, range, minimal, easy, rng)
                        .map(|c| (c, kind))
                }
                Kind::Multiple => {
                    let (lo, hi) = req.clues.unwrap_or((lo / 2, hi / 2 + 1));
                    let hi = hi.min(cells.saturating_sub(4));
                    self.multiple(g, s, (lo.min(hi), hi), rng)
                        .map(|c| (c, kind))
                }
                Kind::None { clash: true } => self.clash(g, s, range, rng).map(|c| (c, kind)),
                Kind::None { clash: false } => {
                    self.no_solution(g, s, range, rng).map(|c| (c, kind))
                }
            },
        }
    }
}

/// The geometry of a case of box size `n`, and its solution when making it gave one: a
/// jigsaw where the request asks for one, the standard boxes otherwise, with the diagonals of
/// the formats that have them.
fn geometry(req: &Request, n: usize, rng: &mut Rng) -> (Arc<Geometry>, Option<Vec<u8>>) {
    let jigsaw = match req.layout {
        LayoutChoice::Standard => false,
        LayoutChoice::Jigsaw => true,
        LayoutChoice::Mixed => rng.chance(1, 2),
    };
    let (g, known) = if jigsaw && n >= 2 {
        let (g, s) = random_jigsaw(n, rng);
        (g, Some(s))
    } else {
        (Geometry::standard(n), None)
    };
    if req.spec.input.diagonals {
        // A jigsaw's known fill need not keep the diagonals: the solver makes one.
        (Arc::new(g.with_diagonals()), None)
    } else {
        (g, known)
    }
}

/// The edge cases of [`EDGES`] from solution `s`: the empty grid, a full grid, one empty
/// cell, a full grid with one clashing given.
fn edge(which: usize, s: &[u8], n: usize, rng: &mut Rng) -> (Vec<u8>, Kind) {
    let cells = s.len();
    match which {
        // The empty grid: several solutions, but for the one 1x1 grid.
        0 => (
            vec![0; cells],
            if cells == 1 {
                Kind::Unique
            } else {
                Kind::Multiple
            },
        ),
        1 => (s.to_vec(), Kind::Unique),
        2 => {
            let mut g = s.to_vec();
            g[rng.below(cells as u64) as usize] = 0;
            (g, Kind::Unique)
        }
        _ => (spoil(s, n * n, 1, rng), Kind::None { clash: true }),
    }
}

/// `s` with `changes` random cells given another value: a full grid with repeats.
pub fn spoil(s: &[u8], side: usize, changes: usize, rng: &mut Rng) -> Vec<u8> {
    let mut g = s.to_vec();
    for _ in 0..changes {
        let c = rng.below(g.len() as u64) as usize;
        if side > 1 {
            g[c] = ((g[c] as usize + rng.range(0, side - 2)) % side + 1) as u8;
        }
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::judges::{JUDGES, find};
    use crate::generate::request::Reach;

    #[test]
    fn the_edge_cases_come_first() {
        let spec = find("uva989").unwrap();
        let set = Request {
            edge: true,
            sizes: vec![2],
            reach: Reach::Promise,
            ..Request::of(spec, 3)
        };
        let mut maker = BoardMaker::new();
        let kinds: Vec<Kind> = (0..4).map(|i| maker.case(&set, i).unwrap().1).collect();
        assert_eq!(kinds[0], Kind::Multiple);
        assert_eq!(kinds[3], Kind::None { clash: true });
        let full = maker.case(&set, 1).unwrap().0;
        assert_eq!(full.to_board().clues(), 16);
        // UVa 989's data holds no clashing givens: inside it, case 3 is an ordinary case.
        let inside = Request {
            reach: Reach::Data,
            ..set
        };
        let (case, kind) = maker.case(&inside, 3).unwrap();
        assert!(case.clash().is_none(), "{kind:?}");
        assert_eq!(maker.case(&inside, 1).unwrap().0, full);
    }

    /// SPOJ SUDOGOB counts every solution: its "empty grid" edge case is the emptiest grid its
    /// cases have (45 givens), whose solutions the engine counts at once, not the empty 9x9
    /// grid, whose 6.67e21 no search counts.
    #[test]
    fn a_format_that_counts_solutions_gets_a_countable_sparsest_edge() {
        let set = Request {
            edge: true,
            ..Request::of(find("spoj-sudogob").unwrap(), 1)
        };
        let mut maker = BoardMaker::new();
        let (case, kind) = maker.case(&set, 0).unwrap();
        let board = case.to_board();
        assert_eq!(board.clues(), 45);
        let (n, _) = maker.engine().count(&board, u64::MAX);
        assert!(n >= 1);
        assert_eq!(kind == Kind::Unique, n == 1);
        // The rest of the edge cases are as for any format.
        assert_eq!(maker.case(&set, 1).unwrap().0.to_board().clues(), 81);
        assert_eq!(maker.case(&set, 3).unwrap().1, Kind::None { clash: true });
    }

    #[test]
    fn every_format_generates_a_few_cases() {
        let mut maker = BoardMaker::new();
        // Cases on a net are `nets.rs`'s.
        for spec in JUDGES.iter().filter(|s| s.core().is_none() && !s.on_net()) {
            let mut set = Request::of(spec, 11);
            // Keep the test quick: the smallest size the format allows, but 1x1.
            set.sizes = vec![*set.sizes.iter().find(|&&n| n >= 2).unwrap_or(&set.sizes[0])];
            for i in 0..6 {
                let (case, _) = maker
                    .case(&set, i)
                    .unwrap_or_else(|e| panic!("{}: {e}", spec.name));
                assert_eq!(case.to_board().geometry.has_extras(), spec.input.diagonals);
            }
        }
    }

    #[test]
    fn jigsaw_requests_make_jigsaws() {
        let set = Request {
            layout: LayoutChoice::Jigsaw,
            sizes: vec![2, 3],
            ..Request::of(find("nums").unwrap(), 5)
        };
        let mut maker = BoardMaker::new();
        for i in 0..4 {
            let (case, _) = maker.case(&set, i).unwrap();
            assert!(!case.to_board().geometry.is_standard(), "case {i}");
        }
    }

    #[test]
    fn pattern_solutions_are_solutions_at_every_size() {
        let mut rng = Rng::new(1);
        for n in 1..=10 {
            let s = pattern_solution(n, &mut rng);
            assert!(
                Board::empty(Geometry::standard(n)).is_solved_by(&s),
                "n {n}"
            );
        }
    }

    #[test]
    fn jigsaws_are_connected_and_solved() {
        let mut rng = Rng::new(2);
        for n in [2, 3, 4] {
            let (g, s) = random_jigsaw(n, &mut rng);
            assert!(Board::empty(g.clone()).is_solved_by(&s));
            assert!(!g.is_standard(), "n {n}: trades made a jigsaw");
        }
    }

    #[test]
    fn spoiled_grids_have_a_repeat() {
        let mut rng = Rng::new(3);
        let s = pattern_solution(3, &mut rng);
        let g = spoil(&s, 9, 1, &mut rng);
        assert_eq!(g.iter().zip(&s).filter(|(a, b)| a != b).count(), 1);
        assert!(
            Board::empty(Geometry::standard(3))
                .first_clash(&g)
                .is_some()
        );
    }
}
