//! What the command line says about itself: the shell completion scripts and man pages made
//! from its clap definitions, usage lines that name their arguments, and a top-level help whose
//! format count is the number `sudoku-judge formats` lists.

mod common;
use common::scratch;
use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sudoku-judge"))
        .args(args)
        .output()
        .unwrap()
}

fn stdout(args: &[&str]) -> String {
    let out = run(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn completion_scripts_cover_every_subcommand_in_every_shell() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let script = stdout(&["completions", shell]);
        for sub in [
            "solve", "gen", "stress", "check", "validate", "package", "formats", "man",
        ] {
            assert!(script.contains(sub), "{shell}: no {sub}");
        }
        // Format names are completed as --format values (elvish and PowerShell scripts
        // complete flags only).
        if ["bash", "zsh", "fish"].contains(&shell) {
            assert!(script.contains("poj3076"), "{shell}: no format names");
        }
    }
    assert_eq!(run(&["completions", "tcsh"]).status.code(), Some(2));
}

#[test]
fn man_pages_render_and_name_check_arguments() {
    let page = stdout(&["man"]);
    assert!(page.contains(".TH sudoku-judge 1"), "{page}");
    assert!(page.contains("completions"), "{page}");
    let dir = scratch("man");
    stdout(&["man", "--dir", dir.to_str().unwrap()]);
    let check = std::fs::read_to_string(dir.join("sudoku-judge-check.1")).unwrap();
    assert!(
        check.contains("INPUT") && check.contains("OUTPUT"),
        "{check}"
    );
    for sub in ["solve", "gen", "stress", "validate", "package", "formats"] {
        assert!(dir.join(format!("sudoku-judge-{sub}.1")).exists(), "{sub}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn check_usage_names_its_files() {
    let help = stdout(&["check", "--help"]);
    assert!(
        help.contains("Usage: sudoku-judge check [OPTIONS] <INPUT> <OUTPUT> [ANSWER]..."),
        "{help}"
    );
    let out = run(&["check", "only-one"]);
    assert_eq!(
        out.status.code(),
        Some(3),
        "a usage error is a checker failure"
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("<INPUT> <OUTPUT>"));
}

/// The 64 KiB line limit of every reader is said where each command describes its input:
/// `solve`, `validate` and `check --help` and the README, with the number the readers use.
#[test]
fn the_line_limit_is_said_where_input_is_described() {
    let limit = sudoku_judge::format::LINE_LIMIT;
    assert_eq!(limit, 64 << 10, "the help says 64 KiB");
    let says = |text: &str| text.contains("64 KiB") && text.contains(&limit.to_string());
    for sub in ["solve", "validate", "check"] {
        let help = stdout(&[sub, "--help"]);
        assert!(says(&help), "{sub} --help: {help}");
    }
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let at = readme
        .find("A line holds at most 64 KiB")
        .expect("the README says it");
    assert!(says(&readme[at..at + 300]), "{}", &readme[at..at + 300]);
}

#[test]
fn top_level_help_counts_the_formats_it_lists() {
    let listed = stdout(&["formats"])
        .lines()
        .take_while(|l| !l.is_empty())
        .count();
    assert_eq!(listed, sudoku_judge::problems().len());
    let help = stdout(&["--help"]);
    assert!(help.contains(&format!("({listed} in all)")), "{help}");
    assert!(help.contains(&format!("and {} more", listed - 5)), "{help}");
}
