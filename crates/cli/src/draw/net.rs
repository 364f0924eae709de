//! A case on a net drawn as text ([`net_text`]): its board has no square grid for a
//! [`super::Picture`], so `show` writes it in the net's own shape. Tight-Fit's 6x6 grid is
//! six rows of tokens padded to one width (`7/9`, ` 6 `), `|` between the two column halves of
//! a region row and a rule between region rows; SGU 437's hexagon is its seven rows of 2, 5,
//! 6, 5, 6, 5 and 2 cells, each centred as the figure staggers them. A cell the output got
//! wrong carries a `*`.

use crate::format::net::{SPLIT_SIDE, write_cell};
use crate::format::readback::Said;
use crate::format::spec::{Rows, Spec};
use crate::model::{Case, Mode};

/// The rows of SGU 437's hexagon, top to bottom: how many cells each holds.
const HEXAGON_ROWS: [usize; 7] = [2, 5, 6, 5, 6, 5, 2];

/// The text of case `k` on a net, with what the answer file and the output say of it, and
/// whether the output is wrong; `None` for a case of a grid.
pub fn net_text(
    spec: &Spec,
    k: u64,
    case: &Case,
    answer: Option<&Said>,
    output: Option<&Said>,
) -> Option<(String, bool)> {
    let (net, rank) = case.as_net()?;
    let ans = answer.and_then(|a| a.grid.as_deref());
    let out = output.and_then(|o| o.grid.as_deref());
    let shown = out.or(ans).unwrap_or(case.cells());
    // Wrong: differs from the answer where one solution is asked, or solves nothing.
    let exact = matches!(spec.mode, Mode::Nth | Mode::Lexmin);
    let wrong_slot = |s: usize| match (out, ans) {
        (Some(o), Some(a)) if exact || !case.is_solved_by(o) => o[s] != a[s],
        (Some(o), None) => !case.is_solved_by(o) && o[s] == 0,
        _ => false,
    };
    let bad = out.is_some_and(|o| !case.is_solved_by(o) || (exact && ans.is_some_and(|a| a != o)));
    let tokens: Vec<String> = (0..net.cells())
        .map(|c| {
            let mut t = Vec::new();
            write_cell(spec.input.cells, net, c, shown, &mut t);
            // An empty hexagon cell is `0` in the files, `.` here, to stand out.
            let mut t = String::from_utf8_lossy(&t).into_owned();
            if t == "0" {
                t = ".".into();
            }
            if net.slots_of(c).any(wrong_slot) {
                t.push('*');
            }
            t
        })
        .collect();
    let width = tokens.iter().map(String::len).max().unwrap_or(1);
    let pad = |t: &str| format!("{t:^width$}");
    let mut s = format!("case {k}: {}", title(spec, net.values(), rank));
    s.push('\n');
    if spec.input.rows == Rows::Split {
        for (r, row) in tokens.chunks(SPLIT_SIDE).enumerate() {
            if r > 0 && r % 2 == 0 {
                s.push_str(&"-".repeat(6 * (width + 1) + 1));
                s.push('\n');
            }
            let half = |h: &[String]| h.iter().map(|t| pad(t)).collect::<Vec<_>>().join(" ");
            let line = format!("{} | {}", half(&row[..3]), half(&row[3..]));
            s.push_str(line.trim_end());
            s.push('\n');
        }
    } else {
        let mut at = 0;
        for n in HEXAGON_ROWS {
            let row: Vec<String> = tokens[at..at + n].iter().map(|t| pad(t)).collect();
            at += n;
            let indent = (6 - n) * (width + 1) / 2;
            let line = format!("{}{}", " ".repeat(indent), row.join(" "));
            s.push_str(line.trim_end());
            s.push('\n');
        }
    }
    for (who, said) in [("answer", answer), ("output", output)] {
        if let Some(w) = said.map(|x| x.words.as_str()).filter(|w| !w.is_empty()) {
            s.push_str(&format!("{who}: {w}\n"));
        }
    }
    if bad {
        s.push_str("wrong: the output's values (marked *) do not solve the case as asked\n");
    }
    Some((s, bad))
}

fn title(spec: &Spec, values: usize, rank: u64) -> String {
    match spec.input.rows {
        Rows::Hexagon => format!("hexagon of 31 cells, values 1-{values}, solution {rank} asked"),
        _ => "6x6 grid of split cells, digits 1-9".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::judges::find;
    use crate::format::read_all;

    #[test]
    fn split_grids_and_hexagons_keep_their_shape() {
        let spec = find("kattis-tightfitsudoku").unwrap();
        let case = &read_all(spec, spec.sample.0.as_bytes()).unwrap()[0];
        let (text, bad) = net_text(spec, 1, case, None, None).unwrap();
        assert!(!bad);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 1 + 6 + 2, "{text}");
        assert_eq!(lines[1], "-/- -/5  4  |  3   2  -/-");
        let hex = find("sgu437").unwrap();
        let case = &read_all(hex, hex.sample.0.as_bytes()).unwrap()[0];
        let (text, _) = net_text(hex, 1, case, None, None).unwrap();
        let rows: Vec<usize> = text
            .lines()
            .skip(1)
            .map(|l| l.split_whitespace().count())
            .collect();
        assert_eq!(rows, HEXAGON_ROWS);
    }

    #[test]
    fn a_wrong_output_is_marked() {
        let spec = find("kattis-tightfitsudoku").unwrap();
        let case = &read_all(spec, spec.sample.0.as_bytes()).unwrap()[0];
        let Some((net, _)) = case.as_net() else {
            panic!("a net")
        };
        let mut grid = vec![0u8; net.slots()];
        grid.copy_from_slice(&solution(spec));
        let right = Said {
            words: String::new(),
            grid: Some(grid.clone()),
            marks: None,
        };
        grid.swap(0, 1);
        let wrong = Said {
            words: String::new(),
            grid: Some(grid),
            marks: None,
        };
        let (text, bad) = net_text(spec, 1, case, Some(&right), Some(&wrong)).unwrap();
        assert!(bad && text.contains("9/7*"), "{text}");
        let (_, bad) = net_text(spec, 1, case, Some(&right), Some(&right)).unwrap();
        assert!(!bad);
    }

    fn solution(spec: &Spec) -> Vec<u8> {
        spec.sample
            .1
            .split_whitespace()
            .flat_map(|t| t.split('/').map(|d| d.parse::<u8>().unwrap()))
            .collect()
    }
}
