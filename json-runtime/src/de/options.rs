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
}
