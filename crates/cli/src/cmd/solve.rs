//! `sudoku-judge solve`: judge files in, the judge's exact output out.

use crate::check::guess::{Guess, guess_source};
use crate::cli::{FormatArg, SolveArgs};
use crate::cmd::output::Output;
use crate::exit::Exit;
use crate::format::Reader;
use crate::format::detect::{self, Detected};
use crate::input::Source;
use crate::pipeline::{self, Answers, Failure};
use crate::progress::Progress;
use crate::progress::pipeline::Counts;
use crate::searches::{self, Searches};
use crate::shard::Shard;
use crate::solve::SolverKind;
use crate::solve::engine::Mode;
use crate::work;
use std::io::{self, BufWriter, Write};

/// Output buffer: answers are written in large blocks.
const OUT_BUF: usize = 1 << 20;

/// Why `--shard` refuses its input: it is read twice, which only a regular file allows.
const SHARD_INPUT: &str =
    "--shard needs exactly one input file, a regular file (it is read twice), not stdin or a pipe";

pub fn run(args: &SolveArgs) -> Exit {
    let files: Vec<&str> = if args.files.is_empty() {
        vec!["-"]
    } else {
        args.files.iter().map(String::as_str).collect()
    };
    let sink = match Output::create(args.output.as_deref(), &files, &[]) {
        Ok(sink) => sink,
        Err(e) => return e,
    };
    let mut out = BufWriter::with_capacity(OUT_BUF, sink);
    let solver = args.solver.kind();
    let result = crate::cmd::with_threads(args.threads, |parallel| {
        let mut status = Exit::Success;
        for path in &files {
            match solve_file(path, args, solver, parallel, &mut out) {
                Ok(s) if s != Exit::Success => status = s,
                Ok(_) => {}
                Err(e) => return e,
            }
        }
        status
    });
    let status = match result {
        Ok(s) => s,
        Err(msg) => {
            eprintln!("error: {msg}");
            Exit::Error
        }
    };
    finish(out, status)
}

/// Flushes the answers and, when the run gave a verdict (0 or 1), puts an `-o` file in place;
/// after an error the file is left as it was.
pub fn finish(out: BufWriter<Output>, status: Exit) -> Exit {
    let sink = match out.into_inner() {
        Ok(sink) => sink,
        Err(e) if e.error().kind() == io::ErrorKind::BrokenPipe => return Exit::Success,
        Err(e) => {
            eprintln!("error: writing output: {}", e.error());
            return Exit::Error;
        }
    };
    if !matches!(status, Exit::Success | Exit::Unsolvable) {
        return status;
    }
    match sink.commit() {
        Ok(()) => status,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Exit::Success,
        Err(e) => {
            eprintln!("error: writing output: {e}");
            Exit::Error
        }
    }
}

/// Solves one file; `Err` carries the status that ends the whole run.
fn solve_file(
    path: &str,
    args: &SolveArgs,
    solver: SolverKind,
    parallel: bool,
    out: &mut (impl Write + Send),
) -> Result<Exit, Exit> {
    let mut source = Source::open(path).map_err(|e| {
        eprintln!("error: {path}: {e}");
        Exit::Error
    })?;
    // A shard reads its input twice: a second open of stdin, a pipe or `/dev/stdin` would see
    // nothing (or wait for ever for a writer), so only a regular file is taken, before any
    // byte is read.
    let shard = match args.shard {
        None => None,
        Some(_) if args.files.len() != 1 || !source.is_regular_file() => {
            eprintln!("error: {SHARD_INPUT}");
            return Err(Exit::Error);
        }
        Some(sh) => Some(sh),
    };
    let (spec, why) = match args.format.spec() {
        Some(s) => (s, "given"),
        None => {
            let d = detect(&mut source)?;
            (d.spec, d.why)
        }
    };
    // Relation marks are served by the bitmask search only (`Search::serves`).
    if solver == SolverKind::Dlx && spec.bitmask_only() {
        eprintln!(
            "error: {}: the dlx solver cannot serve {}'s marks between cells; use --solver \
             bitmask",
            source.name(),
            spec.name
        );
        return Err(Exit::Error);
    }
    // Kept for the second reader a shard needs.
    let head = match detect::reader_head(spec, &mut source) {
        Ok(head) => head.to_vec(),
        Err(e) => {
            eprintln!("error: {}: {e}", source.name());
            return Err(Exit::Error);
        }
    };
    if args.verbose {
        let how = if args.format == FormatArg::Auto {
            format!("detected: {why}")
        } else {
            why.to_string()
        };
        eprintln!("{}: format {} ({how})", source.name(), spec.name);
    }
    let name = source.name().to_string();
    let mut unsolvable = false;
    // The progress line: cases answered and, for a file, the share of it done.
    let mut progress = match shard {
        // A shard's share of the file is not what it reads: no line.
        Some(_) => Progress::off(),
        None => Progress::cases(args.output.is_none()),
    };
    let size = std::fs::metadata(path)
        .ok()
        .filter(|m| path != "-" && m.is_file())
        .map(|m| m.len());
    // What stderr says of a case answered `No solution`: it has none, or (Codeforces 1335D,
    // whose answer is not a solution) it is not the solved grid the problem promises.
    let unanswered = match spec.mode {
        Mode::Anti => format!(
            "not a solved grid, so no answer: {} promises {}",
            spec.name,
            spec.promise.describe()
        ),
        _ => "no solution".to_string(),
    };
    let counts = Counts::new();
    // A case that searches long gets a line of its own, where the progress line is drawn.
    let budget = args.budget.unwrap_or(solver.default_budget());
    let searches = progress.is_on().then(|| Searches::new(Some(budget)));
    let mut emit = |a: Answers<'_>| {
        out.write_all(a.bytes)?;
        // The answers go out before stderr names their cases: after a closed pipe nothing is
        // said of answers that never left.
        if !a.unsolved.is_empty() {
            out.flush()?;
        }
        for case in a.unsolved {
            progress.clear();
            eprintln!("error: {name}: case {case}: {unanswered}");
            unsolvable = true;
        }
        progress.tick_share(counts.answered(), counts.share(size));
        Ok(())
    };
    let work = counts.work(work::Solve {
        spec,
        solver,
        budget: Some(budget),
        searches: searches.clone(),
    });
    let new = || counts.reader(Reader::new(spec, &head));
    let result = searches::watching(searches.as_deref(), || {
        run_work(path, &mut source, new, work, shard, parallel, &mut emit)
    })?;
    if let Ok(n) = result {
        progress.finish_share(n);
    } else {
        progress.clear();
    }
    // A malformed input is reported once, by the last shard: the others hold only good cases.
    let result = match result {
        Err(Failure::Parse(_)) if shard.is_some_and(|s| !s.is_last()) => Ok(0),
        r => r,
    };
    match result {
        Ok(_) => Ok(if unsolvable {
            Exit::Unsolvable
        } else {
            Exit::Success
        }),
        Err(Failure::Write(e)) if e.kind() == io::ErrorKind::BrokenPipe => Err(Exit::Success),
        Err(Failure::Write(e)) => {
            eprintln!("error: writing output: {e}");
            Err(Exit::Error)
        }
        Err(Failure::Read(e)) => {
            let _ = out.flush();
            eprintln!("error: {name}: {e}");
            Err(Exit::Error)
        }
        Err(Failure::Parse(e)) => {
            // Answers before the bad case go out before the message, so both streams agree.
            if let Err(w) = out.flush()
                && w.kind() == io::ErrorKind::BrokenPipe
            {
                return Err(Exit::Success);
            }
            eprintln!("error: {name}:{e}");
            Err(Exit::Error)
        }
        Err(Failure::Case { case, msg }) => {
            if let Err(w) = out.flush()
                && w.kind() == io::ErrorKind::BrokenPipe
            {
                return Err(Exit::Success);
            }
            eprintln!("error: {name}: case {case}: {msg}");
            Err(Exit::Error)
        }
    }
}

/// Runs the pipeline over `source` with readers made by `new`; with a shard, only its cases are
/// answered, found by counting the cases of a second reading of `path` first.
fn run_work<C: pipeline::Cases, W: pipeline::Work>(
    path: &str,
    source: &mut Source,
    new: impl Fn() -> C,
    work: W,
    shard: Option<Shard>,
    parallel: bool,
    emit: &mut pipeline::Emit<'_>,
) -> Result<Result<u64, Failure>, Exit> {
    let Some(shard) = shard else {
        return Ok(pipeline::run(source, &mut new(), &work, parallel, emit));
    };
    let mut again = Source::open(path).map_err(|e| {
        eprintln!("error: {path}: {e}");
        Exit::Error
    })?;
    let (total, _) = pipeline::count(&mut again, &mut new());
    let only = work::Only {
        work,
        cases: shard.range(total),
    };
    Ok(pipeline::run(source, &mut new(), &only, parallel, emit))
}

/// Reads enough of the source to tell its format apart, as `--format auto` takes it
/// ([`guess`]); says on stderr what else reads it, or why it refuses.
fn detect(source: &mut Source) -> Result<Detected, Exit> {
    let name = source.name().to_string();
    let g = guess_source(source).map_err(|e| {
        eprintln!("error: {name}: {e}");
        Exit::Error
    })?;
    match g {
        Guess::Took(d, note) => {
            if let Some(note) = note {
                crate::chatter::say(&format!("note: {name}: {note}"));
            }
            Ok(d)
        }
        g => {
            eprintln!("error: {name}:{}", g.error().unwrap_or_default());
            Err(Exit::Error)
        }
    }
}
