//! What the decoder does with input that JSON leaves open or that is damaged.

/// What to do with invalid UTF-8 inside a string (as PHP's `JSON_INVALID_UTF8_*` flags).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum InvalidUtf8 {
    /// Reject the document (the default).
    #[default]
    Error,
    /// Replace each maximal invalid sequence with U+FFFD, as
    /// `String::from_utf8_lossy` does.
    Substitute,
    /// Drop the invalid bytes.
    Ignore,
}

/// What to do with a `\uXXXX` escape naming a surrogate that is not part of a pair.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum LoneSurrogate {
    /// Reject the document (the default).
    #[default]
    Error,
    /// Decode it as U+FFFD.
    Substitute,
}

/// What to make of an integer that fits neither `i64` nor `u64`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum BigInt {
    /// The nearest `f64` (the default).
    #[default]
    Float,
    /// A string of its digits, exactly as written (PHP's `JSON_BIGINT_AS_STRING`).
    String,
}

/// What to make of JSON5's `Infinity`, `-Infinity` and `NaN`, which JSON (and
/// [`Value`](crate::Value)) cannot hold.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum NonFinite {
    /// Reject the document (the default): no value is silently lost.
    #[default]
    Error,
    /// Decode each as `null`, as JavaScript's `JSON.stringify` writes them.
    Null,
}

/// Which grammar the lexer implements. The decoder takes every dialect's tokens; the
/// dialect decides which error messages fit (strict JSON meeting `//` says that
/// comments need JSONC) and what JSON5 makes obligatory (trailing commas, which are
/// part of its grammar). `jsonlex::jsonc` and `jsonlex::json5` set it for you.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Dialect {
    /// RFC 8259 JSON (`json-runtime/grammar/json.lex`; the default).
    #[default]
    Json,
    /// JSON with `//` and `/* */` comments (`grammar/jsonc.lex`).
    Jsonc,
    /// JSON5 1.0 (`grammar/json5.lex`).
    Json5,
}

impl Dialect {
    /// Every dialect, in the order of [`Dialect::name`]'s list.
    pub const ALL: [Dialect; 3] = [Dialect::Json, Dialect::Jsonc, Dialect::Json5];

    /// The name command lines and options spell it with: `json`, `jsonc`, `json5`.
    ///
    /// ```
    /// use json_runtime::de::Dialect;
    /// assert_eq!(Dialect::Json5.name(), "json5");
    /// assert_eq!(Dialect::from_name("JSONC"), Some(Dialect::Jsonc));
    /// assert_eq!(Dialect::from_name("yaml"), None);
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Dialect::Json => "json",
            Dialect::Jsonc => "jsonc",
            Dialect::Json5 => "json5",
        }
    }

    /// The dialect that `name` names ([`Dialect::name`]'s spelling, any ASCII case).
    pub fn from_name(name: &str) -> Option<Dialect> {
        Dialect::ALL.into_iter().find(|d| d.name().eq_ignore_ascii_case(name))
    }
}

/// Decoder settings, builder style:
///
/// ```
/// use json_runtime::de::{DecodeOptions, InvalidUtf8};
/// let options = DecodeOptions::new().max_depth(64).invalid_utf8(InvalidUtf8::Substitute);
/// assert_eq!(options.get_max_depth(), 64);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DecodeOptions {
    pub(crate) max_depth: usize,
    pub(crate) invalid_utf8: InvalidUtf8,
    pub(crate) lone_surrogate: LoneSurrogate,
    pub(crate) big_int: BigInt,
    pub(crate) trailing_commas: bool,
    pub(crate) non_finite: NonFinite,
    pub(crate) dialect: Dialect,
}

impl Default for DecodeOptions {
    fn default() -> Self {
        DecodeOptions::new()
    }
}

impl DecodeOptions {
    /// The default nesting limit, as PHP's.
    pub const DEFAULT_MAX_DEPTH: usize = 512;

    /// The defaults: depth 512, reject invalid UTF-8 and lone surrogates, big integers
    /// as floats.
    pub const fn new() -> DecodeOptions {
        DecodeOptions {
            max_depth: Self::DEFAULT_MAX_DEPTH,
            invalid_utf8: InvalidUtf8::Error,
            lone_surrogate: LoneSurrogate::Error,
            big_int: BigInt::Float,
            trailing_commas: false,
            non_finite: NonFinite::Error,
            dialect: Dialect::Json,
        }
    }

    /// How many arrays and objects may be open at once (`[[1]]` needs 2; 0 allows
    /// only a scalar). Deeper input is an error of category `Depth`.
    pub const fn max_depth(mut self, depth: usize) -> DecodeOptions {
        self.max_depth = depth;
        self
    }

    /// What to do with invalid UTF-8 in strings.
    pub const fn invalid_utf8(mut self, mode: InvalidUtf8) -> DecodeOptions {
        self.invalid_utf8 = mode;
        self
    }

    /// What to do with lone surrogate escapes.
    pub const fn lone_surrogate(mut self, mode: LoneSurrogate) -> DecodeOptions {
        self.lone_surrogate = mode;
        self
    }

    /// What to make of integers out of 64-bit range.
    pub const fn big_int(mut self, mode: BigInt) -> DecodeOptions {
        self.big_int = mode;
        self
    }

    /// Allow a comma after the last element of an array or the last member of an
    /// object (`[1, 2,]`, `{"a": 1,}`; not `[,]`). Off by default; always on for JSON5,
    /// whose grammar has them. Honoured by the `de::*_dialect` functions (and jsonlex's
    /// `decode_with`/`validate_with`, `jsonc`, `json5`); the strict `de::decode` family
    /// ignores it.
    ///
    /// ```
    /// use json_runtime::de::DecodeOptions;
    /// assert!(!DecodeOptions::new().get_trailing_commas());
    /// assert!(DecodeOptions::new().trailing_commas(true).get_trailing_commas());
    /// ```
    pub const fn trailing_commas(mut self, allow: bool) -> DecodeOptions {
        self.trailing_commas = allow;
        self
    }

    /// What to make of JSON5's `Infinity` and `NaN`.
    pub const fn non_finite(mut self, mode: NonFinite) -> DecodeOptions {
        self.non_finite = mode;
        self
    }

    /// The grammar the lexer implements, for error messages and JSON5's obligatory
    /// trailing commas (`jsonlex::jsonc` and `jsonlex::json5` set it).
    pub const fn dialect(mut self, dialect: Dialect) -> DecodeOptions {
        self.dialect = dialect;
        self
    }

    /// The nesting limit.
    pub const fn get_max_depth(&self) -> usize {
        self.max_depth
    }

    /// The invalid-UTF-8 mode.
    pub const fn get_invalid_utf8(&self) -> InvalidUtf8 {
        self.invalid_utf8
    }

    /// The lone-surrogate mode.
    pub const fn get_lone_surrogate(&self) -> LoneSurrogate {
        self.lone_surrogate
    }

    /// The big-integer mode.
    pub const fn get_big_int(&self) -> BigInt {
        self.big_int
    }

    /// Whether trailing commas are allowed (always, under [`Dialect::Json5`]).
    pub const fn get_trailing_commas(&self) -> bool {
        self.trailing_commas || matches!(self.dialect, Dialect::Json5)
    }

    /// The mode for `Infinity` and `NaN`.
    pub const fn get_non_finite(&self) -> NonFinite {
        self.non_finite
    }

    /// The dialect.
    pub const fn get_dialect(&self) -> Dialect {
        self.dialect
    }
}
