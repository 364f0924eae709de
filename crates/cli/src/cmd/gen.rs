//! `sudoku-judge gen`: reproducible judge input files of every kind of case, with the expected
//! answers exactly as `solve` writes them.

use crate::cli::{DifficultyArg, FormatArg, GenArgs, LayoutArg, MakeArgs};
use crate::cmd::output::Output;
use crate::exit::Exit;
use crate::format::Format;
use crate::generate::limits;
use crate::generate::request::{Difficulty, LayoutChoice, Mix, Reach, Request};
use crate::generate::set::{self, GenError, Set};
use crate::model::MAX_BOX;
use crate::progress::Progress;
use crate::shard::Shard;
use std::io::{self, BufWriter, Write};
use std::path::Path;

/// The request `args` ask for of a core `format`'s 9x9 cases (`req`, that format's), with the
/// defaults `gen` has always had for them; `Err` names the bad flag.
fn nine_request(args: &MakeArgs, format: Format, req: Request) -> Result<Request, String> {
    let layout = match args.layout {
        None if format == Format::Hdu4069 => LayoutChoice::Jigsaw,
        None | Some(LayoutArg::Standard) => LayoutChoice::Standard,
        Some(LayoutArg::Jigsaw) => LayoutChoice::Jigsaw,
        Some(LayoutArg::Mixed) => LayoutChoice::Mixed,
    };
    if layout != LayoutChoice::Standard && format != Format::Hdu4069 {
        return Err(format!(
            "--layout: {} has no way to write jigsaw regions; use --format hdu4069",
            format.name()
        ));
    }
    let mix = match &args.mix {
        Some(m) => Mix::parse(m).map_err(|e| format!("--mix: {e}"))?,
        None if format == Format::Hdu4069 => Mix {
            unique: 70,
            none: 15,
            multiple: 15,
        },
        None => Mix {
            unique: 100,
            none: 0,
            multiple: 0,
        },
    };
    let clues = match &args.clues {
        None => None,
        Some(s) => Some(parse_range(s, 81).map_err(|e| format!("--clues: {e}"))?),
    };
    let difficulty = args.difficulty.map(|d| match d {
        DifficultyArg::Easy => Difficulty::Easy,
        DifficultyArg::Medium => Difficulty::Medium,
        DifficultyArg::Hard => Difficulty::Hard,
        DifficultyArg::Extreme => Difficulty::Extreme,
    });
    Ok(Request {
        layout,
        mix,
        clues,
        minimal: args.minimal,
        difficulty,
        edge: args.edge,
        reach: reach(args.beyond),
        ..req
    })
}

/// How far `--beyond` lets the cases go.
fn reach(beyond: bool) -> Reach {
    if beyond { Reach::Promise } else { Reach::Data }
}

/// `MIN-MAX` or `N`, within `0..=most`.
fn parse_range(s: &str, most: usize) -> Result<(usize, usize), String> {
    let num = |t: &str| {
        t.trim()
            .parse::<usize>()
            .map_err(|_| format!("'{s}': expected MIN-MAX, e.g. 25-30"))
    };
    let (lo, hi) = match s.split_once('-') {
        Some((a, b)) => (num(a)?, num(b)?),
        None => (num(s)?, num(s)?),
    };
    if lo > hi || hi > most {
        return Err(format!("'{s}': need MIN <= MAX <= {most}"));
    }
    Ok((lo, hi))
}

/// The seed asked for, or one from the clock (said on stderr so the set can be made again).
pub fn seed_or_clock(seed: Option<u64>, what: &str) -> u64 {
    seed.unwrap_or_else(|| {
        let s = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64 % 1_000_000_007);
        crate::chatter::say(&format!("{what}: seed {s}"));
        s
    })
}

pub fn run(args: &GenArgs) -> Exit {
    if let Some(name) = &args.package_file {
        return package_file(args, name);
    }
    let plan = match plan(args.format, &args.make) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return Exit::Error;
        }
    };
    if let Some(e) = request_fault(args, &plan) {
        eprintln!("error: {e}");
        return Exit::Error;
    }
    if let Some(target) = args.against.against {
        return super::gen_against::run(args, plan, target);
    }
    if let Some(dir) = &args.oj {
        return oj(args, &plan, dir);
    }
    let (out, answers) = match Output::with_answers(args.output.as_deref(), args.answers.as_deref())
    {
        Ok(pair) => pair,
        Err(e) => return e,
    };
    let answers = answers.map(|f| BufWriter::with_capacity(1 << 20, f));
    let mut out = BufWriter::with_capacity(1 << 20, out);
    let mut answers = answers;
    let seed = seed_or_clock(args.seed, "gen");
    let with_answers = answers.is_some();
    let shard = args.shard.unwrap_or(Shard::ALL);
    let mut progress = Progress::cases(args.output.is_none());
    let total = shard.range(args.count).end - shard.range(args.count).start;
    let mut done = 0;
    let result = crate::cmd::with_threads(args.threads, |parallel| {
        let mut put = |input: &[u8], answer: &[u8], cases: usize| -> io::Result<()> {
            out.write_all(input)?;
            if let Some(a) = answers.as_mut() {
                a.write_all(answer)?;
            }
            done += cases as u64;
            progress.tick(done, total, 0);
            Ok(())
        };
        let set = Set {
            request: plan.with_seed(seed),
            count: args.count,
            answers: with_answers,
            parallel,
            shard,
        };
        set.generate(&mut |p| put(p.input, p.answers, p.cases.len()))
    });
    finish_set(result, &mut progress, (done, total), out, answers)
}

/// How a set's run ends, for `gen` and `gen --against`: the progress line finished or cleared,
/// the message of what failed, and the files put in place only when the whole set was written
/// (an error leaves an `-o` or `--answers` file as it was). A closed pipe is no error.
pub(super) fn finish_set(
    result: Result<Result<(), GenError<io::Error>>, String>,
    progress: &mut Progress,
    (done, total): (u64, u64),
    out: BufWriter<Output>,
    answers: Option<BufWriter<Output>>,
) -> Exit {
    if result.as_ref().is_ok_and(|r| r.is_ok()) {
        progress.finish(done, total, 0);
    } else {
        progress.clear();
    }
    match result {
        Err(msg) => {
            eprintln!("error: {msg}");
            Exit::Error
        }
        Ok(Err(GenError::Impossible(e))) => {
            eprintln!("error: {e}");
            Exit::Error
        }
        Ok(Err(GenError::Emit(e))) => write_failed(e),
        Ok(Ok(())) => match crate::cmd::output::commit_set(out, answers) {
            Ok(()) => Exit::Success,
            Err(e) => write_failed(e),
        },
    }
}

/// Why the request cannot make what `validate --strict` accepts, checked before any file is
/// created: the count against one file of the problem (with `--oj`, every case is a file of
/// its own: at least one), the kinds and givens against its promise.
fn request_fault(args: &GenArgs, plan: &Request) -> Option<String> {
    let spec = plan.spec;
    let count = if args.oj.is_some() {
        args.count.min(1)
    } else {
        args.count
    };
    limits::count_fault(spec, count)
        .or_else(|| limits::promise_fault(spec, plan.mix, plan.clues, &plan.sizes))
        .or_else(|| limits::bounds_fault(plan))
        .or_else(|| limits::clues_fault(plan))
}

/// The request `format` and the case flags ask for (its seed is the caller's to set); `Err`
/// names the bad flag.
pub fn plan(format: FormatArg, make: &MakeArgs) -> Result<Request, String> {
    let Some(spec) = format.spec() else {
        return Err("--format: give a format to write (`sudoku-judge formats` lists them)".into());
    };
    let side = make.size.unwrap_or(9);
    if let Some(f) = spec.core()
        && (side == 9 || f != Format::Line)
    {
        if make.size.is_some_and(|s| s != 9) {
            return Err(format!("--size: {} is 9x9 only", spec.name));
        }
        return nine_request(make, f, Request::of(spec, 0));
    }
    let mut set = Request {
        sizes: spec.box_sizes().collect(),
        clues: spec.generate.clues,
        ..Request::of(spec, 0)
    };
    if let Some(side) = make.size {
        let n = (1..=MAX_BOX).find(|n| n * n == side);
        match n {
            Some(n) if spec.box_sizes().contains(&n) => set.sizes = vec![n],
            _ => {
                let sizes: Vec<String> = spec.box_sizes().map(|n| (n * n).to_string()).collect();
                return Err(format!(
                    "--size: {} takes sides {}, not {side}",
                    spec.name,
                    sizes.join(", ")
                ));
            }
        }
    } else if spec.core() == Some(Format::Line) {
        set.sizes = vec![3];
    }
    if make.layout.is_some_and(|l| l != LayoutArg::Standard) {
        return Err(format!(
            "--layout: {} has no way to write jigsaw regions; use --format hdu4069",
            spec.name
        ));
    }
    if make.difficulty.is_some() {
        return Err(format!(
            "--difficulty: grading is for the 9x9 formats poj2676, hdu4069 and line, not {}",
            spec.name
        ));
    }
    if let Some(m) = &make.mix {
        set.mix = Mix::parse(m).map_err(|e| format!("--mix: {e}"))?;
    }
    if let Some(c) = &make.clues {
        let most = set.sizes.iter().map(|n| n.pow(4)).max().unwrap_or(81);
        set.clues = Some(parse_range(c, most).map_err(|e| format!("--clues: {e}"))?);
    }
    set.minimal = make.minimal;
    set.edge = make.edge;
    set.reach = reach(make.beyond);
    Ok(set)
}

/// `--oj DIR`: each case as a test of its own in online-judge-tools' layout, `test/gen-K.in`
/// and `test/gen-K.out`, K zero-padded so the tests sort in order. The `gen-K` tests of an
/// earlier run go first (a larger one's would stay and be run by `oj test`); other tests stay.
fn oj(args: &GenArgs, plan: &Request, dir: &Path) -> Exit {
    let seed = seed_or_clock(args.seed, "gen");
    let test = dir.join("test");
    let cleared = std::fs::create_dir_all(&test).and_then(|()| {
        for entry in std::fs::read_dir(&test)? {
            let path = entry?.path();
            if path
                .file_name()
                .and_then(|n| n.to_str())
                .is_some_and(is_gen_test)
            {
                std::fs::remove_file(&path)?;
            }
        }
        Ok(())
    });
    if let Err(e) = cleared {
        eprintln!("error: {}: {e}", test.display());
        return Exit::Error;
    }
    let req = plan.with_seed(seed);
    let width = args.count.to_string().len().max(2);
    let mut progress = Progress::cases(false);
    let made = crate::cmd::with_threads(args.threads, |parallel| -> Result<(), String> {
        let mut done = 0;
        while done < args.count {
            let n = OJ_STEP.min(args.count - done);
            let made = set::make_all(&req, done..done + n, parallel).map_err(|e| e.to_string())?;
            for (i, m) in made.iter().enumerate() {
                let (input, answer) = set::files(req.spec, std::slice::from_ref(&m.case));
                let k = done + i as u64 + 1;
                for (ext, bytes) in [("in", &input), ("out", &answer)] {
                    let path = test.join(format!("gen-{k:0width$}.{ext}"));
                    std::fs::write(&path, bytes).map_err(|e| format!("{}: {e}", path.display()))?;
                }
            }
            done += n;
            progress.tick(done, args.count, 0);
        }
        progress.finish(done, args.count, 0);
        Ok(())
    });
    match made {
        Ok(Ok(())) => Exit::Success,
        Ok(Err(e)) | Err(e) => {
            progress.clear();
            eprintln!("error: {e}");
            Exit::Error
        }
    }
}

/// A test `--oj` writes: `gen-`, digits, `.in` or `.out`.
fn is_gen_test(name: &str) -> bool {
    let Some(rest) = name.strip_prefix("gen-") else {
        return false;
    };
    let digits = rest
        .strip_suffix(".in")
        .or_else(|| rest.strip_suffix(".out"));
    digits.is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
}

/// Cases made between two redraws of the progress line in `--oj`.
const OJ_STEP: u64 = 256;

fn write_failed(e: io::Error) -> Exit {
    if e.kind() == io::ErrorKind::BrokenPipe {
        Exit::Success
    } else {
        eprintln!("error: writing output: {e}");
        Exit::Error
    }
}

/// `gen --package-file NAME`: one file of a package's secret data, and its answers with `-a`.
fn package_file(args: &GenArgs, name: &str) -> Exit {
    let Some(spec) = args.format.spec() else {
        eprintln!("error: --package-file: give the problem's format, as to `package`");
        return Exit::Error;
    };
    let seed = seed_or_clock(args.seed, "gen");
    let (input, answers) =
        match crate::package::secret_file(spec, args.count, seed, args.make.beyond, name) {
            Ok(files) => files,
            Err(e) => {
                eprintln!("error: --package-file: {e}");
                return Exit::Error;
            }
        };
    // Both files are written beside their targets and put in place together, as `gen` does.
    let (out, answer_out) =
        match Output::with_answers(args.output.as_deref(), args.answers.as_deref()) {
            Ok(pair) => pair,
            Err(e) => return e,
        };
    let answer_out = answer_out.map(BufWriter::new);
    let mut out = BufWriter::new(out);
    let mut answer_out = answer_out;
    let written = out
        .write_all(&input)
        .and_then(|()| match answer_out.as_mut() {
            Some(a) => a.write_all(&answers),
            None => Ok(()),
        });
    match written.and_then(|()| crate::cmd::output::commit_set(out, answer_out)) {
        Ok(()) => Exit::Success,
        Err(e) => write_failed(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_parse() {
        assert_eq!(parse_range("25-30", 81), Ok((25, 30)));
        assert_eq!(parse_range("30", 81), Ok((30, 30)));
        assert!(parse_range("30-25", 81).is_err());
        assert!(parse_range("0-82", 81).is_err());
        assert_eq!(parse_range("0-200", 256), Ok((0, 200)));
        assert!(parse_range("a-b", 81).is_err());
    }
}
