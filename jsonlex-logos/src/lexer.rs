//! `Lexer<'s, Token>`: where a token enum's generated `lex` reads and what its
//! callbacks see.

use crate::source::Source;
use crate::Logos;
use core::fmt;
use core::ops::{Deref, DerefMut};
use json_runtime::skip::Kernels;

/// A token's place in the source, as byte offsets.
pub type Span = core::ops::Range<usize>;

/// A lexer over `source` for the token enum `Token`: an iterator of
/// `Result<Token, Token::Error>`, with the last token's span and slice and the user's
/// extras.
pub struct Lexer<'source, Token: Logos<'source>> {
    source: &'source Token::Source,
    /// Where the last token (or error) started.
    #[doc(hidden)]
    pub token_start: usize,
    /// Where the last token ended: where the next one starts. The generated code
    /// moves it; it stays on a boundary of the source (a `char`'s, for `str`).
    #[doc(hidden)]
    pub pos: usize,
    /// Offset of the source's first byte in the whole input: 0, but in a
    /// [`crate::StreamLexer`]'s callbacks, whose source is the buffered window.
    #[doc(hidden)]
    pub base: usize,
    /// The skip kernels the generated code calls (the process's SIMD level).
    #[doc(hidden)]
    pub kernels: Kernels,
    /// The user state of `#[logos(extras = T)]`: callbacks and the caller share it.
    pub extras: Token::Extras,
}

impl<'source, Token: Logos<'source>> Lexer<'source, Token> {
    /// A lexer at the start of `source`, with default extras.
    #[inline]
    pub fn new(source: &'source Token::Source) -> Self
    where
        Token::Extras: Default,
    {
        Self::with_extras(source, Default::default())
    }

    /// A lexer at the start of `source`, with these extras.
    #[inline]
    pub fn with_extras(source: &'source Token::Source, extras: Token::Extras) -> Self {
        Lexer { source, token_start: 0, pos: 0, base: 0, kernels: Kernels::active(), extras }
    }

    /// A lexer that calls these skip kernels (`Kernels::new(Level::Scalar)` gives the
    /// plain DFA): for comparing SIMD levels.
    #[inline]
    pub fn with_kernels(source: &'source Token::Source, extras: Token::Extras, kernels: Kernels) -> Self {
        Lexer { source, token_start: 0, pos: 0, base: 0, kernels, extras }
    }

    /// The whole source (in a [`crate::StreamLexer`]'s callbacks: the buffered
    /// window of the input, from the current token on at least).
    #[inline]
    pub fn source(&self) -> &'source Token::Source {
        self.source
    }

    /// The tokens with their spans.
    #[inline]
    pub fn spanned(self) -> SpannedIter<'source, Token> {
        SpannedIter { lexer: self }
    }

    /// The span of the last token (or error).
    #[inline]
    pub fn span(&self) -> Span {
        self.base + self.token_start..self.base + self.pos
    }

    /// The source of the last token (or error).
    #[inline]
    pub fn slice(&self) -> <Token::Source as Source>::Slice<'source> {
        self.source.slice_clamped(self.token_start..self.pos)
    }

    /// The source after the last token.
    #[inline]
    pub fn remainder(&self) -> <Token::Source as Source>::Slice<'source> {
        self.source.slice_clamped(self.pos..self.source.len())
    }

    /// The same position and extras, lexed for another token enum over the same source
    /// (a lexer mode).
    pub fn morph<Token2>(self) -> Lexer<'source, Token2>
    where
        Token2: Logos<'source, Source = Token::Source>,
        Token::Extras: Into<Token2::Extras>,
    {
        Lexer {
            source: self.source,
            token_start: self.token_start,
            pos: self.pos,
            base: self.base,
            kernels: self.kernels,
            extras: self.extras.into(),
        }
    }

    /// Extend the last token by `n` bytes: lexing goes on after them. Past the end of
    /// the source, or inside a `char` of a `str`, is a bug of the caller: it panics, as
    /// logos's does (the span and slice stay valid either way). In a
    /// [`crate::StreamLexer`]'s callbacks the source is what is buffered: see
    /// [`crate::StreamLexer::lookahead`].
    pub fn bump(&mut self, n: usize) {
        let end = self.pos.saturating_add(n);
        assert!(self.source.is_boundary(end), "Invalid Lexer bump: {end} is not a boundary of the source");
        self.pos = end;
    }
}

impl<'source, Token> Clone for Lexer<'source, Token>
where
    Token: Logos<'source> + Clone,
    Token::Extras: Clone,
{
    fn clone(&self) -> Self {
        Lexer {
            source: self.source,
            token_start: self.token_start,
            pos: self.pos,
            base: self.base,
            kernels: self.kernels,
            extras: self.extras.clone(),
        }
    }
}

impl<'source, Token> fmt::Debug for Lexer<'source, Token>
where
    Token: Logos<'source>,
    Token::Source: fmt::Debug,
    Token::Extras: fmt::Debug,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entry(&"source", &self.source).entry(&"extras", &self.extras).finish()
    }
}

impl<'source, Token: Logos<'source>> Iterator for Lexer<'source, Token> {
    type Item = Result<Token, Token::Error>;

    // With `lex` inlined here, a caller's loop (`for`, `count`, `filter_map`) is the
    // state machine's loop.
    #[inline(always)]
    fn next(&mut self) -> Option<Self::Item> {
        self.token_start = self.pos;
        Token::lex(self)
    }
}

/// [`Lexer::spanned`]: the tokens with their spans; derefs to the lexer.
pub struct SpannedIter<'source, Token: Logos<'source>> {
    lexer: Lexer<'source, Token>,
}

impl<'source, Token> Clone for SpannedIter<'source, Token>
where
    Token: Logos<'source> + Clone,
    Token::Extras: Clone,
{
    fn clone(&self) -> Self {
        SpannedIter { lexer: self.lexer.clone() }
    }
}

impl<'source, Token: Logos<'source>> Iterator for SpannedIter<'source, Token> {
    type Item = (Result<Token, Token::Error>, Span);

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        let token = self.lexer.next()?;
        Some((token, self.lexer.span()))
    }
}

impl<'source, Token: Logos<'source>> Deref for SpannedIter<'source, Token> {
    type Target = Lexer<'source, Token>;

    fn deref(&self) -> &Lexer<'source, Token> {
        &self.lexer
    }
}

impl<'source, Token: Logos<'source>> DerefMut for SpannedIter<'source, Token> {
    fn deref_mut(&mut self) -> &mut Lexer<'source, Token> {
        &mut self.lexer
    }
}
