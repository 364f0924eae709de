//! The special judge of NWRRC 2013 "Intellectual Property"
//! ([`Mode::Similar`](crate::model::Mode::Similar)), behind `spec.rs`'s token judge: for each pair of
//! puzzles in order, `No` must be the truth (the canonical forms say the two are not alike),
//! and `Yes` must be followed by a count `q` (at most [`MAX_OPS`]) and `q` operations, read
//! strictly (an unknown letter, a number out of range, `r` or `c` across bands or stacks are
//! wrong answers), that turn the first puzzle into the second exactly when applied in order.
//! Any such list is right, however it differs from `solve`'s.

use super::Verdict;
use crate::format::similar::{MAX_OPS, parse_op};
use crate::model::geometry::cell_name;
use crate::model::symmetry::Op;

/// A token of the output: its bytes, line and column.
pub(super) type Token = (Vec<u8>, u64, u64);

/// A fault: the verdict and its message.
type Found = (Verdict, String);

/// Judges the answers to every pair of `puzzles` (81 cells each) against `truth` (the
/// engine's: `Some` exactly for the similar pairs), reading tokens from `next` (`None` at the
/// end of the output); returns the answers as given.
pub(super) fn judge(
    puzzles: &[&[u8]],
    truth: &[Option<Vec<Op>>],
    next: &mut dyn FnMut() -> Result<Option<Token>, Found>,
) -> Result<Vec<Option<Vec<Op>>>, Found> {
    let mut given = Vec::with_capacity(truth.len());
    let mut k = 0;
    let mut last = (1, 1);
    for i in 0..puzzles.len() {
        for j in i + 1..puzzles.len() {
            let alike = truth.get(k).is_some_and(Option::is_some);
            k += 1;
            let pair = format!("puzzles {} and {}", i + 1, j + 1);
            let Some((word, line, col)) = next()? else {
                let msg = format!("expected Yes or No for {pair}, found the end of output");
                return Err(wrong(last, msg));
            };
            last = (line, col);
            match (&word[..], alike) {
                (b"No", false) => {
                    given.push(None);
                    continue;
                }
                (b"No", true) => {
                    let msg = format!("{pair} are similar, found No");
                    return Err(wrong(last, msg));
                }
                (b"Yes", false) => {
                    let msg = format!("{pair} are not similar, found Yes");
                    return Err(wrong(last, msg));
                }
                (b"Yes", true) => {}
                _ => {
                    let msg = format!("expected Yes or No for {pair}, found {}", quote(&word));
                    return Err(wrong(last, msg));
                }
            }
            let at_yes = last;
            let q = match next()? {
                None => {
                    let msg = format!("expected the number of operations for {pair}, found the end of output");
                    return Err(wrong(last, msg));
                }
                Some((t, line, col)) => {
                    last = (line, col);
                    let n = crate::format::cursor::decimal(&t);
                    match n {
                        Some(n) if n <= MAX_OPS => n,
                        Some(n) => {
                            let msg = format!("{n} operations for {pair}: at most {MAX_OPS} allowed");
                            return Err(wrong(last, msg));
                        }
                        None => {
                            let msg = format!(
                                "expected the number of operations (0-{MAX_OPS}) for {pair}, found {}",
                                quote(&t)
                            );
                            return Err(wrong(last, msg));
                        }
                    }
                }
            };
            let mut grid: [u8; 81] = puzzles[i].try_into().map_err(|_| fail())?;
            let mut ops = Vec::with_capacity(q);
            for _ in 0..q {
                let Some((letter, line, col)) = next()? else {
                    let msg = format!("expected {q} operations for {pair}, found {} and the end of output", ops.len());
                    return Err(wrong(last, msg));
                };
                last = (line, col);
                let mut failed = None;
                let op = parse_op(&letter, &mut || match next() {
                    Ok(Some((t, line, col))) => {
                        last = (line, col);
                        Some(t)
                    }
                    Ok(None) => None,
                    Err(e) => {
                        failed = Some(e);
                        None
                    }
                });
                if let Some(e) = failed {
                    return Err(e);
                }
                let op = op.map_err(|msg| wrong(last, msg))?;
                op.apply(&mut grid).ok_or_else(|| wrong(last, format!("{op}: not an operation")))?;
                ops.push(op);
            }
            if let Some(c) = (0..81).find(|&c| grid[c] != puzzles[j][c]) {
                let msg = format!(
                    "the {q} operations turn puzzle {} into a grid that is not puzzle {}: {} is {}, expected {}",
                    i + 1,
                    j + 1,
                    cell_name(9, c),
                    cell(grid[c]),
                    cell(puzzles[j][c])
                );
                return Err(wrong(at_yes, msg));
            }
            given.push(Some(ops));
        }
    }
    Ok(given)
}

fn wrong((line, col): (u64, u64), msg: String) -> Found {
    (Verdict::WrongAnswer, format!("line {line}, column {col}: {msg}"))
}

fn fail() -> Found {
    (Verdict::Fail, "a puzzle that is not 9x9".to_string())
}

/// A cell as the problem spells it, quoted: `'4'`, `'.'`.
fn cell(v: u8) -> String {
    let c = if v == 0 { '.' } else { char::from(b'0' + v) };
    format!("'{c}'")
}

fn quote(t: &[u8]) -> String {
    format!("\"{}\"", t.escape_ascii())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Judges `output` on `puzzles` by the engine's truth.
    fn run(puzzles: &[[u8; 81]], output: &str) -> Result<Vec<Option<Vec<Op>>>, Found> {
        let truth = crate::model::symmetry::similar(puzzles);
        let refs: Vec<&[u8]> = puzzles.iter().map(|p| &p[..]).collect();
        let mut tokens = Vec::new();
        for (l, line) in output.lines().enumerate() {
            let mut col = 1;
            for word in line.split(' ') {
                tokens.push((word.as_bytes().to_vec(), l as u64 + 1, col));
                col += word.len() as u64 + 1;
            }
        }
        let mut it = tokens.into_iter();
        judge(&refs, &truth, &mut || Ok(it.next()))
    }

    #[test]
    fn any_right_list_passes_and_every_wrong_one_is_told() {
        let mut a = [0u8; 81];
        a[0] = 1;
        a[10] = 2;
        let mut b = a;
        Op::Flip.apply(&mut b);
        Op::Digits(1, 5).apply(&mut b);
        let mut c = a;
        c[80] = 3;
        let set = [a, b, c];
        // Two right lists for (1, 2): the flip and swap, or the swap and flip.
        let ok = run(&set, "Yes\n2\nF\nD 1 5\nNo\nNo").unwrap();
        assert_eq!(ok[0], Some(vec![Op::Flip, Op::Digits(1, 5)]));
        assert!(run(&set, "Yes\n3\nD 1 5\nF\nr 1 1\nNo\nNo").is_ok());
        let err = |out: &str| run(&set, out).unwrap_err().1;
        assert_eq!(err("Yes\n1\nF\nNo\nNo"), "line 1, column 1: the 1 operations turn puzzle 1 into a grid that is not puzzle 2: r1c1 is '1', expected '5'");
        assert_eq!(err("No\nNo\nNo"), "line 1, column 1: puzzles 1 and 2 are similar, found No");
        assert_eq!(err("Yes\n2\nF\nD 1 5\nYes\n0\nNo"), "line 5, column 1: puzzles 1 and 3 are not similar, found Yes");
        assert_eq!(err("Yes\n1001\nF"), "line 2, column 1: 1001 operations for puzzles 1 and 2: at most 1000 allowed");
        assert_eq!(err("Yes\n2\nF\nr 1 4"), "line 4, column 5: r 1 4: rows 1 and 4 are not in one band");
        assert_eq!(err("Yes\n2\nF\nX 1 5"), "line 4, column 1: expected an operation (D, R, r, C, c or F), found \"X\"");
        assert_eq!(err("Yes\n2\nF\nD 1 x"), "line 4, column 5: expected a digit 1-9, found \"x\"");
        assert_eq!(err("Yes\n-1"), "line 2, column 1: expected the number of operations (0-1000) for puzzles 1 and 2, found \"-1\"");
        assert_eq!(err("Yes\n2\nF"), "line 3, column 1: expected 2 operations for puzzles 1 and 2, found 1 and the end of output");
        assert_eq!(err("yes"), "line 1, column 1: expected Yes or No for puzzles 1 and 2, found \"yes\"");
        assert_eq!(err("Yes\n2\nF\nD 1 5\nNo"), "line 5, column 1: expected Yes or No for puzzles 2 and 3, found the end of output");
    }
}
