//! Input validation behind `sudoku-judge validate`: is a file readable as its format (and,
//! strictly, spelled exactly as the judge's data is), and is each case what the problem
//! promises (givens that do not clash where it promises a solvable puzzle, a full grid, five
//! empty cells, a solution, one solution, an answer a search can reach, ...)?
//!
//! The promises about solutions are checked by the engine within the search budget (as
//! `solve --budget`): a solution where the problem promises one (or a unique one), and, for
//! the problems whose answer is itself a search that can
//! run for ever (exact counts, best scores, smallest solutions, minimality), that answer.
//!
//! Cases stream in batches through the format's reader ([`Cases`]: the tuned 9x9 reader of a
//! core format, the generic reader of every other); with `strict` every byte the reader goes
//! through is also compared with the canonical spelling (`RoundTrip`), and the count of cases
//! is held to the problem's bounds. The caller hears of each case in order, up to the first
//! fault, and then of the fault.

use super::canonical::{RoundTrip, SpecSpelling, Spelling};
use super::cases::Cases;
use crate::format::detect;
use crate::format::spec::Solutions;
use crate::format::spec::{Container, Rows, Spec};
use crate::format::{ParseError, Pos, Reader, spell};
use crate::input::Source;
use crate::model::geometry::cell_name;
use crate::model::{Case, Clash};
use crate::pipeline::{Failure, Seen};
use crate::solve::SolverKind;
use crate::solve::engine::{Answer, Engine, Mode};
use std::io;

/// Bytes of what follows a finished input that the strict check looks at.
const REST: usize = 1 << 16;

/// How to validate.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// The format, or `None` to detect it from the content.
    pub format: Option<&'static Spec>,
    /// Also require the exact layout of the judge's data, and the problem's bound on cases.
    pub strict: bool,
    /// The search nodes the searched promises of a case may take; `None`: the promises that
    /// need a search (a solution, an answer within the budget) are not checked, only what
    /// reading shows (`--format auto`'s guess reads inputs, it does not solve them).
    pub budget: Option<u64>,
}

/// What ended a file's validation early.
#[derive(Debug)]
pub enum Stop {
    /// The format cannot be told from the content (the message starts with `1:1:`).
    Detect(String),
    /// Not readable as the format, or with `strict` not spelled as its judge data is: the
    /// position and what is wrong.
    Input(Failure),
    /// The caller failed to take a case (writing its line failed).
    Output(io::Error),
}

/// How a file went.
#[derive(Debug)]
pub struct Outcome {
    /// The format read, once known.
    pub format: Option<&'static Spec>,
    /// How the format was told from the content, when it was not given.
    pub detected: Option<&'static str>,
    /// When the format was told from the content and other formats read it too: what they are
    /// (one line, no name in front).
    pub note: Option<String>,
    /// Cases passed to the caller.
    pub cases: u64,
    /// Of those, cases whose givens clash.
    pub clashes: u64,
    /// Of those, cases that are not what the problem promises (a clash where it promises a
    /// solvable puzzle, an empty cell where it promises a full grid, ...): invalid input.
    pub broken: u64,
    pub stop: Option<Stop>,
}

/// What is said of a case that is not plainly valid.
#[derive(Debug)]
pub struct Finding {
    /// `row 1 has two 1s (r1c4 and r1c5)`, `r1c3 is empty: atcoder-abc327c promises a full
    /// grid`.
    pub text: String,
    /// The case breaks the problem's promise (else it has clashing givens the problem answers).
    pub broken: bool,
}

/// Validates `source`, telling `each` every case read (its number, and what is wrong with it
/// if anything) before the first fault.
pub fn validate(
    source: &mut Source,
    opts: &Options,
    each: &mut dyn FnMut(u64, Option<&Finding>) -> io::Result<()>,
) -> Outcome {
    let mut outcome = Outcome {
        format: None,
        detected: None,
        note: None,
        cases: 0,
        clashes: 0,
        broken: 0,
        stop: None,
    };
    let Some(spec) = opts.format else {
        // `auto::validate` guesses the format first; here it must be given.
        outcome.stop = Some(Stop::Detect(
            "1:1: no format given (check::auto::validate guesses one)".into(),
        ));
        return outcome;
    };
    outcome.format = Some(spec);
    // The format's reader, and its writer for `--strict`.
    let reader = match detect::reader_head(spec, source) {
        Ok(head) => Reader::new(spec, head),
        Err(e) => {
            outcome.stop = Some(Stop::Input(Failure::Read(e)));
            return outcome;
        }
    };
    let spellings = SpecSpelling::all(spec);
    outcome.stop = run(source, spec, reader, spellings, opts, each, &mut outcome);
    outcome
}

/// The validation of one input read by `reader` and spelled by `spellings`; the fault that
/// stopped it, if any.
fn run<S: Spelling>(
    source: &mut Source,
    spec: &'static Spec,
    reader: Reader,
    spellings: Vec<S>,
    opts: &Options,
    each: &mut dyn FnMut(u64, Option<&Finding>) -> io::Result<()>,
    outcome: &mut Outcome,
) -> Option<Stop> {
    let mut input = Cases::new(source, reader);
    let mut strict = opts.strict.then(|| Strict::new(spec, spellings));
    // Built at the first case that needs a search: `--format auto` validates the head as
    // every format (54), and most stop at their first bytes (an engine is three solvers).
    let mut engine: Option<Engine> = None;
    let mut batch: Vec<Case> = Vec::new();
    loop {
        let error = match strict.as_mut() {
            Some(s) => input.next_batch_seen(&mut batch, &mut |chunk| s.see(chunk)),
            None => input.next_batch(&mut batch),
        };
        // A layout fault comes before anything the reader found later on.
        let layout = strict.as_ref().and_then(Strict::fault);
        let listed = layout.as_ref().map_or(batch.len() as u64, |(_, good)| {
            good.saturating_sub(outcome.cases).min(batch.len() as u64)
        });
        for case in &batch[..listed as usize] {
            outcome.cases += 1;
            let clash = case.clash();
            outcome.clashes += u64::from(clash.is_some());
            let finding = finding(spec, case, clash)
                .or_else(|| {
                    opts.budget?;
                    let engine = engine.get_or_insert_with(|| {
                        let mut e = Engine::new(SolverKind::Bitmask);
                        e.set_budget(opts.budget);
                        e
                    });
                    searched(spec, engine, case)
                });
            outcome.broken += u64::from(finding.as_ref().is_some_and(|f| f.broken));
            if let Err(e) = each(outcome.cases, finding.as_ref()) {
                return Some(Stop::Output(e));
            }
        }
        if let Some((f, _)) = layout {
            return Some(Stop::Input(Failure::Parse(f)));
        }
        if let Some(e) = error {
            return Some(Stop::Input(e));
        }
        if batch.is_empty() {
            break;
        }
    }
    let s = strict.as_mut()?;
    match input.rest(REST) {
        Ok(rest) => s.finish(rest),
        Err(e) => return Some(Stop::Input(Failure::Read(e))),
    }
    s.fault().map(|(f, _)| Stop::Input(Failure::Parse(f)))
}

/// Why `case` breaks what `spec`'s problem promises of every case, in `validate`'s words;
/// `None` when it keeps the promise. The same check as `validate` (`stress` shrinks within it).
pub fn broken_promise(spec: &Spec, case: &Case) -> Option<String> {
    finding(spec, case, case.clash())
        .filter(|f| f.broken)
        .map(|f| f.text)
}

/// What is wrong with `case` of `spec` (whose first clash is `clash`), if anything: first a
/// broken promise on its empty cells, then the clash (broken too where the problem promises a
/// solvable puzzle).
fn finding(spec: &Spec, case: &Case, clash: Option<Clash>) -> Option<Finding> {
    let promise = spec.promise;
    if let (Rows::Grids | Rows::KillerSet, Some(most)) = (spec.input.rows, spec.input.max_cases) {
        // NWRRC 2013's and CodinGame's Killer Extreme's one case holds its puzzles: the
        // problem bounds their number.
        let board = case.to_board();
        let n = match spec.input.rows {
            Rows::Grids => crate::format::similar::puzzles(&board).len(),
            _ => 1 + board.geometry.rules().map_or(0, |r| r.more().len()),
        };
        if n as u64 > most {
            return Some(Finding {
                text: format!("{n} puzzles: {} allows at most {most}", spec.name),
                broken: true,
            });
        }
    }
    if spec.input.rows == Rows::Dominoes {
        let placed = case.to_board().geometry.rules().and_then(|r| r.tiling().map(|t| t.placed().len()));
        let bound = crate::format::dominoes::PROMISED_PLACED;
        if let Some(n) = placed.filter(|n| !bound.contains(n)) {
            let (lo, hi) = (bound.start(), bound.end());
            return Some(Finding {
                text: format!("{n} dominoes placed: {} promises {lo} to {hi}", spec.name),
                broken: true,
            });
        }
    }
    if spec.input.rows == Rows::Pair
        && let Some(text) = unsolved_grid(spec, &case.to_board())
    {
        return Some(Finding { text, broken: true });
    }
    let broken = |what: String| Finding {
        text: format!("{what}: {} promises {}", spec.name, promise.describe()),
        broken: true,
    };
    if let Some((fewest, most)) = promise.empty {
        let cells = case.cells();
        let empty = cells.iter().filter(|&&v| v == 0).count();
        if empty > most {
            let first = cells.iter().position(|&v| v == 0).unwrap_or(0);
            return Some(broken(if most == 0 {
                format!("{} is empty", cell_name(case.side(), first))
            } else {
                format!("{empty} empty cells")
            }));
        }
        if empty < fewest {
            return Some(broken(format!("{empty} empty cells")));
        }
    }
    let text = match case.as_net() {
        Some((net, _)) => describe_net_clash(spec, net, case.cells())?,
        None => describe_clash(spec, &clash?),
    };
    Some(if promise.clashes_allowed() {
        Finding {
            text,
            broken: false,
        }
    } else {
        broken(text)
    })
}

/// What a search finds wrong with `case` (clash-free, its empty cells as promised) of `spec`,
/// within the engine's budget: no solution where the problem promises one (a unique puzzle
/// included), or an answer (an exact count, a best score, a smallest solution, minimality,
/// the sum of every solution) that takes more than the budget. Uniqueness itself is not held
/// to: `gen --edge` and `package` put an empty grid among the edge cases of every format.
fn searched(spec: &Spec, engine: &mut Engine, case: &Case) -> Option<Finding> {
    let wants = spec.promise.solutions;
    let mode = match (spec.mode, wants) {
        (
            Mode::Exact
            | Mode::Best
            | Mode::Lexmin
            | Mode::Minimal
            | Mode::CountSmallest
            | Mode::Every
            | Mode::Nth
            | Mode::SumOfAll,
            _,
        ) => spec.mode,
        (_, Solutions::Any) => return None,
        (_, Solutions::Some | Solutions::One) => Mode::First,
    };
    let broken = |what: &str| Finding {
        text: format!("{what}: {} promises {}", spec.name, spec.promise.describe()),
        broken: true,
    };
    match engine.try_reply(case, mode).map(|r| r.answer(mode)) {
        Err(over) => Some(Finding {
            text: crate::work::over_budget(spec, case.cells(), over),
            broken: true,
        }),
        Ok(Answer::NoSolution) if wants != Solutions::Any => Some(broken("no solution")),
        Ok(a) => crate::work::refused(spec, &a).map(|text| Finding { text, broken: true }),
    }
}

/// Why the solved grid a [`Rows::Pair`] case (NWERC 2006) reads before its puzzle is not
/// solved: `the grid before the puzzle has r1c1 empty`; `None` when it is solved. Without this,
/// a grid with a hole passed `validate`, and `solve` answered the case `No solution`.
fn unsolved_grid(spec: &Spec, board: &crate::model::Board) -> Option<String> {
    let grid = crate::format::rules::pair_grid(board)?;
    let what = match grid.cells.iter().position(|&v| v == 0) {
        Some(cell) => format!("{} empty", cell_name(grid.side(), cell)),
        None => describe_clash(spec, &grid.first_clash(&grid.cells)?),
    };
    Some(format!(
        "the grid before the puzzle is not solved ({what}): {} promises a solved grid",
        spec.name
    ))
}

/// `row 1 has two 1s (r1c4 and r1c5)`, with the value spelled as the format spells it
/// (`two Bs` in POJ 3076's letters).
fn describe_clash(spec: &Spec, c: &Clash) -> String {
    let mut value = Vec::new();
    spell::put_value(spec.input.cells, c.side, c.digit, &mut value);
    c.spelled(&String::from_utf8_lossy(&value))
}

/// The first two givens of a case on a net that break a rule, as `cells 3 and 8 both hold 5
/// in one unit` (or a split cell whose values do not increase); `None` when none do.
fn describe_net_clash(spec: &Spec, net: &crate::model::Net, givens: &[u8]) -> Option<String> {
    let (a, b) = net.clash(givens)?;
    let (x, y) = (net.cell_of(a) + 1, net.cell_of(b) + 1);
    let mut value = Vec::new();
    spell::put_value(spec.input.cells, net.values(), givens[a], &mut value);
    let v = String::from_utf8_lossy(&value);
    Some(if x == y {
        format!("cell {x}: its values do not increase")
    } else {
        format!("cells {x} and {y} both hold {v} in one unit")
    })
}

/// The count line against the problem's bounds; the fault points at the line.
fn count_fault(spec: &Spec, declared: u64) -> Option<ParseError> {
    let msg = if declared == 0 {
        "the number of cases is 0: a judge file needs at least one case".to_string()
    } else {
        let most = spec.max_per_file().filter(|&m| declared > m)?;
        format!(
            "the number of cases {declared} is above {most}, the most {} allows",
            spec.name
        )
    };
    Some(ParseError {
        pos: Pos { line: 1, col: 1 },
        case: None,
        msg,
    })
}

/// The strict checks: the round trip (one per spelling the format allows: the file must match
/// one of them) and the bounds on the number of cases.
struct Strict<S: Spelling> {
    spec: &'static Spec,
    trips: Vec<RoundTrip<S>>,
    count: Option<ParseError>,
    header: bool,
}

impl<S: Spelling> Strict<S> {
    fn new(spec: &'static Spec, spellings: Vec<S>) -> Self {
        let mut trips: Vec<RoundTrip<S>> = spellings.into_iter().map(RoundTrip::new).collect();
        // A count line is held to the bound where it is read; files read to their end are held
        // to it at the first case too many. (A single-case reader refuses a second case itself.)
        if spec.input.container != Container::Count
            && let Some(most) = spec.max_per_file()
        {
            for t in &mut trips {
                t.limit(
                    most,
                    format!("more than the {most} cases {} allows", spec.name),
                );
            }
        }
        Strict {
            spec,
            trips,
            count: None,
            header: false,
        }
    }

    /// Compares one stretch of input the reader went through.
    fn see(&mut self, chunk: Seen<'_>) {
        if self.fault().is_some() {
            return;
        }
        if !self.header
            && let Some(d) = chunk.declared
        {
            self.header = true;
            self.count = count_fault(self.spec, d);
            for t in &mut self.trips {
                t.header(d);
            }
        }
        for t in self.trips.iter_mut().filter(|t| t.fault().is_none()) {
            for c in chunk.cases {
                t.case(c);
            }
            t.read(chunk.bytes, chunk.whole);
        }
    }

    /// After the last case.
    fn finish(&mut self, rest: &[u8]) {
        if self.fault().is_some() {
            return;
        }
        for t in &mut self.trips {
            t.finish(rest);
        }
        if let Some(t) = self.trips.iter().find(|t| t.fault().is_none())
            && t.cases() == 0
        {
            self.count = Some(ParseError {
                pos: t.pos(),
                case: None,
                msg: "no cases: a judge file needs at least one".into(),
            });
        }
    }

    /// The first fault and the number of cases before it, once every spelling has one (the
    /// spelling that matched furthest tells it). A fault in the bytes before the first case
    /// (the count line, blank lines before it) comes first; then the count's bounds, which
    /// are about line 1; then the rest of the round trip.
    fn fault(&self) -> Option<(ParseError, u64)> {
        let trip = if self.trips.iter().all(|t| t.fault().is_some()) {
            self.trips
                .iter()
                .filter_map(|t| t.fault().map(|f| (f, t.good())))
                .reduce(|a, b| {
                    if (b.0.pos.line, b.0.pos.col) > (a.0.pos.line, a.0.pos.col) {
                        b
                    } else {
                        a
                    }
                })
                .map(|(f, good)| (f.clone(), good))
        } else {
            None
        };
        match (trip, &self.count) {
            (Some((f, 0)), _) if f.case.is_none() => Some((f, 0)),
            (_, Some(c)) => Some((c.clone(), 0)),
            (t, None) => t,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::judges::find;
    use crate::input::tests::Trickle;

    /// The cases listed (number, broken) and the fault, reading `bytes` `step` bytes at a time.
    fn run(
        bytes: &[u8],
        opts: &Options,
        step: usize,
    ) -> (Vec<(u64, Option<bool>)>, Option<String>) {
        let reader = Trickle {
            data: bytes.to_vec(),
            pos: 0,
            step,
        };
        let mut source = Source::stream("in".into(), Box::new(reader));
        let mut seen = Vec::new();
        let outcome = crate::check::auto::validate(&mut source, opts, &mut |k, f| {
            seen.push((k, f.map(|f| f.broken)));
            Ok(())
        });
        let fault = outcome.stop.map(|s| match s {
            Stop::Input(e) => e.message("in"),
            other => format!("{other:?}"),
        });
        (seen, fault)
    }

    /// The options a fixture's `.args` file gives.
    fn options(args: &str) -> Options {
        let words: Vec<&str> = args.split_whitespace().collect();
        let format = words
            .iter()
            .position(|&w| w == "--format")
            .map(|i| find(words[i + 1]).expect("a format"));
        Options {
            format,
            strict: words.contains(&"--strict"),
            budget: None,
        }
    }

    #[test]
    fn strict_faults_do_not_depend_on_how_the_input_arrives() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/check/validate");
        let mut checked = 0;
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|x| x != "in") {
                continue;
            }
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let bytes = std::fs::read(&path).unwrap();
            let args = std::fs::read_to_string(path.with_extension("args")).unwrap();
            let opts = options(&args);
            let whole = run(&bytes, &opts, usize::MAX);
            // Every read of a slow pipe costs a buffer-sized fill: byte by byte only on the
            // small files (the large ones hold the same kinds of case boundaries).
            let steps: &[usize] = if bytes.len() < 4096 {
                &[1, 2, 5, 64]
            } else {
                &[61, 4093]
            };
            for &step in steps {
                assert_eq!(run(&bytes, &opts, step), whole, "{name}, step {step}");
            }
            checked += 1;
        }
        assert!(checked > 60);
    }

    #[test]
    fn every_sample_reads_the_same_in_any_chunking() {
        for spec in crate::format::judges::JUDGES {
            let opts = Options {
                format: Some(spec),
                strict: true,
                budget: None,
            };
            let bytes = spec.sample.0.as_bytes();
            let whole = run(bytes, &opts, usize::MAX);
            for step in [1, 3, 64] {
                assert_eq!(run(bytes, &opts, step), whole, "{}, step {step}", spec.name);
            }
        }
    }

    #[test]
    fn the_cases_before_a_layout_fault_are_listed_and_no_others() {
        let sample = include_str!("../../testdata/hdu4069/sample.in");
        // A trailing space in case 3: cases 1 and 2 are listed, case 2 with its legal clash.
        let bad = sample.replacen("144 88 48", "144 88 48 ", 1);
        let opts = Options {
            format: find("hdu4069"),
            strict: true,
            budget: None,
        };
        let (seen, fault) = run(bad.as_bytes(), &opts, usize::MAX);
        assert_eq!(seen, [(1, None), (2, Some(false))]);
        assert_eq!(
            fault.as_deref(),
            Some("in:22:11: case 3: extra space: numbers are separated by a single space")
        );
    }

    #[test]
    fn promises_on_empty_cells_and_clashes() {
        let full = "1 2 3 4 5 6 7 8 9\n".repeat(9);
        let spec = find("atcoder-abc327c").unwrap();
        let with = |text: &str| check(spec, text).map(|f| (f.text, f.broken));
        // Full and clashing: legal (the answer is No).
        assert_eq!(
            with(&full),
            Some(("column 1 has two 1s (r1c1 and r2c1)".into(), false))
        );
        assert_eq!(
            with(&full.replacen('3', "0", 1)),
            Some((
                "r1c3 is empty: atcoder-abc327c promises a full grid".into(),
                true
            ))
        );
        let spec = find("hdu2780").unwrap();
        let grid = "1".repeat(9) + "\n";
        let five = format!("1\n00000{}\n{}", "1".repeat(4), grid.repeat(8));
        let f = check(spec, &five).unwrap();
        // Exactly five empty cells; the clashes are legal (the grid cannot be completed).
        assert!(!f.broken, "{}", f.text);
        let f = check(spec, &five.replacen('0', "1", 1)).unwrap();
        assert_eq!(
            (f.text.as_str(), f.broken),
            (
                "4 empty cells: hdu2780 promises exactly 5 empty cells",
                true
            )
        );
        let spec = find("poj3076").unwrap();
        let row = "-".repeat(16) + "\n";
        let clash = format!("BB{}\n{}", "-".repeat(14), row.repeat(15));
        let f = check(spec, &clash).unwrap();
        assert_eq!(
            (f.text.as_str(), f.broken),
            (
                "row 1 has two Bs (r1c1 and r1c2): poj3076 promises a puzzle with one solution",
                true
            )
        );
    }

    /// What is said of the one case of `text`.
    fn check(spec: &'static Spec, text: &str) -> Option<Finding> {
        let mut r = Reader::new(spec, text.as_bytes());
        let mut out = Vec::new();
        r.parse(text.as_bytes(), true, &mut out, 1).unwrap();
        let case = out.pop().unwrap();
        finding(spec, &case, case.clash())
    }
}
