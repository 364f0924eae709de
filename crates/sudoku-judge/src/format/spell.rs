//! The one writer of every format described by a [`Spec`]: answers in the judge's exact
//! spelling (headers, separators, verdict words, grids), and cases in the canonical spelling of
//! the input (for `gen`, and for `validate --strict`, which compares a file with it).

use super::generic::by_size_values;
use super::spec::{Cells, Container, GridStyle, Rows, Sep, Size, Spec};
use crate::model::{Answer, Case, Mode};

/// The line a case without a solution gets in a format that has no word for it; the run then
/// exits 1 and names the case (FORMATS.md's policy).
pub const NO_SOLUTION: &str = "No solution";

/// How values are spelled in a grid of side `side`.
#[derive(Clone, Copy)]
struct Spelling {
    cells: Cells,
    side: usize,
    /// The spelling of an empty cell.
    empty: &'static [u8],
}

impl Spelling {
    fn of(cells: Cells, side: usize) -> Spelling {
        let empty: &'static [u8] = match cells {
            Cells::Alphabet { empty, .. } => &empty[..1],
            Cells::BySize => b".",
            Cells::Numbers | Cells::Walls => b"0",
        };
        Spelling { cells, side, empty }
    }

    /// Each value's spelling as one byte (`[0]`: empty), where every value and the empty
    /// cell are one byte: a lookup per cell instead of a match and a push, for the long
    /// one-line and character grids (a 16x16 answer line cost about 40 instructions a cell).
    fn bytes(&self) -> Option<[u8; 256]> {
        let values: &[u8] = match self.cells {
            Cells::Alphabet { values, .. } => values,
            Cells::BySize => by_size_values(self.side),
            Cells::Numbers | Cells::Walls if self.side <= 9 => b"123456789",
            Cells::Numbers | Cells::Walls => return None,
        };
        // A value past the alphabet (never in an answer) is spelled `?` rather than a panic.
        let values = &values[..values.len().min(255)];
        let mut t = [b'?'; 256];
        t[0] = self.empty[0];
        t[1..=values.len()].copy_from_slice(values);
        Some(t)
    }

    /// Appends the spelling of value `v` (`0`: empty).
    fn put(&self, v: u8, out: &mut Vec<u8>) {
        if v == 0 {
            out.extend_from_slice(self.empty);
            return;
        }
        match self.cells {
            Cells::Alphabet { values, .. } => out.push(values[v as usize - 1]),
            Cells::BySize => out.push(by_size_values(self.side)[v as usize - 1]),
            Cells::Numbers | Cells::Walls => {
                out.extend_from_slice(itoa::Buffer::new().format(v).as_bytes())
            }
        }
    }
}

/// Appends the spelling of value `v` (`0`: empty) in the alphabet `cells` at side `side`.
pub fn put_value(cells: Cells, side: usize, v: u8, out: &mut Vec<u8>) {
    Spelling::of(cells, side).put(v, out);
}

/// Appends `cells` as an answer grid of `spec` in `style`, with AOJ 0126's marks where given.
pub fn write_grid(
    spec: &Spec,
    style: GridStyle,
    cells: &[u8],
    marks: Option<&[bool]>,
    out: &mut Vec<u8>,
) {
    let side = (1..=cells.len())
        .find(|s| s * s == cells.len())
        .unwrap_or(1);
    grid(
        style,
        Spelling::of(spec.input.cells, side),
        cells,
        marks,
        out,
    );
}

/// Writes `cells` (row-major, side `side`) as rows in `style`.
fn grid(style: GridStyle, sp: Spelling, cells: &[u8], marks: Option<&[bool]>, out: &mut Vec<u8>) {
    let side = sp.side;
    let n = (1..=side).find(|n| n * n == side).unwrap_or(1);
    // One-byte spellings, with no separators or one space: a lookup per cell (the table is
    // built only for these styles).
    if matches!(
        style,
        GridStyle::OneLine | GridStyle::Chars | GridStyle::Tokens
    ) && let Some(t) = sp.bytes()
    {
        if style == GridStyle::Tokens {
            // One space between two cells: a million 9x9 answers of BUAA took 0.27 s of CPU
            // spelled value by value, 0.1 s so.
            for row in cells.chunks(side) {
                for (c, &v) in row.iter().enumerate() {
                    if c > 0 {
                        out.push(b' ');
                    }
                    out.push(t[v as usize]);
                }
                out.push(b'\n');
            }
        } else if style == GridStyle::OneLine {
            out.extend(cells.iter().map(|&v| t[v as usize]));
            out.push(b'\n');
        } else {
            for row in cells.chunks(side) {
                out.extend(row.iter().map(|&v| t[v as usize]));
                out.push(b'\n');
            }
        }
        return;
    }
    match style {
        GridStyle::OneLine => {
            for &v in cells {
                sp.put(v, out);
            }
            out.push(b'\n');
        }
        GridStyle::Chars | GridStyle::Tokens | GridStyle::Marks => {
            for (r, row) in cells.chunks(side).enumerate() {
                for (c, &v) in row.iter().enumerate() {
                    match style {
                        GridStyle::Tokens if c > 0 => out.push(b' '),
                        GridStyle::Marks => {
                            let m = marks.is_some_and(|m| m[r * side + c]);
                            out.push(if m { b'*' } else { b' ' });
                        }
                        _ => {}
                    }
                    sp.put(v, out);
                }
                out.push(b'\n');
            }
        }
        GridStyle::Boxed => boxed(sp, n, cells, out),
    }
}

/// Jutge's boxed rows: `1 8 2 | 3 5 9 | 4 7 6`, and `------+-------+------` between bands.
fn boxed(sp: Spelling, n: usize, cells: &[u8], out: &mut Vec<u8>) {
    let side = sp.side;
    for (r, row) in cells.chunks(side).enumerate() {
        let start = out.len();
        let mut widths = Vec::with_capacity(n);
        for (b, group) in row.chunks(n).enumerate() {
            if b > 0 {
                out.extend_from_slice(b" | ");
            }
            let from = out.len();
            for (i, &v) in group.iter().enumerate() {
                if i > 0 {
                    out.push(b' ');
                }
                sp.put(v, out);
            }
            widths.push(out.len() - from);
        }
        debug_assert!(out.len() > start);
        out.push(b'\n');
        if (r + 1) % n == 0 && r + 1 < side {
            for (b, w) in widths.iter().enumerate() {
                if b > 0 {
                    out.push(b'+');
                }
                // The spaces around ` | ` belong to the dashes on either side.
                let pad = usize::from(b > 0) + usize::from(b + 1 < n);
                out.resize(out.len() + w + pad, b'-');
            }
            out.push(b'\n');
        }
    }
}

/// Writes the separator that goes before case `number` (1-based).
fn before(sep: Sep, number: u64, out: &mut Vec<u8>) {
    match sep {
        Sep::BlankBetween if number > 1 => out.push(b'\n'),
        Sep::BlankBefore => out.push(b'\n'),
        Sep::LineBetween(line) if number > 1 => {
            out.extend_from_slice(line.as_bytes());
            out.push(b'\n');
        }
        _ => {}
    }
}

fn after(sep: Sep, out: &mut Vec<u8>) {
    match sep {
        Sep::BlankAfter => out.push(b'\n'),
        Sep::LineAfter(line) => {
            out.extend_from_slice(line.as_bytes());
            out.push(b'\n');
        }
        _ => {}
    }
}

/// Appends the answer to case `number` (1-based, counted in the whole input) in `spec`'s
/// spelling. Returns true when the case has no solution and the format has no word for it: the
/// answer is then the line [`NO_SOLUTION`].
pub fn write_answer(
    spec: &Spec,
    number: u64,
    case: &Case,
    answer: &Answer,
    out: &mut Vec<u8>,
) -> bool {
    let o = &spec.output;
    let w = &o.words;
    let side = case.side();
    let sp = Spelling::of(spec.input.cells, side);
    before(o.sep, number, out);
    // A one-word answer, on the header line when the format says so.
    let header = |out: &mut Vec<u8>, word: bool| {
        if let Some(text) = header(spec, number, case) {
            out.extend_from_slice(text.as_bytes());
            out.push(if o.inline && word { b' ' } else { b'\n' });
        }
    };
    let word = |out: &mut Vec<u8>, text: &str| {
        header(out, true);
        out.extend_from_slice(text.as_bytes());
        out.push(b'\n');
    };
    // An answer grid: the grid's rows, or a net's values in its rows' spelling.
    let grid = |style: GridStyle, sp: Spelling, g: &[u8], marks, out: &mut Vec<u8>| match case
        .as_net()
    {
        Some((net, _)) => super::net::write_values(spec.input.rows, spec.input.cells, net, g, out),
        None => grid(style, sp, g, marks, out),
    };
    let mut unsolved = false;
    match answer {
        Answer::Solved(g) => match w.unique {
            Some(u) => word(out, u),
            None => {
                header(out, false);
                if let Some(found) = w.found {
                    out.extend_from_slice(found.as_bytes());
                    out.push(b'\n');
                }
                grid(o.grid, sp, g, None, out);
            }
        },
        Answer::NoSolution => {
            unsolved = w.none.is_none();
            word(out, w.none.unwrap_or(NO_SOLUTION));
        }
        Answer::Multiple(g) => match w.multiple {
            Some(m) => word(out, m),
            None => {
                header(out, false);
                grid(o.grid, sp, g, None, out);
            }
        },
        Answer::NotMinimal(_) => word(out, w.not_minimal.unwrap_or("Not Minimal")),
        Answer::Illegal => word(out, w.illegal.or(w.no).unwrap_or("Illegal")),
        Answer::Legal => word(out, w.yes.unwrap_or("Legal")),
        Answer::Count(n, g) if w.count_after.is_some() => {
            header(out, false);
            grid(o.grid, sp, g, None, out);
            out.push(b'\n');
            let said = w.count_after.unwrap_or_default();
            out.extend_from_slice(said.replace("{n}", itoa::Buffer::new().format(*n)).as_bytes());
            out.push(b'\n');
        }
        Answer::Count(n, g) => {
            word(out, itoa::Buffer::new().format(*n));
            if *n == 1 {
                grid(o.grid, sp, g, None, out);
            }
        }
        Answer::Marks(m) => {
            header(out, false);
            grid(GridStyle::Marks, sp, case.cells(), Some(m), out);
        }
        Answer::Partial { cells, .. } if spec.mode == Mode::Hatching => {
            header(out, false);
            grid(o.grid, Spelling { empty: b".", ..sp }, cells, None, out);
        }
        Answer::Partial { cells, solved } => {
            let text = if *solved { w.easy } else { w.not_easy };
            word(
                out,
                text.unwrap_or(if *solved { "Easy" } else { "Not easy" }),
            );
            let dots = Spelling { empty: b".", ..sp };
            grid(o.grid, dots, cells, None, out);
        }
        Answer::Score(s, _) => word(out, itoa::Buffer::new().format(*s)),
        Answer::Sums(sums) => {
            header(out, false);
            super::rules::write_sums(sums, side, out);
        }
        Answer::Similar(pairs) => {
            header(out, false);
            super::similar::write_answer(pairs, out);
        }
        // Each solution followed by an empty line; none: the format's word. A list over the
        // cap (`solve::every::over_cap`) is refused by the callers before it gets here.
        Answer::Every(all) if all.is_empty() => {
            unsolved = w.none.is_none();
            word(out, w.none.unwrap_or(NO_SOLUTION));
        }
        Answer::Every(all) => {
            header(out, false);
            for g in all {
                grid(o.grid, sp, g, None, out);
                out.push(b'\n');
            }
        }
    }
    after(o.sep, out);
    unsolved
}

/// The label line of case `number` (1-based) of an input file, when the format's cases carry
/// one: `Grid 07` (Project Euler's grids, SPOJ NOVICE42); a label without a word is the number
/// alone (BOJ 13882's data set number). A case's label is its place in its file, which the
/// judge's data numbers from 1.
pub fn label(spec: &Spec, number: u64) -> Option<Box<str>> {
    spec.input.label.map(|l| match l.word {
        "" => number.to_string().into(),
        word => format!("{word} {number:02}").into(),
    })
}

/// Appends the label line of case `number`, where the format's cases carry one: the case's
/// own, or [`label`].
fn write_label(spec: &Spec, number: u64, case: &Case, out: &mut Vec<u8>) {
    if spec.input.label.is_none() {
        return;
    }
    match case.label() {
        Some(l) => out.extend_from_slice(l.as_bytes()),
        None => out.extend_from_slice(label(spec, number).unwrap_or_default().as_bytes()),
    }
    out.push(b'\n');
}

/// The header line of case `number` (1-based), when the format has one: `Case 3:`, `Grid 07`.
pub fn header(spec: &Spec, number: u64, case: &Case) -> Option<String> {
    let label = case.label().unwrap_or("");
    spec.output.header.map(|h| {
        h.replace("{k}", itoa::Buffer::new().format(number))
            .replace("{label}", label)
    })
}

/// Appends the count line of a file of `count` cases, where the format has one.
pub fn write_count(spec: &Spec, count: u64, out: &mut Vec<u8>) {
    if spec.input.container == Container::Count {
        write_count_line(count, out);
    }
}

/// Appends the line of a count of cases, whatever the format: `count` and a line break.
pub fn write_count_line(count: u64, out: &mut Vec<u8>) {
    out.extend_from_slice(itoa::Buffer::new().format(count).as_bytes());
    out.push(b'\n');
}

/// Appends the line a whole input file ends with, where the format has one
/// ([`Spec::end_line`]).
pub fn write_end(spec: &Spec, out: &mut Vec<u8>) {
    if let Some(w) = spec.end_line() {
        out.extend_from_slice(w.as_bytes());
        out.push(b'\n');
    }
}

/// Appends case `number` (1-based) in the canonical spelling of `spec`'s input.
pub fn write_case(spec: &Spec, number: u64, case: &Case, out: &mut Vec<u8>) {
    let i = &spec.input;
    if i.container == Container::NoInput {
        // The problem has no input: its one case is implied.
        return;
    }
    let Some(board) = case.grid_board() else {
        before(i.sep, number, out);
        write_label(spec, number, case, out);
        super::net::write_case(i.rows, i.cells, case, out);
        after(i.sep, out);
        return;
    };
    let g = &board.geometry;
    let (n, side) = (g.box_size(), g.side());
    let sp = Spelling::of(i.cells, side);
    before(i.sep, number, out);
    if let Size::Line { .. } = i.size {
        out.extend_from_slice(itoa::Buffer::new().format(n).as_bytes());
        out.push(b'\n');
    }
    write_label(spec, number, case, out);
    let cells = &board.cells;
    if let (Cells::Walls, Some(p)) = (i.cells, case.puzzle()) {
        // Each cell's walls added to its digit.
        let walls = p.layout.walls();
        let mut buf = itoa::Buffer::new();
        for (row, walls) in cells.chunks(side).zip(walls.chunks(side)) {
            for (c, (&v, &w)) in row.iter().zip(walls).enumerate() {
                if c > 0 {
                    out.push(b' ');
                }
                out.extend_from_slice(buf.format(u32::from(v) + u32::from(w)).as_bytes());
            }
            out.push(b'\n');
        }
        after(i.sep, out);
        return;
    }
    if spec.tuned == Some(super::Format::Leetcode) {
        // LeetCode 36 reads boards as LeetCode 37 does.
        super::leetcode::write_board(cells, out);
        return;
    }
    match i.rows {
        Rows::Chars => grid(GridStyle::Chars, sp, cells, None, out),
        Rows::Tokens | Rows::Free => grid(GridStyle::Tokens, sp, cells, None, out),
        Rows::Boxed => boxed(sp, n, cells, out),
        Rows::OneLine => grid(GridStyle::OneLine, sp, cells, None, out),
        Rows::Killer => super::rules::write_killer(&board, &|v, out| sp.put(v, out), out),
        Rows::Marks(m) => super::rules::write_marks(&board, m, out),
        Rows::KillerSet => super::rules::write_killer_set(&board, out),
        Rows::Dominoes => super::dominoes::write_case(&board, out),
        Rows::Pair => super::rules::write_pair(&board, &|v, out| sp.put(v, out), out),
        Rows::Grids => super::similar::write_case(&board, &|v, out| sp.put(v, out), out),
        // Their cases are on nets, written above; a grid read otherwise is not theirs.
        Rows::Hexagon | Rows::Split => {}
        Rows::Framed => {
            let frame = |out: &mut Vec<u8>| {
                for _ in 0..n {
                    out.push(b'+');
                    out.resize(out.len() + n, b'-');
                }
                out.extend_from_slice(b"+\n");
            };
            for (r, row) in cells.chunks(side).enumerate() {
                if r % n == 0 {
                    frame(out);
                }
                for group in row.chunks(n) {
                    out.push(b'|');
                    for &v in group {
                        sp.put(v, out);
                    }
                }
                out.extend_from_slice(b"|\n");
            }
            frame(out);
        }
    }
    after(i.sep, out);
}

#[cfg(test)]
mod tests {
    use super::super::generic::GenericReader;
    use super::super::judges::{JUDGES, find};
    use super::super::sticky::Sticky;
    use super::*;

    fn cases(spec: &'static Spec, input: &str) -> Vec<Case> {
        let mut r = Sticky::new(GenericReader::new(spec));
        let mut out = Vec::new();
        r.parse(input.as_bytes(), true, &mut out, usize::MAX)
            .unwrap_or_else(|e| panic!("{}: {e}", spec.name));
        out
    }

    /// Every generic format's sample, spelled back in the canonical input spelling, reads as the
    /// same cases; and the canonical spelling of those is a fixed point.
    #[test]
    fn inputs_round_trip() {
        for spec in JUDGES.iter().filter(|s| s.tuned.is_none()) {
            let want = cases(spec, spec.sample.0);
            let mut text = Vec::new();
            write_count(spec, want.len() as u64, &mut text);
            for (k, c) in want.iter().enumerate() {
                write_case(spec, k as u64 + 1, c, &mut text);
            }
            let text = String::from_utf8(text).unwrap();
            assert_eq!(cases(spec, &text), want, "{}:\n{text}", spec.name);
        }
    }

    #[test]
    fn canonical_inputs_match_the_samples_where_they_are_canonical() {
        for name in [
            "hdu1426",
            "coci-2023-sudoku",
            "poj3076",
            "uva989",
            "hdu3909",
            "jutge-p78955",
        ] {
            let spec = find(name).unwrap();
            let cs = cases(spec, spec.sample.0);
            let mut text = Vec::new();
            write_count(spec, cs.len() as u64, &mut text);
            for (k, c) in cs.iter().enumerate() {
                write_case(spec, k as u64 + 1, c, &mut text);
            }
            assert_eq!(String::from_utf8(text).unwrap(), spec.sample.0, "{name}");
        }
    }

    #[test]
    fn boxed_answers_have_band_lines() {
        let spec = find("jutge-p78955").unwrap();
        let c = &cases(spec, spec.sample.0)[0];
        let mut out = Vec::new();
        write_answer(spec, 1, c, &Answer::Solved(c.cells().to_vec()), &mut out);
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines.len(),
            12,
            "9 rows, 2 band lines, the blank line after"
        );
        assert_eq!(lines[3], "------+-------+------");
        assert_eq!(lines[11], "");
    }

    #[test]
    fn words_headers_and_separators() {
        let spec = find("uva10957").unwrap();
        let c = &cases(spec, spec.sample.0)[0];
        let mut out = Vec::new();
        write_answer(spec, 3, c, &Answer::Illegal, &mut out);
        write_answer(spec, 4, c, &Answer::Solved(c.cells().to_vec()), &mut out);
        assert_eq!(out, b"Case 3: Illegal.\nCase 4: Unique.\n");
        let spec = find("poj3076").unwrap();
        let c = &cases(spec, spec.sample.0)[0];
        let mut out = Vec::new();
        assert!(write_answer(spec, 2, c, &Answer::NoSolution, &mut out));
        assert_eq!(out, b"\nNo solution\n");
        let spec = find("hdu3111").unwrap();
        let mut out = Vec::new();
        assert!(!write_answer(spec, 2, c, &Answer::NoSolution, &mut out));
        assert_eq!(out, b"---\nimpossible\n");
    }
}
