//! What the any-size benches (`sizes`, `sizes_dlx`) share: their command line, a small reader
//! of the 4x4, 16x16 and 25x25 data sets (`datasets`: `../shared/data` or `$SUDOKU_JUDGE_DATA`) with their answers, the seeds'
//! `nxn_dlx` peer's input for a set and its whole-process wall time.
//!
//! The files are read by this small parser (line format: `1`-`4` / `A`-`Y`, `.` empty; `nums`:
//! `n` then `n⁴` numbers per case), not by `sudoku_judge::format`, so that the benches time the
//! solvers on the data whatever the format layer does.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use sudoku_judge::model::{Board, Geometry};

/// What the benches run by default.
const SETS: [&str; 4] = [
    "sudoku16_unique_1000",
    "sudoku16_hard_100",
    "sudoku25_unique_50",
    "sudoku4_all",
];

pub struct Opts {
    pub data: PathBuf,
    /// The `nxn_dlx` peer to run beside ours, if any.
    pub peer: Option<PathBuf>,
    pub repeat: usize,
    pub sets: Vec<String>,
    pub per_puzzle: bool,
}

/// How a bench's command line names the peer (each keeps the one it was first given).
#[expect(
    dead_code,
    reason = "each bench names the peer one way: it builds one variant"
)]
pub enum PeerFlag {
    /// `--peers DIR`: the folder the seeds' build script filled, holding `nxn_dlx`.
    Dir,
    /// `--peer PATH` to the binary, or `--no-peer`.
    Path,
}

/// Where `sh ../shared/peers/seeds/build.sh /tmp/sudoku-judge-peers` puts the peer.
const DEFAULT_PEERS: &str = "/tmp/sudoku-judge-peers";

/// The bench's arguments: `--data DIR`, the peer as `flag` says, `--repeat N` (default
/// `repeat`), `--sets a,b,...`, `--per-puzzle`; `--bench`, which cargo passes, is ignored.
/// The peer defaults to the one in [`DEFAULT_PEERS`] when it has been built.
pub fn parse_opts(repeat: usize, flag: PeerFlag) -> Opts {
    let default_peer = Path::new(DEFAULT_PEERS).join("nxn_dlx");
    let mut o = Opts {
        data: crate::datasets::dir(),
        peer: default_peer.exists().then_some(default_peer),
        repeat,
        sets: SETS.iter().map(|s| s.to_string()).collect(),
        per_puzzle: false,
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut val = || args.next().unwrap_or_else(|| panic!("{a} needs a value"));
        match (a.as_str(), &flag) {
            ("--data", _) => o.data = val().into(),
            ("--peers", PeerFlag::Dir) => o.peer = Some(PathBuf::from(val()).join("nxn_dlx")),
            ("--peer", PeerFlag::Path) => o.peer = Some(val().into()),
            ("--no-peer", PeerFlag::Path) => o.peer = None,
            ("--repeat", _) => o.repeat = val().parse().expect("--repeat N"),
            ("--sets", _) => o.sets = val().split(',').map(String::from).collect(),
            ("--per-puzzle", _) => o.per_puzzle = true,
            ("--bench", _) => {}
            (other, _) => panic!("unknown argument {other}"),
        }
    }
    o
}

/// What a puzzle's answers file says: its unique solution, or that it has several or none.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    Unique(Vec<u8>),
    Multiple,
    None,
}

impl Answer {
    /// The count a solver counting to `limit` must return.
    pub fn count(&self, limit: u64) -> u64 {
        match self {
            Answer::Unique(_) => 1.min(limit),
            Answer::Multiple => 2.min(limit),
            Answer::None => 0,
        }
    }
}

/// One puzzle of a set and its expected answer.
pub struct Case {
    pub board: Board,
    pub answer: Answer,
}

/// A line-format cell: `.` empty, digits up to side 9, `A`-`Y` above.
fn value(side: usize, ch: u8) -> u8 {
    match ch {
        b'.' => 0,
        b'1'..=b'9' if side <= 9 => ch - b'0',
        b'A'..=b'Y' if side > 9 => ch - b'A' + 1,
        _ => panic!("bad cell {:?}", ch as char),
    }
}

/// The lines of a line-format file that are not comments or blank.
fn data_lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .map(str::trim_end)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
}

/// A line-format grid: its box size and cells.
fn line_grid(l: &str) -> (usize, Vec<u8>) {
    let side = l.len().isqrt();
    assert_eq!(side * side, l.len(), "a square grid");
    (side.isqrt(), l.bytes().map(|b| value(side, b)).collect())
}

/// `n`, then `N` lines of `N` integers per case (the answers file: grids only, of box size
/// `box_size`).
fn nums(text: &str, box_size: Option<usize>) -> Vec<(usize, Vec<u8>)> {
    let mut t = text
        .split_ascii_whitespace()
        .map(|t| t.parse::<u8>().expect("a number"));
    let mut out = Vec::new();
    loop {
        let n = match box_size {
            Some(n) => n,
            None => match t.next() {
                Some(n) => n as usize,
                None => break,
            },
        };
        let cells: Vec<u8> = t.by_ref().take(n.pow(4)).collect();
        if cells.is_empty() {
            break;
        }
        out.push((n, cells));
    }
    out
}

/// A puzzle as read: its box size and cells.
type Grid = (usize, Vec<u8>);

/// Reads data set `name` of `dir` (`NAME.txt`, in `nums` for the 25x25 sets and in the line
/// format otherwise, and `NAME.answers.txt`).
pub fn read_set(dir: &Path, name: &str) -> Vec<Case> {
    let read = |f: String| {
        std::fs::read_to_string(crate::datasets::file(dir, &f))
            .unwrap_or_else(|e| panic!("{f}: {e}"))
    };
    let (puzzles, answers): (Vec<Grid>, Vec<Answer>) = if name.starts_with("sudoku25") {
        let p = nums(&read(format!("{name}.txt")), None);
        let a = nums(&read(format!("{name}.answers.txt")), Some(5));
        (p, a.into_iter().map(|(_, g)| Answer::Unique(g)).collect())
    } else {
        let p = data_lines(&read(format!("{name}.txt")))
            .map(line_grid)
            .collect();
        let a = data_lines(&read(format!("{name}.answers.txt")))
            .map(|l| match l {
                "Multiple" => Answer::Multiple,
                "None" => Answer::None,
                _ => Answer::Unique(line_grid(l).1),
            })
            .collect();
        (p, a)
    };
    assert_eq!(puzzles.len(), answers.len(), "{name}: answers line up");
    puzzles
        .into_iter()
        .zip(answers)
        .map(|((n, cells), answer)| Case {
            board: Board::new(Geometry::standard(n), cells),
            answer,
        })
        .collect()
}

/// The peer's input for `cases` and its first argument: POJ 3076 grids for 16x16 (`poj3076`),
/// `nums` cases otherwise (`nums`).
pub fn peer_input(cases: &[Case]) -> (String, &'static str) {
    let side = cases[0].board.side();
    let mut s = String::new();
    if side == 16 {
        for c in cases {
            for row in c.board.cells.chunks(16) {
                s.extend(
                    row.iter()
                        .map(|&v| if v == 0 { '-' } else { (b'A' + v - 1) as char }),
                );
                s.push('\n');
            }
            s.push('\n');
        }
        return (s, "poj3076");
    }
    for c in cases {
        s.push_str(&format!("{}\n", side.isqrt()));
        for row in c.board.cells.chunks(side) {
            let row: Vec<String> = row.iter().map(|v| v.to_string()).collect();
            s.push_str(&row.join(" "));
            s.push('\n');
        }
        s.push('\n');
    }
    (s, "nums")
}

/// Whole-process wall time of the peer on `input`.
pub fn wall_peer(peer: &Path, input: &Path, args: &[&str]) -> Duration {
    let t = Instant::now();
    let status = Command::new(peer)
        .args(args)
        .stdin(std::fs::File::open(input).expect("peer input"))
        .stdout(Stdio::null())
        .status()
        .expect("peer runs");
    assert!(status.success(), "peer failed on {}", input.display());
    t.elapsed()
}

/// The median of `v` (the upper one of an even count).
pub fn median<T: PartialOrd>(mut v: Vec<T>) -> T {
    v.sort_by(|a, b| a.partial_cmp(b).expect("comparable"));
    v.swap_remove(v.len() / 2)
}
