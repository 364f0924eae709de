//! A [`Picture`] for a terminal: Unicode box drawing, heavy lines on the border and on every
//! region wall (boxes or jigsaw regions), light lines between the other cells, and relation
//! marks (`<` `>` `^` `v` `=`) in place of the line between their two cells.
//!
//! With colour (ANSI escapes): givens bold, filled values blue, wrong cells white on red, the
//! cells of a diagonal unit (X-sudoku) on grey. In plain text, where there are filled cells,
//! givens are written `[5]` and wrong cells `*5*` (`*?*` for a cell left empty), so that
//! nothing depends on colour (an X-sudoku says so in its title).

use super::{Kind, Line, Picture};

/// Box-drawing characters by arms (up, right, down, left), each 0 none, 1 light, 2 heavy:
/// index `27 up + 9 right + 3 down + left`.
const BOX: [char; 81] = [
    ' ', '╴', '╸', '╷', '┐', '┑', '╻', '┒', '┓', '╶', '─', '╾', '┌', '┬', '┭', '┎', '┰', '┱', '╺',
    '╼', '━', '┍', '┮', '┯', '┏', '┲', '┳', '╵', '┘', '┙', '│', '┤', '┥', '╽', '┧', '┪', '└', '┴',
    '┵', '├', '┼', '┽', '┟', '╁', '╅', '┕', '┶', '┷', '┝', '┾', '┿', '┢', '╆', '╈', '╹', '┚', '┛',
    '╿', '┦', '┩', '┃', '┨', '┫', '┖', '┸', '┹', '┞', '╀', '╃', '┠', '╂', '╉', '┗', '┺', '┻', '┡',
    '╄', '╇', '┣', '╊', '╋',
];

/// The box-drawing character with these arms (0 none, 1 light, 2 heavy).
pub fn junction(up: u8, right: u8, down: u8, left: u8) -> char {
    BOX[(27 * up + 9 * right + 3 * down + left) as usize]
}

const BOLD: &str = "\x1b[1m";
const BLUE: &str = "\x1b[34m";
const WRONG: &str = "\x1b[1;97;41m";
const RESET: &str = "\x1b[0m";
/// Background of the cells of a diagonal unit (X-sudoku), from the 256-colour palette.
const GREY: &str = "\x1b[48;5;252m";

/// Appends the picture: the title, the grid, a legend where marks need one, the notes.
pub fn render(p: &Picture, color: bool, out: &mut String) {
    let side = p.side();
    let inner = p.width + 2;
    let weight = |l: Line| l as u8;
    out.push_str(&p.title);
    out.push('\n');
    for r in 0..=side {
        // The line above row `r` (the bottom border when `r` is the side).
        for c in 0..=side {
            let up = if r > 0 {
                weight(p.line_left(r - 1, c))
            } else {
                0
            };
            let down = if r < side {
                weight(p.line_left(r, c))
            } else {
                0
            };
            let left = if c > 0 {
                weight(p.line_above(r, c - 1))
            } else {
                0
            };
            let right = if c < side {
                weight(p.line_above(r, c))
            } else {
                0
            };
            out.push(junction(up, right, down, left));
            if c < side {
                let h = [' ', '─', '━'][right as usize];
                // A mark between row r - 1 and row r sits in the middle of the line.
                match (r > 0).then(|| p.mark(r - 1, c, true)).flatten() {
                    Some(m) => {
                        out.extend(std::iter::repeat_n(h, inner / 2));
                        out.push(m);
                        out.extend(std::iter::repeat_n(h, inner - inner / 2 - 1));
                    }
                    None => out.extend(std::iter::repeat_n(h, inner)),
                }
            }
        }
        end_line(out);
        if r == side {
            break;
        }
        for c in 0..=side {
            let mark = (c > 0).then(|| p.mark(r, c - 1, false)).flatten();
            out.push(match (mark, p.line_left(r, c)) {
                (Some(m), _) => m,
                (None, Line::Thick) => '┃',
                (None, Line::Thin) => '│',
                (None, Line::None) => ' ',
            });
            if c < side {
                cell(p, r * side + c, color, out);
            }
        }
        end_line(out);
    }
    let marks = p.has_filled() && !color;
    if marks || (color && p.has_wrong()) {
        out.push_str(if color {
            "bold: given, blue: filled in, red: wrong\n"
        } else {
            "[x]: given, x: filled in, *x*: wrong\n"
        });
    } else if color && p.has_filled() {
        out.push_str("bold: given, blue: filled in\n");
    }
    if color && p.diagonals.contains(&true) {
        out.push_str("grey: the diagonals, units too\n");
    }
    for n in &p.notes {
        out.push_str(n);
        out.push('\n');
    }
}

/// Ends a line of the grid, without the blanks the holes right of the grid left.
fn end_line(out: &mut String) {
    out.truncate(out.trim_end_matches(' ').len());
    out.push('\n');
}

/// Appends one cell, `width + 2` columns wide (blank for a hole).
fn cell(p: &Picture, i: usize, color: bool, out: &mut String) {
    if p.is_hole(i) {
        out.push_str(&" ".repeat(p.width + 2));
        return;
    }
    let c = &p.cells[i];
    let text = if c.wrong && c.text.is_empty() {
        "?"
    } else {
        &c.text
    };
    let pad = p.width.saturating_sub(text.chars().count());
    // Right-aligned in the cell: numbers line up.
    let body = format!("{}{text}", " ".repeat(pad));
    if color {
        let style = match (c.wrong, c.kind) {
            (true, _) => WRONG,
            (false, Kind::Given) => BOLD,
            (false, Kind::Filled) => BLUE,
            (false, Kind::Empty) => "",
        };
        let side = p.side();
        let shade = !c.wrong && p.on_diagonal(i / side, i % side);
        match (style.is_empty(), shade) {
            (true, false) => out.push_str(&format!(" {body} ")),
            (true, true) => out.push_str(&format!("{GREY} {body} {RESET}")),
            (false, false) => out.push_str(&format!("{style} {body} {RESET}")),
            (false, true) => out.push_str(&format!("{style}{GREY} {body} {RESET}")),
        }
        return;
    }
    let (open, close) = match (c.wrong, c.kind) {
        (true, _) => ('*', '*'),
        (false, Kind::Given) if p.has_filled() => ('[', ']'),
        _ => (' ', ' '),
    };
    out.push(open);
    out.push_str(&body);
    out.push(close);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn junctions_by_arms() {
        assert_eq!(junction(1, 1, 1, 1), '┼');
        assert_eq!(junction(2, 2, 2, 2), '╋');
        assert_eq!(junction(2, 1, 2, 1), '╂');
        assert_eq!(junction(1, 2, 1, 2), '┿');
        assert_eq!(junction(0, 2, 2, 0), '┏');
        assert_eq!(junction(2, 0, 0, 2), '┛');
        assert_eq!(junction(0, 2, 2, 2), '┳');
        assert_eq!(junction(2, 1, 2, 0), '┠');
        assert_eq!(junction(0, 1, 2, 1), '┰');
        assert_eq!(junction(2, 2, 1, 1), '╄');
        assert_eq!(junction(0, 0, 0, 0), ' ');
    }
}
