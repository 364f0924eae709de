//! The wrong solvers: each classic mistake as an in-process strategy that answers a whole
//! input file as a contestant's program with that mistake would ([`Wrong::run`]), the ones
//! that apply to a format ([`zoo`]), and why no case inside the judge's data can tell one from
//! a right solution, where none can ([`Wrong::hidden`]).
//!
//! A wrong solver answers every case as a right one does except where its mistake shows: the
//! engine's answer is its starting point, and only the part the mistake changes is searched
//! again (over the wrong units of [`super::net`], without the clash check, ...). A search past
//! its budget gives the right answer: a kill is only ever claimed on a case where the mistake
//! was seen to change the answer.

use super::Judged;
use super::net::{Found, Net, Opts, Order, search};
use crate::format::holds::Kind as Held;
use crate::format::spec::{Cells, Container, Rows, Spec};
use crate::generate::against::Strategy;
use crate::model::{Answer, Case, Mode};
use crate::solve::engine::target_weights;

/// Nodes a wrong solver's own search may take on one case before its answer is taken to be
/// the right one.
pub const SEARCH_BUDGET: u64 = 200_000;

/// The fewest empty cells of a node where each has two candidates or more, met by the
/// fewest-candidates search counting `case`'s solutions to 2 (`usize::MAX`: none, or past the
/// budget): the wrong solver "several at k" declares several solutions there when `k` is at
/// least that. One search serves every `k`.
pub fn open_cells(case: &Case) -> usize {
    let board = case.to_board();
    match search(
        &Net::of(&board.geometry),
        &board.cells,
        &Opts::plain(Order::Fewest, 2, SEARCH_BUDGET),
    ) {
        Found::Done { open, .. } => open,
        _ => usize::MAX,
    }
}

/// Nodes a naive search may take on one case before it is too slow: about what such a search
/// does in a second on a judge of 2006, where these problems' time limits were set (a node of
/// the counters is one recursive call, tens of nanoseconds in C). `--against` cases are made
/// to go past it; the hardest graded puzzles go past it for row-major search.
pub fn slow_budget(s: Strategy) -> u64 {
    match s {
        Strategy::Rowmajor => 2_000_000,
        Strategy::Mrv => 200_000,
        Strategy::Dlx => 50_000,
    }
}

/// The smallest box size on which `s` can be too slow: dancing links answer any 9x9 case in a
/// few thousand nodes, the backtracking searches not.
pub fn slow_from(s: Strategy) -> usize {
    match s {
        Strategy::Dlx => 4,
        _ => 3,
    }
}

/// One classic mistake.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Wrong {
    /// "Several solutions" as soon as at most `k` empty cells remain, each with two candidates
    /// or more.
    SeveralAt(usize),
    /// The first solution found, never a second looked for.
    NoUniqueness,
    /// The first solution of a fewest-candidates search where the smallest is asked.
    FirstNotSmallest,
    /// Box index `(r / n) * n + (c + 1) / n`: boxes one column off, and one box too many.
    BoxOffByOne,
    /// HDU 4069's walls read with the left and right bits swapped.
    WallBits,
    /// Rows and columns only: no boxes, no regions, no diagonals.
    RowsColumns,
    /// What was found for one case carried into the next (a count, a "found" flag, a
    /// "repeat seen" flag) because it is not reset.
    StateKept,
    /// Givens never checked against each other: the empty cells filled around a clash.
    NoClashCheck,
    /// The "no solution" word misspelt (its case changed, or `0` for `-1`).
    NoneWord,
    /// The "several solutions" word misspelt.
    MultipleWord,
    /// The case header misspelt (`Case #k:` for `Case k:`, and the other way round).
    Header,
    /// A full grid answered as having no solution (success only reported on placing a value).
    FullGrid,
    /// An empty grid taken as the end of the input (as a 0-terminated list is read).
    EmptyGrid,
    /// The count of solutions held in a 32-bit signed integer.
    Overflow,
    /// A naive search that takes more than [`slow_budget`] nodes on some case.
    Slow(Strategy),
}

impl Wrong {
    /// The solver's name in the kill table: `several-at-4`, `slow-rowmajor`.
    pub fn name(self) -> String {
        match self {
            Wrong::SeveralAt(k) => format!("several-at-{k}"),
            Wrong::NoUniqueness => "no-uniqueness-check".into(),
            Wrong::FirstNotSmallest => "first-not-smallest".into(),
            Wrong::BoxOffByOne => "box-off-by-one".into(),
            Wrong::WallBits => "walls-left-right-swapped".into(),
            Wrong::RowsColumns => "rows-and-columns-only".into(),
            Wrong::StateKept => "state-not-reset".into(),
            Wrong::NoClashCheck => "no-clash-check".into(),
            Wrong::NoneWord => "wrong-none-word".into(),
            Wrong::MultipleWord => "wrong-multiple-word".into(),
            Wrong::Header => "wrong-case-header".into(),
            Wrong::FullGrid => "full-grid-no-solution".into(),
            Wrong::EmptyGrid => "empty-grid-ends-input".into(),
            Wrong::Overflow => "count-overflow".into(),
            Wrong::Slow(s) => format!("slow-{}", s.name()),
        }
    }

    /// What the solver does wrong, in a few words.
    pub fn describe(self) -> String {
        match self {
            Wrong::SeveralAt(k) => format!(
                "answers \"several solutions\" once at most {k} empty cells remain, each with \
                 two candidates or more"
            ),
            Wrong::NoUniqueness => "prints the first solution it finds, never looks for a second".into(),
            Wrong::FirstNotSmallest => {
                "prints the first solution of a fewest-candidates search, not the smallest".into()
            }
            Wrong::BoxOffByOne => "computes the box as (r/n)*n + (c+1)/n".into(),
            Wrong::WallBits => "reads the left wall bit as the right one and back".into(),
            Wrong::RowsColumns => "checks rows and columns only".into(),
            Wrong::StateKept => "does not reset its count or flags between cases".into(),
            Wrong::NoClashCheck => {
                "never checks givens against each other; fills the empty cells around a clash".into()
            }
            Wrong::NoneWord => "misspells the no-solution answer".into(),
            Wrong::MultipleWord => "misspells the several-solutions answer".into(),
            Wrong::Header => "misspells the case header".into(),
            Wrong::FullGrid => "answers a full grid with no solution".into(),
            Wrong::EmptyGrid => "stops reading at an empty grid".into(),
            Wrong::Overflow => "counts solutions in a 32-bit signed integer".into(),
            Wrong::Slow(s) => format!(
                "{} search, too slow past {} nodes on a case",
                match s {
                    Strategy::Rowmajor => "row-major backtracking",
                    Strategy::Mrv => "fewest-candidates backtracking",
                    Strategy::Dlx => "dancing-links",
                },
                slow_budget(s)
            ),
        }
    }

    /// Why no case inside `spec`'s data bounds can tell this solver from a right one, if none
    /// can: such a solver is reported apart and not counted.
    pub fn hidden(self, spec: &Spec) -> Option<String> {
        let b = spec.bounds(false);
        let data = |k: Held| format!("the judge's data holds no {}", k.describe());
        match self {
            // A cell with two candidates has another empty cell in its row and one in its
            // column (a row of givens that do not clash lacks as many values as it has empty
            // cells), so such a node has four empty cells at least: k <= 3 never answers.
            Wrong::SeveralAt(k) if k <= 3 => Some(
                "no search node has fewer than four empty cells that each have two candidates \
                 (each needs another empty cell in its row and in its column)"
                    .into(),
            ),
            Wrong::NoUniqueness | Wrong::FirstNotSmallest | Wrong::MultipleWord
                if !b.several =>
            {
                Some(data(Held::Several))
            }
            Wrong::NoClashCheck if !b.clash => Some(data(Held::Clash)),
            Wrong::NoneWord if !b.clash && !b.unsolvable => {
                Some("the judge's data holds no case without a solution".into())
            }
            Wrong::FullGrid if !b.full => Some(data(Held::Full)),
            Wrong::EmptyGrid if !b.empty => Some(data(Held::Empty)),
            Wrong::StateKept if spec.max_per_file() == Some(1) => {
                Some("a file holds one case".into())
            }
            Wrong::Overflow if !b.empty => Some(
                "no case of the judge's data has 2^31 solutions or more (it holds no empty grid)"
                    .into(),
            ),
            Wrong::Slow(s) if *spec.box_sizes().end() < slow_from(s) => Some(format!(
                "no grid of the problem is large enough to make it slow (it takes {}x{} or more)",
                slow_from(s).pow(2),
                slow_from(s).pow(2)
            )),
            _ => None,
        }
    }

    /// What this solver writes for `cases` (a whole input file), whose right answers are
    /// `right`; for a too-slow solver, the first case (0-based) past its budget and the nodes
    /// it took there.
    pub fn run(self, spec: &'static Spec, j: &Judged) -> Run {
        let (cases, right) = (&j.cases[..], &j.right[..]);
        if let Wrong::Slow(s) = self {
            return slow(s, spec, cases);
        }
        let mut out = Vec::new();
        let spelling = spelt(self, spec);
        let mut kept = Kept::default();
        for (i, (case, r)) in cases.iter().zip(right).enumerate() {
            if self == Wrong::EmptyGrid && case.cells().iter().all(|&v| v == 0) {
                break;
            }
            let early = match self {
                Wrong::SeveralAt(k) => j.open.get(i).is_some_and(|&open| open <= k),
                _ => false,
            };
            let answer = if early {
                Some(Answer::Multiple(grid_of(r, case.cells())))
            } else {
                self.answer(spec, case, r, &mut kept)
            }
            .unwrap_or_else(|| r.clone());
            crate::format::spell::write_answer(&spelling, i as u64 + 1, case, &answer, &mut out);
        }
        Run::Output(out)
    }

    /// This solver's answer to one case, where its mistake changes it (`None`: the right one).
    fn answer(self, spec: &Spec, case: &Case, right: &Answer, kept: &mut Kept) -> Option<Answer> {
        let mode = spec.mode;
        let board = case.to_board();
        let cells = &board.cells[..];
        let side = board.side();
        match self {
            // Decided in `run`, from the one search of `Judged::open`.
            Wrong::SeveralAt(_) => None,
            Wrong::NoUniqueness => match right {
                Answer::Multiple(g) => Some(Answer::Solved(g.clone())),
                Answer::Count(n, g) if *n >= 2 => Some(Answer::Count(1, g.clone())),
                _ => None,
            },
            Wrong::FirstNotSmallest => match right {
                Answer::Solved(_) => over(
                    &Net::of(&board.geometry),
                    cells,
                    Mode::First,
                    true,
                ),
                _ => None,
            },
            Wrong::BoxOffByOne => {
                let n = board.geometry.box_size();
                let ids: Vec<usize> = (0..cells.len())
                    .map(|c| (c / side / n) * n + (c % side + 1) / n)
                    .collect();
                let net = Net::with_groups(side, &ids).with_extras_of(&board.geometry);
                over(&net, cells, mode, true)
            }
            Wrong::WallBits => {
                let p = case.puzzle()?;
                let walls = p.layout.walls();
                let ids = regions_from(&walls, true);
                let net = Net::with_groups(side, &ids).with_extras_of(&board.geometry);
                over(&net, cells, mode, true)
            }
            Wrong::RowsColumns => over(&Net::rows_columns(side), cells, mode, true),
            Wrong::StateKept => kept.carry(mode, cells, right),
            Wrong::NoClashCheck => {
                let net = Net::of(&board.geometry);
                if !net.clashes(cells) || matches!(mode, Mode::Legal | Mode::Complete | Mode::Marks)
                {
                    return None;
                }
                over(&net, cells, mode, false)
            }
            Wrong::FullGrid => (!cells.contains(&0)).then(|| match mode {
                Mode::Exact => Answer::Count(0, Vec::new()),
                _ => Answer::NoSolution,
            }),
            Wrong::Overflow => match right {
                Answer::Count(n, g) => {
                    let wrapped = *n as u32 as i32;
                    (wrapped as i64 != *n as i64).then(|| Answer::Count(wrapped as u64, g.clone()))
                }
                _ => None,
            },
            Wrong::NoneWord | Wrong::MultipleWord | Wrong::Header | Wrong::EmptyGrid => None,
            Wrong::Slow(_) => None,
        }
    }
}

/// What a wrong solver did with a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Run {
    /// Its output.
    Output(Vec<u8>),
    /// Case `case` (0-based) took more than its budget: `nodes` at least.
    Slow { case: usize, nodes: u64 },
    /// Every case within its budget.
    InTime,
}

/// The spec a wrong solver spells its answers with: the format's own (through the spec
/// writer), or with the word or header it gets wrong.
fn spelt(w: Wrong, spec: &'static Spec) -> Spec {
    let mut output = spec.output;
    match w {
        Wrong::NoneWord => output.words.none = output.words.none.map(misspell),
        Wrong::MultipleWord => output.words.multiple = output.words.multiple.map(misspell),
        Wrong::Header => output.header = output.header.map(wrong_header),
        _ => {}
    }
    Spec {
        output,
        tuned: None,
        end_to_end: false,
        ..*spec
    }
}

/// A word with the case of the first letter of its last word changed (`No solution` ->
/// `No Solution`), or `0` for a word without letters (`-1`).
fn misspell(word: &'static str) -> &'static str {
    let Some(start) = word
        .char_indices()
        .filter(|(i, c)| c.is_alphabetic() && (*i == 0 || word[..*i].ends_with(' ')))
        .map(|(i, _)| i)
        .next_back()
    else {
        return "0";
    };
    let mut s = word.to_string();
    let c = s[start..].chars().next().unwrap_or('x');
    let flipped: String = if c.is_uppercase() {
        c.to_lowercase().collect()
    } else {
        c.to_uppercase().collect()
    };
    s.replace_range(start..start + c.len_utf8(), &flipped);
    Box::leak(s.into_boxed_str())
}

/// `Case {k}:` <-> `Case #{k}:`; an echoed label becomes `Grid {k}` (unpadded).
fn wrong_header(h: &'static str) -> &'static str {
    if h.contains("#{k}") {
        Box::leak(h.replace("#{k}", "{k}").into_boxed_str())
    } else if h.contains("{k}") {
        Box::leak(h.replace("{k}", "#{k}").into_boxed_str())
    } else {
        "Grid {k}"
    }
}

/// The regions a reader gets from HDU 4069's walls by flood fill, stepping right where the
/// cell has no right wall (bit 32) and left where it has no left wall (bit 128); with `swap`
/// it reads each of those two bits as the other.
pub fn regions_from(walls: &[u8], swap: bool) -> Vec<usize> {
    let (right, left) = if swap { (128, 32) } else { (32, 128) };
    let n = walls.len();
    let side = (n as f64).sqrt() as usize;
    let mut id = vec![usize::MAX; n];
    let mut next = 0;
    for start in 0..n {
        if id[start] != usize::MAX {
            continue;
        }
        id[start] = next;
        let mut stack = vec![start];
        while let Some(c) = stack.pop() {
            let (r, col) = (c / side, c % side);
            let w = walls[c];
            let mut step = |to: usize| {
                if id[to] == usize::MAX {
                    id[to] = next;
                    stack.push(to);
                }
            };
            if w & 16 == 0 && r > 0 {
                step(c - side);
            }
            if w & 64 == 0 && r + 1 < side {
                step(c + side);
            }
            if w & right == 0 && col + 1 < side {
                step(c + 1);
            }
            if w & left == 0 && col > 0 {
                step(c - 1);
            }
        }
        next += 1;
    }
    id
}

/// A grid to go with a word answer: the right answer's, or the givens.
fn grid_of(right: &Answer, cells: &[u8]) -> Vec<u8> {
    match right {
        Answer::Solved(g) | Answer::Multiple(g) | Answer::NotMinimal(g) => g.clone(),
        _ => cells.to_vec(),
    }
}

/// The answer in `mode` of a solver that believes in `net` (and checks givens against each
/// other when `check_givens`); `None` where its search ran out of budget or the mode is not
/// one it searches.
fn over(net: &Net, cells: &[u8], mode: Mode, check_givens: bool) -> Option<Answer> {
    let opts = |order, limit| Opts {
        check_givens,
        ..Opts::plain(order, limit, SEARCH_BUDGET)
    };
    let done = |f: Found| match f {
        Found::Done {
            count, first, best, ..
        } => Some((count, first.unwrap_or_default(), best)),
        _ => None,
    };
    let unique = |net: &Net, cells: &[u8]| -> Option<Answer> {
        let (n, g, _) = done(search(net, cells, &opts(Order::Fewest, 2)))?;
        Some(match n {
            0 => Answer::NoSolution,
            1 => Answer::Solved(g),
            _ => Answer::Multiple(g),
        })
    };
    let solved = |n: u64, g: Vec<u8>| {
        if n == 0 {
            Answer::NoSolution
        } else {
            Answer::Solved(g)
        }
    };
    Some(match mode {
        Mode::First => {
            let (n, g, _) = done(search(net, cells, &opts(Order::Fewest, 1)))?;
            solved(n, g)
        }
        Mode::Lexmin => {
            let (n, g, _) = done(search(net, cells, &opts(Order::RowMajor, 1)))?;
            solved(n, g)
        }
        Mode::Unique => unique(net, cells)?,
        Mode::Verdict => {
            if check_givens && net.clashes(cells) {
                Answer::Illegal
            } else {
                unique(net, cells)?
            }
        }
        Mode::Exact => {
            let (n, g, _) = done(search(net, cells, &opts(Order::Fewest, u64::MAX)))?;
            Answer::Count(n, g)
        }
        Mode::Best => {
            let weights = target_weights(net.side);
            let o = Opts {
                weights: Some(&weights),
                ..opts(Order::Fewest, u64::MAX)
            };
            let (_, _, best) = done(search(net, cells, &o))?;
            match best {
                Some((s, g)) => Answer::Score(s, g),
                None => Answer::NoSolution,
            }
        }
        Mode::Minimal => match unique(net, cells)? {
            Answer::Solved(g) => {
                let mut q = cells.to_vec();
                for c in 0..q.len() {
                    if q[c] == 0 {
                        continue;
                    }
                    let v = std::mem::replace(&mut q[c], 0);
                    let (n, _, _) = done(search(net, &q, &opts(Order::Fewest, 2)))?;
                    q[c] = v;
                    if n == 1 {
                        return Some(Answer::NotMinimal(g));
                    }
                }
                Answer::Solved(g)
            }
            other => other,
        },
        Mode::Legal => legal(!net.clashes(cells)),
        Mode::Complete => legal(!cells.contains(&0) && !net.clashes(cells)),
        Mode::Marks => Answer::Marks(net.marks(cells)),
        Mode::Singles
        | Mode::Anti
        | Mode::SumOfAll
        | Mode::CountSmallest
        | Mode::Hatching
        | Mode::Derived
        | Mode::Positions
        | Mode::Similar
        | Mode::OnePass
        | Mode::Every
        | Mode::Nth => {
            return None;
        }
    })
}

fn legal(ok: bool) -> Answer {
    if ok { Answer::Legal } else { Answer::Illegal }
}

/// What a solver that never resets its state carries from case to case.
#[derive(Default)]
struct Kept {
    /// Solutions counted so far (capped at 2 where the mode counts to 2).
    count: u64,
    /// A solution was found in an earlier case.
    found: bool,
    /// A repeat was seen in an earlier grid.
    bad: bool,
    /// The marks of the earlier grids.
    marks: Vec<bool>,
    /// The best score so far.
    best: u64,
}

impl Kept {
    /// The answer with the state carried over, where that changes it.
    fn carry(&mut self, mode: Mode, cells: &[u8], right: &Answer) -> Option<Answer> {
        match mode {
            Mode::Unique | Mode::Verdict | Mode::Minimal => {
                let own = match right {
                    Answer::NoSolution | Answer::Illegal => 0,
                    Answer::Multiple(_) => 2,
                    _ => 1,
                };
                if matches!(right, Answer::Illegal) {
                    return None;
                }
                let total = (self.count + own).min(2);
                self.count = total;
                (total >= 2 && own < 2).then(|| Answer::Multiple(grid_of(right, cells)))
            }
            Mode::Exact => {
                let Answer::Count(n, g) = right else {
                    return None;
                };
                let total = self.count.saturating_add(*n);
                self.count = total;
                (total != *n).then(|| Answer::Count(total, g.clone()))
            }
            Mode::First | Mode::Lexmin => {
                let before = self.found;
                if matches!(right, Answer::Solved(_) | Answer::Multiple(_)) {
                    self.found = true;
                }
                // The search returns at once: the grid is printed as it was read.
                (before && cells.contains(&0)).then(|| Answer::Solved(cells.to_vec()))
            }
            Mode::Best => {
                let Answer::Score(s, g) = right else {
                    return None;
                };
                let before = self.best;
                self.best = self.best.max(*s);
                (before > *s).then(|| Answer::Score(before, g.clone()))
            }
            Mode::Legal | Mode::Complete => {
                let before = self.bad;
                if matches!(right, Answer::Illegal) {
                    self.bad = true;
                }
                (before && matches!(right, Answer::Legal)).then_some(Answer::Illegal)
            }
            Mode::Marks => {
                let Answer::Marks(m) = right else {
                    return None;
                };
                if self.marks.len() != m.len() {
                    self.marks = vec![false; m.len()];
                }
                let carried: Vec<bool> = m.iter().zip(&self.marks).map(|(a, b)| *a || *b).collect();
                self.marks = carried.clone();
                (carried != *m).then_some(Answer::Marks(carried))
            }
            Mode::Singles
        | Mode::Anti
        | Mode::SumOfAll
        | Mode::CountSmallest
        | Mode::Hatching
        | Mode::Derived
        | Mode::Positions
        | Mode::Similar
        | Mode::OnePass
        | Mode::Every
        | Mode::Nth => {
                None
            }
        }
    }
}

/// The first case on which `s` takes more than its budget.
fn slow(s: Strategy, spec: &Spec, cases: &[Case]) -> Run {
    let limit = match spec.mode {
        Mode::First | Mode::Lexmin => 1,
        _ => 2,
    };
    let budget = slow_budget(s);
    for (i, case) in cases.iter().enumerate() {
        let board = case.to_board();
        if board.side() < 9 || board.first_clash(&board.cells).is_some() {
            continue;
        }
        let count = s.count(&board, limit, budget + 1);
        if count.nodes > budget {
            return Run::Slow {
                case: i,
                nodes: count.nodes,
            };
        }
    }
    Run::InTime
}

/// The wrong solvers of `spec`: the mistakes its mode, its answers and its layout allow.
/// The zoo's solvers know units only, so a record with rules beyond them (cages, relation
/// marks, dominoes) has none yet, nor one whose case carries a grid (NWERC 2006) or other
/// puzzles it compares (NWRRC 2013), or one without input (HDU 3476), or one on a net (SGU
/// 437, Tight-Fit Sudoku).
pub fn zoo(spec: &Spec) -> Vec<Wrong> {
    if spec.has_rules()
        || spec.on_net()
        || matches!(spec.input.rows, Rows::Pair | Rows::Grids)
        || spec.input.container == Container::NoInput
    {
        return Vec::new();
    }
    let mode = spec.mode;
    let w = &spec.output.words;
    let counts_two = matches!(mode, Mode::Unique | Mode::Verdict | Mode::Minimal);
    let searches = matches!(
        mode,
        Mode::First
            | Mode::Unique
            | Mode::Lexmin
            | Mode::Exact
            | Mode::Verdict
            | Mode::Minimal
            | Mode::Best
    );
    let checks = matches!(mode, Mode::Legal | Mode::Complete | Mode::Marks);
    let walls = spec.input.cells == Cells::Walls;
    let mut out = Vec::new();
    if counts_two {
        out.extend((2..=6).map(Wrong::SeveralAt));
    }
    if counts_two || mode == Mode::Exact {
        out.push(Wrong::NoUniqueness);
    }
    if mode == Mode::Lexmin {
        out.push(Wrong::FirstNotSmallest);
    }
    if (searches || checks) && !walls && *spec.box_sizes().end() >= 2 {
        out.push(Wrong::BoxOffByOne);
    }
    if walls && searches {
        out.push(Wrong::WallBits);
    }
    if searches || checks {
        out.push(Wrong::RowsColumns);
    }
    if (searches || checks) && spec.input.container != Container::Single {
        out.push(Wrong::StateKept);
    }
    if searches {
        out.push(Wrong::NoClashCheck);
    }
    if w.none.is_some() && searches {
        out.push(Wrong::NoneWord);
    }
    if w.multiple.is_some() {
        out.push(Wrong::MultipleWord);
    }
    if spec.output.header.is_some() {
        out.push(Wrong::Header);
    }
    if searches {
        out.push(Wrong::FullGrid);
    }
    if spec.input.container != Container::Single && (searches || checks) {
        out.push(Wrong::EmptyGrid);
    }
    if mode == Mode::Exact {
        out.push(Wrong::Overflow);
    }
    if matches!(mode, Mode::First | Mode::Unique | Mode::Lexmin) {
        out.extend(crate::generate::against::STRATEGIES.map(Wrong::Slow));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::judges::find;

    #[test]
    fn misspellings_change_one_letter() {
        assert_eq!(misspell("No solution"), "No Solution");
        assert_eq!(misspell("NO SOLUTION"), "NO sOLUTION");
        assert_eq!(misspell("Multiple Solutions"), "Multiple solutions");
        assert_eq!(misspell("Could not complete this grid."), "Could not complete this Grid.");
        assert_eq!(misspell("-1"), "0");
        assert_eq!(wrong_header("Case {k}:"), "Case #{k}:");
        assert_eq!(wrong_header("Case #{k}:"), "Case {k}:");
    }

    #[test]
    fn walls_read_right_give_the_layout_and_swapped_do_not() {
        let spec = find("hdu4069").unwrap();
        let cases = crate::format::read_all(spec, spec.sample.0.as_bytes()).unwrap();
        let p = cases[0].puzzle().unwrap();
        let walls = p.layout.walls();
        let ids = regions_from(&walls, false);
        for c in 0..81 {
            for d in 0..81 {
                assert_eq!(
                    ids[c] == ids[d],
                    p.layout.region_of(c) == p.layout.region_of(d)
                );
            }
        }
        assert_ne!(regions_from(&walls, true), ids);
    }

    #[test]
    fn each_format_gets_the_mistakes_its_answers_allow() {
        let names = |f: &str| -> Vec<String> {
            zoo(find(f).unwrap()).into_iter().map(Wrong::name).collect()
        };
        let hdu = names("hdu4069");
        assert!(hdu.contains(&"walls-left-right-swapped".to_string()));
        assert!(!hdu.contains(&"box-off-by-one".to_string()));
        assert!(hdu.contains(&"several-at-4".to_string()));
        let uva = names("uva989");
        assert!(uva.contains(&"first-not-smallest".to_string()));
        assert!(!uva.contains(&"several-at-4".to_string()));
        assert_eq!(
            Wrong::NoClashCheck.hidden(find("uva989").unwrap()).as_deref(),
            Some("the judge's data holds no clashing givens")
        );
        assert!(Wrong::SeveralAt(3).hidden(find("hdu4069").unwrap()).is_some());
        assert!(Wrong::SeveralAt(4).hidden(find("hdu4069").unwrap()).is_none());
    }
}
