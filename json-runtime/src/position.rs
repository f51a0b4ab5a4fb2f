//! Byte offsets to human positions, computed only when an error needs them.

/// A place in the input: byte offset, 1-based line and 1-based column.
///
/// The column counts characters (a UTF-8 continuation byte does not start a new one),
/// as an editor would show it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// Byte offset from the start of the input.
    pub offset: usize,
    /// Line number, starting at 1; `\n` ends a line.
    pub line: usize,
    /// Column number, starting at 1, in characters.
    pub column: usize,
}

impl Position {
    /// The position of byte `offset` of `input` (an offset past the end is clamped).
    pub fn at(input: &[u8], offset: usize) -> Position {
        let offset = offset.min(input.len());
        let before = &input[..offset];
        let line_start = before.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
        let column = 1 + before[line_start..].iter().filter(|&&b| (b & 0xC0) != 0x80).count();
        Position { offset, line, column }
    }
}

impl core::fmt::Display for Position {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

#[cfg(test)]
mod tests {
    use super::Position;

    #[test]
    fn lines_and_columns() {
        let text = "ab\ncä d";
        assert_eq!(Position::at(text.as_bytes(), 0), Position { offset: 0, line: 1, column: 1 });
        assert_eq!(Position::at(text.as_bytes(), 3), Position { offset: 3, line: 2, column: 1 });
        // 'ä' is two bytes but one column.
        assert_eq!(Position::at(text.as_bytes(), 6), Position { offset: 6, line: 2, column: 3 });
        assert_eq!(Position::at(text.as_bytes(), 99).offset, text.len());
    }
}
