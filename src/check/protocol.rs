//! The judge protocols a checker speaks: testlib (Codeforces, Polygon, online-judge-tools) and
//! Kattis (DOMjudge output validators) — their exit codes and where the message goes.

use super::Verdict;
use std::io;
use std::path::Path;

/// A judge protocol.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    /// `check INPUT OUTPUT [ANSWER]`; exit 0 accepted, 1 wrong answer, 2 presentation error,
    /// 3 checker failure; the message on stderr.
    Testlib,
    /// `check INPUT ANSWER FEEDBACK_DIR < OUTPUT`; exit 42 accepted, 43 rejected; anything
    /// else is a judge error; the message in `FEEDBACK_DIR/judgemessage.txt`.
    Kattis,
}

/// The exit code Kattis reads as a judge error (any code but 42 and 43 would do).
pub const KATTIS_JUDGE_ERROR: u8 = 1;

impl Protocol {
    /// The exit code of a verdict.
    pub fn code(self, v: Verdict) -> u8 {
        match (self, v) {
            (Protocol::Testlib, Verdict::Accepted) => 0,
            (Protocol::Testlib, Verdict::WrongAnswer) => 1,
            (Protocol::Testlib, Verdict::PresentationError) => 2,
            (Protocol::Testlib, Verdict::Fail) => 3,
            (Protocol::Kattis, Verdict::Accepted) => 42,
            (Protocol::Kattis, Verdict::WrongAnswer | Verdict::PresentationError) => 43,
            (Protocol::Kattis, Verdict::Fail) => KATTIS_JUDGE_ERROR,
        }
    }
}

/// Writes the message lines to `dir/judgemessage.txt`, where Kattis and DOMjudge look.
pub fn write_judge_message(dir: &Path, lines: &[String]) -> io::Result<()> {
    let mut text = lines.join("\n");
    text.push('\n');
    std::fs::write(dir.join("judgemessage.txt"), text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_follow_each_protocol() {
        let all = [
            Verdict::Accepted,
            Verdict::WrongAnswer,
            Verdict::PresentationError,
            Verdict::Fail,
        ];
        let t: Vec<u8> = all.iter().map(|&v| Protocol::Testlib.code(v)).collect();
        let k: Vec<u8> = all.iter().map(|&v| Protocol::Kattis.code(v)).collect();
        assert_eq!(t, [0, 1, 2, 3]);
        assert_eq!(k, [42, 43, 43, 1]);
    }
}
