//! The verdict on one run of the program under test: from how the run ended (`child::Run`)
//! and, when it exited normally, what `check` says of its output. The rules, in order:
//!
//! 1. output limit exceeded: stdout or stderr went past `--output-limit` (it was killed);
//! 2. time limit exceeded: still running at `--timeout` (it was killed);
//! 3. memory limit exceeded: with `--memory-limit` set, it ended by a signal or a non-zero exit
//!    status and either its stderr names an allocation failure (`MemoryError`, `bad_alloc`,
//!    `memory allocation of`, `out of memory`, ...), or its peak resident memory reached half
//!    the limit (a failed allocation is usually a doubling), or it was killed by a SIGKILL that
//!    stress did not send (the kernel's out-of-memory killer). Linux does not say why a process
//!    died, so a crash that meets none of these is a runtime error;
//! 4. runtime error: any other signal or non-zero exit status;
//! 5. exit status 0: `check` judges the output (wrong answer, presentation error, or
//!    accepted); if it is not accepted and the program left input unread (its pipe refused the
//!    rest), the verdict is "stopped reading its input", with the judge's words.
//!
//! After the verdict come notes: the run stopped reading its input, wrote more than a tail's
//! worth to stderr, or (having ended by itself) left processes behind, which were killed.

use super::capture::TAIL;
use super::child::{End, Limits, Run, Stream, describe};
use crate::check;
use std::fmt;
use std::os::unix::process::ExitStatusExt;

/// What was wrong with a run (an accepted run has no verdict here).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    WrongAnswer,
    PresentationError,
    TimeLimit,
    OutputLimit,
    MemoryLimit,
    RuntimeError,
    /// Exited 0 with input left unread and an output the judge rejects.
    StoppedReading,
    /// `check` could not judge (our answers or input are bad): a bug in sudoku-judge.
    CheckerFailure,
}

impl Verdict {
    pub fn word(self) -> &'static str {
        match self {
            Verdict::WrongAnswer => "wrong answer",
            Verdict::PresentationError => "presentation error",
            Verdict::TimeLimit => "time limit exceeded",
            Verdict::OutputLimit => "output limit exceeded",
            Verdict::MemoryLimit => "memory limit exceeded",
            Verdict::RuntimeError => "runtime error",
            Verdict::StoppedReading => "stopped reading its input",
            Verdict::CheckerFailure => "checker failure",
        }
    }

    /// Verdicts that shrinking treats as the same failure: a judged output is wrong in one
    /// family (a smaller input fits in the pipe, so "stopped reading" may become "wrong
    /// answer"); each limit and crashes are their own.
    fn family(self) -> u8 {
        match self {
            Verdict::WrongAnswer
            | Verdict::PresentationError
            | Verdict::StoppedReading
            | Verdict::CheckerFailure => 0,
            Verdict::TimeLimit => 1,
            Verdict::OutputLimit => 2,
            Verdict::MemoryLimit => 3,
            Verdict::RuntimeError => 4,
        }
    }
}

/// A failed run: its verdict, the first faulty case when the output was judged, and details.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    pub verdict: Verdict,
    pub case: Option<u64>,
    pub detail: String,
}

impl Fault {
    /// The same kind of failure, whatever the details.
    pub fn same_kind(&self, other: &Fault) -> bool {
        self.verdict.family() == other.verdict.family()
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.verdict.word())?;
        if !self.detail.is_empty() {
            write!(f, ": {}", self.detail)?;
        }
        Ok(())
    }
}

/// The verdict on `run` of `input`; `judged` is `check` on an output (`None`: accepted).
/// `None` when the run is accepted.
pub fn judge(
    run: &Run,
    input: &[u8],
    limits: &Limits,
    judged: impl FnOnce(&[u8]) -> Option<check::Fault>,
) -> Option<Fault> {
    let fault = |verdict, detail| Fault {
        verdict,
        case: None,
        detail,
    };
    let mut f = match run.end {
        End::OutputLimit(s) => fault(
            Verdict::OutputLimit,
            format!("more than {} on {}", size(limits.output), s.name()),
        ),
        End::TimedOut => fault(
            Verdict::TimeLimit,
            format!("still running after {} s", limits.time.as_secs_f64()),
        ),
        End::Status(s) if !s.success() => match memory_reason(run, s, limits) {
            Some(why) => fault(Verdict::MemoryLimit, format!("{}; {why}", describe(s))),
            None => match run.stderr.last_line() {
                Some(line) => fault(
                    Verdict::RuntimeError,
                    format!("{}, stderr: {}", describe(s), clip(&line)),
                ),
                None => fault(Verdict::RuntimeError, describe(s)),
            },
        },
        End::Status(_) => judge_output(run, input, judged)?,
    };
    let input_len = input.len();
    if run.stopped_reading(input) && f.verdict != Verdict::StoppedReading {
        f.detail.push_str(&format!(
            "; it stopped reading its input after {} of {input_len} bytes",
            run.input_taken
        ));
    }
    if run.stderr.total > TAIL as u64 && run.end != End::OutputLimit(Stream::Stderr) {
        f.detail
            .push_str(&format!("; it wrote {} to stderr", size(run.stderr.total)));
    }
    if matches!(run.end, End::Status(_)) && run.strays > 0 {
        f.detail.push_str(&format!(
            "; it left {} behind (killed and reaped)",
            plural(run.strays, "process", "processes")
        ));
    }
    Some(f)
}

fn plural(n: u32, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Exit status 0: the output as `check` judges it.
fn judge_output(
    run: &Run,
    input: &[u8],
    judged: impl FnOnce(&[u8]) -> Option<check::Fault>,
) -> Option<Fault> {
    let out = &run.stdout;
    let mut fault = judged(&out.bytes).map(|f| Fault {
        verdict: match f.verdict {
            check::Verdict::WrongAnswer => Verdict::WrongAnswer,
            check::Verdict::PresentationError => Verdict::PresentationError,
            check::Verdict::Accepted | check::Verdict::Fail => Verdict::CheckerFailure,
        },
        case: f.case,
        detail: f.msg,
    });
    if out.text_after {
        // More was written than kept and not all of the rest is whitespace: what was kept is
        // judged, and text past the end of the answers is extra output.
        let note = format!(
            "judged on the first {} of {} bytes of output",
            out.bytes.len(),
            out.total
        );
        fault = Some(match fault {
            Some(mut f) => {
                f.detail.push_str(&format!(" ({note})"));
                f
            }
            None => Fault {
                verdict: Verdict::WrongAnswer,
                case: None,
                detail: format!(
                    "extra output: text after the last case past byte {} ({note})",
                    out.bytes.len()
                ),
            },
        });
    }
    let f = fault?;
    if !run.stopped_reading(input) {
        return Some(f);
    }
    let input_len = input.len();
    Some(Fault {
        verdict: Verdict::StoppedReading,
        case: f.case,
        detail: format!(
            "only {} of {input_len} bytes taken, then exit status 0; the judge says {f}",
            run.input_taken
        ),
    })
}

/// Why a crash under `--memory-limit` is taken for running out of memory (see the module doc).
fn memory_reason(run: &Run, s: std::process::ExitStatus, limits: &Limits) -> Option<String> {
    let limit = limits.memory?;
    const WORDS: [&str; 8] = [
        "memoryerror",
        "bad_alloc",
        "memory allocation of",
        "cannot allocate memory",
        "out of memory",
        "outofmemory",
        "failed to allocate",
        "allocation failed",
    ];
    let tail = run.stderr.bytes();
    let text = String::from_utf8_lossy(&tail);
    if let Some(line) = text.lines().rev().find(|l| {
        let l = l.to_ascii_lowercase();
        WORDS.iter().any(|w| l.contains(w))
    }) {
        return Some(format!("stderr: {}", clip(line.trim())));
    }
    if run.peak_rss.saturating_mul(2) >= limit {
        return Some(format!(
            "peak memory {} of the {} limit",
            size(run.peak_rss),
            size(limit)
        ));
    }
    if s.signal() == Some(libc::SIGKILL) {
        return Some("a SIGKILL that stress did not send (the out-of-memory killer?)".into());
    }
    None
}

/// A line of stderr short enough for one message.
fn clip(line: &str) -> String {
    const MAX: usize = 200;
    match line.char_indices().nth(MAX) {
        Some((i, _)) => format!("{}...", &line[..i]),
        None => line.to_string(),
    }
}

/// A size as the flags spell it: `1 MiB`, `512 KiB`, or bytes.
pub fn size(n: u64) -> String {
    for (unit, shift) in [("GiB", 30), ("MiB", 20), ("KiB", 10)] {
        if n >= 1 << shift && n.is_multiple_of(1 << shift) {
            return format!("{} {unit}", n >> shift);
        }
    }
    if n >= 1 << 20 {
        return format!("{:.1} MiB", n as f64 / (1 << 20) as f64);
    }
    format!("{n} bytes")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stress::capture::{KEEP_MAX, Kept, Tail};
    use std::process::ExitStatus;
    use std::time::Duration;

    const LIMITS: Limits = Limits {
        time: Duration::from_secs(1),
        output: 1 << 30,
        memory: Some(64 << 20),
    };

    fn run(end: End, out: &[u8], err: &[u8]) -> Run {
        let mut stdout = Kept::new(LIMITS.output);
        stdout.push(out);
        let mut stderr = Tail::default();
        stderr.push(err);
        Run {
            end,
            stdout,
            stderr,
            input_taken: 100,
            peak_rss: 1 << 20,
            strays: 0,
        }
    }

    fn exit(code: i32) -> End {
        End::Status(ExitStatus::from_raw(code << 8))
    }

    fn signal(sig: i32) -> End {
        End::Status(ExitStatus::from_raw(sig))
    }

    /// A 100-byte input, all of it text.
    const INPUT: [u8; 100] = [b'1'; 100];

    fn verdict(r: &Run, limits: &Limits) -> Option<(Verdict, String)> {
        let wrong = |out: &[u8]| {
            (out != b"ok")
                .then(|| check::Fault::new(check::Verdict::WrongAnswer, Some(1), "bad".into()))
        };
        judge(r, &INPUT, limits, wrong).map(|f| (f.verdict, f.to_string()))
    }

    #[test]
    fn memory_is_told_from_other_crashes() {
        let v = |r: &Run, l: &Limits| verdict(r, l).unwrap().0;
        let py = run(
            exit(1),
            b"",
            b"Traceback (most recent call last):\nMemoryError\n",
        );
        assert_eq!(v(&py, &LIMITS), Verdict::MemoryLimit);
        let cpp = run(
            signal(libc::SIGABRT),
            b"",
            b"terminate called after throwing an instance of 'std::bad_alloc'\n",
        );
        assert_eq!(v(&cpp, &LIMITS), Verdict::MemoryLimit);
        let mut c = run(signal(libc::SIGSEGV), b"", b"");
        assert_eq!(v(&c, &LIMITS), Verdict::RuntimeError);
        c.peak_rss = 40 << 20;
        assert_eq!(v(&c, &LIMITS), Verdict::MemoryLimit);
        assert_eq!(
            v(&run(signal(libc::SIGKILL), b"", b""), &LIMITS),
            Verdict::MemoryLimit
        );
        // Without a limit nothing is a memory limit.
        let none = Limits {
            memory: None,
            ..LIMITS
        };
        assert_eq!(v(&py, &none), Verdict::RuntimeError);
        assert_eq!(v(&c, &none), Verdict::RuntimeError);
        let (_, msg) = verdict(&run(exit(7), b"", b"boom\n"), &LIMITS).unwrap();
        assert_eq!(msg, "runtime error: exit status 7, stderr: boom");
    }

    #[test]
    fn judged_runs_and_their_notes() {
        assert_eq!(verdict(&run(exit(0), b"ok", b""), &LIMITS), None);
        let mut r = run(exit(0), b"no", &[b'x'; 5000]);
        r.strays = 2;
        let (v, msg) = verdict(&r, &LIMITS).unwrap();
        assert_eq!(v, Verdict::WrongAnswer);
        assert_eq!(
            msg,
            "wrong answer: bad; it wrote 5000 bytes to stderr; it left 2 processes behind (killed and reaped)"
        );
        r.input_taken = 10;
        let (v, msg) = verdict(&r, &LIMITS).unwrap();
        assert_eq!(v, Verdict::StoppedReading);
        assert!(msg.starts_with("stopped reading its input: only 10 of 100 bytes taken, then exit status 0; the judge says wrong answer: bad"), "{msg}");
        // Only blanks left unread (the last line break, which `scanf` leaves) is not
        // stopping.
        let mut input = INPUT;
        input[10..].fill(b'\n');
        let wrong = |out: &[u8]| {
            (out != b"ok")
                .then(|| check::Fault::new(check::Verdict::WrongAnswer, Some(1), "bad".into()))
        };
        assert_eq!(
            judge(&r, &input, &LIMITS, wrong).map(|f| f.verdict),
            Some(Verdict::WrongAnswer)
        );
        // An accepted output with input left unread (whitespace, say) is accepted.
        let mut ok = run(exit(0), b"ok", b"");
        ok.input_taken = 10;
        assert_eq!(verdict(&ok, &LIMITS), None);
        let (v, msg) = verdict(&run(End::TimedOut, b"", b""), &LIMITS).unwrap();
        assert_eq!(
            (v, msg.as_str()),
            (
                Verdict::TimeLimit,
                "time limit exceeded: still running after 1 s"
            )
        );
    }

    #[test]
    fn past_what_is_kept_only_whitespace_is_harmless() {
        let mut out = b"ok".to_vec();
        out.resize(KEEP_MAX, b' ');
        let mut r = run(exit(0), b"", b"");
        r.stdout = Kept::new(LIMITS.output);
        r.stdout.push(&out);
        r.stdout.push(b"\n\n   \n");
        assert!(r.stdout.is_cut());
        let wrong = |o: &[u8]| {
            (o.trim_ascii() != b"ok")
                .then(|| check::Fault::new(check::Verdict::WrongAnswer, Some(1), "bad".into()))
        };
        assert_eq!(judge(&r, &INPUT, &LIMITS, wrong), None);
        r.stdout.push(b"extra");
        let f = judge(&r, &INPUT, &LIMITS, wrong).unwrap();
        assert_eq!(f.verdict, Verdict::WrongAnswer);
        assert!(
            f.detail
                .starts_with("extra output: text after the last case past byte 16777216"),
            "{f}"
        );
    }

    #[test]
    fn sizes() {
        assert_eq!(size(64 << 20), "64 MiB");
        assert_eq!(size(1 << 30), "1 GiB");
        assert_eq!(size(2048), "2 KiB");
        assert_eq!(size(1536), "1536 bytes");
        assert_eq!(size((3 << 19) + 1), "1.5 MiB");
        assert_eq!(size(3 << 19), "1536 KiB");
    }
}
