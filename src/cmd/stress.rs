//! `sudoku-judge stress`: the solvers against each other, or a user's program against the
//! judge, on generated cases until the first failure, which is saved and shrunk.

use crate::cli::{LayoutArg, StressArgs};
use crate::cmd::r#gen::{make_spec, seed_or_clock};
use crate::exit::Exit;
use crate::format::Format;
use crate::generate::kinds::Maker;
use crate::stress::child::Limits;
use crate::stress::{self, Plan, Program, Progress, Trial};
use std::path::Path;
use std::time::Duration;

pub fn run(args: &StressArgs) -> Exit {
    let format = args.format.format();
    let mut make = args.make.clone();
    if args.cmd.is_none() {
        // The self-check wants every kind of case, on every layout the format can carry.
        if make.mix.is_none() {
            make.mix = Some("unique=70,none=15,multiple=15".into());
        }
        if make.layout.is_none() && format == Format::Hdu4069 {
            make.layout = Some(LayoutArg::Mixed);
        }
    }
    let spec = match make_spec(&make, format) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return Exit::Error;
        }
    };
    let plan = Plan {
        format,
        spec,
        seed: seed_or_clock(args.seed, "stress"),
        count: args.count,
    };
    match &args.cmd {
        None => self_check(&plan, args.threads),
        Some(cmd) => {
            let Some(limits) = limits(args) else {
                eprintln!(
                    "error: --batch, --timeout, --output-limit and --memory-limit must be positive"
                );
                return Exit::Error;
            };
            let prog = Program {
                cmd: cmd.clone(),
                limits,
            };
            match program(&plan, &prog, args) {
                Ok(e) => e,
                Err(e) => {
                    eprintln!("error: {e}");
                    Exit::Error
                }
            }
        }
    }
}

/// The limits of each run, or `None` if a flag is out of range.
fn limits(args: &StressArgs) -> Option<Limits> {
    let time = Duration::try_from_secs_f64(args.timeout).ok()?;
    let ok =
        args.batch > 0 && !time.is_zero() && args.output_limit > 0 && args.memory_limit != Some(0);
    ok.then_some(Limits {
        time,
        output: args.output_limit,
        memory: args.memory_limit,
    })
}

fn self_check(plan: &Plan, threads: usize) -> Exit {
    let mut progress = Progress::new();
    let r = crate::cmd::with_threads(threads, |parallel| {
        stress::self_check(plan, parallel, &mut progress)
    });
    match r {
        Err(msg) => {
            eprintln!("error: {msg}");
            Exit::Error
        }
        Ok(Ok(n)) => {
            eprintln!(
                "stress: {n} {} cases (seed {}), bitmask and dlx agree",
                plan.format, plan.seed
            );
            Exit::Success
        }
        Ok(Err(d)) => {
            let one = crate::generate::set::input_file(plan.format, &[d.case.puzzle]);
            eprintln!(
                "stress: case {} (seed {}): {}\nbitmask: {:?}\ndlx:     {:?}\ninput:\n{}",
                d.index + 1,
                plan.seed,
                d.why,
                d.bitmask.count,
                d.dlx.count,
                String::from_utf8_lossy(&one)
            );
            Exit::Unsolvable
        }
    }
}

fn program(plan: &Plan, prog: &Program, args: &StressArgs) -> std::io::Result<Exit> {
    let mut progress = Progress::new();
    let mut maker = Maker::new();
    let mut done = 0;
    while done < plan.count {
        let n = args.batch.min(plan.count - done);
        let mut puzzles = Vec::with_capacity(n as usize);
        for i in done..done + n {
            match maker.case(&plan.spec, plan.seed, i) {
                Ok(c) => puzzles.push(c.puzzle),
                Err(e) => {
                    eprintln!("error: {e}");
                    return Ok(Exit::Error);
                }
            }
        }
        let trial = prog.trial(plan.format, &puzzles)?;
        if trial.fault.is_some() {
            progress.finish(done, plan.count, 1);
            report_failure(plan, prog, args, done, trial)?;
            return Ok(Exit::Unsolvable);
        }
        done += n;
        progress.tick(done, plan.count, 0);
    }
    progress.finish(done, plan.count, 0);
    eprintln!(
        "stress: {done} {} cases (seed {}) accepted",
        plan.format, plan.seed
    );
    Ok(Exit::Success)
}

/// Saves the failing run, shrinks it, saves the smallest failing case and says where.
fn report_failure(
    plan: &Plan,
    prog: &Program,
    args: &StressArgs,
    first: u64,
    trial: Trial,
) -> std::io::Result<()> {
    let fault = trial.fault.clone().expect("a failing trial");
    let last = first + trial.puzzles.len() as u64;
    // Case numbers in the fault are those of the file the program was given.
    eprintln!(
        "stress: the file of generated cases {}-{last} (seed {}) fails: {fault}",
        first + 1,
        plan.seed
    );
    let base = stress::save(&args.save, &args.name, &trial)?;
    eprintln!("saved {}", names(&base, &trial));
    let (small, runs) = stress::shrink(prog, plan.format, trial)?;
    let min_name = format!("{}-min", args.name);
    let base = stress::save(&args.save, &min_name, &small)?;
    let clues: Vec<String> = small
        .puzzles
        .iter()
        .map(|p| p.clues().to_string())
        .collect();
    eprintln!(
        "shrunk in {runs} runs to {} case(s) with {} givens: {}",
        small.puzzles.len(),
        clues.join(", "),
        small
            .fault
            .as_ref()
            .map_or_else(String::new, ToString::to_string)
    );
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
