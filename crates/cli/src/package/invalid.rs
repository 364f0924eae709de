//! Invalid inputs for `data/invalid_input/` (the 2025-09 layout): the format's bad-input
//! fixtures from `testdata/NAME/` (the files with a `.code`: what `solve` refuses, and the
//! clashing givens of the formats that promise solvable puzzles), built into the binary, and
//! for every format a few breakages of its sample (a case cut short, a character outside the
//! alphabet, a count above the cases, a second case for a single-case problem, text for a
//! problem without input), each kept only if the format's reader refuses it, so every file
//! here is one a validator must reject.

use crate::format::read_all;
use crate::format::spec::{Container, Spec};

/// One invalid input: its file name (without `.in`) and bytes.
pub struct Invalid {
    pub name: String,
    pub bytes: Vec<u8>,
}

macro_rules! fixtures {
    ($(($dir:literal, $name:literal)),* $(,)?) => {
        /// The bad-input fixtures: format, name, bytes.
        pub static FIXTURES: &[(&str, &str, &[u8])] = &[
            $(($dir, $name, include_bytes!(concat!("../../testdata/", $dir, "/", $name, ".in")))),*
        ];
    };
}

fixtures![
    ("cf1335d", "not_solved"),
    ("codingame-killer-extreme", "unsolvable"),
    ("ecoo13r1p3", "bad_char_dot"),
    ("ecoo13r1p3", "bad_char_g"),
    ("ecoo13r1p3", "lowercase"),
    ("ecoo13r1p3", "short_row"),
    ("ecoo13r1p3", "truncated"),
    ("hdu4069", "bad_char"),
    ("hdu4069", "binary_garbage"),
    ("hdu4069", "digit_too_large"),
    ("hdu4069", "empty"),
    ("hdu4069", "long_row"),
    ("hdu4069", "negative_value"),
    ("hdu4069", "one_sided_wall"),
    ("hdu4069", "open_border"),
    ("hdu4069", "region_not_nine"),
    ("hdu4069", "short_row"),
    ("hdu4069", "t_missing"),
    ("hdu4069", "t_negative"),
    ("hdu4069", "t_too_large"),
    ("hdu4069", "t_too_small"),
    ("hdu4069", "truncated_case"),
    ("hdu4069", "value_too_large"),
    ("leetcode", "garbage_after"),
    ("leetcode", "long_row"),
    ("leetcode", "missing_row"),
    ("leetcode", "no_solution"),
    ("leetcode", "short_row"),
    ("leetcode", "truncated"),
    ("leetcode", "two_char_cell"),
    ("leetcode", "unquoted"),
    ("leetcode", "zero_cell"),
    ("line", "bad_char"),
    ("line", "binary_garbage"),
    ("line", "count_line"),
    ("line", "mixed_sizes"),
    ("line", "no_solution"),
    ("line", "nul_byte"),
    ("line", "short_line"),
    ("line", "short_line_crlf"),
    ("nwrrc2013", "bad_char"),
    ("nwrrc2013", "bad_count"),
    ("nwrrc2013", "cut_short"),
    ("nwrrc2013", "short_row"),
    ("poj2676", "bad_char"),
    ("poj2676", "binary_garbage"),
    ("poj2676", "blank_only"),
    ("poj2676", "dot_for_empty"),
    ("poj2676", "empty"),
    ("poj2676", "long_row"),
    ("poj2676", "no_solution"),
    ("poj2676", "nul_byte"),
    ("poj2676", "short_row"),
    ("poj2676", "t_junk_after"),
    ("poj2676", "t_missing"),
    ("poj2676", "t_negative"),
    ("poj2676", "t_not_a_number"),
    ("poj2676", "t_overflow"),
    ("poj2676", "t_too_large"),
    ("poj2676", "t_too_large_no_final_newline"),
    ("poj2676", "t_too_small"),
    ("poj2676", "truncated_case"),
    ("uva11570", "count_too_large"),
];

/// The invalid inputs of `spec`: its fixtures, then the breakages of its sample.
pub fn invalid_inputs(spec: &'static Spec) -> Vec<Invalid> {
    let mut out: Vec<Invalid> = FIXTURES
        .iter()
        .filter(|(dir, _, _)| *dir == spec.name)
        .map(|(_, name, bytes)| Invalid {
            name: format!("fixture-{}", name.replace('_', "-")),
            bytes: bytes.to_vec(),
        })
        .collect();
    for (name, bytes) in breakages(spec) {
        if refused(spec, &bytes) && !out.iter().any(|i| i.bytes == bytes) {
            out.push(Invalid {
                name: name.into(),
                bytes,
            });
        }
    }
    out
}

/// The sample broken in a few ways (each still to be checked by [`refused`]).
fn breakages(spec: &Spec) -> Vec<(&'static str, Vec<u8>)> {
    let sample = spec.sample.0.as_bytes();
    let lines: Vec<&[u8]> = sample.split_inclusive(|&b| b == b'\n').collect();
    let mut out = Vec::new();
    if lines.len() > 1 {
        out.push(("cut-short", lines[..lines.len() - 1].concat()));
    }
    // A cell (or a value) spelled with a byte no alphabet has, on the last line with one.
    if let Some(at) = sample.iter().rposition(u8::is_ascii_alphanumeric) {
        let mut b = sample.to_vec();
        b[at] = b'#';
        out.push(("bad-character", b));
    }
    match spec.input.container {
        Container::Count => {
            let first = lines.first().copied().unwrap_or_default();
            let t = std::str::from_utf8(first)
                .ok()
                .and_then(|t| t.trim().parse::<u64>().ok());
            if let Some(t) = t {
                let mut b = format!("{}\n", t + 1).into_bytes();
                b.extend(lines[1..].concat());
                out.push(("count-above-the-cases", b));
            }
        }
        Container::Single => out.push(("two-cases", [sample, sample].concat())),
        // HDU 3476 reads nothing: any text is a broken input.
        Container::NoInput => out.push(("text-where-none-is-read", b"0\n".to_vec())),
        _ => {}
    }
    out
}

/// True when the format's reader refuses `bytes`: a file that does not even read is invalid
/// whatever the validator's strictness.
fn refused(spec: &'static Spec, bytes: &[u8]) -> bool {
    read_all(spec, bytes).is_err()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::judges::{JUDGES, find};

    /// The table lists every fixture with a `.code` in testdata/, and nothing else.
    #[test]
    fn every_bad_input_fixture_is_listed() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata");
        let mut on_disk = Vec::new();
        for dir in std::fs::read_dir(&root).unwrap() {
            let dir = dir.unwrap().path();
            for f in std::fs::read_dir(&dir).into_iter().flatten() {
                let f = f.unwrap().path();
                if f.extension().is_some_and(|e| e == "code") {
                    let d = dir.file_name().unwrap().to_string_lossy().to_string();
                    let n = f.file_stem().unwrap().to_string_lossy().to_string();
                    on_disk.push((d, n));
                }
            }
        }
        on_disk.sort();
        let mut listed: Vec<(String, String)> = FIXTURES
            .iter()
            .map(|(d, n, _)| (d.to_string(), n.to_string()))
            .collect();
        listed.sort();
        assert_eq!(listed, on_disk);
    }

    #[test]
    fn every_format_has_invalid_inputs_its_reader_refuses() {
        for spec in JUDGES {
            let invalid = invalid_inputs(spec);
            assert!(!invalid.is_empty(), "{}", spec.name);
            for i in &invalid {
                if !i.name.starts_with("fixture-") {
                    assert!(refused(spec, &i.bytes), "{} {}", spec.name, i.name);
                }
            }
        }
        assert!(!refused(
            find("hdu4069").unwrap(),
            find("hdu4069").unwrap().sample.0.as_bytes()
        ));
        let hdu: Vec<String> = invalid_inputs(find("hdu4069").unwrap())
            .into_iter()
            .map(|i| i.name)
            .collect();
        assert!(
            hdu.contains(&"fixture-one-sided-wall".to_string()),
            "{hdu:?}"
        );
        assert!(
            hdu.contains(&"count-above-the-cases".to_string()),
            "{hdu:?}"
        );
    }
}
