//! What `stress` and `stress --hunt` do with a failing run: save it, shrink it, save the
//! smallest failing case and say where; and how both refuse a program the shell cannot start.

use crate::cli::StressArgs;
use crate::stress::{self, Problem, Program, Trial, givens};
use std::path::Path;

/// Saves the failing run, shrinks it, saves the smallest failing case and says where.
pub fn report_failure(
    problem: &Problem,
    prog: &Program,
    args: &StressArgs,
    seed: u64,
    first: u64,
    trial: Trial,
) -> std::io::Result<()> {
    let fault = trial.fault.clone().expect("a failing trial");
    let last = first + trial.cases.len() as u64;
    // Case numbers in the fault are those of the file the program was given.
    eprintln!(
        "stress: the file of generated cases {}-{last} (seed {seed}) fails: {fault}",
        first + 1,
    );
    let base = stress::save(&args.save, &args.name, &trial)?;
    eprintln!("saved {}", names(&base, &trial));
    let input = trial.input.clone();
    let (small, runs) = stress::shrink(prog, problem, trial)?;
    let min_name = format!("{}-min", args.name);
    let base = stress::save(&args.save, &min_name, &small)?;
    let clues: Vec<String> = small
        .cases
        .iter()
        .map(|p| givens(p).len().to_string())
        .collect();
    let fault = small
        .fault
        .as_ref()
        .map_or_else(String::new, ToString::to_string);
    if small.input == input {
        eprintln!("could not shrink it in {runs} runs: no smaller file fails the same way");
    } else {
        eprintln!(
            "shrunk in {runs} runs to {} case(s) with {} givens: {fault}",
            small.cases.len(),
            clues.join(", "),
        );
    }
    eprintln!("saved {}", names(&base, &small));
    Ok(())
}

/// The saved files, and whether the output in them was cut.
fn names(base: &Path, t: &Trial) -> String {
    let mut s = ["in", "out", "expected"]
        .iter()
        .map(|e| base.with_extension(e).display().to_string())
        .collect::<Vec<_>>()
        .join(", ");
    if let Some(cut) = &t.cut {
        s.push_str(&format!(
            " ({} cut: {cut})",
            base.with_extension("out").display()
        ));
    }
    s
}

/// Says that the shell cannot start `cmd` (`why`: `stress/unrunnable.rs`'s words): `stress`
/// and `stress --hunt` refuse such a program (exit 2) rather than judge it.
pub fn refuse_unrunnable(cmd: &str, why: &str) {
    eprintln!(
        "error: --cmd {cmd:?}: the shell cannot run it ({why}); check the path and that it is \
         executable"
    );
}
