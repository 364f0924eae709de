//! Exit statuses that scripts can trust, one enum for every subcommand.

use std::process::ExitCode;

/// How a command ended. The numbers are part of the interface (see the README).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// Everything worked.
    Success,
    /// `solve`: some case has no solution in a format with no word for it.
    Unsolvable,
    /// Malformed input, a bad argument or an I/O error.
    Error,
    /// A code fixed by an outside protocol: `check` speaks testlib (0/1/2/3) and Kattis
    /// (42/43), `validate` says 1 for an invalid case.
    Code(u8),
}

impl Exit {
    /// The process exit status.
    pub fn code(self) -> u8 {
        match self {
            Exit::Success => 0,
            Exit::Unsolvable => 1,
            Exit::Error => 2,
            Exit::Code(c) => c,
        }
    }
}

impl From<Exit> for ExitCode {
    fn from(e: Exit) -> ExitCode {
        ExitCode::from(e.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_stable() {
        assert_eq!(Exit::Success.code(), 0);
        assert_eq!(Exit::Unsolvable.code(), 1);
        assert_eq!(Exit::Error.code(), 2);
        assert_eq!(Exit::Code(43).code(), 43);
        assert_eq!(ExitCode::from(Exit::Code(3)), ExitCode::from(3));
    }
}
