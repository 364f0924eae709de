//! `sudoku_judge._sudoku_judge`: the CPython extension module of the `pip install` wheel. The
//! package `sudoku_judge` (python/sudoku_judge/__init__.py) re-exports it; its type hints are
//! python/sudoku_judge/_sudoku_judge.pyi, and python/tests/ tries both in a fresh virtualenv
//! (`make verify-wheel`).
//!
//! It is a thin layer over the library's documented functions ([`sudoku_judge::problems`],
//! [`sudoku_judge::problem`], [`sudoku_judge::solve_within`], [`sudoku_judge::check_within`],
//! [`sudoku_judge::generate`]), so that every answer, verdict and case set is the same bytes
//! as the command line's; and [`main`], the wheel's `sudoku-judge` command, is
//! [`sudoku_judge_cli::run_command_line`]. Nothing is solved here: this file turns Python
//! values into the library's and its errors into Python exceptions, and lets go of the GIL
//! while the library works.
//!
//! The docstrings are Python's (`help(sudoku_judge.solve)`); their `>>>` examples run as
//! doctests in python/tests/test_module.py.

use pyo3::create_exception;
use pyo3::exceptions::{PyLookupError, PySystemExit, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyString, PyTuple};
use std::borrow::Cow;
use std::ffi::OsString;
use std::io::Write;
use std::process::ExitCode;
use sudoku_judge::{ErrorKind, SolverKind};

/// The search nodes one case may take by default: the command line's `--budget` default
/// (the bitmask solver's), for `solve` and `check`.
fn default_budget() -> u64 {
    SolverKind::Bitmask.default_budget()
}

create_exception!(
    sudoku_judge,
    OverBudgetError,
    PyValueError,
    "A case's searches took more than the budget of search nodes (the `budget` argument).\n\n\
     The message names the case and the promise of its problem that the case breaks, as\n\
     `sudoku-judge solve` says it. A subclass of ValueError: such a case is outside what\n\
     its problem promises, or the budget is too small for it."
);

/// One judge problem (a `--format NAME` of the command line): its names, what it asks of each
/// case and its sample. `sudoku_judge.problems()` lists them all; `sudoku_judge.problem(NAME)`
/// finds one. Every function that takes a problem takes one of these or its name.
///
/// >>> p = sudoku_judge.problem("poj2676")
/// >>> p.name, p.mode, p.asks
/// ('poj2676', 'first', 'a solution')
/// >>> p.title
/// 'POJ 2676 "Sudoku" (also OpenJudge/bailian 2982)'
/// >>> p
/// sudoku_judge.problem('poj2676')
/// >>> sudoku_judge.problem("uva1309") == sudoku_judge.problem("poj3076")
/// True
#[pyclass(frozen, eq, hash, module = "sudoku_judge")]
struct Problem {
    problem: sudoku_judge::Problem,
}

impl PartialEq for Problem {
    fn eq(&self, other: &Problem) -> bool {
        self.problem.name() == other.problem.name()
    }
}

impl std::hash::Hash for Problem {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.problem.name().hash(h);
    }
}

#[pymethods]
impl Problem {
    /// The name the command line's `--format` takes: 'poj2676'.
    #[getter]
    fn name(&self) -> &'static str {
        self.problem.name()
    }

    /// Other names of the same problem: ['uva1309'] for 'poj3076'.
    #[getter]
    fn aliases(&self) -> Vec<&'static str> {
        self.problem.aliases().to_vec()
    }

    /// The judge and problem, with its title: 'HDU 4069 "Squiggly Sudoku"'.
    #[getter]
    fn title(&self) -> &'static str {
        self.problem.title()
    }

    /// One line: what a case is and what is answered (as `sudoku-judge formats` lists it).
    #[getter]
    fn summary(&self) -> &'static str {
        self.problem.summary()
    }

    /// What the problem asks of each case, in one word, as a problem file spells it: 'first'
    /// (any solution), 'unique', 'lexmin', 'exact' (a count), 'verdict', 'legal', 'complete',
    /// 'marks', 'singles', 'minimal', 'best', 'anti', 'sum-of-all', 'count-smallest',
    /// 'hatching', 'derived', 'positions', 'similar', 'one-pass', 'every' or 'nth' (the N-th
    /// solution in order).
    ///
    /// >>> sudoku_judge.problem("hdu4069").mode
    /// 'unique'
    /// >>> sudoku_judge.problem("tioj1581").mode
    /// 'count-smallest'
    #[getter]
    fn mode(&self) -> String {
        // The API's mode's name, words joined by '-': `CountSmallest` is 'count-smallest'.
        let mut word = String::new();
        for c in format!("{:?}", self.problem.mode()).chars() {
            if c.is_ascii_uppercase() && !word.is_empty() {
                word.push('-');
            }
            word.push(c.to_ascii_lowercase());
        }
        word
    }

    /// The problem as a problem file (TOML), what `sudoku-judge formats --export NAME` writes:
    /// change a copy and read it with `problem_from_record` for a problem of your own.
    ///
    /// >>> "[output.words]" in sudoku_judge.problem("hdu4069").to_record()
    /// True
    fn to_record(&self) -> String {
        self.problem.to_record()
    }

    /// What the mode answers, in a few words (`sudoku-judge formats NAME`'s "Answer:").
    ///
    /// >>> sudoku_judge.problem("hdu4069").asks
    /// 'the unique solution, or whether there is none or several'
    #[getter]
    fn asks(&self) -> &'static str {
        self.problem.mode().describe()
    }

    /// True when a special judge accepts any valid solution grid (so `check` rather than a
    /// byte comparison judges a contestant's output).
    #[getter]
    fn any_solution(&self) -> bool {
        self.problem.accepts_any_solution()
    }

    /// The most cases one input file holds (1 for a single-grid problem), or None.
    ///
    /// >>> sudoku_judge.problem("luogu-p1784").max_per_file
    /// 1
    #[getter]
    fn max_per_file(&self) -> Option<u64> {
        self.problem.max_per_file()
    }

    /// The sample input, bytes (the judge's, or one built from the statement).
    #[getter]
    fn sample_input(&self) -> &'static [u8] {
        self.problem.sample_input()
    }

    /// The sample's expected output, bytes: `solve(problem, sample_input)` writes it.
    ///
    /// >>> p = sudoku_judge.problem("hdu4069")
    /// >>> sudoku_judge.solve(p, p.sample_input) == p.sample_output
    /// True
    #[getter]
    fn sample_output(&self) -> &'static [u8] {
        self.problem.sample_output()
    }

    fn __repr__(&self) -> String {
        format!("sudoku_judge.problem('{}')", self.problem.name())
    }

    fn __str__(&self) -> &'static str {
        self.problem.name()
    }
}

/// What `check` found: the verdict and the message `sudoku-judge check` prints for it.
/// True when the output was accepted.
///
/// >>> p = sudoku_judge.problem("poj2676")
/// >>> report = sudoku_judge.check(p, p.sample_input, p.sample_output)
/// >>> report.verdict, report.message, bool(report)
/// ('ok', 'ok: 1 case', True)
#[pyclass(frozen, module = "sudoku_judge")]
struct Report {
    verdict: &'static str,
    message: String,
    cases: u64,
    case: Option<u64>,
}

#[pymethods]
impl Report {
    /// 'ok', 'wrong answer', 'presentation error' (the output cannot be read as the format)
    /// or 'checker failure' (the input or the answer file is bad: the judge's fault).
    #[getter]
    fn verdict(&self) -> &'static str {
        self.verdict
    }

    /// The line `sudoku-judge check` prints: 'ok: 3 cases', or the verdict and the first
    /// fault ('wrong answer: case 1, line 1: ...').
    #[getter]
    fn message(&self) -> &str {
        &self.message
    }

    /// True when the output was accepted (verdict 'ok').
    #[getter]
    fn accepted(&self) -> bool {
        self.verdict == sudoku_judge::Verdict::Accepted.word()
    }

    /// The number of input cases read.
    #[getter]
    fn cases(&self) -> u64 {
        self.cases
    }

    /// The case (1-based) of the first fault, or None (accepted, or a fault of no one case).
    #[getter]
    fn case(&self) -> Option<u64> {
        self.case
    }

    fn __bool__(&self) -> bool {
        self.accepted()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let message = PyString::new(py, &self.message).repr()?;
        Ok(format!(
            "<sudoku_judge.Report verdict='{}' message={message}>",
            self.verdict
        ))
    }
}

/// A generated case set: `input`, the judge input file, and `answers`, the output `solve`
/// writes for it (both bytes). Unpacks as a pair.
///
/// >>> case_set = sudoku_judge.generate("poj2676", 2, seed=7)
/// >>> input, answers = case_set
/// >>> input.startswith(b"2\n"), answers == sudoku_judge.solve("poj2676", input)
/// (True, True)
#[pyclass(frozen, eq, module = "sudoku_judge")]
#[derive(PartialEq)]
struct CaseSet {
    input: Vec<u8>,
    answers: Vec<u8>,
}

#[pymethods]
impl CaseSet {
    /// The input file, bytes, count line included where the format has one.
    #[getter]
    fn input<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &self.input)
    }

    /// The expected output, bytes, exactly as `solve` (and `sudoku-judge solve`) writes it.
    #[getter]
    fn answers<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &self.answers)
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let pair = PyTuple::new(py, [self.input(py), self.answers(py)])?;
        Ok(pair.as_any().try_iter()?.into_any())
    }

    fn __len__(&self) -> usize {
        2
    }

    fn __repr__(&self) -> String {
        format!(
            "<sudoku_judge.CaseSet input={} bytes answers={} bytes>",
            self.input.len(),
            self.answers.len()
        )
    }
}

/// Every judge problem, in the order `sudoku-judge formats` lists them.
///
/// >>> names = [p.name for p in sudoku_judge.problems()]
/// >>> "poj2676" in names and "hdu4069" in names
/// True
#[pyfunction]
fn problems() -> Vec<Problem> {
    sudoku_judge::problems()
        .map(|problem| Problem { problem })
        .collect()
}

/// The problem called NAME (a `--format NAME` of the command line, or one of its aliases).
/// Raises LookupError for a name no problem has.
///
/// >>> sudoku_judge.problem("uva1309").name
/// 'poj3076'
/// >>> sudoku_judge.problem("no-such-judge")
/// Traceback (most recent call last):
///   ...
/// LookupError: unknown problem 'no-such-judge'; sudoku_judge.problems() lists them
#[pyfunction]
fn problem(name: &str) -> PyResult<Problem> {
    find(name).map(|problem| Problem { problem })
}

/// The problem a problem file's TEXT describes (the TOML `Problem.to_record()` and
/// `sudoku-judge formats --export NAME` write), served by `solve`, `check` and `generate` as
/// the built-in problems are. Raises ValueError with the line and column of a malformed key.
///
/// >>> text = sudoku_judge.problem("poj2676").to_record()
/// >>> mine = sudoku_judge.problem_from_record(text.replace('name = "poj2676"', 'name = "mine"'))
/// >>> mine.name
/// 'mine'
/// >>> sudoku_judge.problem_from_record('name = 1\n')
/// Traceback (most recent call last):
///   ...
/// ValueError: line 1, column 8: `name` takes a string, found an integer
#[pyfunction]
fn problem_from_record(text: &str) -> PyResult<Problem> {
    sudoku_judge::Problem::from_record(text)
        .map(|problem| Problem { problem })
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

fn find(name: &str) -> PyResult<sudoku_judge::Problem> {
    sudoku_judge::problem(name).ok_or_else(|| {
        PyLookupError::new_err(format!(
            "unknown problem '{name}'; sudoku_judge.problems() lists them"
        ))
    })
}

/// The problem a `problem` argument names: a `Problem`, or a name.
fn problem_of(problem: &Bound<'_, PyAny>) -> PyResult<sudoku_judge::Problem> {
    if let Ok(p) = problem.cast::<Problem>() {
        return Ok(p.get().problem);
    }
    match problem.cast::<PyString>() {
        Ok(name) => find(&name.to_cow()?),
        Err(_) => Err(PyTypeError::new_err(format!(
            "problem must be a sudoku_judge.Problem or a name (str), not {}",
            problem.get_type().name()?
        ))),
    }
}

/// A file's contents, given as bytes (borrowed), bytearray, or str (UTF-8).
fn bytes_of<'a>(value: &'a Bound<'_, PyAny>, what: &str) -> PyResult<Cow<'a, [u8]>> {
    if let Ok(b) = value.cast::<PyBytes>() {
        return Ok(Cow::Borrowed(b.as_bytes()));
    }
    if let Ok(s) = value.cast::<PyString>() {
        return Ok(Cow::Owned(s.to_cow()?.into_owned().into_bytes()));
    }
    if let Ok(b) = value.cast::<PyByteArray>() {
        return Ok(Cow::Owned(b.to_vec()));
    }
    Err(PyTypeError::new_err(format!(
        "{what} must be bytes or str, not {}",
        value.get_type().name()?
    )))
}

/// Reads, answers and writes a whole input file of `problem`: the bytes `sudoku-judge solve
/// --format NAME` writes for it (bytes, whatever `input` was given as).
///
/// Each case's searches take at most `budget` search nodes (None: no limit); the default is
/// the command line's. Raises ValueError with the command line's message for malformed input
/// (line and column, case, what was wrong), and OverBudgetError (a ValueError) for a case
/// past the budget. The GIL is released while solving.
///
/// >>> p = sudoku_judge.problem("poj2676")
/// >>> sudoku_judge.solve(p, p.sample_input).splitlines()[0]
/// b'143628579'
/// >>> sudoku_judge.solve("poj2676", "1\n12345678x\n")
/// Traceback (most recent call last):
///   ...
/// ValueError: 2:9: case 1: expected a digit 0-9, found 'x'
#[pyfunction]
#[pyo3(signature = (problem, input, *, budget = Some(default_budget())))]
fn solve<'py>(
    py: Python<'py>,
    problem: &Bound<'py, PyAny>,
    input: &Bound<'py, PyAny>,
    budget: Option<u64>,
) -> PyResult<Bound<'py, PyBytes>> {
    let problem = problem_of(problem)?;
    let input = bytes_of(input, "input")?;
    let solved = py.detach(|| sudoku_judge::solve_within(problem, &input, budget));
    match solved {
        Ok(output) => Ok(PyBytes::new(py, &output)),
        Err(e) if matches!(e.kind(), ErrorKind::OverBudget { .. }) => {
            Err(OverBudgetError::new_err(e.to_string()))
        }
        Err(e) => Err(PyValueError::new_err(e.to_string())),
    }
}

/// Judges a contestant's `output` for the `input` file of `problem`, as `sudoku-judge check
/// --format NAME INPUT OUTPUT [ANSWER]` does, and returns a Report (true when accepted): any
/// right solution is accepted where the problem accepts any, tokens are compared as judges
/// compare them, and the message points at the first fault. `answer`, the judge's expected
/// output, is optional and must itself be right. Each arguments is bytes or str.
///
/// Each input case's searches take at most `budget` search nodes (None: no limit); a case past
/// it is a 'checker failure'. The GIL is released while checking.
///
/// >>> p = sudoku_judge.problem("poj2676")
/// >>> wrong = bytearray(p.sample_output)
/// >>> wrong[0], wrong[1] = wrong[1], wrong[0]
/// >>> report = sudoku_judge.check(p, p.sample_input, wrong)
/// >>> report.accepted, report.verdict, report.case
/// (False, 'wrong answer', 1)
/// >>> report.message
/// 'wrong answer: case 1, line 1: r1c1: expected the given 1, found 4'
#[pyfunction]
#[pyo3(signature = (problem, input, output, answer = None, *, budget = Some(default_budget())))]
fn check<'py>(
    py: Python<'py>,
    problem: &Bound<'py, PyAny>,
    input: &Bound<'py, PyAny>,
    output: &Bound<'py, PyAny>,
    answer: Option<&Bound<'py, PyAny>>,
    budget: Option<u64>,
) -> PyResult<Report> {
    let problem = problem_of(problem)?;
    let input = bytes_of(input, "input")?;
    let output = bytes_of(output, "output")?;
    let answer = answer.map(|a| bytes_of(a, "answer")).transpose()?;
    let report = py
        .detach(|| sudoku_judge::check_within(problem, &input, &output, answer.as_deref(), budget));
    let message = report.lines(false).swap_remove(0);
    Ok(Report {
        verdict: report.verdict().word(),
        message,
        cases: report.cases(),
        case: report.first_fault().and_then(|f| f.case()),
    })
}

/// Makes `count` cases of `problem` from `seed`, the same cases (and bytes) as
/// `sudoku-judge gen --format NAME --count COUNT --seed SEED -o INPUT --answers ANSWERS`, and
/// returns them as a CaseSet: the input file and the expected output. Case i depends only on
/// the seed and i. Raises ValueError when one file of the problem holds fewer cases, or no
/// case of a kind can be made. The GIL is released while generating.
///
/// >>> a = sudoku_judge.generate("hdu4069", 3, seed=5)
/// >>> a == sudoku_judge.generate("hdu4069", 3, seed=5)
/// True
/// >>> sudoku_judge.solve("hdu4069", a.input) == a.answers
/// True
/// >>> sudoku_judge.generate("luogu-p1784", 2, seed=1)
/// Traceback (most recent call last):
///   ...
/// ValueError: a luogu-p1784 file holds at most 1 case
#[pyfunction]
#[pyo3(signature = (problem, count, seed))]
fn generate(
    py: Python<'_>,
    problem: &Bound<'_, PyAny>,
    count: u64,
    seed: u64,
) -> PyResult<CaseSet> {
    let problem = problem_of(problem)?;
    let set = py
        .detach(|| sudoku_judge::generate(problem, seed, count))
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(CaseSet {
        input: set.input,
        answers: set.answers,
    })
}

/// The `sudoku-judge` command of the wheel: runs the command line on `sys.argv[1:]` exactly as
/// the binary does (same output, same exit status) and then exits the interpreter with its
/// status (SystemExit). Ctrl-C ends it as it ends the binary.
#[pyfunction]
fn main(py: Python<'_>) -> PyResult<()> {
    let sys = py.import("sys")?;
    // Whatever Python has buffered goes out before the command line's own output.
    for stream in ["stdout", "stderr"] {
        let stream = sys.getattr(stream)?;
        if !stream.is_none() {
            stream.call_method0("flush")?;
        }
    }
    let argv: Vec<OsString> = sys.getattr("argv")?.extract()?;
    let args: Vec<OsString> = std::iter::once(OsString::from("sudoku-judge"))
        .chain(argv.into_iter().skip(1))
        .collect();
    // Python's SIGINT handler only sets a flag that Rust code never looks at: where Python
    // installed it, give SIGINT its default action back, as the binary has it (`stress` takes
    // it for itself). An inherited SIG_IGN (a background job of a script) stays, as it does for
    // the binary. Only the main thread may set a handler; elsewhere the handler stays.
    let signal = py.import("signal")?;
    let sigint = signal.getattr("SIGINT")?;
    let handler = signal.call_method1("getsignal", (&sigint,))?;
    if handler.is(&signal.getattr("default_int_handler")?) {
        let _ = signal.call_method1("signal", (sigint, signal.getattr("SIG_DFL")?));
    }
    sudoku_judge_cli::see_closed_stdout();
    let code = py.detach(|| {
        let code = sudoku_judge_cli::run_command_line(args);
        // A Rust binary's runtime flushes stdout on the way out; here the process goes on
        // into Python's exit, so flush it now (an error, a closed pipe, is the binary's too:
        // ignored).
        let _ = std::io::stdout().flush();
        code
    });
    Err(PySystemExit::new_err(status(code)))
}

/// The number an `ExitCode` stands for (`ExitCode` shows it only to the process's exit).
fn status(code: ExitCode) -> u8 {
    (0..=u8::MAX)
        .find(|&c| ExitCode::from(c) == code)
        .unwrap_or(1)
}

/// Read, solve, check and generate online-judge Sudoku files in 37 judge formats, with the
/// same bytes and verdicts as the `sudoku-judge` command.
///
/// >>> import sudoku_judge
/// >>> p = sudoku_judge.problem("poj2676")
/// >>> sudoku_judge.solve(p, p.sample_input) == p.sample_output
/// True
#[pymodule]
fn _sudoku_judge(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("DEFAULT_BUDGET", default_budget())?;
    m.add("OverBudgetError", m.py().get_type::<OverBudgetError>())?;
    m.add_class::<Problem>()?;
    m.add_class::<Report>()?;
    m.add_class::<CaseSet>()?;
    m.add_function(wrap_pyfunction!(problems, m)?)?;
    m.add_function(wrap_pyfunction!(problem, m)?)?;
    m.add_function(wrap_pyfunction!(problem_from_record, m)?)?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_function(wrap_pyfunction!(generate, m)?)?;
    m.add_function(wrap_pyfunction!(main, m)?)?;
    Ok(())
}
