//! README.md's examples run as written. Every `sudoku-judge` command of its `sh` blocks runs in
//! a scratch folder that sees the bundled `testdata/` (a link to it), one block's commands in
//! order (a `gen` makes the files the next lines read); where a block is a transcript (`$ `
//! lines), the lines after a command are its exact stdout and then stderr. A command must not
//! meet a missing file or a usage error, and must exit 0 (`validate`, whose point in a
//! transcript may be an invalid case or file, exits as its transcript shows).
//!
//! Not run: commands that need what the README assumes the reader has (a contestant program
//! `./a.out`, solution sources, the sharding scripts' hosts, `oj`, Slurm). `--count` above 1000
//! runs with 1000, to keep the test short on a shared machine; the counts do not change what a
//! command line means. The `rust` block is crates/sudoku-judge/examples/readme.rs, word for word. And
//! testdata/README.md names every fixture folder.

use crate::common::scratch;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The repository's top folder (this crate is crates/cli).
fn root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}

/// One command of a block and, in a transcript, the output lines shown after it.
struct Example {
    line: usize,
    command: String,
    shown: Option<Vec<String>>,
}

/// The `sh` blocks of the README, each as its commands (continuation lines joined, comments
/// dropped).
fn blocks(readme: &str) -> Vec<Vec<Example>> {
    let mut blocks = Vec::new();
    let mut block: Option<Vec<Example>> = None;
    let mut pending = String::new();
    for (i, raw) in readme.lines().enumerate() {
        if raw.starts_with("```") {
            match block.take() {
                Some(b) => blocks.push(b),
                None if raw == "```sh" => block = Some(Vec::new()),
                None => {}
            }
            continue;
        }
        let Some(b) = block.as_mut() else {
            continue;
        };
        let transcript = raw.starts_with("$ ");
        let text = raw.strip_prefix("$ ").unwrap_or(raw);
        if !transcript && !pending.is_empty() {
            pending.push(' ');
        }
        let code = strip_comment(text).trim_end();
        if let Some(cont) = code.strip_suffix('\\') {
            pending.push_str(cont.trim());
            continue;
        }
        if !transcript
            && pending.is_empty()
            && let Some(last) = b.last_mut()
            && let Some(shown) = last.shown.as_mut()
        {
            shown.push(raw.to_string());
            continue;
        }
        pending.push_str(code.trim());
        let command = std::mem::take(&mut pending);
        if !command.is_empty() {
            b.push(Example {
                line: i + 1,
                command,
                shown: transcript.then(Vec::new),
            });
        }
    }
    blocks
}

/// `cmd  # why` -> `cmd`.
fn strip_comment(line: &str) -> &str {
    match line.find(" #") {
        Some(i) => &line[..i],
        None if line.starts_with('#') => "",
        None => line,
    }
}

/// Whether the test runs `cmd`: a `sudoku-judge` command (or a pipe into one) that needs
/// nothing the README assumes the reader brings.
fn runnable(cmd: &str) -> bool {
    let ours = cmd.starts_with("sudoku-judge ") || cmd.contains("| sudoku-judge ");
    let outside = ["--cmd ", "--solution ", "scripts/", "sbatch", "$B", "oj "];
    ours && !outside.iter().any(|o| cmd.contains(o))
}

/// `--count N` with N above 1000 made 1000.
fn shortened(cmd: &str) -> String {
    let words: Vec<String> = cmd.split(' ').map(String::from).collect();
    let mut out = words.clone();
    for i in 1..words.len() {
        if words[i - 1] == "--count" && words[i].parse::<u64>().is_ok_and(|n| n > 1000) {
            out[i] = "1000".into();
        }
    }
    out.join(" ")
}

/// A scratch directory of its own for README block `k`, with `testdata/` linked in.
fn block_dir(k: usize) -> PathBuf {
    let dir = scratch(&format!("readme-{k}"));
    std::os::unix::fs::symlink(root().join("testdata"), dir.join("testdata")).unwrap();
    dir
}

#[test]
fn readme_commands_run_as_written() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_sudoku-judge"));
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut ran = 0;
    for (k, block) in blocks(&readme).iter().enumerate() {
        let dir = block_dir(k);
        for ex in block.iter().filter(|e| runnable(&e.command)) {
            let cmd = shortened(&ex.command);
            let out = Command::new("sh")
                .args(["-c", &cmd])
                .current_dir(&dir)
                .env("PATH", &path)
                .output()
                .unwrap();
            let stdout = String::from_utf8_lossy(&out.stdout);
            let stderr = String::from_utf8_lossy(&out.stderr);
            let at = format!("README.md:{}: {cmd}\nstderr: {stderr}", ex.line);
            // show's verdict on a contestant's output, zoo's on a data set: exit 0 or 1.
            let verdict =
                (cmd.contains(" show ") && cmd.contains("--contestant")) || cmd.contains(" zoo ");
            assert!(!stderr.contains("No such file"), "{at}");
            assert!(!stderr.contains("Usage:"), "{at}");
            match &ex.shown {
                Some(shown) => {
                    let got: Vec<&str> = stdout.lines().chain(stderr.lines()).collect();
                    assert_eq!(got, *shown, "{at}");
                }
                // A command shown without its output must succeed (show's verdict: 0 or 1).
                None if verdict => assert!(matches!(out.status.code(), Some(0 | 1)), "{at}"),
                None => assert!(out.status.success(), "{at}"),
            }
            // validate's transcripts show faults (exit 1 or 2); show's verdict on a
            // contestant's wrong output is exit 1.
            if verdict {
                assert!(matches!(out.status.code(), Some(0 | 1)), "{at}");
            } else if !cmd.contains(" validate") {
                assert!(out.status.success(), "{at}");
            }
            ran += 1;
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
    assert!(ran >= 25, "only {ran} README commands ran");
}

#[test]
fn the_library_example_is_examples_readme() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let example =
        std::fs::read_to_string(root().join("crates/sudoku-judge/examples/readme.rs")).unwrap();
    let code = example.split_once("\n\n").unwrap().1;
    assert!(
        readme.contains(&format!("```rust\n{code}```")),
        "README's rust block differs from crates/sudoku-judge/examples/readme.rs"
    );
    let deps = std::env::current_exe().unwrap();
    let bin = deps
        .parent()
        .unwrap()
        .parent()
        .unwrap()
        .join("examples/readme");
    let out = Command::new(bin).current_dir(root()).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let want = std::fs::read(root().join("testdata/hdu4069/sample.out")).unwrap();
    assert_eq!(out.stdout, want);
}

#[test]
fn the_readme_counts_the_formats() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let n = sudoku_judge::problems().len();
    assert!(
        readme.contains(&format!(": {n} judge\nformats")),
        "README's opening should say {n} judge formats"
    );
}

#[test]
fn testdata_readme_describes_every_folder() {
    let page = std::fs::read_to_string(root().join("testdata/README.md")).unwrap();
    let mut missing = Vec::new();
    let mut folders = 0;
    for top in std::fs::read_dir(root().join("testdata")).unwrap() {
        let top = top.unwrap();
        if !top.file_type().unwrap().is_dir() {
            continue;
        }
        let name = top.file_name().into_string().unwrap();
        folders += 1;
        if !page.contains(&format!("`{name}/`")) {
            missing.push(name.clone());
        }
        for sub in std::fs::read_dir(top.path()).unwrap() {
            let sub = sub.unwrap();
            if sub.file_type().unwrap().is_dir() {
                let sub = sub.file_name().into_string().unwrap();
                if !page.contains(&format!("`{sub}/`"))
                    && !page.contains(&format!("`{name}/{sub}/`"))
                {
                    missing.push(format!("{name}/{sub}"));
                }
            }
        }
    }
    assert!(
        missing.is_empty(),
        "testdata/README.md does not describe {missing:?}"
    );
    assert!(folders >= 40, "{folders} folders");
}

/// The Install section names what exists: the lock file `--locked` builds from, the package it
/// installs, the `make static` target with the path it writes, and the wheel's build.
#[test]
fn the_install_section_is_true() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let install = readme
        .split("\n## Install\n")
        .nth(1)
        .and_then(|s| s.split("\n## ").next())
        .expect("an Install section");
    assert!(install.contains("cargo install --locked --path crates/cli "));
    assert!(root().join("Cargo.lock").is_file());
    let manifest = std::fs::read_to_string(root().join("crates/cli/Cargo.toml")).unwrap();
    assert!(manifest.contains("[[bin]]\nname = \"sudoku-judge\""));
    let makefile = std::fs::read_to_string(root().join("Makefile")).unwrap();
    let path = "target/x86_64-unknown-linux-gnu/release/sudoku-judge";
    assert!(install.contains("make static") && install.contains(path));
    assert!(makefile.contains("\nstatic:") && makefile.contains(path));
    // pip: the wheel maturin builds from pyproject.toml holds the PyO3 module of crates/python
    // (package python/sudoku_judge/, type hints included) and the `sudoku-judge` command as its
    // entry point; `make verify-wheel` installs it in a fresh virtualenv and tests both there
    // (python/tests/test_module.py also runs the Install section's python block).
    let pyproject = std::fs::read_to_string(root().join("pyproject.toml")).unwrap();
    assert!(pyproject.contains("build-backend = \"maturin\""));
    assert!(pyproject.contains("name = \"sudoku-judge\""));
    assert!(pyproject.contains("\nbindings = \"pyo3\"\n"));
    assert!(pyproject.contains("\nmanifest-path = \"crates/python/Cargo.toml\"\n"));
    assert!(pyproject.contains("\nmodule-name = \"sudoku_judge._sudoku_judge\"\n"));
    assert!(pyproject.contains("\npython-source = \"python\"\n"));
    assert!(pyproject.contains("\nsudoku-judge = \"sudoku_judge._sudoku_judge:main\"\n"));
    let python = std::fs::read_to_string(root().join("crates/python/Cargo.toml")).unwrap();
    assert!(python.contains("name = \"_sudoku_judge\"\ncrate-type = [\"cdylib\"]"));
    assert!(python.contains("\"extension-module\", \"abi3-py38\""));
    assert!(pyproject.contains("requires-python = \">=3.8\""));
    for file in ["__init__.py", "_sudoku_judge.pyi", "py.typed"] {
        assert!(
            root().join("python/sudoku_judge").join(file).is_file(),
            "{file}"
        );
    }
    assert!(install.contains("bindings = \"pyo3\""));
    assert!(install.contains("maturin build --release --locked"));
    assert!(install.contains("pip install target/wheels/sudoku_judge-"));
    assert!(install.contains("```python\nimport sudoku_judge\n"));
    assert!(install.contains("make verify-wheel"));
    assert!(install.contains("python/examples/make_tests.py"));
    assert!(root().join("python/examples/make_tests.py").is_file());
    assert!(makefile.contains("\nverify-wheel:\n\tsh scripts/verify-wheel.sh\n"));
    assert!(root().join("scripts/verify-wheel.sh").is_file());
    assert!(root().join("python/tests/test_cli.py").is_file());
    assert!(root().join("python/tests/test_module.py").is_file());
}
