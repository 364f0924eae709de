//! The secret data of a package, as groups of cases named by what they cover: one group per
//! kind of case the format's answers can express (a unique solution, none, several; legal and
//! illegal grids for the checkers), the edge cases the problem allows, the hardest graded
//! puzzles (9x9 formats), the largest grid the problem allows and a file of as many cases as
//! its bound on T, and last a case for each way to reach a failing verdict ([`super::ways`]).
//! Only cases the format's input allows are made: the kinds its generator makes by default
//! (`Spec::generate`), and edge cases within its constraints.

use super::ways::{self, Way};
use crate::format::holds::Kind as HeldKind;
use crate::generate::maker::Maker;

/// What the group of puzzles with several solutions covers (its name in the README).
pub const SEVERAL: &str = "puzzles with several solutions";
/// What the group of cases with no solution covers, where the data holds clashes.
const NO_SOLUTION: &str = "no solution: clashing givens, or none";
use crate::format::spec::Spec;
use crate::generate::request::{Difficulty, EDGES, Kind, LayoutChoice, Mix, Reach, Request};
use crate::solve::engine::Mode;

/// Cases of the largest grid, at most: they are the slowest to make and to solve.
const LARGEST: u64 = 5;

/// One group of cases: a file of its own, or one file per case for a single-case problem.
#[derive(Clone, Debug)]
pub struct Group {
    /// The file name without extension, numbered so the groups sort in order:
    /// `02-no-solution`.
    pub name: String,
    /// What it covers, in a few words.
    pub what: String,
    /// What the cases are made by, seed included.
    pub cases: Request,
    /// The indices of the cases to make (the edge cases are indices 0 to 3 of an edge set).
    pub indices: Vec<u64>,
    /// The cases themselves, already made, when the group is [`ways::ways`]' (then `indices`
    /// counts them); empty for the others.
    pub ways: Vec<Way>,
}

/// The groups of `spec`'s secret data: `count` cases per group (or the problem's bound, if
/// lower), from `seed`; every case inside what the judge's data holds
/// ([`Spec::bounds`]), and with `beyond` a last group of the cases the promise allows past
/// that ([`beyond_group`]).
pub fn groups(spec: &'static Spec, count: u64, seed: u64, beyond: bool) -> Vec<Group> {
    let most = spec.max_per_file().unwrap_or(u64::MAX);
    // A single-case problem has one file per case: `count` of them.
    let per_group = if most == 1 { count } else { count.min(most) };
    let base = Request::of(spec, 0);
    let g = spec.generate;
    let weights = [
        (Kind::Unique, g.unique),
        (Kind::None { clash: true }, g.none),
        (Kind::Multiple, g.multiple),
    ];
    let mut out: Vec<Group> = Vec::new();
    let mut add = |slug: &str, what: String, plan: Request, indices: Vec<u64>| {
        let n = out.len();
        let name = format!("{:02}-{slug}", n + 1);
        // Each group has a seed of its own, so the groups are not the same cases again.
        let seed = seed.wrapping_add((n as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        out.push(Group {
            name,
            what,
            cases: plan.with_seed(seed),
            indices,
            ways: Vec::new(),
        });
    };
    if spec.mode == Mode::Singles {
        // Kattis simplysudoku's maker alternates easy and not easy whatever the mix.
        let (slug, what) = kind_name(spec.mode, Kind::Unique);
        add(slug, what.into(), base.clone(), (0..per_group).collect());
    } else {
        for (kind, _) in weights.iter().filter(|(_, w)| *w > 0) {
            let (slug, mut what) = kind_name(spec.mode, *kind);
            if what == NO_SOLUTION && !base.bounds().clash {
                what = "no solution, and no clashing givens (the judge's data has none)";
            }
            let p = with(&base, spec, |m| *m = only(*kind), |_| {});
            add(slug, what.into(), p, (0..per_group).collect());
        }
    }
    let edges: Vec<u64> = (0..EDGES.len())
        .filter(|&i| edge_allowed(spec, i) && base.edge_case(i))
        .map(|i| i as u64)
        .collect();
    if !edges.is_empty() {
        let names: Vec<&str> = edges.iter().map(|&i| EDGES[i as usize]).collect();
        let p = with(&base, spec, |_| {}, |e| *e = true);
        add("edge-cases", names.join(", "), p, edges);
    }
    // Difficulty is graded on the 9x9 core formats' puzzles; their files are 9x9 only.
    if base.nine().is_some() {
        let s = Request {
            mix: only(Kind::Unique),
            difficulty: Some(Difficulty::Extreme),
            layout: layout(spec),
            ..base.clone()
        };
        let what = "unique puzzles the solver needs the most guesses for".into();
        add("hardest", what, s, (0..per_group).collect());
    } else if sizes_differ(spec) {
        let n = *spec.box_sizes().end();
        let set = Request {
            sizes: vec![n],
            ..base.clone()
        };
        let what = format!("the largest grid the problem allows, {}x{}", n * n, n * n);
        add(
            "largest-grid",
            what,
            set,
            (0..per_group.min(LARGEST)).collect(),
        );
    }
    if most > 1 && most != u64::MAX && most > per_group {
        let p = with(&base, spec, |_| {}, |_| {});
        let what = format!("{most} cases, the most one file may hold");
        add("most-cases", what, p, (0..most).collect());
    }
    let p = with(&base, spec, |_| {}, |_| {});
    let seed = seed.wrapping_add((out.len() as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let (mut each, past): (Vec<Way>, Vec<Way>) = ways::ways(spec, &p, seed)
        .into_iter()
        .partition(|w| w.made.kind != Kind::None { clash: true } || p.bounds().clash);
    each.truncate(usize::try_from(most).unwrap_or(usize::MAX));
    if !each.is_empty() {
        let what = each
            .iter()
            .map(|w| w.what.as_str())
            .collect::<Vec<_>>()
            .join("; ");
        let name = format!("{:02}-each-way", out.len() + 1);
        out.push(Group {
            name,
            what,
            cases: p.with_seed(seed),
            indices: (0..each.len() as u64).collect(),
            ways: each,
        });
    }
    if beyond {
        let seed = seed.wrapping_add((out.len() as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let per = per_group.min(most).min(BEYOND);
        if let Some(g) = beyond_group(spec, &p, past, per, seed, out.len() + 1) {
            out.push(g);
        }
    }
    out
}

/// Cases of each kind beyond the judge's data, at most.
const BEYOND: u64 = 5;

/// The file name's slug of the group beyond the judge's data.
pub const BEYOND_SLUG: &str = "beyond-the-data";

/// `package --beyond`'s last group: the cases the statement's promise allows and the judge's
/// data is not known to hold ([`Spec::bounds`]), made up to `per` of each kind (the edge
/// cases and `past`, the ways left out of the data, once each), labelled as such; `None`
/// where the data holds everything the promise allows.
fn beyond_group(
    spec: &'static Spec,
    base: &Request,
    past: Vec<Way>,
    per: u64,
    seed: u64,
    number: usize,
) -> Option<Group> {
    let wide = Request {
        reach: Reach::Promise,
        ..base.clone()
    }
    .with_seed(seed);
    // The edge cases on the largest grid: a 1x1 grid has no clash to show.
    let largest = Request {
        sizes: vec![*base.sizes.iter().max().unwrap_or(&3)],
        ..wide.clone()
    };
    let (inside, outside) = (base.bounds(), wide.bounds());
    let mut maker = Maker::new();
    let mut cases: Vec<Way> = past;
    let mut kinds: Vec<&str> = Vec::new();
    for (i, what) in EDGES.iter().enumerate() {
        if edge_allowed(spec, i) && !base.edge_case(i) && wide.edge_case(i) {
            let edge = Request {
                edge: true,
                ..largest.clone()
            };
            if let Ok(made) = maker.case(&edge, i as u64) {
                cases.push(Way {
                    made,
                    what: (*what).into(),
                    wrong: String::new(),
                });
            }
        }
    }
    let wanted = [
        (HeldKind::Clash, Kind::None { clash: true }),
        (HeldKind::Unsolvable, Kind::None { clash: false }),
        (HeldKind::Several, Kind::Multiple),
    ];
    for (held, kind) in wanted {
        if inside.allows(held) || !outside.allows(held) {
            continue;
        }
        let plan = Request {
            mix: only(kind),
            ..wide.clone()
        };
        let mut got = 0;
        for i in 0..per * 8 {
            if got >= per {
                break;
            }
            if let Ok(made) = maker.case(&plan, i)
                && made.kind == kind
            {
                cases.push(Way {
                    made,
                    what: held.describe().into(),
                    wrong: String::new(),
                });
                got += 1;
            }
        }
    }
    for w in &cases {
        if !kinds.contains(&w.what.as_str()) {
            kinds.push(&w.what);
        }
    }
    if cases.is_empty() {
        return None;
    }
    let what = format!(
        "BEYOND THE JUDGE'S DATA (the statement allows them, the judge's data is not known to \
         hold them; a solution the judge accepted may fail here): {}",
        kinds.join("; ")
    );
    Some(Group {
        name: format!("{number:02}-{BEYOND_SLUG}"),
        what,
        cases: wide,
        indices: (0..cases.len() as u64).collect(),
        ways: cases,
    })
}

/// Whether the problem allows grids of more than one size.
fn sizes_differ(spec: &Spec) -> bool {
    let sizes = spec.box_sizes();
    sizes.start() != sizes.end()
}

/// `base` with its mix and edge flag changed by `mix` and `edge`, and HDU 4069's layouts
/// mixed.
fn with(
    base: &Request,
    spec: &Spec,
    mix: impl FnOnce(&mut Mix),
    edge: impl FnOnce(&mut bool),
) -> Request {
    let mut r = base.clone();
    mix(&mut r.mix);
    edge(&mut r.edge);
    r.layout = layout(spec);
    r
}

/// HDU 4069 gets jigsaw layouts and the standard boxes (an edge of a jigsaw problem).
pub fn layout(spec: &Spec) -> LayoutChoice {
    if spec.name == "hdu4069" {
        LayoutChoice::Mixed
    } else {
        LayoutChoice::Standard
    }
}

/// A mix of one kind only.
fn only(kind: Kind) -> Mix {
    let one = |k: Kind| u32::from(std::mem::discriminant(&k) == std::mem::discriminant(&kind));
    Mix {
        unique: one(Kind::Unique),
        none: one(Kind::None { clash: true }),
        multiple: one(Kind::Multiple),
    }
}

/// The file name and the description of the group of `kind` in `mode`: the kinds mean legal
/// and illegal grids for the checkers.
fn kind_name(mode: Mode, kind: Kind) -> (&'static str, &'static str) {
    use Kind::{Multiple as M, None as N, Unique as U};
    match (mode, kind) {
        (Mode::Legal, U) => ("legal", "legal grids, some cells empty"),
        (Mode::Legal, N { .. }) => ("repeated-given", "a given repeated in a unit"),
        (Mode::Legal, M) => ("legal-sparse", "legal grids with most cells empty"),
        (Mode::Complete, U) => ("complete", "full grids, every unit right"),
        (Mode::Complete, _) => ("with-a-repeat", "full grids with a repeat"),
        (Mode::Marks, U) => ("no-repeats", "full grids, every unit right"),
        (Mode::Marks, _) => ("repeats", "full grids with repeated values"),
        (Mode::Anti, _) => ("solved-grids", "solved grids to spoil"),
        (Mode::Singles, _) => ("singles", "puzzles singles solve, and puzzles they do not"),
        (Mode::Verdict, U) => ("unique", "puzzles with one solution"),
        (Mode::Verdict, N { .. }) => ("impossible-or-illegal", "clashing givens, or none"),
        (Mode::Verdict, M) => ("ambiguous", SEVERAL),
        (Mode::Exact, U) => ("one-solution", "puzzles with one solution"),
        (_, U) => ("unique", "puzzles with one solution"),
        (_, N { .. }) => ("no-solution", NO_SOLUTION),
        (_, M) => ("several-solutions", SEVERAL),
    }
}

/// Whether edge case `i` of [`EDGES`] (empty grid, full grid, one empty cell, a full grid
/// with one clashing given) is input the problem allows and answers in reasonable time.
fn edge_allowed(spec: &Spec, i: usize) -> bool {
    let g = spec.generate;
    let kind = [
        Kind::Multiple,
        Kind::Unique,
        Kind::Unique,
        Kind::None { clash: true },
    ][i];
    let made = match kind {
        Kind::Unique => g.unique > 0,
        Kind::None { .. } => g.none > 0,
        Kind::Multiple => g.multiple > 0,
    };
    // Givens of each edge case on a 9x9 grid; where the problem fixes the givens (HDU 2780's
    // five empty cells), only the edge cases within them.
    let givens = [0, 81, 80, 81][i];
    if g.clues.is_some_and(|(lo, hi)| !(lo..=hi).contains(&givens)) {
        return false;
    }
    match spec.mode {
        // The checkers of full grids take full grids only.
        Mode::Complete | Mode::Marks => i == 1 || (i == 3 && g.none > 0),
        Mode::Anti => i == 1,
        // The empty grid has too many solutions to count or to score.
        Mode::Exact | Mode::Best => i != 0 && made,
        Mode::Legal => true,
        // A special judge takes any of the empty grid's solutions.
        _ => made || (i == 0 && spec.any_grid),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::judges::{JUDGES, find};

    fn names(spec: &str) -> Vec<String> {
        groups(find(spec).unwrap(), 10, 1, false)
            .into_iter()
            .map(|g| g.name)
            .collect()
    }

    #[test]
    fn groups_follow_what_the_format_can_express() {
        assert_eq!(
            names("hdu4069"),
            [
                "01-unique",
                "02-no-solution",
                "03-several-solutions",
                "04-edge-cases",
                "05-hardest",
                // T <= 2500.
                "06-most-cases",
                // A clash in a row, a column, a region only; no solution with no clash.
                "07-each-way"
            ]
        );
        assert_eq!(
            names("kattis-sudokunique"),
            [
                "01-unique",
                "02-no-solution",
                "03-several-solutions",
                "04-edge-cases",
                "05-most-cases",
                "06-each-way"
            ]
        );
        // POJ 2676 has no word for no solution, but a special judge for the empty grid.
        assert_eq!(
            names("poj2676"),
            ["01-unique", "02-edge-cases", "03-hardest"]
        );
        assert_eq!(
            names("poj3435"),
            [
                "01-legal",
                "02-repeated-given",
                "03-legal-sparse",
                "04-edge-cases",
                "05-largest-grid",
                "06-each-way"
            ]
        );
        assert_eq!(names("poj3076"), ["01-unique", "02-edge-cases"]);
    }

    #[test]
    fn edge_cases_stay_within_the_problem() {
        let edges = |name: &str| -> Vec<usize> {
            let s = find(name).unwrap();
            (0..4).filter(|&i| edge_allowed(s, i)).collect()
        };
        assert_eq!(edges("hdu4069"), [0, 1, 2, 3]);
        // Unique puzzles only: no empty grid, no clash.
        assert_eq!(edges("poj3076"), [1, 2]);
        assert_eq!(edges("poj2676"), [0, 1, 2]);
        // Five empty cells, always.
        assert!(edges("hdu2780").is_empty());
        assert_eq!(edges("atcoder-abc327c"), [1, 3]);
        assert_eq!(edges("cf1335d"), [1]);
        assert_eq!(edges("spoj-sudogob"), Vec::<usize>::new());
    }

    #[test]
    fn the_bound_on_t_is_kept() {
        for spec in JUDGES {
            let most = spec.max_per_file().unwrap_or(u64::MAX);
            for g in groups(spec, 30, 2, false) {
                if most > 1 {
                    assert!(g.indices.len() as u64 <= most, "{} {}", spec.name, g.name);
                }
            }
        }
        let kattis = groups(find("kattis-sudokunique").unwrap(), 10, 1, false);
        let most = kattis
            .iter()
            .find(|g| g.name.ends_with("most-cases"))
            .unwrap();
        assert_eq!(most.indices.len(), 100);
        let each = kattis.last().unwrap();
        assert_eq!(each.indices.len(), each.ways.len());
        let single = groups(find("luogu-p1784").unwrap(), 4, 1, false);
        assert!(single.iter().all(|g| g.indices.len() <= 4));
    }
}
