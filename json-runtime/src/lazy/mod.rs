//! Lazy access by path (sonic-rs's `get`, `get_many`): the span of the value at a JSON
//! Pointer or a list of keys and indices, found in one pass over the input without
//! building anything.
//!
//! What is checked: every byte before the end of the value found (or, for a path that
//! is not there, before the place where that became certain), as `validate` checks it:
//! the tokens (strings' UTF-8, escapes and surrogate pairs; numbers; literals), the
//! structure (commas, colons, matching brackets) and the depth limit. A document that
//! is invalid there gives `validate`'s error, never a value. What is not checked: the
//! bytes after the value found (`{"a": 1, oops` gives `1` for `/a`), as sonic-rs.
//!
//! A key that occurs twice in an object: the first is found (as sonic-rs; `decode`
//! keeps the last).
//!
//! The engine is generic over the JSON lexer (as the decoder is): `jsonlex::get` runs it
//! on the lexer generated from json-runtime/grammar/json.lex, whose string rules skip string bodies
//! with the SIMD kernels of [`crate::skip`].

mod path;

use std::borrow::Cow;

use crate::de::string;
use crate::de::LoneSurrogate;
use crate::de::{validate_trusted, DecodeOptions};
use crate::error::{Category, Error};
use crate::lex::{Lexer, Token};
use crate::token::JsonToken;

pub use path::{JsonPath, PathItem, PathTree};

/// The deepest nesting a walk enters, as `validate`'s default limit.
const MAX_DEPTH: usize = 512;

/// Where a value is: `input[start..end]` is its text (no white space around it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Span {
    /// Offset of its first byte.
    pub start: usize,
    /// Offset just past its last byte.
    pub end: usize,
}

/// The span of the value at `path` in `input`, or an error: `validate`'s for invalid
/// JSON on the way (see the module docs for what is checked), or an error with
/// [`Error::is_not_found`] (category [`Category::Data`]) when the path is not there
/// (a missing key, an index past the end, a key asked of an array or of a scalar).
///
/// # Safety
///
/// `L`'s string rules accept only well-formed UTF-8 (the lexer generated from
/// json-runtime/grammar/json.lex does): spans are handed out as `str`.
pub unsafe fn find<'a, L: Lexer<'a, Kind = JsonToken>, P: JsonPath + ?Sized>(
    input: &'a [u8],
    path: &P,
) -> Result<Span, Error> {
    let mut walk = Walk::<L>::new(input, 0);
    let mut t = walk.token()?;
    let mut depth = 0;
    for (n, item) in path.items().enumerate() {
        match walk.child(t, &item, depth)? {
            Some(next) => t = next,
            None => return Err(not_found(input, t.start, path, n)),
        }
        depth += 1;
    }
    let end = walk.skip(t, depth)?;
    Ok(Span { start: t.start, end })
}

/// The spans of every path of `tree` (`None` for one that is not there), in the order
/// the paths were added, from one pass that stops once every path is decided.
///
/// # Safety
///
/// As [`find`].
pub unsafe fn find_many<'a, L: Lexer<'a, Kind = JsonToken>>(
    input: &'a [u8],
    tree: &PathTree,
) -> Result<Vec<Option<Span>>, Error> {
    let mut out = vec![None; tree.len()];
    let mut walk = Walk::<L>::new(input, 0);
    let mut remaining = tree.len();
    if remaining == 0 {
        return Ok(out);
    }
    let t = walk.token()?;
    walk.many(t, tree, path::ROOT, 0, &mut out, &mut remaining)?;
    Ok(out)
}

/// The members of the object whose text is `input[span]` (checked already: a span
/// [`find`] gave), one at a time: each key (unescaped) and its value's span.
pub struct Members<'a, L> {
    walk: Walk<'a, L>,
    first: bool,
    done: bool,
}

impl<'a, L: Lexer<'a, Kind = JsonToken>> Members<'a, L> {
    /// The members of the object at `span` of `input` (`None` if it is not an object).
    ///
    /// # Safety
    ///
    /// As [`find`].
    pub unsafe fn new(input: &'a [u8], span: Span) -> Option<Self> {
        if input.get(span.start) != Some(&b'{') {
            return None;
        }
        let walk = Walk::new(&input[..span.end], span.start + 1);
        Some(Members { walk, first: true, done: false })
    }

    fn step(&mut self) -> Result<Option<(Cow<'a, str>, Span)>, Error> {
        let Some(t) = self.walk.item(&mut self.first, JsonToken::ObjectEnd)? else {
            return Ok(None);
        };
        let key = self.walk.key(t)?;
        let colon = self.walk.token()?;
        if colon.kind != JsonToken::Colon {
            return Err(self.walk.fail(colon.start));
        }
        let v = self.walk.token()?;
        let end = self.walk.skip(v, 1)?;
        Ok(Some((key, Span { start: v.start, end })))
    }
}

impl<'a, L: Lexer<'a, Kind = JsonToken>> Iterator for Members<'a, L> {
    type Item = Result<(Cow<'a, str>, Span), Error>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let r = self.step().transpose();
        self.done = !matches!(r, Some(Ok(_)));
        r
    }
}

/// The elements of the array whose text is `input[span]`, one span at a time.
pub struct Elements<'a, L> {
    walk: Walk<'a, L>,
    first: bool,
    done: bool,
}

impl<'a, L: Lexer<'a, Kind = JsonToken>> Elements<'a, L> {
    /// The elements of the array at `span` of `input` (`None` if it is not an array).
    ///
    /// # Safety
    ///
    /// As [`find`].
    pub unsafe fn new(input: &'a [u8], span: Span) -> Option<Self> {
        if input.get(span.start) != Some(&b'[') {
            return None;
        }
        let walk = Walk::new(&input[..span.end], span.start + 1);
        Some(Elements { walk, first: true, done: false })
    }

    fn step(&mut self) -> Result<Option<Span>, Error> {
        let Some(t) = self.walk.item(&mut self.first, JsonToken::ArrayEnd)? else {
            return Ok(None);
        };
        let end = self.walk.skip(t, 1)?;
        Ok(Some(Span { start: t.start, end }))
    }
}

impl<'a, L: Lexer<'a, Kind = JsonToken>> Iterator for Elements<'a, L> {
    type Item = Result<Span, Error>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let r = self.step().transpose();
        self.done = !matches!(r, Some(Ok(_)));
        r
    }
}

/// The "not there" error for the `n`-th item of `path`, at the value that lacks it.
#[cold]
fn not_found<P: JsonPath + ?Sized>(input: &[u8], at: usize, path: &P, n: usize) -> Error {
    let mut pointer = String::new();
    for item in path.items().take(n + 1) {
        pointer.push('/');
        match item {
            PathItem::Key(k) => pointer.push_str(&k.replace('~', "~0").replace('/', "~1")),
            PathItem::Index(i) => pointer.push_str(&i.to_string()),
        }
    }
    Error::not_found(input, at, format!("no value at `{pointer}`"))
}

/// A token-by-token walk: the generated lexer for the tokens, a small structural check
/// for the values it passes over.
struct Walk<'a, L> {
    lexer: L,
    input: &'a [u8],
    /// Unescaped keys, reused.
    scratch: Vec<u8>,
}

impl<'a, L: Lexer<'a, Kind = JsonToken>> Walk<'a, L> {
    fn new(input: &'a [u8], at: usize) -> Self {
        let mut lexer = L::new(input);
        lexer.set_offset(at);
        Walk { lexer, input, scratch: Vec::new() }
    }

    /// The next token; the end of input or a lexer error is the input's error.
    #[inline(always)]
    fn token(&mut self) -> Result<Token<JsonToken>, Error> {
        match self.lexer.next_token() {
            Some(Ok(t)) => Ok(t),
            Some(Err(e)) => Err(self.fail(e.start)),
            None => Err(self.fail(self.input.len())),
        }
    }

    /// The input is not valid JSON at or before `at`: `validate`'s error for it (the
    /// walk checks what `validate` checks, in the same order, so that is the first one).
    #[cold]
    #[inline(never)]
    /// The first token of a container's next member or element, `None` at `close`
    /// (a comma must come before every one but the first).
    fn item(&mut self, first: &mut bool, close: JsonToken) -> Result<Option<Token<JsonToken>>, Error> {
        let mut t = self.token()?;
        if t.kind == close {
            return Ok(None);
        }
        if !core::mem::take(first) {
            if t.kind != JsonToken::Comma {
                return Err(self.fail(t.start));
            }
            t = self.token()?;
        }
        Ok(Some(t))
    }

    fn fail(&self, at: usize) -> Error {
        match validate_trusted::<L>(self.input, &DecodeOptions::new()) {
            Err(e) if e.offset() <= at.max(1) + 64 || at >= self.input.len() => e,
            // Only a bug of the walk could lead here; an error all the same.
            _ => Error::new(Category::Syntax, self.input, at, "invalid JSON"),
        }
    }

    /// A string token's text as a key (`t` is where a key must be).
    fn key(&mut self, t: Token<JsonToken>) -> Result<Cow<'a, str>, Error> {
        let input = self.input;
        match t.kind {
            JsonToken::String => {
                let body = &input[t.start + 1..t.end - 1];
                // SAFETY: the lexer's string rules accept only UTF-8 (`find`'s contract).
                Ok(Cow::Borrowed(unsafe { core::str::from_utf8_unchecked(body) }))
            }
            JsonToken::EscapedString => {
                let body = &input[t.start + 1..t.end - 1];
                self.scratch.clear();
                if string::unescape(body, t.start + 1, LoneSurrogate::Error, &mut self.scratch).is_err() {
                    return Err(self.fail(t.start));
                }
                match String::from_utf8(core::mem::take(&mut self.scratch)) {
                    Ok(s) => Ok(Cow::Owned(s)),
                    Err(_) => Err(self.fail(t.start)),
                }
            }
            _ => Err(self.fail(t.start)),
        }
    }

    /// Whether the key token `t` is `want`, checked as a key; then past its `:`.
    #[inline]
    fn key_is(&mut self, t: Token<JsonToken>, want: &str) -> Result<bool, Error> {
        let same = match t.kind {
            JsonToken::String => &self.input[t.start + 1..t.end - 1] == want.as_bytes(),
            _ => self.key(t)? == want,
        };
        let colon = self.token()?;
        if colon.kind != JsonToken::Colon {
            return Err(self.fail(colon.start));
        }
        Ok(same)
    }

    /// In the value that starts with token `t` (at `depth` levels in), the first token
    /// of its child `item`; `None` if it has none. Members passed over are checked.
    fn child(
        &mut self,
        t: Token<JsonToken>,
        item: &PathItem<'_>,
        depth: usize,
    ) -> Result<Option<Token<JsonToken>>, Error> {
        if depth >= MAX_DEPTH {
            return Err(self.fail(t.start));
        }
        match (t.kind, item) {
            (JsonToken::ObjectStart, PathItem::Key(want)) => {
                let mut k = self.token()?;
                if k.kind == JsonToken::ObjectEnd {
                    return Ok(None);
                }
                loop {
                    if self.key_is(k, want)? {
                        return Ok(Some(self.token()?));
                    }
                    let v = self.token()?;
                    self.skip(v, depth + 1)?;
                    let sep = self.token()?;
                    match sep.kind {
                        JsonToken::Comma => k = self.token()?,
                        JsonToken::ObjectEnd => return Ok(None),
                        _ => return Err(self.fail(sep.start)),
                    }
                }
            }
            (JsonToken::ArrayStart, item) => {
                // A pointer's segment is an index at an array (RFC 6901: digits, no
                // leading zero; `-`, past the end, is never there).
                let Some(want) = item.index() else {
                    self.skip(t, depth)?;
                    return Ok(None);
                };
                let mut v = self.token()?;
                if v.kind == JsonToken::ArrayEnd {
                    return Ok(None);
                }
                let mut i = 0;
                loop {
                    if i == want {
                        return Ok(Some(v));
                    }
                    self.skip(v, depth + 1)?;
                    let sep = self.token()?;
                    match sep.kind {
                        JsonToken::Comma => v = self.token()?,
                        JsonToken::ArrayEnd => return Ok(None),
                        _ => return Err(self.fail(sep.start)),
                    }
                    i += 1;
                }
            }
            // A scalar, or an index asked of an object: checked, and nothing there.
            _ => {
                self.skip(t, depth)?;
                Ok(None)
            }
        }
    }

    /// Passes over (and checks) the value that starts with token `t`, `depth` levels
    /// in; returns the offset just past it.
    fn skip(&mut self, t: Token<JsonToken>, depth: usize) -> Result<usize, Error> {
        match t.kind {
            JsonToken::ObjectStart | JsonToken::ArrayStart => self.skip_container(t, depth),
            JsonToken::EscapedString => {
                let body = &self.input[t.start + 1..t.end - 1];
                if string::check_surrogates(body, t.start + 1, LoneSurrogate::Error).is_err() {
                    return Err(self.fail(t.start));
                }
                Ok(t.end)
            }
            JsonToken::String => Ok(t.end),
            JsonToken::Integer | JsonToken::Float | JsonToken::True | JsonToken::False | JsonToken::Null => {
                // `-01` lexes as `-0` and `1`, `1e5e` as `1e5` and an error: a number or
                // literal runs on into the next byte only in invalid JSON.
                match self.input.get(t.end) {
                    Some(&b) if b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b'+') => Err(self.fail(t.end)),
                    _ if t.kind == JsonToken::Float || t.end - t.start > 24 => self.in_range(t),
                    _ => Ok(t.end),
                }
            }
            _ => Err(self.fail(t.start)),
        }
    }

    /// A number token `decode` takes: one that is finite as an `f64` (only a long
    /// number or a large exponent can fail, so only those are parsed).
    #[inline]
    fn in_range(&self, t: Token<JsonToken>) -> Result<usize, Error> {
        let text = &self.input[t.start..t.end];
        let exp = text.iter().position(|&b| b | 0x20 == b'e').map_or(0, |e| text.len() - e);
        if text.len() <= 24 && exp <= 4 {
            return Ok(t.end); // below 10^20 times at most 10^99: finite
        }
        // SAFETY: a number token is ASCII.
        let text = unsafe { core::str::from_utf8_unchecked(text) };
        match text.parse::<f64>() {
            Ok(f) if f.is_finite() => Ok(t.end),
            _ => Err(self.fail(t.start)),
        }
    }

    /// [`Walk::skip`] for an array or object: the structure checked with a bit per open
    /// level (set: an object) instead of recursion.
    #[inline(never)]
    fn skip_container(&mut self, t: Token<JsonToken>, depth: usize) -> Result<usize, Error> {
        let mut open = [0u64; MAX_DEPTH / 64 + 1];
        let mut level = 0usize; // levels open inside the walk
        let mut t = t;
        'value: loop {
            // `t` starts a value.
            match t.kind {
                JsonToken::ObjectStart | JsonToken::ArrayStart => {
                    if depth + level >= MAX_DEPTH {
                        return Err(self.fail(t.start));
                    }
                    let object = t.kind == JsonToken::ObjectStart;
                    let word = &mut open[level / 64];
                    *word = (*word & !(1 << (level % 64))) | (u64::from(object) << (level % 64));
                    level += 1;
                    let n = self.token()?;
                    match (object, n.kind) {
                        (true, JsonToken::ObjectEnd) | (false, JsonToken::ArrayEnd) => level -= 1,
                        (true, _) => {
                            self.member_key(n)?;
                            t = self.token()?;
                            continue 'value;
                        }
                        (false, _) => {
                            t = n;
                            continue 'value;
                        }
                    }
                }
                _ => {
                    self.skip(t, depth + level)?;
                }
            }
            // A value ended: close levels until one goes on.
            loop {
                if level == 0 {
                    return Ok(self.lexer.offset());
                }
                let object = open[(level - 1) / 64] >> ((level - 1) % 64) & 1 == 1;
                let n = self.token()?;
                match (object, n.kind) {
                    (_, JsonToken::Comma) => {
                        if object {
                            let k = self.token()?;
                            self.member_key(k)?;
                        }
                        t = self.token()?;
                        continue 'value;
                    }
                    (true, JsonToken::ObjectEnd) | (false, JsonToken::ArrayEnd) => level -= 1,
                    _ => return Err(self.fail(n.start)),
                }
            }
        }
    }

    /// A member's key and its colon, checked.
    #[inline]
    fn member_key(&mut self, k: Token<JsonToken>) -> Result<(), Error> {
        match k.kind {
            JsonToken::String => {}
            JsonToken::EscapedString => {
                self.skip(k, 0)?;
            }
            _ => return Err(self.fail(k.start)),
        }
        let colon = self.token()?;
        if colon.kind != JsonToken::Colon {
            return Err(self.fail(colon.start));
        }
        Ok(())
    }

    /// [`find_many`]'s walk of the value starting with `t`, at `node` of `tree`, `depth`
    /// levels in. `remaining` counts the paths not yet decided (found, or certain not to
    /// be there); at 0 the walk stops where it is.
    fn many(
        &mut self,
        t: Token<JsonToken>,
        tree: &PathTree,
        node: usize,
        depth: usize,
        out: &mut [Option<Span>],
        remaining: &mut usize,
    ) -> Result<(), Error> {
        let n = &tree.nodes[node];
        if n.children.is_empty() {
            let end = self.skip(t, depth)?;
            for &slot in &n.ends {
                out[slot] = Some(Span { start: t.start, end });
            }
            *remaining -= n.ends.len();
            return Ok(());
        }
        if depth >= MAX_DEPTH {
            return Err(self.fail(t.start));
        }
        // A key's first occurrence counts (as in `find`).
        let mut visited = vec![false; n.children.len()];
        match t.kind {
            JsonToken::ObjectStart => {
                let mut k = self.token()?;
                if k.kind != JsonToken::ObjectEnd {
                    loop {
                        let key = self.key(k)?;
                        let colon = self.token()?;
                        if colon.kind != JsonToken::Colon {
                            return Err(self.fail(colon.start));
                        }
                        let v = self.token()?;
                        let hit = n.children.iter().position(|(item, _)| matches!(item, PathItem::Key(w) if *w == key));
                        match hit {
                            Some(c) if !visited[c] => {
                                visited[c] = true;
                                self.many(v, tree, n.children[c].1, depth + 1, out, remaining)?;
                                if *remaining == 0 {
                                    return Ok(());
                                }
                            }
                            _ => {
                                self.skip(v, depth + 1)?;
                            }
                        }
                        let sep = self.token()?;
                        match sep.kind {
                            JsonToken::Comma => k = self.token()?,
                            JsonToken::ObjectEnd => break,
                            _ => return Err(self.fail(sep.start)),
                        }
                    }
                }
            }
            JsonToken::ArrayStart => {
                let mut v = self.token()?;
                if v.kind != JsonToken::ArrayEnd {
                    let mut i = 0usize;
                    loop {
                        match n.children.iter().position(|(item, _)| item.index() == Some(i)) {
                            Some(c) if !visited[c] => {
                                visited[c] = true;
                                self.many(v, tree, n.children[c].1, depth + 1, out, remaining)?;
                                if *remaining == 0 {
                                    return Ok(());
                                }
                            }
                            _ => {
                                self.skip(v, depth + 1)?;
                            }
                        }
                        let sep = self.token()?;
                        match sep.kind {
                            JsonToken::Comma => v = self.token()?,
                            JsonToken::ArrayEnd => break,
                            _ => return Err(self.fail(sep.start)),
                        }
                        i += 1;
                    }
                }
            }
            _ => {
                self.skip(t, depth)?;
            }
        }
        // The paths below children not met are not there.
        for (c, &(_, child)) in n.children.iter().enumerate() {
            if !visited[c] {
                *remaining -= tree.nodes[child].total;
            }
        }
        let end = self.lexer.offset();
        for &slot in &n.ends {
            out[slot] = Some(Span { start: t.start, end });
        }
        *remaining -= n.ends.len();
        Ok(())
    }
}
