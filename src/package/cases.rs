//! Cases made one by one, by index, from a `gen` plan (either kind: a tuned 9x9 set or a spec
//! format's set), then spelled as a whole file of their own with its answers, exactly as
//! `solve` writes them. The packages' case groups and `gen --oj` are made this way: they pick
//! cases by kind or write each case as its own test, which the streaming set engine of `gen`
//! does not do.

use crate::format::Format;
use crate::format::Reader;
use crate::format::detect;
use crate::format::spec::Spec;
use crate::generate::boards::BoardMaker;
use crate::generate::judge_set::{self, JudgeSet};
use crate::generate::kinds::{self, Impossible, Kind, LayoutChoice, Maker, Mix};
use crate::generate::set;
use crate::input::Source;
use crate::model::Case;
use crate::model::Puzzle;
use crate::pipeline::{self, BATCH, Failure, Work};
use crate::solve::SolverKind;
use crate::work;
use rayon::prelude::*;

/// What makes the cases, as `gen` plans it: a tuned 9x9 set, or a spec format's set.
#[derive(Clone, Debug)]
pub enum Plan {
    Nine(Format, kinds::Spec),
    Judge(JudgeSet),
}

impl Plan {
    /// The set `gen --format NAME` makes with no other flag: the format's own mix of kinds
    /// ([`Spec::generate`]), jigsaw layouts for HDU 4069, every size the format allows.
    pub fn of(spec: &'static Spec) -> Plan {
        let g = spec.generate;
        match spec.core() {
            Some(f) => Plan::Nine(
                f,
                kinds::Spec {
                    layout: if f == Format::Hdu4069 {
                        LayoutChoice::Jigsaw
                    } else {
                        LayoutChoice::Standard
                    },
                    mix: Mix {
                        unique: g.unique,
                        none: g.none,
                        multiple: g.multiple,
                    },
                    clues: None,
                    minimal: false,
                    difficulty: None,
                    edge: false,
                },
            ),
            None => Plan::Judge(JudgeSet::new(spec, 0, 0)),
        }
    }
}

/// A case made by a plan, and the kind it was made as.
#[derive(Clone, Debug)]
pub enum Made {
    Nine(kinds::Case),
    Judge(Case, Kind),
}

impl Made {
    pub fn kind(&self) -> Kind {
        match self {
            Made::Nine(c) => c.kind,
            Made::Judge(_, k) => *k,
        }
    }
}

/// Per-thread scratch: the makers and their solvers.
#[derive(Default)]
pub struct Scratch {
    nine: Maker,
    board: BoardMaker,
}

/// A plan with its seed: case `i` depends only on the seed and `i`, as in `gen`.
#[derive(Clone, Debug)]
pub struct Seeded {
    plan: Plan,
    seed: u64,
}

impl Seeded {
    pub fn new(plan: &Plan, seed: u64) -> Seeded {
        let plan = match plan {
            Plan::Judge(set) => Plan::Judge(JudgeSet {
                seed,
                ..set.clone()
            }),
            p => p.clone(),
        };
        Seeded { plan, seed }
    }

    /// The plan the cases are made by.
    pub fn plan(&self) -> &Plan {
        &self.plan
    }

    /// The seed case `i` is drawn with.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The format spec the cases are spelled in.
    pub fn spec(&self) -> &'static Spec {
        match &self.plan {
            Plan::Nine(f, _) => crate::format::judges::find(f.name()).expect("a core format"),
            Plan::Judge(set) => set.spec,
        }
    }

    /// Case `index`, as `gen` with this seed makes it.
    pub fn make(&self, s: &mut Scratch, index: u64) -> Result<Made, Impossible> {
        match &self.plan {
            Plan::Nine(_, spec) => s.nine.case(spec, self.seed, index).map(Made::Nine),
            Plan::Judge(set) => set
                .case(&mut s.board, index)
                .map(|(c, k)| Made::Judge(c, k)),
        }
    }

    /// Cases `indices`, made on the rayon pool when `parallel`, in order; the first that
    /// cannot be made stops it.
    pub fn make_all(
        &self,
        indices: impl Iterator<Item = u64>,
        parallel: bool,
    ) -> Result<Vec<Made>, Impossible> {
        let indices: Vec<u64> = indices.collect();
        let task = |s: &mut Scratch, &i: &u64| self.make(s, i);
        if parallel {
            indices
                .par_iter()
                .map_init(Scratch::default, task)
                .collect()
        } else {
            let mut s = Scratch::default();
            indices.iter().map(|i| task(&mut s, i)).collect()
        }
    }

    /// `cases` spelled as one input file (count line included) and its answer file, numbered
    /// from 1, by the writers and solver `solve` uses.
    pub fn file(&self, cases: &[Made]) -> (Vec<u8>, Vec<u8>) {
        let mut answers = Vec::new();
        match &self.plan {
            Plan::Nine(format, _) => {
                let puzzles: Vec<Puzzle> = cases.iter().filter_map(nine).collect();
                let w = work::Solve::new(self.spec(), SolverKind::Bitmask);
                let mut solver = w.worker();
                for (i, p) in puzzles.iter().enumerate() {
                    w.answer(&mut solver, i as u64 + 1, &Case::Nine(*p), &mut answers);
                }
                (set::input_file(*format, &puzzles), answers)
            }
            Plan::Judge(set) => {
                let boards: Vec<Case> = cases.iter().filter_map(judge).collect();
                let w = work::Solve::new(set.spec, SolverKind::Bitmask);
                let mut engine = w.worker();
                for (i, c) in boards.iter().enumerate() {
                    w.answer(&mut engine, i as u64 + 1, c, &mut answers);
                }
                (judge_set::input_file(set.spec, &boards), answers)
            }
        }
    }
}

/// A judge's file (its sample) read and spelled again by the writers `gen` uses, with its
/// answers: the same cases and tokens, in the exact layout the strict input validator holds
/// the judge data to (Luogu's samples end their rows in a space, POJ 3435's takes any
/// layout). `Err` if the format's reader refuses the file.
pub fn respell(spec: &'static Spec, file: &[u8]) -> Result<(Vec<u8>, Vec<u8>), String> {
    // Batch by batch: `next_batch` reserves room for a whole batch up front.
    fn read(file: &[u8], mut reader: Reader) -> Result<Vec<Case>, String> {
        let bytes = Box::new(std::io::Cursor::new(file.to_vec()));
        let mut source = Source::stream(String::new(), bytes);
        let (mut cases, mut finished) = (Vec::new(), false);
        while !finished {
            let (batch, failure) =
                pipeline::next_batch(&mut source, &mut reader, &mut finished, BATCH);
            cases.extend(batch);
            match failure {
                None => {}
                Some(Failure::Parse(e)) => return Err(e.to_string()),
                Some(Failure::Read(e) | Failure::Write(e)) => return Err(e.to_string()),
                Some(Failure::Case { case, msg }) => return Err(format!("case {case}: {msg}")),
            }
        }
        Ok(cases)
    }
    // The route, not the format, picks the writer: a line format's sample of another size
    // is read and spelled by the spec's generic reader and writer.
    let cases = read(file, Reader::new(spec, file))?;
    let (plan, made): (Plan, Vec<Made>) = match spec.core().and(detect::tuned(spec, file)) {
        Some(_) => (
            Plan::of(spec),
            cases
                .into_iter()
                .filter_map(|c| c.puzzle())
                .map(|puzzle| {
                    Made::Nine(kinds::Case {
                        puzzle,
                        kind: Kind::Unique,
                    })
                })
                .collect(),
        ),
        None => (
            Plan::Judge(JudgeSet::new(spec, 0, 0)),
            cases
                .into_iter()
                .map(|c| Made::Judge(c, Kind::Unique))
                .collect(),
        ),
    };
    Ok(Seeded::new(&plan, 0).file(&made))
}

fn nine(m: &Made) -> Option<Puzzle> {
    match m {
        Made::Nine(c) => Some(c.puzzle),
        Made::Judge(..) => None,
    }
}

fn judge(m: &Made) -> Option<Case> {
    match m {
        Made::Judge(c, _) => Some(c.clone()),
        Made::Nine(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::{FormatArg, MakeArgs};
    use crate::format::judges::find;

    /// `gen`'s own plan for the format, with no flags.
    fn plan(name: &str) -> crate::cmd::r#gen::Plan {
        crate::cmd::r#gen::plan(FormatArg::Named(find(name).unwrap()), &MakeArgs::default())
            .unwrap()
    }

    /// A canonical sample is spelled again byte for byte; a Luogu sample loses the spaces
    /// that end its rows, and keeps its answer.
    #[test]
    fn samples_are_spelled_as_the_judge_data() {
        for name in ["hdu4069", "poj2676", "poj3076", "uva10957", "spoj-novice42"] {
            let spec = find(name).unwrap();
            let (input, answers) = respell(spec, spec.sample.0.as_bytes()).unwrap();
            assert_eq!(String::from_utf8(input).unwrap(), spec.sample.0, "{name}");
            assert_eq!(String::from_utf8(answers).unwrap(), spec.sample.1, "{name}");
        }
        let luogu = find("luogu-p1784").unwrap();
        let (input, answers) = respell(luogu, luogu.sample.0.as_bytes()).unwrap();
        let text = String::from_utf8(input).unwrap();
        assert!(!text.contains(" \n"), "{text:?}");
        assert_eq!(
            text.split_whitespace().collect::<Vec<_>>(),
            luogu.sample.0.split_whitespace().collect::<Vec<_>>()
        );
        assert_eq!(String::from_utf8(answers).unwrap(), luogu.sample.1);
        assert!(respell(luogu, b"1 2 x\n").is_err());
    }

    /// The cases one by one spell the same file as `gen`'s streaming engine.
    #[test]
    fn one_by_one_is_gen_byte_for_byte() {
        for name in ["hdu4069", "uva10957"] {
            let p = plan(name);
            let seeded = Seeded::new(&Plan::of(find(name).unwrap()), 5);
            let cases = seeded.make_all(0..12, false).unwrap();
            let (input, answers) = seeded.file(&cases);
            let mut whole = (Vec::new(), Vec::new());
            let mut put = |i: &[u8], a: &[u8]| {
                whole.0.extend_from_slice(i);
                whole.1.extend_from_slice(a);
                Ok::<(), ()>(())
            };
            match &p {
                crate::cmd::r#gen::Plan::Tuned(format, spec) => {
                    let set = set::SetPlan {
                        format: *format,
                        spec: *spec,
                        seed: 5,
                        count: 12,
                        answers: true,
                        parallel: false,
                        shard: crate::shard::Shard::ALL,
                    };
                    set::generate(&set, &mut |x| put(x.input, x.answers)).unwrap();
                }
                crate::cmd::r#gen::Plan::Judge(set) => {
                    let set = JudgeSet {
                        seed: 5,
                        count: 12,
                        ..set.clone()
                    };
                    set.generate(&mut |x| put(x.input, x.answers)).unwrap();
                }
            }
            assert_eq!(input, whole.0, "{name} input");
            assert_eq!(answers, whole.1, "{name} answers");
            assert_eq!(seeded.spec().name, name);
        }
    }
}
