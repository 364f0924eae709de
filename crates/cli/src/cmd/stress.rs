//! `sudoku-judge stress`: the solvers against each other, or a user's program against the
//! judge, on generated cases until the first failure, which is saved and shrunk.

use super::stress_failure::{refuse_unrunnable, report_failure};
use crate::cli::stress::{check_batch, check_count, check_name, check_repeats, check_timeout};
use crate::cli::{LayoutArg, StressArgs};
use crate::cmd::r#gen::{self, seed_or_clock};
use crate::exit::Exit;
use crate::format::Format;
use crate::generate::maker::Maker;
use crate::generate::request::Request;
use crate::generate::set;
use crate::stress::child::Limits;
use crate::stress::{self, Problem, Program, Progress};

pub fn run(args: &StressArgs) -> Exit {
    // Before any thread starts: a guard process that kills the program's processes if we are
    // killed by SIGKILL, and SIGINT, SIGTERM and SIGHUP then kill the program's processes
    // and end us with 128 + the signal.
    if args.cmd.is_some()
        && let Err(e) = stress::guard::start()
    {
        crate::chatter::say(&format!(
            "note: no guard process ({e}): a SIGKILL to stress may leave processes"
        ));
    }
    if let Err(e) = stress::signals::install() {
        eprintln!("error: cannot take the stopping signals: {e}");
        return Exit::Error;
    }
    let status = stress(args);
    // A stop by signal ends the process from its own thread, with its own status.
    stress::signals::settle();
    status
}

fn stress(args: &StressArgs) -> Exit {
    // The command line's parser has checked these already; a caller of the library may not.
    let checked = check_count(args.count)
        .map(drop)
        .map_err(|e| format!("--count {}: {e}", args.count))
        .and_then(|()| {
            check_name(&args.name)
                .map(drop)
                .map_err(|e| format!("--name: {e}"))
        })
        .and_then(|()| {
            check_repeats(u64::from(args.repeats))
                .map(drop)
                .map_err(|e| format!("--repeats {}: {e}", args.repeats))
        });
    if let Err(e) = checked {
        eprintln!("error: {e}");
        return Exit::Error;
    }
    let mut make = args.make.clone();
    let tuned = args.format.spec().and_then(|s| s.core());
    if args.cmd.is_none() {
        // The self-check wants every kind of case, on every layout the format can carry.
        if make.mix.is_none() && tuned.is_some() {
            make.mix = Some("unique=70,none=15,multiple=15".into());
        }
        if make.layout.is_none() && tuned == Some(Format::Hdu4069) {
            make.layout = Some(LayoutArg::Mixed);
        }
    }
    let plan = match r#gen::plan(args.format, &make) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return Exit::Error;
        }
    };
    let seed = seed_or_clock(args.seed, "stress");
    let prog = match &args.cmd {
        None => None,
        Some(cmd) => match limits(args) {
            Ok(limits) => Some(Program {
                cmd: cmd.clone(),
                limits,
            }),
            Err(e) => {
                eprintln!("error: {e}");
                return Exit::Error;
            }
        },
    };
    if args.hunt.is_some()
        && let Some(prog) = &prog
    {
        return super::stress_hunt::run(args, plan, prog, seed);
    }
    let request = plan.with_seed(seed);
    match prog {
        None => self_check(&request, args.count, args.threads),
        Some(prog) => finish(program(&request, &prog, args, seed)),
    }
}

fn finish(r: std::io::Result<Exit>) -> Exit {
    r.unwrap_or_else(|e| {
        eprintln!("error: {e}");
        Exit::Error
    })
}
/// The limits of each run, or the flag that is out of range and why (the command line's
/// parser has checked them already; a caller of the library may not have).
fn limits(args: &StressArgs) -> Result<Limits, String> {
    check_batch(args.batch).map_err(|e| format!("--batch {}: {e}", args.batch))?;
    let time =
        check_timeout(args.timeout).map_err(|e| format!("--timeout {}: {e}", args.timeout))?;
    if args.output_limit == 0 {
        return Err("--output-limit: must be at least 1 byte".into());
    }
    if args.memory_limit == Some(0) {
        return Err("--memory-limit: must be more than 0".into());
    }
    Ok(Limits {
        time,
        output: args.output_limit,
        memory: args.memory_limit,
    })
}

fn self_check(request: &Request, count: u64, threads: usize) -> Exit {
    let mut progress = Progress::new();
    let r = crate::cmd::with_threads(threads, |parallel| {
        stress::self_check::run(request, count, parallel, &mut progress)
    });
    match r {
        Err(msg) => {
            eprintln!("error: {msg}");
            Exit::Error
        }
        Ok(Ok(n)) => {
            crate::chatter::say(&format!(
                "stress: {n} {} cases (seed {}), bitmask and dlx agree",
                request.spec.name, request.seed
            ));
            Exit::Success
        }
        Ok(Err(d)) => {
            let input = d
                .case
                .as_ref()
                .map(|c| set::input_file(request.spec, std::slice::from_ref(c)))
                .unwrap_or_default();
            eprintln!(
                "stress: case {} (seed {}): {}\n{}\ninput:\n{}",
                d.index + 1,
                request.seed,
                d.why,
                d.replies(),
                String::from_utf8_lossy(&input)
            );
            Exit::Unsolvable
        }
    }
}

/// Runs the program on files of `args.batch` cases of `request` until one fails.
fn program(
    request: &Request,
    prog: &Program,
    args: &StressArgs,
    seed: u64,
) -> std::io::Result<Exit> {
    let problem = &Problem::of(request);
    let mut maker = Maker::new();
    let mut progress = Progress::new();
    let mut done = 0;
    let name = request.spec.name;
    // Files no larger than the problem allows.
    let batch = args
        .batch
        .min(request.spec.max_per_file().unwrap_or(u64::MAX));
    while done < args.count {
        let n = batch.min(args.count - done);
        let mut cases = Vec::with_capacity(n as usize);
        for i in done..done + n {
            match maker.case(request, i) {
                Ok(made) => cases.push(made.case),
                Err(e) => {
                    eprintln!("error: {e}");
                    return Ok(Exit::Error);
                }
            }
        }
        let trial = prog.trial(problem, &cases)?;
        if done == 0
            && let Some(why) = &trial.unrunnable
        {
            progress.clear();
            refuse_unrunnable(&prog.cmd, why);
            return Ok(Exit::Error);
        }
        if trial.fault.is_some() {
            progress.finish(done, args.count, 1);
            report_failure(problem, prog, args, seed, done, trial)?;
            return Ok(Exit::Unsolvable);
        }
        done += n;
        progress.tick(done, args.count, 0);
    }
    progress.finish(done, args.count, 0);
    crate::chatter::say(&format!(
        "stress: {done} {name} cases (seed {seed}) accepted"
    ));
    Ok(Exit::Success)
}
