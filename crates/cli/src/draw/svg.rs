//! [`Picture`]s as one SVG image, the cases one under another: each a title line, the grid and
//! its notes. Thin grey lines between cells, thick black lines on the border and on every
//! region wall; givens bold black, filled values thinner and blue, wrong cells on a red
//! background with their value in dark red; the cells of a diagonal unit (X-sudoku) on light
//! grey; relation marks as small signs on their border. Values and marks are drawn as strokes
//! ([`glyphs`]), so the grid needs no font; the title and notes are text.
//!
//! Sizes, in pixels: every cell is [`CELL`] square, the image has a [`MARGIN`] all round, a
//! case's title takes [`TITLE`] above its grid and each note [`NOTE`] below it, and
//! [`MARGIN`] separates two cases. The width is that of the widest grid (or line of text).

use super::{Kind, Line, Picture, glyphs};
use std::fmt::Write as _;

/// Side of a cell.
pub const CELL: usize = 40;
/// Blank space around the image and between two cases.
pub const MARGIN: usize = 20;
/// Height of a case's title line, above its grid.
pub const TITLE: usize = 28;
/// Height of each note line, below the grid.
pub const NOTE: usize = 20;
/// Width allowed per character of the title and notes (14-pixel text).
const CHAR: usize = 8;

/// Thick lines: the border and the region walls.
pub const WALL: &str = "#000000";
/// Thin lines between the cells of one region.
pub const LINE: &str = "#a0a0a0";
/// Background of a wrong cell.
pub const WRONG: &str = "#ffb0b0";
/// Background of a cell on a diagonal unit.
pub const DIAGONAL: &str = "#e4e4e4";
/// Background of the other cells.
pub const PAPER: &str = "#ffffff";
/// Givens.
pub const GIVEN: &str = "#000000";
/// Filled values.
pub const FILLED: &str = "#1f5fbf";
/// Values of wrong cells.
pub const WRONG_TEXT: &str = "#a00000";
/// Width of the thick lines (the thin ones are 1 pixel).
pub const WALL_WIDTH: usize = 4;
/// Stroke width of givens and wrong values (bold), and of filled values.
const BOLD: f64 = 3.2;
const THIN: f64 = 1.8;

/// Top-left corner of picture `i`'s grid in an image of `pictures` (x, y).
pub fn grid_origin(pictures: &[Picture], i: usize) -> (usize, usize) {
    let above: usize = pictures[..i].iter().map(height).sum();
    (MARGIN, MARGIN + above + TITLE)
}

/// Width and height of the image of `pictures`.
pub fn size(pictures: &[Picture]) -> (usize, usize) {
    let width = pictures.iter().map(width).max().unwrap_or(0);
    let height: usize = pictures.iter().map(height).sum();
    (width + 2 * MARGIN, height + MARGIN)
}

/// Height of one case's block, the margin under it included.
fn height(p: &Picture) -> usize {
    TITLE + p.side() * CELL + p.notes.len() * NOTE + MARGIN
}

/// Width of one case's block, margins excluded.
fn width(p: &Picture) -> usize {
    let text = std::iter::once(&p.title)
        .chain(&p.notes)
        .map(|t| t.chars().count() * CHAR)
        .max()
        .unwrap_or(0);
    (p.side() * CELL).max(text)
}

/// The image of `pictures`, one under another.
pub fn render(pictures: &[Picture]) -> String {
    let (w, h) = size(pictures);
    let mut s = String::new();
    let _ = writeln!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
         viewBox=\"0 0 {w} {h}\" font-family=\"DejaVu Sans, Arial, Helvetica, sans-serif\">"
    );
    let _ = writeln!(s, "<rect width=\"{w}\" height=\"{h}\" fill=\"{PAPER}\"/>");
    for (i, p) in pictures.iter().enumerate() {
        let (x, y) = grid_origin(pictures, i);
        case(p, x, y, &mut s);
    }
    s.push_str("</svg>\n");
    s
}

/// One case, its grid's top-left corner at `(x, y)`.
fn case(p: &Picture, x: usize, y: usize, s: &mut String) {
    let side = p.side();
    let _ = writeln!(
        s,
        "<text x=\"{x}\" y=\"{}\" font-size=\"16\" font-weight=\"bold\">{}</text>",
        y - 9,
        escape(&p.title)
    );
    let at = |r: usize, c: usize| (x + c * CELL, y + r * CELL);
    // Backgrounds.
    for r in 0..side {
        for c in 0..side {
            let cell = &p.cells[r * side + c];
            let fill = if cell.wrong {
                WRONG
            } else if p.on_diagonal(r, c) {
                DIAGONAL
            } else {
                continue;
            };
            let (cx, cy) = at(r, c);
            let _ = writeln!(
                s,
                "<rect x=\"{cx}\" y=\"{cy}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{fill}\"/>"
            );
        }
    }
    // Lines: thin between the cells of a region, thick on walls.
    let (mut thin, mut thick) = (String::new(), String::new());
    for r in 0..=side {
        for c in 0..side {
            let (lx, ly) = at(r, c);
            let to = match p.line_above(r, c) {
                Line::Thick => &mut thick,
                Line::Thin => &mut thin,
                Line::None => continue,
            };
            let _ = write!(to, "M{lx} {ly}h{CELL}");
        }
    }
    for r in 0..side {
        for c in 0..=side {
            let (lx, ly) = at(r, c);
            let to = match p.line_left(r, c) {
                Line::Thick => &mut thick,
                Line::Thin => &mut thin,
                Line::None => continue,
            };
            let _ = write!(to, "M{lx} {ly}v{CELL}");
        }
    }
    if !thin.is_empty() {
        let _ = writeln!(
            s,
            "<path d=\"{thin}\" stroke=\"{LINE}\" stroke-width=\"1\" fill=\"none\"/>"
        );
    }
    let _ = writeln!(
        s,
        "<path d=\"{thick}\" stroke=\"{WALL}\" stroke-width=\"{WALL_WIDTH}\" \
         stroke-linecap=\"square\" fill=\"none\"/>"
    );
    // Values as strokes (no font needed), sized to the widest spelling and centred.
    let widest = glyphs::ADVANCE * (p.width.max(1) as f64 - 1.0) + glyphs::WIDTH;
    let unit = (CELL as f64 * 0.5 / glyphs::HEIGHT).min(CELL as f64 * 0.7 / widest);
    for r in 0..side {
        for c in 0..side {
            let cell = &p.cells[r * side + c];
            let text = if cell.wrong && cell.text.is_empty() {
                "?"
            } else if cell.text.is_empty() {
                continue;
            } else {
                &cell.text
            };
            let (stroke, width) = match (cell.wrong, cell.kind) {
                (true, _) => (WRONG_TEXT, BOLD),
                (false, Kind::Given) => (GIVEN, BOLD),
                _ => (FILLED, THIN),
            };
            let (d, w) = glyphs::line(text);
            let (cx, cy) = at(r, c);
            let tx = cx as f64 + (CELL as f64 - w * unit) / 2.0;
            let ty = cy as f64 + (CELL as f64 - glyphs::HEIGHT * unit) / 2.0;
            let _ = writeln!(
                s,
                "<path d=\"{d}\" transform=\"translate({tx:.2} {ty:.2}) scale({unit:.3})\" \
                 stroke=\"{stroke}\" stroke-width=\"{:.3}\" fill=\"none\" \
                 stroke-linecap=\"round\" stroke-linejoin=\"round\"/>",
                width / unit
            );
        }
    }
    marks(p, x, y, s);
    for (i, n) in p.notes.iter().enumerate() {
        let _ = writeln!(
            s,
            "<text x=\"{x}\" y=\"{}\" font-size=\"14\">{}</text>",
            y + side * CELL + (i + 1) * NOTE - 4,
            escape(n)
        );
    }
}

/// The relation marks, each a small stroked sign on a white square over the middle of its
/// border (no font needed).
fn marks(p: &Picture, x: usize, y: usize, s: &mut String) {
    let side = p.side();
    const H: f64 = 6.0;
    for m in &p.marks {
        let (r, c) = (m.cell / side, m.cell % side);
        // The middle of the border between the two cells.
        let (mx, my) = if m.down {
            (
                (x + c * CELL) as f64 + CELL as f64 / 2.0,
                (y + (r + 1) * CELL) as f64,
            )
        } else {
            (
                (x + (c + 1) * CELL) as f64,
                (y + r * CELL) as f64 + CELL as f64 / 2.0,
            )
        };
        let d = match m.symbol {
            '<' => format!(
                "M{} {}L{} {}L{} {}",
                mx + H / 2.0,
                my - H,
                mx - H / 2.0,
                my,
                mx + H / 2.0,
                my + H
            ),
            '>' => format!(
                "M{} {}L{} {}L{} {}",
                mx - H / 2.0,
                my - H,
                mx + H / 2.0,
                my,
                mx - H / 2.0,
                my + H
            ),
            '^' => format!(
                "M{} {}L{} {}L{} {}",
                mx - H,
                my + H / 2.0,
                mx,
                my - H / 2.0,
                mx + H,
                my + H / 2.0
            ),
            'v' => format!(
                "M{} {}L{} {}L{} {}",
                mx - H,
                my - H / 2.0,
                mx,
                my + H / 2.0,
                mx + H,
                my - H / 2.0
            ),
            _ => format!(
                "M{} {}h{}M{} {}h{}",
                mx - H,
                my - 2.5,
                2.0 * H,
                mx - H,
                my + 2.5,
                2.0 * H
            ),
        };
        let _ = writeln!(
            s,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{PAPER}\"/>\n\
             <path d=\"{d}\" stroke=\"{WALL}\" stroke-width=\"2\" fill=\"none\" \
             stroke-linecap=\"round\" stroke-linejoin=\"round\"/>",
            mx - H - 1.0,
            my - H - 1.0,
            2.0 * H + 2.0,
            2.0 * H + 2.0
        );
    }
}

/// Text with XML's special characters escaped.
fn escape(t: &str) -> String {
    let mut out = String::with_capacity(t.len());
    for ch in t.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c if (c as u32) < 0x20 => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped() {
        assert_eq!(escape("a<b & \"c\"\x01"), "a&lt;b &amp; &quot;c&quot; ");
    }
}
