//! What to generate, for every format alike: a [`Request`] (the format's [`Spec`], the kinds
//! of case and their weights, the sizes, layouts and givens, minimal or graded puzzles, edge
//! cases first, the seed), the vocabulary it is written in ([`Kind`], [`Mix`],
//! [`Difficulty`], [`LayoutChoice`]), and what comes back: a case of the one case type with the
//! kind it was made as ([`Made`]), or why it could not be made ([`Impossible`]).

use crate::rng::Rng;
use crate::format::Format;
use crate::format::holds::Bounds;
use crate::format::spec::Spec;
use crate::model::Case;
use std::fmt;

/// What a case is, by its solution count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Unique,
    /// No solution; `clash` when two givens already repeat a digit in a unit.
    None {
        clash: bool,
    },
    Multiple,
}

/// The layouts to draw from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LayoutChoice {
    Standard,
    Jigsaw,
    /// Standard or jigsaw, half and half.
    Mixed,
}

/// Difficulty of unique 9x9 puzzles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Difficulty {
    /// Solved by naked and hidden singles.
    Easy,
    /// Solved by singles with naked pairs, pointing/claiming and hidden pairs.
    Medium,
    /// Not solved by those rules; the bitmask solver guesses at most [`HARD_GUESSES`] times.
    Hard,
    /// Not solved by the rules and more guessing than `Hard`.
    Extreme,
}

/// Most guesses (count to 2) of a `Hard` puzzle; more is `Extreme`.
pub const HARD_GUESSES: u64 = 6;

impl Difficulty {
    pub const ALL: [Difficulty; 4] = [
        Difficulty::Easy,
        Difficulty::Medium,
        Difficulty::Hard,
        Difficulty::Extreme,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
            Difficulty::Extreme => "extreme",
        }
    }
}

/// Relative weights of unique, no-solution and multiple-solution cases.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mix {
    pub unique: u32,
    pub none: u32,
    pub multiple: u32,
}

impl Mix {
    /// Parses `unique=70,none=15,multiple=15` (any subset; missing kinds weigh 0).
    pub fn parse(s: &str) -> Result<Mix, String> {
        let mut m = Mix {
            unique: 0,
            none: 0,
            multiple: 0,
        };
        let mut seen: Vec<&str> = Vec::new();
        for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (k, v) = part
                .split_once('=')
                .ok_or_else(|| format!("'{part}': expected KIND=WEIGHT"))?;
            let v: u32 = v
                .trim()
                .parse()
                .map_err(|_| format!("'{part}': weight is not a whole number"))?;
            let k = k.trim();
            let slot = match k {
                "unique" => &mut m.unique,
                "none" => &mut m.none,
                "multiple" => &mut m.multiple,
                other => {
                    return Err(format!(
                        "unknown kind '{other}' (known: unique, none, multiple)"
                    ));
                }
            };
            // `unique=1,unique=2` says two things of one kind: refused, not the last one taken.
            if seen.contains(&k) {
                return Err(format!("kind '{k}' is named twice: give each kind once"));
            }
            seen.push(k);
            *slot = v;
        }
        if m.total() == 0 {
            return Err("the weights add up to 0".into());
        }
        Ok(m)
    }

    fn total(&self) -> u64 {
        self.unique as u64 + self.none as u64 + self.multiple as u64
    }

    /// A kind drawn with these weights.
    pub fn pick(&self, rng: &mut Rng) -> Kind {
        let x = rng.below(self.total());
        if x < self.unique as u64 {
            Kind::Unique
        } else if x < (self.unique + self.none) as u64 {
            Kind::None {
                clash: rng.chance(1, 2),
            }
        } else {
            Kind::Multiple
        }
    }
}

/// The edge cases, in the order `--edge` puts them first in a file.
pub const EDGES: [&str; 4] = [
    "empty grid",
    "full grid",
    "one empty cell",
    "full grid but one given that clashes",
];

/// What to make: the cases of one format, case `i` drawn from `(seed, i)` alone.
///
/// The four core formats' 9x9 requests are made by the tuned 9x9 makers ([`Request::nine`]),
/// the rest by the any-size makers on boards; the caller sees one maker either way
/// ([`super::maker::Maker`]).
#[derive(Clone, Debug)]
pub struct Request {
    /// The format the cases are spelled in, and whose problem they are cases of.
    pub spec: &'static Spec,
    pub mix: Mix,
    /// Box sizes to draw from, one per case (`[3]`: 9x9).
    pub sizes: Vec<usize>,
    /// Region layouts: jigsaws only where the format can write them (HDU 4069).
    pub layout: LayoutChoice,
    /// Inclusive range of givens; `None` for the defaults of the format, size and kind.
    pub clues: Option<(usize, usize)>,
    /// Unique cases are minimal.
    pub minimal: bool,
    /// Unique cases have this difficulty (9x9 formats only).
    pub difficulty: Option<Difficulty>,
    /// The first cases are the edge cases of [`EDGES`] (each that [`Request::edge_case`]
    /// allows; the others are ordinary cases).
    pub edge: bool,
    pub seed: u64,
    /// How far the cases may go: what the judge's data holds (the default), up to the
    /// promise's letter (`--beyond`), or anywhere.
    pub reach: Reach,
}

/// How far a request's cases may go ([`Spec::bounds`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    /// Inside what the judge's real data holds.
    Data,
    /// Up to the statement's promise (`--beyond`): clashing givens for UVa 989.
    Promise,
    /// Anything: a package's own templates (a full grid to carve cases from), never a file's
    /// cases as such.
    Any,
}

impl Request {
    /// The cases a package and the library make of `spec` with no other wish: the format's own
    /// mix of kinds and givens ([`Spec::generate`]), jigsaw layouts for HDU 4069, 9x9 for the
    /// core formats and every size the format allows for the others.
    pub fn of(spec: &'static Spec, seed: u64) -> Request {
        let g = spec.generate;
        let core = spec.core();
        Request {
            spec,
            mix: Mix {
                unique: g.unique,
                none: g.none,
                multiple: g.multiple,
            },
            sizes: if core.is_some() {
                vec![3]
            } else {
                spec.box_sizes().collect()
            },
            layout: if core == Some(Format::Hdu4069) {
                LayoutChoice::Jigsaw
            } else {
                LayoutChoice::Standard
            },
            clues: if core.is_some() { None } else { g.clues },
            minimal: false,
            difficulty: None,
            edge: false,
            seed,
            reach: Reach::Data,
        }
    }

    /// What this request may write of its format ([`Spec::bounds`]).
    pub fn bounds(&self) -> Bounds {
        match self.reach {
            Reach::Data => self.spec.bounds(false),
            Reach::Promise => self.spec.bounds(true),
            Reach::Any => Bounds {
                clash: true,
                unsolvable: true,
                several: true,
                full: true,
                empty: true,
                one_empty: true,
            },
        }
    }

    /// A kind drawn with the request's weights, kept inside its bounds: a case without a
    /// solution is made with or without a clash as the bounds allow (the draw is the same
    /// either way, so a format whose bounds allow both gets the cases it always had).
    pub fn pick(&self, rng: &mut Rng) -> Kind {
        let kind = self.mix.pick(rng);
        let b = self.bounds();
        match kind {
            Kind::None { clash: true } if !b.clash && b.unsolvable => Kind::None { clash: false },
            Kind::None { clash: false } if !b.unsolvable && b.clash => Kind::None { clash: true },
            k => k,
        }
    }

    /// Whether edge case `i` of [`EDGES`] is inside the request's bounds: the empty grid,
    /// a full grid, one empty cell, a full grid with a clash. Case `i` of an edge request
    /// whose edge case is outside is an ordinary case.
    pub fn edge_case(&self, i: usize) -> bool {
        let b = self.bounds();
        match i {
            // A format that counts every solution gets the emptiest grid its cases have in
            // place of the empty grid (see `boards.rs`): several solutions, or one.
            0 => b.empty || (self.spec.mode == crate::model::Mode::Exact && b.several),
            1 => b.full,
            2 => b.one_empty,
            3 => b.full && b.clash,
            _ => false,
        }
    }

    /// The core format whose tuned 9x9 makers and writers serve this request, if one does: a
    /// core format's request for 9x9 grids.
    pub fn nine(&self) -> Option<Format> {
        self.spec.core().filter(|_| self.sizes == [3])
    }

    /// The same request with another seed.
    pub fn with_seed(&self, seed: u64) -> Request {
        Request {
            seed,
            ..self.clone()
        }
    }
}

/// One case made, and the kind it was made as.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Made {
    pub case: Case,
    pub kind: Kind,
}

/// A request that could not be met (for example a unique puzzle with 10 clues).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Impossible {
    pub index: u64,
    pub what: String,
    /// Why: how many tries failed, or the bound that rules the request out.
    pub why: String,
}

impl fmt::Display for Impossible {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "case {}: cannot make {} ({}); widen --clues or change the request",
            self.index + 1,
            self.what,
            self.why
        )
    }
}

impl std::error::Error for Impossible {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::judges::find;

    #[test]
    fn mix_parses_and_rejects() {
        let m = Mix::parse("unique=70,none=15,multiple=15").unwrap();
        assert_eq!((m.unique, m.none, m.multiple), (70, 15, 15));
        assert_eq!(Mix::parse("none=1").unwrap().unique, 0);
        assert!(Mix::parse("unique=0").is_err());
        assert!(Mix::parse("odd=3").unwrap_err().contains("odd"));
        assert!(Mix::parse("unique").is_err());
        let twice = Mix::parse("unique=1,unique=2").unwrap_err();
        assert!(twice.contains("'unique' is named twice"), "{twice}");
        assert!(Mix::parse("none=1, multiple=2 ,none=0").is_err());
    }

    #[test]
    fn the_core_formats_take_the_tuned_makers_at_9x9_only() {
        assert_eq!(
            Request::of(find("hdu4069").unwrap(), 1).nine(),
            Some(Format::Hdu4069)
        );
        let mut line = Request::of(find("line").unwrap(), 1);
        assert_eq!(line.nine(), Some(Format::Line));
        line.sizes = vec![4];
        assert_eq!(line.nine(), None);
        assert_eq!(Request::of(find("uva10957").unwrap(), 1).nine(), None);
    }
}
