//! 81-character lines (POJ 3074, tdoku and Kaggle sets, qqwing `--one-line`): one puzzle per
//! line, `0` or `.` empty, `#` comments and blank lines skipped, `end` stops the input, and
//! anything after the 81st character ignored (so tdoku's `puzzle:count:solution` reads as the
//! puzzle). Answers are 81-digit lines or `No solution`.
//!
//! Kept by its figure (`cargo bench --bench lanes -- --only reader --repeat 7`, medians of 7
//! alternating rounds on one thread's CPU time, 2026-11-28): on the Kaggle 10k set as lines,
//! reading takes 0.26 ms here against 1.6 ms for the generic reader (6.2x), and the whole
//! `solve` 5.5 ms against 6.9 ms (1.24x).

use super::cursor::{BAD, CELL, LINE_LIMIT, Scan, err, expected, is_blank, is_space};
use super::sticky::Resumable;
use super::{ParseError, grid_row};
use crate::model::Outcome;
use crate::model::{CELLS, Case, N, Puzzle};

/// Streaming reader of 81-character lines; see [`super::Reader::parse`] for the contract.
#[derive(Default)]
pub(crate) struct LineReader {
    scan: Scan,
    /// Puzzles handed out.
    read: u64,
    /// Inside a comment or past a puzzle's 81st character: ignore up to the line break.
    skipping: bool,
    finished: bool,
}

impl Resumable for LineReader {
    fn run(
        &mut self,
        buf: &[u8],
        eof: bool,
        out: &mut Vec<Case>,
        max: usize,
    ) -> Result<(), ParseError> {
        let len = buf.len();
        let mut room = max;
        loop {
            let s = &mut self.scan;
            while self.skipping {
                // A carriage return alone is no line end here, as in every other format: one
                // with more after it is refused, not skipped with the puzzles behind it.
                match memchr::memchr2(b'\n', b'\r', &buf[s.off..]) {
                    Some(i) if buf[s.off + i] == b'\n' => {
                        s.newline(s.off + i);
                        s.off += i + 1;
                        self.skipping = false;
                    }
                    Some(i) => {
                        let cr = s.off + i;
                        let run = buf[cr..].iter().take_while(|&&b| b == b'\r').count();
                        match buf.get(cr + run) {
                            Some(b'\n') => s.off = cr + run,
                            None if !eof => {
                                s.off = cr;
                                s.commit();
                                return Ok(());
                            }
                            None => s.off = len,
                            Some(_) => {
                                let msg = "a carriage return without a line feed after it: \
                                           lines end with \\n or \\r\\n";
                                return Err(err(s.pos(cr), Some(self.read + 1), msg));
                            }
                        }
                    }
                    None => s.off = len,
                }
                if s.off == len {
                    break;
                }
            }
            s.commit();
            let off = s.off;
            if off == len {
                self.finished = eof;
                return Ok(());
            }
            if room == 0 {
                return Ok(());
            }
            let b = buf[off];
            if is_space(b) {
                // A run of blank lines costs one pass over it, as between the cases of the
                // other formats (not one failed 81-character try per byte).
                s.skip_blank(buf);
                continue;
            }
            // The common case: 81 good characters right here.
            if CELL[b as usize] != BAD
                && let Some(line) = buf[off..].first_chunk::<CELLS>()
                && push(line, out)
            {
                room -= 1;
                self.read += 1;
                s.off = off + CELLS;
                if buf.get(s.off) == Some(&b'\n') {
                    s.newline(s.off);
                    s.off += 1;
                } else {
                    self.skipping = true;
                }
                continue;
            }
            match b {
                b'#' => self.skipping = true,
                b'e' if is_end(buf, off, eof) != Some(false) => {
                    if is_end(buf, off, eof).is_none() {
                        return Ok(());
                    }
                    s.off = off + 3;
                    s.commit();
                    self.finished = true;
                    return Ok(());
                }
                _ => return self.slow(buf, off, eof),
            }
        }
    }

    fn scan(&mut self) -> &mut Scan {
        &mut self.scan
    }

    fn finished(&self) -> bool {
        self.finished
    }
}

impl LineReader {
    /// True before anything is read.
    pub(crate) fn untouched(&self) -> bool {
        let s = &self.scan;
        let start = s.off == 0 && s.line == 1 && s.line_start == 0;
        start && self.read == 0 && !self.skipping && !self.finished
    }

    /// A line at `off` that is not 81 good characters: say what is wrong with it, or return
    /// `Ok` to wait for more bytes.
    fn slow(&self, buf: &[u8], off: usize, eof: bool) -> Result<(), ParseError> {
        let len = buf.len();
        let stop = (off + CELLS).min(len);
        let mut i = off;
        while i < stop && CELL[buf[i] as usize] != BAD {
            i += 1;
        }
        let n = i - off;
        debug_assert!(n < CELLS, "81 good characters take the fast path");
        let case = Some(self.read + 1);
        let short = || {
            Err(err(
                self.scan.pos(i),
                case,
                format!("line has {n} characters, expected 81"),
            ))
        };
        if i == len {
            return if eof { short() } else { Ok(()) };
        }
        let c = buf[i];
        if c == b'\n' {
            return short();
        }
        if is_blank(c) {
            // Blanks then the line break: a short line with trailing blanks, not a bad byte.
            let mut j = i;
            while j < len && j - i < LINE_LIMIT && is_blank(buf[j]) {
                j += 1;
            }
            if j - i == LINE_LIMIT || (j == len && eof) || buf.get(j) == Some(&b'\n') {
                return short();
            }
            if j == len {
                return Ok(());
            }
        }
        Err(err(
            self.scan.pos(i),
            case,
            expected("a digit 0-9 or '.'", c),
        ))
    }
}

/// Whether the line at `off` is the `end` marker: `end` then a blank, a line break or the end
/// of input. `None` when more bytes are needed to tell.
fn is_end(buf: &[u8], off: usize, eof: bool) -> Option<bool> {
    let rest = &buf[off..];
    for (i, &want) in b"end".iter().enumerate() {
        match rest.get(i) {
            None => return if eof { Some(false) } else { None },
            Some(&c) if c != want => return Some(false),
            Some(_) => {}
        }
    }
    match rest.get(3) {
        None => eof.then_some(true),
        Some(&c) => Some(is_space(c)),
    }
}

/// Appends the case of an 81-character line when every character is a cell; false (and
/// nothing appended) otherwise. The cells are converted in place, in the case's own slot:
/// the easy sets are read at a few nanoseconds per case, where a copy of the case shows.
///
/// Each character is worked out rather than looked up (a digit is `c - '0'` when that is at
/// most 9), so the loop compiles to vector compares, sixteen characters at a time even on
/// baseline x86-64. Against the lookup in `CELL` per character (`cargo bench --bench lanes --
/// --only reader --repeat 7`, one run each): reading 10,000 Kaggle lines 0.44 -> 0.26 ms,
/// and the whole `solve` of 100,000 lines 1.04x faster on one thread (31.2 against 32.3 ms
/// on two; `alternate.py 30`).
fn push(line: &[u8; CELLS], out: &mut Vec<Case>) -> bool {
    out.push(Case::Nine(Puzzle::standard([0; CELLS])));
    let Some(Case::Nine(p)) = out.last_mut() else {
        return false;
    };
    let mut bad = false;
    for (cell, &c) in p.cells.iter_mut().zip(line) {
        let d = c.wrapping_sub(b'0');
        let digit = d <= 9;
        bad |= !digit & (c != b'.');
        *cell = if digit { d } else { 0 };
    }
    if bad {
        out.pop();
        return false;
    }
    true
}

/// Appends the answer: the 81-digit solution line, or `No solution`.
pub(crate) fn write(outcome: &Outcome, out: &mut Vec<u8>) {
    match outcome.solution {
        Some(grid) if outcome.count > 0 => {
            let mut text = [0u8; CELLS + 1];
            for r in 0..N {
                grid_row(&grid, r, &mut text[r * N..r * N + N]);
            }
            text[CELLS] = b'\n';
            out.extend_from_slice(&text);
        }
        _ => out.extend_from_slice(b"No solution\n"),
    }
}

#[cfg(test)]
mod tests {
    use super::super::testutil::{error, grid, parse_all, parse_every_split};
    use super::super::{Format, write_outcome};
    use super::*;

    const F: Format = Format::Line;

    const SAMPLE_IN: &str =
        ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.
......52..8.4......3...9...5.1...6..2..7........3.....6...1..........7.4.......3.
end
";
    const SAMPLE_OUT: &str =
        "527389416819426735436751829375692184194538267268174593643217958951843672782965341
416837529982465371735129468571298643293746185864351297647913852359682714128574936
";
    const P1: &str =
        ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.";

    #[test]
    fn every_byte_is_a_cell_exactly_as_the_cell_table_says() {
        // `push` works each character out; the rest of the reader (and every other one)
        // looks it up in `CELL`. Each byte, in each vector's lanes and the last cell.
        for b in 0..=u8::MAX {
            for at in [0, 15, 16, 47, 64, 79, 80] {
                let mut line = [b'.'; CELLS];
                line[at] = b;
                let mut out = Vec::new();
                let read = push(&line, &mut out);
                assert_eq!(read, CELL[b as usize] != BAD, "byte {b} at {at}");
                match &out[..] {
                    [Case::Nine(p)] => {
                        assert!(read);
                        let mut want = [0; CELLS];
                        want[at] = CELL[b as usize];
                        assert_eq!(p.cells, want, "byte {b} at {at}");
                    }
                    [] => assert!(!read),
                    _ => panic!("{} cases from one line", out.len()),
                }
            }
        }
    }

    #[test]
    fn sample_reads_and_answers_verbatim() {
        let (got, e) = parse_every_split(F, SAMPLE_IN.as_bytes());
        assert_eq!(e, None);
        assert_eq!(got.len(), 2);
        assert_eq!(got[0].cells[..9], [0, 2, 7, 3, 8, 0, 0, 1, 0]);
        assert!(got[0].layout.is_standard());
        let mut out = Vec::new();
        for (k, (p, sol)) in got.iter().zip(SAMPLE_OUT.lines()).enumerate() {
            let o = Outcome {
                count: 1,
                solution: Some(grid(sol)),
            };
            write_outcome(F, k as u64 + 1, p, &o, &mut out);
        }
        assert_eq!(String::from_utf8(out).unwrap(), SAMPLE_OUT);
        let mut none = Vec::new();
        write_outcome(F, 1, &got[0], &Outcome::NONE, &mut none);
        assert_eq!(none, b"No solution\n");
    }

    #[test]
    fn comments_blanks_zeros_and_tails_are_tolerated() {
        let want = parse_all(F, SAMPLE_IN.as_bytes()).0;
        let zeros = SAMPLE_IN.replace('.', "0");
        let crlf = SAMPLE_IN.replace('\n', "\r\n");
        let commented = format!(
            "# a comment\n#\n\n  \t\n{}",
            SAMPLE_IN.replace("\nend", "\n\n\nend")
        );
        let tails = SAMPLE_IN
            .replacen('\n', ":1:527389416819426735436751829375692184194538267268174593643217958951843672782965341\n", 1)
            .replacen("\n..", " \t trailing words\n..", 1);
        let no_end = SAMPLE_IN.replace("end\n", "");
        let no_final = no_end.trim_end().to_string();
        let after_end = format!("{SAMPLE_IN}garbage \x00 after end\n");
        let end_crlf = SAMPLE_IN.replace("end\n", "end\r\nmore");
        let leading = SAMPLE_IN.replace(".27", "  .27");
        for input in [
            zeros, crlf, commented, tails, no_end, no_final, after_end, end_crlf, leading,
        ] {
            let (got, e) = parse_every_split(F, input.as_bytes());
            assert_eq!((&got, e), (&want, None), "{input:?}");
        }
        assert_eq!(parse_all(F, b""), (vec![], None));
        assert_eq!(parse_all(F, b"# only a comment"), (vec![], None));
    }

    /// Lines ended by a carriage return alone (old Mac files) are refused where the first
    /// one ends, in every split of the input, not read as one line whose tail is ignored;
    /// a carriage return before a line feed, or at the very end, is a line end.
    #[test]
    fn a_carriage_return_alone_is_refused() {
        assert_eq!(
            error(F, &format!("{P1}\r{P1}\r")),
            "1:82: case 2: a carriage return without a line feed after it: lines end with \\n \
             or \\r\\n"
        );
        assert!(error(F, &format!("{P1}:1:x\ry\n")).starts_with("1:86: case 2: a carriage"));
        for fine in [format!("{P1}\r\n{P1}\r\n"), format!("{P1}\r"), format!("{P1}:1\r\r\n")] {
            assert_eq!(parse_every_split(F, fine.as_bytes()).1, None, "{fine:?}");
        }
    }

    #[test]
    fn errors_name_line_column_and_case() {
        let short = format!("{P1}\n{}\n", &P1[..80]);
        assert_eq!(
            error(F, &short),
            "2:81: case 2: line has 80 characters, expected 81"
        );
        let short_crlf = format!("{P1}\r\n{} \r\n{P1}\n", &P1[..40]);
        assert_eq!(
            error(F, &short_crlf),
            "2:41: case 2: line has 40 characters, expected 81"
        );
        let short_eof = format!("{P1}\n{}", &P1[..70]);
        assert_eq!(
            error(F, &short_eof),
            "2:71: case 2: line has 70 characters, expected 81"
        );
        let bad = format!("{P1}\n\n# c\n{}x{}\n", &P1[..10], &P1[11..]);
        assert_eq!(
            error(F, &bad),
            "4:11: case 2: expected a digit 0-9 or '.', found 'x'"
        );
        let nul = format!("{}\x00{}\n", &P1[..3], &P1[4..]);
        assert_eq!(
            error(F, &nul),
            "1:4: case 1: expected a digit 0-9 or '.', found '\\x00'"
        );
        let inner_blank = format!("{} {}\n", &P1[..3], &P1[4..]);
        assert_eq!(
            error(F, &inner_blank),
            "1:4: case 1: expected a digit 0-9 or '.', found ' '"
        );
        assert_eq!(
            error(F, "endless\n"),
            "1:1: case 1: expected a digit 0-9 or '.', found 'e'"
        );
        assert_eq!(
            error(F, "en"),
            "1:1: case 1: expected a digit 0-9 or '.', found 'e'"
        );
        let e = parse_every_split(F, b"\xff\xfe").1.unwrap().to_string();
        assert_eq!(e, "1:1: case 1: expected a digit 0-9 or '.', found '\\xff'");
        let (got, e) = parse_all(F, format!("{P1}\n{P1}\n12x").as_bytes());
        assert_eq!(got.len(), 2);
        assert_eq!(
            e.unwrap().to_string(),
            "3:3: case 3: expected a digit 0-9 or '.', found 'x'"
        );
    }

    #[test]
    fn very_long_lines_cost_no_rescans() {
        let mut input = P1.as_bytes().to_vec();
        input.extend(std::iter::repeat_n(b'z', 3 * LINE_LIMIT));
        input.push(b'\n');
        input.extend(P1.as_bytes());
        let (got, e) = parse_every_split(F, &input[..200]);
        assert_eq!((got.len(), e), (1, None));
        let (got, e) = super::super::testutil::parse_chunked(F, &input, 1000);
        assert_eq!((got.len(), e), (2, None));
    }
}
