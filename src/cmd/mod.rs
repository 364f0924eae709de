//! One module per subcommand: each turns its raw arguments into work and an exit status.

pub mod check;
pub mod formats;
pub mod r#gen;
pub mod gen_against;
pub mod package;
pub mod solve;
pub mod stress;
pub mod stress_hunt;
pub mod validate;

use crate::cli::{Cli, Command};
use crate::exit::Exit;
use std::fs::File;
use std::io::{self, Write};
use std::path::Path;

/// Runs the parsed command line.
pub fn run(cli: Cli) -> Exit {
    match cli.command {
        Command::Solve(args) => solve::run(&args),
        Command::Gen(args) => r#gen::run(&args),
        Command::Stress(args) => stress::run(&args),
        Command::Check(args) => check::run(&args),
        Command::Validate(args) => validate::run(&args),
        Command::Package(args) => package::run(&args),
        Command::Formats(args) => formats::run(&args),
    }
}

/// Where a command writes: the file at `path` (created or truncated), or standard output when
/// there is none. A file that cannot be created is reported on stderr and gives
/// [`Exit::Error`].
pub fn create_output(path: Option<&Path>) -> Result<Box<dyn Write + Send>, Exit> {
    let Some(path) = path else {
        return Ok(Box::new(io::stdout()));
    };
    match File::create(path) {
        Ok(f) => Ok(Box::new(f)),
        Err(e) => {
            eprintln!("error: {}: {e}", path.display());
            Err(Exit::Error)
        }
    }
}

/// Stack of each pool thread. Rayon's default of 2 MiB overflowed now and then in `stress -f
/// hdu4069 -n 5000 -s 4 -j 4` (2 of 9 runs on a loaded machine, none with 64 MiB, none at
/// `-j 1` even with a 1 MiB main stack): a thread that waits on a join runs stolen jobs on
/// its own stack, each with a generator and two solvers (about 31 KB) and a recursive
/// search above it. The memory is reserved, not touched, until a thread needs it.
const POOL_STACK: usize = 16 << 20;

/// Builds a pool of `threads` workers (0 = one per core) and runs `f` inside it; `f` is told
/// whether to run in parallel. One thread runs `f` inline with no pool at all.
pub fn with_threads<T>(threads: usize, f: impl FnOnce(bool) -> T + Send) -> Result<T, String>
where
    T: Send,
{
    let n = if threads == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        threads
    };
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
