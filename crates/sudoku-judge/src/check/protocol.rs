//! The judge protocols a checker speaks: testlib (Codeforces, Polygon, online-judge-tools) and
//! Kattis (DOMjudge output validators) — their exit codes and where the message goes.

use super::Verdict;
use std::io::{self, Write};
use std::path::Path;

/// A judge protocol.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    /// `check INPUT OUTPUT [ANSWER [RESULT [-appes]]]`; exit 0 accepted, 1 wrong answer, 2
    /// presentation error, 3 checker failure; the message on stderr, and in the RESULT file
    /// when there is one ([`write_result_file`]).
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

/// Writes testlib's result file (`check INPUT OUTPUT ANSWER RESULT [-appes]`): the message
/// lines as they go to stderr, or with `appes` the XML that PCMS2-style judges read,
/// `<result outcome = "wrong-answer">...</result>` (testlib's outcome names, the message
/// XML-escaped). The file is replaced, as testlib replaces it; `-` is standard output.
pub fn write_result_file(
    path: &Path,
    verdict: Verdict,
    lines: &[String],
    appes: bool,
) -> io::Result<()> {
    let message = lines.join("\n");
    let text = if appes {
        let outcome = match verdict {
            Verdict::Accepted => "accepted",
            Verdict::WrongAnswer => "wrong-answer",
            Verdict::PresentationError => "presentation-error",
            Verdict::Fail => "fail",
        };
        let mut escaped = String::with_capacity(message.len());
        for c in message.chars() {
            match c {
                '&' => escaped.push_str("&amp;"),
                '<' => escaped.push_str("&lt;"),
                '>' => escaped.push_str("&gt;"),
                '"' => escaped.push_str("&quot;"),
                '\'' => escaped.push_str("&apos;"),
                c => escaped.push(c),
            }
        }
        format!(
            "<?xml version=\"1.0\" encoding=\"utf-8\"?><result outcome = \"{outcome}\">\
             {escaped}</result>\n"
        )
    } else {
        message + "\n"
    };
    if path == Path::new("-") {
        return io::stdout().lock().write_all(text.as_bytes());
    }
    std::fs::write(path, text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_result_file_is_the_message_or_testlibs_xml() {
        let dir = std::env::temp_dir().join(format!("sj-result-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("result");
        let lines = ["wrong answer: case 1, line 2: <found> \"x\" & 'y'".to_string()];
        write_result_file(&path, Verdict::WrongAnswer, &lines, false).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), format!("{}\n", lines[0]));
        write_result_file(&path, Verdict::WrongAnswer, &lines, true).unwrap();
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "<?xml version=\"1.0\" encoding=\"utf-8\"?><result outcome = \"wrong-answer\">wrong \
             answer: case 1, line 2: &lt;found&gt; &quot;x&quot; &amp; &apos;y&apos;</result>\n"
        );
        let ok = ["ok: 1 case".to_string()];
        write_result_file(&path, Verdict::Accepted, &ok, true).unwrap();
        assert!(std::fs::read_to_string(&path).unwrap().contains("outcome = \"accepted\">ok"));
        std::fs::remove_dir_all(&dir).unwrap();
    }

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
