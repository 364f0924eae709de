//! The judge protocols a checker speaks: testlib (Codeforces, Polygon, online-judge-tools) and
//! Kattis (DOMjudge output validators) — their exit codes and where the message goes.

use super::Verdict;
use std::io::{self, Write};
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

/// The Kattis validator arguments (`validator_flags` in `problem.yaml`) a checker obeys.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ValidatorFlags {
    /// `space_change_sensitive`: whitespace must be exactly as the canonical output (`--strict`).
    pub space_change_sensitive: bool,
}

/// Reads the arguments after FEEDBACK_DIR. `case_sensitive` is accepted and changes nothing:
/// every word is already compared case for case. Anything else is refused rather than
/// ignored, so that a misspelt flag in a problem package shows up as a judge error on the
/// first submission instead of silently judging by other rules.
pub fn validator_flags(args: &[String]) -> Result<ValidatorFlags, String> {
    let mut flags = ValidatorFlags::default();
    for a in args {
        match a.as_str() {
            "space_change_sensitive" => flags.space_change_sensitive = true,
            "case_sensitive" => {}
            _ => {
                return Err(format!(
                    "unknown validator argument '{}' (known: case_sensitive, \
                     space_change_sensitive)",
                    a.escape_default()
                ));
            }
        }
    }
    Ok(flags)
}

/// Appends the message lines to `dir/judgemessage.txt`, where Kattis and DOMjudge look; what
/// the judge system (or an earlier step) wrote there is kept.
pub fn write_judge_message(dir: &Path, lines: &[String]) -> io::Result<()> {
    let mut text = lines.join("\n");
    text.push('\n');
    let mut f = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(dir.join("judgemessage.txt"))?;
    f.write_all(text.as_bytes())
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

    #[test]
    fn validator_flags_known_ignored_and_refused() {
        let args = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(validator_flags(&[]), Ok(ValidatorFlags::default()));
        let f = validator_flags(&args(&["case_sensitive", "space_change_sensitive"])).unwrap();
        assert!(f.space_change_sensitive);
        let e = validator_flags(&args(&["case_sensitive", "float_tolerance", "1e-6"]));
        assert_eq!(
            e,
            Err(
                "unknown validator argument 'float_tolerance' (known: case_sensitive, \
                 space_change_sensitive)"
                    .into()
            )
        );
    }

    #[test]
    fn judge_messages_are_appended() {
        let dir = crate::model::testutil::scratch("protocol");
        std::fs::write(dir.join("judgemessage.txt"), "from the judge\n").unwrap();
        write_judge_message(&dir, &["ok: 1 case".into()]).unwrap();
        let text = std::fs::read_to_string(dir.join("judgemessage.txt")).unwrap();
        assert_eq!(text, "from the judge\nok: 1 case\n");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
