//! `sudoku-judge stress`: the solvers against each other, or a user's program against the
//! judge, on generated cases until the first failure, which is saved and shrunk.

use crate::cmd::r#gen::{GenFormat, LayoutArg, MakeArgs, seed_or_clock};
use crate::exit::Exit;
use crate::format::Format;
use crate::generate::kinds::Maker;
use crate::stress::{self, Plan, Program, Progress, Trial};
use clap::Args;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Stress-test on generated cases until the first failure.
///
/// Without --cmd: the bitmask and DLX solvers must agree on every case, return valid grids, and
/// have their answers judged right. With --cmd: the program reads each generated file on stdin
/// and its output is judged; the first failing input is saved as NAME.in / NAME.out /
/// NAME.expected under --save, then shrunk to one case with as few givens as still fail, saved
/// as NAME-min.*. Exit status: 0 no failure; 1 a failure was found; 2 a bad argument or I/O error.
#[derive(Args, Debug)]
#[command(after_help = STRESS_HELP)]
pub struct StressArgs {
    /// Judge format of the generated files.
    #[arg(short, long, value_enum)]
    pub format: GenFormat,

    /// Number of cases to try.
    #[arg(short = 'n', long, default_value_t = 10_000, value_name = "N")]
    pub count: u64,

    /// Seed; the default is taken from the clock and printed on stderr.
    #[arg(short, long, value_name = "S")]
    pub seed: Option<u64>,

    /// The program under test, run through `sh -c` with a judge file on stdin.
    #[arg(long, value_name = "'PROGRAM ARGS'")]
    pub cmd: Option<String>,

    /// Cases per run of the program (the T of each file).
    #[arg(long, default_value_t = 10, value_name = "N")]
    pub batch: u64,

    /// Time limit per run, in seconds.
    #[arg(long, default_value_t = 2.0, value_name = "SECS")]
    pub timeout: f64,

    /// Where the failing case is saved.
    #[arg(long, default_value = "stress", value_name = "DIR")]
    pub save: PathBuf,

    /// Base name of the saved files.
    #[arg(long, default_value = "fail", value_name = "NAME")]
    pub name: String,

    /// Worker threads for the solver self-check; 0 means one per core.
    #[arg(short = 'j', long, default_value_t = 0, value_name = "N")]
    pub threads: usize,

    #[command(flatten)]
    pub make: MakeArgs,
}

const STRESS_HELP: &str = "\
Examples:
  sudoku-judge stress --format hdu4069 --count 100000
  sudoku-judge stress --format hdu4069 --cmd ./a.out --count 1000 --seed 1
  sudoku-judge stress --format poj2676 --cmd 'python3 sol.py' --batch 50 --timeout 5";

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
    let spec = match make.spec(format) {
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
            if args.batch == 0 || args.timeout.is_nan() || args.timeout <= 0.0 {
                eprintln!("error: --batch and --timeout must be positive");
                return Exit::Error;
            }
            let prog = Program {
                cmd: cmd.clone(),
                timeout: Duration::from_secs_f64(args.timeout),
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
    eprintln!("saved {}", names(&base));
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
    eprintln!("saved {}", names(&base));
    Ok(())
}

fn names(base: &Path) -> String {
    ["in", "out", "expected"]
        .iter()
        .map(|e| base.with_extension(e).display().to_string())
        .collect::<Vec<_>>()
        .join(", ")
}
