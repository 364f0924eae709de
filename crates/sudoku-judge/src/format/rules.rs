//! The spellings of rules beyond units, read for the generic reader ([`super::generic`]) and
//! written for the one writer ([`super::spell`]):
//!
//! - [`Rows::Killer`] (CodinGame's Killer Sudoku): a row is its cells, a blank, and one cage id
//!   per cell (`a`-`z`, `A`-`Z`); after the last row a line of `id=sum` tokens. Cages are the
//!   cells of one id, numbered in order of first appearance, which is the order ids are written
//!   in (`a`, `b`, ... `z`, `A`, ... `Z`: at most 52 cages).
//! - [`Rows::Marks`] (CQOI 2013, UVa 11570, Kattis sumdoku): no cells; per band of `n` rows,
//!   a line of marks inside each row (`n - 1` per box, boxes left to right) and a line of marks
//!   between each two rows (one per column), alternating: `n (2n - 1)` lines. Marks are read
//!   one byte each, blanks ignored (mirrors space them differently).
//! - [`Rows::Pair`](super::spec::Rows::Pair) (NWERC 2006): a solved grid's rows then a
//!   puzzle's, one character per cell; the case is the puzzle carrying the grid along
//!   ([`Rules::with_more`]), as a killer set's first puzzle carries the others.
//!
//! Errors are `(byte offset, message)`, turned into line, column and case by the reader.

use super::cursor::show_byte;
use super::spec::{MarkKind, MarkSpacing, Marks};
use crate::model::rules::{MAX_CAGE_SIDE, sum_range};
use crate::model::{Board, Cage, Cmp, Relation, Rules};

/// The cage ids, in the order they are given out.
pub const CAGE_IDS: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

type Fault = (usize, String);

fn is_blank(b: u8) -> bool {
    b == b' ' || b == b'\t' || b == b'\r'
}

/// Reads row `row` of a killer grid, `buf[start..end]`: the values into `cells`, the cage ids
/// into `ids`.
#[allow(clippy::too_many_arguments)]
pub(crate) fn killer_row(
    buf: &[u8],
    start: usize,
    end: usize,
    side: usize,
    value: &dyn Fn(u8) -> Option<u8>,
    describe: &dyn Fn() -> String,
    row: usize,
    cells: &mut Vec<u8>,
    ids: &mut Vec<u8>,
) -> Result<(), Fault> {
    let mut i = start;
    let mut n = 0;
    while i < end && !is_blank(buf[i]) {
        let Some(v) = value(buf[i]) else {
            return Err((
                i,
                format!("expected {}, found {}", describe(), show_byte(buf[i])),
            ));
        };
        if n == side {
            return Err((i, format!("row {} has more than {side} cells", row + 1)));
        }
        cells.push(v);
        n += 1;
        i += 1;
    }
    if n < side {
        return Err((i, format!("row {} has {n} cells, expected {side}", row + 1)));
    }
    while i < end && is_blank(buf[i]) {
        i += 1;
    }
    let mut k = 0;
    while i < end && !is_blank(buf[i]) {
        let b = buf[i];
        if !b.is_ascii_alphabetic() {
            return Err((
                i,
                format!("expected a cage id (a-z or A-Z), found {}", show_byte(b)),
            ));
        }
        if k == side {
            return Err((i, format!("row {} has more than {side} cage ids", row + 1)));
        }
        ids.push(b);
        k += 1;
        i += 1;
    }
    if k < side {
        let msg = format!("row {} has {k} cage ids, expected {side}", row + 1);
        return Err((i, msg));
    }
    while i < end && is_blank(buf[i]) {
        i += 1;
    }
    if i < end {
        return Err((i, format!("unexpected {} after the cage ids", show_byte(buf[i]))));
    }
    Ok(())
}

/// The rules of a killer grid of side `side` whose cells have the cage ids `ids`, from its
/// `id=sum` line `buf[start..end]`: every id of the grid has one sum, every sum an id of the
/// grid, and each sum can be made of its cage's size of distinct values.
pub(crate) fn killer_sums(
    buf: &[u8],
    start: usize,
    end: usize,
    side: usize,
    ids: &[u8],
) -> Result<Rules, Fault> {
    if side > MAX_CAGE_SIDE {
        return Err((start, format!("cages need a side of at most {MAX_CAGE_SIDE}")));
    }
    // Cages in order of first appearance.
    let mut order: Vec<u8> = Vec::new();
    let mut cells: Vec<Vec<u16>> = Vec::new();
    let mut slot = [usize::MAX; 256];
    for (c, &id) in ids.iter().enumerate() {
        if slot[id as usize] == usize::MAX {
            slot[id as usize] = order.len();
            order.push(id);
            cells.push(Vec::new());
        }
        cells[slot[id as usize]].push(c as u16);
    }
    let mut sums: Vec<Option<u32>> = vec![None; order.len()];
    let mut i = start;
    while i < end {
        while i < end && is_blank(buf[i]) {
            i += 1;
        }
        if i == end {
            break;
        }
        let t = i;
        let id = buf[i];
        if !id.is_ascii_alphabetic() {
            return Err((
                i,
                format!("expected a cage sum `id=sum`, found {}", show_byte(id)),
            ));
        }
        i += 1;
        if i == end || buf[i] != b'=' {
            let found = if i == end {
                "the end of the line".to_string()
            } else {
                show_byte(buf[i])
            };
            return Err((i, format!("expected '=' after the cage id, found {found}")));
        }
        i += 1;
        let digits = i;
        let mut sum: u32 = 0;
        while i < end && buf[i].is_ascii_digit() {
            sum = sum.saturating_mul(10).saturating_add(u32::from(buf[i] - b'0'));
            i += 1;
        }
        if i == digits || (i < end && !is_blank(buf[i])) {
            let found = if i == end {
                "the end of the line".to_string()
            } else {
                show_byte(buf[i])
            };
            return Err((i, format!("expected the cage's sum (digits), found {found}")));
        }
        let k = slot[id as usize];
        if k == usize::MAX {
            let msg = format!("cage '{}' is not in the grid", id as char);
            return Err((t, msg));
        }
        if sums[k].is_some() {
            return Err((t, format!("cage '{}' has two sums", id as char)));
        }
        let (lo, hi) = sum_range(side, cells[k].len());
        if cells[k].len() > side || !(lo..=hi).contains(&sum) {
            let msg = if cells[k].len() > side {
                format!(
                    "cage '{}' has {} cells, more than {side}",
                    id as char,
                    cells[k].len()
                )
            } else {
                format!(
                    "cage '{}' of {} cells cannot add up to {} ({lo} to {hi})",
                    id as char,
                    cells[k].len(),
                    String::from_utf8_lossy(&buf[digits..i])
                )
            };
            return Err((digits, msg));
        }
        sums[k] = Some(sum);
    }
    if let Some(k) = sums.iter().position(Option::is_none) {
        return Err((end, format!("cage '{}' has no sum", order[k] as char)));
    }
    let cages = cells
        .into_iter()
        .zip(sums)
        .map(|(cells, sum)| Cage {
            cells: cells.into(),
            sum: sum.unwrap_or(0),
        })
        .collect();
    Rules::new(side, cages, Vec::new()).map_err(|e| (start, e.to_string()))
}

/// The most puzzles a [`Rows::KillerSet`](super::spec::Rows::KillerSet) case may hold (the
/// challenge has up to 40): their cage ids are held until their sums come.
pub const MAX_PUZZLES: usize = 10_000;

/// A line of `cells` cage ids, `buf[start..end]`, appended to `ids`.
pub(crate) fn cage_map(
    buf: &[u8],
    start: usize,
    end: usize,
    cells: usize,
    ids: &mut Vec<u8>,
) -> Result<(), Fault> {
    let mut k = 0;
    for (i, &b) in (start..).zip(&buf[start..end]) {
        if is_blank(b) {
            continue;
        }
        if !b.is_ascii_alphabetic() {
            let msg = format!("expected a cage id (a-z or A-Z), found {}", show_byte(b));
            return Err((i, msg));
        }
        if k == cells {
            return Err((i, format!("more than {cells} cage ids on this line")));
        }
        ids.push(b);
        k += 1;
    }
    if k < cells {
        return Err((end, format!("{k} cage ids, expected {cells}")));
    }
    Ok(())
}

/// One case of the puzzles `sheets` (each an empty grid with its cages): the first, carrying
/// the others along ([`Rules::with_more`]).
pub fn killer_set(mut sheets: Vec<Board>) -> Board {
    let first = sheets.remove(0);
    let g = &first.geometry;
    let rules = g
        .rules()
        .cloned()
        .unwrap_or_else(|| Rules::new(g.side(), Vec::new(), Vec::new()).expect("no rules"));
    let geometry = crate::model::Geometry::standard(g.box_size()).with_rules(rules.with_more(sheets));
    Board::new(std::sync::Arc::new(geometry), first.cells)
}

/// One case of a [`Rows::Pair`](super::spec::Rows::Pair) format (NWERC 2006): the puzzle,
/// carrying the solved grid(s) read before it along ([`Rules::with_more`]).
pub fn pair(grids: Vec<Board>, puzzle: Board) -> Board {
    let g = &puzzle.geometry;
    let rules = Rules::new(g.side(), Vec::new(), Vec::new()).expect("no rules");
    let geometry = crate::model::Geometry::standard(g.box_size()).with_rules(rules.with_more(grids));
    Board::new(std::sync::Arc::new(geometry), puzzle.cells)
}

/// The solved grid a [`pair`] case carries.
pub fn pair_grid(board: &Board) -> Option<&Board> {
    board.geometry.rules()?.more().first()
}

/// Appends a [`pair`] case as [`Rows::Pair`](super::spec::Rows::Pair) spells it: the grid's
/// rows, then the puzzle's, one character per cell.
pub(crate) fn write_pair(board: &Board, put: &dyn Fn(u8, &mut Vec<u8>), out: &mut Vec<u8>) {
    let side = board.side();
    let empty = vec![0; board.cells.len()];
    let grid = pair_grid(board).map_or(&empty[..], |b| &b.cells[..]);
    for cells in [grid, &board.cells[..]] {
        for row in cells.chunks(side) {
            for &v in row {
                put(v, out);
            }
            out.push(b'\n');
        }
    }
}

/// The puzzles of a killer set case: its board (without the others) and those it carries.
fn puzzles(board: &Board) -> Vec<&[Cage]> {
    let rules = board.geometry.rules();
    let mut out = vec![rules.map_or(&[][..], |r| r.cages())];
    for b in rules.map_or(&[][..], |r| r.more()) {
        out.push(b.geometry.rules().map_or(&[][..], |r| r.cages()));
    }
    out
}

/// Appends a killer set case as [`Rows::KillerSet`](super::spec::Rows::KillerSet) spells it.
pub(crate) fn write_killer_set(board: &Board, out: &mut Vec<u8>) {
    let all = puzzles(board);
    out.extend_from_slice(itoa::Buffer::new().format(all.len()).as_bytes());
    out.push(b'\n');
    for cages in &all {
        let mut id = vec![b'?'; board.cells.len()];
        for (k, cage) in cages.iter().enumerate() {
            for &c in cage.cells.iter() {
                id[c as usize] = CAGE_IDS.get(k).copied().unwrap_or(b'?');
            }
        }
        out.extend_from_slice(&id);
        out.push(b'\n');
    }
    for cages in &all {
        write_sums_line(cages, out);
    }
}

/// The `id=sum` line of `cages`.
fn write_sums_line(cages: &[Cage], out: &mut Vec<u8>) {
    for (k, cage) in cages.iter().enumerate() {
        if k > 0 {
            out.push(b' ');
        }
        out.push(CAGE_IDS.get(k).copied().unwrap_or(b'?'));
        out.push(b'=');
        out.extend_from_slice(itoa::Buffer::new().format(cage.sum).as_bytes());
    }
    out.push(b'\n');
}

/// Appends per-cell sums as rows of `side` numbers separated by single spaces.
pub fn write_sums(sums: &[u64], side: usize, out: &mut Vec<u8>) {
    let mut buf = itoa::Buffer::new();
    for row in sums.chunks(side.max(1)) {
        for (c, &v) in row.iter().enumerate() {
            if c > 0 {
                out.push(b' ');
            }
            out.extend_from_slice(buf.format(v).as_bytes());
        }
        out.push(b'\n');
    }
}

/// Lines of marks per case at box size `n`.
pub(crate) fn mark_lines(n: usize) -> usize {
    n * (2 * n - 1)
}

/// Line `line` (0-based in the case) of a marks grid at box size `n`: `Some(row)` for the
/// marks inside row `row`, `None`-row variant for those between `row` and `row + 1`.
fn line_kind(n: usize, line: usize) -> (bool, usize) {
    let (band, k) = (line / (2 * n - 1), line % (2 * n - 1));
    (k % 2 == 0, band * n + k / 2)
}

/// The marks a line may hold: inside a row, and between two rows.
fn alphabet(kind: MarkKind, inside: bool) -> &'static [u8] {
    match (kind, inside) {
        (MarkKind::Order, true) => b"<>",
        (MarkKind::Order, false) => b"^v",
        (MarkKind::SumVsSide, _) => b"<=>",
    }
}

/// Reads line `line` of a marks case at box size `n`, `buf[start..end]`, into `marks`.
pub(crate) fn marks_line(
    buf: &[u8],
    start: usize,
    end: usize,
    n: usize,
    line: usize,
    kind: MarkKind,
    marks: &mut Vec<u8>,
) -> Result<(), Fault> {
    let (inside, row) = line_kind(n, line);
    let want = if inside { n * (n - 1) } else { n * n };
    let symbols = alphabet(kind, inside);
    let list = || {
        let s: Vec<String> = symbols.iter().map(|&b| show_byte(b)).collect();
        s.join(" or ")
    };
    let mut k = 0;
    for (i, &b) in (start..).zip(&buf[start..end]) {
        if is_blank(b) {
            continue;
        }
        if !symbols.contains(&b) {
            return Err((i, format!("expected a mark ({}), found {}", list(), show_byte(b))));
        }
        if k == want {
            return Err((i, format!("more than {want} marks on this line")));
        }
        marks.push(b);
        k += 1;
    }
    if k < want {
        let what = if inside {
            format!("inside row {}", row + 1)
        } else {
            format!("between rows {} and {}", row + 1, row + 2)
        };
        return Err((end, format!("{k} marks {what}, expected {want}")));
    }
    Ok(())
}

/// The neighbour pairs the marks of a case at box size `n` stand for, in reading order:
/// `(first, second)`, the first left of or above the second.
fn pairs(n: usize) -> Vec<(usize, usize)> {
    let side = n * n;
    let mut out = Vec::with_capacity(2 * side * (side - n));
    for line in 0..mark_lines(n) {
        let (inside, row) = line_kind(n, line);
        if inside {
            for c in 0..side {
                if c % n + 1 < n {
                    out.push((row * side + c, row * side + c + 1));
                }
            }
        } else {
            for c in 0..side {
                out.push((row * side + c, (row + 1) * side + c));
            }
        }
    }
    out
}

/// The rules of a marks case at box size `n`.
pub(crate) fn marks_rules(n: usize, kind: MarkKind, marks: &[u8]) -> Rules {
    let side = n * n;
    let k = side as u32 + 1;
    let relations = pairs(n)
        .into_iter()
        .zip(marks)
        .map(|((x, y), &m)| {
            let (x, y) = (x as u16, y as u16);
            match (kind, m) {
                (MarkKind::Order, b'<' | b'^') => Relation::Less { a: x, b: y },
                (MarkKind::Order, _) => Relation::Less { a: y, b: x },
                (MarkKind::SumVsSide, m) => Relation::Sum {
                    a: x,
                    b: y,
                    cmp: match m {
                        b'<' => Cmp::Less,
                        b'=' => Cmp::Equal,
                        _ => Cmp::Greater,
                    },
                    k,
                },
            }
        })
        .collect();
    Rules::new(side, Vec::new(), relations).expect("neighbours are distinct cells of the grid")
}

/// The marks of a solved grid `s` at box size `n` (a relation puzzle with every mark, as
/// `gen` makes them).
pub fn marks_of_solution(n: usize, kind: MarkKind, s: &[u8]) -> Vec<u8> {
    pairs(n)
        .into_iter()
        .map(|(x, y)| {
            let inside = y == x + 1;
            let (a, b) = (s[x], s[y]);
            match kind {
                MarkKind::Order => match (inside, a < b) {
                    (true, true) => b'<',
                    (true, false) => b'>',
                    (false, true) => b'^',
                    (false, false) => b'v',
                },
                MarkKind::SumVsSide => {
                    let sum = u32::from(a) + u32::from(b);
                    match sum.cmp(&(n as u32 * n as u32 + 1)) {
                        std::cmp::Ordering::Less => b'<',
                        std::cmp::Ordering::Equal => b'=',
                        std::cmp::Ordering::Greater => b'>',
                    }
                }
            }
        })
        .collect()
}

/// The mark of each neighbour pair of `board` (at box size `n`), read off its relations: `?`
/// where no relation joins the pair.
fn marks_of(board: &Board, kind: MarkKind) -> Vec<u8> {
    let n = board.geometry.box_size();
    let relations = board.geometry.rules().map_or(&[][..], |r| r.relations());
    pairs(n)
        .into_iter()
        .map(|(x, y)| {
            let inside = y == x + 1;
            let found = relations.iter().find_map(|r| {
                let (a, b) = r.cells();
                ((a, b) == (x, y) || (a, b) == (y, x)).then_some((r, a == x))
            });
            match (kind, found) {
                (MarkKind::Order, Some((_, forward))) => match (inside, forward) {
                    (true, true) => b'<',
                    (true, false) => b'>',
                    (false, true) => b'^',
                    (false, false) => b'v',
                },
                (MarkKind::SumVsSide, Some((Relation::Sum { cmp, .. }, _))) => match cmp {
                    Cmp::Less => b'<',
                    Cmp::Equal => b'=',
                    Cmp::Greater => b'>',
                },
                _ => b'?',
            }
        })
        .collect()
}

/// Appends the marks of `board` as [`Rows::Marks`](super::spec::Rows::Marks) spells them.
pub(crate) fn write_marks(board: &Board, marks: Marks, out: &mut Vec<u8>) {
    let n = board.geometry.box_size();
    let all = marks_of(board, marks.kind);
    let mut at = 0;
    for line in 0..mark_lines(n) {
        let (inside, _) = line_kind(n, line);
        let count = if inside { n * (n - 1) } else { n * n };
        for (i, &m) in all[at..at + count].iter().enumerate() {
            let space = match marks.spacing {
                MarkSpacing::Spaces => i > 0,
                MarkSpacing::Tight => false,
                MarkSpacing::Grouped if inside => i > 0 && i % (n - 1).max(1) == 0,
                MarkSpacing::Grouped => i > 0,
            };
            if space {
                out.push(b' ');
            }
            out.push(m);
        }
        out.push(b'\n');
        at += count;
    }
}

/// Appends `board` as [`Rows::Killer`](super::spec::Rows::Killer) spells it: rows of values
/// (`put` spells one) and cage ids, then the `id=sum` line. A cell in no cage gets `?`.
pub(crate) fn write_killer(board: &Board, put: &dyn Fn(u8, &mut Vec<u8>), out: &mut Vec<u8>) {
    let side = board.side();
    let cages = board.geometry.rules().map_or(&[][..], |r| r.cages());
    let mut id = vec![b'?'; board.cells.len()];
    for (k, cage) in cages.iter().enumerate() {
        for &c in cage.cells.iter() {
            id[c as usize] = CAGE_IDS.get(k).copied().unwrap_or(b'?');
        }
    }
    for (row, ids) in board.cells.chunks(side).zip(id.chunks(side)) {
        for &v in row {
            put(v, out);
        }
        out.push(b' ');
        out.extend_from_slice(ids);
        out.push(b'\n');
    }
    write_sums_line(cages, out);
}

#[cfg(test)]
mod tests {
    use super::super::generic::GenericReader;
    use super::super::judges::find;
    use super::super::sticky::Sticky;
    use super::*;

    /// The first error reading `input` as `format`, as the command line shows it.
    fn error(format: &str, input: &str) -> String {
        let mut r = Sticky::new(GenericReader::new(find(format).unwrap()));
        let mut out = Vec::new();
        let e = r.parse(input.as_bytes(), true, &mut out, usize::MAX);
        e.expect_err("an error").to_string()
    }

    #[test]
    fn malformed_killer_and_marks_inputs_name_line_column_and_case() {
        let killer = find("codingame-killer").unwrap().sample.0;
        let cases = [
            ("a=12", "a=99", "10:3: case 1: cage 'a' of 3 cells cannot add up to 99 (6 to 24)"),
            ("a=12", "Q=12", "10:1: case 1: cage 'Q' is not in the grid"),
            (" F=5", "", "10:149: case 1: cage 'F' has no sum"),
            ("b=17", "a=17", "10:6: case 1: cage 'a' has two sums"),
            ("aabbccdde", "aab#ccdde", "1:14: case 1: expected a cage id (a-z or A-Z), found '#'"),
            ("aabbccdde", "aabbccdd", "1:19: case 1: row 1 has 8 cage ids, expected 9"),
            ("56..1..2.", "56..1..2x", "1:9: case 1: expected a cell (1-9 or '.'), found 'x'"),
            ("a=12", "a=1x2", "10:4: case 1: expected the cage's sum (digits), found 'x'"),
            ("a=12", "a12", "10:2: case 1: expected '=' after the cage id, found '1'"),
            (
                "a=12",
                "a=99999999999999999999",
                "10:3: case 1: cage 'a' of 3 cells cannot add up to 99999999999999999999 (6 to 24)",
            ),
        ];
        for (from, to, want) in cases {
            assert_eq!(error("codingame-killer", &killer.replacen(from, to, 1)), want);
        }
        let rows: String = killer.lines().take(9).map(|l| format!("{l}\n")).collect();
        assert_eq!(
            error("codingame-killer", &rows),
            "10:1: case 1: unexpected end of input: expected the line of cage sums"
        );
        let cqoi = find("cqoi2013").unwrap().sample.0;
        assert_eq!(
            error("cqoi2013", &cqoi.replacen('>', "=", 1)),
            "1:1: case 1: expected a mark ('<' or '>'), found '='"
        );
        assert_eq!(
            error("cqoi2013", &cqoi.replacen("v ", "", 1)),
            "2:16: case 1: 8 marks between rows 1 and 2, expected 9"
        );
        let head: String = cqoi.lines().take(7).map(|l| format!("{l}\n")).collect();
        assert_eq!(
            error("cqoi2013", &head),
            "8:1: case 1: unexpected end of input after 7 of 15 lines of marks"
        );
        let sumdoku = find("sumdoku").unwrap().sample.0;
        assert_eq!(
            error("sumdoku", &sumdoku.replacen('\n', "<\n", 1)),
            "1:7: case 1: more than 6 marks on this line"
        );
    }

    #[test]
    fn every_mark_stands_for_a_pair_inside_a_box() {
        let p = pairs(3);
        assert_eq!(p.len(), 9 * 6 + 6 * 9);
        assert_eq!(&p[..3], &[(0, 1), (1, 2), (3, 4)]);
        // The first line between rows: row 1 against row 2.
        assert_eq!(p[6], (0, 9));
        assert!(p.iter().all(|&(a, b)| a / 27 == b / 27 && (a % 9) / 3 == (b % 9) / 3));
    }
}
