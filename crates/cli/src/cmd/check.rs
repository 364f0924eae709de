//! `sudoku-judge check`: a special judge in the testlib or Kattis protocol — files in, one
//! verdict out as an exit code and a message pointing at the first fault.

use crate::check::guess::{Guess, guess_source};
use crate::check::protocol::{
    KATTIS_JUDGE_ERROR, Protocol, validator_flags, write_judge_message, write_result_file,
};
use crate::check::{self, Files, Options, Verdict};
use crate::cli::{CheckArgs, ProtocolArg};
use crate::exit::Exit;
use crate::input::Source;
use std::path::Path;

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
    // INPUT and the files after it, however options parted them.
    let f: Vec<String> = std::iter::once(&args.input)
        .chain(&args.rest)
        .cloned()
        .collect();
    // testlib's fourth file is its result file, which gets the message too.
    let (input, output, answer, feedback, result, extra) = match protocol {
        Protocol::Testlib if (2..=4).contains(&f.len()) => {
            (&f[0], f[1].as_str(), f.get(2), None, f.get(3), &f[0..0])
        }
        Protocol::Kattis if f.len() >= 3 => (&f[0], "-", Some(&f[1]), Some(&f[2]), None, &f[3..]),
        _ => {
            let want = match protocol {
                Protocol::Testlib => "INPUT OUTPUT [ANSWER [RESULT]]",
                Protocol::Kattis => "INPUT ANSWER FEEDBACK_DIR < OUTPUT",
            };
            // Two at least: clap asks for INPUT and OUTPUT (or ANSWER) before this.
            eprintln!("checker failure: expected {want}, found {} files", f.len());
            return protocol.code(Verdict::Fail);
        }
    };
    // `oj test` passes an empty expected-output name when a test has none.
    let answer = answer.filter(|a| !a.is_empty());
    // The result file is written over: never one of the files judged.
    if let Some(path) = result {
        let judged: Vec<&str> = [
            Some(input.as_str()),
            Some(output),
            answer.map(String::as_str),
        ]
        .into_iter()
        .flatten()
        .collect();
        if let Err(e) = super::output::not_an_input(Path::new(path), &judged) {
            eprintln!("checker failure: {path}: the result file {e}");
            return protocol.code(Verdict::Fail);
        }
    }
    // Kattis's feedback folder must be there before anything is judged: a verdict followed by
    // the failure to write it would say two things.
    if let Some(dir) = feedback
        && !Path::new(dir).is_dir()
    {
        eprintln!("checker failure: {dir}: no such feedback folder");
        return KATTIS_JUDGE_ERROR;
    }
    // The verdict's lines on stderr and wherever the protocol wants them too; the exit code.
    let say = |verdict: Verdict, lines: &[String]| -> u8 {
        for l in lines {
            eprintln!("{l}");
        }
        if let Some(dir) = feedback
            && let Err(e) = write_judge_message(Path::new(dir), lines)
        {
            eprintln!("checker failure: {dir}/judgemessage.txt: {e}");
            return KATTIS_JUDGE_ERROR;
        }
        if let Some(path) = result
            && let Err(e) = write_result_file(Path::new(path), verdict, lines, args.appes)
        {
            eprintln!("checker failure: {path}: {e}");
            return protocol.code(Verdict::Fail);
        }
        protocol.code(verdict)
    };
    let fail = |msg: String| say(Verdict::Fail, &[format!("checker failure: {msg}")]);
    // Standard input can be read once: a second `-` would read nothing (or the first's bytes),
    // a verdict on files the judge never meant.
    let stdin = [
        Some(input.as_str()),
        Some(output),
        answer.map(String::as_str),
    ];
    if stdin.iter().filter(|f| **f == Some("-")).count() > 1 {
        return fail(
            match protocol {
                Protocol::Testlib => {
                    "two of INPUT, OUTPUT and ANSWER are `-`: standard input can be read only once"
                }
                Protocol::Kattis => {
                    "INPUT or ANSWER is `-`, but the output comes on standard input, which can be \
                 read only once"
                }
            }
            .into(),
        );
    }
    let flags = match validator_flags(extra) {
        Ok(f) => f,
        Err(e) => return fail(e),
    };
    let opened = (|| -> Result<_, String> {
        let open = |p: &str| Source::open(p).map_err(|e| format!("{p}: {e}"));
        Ok((
            open(input)?,
            open(output)?,
            answer.map(|a| open(a)).transpose()?,
        ))
    })();
    // Every file the judge passes must exist, the output included: its fault.
    let (mut input_src, output_src, answer_src) = match opened {
        Ok(t) => t,
        Err(e) => return fail(e),
    };
    let answer_name = answer.map_or(String::new(), |a| format!("answer file {a}"));
    let spec = match args.format.spec() {
        Some(s) => s,
        None => match guess_source(&mut input_src) {
            // No note on what else reads it: a judge takes stderr for the verdict's message.
            Ok(Guess::Took(d, _)) => d.spec,
            Ok(g) => return fail(format!("{input}:{}", g.error().unwrap_or_default())),
            Err(e) => return fail(format!("{input}: {e}")),
        },
    };
    let opts = Options {
        strict: args.strict || flags.space_change_sensitive,
        all: args.all,
        parallel: false,
        budget: Some(args.budget),
    };
    let files = Files {
        input: &mut input_src,
        output: output_src,
        answer: answer_src,
        answer_name: &answer_name,
    };
    let report = match crate::cmd::with_threads(args.threads, |parallel| {
        check::check(spec, files, &Options { parallel, ..opts })
    }) {
        Ok(r) => r,
        Err(e) => return fail(e),
    };
    say(report.verdict(), &report.lines(args.all))
}
