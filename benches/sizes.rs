//! `cargo bench --bench sizes`: the any-size solvers on the 4x4, 16x16 and 25x25 data sets of
//! `../shared/data` (single thread, solver only: counting to 2 and first solution, median rate
//! and slowest puzzle), beside the seeds' `nxn_dlx` peer timed whole-process in the same run.
//!
//! Usage: `cargo bench --bench sizes -- [--data DIR] [--peers DIR] [--repeat N]
//! [--sets a,b,...] [--per-puzzle]`. `--peers` defaults to `/tmp/sudoku-judge-peers` (built by
//! `sh ../shared/peers/seeds/build.sh /tmp/sudoku-judge-peers`); `--per-puzzle` also runs the
//! peer on every 25x25 puzzle alone and compares puzzle by puzzle. Every answer is checked
//! against the set's answers file, so a broken optimisation fails here instead of looking fast.
//!
//! The files are read by a small parser of this bench's own (line format: `A`-`P` / `1`-`4`,
//! `.` empty; `nums`: `n` then `n⁴` numbers), not by `sudoku_judge::format`.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use sudoku_judge::model::{Board, Geometry};
use sudoku_judge::solve::SolverKind;
use sudoku_judge::solve::any::Search;

struct Opts {
    data: PathBuf,
    peers: Option<PathBuf>,
    repeat: usize,
    sets: Vec<String>,
    per_puzzle: bool,
}

const SETS: [&str; 4] = [
    "sudoku16_unique_1000",
    "sudoku16_hard_100",
    "sudoku25_unique_50",
    "sudoku4_all",
];

fn parse_opts() -> Opts {
    let default_peers = PathBuf::from("/tmp/sudoku-judge-peers");
    let mut o = Opts {
        data: Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data"),
        peers: default_peers
            .join("nxn_dlx")
            .exists()
            .then_some(default_peers),
        repeat: 5,
        sets: SETS.iter().map(|s| s.to_string()).collect(),
        per_puzzle: false,
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut val = || args.next().unwrap_or_else(|| panic!("{a} needs a value"));
        match a.as_str() {
            "--data" => o.data = val().into(),
            "--peers" => o.peers = Some(val().into()),
            "--repeat" => o.repeat = val().parse().expect("--repeat N"),
            "--sets" => o.sets = val().split(',').map(String::from).collect(),
            "--per-puzzle" => o.per_puzzle = true,
            "--bench" => {}
            other => panic!("unknown argument {other}"),
        }
    }
    o
}

/// What a puzzle's answer says: its unique solution, or how many it has otherwise.
#[derive(Clone, Debug, PartialEq)]
enum Answer {
    Unique(Vec<u8>),
    Multiple,
    None,
}

/// One data set: boards, answers, and the file the peer reads.
struct Set {
    boards: Vec<Board>,
    answers: Vec<Answer>,
    /// The peer's input (POJ 3076 or `nums`) and its first argument.
    peer_input: Vec<u8>,
    peer_mode: &'static str,
}

/// A line-format cell: digits up to 9x9, letters from `A` = 1 above, `.` empty.
fn cell(b: u8, side: usize) -> u8 {
    match b {
        b'.' => 0,
        b'1'..=b'9' if side <= 9 => b - b'0',
        b'A'..=b'Y' if side > 9 => b - b'A' + 1,
        _ => panic!("bad cell {:?}", b as char),
    }
}

fn data_lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .map(str::trim_end)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
}

fn read_line_set(dir: &Path, name: &str) -> Set {
    let text = std::fs::read_to_string(dir.join(format!("{name}.txt"))).unwrap();
    let answers = std::fs::read_to_string(dir.join(format!("{name}.answers.txt"))).unwrap();
    let mut set = Set {
        boards: Vec::new(),
        answers: Vec::new(),
        peer_input: Vec::new(),
        peer_mode: "poj3076",
    };
    for (line, answer) in data_lines(&text).zip(data_lines(&answers)) {
        let side = (line.len() as f64).sqrt() as usize;
        let n = (side as f64).sqrt() as usize;
        let cells: Vec<u8> = line.bytes().map(|b| cell(b, side)).collect();
        set.answers.push(match answer {
            "Multiple" => Answer::Multiple,
            "None" => Answer::None,
            a => Answer::Unique(a.bytes().map(|b| cell(b, side)).collect()),
        });
        if side == 16 {
            // POJ 3076: 16 lines of `A`-`P` with `-` empty, a blank line between grids.
            for row in line.as_bytes().chunks(16) {
                set.peer_input
                    .extend(row.iter().map(|&b| if b == b'.' { b'-' } else { b }));
                set.peer_input.push(b'\n');
            }
            set.peer_input.push(b'\n');
        } else {
            set.peer_mode = "nums";
            push_nums(&mut set.peer_input, n, &cells);
        }
        set.boards.push(Board::new(Geometry::standard(n), cells));
    }
    set
}

/// A `nums` case: `n`, then the rows of numbers, then a blank line.
fn push_nums(out: &mut Vec<u8>, n: usize, cells: &[u8]) {
    out.extend(format!("{n}\n").bytes());
    for row in cells.chunks(n * n) {
        let row: Vec<String> = row.iter().map(u8::to_string).collect();
        out.extend(row.join(" ").bytes());
        out.push(b'\n');
    }
    out.push(b'\n');
}

fn read_nums_set(dir: &Path, name: &str, n: usize) -> Set {
    let path = dir.join(format!("{name}.txt"));
    let text = std::fs::read_to_string(&path).unwrap();
    let answers = std::fs::read_to_string(dir.join(format!("{name}.answers.txt"))).unwrap();
    let numbers = |t: &str| -> Vec<u8> {
        t.split_ascii_whitespace()
            .map(|x| x.parse().unwrap())
            .collect()
    };
    let cells = n.pow(4);
    let puzzles = numbers(&text);
    let boards: Vec<Board> = puzzles
        .chunks(cells + 1)
        .map(|c| {
            assert_eq!(c[0] as usize, n);
            Board::new(Geometry::standard(n), c[1..].to_vec())
        })
        .collect();
    let answers = numbers(&answers)
        .chunks(cells)
        .map(|a| Answer::Unique(a.to_vec()))
        .collect();
    Set {
        boards,
        answers,
        peer_input: text.into_bytes(),
        peer_mode: "nums",
    }
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
}

/// What [`measure`] found: the median rate, each board's fastest time, and the answers
/// (count, grid) of the first run.
type Measured = (f64, Vec<Duration>, Vec<(u64, Vec<u8>)>);

/// Every board solved `repeat` times; the median rate, each board's fastest time, and the
/// answers of the first run.
fn measure(s: &mut dyn Search, boards: &[Board], limit: u64, repeat: usize) -> Measured {
    let mut outs = Vec::new();
    let mut rates = Vec::new();
    let mut each = vec![Duration::MAX; boards.len()];
    let mut first = Vec::new();
    for run in 0..repeat {
        let t = Instant::now();
        for (i, b) in boards.iter().enumerate() {
            let t1 = Instant::now();
            let n = s.count(b, limit, &mut first);
            each[i] = each[i].min(t1.elapsed());
            if run == 0 {
                outs.push((n, first.clone()));
            }
        }
        rates.push(boards.len() as f64 / t.elapsed().as_secs_f64());
    }
    (median(rates), each, outs)
}

fn check(name: &str, set: &Set, outs: &[(u64, Vec<u8>)], limit: u64) {
    for (i, ((n, first), want)) in outs.iter().zip(&set.answers).enumerate() {
        let b = &set.boards[i];
        match want {
            Answer::Unique(a) => assert!(*n == 1 && first == a, "{name} puzzle {}", i + 1),
            Answer::Multiple => assert_eq!(*n, limit, "{name} puzzle {}", i + 1),
            Answer::None => assert_eq!(*n, 0, "{name} puzzle {}", i + 1),
        }
        if *n > 0 {
            assert!(b.is_solved_by(first), "{name} puzzle {}", i + 1);
        }
    }
}

/// The peer on `input`, whole process, `repeat` times: the median seconds.
fn time_peer(peer: &Path, args: &[&str], input: &Path, repeat: usize) -> f64 {
    let times = (0..repeat)
        .map(|_| {
            let t = Instant::now();
            let status = Command::new(peer)
                .args(args)
                .stdin(std::fs::File::open(input).unwrap())
                .stdout(Stdio::null())
                .status()
                .unwrap();
            assert!(status.success(), "{} failed", peer.display());
            t.elapsed().as_secs_f64()
        })
        .collect();
    median(times)
}

fn row(set: &str, n: usize, who: &str, mode: &str, rate: f64, note: &str) {
    println!("{set:<22} {n:>5}  {who:<26} {mode:<7} {rate:>11.0}/s  {note}");
}

fn main() {
    let o = parse_opts();
    println!(
        "{:<22} {:>5}  {:<26} {:<7} {:>13}  slowest / ratio",
        "data set", "cases", "solver (1 thread)", "mode", "rate"
    );
    let scratch = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/bench-data");
    std::fs::create_dir_all(&scratch).unwrap();
    for name in &o.sets {
        let set = if name.starts_with("sudoku25") {
            read_nums_set(&o.data, name, 5)
        } else {
            read_line_set(&o.data, name)
        };
        let n = set.boards.len();
        let input = scratch.join(format!("{name}.{}", set.peer_mode));
        std::fs::write(&input, &set.peer_input).unwrap();
        for (mode, limit, peer_args) in [
            ("count2", 2, vec![set.peer_mode, "count2"]),
            ("first", 1, vec![set.peer_mode]),
        ] {
            let mut s = SolverKind::Bitmask.build_any();
            let (rate, each, outs) = measure(s.as_mut(), &set.boards, limit, o.repeat);
            check(name, &set, &outs, limit);
            let (slow_i, slow) = each.iter().enumerate().max_by_key(|e| e.1).unwrap();
            let slowest = format!("{:.0} us (puzzle {})", slow.as_secs_f64() * 1e6, slow_i + 1);
            row(name, n, "bitmask (solver only)", mode, rate, &slowest);
            let Some(dir) = &o.peers else { continue };
            let peer = dir.join("nxn_dlx");
            let secs = time_peer(&peer, &peer_args, &input, o.repeat);
            let ratio = format!("bitmask {:.1}x the peer", rate * secs / n as f64);
            row(
                name,
                n,
                "seeds nxn_dlx (process)",
                mode,
                n as f64 / secs,
                &ratio,
            );
            if o.per_puzzle && name.starts_with("sudoku25") {
                // Puzzle by puzzle: the peer's whole process on that puzzle alone.
                let mut slowest_ratio = f64::MAX;
                for (i, b) in set.boards.iter().enumerate() {
                    let one = scratch.join("one.nums");
                    let mut text = Vec::new();
                    push_nums(&mut text, 5, &b.cells);
                    std::fs::write(&one, text).unwrap();
                    let peer_secs = time_peer(&peer, &peer_args, &one, 3);
                    let r = peer_secs / each[i].as_secs_f64();
                    slowest_ratio = slowest_ratio.min(r);
                    if r < 1.0 {
                        println!("  puzzle {}: peer {peer_secs:.4} s, bitmask slower", i + 1);
                    }
                }
                println!("  per puzzle: bitmask at least {slowest_ratio:.1}x the peer");
            }
        }
        println!();
    }
}
