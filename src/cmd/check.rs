//! `sudoku-judge check`: a special judge in the testlib or Kattis protocol — files in, one
//! verdict out as an exit code and a message pointing at the first fault.

use crate::check::protocol::{KATTIS_JUDGE_ERROR, Protocol, write_judge_message};
use crate::check::{self, Files, Options, Verdict};
use crate::cli::FormatArg;
use crate::cmd::solve::format_of;
use crate::exit::Exit;
use crate::input::Source;
use clap::{Args, ValueEnum};
use std::path::Path;

/// Judge a contestant's output: exit 0 accepted, 1 wrong answer, 2 presentation error,
/// 3 checker failure (bad input or answer file).
///
/// testlib order (Codeforces, Polygon, online-judge-tools): INPUT OUTPUT [ANSWER]. Without
/// ANSWER the output is judged from the input alone: POJ 2676, 81-character lines and LeetCode
/// boards need each grid to keep the givens and be a valid completion; for HDU 4069 the verdicts
/// are computed with the solver. With ANSWER, HDU 4069 words and grids must match it exactly,
/// while for the other formats any valid grid is accepted. One line on stderr names the first
/// fault: case, output line, what was expected and what was found.
///
/// Kattis / DOMjudge (`--protocol kattis`): INPUT ANSWER FEEDBACK_DIR [ARGS...] with the output
/// on stdin; exit 42 accepted, 43 wrong answer or presentation error, 1 judge error; the message
/// goes to FEEDBACK_DIR/judgemessage.txt.
#[derive(Args, Debug)]
pub struct CheckArgs {
    /// testlib: INPUT OUTPUT [ANSWER] (`-` reads stdin); kattis: INPUT ANSWER FEEDBACK_DIR,
    /// then any validator arguments (`space_change_sensitive` turns on --strict).
    #[arg(required = true, num_args = 2.., value_name = "FILES")]
    pub files: Vec<String>,

    /// How the judge calls the checker and reads its verdict.
    #[arg(long, value_enum, default_value_t = ProtocolArg::Testlib)]
    pub protocol: ProtocolArg,

    /// List every faulty case, with a count, instead of stopping at the first.
    #[arg(long)]
    pub all: bool,

    /// Any byte difference from the canonical output (trailing spaces, CRLF, blank lines, a
    /// missing final newline) is a presentation error; by default the output is read by tokens.
    #[arg(long)]
    pub strict: bool,

    /// Format of the input, output and answer; `auto` tells it from the input.
    #[arg(short, long, value_enum, default_value_t = FormatArg::Auto)]
    pub format: FormatArg,

    /// Worker threads; 0 means one per core, 1 checks inline.
    #[arg(short = 'j', long, default_value_t = 0, value_name = "N")]
    pub threads: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ProtocolArg {
    /// testlib: INPUT OUTPUT [ANSWER]; exit 0/1/2/3.
    Testlib,
    /// Kattis and DOMjudge: INPUT ANSWER FEEDBACK_DIR < OUTPUT; exit 42/43.
    Kattis,
}

/// Runs the check; the exit status is the protocol's code for the verdict.
pub fn run(args: &CheckArgs) -> Exit {
    Exit::Code(execute(args))
}

/// The check, returning the exit code.
pub fn execute(args: &CheckArgs) -> u8 {
    let protocol = match args.protocol {
        ProtocolArg::Testlib => Protocol::Testlib,
        ProtocolArg::Kattis => Protocol::Kattis,
    };
    let f = &args.files;
    let (input, output, answer, feedback, extra) = match protocol {
        Protocol::Testlib if f.len() <= 3 => (&f[0], f[1].as_str(), f.get(2), None, &f[0..0]),
        Protocol::Kattis if f.len() >= 3 => (&f[0], "-", Some(&f[1]), Some(&f[2]), &f[3..]),
        _ => {
            let want = match protocol {
                Protocol::Testlib => "INPUT OUTPUT [ANSWER]",
                Protocol::Kattis => "INPUT ANSWER FEEDBACK_DIR < OUTPUT",
            };
            eprintln!("checker failure: expected {want}, found {} files", f.len());
            return protocol.code(Verdict::Fail);
        }
    };
    let strict = args.strict || extra.iter().any(|a| a == "space_change_sensitive");
    let opts = Options {
        format: format_of(args.format),
        strict,
        all: args.all,
        parallel: false,
    };
    let say = |lines: &[String]| -> u8 {
        for l in lines {
            eprintln!("{l}");
        }
        if let Some(dir) = feedback
            && let Err(e) = write_judge_message(Path::new(dir), lines)
        {
            eprintln!("checker failure: {dir}/judgemessage.txt: {e}");
            return KATTIS_JUDGE_ERROR;
        }
        0
    };
    let open = |path: &str, whole: bool| -> Result<Source, String> {
        let mut s = Source::open(path).map_err(|e| format!("{path}: {e}"))?;
        if whole {
            while s.fill().map_err(|e| format!("{path}: {e}"))? {}
        }
        Ok(s)
    };
    let opened = (|| -> Result<_, String> {
        Ok((
            open(input, false)?,
            open(output, true)?,
            answer.map(|a| open(a, true)).transpose()?,
        ))
    })();
    let (mut input_src, output_src, answer_src) = match opened {
        Ok(t) => t,
        Err(e) => {
            // Every file the judge passes must exist, the output included: its fault.
            let r = say(&[format!("checker failure: {e}")]);
            return if r != 0 {
                r
            } else {
                protocol.code(Verdict::Fail)
            };
        }
    };
    let answer_name = answer.map_or(String::new(), |a| format!("answer file {a}"));
    let files = Files {
        input: &mut input_src,
        output: output_src.window().0,
        answer: answer_src.as_ref().map(|s| s.window().0),
        answer_name: &answer_name,
    };
    let report = match crate::cmd::with_threads(args.threads, |parallel| {
        check::check(files, &Options { parallel, ..opts })
    }) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("checker failure: {e}");
            return protocol.code(Verdict::Fail);
        }
    };
    let r = say(&report.lines(args.all));
    if r != 0 {
        return r;
    }
    protocol.code(report.verdict())
}
