//! CGSuite's notation for misère canonical forms (Siegel, CGSuite's "Misère Theory"
//! tutorial): `*[…]` around a nim heap's size (`*[2]` is \*2), or the options written one
//! after another (`*[42]` has the options \*4 and \*2); `#` after a game makes the game with
//! that one option (`*[2#]` is {\*2}); a subscript, written in brackets, adds a nim heap
//! (`*[2[2]]` is \*2 + \*2), and subscripts read left to right (`*[2[#2#]]` is
//! {{\*2} + \*2}); parentheses group a game of several options inside another.
//!
//! Printing follows CGSuite: options in decreasing order, a form written as a simpler game
//! plus a nim heap where there is one (\*i for i ≥ 2, then \*). The reader takes that
//! output, and also CGSuite's input lists: `*[[2],0]` (a list is the game of its entries, a
//! number the nim heap), with `+` between terms (`*[[*[4] + *[2]]]`).

use std::cell::RefCell;
use std::cmp::Ordering;
use std::collections::{HashMap, HashSet};

use super::store::{MisereError, MisereId, MisereStore};

/// Why a text is not a misère form.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message} (at character {})", .at + 1)]
pub struct MisereNotationError {
    /// Where (a byte offset into the text).
    pub at: usize,
    /// What was wrong.
    pub message: String,
}

/// The largest nim heap the notation may name.
pub const MAX_NOTATION_HEAP: u32 = 1 << 12;

fn digit_text(n: u32) -> String {
    if n < 10 {
        n.to_string()
    } else {
        format!("&{n};")
    }
}

/// Order keys for printing: a form's even part (itself, or G + \* when that is born
/// earlier) first by birthday, number of options, g⁺, g⁻, then its options, even forms first.
///
/// Forms are DAGs that may be exponentially smaller than their trees, so `prepare` visits each
/// form once, `cmp` is memoised, and `write` stops once the text passes `budget` characters.
struct Printer<'a> {
    store: &'a mut MisereStore,
    even: HashMap<MisereId, (MisereId, bool)>,
    prepared: HashSet<MisereId>,
    order: RefCell<HashMap<(MisereId, MisereId), Ordering>>,
    budget: usize,
}

impl Printer<'_> {
    fn even_part(&mut self, g: MisereId) -> (MisereId, bool) {
        if let Some(&e) = self.even.get(&g) {
            return e;
        }
        let one = self.store.nimber(1);
        let e = match self.store.sum(g, one) {
            Ok(h) if self.store.birthday(h) < self.store.birthday(g) => (h, false),
            _ => (g, true),
        };
        self.even.insert(g, e);
        e
    }

    fn prepare(&mut self, g: MisereId) {
        if !self.prepared.insert(g) {
            return;
        }
        let (e, _) = self.even_part(g);
        for o in self.store.options(e).to_vec() {
            self.prepare(o);
        }
        for o in self.store.options(g).to_vec() {
            self.prepare(o);
        }
    }

    fn cmp(&self, a: MisereId, b: MisereId) -> Ordering {
        if a == b {
            return Ordering::Equal;
        }
        if let Some(&o) = self.order.borrow().get(&(a, b)) {
            return o;
        }
        let o = self.cmp_uncached(a, b);
        self.order.borrow_mut().insert((a, b), o);
        o
    }

    fn cmp_uncached(&self, a: MisereId, b: MisereId) -> Ordering {
        let (ea, even_a) = self.even[&a];
        let (eb, even_b) = self.even[&b];
        let s = &*self.store;
        let key = |e: MisereId| {
            (
                s.birthday(e),
                s.options(e).len(),
                s.grundy(e),
                s.misere_grundy(e),
            )
        };
        key(ea)
            .cmp(&key(eb))
            .then_with(|| {
                let mut oa = self.sorted(ea);
                let mut ob = self.sorted(eb);
                oa.reverse();
                ob.reverse();
                for (x, y) in oa.iter().zip(&ob) {
                    let c = self.cmp(*x, *y);
                    if c != Ordering::Equal {
                        return c;
                    }
                }
                oa.len().cmp(&ob.len())
            })
            .then_with(|| even_b.cmp(&even_a))
    }

    fn sorted(&self, g: MisereId) -> Vec<MisereId> {
        let mut o = self.store.options(g).to_vec();
        o.sort_by(|&x, &y| self.cmp(x, y));
        o
    }

    /// CGSuite's recursive printer; `open` says whether a subscript bracket is to be opened
    /// (on entry) or was opened (on exit).
    fn write(&mut self, g: MisereId, out: &mut String, parenthesize: bool, open: &mut bool) {
        if out.len() > self.budget {
            return;
        }
        if let Some(n) = self.store.as_nimber(g) {
            out.push_str(&digit_text(n));
            if *open {
                out.push('[');
            }
            return;
        }
        let b = self.store.birthday(g);
        let (_, even) = self.even_part(g);
        let mut i = if even { 2 } else { 3 };
        while i < b {
            let heap = self.store.nimber(i);
            // G = H + *i with H born earlier: H is an option of G (H + *0) unless reversed
            for h in self.store.options(g).to_vec() {
                if self.store.birthday(h) < b && self.store.sum(h, heap).ok() == Some(g) {
                    *open = true;
                    self.prepare(h);
                    self.write(h, out, true, open);
                    out.push_str(&digit_text(i));
                    return;
                }
            }
            i += 2;
        }
        if !even {
            let (e, _) = self.even_part(g);
            *open = true;
            self.write(e, out, true, open);
            out.push('1');
            return;
        }
        let opts = self.sorted(g);
        if opts.len() == 1 {
            self.write(opts[0], out, true, open);
            out.push('#');
            return;
        }
        let outer = *open;
        if parenthesize {
            out.push('(');
        }
        for &o in opts.iter().rev() {
            let mut inner = false;
            self.write(o, out, true, &mut inner);
            if inner {
                out.push(']');
            }
        }
        if parenthesize {
            out.push(')');
        }
        *open = outer;
        if *open {
            out.push('[');
        }
    }
}

impl MisereStore {
    /// The form in CGSuite's notation, e.g. `*[2#0]`.
    pub fn name(&mut self, g: MisereId) -> String {
        self.name_within(g, usize::MAX)
            .expect("an unbounded name always fits")
    }

    /// The form in CGSuite's notation when it has at most `max_len` characters, else `None`
    /// — found in time proportional to `max_len` and the form's DAG, never to its tree
    /// (which may be exponentially larger).
    ///
    /// # Examples
    /// ```
    /// use onag::misere::MisereStore;
    ///
    /// let mut store = MisereStore::new();
    /// let g = store.parse("*[2#1]").unwrap();
    /// assert_eq!(store.name_within(g, 100).as_deref(), Some("*[2#1]"));
    /// assert_eq!(store.name_within(g, 5), None);
    /// ```
    pub fn name_within(&mut self, g: MisereId, max_len: usize) -> Option<String> {
        let mut p = Printer {
            store: self,
            even: HashMap::new(),
            prepared: HashSet::new(),
            order: RefCell::new(HashMap::new()),
            budget: max_len,
        };
        p.prepare(g);
        let mut out = String::from("*[");
        let mut open = false;
        p.write(g, &mut out, false, &mut open);
        if open {
            out.push(']');
        }
        out.push(']');
        (out.len() <= max_len).then_some(out)
    }

    /// Same as [`MisereStore::name`] (the printed form).
    pub fn to_string(&mut self, g: MisereId) -> String {
        self.name(g)
    }

    /// Reads a form in CGSuite's notation (see the [module](self) documentation).
    ///
    /// # Examples
    /// ```
    /// use onag::misere::MisereStore;
    ///
    /// let mut store = MisereStore::new();
    /// let a = store.parse("*[[2],1]").unwrap(); // CGSuite's input lists
    /// let b = store.parse("*[2#1]").unwrap(); // its output
    /// assert_eq!(a, b);
    /// assert_eq!(store.name(a), "*[2#1]");
    /// assert_eq!(store.genus(a).to_string(), "2^1420");
    /// ```
    pub fn parse(&mut self, text: &str) -> Result<MisereId, MisereNotationError> {
        let mut r = Reader {
            s: text.as_bytes(),
            pos: 0,
            store: self,
        };
        let g = r.expression()?;
        r.skip_ws();
        if r.pos != r.s.len() {
            return Err(r.error("unexpected text after the form"));
        }
        Ok(g)
    }
}

struct Reader<'a> {
    s: &'a [u8],
    pos: usize,
    store: &'a mut MisereStore,
}

impl Reader<'_> {
    fn error(&self, message: &str) -> MisereNotationError {
        MisereNotationError {
            at: self.pos,
            message: message.to_string(),
        }
    }

    fn lift(&self, e: MisereError) -> MisereNotationError {
        self.error(&e.to_string())
    }

    fn skip_ws(&mut self) {
        while self.pos < self.s.len() && self.s[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.skip_ws();
        self.s.get(self.pos).copied()
    }

    fn eat(&mut self, c: u8) -> Result<(), MisereNotationError> {
        if self.peek() == Some(c) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.error(&format!("expected '{}'", c as char)))
        }
    }

    fn number(&mut self) -> Result<u32, MisereNotationError> {
        self.skip_ws();
        let start = self.pos;
        while self.pos < self.s.len() && self.s[self.pos].is_ascii_digit() {
            self.pos += 1;
        }
        let text = std::str::from_utf8(&self.s[start..self.pos]).unwrap_or("");
        match text.parse::<u32>() {
            Ok(n) if n <= MAX_NOTATION_HEAP => Ok(n),
            Ok(_) => Err(self.error(&format!("a nim heap above {MAX_NOTATION_HEAP}"))),
            Err(_) => Err(self.error("expected a number")),
        }
    }

    /// `term (+ term)*`
    fn expression(&mut self) -> Result<MisereId, MisereNotationError> {
        let mut g = self.term()?;
        while self.peek() == Some(b'+') {
            self.pos += 1;
            let h = self.term()?;
            g = self.store.sum(g, h).map_err(|e| self.lift(e))?;
        }
        Ok(g)
    }

    /// A `*[…]` form, a number (a nim heap) or an input list.
    fn term(&mut self) -> Result<MisereId, MisereNotationError> {
        match self.peek() {
            Some(b'*') => {
                self.pos += 1;
                if self.peek() != Some(b'[') {
                    // `*` alone, or `*n`
                    return match self.peek() {
                        Some(c) if c.is_ascii_digit() => {
                            let n = self.number()?;
                            Ok(self.store.nimber(n))
                        }
                        _ => Ok(self.store.nimber(1)),
                    };
                }
                self.star_body()
            }
            Some(b'[') => self.list(),
            Some(c) if c.is_ascii_digit() => {
                let n = self.number()?;
                Ok(self.store.nimber(n))
            }
            _ => Err(self.error("expected a form: *[…], a number or a list")),
        }
    }

    /// After `*`: `[…]` in the output notation or as an input list.
    fn star_body(&mut self) -> Result<MisereId, MisereNotationError> {
        let start = self.pos;
        self.eat(b'[')?;
        let first = self.peek();
        let is_list = first == Some(b'[') || first == Some(b'*') || {
            // a comma at this depth marks an input list
            let mut depth = 0i32;
            let mut comma = false;
            for &c in &self.s[self.pos..] {
                match c {
                    b'[' | b'(' => depth += 1,
                    b']' | b')' if depth == 0 => break,
                    b']' | b')' => depth -= 1,
                    b',' | b'+' if depth == 0 => comma = true,
                    _ => {}
                }
            }
            comma
        };
        if is_list {
            self.pos = start;
            let items = self.list_items()?;
            return match items.as_slice() {
                [ListItem::Number(n)] => Ok(self.store.nimber(*n)),
                [ListItem::Game(g)] => Ok(*g),
                _ => {
                    let opts: Vec<MisereId> = items.iter().map(|i| i.game(self.store)).collect();
                    self.store.from_options(&opts).map_err(|e| self.lift(e))
                }
            };
        }
        let items = self.compact_items(b']')?;
        self.eat(b']')?;
        self.gather(items)
    }

    fn gather(&mut self, items: Vec<MisereId>) -> Result<MisereId, MisereNotationError> {
        match items.as_slice() {
            [] => Err(self.error("an empty form")),
            [g] => Ok(*g),
            _ => self.store.from_options(&items).map_err(|e| self.lift(e)),
        }
    }

    /// `[a, b, …]` (CGSuite's input list): the game whose options are the entries.
    fn list(&mut self) -> Result<MisereId, MisereNotationError> {
        let items = self.list_items()?;
        let opts: Vec<MisereId> = items.iter().map(|i| i.game(self.store)).collect();
        self.store.from_options(&opts).map_err(|e| self.lift(e))
    }

    fn list_items(&mut self) -> Result<Vec<ListItem>, MisereNotationError> {
        self.eat(b'[')?;
        let mut items = Vec::new();
        if self.peek() == Some(b']') {
            self.pos += 1;
            return Ok(items);
        }
        loop {
            let item = match self.peek() {
                Some(c) if c.is_ascii_digit() => {
                    let save = self.pos;
                    let n = self.number()?;
                    if self.peek() == Some(b'+') {
                        self.pos = save;
                        ListItem::Game(self.expression()?)
                    } else {
                        ListItem::Number(n)
                    }
                }
                _ => ListItem::Game(self.expression()?),
            };
            items.push(item);
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b']') => {
                    self.pos += 1;
                    return Ok(items);
                }
                _ => return Err(self.error("expected ',' or ']' in a list")),
            }
        }
    }

    /// Items of the output notation up to `end` (not eaten).
    fn compact_items(&mut self, end: u8) -> Result<Vec<MisereId>, MisereNotationError> {
        let mut items = Vec::new();
        loop {
            match self.peek() {
                Some(c) if c == end => return Ok(items),
                None => return Err(self.error(&format!("expected '{}'", end as char))),
                _ => {
                    let atom = self.atom()?;
                    let item = self.suffixes(atom)?;
                    items.push(item);
                }
            }
        }
    }

    fn heap_digit(&mut self) -> Result<u32, MisereNotationError> {
        match self.peek() {
            Some(b'&') => {
                self.pos += 1;
                let n = self.number()?;
                self.eat(b';')?;
                Ok(n)
            }
            Some(c) if c.is_ascii_digit() => {
                self.pos += 1;
                Ok(u32::from(c - b'0'))
            }
            _ => Err(self.error("expected a digit")),
        }
    }

    fn atom(&mut self) -> Result<MisereId, MisereNotationError> {
        if self.peek() == Some(b'(') {
            self.pos += 1;
            let items = self.compact_items(b')')?;
            self.eat(b')')?;
            return self.gather(items);
        }
        let n = self.heap_digit()?;
        Ok(self.store.nimber(n))
    }

    fn suffixes(&mut self, mut g: MisereId) -> Result<MisereId, MisereNotationError> {
        loop {
            match self.peek() {
                Some(b'#') => {
                    self.pos += 1;
                    g = self.store.from_options(&[g]).map_err(|e| self.lift(e))?;
                }
                Some(b'[') => {
                    self.pos += 1;
                    loop {
                        match self.peek() {
                            Some(b']') => {
                                self.pos += 1;
                                break;
                            }
                            Some(b'#') => {
                                self.pos += 1;
                                g = self.store.from_options(&[g]).map_err(|e| self.lift(e))?;
                            }
                            Some(b'-') => {
                                return Err(self.error(
                                    "subtracting a nim heap (a '-' subscript) is not supported",
                                ))
                            }
                            _ => {
                                let n = self.heap_digit()?;
                                let heap = self.store.nimber(n);
                                g = self.store.sum(g, heap).map_err(|e| self.lift(e))?;
                            }
                        }
                    }
                }
                _ => return Ok(g),
            }
        }
    }
}

enum ListItem {
    Number(u32),
    Game(MisereId),
}

impl ListItem {
    /// An entry of a list as an option: a number is its nim heap, a list its game.
    fn game(&self, store: &mut MisereStore) -> MisereId {
        match self {
            ListItem::Number(n) => store.nimber(*n),
            ListItem::Game(g) => *g,
        }
    }
}
