//! Running the program under test once: input on stdin, stdout captured, a time limit, and the
//! child always killed (with its whole process group) and reaped, whatever happens.

use std::io::{self, Read, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// How one run ended.
#[derive(Debug)]
pub enum Run {
    /// Exited with status 0; its stdout.
    Exited(Vec<u8>),
    /// Exited with another status or died from a signal; its stdout and the end of its stderr.
    Crashed {
        status: String,
        stdout: Vec<u8>,
        stderr: Vec<u8>,
    },
    /// Still running at the time limit; what it wrote so far.
    TimedOut(Vec<u8>),
}

impl Run {
    pub fn stdout(&self) -> &[u8] {
        match self {
            Run::Exited(o) | Run::TimedOut(o) | Run::Crashed { stdout: o, .. } => o,
        }
    }
}

/// Bytes of stderr kept for the report.
const STDERR_TAIL: usize = 2048;

/// Runs `cmd` through `sh -c` with `input` on stdin, for at most `limit`.
pub fn run(cmd: &str, input: &[u8], limit: Duration) -> io::Result<Run> {
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(cmd)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        // Its own process group, so a timeout kills whatever the shell started too.
        .process_group(0)
        .spawn()?;
    let guard = Reaper(Some(child.id()));
    let mut stdin = child.stdin.take().expect("piped stdin");
    let mut stdout = child.stdout.take().expect("piped stdout");
    let mut stderr = child.stderr.take().expect("piped stderr");
    let input = input.to_vec();
    let writer = thread::spawn(move || {
        // A program may exit without reading all of its input: a closed pipe is not an error.
        let _ = stdin.write_all(&input);
    });
    let out_reader = thread::spawn(move || {
        let mut v = Vec::new();
        let _ = stdout.read_to_end(&mut v);
        v
    });
    let err_reader = thread::spawn(move || {
        let mut v = Vec::new();
        let _ = stderr.read_to_end(&mut v);
        v
    });
    let status = wait_until(&mut child, Instant::now() + limit)?;
    if status.is_none() {
        kill_group(child.id());
        let _ = child.kill();
        child.wait()?;
    } else {
        // Children it left behind would keep the pipes open; they go with the group.
        kill_group(child.id());
    }
    drop(guard);
    let _ = writer.join();
    let out = out_reader.join().unwrap_or_default();
    let mut err = err_reader.join().unwrap_or_default();
    if err.len() > STDERR_TAIL {
        err.drain(..err.len() - STDERR_TAIL);
    }
    Ok(match status {
        None => Run::TimedOut(out),
        Some(s) if s.success() => Run::Exited(out),
        Some(s) => Run::Crashed {
            status: describe(s),
            stdout: out,
            stderr: err,
        },
    })
}

/// Waits for the child until `deadline`; `None` if it is still running then.
fn wait_until(child: &mut Child, deadline: Instant) -> io::Result<Option<ExitStatus>> {
    let mut nap = Duration::from_micros(200);
    loop {
        if let Some(s) = child.try_wait()? {
            return Ok(Some(s));
        }
        let now = Instant::now();
        if now >= deadline {
            return Ok(None);
        }
        thread::sleep(nap.min(deadline - now));
        nap = (nap * 2).min(Duration::from_millis(10));
    }
}

fn describe(s: ExitStatus) -> String {
    match (s.code(), s.signal()) {
        (Some(c), _) => format!("exit status {c}"),
        (None, Some(sig)) => format!("killed by signal {sig}"),
        _ => "ended abnormally".into(),
    }
}

/// Sends SIGKILL to the process group `pgid` (the child's own), quietly.
fn kill_group(pgid: u32) {
    let _ = Command::new("kill")
        .args(["-KILL", "--", &format!("-{pgid}")])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
}

/// Kills the group if the run is abandoned by a panic between spawn and wait.
struct Reaper(Option<u32>);

impl Drop for Reaper {
    fn drop(&mut self) {
        if thread::panicking()
            && let Some(id) = self.0.take()
        {
            kill_group(id);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exit_crash_and_timeout() {
        let r = run("cat", b"hello", Duration::from_secs(5)).unwrap();
        assert!(matches!(&r, Run::Exited(o) if o == b"hello"), "{r:?}");
        let r = run(
            "echo out; echo err >&2; exit 3",
            b"",
            Duration::from_secs(5),
        )
        .unwrap();
        match r {
            Run::Crashed {
                status,
                stdout,
                stderr,
            } => {
                assert_eq!(status, "exit status 3");
                assert_eq!(stdout, b"out\n");
                assert_eq!(stderr, b"err\n");
            }
            other => panic!("{other:?}"),
        }
        let start = Instant::now();
        let r = run("sleep 30 & sleep 30", b"", Duration::from_millis(200)).unwrap();
        assert!(matches!(r, Run::TimedOut(_)), "{r:?}");
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "the group was not killed"
        );
        let r = run("kill -SEGV $$", b"", Duration::from_secs(5)).unwrap();
        assert!(matches!(&r, Run::Crashed { status, .. } if status == "killed by signal 11"));
    }
}
