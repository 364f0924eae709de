//! A [`Writer`] of one problem's answers over any [`io::Write`], spelled as its judge spells
//! them, and [`solve()`], a whole input answered.

use super::{Answer, Case, Engine, Error, Problem, read};
use crate::format::spec::{Size, Spec};
use crate::format::write_reply;
use crate::model::ReplyRef;
use crate::model::{Answer as CoreAnswer, Case as CoreCase, Mode};
use crate::work::{over_budget, refused};
use std::io::{self, Write};

/// Bytes gathered before they go to the underlying writer.
const FLUSH_AT: usize = 64 * 1024;

/// Writes one problem's answers to any [`io::Write`], case after case, in the judge's spelling
/// (headers, `Case k:` lines, words, grids, blank lines): the bytes `sudoku-judge solve`
/// writes, by the same writer. It numbers the cases from 1 as it goes and buffers what it
/// writes; [`Writer::flush`] (or dropping it, which ignores errors) sends the rest.
///
/// ```
/// use sudoku_judge::{Reader, Writer};
/// let p = sudoku_judge::problem("poj2676").unwrap();
/// let mut writer = Writer::new(p, Vec::new());
/// for case in Reader::new(p, p.sample_input()).cases() {
///     let case = case?;
///     writer.write(&case, &sudoku_judge::answer(&case, p.mode())?)?;
/// }
/// assert_eq!(writer.into_inner()?, p.sample_output());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Writer<W: Write> {
    problem: Problem,
    /// Bytes not yet written to `inner`.
    buf: Vec<u8>,
    /// Cases written so far: the next one's number is one more.
    written: u64,
    unsolved: u64,
    /// `None` once handed back by [`Writer::into_inner`].
    inner: Option<W>,
}

/// Its problem and counts, so that a struct holding one can derive `Debug`.
///
/// ```
/// let p = sudoku_judge::problem("line").unwrap();
/// let writer = sudoku_judge::Writer::new(p, Vec::new());
/// assert!(format!("{writer:?}").starts_with("Writer { problem: Problem(\"line\"), written: 0"));
/// ```
impl<W: Write> std::fmt::Debug for Writer<W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Writer")
            .field("problem", &self.problem)
            .field("written", &self.written)
            .field("unsolved", &self.unsolved)
            .finish_non_exhaustive()
    }
}

impl<W: Write> Writer<W> {
    /// A writer of `problem`'s answers to `inner`, numbering cases from 1.
    ///
    /// ```
    /// let p = sudoku_judge::problem("line").unwrap();
    /// let writer = sudoku_judge::Writer::new(p, std::io::sink());
    /// assert_eq!(writer.problem(), p);
    /// ```
    pub fn new(problem: Problem, inner: W) -> Writer<W> {
        Writer {
            problem,
            buf: Vec::new(),
            written: 0,
            unsolved: 0,
            inner: Some(inner),
        }
    }

    /// The problem whose answers it writes.
    ///
    /// ```
    /// let p = sudoku_judge::problem("hdu4069").unwrap();
    /// assert_eq!(sudoku_judge::Writer::new(p, Vec::new()).problem().name(), "hdu4069");
    /// ```
    pub fn problem(&self) -> Problem {
        self.problem
    }

    /// Writes the answer to the next case, `case` (for its label and size; the answer is
    /// [`answer()`](crate::answer())'s or an [`Engine`]'s, in the problem's mode). A case with no
    /// solution, in a problem that has no word for that, is written as the line `No solution`
    /// and counted by [`Writer::unsolved`]. A list of every solution over its cap
    /// ([`Mode::Every`](crate::Mode::Every)) is refused ([`ErrorKind::Refused`](crate::ErrorKind::Refused)),
    /// nothing written.
    ///
    /// ```
    /// use sudoku_judge::Answer;
    /// let p = sudoku_judge::problem("hdu4069").unwrap();
    /// let cases = sudoku_judge::read(p, p.sample_input()).unwrap();
    /// let mut writer = sudoku_judge::Writer::new(p, Vec::new());
    /// writer.write(&cases[0], &Answer::NoSolution)?;
    /// writer.write(&cases[1], &Answer::NoSolution)?;
    /// assert_eq!(writer.into_inner()?, b"Case 1:\nNo solution\nCase 2:\nNo solution\n");
    /// # Ok::<(), sudoku_judge::Error>(())
    /// ```
    pub fn write(&mut self, case: &Case, answer: &Answer) -> Result<(), Error> {
        let answer = answer.to_core();
        self.write_reply(case, ReplyRef::Any(&answer))
    }

    /// The number of cases written as the line `No solution` because their problem has no
    /// word for a case without one (the command line exits 1 after such a case).
    ///
    /// ```
    /// use sudoku_judge::Answer;
    /// let p = sudoku_judge::problem("poj2676").unwrap();
    /// let case = &sudoku_judge::read(p, p.sample_input()).unwrap()[0];
    /// let mut writer = sudoku_judge::Writer::new(p, Vec::new());
    /// writer.write(case, &Answer::NoSolution)?;
    /// assert_eq!(writer.unsolved(), 1);
    /// # Ok::<(), sudoku_judge::Error>(())
    /// ```
    pub fn unsolved(&self) -> u64 {
        self.unsolved
    }

    /// The number of answers written so far.
    ///
    /// ```
    /// let p = sudoku_judge::problem("line").unwrap();
    /// assert_eq!(sudoku_judge::Writer::new(p, Vec::new()).written(), 0);
    /// ```
    pub fn written(&self) -> u64 {
        self.written
    }

    /// Writes what is buffered to the underlying writer, and flushes it.
    ///
    /// ```
    /// use sudoku_judge::Answer;
    /// let p = sudoku_judge::problem("uva10957").unwrap();
    /// let case = &sudoku_judge::read(p, p.sample_input()).unwrap()[0];
    /// let mut writer = sudoku_judge::Writer::new(p, Vec::new());
    /// writer.write(case, &Answer::Illegal)?;
    /// writer.flush()?;
    /// assert_eq!(writer.get_ref(), b"Case 1: Illegal.\n");
    /// # Ok::<(), sudoku_judge::Error>(())
    /// ```
    pub fn flush(&mut self) -> Result<(), Error> {
        self.drain()?;
        if let Some(w) = self.inner.as_mut() {
            w.flush()?;
        }
        Ok(())
    }

    /// The underlying writer (what has been flushed to it).
    ///
    /// ```
    /// let p = sudoku_judge::problem("line").unwrap();
    /// assert!(sudoku_judge::Writer::new(p, Vec::new()).get_ref().is_empty());
    /// ```
    pub fn get_ref(&self) -> &W {
        match &self.inner {
            Some(w) => w,
            None => unreachable!("the writer is only taken by into_inner, which consumes self"),
        }
    }

    /// Flushes, and gives the underlying writer back.
    ///
    /// ```
    /// let p = sudoku_judge::problem("poj2676").unwrap();
    /// let writer = sudoku_judge::Writer::new(p, Vec::new());
    /// assert_eq!(writer.into_inner()?, b"");
    /// # Ok::<(), sudoku_judge::Error>(())
    /// ```
    pub fn into_inner(mut self) -> Result<W, Error> {
        self.flush()?;
        match self.inner.take() {
            Some(w) => Ok(w),
            None => unreachable!("the writer is only taken here, which consumes self"),
        }
    }

    /// Writes the next case's reply as the command line does (a tuned 9x9 solver's outcome
    /// spelled without an [`Answer`]).
    fn write_reply(&mut self, case: &Case, reply: ReplyRef<'_>) -> Result<(), Error> {
        if let ReplyRef::Any(a) = reply
            && let Some(why) =
                refused(self.problem.0, a).or_else(|| unfit(self.problem.0, &case.0, a))
        {
            return Err(Error::refused(self.written + 1, why));
        }
        self.written += 1;
        if write_reply(self.problem.0, self.written, &case.0, reply, &mut self.buf) {
            self.unsolved += 1;
        }
        if self.buf.len() >= FLUSH_AT {
            self.drain()?;
        }
        Ok(())
    }

    /// Hands the buffered bytes to the underlying writer.
    fn drain(&mut self) -> io::Result<()> {
        if let Some(w) = self.inner.as_mut() {
            let result = w.write_all(&self.buf);
            self.buf.clear();
            result?;
        }
        Ok(())
    }
}

impl<W: Write> Drop for Writer<W> {
    fn drop(&mut self) {
        let _ = self.drain();
    }
}

/// Reads, answers and writes a whole input of `problem`: the bytes `sudoku-judge solve
/// --format NAME` writes for it, or the first error (a malformed case, or a case whose search
/// runs over the command line's default budget: the input breaks its problem's promise).
///
/// ```
/// let p = sudoku_judge::problem("uva10957").unwrap();
/// let input = std::fs::read("testdata/uva10957/sample.in").unwrap();
/// let output = sudoku_judge::solve(p, &input).unwrap();
/// assert_eq!(output, std::fs::read("testdata/uva10957/sample.out").unwrap());
/// ```
pub fn solve(problem: Problem, input: &[u8]) -> Result<Vec<u8>, Error> {
    solve_within(problem, input, Engine::default().budget())
}

/// [`solve()`] with each case's searches capped at `budget` search nodes, as `sudoku-judge
/// solve --budget N` (`None`: no cap). A case past it is an
/// [`ErrorKind::OverBudget`](crate::ErrorKind::OverBudget) error
/// naming the case and the promise of its problem that it breaks.
///
/// ```
/// use sudoku_judge::ErrorKind;
/// let p = sudoku_judge::problem("uva10957").unwrap();
/// let input = std::fs::read("testdata/uva10957/sample.in").unwrap();
/// let output = sudoku_judge::solve_within(p, &input, None).unwrap();
/// assert_eq!(output, sudoku_judge::solve(p, &input).unwrap());
/// let e = sudoku_judge::solve_within(p, &input, Some(0)).unwrap_err();
/// assert!(matches!(e.kind(), ErrorKind::OverBudget { .. }));
/// assert_eq!(e.case(), Some(2)); // case 1 needs no search
/// assert!(e.to_string().contains("took more than the budget of 0 search nodes"), "{e}");
/// ```
pub fn solve_within(problem: Problem, input: &[u8], budget: Option<u64>) -> Result<Vec<u8>, Error> {
    let cases = read(problem, input)?;
    let mut engine = Engine::default().with_budget(budget);
    let mut writer = Writer::new(problem, Vec::new());
    let spec = problem.0;
    for (i, case) in cases.iter().enumerate() {
        engine
            .inner()
            .try_reply_then(&case.0, spec.mode, |r| writer.write_reply(case, r))
            .map_err(|over| {
                let budget = super::OverBudget {
                    budget: over.budget,
                };
                let message = over_budget(spec, case.cells(), over);
                Error::over_budget(i as u64 + 1, budget, message)
            })??;
    }
    writer.into_inner()
}

/// Why `spec`'s writer cannot spell `answer` for `case`: a case of a size or shape the problem
/// has none of, or an answer whose grid, marks or sums do not fit the case. Without it such an
/// answer panicked in the spelling, or came out as wrong bytes (`?` for a 16x16 value on a 9x9
/// writer).
fn unfit(spec: &Spec, case: &CoreCase, answer: &CoreAnswer) -> Option<String> {
    use CoreAnswer as A;
    let (side, cells) = (case.side(), case.cells().len());
    let net = matches!(case, CoreCase::Net { .. });
    if net != (spec.input.size == Size::Net)
        || (!net && !spec.box_sizes().contains(&case.box_size()))
    {
        return Some(format!("the case is not of {}'s size or shape", spec.name));
    }
    let fits = |g: &[u8]| g.len() == cells && g.iter().all(|&v| usize::from(v) <= side);
    let counted = matches!(spec.mode, Mode::Exact | Mode::CountSmallest);
    let ok = match answer {
        A::Solved(g) | A::Multiple(g) | A::NotMinimal(g) | A::Partial { cells: g, .. } => fits(g),
        A::Count(n, g) => fits(g) || (g.is_empty() && !(counted && *n == 1)),
        A::Score(_, g) => fits(g) || (g.is_empty() && spec.mode == Mode::Best),
        A::Marks(m) => m.len() == cells,
        A::Sums(sums) => sums.len() == cells,
        A::Every(all) => all.iter().all(|g| fits(g)),
        _ => true,
    };
    if !ok {
        return Some(format!(
            "the answer does not fit the case ({side}x{side}, {cells} cells)"
        ));
    }
    (!gives(spec.mode, answer)).then(|| {
        format!(
            "{} asks for {}: no answer of this kind",
            spec.name,
            spec.mode.describe()
        )
    })
}

/// Whether the engine answers a case in `mode` with an answer of `answer`'s kind: any other
/// kind has no spelling in the problem's output (`Legal` where UVa 10957 says `Unique.`), and
/// the writer's fallback words would reach the output. No solution is an answer in every mode.
fn gives(mode: Mode, answer: &CoreAnswer) -> bool {
    use CoreAnswer as A;
    match answer {
        A::NoSolution => true,
        A::Solved(_) => matches!(
            mode,
            Mode::First
                | Mode::Unique
                | Mode::Lexmin
                | Mode::Nth
                | Mode::Verdict
                | Mode::Minimal
                | Mode::Anti
        ),
        A::Multiple(_) => matches!(mode, Mode::Unique | Mode::Verdict | Mode::Minimal),
        A::NotMinimal(_) => mode == Mode::Minimal,
        A::Illegal => matches!(
            mode,
            Mode::Verdict | Mode::Legal | Mode::Complete | Mode::Derived
        ),
        A::Legal => matches!(mode, Mode::Legal | Mode::Complete | Mode::Derived),
        A::Count(..) => matches!(mode, Mode::Exact | Mode::CountSmallest | Mode::Positions),
        A::Marks(_) => mode == Mode::Marks,
        A::Partial { .. } => matches!(mode, Mode::Singles | Mode::Hatching),
        A::Score(..) => matches!(mode, Mode::Best | Mode::OnePass),
        A::Sums(_) => mode == Mode::SumOfAll,
        A::Similar(_) => mode == Mode::Similar,
        A::Every(_) => mode == Mode::Every,
    }
}
#[cfg(test)]
mod tests {
    use crate::{Answer, ErrorKind, Writer, answer, problem, problems, read};

    /// Every problem's writer takes the engine's answers to generated cases of every kind its
    /// data holds: [`super::gives`] names each kind the engine answers in the problem's mode.
    #[test]
    fn the_engine_answers_only_in_kinds_its_problem_spells() {
        for p in problems() {
            let count = p.max_per_file().unwrap_or(u64::MAX).min(6);
            for seed in 1..=2 {
                let set = crate::generate(p, seed, count).unwrap();
                let got = crate::solve(p, &set.input);
                assert_eq!(
                    got.as_ref().ok(),
                    Some(&set.answers),
                    "{} seed {seed}: {got:?}",
                    p.name()
                );
            }
        }
    }

    /// Every problem's writer takes the engine's answers to its own sample's cases, and refuses
    /// (never panics on) an answer that does not fit or a case of another size.
    #[test]
    fn answers_that_do_not_fit_are_refused_not_spelled() {
        for p in problems() {
            let Ok(cases) = read(p, p.sample_input()) else {
                continue;
            };
            let mut w = Writer::new(p, Vec::new());
            for case in &cases {
                let a = answer(case, p.mode()).unwrap();
                assert!(w.write(case, &a).is_ok(), "{}: {a:?}", p.name());
            }
        }
        let refused = |name: &str, from: &str, a: &dyn Fn(&crate::Case) -> Answer| {
            let (p, q) = (problem(name).unwrap(), problem(from).unwrap());
            let case = &read(q, q.sample_input()).unwrap()[0];
            let e = Writer::new(p, Vec::new())
                .write(case, &a(case))
                .unwrap_err();
            assert!(matches!(e.kind(), ErrorKind::Refused { .. }), "{name}: {e}");
        };
        let first = |c: &crate::Case| answer(c, crate::Mode::First).unwrap();
        refused("poj2676", "poj3076", &first);
        refused("poj2676", "poj3076", &|c| {
            answer(c, crate::Mode::Marks).unwrap()
        });
        refused("poj2676", "poj2676", &|_| Answer::Marks(vec![]));
        refused("poj2676", "poj2676", &|_| Answer::Solved(vec![]));
        refused("poj2676", "poj2676", &|_| Answer::Solved(vec![200; 81]));
        refused("tioj1581", "tioj1581", &|_| Answer::Count(1, vec![]));
        refused("tioj1581", "sgu437", &|c| {
            answer(c, crate::Mode::Exact).unwrap()
        });
        // Answers of a kind the problem never gives.
        refused("uva10957", "uva10957", &|_| Answer::Legal);
        refused("poj2676", "poj2676", &|c| {
            answer(c, crate::Mode::Marks).unwrap()
        });
        refused("hdu4069", "hdu4069", &|c| {
            answer(c, crate::Mode::Exact).unwrap()
        });
    }
}
