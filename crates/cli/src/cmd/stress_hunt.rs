//! `sudoku-judge stress --hunt slow --cmd PROG`: the case the program is slowest on, hunted from
//! `--against` cases within a time budget (`crate::stress::hunt`), saved with its CPU time; a
//! failing run is reported and shrunk as `stress` reports failures.

use crate::cli::StressArgs;
use crate::cmd::gen_against;
use crate::cmd::stress_failure::{refuse_unrunnable, report_failure};
use crate::exit::Exit;
use crate::generate::against::set::{self as against, AgainstSet};
use crate::generate::request::Request;
use crate::model::Board;
use crate::model::Case;
use crate::shard::Shard;
use crate::solve::SolverKind;
use crate::solve::engine::Engine;
use crate::stress::hunt::{Ending, Hunt};
use crate::stress::{self, Problem, Program};
use std::time::{Duration, Instant};

/// Cases made `--against` to start from, and the effort each gets before the hunt.
const STARTS: u64 = 3;
const START_DRAWS: u64 = 20;
const START_STEPS: u64 = 200;
const START_CAP: u64 = 1_000_000;

pub fn run(args: &StressArgs, plan: Request, prog: &Program, seed: u64) -> Exit {
    // The budget counts from here: making the starting cases is part of the hunt.
    let began = Instant::now();
    let base = match against::base(plan) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("error: {}", e.replacen("--against", "--hunt", 1));
            return Exit::Error;
        }
    };
    let Some(budget) = Duration::try_from_secs_f64(args.hunt_time)
        .ok()
        .filter(|d| !d.is_zero())
    else {
        eprintln!("error: --hunt-time: give a positive number of seconds");
        return Exit::Error;
    };
    let set = AgainstSet {
        base: base.clone(),
        strategy: gen_against::strategy(args.hunt_from),
        starts: START_DRAWS,
        steps: START_STEPS,
        cap: START_CAP,
        seed,
        count: STARTS,
        answers: false,
        report: false,
        parallel: false,
        shard: Shard::ALL,
        // Half the budget at most goes to making the starts; the hunt times the program.
        until: Some(began + budget / 2),
    };
    // The first start gives the label of every case (a format whose cases carry one).
    let label = std::cell::RefCell::new(None);
    let starts = (0..STARTS).map(|i| {
        set.climbed(i)
            .map(|(state, l, _)| {
                let mut label = label.borrow_mut();
                if label.is_none() {
                    *label = l;
                }
                state
            })
            .map_err(|e| std::io::Error::other(e.to_string()))
    });
    let hunt = Hunt {
        budget,
        began,
        repeats: args.repeats,
        seed,
        unique: set.climb().unique,
    };
    let mut engine = Engine::new(SolverKind::Bitmask);
    let problem = Problem::of(&base);
    // A core format's 9x9 case is held inline, as its generator makes it.
    let nine = base.nine().is_some();
    let case_of = |b: &Board| match nine {
        true => b.to_puzzle().map(Case::Nine),
        false => Some(Case::board(b.clone(), label.borrow().clone())),
    };
    let ended = hunt.run(prog, &problem, starts, case_of, &mut engine);
    let r = ended.and_then(|e| finish(&problem, prog, args, seed, e));
    r.unwrap_or_else(|e| {
        eprintln!("error: {e}");
        Exit::Error
    })
}

/// Reports how the hunt ended: the slowest case saved with its time, or the failure shrunk.
fn finish(
    problem: &Problem,
    prog: &Program,
    args: &StressArgs,
    seed: u64,
    ended: Option<Ending>,
) -> std::io::Result<Exit> {
    match ended {
        None => {
            eprintln!("error: --hunt: no case could be timed");
            Ok(Exit::Error)
        }
        Some(Ending::Unrunnable(why)) => {
            refuse_unrunnable(&prog.cmd, &why);
            Ok(Exit::Error)
        }
        Some(Ending::Failed(trial, runs)) => {
            eprintln!("stress --hunt: after {runs} runs");
            report_failure(problem, prog, args, seed, 0, trial)?;
            Ok(Exit::Unsolvable)
        }
        Some(Ending::Slowest(found)) => {
            let name = format!("{}-slow", args.name);
            let base = stress::save(&args.save, &name, &found.trial)?;
            let secs = found.cpu.as_secs_f64();
            let time = base.with_extension("time");
            std::fs::write(&time, format!("{secs:.6}\n"))
                .map_err(|e| stress::at_path("cannot write", &time, e))?;
            eprintln!(
                "stress --hunt: slowest of {} cases ({} runs, seed {seed}): {secs:.3} s CPU, \
                 least of {} runs; saved {}.in, .out, .expected, .time",
                found.cases,
                found.runs,
                args.repeats.max(1),
                base.display()
            );
            Ok(Exit::Success)
        }
    }
}
