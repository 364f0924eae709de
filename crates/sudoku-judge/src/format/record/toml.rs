//! The part of TOML a problem file uses, read into tables of keys: `[table]` and `[a.b]`
//! headers, `key = value` lines, `#` comments, basic strings (`"..."` with TOML's escapes),
//! multi-line basic strings (`"""..."""`), literal strings (`'...'`), integers, booleans and
//! arrays of strings. Inline tables, dates, floats and arrays of tables are not part of a
//! record, so they are errors, each with its line and column. A file a TOML library writes
//! from the same keys reads the same.

use std::fmt;

/// A value of a key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    Str(String),
    Int(i64),
    Bool(bool),
    Strs(Vec<String>),
}

impl Value {
    /// What the value is, for "expected a string, found an integer".
    pub fn kind(&self) -> &'static str {
        match self {
            Value::Str(_) => "a string",
            Value::Int(_) => "an integer",
            Value::Bool(_) => "a boolean",
            Value::Strs(_) => "an array",
        }
    }
}

/// One `key = value` line and where its value starts.
#[derive(Clone, Debug)]
pub struct Entry {
    pub key: String,
    pub value: Value,
    pub at: At,
}

/// A table: its dotted name (`""` for the keys before the first header) and its entries in
/// file order.
#[derive(Clone, Debug)]
pub struct Table {
    pub name: String,
    pub at: At,
    pub entries: Vec<Entry>,
}

/// A line and a column (1-based, in characters).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct At {
    pub line: usize,
    pub column: usize,
}

/// What is wrong, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    pub at: At,
    pub message: String,
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}: {}", self.at.line, self.at.column, self.message)
    }
}

/// Reads `text` into its tables, the root table first (present even when empty). A key or a
/// table given twice is an error.
pub fn parse(text: &str) -> Result<Vec<Table>, SyntaxError> {
    let mut s = Scanner {
        chars: text.chars().collect(),
        i: 0,
        at: At { line: 1, column: 1 },
    };
    let mut tables = vec![Table {
        name: String::new(),
        at: s.at,
        entries: Vec::new(),
    }];
    loop {
        s.skip_blank_lines();
        let Some(c) = s.peek() else { break };
        let at = s.at;
        if c == '[' {
            s.bump();
            s.skip_spaces();
            let name = s.dotted_name()?;
            s.skip_spaces();
            s.expect(']')?;
            s.end_of_line()?;
            if tables.iter().any(|t| t.name == name) {
                return Err(s.error_at(at, format!("table [{name}] is given twice")));
            }
            tables.push(Table {
                name,
                at,
                entries: Vec::new(),
            });
            continue;
        }
        let key = s.key()?;
        s.skip_spaces();
        s.expect('=')?;
        s.skip_spaces();
        let value_at = s.at;
        let value = s.value()?;
        s.end_of_line()?;
        let table = tables.last_mut().expect("the root table is always there");
        if table.entries.iter().any(|e| e.key == key) {
            return Err(s.error_at(at, format!("key `{key}` is given twice")));
        }
        table.entries.push(Entry {
            key,
            value,
            at: value_at,
        });
    }
    Ok(tables)
}

struct Scanner {
    chars: Vec<char>,
    i: usize,
    at: At,
}

impl Scanner {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.i).copied()
    }

    fn peek_at(&self, k: usize) -> Option<char> {
        self.chars.get(self.i + k).copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.i += 1;
        if c == '\n' {
            self.at.line += 1;
            self.at.column = 1;
        } else {
            self.at.column += 1;
        }
        Some(c)
    }

    fn error_at(&self, at: At, message: String) -> SyntaxError {
        SyntaxError { at, message }
    }

    fn error(&self, message: String) -> SyntaxError {
        self.error_at(self.at, message)
    }

    fn found(&self) -> String {
        match self.peek() {
            None => "the end of the file".into(),
            Some('\n') => "the end of the line".into(),
            Some(c) => format!("{c:?}"),
        }
    }

    fn expect(&mut self, c: char) -> Result<(), SyntaxError> {
        if self.peek() == Some(c) {
            self.bump();
            Ok(())
        } else {
            Err(self.error(format!("expected {c:?}, found {}", self.found())))
        }
    }

    fn skip_spaces(&mut self) {
        while matches!(self.peek(), Some(' ' | '\t')) {
            self.bump();
        }
    }

    fn skip_comment(&mut self) {
        if self.peek() == Some('#') {
            while !matches!(self.peek(), None | Some('\n')) {
                self.bump();
            }
        }
    }

    /// Blank lines, comment lines and the spaces before the next statement.
    fn skip_blank_lines(&mut self) {
        loop {
            self.skip_spaces();
            self.skip_comment();
            match self.peek() {
                Some('\n') => {
                    self.bump();
                }
                Some('\r') if self.peek_at(1) == Some('\n') => {
                    self.bump();
                    self.bump();
                }
                _ => return,
            }
        }
    }

    /// Spaces and a comment, then the end of the line or of the file.
    fn end_of_line(&mut self) -> Result<(), SyntaxError> {
        self.skip_spaces();
        self.skip_comment();
        match self.peek() {
            None => Ok(()),
            Some('\n') => {
                self.bump();
                Ok(())
            }
            Some('\r') if self.peek_at(1) == Some('\n') => {
                self.bump();
                self.bump();
                Ok(())
            }
            _ => Err(self.error(format!("expected the end of the line, found {}", self.found()))),
        }
    }

    fn bare(c: char) -> bool {
        c.is_ascii_alphanumeric() || c == '_' || c == '-'
    }

    fn key(&mut self) -> Result<String, SyntaxError> {
        let mut key = String::new();
        while let Some(c) = self.peek().filter(|&c| Self::bare(c)) {
            key.push(c);
            self.bump();
        }
        if key.is_empty() {
            return Err(self.error(format!("expected a key, found {}", self.found())));
        }
        Ok(key)
    }

    fn dotted_name(&mut self) -> Result<String, SyntaxError> {
        let mut name = self.key()?;
        while self.peek() == Some('.') {
            self.bump();
            name.push('.');
            name.push_str(&self.key()?);
        }
        Ok(name)
    }

    fn value(&mut self) -> Result<Value, SyntaxError> {
        match self.peek() {
            Some('"') | Some('\'') => Ok(Value::Str(self.string()?)),
            Some('[') => self.array(),
            Some('t') | Some('f') => {
                let at = self.at;
                let word = self.key()?;
                match word.as_str() {
                    "true" => Ok(Value::Bool(true)),
                    "false" => Ok(Value::Bool(false)),
                    _ => Err(self.error_at(at, format!("expected a value, found `{word}`"))),
                }
            }
            Some(c) if c.is_ascii_digit() || c == '+' || c == '-' => self.integer(),
            _ => Err(self.error(format!("expected a value, found {}", self.found()))),
        }
    }

    fn integer(&mut self) -> Result<Value, SyntaxError> {
        let at = self.at;
        let mut text = String::new();
        while let Some(c) = self.peek().filter(|&c| Self::bare(c) || c == '+' || c == '.') {
            if c != '_' {
                text.push(c);
            }
            self.bump();
        }
        text.parse::<i64>()
            .map(Value::Int)
            .map_err(|_| self.error_at(at, format!("expected an integer, found `{text}`")))
    }

    fn array(&mut self) -> Result<Value, SyntaxError> {
        self.expect('[')?;
        let mut items = Vec::new();
        loop {
            self.skip_blank_lines();
            if self.peek() == Some(']') {
                self.bump();
                return Ok(Value::Strs(items));
            }
            if !matches!(self.peek(), Some('"' | '\'')) {
                return Err(self.error(format!(
                    "expected a string or ']' in an array of strings, found {}",
                    self.found()
                )));
            }
            items.push(self.string()?);
            self.skip_blank_lines();
            match self.peek() {
                Some(',') => {
                    self.bump();
                }
                Some(']') => {}
                _ => {
                    return Err(self.error(format!("expected ',' or ']', found {}", self.found())));
                }
            }
        }
    }

    fn string(&mut self) -> Result<String, SyntaxError> {
        let quote = self.bump().expect("called on a quote");
        let multi = self.peek() == Some(quote) && self.peek_at(1) == Some(quote);
        if multi {
            self.bump();
            self.bump();
            // A newline right after the opening quotes is not part of the string.
            if self.peek() == Some('\n') {
                self.bump();
            } else if self.peek() == Some('\r') && self.peek_at(1) == Some('\n') {
                self.bump();
                self.bump();
            }
        }
        let mut out = String::new();
        loop {
            let at = self.at;
            let Some(c) = self.bump() else {
                return Err(self.error("the string is not closed".into()));
            };
            match c {
                q if q == quote && !multi => return Ok(out),
                q if q == quote && self.peek() == Some(q) && self.peek_at(1) == Some(q) => {
                    self.bump();
                    self.bump();
                    // Up to two more quotes just before the closing three belong to the string.
                    for _ in 0..2 {
                        if self.peek() == Some(q) {
                            out.push(q);
                            self.bump();
                        }
                    }
                    return Ok(out);
                }
                '\n' if !multi => {
                    return Err(self.error_at(at, "the string is not closed on its line".into()));
                }
                '\\' if quote == '"' => self.escape(&mut out, multi, at)?,
                c if c.is_control() && c != '\t' && c != '\n' && c != '\r' => {
                    return Err(self.error_at(
                        at,
                        format!("control character {c:?} in a string: write it as an escape"),
                    ));
                }
                c => out.push(c),
            }
        }
    }

    /// The escape whose backslash is at `at` (just read).
    fn escape(&mut self, out: &mut String, multi: bool, at: At) -> Result<(), SyntaxError> {
        let Some(c) = self.bump() else {
            return Err(self.error("the string is not closed".into()));
        };
        let simple = match c {
            'b' => Some('\u{8}'),
            't' => Some('\t'),
            'n' => Some('\n'),
            'f' => Some('\u{c}'),
            'r' => Some('\r'),
            'e' => Some('\u{1b}'),
            '"' => Some('"'),
            '\\' => Some('\\'),
            _ => None,
        };
        if let Some(s) = simple {
            out.push(s);
            return Ok(());
        }
        match c {
            'u' | 'U' => {
                let digits = if c == 'u' { 4 } else { 8 };
                let mut code = 0u32;
                for _ in 0..digits {
                    let d = self.peek().and_then(|d| d.to_digit(16)).ok_or_else(|| {
                        self.error(format!("expected a hex digit, found {}", self.found()))
                    })?;
                    self.bump();
                    code = code * 16 + d;
                }
                let ch = char::from_u32(code).ok_or_else(|| {
                    self.error_at(at, format!("\\{c}{code:X} is not a Unicode scalar value"))
                })?;
                out.push(ch);
                Ok(())
            }
            // A backslash at the end of a line of a multi-line string joins it to the next
            // non-blank character.
            ' ' | '\t' | '\n' | '\r' if multi => {
                let mut k = 0;
                while matches!(self.peek_at(k), Some(' ' | '\t' | '\r')) {
                    k += 1;
                }
                if c != '\n' && self.peek_at(k) != Some('\n') {
                    return Err(self.error_at(at, "a backslash must end its line here".into()));
                }
                while matches!(self.peek(), Some(' ' | '\t' | '\n' | '\r')) {
                    self.bump();
                }
                Ok(())
            }
            _ => Err(self.error_at(at, format!("unknown escape \\{c}"))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(text: &str) -> Value {
        let tables = parse(text).unwrap();
        tables[0].entries[0].value.clone()
    }

    #[test]
    fn reads_each_kind_of_value() {
        assert_eq!(one("a = \"x\\ty\\u0041\\\"\""), Value::Str("x\tyA\"".into()));
        assert_eq!(one("a = 'c:\\no'"), Value::Str("c:\\no".into()));
        assert_eq!(one("a = -1_000"), Value::Int(-1000));
        assert_eq!(one("a = true # yes"), Value::Bool(true));
        assert_eq!(
            one("a = [\n  \"x\", # first\n  'y',\n]"),
            Value::Strs(vec!["x".into(), "y".into()])
        );
        assert_eq!(one("a = \"\"\"\n1\n2\n\"\"\""), Value::Str("1\n2\n".into()));
        assert_eq!(one("a = \"\"\"x\"\"\"\"\""), Value::Str("x\"\"".into()));
        assert_eq!(one("a = \"\"\"x \\\n   y\"\"\""), Value::Str("x y".into()));
        assert_eq!(one("a = \"\"\"\r\nx\r\n\"\"\""), Value::Str("x\r\n".into()));
    }

    #[test]
    fn tables_keep_their_keys_in_order() {
        let t = parse("# c\nname = \"p\"\n\n[input]\nrows = \"chars\"\n[output.words]\nnone = \"No\"\n")
            .unwrap();
        let names: Vec<&str> = t.iter().map(|t| t.name.as_str()).collect();
        assert_eq!(names, ["", "input", "output.words"]);
        assert_eq!(t[1].entries[0].key, "rows");
        assert_eq!(t[2].at, At { line: 6, column: 1 });
        assert_eq!(t[1].entries[0].at, At { line: 5, column: 8 });
    }

    #[test]
    fn errors_say_where() {
        let cases: &[(&str, (usize, usize), &str)] = &[
            ("a = 1\na = 2\n", (2, 1), "given twice"),
            ("[x]\n[x]\n", (2, 1), "table [x] is given twice"),
            ("a = \"open\n", (1, 10), "not closed on its line"),
            ("a = 1.5\n", (1, 5), "expected an integer"),
            ("a = {b = 1}\n", (1, 5), "expected a value"),
            ("a = 1 2\n", (1, 7), "expected the end of the line"),
            ("a = \"\\q\"\n", (1, 6), "unknown escape"),
            ("= 1\n", (1, 1), "expected a key"),
            ("a = [1]\n", (1, 6), "array of strings"),
            ("a = \"\"\"x", (1, 9), "not closed"),
            ("a = \"\\uD800\"\n", (1, 6), "not a Unicode scalar value"),
            ("a = \"x\u{7}\"\n", (1, 7), "control character"),
        ];
        for (text, (line, column), what) in cases {
            let e = parse(text).unwrap_err();
            assert_eq!((e.at.line, e.at.column), (*line, *column), "{text:?}: {e}");
            assert!(e.message.contains(what), "{text:?}: {e}");
        }
    }
}
