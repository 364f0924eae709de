//! The values of a grid as strokes: every character a cell can spell (`0`-`9`, `A`-`Y`, AOJ
//! 0126's `*`, and `?` for a missing value) as SVG path data on a 4 x 6 box, so that a picture
//! looks the same in every viewer and rasterises without fonts (the statement's PNG).

/// Width and height of a glyph's box, and the advance from one glyph to the next.
pub const WIDTH: f64 = 4.0;
pub const HEIGHT: f64 = 6.0;
pub const ADVANCE: f64 = 6.0;

/// Path data of a character on the 4 x 6 box (x right, y down); `None` for one not drawn.
pub fn glyph(ch: char) -> Option<&'static str> {
    Some(match ch {
        '0' => "M1 0L3 0L4 1L4 5L3 6L1 6L0 5L0 1ZM4 1L0 5",
        '1' => "M1 1L2 0L2 6M1 6L3 6",
        '2' => "M0 1L1 0L3 0L4 1L4 2L0 6L4 6",
        '3' => "M0 0L4 0L2 2.5L3 2.5L4 3.5L4 5L3 6L1 6L0 5",
        '4' => "M3 6L3 0L0 4L4 4",
        '5' => "M4 0L0 0L0 3L3 3L4 4L4 5L3 6L0 6",
        '6' => "M3 0L1 0L0 1L0 5L1 6L3 6L4 5L4 4L3 3L0 3",
        '7' => "M0 0L4 0L1 6",
        '8' => "M1 0L3 0L4 1L4 2L3 3L1 3L0 4L0 5L1 6L3 6L4 5L4 4L3 3M1 3L0 2L0 1L1 0",
        '9' => "M4 3L1 3L0 2L0 1L1 0L3 0L4 1L4 5L3 6L1 6",
        'A' => "M0 6L0 2L2 0L4 2L4 6M0 4L4 4",
        'B' => "M0 0L0 6L3 6L4 5L4 4L3 3L0 3M0 0L3 0L4 1L4 2L3 3",
        'C' => "M4 1L3 0L1 0L0 1L0 5L1 6L3 6L4 5",
        'D' => "M0 0L0 6L2 6L4 4L4 2L2 0Z",
        'E' => "M4 0L0 0L0 6L4 6M0 3L3 3",
        'F' => "M4 0L0 0L0 6M0 3L3 3",
        'G' => "M4 1L3 0L1 0L0 1L0 5L1 6L3 6L4 5L4 3L2 3",
        'H' => "M0 0L0 6M4 0L4 6M0 3L4 3",
        'I' => "M1 0L3 0M2 0L2 6M1 6L3 6",
        'J' => "M1 0L4 0M3 0L3 5L2 6L1 6L0 5",
        'K' => "M0 0L0 6M4 0L0 4M1 3L4 6",
        'L' => "M0 0L0 6L4 6",
        'M' => "M0 6L0 0L2 3L4 0L4 6",
        'N' => "M0 6L0 0L4 6L4 0",
        'O' => "M1 0L3 0L4 1.5L4 4.5L3 6L1 6L0 4.5L0 1.5Z",
        'P' => "M0 6L0 0L3 0L4 1L4 2L3 3L0 3",
        'Q' => "M1 0L3 0L4 1.5L4 4.5L3 6L1 6L0 4.5L0 1.5ZM2 4L4 6",
        'R' => "M0 6L0 0L3 0L4 1L4 2L3 3L0 3M2 3L4 6",
        'S' => "M4 1L3 0L1 0L0 1L0 2L1 3L3 3L4 4L4 5L3 6L1 6L0 5",
        'T' => "M0 0L4 0M2 0L2 6",
        'U' => "M0 0L0 5L1 6L3 6L4 5L4 0",
        'V' => "M0 0L2 6L4 0",
        'W' => "M0 0L1 6L2 3L3 6L4 0",
        'X' => "M0 0L4 6M4 0L0 6",
        'Y' => "M0 0L2 3L4 0M2 3L2 6",
        '*' => "M2 1L2 5M0 2L4 4M4 2L0 4",
        '?' => "M0 1L1 0L3 0L4 1L4 2L2 3.5L2 4.5M2 5.5L2 6",
        // Tight-Fit's split cells (`7/9`) and their empty halves (`-/5`).
        '/' => "M4 0L0 6",
        '-' => "M1 3L3 3",
        _ => return None,
    })
}

/// Path data of `text` laid out left to right from x = 0 (glyph units), and its width.
pub fn line(text: &str) -> (String, f64) {
    let mut d = String::new();
    let mut x = 0.0;
    let mut width: f64 = 0.0;
    for ch in text.chars() {
        if let Some(g) = glyph(ch) {
            d.push_str(&shift(g, x));
            width = x + WIDTH;
        }
        x += ADVANCE;
    }
    (d, width)
}

/// `path` with every x coordinate moved right by `dx`.
fn shift(path: &str, dx: f64) -> String {
    if dx == 0.0 {
        return path.to_string();
    }
    let mut out = String::with_capacity(path.len() + 8);
    let mut x_next = true;
    let mut num = String::new();
    let flush = |num: &mut String, out: &mut String, x: &mut bool| {
        if num.is_empty() {
            return;
        }
        let v: f64 = num.parse().unwrap_or(0.0);
        let v = if *x { v + dx } else { v };
        out.push_str(&format!("{v}"));
        *x = !*x;
        num.clear();
    };
    for ch in path.chars() {
        if ch.is_ascii_digit() || ch == '.' {
            num.push(ch);
        } else {
            flush(&mut num, &mut out, &mut x_next);
            if ch.is_ascii_alphabetic() {
                x_next = true;
            }
            out.push(ch);
        }
    }
    flush(&mut num, &mut out, &mut x_next);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cell_character_has_a_glyph_inside_its_box() {
        let all = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXY*?/-";
        for ch in all.chars() {
            let d = glyph(ch).unwrap_or_else(|| panic!("no glyph for {ch}"));
            let nums: Vec<f64> = d
                .split(|c: char| c.is_ascii_alphabetic() || c == ' ')
                .filter(|t| !t.is_empty())
                .map(|t| t.parse().unwrap())
                .collect();
            assert!(nums.len() >= 4 && nums.len().is_multiple_of(2), "{ch}: {d}");
            for (i, v) in nums.iter().enumerate() {
                let max = if i % 2 == 0 { WIDTH } else { HEIGHT };
                assert!((0.0..=max).contains(v), "{ch}: {v} out of the box");
            }
        }
        assert_eq!(glyph('a'), None);
        assert_eq!(glyph('.'), None);
    }

    #[test]
    fn lines_shift_each_glyph_by_the_advance() {
        let (d, w) = line("25");
        assert_eq!(w, ADVANCE + WIDTH);
        assert_eq!(
            d,
            "M0 1L1 0L3 0L4 1L4 2L0 6L4 6M10 0L6 0L6 3L9 3L10 4L10 5L9 6L6 6"
        );
        assert_eq!(line("1").0, glyph('1').unwrap());
        assert_eq!(line("D").0, "M0 0L0 6L2 6L4 4L4 2L2 0Z");
    }
}
