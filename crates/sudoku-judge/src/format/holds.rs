//! What a judge's real data holds, kind of case by kind of case, as far as the evidence goes:
//! clashing givens, puzzles with no solution and no clash, several solutions, full grids, empty
//! grids. A statement's promise says what its input *may* hold; the judge's data is often
//! narrower (UVa 989 promises nothing about clashes, but a solution that never checks givens
//! against each other is accepted there, so its data holds none). [`Spec::holds`] records each
//! kind with its evidence and a confidence (JUDGES.md's tags); [`Spec::bounds`] turns that and
//! the promise into what `gen`, `gen --edge` and `package` may write by default. Cases the
//! promise allows but the data is not known to hold are written only on request (`--beyond`).

/// How sure a record of the data is, as JUDGES.md tags it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Confidence {
    /// The statement says so (**S**).
    Statement,
    /// The judge's sample shows it (**V**).
    Sample,
    /// What an accepted solution does (or does not) handle shows it (**C**).
    Accepted,
    /// Inferred: a hypothesis, not a fact (**I**).
    Inferred,
}

impl Confidence {
    /// JUDGES.md's tag and a word: `S, the statement`.
    pub fn describe(self) -> &'static str {
        match self {
            Confidence::Statement => "S, the statement",
            Confidence::Sample => "V, the sample",
            Confidence::Accepted => "C, accepted solutions",
            Confidence::Inferred => "I, inferred",
        }
    }
}

/// Whether the judge's data holds one kind of case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Held {
    /// Nothing is known beyond the statement's promise: held where the promise allows it.
    Promise,
    /// Held, with the evidence.
    Yes(Confidence, &'static str),
    /// Not held (whatever the promise's letter allows), with the evidence.
    No(Confidence, &'static str),
}

/// What one judge's data holds, kind by kind ([`Kind`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Holds {
    pub clash: Held,
    pub unsolvable: Held,
    pub several: Held,
    pub full: Held,
    pub empty: Held,
}

impl Holds {
    /// Nothing known beyond the promise: every kind the promise allows.
    pub const PROMISE: Holds = Holds {
        clash: Held::Promise,
        unsolvable: Held::Promise,
        several: Held::Promise,
        full: Held::Promise,
        empty: Held::Promise,
    };

    /// The record of `kind`, to change it.
    pub fn slot(&mut self, kind: Kind) -> &mut Held {
        match kind {
            Kind::Clash => &mut self.clash,
            Kind::Unsolvable => &mut self.unsolvable,
            Kind::Several => &mut self.several,
            Kind::Full => &mut self.full,
            Kind::Empty => &mut self.empty,
        }
    }

    /// The record of `kind`.
    pub fn of(&self, kind: Kind) -> Held {
        match kind {
            Kind::Clash => self.clash,
            Kind::Unsolvable => self.unsolvable,
            Kind::Several => self.several,
            Kind::Full => self.full,
            Kind::Empty => self.empty,
        }
    }
}

/// The kinds of case a judge's data may or may not hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Givens that repeat a value in a unit.
    Clash,
    /// No solution, and no clash among the givens.
    Unsolvable,
    /// Two or more solutions.
    Several,
    /// No empty cell.
    Full,
    /// No given.
    Empty,
}

impl Kind {
    pub const ALL: [Kind; 5] = [
        Kind::Clash,
        Kind::Unsolvable,
        Kind::Several,
        Kind::Full,
        Kind::Empty,
    ];

    /// What it is, for `formats` and the package README.
    pub fn describe(self) -> &'static str {
        match self {
            Kind::Clash => "clashing givens",
            Kind::Unsolvable => "no solution without a clash",
            Kind::Several => "several solutions",
            Kind::Full => "full grids",
            Kind::Empty => "empty grids",
        }
    }
}

/// What a request may write of a format: each kind of case, in or out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    pub clash: bool,
    pub unsolvable: bool,
    pub several: bool,
    pub full: bool,
    pub empty: bool,
    /// A grid with exactly one empty cell (`gen --edge`'s third case).
    pub one_empty: bool,
}

impl Bounds {
    pub fn allows(&self, kind: Kind) -> bool {
        match kind {
            Kind::Clash => self.clash,
            Kind::Unsolvable => self.unsolvable,
            Kind::Several => self.several,
            Kind::Full => self.full,
            Kind::Empty => self.empty,
        }
    }
}
