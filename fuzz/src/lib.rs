//! The properties the fuzz targets check, one function per target; `fuzz_targets/*.rs` only
//! hand libFuzzer's bytes to these. A failed property panics, which libFuzzer saves as a crash.
//!
//! Beyond "no panic": a reader yields cases that read back the same from the writer's spelling,
//! or an error that points inside the input; the checker accepts only what the solver agrees
//! with (searched hardest on near misses of `solve`'s own answers, [`mutate`]) and always what
//! `solve` writes; the wall decoder's two readings agree (asserted in the library's debug builds,
//! which these targets are) and round-trip through `Layout::walls`.

// The library's own self-checks (the two wall readings agree, the DLX invariants) are debug
// assertions: a fuzz build without them would search with half its properties off.
const _: () = assert!(cfg!(debug_assertions), "fuzz with debug assertions on");

use clap::Parser;
use std::ffi::OsString;
use std::io::Cursor;
use std::os::unix::ffi::OsStringExt;
use sudoku_judge::check::{self, Fault, Files, Options, Report, Verdict};
use sudoku_judge::format::answers::{Answer, AnswerReader};
use sudoku_judge::format::cursor::show_byte;
use sudoku_judge::format::judges::JUDGES;
use sudoku_judge::format::spec::Spec;
use sudoku_judge::format::{Format, ParseError, Reader, spell, write_outcome};
use sudoku_judge::generate::maker::Maker;
use sudoku_judge::generate::request::LayoutChoice;
use sudoku_judge::generate::set;
use sudoku_judge::input::Source;
use sudoku_judge::model::{CELLS, Case, Layout, N, Puzzle, Side, col_of, is_solution_of, row_of};
use sudoku_judge::solve::{Outcome, SolverKind};
use sudoku_judge_cli::fuzz::{Cli, Command, plan, usage_error_code};

/// Reads `input` the way the pipeline does: `chunk` bytes fed at a time, at most `max` cases per
/// call, consumed bytes dropped. Checks the reader's contract on the way (never more than `max`
/// cases, never consuming bytes it was not given, done at the end of input, no stall).
pub fn drive(
    format: Format,
    input: &[u8],
    chunk: usize,
    max: usize,
) -> (Vec<Puzzle>, Option<ParseError>) {
    let mut r = Reader::tuned(format);
    let mut buf = Vec::new();
    let mut fed = 0;
    let mut out = Vec::new();
    loop {
        let eof = fed == input.len();
        let before = out.len();
        match r.parse(&buf, eof, &mut out, max) {
            Ok(n) => {
                assert!(n <= buf.len(), "consumed {n} of {} bytes", buf.len());
                buf.drain(..n);
            }
            Err(e) => {
                assert!(r.done(), "not done after an error");
                return (nine(out), Some(e));
            }
        }
        assert!(out.len() - before <= max, "more than max cases in one call");
        if r.done() {
            return (nine(out), None);
        }
        if eof {
            assert_eq!(
                out.len() - before,
                max,
                "reader stalled at the end of input"
            );
            continue;
        }
        let take = chunk.min(input.len() - fed);
        buf.extend_from_slice(&input[fed..fed + take]);
        fed += take;
    }
}

/// The puzzles of the cases a tuned reader read: it holds every case inline.
fn nine(cases: Vec<Case>) -> Vec<Puzzle> {
    let puzzles: Vec<Puzzle> = cases.iter().filter_map(Case::puzzle).collect();
    assert!(
        cases.iter().all(|c| matches!(c, Case::Nine(_))),
        "a tuned reader read a board"
    );
    puzzles
}

/// The whole input in one call.
pub fn read_all(format: Format, input: &[u8]) -> (Vec<Puzzle>, Option<ParseError>) {
    drive(format, input, input.len().max(1), usize::MAX)
}

/// True when `(line, col)` names a byte of `input` or the place just past the end of a line
/// (1-based; the last line is what follows the last `\n`, possibly empty).
pub fn inside(input: &[u8], line: u64, col: u64) -> bool {
    let Some(text) = input
        .split(|&b| b == b'\n')
        .nth(line.wrapping_sub(1) as usize)
    else {
        return false;
    };
    line >= 1 && col >= 1 && col <= text.len() as u64 + 1
}

/// The byte at 1-based `(line, col)` of `input` (which [`inside`] has vouched for): `\n` just
/// past a line that has one, `None` past the end of input.
pub fn byte_at(input: &[u8], line: u64, col: u64) -> Option<u8> {
    let mut start = 0;
    for _ in 1..line {
        start += input[start..].iter().position(|&b| b == b'\n')? + 1;
    }
    input.get(start + col.checked_sub(1)? as usize).copied()
}

/// A message that quotes the byte it stopped on (`found 'x'`, `unexpected 'x'`) quotes the byte
/// at the line and column it names.
fn quotes_its_byte(input: &[u8], line: u64, col: u64, msg: &str) {
    let at = msg.rfind("found '").map(|i| i + 6);
    let Some(at) = at.or_else(|| msg.find("unexpected '").map(|i| i + 11)) else {
        return;
    };
    let b = byte_at(input, line, col);
    assert!(
        b.is_some_and(|b| msg[at..].starts_with(&show_byte(b))),
        "{line}:{col}: {msg}: the byte there is {:?}",
        b.map(show_byte)
    );
}

/// Every case is a puzzle the model allows: digits 0-9 on a layout that rebuilds from its ids.
fn well_formed(p: &Puzzle) {
    assert!(p.cells.iter().all(|&d| d <= 9), "digit out of range");
    assert_eq!(
        Layout::from_regions(p.layout.regions()),
        Ok(p.layout),
        "layout does not rebuild from its region ids"
    );
}

/// The reader of `format` on `data`: same cases and error however the bytes are chunked; an
/// error points inside the input, at the byte it quotes, and names the case after the good ones;
/// the good cases, spelled by the writer `gen` uses, read back as the same puzzles.
pub fn reader(format: Format, data: &[u8]) {
    let _ = Format::detect(data);
    let (cases, err) = read_all(format, data);
    // A chunking that depends on the input, so that the corpus covers many.
    let chunk = 1 + data
        .iter()
        .fold(0usize, |h, &b| h.wrapping_mul(31) ^ b as usize)
        % 97;
    let streamed = drive(format, data, chunk, 1 + chunk % 3);
    assert_eq!(streamed, (cases.clone(), err.clone()), "chunk {chunk}");
    for p in &cases {
        well_formed(p);
    }
    if let Some(e) = &err {
        assert!(
            inside(data, e.pos.line, e.pos.col),
            "error outside the input: {e}"
        );
        quotes_its_byte(data, e.pos.line, e.pos.col, &e.msg);
        if let Some(k) = e.case {
            assert_eq!(k, cases.len() as u64 + 1, "error names the wrong case: {e}");
        }
    }
    // Not `Format::Hdu4069` alone: every format's writer must spell what its reader read.
    let written = input_file(format, &cases);
    let (again, e) = read_all(format, &written);
    assert_eq!(e, None, "the writer's spelling does not read back");
    assert_eq!(
        again, cases,
        "the writer's spelling reads back other puzzles"
    );
}

/// The HDU 4069 wall decoder on 81 raw cell values (short inputs padded with zeros). A layout
/// comes back only where neighbours in different regions have a wall between them, and reads
/// back from its own walls and region ids; the library's debug builds also assert that the fast
/// and the cell-by-cell readings agree on every call.
pub fn walls(data: &[u8]) {
    let mut w = [0u8; CELLS];
    for (d, s) in w.iter_mut().zip(data) {
        *d = *s;
    }
    let Ok(layout) = Layout::from_walls(&w) else {
        return;
    };
    well_formed(&Puzzle {
        cells: [0; CELLS],
        layout,
    });
    let own = layout.walls();
    assert_eq!(Layout::from_walls(&own), Ok(layout), "own walls read back");
    for cell in 0..CELLS {
        let (r, c) = (row_of(cell), col_of(cell));
        // Inner edges only: the border is a wall whether marked or not.
        let mask = if r > 0 { Side::Up.bit() } else { 0 }
            | if c + 1 < N { Side::Right.bit() } else { 0 }
            | if r + 1 < N { Side::Down.bit() } else { 0 }
            | if c > 0 { Side::Left.bit() } else { 0 };
        // Regions are the pieces the walls cut: two cells not walled apart share one. A wall
        // inside a region (both sides marked, the cells joined round about) is allowed.
        assert_eq!(
            own[cell] & mask & !w[cell],
            0,
            "cell {cell} walled off without a wall"
        );
    }
}

/// The first line of a `check` fuzz input: a format name (none or `auto` detects it) and the
/// words `strict`, `all`, `answer` (give the judge's answer file, the solver's answers) and
/// `mutate` (the output part is an edit script for `solve`'s answers, see [`mutate`]).
/// Names, not numbers, so that a new format needs no change here and crashes read plainly.
#[derive(Clone, Copy, Default)]
struct CheckOpts {
    format: Option<Format>,
    strict: bool,
    all: bool,
    answer: bool,
    mutate: bool,
}

impl CheckOpts {
    fn of(line: &[u8]) -> Self {
        let mut o = CheckOpts::default();
        for word in line.split(|&b| b == b' ') {
            match word {
                b"strict" => o.strict = true,
                b"all" => o.all = true,
                b"answer" => o.answer = true,
                b"mutate" => o.mutate = true,
                w => {
                    let name = std::str::from_utf8(w).unwrap_or("");
                    o.format = o.format.or(Format::from_name(name));
                }
            }
        }
        o
    }
}

/// A near miss of the right output, where a wrong verdict hides best: `solve`'s answers to
/// `puzzles`, edited by `script`, four bytes `op pos pos val` an edit. Ops 0-2 set, insert or
/// delete the byte at `pos`; ops 3-6 replace the answer of case `pos` by the format's spelling of
/// no solution, of several, of the first solution as if it were the only one, or of it with the
/// digits `val % 9 + 1` and the one above swapped. The answers are made of the same writer `solve` uses, so no format is named here.
pub fn mutate(format: Format, puzzles: &[Puzzle], script: &[u8]) -> Vec<u8> {
    let mut solver = SolverKind::Bitmask.build();
    let mut answers: Vec<Vec<u8>> = Vec::with_capacity(puzzles.len());
    let mut outcomes = Vec::with_capacity(puzzles.len());
    for (i, p) in puzzles.iter().enumerate() {
        let o = solver.solve(p, format.limit());
        let mut a = Vec::new();
        write_outcome(format, i as u64 + 1, p, &o, &mut a);
        answers.push(a);
        outcomes.push(o);
    }
    let mut edits = Vec::new();
    for e in script.chunks_exact(4) {
        let (op, pos, val) = (e[0] % 7, u16::from_le_bytes([e[1], e[2]]) as usize, e[3]);
        if op < 3 {
            edits.push((op, pos, val));
        } else if !puzzles.is_empty() {
            let i = pos % puzzles.len();
            let (p, k) = (&puzzles[i], i as u64 + 1);
            let any = outcomes[i].solution.unwrap_or(p.cells);
            let o = match op {
                3 => Outcome::NONE,
                4 => Outcome {
                    count: 2,
                    solution: Some(any),
                },
                5 => Outcome {
                    count: 1,
                    solution: Some(any),
                },
                _ => {
                    let d = val % 9 + 1;
                    let e = d % 9 + 1;
                    let swapped = any.map(|x| {
                        if x == d {
                            e
                        } else if x == e {
                            d
                        } else {
                            x
                        }
                    });
                    Outcome {
                        count: 1,
                        solution: Some(swapped),
                    }
                }
            };
            answers[i].clear();
            write_outcome(format, k, p, &o, &mut answers[i]);
        }
    }
    let mut out = answers.concat();
    for (op, pos, val) in edits {
        match op {
            0 if !out.is_empty() => {
                let n = out.len();
                out[pos % n] = val;
            }
            1 => out.insert(pos % (out.len() + 1), val),
            2 if !out.is_empty() => {
                let n = out.len();
                out.remove(pos % n);
            }
            _ => {}
        }
    }
    out
}

/// `check` on in-memory files of `spec` (none: a checker failure, as the command line's when
/// it cannot tell the format), judged in one thread.
fn run_check(
    spec: Option<&'static Spec>,
    input: &[u8],
    output: &[u8],
    answer: Option<&[u8]>,
    opts: &CheckOpts,
) -> Report {
    let Some(spec) = spec else {
        let msg = "in:1:1: cannot tell the format; give it with --format".into();
        return Report {
            cases: 0,
            faults: vec![Fault::new(Verdict::Fail, None, msg)],
            stopped_at: None,
        };
    };
    let held = |name: &str, bytes: &[u8]| {
        Source::stream(name.into(), Box::new(Cursor::new(bytes.to_vec())))
    };
    let files = Files {
        input: &mut held("in", input),
        output: held("out", output),
        answer: answer.map(|a| held("ans", a)),
        answer_name: "ans",
    };
    let options = Options {
        strict: opts.strict,
        all: opts.all,
        parallel: false,
        budget: None,
    };
    check::check(spec, files, &options)
}

/// A fault about the output (`case K, line L: ...`, `line L, column C: ...`) names a line of
/// the output, a column on it, and the byte it quotes there.
fn points_into(output: &[u8], report: &Report) {
    let num = |s: &str| -> Option<u64> {
        let digits: String = s.chars().take_while(char::is_ascii_digit).collect();
        digits.parse().ok()
    };
    for f in &report.faults {
        if !matches!(f.verdict, Verdict::WrongAnswer | Verdict::PresentationError) {
            continue;
        }
        let msg = f.msg.as_str();
        let rest = match msg.strip_prefix("case ") {
            Some(r) => r.split_once(", ").map_or("", |p| p.1),
            None => msg,
        };
        let Some(rest) = rest.strip_prefix("line ") else {
            continue;
        };
        let line = num(rest).unwrap_or_else(|| panic!("no line number: {f}"));
        let (col, what) = match rest.split_once(", column ") {
            Some((_, c)) => (num(c).unwrap_or(0), c),
            None => (1, ""),
        };
        assert!(inside(output, line, col), "outside the output: {f}");
        if !what.is_empty() {
            quotes_its_byte(output, line, col, what);
        }
    }
}

/// Separates the input, the contestant output and the answer file in a `check` fuzz input.
pub const SEP: u8 = 0x1e;

/// `check` on `options\n input SEP output [SEP answer]`: whatever the bytes, a verdict and no
/// panic. An accepted output holds, for every case, what the solver says: the one solution of a
/// unique puzzle, the words for none, a valid grid or the words for several (as the format
/// wants); with `--strict`, exactly the bytes `solve` writes for those answers. `solve`'s own
/// answers to an input that reads without an error always pass, even with `--strict`. With an
/// answer file from the fuzzer, an accepted grid still solves its puzzle.
pub fn check(data: &[u8]) {
    let (head, rest) = match data.iter().position(|&c| c == b'\n') {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, &[][..]),
    };
    let opts = CheckOpts::of(head);
    let mut parts = rest.splitn(3, |&c| c == SEP);
    let (input, output) = (parts.next().unwrap_or(&[]), parts.next().unwrap_or(&[]));
    // A third part is an answer file of the fuzzer's making, which the checker may only trust
    // for the words: any grid it accepts must still solve the input.
    let given = parts.next();
    let format = opts.format.or_else(|| Format::detect(input));
    let spec = format.and_then(|f| JUDGES.iter().find(|s| s.core() == Some(f)));
    // The core formats' checking: a line file whose first puzzle is of another size is judged
    // as the spec formats' files are, which this target does not model.
    if spec.is_some_and(|s| sudoku_judge::format::detect::tuned(s, input).is_none()) {
        return;
    }
    let (puzzles, input_error) = format.map(|f| read_all(f, input)).unwrap_or_default();
    let solved = format.map(|f| answer_file(f, &puzzles));
    let mut solver = SolverKind::Bitmask.build();
    let answer = given.or(solved.as_deref().filter(|_| opts.answer));
    let mutated;
    let output = match format {
        Some(f) if opts.mutate => {
            mutated = mutate(f, &puzzles, output);
            &mutated[..]
        }
        _ => output,
    };
    if let (Some(own), None, None) = (&solved, &input_error, given) {
        // The other way round: what `solve` writes passes, even strictly.
        let strict = CheckOpts {
            strict: true,
            ..opts
        };
        let report = run_check(spec, input, own, answer, &strict);
        assert_eq!(
            report.verdict(),
            Verdict::Accepted,
            "{:?}",
            report.lines(true)
        );
    }
    let report = run_check(spec, input, output, answer, &opts);
    let _ = report.lines(opts.all);
    points_into(output, &report);
    if report.verdict() != Verdict::Accepted {
        return;
    }
    let format = format.expect("accepted an input of no known format");
    assert_eq!(report.cases, puzzles.len() as u64, "accepted other cases");
    let out = Source::stream("out".into(), Box::new(Cursor::new(output.to_vec())));
    let mut items = AnswerReader::new(format, out);
    let mut canonical = Vec::new();
    for (i, p) in puzzles.iter().enumerate() {
        let k = i as u64 + 1;
        let item = items
            .next(k)
            .expect("accepted an unreadable answer")
            .expect("accepted a missing answer");
        let o = solver.solve(p, 2);
        match (&item.answer, o.count) {
            (Answer::Grid(g), _) if given.is_some() => {
                assert!(
                    is_solution_of(p, g),
                    "case {k}: accepted a grid that does not solve"
                )
            }
            _ if given.is_some() => {}
            (Answer::NoSolution, 0) => {}
            (Answer::Grid(g), 1) => assert_eq!(Some(*g), o.solution, "case {k}: not the solution"),
            (Answer::Multiple, 2) if format.limit() > 1 => {}
            (Answer::Grid(g), 2) if format.limit() == 1 => {
                assert!(
                    is_solution_of(p, g),
                    "case {k}: accepted a grid that does not solve"
                )
            }
            (a, n) => panic!("case {k}: accepted {a:?} for a puzzle with {n} solutions"),
        }
        let outcome = item.answer.outcome(&p.cells).expect("accepted other words");
        write_outcome(format, k, p, &outcome, &mut canonical);
    }
    if opts.strict {
        assert!(
            output == canonical,
            "strict accepted other bytes than solve writes"
        );
    }
}

/// `gen`'s command line: NUL-separated arguments after `sudoku-judge` (the seeds start with
/// `gen`; other subcommands are only parsed). Clap either rejects them with a message and a
/// usage exit code, or `plan` turns them into a request that keeps the promises its errors
/// make: clues within the grid and ordered, a mix that weighs something, jigsaw only for HDU
/// 4069.
pub fn gen_args(data: &[u8]) {
    let mut args: Vec<OsString> = vec!["sudoku-judge".into()];
    if !data.is_empty() {
        args.extend(
            data.split(|&c| c == 0)
                .map(|a| OsString::from_vec(a.to_vec())),
        );
    }
    let cli = match Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.render().to_string();
            let code = usage_error_code(&args);
            assert!(matches!(code, 1..=3), "usage error code {code}");
            return;
        }
    };
    let Command::Gen(g) = cli.command else {
        return;
    };
    let Ok(req) = plan(g.format, &g.make) else {
        return;
    };
    let most = req.sizes.iter().map(|n| n.pow(4)).max().unwrap_or(CELLS);
    if let Some((lo, hi)) = req.clues {
        assert!(lo <= hi && hi <= most, "clues {lo}-{hi} of {most}");
    }
    let m = req.mix;
    assert!(
        m.unique as u64 + m.none as u64 + m.multiple as u64 > 0,
        "a mix that weighs nothing"
    );
    assert!(
        req.layout == LayoutChoice::Standard || req.nine() == Some(Format::Hdu4069),
        "jigsaw layouts for {}",
        req.spec.name
    );
}

/// The record of core format `f`.
fn spec_of(f: Format) -> &'static Spec {
    JUDGES
        .iter()
        .find(|s| s.name == f.name())
        .expect("a core format")
}

/// A complete input file of `puzzles` in `format`, as `gen` spells it.
fn input_file(format: Format, puzzles: &[Puzzle]) -> Vec<u8> {
    let cases: Vec<_> = puzzles.iter().map(|&p| p.into()).collect();
    set::input_file(spec_of(format), &cases)
}

/// The answers `solve` writes for `puzzles` in `format`.
fn answer_file(format: Format, puzzles: &[Puzzle]) -> Vec<u8> {
    let cases: Vec<_> = puzzles.iter().map(|&p| p.into()).collect();
    set::answer_file(spec_of(format), &cases, &mut Maker::new())
}

/// The spec formats a `read_spec` input can pick: every format the generic reader serves.
fn spec_formats() -> Vec<&'static Spec> {
    JUDGES
        .iter()
        .filter(|s| s.core().is_none() || s.name == "line")
        .collect()
}

/// Reads `input` as `spec` through its reader (the generic one for the line format), `chunk` bytes fed at a time, at most `max`
/// cases per call; checks the reader's contract on the way, as [`drive`] does.
fn drive_spec(
    spec: &'static Spec,
    input: &[u8],
    chunk: usize,
    max: usize,
) -> (Vec<Case>, Option<ParseError>) {
    // The spec's own reader (LeetCode 36 borrows LeetCode 37's), except the line format's,
    // whose other sizes are what this target reads.
    let mut r = match spec.core() {
        Some(_) => Reader::generic(spec),
        None => Reader::new(spec, b""),
    };
    let (mut buf, mut fed, mut out) = (Vec::new(), 0, Vec::new());
    loop {
        let eof = fed == input.len();
        let before = out.len();
        match r.parse(&buf, eof, &mut out, max) {
            Ok(n) => {
                assert!(n <= buf.len(), "consumed {n} of {} bytes", buf.len());
                buf.drain(..n);
            }
            Err(e) => {
                assert!(r.done(), "not done after an error");
                return (out, Some(e));
            }
        }
        assert!(out.len() - before <= max, "more than max cases in one call");
        if r.done() {
            return (out, None);
        }
        if eof {
            assert_eq!(
                out.len() - before,
                max,
                "reader stalled at the end of input"
            );
            continue;
        }
        let take = chunk.min(input.len() - fed);
        buf.extend_from_slice(&input[fed..fed + take]);
        fed += take;
    }
}

/// The generic reader of every spec format (the first byte picks the format): the same cases
/// and error however the bytes are chunked; an error points inside the input, at the byte it
/// quotes, and names the case after the good ones; every case is a board of a size the format
/// allows with values within the side (a format on a net's: a value per slot within its K);
/// the good cases spelled by the format's writer read back as the same cases.
pub fn read_spec(data: &[u8]) {
    let Some((&pick, input)) = data.split_first() else {
        return;
    };
    let specs = spec_formats();
    let spec = specs[pick as usize % specs.len()];
    let _ = sudoku_judge::format::detect::detect(input);
    let (cases, err) = drive_spec(spec, input, input.len().max(1), usize::MAX);
    let chunk = 1 + input
        .iter()
        .fold(0usize, |h, &b| h.wrapping_mul(31) ^ b as usize)
        % 97;
    let streamed = drive_spec(spec, input, chunk, 1 + chunk % 3);
    assert_eq!(
        streamed,
        (cases.clone(), err.clone()),
        "{}: chunk {chunk}",
        spec.name
    );
    for c in &cases {
        // A case on a net: a value per slot, none above the net's K, for a format on a net.
        if let Some((net, rank)) = c.as_net() {
            assert!(spec.on_net() && rank >= 1, "{}: a net", spec.name);
            assert_eq!(c.cells().len(), net.slots());
            assert!(c.cells().iter().all(|&v| (v as usize) <= net.values()));
            continue;
        }
        assert!(
            !spec.on_net(),
            "{}: a grid case of a format on a net",
            spec.name
        );
        let b = c.to_board();
        assert!(
            spec.box_sizes().contains(&b.geometry.box_size()),
            "{}: size",
            spec.name
        );
        assert_eq!(b.cells.len(), b.geometry.cells());
        assert!(
            b.cells.iter().all(|&v| (v as usize) <= b.side()),
            "value above the side"
        );
        assert_eq!(b.geometry.has_extras(), spec.input.diagonals);
    }
    if let Some(e) = &err {
        assert!(
            inside(input, e.pos.line, e.pos.col),
            "{}: error outside the input: {e}",
            spec.name
        );
        quotes_its_byte(input, e.pos.line, e.pos.col, &e.msg);
        if let Some(k) = e.case {
            assert_eq!(k, cases.len() as u64 + 1, "error names the wrong case: {e}");
        }
    }
    if cases.is_empty() && spec.max_per_file() == Some(1) {
        // A single-case problem has no spelling for no case.
        return;
    }
    let mut written = Vec::new();
    spell::write_count(spec, cases.len() as u64, &mut written);
    for (k, c) in cases.iter().enumerate() {
        spell::write_case(spec, k as u64 + 1, c, &mut written);
    }
    let (again, e) = drive_spec(spec, &written, written.len().max(1), usize::MAX);
    assert_eq!(
        e, None,
        "{}: the writer's spelling does not read back",
        spec.name
    );
    assert_eq!(
        again, cases,
        "{}: the writer's spelling reads back other cases",
        spec.name
    );
}
