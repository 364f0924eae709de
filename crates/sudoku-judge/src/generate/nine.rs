//! The tuned 9x9 makers, behind [`super::maker::Maker`] for the four core formats' 9x9
//! requests: one case of a requested kind (unique, no solution with clashing givens or none
//! without a clash, multiple solutions) on standard or jigsaw layouts, within a clue range,
//! minimal, of a difficulty, or one of the edge cases, on the fixed-size [`Puzzle`] with the
//! 9x9 bitmask solvers. They are the makers `gen` had first and they stay: they grade
//! difficulty and make HDU 4069's jigsaws, which the any-size makers do not, and every
//! generated 9x9 core-format file and package depends on their random streams byte for byte.
//! Case `i` depends only on `(seed, i)`.
//!
//! The makers build from a random solution `S` and use the solver to steer, never to filter
//! blindly, so each case costs a handful of solves:
//! - unique: carve `t` givens from `S`; while two solutions remain, add the given of `S` at a
//!   cell where the solver's solution differs from `S` (a random empty cell if it found `S`);
//! - multiple: find a second solution `S2` of a sparse carving, then add givens only where `S`
//!   and `S2` agree, so both stay solutions whatever the clue count;
//! - no solution: one given repeats a digit of its row, column or region; or, without a clash,
//!   one given of `S` is changed and givens of `S` are traded in until no solution is left.

use super::grade::{self, Rule};
use super::grids::{carve, random_solution};
use super::jigsaw::random_layout_and_fill;
use super::minimal::minimise;
use super::request::{Difficulty, EDGES, HARD_GUESSES, Impossible, Kind, LayoutChoice, Request};
use crate::rng::Rng;
use crate::model::{CELLS, Grid, Layout, N, Puzzle, col_of, first_clash, row_of};
use crate::solve::Solver;
use crate::solve::bands::BandSolver;
use crate::solve::generic::GenericSolver;

/// Fresh random solutions tried for one case before the request is called impossible.
const ATTEMPTS: u32 = 400;

/// Per-thread scratch: the solvers the makers steer with. Reuse one per worker.
#[derive(Default)]
pub(super) struct NineMaker {
    bands: BandSolver,
    generic: GenericSolver,
    /// The solution the current case's jigsaw layout was built around.
    fill: Option<Grid>,
}

impl NineMaker {
    /// Solutions of `p` up to `limit`, by the bitmask solver for its layout (the answers
    /// `solve` writes for a 9x9 core format come from the same solvers).
    pub fn solve(&mut self, p: &Puzzle, limit: u32) -> crate::solve::Outcome {
        if p.layout.is_standard() {
            self.bands.solve(p, limit)
        } else {
            self.generic.solve(p, limit)
        }
    }

    fn count(&mut self, p: &Puzzle) -> u32 {
        self.solve(p, 2).count
    }

    /// Guesses the bitmask solver makes counting the solutions of `p` to 2.
    pub fn guesses(&mut self, p: &Puzzle) -> u64 {
        self.solve(p, 2);
        if p.layout.is_standard() {
            self.bands.guesses()
        } else {
            self.generic.guesses()
        }
    }

    /// The difficulty of a unique puzzle.
    pub fn grade(&mut self, p: &Puzzle) -> Difficulty {
        let l = grade::logic(p);
        if l.solved {
            if l.hardest <= Some(Rule::HiddenSingle) {
                Difficulty::Easy
            } else {
                Difficulty::Medium
            }
        } else if self.guesses(p) <= HARD_GUESSES {
            Difficulty::Hard
        } else {
            Difficulty::Extreme
        }
    }

    /// Case `index` of `spec` (a 9x9 core format's request) and the kind it was made as.
    pub fn case(&mut self, spec: &Request, index: u64) -> Result<(Puzzle, Kind), Impossible> {
        let mut rng = Rng::for_item(spec.seed, index);
        let layout = self.layout(spec.layout, &mut rng);
        if spec.edge && index < EDGES.len() as u64 && spec.edge_case(index as usize) {
            return Ok(self.edge(index as usize, layout, &mut rng));
        }
        let kind = spec.pick(&mut rng);
        let (what, made) = match kind {
            Kind::Unique => ("a unique puzzle", self.unique(spec, layout, &mut rng)),
            Kind::Multiple => (
                "a puzzle with several solutions",
                self.multiple(spec, layout, &mut rng),
            ),
            Kind::None { clash: true } => (
                "a puzzle with clashing givens",
                self.clash(spec, layout, &mut rng),
            ),
            Kind::None { clash: false } => (
                "an unsolvable puzzle without a clash",
                self.no_solution(spec, layout, &mut rng),
            ),
        };
        let mut what = what.to_string();
        if let Some((lo, hi)) = spec.clues {
            what += &format!(" with {lo}-{hi} clues");
        }
        if kind == Kind::Unique {
            if spec.minimal {
                what += ", minimal";
            }
            if let Some(d) = spec.difficulty {
                what += &format!(", {}", d.name());
            }
        }
        match made {
            Some(cells) => Ok((Puzzle { cells, layout }, kind)),
            None => {
                let fewest = fewest_unique_clues(&layout);
                let why = match spec.clues {
                    Some((_, hi)) if kind == Kind::Unique && hi < fewest => {
                        let on = if layout.is_standard() {
                            " on the standard boxes"
                        } else {
                            ""
                        };
                        format!("a unique puzzle needs at least {fewest} givens{on}")
                    }
                    _ => format!("{ATTEMPTS} tries"),
                };
                Err(Impossible { index, what, why })
            }
        }
    }

    fn layout(&mut self, choice: LayoutChoice, rng: &mut Rng) -> Layout {
        let jigsaw = match choice {
            LayoutChoice::Standard => false,
            LayoutChoice::Jigsaw => true,
            LayoutChoice::Mixed => rng.chance(1, 2),
        };
        self.fill = None;
        if jigsaw {
            let (layout, fill) = random_layout_and_fill(rng, &mut self.bands);
            self.fill = Some(fill);
            layout
        } else {
            Layout::standard()
        }
    }

    /// A random solution grid. On a jigsaw layout it is the layout's own fill with its digits
    /// relabelled: the layout is new for every case, and completing random seeds with a solver
    /// there can take seconds to prove a bad seeding unsolvable.
    fn solution(&mut self, layout: Layout, rng: &mut Rng) -> Grid {
        match self.fill {
            Some(fill) if !layout.is_standard() => {
                let mut perm: Vec<u8> = (1..=N as u8).collect();
                rng.shuffle(&mut perm);
                fill.map(|d| perm[d as usize - 1])
            }
            _ => random_solution(layout, rng, &mut self.bands),
        }
    }

    fn edge(&mut self, which: usize, layout: Layout, rng: &mut Rng) -> (Puzzle, Kind) {
        let s = self.solution(layout, rng);
        let (cells, kind) = match which {
            0 => ([0; CELLS], Kind::Multiple),
            1 => (s, Kind::Unique),
            2 => {
                let mut g = s;
                g[rng.below(CELLS as u64) as usize] = 0;
                (g, Kind::Unique)
            }
            _ => {
                // Any other digit clashes: the row already holds every digit once.
                let mut g = s;
                let c = rng.below(CELLS as u64) as usize;
                g[c] = (g[c] + rng.range(0, N - 2) as u8) % N as u8 + 1;
                (g, Kind::None { clash: true })
            }
        };
        (Puzzle { cells, layout }, kind)
    }

    fn unique(&mut self, spec: &Request, layout: Layout, rng: &mut Rng) -> Option<Grid> {
        let (lo, hi) = spec.clues.unwrap_or((0, CELLS));
        if hi < fewest_unique_clues(&layout) {
            // No attempt could succeed; 400 of them took tens of seconds to say so.
            return None;
        }
        let (start_lo, start_hi) = spec.clues.unwrap_or((22, 30));
        for _ in 0..ATTEMPTS {
            let s = self.solution(layout, rng);
            let t = rng.range(start_lo, start_hi);
            let mut p = Puzzle {
                cells: carve(&s, t, rng),
                layout,
            };
            self.make_unique(&mut p, &s, rng);
            if spec.minimal {
                minimise(&mut p, rng, &mut |q| self.count(q));
            } else if p.clues() > hi {
                self.reduce(&mut p, hi, rng);
            }
            if let Some(d) = spec.difficulty
                && !self.steer(&mut p, &s, d, spec.minimal, hi, rng)
            {
                continue;
            }
            if (lo..=hi).contains(&p.clues()) {
                return Some(p.cells);
            }
        }
        None
    }

    /// Adds givens of `s` until `p` (whose givens are all from `s`) has one solution.
    fn make_unique(&mut self, p: &mut Puzzle, s: &Grid, rng: &mut Rng) {
        loop {
            let o = self.solve(p, 2);
            if o.count == 1 {
                return;
            }
            // A second solution shows a cell that tells the two apart; without one, any
            // empty cell will do.
            let other = self.other_solution(p, s, o.solution, rng, 2);
            let cells: Vec<usize> = (0..CELLS)
                .filter(|&c| p.cells[c] == 0 && other.is_none_or(|g| g[c] != s[c]))
                .collect();
            let c = cells[rng.below(cells.len() as u64) as usize];
            p.cells[c] = s[c];
        }
    }

    /// Removes givens of a unique puzzle in random order, keeping it unique, until it has at
    /// most `hi` givens or none can go.
    fn reduce(&mut self, p: &mut Puzzle, hi: usize, rng: &mut Rng) {
        let mut givens: Vec<usize> = (0..CELLS).filter(|&c| p.cells[c] != 0).collect();
        rng.shuffle(&mut givens);
        let mut clues = givens.len();
        for c in givens {
            if clues <= hi {
                return;
            }
            let d = p.cells[c];
            p.cells[c] = 0;
            if self.count(p) == 1 {
                clues -= 1;
            } else {
                p.cells[c] = d;
            }
        }
    }

    /// Moves a unique puzzle to difficulty `want`: givens of `s` are added while it is too hard
    /// (more givens never make it harder), removed while it is too easy. False if stuck.
    fn steer(
        &mut self,
        p: &mut Puzzle,
        s: &Grid,
        want: Difficulty,
        minimal: bool,
        hi: usize,
        rng: &mut Rng,
    ) -> bool {
        let mut got = self.grade(p);
        if got > want {
            if minimal {
                return false;
            }
            while got > want {
                let empty: Vec<usize> = (0..CELLS).filter(|&c| p.cells[c] == 0).collect();
                let c = empty[rng.below(empty.len() as u64) as usize];
                p.cells[c] = s[c];
                got = self.grade(p);
            }
            return got == want && p.clues() <= hi;
        }
        if got < want {
            if minimal {
                return false;
            }
            let mut givens: Vec<usize> = (0..CELLS).filter(|&c| p.cells[c] != 0).collect();
            rng.shuffle(&mut givens);
            for c in givens {
                let d = p.cells[c];
                p.cells[c] = 0;
                if self.count(p) != 1 {
                    p.cells[c] = d;
                    continue;
                }
                let g = self.grade(p);
                if g > want {
                    p.cells[c] = d;
                } else if g == want {
                    return true;
                }
            }
            return false;
        }
        true
    }

    fn multiple(&mut self, spec: &Request, layout: Layout, rng: &mut Rng) -> Option<Grid> {
        // At least four empty cells, the fewest a second solution needs.
        let (lo, hi) = clue_range(spec, 0, CELLS - 4)?;
        'attempt: for _ in 0..ATTEMPTS {
            let s = self.solution(layout, rng);
            let t = rng.range(lo, hi);
            let mut p = Puzzle {
                cells: carve(&s, t.min(24), rng),
                layout,
            };
            for _ in 0..100 {
                let o = self.solve(&p, 2);
                let s2 = if o.count >= 2 {
                    self.other_solution(&p, &s, o.solution, rng, 6)
                } else {
                    None
                };
                let Some(s2) = s2 else {
                    let givens: Vec<usize> = (0..CELLS).filter(|&c| p.cells[c] != 0).collect();
                    if givens.is_empty() {
                        continue 'attempt;
                    }
                    p.cells[givens[rng.below(givens.len() as u64) as usize]] = 0;
                    continue;
                };
                let mut givens: Vec<usize> = (0..CELLS).filter(|&c| p.cells[c] != 0).collect();
                if givens.len() >= t {
                    // Fewer givens keep both solutions.
                    rng.shuffle(&mut givens);
                    for &c in &givens[t..] {
                        p.cells[c] = 0;
                    }
                    return Some(p.cells);
                }
                let mut agree: Vec<usize> = (0..CELLS)
                    .filter(|&c| p.cells[c] == 0 && s[c] == s2[c])
                    .collect();
                if givens.len() + agree.len() >= t {
                    rng.shuffle(&mut agree);
                    for &c in &agree[..t - givens.len()] {
                        p.cells[c] = s[c];
                    }
                    return Some(p.cells);
                }
                // Too many cells differ: pin one to `s` and look for a closer second solution.
                let differ: Vec<usize> = (0..CELLS).filter(|&c| s[c] != s2[c]).collect();
                let c = differ[rng.below(differ.len() as u64) as usize];
                p.cells[c] = s[c];
            }
        }
        None
    }

    /// A solution of `p` other than `s`, given the solver's first one; digits are relabelled at
    /// random so the search meets the solutions in another order.
    fn other_solution(
        &mut self,
        p: &Puzzle,
        s: &Grid,
        first: Option<Grid>,
        rng: &mut Rng,
        tries: usize,
    ) -> Option<Grid> {
        if let Some(g) = first.filter(|g| g != s) {
            return Some(g);
        }
        for _ in 0..tries {
            let mut perm: Vec<u8> = (1..=N as u8).collect();
            rng.shuffle(&mut perm);
            let mut q = *p;
            for d in q.cells.iter_mut().filter(|d| **d != 0) {
                *d = perm[*d as usize - 1];
            }
            let Some(g) = self.solve(&q, 1).solution else {
                continue;
            };
            let mut back = [0u8; N + 1];
            for (i, &d) in perm.iter().enumerate() {
                back[d as usize] = i as u8 + 1;
            }
            let g = g.map(|d| back[d as usize]);
            if &g != s {
                return Some(g);
            }
        }
        None
    }

    fn clash(&mut self, spec: &Request, layout: Layout, rng: &mut Rng) -> Option<Grid> {
        // Two givens at least: one to clash with.
        let (lo, hi) = clue_range(spec, 2, usize::MAX)?;
        for _ in 0..ATTEMPTS {
            let s = self.solution(layout, rng);
            let t = rng.range(lo, hi);
            let mut g = carve(&s, t - 1, rng);
            let mut empty: Vec<usize> = (0..CELLS).filter(|&c| g[c] == 0).collect();
            rng.shuffle(&mut empty);
            for c in empty {
                let peers: Vec<u8> = (0..CELLS)
                    .filter(|&o| o != c && g[o] != 0 && sees(&layout, o, c))
                    .map(|o| g[o])
                    .collect();
                if !peers.is_empty() {
                    g[c] = peers[rng.below(peers.len() as u64) as usize];
                    return Some(g);
                }
            }
        }
        None
    }

    fn no_solution(&mut self, spec: &Request, layout: Layout, rng: &mut Rng) -> Option<Grid> {
        let (lo, hi) = clue_range(spec, 1, usize::MAX)?;
        'attempt: for _ in 0..ATTEMPTS {
            let s = self.solution(layout, rng);
            let t = rng.range(lo, hi);
            let mut p = Puzzle {
                cells: carve(&s, t, rng),
                layout,
            };
            // Change one given to a digit that clashes with no other given.
            let mut givens: Vec<usize> = (0..CELLS).filter(|&c| p.cells[c] != 0).collect();
            rng.shuffle(&mut givens);
            let Some((g, d)) = givens.iter().find_map(|&c| {
                let start = rng.range(1, N);
                (0..N)
                    .map(|k| ((start - 1 + k) % N + 1) as u8)
                    .find(|&d| {
                        let mut q = p;
                        q.cells[c] = d;
                        d != s[c] && first_clash(&q, &q.cells).is_none()
                    })
                    .map(|d| (c, d))
            }) else {
                continue;
            };
            p.cells[g] = d;
            for _ in 0..60 {
                let Some(other) = self.solve(&p, 1).solution else {
                    return Some(p.cells);
                };
                // Pin a cell where the found solution leaves `s`, trading out another given
                // when the clue count is at its maximum.
                let pins: Vec<usize> = (0..CELLS)
                    .filter(|&c| {
                        p.cells[c] == 0 && other[c] != s[c] && {
                            let mut q = p;
                            q.cells[c] = s[c];
                            first_clash(&q, &q.cells).is_none()
                        }
                    })
                    .collect();
                if pins.is_empty() {
                    continue 'attempt;
                }
                let c = pins[rng.below(pins.len() as u64) as usize];
                p.cells[c] = s[c];
                if p.clues() > hi {
                    let out: Vec<usize> = (0..CELLS)
                        .filter(|&o| p.cells[o] != 0 && o != g && o != c)
                        .collect();
                    p.cells[out[rng.below(out.len() as u64) as usize]] = 0;
                }
            }
        }
        None
    }
}

/// Fewer givens never make a unique puzzle on `layout`. With fewer than `N - 1` distinct
/// digits given, two absent digits can be swapped in any solution, on any layout; on the
/// standard boxes no puzzle with 16 givens is unique (McGuire, Tugemann and Civario, 2012).
fn fewest_unique_clues(layout: &Layout) -> usize {
    fewest_unique(layout.is_standard())
}

/// [`fewest_unique_clues`] on the standard boxes (`standard`) or on any jigsaw.
pub(crate) fn fewest_unique(standard: bool) -> usize {
    if standard { 17 } else { N - 1 }
}

/// The clue counts to draw from for the multiple-solution and unsolvable kinds: the spec's
/// `--clues` range (20-40 by default) narrowed to `min..=max`, or `None` when nothing is left.
fn clue_range(spec: &Request, min: usize, max: usize) -> Option<(usize, usize)> {
    let (lo, hi) = spec.clues.unwrap_or((20, 40));
    let (lo, hi) = (lo.max(min), hi.min(max));
    (lo <= hi).then_some((lo, hi))
}

/// True when cells `a` and `b` share a row, column or region.
fn sees(layout: &Layout, a: usize, b: usize) -> bool {
    row_of(a) == row_of(b) || col_of(a) == col_of(b) || layout.region_of(a) == layout.region_of(b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::judges::find;
    use crate::generate::request::Mix;
    use crate::model::is_solution_of;

    /// A seed-3 request of HDU 4069 (a core format that writes every layout).
    fn spec(mix: &str, layout: LayoutChoice) -> Request {
        Request {
            layout,
            mix: Mix::parse(mix).unwrap(),
            ..Request::of(find("hdu4069").unwrap(), 3)
        }
    }

    /// A case, as the old tests spelled it.
    #[derive(Debug)]
    struct Case {
        puzzle: Puzzle,
        kind: Kind,
    }

    fn case(m: &mut NineMaker, sp: &Request, seed: u64, i: u64) -> Result<Case, Impossible> {
        let (puzzle, kind) = m.case(&sp.with_seed(seed), i)?;
        Ok(Case { puzzle, kind })
    }

    #[test]
    fn unique_below_the_proven_bound_is_refused_at_once() {
        let mut m = NineMaker::default();
        for (layout, hi, fewest) in [
            (
                LayoutChoice::Standard,
                16,
                "17 givens on the standard boxes",
            ),
            (LayoutChoice::Jigsaw, 7, "8 givens)"),
        ] {
            let mut sp = spec("unique=1", layout);
            sp.clues = Some((0, hi));
            // Refused by the bound, not after 400 failed tries.
            let e = case(&mut m, &sp, 3, 0).unwrap_err();
            assert!(e.to_string().contains(fewest), "{e}");
            // With room above the bound the generator tries, and a unique case comes out.
            sp.clues = Some((0, 40));
            let c = case(&mut m, &sp, 3, 0).unwrap();
            assert_eq!(m.solve(&c.puzzle, 2).count, 1);
        }
    }

    #[test]
    fn every_kind_is_what_it_says_on_both_layouts() {
        let mut m = NineMaker::default();
        for layout in [LayoutChoice::Standard, LayoutChoice::Jigsaw] {
            for (mix, want) in [("unique=1", 1), ("multiple=1", 2), ("none=1", 0)] {
                let sp = spec(mix, layout);
                for i in 0..30 {
                    let c = case(&mut m, &sp, 9, i).unwrap();
                    assert_eq!(m.solve(&c.puzzle, 2).count, want, "{mix} {layout:?} {i}");
                    assert_eq!(
                        c.puzzle.layout.is_standard(),
                        layout == LayoutChoice::Standard
                    );
                    if let Kind::None { clash } = c.kind {
                        let has = first_clash(&c.puzzle, &c.puzzle.cells).is_some();
                        assert_eq!(has, clash, "{i}");
                    }
                }
            }
        }
    }

    #[test]
    fn edge_cases_come_first() {
        let mut m = NineMaker::default();
        let mut sp = spec("unique=1", LayoutChoice::Standard);
        sp.edge = true;
        let cases: Vec<Case> = (0..5).map(|i| case(&mut m, &sp, 3, i).unwrap()).collect();
        assert_eq!(cases[0].puzzle.clues(), 0);
        assert_eq!(cases[1].puzzle.clues(), 81);
        assert!(is_solution_of(&cases[1].puzzle, &cases[1].puzzle.cells));
        assert_eq!(cases[2].puzzle.clues(), 80);
        assert_eq!(m.solve(&cases[2].puzzle, 2).count, 1);
        assert_eq!(cases[3].puzzle.clues(), 81);
        assert!(first_clash(&cases[3].puzzle, &cases[3].puzzle.cells).is_some());
        assert_eq!(m.solve(&cases[3].puzzle, 2).count, 0);
        assert!(cases[4].puzzle.clues() < 81);
    }

    #[test]
    fn difficulties_grade_as_asked() {
        let mut m = NineMaker::default();
        for d in Difficulty::ALL {
            let mut sp = spec("unique=1", LayoutChoice::Standard);
            sp.difficulty = Some(d);
            for i in 0..4 {
                let c = case(&mut m, &sp, 5, i).unwrap();
                assert_eq!(m.grade(&c.puzzle), d, "{d:?} case {i}");
                assert_eq!(m.solve(&c.puzzle, 2).count, 1);
            }
        }
    }
}
