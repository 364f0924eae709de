//! The flags of `sudoku-judge stress`.

use super::{FormatArg, FormatParser, MakeArgs, StrategyArg};
use clap::Args;
use std::path::PathBuf;
use std::time::Duration;

/// Stress-test on generated cases until the first failure.
///
/// Without --cmd: the bitmask and DLX solvers must agree on every case, return valid grids, and
/// have their answers judged right. With --cmd: the program reads each generated file on stdin
/// and its output is judged; the first failing input is saved as NAME.in / NAME.out /
/// NAME.expected under --save, then shrunk to one case with as few givens as still fail, saved
/// as NAME-min.*. Each run is bounded by --timeout, --output-limit and --memory-limit; the
/// program starts with no signal blocked and is killed and reaped with everything it started.
/// SIGINT, SIGTERM and SIGHUP kill the program and all it started, then end stress. Exit status:
/// 0 no failure; 1 a failure was found; 2 a bad argument or I/O error; 128 + N stopped by
/// signal N.
#[derive(Args, Debug)]
#[command(after_help = STRESS_HELP)]
pub struct StressArgs {
    /// Judge format of the generated files.
    #[arg(short, long, value_parser = FormatParser, hide_possible_values = true)]
    pub format: FormatArg,

    /// Number of cases to try, at least 1.
    #[arg(short = 'n', long, default_value_t = 10_000, value_name = "N", value_parser = parse_count)]
    pub count: u64,

    /// Seed; the default is taken from the clock and printed on stderr.
    #[arg(short, long, value_name = "S")]
    pub seed: Option<u64>,

    /// The program under test, run through `sh -c`.
    ///
    /// Each run reads one generated judge file on stdin.
    #[arg(long, value_name = "COMMAND", value_parser = command)]
    pub cmd: Option<String>,

    /// Cases per run of the program (the T of each file).
    ///
    /// 1 to 10000: each run's file and its expected output are held in memory.
    #[arg(long, default_value_t = 10, value_name = "N", value_parser = parse_batch)]
    pub batch: u64,

    /// Time limit per run, in seconds (wall clock).
    ///
    /// More than 0 and at most 86400 (a day).
    #[arg(long, default_value_t = 2.0, value_name = "SECS", value_parser = parse_timeout)]
    pub timeout: f64,

    /// Most bytes a run may write to stdout, and to stderr.
    ///
    /// Each stream apart: past it the run is "output limit exceeded" and the program is killed. Bytes, or with a binary
    /// unit: 512K, 64M, 1G (1M = 1,048,576 bytes; KiB, MiB, GiB also read).
    #[arg(long, default_value = "64M", value_name = "SIZE", value_parser = parse_limit)]
    pub output_limit: u64,

    /// Address-space limit of the program (setrlimit RLIMIT_AS).
    ///
    /// In MB (1 MB = 1,048,576 bytes) or with a unit (512M, 2G); none by default. Runtimes that reserve much address
    /// space up front (the JVM) need a generous limit.
    #[arg(long, value_name = "MB", value_parser = parse_memory)]
    pub memory_limit: Option<u64>,

    /// Where the failing case is saved.
    #[arg(long, default_value = "stress", value_name = "DIR")]
    pub save: PathBuf,

    /// Base name of the saved files.
    ///
    /// A file name, not a path (no `/`, not `.`, `..` or empty).
    #[arg(long, default_value = "fail", value_name = "NAME", value_parser = parse_name)]
    pub name: String,

    /// Worker threads for the solver self-check.
    ///
    /// 0 means one per core (at most 4 per core).
    #[arg(short = 'j', long, default_value_t = 0, value_name = "N")]
    pub threads: usize,

    #[command(flatten)]
    pub make: MakeArgs,

    /// Hunt for a case --cmd is slow on.
    ///
    /// Instead of stress: `slow` searches, for --hunt-time seconds, for the case on which --cmd
    /// takes the most CPU time, starting from cases made --against --hunt-from, and saves it as
    /// NAME-slow.* with its time in NAME-slow.time; a run over --timeout (or failing any other
    /// way) is reported and shrunk as stress reports failures.
    #[arg(long, value_enum, requires = "cmd", conflicts_with_all = ["count", "batch"])]
    pub hunt: Option<HuntArg>,

    /// With --hunt: seconds to hunt for.
    ///
    /// Making the starting cases included (not `--budget`, which counts search nodes in solve,
    /// check and validate). More than 0 and at most 86400, as --timeout.
    #[arg(long, default_value_t = 60.0, value_name = "SECS", requires = "hunt", value_parser = parse_timeout)]
    pub hunt_time: f64,

    /// With --hunt: runs per case, 1 to 100.
    ///
    /// The least CPU time of a case's runs counts.
    #[arg(long, default_value_t = 3, value_name = "N", requires = "hunt", value_parser = parse_repeats)]
    pub repeats: u32,

    /// With --hunt: the starting cases' naive search.
    ///
    /// The naive search the starting cases are made against, as `gen --against`: rowmajor, mrv
    /// or dlx.
    #[arg(
        long,
        value_enum,
        hide_possible_values = true,
        default_value = "mrv",
        value_name = "STRATEGY",
        requires = "hunt"
    )]
    pub hunt_from: StrategyArg,
}

/// What `--hunt` looks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum HuntArg {
    /// The case the program is slowest on.
    Slow,
}

const STRESS_HELP: &str = "\
Verdicts on a run of --cmd (the first failing one is reported, saved and shrunk):
  accepted                   exit status 0 and check accepts the output
  wrong answer               exit status 0, check rejects an answer (or a case is missing)
  presentation error         exit status 0, the output cannot be read as the format
  time limit exceeded        still running after --timeout; killed
  output limit exceeded      stdout or stderr went past --output-limit; killed, and the saved
                             NAME.out is cut at the limit (16 MiB at most) with a last line
                             saying so
  memory limit exceeded      with --memory-limit: a crash (signal or non-zero exit) whose stderr
                             names an allocation failure (MemoryError, bad_alloc, out of memory),
                             or whose peak memory reached half the limit, or a SIGKILL that
                             stress did not send; Linux does not say more
  runtime error              any other crash: the exit status or signal and stderr's last line
  stopped reading its input  exit status 0 with input left unread when it ended (blanks at the
                             end aside) and an output check rejects
A run that left input unread, wrote much to stderr or left processes behind (they are killed
and reaped) says so after its verdict. Shrinking stops after 600 runs or 30 s, each run bounded
by the same limits.

Examples:
  sudoku-judge stress --format hdu4069 --count 100000
  sudoku-judge stress --format hdu4069 --cmd ./a.out --count 1000 --seed 1
  sudoku-judge stress --format poj2676 --cmd 'python3 sol.py' --batch 50 --timeout 5
  sudoku-judge stress --format line --cmd ./a.out --output-limit 1M --memory-limit 256";

/// Most cases per run of the program: a run's file, its expected output and the cases are
/// held in memory (twice while shrinking), about 500 bytes a case on 9x9 and 4 KB on 25x25.
pub const MAX_BATCH: u64 = 10_000;

/// Longest time limit per run, in seconds: a day.
pub const MAX_TIMEOUT: f64 = 86_400.0;

/// Most runs per case with `--hunt`: each is a run of the program, so more only stretches the
/// hunt (a hunt times its starting cases whatever its time budget).
pub const MAX_REPEATS: u32 = 100;

/// `--count`: at least 1.
fn parse_count(s: &str) -> Result<u64, String> {
    let n: u64 = s
        .trim()
        .parse()
        .map_err(|_| "expected a whole number of cases, at least 1".to_string())?;
    check_count(n)
}

/// A count of at least one case, or why not.
pub fn check_count(n: u64) -> Result<u64, String> {
    match n {
        0 => Err("stress needs at least 1 case".into()),
        n => Ok(n),
    }
}

/// `--repeats`: 1 to [`MAX_REPEATS`].
fn parse_repeats(s: &str) -> Result<u32, String> {
    let n: u64 = s
        .trim()
        .parse()
        .map_err(|_| format!("expected a number of runs from 1 to {MAX_REPEATS}"))?;
    check_repeats(n).map(|n| n as u32)
}

/// Runs per case of 1 to [`MAX_REPEATS`], or why not.
pub fn check_repeats(n: u64) -> Result<u64, String> {
    match n {
        0 => Err("a case needs at least 1 run".into()),
        n if n > u64::from(MAX_REPEATS) => {
            Err(format!("too large: at most {MAX_REPEATS} runs per case"))
        }
        n => Ok(n),
    }
}

/// `--name`: a file name of its own, so that the saved files land in `--save` and nowhere
/// else.
fn parse_name(s: &str) -> Result<String, String> {
    check_name(s).map(str::to_owned)
}

/// A base name that is one file name (not empty, `.` or `..`, no `/`), or why not.
pub fn check_name(s: &str) -> Result<&str, String> {
    if s.is_empty() {
        Err("a file name is needed, not an empty one".into())
    } else if s.contains('/') {
        Err(format!(
            "'{s}' is a path: give a file name without '/' (the files go under --save)"
        ))
    } else if s == "." || s == ".." {
        Err(format!("'{s}' is a folder, not a file name"))
    } else {
        Ok(s)
    }
}

/// `--batch`: 1 to [`MAX_BATCH`].
fn parse_batch(s: &str) -> Result<u64, String> {
    let n: u64 = s
        .trim()
        .parse()
        .map_err(|_| format!("expected a number of cases from 1 to {MAX_BATCH}"))?;
    check_batch(n)
}

/// A batch of 1 to [`MAX_BATCH`] cases, or why not.
pub fn check_batch(n: u64) -> Result<u64, String> {
    match n {
        0 => Err("a run needs at least 1 case".into()),
        n if n > MAX_BATCH => Err(format!(
            "too large: at most {MAX_BATCH} cases per run (each run's file is held in memory)"
        )),
        n => Ok(n),
    }
}

/// `--timeout`: seconds, more than 0 and at most [`MAX_TIMEOUT`].
fn parse_timeout(s: &str) -> Result<f64, String> {
    let t: f64 = s
        .trim()
        .parse()
        .map_err(|_| "expected a number of seconds, such as 2 or 0.5".to_string())?;
    check_timeout(t).map(|_| t)
}

/// A time limit of more than 0 and at most [`MAX_TIMEOUT`] seconds, or why not.
pub fn check_timeout(t: f64) -> Result<Duration, String> {
    if t.is_nan() {
        Err("expected a number of seconds, such as 2 or 0.5".into())
    } else if t > MAX_TIMEOUT {
        Err(format!("too large: at most {MAX_TIMEOUT} seconds (a day)"))
    } else if t <= 0.0 || Duration::from_secs_f64(t).is_zero() {
        Err("must be more than 0 seconds".into())
    } else {
        Ok(Duration::from_secs_f64(t))
    }
}

/// `--output-limit`: a size of at least one byte.
fn parse_limit(s: &str) -> Result<u64, String> {
    match parse_size(s)? {
        0 => Err("must be at least 1 byte".into()),
        n => Ok(n),
    }
}

/// A size in bytes: digits with an optional binary unit (K, M, G; KiB, MiB, GiB; KB, MB, GB).
pub(crate) fn parse_size(s: &str) -> Result<u64, String> {
    let t = s.trim();
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    let (num, unit) = t.split_at(digits);
    let n: u64 = num
        .parse()
        .map_err(|_| format!("expected a size such as 65536, 512K, 64M or 1G, found '{s}'"))?;
    let shift = match unit.to_ascii_lowercase().as_str() {
        "" | "b" => 0,
        "k" | "kb" | "kib" => 10,
        "m" | "mb" | "mib" => 20,
        "g" | "gb" | "gib" => 30,
        _ => return Err(format!("unknown unit '{unit}' in '{s}': use K, M or G")),
    };
    n.checked_mul(1 << shift)
        .ok_or_else(|| format!("'{s}' is too large"))
}

/// A memory size: a plain number is MB, anything else as [`parse_size`]; not zero.
fn parse_memory(s: &str) -> Result<u64, String> {
    let t = s.trim();
    let n = if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
        parse_size(&format!("{t}M"))?
    } else {
        parse_size(t)?
    };
    if n == 0 {
        return Err("must be more than 0".into());
    }
    Ok(n)
}

/// A `--cmd`: anything but blanks (an empty one ran as a program that prints nothing, and its
/// "wrong answer" was reported as a failure found).
fn command(s: &str) -> Result<String, String> {
    if s.trim().is_empty() {
        return Err("expected a command to run, found nothing".into());
    }
    Ok(s.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_with_and_without_units() {
        assert_eq!(parse_size("65536"), Ok(65536));
        assert_eq!(parse_size("512K"), Ok(512 << 10));
        assert_eq!(parse_size("64M"), Ok(64 << 20));
        assert_eq!(parse_size("1g"), Ok(1 << 30));
        assert_eq!(parse_size("2MiB"), Ok(2 << 20));
        assert!(parse_size("12X").is_err());
        assert!(parse_size("M").is_err());
        assert!(parse_size("-1").is_err());
        assert!(parse_size("99999999999999G").is_err());
        assert_eq!(parse_memory("256"), Ok(256 << 20));
        assert_eq!(parse_memory("2G"), Ok(2 << 30));
        assert_eq!(parse_memory("512K"), Ok(512 << 10));
        assert!(parse_memory("0").is_err());
        assert!(parse_limit("0").is_err());
        assert_eq!(parse_limit("1"), Ok(1));
    }

    #[test]
    fn name_count_and_repeats_say_what_is_wrong() {
        assert_eq!(parse_name("fail"), Ok("fail".into()));
        assert_eq!(parse_name("my.case-2"), Ok("my.case-2".into()));
        for (bad, why) in [
            ("", "empty"),
            (".", "folder"),
            ("..", "folder"),
            ("../../escape", "a path"),
            ("a/b", "a path"),
            ("/tmp/x", "a path"),
        ] {
            let e = parse_name(bad).unwrap_err();
            assert!(e.contains(why), "{bad:?}: {e}");
        }
        assert_eq!(parse_count("1"), Ok(1));
        assert!(parse_count("0").unwrap_err().contains("at least 1"));
        assert!(parse_count("-1").is_err());
        assert_eq!(parse_repeats("1"), Ok(1));
        assert_eq!(parse_repeats("100"), Ok(100));
        assert!(parse_repeats("0").unwrap_err().contains("at least 1"));
        for big in ["101", "4294967295", "18446744073709551616"] {
            assert!(parse_repeats(big).is_err(), "{big}");
        }
        assert!(
            parse_repeats("4294967295")
                .unwrap_err()
                .contains("at most 100")
        );
    }

    #[test]
    fn batch_and_timeout_say_what_is_wrong() {
        assert_eq!(parse_batch("10"), Ok(10));
        assert_eq!(parse_batch("10000"), Ok(10_000));
        let big = parse_batch("18446744073709551615").unwrap_err();
        assert!(big.starts_with("too large: at most 10000"), "{big}");
        assert!(
            parse_batch("100000000")
                .unwrap_err()
                .starts_with("too large")
        );
        assert!(parse_batch("0").unwrap_err().contains("at least 1"));
        assert!(parse_batch("-1").is_err());
        assert_eq!(parse_timeout("0.5"), Ok(0.5));
        assert_eq!(parse_timeout("86400"), Ok(86_400.0));
        for (bad, why) in [
            ("1e308", "too large"),
            ("inf", "too large"),
            ("86401", "too large"),
            ("0", "more than 0"),
            ("-2", "more than 0"),
            ("1e-30", "more than 0"),
            ("NaN", "expected a number"),
            ("soon", "expected a number"),
        ] {
            let e = parse_timeout(bad).unwrap_err();
            assert!(e.contains(why), "{bad}: {e}");
        }
    }
}
