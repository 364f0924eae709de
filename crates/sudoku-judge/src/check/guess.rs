//! `--format auto` without a silent guess: every format whose reader reads the input's first
//! bytes, with every case within its problem's promise, is a candidate, and the choice is said.
//!
//! The rule:
//!
//! 1. The readers: the formats that read the head as `validate` does (the same reader and the
//!    same promise check; an error where the head is cut off mid-file does not count). Of them,
//!    those that read it *strictly*, spelled as their judge's data is (blank lines where the
//!    judge puts them; line ends, trailing blanks, a missing final newline and blank lines at
//!    either end of the file aside: read with them or without them), come first:
//!    when there are any, they are the candidates, else every reader is (a lone reader is the
//!    candidate either way, and is not asked). A format is ruled out at the first case that
//!    breaks its promise.
//! 2. One candidate, or several whose answers are the same bytes (same engine mode, headers,
//!    words and grid spelling; a blank line after the last answer aside, which judges ignore):
//!    auto takes it (the content rule's pick of [`detect`] where it is a candidate, else the
//!    first in the table) and, when any other format reads the input, says so on stderr in one
//!    line.
//! 3. Candidates whose answers differ: auto refuses (exit 2), naming them and asking for
//!    `--format`. That holds for problems on one input layout too: a Jutge P79494 file whose
//!    boards each have one solution is read by P78955 as well, and answered otherwise (no
//!    line of stars). Taking the problem whose promise the input keeps most narrowly (P78955,
//!    one solution) answered such a P79494 file wrongly, and `check`, which says nothing but
//!    the verdict, failed its right answers; HDU 2780's files of five blanks went to POJ 2676
//!    the same way. Checkers and propagations of the same boards (LeetCode 36 beside 37, COCI
//!    CROSS beside ECNU 1021) ask another question altogether.
//! 4. No reader at all: the content rule's pick, whose reader then names the fault; or "cannot
//!    tell the format".

use super::validate::{Options, Stop, validate};
use crate::format::detect::{Detected, detect};
use crate::format::judges::JUDGES;
use crate::format::spec::{Output, Sep, Spec};
use crate::input::{BOM, BOM_NOTE, Source};
use crate::pipeline::{Failure, ordered_map};
use std::io;

/// What auto makes of an input.
#[derive(Debug)]
pub enum Guess {
    /// Read as this format; the note (one line, no name in front) says what else reads it.
    Took(Detected, Option<String>),
    /// Formats that read it answer differently: the message (no name in front) names them,
    /// and so do the candidates, in the order of the table.
    Refused(String, Vec<&'static Spec>),
    /// Nothing reads it, and nothing in its content points at a format (`empty`: it is all
    /// blank; `bom`: it starts with a byte-order mark).
    Unknown { empty: bool, bom: bool },
}

impl Guess {
    /// The error of a refused or unknown input, without the name in front (`1:1: ...`).
    pub fn error(&self) -> Option<String> {
        match self {
            Guess::Took(..) => None,
            Guess::Refused(msg, _) => Some(format!("1:1: {msg}")),
            Guess::Unknown { empty: true, .. } => {
                Some("1:1: empty input: expected the number of cases".into())
            }
            Guess::Unknown { empty: false, bom } => Some(format!(
                "1:1: cannot tell the format; give it with --format (`sudoku-judge formats` \
                 lists them){}",
                if *bom { BOM_NOTE } else { "" }
            )),
        }
    }
}

/// [`Guess::Unknown`] for a head that is not all blank.
fn unknown(head: &[u8]) -> Guess {
    Guess::Unknown {
        empty: false,
        bom: head.starts_with(BOM),
    }
}

/// What auto makes of `source`, from its first [`HEAD`](crate::format::detect::HEAD) bytes (read ahead, not consumed).
pub fn guess_source(source: &mut Source) -> io::Result<Guess> {
    let len = source.head(crate::format::detect::HEAD)?.len();
    let (window, eof) = source.window();
    Ok(guess(&window[..len], eof && window.len() == len))
}

/// What auto makes of `head`, the first bytes of an input; `complete` when they are all of it.
pub fn guess(head: &[u8], complete: bool) -> Guess {
    if head.iter().all(u8::is_ascii_whitespace) {
        return Guess::Unknown {
            empty: true,
            bom: false,
        };
    }
    let raw = head;
    let head = normalized(head, complete);
    if head.iter().all(u8::is_ascii_whitespace) {
        // A first line longer than the head: no format's line, nothing to read whole.
        return detect(raw).map_or(unknown(raw), |d| Guess::Took(d, None));
    }
    let by_content = detect(&head);
    let bare: Vec<Head<'_>> = bare(&head, complete)
        .into_iter()
        .map(|b| Head::new(b, complete))
        .collect();
    let head = Head::new(&head, complete);
    // On a pool thread (`solve` and `check` on more than one thread), the formats are tried
    // side by side on that pool: the guess is the whole run's serial start. On the 17-clue
    // set as a POJ 2676 file (three readers, two of them in rayon's first quarter of the
    // table) two threads guess in 1.04-1.13 ms against 1.31-1.39 ms (`bench formats`).
    let parallel = rayon::current_thread_index().is_some();
    let cases = ordered_map(JUDGES.len(), parallel, 1, &mut None, || (), |_, i| {
        reads(&JUDGES[i], &head, false)
    });
    let read: Vec<(&'static Spec, u64)> = JUDGES
        .iter()
        .zip(cases)
        .filter_map(|(spec, cases)| Some((spec, cases?)))
        .collect();
    let readers: Vec<&'static Spec> = read.iter().map(|&(spec, _)| spec).collect();
    // Strictness only ranks readers among themselves: a lone reader is the candidate either
    // way, so its head is not read again (on a 64 KiB head of 81-character lines that second
    // reading was more than half the guess).
    let strict: Vec<&'static Spec> = if read.len() > 1 {
        let kept = ordered_map(read.len(), parallel, 1, &mut None, || (), |_, i| {
            strictly(read[i].0, &head, &bare, read[i].1)
        });
        read.iter()
            .zip(kept)
            .filter(|&(_, kept)| kept)
            .map(|(&(spec, _), _)| spec)
            .collect()
    } else {
        Vec::new()
    };
    let candidates = if strict.is_empty() { readers.clone() } else { strict };
    let candidates = &candidates;
    let Some(&first) = candidates.first() else {
        return by_content.map_or(unknown(raw), |d| Guess::Took(d, None));
    };
    if candidates.iter().any(|s| !same_answers(first, s)) {
        return Guess::Refused(
            format!(
                "{} formats read the input and answer it differently: {}; give one with --format",
                candidates.len(),
                names(candidates)
            ),
            candidates.to_vec(),
        );
    }
    let took = match by_content {
        Some(d) if candidates.iter().any(|s| std::ptr::eq(*s, d.spec)) => d,
        _ => Detected {
            spec: first,
            why: if readers.len() == 1 {
                "the only format that reads it"
            } else {
                "the format whose judge data is spelled so"
            },
        },
    };
    let alike: Vec<&Spec> = candidates
        .iter()
        .copied()
        .filter(|s| !std::ptr::eq(*s, took.spec))
        .collect();
    let loose: Vec<&Spec> = readers
        .iter()
        .copied()
        .filter(|s| !candidates.iter().any(|c| std::ptr::eq(*c, *s)))
        .collect();
    let mut also = Vec::new();
    if !alike.is_empty() {
        also.push(format!(
            "{} {} it too, with the same answers",
            names(&alike),
            verb(&alike)
        ));
    }
    if !loose.is_empty() {
        also.push(format!(
            "{} {} it too, laid out otherwise than its judge's data",
            names(&loose),
            verb(&loose)
        ));
    }
    let note = (!also.is_empty()).then(|| {
        format!(
            "read as {}; {} (--format chooses)",
            took.spec.name,
            also.join("; ")
        )
    });
    Guess::Took(took, note)
}

/// `reads` for one format, `read` for several.
fn verb(specs: &[&Spec]) -> &'static str {
    if specs.len() == 1 { "reads" } else { "read" }
}

/// `a`, `a and b`, `a, b and c`.
fn names(specs: &[&Spec]) -> String {
    match specs {
        [] => String::new(),
        [one] => one.name.to_string(),
        [rest @ .., last] => {
            let rest: Vec<&str> = rest.iter().map(|s| s.name).collect();
            format!("{} and {}", rest.join(", "), last.name)
        }
    }
}

/// The head with CR before a line end and trailing blanks removed, ending in a newline; cut
/// after its last whole line when it is not the whole input.
fn normalized(head: &[u8], complete: bool) -> Vec<u8> {
    let whole = if complete {
        head
    } else {
        head.iter()
            .rposition(|&b| b == b'\n')
            .map_or(&head[..0], |i| &head[..=i])
    };
    let mut out = Vec::with_capacity(whole.len() + 1);
    for line in whole.split(|&b| b == b'\n') {
        let end = line
            .iter()
            .rposition(|&b| !matches!(b, b' ' | b'\t' | b'\r'))
            .map_or(0, |i| i + 1);
        out.extend_from_slice(&line[..end]);
        out.push(b'\n');
    }
    // `split` yields an empty piece after a final newline: one newline too many.
    if whole.ends_with(b"\n") || whole.is_empty() {
        out.pop();
    }
    out
}

/// The head every format is tried on: its bytes, whether they are the whole input, and
/// their line breaks, counted once for every format (a count per format was a quarter of the
/// guess on a 64 KiB head).
struct Head<'a> {
    bytes: &'a [u8],
    complete: bool,
    lines: u64,
}

impl<'a> Head<'a> {
    fn new(bytes: &'a [u8], complete: bool) -> Self {
        Head {
            bytes,
            complete,
            lines: memchr::memchr_iter(b'\n', bytes).count() as u64,
        }
    }
}

/// Whether `spec`'s reader, which reads `cases` cases in `head`, reads it strictly too, or
/// reads one of `bare` (the head without blank lines at its ends) strictly.
fn strictly(spec: &'static Spec, head: &Head<'_>, bare: &[Head<'_>], cases: u64) -> bool {
    // No case at all (`0`, a count of none) is never strict, yet not laid out otherwise
    // either: such a reader is a candidate whatever the others do.
    cases == 0
        || reads(spec, head, true).is_some()
        || bare.iter().any(|b| reads(spec, b, true).is_some())
}

/// The normalized `head` with its blank lines at either end taken away: without its leading
/// ones, and, when the head is the whole input, with none or one after its last line (the
/// variants that differ from the head). A blank line at either end of a file is noise no
/// judge reads, so it must not decide between formats: with one trailing blank line, POJ
/// 2676's sample was strictly POJ 2918's only (a blank line after every case) and answered as
/// POJ 2918. One trailing blank line is kept in a variant, as POJ 2918's own data ends so.
fn bare(head: &[u8], complete: bool) -> Vec<&[u8]> {
    let start = head.iter().position(|&b| b != b'\n').unwrap_or(head.len());
    let mut last = head.len();
    while last > start + 1 && head[last - 1] == b'\n' && head[last - 2] == b'\n' {
        last -= 1;
    }
    let ends: &[usize] = if complete && last < head.len() {
        &[head.len(), last, last + 1]
    } else {
        &[head.len()]
    };
    let mut out: Vec<&[u8]> = Vec::new();
    for from in [0, start] {
        for &end in ends {
            let b = &head[from..end];
            if b.len() != head.len() && !out.contains(&b) {
                out.push(b);
            }
        }
    }
    out
}

/// The number of cases `spec`'s reader reads in `head` (strictly: spelled as its judge's data
/// is), every one within the problem's promise; `None` when it does not read it. When the head
/// is not the whole input, running out of bytes on its last line is not a fault.
fn reads(spec: &'static Spec, head: &Head<'_>, strict: bool) -> Option<u64> {
    let mut source = Source::bytes(String::new(), head.bytes.to_vec());
    let opts = Options {
        format: Some(spec),
        strict,
        // Reading decides the format; a search could run for ever on an input of another.
        budget: None,
    };
    // One case that breaks the promise rules the format out: the rest is not looked at (nor
    // its findings spelled, which was half the guess on a 64 KiB head of POJ 2676 puzzles).
    let outcome = validate(&mut source, &opts, &mut |_, finding| match finding {
        Some(f) if f.broken => Err(io::Error::other("a broken promise")),
        _ => Ok(()),
    });
    if outcome.broken > 0 {
        return None;
    }
    let read = match outcome.stop {
        None => true,
        Some(Stop::Input(Failure::Parse(e))) if !head.complete => {
            e.pos.line >= head.lines && outcome.cases > 0
        }
        Some(_) => false,
    };
    read.then_some(outcome.cases)
}

/// True when `a` and `b` write the same answers for the same cases: the same engine mode and
/// units, and the same headers, words and grid spelling. A blank line after every answer and a
/// blank line between answers differ only at the very end, which judges ignore.
fn same_answers(a: &Spec, b: &Spec) -> bool {
    let sep = |s: Sep| match s {
        Sep::BlankAfter => Sep::BlankBetween,
        s => s,
    };
    let out = |o: &Output| {
        (
            o.header,
            o.inline,
            o.grid,
            sep(o.sep),
            format!("{:?}", o.words),
        )
    };
    a.mode == b.mode
        && a.input.diagonals == b.input.diagonals
        && a.input.label == b.input.label
        && a.input.cells == b.input.cells
        && out(&a.output) == out(&b.output)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::judges::find;

    fn took(head: &str) -> (&'static str, Option<String>) {
        match guess(head.as_bytes(), true) {
            Guess::Took(d, note) => (d.spec.name, note),
            g => panic!("{head:?}: {g:?}"),
        }
    }

    #[test]
    fn formats_that_answer_alike_are_told_apart_from_those_that_do_not() {
        let poj3076 = find("poj3076").unwrap();
        assert!(same_answers(poj3076, find("acwing169").unwrap()));
        assert!(same_answers(poj3076, find("zoj3122").unwrap()));
        let poj = find("poj2676").unwrap();
        assert!(!same_answers(poj, find("cf1335d").unwrap()));
        assert!(!same_answers(poj, find("poj2918").unwrap()));
        assert!(!same_answers(
            find("leetcode").unwrap(),
            find("leetcode36").unwrap()
        ));
    }

    #[test]
    fn the_head_is_compared_without_line_end_blanks() {
        assert_eq!(normalized(b"1 \r\n2\t\n", true), b"1\n2\n");
        assert_eq!(normalized(b"1\n2", true), b"1\n2\n");
        assert_eq!(normalized(b"1\n2\n3", false), b"1\n2\n");
        assert_eq!(normalized(b"", true), b"");
    }

    #[test]
    fn the_cf1335d_sample_is_refused_and_the_poj2676_one_taken_with_a_note() {
        let cf = find("cf1335d").unwrap().sample.0;
        let Guess::Refused(msg, _) = guess(cf.as_bytes(), true) else {
            panic!("cf1335d's sample is not refused");
        };
        assert_eq!(
            msg,
            "4 formats read the input and answer it differently: poj2676, hdu3111, cf1335d \
             and nwrrc2013; give one with --format"
        );
        let (name, note) = took(find("poj2676").unwrap().sample.0);
        assert_eq!(name, "poj2676");
        let note = note.unwrap();
        assert_eq!(
            note,
            "read as poj2676; poj2918 reads it too, laid out otherwise than its judge's data \
             (--format chooses)"
        );
    }

    /// Blank lines at either end of a file do not decide: POJ 2676's one-case sample with a
    /// blank line after it is POJ 2918's layout too, so it is refused (it was answered as POJ
    /// 2918), while extra blank lines around POJ 2918's and SPOJ SUDOGOB's samples change
    /// nothing.
    #[test]
    fn blank_lines_at_the_ends_of_a_file_do_not_decide_the_format() {
        let poj = find("poj2676").unwrap().sample.0;
        let Guess::Refused(msg, _) = guess(format!("{poj}\n").as_bytes(), true) else {
            panic!("POJ 2676's sample with a trailing blank line is not refused");
        };
        assert!(msg.starts_with("2 formats read the input"), "{msg}");
        assert_eq!(took(&format!("\n{poj}")).0, "poj2676");
        for name in ["poj2918", "spoj-sudogob", "spoj-easudoku"] {
            let sample = find(name).unwrap().sample.0;
            for framed in [
                format!("\n{sample}"),
                format!("{sample}\n"),
                format!("\n\n{sample}\n\n"),
            ] {
                assert_eq!(took(&framed).0, took(sample).0, "{name}: {framed:?}");
            }
        }
        let variants: [&[u8]; 5] = [b"\n1\n", b"\n1\n\n", b"1\n\n\n", b"1\n", b"1\n\n"];
        assert_eq!(bare(b"\n1\n\n\n", true), variants);
        assert_eq!(bare(b"1\n\n", false), Vec::<&[u8]>::new());
    }

    /// On a pool's thread the formats are tried side by side: the same guess, with the same
    /// note or refusal, as on one thread, for every format's sample, whole and cut.
    #[test]
    fn a_pool_guesses_as_one_thread_does() {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(3).build().unwrap();
        for spec in JUDGES {
            let input = spec.sample.0.as_bytes();
            for (head, complete) in [(input, true), (&input[..input.len() * 2 / 3], false)] {
                let one = format!("{:?}", guess(head, complete));
                let pooled = format!("{:?}", pool.install(|| guess(head, complete)));
                assert_eq!(pooled, one, "{}", spec.name);
            }
        }
    }

    #[test]
    fn a_cut_head_is_read_up_to_its_last_whole_line() {
        let sample = find("poj2676").unwrap().sample.0;
        let mut big = String::from("3\n");
        let rows: Vec<&str> = sample.lines().skip(1).collect();
        for _ in 0..3 {
            big.push_str(&rows.join("\n"));
            big.push('\n');
        }
        let cut = &big.as_bytes()[..big.len() * 2 / 3];
        assert!(matches!(guess(cut, false), Guess::Took(d, _) if d.spec.name == "poj2676"));
        assert!(matches!(guess(b"", true), Guess::Unknown { empty: true, .. }));
        // A head that is one unfinished line is not every format's zero cases: the content
        // rule's pick (cells: 81-character lines), or nothing.
        assert!(matches!(
            guess(&[b'7'; 100], false),
            Guess::Took(d, None) if d.spec.name == "line"
        ));
        assert!(matches!(
            guess(&[b'x'; 100], false),
            Guess::Unknown { empty: false, .. }
        ));
        assert!(matches!(
            guess(b"\x00\x01garbage", true),
            Guess::Unknown { empty: false, bom: false }
        ));
        let marked = guess(b"\xef\xbb\xbf1\n1234\n4321\n2413\n3142\n", true);
        assert!(matches!(marked, Guess::Unknown { empty: false, bom: true }));
        assert!(marked.error().unwrap().ends_with(BOM_NOTE));
    }
}
