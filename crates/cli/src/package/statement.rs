//! The problem statement, in LaTeX, written from the format's record: the judge problem it
//! is, what a case is, the input and output layout, the words of the answers, the notes on
//! what the statement leaves open, and the sample (which judge systems also show from
//! `data/sample/`). A starting point for the setter to edit, never a copy of the judge's
//! text.

use crate::format::spec::{Cells, Container, Rows, Sep, Size, Spec};
use crate::model::Mode;

/// The problem's title and the judge problem it comes from: `Squiggly Sudoku` and `HDU
/// 4069`, from `HDU 4069 "Squiggly Sudoku"`.
pub fn title_and_source(spec: &Spec) -> (String, String) {
    let mut parts = spec.judge.splitn(3, '"');
    let source = parts.next().unwrap_or("").trim().to_string();
    let title = parts.next().unwrap_or(spec.name).trim().to_string();
    let source = if source.is_empty() {
        spec.judge.to_string()
    } else {
        source
    };
    (title, source)
}

/// The statement `problem.en.tex`.
pub fn latex(spec: &Spec) -> String {
    let (title, _) = title_and_source(spec);
    let mut t = String::new();
    t.push_str(&format!("\\problemname{{{}}}\n\n", tex(&title)));
    t.push_str(&format!(
        "This problem is {} in the form of the judge problem {}: {}.\n\n",
        tex(spec.mode.describe()),
        tex(spec.judge),
        tex(spec.summary)
    ));
    if spec.on_net() {
        t.push_str(&format!("{}\n\n", net_rules(spec.input.rows)));
    } else {
        let sizes = spec.box_sizes();
        let (lo, hi) = (sizes.start() * sizes.start(), sizes.end() * sizes.end());
        t.push_str(&format!(
            "A grid of side $N$ is split into $N$ boxes; every row, column and box must hold each \
             value from 1 to $N$ exactly once{}. {}\n\n",
            if spec.input.diagonals {
                ", and so must both main diagonals"
            } else {
                ""
            },
            if lo == hi {
                format!("Here $N = {lo}$.")
            } else {
                format!("Here $N$ is a square from {lo} to {hi}.")
            }
        ));
    }
    t.push_str("\\section*{Input}\n\n");
    t.push_str(&input(spec));
    t.push_str("\n\n\\section*{Output}\n\n");
    t.push_str(&output(spec));
    t.push('\n');
    if !spec.notes.is_empty() {
        t.push_str("\n\\section*{Notes}\n\n\\begin{itemize}\n");
        for n in spec.notes {
            t.push_str(&format!("\\item {}\n", tex(n)));
        }
        t.push_str("\\end{itemize}\n");
    }
    if t.contains("\\cjk{") {
        t.insert_str(0, CJK);
    }
    // The name problemtools reads for problem.yaml's (legacy) when \problemname holds LaTeX.
    if tex(&title) != title {
        t.insert_str(0, &format!("%% plainproblemname: {title}\n"));
    }
    t
}

/// The paragraph that shows the sample's picture `image` (in the statement's folder) of
/// `cases` cases, one under another: a figure pdflatex and problem2html both take.
pub fn figure(image: &str, cases: usize) -> String {
    let which = match cases {
        1 => "The case of the sample, drawn".to_string(),
        n => format!("The {n} cases of the sample, drawn one under another"),
    };
    // Tall pictures (several cases stacked) are held to the page's height.
    format!(
        "\n\\section*{{Sample, drawn}}\n\n{which}: thick lines mark the walls of the \
         regions every value must fill once.\n\n\\begin{{center}}\n\
         \\includegraphics[width=0.45\\textwidth,height=0.7\\textheight,keepaspectratio]{{{}}}\n\
         \\end{{center}}\n",
        image
    )
}

fn input(spec: &Spec) -> String {
    let i = &spec.input;
    if i.container == Container::NoInput {
        return "There is no input.".to_string();
    }
    let mut s = match i.container {
        Container::Count => match i.max_cases {
            Some(m) => format!(
                "The input starts with a line holding the number of cases $T$ ($1 \\le T \\le \
                 {m}$), then the $T$ cases."
            ),
            None => "The input starts with a line holding the number of cases $T$, then the \
                     $T$ cases."
                .to_string(),
        },
        Container::Eof => {
            let most = i
                .max_cases
                .map_or(String::new(), |m| format!(" (at most {m})"));
            format!("The input holds cases{most} until the end of the file.")
        }
        Container::Single => "The input holds one case.".to_string(),
        Container::EndWord(w) if i.rows == Rows::Dominoes => format!(
            "The input holds cases until a line holding only \\texttt{{{}}}.",
            tex(w)
        ),
        Container::NoInput => String::new(),
        Container::EndWord(w) => format!(
            "The input holds one case per line until a line holding only \\texttt{{{}}} or \
             the end of the file.",
            tex(w)
        ),
    };
    s.push(' ');
    s.push_str(&match i.size {
        Size::Fixed(_) => "Each case is a grid".to_string(),
        Size::Line { min, max } => format!(
            "Each case starts with a line holding the box size $n$ (${min} \\le n \\le {max}$), \
             then the grid of side $N = n^2$"
        ),
        Size::FromLength => "Each case is a grid whose size is given by its number of cells".into(),
        Size::Net => "Each case is a board".into(),
    });
    if let Some(l) = i.label {
        s.push_str(&format!(
            ", after a line \\texttt{{{} NN}} with its number",
            tex(l.word)
        ));
    }
    s.push_str(", written ");
    s.push_str(match i.rows {
        Rows::Chars => "one row per line, one character per cell",
        Rows::Tokens => "one row per line, the cells separated by single spaces",
        Rows::Boxed => "one row per line, the cells separated by spaces, with \\texttt{|} between boxes and a line of dashes between bands",
        Rows::Framed => "one row per line inside a frame of \\texttt{+}, \\texttt{-} and \\texttt{|}",
        Rows::Free => "as $N^2$ numbers in any layout",
        Rows::OneLine => "all on one line, row after row",
        Rows::Killer => "one row per line, its cells, a space and one cage id (\\texttt{a}--\\texttt{z}, \\texttt{A}--\\texttt{Z}) per cell, then a line of \\texttt{id=sum} tokens: the digits of a cage differ and add up to its sum",
        Rows::KillerSet => "as the number of puzzles, then for each a line of one cage id per cell, then for each a line of \\texttt{id=sum} tokens",
        Rows::Dominoes => "as the number $D$ of dominoes placed, then $D$ lines \\texttt{U LU V LV} (value U at location LU, value V at the neighbouring location LV; a location is a row letter \\texttt{A}--\\texttt{I} and a column digit \\texttt{1}--\\texttt{9}), then a line of the nine locations of the digits 1 to 9. The other 72 cells are covered by the 36 dominoes $\\{a, b\\}$, $a \\ne b$, each used exactly once",
        Rows::Pair => "as two grids, a solved grid then a puzzle, each one row per line, one character per cell",
        Rows::Grids => "as the number $n$ of puzzles, then the $n$ puzzles, each one row per line, one character per cell, a blank line between two puzzles. Two puzzles are similar when a sequence of operations turns one into the other: \\texttt{D x y} swaps the digits $x$ and $y$ everywhere, \\texttt{R a b} swaps bands $a$ and $b$ (1--3), \\texttt{r a b} swaps rows $a$ and $b$ (1--9) of one band, \\texttt{C a b} swaps stacks, \\texttt{c a b} columns of one stack, and \\texttt{F} flips the grid about its main diagonal; empty cells stay empty",
        Rows::Hexagon => "as a line $K$ $N$ ($7 \\le K \\le 31$; the $N$-th solution in order is asked), then the values of the 31 cells in any layout",
        Rows::Split => "as six lines of six cells separated by single spaces; a split cell is its two values joined by \\texttt{/}, the smaller first (either may be empty: \\texttt{-/5})",
        Rows::Marks(_) => "as marks between neighbours inside each box: for each band, a line of marks inside each of its rows and a line of marks between each two of its rows, alternating",
    });
    s.push_str(". ");
    s.push_str(&match i.cells {
        Cells::Alphabet { values, empty } => format!(
            "Values are written {}; an empty cell is \\texttt{{{}}}.",
            alphabet(values),
            tex(&String::from_utf8_lossy(&empty[..1]))
        ),
        Cells::Walls => String::new(),
        Cells::Numbers if spec.on_net() => {
            "Values are the numbers 1 to $K$; an empty cell is 0.".into()
        }
        Cells::Numbers => "Values are the numbers 1 to $N$; an empty cell is 0.".into(),
        Cells::BySize => "Values are digits \\texttt{1}--\\texttt{9} up to $N = 9$ and letters \
                          from \\texttt{A} above; an empty cell is \\texttt{.} or \\texttt{0}."
            .into(),
    });
    if spec.tuned == Some(crate::format::Format::Hdu4069) {
        s.push_str(
            " Each number is the cell's digit (0 when empty) plus 16 for a wall on its upper \
             side, 32 on its right, 64 below and 128 on its left; the regions are the nine \
             connected groups of nine cells the walls cut out, and they take the place of the \
             boxes.",
        );
    }
    if let Some(sep) = sep(i.sep) {
        s.push_str(&format!(" Cases are separated by {sep}."));
    }
    s
}

fn output(spec: &Spec) -> String {
    let o = &spec.output;
    let mut s = format!("For each case, print {}.", tex(spec.mode.describe()));
    if spec.mode == Mode::Similar {
        s.push_str(
            " For each pair of puzzles $i < j$ in the order $(1, 2), (1, 3), \\ldots, (1, n), (2, 3), \\ldots$, \
             print \\texttt{Yes}, then a line with the number $q$ of operations ($0 \\le q \\le \
             1000$) and $q$ lines of operations that turn puzzle $i$ into puzzle $j$ when applied \
             in order; or \\texttt{No} when no sequence does. Any such sequence is accepted.",
        );
        return s;
    }
    if let Some(h) = o.header {
        s.push_str(&format!(
            " Each answer starts with the line \\texttt{{{}}}, $k$ being the case number.",
            tex(&h.replace("{k}", "k").replace("{label}", "Grid NN"))
        ));
    }
    let w = &o.words;
    let words = [
        (w.none, "when there is no solution"),
        (w.multiple, "when there are several solutions"),
        (w.not_minimal, "when some given can be removed"),
        (w.illegal, "when the givens clash"),
        (w.unique, "when there is one solution"),
        (w.yes, "when the grid is right"),
        (w.no, "when it is not"),
        (w.easy, "when singles solve the puzzle"),
        (w.not_easy, "when they do not"),
    ];
    for (word, when) in words {
        if let Some(word) = word {
            s.push_str(&format!(" Print \\texttt{{{}}} {when}.", tex(word)));
        }
    }
    if let Some(sep) = sep(o.sep) {
        s.push_str(&format!(" Answers are separated by {sep}."));
    }
    s.push_str(if spec.any_grid {
        " Any valid solution is accepted."
    } else {
        " The output must match the expected answer token for token."
    });
    s
}

fn sep(sep: Sep) -> Option<String> {
    match sep {
        Sep::None => None,
        Sep::BlankBetween => Some("a blank line".into()),
        Sep::BlankAfter => Some("a blank line after each, the last included".into()),
        Sep::BlankBefore => Some("a blank line before each, the first included".into()),
        Sep::LineBetween(l) => Some(format!("a line \\texttt{{{}}}", tex(l))),
        Sep::LineAfter(l) => Some(format!(
            "a line \\texttt{{{}}} after each, the last included",
            tex(l)
        )),
    }
}

/// `\texttt{1}--\texttt{9}` for an alphabet of consecutive characters, else the list.
fn alphabet(values: &[u8]) -> String {
    let run = values.windows(2).all(|w| w[1] == w[0] + 1);
    let one = |b: u8| format!("\\texttt{{{}}}", tex(&(b as char).to_string()));
    match (values.first(), values.last()) {
        (Some(&a), Some(&z)) if run => format!("{}--{} in order", one(a), one(z)),
        _ => {
            let (digits, letters): (Vec<u8>, Vec<u8>) =
                values.iter().partition(|b| b.is_ascii_digit());
            format!("{} then {}", alphabet(&digits), alphabet(&letters))
        }
    }
}

/// Text made safe for LaTeX: its special characters escaped, `code` in typewriter type and
/// the few symbols the records use in math mode.
pub fn tex(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 8);
    let mut code = false;
    for c in s.chars() {
        match c {
            '`' => {
                out.push_str(if code { "}" } else { "\\texttt{" });
                code = !code;
            }
            '\\' => out.push_str("\\textbackslash{}"),
            '{' | '}' | '#' | '$' | '%' | '&' | '_' => {
                out.push('\\');
                out.push(c);
            }
            '~' => out.push_str("\\textasciitilde{}"),
            '^' => out.push_str("\\textasciicircum{}"),
            '<' => out.push_str("\\textless{}"),
            '>' => out.push_str("\\textgreater{}"),
            '|' => out.push_str("\\textbar{}"),
            '×' => out.push_str("$\\times$"),
            'Σ' => out.push_str("$\\Sigma$"),
            '≤' => out.push_str("$\\le$"),
            '²' => out.push_str("$^2$"),
            '⁴' => out.push_str("$^4$"),
            '·' => out.push_str("$\\cdot$"),
            '—' => out.push_str("---"),
            '–' => out.push_str("--"),
            _ => out.push(c),
        }
    }
    let mut out = cjk_runs(&out);
    if code {
        out.push('}');
    }
    out
}

/// Chinese, Japanese and Korean characters (the Chinese titles of Luogu, ECNU and AcWing
/// problems): each run of them set in [`CJK`]'s `\cjk{...}`.
fn cjk_runs(s: &str) -> String {
    let wide = |c: char| matches!(c as u32, 0x3000..=0x303f | 0x3400..=0x4dbf | 0x4e00..=0x9fff | 0xff00..=0xffef);
    let mut out = String::with_capacity(s.len());
    let mut open = false;
    for c in s.chars() {
        if wide(c) != open {
            out.push_str(if open { "}" } else { "\\cjk{" });
            open = !open;
        }
        out.push(c);
    }
    if open {
        out.push('}');
    }
    out
}

/// `\cjk{...}`, defined at the top of a statement that has such characters: under LuaLaTeX
/// (problem2pdf) a CJK font where one is installed (Noto Serif CJK SC from fonts-noto-cjk, or
/// WenQuanYi Zen Hei from fonts-wqy-zenhei), for the class's Latin fonts have no such glyphs;
/// under plasTeX (problem2html) the characters as they are, for the browser to draw.
pub const CJK: &str = "% Chinese characters: a CJK font where one is installed (problem2pdf), the\n\
% characters as they are in HTML (problem2html).\n\
\\ifplastex\\providecommand{\\cjk}[1]{#1}\\else\\ifdefined\\cjkfont\\else\n\
\\IfFontExistsTF{Noto Serif CJK SC}{\\newfontfamily\\cjkfont{Noto Serif CJK SC}}\n\
{\\IfFontExistsTF{WenQuanYi Zen Hei}{\\newfontfamily\\cjkfont{WenQuanYi Zen Hei}}\n\
{\\let\\cjkfont\\relax}}\\fi\n\
\\providecommand{\\cjk}[1]{{\\cjkfont #1}}\\fi\n\n";

/// The rules of a problem on a net, for its statement.
fn net_rules(rows: Rows) -> &'static str {
    match rows {
        Rows::Hexagon => {
            "The board is SGU 437's hexagon of 31 cells, numbered 1 to 31 row by row from the \
             top (rows of 2, 5, 6, 5, 6, 5 and 2 cells). Its lines in each of the three \
             directions, and its seven windows (a cell and its six neighbours, around cells 5, \
             9, 12, 16, 20, 23 and 27), hold no value twice; values are 1 to $K$. Solutions are \
             ordered by their values cell by cell."
        }
        _ => {
            "The board is a $6 \\times 6$ grid of $2 \\times 3$ regions (two rows tall, three \
             columns wide) whose cells hold digits from 1 to 9; a split cell holds two, the \
             smaller first. No digit repeats in a row, a column or a region, both digits of a \
             split cell counting."
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::judges::{JUDGES, find};

    #[test]
    fn titles_and_sources_come_from_the_judge() {
        let hdu = find("hdu4069").unwrap();
        assert_eq!(
            title_and_source(hdu),
            ("Squiggly Sudoku".into(), "HDU 4069".into())
        );
        let kattis = find("kattis-sudokunique").unwrap();
        assert_eq!(title_and_source(kattis).0, "sudokunique");
    }

    /// Chinese titles keep their glyphs: each run in `\\cjk{...}`, defined on top.
    #[test]
    fn chinese_is_set_in_a_cjk_font() {
        assert_eq!(
            tex("Luogu P1074 \"靶形数独\" (NOIP)"),
            "Luogu P1074 \"\\cjk{靶形数独}\" (NOIP)"
        );
        let t = latex(find("luogu-p1784").unwrap());
        assert!(t.starts_with("%% plainproblemname: 数独\n"), "{t}");
        assert!(t.contains(CJK), "{t}");
        assert!(t.contains("\\problemname{\\cjk{数独}}"), "{t}");
        assert!(!latex(find("poj2676").unwrap()).contains("cjk"));
    }

    #[test]
    fn special_characters_are_escaped() {
        assert_eq!(
            tex("a_b #1 50% `x|y`"),
            "a\\_b \\#1 50\\% \\texttt{x\\textbar{}y}"
        );
        assert_eq!(tex("3×3 {k}"), "3$\\times$3 \\{k\\}");
    }

    #[test]
    fn every_statement_has_its_sections_and_balanced_braces() {
        for spec in JUDGES {
            let t = latex(spec);
            // After the plain name and \\cjk's definition, where the title has Chinese.
            let from = t.find("\\problemname{").unwrap();
            assert!(
                t[..from]
                    .lines()
                    .all(|l| l.is_empty() || l.starts_with('%') || l.contains("cjk")),
                "{}",
                spec.name
            );
            assert!(t.contains("\\section*{Input}") && t.contains("\\section*{Output}"));
            let depth = t.chars().try_fold(0i32, |d, c| {
                let d = d + i32::from(c == '{') - i32::from(c == '}');
                (d >= 0).then_some(d)
            });
            let escaped = t.matches("\\{").count() as i32 - t.matches("\\}").count() as i32;
            assert_eq!(depth.map(|d| d - escaped), Some(0), "{}: {t}", spec.name);
            assert_eq!(
                t.matches('$').count() % 2,
                t.matches("\\$").count() % 2,
                "{}",
                spec.name
            );
        }
        let hdu = latex(find("hdu4069").unwrap());
        assert!(
            hdu.contains("\\texttt{No solution} when there is no solution"),
            "{hdu}"
        );
        let easudoku = latex(find("spoj-easudoku").unwrap());
        assert!(easudoku.contains("$1 \\le T \\le 14$"), "{easudoku}");
    }
}
