//! `sudoku-judge gen --against STRATEGY`: the case set `gen` plans, each case climbed to be as
//! slow as it can be made for a naive search, with `-v` reporting the node counts.

use crate::cli::{GenArgs, StrategyArg};
use crate::cmd::r#gen::seed_or_clock;
use crate::cmd::output::Output;
use crate::exit::Exit;
use crate::generate::against::Strategy;
use crate::generate::against::set::{AgainstSet, report_line};
use crate::generate::request::Request;
use crate::progress::Progress;
use crate::shard::Shard;
use std::io::{self, BufWriter, Write};

/// The strategy a flag names.
pub fn strategy(a: StrategyArg) -> Strategy {
    match a {
        StrategyArg::Rowmajor => Strategy::Rowmajor,
        StrategyArg::Mrv => Strategy::Mrv,
        StrategyArg::Dlx => Strategy::Dlx,
    }
}

pub fn run(args: &GenArgs, plan: Request, target: StrategyArg) -> Exit {
    let base = match crate::generate::against::set::base(plan) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("error: {e}");
            return Exit::Error;
        }
    };
    if args.against.node_cap == 0 {
        eprintln!("error: --node-cap: give at least 1");
        return Exit::Error;
    }
    let (out, answers) = match Output::with_answers(args.output.as_deref(), args.answers.as_deref())
    {
        Ok(pair) => pair,
        Err(e) => return e,
    };
    let mut answers = answers.map(BufWriter::new);
    let mut out = BufWriter::new(out);
    let target = strategy(target);
    let shard = args.shard.unwrap_or(Shard::ALL);
    let range = shard.range(args.count);
    let total = range.end - range.start;
    let verbose = args.against.verbose;
    let mut progress = Progress::cases(args.output.is_none() || verbose);
    let mut done = 0;
    let result = crate::cmd::with_threads(args.threads, |parallel| {
        let set = AgainstSet {
            base,
            strategy: target,
            starts: args.against.starts,
            steps: args.against.steps,
            cap: args.against.node_cap,
            seed: seed_or_clock(args.seed, "gen"),
            count: args.count,
            answers: answers.is_some(),
            report: verbose,
            parallel,
            shard,
            until: None,
        };
        set.generate(&mut |p| -> io::Result<()> {
            out.write_all(p.input)?;
            if let Some(a) = answers.as_mut() {
                a.write_all(p.answers)?;
            }
            for (k, m) in p.cases.iter().enumerate() {
                if verbose {
                    progress.clear();
                    eprintln!("{}", report_line(p.first + k as u64 + 1, target, m));
                }
            }
            done += p.cases.len() as u64;
            progress.tick(done, total, 0);
            Ok(())
        })
    });
    super::r#gen::finish_set(result, &mut progress, (done, total), out, answers)
}
