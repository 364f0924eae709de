//! The small text files of a package: `problem.yaml`, `test_group.yaml`, the package's
//! `README.md` (its data, and the wrong solutions the data is known to fail), and the
//! validators' `build`, `run` and README.

use super::binary::Linking;
use super::groups::{BEYOND_SLUG, Group, SEVERAL};
use super::statement::title_and_source;
use super::{Layout, Request};
use crate::format::spec::{Cells, Spec};
use crate::rng::Rng;

/// The generator's `run` for BAPCtools: `sudoku-judge` and its arguments.
pub const GENERATOR_RUN: &str = "#!/bin/sh\n\
# Generator for BAPCtools' generators.yaml: the sudoku-judge binary beside this script.\n\
exec \"$(dirname \"$0\")/sudoku-judge\" \"$@\"\n";

/// A validator's `build`: nothing to build, the binary is beside it.
pub const BUILD: &str = "#!/bin/sh\n\
# Nothing to build: the sudoku-judge binary beside `run` is ready to run.\n\
exit 0\n";

/// The problem file written beside the binary when the format is one ([`super::from_file`]):
/// no binary knows its name.
pub const PROBLEM_FILE: &str = "problem.toml";

/// The generator's `run` for a format from a problem file: `--format` names the file beside it,
/// whatever the working directory (BAPCtools' generators.yaml gives no `--format` then).
pub const GENERATOR_RUN_FILE: &str = "#!/bin/sh\n\
# Generator for BAPCtools' generators.yaml: the sudoku-judge binary beside this script, and\n\
# the problem file beside it.\n\
exec \"$(dirname \"$0\")/sudoku-judge\" \"$@\" --format \"$(dirname \"$0\")/problem.toml\"\n";

/// A `run` script's `--format` value: the name of a built-in format, or the problem file
/// beside the script.
fn format_arg(spec: &Spec) -> String {
    if super::from_file(spec) {
        format!("\"$(dirname \"$0\")/{PROBLEM_FILE}\"")
    } else {
        spec.name.to_string()
    }
}

/// The input validator's `run`: the input on stdin, `input_validator_flags` as arguments.
pub fn input_run(spec: &Spec) -> String {
    format!(
        "#!/bin/sh\n\
         # Input validator: the judge data's exact layout for {name} (exit 42 valid, 43 not).\n\
         exec \"$(dirname \"$0\")/sudoku-judge\" validate --protocol kattis --strict --format {arg} \"$@\"\n",
        name = spec.name,
        arg = format_arg(spec),
    )
}

/// The output validator's `run`: INPUT ANSWER FEEDBACK_DIR [FLAGS] with the output on stdin.
pub fn output_run(spec: &Spec) -> String {
    format!(
        "#!/bin/sh\n\
         # Output validator: sudoku-judge's special judge for {name} (exit 42 accepted, 43 not).\n\
         exec \"$(dirname \"$0\")/sudoku-judge\" check --protocol kattis --format {arg} \"$@\"\n",
        name = spec.name,
        arg = format_arg(spec),
    )
}

/// What the validators are, for whoever opens the directory.
pub fn validator_readme(spec: &Spec, linking: Linking) -> String {
    let needs = match linking {
        Linking::Static => "It is statically linked and needs nothing else on the judge machine.",
        Linking::Dynamic => {
            "It is dynamically linked: the judge machine needs the same C library (glibc) as the \
             machine that wrote the package. A static build (`make static` in sudoku-judge's \
             source) needs nothing else."
        }
        Linking::Unknown => "Run it on the kind of machine that wrote the package.",
    };
    format!(
        "sudoku-judge, the judge for the format {name} ({judge}), behind the two scripts of the\n\
         problem package format: `build` (nothing to build) and `run`, which finds the binary\n\
         next to it. {needs}\n\n\
         Input validator: sudoku-judge validate --protocol kattis --strict --format {arg}\n\
         Output validator: sudoku-judge check --protocol kattis --format {arg}\n\
         (`sudoku-judge validate --help` and `sudoku-judge check --help` say more.){file}\n",
        name = spec.name,
        judge = spec.judge,
        arg = if super::from_file(spec) {
            PROBLEM_FILE
        } else {
            spec.name
        },
        file = if super::from_file(spec) {
            "\nThe format is the problem file problem.toml beside them, a record of its own \
             (`sudoku-judge formats --help`)."
        } else {
            ""
        },
    )
}

/// The package's `README.md`: what each file of the secret data covers, and which wrong
/// solutions the data is known to fail, each with the case that fails it.
pub fn readme(req: &Request, groups: &[Group]) -> String {
    let spec = req.spec;
    let (title, source) = title_and_source(spec);
    let single = spec.max_per_file() == Some(1);
    let file = |g: &Group, k: usize| {
        if single {
            format!("data/secret/{}-{:02}.in", g.name, k + 1)
        } else {
            format!("data/secret/{}.in, case {}", g.name, k + 1)
        }
    };
    let mut t = format!(
        "# {title} ({source}): a problem package\n\n\
         Written by sudoku-judge {version} for the format {name}:\n\n    {command}\n\n\
         ## The secret data\n\n",
        version = env!("CARGO_PKG_VERSION"),
        name = spec.name,
        command = req.command,
    );
    for g in groups {
        let n = g.indices.len();
        let files = if single {
            format!("data/secret/{}-NN.in", g.name)
        } else {
            format!("data/secret/{}.in", g.name)
        };
        t.push_str(&format!(
            "- `{files}` ({n} case{}): {}\n",
            if n == 1 { "" } else { "s" },
            g.what
        ));
    }
    let mut wrong: Vec<String> = Vec::new();
    for g in groups.iter().filter(|g| !g.name.ends_with(BEYOND_SLUG)) {
        for (k, w) in g
            .ways
            .iter()
            .enumerate()
            .filter(|(_, w)| !w.wrong.is_empty())
        {
            wrong.push(format!("- {}: fails {} ({})", w.wrong, file(g, k), w.what));
        }
    }
    if let Some(word) = spec.output.words.multiple
        && let Some(g) = groups.iter().find(|g| g.what == SEVERAL)
    {
        wrong.push(format!(
            "- one that prints the first solution it finds without looking for a second: \
             fails every case of `data/secret/{}.in` (the answer is `{word}`)",
            g.name
        ));
    }
    t.push_str("\n## Wrong solutions this data is known to fail\n\n");
    if wrong.is_empty() {
        t.push_str(
            "None listed: the problem's input never clashes and has no verdict but the \
             answer grid.\n",
        );
    } else {
        for w in wrong {
            t.push_str(&w);
            t.push('\n');
        }
    }
    t
}

/// `generators/generators.yaml`, BAPCtools' recipe for `data/`: each secret file is
/// `sudoku-judge gen --package-file NAME` with this package's format, count and seed (the
/// same bytes, input and answers), the sample and the invalid inputs copies of
/// `generators/sample/` and `generators/invalid_input/`.
pub fn generators_yaml(req: &Request, secret: &[String], invalid: &[String]) -> String {
    let spec = req.spec;
    let mut y = format!(
        "# BAPCtools' recipe for data/, written by sudoku-judge {version}: `bt generate` in the\n\
         # package remakes each secret file, byte for byte, with the sudoku-judge binary in\n\
         # generators/sudoku-judge/.\n\
         version: 2025-12\n",
        version = env!("CARGO_PKG_VERSION"),
    );
    if let Some(flags) = validator_flags(spec) {
        y.push_str(&format!(
            "test_group.yaml:\n  output_validator_args: [{flags}]\n"
        ));
    }
    y.push_str("data:\n  sample:\n    data:\n      '1':\n        copy: sample/1\n");
    y.push_str("  secret:\n    data:\n");
    for name in secret {
        y.push_str(&format!(
            "      {name}: sudoku-judge gen{format} --count {count} --seed {seed} \
             --package-file {name}{beyond} -a testcase.ans\n",
            beyond = if req.beyond { " --beyond" } else { "" },
            // A problem file's generator script adds its `--format` itself.
            format = if super::from_file(spec) {
                String::new()
            } else {
                format!(" --format {}", spec.name)
            },
            count = req.count,
            seed = req.seed,
        ));
    }
    if !invalid.is_empty() {
        y.push_str("  invalid_input:\n    data:\n");
        for name in invalid {
            y.push_str(&format!(
                "      {name}:\n        copy: invalid_input/{name}\n"
            ));
        }
    }
    y
}

/// `problem.yaml`.
/// `key` draws the `uuid` ([`uuid`]).
pub fn problem_yaml(req: &Request, key: &[u8]) -> String {
    let spec = req.spec;
    let (title, source) = title_and_source(spec);
    let mut y = format!(
        "# A problem package written by sudoku-judge {version}:\n\
         #   {command}\n\
         # The same command writes the same files. Check it with problemtools: verifyproblem DIR\n",
        version = env!("CARGO_PKG_VERSION"),
        command = req.command,
    );
    if req.layout == Layout::V2025 {
        y.push_str("problem_format_version: 2025-09\ntype: pass-fail\n");
    }
    y.push_str(&format!(
        "name: {}\nuuid: {}\nsource: {}\nlicense: {}\n",
        quoted(&title),
        uuid(key),
        quoted(&source),
        req.license
    ));
    match req.layout {
        Layout::Legacy => {
            y.push_str("validation: custom\n");
            if let Some(flags) = validator_flags(spec) {
                y.push_str(&format!("validator_flags: {flags}\n"));
            }
            y.push_str("keywords: sudoku\n");
        }
        // (A DMOJ folder has no problem.yaml: `dmoj.rs` writes its init.yml.)
        Layout::V2025 | Layout::Dmoj => y.push_str("keywords: [sudoku]\n"),
    }
    y
}

/// `test_group.yaml` of the 2025-09 layout, where the output validator takes arguments.
pub fn test_group_yaml(spec: &Spec) -> Option<String> {
    validator_flags(spec).map(|f| format!("output_validator_args: [{f}]\n"))
}

/// The output validator's flags, where they matter: `case_sensitive` when the answers hold
/// letters (words such as `No solution`, headers, letter cells), so that the package says
/// what the validator does (it always compares case for case) and keeps saying it if the
/// setter swaps in the default validator, which ignores case unless told.
pub fn validator_flags(spec: &Spec) -> Option<&'static str> {
    let w = &spec.output.words;
    let words = [
        w.none,
        w.multiple,
        w.not_minimal,
        w.illegal,
        w.unique,
        w.yes,
        w.no,
        w.easy,
        w.not_easy,
        spec.output.header,
        spec.input.label.map(|l| l.word),
    ];
    let letters = |s: &str| s.chars().any(char::is_alphabetic);
    let cells = match spec.input.cells {
        Cells::Alphabet { values, .. } => values.iter().any(u8::is_ascii_alphabetic),
        Cells::BySize => spec.box_sizes().end() * spec.box_sizes().end() > 9,
        Cells::Numbers | Cells::Walls => false,
    };
    (cells || words.into_iter().flatten().any(letters)).then_some("case_sensitive")
}

/// A YAML double-quoted string.
fn quoted(s: &str) -> String {
    format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
}

/// A version-4 UUID drawn from `key` (the command line and the submissions' bytes), so the
/// package is the same bytes each time the same command writes it, and another command (a new
/// seed, count, layout, license or submission) makes another problem id. With no `--seed` the
/// seed comes from the clock: a new id each time.
fn uuid(key: &[u8]) -> String {
    let fnv = |basis: u64| {
        key.iter().fold(basis, |h, &b| {
            (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
        })
    };
    let mut rng = Rng::for_item(fnv(0xcbf2_9ce4_8422_2325), fnv(0x6c62_272e_07bb_0142));
    let (a, b) = (rng.next_u64(), rng.next_u64());
    let a = (a & !0xf000) | 0x4000; // version 4
    let b = (b & !(0xc000 << 48)) | (0x8000 << 48); // variant 10
    format!(
        "{:08x}-{:04x}-{:04x}-{:04x}-{:012x}",
        a >> 32,
        (a >> 16) & 0xffff,
        a & 0xffff,
        b >> 48,
        b & 0xffff_ffff_ffff
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::judges::find;

    #[test]
    fn uuids_are_version_4_and_follow_the_command() {
        let u = uuid(b"package --format hdu4069 --seed 7");
        assert_eq!(u.len(), 36);
        assert_eq!(&u[14..15], "4");
        assert!("89ab".contains(&u[19..20]), "{u}");
        assert_eq!(u, uuid(b"package --format hdu4069 --seed 7"));
        assert_ne!(u, uuid(b"package --format hdu4069 --seed 8"));
        assert_ne!(u, uuid(b"package --format poj2676 --seed 7"));
    }

    #[test]
    fn case_matters_where_answers_have_letters() {
        let flags = |n: &str| validator_flags(find(n).unwrap());
        assert_eq!(flags("hdu4069"), Some("case_sensitive"));
        assert_eq!(flags("poj3076"), Some("case_sensitive"));
        assert_eq!(flags("poj2676"), None);
        assert_eq!(flags("luogu-p1784"), None);
    }

    #[test]
    fn yaml_strings_are_quoted() {
        assert_eq!(quoted("a \"b\" \\"), "\"a \\\"b\\\" \\\\\"");
    }
}
