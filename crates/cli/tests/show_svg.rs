//! `sudoku-judge show -o FILE.svg`, rasterised by a real SVG renderer (resvg, from crates.io)
//! and checked by its pixels: thick wall pixels dark exactly where HDU 4069's wall codes put
//! walls (read here from the codes) and light where they do not, wrong cells on the highlight
//! colour, X-sudoku diagonals shaded, relation marks as dark signs on their borders, the image
//! as large as its grids, and every format's sample drawn.
//!
//! Values are drawn as strokes (no font needed), centred in their cells: the pixels read near
//! a cell's border are its background. The renderer is built without text support, so the
//! titles and notes (text) are not drawn.

use crate::common::scratch;

use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg;
use std::path::{Path, PathBuf};
use std::process::Command;
use sudoku_judge::format::judges::JUDGES;
use sudoku_judge::format::spec::Rows;
use sudoku_judge_cli::draw::svg::{CELL, MARGIN, NOTE, TITLE, WALL_WIDTH};

const BIN: &str = env!("CARGO_BIN_EXE_sudoku-judge");

fn testdata(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("testdata")
        .join(rel)
}

/// Runs `show ARGS -o FILE.svg` in `dir` and rasterises the image; also returns its exit code.
fn draw(dir: &Path, args: &[&str]) -> (Pixmap, i32) {
    let file = dir.join("picture.svg");
    let o = Command::new(BIN)
        .arg("show")
        .args(args)
        .arg("-o")
        .arg(&file)
        .output()
        .unwrap();
    let code = o.status.code().unwrap();
    assert!(code < 2, "{}", String::from_utf8_lossy(&o.stderr));
    let data = std::fs::read(&file).unwrap();
    let tree = usvg::Tree::from_data(&data, &usvg::Options::default()).unwrap();
    let size = tree.size().to_int_size();
    let mut pixmap = Pixmap::new(size.width(), size.height()).unwrap();
    resvg::render(&tree, Transform::default(), &mut pixmap.as_mut());
    (pixmap, code)
}

fn rgb(p: &Pixmap, x: usize, y: usize) -> (u8, u8, u8) {
    let c = p.pixel(x as u32, y as u32).unwrap();
    assert_eq!(c.alpha(), 255, "the image is opaque");
    (c.red(), c.green(), c.blue())
}

fn dark(p: &Pixmap, x: usize, y: usize) -> bool {
    let (r, g, b) = rgb(p, x, y);
    r < 80 && g < 80 && b < 80
}

fn light(p: &Pixmap, x: usize, y: usize) -> bool {
    let (r, g, b) = rgb(p, x, y);
    r > 200 && g > 200 && b > 200
}

/// Top-left corner of the first case's grid.
const X0: usize = MARGIN;
const Y0: usize = MARGIN + TITLE;

#[test]
fn jigsaw_walls_are_dark_where_the_wall_codes_say_and_light_elsewhere() {
    let dir = scratch("svg-jigsaw");
    let input = testdata("hdu4069/sample.in");
    let text = std::fs::read_to_string(&input).unwrap();
    let walls: Vec<u32> = text
        .split_ascii_whitespace()
        .skip(1)
        .take(81)
        .map(|t| t.parse().unwrap())
        .collect();
    let (p, code) = draw(&dir, &[input.to_str().unwrap(), "--case", "1"]);
    assert_eq!(code, 0);
    // Just inside a thick line (it is WALL_WIDTH wide, centred on the cell border), on both
    // sides; a thin line is one pixel wide and leaves these pixels light.
    let sides = |at: usize| [at + WALL_WIDTH / 2 - 1, at - WALL_WIDTH / 2];
    let (mut walled, mut open) = (0, 0);
    for r in 0..9 {
        for c in 1..9 {
            let wall = walls[r * 9 + c - 1] & 32 != 0;
            let y = Y0 + r * CELL + CELL / 4;
            for px in sides(X0 + c * CELL) {
                assert_eq!(
                    dark(&p, px, y),
                    wall,
                    "r{}c{} right side at {px},{y}",
                    r + 1,
                    c
                );
                if !wall {
                    assert!(light(&p, px, y), "r{}c{}: {:?}", r + 1, c, rgb(&p, px, y));
                }
            }
            if wall {
                walled += 1;
            } else {
                open += 1;
            }
        }
    }
    for r in 1..9 {
        for c in 0..9 {
            let wall = walls[(r - 1) * 9 + c] & 64 != 0;
            let x = X0 + c * CELL + CELL / 4;
            let y = Y0 + r * CELL;
            for py in sides(y) {
                assert_eq!(
                    dark(&p, x, py),
                    wall,
                    "r{}c{} down side at {x},{py}",
                    r,
                    c + 1
                );
                if !wall {
                    assert!(light(&p, x, py));
                }
            }
        }
    }
    assert!(
        walled > 10 && open > 10,
        "{walled} walls, {open} open borders"
    );
    // The border is thick all round.
    for i in 0..9 {
        let m = i * CELL + CELL / 2;
        assert!(dark(&p, X0 + 1, Y0 + m) && dark(&p, X0 + 9 * CELL - 2, Y0 + m));
        assert!(dark(&p, X0 + m, Y0 + 1) && dark(&p, X0 + m, Y0 + 9 * CELL - 2));
    }
    // The picture is the grid, its title and the margins.
    assert_eq!(
        (p.width() as usize, p.height() as usize),
        (2 * MARGIN + 9 * CELL, MARGIN + TITLE + 9 * CELL + MARGIN)
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn wrong_cells_are_highlighted_and_diagonals_shaded() {
    let dir = scratch("svg-wrong");
    let out = dir.join("out.txt");
    std::fs::write(&out, "Case #1:\n1342\n2341\n4123\n3214\n").unwrap();
    let input = testdata("hdu5547/sample.in");
    let answer = testdata("hdu5547/sample.out");
    let (p, code) = draw(
        &dir,
        &[
            "-f",
            "hdu5547",
            input.to_str().unwrap(),
            "--answer",
            answer.to_str().unwrap(),
            "--contestant",
            out.to_str().unwrap(),
            "--case",
            "1",
        ],
    );
    assert_eq!(code, 1);
    // Background near a cell's corner (values are centred): r1c2 and r1c3 are wrong.
    let at = |r: usize, c: usize| rgb(&p, X0 + c * CELL + 6, Y0 + r * CELL + 6);
    assert_eq!(at(0, 1), (0xff, 0xb0, 0xb0));
    assert_eq!(at(0, 2), (0xff, 0xb0, 0xb0));
    for (r, c) in [(0, 0), (0, 3), (1, 1), (3, 3)] {
        assert_eq!(at(r, c), (255, 255, 255), "r{}c{}", r + 1, c + 1);
    }
    // One note (the wrong cells) under the grid; the text is wider than the 4x4 grid.
    assert_eq!(
        p.height() as usize,
        MARGIN + TITLE + 4 * CELL + NOTE + MARGIN
    );
    assert!(p.width() as usize > 2 * MARGIN + 4 * CELL);
    // CodeChef J1 (X-sudoku): the cells of both diagonals are grey, the others white.
    let input = testdata("codechef-j1/sample.in");
    let (p, _) = draw(
        &dir,
        &["-f", "codechef-j1", input.to_str().unwrap(), "--case", "1"],
    );
    let at = |r: usize, c: usize| rgb(&p, X0 + c * CELL + 6, Y0 + r * CELL + 6);
    for i in 0..9 {
        assert_eq!(at(i, i), (0xe4, 0xe4, 0xe4));
        assert_eq!(at(i, 8 - i), (0xe4, 0xe4, 0xe4));
        for c in (0..9).filter(|&c| c != i && c + i != 8) {
            assert_eq!(at(i, c), (255, 255, 255), "r{}c{}", i + 1, c + 1);
        }
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn twenty_five_by_twenty_five_has_its_size_and_its_box_walls() {
    let dir = scratch("svg-25");
    let input = testdata("line/size25.in");
    let (p, code) = draw(&dir, &[input.to_str().unwrap(), "--case", "1"]);
    assert_eq!(code, 0);
    assert_eq!(
        (p.width() as usize, p.height() as usize),
        (2 * MARGIN + 25 * CELL, MARGIN + TITLE + 25 * CELL + MARGIN)
    );
    for c in 1..25 {
        let x = X0 + c * CELL + 1;
        let y = Y0 + 7 * CELL + 5;
        assert_eq!(dark(&p, x, y), c % 5 == 0, "column line {c}");
        assert_eq!(
            dark(&p, X0 + 7 * CELL + 5, Y0 + c * CELL + 1),
            c % 5 == 0,
            "row line {c}"
        );
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn every_format_sample_renders_case_under_case() {
    let dir = scratch("svg-every");
    for spec in JUDGES {
        let input = dir.join("in.txt");
        let answer = dir.join("ans.txt");
        std::fs::write(&input, spec.sample.0).unwrap();
        std::fs::write(&answer, spec.sample.1).unwrap();
        let (p, code) = draw(
            &dir,
            &[
                "-f",
                spec.name,
                input.to_str().unwrap(),
                "--answer",
                answer.to_str().unwrap(),
            ],
        );
        assert_eq!(code, 0, "{}", spec.name);
        // The first grid's border starts at the same place in every image (the hexagon's top
        // row one cell in: its square's corner is a hole), and the image is at least that
        // grid's size.
        let x = if spec.input.rows == Rows::Hexagon {
            X0 + CELL
        } else {
            X0
        };
        assert!(dark(&p, x + 1, Y0 + 1), "{}", spec.name);
        assert!(light(&p, 2, 2), "{}", spec.name);
        assert!(p.width() as usize >= 2 * MARGIN + CELL, "{}", spec.name);
    }
    std::fs::remove_dir_all(dir).unwrap();
}

/// The colours inside cell `(r, c)` of the first grid, its border excluded.
fn inside(p: &Pixmap, r: usize, c: usize) -> Vec<(u8, u8, u8)> {
    let (x, y) = (X0 + c * CELL, Y0 + r * CELL);
    let mut v = Vec::new();
    for py in y + WALL_WIDTH..y + CELL - WALL_WIDTH {
        for px in x + WALL_WIDTH..x + CELL - WALL_WIDTH {
            v.push(rgb(p, px, py));
        }
    }
    v
}

#[test]
fn values_are_drawn_givens_black_filled_blue_empty_cells_blank() {
    let dir = scratch("svg-values");
    let input = testdata("poj2676/sample.in");
    let answer = testdata("poj2676/sample.out");
    let text = std::fs::read_to_string(&input).unwrap();
    let givens: Vec<u8> = text
        .lines()
        .skip(1)
        .take(9)
        .flat_map(|l| l.trim().bytes())
        .collect();
    assert_eq!(givens.len(), 81);
    let black = |v: &[(u8, u8, u8)]| {
        v.iter()
            .filter(|&&(r, g, b)| r < 60 && g < 60 && b < 60)
            .count()
    };
    let blue = |v: &[(u8, u8, u8)]| v.iter().filter(|&&(r, _, b)| b > 150 && r < 110).count();
    // The puzzle alone: givens black, empty cells white.
    let (p, _) = draw(&dir, &[input.to_str().unwrap()]);
    for (cell, &g) in givens.iter().enumerate() {
        let v = inside(&p, cell / 9, cell % 9);
        if g == b'0' {
            assert!(
                v.iter().all(|&x| x == (255, 255, 255)),
                "cell {cell} is empty"
            );
        } else {
            assert!(black(&v) > 15, "cell {cell} holds a given");
            assert_eq!(blue(&v), 0);
        }
    }
    // With the answer: the cells it fills are blue, the givens still black.
    let (p, _) = draw(
        &dir,
        &[
            input.to_str().unwrap(),
            "--answer",
            answer.to_str().unwrap(),
        ],
    );
    for (cell, &g) in givens.iter().enumerate() {
        let v = inside(&p, cell / 9, cell % 9);
        if g == b'0' {
            assert!(blue(&v) > 10 && black(&v) == 0, "cell {cell} is filled in");
        } else {
            assert!(black(&v) > 15 && blue(&v) == 0, "cell {cell} holds a given");
        }
    }
    std::fs::remove_dir_all(dir).unwrap();
}

/// Dark pixels in the square of side 12 centred on `(x, y)`.
fn dark_near(p: &Pixmap, x: usize, y: usize) -> usize {
    (x - 6..x + 6)
        .flat_map(|px| (y - 6..y + 6).map(move |py| (px, py)))
        .filter(|&(px, py)| dark(p, px, py))
        .count()
}

/// CQOI 2013's relation marks are drawn as dark signs on the thin borders inside each box
/// (no font needed); a plain 9x9 grid has none there.
#[test]
fn relation_marks_are_dark_signs_on_their_borders() {
    let dir = scratch("svg-marks");
    let input = testdata("cqoi2013/sample1.in");
    let (p, _) = draw(&dir, &["-f", "cqoi2013", input.to_str().unwrap()]);
    let plain = testdata("poj2676/sample.in");
    let (q, _) = draw(&dir, &["-f", "poj2676", plain.to_str().unwrap()]);
    for r in 0..9 {
        for c in (0..8).filter(|c| c % 3 != 2) {
            // The border right of (r, c), and the one below (c, r).
            let (x, y) = (X0 + (c + 1) * CELL, Y0 + r * CELL + CELL / 2);
            assert!(dark_near(&p, x, y) > 0, "r{}c{} |", r + 1, c + 1);
            assert_eq!(dark_near(&q, x, y), 0, "poj2676 r{}c{} |", r + 1, c + 1);
            let (x, y) = (X0 + r * CELL + CELL / 2, Y0 + (c + 1) * CELL);
            assert!(dark_near(&p, x, y) > 0, "r{}c{} _", c + 1, r + 1);
            assert_eq!(dark_near(&q, x, y), 0, "poj2676 r{}c{} _", c + 1, r + 1);
        }
    }
    std::fs::remove_dir_all(dir).unwrap();
}
