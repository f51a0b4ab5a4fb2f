//! [`EncodeOptions`]: what the encoder escapes and how it lays out numbers and space.

/// How floats (and, for PHP, integers beyond `i64`) are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum NumberFormat {
    /// serde_json's format: shortest round-trip digits, `1e+25`, `1e-7`, `0.1`,
    /// `1.0` (with [`EncodeOptions::preserve_zero_fraction`], the default), `-0.0`.
    #[default]
    Serde,
    /// PHP's `json_encode` with `serialize_precision = -1`: the same shortest digits
    /// in PHP's layout: exponent form when the decimal exponent is below -4 or above
    /// 16 (`1.0e+25`, `1.0e-5`, `1.2345678901234568e+20`), else plain (`0.0001`,
    /// `10000000000000000`); `1` for `1.0` and `-0` for `-0.0` unless
    /// [`EncodeOptions::preserve_zero_fraction`]. Integers above `i64::MAX` are written
    /// as floats, as PHP holds them after `json_decode`.
    Php,
}

/// What to escape and how to lay out the output. Builder style:
///
/// ```
/// use json_runtime::ser::EncodeOptions;
/// let php_unescaped = EncodeOptions::php().escape_unicode(false).pretty(4);
/// # let _ = php_unescaped;
/// ```
///
/// The defaults ([`EncodeOptions::new`]) produce exactly what `serde_json::to_string`
/// produces; [`EncodeOptions::php`] produces exactly what PHP's `json_encode` produces
/// with its default flags.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EncodeOptions {
    pub(crate) escape_unicode: bool,
    pub(crate) escape_slashes: bool,
    pub(crate) escape_line_terminators: bool,
    pub(crate) hex_tag: bool,
    pub(crate) hex_amp: bool,
    pub(crate) hex_apos: bool,
    pub(crate) hex_quot: bool,
    pub(crate) indent: Option<usize>,
    /// Indent with tabs rather than spaces (`indent` counts them).
    pub(crate) tab: bool,
    pub(crate) sort_keys: bool,
    pub(crate) preserve_zero_fraction: bool,
    pub(crate) number_format: NumberFormat,
}

impl Default for EncodeOptions {
    fn default() -> Self {
        EncodeOptions::new()
    }
}

impl EncodeOptions {
    /// serde_json's output: nothing escaped beyond what JSON requires, compact,
    /// `1.0` stays `1.0`.
    pub const fn new() -> EncodeOptions {
        EncodeOptions {
            escape_unicode: false,
            escape_slashes: false,
            escape_line_terminators: false,
            hex_tag: false,
            hex_amp: false,
            hex_apos: false,
            hex_quot: false,
            indent: None,
            tab: false,
            sort_keys: false,
            preserve_zero_fraction: true,
            number_format: NumberFormat::Serde,
        }
    }

    /// PHP's `json_encode($v)` with no flags: unicode and `/` escaped, floats in PHP's
    /// format without a forced `.0`. Set options on top of it the way PHP flags would
    /// (`.escape_unicode(false)` = `JSON_UNESCAPED_UNICODE`, ...).
    pub const fn php() -> EncodeOptions {
        EncodeOptions {
            escape_unicode: true,
            escape_slashes: true,
            escape_line_terminators: true,
            hex_tag: false,
            hex_amp: false,
            hex_apos: false,
            hex_quot: false,
            indent: None,
            tab: false,
            sort_keys: false,
            preserve_zero_fraction: false,
            number_format: NumberFormat::Php,
        }
    }

    /// Every non-ASCII character as `\uXXXX` (lowercase hex, a surrogate pair above
    /// U+FFFF). PHP's default; PHP's `JSON_UNESCAPED_UNICODE` turns it off.
    pub const fn escape_unicode(mut self, on: bool) -> Self {
        self.escape_unicode = on;
        self
    }

    /// `/` as `\/`. PHP's default; PHP's `JSON_UNESCAPED_SLASHES` turns it off.
    pub const fn escape_slashes(mut self, on: bool) -> Self {
        self.escape_slashes = on;
        self
    }

    /// U+2028 and U+2029 as `\u2028` / `\u2029` even when unicode is not escaped.
    /// PHP's default; PHP's `JSON_UNESCAPED_LINE_TERMINATORS` turns it off.
    pub const fn escape_line_terminators(mut self, on: bool) -> Self {
        self.escape_line_terminators = on;
        self
    }

    /// `<` and `>` as `\u003C` and `\u003E`: PHP's `JSON_HEX_TAG`.
    pub const fn hex_tag(mut self, on: bool) -> Self {
        self.hex_tag = on;
        self
    }

    /// `&` as `\u0026`: PHP's `JSON_HEX_AMP`.
    pub const fn hex_amp(mut self, on: bool) -> Self {
        self.hex_amp = on;
        self
    }

    /// `'` as `\u0027`: PHP's `JSON_HEX_APOS`.
    pub const fn hex_apos(mut self, on: bool) -> Self {
        self.hex_apos = on;
        self
    }

    /// `"` as `\u0022`: PHP's `JSON_HEX_QUOT`.
    pub const fn hex_quot(mut self, on: bool) -> Self {
        self.hex_quot = on;
        self
    }

    /// Pretty print with `indent` spaces per level (PHP's `JSON_PRETTY_PRINT` uses 4,
    /// serde_json's `to_string_pretty` 2). Replaces [`Self::tab`], as jq's `--indent`
    /// replaces `--tab`.
    pub const fn pretty(mut self, indent: usize) -> Self {
        self.indent = Some(indent);
        self.tab = false;
        self
    }

    /// Pretty print with one tab per level (jq's `--tab`); replaces [`Self::pretty`].
    /// `tab(false)` undoes `tab(true)` (compact output again) and leaves space
    /// indentation as it is.
    ///
    /// ```
    /// use json_runtime::{encode_with, EncodeOptions, Value};
    /// let v: Value = [("a", vec![Value::from(1)])].into_iter().collect::<json_runtime::Map>().into();
    /// assert_eq!(encode_with(&v, &EncodeOptions::new().tab(true)), "{\n\t\"a\": [\n\t\t1\n\t]\n}");
    /// ```
    pub const fn tab(mut self, on: bool) -> Self {
        if on {
            self.indent = Some(1);
        } else if self.tab {
            self.indent = None;
        }
        self.tab = on;
        self
    }

    /// Compact output (the default).
    pub const fn compact(mut self) -> Self {
        self.indent = None;
        self.tab = false;
        self
    }

    /// Object members in the byte order of their keys (jq's `--sort-keys`), at every
    /// level, instead of the order they come in. Members with equal keys (only a serde
    /// map can have them) keep their order.
    ///
    /// ```
    /// use json_runtime::{encode_with, EncodeOptions, Value};
    /// let v: Value = [("b", 1), ("a", 2), ("B", 3)].into_iter().collect::<json_runtime::Map>().into();
    /// assert_eq!(encode_with(&v, &EncodeOptions::new().sort_keys(true)), r#"{"B":3,"a":2,"b":1}"#);
    /// ```
    pub const fn sort_keys(mut self, on: bool) -> Self {
        self.sort_keys = on;
        self
    }

    /// Floats with an integral value keep a `.0` (`1.0`, not `1`). On by default (as
    /// serde_json); PHP's `JSON_PRESERVE_ZERO_FRACTION` turns it on for the PHP preset.
    pub const fn preserve_zero_fraction(mut self, on: bool) -> Self {
        self.preserve_zero_fraction = on;
        self
    }

    /// How numbers are written.
    pub const fn number_format(mut self, format: NumberFormat) -> Self {
        self.number_format = format;
        self
    }

    /// The indent when pretty printing (spaces, or tabs under [`Self::tab`]), `None`
    /// when compact.
    pub const fn indent(&self) -> Option<usize> {
        self.indent
    }

    /// Whether pretty output is indented with tabs ([`Self::tab`]).
    pub const fn indents_with_tabs(&self) -> bool {
        self.tab
    }

    /// Whether object members are written in key order ([`Self::sort_keys`]).
    pub const fn sorts_keys(&self) -> bool {
        self.sort_keys
    }

    /// The indent `--pretty` without a number picks: 4 with PHP numbers (the PHP
    /// preset), else 2.
    pub const fn default_indent(&self) -> usize {
        match self.number_format {
            NumberFormat::Php => 4,
            NumberFormat::Serde => 2,
        }
    }

    /// The escaping flags as the index of their escape table (bit order fixed by
    /// `escape::TABLES`).
    pub(crate) const fn escape_bits(&self) -> usize {
        (self.escape_unicode as usize)
            | (self.escape_slashes as usize) << 1
            | (self.escape_line_terminators as usize) << 2
            | (self.hex_tag as usize) << 3
            | (self.hex_amp as usize) << 4
            | (self.hex_apos as usize) << 5
            | (self.hex_quot as usize) << 6
    }

    /// Apply a command-line flag by name, for `jsonlex fmt`. `name` may carry the
    /// leading `--` and use `-` or `_`. Boolean flags take `None` (= on), `"true"` or
    /// `"false"`; `pretty` (and its alias `indent`) takes `None` (=
    /// [`Self::default_indent`]), a number of spaces, `"true"` or `"false"` (=
    /// compact); `tab` is [`Self::tab`], `sort-keys` [`Self::sort_keys`]; `php` resets
    /// every option to the PHP preset (`php=false` to the serde_json defaults), so
    /// apply it first and let later flags override it. Like jq's `--indent` and
    /// `--tab`, the last of `pretty`/`indent`/`tab` wins.
    ///
    /// Flags: `escape-unicode`, `escape-slashes`, `escape-line-terminators`, `hex-tag`,
    /// `hex-amp`, `hex-apos`, `hex-quot`, `preserve-zero-fraction`, `pretty[=N]`,
    /// `indent[=N]`, `tab`, `sort-keys`, `php`.
    pub fn set_flag(&mut self, name: &str, value: Option<&str>) -> Result<(), String> {
        let name = name.trim_start_matches("--").replace('_', "-");
        let flag = |value: Option<&str>| -> Result<bool, String> {
            match value {
                None | Some("true") => Ok(true),
                Some("false") => Ok(false),
                Some(v) => Err(format!("--{name}: expected true or false, got {v:?}")),
            }
        };
        match name.as_str() {
            "escape-unicode" => self.escape_unicode = flag(value)?,
            "escape-slashes" => self.escape_slashes = flag(value)?,
            "escape-line-terminators" => self.escape_line_terminators = flag(value)?,
            "hex-tag" => self.hex_tag = flag(value)?,
            "hex-amp" => self.hex_amp = flag(value)?,
            "hex-apos" => self.hex_apos = flag(value)?,
            "hex-quot" => self.hex_quot = flag(value)?,
            "preserve-zero-fraction" => self.preserve_zero_fraction = flag(value)?,
            "php" => {
                *self = if flag(value)? { EncodeOptions::php() } else { EncodeOptions::new() };
            }
            "tab" => *self = self.tab(flag(value)?),
            "sort-keys" => self.sort_keys = flag(value)?,
            "pretty" | "indent" => {
                *self = match value {
                    None | Some("true") => self.pretty(self.default_indent()),
                    Some("false") => self.compact(),
                    Some(n) => self.pretty(
                        n.parse::<usize>()
                            .map_err(|_| format!("--{name}: expected a number of spaces, true or false, got {n:?}"))?,
                    ),
                }
            }
            _ => return Err(format!("unknown encoder flag --{name}")),
        }
        Ok(())
    }

    /// The flag names [`Self::set_flag`] accepts (without `--`).
    pub const FLAGS: [&'static str; 13] = [
        "escape-unicode",
        "escape-slashes",
        "escape-line-terminators",
        "hex-tag",
        "hex-amp",
        "hex-apos",
        "hex-quot",
        "preserve-zero-fraction",
        "pretty",
        "indent",
        "tab",
        "sort-keys",
        "php",
    ];
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_flag_overrides_a_preset() {
        let mut o = EncodeOptions::new();
        o.set_flag("--php", None).unwrap();
        o.set_flag("escape-unicode", Some("false")).unwrap();
        assert_eq!(o, EncodeOptions::php().escape_unicode(false));
        o.set_flag("pretty", None).unwrap();
        assert_eq!(o.indent(), Some(4));
        o.set_flag("pretty", Some("3")).unwrap();
        assert_eq!(o.indent(), Some(3));
        o.set_flag("pretty", Some("false")).unwrap();
        assert_eq!(o.indent(), None);
        o.set_flag("hex_tag", Some("true")).unwrap();
        assert!(o.hex_tag);
        assert!(o.set_flag("hex-tag", Some("yes")).is_err());
        assert!(o.set_flag("nope", None).is_err());
        let mut d = EncodeOptions::new();
        d.set_flag("pretty", None).unwrap();
        assert_eq!(d.indent(), Some(2));
        for f in EncodeOptions::FLAGS {
            EncodeOptions::new().set_flag(f, None).unwrap();
        }
    }
}
