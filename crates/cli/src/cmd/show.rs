//! `sudoku-judge show`: an input's cases read by the format's reader, the answer file's and the
//! output's answers read back beside them ([`crate::format::readback`]), each case made a
//! picture ([`crate::draw::mark`]) and drawn in the terminal or into one SVG image.

use crate::cli::{ColorArg, ShowArgs};
use crate::cmd::output::Output;
use crate::draw::{Picture, mark, svg, text, tiles};
use crate::exit::Exit;
use crate::format::detect;
use crate::format::readback::{ReadBack, Said};
use crate::format::{Format, Reader};
use crate::input::Source;
use crate::model::Case;
use crate::pipeline::{BATCH, next_batch};
use std::io::{self, IsTerminal, Write};

/// Draws; see [`ShowArgs`] for the exit status.
pub fn run(args: &ShowArgs) -> Exit {
    match show(args) {
        Ok(faulty) if faulty => Exit::Code(1),
        Ok(_) => Exit::Success,
        Err(Stop::Quiet) => Exit::Success,
        Err(Stop::Said) => Exit::Error,
        Err(Stop::Error(msg)) => {
            eprintln!("error: {msg}");
            Exit::Error
        }
    }
}

/// Why drawing stopped early.
enum Stop {
    /// Stdout was closed (`| head`): nothing more to say.
    Quiet,
    /// A message for stderr; exit 2.
    Error(String),
    /// Exit 2, the message already said.
    Said,
}

/// Where the pictures go.
enum Sink {
    Terminal { color: bool, first: bool },
    Svg(Vec<Picture>),
}

/// Draws every selected case; `Ok(true)` when the output is wrong somewhere.
fn show(args: &ShowArgs) -> Result<bool, Stop> {
    if let Some(path) = &args.svg
        && !path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("svg"))
    {
        return Err(Stop::Error(format!(
            "-o {}: pictures are written as SVG; name the file FILE.svg",
            path.display()
        )));
    }
    let mut source = Source::open(&args.input).map_err(|e| err(&args.input, e))?;
    let name = source.name().to_string();
    let head = source.head(detect::HEAD).map_err(|e| err(&name, e))?;
    let (spec, why) = match args.format.spec() {
        Some(s) => (s, None),
        None => match detect::detect(head) {
            Some(d) => (d.spec, Some(d.why)),
            None if head.iter().all(u8::is_ascii_whitespace) => {
                return Err(Stop::Error(format!("{name}:1:1: empty input")));
            }
            None => {
                return Err(Stop::Error(format!(
                    "{name}:1:1: cannot tell the format; give it with --format \
                     (`sudoku-judge formats` lists them)"
                )));
            }
        },
    };
    let core: Option<Format> = spec.core().and(detect::tuned(spec, head));
    if args.verbose {
        let how = why.map_or("given".to_string(), |w| format!("detected: {w}"));
        eprintln!("{name}: format {} ({how})", spec.name);
    }
    let open = |path: &Option<String>| -> Result<Option<(ReadBack, String)>, Stop> {
        path.as_ref()
            .map(|p| {
                ReadBack::open(spec, core, p)
                    .map(|r| (r, p.clone()))
                    .map_err(|e| err(p, e))
            })
            .transpose()
    };
    let mut answer = open(&args.answer)?;
    let mut output = open(&args.contestant)?;
    // The picture's file, made beside the target and put in place once drawn, as every `-o`
    // (never one of the files drawn).
    let drawn: Vec<&str> = [
        Some(&args.input),
        args.answer.as_ref(),
        args.contestant.as_ref(),
    ]
    .into_iter()
    .flatten()
    .map(String::as_str)
    .collect();
    let svg_out = match &args.svg {
        Some(path) => Some(Output::create(Some(path), &drawn, &[]).map_err(|_| Stop::Said)?),
        None => None,
    };
    let mut sink = match &args.svg {
        Some(_) => Sink::Svg(Vec::new()),
        None => Sink::Terminal {
            color: color(args.color),
            first: true,
        },
    };
    let mut input = Reader::new(spec, head);
    let mut faulty = false;
    let mut k = 0u64;
    let mut finished = false;
    // Drawn to a closed stdout (`>&-`), nothing would be seen: an error, as in every command.
    if args.svg.is_none() && crate::cmd::output::stdout_closed() {
        return Err(Stop::Error(crate::cmd::output::CLOSED.into()));
    }
    let mut stdout = io::stdout().lock();
    'read: while !finished {
        let (batch, failure) = next_batch(&mut source, &mut input, &mut finished, BATCH);
        for case in &batch {
            k += 1;
            let picked = args.case.is_none_or(|want| want == k);
            let ans = match &mut answer {
                Some((r, path)) => match r.next(k, case) {
                    Ok(Some(s)) => Some(s),
                    Ok(None) => {
                        return Err(Stop::Error(format!(
                            "{path}: case {k}: the answer file has ended"
                        )));
                    }
                    Err(e) => return Err(Stop::Error(format!("{path}:{e}"))),
                },
                None => None,
            };
            let (out, missing) = read_output(&mut output, k, case, &mut faulty);
            if picked {
                for cages in mark::cage_pictures(k, case) {
                    draw(&mut sink, cages, &mut stdout)?;
                }
                let grid = out
                    .as_ref()
                    .or(ans.as_ref())
                    .and_then(|s| s.grid.as_deref());
                if let Some(tiles) = tiles::domino_picture(spec, k, case, grid) {
                    draw(&mut sink, tiles, &mut stdout)?;
                }
                let mut p = mark::picture(spec, k, case, ans.as_ref(), out.as_ref());
                if let Some(m) = missing {
                    p.notes.push(m);
                    p.faulty = true;
                }
                faulty |= p.faulty;
                draw(&mut sink, p, &mut stdout)?;
            }
            if args.case.is_some_and(|want| want == k) {
                break 'read;
            }
        }
        if let Some(f) = failure {
            return Err(Stop::Error(f.message(&name)));
        }
    }
    if let Some(want) = args.case
        && want > k
    {
        return Err(Stop::Error(format!(
            "--case {want}: {name} has {}",
            crate::format::cursor::cases(k)
        )));
    }
    match sink {
        Sink::Svg(pictures) => {
            let path = args.svg.as_ref().expect("an SVG sink has a path");
            let mut out = svg_out.expect("an SVG sink has an output");
            out.write_all(svg::render(&pictures).as_bytes())
                .and_then(|()| out.commit())
                .map_err(|e| err(&path.display(), e))?;
            let (w, h) = svg::size(&pictures);
            crate::chatter::say(&format!(
                "{}: {} drawn, {w}x{h} pixels",
                path.display(),
                crate::format::cursor::cases(pictures.len() as u64)
            ));
        }
        Sink::Terminal { .. } => stdout.flush().map_err(written)?,
    }
    Ok(faulty)
}

/// The output's answer to case `k`, or a note saying why there is none. A fault is said once on
/// stderr and ends the reading of the output; `faulty` turns true.
fn read_output(
    output: &mut Option<(ReadBack, String)>,
    k: u64,
    case: &Case,
    faulty: &mut bool,
) -> (Option<Said>, Option<String>) {
    let Some((r, path)) = output else {
        return (None, None);
    };
    match r.next(k, case) {
        Ok(Some(s)) => (Some(s), None),
        Ok(None) => {
            *faulty = true;
            (
                None,
                Some("wrong: the output has no answer for this case".into()),
            )
        }
        Err(e) => {
            eprintln!("error: {path}:{e}");
            *faulty = true;
            *output = None;
            (None, Some("wrong: the output cannot be read here".into()))
        }
    }
}

/// Draws one picture into the terminal, or keeps it for the SVG image.
fn draw(sink: &mut Sink, p: Picture, stdout: &mut impl Write) -> Result<(), Stop> {
    match sink {
        Sink::Svg(all) => all.push(p),
        Sink::Terminal { color, first } => {
            let mut s = String::new();
            if !*first {
                s.push('\n');
            }
            *first = false;
            text::render(&p, *color, &mut s);
            stdout.write_all(s.as_bytes()).map_err(written)?;
        }
    }
    Ok(())
}

/// Colour in the terminal: as asked, or when stdout is a terminal and NO_COLOR is unset (or
/// empty, as no-color.org says).
fn color(arg: ColorArg) -> bool {
    match arg {
        ColorArg::Always => true,
        ColorArg::Never => false,
        ColorArg::Auto => {
            io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
        }
    }
}

fn err(name: &impl std::fmt::Display, e: io::Error) -> Stop {
    Stop::Error(format!("{name}: {e}"))
}

/// A failed write to stdout: quiet when the reader went away.
fn written(e: io::Error) -> Stop {
    if e.kind() == io::ErrorKind::BrokenPipe {
        Stop::Quiet
    } else {
        Stop::Error(format!("writing output: {e}"))
    }
}
