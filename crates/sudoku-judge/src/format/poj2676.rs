//! POJ 2676: the count T, then nine lines of nine digits per case (`0` empty); answers are bare
//! grids, `No solution` when there is none.
//!
//! Kept by its figure (`cargo bench --bench lanes`, medians of 7 alternating rounds on one thread's
//! CPU time): on 100,000 generated cases, reading takes 11.6 ms here (with `counted.rs`) against
//! 61.0 ms for the generic reader (5.24x), and the whole `solve` 150.1 ms against 198.4 ms (1.32x).

use super::counted::{RowError, Rows};
use super::cursor::{Scan, expected, is_blank};
use super::{Pos, grid_row};
use crate::model::Outcome;
use crate::model::{CELLS, N, Puzzle};

/// The rows of the case being read.
pub(crate) struct PojRows {
    cells: [u8; CELLS],
}

impl Default for PojRows {
    fn default() -> Self {
        PojRows { cells: [0; CELLS] }
    }
}

impl Rows for PojRows {
    #[inline]
    fn fast_row(&mut self, buf: &[u8], start: usize, row: usize, _scan: &Scan) -> Option<usize> {
        let b = buf.get(start..start + 10)?;
        let next = match b[9] {
            b'\n' => start + 10,
            b'\r' if buf.get(start + 10) == Some(&b'\n') => start + 11,
            _ => return None,
        };
        let cells = &mut self.cells[row * N..row * N + N];
        let mut bad = false;
        for (cell, &c) in cells.iter_mut().zip(&b[..N]) {
            let d = c.wrapping_sub(b'0');
            bad |= d > 9;
            *cell = d;
        }
        (!bad).then_some(next)
    }

    fn row(
        &mut self,
        buf: &[u8],
        start: usize,
        end: usize,
        row: usize,
        _scan: &Scan,
    ) -> Result<(), RowError> {
        let mut n = 0;
        let mut after = start;
        for (i, &c) in buf[start..end].iter().enumerate() {
            let i = start + i;
            if is_blank(c) {
                continue;
            }
            if !c.is_ascii_digit() {
                return Err(RowError::at(i, expected("a digit 0-9", c)));
            }
            if n == N {
                return Err(RowError::at(i, "row has more than 9 digits"));
            }
            self.cells[row * N + n] = c - b'0';
            n += 1;
            after = i + 1;
        }
        if n < N {
            return Err(RowError::at_end(
                after,
                format!("row has {n} digits, expected 9"),
            ));
        }
        Ok(())
    }

    fn finish(&self) -> Result<Puzzle, (Pos, String)> {
        Ok(Puzzle::standard(self.cells))
    }

    fn looks_like_row(line: &[u8]) -> bool {
        line.iter().all(|&c| c.is_ascii_digit() || is_blank(c))
            && line.iter().filter(|c| c.is_ascii_digit()).count() == N
    }
}

/// Appends the answer: the grid as nine lines of nine digits, or `No solution`.
pub(crate) fn write(outcome: &Outcome, out: &mut Vec<u8>) {
    match outcome.solution {
        Some(grid) if outcome.count > 0 => {
            let mut text = [0u8; CELLS + N];
            for r in 0..N {
                grid_row(&grid, r, &mut text[r * (N + 1)..r * (N + 1) + N]);
                text[r * (N + 1) + N] = b'\n';
            }
            out.extend_from_slice(&text);
        }
        _ => out.extend_from_slice(b"No solution\n"),
    }
}

#[cfg(test)]
mod tests {
    use super::super::testutil::{error, grid, parse_all, parse_chunked, parse_every_split};
    use super::super::{Format, Pos};
    use super::*;
    use crate::model::testutil::{POJ_SAMPLE_IN, POJ_SAMPLE_OUT, poj_sample, poj_sample_rows};

    const F: Format = Format::Poj2676;

    /// The sample case repeated `n` times with T = `t`, rows joined by `nl`.
    fn cases(t: &str, n: usize, nl: &str) -> String {
        let mut s = format!("{t}{nl}");
        for _ in 0..n {
            for r in poj_sample_rows().lines() {
                s.push_str(r);
                s.push_str(nl);
            }
        }
        s
    }

    #[test]
    fn sample_reads_and_answers_verbatim() {
        let (got, e) = parse_every_split(F, POJ_SAMPLE_IN.as_bytes());
        assert_eq!(e, None);
        assert_eq!(got, vec![Puzzle::standard(poj_sample())]);
        let mut out = Vec::new();
        let outcome = Outcome {
            count: 1,
            solution: Some(grid(POJ_SAMPLE_OUT)),
        };
        super::super::write_outcome(F, 1, &got[0], &outcome, &mut out);
        assert_eq!(String::from_utf8(out).unwrap(), POJ_SAMPLE_OUT);
        let mut none = Vec::new();
        super::super::write_outcome(F, 2, &got[0], &Outcome::NONE, &mut none);
        assert_eq!(none, b"No solution\n");
    }

    #[test]
    fn whitespace_variants_read_the_same() {
        let want = vec![Puzzle::standard(poj_sample()); 2];
        let crlf = cases("2", 2, "\r\n");
        let trailing = cases("2  ", 2, " \t\n");
        let blank = cases("\n\n2\n", 2, "\n\n");
        let spaced = cases("2", 2, "\n").replace("103000509", "1 0 3\t000 5 0 9");
        let no_final = cases("2", 2, "\n").trim_end().to_string();
        for input in [crlf, trailing, blank, spaced, no_final] {
            let (got, e) = parse_every_split(F, input.as_bytes());
            assert_eq!(e, None, "{input:?}");
            assert_eq!(got, want, "{input:?}");
        }
    }

    #[test]
    fn count_line_errors() {
        assert_eq!(
            error(F, ""),
            "1:1: empty input: expected the number of cases"
        );
        assert_eq!(
            error(F, " \n\n "),
            "3:2: empty input: expected the number of cases"
        );
        assert_eq!(error(F, "-3\n"), "1:1: the number of cases is negative");
        assert_eq!(
            error(F, "  x3\n"),
            "1:3: expected the number of cases, found 'x'"
        );
        assert_eq!(
            error(F, "3x\n"),
            "1:2: unexpected 'x' after the number of cases"
        );
        assert_eq!(
            error(F, "3 4\n"),
            "1:3: unexpected '4' after the number of cases"
        );
        assert_eq!(
            error(F, "99999999999999999999999\n"),
            "1:1: the number of cases is too large"
        );
        assert_eq!(
            error(F, &POJ_SAMPLE_IN[2..]),
            "1:1: expected the number of cases, found a grid row"
        );
        assert_eq!(
            error(F, "\0\x01binary"),
            "1:1: expected the number of cases, found '\\x00'"
        );
    }

    #[test]
    fn count_mismatch_errors() {
        let (got, e) = parse_all(F, cases("3", 2, "\n").as_bytes());
        assert_eq!(got.len(), 2);
        assert_eq!(e.unwrap().to_string(), "20:1: expected 3 cases, found 2");
        assert_eq!(
            error(F, cases("3", 2, "\n").trim_end()),
            "19:10: expected 3 cases, found 2"
        );
        let (got, e) = parse_all(F, format!("{}\n 7\n", cases("1", 2, "\n")).as_bytes());
        assert_eq!(got.len(), 1);
        assert_eq!(
            e.unwrap().to_string(),
            "11:1: expected end of input after 1 case, found '1'"
        );
        assert_eq!(
            error(F, "0\n\n  x"),
            "3:3: expected end of input after 0 cases, found 'x'"
        );
        let (got, e) = parse_all(F, b"0\n \n");
        assert_eq!((got.len(), e), (0, None));
    }

    #[test]
    fn row_errors_name_line_column_and_case() {
        let two = cases("2", 2, "\n");
        let short = two.replacen("009205800\n", "00920580\n", 2);
        let long = two.replacen("009205800\n", "0092058001\n", 2);
        let bad = two.replacen("009205800\n", "009x05800\n", 2);
        let nul = two.replacen("009205800\n", "0092\x0005800\n", 2);
        // The second occurrence is case 2's row 8, on line 1 + 9 + 8 = 18.
        let short = short.replacen("00920580\n", "009205800\n", 1);
        let long = long.replacen("0092058001\n", "009205800\n", 1);
        let bad = bad.replacen("009x05800\n", "009205800\n", 1);
        let nul = nul.replacen("0092\x0005800\n", "009205800\n", 1);
        for (input, msg) in [
            (short, "18:9: case 2: row has 8 digits, expected 9"),
            (long, "18:10: case 2: row has more than 9 digits"),
            (bad, "18:4: case 2: expected a digit 0-9, found 'x'"),
            (nul, "18:5: case 2: expected a digit 0-9, found '\\x00'"),
        ] {
            let (got, e) = parse_every_split(F, input.as_bytes());
            assert_eq!(got.len(), 1, "{input:?}");
            assert_eq!(e.unwrap().to_string(), msg);
        }
        assert_eq!(
            error(F, &cases("2", 1, "\n")[..32]),
            "5:1: case 1: unexpected end of input after 3 of 9 rows"
        );
        assert_eq!(
            error(F, "1\n12345678 \r\n"),
            "2:9: case 1: row has 8 digits, expected 9"
        );
    }

    #[test]
    fn max_limits_cases_per_call_and_resumes() {
        let input = cases("5", 5, "\n");
        let mut r = super::super::Reader::tuned(F);
        let mut buf = input.as_bytes();
        let mut out = Vec::new();
        let n = r.parse(buf, true, &mut out, 2).unwrap();
        assert_eq!(out.len(), 2);
        assert!(!r.done());
        buf = &buf[n..];
        let n = r.parse(buf, true, &mut out, 2).unwrap();
        assert_eq!(out.len(), 4);
        buf = &buf[n..];
        r.parse(buf, true, &mut out, 2).unwrap();
        assert_eq!(out.len(), 5);
        assert!(r.done());
    }

    #[test]
    fn long_lines_are_judged_on_their_start() {
        let mut input = b"1\n12345678".to_vec();
        input.extend(std::iter::repeat_n(b' ', super::super::LINE_LIMIT + 3));
        input.extend(b"9\n");
        let e = parse_chunked(F, &input, 4096).1.unwrap();
        assert_eq!(
            e.to_string(),
            format!("2:{}: case 1: line is longer than 65536 bytes", 65536 + 1)
        );
        assert_eq!(parse_all(F, &input).1.unwrap(), e);
        assert_eq!(
            e.pos,
            Pos {
                line: 2,
                col: 65537
            }
        );
    }
}
