//! The layout of the output, written once for [`encode`](super::encode) and the serde
//! `Serializer`: where commas, colons, line breaks and indentation go.
//!
//! As serde_json's `Formatter`: compact and pretty output are two implementations of
//! one trait. The encoder's walk over a [`Value`](crate::Value) is generic over it (a
//! compact walk has no layout test at all); the serde `Serializer` and the transcoder, whose types do
//! not depend on the options, hold a [`Layout`] that picks one of the two per call.

/// Where the punctuation and white space between values go.
pub(crate) trait Formatter {
    /// `[` or `{`, one level deeper.
    fn open(&mut self, out: &mut Vec<u8>, bracket: u8);
    /// Before an element or a member's key: a comma unless it is the `first`, then the
    /// line break.
    fn item(&mut self, out: &mut Vec<u8>, first: bool);
    /// Between a key and its value.
    fn colon(&mut self, out: &mut Vec<u8>);
    /// `]` or `}`, one level up; an `empty` array or object stays `[]` / `{}`.
    fn close(&mut self, out: &mut Vec<u8>, bracket: u8, empty: bool);
}

/// No white space: `{"a":[1,2]}`.
pub(crate) struct Compact;

impl Formatter for Compact {
    #[inline(always)]
    fn open(&mut self, out: &mut Vec<u8>, bracket: u8) {
        out.push(bracket);
    }
    #[inline(always)]
    fn item(&mut self, out: &mut Vec<u8>, first: bool) {
        if !first {
            out.push(b',');
        }
    }
    #[inline(always)]
    fn colon(&mut self, out: &mut Vec<u8>) {
        out.push(b':');
    }
    #[inline(always)]
    fn close(&mut self, out: &mut Vec<u8>, bracket: u8, _empty: bool) {
        out.push(bracket);
    }
}

/// One element or member per line, `width` copies of `unit` (a space or a tab) per
/// level, `": "` after keys: serde_json's `to_string_pretty` with 2 spaces, PHP's
/// `JSON_PRETTY_PRINT` with 4, jq's `--tab` with one tab.
pub(crate) struct Pretty {
    unit: u8,
    width: usize,
    depth: usize,
}

impl Pretty {
    pub(crate) fn new(width: usize, tab: bool) -> Pretty {
        Pretty { unit: if tab { b'\t' } else { b' ' }, width, depth: 0 }
    }

    #[inline(always)]
    fn newline(&self, out: &mut Vec<u8>) {
        out.push(b'\n');
        out.resize(out.len() + self.depth * self.width, self.unit);
    }
}

impl Formatter for Pretty {
    #[inline(always)]
    fn open(&mut self, out: &mut Vec<u8>, bracket: u8) {
        out.push(bracket);
        self.depth += 1;
    }
    #[inline(always)]
    fn item(&mut self, out: &mut Vec<u8>, first: bool) {
        if !first {
            out.push(b',');
        }
        self.newline(out);
    }
    #[inline(always)]
    fn colon(&mut self, out: &mut Vec<u8>) {
        out.extend_from_slice(b": ");
    }
    #[inline(always)]
    fn close(&mut self, out: &mut Vec<u8>, bracket: u8, empty: bool) {
        self.depth -= 1;
        if !empty {
            self.newline(out);
        }
        out.push(bracket);
    }
}

/// Compact or pretty, chosen at run time: for the serde `Serializer`. A flag beside a
/// `Pretty` rather than an enum of the two, so that the pretty state is at a fixed
/// place (fewer instructions per call).
pub(crate) struct Layout {
    pretty: bool,
    indent: Pretty,
}

impl Layout {
    pub(crate) fn new(opts: &super::EncodeOptions) -> Layout {
        Layout { pretty: opts.indent.is_some(), indent: Pretty::new(opts.indent.unwrap_or(0), opts.tab) }
    }
}

impl Formatter for Layout {
    #[inline(always)]
    fn open(&mut self, out: &mut Vec<u8>, bracket: u8) {
        if self.pretty {
            self.indent.open(out, bracket)
        } else {
            Compact.open(out, bracket)
        }
    }
    #[inline(always)]
    fn item(&mut self, out: &mut Vec<u8>, first: bool) {
        if self.pretty {
            self.indent.item(out, first)
        } else {
            Compact.item(out, first)
        }
    }
    #[inline(always)]
    fn colon(&mut self, out: &mut Vec<u8>) {
        if self.pretty {
            self.indent.colon(out)
        } else {
            Compact.colon(out)
        }
    }
    #[inline(always)]
    fn close(&mut self, out: &mut Vec<u8>, bracket: u8, empty: bool) {
        if self.pretty {
            self.indent.close(out, bracket, empty)
        } else {
            Compact.close(out, bracket, empty)
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::ser::{encode_with, EncodeOptions};
    use crate::value::{Map, Value};

    fn sample() -> Value {
        let inner: Map = [("y", Value::from(true)), ("x", Value::Array(vec![].into()))].into_iter().collect();
        let top: Map = [("b", Value::from(vec![Value::from(1), Value::from(inner)])), ("a", Value::Object(Map::new()))]
            .into_iter()
            .collect();
        Value::Object(top)
    }

    #[test]
    fn tab_indents_one_tab_per_level() {
        let text = encode_with(&sample(), &EncodeOptions::new().tab(true));
        assert_eq!(
            text,
            "{\n\t\"b\": [\n\t\t1,\n\t\t{\n\t\t\t\"y\": true,\n\t\t\t\"x\": []\n\t\t}\n\t],\n\t\"a\": {}\n}"
        );
        // The same layout as two spaces, tabs for spaces.
        let spaces = encode_with(&sample(), &EncodeOptions::new().pretty(2));
        assert_eq!(text, spaces.replace("  ", "\t"));
    }

    #[test]
    fn last_of_pretty_and_tab_wins() {
        assert_eq!(EncodeOptions::new().tab(true).pretty(3), EncodeOptions::new().pretty(3));
        let tabbed = EncodeOptions::new().pretty(3).tab(true);
        assert!(tabbed.indents_with_tabs());
        assert_eq!(tabbed.indent(), Some(1));
        assert_eq!(tabbed.tab(false), EncodeOptions::new());
        assert_eq!(EncodeOptions::new().pretty(3).tab(false), EncodeOptions::new().pretty(3));
        assert_eq!(
            encode_with(&sample(), &EncodeOptions::new().tab(true).compact()),
            encode_with(&sample(), &EncodeOptions::new())
        );
    }

    #[test]
    fn sort_keys_orders_members_at_every_level_by_key_bytes() {
        let opts = EncodeOptions::new().sort_keys(true);
        assert_eq!(encode_with(&sample(), &opts), r#"{"a":{},"b":[1,{"x":[],"y":true}]}"#);
        // Raw key bytes, not escaped ones: '!' < '"' < '#' < 'é', though `\"` and
        // `\u00e9` would sort after '#' and 'a'.
        let keys: Map = [("é", 1), ("#", 2), ("\"", 3), ("!", 4), ("a", 5)].into_iter().collect();
        let php = EncodeOptions::php().sort_keys(true);
        assert_eq!(encode_with(&Value::Object(keys), &php), r##"{"!":4,"\"":3,"#":2,"a":5,"\u00e9":1}"##);
        // Off by default; pretty output sorts too.
        assert_eq!(encode_with(&sample(), &EncodeOptions::new()), r#"{"b":[1,{"y":true,"x":[]}],"a":{}}"#);
        assert_eq!(
            encode_with(&sample(), &opts.pretty(1)),
            "{\n \"a\": {},\n \"b\": [\n  1,\n  {\n   \"x\": [],\n   \"y\": true\n  }\n ]\n}"
        );
    }

    #[test]
    fn set_flag_takes_the_layout_flags() {
        let mut o = EncodeOptions::new();
        o.set_flag("--indent", Some("3")).unwrap();
        assert_eq!(o, EncodeOptions::new().pretty(3));
        o.set_flag("tab", None).unwrap();
        assert_eq!(o, EncodeOptions::new().tab(true));
        o.set_flag("indent", None).unwrap();
        assert_eq!(o, EncodeOptions::new().pretty(2));
        o.set_flag("sort-keys", None).unwrap();
        assert!(o.sorts_keys());
        o.set_flag("sort_keys", Some("false")).unwrap();
        assert!(!o.sorts_keys());
        assert!(o.set_flag("indent", Some("x")).unwrap_err().contains("--indent"));
        assert!(o.set_flag("tab", Some("2")).is_err());
    }

    /// The serde serializer lays out and sorts exactly as `encode` does.
    #[cfg(feature = "serde")]
    #[test]
    fn serializer_shares_the_layout_and_sorts_keys() {
        use crate::ser::serde::to_string_with;
        use serde::ser::{Serialize, SerializeMap, SerializeStruct, SerializeStructVariant, Serializer};

        struct Point {
            z: i32,
            y: Vec<Point>,
        }
        impl Serialize for Point {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let mut st = s.serialize_struct("Point", 2)?;
                st.serialize_field("z", &self.z)?;
                st.serialize_field("y", &self.y)?;
                st.end()
            }
        }
        /// A map with repeated and non-string keys, and an enum's struct form.
        struct Odd;
        impl Serialize for Odd {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let mut m = s.serialize_map(None)?;
                m.serialize_entry(&10, "ten")?;
                m.serialize_entry("k", &2)?;
                m.serialize_entry(&9, "nine")?;
                m.serialize_entry("k", &1)?;
                m.serialize_entry("v", &Variant)?;
                m.end()
            }
        }
        struct Variant;
        impl Serialize for Variant {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let mut v = s.serialize_struct_variant("E", 0, "V", 2)?;
                v.serialize_field("q", &1)?;
                v.serialize_field("p", &[2])?;
                v.end()
            }
        }

        let p = Point { z: 1, y: vec![Point { z: 2, y: vec![] }] };
        for opts in [
            EncodeOptions::new(),
            EncodeOptions::new().pretty(4),
            EncodeOptions::new().tab(true),
            EncodeOptions::php().sort_keys(true),
            EncodeOptions::new().tab(true).sort_keys(true),
        ] {
            let via_value = encode_with(&crate::value::to_value(&p).unwrap(), &opts);
            assert_eq!(to_string_with(&p, &opts).unwrap(), via_value, "{opts:?}");
        }
        let sorted = EncodeOptions::new().sort_keys(true);
        assert_eq!(to_string_with(&p, &sorted).unwrap(), r#"{"y":[{"y":[],"z":2}],"z":1}"#);
        // Number keys sort as the text written; equal keys keep their order.
        assert_eq!(
            to_string_with(&Odd, &sorted).unwrap(),
            r#"{"10":"ten","9":"nine","k":2,"k":1,"v":{"V":{"p":[2],"q":1}}}"#
        );
        assert_eq!(
            to_string_with(&Odd, &sorted.pretty(1)).unwrap(),
            "{\n \"10\": \"ten\",\n \"9\": \"nine\",\n \"k\": 2,\n \"k\": 1,\n \"v\": {\n  \"V\": {\n   \"p\": [\n    2\n   ],\n   \"q\": 1\n  }\n }\n}"
        );
        assert_eq!(
            to_string_with(&Odd, &EncodeOptions::new()).unwrap(),
            r#"{"10":"ten","k":2,"9":"nine","k":1,"v":{"V":{"q":1,"p":[2]}}}"#
        );
        // An error inside a sorted member is reported, not swallowed.
        struct BadKey;
        impl Serialize for BadKey {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let mut m = s.serialize_map(None)?;
                m.serialize_entry(&[1], &1)?;
                m.end()
            }
        }
        assert_eq!(to_string_with(&BadKey, &sorted).unwrap_err().to_string(), "key must be a string");
    }
}
