//! Cases that kill the wrong solvers a data set lets through, all inside the judge's data
//! bounds: for each survivor, candidates from the places its mistake shows ([`hunt`]), each
//! tried as a file of its own, the first that kills it kept (and tried on the other
//! survivors, so that one case serves several). Case `i` of a candidate stream depends only on
//! `(seed, i)`: the same package, byte for byte.
//!
//! Where the candidates come from:
//! - the format's own kinds of case (unique, none, several) inside its bounds, its edge cases
//!   and edge cases;
//! - for "several solutions" declared early: minimal puzzles (the hardest graded ones on the
//!   9x9 core formats) and unsolvable ones, made in parallel batches, on whose search the
//!   wrong solver meets few empty cells with two candidates each;
//! - for the too-slow searches: `gen --against`'s climbed cases.

use super::wrong::{Wrong, open_cells, slow_budget, slow_from};
use super::{DataFile, judged, kill};
use crate::format::spec::Spec;
use crate::generate::against::set::{AgainstSet, base as against_base};
use crate::generate::maker::Maker;
use crate::generate::request::{Difficulty, Kind, Mix, Request};
use crate::generate::set::{input_file, make_all};
use crate::pipeline::ordered_map;
use crate::model::Case;
use crate::shard::Shard;

/// Candidates tried per survivor and source, at most.
const TRIES: u64 = 40;
/// `--against` cases climbed at most for a too-slow search (each takes a second or two; the
/// first that kills ends the hunt). About one climb in three passes the fewest-candidates
/// search's budget on BUAA's 9x9 puzzles (8 of 24, `gen --format buaa --against mrv -n 24 -s 5
/// --node-cap 200001 -v`), so eight climbs all failed one package in 25 (seed 11) and twenty
/// fail about one in 3,000.
const CLIMBS: u64 = 20;

/// Cases made per batch, and batches at most, in the hunt for an early "several solutions".
const DEEP_BATCH: u64 = 256;
const DEEP_BATCHES: u64 = 16;

/// One case found, and the solvers it kills.
#[derive(Clone, Debug)]
pub struct Found {
    pub case: Case,
    pub kills: Vec<Wrong>,
}

/// Cases inside `base`'s bounds (its format, layout and sizes; `base.reach` must be the
/// data's) that kill the solvers of `survivors`, each at most once; the solvers no candidate
/// killed are left out of every `kills`.
pub fn hunt(base: &Request, survivors: &[Wrong], seed: u64) -> Vec<Found> {
    let spec = base.spec;
    let mut left: Vec<Wrong> = survivors.to_vec();
    let mut out: Vec<Found> = Vec::new();
    let mut maker = Maker::new();
    let mut stream = 0u64;
    while let Some(&w) = left.first() {
        stream += 1;
        let seed = seed.wrapping_add(stream.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let found = candidates(base, w, seed, &mut maker)
            .find_map(|cases| kills(spec, w, &cases).then_some(cases));
        left.remove(0);
        let Some(cases) = found else { continue };
        let mut by = vec![w];
        left.retain(|&o| {
            let dead = kills(spec, o, &cases);
            if dead {
                by.push(o);
            }
            !dead
        });
        let n = cases.len();
        for (k, case) in cases.into_iter().enumerate() {
            out.push(Found {
                case,
                kills: if k + 1 == n { by.clone() } else { Vec::new() },
            });
        }
    }
    out
}

/// Whether `w` is killed by a file of `cases`.
fn kills(spec: &'static Spec, w: Wrong, cases: &[Case]) -> bool {
    let file = DataFile {
        name: "candidate".into(),
        input: input_file(spec, cases),
    };
    judged(spec, &file).is_ok_and(|j| kill(spec, w, 0, &file, &j).is_some())
}

/// Candidate files (one case, or two for a solver that carries state from case to case) for
/// `w`, inside `base`'s bounds.
fn candidates<'a>(
    base: &'a Request,
    w: Wrong,
    seed: u64,
    maker: &'a mut Maker,
) -> Box<dyn Iterator<Item = Vec<Case>> + 'a> {
    let b = base.bounds();
    let kind = |k: Kind, seed: u64| {
        let mix = Mix {
            unique: u32::from(k == Kind::Unique),
            none: u32::from(matches!(k, Kind::None { .. })),
            multiple: u32::from(k == Kind::Multiple),
        };
        Request {
            mix,
            edge: false,
            ..base.with_seed(seed)
        }
    };
    let mut plans: Vec<(Request, u64)> = Vec::new();
    let several = matches!(
        w,
        Wrong::NoUniqueness | Wrong::FirstNotSmallest | Wrong::MultipleWord
    );
    let none = matches!(w, Wrong::NoClashCheck | Wrong::NoneWord);
    if several && b.several {
        plans.push((kind(Kind::Multiple, seed), TRIES));
    }
    if none && (b.clash || b.unsolvable) {
        plans.push((kind(Kind::None { clash: b.clash }, seed), TRIES));
    }
    let edges = Request {
        edge: true,
        ..base.with_seed(seed ^ 0x65)
    };
    let edge_cases: Vec<u64> = (0..4).filter(|&i| edges.edge_case(i as usize)).collect();
    let general = !matches!(w, Wrong::Slow(_) | Wrong::SeveralAt(_)) && !several && !none;
    if general && base.mix.unique > 0 {
        plans.push((kind(Kind::Unique, seed ^ 0x75), TRIES));
    }
    if general || matches!(w, Wrong::NoneWord) {
        plans.push((base.with_seed(seed ^ 0x6d), TRIES));
    }
    let pairs = w == Wrong::StateKept;
    let made = plans.into_iter().flat_map(move |(plan, n)| {
        (0..n).map(move |i| (plan.clone(), i))
    });
    let edge_iter = edge_cases.into_iter().map(move |i| (edges.clone(), i));
    let sources: Vec<(Request, u64)> = edge_iter.chain(made).collect();
    let mut previous: Option<Case> = None;
    let listed = sources.into_iter().filter_map(move |(plan, i)| {
        let case = maker.case(&plan, i).ok()?.case;
        if pairs {
            let first = previous.replace(case.clone())?;
            return Some(vec![first, case]);
        }
        Some(vec![case])
    });
    match w {
        Wrong::SeveralAt(k) => Box::new(deep(base, k, seed).map(|c| vec![c])),
        Wrong::Slow(s) => Box::new(climbed(base, s, seed).map(|c| vec![c])),
        _ => Box::new(listed),
    }
}

/// Cases on which the fewest-candidates search meets a node of at most `k` empty cells, each
/// with two candidates or more, while the answer is not "several": minimal unique puzzles (the
/// hardest graded ones on the 9x9 core formats, where one in about a thousand meets four such
/// cells), made and searched in parallel batches, and cases of the format's other kinds inside
/// its bounds.
fn deep(base: &Request, k: usize, seed: u64) -> impl Iterator<Item = Case> + '_ {
    // 9x9 where the problem has it (minimal 16x16 puzzles take seconds each), else its
    // smallest grid above 1x1; the hardest graded puzzles only on the core formats, whose
    // makers grade them: elsewhere a couple of batches.
    let size = if base.sizes.contains(&3) {
        3
    } else {
        base.sizes.iter().copied().filter(|&n| n > 1).min().unwrap_or(2)
    };
    let batches = if base.nine().is_some() {
        DEEP_BATCHES
    } else {
        2
    };
    let base = &Request {
        sizes: vec![size],
        ..base.clone()
    };
    let minimal = Request {
        mix: Mix {
            unique: 1,
            none: 0,
            multiple: 0,
        },
        minimal: true,
        difficulty: base.nine().map(|_| Difficulty::Extreme),
        edge: false,
        ..base.with_seed(seed ^ 0x68)
    };
    let none = Request {
        mix: Mix {
            unique: 0,
            none: 1,
            multiple: 0,
        },
        edge: false,
        ..base.with_seed(seed ^ 0x6e)
    };
    let plans: Vec<Request> = std::iter::once(minimal)
        .chain(base.bounds().unsolvable.then_some(none))
        .collect();
    (0..batches).flat_map(move |batch| {
        let range = batch * DEEP_BATCH..(batch + 1) * DEEP_BATCH;
        let cases: Vec<Case> = plans
            .iter()
            .flat_map(|plan| make_all(plan, range.clone(), true).unwrap_or_default())
            .map(|m| m.case)
            .collect();
        let open = ordered_map(cases.len(), true, 1, &mut None, || (), |_, i| {
            open_cells(&cases[i])
        });
        cases
            .into_iter()
            .zip(open)
            .filter(|(_, open)| *open <= k)
            .map(|(c, _)| c)
            .collect::<Vec<Case>>()
    })
}

/// Cases climbed against `s` past its budget, [`CLIMBS`] at most.
fn climbed(base: &Request, s: crate::generate::against::Strategy, seed: u64) -> impl Iterator<Item = Case> + '_ {
    // The smallest grid of the problem on which the search can be slow: 9x9 for the
    // backtracking searches, 16x16 for dancing links. A larger one would be slower still, but
    // its climb starts from a minimal puzzle, and making a minimal 25x25 puzzle takes minutes.
    let size = base.sizes.iter().copied().filter(|&n| n >= slow_from(s)).min();
    let set = size.and_then(|size| against_base(Request {
        layout: crate::generate::request::LayoutChoice::Standard,
        sizes: vec![size],
        ..base.with_seed(seed)
    })
    .ok()
    .map(|b| AgainstSet {
        base: b,
        strategy: s,
        starts: 40,
        steps: 100,
        cap: slow_budget(s) + 1,
        seed,
        count: CLIMBS,
        answers: false,
        report: false,
        parallel: false,
        shard: Shard::ALL,
        until: None,
    }));
    (0..CLIMBS).filter_map(move |i| {
        let set = set.as_ref()?;
        let (state, label, _) = set.climbed(i).ok()?;
        let case = match set.base.nine() {
            Some(_) => Case::Nine(state.board.to_puzzle()?),
            None => Case::board(state.board, label),
        };
        Some(case)
    })
}
