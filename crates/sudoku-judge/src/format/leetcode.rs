//! LeetCode 37 boards: `[["5","3",".",...],...]`, nine rows of nine one-character strings
//! `"1"`-`"9"` or `"."`, JSON whitespace allowed between tokens, one board per line (any
//! whitespace separates boards). Answers are the solved board in the same spelling without
//! spaces, or `No solution`.
//!
//! No spec spelling reads JSON boards, so this reader has no generic twin to lose to: it is
//! LeetCode 37's and 36's only reader. Its cost (`cargo bench --bench lanes`, medians of 7
//! alternating rounds on one thread's CPU time): 16.8 ms to read 10,000 generated boards, of 37.4
//! ms for their whole `solve`.

use super::ParseError;
use super::cursor::{Scan, err, expected, is_space};
use super::sticky::Resumable;
use crate::model::Outcome;
use crate::model::{CELLS, Case, N, Puzzle};

/// Where in a board the reader is: what the next non-blank byte must be.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Want {
    /// `[` opening a board (between boards).
    #[default]
    Board,
    /// `[` opening a row.
    Row,
    /// `"` opening a cell.
    Cell,
    /// The cell's character (no blanks inside a string).
    Char,
    /// `"` closing a cell (no blanks inside a string).
    Close,
    /// `,` or `]` after a cell.
    AfterCell,
    /// `,` or `]` after a row.
    AfterRow,
}

/// Streaming reader of LeetCode boards; see [`super::Reader::parse`] for the contract.
///
/// A byte-at-a-time state machine whose state survives between calls, so a board cut off by
/// the end of a buffer is never scanned twice, and every byte scanned may be dropped (blanks
/// inside a board are not kept, however many).
pub(crate) struct BoardReader {
    scan: Scan,
    read: u64,
    want: Want,
    row: usize,
    col: usize,
    cells: [u8; CELLS],
    finished: bool,
}

impl Default for BoardReader {
    fn default() -> Self {
        BoardReader {
            scan: Scan::default(),
            read: 0,
            want: Want::Board,
            row: 0,
            col: 0,
            cells: [0; CELLS],
            finished: false,
        }
    }
}

impl Resumable for BoardReader {
    fn run(
        &mut self,
        buf: &[u8],
        eof: bool,
        out: &mut Vec<Case>,
        max: usize,
    ) -> Result<(), ParseError> {
        let mut room = max;
        while let Some(&b) = buf.get(self.scan.off) {
            let at = self.scan.off;
            let in_string = matches!(self.want, Want::Char | Want::Close);
            if !in_string && is_space(b) {
                if b == b'\n' {
                    self.scan.newline(at);
                }
                self.scan.off += 1;
                continue;
            }
            let fail = |msg: String| Err(err(self.scan.pos(at), Some(self.read + 1), msg));
            let (r, c) = (self.row + 1, self.col);
            match (self.want, b) {
                (Want::Board, b'[') => {
                    if room == 0 {
                        self.scan.commit();
                        return Ok(());
                    }
                    self.row = 0;
                    self.want = Want::Row;
                }
                (Want::Board, _) => return fail(expected("'[' to start a board", b)),
                (Want::Row, b'[') => {
                    self.col = 0;
                    self.want = Want::Cell;
                }
                (Want::Row, b']') if self.row == 0 => {
                    return fail("board has 0 rows, expected 9".into());
                }
                (Want::Row, _) => return fail(expected(&format!("'[' to start row {r}"), b)),
                (Want::Cell, b'"') => self.want = Want::Char,
                (Want::Cell, b']') if c == 0 => {
                    return fail(format!("row {r} has 0 cells, expected 9"));
                }
                (Want::Cell, _) => return fail(expected("'\"' to start a cell", b)),
                (Want::Char, b'1'..=b'9' | b'.') => {
                    self.cells[self.row * N + c] = if b == b'.' { 0 } else { b - b'0' };
                    self.want = Want::Close;
                }
                (Want::Char, _) => return fail(expected("a digit 1-9 or '.'", b)),
                (Want::Close, b'"') => {
                    self.col += 1;
                    self.want = Want::AfterCell;
                }
                (Want::Close, _) => return fail(expected("'\"' after one character", b)),
                (Want::AfterCell, b',') if c == N => {
                    return fail(format!("row {r} has more than 9 cells"));
                }
                (Want::AfterCell, b',') => self.want = Want::Cell,
                (Want::AfterCell, b']') if c < N => {
                    return fail(format!("row {r} has {c} cells, expected 9"));
                }
                (Want::AfterCell, b']') => {
                    self.row += 1;
                    self.want = Want::AfterRow;
                }
                (Want::AfterCell, _) => return fail(expected("',' or ']'", b)),
                (Want::AfterRow, b',') if self.row == N => {
                    return fail("board has more than 9 rows".into());
                }
                (Want::AfterRow, b',') => self.want = Want::Row,
                (Want::AfterRow, b']') if self.row < N => {
                    return fail(format!("board has {} rows, expected 9", self.row));
                }
                (Want::AfterRow, b']') => {
                    out.push(Case::Nine(Puzzle::standard(self.cells)));
                    room -= 1;
                    self.read += 1;
                    self.want = Want::Board;
                    self.scan.off += 1;
                    self.scan.commit();
                    continue;
                }
                (Want::AfterRow, _) => return fail(expected("',' or ']'", b)),
            }
            self.scan.off += 1;
        }
        self.scan.commit();
        if self.want == Want::Board {
            self.finished = eof;
        } else if eof {
            return Err(err(
                self.scan.pos(buf.len()),
                Some(self.read + 1),
                "unexpected end of input inside the board",
            ));
        }
        Ok(())
    }

    fn scan(&mut self) -> &mut Scan {
        &mut self.scan
    }

    fn finished(&self) -> bool {
        self.finished
    }
}

/// Appends the answer: the board spelled like the input without spaces, or `No solution`.
pub(crate) fn write(outcome: &Outcome, out: &mut Vec<u8>) {
    match outcome.solution.filter(|_| outcome.count > 0) {
        Some(grid) => write_board(&grid, out),
        None => out.extend_from_slice(b"No solution\n"),
    }
}

/// Appends a board (`0` for an empty cell, spelled `"."`) as one line without spaces.
pub fn write_board(grid: &[u8], out: &mut Vec<u8>) {
    debug_assert_eq!(grid.len(), N * N);
    // 9 rows of `[` + 9 cells `"d"` + 8 commas + `]`, 8 commas between rows, 2 brackets, `\n`.
    const ROW: usize = 1 + 3 * N + (N - 1) + 1;
    let mut text = [0u8; N * ROW + (N - 1) + 3];
    let mut w = 0;
    let mut put = |b: u8| {
        text[w] = b;
        w += 1;
    };
    put(b'[');
    for r in 0..N {
        if r > 0 {
            put(b',');
        }
        put(b'[');
        for c in 0..N {
            if c > 0 {
                put(b',');
            }
            put(b'"');
            put(match grid[r * N + c] {
                0 => b'.',
                d => b'0' + d,
            });
            put(b'"');
        }
        put(b']');
    }
    put(b']');
    put(b'\n');
    out.extend_from_slice(&text);
}

#[cfg(test)]
mod tests {
    use super::super::testutil::{error, grid, parse_all, parse_every_split};
    use super::super::{Format, write_outcome};
    use super::*;

    const F: Format = Format::Leetcode;

    /// The LeetCode 37 example board and its solution.
    const EXAMPLE: &str = r#"[["5","3",".",".","7",".",".",".","."],["6",".",".","1","9","5",".",".","."],[".","9","8",".",".",".",".","6","."],["8",".",".",".","6",".",".",".","3"],["4",".",".","8",".","3",".",".","1"],["7",".",".",".","2",".",".",".","6"],[".","6",".",".",".",".","2","8","."],[".",".",".","4","1","9",".",".","5"],[".",".",".",".","8",".",".","7","9"]]"#;
    const SOLVED: &str = r#"[["5","3","4","6","7","8","9","1","2"],["6","7","2","1","9","5","3","4","8"],["1","9","8","3","4","2","5","6","7"],["8","5","9","7","6","1","4","2","3"],["4","2","6","8","5","3","7","9","1"],["7","1","3","9","2","4","8","5","6"],["9","6","1","5","3","7","2","8","4"],["2","8","7","4","1","9","6","3","5"],["3","4","5","2","8","6","1","7","9"]]"#;

    #[test]
    fn example_reads_and_answers_in_the_same_spelling() {
        let input = format!("{EXAMPLE}\n{EXAMPLE}\n");
        let (got, e) = parse_every_split(F, input.as_bytes());
        assert_eq!(e, None);
        assert_eq!(got.len(), 2);
        assert_eq!(got[0].cells[..9], [5, 3, 0, 0, 7, 0, 0, 0, 0]);
        let o = Outcome {
            count: 1,
            solution: Some(grid(SOLVED)),
        };
        let mut out = Vec::new();
        write_outcome(F, 1, &got[0], &o, &mut out);
        write_outcome(F, 2, &got[1], &Outcome::NONE, &mut out);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            format!("{SOLVED}\nNo solution\n")
        );
    }

    #[test]
    fn json_whitespace_is_tolerated() {
        let want = parse_all(F, EXAMPLE.as_bytes()).0;
        let spaced = EXAMPLE
            .replace(',', ", ")
            .replace('[', "[ ")
            .replace(']', " ]");
        let pretty = EXAMPLE.replace("],", "],\r\n  \t");
        let padded = format!("\n\n  {EXAMPLE}  \r\n\n");
        for input in [spaced, pretty, padded] {
            let (got, e) = parse_every_split(F, input.as_bytes());
            assert_eq!((got, e), (want.clone(), None), "{input}");
        }
        assert_eq!(parse_all(F, b" \n"), (vec![], None));
    }

    #[test]
    fn errors_name_line_column_and_case() {
        let two = |second: String| format!("{EXAMPLE}\n{second}\n");
        let last_row = r#",[".",".",".",".","8",".",".","7","9"]"#;
        let cases = [
            (
                EXAMPLE.replacen("\"7\"", "\"0\"", 1),
                1,
                "2:20: case 2: expected a digit 1-9 or '.', found '0'",
            ),
            (
                EXAMPLE.replacen("\"7\"", "\"77\"", 1),
                1,
                "2:21: case 2: expected '\"' after one character, found '7'",
            ),
            (
                EXAMPLE.replacen("\"7\"", "\" 7\"", 1),
                1,
                "2:20: case 2: expected a digit 1-9 or '.', found ' '",
            ),
            (
                EXAMPLE.replacen(",\".\"]", "]", 1),
                1,
                "2:34: case 2: row 1 has 8 cells, expected 9",
            ),
            (
                EXAMPLE.replacen("\".\"]", "\".\",\".\"]", 1),
                1,
                "2:38: case 2: row 1 has more than 9 cells",
            ),
            (
                EXAMPLE.replacen("\"]]", "\"]]]", 1),
                2,
                "2:344: case 3: expected '[' to start a board, found ']'",
            ),
            (
                EXAMPLE.replacen(last_row, "", 1),
                1,
                "2:305: case 2: board has 8 rows, expected 9",
            ),
            (
                EXAMPLE.replacen("]]", "],[]]", 1),
                1,
                "2:343: case 2: board has more than 9 rows",
            ),
            (
                EXAMPLE.replacen("\"5\"", "5", 1),
                1,
                "2:3: case 2: expected '\"' to start a cell, found '5'",
            ),
            (
                EXAMPLE.replacen("[[", "[{", 1),
                1,
                "2:2: case 2: expected '[' to start row 1, found '{'",
            ),
            (
                EXAMPLE.replacen("],", "];", 1),
                1,
                "2:39: case 2: expected ',' or ']', found ';'",
            ),
            (
                EXAMPLE[..38].to_string(),
                1,
                "3:1: case 2: unexpected end of input inside the board",
            ),
            (
                "\x00".to_string(),
                1,
                "2:1: case 2: expected '[' to start a board, found '\\x00'",
            ),
        ];
        for (second, good, msg) in cases {
            let (got, e) = parse_every_split(F, two(second.clone()).as_bytes());
            assert_eq!(got.len(), good, "{second}");
            assert_eq!(e.unwrap().to_string(), msg, "{second}");
        }
        assert_eq!(error(F, "[]"), "1:2: case 1: board has 0 rows, expected 9");
    }
}
