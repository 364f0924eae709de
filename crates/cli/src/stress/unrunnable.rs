//! A program the shell could not start: `stress` refuses it (exit 2) on its first run instead of
//! judging "runtime error: exit status 127" and shrinking a failure that has nothing to do with
//! the cases.
//!
//! The rule: the run ended by itself with exit status 127 (the shell found no such command) or
//! 126 (found, but not executable: permissions, a directory, a bad binary), wrote nothing to
//! stdout, and its stderr is the shell's own complaint (`not found`, `No such file or
//! directory`, `Permission denied`, `cannot execute`, `Is a directory`, `Exec format error`).
//! A program that exits 126 or 127 by itself, with output or with other words on stderr, is
//! judged like any other run. Only the first run is looked at: a program that ran once exists.

use super::child::{End, Run};

/// The shell's words when it cannot start a command (dash, bash, busybox sh).
const SHELL_SAYS: [&str; 6] = [
    "not found",
    "No such file or directory",
    "Permission denied",
    "cannot execute",
    "Is a directory",
    "Exec format error",
];

/// Why the shell could not start the program of `run`, if that is how it ended: the status and
/// the shell's last line on stderr.
pub fn unrunnable(run: &Run) -> Option<String> {
    let End::Status(status) = run.end else {
        return None;
    };
    let code = status.code().filter(|c| matches!(c, 126 | 127))?;
    if run.stdout.total > 0 {
        return None;
    }
    let line = run.stderr.last_line()?;
    SHELL_SAYS
        .iter()
        .any(|w| line.contains(w))
        .then(|| format!("exit status {code}: {line}"))
}

#[cfg(test)]
mod tests {
    use super::super::child::{Limits, run};
    use super::*;
    use std::time::Duration;

    fn first_run(cmd: &str) -> Run {
        let limits = Limits {
            time: Duration::from_secs(20),
            output: 1 << 20,
            memory: None,
        };
        run(cmd, b"1\n", &limits).unwrap()
    }

    #[test]
    fn a_missing_or_unexecutable_program_is_unrunnable() {
        let why = unrunnable(&first_run("./surely-no-such-program-here")).unwrap();
        assert!(why.starts_with("exit status 127: "), "{why}");
        assert!(why.contains("surely-no-such-program-here"), "{why}");
        let why = unrunnable(&first_run("/")).unwrap();
        assert!(why.starts_with("exit status 126: "), "{why}");
    }

    #[test]
    fn a_program_that_exits_127_by_itself_is_judged() {
        for cmd in [
            "exit 127",
            "echo out; exit 127",
            "echo 'my own words' >&2; exit 127",
            "cat >/dev/null; exit 126",
            "exit 1",
        ] {
            assert_eq!(unrunnable(&first_run(cmd)), None, "{cmd}");
        }
    }
}
