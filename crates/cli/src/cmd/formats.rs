//! `sudoku-judge formats`: every judge format at a glance, and one with its sample.

use crate::cli::FormatsArgs;
use crate::cli::problem_file;
use crate::exit::Exit;
use crate::format::judges::{JUDGES, find};
use crate::format::record;
use crate::format::spec::{Rows, Spec};
use std::io::{self, Write};

pub fn run(args: &FormatsArgs) -> Exit {
    let text = match &args.name {
        None => list(),
        Some(name) => {
            let spec = match find(name).map(Ok).or_else(|| problem_file(name.as_ref())) {
                Some(Ok(spec)) => spec,
                Some(Err(e)) => {
                    eprintln!("error: {e}");
                    return Exit::Error;
                }
                None => {
                    eprintln!("error: unknown format '{name}'; `sudoku-judge formats` lists them");
                    return Exit::Error;
                }
            };
            if args.export {
                record::export(spec)
            } else {
                show(spec)
            }
        }
    };
    let stdout = match crate::cmd::output::stdout() {
        Ok(s) => s,
        Err(e) => return e,
    };
    match stdout.lock().write_all(text.as_bytes()) {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => {
            eprintln!("error: writing output: {e}");
            Exit::Error
        }
        _ => Exit::Success,
    }
}

/// One line per format: name, then what it is.
pub fn list() -> String {
    let width = JUDGES.iter().map(|s| s.name.len()).max().unwrap_or(0);
    let mut out = String::new();
    for s in JUDGES {
        out.push_str(&format!("{:width$}  {}\n", s.name, s.summary));
    }
    out.push_str("\n`sudoku-judge formats NAME` shows one format with its sample.\n");
    out
}

/// Everything about one format.
pub fn show(s: &Spec) -> String {
    let mut out = format!("{} — {}\n{}\n", s.name, s.judge, s.summary);
    if !s.aliases.is_empty() {
        out.push_str(&format!("Also called: {}\n", s.aliases.join(", ")));
    }
    let sizes = s.box_sizes();
    let (lo, hi) = (sizes.start() * sizes.start(), sizes.end() * sizes.end());
    let size = match s.input.rows {
        // A board that is no square grid.
        Rows::Hexagon => "a hexagon of 31 cells, values 1 to K (7 to 31)".to_string(),
        Rows::Split => "6x6 of 2x3 regions, digits 1 to 9, split cells holding two".to_string(),
        _ if lo == hi => format!("{lo}x{lo}"),
        _ => format!("{lo}x{lo} to {hi}x{hi}"),
    };
    let extra = if s.input.diagonals {
        ", both diagonals are units"
    } else {
        ""
    };
    // `validate` searches for a solution where one is promised, not for a second one.
    let held = if s.promise.solutions == crate::format::spec::Solutions::One {
        "`validate` holds the input to it, but for a second solution, which it does not seek"
    } else {
        "what `validate` holds the input to"
    };
    out.push_str(&format!(
        "Grid: {size}{extra}\nEach case is: {} ({held})\nAnswer: {}\n",
        s.promise.describe(),
        s.mode.describe()
    ));
    out.push_str(if s.mode == crate::model::Mode::Similar {
        "Judged by: a special judge; any operations that turn one puzzle into the other are \
         accepted\n"
    } else if s.any_grid {
        "Judged by: a special judge; any valid answer grid is accepted\n"
    } else {
        "Judged by: exact comparison with the expected output\n"
    });
    for note in s.notes {
        out.push_str(&format!("Note: {note}\n"));
    }
    out.push_str(
        "What the judge's data holds (gen and package stay inside it; --beyond goes up to the \
         promise):\n",
    );
    for line in s.holds_lines() {
        out.push_str(&format!("  {line}\n"));
    }
    out.push_str(&format!(
        "\nSample input:\n{}\nSample output:\n{}",
        s.sample.0, s.sample.1
    ));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_format_is_listed_and_shown() {
        let l = list();
        for s in JUDGES {
            assert!(l.lines().any(|x| x.starts_with(s.name)), "{}", s.name);
            let one = show(s);
            assert!(one.contains(s.sample.0) && one.contains(s.sample.1));
        }
        let one = show(find("uva1309").unwrap());
        assert!(one.starts_with("poj3076 — POJ 3076"));
        assert!(one.contains("Grid: 16x16\n"));
        assert!(show(find("uva989").unwrap()).contains("Grid: 1x1 to 9x9\n"));
        let uva = show(find("uva989").unwrap());
        assert!(
            uva.contains("  clashing givens: not in the data, beyond it (C, accepted"),
            "{uva}"
        );
    }
}
