//! One module per subcommand: each turns its raw arguments into work and an exit status
//! (and [`output`]: where they write).

pub mod buaa;
pub mod check;
pub mod completions;
pub mod formats;
pub mod r#gen;
pub mod gen_against;
pub mod man;
pub mod output;
pub mod package;
pub mod show;
pub mod solve;
pub mod stress;
mod stress_failure;
pub mod stress_hunt;
pub mod validate;
pub mod zoo;

use crate::cli::{Cli, Command};
use crate::exit::Exit;
use std::io::{self, Write};

/// Runs the parsed command line.
pub fn run(cli: Cli) -> Exit {
    // `check`'s stderr is the verdict's one line, which a judge shows: no notes beside it.
    crate::chatter::set_quiet(cli.quiet || matches!(cli.command, Command::Check(_)));
    match cli.command {
        Command::Solve(args) => solve::run(&args),
        Command::Gen(args) => r#gen::run(&args),
        Command::Stress(args) => stress::run(&args),
        Command::Check(args) => check::run(&args),
        Command::Validate(args) => validate::run(&args),
        Command::Package(args) => package::run(&args),
        Command::Show(args) => show::run(&args),
        Command::Formats(args) => formats::run(&args),
        Command::Zoo(args) => zoo::run(&args),
        Command::Completions(args) => completions::run(&args),
        Command::Man(args) => man::run(&args),
        Command::Buaa(args) => buaa::run(&args),
    }
}

/// Writes `bytes` to standard output: [`Exit::Success`], also when the reader went away (a
/// closed pipe); any other failure is reported and gives [`Exit::Error`].
pub fn write_stdout(bytes: &[u8]) -> Exit {
    // A closed stdout (`>&-`) is an error here as in every command, not a silent success.
    let out = match output::stdout() {
        Ok(out) => out,
        Err(exit) => return exit,
    };
    match out.lock().write_all(bytes) {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => {
            eprintln!("error: writing output: {e}");
            Exit::Error
        }
        _ => Exit::Success,
    }
}

/// Stack of each pool thread. Rayon's default of 2 MiB overflowed now and then in `stress -f
/// hdu4069 -n 5000 -s 4 -j 4` (2 of 9 runs on a loaded machine, none with 64 MiB, none at
/// `-j 1` even with a 1 MiB main stack): a thread that waits on a join runs stolen jobs on
/// its own stack, each with a generator and two solvers (about 31 KB) and a recursive
/// search above it. The memory is reserved, not touched, until a thread needs it.
const POOL_STACK: usize = 16 << 20;

/// Most worker threads per core: `--threads` above this many times the cores is clamped (with
/// a note on stderr), so that no request starts thousands of threads.
pub const THREADS_PER_CORE: usize = 4;

/// The worker threads to start for `--threads asked`: one per core for 0, at most
/// [`THREADS_PER_CORE`] per core (saying so on stderr when it clamps).
///
/// A count of 1 to [`THREADS_PER_CORE`] is never clamped, so it is taken without asking how
/// many cores there are: in a container the standard library reads the cgroup files to tell,
/// which took 0.35 ms, a sixth of a one-case `solve`, and as much of each run of any size.
pub fn thread_count(asked: usize) -> usize {
    if (1..=THREADS_PER_CORE).contains(&asked) {
        return asked;
    }
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let (n, note) = clamp_threads(asked, cores);
    if let Some(note) = note {
        crate::chatter::say(&note);
    }
    n
}

/// [`thread_count`] on a machine of `cores` cores: the count and the note, if it clamped.
fn clamp_threads(asked: usize, cores: usize) -> (usize, Option<String>) {
    let most = cores.saturating_mul(THREADS_PER_CORE);
    match asked {
        0 => (cores, None),
        n if n > most => (
            most,
            Some(format!(
                "note: --threads {n}: using {most} ({THREADS_PER_CORE} per core on {cores} \
                 core{}, the most)",
                if cores == 1 { "" } else { "s" }
            )),
        ),
        n => (n, None),
    }
}

/// Builds a pool of `threads` workers (0 = one per core, clamped by [`thread_count`]) and runs
/// `f` inside it; `f` is told whether to run in parallel. One thread runs `f` inline with no
/// pool at all.
pub fn with_threads<T>(threads: usize, f: impl FnOnce(bool) -> T + Send) -> Result<T, String>
where
    T: Send,
{
    let n = thread_count(threads);
    if n == 1 {
        return Ok(f(false));
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(n)
        .stack_size(POOL_STACK)
        .build()
        .map_err(|e| format!("cannot start {n} threads: {e}"))?;
    Ok(pool.install(|| f(true)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn threads_are_capped_at_four_per_core() {
        assert_eq!(clamp_threads(0, 2), (2, None));
        assert_eq!(clamp_threads(1, 2), (1, None));
        assert_eq!(clamp_threads(8, 2), (8, None));
        let (n, note) = clamp_threads(100_000, 2);
        assert_eq!(n, 8);
        assert_eq!(
            note.as_deref(),
            Some("note: --threads 100000: using 8 (4 per core on 2 cores, the most)")
        );
        assert_eq!(clamp_threads(usize::MAX, usize::MAX).0, usize::MAX);
        assert_eq!(clamp_threads(5, 1).0, 4);
    }
}
