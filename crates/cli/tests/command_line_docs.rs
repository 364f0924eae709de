//! What the command line says about itself: the shell completion scripts and man pages made
//! from its clap definitions, usage lines that name their arguments, and a top-level help whose
//! format count is the number `sudoku-judge formats` lists.

use crate::common::scratch;
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

/// What a real bash offers for `words` (the last one being completed): the script sourced,
/// COMP_WORDS and COMP_CWORD set as readline sets them, the function `complete -p` names
/// called, COMPREPLY printed one word a line.
fn bash_offers(script: &std::path::Path, words: &[&str]) -> Vec<String> {
    let out = Command::new("bash")
        .arg("-c")
        .arg(
            r#"source "$0" || exit 9
            f=$(complete -p sudoku-judge | sed 's/.*-F \([^ ]*\).*/\1/')
            COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
            COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
            cur=${COMP_WORDS[COMP_CWORD]}; prev=${COMP_WORDS[COMP_CWORD - 1]}
            "$f" sudoku-judge "$cur" "$prev"
            printf '%s\n' "${COMPREPLY[@]}""#,
        )
        .arg(script)
        .args(words)
        .output()
        .expect("bash runs");
    assert!(out.status.success(), "{words:?}: {out:?}");
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect()
}

#[test]
fn bash_completes_subcommands_flags_and_format_names() {
    let dir = scratch("bash-completion");
    let script = dir.join("sudoku-judge.bash");
    std::fs::write(&script, stdout(&["completions", "bash"])).unwrap();
    let offers = |words: &[&str]| bash_offers(&script, words);
    assert_eq!(offers(&["sudoku-judge", "sol"]), ["solve"]);
    let solve = offers(&["sudoku-judge", "solve", "--"]);
    for flag in ["--format", "--threads", "--output", "--budget"] {
        assert!(solve.iter().any(|w| w == flag), "solve --<TAB>: {solve:?}");
    }
    let hdu = offers(&["sudoku-judge", "check", "--format", "hdu40"]);
    assert_eq!(hdu, ["hdu4069"]);
    let layouts = offers(&["sudoku-judge", "gen", "--lay"]);
    assert_eq!(layouts, ["--layout"]);
    let stress = offers(&["sudoku-judge", "stress", "-f", "poj26"]);
    assert_eq!(stress, ["poj2676"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn fish_completes_flags_and_format_names() {
    if Command::new("fish").arg("--version").output().is_err() {
        // .ci/run installs fish and sets SUDOKU_JUDGE_REQUIRE_TOOLS: there this cannot skip.
        assert!(
            std::env::var_os("SUDOKU_JUDGE_REQUIRE_TOOLS").is_none(),
            "fish is needed (apt-get install fish)"
        );
        eprintln!("SKIPPED: fish is not installed (apt-get install fish)");
        return;
    }
    let dir = scratch("fish-completion");
    let script = dir.join("sudoku-judge.fish");
    std::fs::write(&script, stdout(&["completions", "fish"])).unwrap();
    let offers = |line: &str| -> Vec<String> {
        let out = Command::new("fish")
            .args([
                "--no-config",
                "-c",
                "source $argv[1]; and complete -C $argv[2]",
            ])
            .arg(&script)
            .arg(line)
            .output()
            .expect("fish runs");
        assert!(out.status.success(), "{line}: {out:?}");
        // `complete -C` prints each candidate, then a tab and its description.
        String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(|l| l.split('\t').next().unwrap_or("").to_string())
            .collect()
    };
    assert!(offers("sudoku-judge sol").contains(&"solve".to_string()));
    assert!(offers("sudoku-judge solve --thr").contains(&"--threads".to_string()));
    assert_eq!(offers("sudoku-judge check --format hdu40"), ["hdu4069"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// What zsh's completion offers for a command line (`$1`, completed at its end) with the
/// completion functions of folder `$2`: a real interactive zsh in a pseudo-terminal (zpty), a
/// key bound to `complete-word` and then a marker, `compadd` wrapped to print each match it is
/// given. The read waits for the marker, not for a time.
const ZSH_CAPTURE: &str = r#"zmodload zsh/zpty || exit 3
zpty z zsh -f -i
zpty -w z "fpath=(${(q)2} \$fpath); autoload -Uz compinit; compinit -u -d ${(q)2}/.zcompdump"
zpty -w z 'compadd () { builtin compadd -O __m "$@"; print -rl -- "<""m>"${^__m} > /dev/tty; builtin compadd "$@" }'
zpty -w z 'comptest () { zle complete-word; print -r -- "<""done>" > /dev/tty }; zle -N comptest; bindkey "^T" comptest'
zpty -n -w z "$1"$'\C-t'
zpty -r z out '*<done>*'
print -r -- "$out" | tr -d '\r' | sed -n 's/.*<m>//p' | sort -u
zpty -d z
"#;

#[test]
fn zsh_completes_subcommands_flags_and_format_names() {
    if Command::new("zsh").arg("--version").output().is_err() {
        // .ci/run installs zsh and sets SUDOKU_JUDGE_REQUIRE_TOOLS: there this cannot skip.
        assert!(
            std::env::var_os("SUDOKU_JUDGE_REQUIRE_TOOLS").is_none(),
            "zsh is needed (apt-get install zsh)"
        );
        eprintln!("SKIPPED: zsh is not installed (apt-get install zsh)");
        return;
    }
    let dir = scratch("zsh-completion");
    // compinit finds the function by its file name and its #compdef line.
    std::fs::write(dir.join("_sudoku-judge"), stdout(&["completions", "zsh"])).unwrap();
    let capture = dir.join("capture.zsh");
    std::fs::write(&capture, ZSH_CAPTURE).unwrap();
    let offers = |line: &str| -> Vec<String> {
        // `timeout`: a zsh that never prints the marker fails the test instead of hanging it.
        let out = Command::new("timeout")
            .args(["120", "zsh", "-f"])
            .arg(&capture)
            .arg(line)
            .arg(&dir)
            .output()
            .expect("zsh runs");
        assert!(out.status.success(), "{line}: {out:?}");
        String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(str::to_string)
            .collect()
    };
    assert!(offers("sudoku-judge sol").contains(&"solve".to_string()));
    assert_eq!(offers("sudoku-judge solve --fo"), ["--format"]);
    let show = offers("sudoku-judge show -");
    assert!(show.contains(&"--output".to_string()) && show.contains(&"--contestant".to_string()));
    let hdu = offers("sudoku-judge check --format hdu40");
    assert_eq!(hdu, ["hdu4069"]);
    std::fs::remove_dir_all(&dir).unwrap();
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
    // Every page the main page points to is written, help's too.
    assert!(page.contains("sudoku\\-judge\\-help(1)"));
    for (i, _) in page.match_indices("sudoku\\-judge\\-") {
        let name: String = page[i..]
            .replace("\\-", "-")
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
            .collect();
        assert!(dir.join(format!("{name}.1")).exists(), "{name}");
    }
    // A file where the folder should be is named as such.
    let file = dir.join("sudoku-judge.1");
    let out = run(&["man", "--dir", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a folder"));
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
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md")).unwrap();
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

#[test]
fn help_is_wrapped_to_the_terminal() {
    for sub in [
        "", "solve", "gen", "stress", "check", "validate", "package", "show", "formats",
    ] {
        for flag in ["-h", "--help"] {
            let args: Vec<&str> = [sub, flag].into_iter().filter(|a| !a.is_empty()).collect();
            let out = Command::new(env!("CARGO_BIN_EXE_sudoku-judge"))
                .args(&args)
                .env("COLUMNS", "80")
                .output()
                .unwrap();
            let help = String::from_utf8(out.stdout).unwrap();
            assert!(help.lines().count() > 5, "{args:?}");
            for line in help.lines() {
                assert!(line.chars().count() <= 80, "{args:?}: {line}");
            }
        }
    }
}
