//! Document streams decoded to [`Value`]s: the whitespace-separated documents of one
//! input (NDJSON, concatenated JSON, `1 2`), by the same rules as
//! [`StreamDeserializer`](crate::StreamDeserializer) (serde_json's).

use json_runtime::Position;

use crate::{lexer, Category, DecodeOptions, Error, Value};

/// The documents of `input`, decoded one after the other with the default
/// [`DecodeOptions`]; see [`ValueStream`].
///
/// ```
/// let docs: Vec<_> = jsonlex::decode_stream(b"{\"a\": 1}{\"a\": 2}\n[3] 4").collect::<Result<_, _>>().unwrap();
/// assert_eq!(docs.len(), 4);
/// assert_eq!(docs[1]["a"], 2);
/// assert_eq!(docs[3], 4);
/// ```
pub fn decode_stream(input: &[u8]) -> ValueStream<'_> {
    ValueStream::new(input)
}

/// An iterator of the documents of one input as [`Value`]s, from [`decode_stream`].
///
/// As serde_json's `StreamDeserializer` (and [`StreamDeserializer`](crate::StreamDeserializer)):
/// whitespace between documents is skipped; a number, `true`, `false` or `null` must be
/// followed by whitespace, a bracket, a brace, a quote, `,`, `:` or the end (`12` is
/// one number, `1[]` two documents, `1x` an error); an error is placed in the whole
/// input and ends the iteration; [`byte_offset`](Self::byte_offset) is where the last
/// good document ended.
///
/// Unlike [`ndjson`](crate::ndjson), which goes on after a bad line, this is for input
/// whose documents are not one a line, or where a bad document ends the input.
///
/// ```
/// let mut docs = jsonlex::decode_stream(b"[1, 2]\n{\"b\": tru}\n3");
/// assert_eq!(docs.next().unwrap().unwrap()[1], 2);
/// assert_eq!(docs.byte_offset(), 6);
/// let e = docs.next().unwrap().unwrap_err();
/// assert_eq!((e.line(), e.column()), (2, 7));
/// assert!(docs.next().is_none());
/// ```
pub struct ValueStream<'a> {
    input: &'a [u8],
    options: DecodeOptions,
    offset: usize,
    failed: bool,
}

impl<'a> ValueStream<'a> {
    /// The documents of `input`, with the default [`DecodeOptions`].
    pub fn new(input: &'a [u8]) -> Self {
        Self::with_options(input, &DecodeOptions::new())
    }

    /// The documents of `input`, each decoded with `options`.
    pub fn with_options(input: &'a [u8], options: &DecodeOptions) -> Self {
        ValueStream { input, options: *options, offset: 0, failed: false }
    }

    /// Bytes of the input read into good documents: the end of the last one, the start
    /// of the one that failed, or the end of the input once it has been reached.
    pub fn byte_offset(&self) -> usize {
        self.offset
    }

    #[cold]
    fn fail(&mut self, e: Error) -> Option<Result<Value, Error>> {
        self.failed = true;
        Some(Err(e))
    }
}

impl Iterator for ValueStream<'_> {
    type Item = Result<Value, Error>;

    fn next(&mut self) -> Option<Result<Value, Error>> {
        if self.failed {
            return None;
        }
        let input = self.input;
        let start = self.offset + input[self.offset..].iter().take_while(|b| b" \t\n\r".contains(b)).count();
        if start == input.len() {
            self.offset = start;
            return None;
        }
        let first = input[start];
        // SAFETY: `JsonLexer` is generated from json-runtime/grammar/json.lex, whose string rules
        // accept only well-formed UTF-8 (as for `decode_with`).
        let decoded =
            unsafe { json_runtime::de::decode_one_trusted::<lexer::JsonLexer>(&input[start..], &self.options) };
        let (value, end) = match decoded {
            Ok((value, len)) => (value, start + len),
            Err(e) => {
                self.offset = start;
                return self.fail(e.shifted(Position::at(input, start)));
            }
        };
        self.offset = end;
        let delimited = matches!(first, b'[' | b'{' | b'"');
        match input.get(end) {
            Some(b' ' | b'\n' | b'\t' | b'\r' | b'"' | b'[' | b']' | b'{' | b'}' | b',' | b':') | None => {}
            Some(_) if delimited => {}
            // `truex`, `01`, `1.5e`: the error is decode's for the same bytes, which
            // is at `end` (what comes before is a value).
            Some(&b) => {
                let rest = &input[start..];
                let e = match crate::decode_with(rest, &self.options) {
                    // A second value right after the first (`truefalse`, `1-2`).
                    Err(e) if e.message() == "expected the end of input after the value" => {
                        let at = e.shifted(Position::at(input, start)).position();
                        Error::new(Category::Syntax, b"", 0, STREAM_TRAILING).shifted(at)
                    }
                    Err(e) => e.shifted(Position::at(input, start)),
                    Ok(_) => Error::new(Category::Syntax, input, end, STREAM_TRAILING),
                };
                // Where serde_json's number parser would have gone on (a digit after
                // `0`, a second fraction or exponent), the document itself failed.
                if first == b'-' || first.is_ascii_digit() {
                    let number = &input[start..end];
                    let exponent = number.iter().any(|&c| c == b'e' || c == b'E');
                    let fraction = number.contains(&b'.');
                    if b.is_ascii_digit()
                        || (b == b'.' && !fraction && !exponent)
                        || (matches!(b, b'e' | b'E') && !exponent)
                    {
                        self.offset = start;
                    }
                }
                return self.fail(e);
            }
        }
        Some(Ok(value))
    }
}

impl core::iter::FusedIterator for ValueStream<'_> {}

/// The message of [`StreamDeserializer`](crate::StreamDeserializer) for a value followed
/// by another without a delimiter.
const STREAM_TRAILING: &str = "expected whitespace or a delimiter after the value";

/// The documents `reader` yields, decoded one after the other as [`Value`]s with the
/// default [`DecodeOptions`], by the rules of [`decode_stream`] (the same documents,
/// offsets and errors as over the same bytes in a slice), without holding the input: a
/// buffer holds the longest token. A failed read is an error of category `Io` naming
/// the offset where reading stopped, and ends the iteration.
///
/// ```
/// let file = &b"{\"a\": 1}\n{\"a\": 2}\n[3] 4"[..]; // any `std::io::Read`
/// let docs: Vec<_> = jsonlex::decode_reader_stream(file).collect::<Result<_, _>>().unwrap();
/// assert_eq!(docs.len(), 4);
/// assert_eq!(docs[1]["a"], 2);
/// assert_eq!(docs[3], 4);
/// ```
#[cfg(feature = "serde")]
pub fn decode_reader_stream<R: std::io::Read>(reader: R) -> ValueReaderStream<R> {
    decode_reader_stream_with(reader, &DecodeOptions::new())
}

/// As [`decode_reader_stream`], each document decoded with `options`.
#[cfg(feature = "serde")]
pub fn decode_reader_stream_with<R: std::io::Read>(reader: R, options: &DecodeOptions) -> ValueReaderStream<R> {
    // SAFETY: `JsonLexerStream` is generated from json-runtime/grammar/json.lex, whose string rules
    // accept only well-formed UTF-8 (as for `decode_with`).
    ValueReaderStream(unsafe { crate::Deserializer::reader_trusted(reader, options) }.into_iter())
}

/// The documents of a reader as [`Value`]s, from [`decode_reader_stream`]: a
/// [`StreamDeserializer`](crate::StreamDeserializer) of `Value`s, with `decode`'s
/// error messages and positions (the serde API's are serde_json's);
/// [`byte_offset`](ValueReaderStream::byte_offset) is where the last good document
/// ended.
#[cfg(feature = "serde")]
pub struct ValueReaderStream<R: std::io::Read>(crate::StreamDeserializer<'static, Value, crate::IoRead<R>>);

#[cfg(feature = "serde")]
impl<R: std::io::Read> ValueReaderStream<R> {
    /// Where the last good document ended (serde_json's `byte_offset`).
    pub fn byte_offset(&self) -> usize {
        self.0.byte_offset()
    }
}

#[cfg(feature = "serde")]
impl<R: std::io::Read> Iterator for ValueReaderStream<R> {
    type Item = Result<Value, Error>;

    fn next(&mut self) -> Option<Result<Value, Error>> {
        self.0.next().map(|r| r.map_err(Error::decode_style))
    }
}
