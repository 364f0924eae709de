//! `sudoku-judge package`: a whole problem package for a judge format (see
//! [`crate::package`]); this file turns the flags into a request and reports.

use crate::cli::package::MAX_GROUP;
use crate::cli::{JudgeArg, PackageArgs, SpecArg};
use crate::cmd::r#gen::seed_or_clock;
use crate::exit::Exit;
use crate::package::binary::Linking;
use crate::package::{self, Layout, Request};
use crate::progress::Progress;
use std::path::Path;

pub fn run(args: &PackageArgs) -> Exit {
    let Some(spec) = args.format.spec() else {
        eprintln!("error: --format: give the problem's format (`sudoku-judge formats` lists them)");
        return Exit::Error;
    };
    if args.count == 0 || args.count > MAX_GROUP {
        eprintln!(
            "error: --count {}: from 1 to {MAX_GROUP} cases per group",
            args.count
        );
        return Exit::Error;
    }
    let layout = match (args.judge, args.spec) {
        (JudgeArg::Kattis, SpecArg::Legacy) => Layout::Legacy,
        (JudgeArg::Kattis, SpecArg::V2025) => Layout::V2025,
        (JudgeArg::Dmoj, _) => Layout::Dmoj,
    };
    // DMOJ's checker names the format for a binary installed on the judge: it cannot carry a
    // problem file yet.
    if layout == Layout::Dmoj && package::from_file(spec) {
        eprintln!(
            "error: --judge dmoj: a problem file's format ({}) is packaged for Kattis only; \
             DMOJ's checker runs an installed sudoku-judge, which knows only its own formats",
            spec.name
        );
        return Exit::Error;
    }
    if layout == Layout::Dmoj && (args.spec != SpecArg::Legacy || args.license != "educational") {
        eprintln!(
            "error: --spec and --license are for Kattis packages; a DMOJ folder (--judge dmoj) \
             has no version and no license field"
        );
        return Exit::Error;
    }
    let seed = seed_or_clock(args.seed, "package");
    // A problem file is named by the copy the package carries.
    let format = match package::from_file(spec) {
        true => "input_validators/sudoku-judge/problem.toml",
        false => spec.name,
    };
    let mut command = format!(
        "sudoku-judge package --format {format} --count {} --seed {seed}",
        args.count
    );
    if layout == Layout::V2025 {
        command.push_str(" --spec 2025-09");
    }
    if layout == Layout::Dmoj {
        command.push_str(" --judge dmoj");
    }
    if args.beyond {
        command.push_str(" --beyond");
    }
    if args.license != "educational" {
        command.push_str(&format!(" --license '{}'", args.license));
    }
    for (folder, file) in &args.solutions {
        let name = file.file_name().unwrap_or(file.as_os_str());
        command.push_str(&format!(" --solution {folder}:{}", name.to_string_lossy()));
    }
    if layout != Layout::Dmoj
        && let Some(w) = shortname_warning(&args.output)
    {
        crate::chatter::say(&w);
    }
    let req = Request {
        spec,
        dir: args.output.clone(),
        count: args.count,
        seed,
        solutions: args.solutions.clone(),
        layout,
        license: args.license.clone(),
        parallel: false,
        command,
        beyond: args.beyond,
    };
    let mut progress = Progress::cases(false);
    let result = crate::cmd::with_threads(args.threads, |parallel| {
        package::write(
            &Request {
                parallel,
                ..req.clone()
            },
            &mut progress,
        )
    });
    match result {
        Ok(Ok(w)) if layout == Layout::Dmoj => {
            crate::chatter::say(&format!(
                "package: {} ({}): a DMOJ problem, {} files, {} cases besides the sample, seed \
                 {seed}; checker.py runs the binary beside it, {}",
                args.output.display(),
                spec.name,
                w.files,
                w.cases,
                w.linking
            ));
            if w.linking == Linking::Dynamic {
                crate::chatter::say(
                    "note: the checker's binary is dynamically linked: the judge machine needs \
                     the same C library; `make static` builds one that needs nothing",
                );
            }
            Exit::Success
        }
        Ok(Ok(w)) => {
            crate::chatter::say(&format!(
                "package: {} ({}): {} files, {} secret cases, seed {seed}; validators {}",
                args.output.display(),
                spec.name,
                w.files,
                w.cases,
                w.linking
            ));
            if w.linking == Linking::Dynamic {
                crate::chatter::say(
                    "note: the validators' binary is dynamically linked: a judge machine needs \
                     the same C library; `make static` builds one that needs nothing",
                );
            }
            if !req.solutions.iter().any(|(f, _)| f == "accepted") {
                crate::chatter::say(
                    "note: no --solution accepted:FILE given; a package needs one accepted \
                     submission before verifyproblem passes it",
                );
            }
            Exit::Success
        }
        Ok(Err(e)) | Err(e) => {
            eprintln!("error: {e}");
            Exit::Error
        }
    }
}

/// A warning when the folder's name is not a valid short name: problemtools takes the
/// problem's short name from it and wants `[a-z0-9]+` (15 format names have a `-`).
pub fn shortname_warning(dir: &Path) -> Option<String> {
    let name = dir.file_name()?.to_string_lossy().into_owned();
    let valid = |s: &str| {
        !s.is_empty()
            && s.bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
    };
    if valid(&name) {
        return None;
    }
    let suggestion: String = name
        .to_ascii_lowercase()
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .collect();
    let hint = if valid(&suggestion) {
        format!(" (e.g. -o {})", dir.with_file_name(&suggestion).display())
    } else {
        String::new()
    };
    Some(format!(
        "warning: {}: verifyproblem takes the problem's short name from the folder's name and \
         refuses '{name}': name it with a-z and 0-9 only{hint}",
        dir.display()
    ))
}
