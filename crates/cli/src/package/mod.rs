//! A whole problem package for any judge format, in the Kattis problem package format (the
//! legacy layout Kattis installs and DOMjudge imports, or the 2025-09 one): `problem.yaml`, a
//! statement, the sample, the secret data in groups named by what they cover ([`groups`]),
//! input and output validators that are this very binary behind a `run` script, the
//! submissions given, and for 2025-09 the invalid inputs ([`invalid`]). Or a DMOJ problem
//! folder ([`dmoj`], `--judge dmoj`): `init.yml`, the same groups of cases as plain files, and a
//! Python checker running this binary. Same format, count and seed: the same files, byte for
//! byte (the binary copied in aside).

pub mod binary;
pub mod dmoj;
pub mod groups;
pub mod invalid;
pub mod kills;
pub mod picture;
pub mod sample;
pub mod statement;
mod text;
pub mod ways;

use crate::format::spec::Spec;
use crate::format::spell;
use crate::generate::set;
use crate::model::Case;
use crate::progress::Progress;
use std::fs;
use std::path::{Path, PathBuf};

/// The package layouts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// `problem_statement/`, `output_validators/`, `validator_flags` in `problem.yaml`.
    Legacy,
    /// `statement/`, `output_validator/`, `data/invalid_input/`, the validator arguments in
    /// `test_group.yaml`.
    V2025,
    /// A DMOJ problem folder: `init.yml`, the cases, `checker.py` ([`dmoj`]).
    Dmoj,
}

/// The submission folders a `--solution` may go to.
pub const FOLDERS: [&str; 4] = [
    "accepted",
    "wrong_answer",
    "time_limit_exceeded",
    "run_time_error",
];

/// What to write.
#[derive(Clone, Debug)]
pub struct Request {
    pub spec: &'static Spec,
    pub dir: PathBuf,
    /// Cases per group (files per group for a single-case problem).
    pub count: u64,
    pub seed: u64,
    /// (folder, file) of each example submission.
    pub solutions: Vec<(String, PathBuf)>,
    pub layout: Layout,
    /// The `license` of `problem.yaml`.
    pub license: String,
    /// Make cases on the current rayon pool.
    pub parallel: bool,
    /// The command line that asked for it, for `problem.yaml`'s comment.
    pub command: String,
    /// A last group of the cases the judge's data is not known to hold (`--beyond`).
    pub beyond: bool,
}

/// What was written.
#[derive(Debug)]
pub struct Written {
    pub files: usize,
    pub cases: u64,
    /// How the validators' binary is linked.
    pub linking: binary::Linking,
}

/// Cases made between two redraws of the progress line.
const STEP: usize = 256;

/// Writes the package; `Err` says what failed (with the path), and then nothing is left
/// behind: the files go to a new folder beside the target, renamed to it once all are
/// written.
pub fn write(req: &Request, progress: &mut Progress) -> Result<Written, String> {
    check_solutions(&req.solutions)?;
    empty_dir(&req.dir)?;
    let key = uuid_key(req)?;
    let part = part_dir(&req.dir)?;
    let written = write_into(req, &part, &key, progress);
    settle(&part, &req.dir, written)
}

/// A file of the secret data: its name without extension, its input, its answers.
type NamedFile = (String, Vec<u8>, Vec<u8>);

/// The files of group `g` of the secret data: (name without extension, input, answers), one
/// file for the group or, for a single-case problem, one per case (`NAME-01`, ...). `made`
/// hears of each batch of cases made.
fn group_files(
    spec: &Spec,
    g: &groups::Group,
    parallel: bool,
    made_some: &mut dyn FnMut(u64),
) -> Result<Vec<NamedFile>, String> {
    let mut made: Vec<_> = g.ways.iter().map(|w| w.made.case.clone()).collect();
    made_some(made.len() as u64);
    let indices = if g.ways.is_empty() {
        &g.indices[..]
    } else {
        &[]
    };
    for part in indices.chunks(STEP) {
        let cases = set::make_all(&g.cases, part.iter().copied(), parallel).map_err(|e| {
            format!(
                "{}: case {}: cannot make {} ({}); nothing was written",
                g.name,
                e.index + 1,
                e.what,
                e.why
            )
        })?;
        made.extend(cases.into_iter().map(|m| m.case));
        made_some(part.len() as u64);
    }
    // A labelled case (`Grid 07`) is numbered by its place in its file: a hunted case or a
    // way's was made at another index of another plan.
    let single = spec.max_per_file() == Some(1);
    let made: Vec<Case> = made
        .into_iter()
        .enumerate()
        .map(|(k, case)| match case.label() {
            Some(_) => {
                let number = if single { 1 } else { k as u64 + 1 };
                case.with_label(spell::label(spec, number))
            }
            None => case,
        })
        .collect();
    Ok(if single {
        made.iter()
            .enumerate()
            .map(|(k, case)| {
                let (input, answers) = set::files(spec, std::slice::from_ref(case));
                (format!("{}-{:02}", g.name, k + 1), input, answers)
            })
            .collect()
    } else {
        let (input, answers) = set::files(spec, &made);
        vec![(g.name.clone(), input, answers)]
    })
}

/// One file of the secret data of the package `package --format SPEC --count COUNT --seed
/// SEED` writes, by its name without extension (`03-several-solutions`, or `01-unique-02` for
/// a single-case problem): its input and answers, the same bytes. What the package's
/// `generators/generators.yaml` calls (through `gen --package-file`) to rebuild the data.
pub fn secret_file(
    spec: &'static Spec,
    count: u64,
    seed: u64,
    beyond: bool,
    name: &str,
) -> Result<(Vec<u8>, Vec<u8>), String> {
    let secret = kills::secret(spec, count, seed, beyond, false, &mut |_| {})?;
    let groups = &secret.groups;
    let at = groups
        .iter()
        .position(|g| {
            name == g.name
                || name
                    .strip_prefix(g.name.as_str())
                    .is_some_and(|r| r.starts_with('-') && spec.max_per_file() == Some(1))
        })
        .ok_or_else(|| {
            let names: Vec<&str> = groups.iter().map(|g| g.name.as_str()).collect();
            format!(
                "no file {name} in the secret data (its groups: {})",
                names.join(", ")
            )
        })?;
    secret.files[at]
        .iter()
        .find(|(n, _, _)| n == name)
        .cloned()
        .map(|(_, i, a)| (i, a))
        .ok_or_else(|| format!("no file {name} in the secret data of {}", spec.name))
}

/// The folder of parts renamed to `dir` when all went well, else removed: a package is
/// there whole, or not at all.
fn settle<T>(part: &Path, dir: &Path, written: Result<T, String>) -> Result<T, String> {
    let done = written.and_then(|w| {
        fs::rename(part, dir)
            .map(|()| w)
            .map_err(|e| format!("{}: {e}", dir.display()))
    });
    if done.is_err() {
        let _ = fs::remove_dir_all(part);
    }
    done
}

/// What the `uuid` of `problem.yaml` is drawn from: the command line (format, count, seed,
/// layout, license, each `--solution`) and the bytes of each submission, so two packages
/// written by two different commands never share one.
fn uuid_key(req: &Request) -> Result<Vec<u8>, String> {
    let mut key = req.command.clone().into_bytes();
    for (folder, file) in &req.solutions {
        key.push(0);
        key.extend_from_slice(folder.as_bytes());
        key.push(0);
        key.extend(fs::read(file).map_err(|e| format!("{}: {e}", file.display()))?);
    }
    Ok(key)
}

/// A new, empty folder beside `dir` (`.NAME.part-PID-K`) for the files until they are all
/// written.
fn part_dir(dir: &Path) -> Result<PathBuf, String> {
    let parent = match dir.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    fs::create_dir_all(&parent).map_err(|e| format!("{}: {e}", parent.display()))?;
    let name = dir
        .file_name()
        .ok_or_else(|| format!("{}: not a folder name", dir.display()))?
        .to_string_lossy();
    for k in 0..1000 {
        let part = parent.join(format!(".{name}.part-{}-{k}", std::process::id()));
        match fs::create_dir(&part) {
            Ok(()) => return Ok(part),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(format!("{}: {e}", part.display())),
        }
    }
    Err(format!(
        "{}: no free name for a folder beside it",
        dir.display()
    ))
}

fn write_into(
    req: &Request,
    root: &Path,
    key: &[u8],
    progress: &mut Progress,
) -> Result<Written, String> {
    if req.layout == Layout::Dmoj {
        return dmoj::write_into(req, root, progress);
    }
    let spec = req.spec;
    let mut w = Writer {
        root: root.to_path_buf(),
        files: 0,
    };
    let v2025 = req.layout == Layout::V2025;
    w.put("problem.yaml", text::problem_yaml(req, key).as_bytes())?;
    let statement = if v2025 {
        "statement"
    } else {
        "problem_statement"
    };
    // The sample's cases drawn: the SVG, and the PNG the LaTeX statement includes.
    let picture = picture::sample(spec).map_err(|e| format!("the sample of {}: {e}", spec.name))?;
    let tex = statement::latex(spec) + &statement::figure(picture::PNG, picture.cases);
    w.put(&format!("{statement}/problem.en.tex"), tex.as_bytes())?;
    w.put(
        &format!("{statement}/{}", picture::SVG),
        picture.svg.as_bytes(),
    )?;
    w.put(&format!("{statement}/{}", picture::PNG), &picture.png)?;
    // The judge's sample, in the layout its data has (the same tokens).
    let (input, answers) = sample::respell(spec, spec.sample.0.as_bytes())
        .map_err(|e| format!("the sample of {}: {e}", spec.name))?;
    w.put("data/sample/1.in", &input)?;
    w.put("data/sample/1.ans", &answers)?;
    // At the root of data/, so that it holds for every group, the ones a tool makes too
    // (BAPCtools' valid_output).
    if v2025 && let Some(yaml) = text::test_group_yaml(spec) {
        w.put("data/test_group.yaml", yaml.as_bytes())?;
    }
    let (data, total) = made(req, progress)?;
    let mut secret = Vec::new();
    for (name, input, answers) in data.files.iter().flatten() {
        w.put(&format!("data/secret/{name}.in"), input)?;
        w.put(&format!("data/secret/{name}.ans"), answers)?;
        secret.push(name.clone());
    }
    w.put(kills::FILE, data.table.render().as_bytes())?;
    let groups = data.groups;
    // BAPCtools' generators/ is a directory of the 2025-09 format only (verifyproblem warns
    // about it in a legacy package).
    if v2025 {
        let mut invalid = Vec::new();
        for i in invalid::invalid_inputs(spec) {
            w.put(&format!("data/invalid_input/{}.in", i.name), &i.bytes)?;
            w.put(&format!("generators/invalid_input/{}.in", i.name), &i.bytes)?;
            invalid.push(i.name);
        }
        w.put("generators/sample/1.in", &input)?;
        w.put("generators/sample/1.ans", &answers)?;
        w.put(
            "generators/generators.yaml",
            text::generators_yaml(req, &secret, &invalid).as_bytes(),
        )?;
    }
    w.put("README.md", text::readme(req, &groups).as_bytes())?;
    let linking = validators(&mut w, spec, v2025)?;
    for (folder, file) in &req.solutions {
        let name = file
            .file_name()
            .ok_or_else(|| format!("{}: not a file", file.display()))?;
        let bytes = fs::read(file).map_err(|e| format!("{}: {e}", file.display()))?;
        w.put(
            &format!("submissions/{folder}/{}", name.to_string_lossy()),
            &bytes,
        )?;
    }
    Ok(Written {
        files: w.files,
        cases: total,
        linking,
    })
}

/// The secret data of `req` with its kill table ([`kills::secret`]), the progress line
/// counting the cases made, and how many there are.
fn made(req: &Request, progress: &mut Progress) -> Result<(kills::Secret, u64), String> {
    let planned: u64 = groups::groups(req.spec, req.count, req.seed, req.beyond)
        .iter()
        .map(|g| g.indices.len() as u64)
        .sum();
    let mut done = 0;
    let data = kills::secret(
        req.spec,
        req.count,
        req.seed,
        req.beyond,
        req.parallel,
        &mut |n| {
            done += n;
            progress.tick(done, planned.max(done), 0);
        },
    )?;
    progress.finish(done, done, 0);
    Ok((data, done))
}

/// The input validator and the output validator: this binary behind `build` and `run`.
fn validators(w: &mut Writer, spec: &Spec, v2025: bool) -> Result<binary::Linking, String> {
    let exe = std::env::current_exe().map_err(|e| format!("finding this program: {e}"))?;
    let linking = binary::linking(&exe);
    let output = if v2025 {
        "output_validator"
    } else {
        "output_validators/sudoku-judge"
    };
    let generator = match from_file(spec) {
        true => text::GENERATOR_RUN_FILE,
        false => text::GENERATOR_RUN,
    };
    for (dir, run) in [
        ("input_validators/sudoku-judge", text::input_run(spec)),
        (output, text::output_run(spec)),
        ("generators/sudoku-judge", generator.to_string()),
    ] {
        if dir.starts_with("generators") && !v2025 {
            continue;
        }
        w.put_exec(&format!("{dir}/build"), text::BUILD.as_bytes())?;
        w.put_exec(&format!("{dir}/run"), run.as_bytes())?;
        if !dir.starts_with("generators") {
            w.put(
                &format!("{dir}/README"),
                text::validator_readme(spec, linking).as_bytes(),
            )?;
        }
        if from_file(spec) {
            let record = crate::format::record::export(spec);
            w.put(&format!("{dir}/{}", text::PROBLEM_FILE), record.as_bytes())?;
        }
        let to = w.root.join(dir).join("sudoku-judge");
        fs::copy(&exe, &to).map_err(|e| format!("{}: {e}", to.display()))?;
        executable(&to)?;
        w.files += 1;
    }
    Ok(linking)
}

/// Whether `spec` was read from a problem file (`--format mine.toml`), not taken from the
/// table: no binary knows it by name, so the package carries the file.
pub fn from_file(spec: &Spec) -> bool {
    !crate::format::judges::JUDGES
        .iter()
        .any(|s| std::ptr::eq(s, spec))
}

/// Each `--solution` names a submission folder and a file that exists.
fn check_solutions(solutions: &[(String, PathBuf)]) -> Result<(), String> {
    for (folder, file) in solutions {
        if !FOLDERS.contains(&folder.as_str()) {
            return Err(format!(
                "--solution: '{folder}' is not a submission folder ({})",
                FOLDERS.join(", ")
            ));
        }
        if !file.is_file() {
            return Err(format!("--solution: {}: no such file", file.display()));
        }
    }
    let mut names: Vec<(&str, &std::ffi::OsStr)> = solutions
        .iter()
        .filter_map(|(d, f)| Some((d.as_str(), f.file_name()?)))
        .collect();
    names.sort();
    if let Some(w) = names.windows(2).find(|w| w[0] == w[1]) {
        return Err(format!(
            "--solution: two files named {} in {}",
            w[0].1.to_string_lossy(),
            w[0].0
        ));
    }
    Ok(())
}

/// The package goes to a new or empty directory, never over other files.
fn empty_dir(dir: &Path) -> Result<(), String> {
    match fs::read_dir(dir) {
        Ok(mut entries) => {
            if entries.next().is_some() {
                return Err(format!(
                    "{}: the directory is not empty; give a new one (a package is written \
                     whole, never over other files)",
                    dir.display()
                ));
            }
            Ok(())
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(format!("{}: {e}", dir.display())),
    }
}

/// Writes files under the package root, creating their directories.
struct Writer {
    root: PathBuf,
    files: usize,
}

impl Writer {
    fn put(&mut self, rel: &str, bytes: &[u8]) -> Result<(), String> {
        let path = self.root.join(rel);
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
        }
        fs::write(&path, bytes).map_err(|e| format!("{}: {e}", path.display()))?;
        self.files += 1;
        Ok(())
    }

    fn put_exec(&mut self, rel: &str, bytes: &[u8]) -> Result<(), String> {
        self.put(rel, bytes)?;
        executable(&self.root.join(rel))
    }
}

#[cfg(unix)]
fn executable(path: &Path) -> Result<(), String> {
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(path, fs::Permissions::from_mode(0o755))
        .map_err(|e| format!("{}: {e}", path.display()))
}

#[cfg(not(unix))]
fn executable(_: &Path) -> Result<(), String> {
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A failure leaves neither the target nor the folder of parts; success renames it.
    #[test]
    fn a_package_is_there_whole_or_not_at_all() {
        let base = crate::model::testutil::scratch("settle");
        let dir = base.join("pkg");
        let part = part_dir(&dir).unwrap();
        assert_eq!(part.parent(), Some(base.as_path()));
        fs::write(part.join("problem.yaml"), "x").unwrap();
        let failed: Result<(), String> = settle(&part, &dir, Err("no case".into()));
        assert_eq!(failed, Err("no case".to_string()));
        assert_eq!(fs::read_dir(&base).unwrap().count(), 0, "nothing left");
        let part = part_dir(&dir).unwrap();
        fs::write(part.join("problem.yaml"), "x").unwrap();
        assert_eq!(settle(&part, &dir, Ok(7)), Ok(7));
        assert_eq!(fs::read_to_string(dir.join("problem.yaml")).unwrap(), "x");
        assert!(!part.exists());
        fs::remove_dir_all(&base).unwrap();
    }
}
