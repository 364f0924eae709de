//! A judge format as data: how its cases are laid out, how each cell is spelled, what the
//! problem asks of the engine and how its answers are spelled. One [`Spec`] per judge problem
//! (the table is in [`super::judges`]); one reader ([`super::generic`]) and one writer
//! ([`super::spell`]) interpret them, so adding a judge problem is a table entry and its
//! fixtures.
//!
//! The four core formats (POJ 2676, HDU 4069, 81-character lines, LeetCode boards) have specs
//! too, so that `formats`, `gen` and `package` see every format alike, but their cases are read
//! and answered by the hand-tuned readers of [`super::Format`] ([`Spec::tuned`]).

use super::Format;
use super::holds::{Bounds, Held, Holds, Kind};
use crate::model::Mode;

/// One judge problem's format.
#[derive(Debug)]
pub struct Spec {
    /// The `--format` name.
    pub name: &'static str,
    /// Other names for the same format (`uva1309` for `poj3076`, ...).
    pub aliases: &'static [&'static str],
    /// The judge problem(s): `HDU 1426 "Sudoku Killer"`.
    pub judge: &'static str,
    /// One line: what a case is and what is answered.
    pub summary: &'static str,
    /// How the input is laid out.
    pub input: Input,
    /// How answers are spelled.
    pub output: Output,
    /// What the problem asks of the engine.
    pub mode: Mode,
    /// The judge has a special judge that accepts any valid answer grid, not one exact grid.
    pub any_grid: bool,
    /// What the statement promises of every case of the input (`validate` checks the cheap
    /// part of it).
    pub promise: Promise,
    /// Details the statements leave open, the choice made, and why (JUDGES.md's **I** tags).
    pub notes: &'static [&'static str],
    /// The sample input and output (verbatim, or built from the format description where the
    /// problem publishes none: the notes say so).
    pub sample: (&'static str, &'static str),
    /// The hand-tuned reader serving this spec's 9x9 files: the core formats', or one it
    /// borrows (LeetCode 36 reads LeetCode 37's boards).
    pub tuned: Option<Format>,
    /// The tuned format serves this spec end to end (reader, solver limit, writer): true for
    /// the four core formats only ([`Spec::core`]).
    pub end_to_end: bool,
    /// What `gen` makes by default.
    pub generate: Gen,
    /// What the judge's real data holds beyond the promise, with the evidence
    /// ([`super::holds`]): `gen` and `package` stay inside it unless asked to go beyond.
    pub holds: Holds,
}

/// What `gen` makes for a format unless told otherwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Gen {
    /// Weights of unique, unsolvable and multiple-solution cases. In the legality modes: legal
    /// grids, grids with a repeat, and legal grids with more cells empty.
    pub unique: u32,
    pub none: u32,
    pub multiple: u32,
    /// The givens per case where the problem fixes them (HDU 2780 leaves five cells empty).
    pub clues: Option<(usize, usize)>,
    /// Unique cases are solved by singles alone (HDU 3111: "reachable without guessing").
    pub easy: bool,
}

impl Gen {
    /// Unique puzzles only.
    pub const UNIQUE: Gen = Gen::mix(100, 0, 0);

    /// Cases in these proportions.
    pub const fn mix(unique: u32, none: u32, multiple: u32) -> Gen {
        Gen {
            unique,
            none,
            multiple,
            clues: None,
            easy: false,
        }
    }
}

/// What a problem's statement promises of every case of its input. `validate` checks what is
/// cheap to check — clashing givens and the number of empty cells — and then, with the engine
/// within a search budget, that a promised solution exists (uniqueness is not checked).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Promise {
    pub solutions: Solutions,
    /// The fewest and most empty cells a case has, where the statement bounds them (`(0, 0)`:
    /// full grids).
    pub empty: Option<(usize, usize)>,
}

/// How many solutions a case is promised to have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Solutions {
    /// Any number: the answer covers cases without a solution (a verdict word, a count of 0, a
    /// legality check), so clashing givens are legal input.
    Any,
    /// At least one, so the givens do not clash.
    Some,
    /// Exactly one, so the givens do not clash.
    One,
}

impl Promise {
    /// Any readable case.
    pub const ANY: Promise = Promise::new(Solutions::Any, None);
    /// A puzzle with a solution.
    pub const SOLVABLE: Promise = Promise::new(Solutions::Some, None);
    /// A puzzle with exactly one solution.
    pub const UNIQUE: Promise = Promise::new(Solutions::One, None);
    /// A full grid, legal or not (the legality checks of filled grids).
    pub const FULL: Promise = Promise::new(Solutions::Any, Some((0, 0)));
    /// A full grid without a clash: a solved Sudoku.
    pub const SOLVED: Promise = Promise::new(Solutions::One, Some((0, 0)));

    pub const fn new(solutions: Solutions, empty: Option<(usize, usize)>) -> Promise {
        Promise { solutions, empty }
    }

    /// True when clashing givens are legal input.
    pub fn clashes_allowed(&self) -> bool {
        self.solutions == Solutions::Any
    }

    /// What a case is promised to be, for messages: `a solvable puzzle`, `a full grid`.
    pub fn describe(&self) -> String {
        match (self.solutions, self.empty) {
            (Solutions::Any, Some((0, 0))) => "a full grid".into(),
            (_, Some((0, 0))) => "a solved grid".into(),
            (Solutions::Any, None) => "a readable case".into(),
            (Solutions::Some, None) => "a solvable puzzle".into(),
            (Solutions::One, None) => "a puzzle with one solution".into(),
            (_, Some((lo, hi))) if lo == hi => format!("exactly {lo} empty cells"),
            (_, Some((0, hi))) => format!("at most {hi} empty cells"),
            (_, Some((lo, hi))) => format!("{lo} to {hi} empty cells"),
        }
    }
}

/// How the cases of an input file are laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Input {
    pub container: Container,
    /// What comes before each grid.
    pub size: Size,
    /// A label line before each grid, echoed in the answer (`Grid 01`).
    pub label: Option<Label>,
    /// How a row of cells is spelled.
    pub rows: Rows,
    /// The cell alphabet.
    pub cells: Cells,
    /// What the canonical input puts between cases (blank lines are accepted anywhere).
    pub sep: Sep,
    /// Lines made only of these bytes are decoration (`---` between HDU 3111 cases, the
    /// `------+-------+------` of Jutge, the `+---+` frame of COCI) and are skipped. Empty: none.
    pub decoration: &'static [u8],
    /// Both main diagonals are units too (X-sudoku).
    pub diagonals: bool,
    /// The largest number of cases the problem allows (T, or cases to end of file); for
    /// [`Rows::Grids`], whose input is one case, the largest number of puzzles.
    pub max_cases: Option<u64>,
}

/// A label line before each grid (`Grid 01`), which the answer echoes as its header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Label {
    /// The word the line starts with (`Grid`).
    pub word: &'static str,
    /// The longest label line, in bytes (trailing blanks aside). One limit for every reader of
    /// the format: a longer label is a reading error (to `solve`, `validate` and `check`'s
    /// input alike), and `check` reads a token of the output up to this long, so that a label
    /// `solve` echoes is never too long for `check` ([`Spec::token_limit`]).
    pub max: usize,
}

/// How many cases there are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Container {
    /// A line with the number of cases T first.
    Count,
    /// Cases until the end of the input.
    Eof,
    /// Exactly one case.
    Single,
    /// Cases until a line holding only this word (POJ 3074's `end`) or the end of the input.
    EndWord(&'static str),
    /// No input at all: the one case is the empty grid of the fixed size (HDU 3476 asks a
    /// question of the empty 4x4 grid).
    NoInput,
}

/// The size of each case's grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Size {
    /// Always box size `n` (side `n²`).
    Fixed(usize),
    /// A line with the box size `n`, `min..=max`, before each grid (UVa 989, HDU 3909).
    Line { min: usize, max: usize },
    /// The whole grid is one line whose number of cells gives the size (16, 81, 256, 625).
    FromLength,
    /// No grid: the case is on a net ([`crate::model::Net`]) whose shape the rows give
    /// ([`Rows::Hexagon`], [`Rows::Split`]); its box size is taken as `0`.
    Net,
}

/// How a row of cells is spelled in the input (and in answers of the same shape).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rows {
    /// One line per row, one character per cell (blanks between them are ignored on input).
    Chars,
    /// One line per row, cells as tokens separated by blanks.
    Tokens,
    /// One line per row as tokens, with `|` tokens between boxes (Jutge P78955).
    Boxed,
    /// One line per row, one character per cell, framed by `|` (COCI 2023).
    Framed,
    /// All N² cells as tokens in any layout (POJ 3435).
    Free,
    /// The whole grid on one line (81-character lines and their other sizes).
    OneLine,
    /// Killer Sudoku (CodinGame): one line per row, its cells then a blank and one cage id per
    /// cell (`a`-`z`, `A`-`Z`), then a line of `id=sum` tokens ([`super::rules`]).
    Killer,
    /// No cells: the marks between neighbours inside each box, a line per row of a band and a
    /// line between two rows of it, as [`Marks`] spells them ([`super::rules`]).
    Marks(Marks),
    /// CodinGame's Killer Sudoku Extreme Challenge: the number of puzzles, a line of one cage
    /// id per cell for each, then a line of `id=sum` tokens for each; no givens. The whole
    /// input is one case ([`super::rules`]).
    KillerSet,
    /// Su-Domino-Ku (HDU 4210): the number N of dominoes placed, N lines `U LU V LV` (values and
    /// locations `A1`-`I9`), then the line of the nine locations of the digits 1 to 9; the other
    /// cells are covered by the dominoes left ([`super::dominoes`]).
    Dominoes,
    /// Two grids a case, each one line per row of one character per cell (NWERC 2006): a
    /// solved grid, then a puzzle. The case's board is the puzzle, carrying the grid along
    /// ([`crate::model::Rules::with_more`]).
    Pair,
    /// NWRRC 2013 "Intellectual Property": the number of puzzles, then each puzzle one line
    /// per row of one character per cell, a blank line between two. The whole input is one
    /// case, the first puzzle carrying the others along; the record's `max_cases` bounds the
    /// number of puzzles ([`super::similar`]).
    Grids,
    /// SGU 437 "Hexodoku": a line `K N` (values `1..=K`, `7 <= K <= 31`; the N-th solution
    /// asked), then the 31 values of the hexagon's cells as tokens in any layout, `0` empty.
    /// The case is on [`crate::model::Net::hexodoku`] ([`super::net`]).
    Hexagon,
    /// Tight-Fit Sudoku (GNY 2016): six lines of six tokens, a cell one value or a split cell
    /// `a/b` of two, smaller first (`-` empty: `-/5`); values `1..=9`. The case is on
    /// [`crate::model::Net::tight_fit`] ([`super::net`]).
    Split,
}

/// The relation marks of [`Rows::Marks`] formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Marks {
    pub kind: MarkKind,
    /// How a written line of marks is spaced (any spacing is read).
    pub spacing: MarkSpacing,
}

/// What a mark between two neighbours says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarkKind {
    /// `<` `>` between a cell and the one on its right, `^` (upper smaller) `v` (upper larger)
    /// between a cell and the one below (CQOI 2013, UVa 11570).
    Order,
    /// `<` `=` `>`: the pair adds up to less than, exactly or more than `N + 1` (Kattis
    /// sumdoku).
    SumVsSide,
}

/// How a line of marks is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarkSpacing {
    /// One space between two marks (`> < < < > <`).
    Spaces,
    /// No spaces (`<==<=>`).
    Tight,
    /// A row's marks grouped by box, a space between groups (`>< << ><`); lines between rows
    /// spaced.
    Grouped,
}

/// How a cell's value is spelled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cells {
    /// Value `i + 1` is the byte `values[i]`; an empty cell is any byte of `empty`, written as
    /// `empty[0]`. The alphabet is cut to the grid's side.
    Alphabet {
        values: &'static [u8],
        empty: &'static [u8],
    },
    /// Decimal numbers `1..=N`, `0` for empty.
    Numbers,
    /// HDU 4069's wall-coded numbers `0..=255` (9x9 only): the digit in the low four bits (`0`
    /// empty), walls in bits 16, 32, 64 and 128 (up, right, down, left); the case's nine
    /// regions are those the walls enclose.
    Walls,
    /// Digits `1`-`9` up to 9x9, letters `A`-`P` at 16x16 and `A`-`Y` at 25x25; `.` or `0` empty
    /// (the line format of every size).
    BySize,
}

/// What separates cases in the output (and in the canonical input).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sep {
    None,
    /// A blank line between two cases, none after the last.
    BlankBetween,
    /// A blank line after every case, the last included.
    BlankAfter,
    /// A blank line before every case, the first included (HDU 5547's input).
    BlankBefore,
    /// This line between two cases (HDU 3111's `---`).
    LineBetween(&'static str),
    /// This line after every case, the last included (Jutge P79494's 30 `*`).
    LineAfter(&'static str),
}

/// How answers are spelled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Output {
    /// A line before each answer, `{k}` replaced by the case number and `{label}` by the input's
    /// label line: `Case {k}:`, `Case #{k}:`, `Scenario #{k}:`, `{label}`.
    pub header: Option<&'static str>,
    /// Answers that are one word start on the header line, after it (`Case 1: Unique.`).
    pub inline: bool,
    /// How answer grids are spelled.
    pub grid: GridStyle,
    pub sep: Sep,
    pub words: Words,
}

/// How an answer grid is spelled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GridStyle {
    /// As the input's rows (same alphabet).
    Chars,
    /// Tokens separated by one space.
    Tokens,
    /// Tokens with ` | ` between boxes and a `------+-------+------` line between bands.
    Boxed,
    /// The whole grid on one line.
    OneLine,
    /// AOJ 0126: each value preceded by `*` when it repeats in a unit, else by a space.
    Marks,
}

/// The words of the answers that are not grids. `None`: the problem has no word for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Words {
    pub none: Option<&'static str>,
    pub multiple: Option<&'static str>,
    pub not_minimal: Option<&'static str>,
    pub illegal: Option<&'static str>,
    pub unique: Option<&'static str>,
    /// Legality checks: the grid is legal / not.
    pub yes: Option<&'static str>,
    pub no: Option<&'static str>,
    /// Propagation: solved by singles alone / not.
    pub easy: Option<&'static str>,
    pub not_easy: Option<&'static str>,
    /// A count said after the answer grid, `{n}` replaced by it (TIOJ 1581's `We have {n}
    /// way(s) to solve it!!`, a blank line before it); `None`: the count alone, before the
    /// grid (SPOJ SUDOGOB).
    pub count_after: Option<&'static str>,
    /// A line before a solution grid (SGU 437's `Found`).
    pub found: Option<&'static str>,
}

impl Words {
    /// No words at all.
    pub const NONE: Words = Words {
        none: None,
        multiple: None,
        not_minimal: None,
        illegal: None,
        unique: None,
        yes: None,
        no: None,
        easy: None,
        not_easy: None,
        count_after: None,
        found: None,
    };
}

impl Spec {
    /// True when `name` is this format's name or one of its aliases.
    pub fn is_called(&self, name: &str) -> bool {
        self.name == name || self.aliases.contains(&name)
    }

    /// The tuned format serving this spec end to end (reader, solver limit, writer): the core
    /// formats only. LeetCode 36 reads with the tuned LeetCode reader but answers as a spec.
    pub fn core(&self) -> Option<Format> {
        self.tuned.filter(|_| self.end_to_end)
    }

    /// Whether an answer's bytes depend on its case's number: a header naming it (`Case {k}:`),
    /// a separator between cases (none before the first), or HDU 4069's own writer.
    pub fn numbers_answers(&self) -> bool {
        let o = &self.output;
        o.header.is_some_and(|h| h.contains("{k}"))
            || matches!(o.sep, Sep::BlankBetween | Sep::LineBetween(_))
            || self.core() == Some(Format::Hdu4069)
    }

    /// The most cases one input file of this format may hold: one for a single-case problem, the
    /// problem's bound on T where it states one.
    pub fn max_per_file(&self) -> Option<u64> {
        match self.input.container {
            Container::Single | Container::NoInput => Some(1),
            _ => self.input.max_cases,
        }
    }

    /// The longest token `check` reads in an answer of this format: `floor` (what any answer
    /// of cells and words fits in), or the longest label line where answers echo one, whichever
    /// is longer.
    pub fn token_limit(&self, floor: usize) -> usize {
        self.input.label.map_or(floor, |l| floor.max(l.max))
    }

    /// True when this format's cases carry rules beyond units (cages, relation marks, a
    /// domino tiling). A [`Rows::Pair`] case carries a grid too, but its puzzle is solved
    /// without it, by either kind.
    pub fn has_rules(&self) -> bool {
        matches!(
            self.input.rows,
            Rows::Killer | Rows::Marks(_) | Rows::KillerSet | Rows::Dominoes
        )
    }

    /// True when only the bitmask search serves this format's cases (relation marks between
    /// cells): `--solver dlx` is refused for it. The DLX family serves units, nets, cages
    /// and Su-Domino-Ku's tiling.
    pub fn bitmask_only(&self) -> bool {
        matches!(self.input.rows, Rows::Marks(_))
    }

    /// The line a whole input file of this format ends with, where its judge's programs need
    /// it (`0` after the last Su-Domino-Ku puzzle); the reader takes its absence too. POJ
    /// 3074's `end` is not written: its files end at the last puzzle.
    pub fn end_line(&self) -> Option<&'static str> {
        match (self.input.container, self.input.rows) {
            (Container::EndWord(w), Rows::Dominoes) => Some(w),
            _ => None,
        }
    }

    /// The box sizes a case of this format can have.
    pub fn box_sizes(&self) -> std::ops::RangeInclusive<usize> {
        match self.input.size {
            Size::Fixed(n) => n..=n,
            Size::Line { min, max } => min..=max,
            Size::FromLength => 1..=crate::model::MAX_SOLVE_BOX,
            Size::Net => 0..=0,
        }
    }

    /// True when this format's cases are on a net ([`Size::Net`]), not a grid.
    pub fn on_net(&self) -> bool {
        self.input.size == Size::Net
    }
}

/// What the judge's data holds, against the promise ([`super::holds`]).
impl Spec {
    /// Whether the statement's promise allows cases of `kind` (its letter, whatever the data).
    pub fn promise_allows(&self, kind: Kind) -> bool {
        let p = self.promise;
        let any = p.solutions == Solutions::Any;
        match kind {
            Kind::Clash | Kind::Unsolvable => any,
            Kind::Several => p.solutions != Solutions::One,
            Kind::Full => p.empty.is_none_or(|(lo, _)| lo == 0),
            // Listing every solution promises boards with few (`validate` holds a board to at
            // most `solve::every::CAP`): an empty grid has 6.67e21.
            // Cages and relations can make an empty grid's solution unique (CodinGame's killer
            // test 4 is one).
            Kind::Empty => {
                p.empty.is_none()
                    && (p.solutions != Solutions::One || self.has_rules())
                    && self.mode != Mode::Every
            }
        }
    }

    /// Whether the judge's data holds cases of `kind`: the promise allows them and no evidence
    /// says the data has none.
    pub fn data_holds(&self, kind: Kind) -> bool {
        self.promise_allows(kind)
            && !matches!(self.holds.of(kind), Held::No(..))
            && (kind != Kind::Empty || self.has_rules() || self.data_holds(Kind::Several))
    }

    /// What `gen` and `package` may write of this format: the kinds its data holds or, with
    /// `beyond`, every kind its promise allows.
    pub fn bounds(&self, beyond: bool) -> Bounds {
        let ok = |k| {
            if beyond {
                self.promise_allows(k)
            } else {
                self.data_holds(k)
            }
        };
        Bounds {
            clash: ok(Kind::Clash),
            unsolvable: ok(Kind::Unsolvable),
            several: ok(Kind::Several),
            full: ok(Kind::Full),
            empty: ok(Kind::Empty),
            one_empty: self.promise.empty.is_none_or(|(lo, hi)| lo <= 1 && 1 <= hi),
        }
    }

    /// One line per kind: whether the data holds it, and why (for `formats NAME`).
    pub fn holds_lines(&self) -> Vec<String> {
        Kind::ALL
            .iter()
            .map(|&k| {
                let what = k.describe();
                if !self.promise_allows(k) {
                    return format!("{what}: no (outside the statement's promise)");
                }
                match self.holds.of(k) {
                    // An empty grid has several solutions (HDU 3111's data holds none).
                    Held::Promise | Held::Yes(..) if !self.data_holds(k) => format!(
                        "{what}: not in the data, beyond it (an empty grid has several \
                         solutions, which the data does not hold)"
                    ),
                    Held::Promise => format!("{what}: yes (the promise allows them; nothing known beyond it)"),
                    Held::Yes(c, why) => format!("{what}: yes ({}: {why})", c.describe()),
                    Held::No(c, why) => {
                        format!("{what}: not in the data, beyond it ({}: {why})", c.describe())
                    }
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use crate::format::holds::{Held, Kind};
    use crate::format::judges::{JUDGES, find};

    #[test]
    fn the_token_limit_takes_the_longest_label() {
        let novice = find("spoj-novice42").unwrap();
        let label = novice.input.label.unwrap();
        assert_eq!(novice.token_limit(16), label.max.max(16));
        assert_eq!(find("poj2676").unwrap().token_limit(4096), 4096);
    }



    /// An empty grid of units alone has several solutions: no default set holds one where the
    /// data holds no several (HDU 3111's `gen --edge` wrote the empty grid, 9x9, for an exact
    /// comparison).
    #[test]
    fn no_empty_grid_where_the_data_holds_no_several_solutions() {
        for s in JUDGES {
            if s.data_holds(Kind::Empty) && !s.has_rules() {
                assert!(s.data_holds(Kind::Several), "{}", s.name);
            }
        }
        // Cages and relations can make an empty grid's solution unique: CodinGame's killer
        // test 4 is an empty grid, and CQOI 2013's grids are all empty.
        for name in ["codingame-killer", "cqoi2013"] {
            assert!(find(name).unwrap().data_holds(Kind::Empty), "{name}");
        }
        let hdu3111 = find("hdu3111").unwrap();
        assert!(!hdu3111.bounds(false).empty && hdu3111.bounds(true).empty);
        // Listing every solution promises boards with few: no empty grid even --beyond.
        assert!(!find("jutge-p79494").unwrap().bounds(true).empty);
    }

    #[test]
    fn no_record_claims_what_its_promise_rules_out() {
        for s in JUDGES {
            for k in Kind::ALL {
                if let Held::Yes(..) = s.holds.of(k) {
                    assert!(s.promise_allows(k), "{}: {k:?}", s.name);
                }
            }
        }
    }

    #[test]
    fn uva989_holds_no_clash_and_poj2676_no_unsolvable() {
        let uva = find("uva989").unwrap();
        assert!(!uva.bounds(false).clash);
        assert!(uva.bounds(true).clash);
        assert!(uva.bounds(false).unsolvable && uva.bounds(false).several);
        let poj = find("poj2676").unwrap();
        for beyond in [false, true] {
            let b = poj.bounds(beyond);
            assert!(!b.clash && !b.unsolvable && b.full && b.empty && b.several);
        }
        let line = find("line").unwrap().bounds(true);
        assert!(!line.several && !line.empty && line.full);
        let five = find("hdu2780").unwrap().bounds(true);
        assert!(!five.full && !five.empty && !five.one_empty);
    }
}
