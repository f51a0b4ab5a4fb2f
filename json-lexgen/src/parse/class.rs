//! Classes, `.` and `\p{...}` lowered for the grammar's encoding: to byte classes by
//! default, to Unicode classes under `%encoding utf8` (regex-automata's NFA compiler
//! turns those into strict UTF-8 byte sequences, so nothing past the `Hir` knows).

use regex_syntax::hir::{Class, ClassBytes, ClassBytesRange, ClassUnicode, ClassUnicodeRange, Hir, HirKind};

use super::lexer::{ClassItem, Member, MemberValue, Property, RawClass};
use super::{Failed, PResult, Parser};
use crate::diagnostic::DiagnosticKind;
use crate::grammar::Encoding;

/// `.`: any byte, or any character, but `\n`.
pub(super) fn dot(encoding: Encoding) -> Hir {
    match encoding {
        Encoding::Bytes => Hir::class(Class::Bytes(ClassBytes::new([
            ClassBytesRange::new(0, b'\n' - 1),
            ClassBytesRange::new(b'\n' + 1, 0xFF),
        ]))),
        Encoding::Utf8 => Hir::class(Class::Unicode(ClassUnicode::new([
            ClassUnicodeRange::new('\0', '\u{9}'),
            ClassUnicodeRange::new('\u{B}', char::MAX),
        ]))),
    }
}

impl Parser<'_> {
    /// `[...]` for the grammar's encoding. Every bad member is reported.
    pub(super) fn lower_class(&mut self, raw: &RawClass) -> PResult<Hir> {
        match self.encoding {
            Encoding::Bytes => {
                let mut ranges = Vec::new();
                let mut ok = true;
                for item in &raw.items {
                    let range = match item {
                        ClassItem::One(m) => self.class_byte(m).map(|b| (b, b)),
                        ClassItem::Range(lo, hi) => match (self.class_byte(lo), self.class_byte(hi)) {
                            (Some(a), Some(b)) => self.ordered(lo, hi, a, b),
                            _ => None,
                        },
                        ClassItem::Property(p) => {
                            self.property_in_byte_mode(p);
                            None
                        }
                    };
                    match range {
                        Some((a, b)) => ranges.push(ClassBytesRange::new(a, b)),
                        None => ok = false,
                    }
                }
                if !ok {
                    return Err(Failed);
                }
                let mut class = ClassBytes::new(ranges);
                if raw.negated {
                    class.negate();
                }
                Ok(Hir::class(Class::Bytes(class)))
            }
            Encoding::Utf8 => {
                let mut class = ClassUnicode::empty();
                let mut ok = true;
                for item in &raw.items {
                    let part = match item {
                        ClassItem::One(m) => {
                            self.class_char(m).map(|c| ClassUnicode::new([ClassUnicodeRange::new(c, c)]))
                        }
                        ClassItem::Range(lo, hi) => match (self.class_char(lo), self.class_char(hi)) {
                            (Some(a), Some(b)) => self
                                .ordered(lo, hi, a, b)
                                .map(|(a, b)| ClassUnicode::new([ClassUnicodeRange::new(a, b)])),
                            _ => None,
                        },
                        ClassItem::Property(p) => self.property_class(p),
                    };
                    match part {
                        Some(part) => class.union(&part),
                        None => ok = false,
                    }
                }
                if !ok {
                    return Err(Failed);
                }
                if raw.negated {
                    // Over Unicode scalar values: the complement never holds a surrogate.
                    class.negate();
                }
                Ok(Hir::class(Class::Unicode(class)))
            }
        }
    }

    /// `\p{...}` outside a class.
    pub(super) fn lower_property(&mut self, p: &Property) -> PResult<Hir> {
        if self.encoding == Encoding::Bytes {
            self.property_in_byte_mode(p);
            return Err(Failed);
        }
        self.property_class(p).map(|c| Hir::class(Class::Unicode(c))).ok_or(Failed)
    }

    fn property_in_byte_mode(&mut self, p: &Property) {
        let text = &self.src[p.start..p.end];
        self.error(
            DiagnosticKind::Syntax,
            p.start,
            p.end,
            format!(
                "'{text}' is a Unicode property, and this grammar matches bytes: add \
                 '%encoding utf8;' to make classes, '.' and properties match characters"
            ),
        );
    }

    /// A byte-mode member as its byte.
    fn class_byte(&mut self, m: &Member) -> Option<u8> {
        match m.value {
            MemberValue::Byte(b) => Some(b),
            MemberValue::Char(c) if c.is_ascii() => Some(c as u8),
            MemberValue::Char(c) => {
                let msg = if self.src[m.start..].starts_with('\\') {
                    "a class holds bytes, and this code point is above U+007F: write its UTF-8 \
                     bytes as \\xHH, use a literal (\"...\") or an alternation, or add \
                     '%encoding utf8;' to make classes hold characters"
                        .to_string()
                } else {
                    format!(
                        "non-ASCII character '{c}' in a class: a class holds bytes, so write its \
                         UTF-8 bytes as \\xHH, use a literal (\"{c}\") or an alternation, or add \
                         '%encoding utf8;' to make classes hold characters"
                    )
                };
                self.error(DiagnosticKind::Syntax, m.start, m.end, msg);
                None
            }
        }
    }

    /// A Unicode-mode member as its character.
    fn class_char(&mut self, m: &Member) -> Option<char> {
        match m.value {
            MemberValue::Char(c) => Some(c),
            MemberValue::Byte(b) if b.is_ascii() => Some(b as char),
            MemberValue::Byte(b) => {
                let text = &self.src[m.start..m.end];
                self.error(
                    DiagnosticKind::Syntax,
                    m.start,
                    m.end,
                    format!(
                        "{text} is a byte, not a character: in %encoding utf8 a class holds \
                         characters, so write \\u{{{b:X}}} for U+{b:04X}, or match raw bytes \
                         outside a class (\"{text}\")"
                    ),
                );
                None
            }
        }
    }

    /// `(a, b)` when `a <= b`, else the error at the range.
    fn ordered<T: PartialOrd>(&mut self, lo: &Member, hi: &Member, a: T, b: T) -> Option<(T, T)> {
        if a <= b {
            return Some((a, b));
        }
        let text = &self.src[lo.start..hi.end];
        self.error(
            DiagnosticKind::Syntax,
            lo.start,
            hi.end,
            format!("class range '{text}' is backwards: its start is above its end"),
        );
        None
    }

    /// The characters of `\p{name}` (complemented for `\P`), from regex-syntax's tables.
    fn property_class(&mut self, p: &Property) -> Option<ClassUnicode> {
        match lookup(&p.name) {
            Some(mut class) => {
                if p.negated {
                    class.negate();
                }
                Some(class)
            }
            None => {
                let hint = match suggest(&p.name) {
                    Some(name) => format!(": did you mean '{name}'?"),
                    None => " (general categories such as L, Lu, Nd, Zs; scripts such as Greek, Latin, Han; \
                              binary properties such as ID_Start, ID_Continue, White_Space)"
                        .to_string(),
                };
                self.error(
                    DiagnosticKind::Syntax,
                    p.start,
                    p.end,
                    format!("unknown Unicode property '{}'{hint}", p.name),
                );
                None
            }
        }
    }
}

/// regex-syntax's class for `\p{name}`, `None` for a name it does not know. The lexer
/// only lets letters, digits, `_`, `-`, `=`, `:`, `.` and spaces into a name, so the
/// name cannot end the `\p{...}` early.
fn lookup(name: &str) -> Option<ClassUnicode> {
    let hir =
        regex_syntax::ParserBuilder::new().unicode(true).utf8(true).build().parse(&format!("\\p{{{name}}}")).ok()?;
    match hir.kind() {
        HirKind::Class(Class::Unicode(class)) => Some(class.clone()),
        _ => None,
    }
}

/// Property names people write, for "did you mean": regex-syntax does not list the
/// names its tables hold, and these cover the usual typos.
const KNOWN: &[&str] = &[
    // General categories, short and long.
    "L",
    "LC",
    "Lu",
    "Ll",
    "Lt",
    "Lm",
    "Lo",
    "M",
    "Mn",
    "Mc",
    "Me",
    "N",
    "Nd",
    "Nl",
    "No",
    "P",
    "Pc",
    "Pd",
    "Ps",
    "Pe",
    "Pi",
    "Pf",
    "Po",
    "S",
    "Sm",
    "Sc",
    "Sk",
    "So",
    "Z",
    "Zs",
    "Zl",
    "Zp",
    "C",
    "Cc",
    "Cf",
    "Co",
    "Cn",
    "Letter",
    "Cased_Letter",
    "Uppercase_Letter",
    "Lowercase_Letter",
    "Titlecase_Letter",
    "Modifier_Letter",
    "Other_Letter",
    "Mark",
    "Nonspacing_Mark",
    "Spacing_Mark",
    "Enclosing_Mark",
    "Number",
    "Decimal_Number",
    "Letter_Number",
    "Other_Number",
    "Punctuation",
    "Connector_Punctuation",
    "Dash_Punctuation",
    "Open_Punctuation",
    "Close_Punctuation",
    "Initial_Punctuation",
    "Final_Punctuation",
    "Other_Punctuation",
    "Symbol",
    "Math_Symbol",
    "Currency_Symbol",
    "Modifier_Symbol",
    "Other_Symbol",
    "Separator",
    "Space_Separator",
    "Line_Separator",
    "Paragraph_Separator",
    "Other",
    "Control",
    "Format",
    "Private_Use",
    "Unassigned",
    // Binary properties.
    "ID_Start",
    "ID_Continue",
    "XID_Start",
    "XID_Continue",
    "Alphabetic",
    "White_Space",
    "Uppercase",
    "Lowercase",
    "Math",
    "Emoji",
    "Dash",
    "Hex_Digit",
    "ASCII_Hex_Digit",
    "Ideographic",
    "Default_Ignorable_Code_Point",
    "Noncharacter_Code_Point",
    "Pattern_White_Space",
    "Pattern_Syntax",
    "Any",
    "ASCII",
    "Assigned",
    // Scripts.
    "Latin",
    "Greek",
    "Cyrillic",
    "Armenian",
    "Hebrew",
    "Arabic",
    "Syriac",
    "Thaana",
    "Devanagari",
    "Bengali",
    "Gurmukhi",
    "Gujarati",
    "Tamil",
    "Telugu",
    "Kannada",
    "Malayalam",
    "Sinhala",
    "Thai",
    "Lao",
    "Tibetan",
    "Myanmar",
    "Georgian",
    "Hangul",
    "Ethiopic",
    "Cherokee",
    "Khmer",
    "Mongolian",
    "Hiragana",
    "Katakana",
    "Bopomofo",
    "Han",
    "Common",
    "Inherited",
];

/// The known name nearest to `name`, comparing as regex-syntax does (case, `_`, `-` and
/// spaces ignored), if near enough to be a typo.
fn suggest(name: &str) -> Option<&'static str> {
    let norm = |s: &str| -> String {
        s.chars().filter(|c| !matches!(c, '_' | '-' | ' ')).map(|c| c.to_ascii_lowercase()).collect()
    };
    // `Script=Gerek`: suggest for the value.
    let value = name.rsplit(['=', ':']).next().unwrap_or(name);
    let wanted = norm(value);
    let limit = match wanted.len() {
        0..=2 => 1,
        3..=5 => 2,
        _ => 3,
    };
    KNOWN
        .iter()
        .map(|&k| (super::resolve::edit_distance(&wanted, &norm(k)), k))
        .filter(|&(d, _)| d <= limit && d < wanted.len())
        .min_by_key(|&(d, _)| d)
        .map(|(_, k)| k)
}
