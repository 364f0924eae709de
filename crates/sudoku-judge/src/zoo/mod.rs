//! The zoo of wrong solutions, and which cases of a data set kill each ([`table`]): the
//! classic mistakes of the judges' Sudoku problems as in-process strategies ([`wrong`], over
//! the units and the search of [`net`]), each run on every input file and its output judged
//! by [`crate::check::check`], as the judge would judge a contestant's program; and the cases
//! a package adds so that its data kills every one it can ([`hunt`]).
//!
//! A wrong solver that no case inside the judge's data can tell from a right one (no clash
//! check, where the data holds no clash) is reported apart and not counted
//! ([`wrong::Wrong::hidden`]): killing it would take a case the judge never had.

pub mod hunt;
pub mod net;
pub mod wrong;

use crate::check::{self, Verdict};
use crate::format::read_all;
use crate::generate::set::input_file;
use crate::format::spec::Spec;
use crate::input::Source;
use crate::model::{Answer, Case};
use crate::solve::SolverKind;
use crate::solve::engine::Engine;
use wrong::{Run, Wrong};

/// One input file of a data set.
#[derive(Clone, Debug)]
pub struct DataFile {
    /// How the table names it: `01-unique.in`.
    pub name: String,
    pub input: Vec<u8>,
}

/// Where a wrong solver was killed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kill {
    /// The file (an index into the table's files).
    pub file: usize,
    /// The case (1-based), where the checker names one.
    pub case: Option<u64>,
    /// The verdict and its message.
    pub why: String,
}

/// One wrong solver's line of the table.
#[derive(Clone, Debug)]
pub struct Row {
    pub wrong: Wrong,
    pub kill: Option<Kill>,
    /// Why no case inside the judge's data can tell it from a right solution: then it is not
    /// counted, killed or not.
    pub hidden: Option<String>,
}

/// Which file and case kill each wrong solver of a format.
#[derive(Clone, Debug)]
pub struct Table {
    pub spec: &'static Spec,
    pub files: Vec<String>,
    /// Per file, its number of cases where it held more than [`MOST_CASES`] and was judged on
    /// its first [`MOST_CASES`] only.
    pub cut: Vec<Option<usize>>,
    pub rows: Vec<Row>,
}

impl Table {
    /// The counted solvers no file killed.
    pub fn survivors(&self) -> Vec<Wrong> {
        self.rows
            .iter()
            .filter(|r| r.hidden.is_none() && r.kill.is_none())
            .map(|r| r.wrong)
            .collect()
    }

    /// The table as text: a line per counted solver (killed by which file and case, or
    /// `survives`), then the ones not counted with the reason.
    pub fn render(&self) -> String {
        let counted: Vec<&Row> = self.rows.iter().filter(|r| r.hidden.is_none()).collect();
        let killed = counted.iter().filter(|r| r.kill.is_some()).count();
        let width = self
            .rows
            .iter()
            .map(|r| r.wrong.name().len())
            .max()
            .unwrap_or(0);
        let mut t = format!(
            "Wrong solvers of {} against {} file{}: {killed} of {} killed, {} survive{}\n\n",
            self.spec.name,
            self.files.len(),
            if self.files.len() == 1 { "" } else { "s" },
            counted.len(),
            counted.len() - killed,
            if counted.len() - killed == 1 { "s" } else { "" },
        );
        let at = |k: &Kill| {
            let case = k.case.map_or(String::new(), |c| format!(" case {c}"));
            format!("killed by {}{case} ({})", self.files[k.file], k.why)
        };
        for (name, n) in self.files.iter().zip(&self.cut) {
            if let Some(n) = n {
                t.push_str(&format!(
                    "{name} is judged on its first {MOST_CASES} cases of {n}\n"
                ));
            }
        }
        if self.cut.iter().any(Option::is_some) {
            t.push('\n');
        }
        for r in &counted {
            let fate = r.kill.as_ref().map_or_else(|| "survives".to_string(), at);
            t.push_str(&format!(
                "{:width$}  {fate}\n{:width$}    {}\n",
                r.wrong.name(),
                "",
                r.wrong.describe()
            ));
        }
        let hidden: Vec<&Row> = self.rows.iter().filter(|r| r.hidden.is_some()).collect();
        if !hidden.is_empty() {
            t.push_str(
                "\nNot counted: no case inside the judge's data can tell these from a right \
                 solution\n\n",
            );
            for r in hidden {
                let also = r.kill.as_ref().map_or(String::new(), |k| {
                    format!("; this data {} anyway", at(k))
                });
                t.push_str(&format!(
                    "{:width$}  {}{also}\n",
                    r.wrong.name(),
                    r.hidden.as_deref().unwrap_or("")
                ));
            }
        }
        t
    }
}

/// The cases of a file and the right answers to them, or what is wrong with the file.
pub struct Judged {
    pub cases: Vec<Case>,
    pub right: Vec<Answer>,
    /// Per case, [`wrong::open_cells`], where the format's zoo has "several at k" solvers.
    pub open: Vec<usize>,
}

/// Reads `file` as `spec`'s input and answers each case with the engine (within the command
/// line's default budget).
pub fn judged(spec: &'static Spec, file: &DataFile) -> Result<Judged, String> {
    let cases = read_all(spec, &file.input).map_err(|e| format!("{}:{e}", file.name))?;
    let mut engine = Engine::new(SolverKind::Bitmask);
    engine.set_budget(Some(SolverKind::Bitmask.default_budget()));
    let mut right = Vec::with_capacity(cases.len());
    for (i, c) in cases.iter().enumerate() {
        let r = engine.try_reply(c, spec.mode).map_err(|e| {
            format!(
                "{}: case {}: the engine gives up after {} search nodes",
                file.name,
                i + 1,
                e.budget
            )
        })?;
        right.push(r.answer(spec.mode));
    }
    let open = if wrong::zoo(spec).iter().any(|w| matches!(w, Wrong::SeveralAt(_))) {
        cases.iter().map(wrong::open_cells).collect()
    } else {
        Vec::new()
    };
    Ok(Judged { cases, right, open })
}

/// Where `w` is first killed by `file` (the `index`-th of the table), if it is.
pub fn kill(spec: &'static Spec, w: Wrong, index: usize, file: &DataFile, j: &Judged) -> Option<Kill> {
    match w.run(spec, j) {
        Run::Slow { case, nodes } => Some(Kill {
            file: index,
            case: Some(case as u64 + 1),
            why: format!(
                "too slow: more than {} nodes ({nodes})",
                wrong::slow_budget(match w {
                    Wrong::Slow(s) => s,
                    _ => return None,
                })
            ),
        }),
        Run::InTime => None,
        Run::Output(out) => {
            let source = |name: &str, bytes: &[u8]| {
                Source::stream(name.into(), Box::new(std::io::Cursor::new(bytes.to_vec())))
            };
            let report = check::check(
                spec,
                check::Files {
                    input: &mut source(&file.name, &file.input),
                    output: source("output", &out),
                    answer: None,
                    answer_name: "expected output",
                },
                &check::Options::default(),
            );
            let fault = report.faults.into_iter().next()?;
            matches!(
                fault.verdict,
                Verdict::WrongAnswer | Verdict::PresentationError
            )
            .then(|| Kill {
                file: index,
                case: fault.case,
                why: fault.to_string(),
            })
        }
    }
}

/// The cases of a file the table judges: a file with more is judged on its first `MOST_CASES`.
/// A kill there is a kill on the whole file (the judge stops at the first fault), and a wrong
/// solver that only a later case kills is hunted for instead: judging each of a dozen naive
/// strategies over a million cases took minutes (BUAA's largest file), this takes a second.
pub const MOST_CASES: usize = 10_000;

/// The kill table of `spec`'s wrong solvers against `files`, each judged on at most its first
/// [`MOST_CASES`] cases; `Err` names a file that is not `spec`'s input, or a case the engine
/// cannot answer.
pub fn table(spec: &'static Spec, files: &[DataFile]) -> Result<Table, String> {
    let mut judged_files = Vec::with_capacity(files.len());
    let mut cut = Vec::with_capacity(files.len());
    for f in files {
        let mut cases = read_all(spec, &f.input).map_err(|e| format!("{}:{e}", f.name))?;
        if cases.len() > MOST_CASES {
            cut.push(Some(cases.len()));
            cases.truncate(MOST_CASES);
            judged_files.push(DataFile {
                name: f.name.clone(),
                input: input_file(spec, &cases),
            });
        } else {
            cut.push(None);
            judged_files.push(f.clone());
        }
    }
    let files = &judged_files[..];
    let judged: Vec<Judged> = files
        .iter()
        .map(|f| judged(spec, f))
        .collect::<Result<_, _>>()?;
    let zoo = wrong::zoo(spec);
    // One task per solver, on the current rayon pool.
    let rows = crate::pipeline::ordered_map(zoo.len(), true, 1, &mut None, || (), |_, k| {
        let w = zoo[k];
        let kill = files
            .iter()
            .zip(&judged)
            .enumerate()
            .find_map(|(i, (f, j))| kill(spec, w, i, f, j));
        Row {
            wrong: w,
            kill,
            hidden: w.hidden(spec),
        }
    });
    Ok(Table {
        spec,
        files: files.iter().map(|f| f.name.clone()).collect(),
        cut,
        rows,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::judges::find;

    /// A file past [`MOST_CASES`] is judged on its first cases only, and the table says so; a
    /// smaller one is judged whole, and the kills it finds are the same.
    #[test]
    fn a_huge_file_is_judged_on_its_first_cases() {
        let spec = find("line").unwrap();
        let puzzle = ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.\n";
        let file = |name: &str, n: usize| DataFile {
            name: name.into(),
            input: puzzle.repeat(n).into_bytes(),
        };
        let huge = table(spec, &[file("huge.in", MOST_CASES + 1)]).unwrap();
        let small = table(spec, &[file("small.in", 2)]).unwrap();
        assert_eq!(huge.cut, [Some(MOST_CASES + 1)]);
        assert_eq!(small.cut, [None]);
        let text = huge.render();
        assert!(
            text.contains(&format!(
                "huge.in is judged on its first {MOST_CASES} cases of {}\n",
                MOST_CASES + 1
            )),
            "{text}"
        );
        assert!(!small.render().contains("judged on its first"));
        let kills = |t: &Table| -> Vec<Option<Option<u64>>> {
            t.rows.iter().map(|r| r.kill.as_ref().map(|k| k.case)).collect()
        };
        assert_eq!(kills(&huge), kills(&small));
        assert!(huge.rows.iter().any(|r| r.kill.is_some()), "{text}");
    }
}
