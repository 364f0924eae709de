//! Property test of the format readers: random and mutated inputs, fed in random chunks, never
//! panic, always end in cases or a positioned error, and read the same however they are chunked.

use sudoku_judge::format::{Format, ParseError, Reader};
use sudoku_judge::model::Case;

/// xorshift64*: small, seeded, good enough to pick mutations.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

const LINE: &str =
    ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.";

const POJ: &str = "2\n103000509\n002109400\n000704000\n300502006\n060000050\n700803004\n\
000401000\n009205800\n804000107\r\n\n103000509\n002109400\n000704000\n300502006\n060000050\n\
700803004\n000401000\n009205800\n804000107";

const HDU: &str = "1\n144 18 112 208 80 25 54 144 48\n135 38 147 80 121 128 97 130 32\n\
137 32 160 144 114 167 208 0 32\n192 100 160 160 208 96 183 192 101\n\
209 80 39 192 86 48 136 80 114\n152 48 226 144 112 160 160 149 48\n\
128 0 112 166 215 96 160 128 41\n128 39 153 32 209 80 101 136 35\n\
192 96 200 67 80 112 208 68 96\n";

const LEET: &str = r#"[["5","3",".",".","7",".",".",".","."],["6",".",".","1","9","5",".",".","."],[".","9","8",".",".",".",".","6","."],["8",".",".",".","6",".",".",".","3"],["4",".",".","8",".","3",".",".","1"],["7",".",".",".","2",".",".",".","6"],[".","6",".",".",".",".","2","8","."],[".",".",".","4","1","9",".",".","5"],[".",".",".",".","8",".",".","7","9"]]"#;

fn valid(format: Format) -> Vec<u8> {
    match format {
        Format::Poj2676 => POJ.into(),
        Format::Hdu4069 => HDU.into(),
        Format::Line => format!("# c\n{LINE}\n{LINE}:1:x\r\n\n{LINE}\nend\n").into(),
        Format::Leetcode => format!("{LEET}\n {LEET}\n").into(),
    }
}

/// Bytes that matter to some reader, to make mutations land on interesting cases.
const INTERESTING: &[u8] = b"0123456789.\n\r \t#[]\",-ex\x00\xff";

fn mutate(rng: &mut Rng, mut v: Vec<u8>) -> Vec<u8> {
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(v.len() + 1);
        let byte = if rng.below(2) == 0 {
            INTERESTING[rng.below(INTERESTING.len())]
        } else {
            rng.next() as u8
        };
        match rng.below(5) {
            0 if at < v.len() => v[at] = byte,
            1 => v.insert(at, byte),
            2 if at < v.len() => drop(v.remove(at)),
            3 => v.truncate(at),
            _ if at < v.len() => v[at] ^= 1 << rng.below(8),
            _ => {}
        }
    }
    v
}

/// Feeds `input` in random chunks with random `max`, like the pipeline does.
fn drive(rng: &mut Rng, format: Format, input: &[u8]) -> (Vec<Case>, Option<ParseError>) {
    let mut r = Reader::tuned(format);
    let mut buf = Vec::new();
    let mut fed = 0;
    let mut out = Vec::new();
    for _ in 0..1_000_000 {
        let eof = fed == input.len();
        let max = 1 + rng.below(3);
        let before = out.len();
        match r.parse(&buf, eof, &mut out, max) {
            Ok(n) => drop(buf.drain(..n)),
            Err(e) => return (out, Some(e)),
        }
        assert!(out.len() - before <= max, "more than max cases in one call");
        if r.done() {
            return (out, None);
        }
        if eof {
            assert_eq!(out.len() - before, max, "reader stalled at end of input");
            continue;
        }
        let take = (1 + rng.below(100)).min(input.len() - fed);
        buf.extend_from_slice(&input[fed..fed + take]);
        fed += take;
    }
    panic!("reader made no progress");
}

fn whole(format: Format, input: &[u8]) -> (Vec<Case>, Option<ParseError>) {
    let mut r = Reader::tuned(format);
    let mut out = Vec::new();
    match r.parse(input, true, &mut out, usize::MAX) {
        Ok(_) => {
            assert!(r.done(), "not done after the whole input");
            (out, None)
        }
        Err(e) => (out, Some(e)),
    }
}

#[test]
fn random_and_mutated_inputs_read_the_same_in_any_chunks() {
    let seed = std::env::var("FORMAT_FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x5eed_f00d_u64);
    let mut rng = Rng(seed);
    for round in 0..6000 {
        let format = Format::ALL[round % 4];
        let input = match rng.below(6) {
            0 => (0..rng.below(300)).map(|_| rng.next() as u8).collect(),
            1 => (0..rng.below(300))
                .map(|_| INTERESTING[rng.below(INTERESTING.len())])
                .collect(),
            _ => mutate(&mut rng, valid(format)),
        };
        let outcome = std::panic::catch_unwind(|| {
            let want = whole(format, &input);
            let mut chunk_rng = Rng(seed ^ round as u64);
            let got = drive(&mut chunk_rng, format, &input);
            assert_eq!(got, want, "chunked reading differs");
            if let Some(e) = &want.1 {
                assert!(e.pos.line >= 1 && e.pos.col >= 1, "bad position {e}");
                assert!(!e.msg.is_empty());
            }
            for p in &want.0 {
                assert!(p.cells().iter().all(|&d| d <= 9));
            }
        });
        if outcome.is_err() {
            panic!(
                "seed {seed:#x} round {round} format {format}: input {:?}",
                String::from_utf8_lossy(&input)
            );
        }
    }
}

#[test]
fn valid_inputs_read_fully() {
    for format in Format::ALL {
        let (cases, e) = whole(format, &valid(format));
        assert_eq!(e, None, "{format}");
        let want = match format {
            Format::Poj2676 | Format::Leetcode => 2,
            Format::Hdu4069 => 1,
            Format::Line => 3,
        };
        assert_eq!(cases.len(), want, "{format}");
    }
}
