//! The `jsonlex` binary as a user runs it: exit codes (0 valid, 1 invalid, 2 usage or
//! I/O error), messages, `check -v`, `fmt` over several inputs and standard input, and
//! `fmt --help` describing every encoder flag.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use jsonlex::runtime::ser::EncodeOptions;

/// Runs `jsonlex args...` with `stdin`: exit code, stdout, stderr.
fn jsonlex(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_jsonlex"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The command may exit without reading its input (usage errors): a broken pipe here
    // is not the test's business.
    let _ = child.stdin.take().unwrap().write_all(stdin);
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().expect("exited, not killed"),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// A directory of its own for one test (tests run in parallel), removed on drop.
struct Files(PathBuf);

impl Files {
    fn new(test: &str) -> Files {
        let dir = std::env::temp_dir().join(format!("jsonlex-cli-{}-{test}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        Files(dir)
    }

    /// Writes `name` with `text`; its path as a string.
    fn add(&self, name: &str, text: &str) -> String {
        let path = self.0.join(name);
        std::fs::write(&path, text).unwrap();
        path.to_str().unwrap().to_string()
    }

    /// A path in the directory that does not exist.
    fn missing(&self, name: &str) -> String {
        self.0.join(name).to_str().unwrap().to_string()
    }
}

impl Drop for Files {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

const GOOD: &str = "{\"a\": [1, 2.50, \"\\u00e9\"]}\n";
const BAD: &str = "{\n  \"a\": 1\n  \"b\": 2\n}";
const BAD_MESSAGE: &str = ":3:3: expected ',' or '}' after an object member\n";

#[test]
fn check_valid_files_exit_0_quietly() {
    let f = Files::new("check0");
    let (a, b) = (f.add("a.json", GOOD), f.add("b.json", "[]"));
    assert_eq!(jsonlex(&["check", &a, &b], b""), (0, String::new(), String::new()));
}

#[test]
fn check_invalid_file_exits_1_and_checks_the_others() {
    let f = Files::new("check1");
    let (good, bad, bad2) = (f.add("good.json", GOOD), f.add("bad.json", BAD), f.add("bad2.json", "[1,]"));
    let (code, out, err) = jsonlex(&["check", &bad, &good, &bad2], b"");
    assert_eq!((code, out.as_str()), (1, ""));
    assert_eq!(err, format!("{bad}{BAD_MESSAGE}{bad2}:1:4: expected a value\n"));
}

#[test]
fn check_missing_file_exits_2_names_it_and_checks_the_others() {
    let f = Files::new("check2");
    let (good, bad, missing) = (f.add("good.json", GOOD), f.add("bad.json", BAD), f.missing("missing.json"));
    let (code, out, err) = jsonlex(&["check", &good, &missing, &bad], b"");
    assert_eq!((code, out.as_str()), (2, ""));
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 2, "{err}");
    assert!(lines[0].starts_with(&format!("jsonlex: {missing}: ")), "{err}");
    assert_eq!(format!("{}\n", lines[1]), format!("{bad}{BAD_MESSAGE}"));
}

#[test]
fn usage_errors_exit_2() {
    for args in
        [&[][..], &["check", "--no-such-flag"], &["fmt", "--no-such-flag"], &["lint"], &["check", "--max-depth=x"]]
    {
        let (code, out, err) = jsonlex(args, b"");
        assert_eq!((code, out.as_str()), (2, ""), "{args:?}");
        assert!(!err.is_empty(), "{args:?}");
    }
}

#[test]
fn help_and_version_exit_0() {
    for args in [&["--help"][..], &["check", "--help"], &["fmt", "--help"], &["--version"]] {
        let (code, out, _) = jsonlex(args, b"");
        assert_eq!(code, 0, "{args:?}");
        assert!(!out.is_empty(), "{args:?}");
    }
}

#[test]
fn check_verbose_prints_each_file_and_a_summary() {
    let f = Files::new("checkv");
    let (a, bad, b) = (f.add("a.json", GOOD), f.add("bad.json", BAD), f.add("b.json", "null"));
    for flag in ["-v", "--verbose"] {
        let (code, out, err) = jsonlex(&["check", flag, &a, &bad, &b], b"");
        assert_eq!(code, 1);
        assert_eq!(out, format!("{a}: ok\n{b}: ok\n3 files, 1 invalid\n"));
        assert_eq!(err, format!("{bad}{BAD_MESSAGE}"));
    }
    assert_eq!(jsonlex(&["check", "-v", &a], b""), (0, format!("{a}: ok\n1 file, 0 invalid\n"), String::new()));
    let missing = f.missing("missing.json");
    let (code, out, err) = jsonlex(&["check", "-v", &missing, &a], b"");
    assert_eq!((code, out), (2, format!("{a}: ok\n2 files, 0 invalid, 1 unreadable\n")));
    assert!(err.starts_with(&format!("jsonlex: {missing}: ")), "{err}");
}

#[test]
fn check_reads_standard_input() {
    assert_eq!(jsonlex(&["check"], b"[1, 2]"), (0, String::new(), String::new()));
    assert_eq!(
        jsonlex(&["check", "-"], b"[1, 2"),
        (1, String::new(), "<stdin>:1:6: unexpected end of input: expected ',' or ']' after an array element\n".into())
    );
    assert_eq!(jsonlex(&["check", "-v", "-"], b"{}"), (0, "<stdin>: ok\n1 file, 0 invalid\n".into(), String::new()));
    // Decoder options apply.
    assert_eq!(jsonlex(&["check", "--invalid-utf8=substitute"], b"\"\xFF\"").0, 0);
    assert_eq!(jsonlex(&["check"], b"\"\xFF\"").0, 1);
}

#[test]
fn fmt_prints_every_input_in_order() {
    let f = Files::new("fmt0");
    let (a, b) = (f.add("a.json", GOOD), f.add("b.json", " [ 1 , {} ] "));
    assert_eq!(
        jsonlex(&["fmt", &b, &a, "-", &b], b"{\"x\": null}"),
        (0, "[1,{}]\n{\"a\":[1,2.5,\"é\"]}\n{\"x\":null}\n[1,{}]\n".into(), String::new())
    );
    assert_eq!(jsonlex(&["fmt"], b" [ 1 , {} ] "), (0, "[1,{}]\n".into(), String::new()));
    assert_eq!(jsonlex(&["fmt", "-"], b"\"\\u00e9\""), (0, "\"é\"\n".into(), String::new()));
}

#[test]
fn fmt_invalid_input_exits_1_and_prints_the_others() {
    let f = Files::new("fmt1");
    let (a, bad) = (f.add("a.json", "[1]"), f.add("bad.json", BAD));
    let (code, out, err) = jsonlex(&["fmt", &bad, &a], b"");
    assert_eq!((code, out, err), (1, "[1]\n".to_string(), format!("{bad}{BAD_MESSAGE}")));
}

#[test]
fn fmt_missing_file_exits_2_and_prints_the_others() {
    let f = Files::new("fmt2");
    let (a, missing) = (f.add("a.json", "[1]"), f.missing("missing.json"));
    let (code, out, err) = jsonlex(&["fmt", &missing, &a], b"");
    assert_eq!((code, out.as_str()), (2, "[1]\n"));
    assert!(err.starts_with(&format!("jsonlex: {missing}: ")), "{err}");
}

#[test]
fn fmt_bad_flag_value_exits_2_before_reading() {
    for flag in ["--pretty=wide", "--escape-unicode=yes", "--php=1"] {
        let (code, out, err) = jsonlex(&["fmt", flag], b"[1]");
        assert_eq!((code, out.as_str()), (2, ""), "{flag}");
        assert!(err.starts_with("jsonlex: --"), "{flag}: {err}");
    }
    let (code, out, _) = jsonlex(&["fmt", "--max-depth=-1"], b"[1]");
    assert_eq!((code, out.as_str()), (2, ""));
}

#[test]
fn fmt_encoder_and_decoder_flags() {
    let fmt = |args: &[&str], input: &[u8]| {
        let (code, out, err) = jsonlex(&[&["fmt"], args].concat(), input);
        assert_eq!((code, err.as_str()), (0, ""), "{args:?}");
        out
    };
    assert_eq!(fmt(&["--escape-unicode", "--pretty=2"], "[\"é\"]".as_bytes()), "[\n  \"\\u00e9\"\n]\n");
    // Applied in the order given: --php resets what came before it.
    assert_eq!(fmt(&["--php", "--escape-unicode=false"], "[\"é/\", 1.0]".as_bytes()), "[\"é\\/\",1]\n");
    assert_eq!(fmt(&["--escape-unicode=false", "--php"], "[\"é\"]".as_bytes()), "[\"\\u00e9\"]\n");
    assert_eq!(fmt(&["--php", "--pretty"], b"[1]"), "[\n    1\n]\n");
    assert_eq!(fmt(&["--pretty", "--pretty=false"], b"[1]"), "[1]\n");
    assert_eq!(
        fmt(&["--hex-tag", "--hex-amp", "--hex-apos", "--hex-quot"], b"\"<&'\\\">\""),
        "\"\\u003C\\u0026\\u0027\\u0022\\u003E\"\n"
    );
    assert_eq!(fmt(&["--big-int=string"], b"123456789012345678901234567890"), "\"123456789012345678901234567890\"\n");
}

#[test]
fn fmt_help_describes_every_encoder_flag() {
    let (code, help, _) = jsonlex(&["fmt", "--help"], b"");
    assert_eq!(code, 0);
    let lines: Vec<&str> = help.lines().collect();
    for name in EncodeOptions::FLAGS {
        let option = format!("--{name}");
        let at = lines
            .iter()
            .position(|l| l.trim_start().split(['[', ' ', '=']).next() == Some(option.as_str()))
            .unwrap_or_else(|| panic!("{option} is not in fmt --help:\n{help}"));
        // `--flag[=<BOOL>]  What it does`, or (when some line is long) the description
        // on the next line.
        let description = match lines[at].trim_start().split_once("  ") {
            Some((_, d)) => d.trim(),
            None => lines.get(at + 1).map_or("", |d| d.trim()),
        };
        assert!(
            !description.starts_with('-') && description.split_whitespace().count() >= 2,
            "{option} has no description in fmt --help:\n{help}"
        );
    }
}

// `--indent N`, `--tab` and `--sort-keys` (jq's habits) come with their flags in
// json-runtime's `EncodeOptions::FLAGS`.

#[test]
fn fmt_indent() {
    assert_eq!(
        jsonlex(&["fmt", "--indent", "3"], b"{\"a\":[1]}"),
        (0, "{\n   \"a\": [\n      1\n   ]\n}\n".into(), String::new())
    );
    assert_eq!(jsonlex(&["fmt", "--indent=1"], b"[1]"), (0, "[\n 1\n]\n".into(), String::new()));
    let (code, out, err) = jsonlex(&["fmt", "--indent", "x"], b"[1]");
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.contains("--indent"), "{err}");
}

#[test]
fn fmt_tab() {
    assert_eq!(jsonlex(&["fmt", "--tab"], b"{\"a\":[1]}"), (0, "{\n\t\"a\": [\n\t\t1\n\t]\n}\n".into(), String::new()));
}

#[test]
fn fmt_sort_keys() {
    assert_eq!(
        jsonlex(&["fmt", "--sort-keys"], b"{\"b\": 1, \"a\": {\"d\": 2, \"c\": [{\"z\": 0, \"y\": 1}]}}"),
        (0, "{\"a\":{\"c\":[{\"y\":1,\"z\":0}],\"d\":2},\"b\":1}\n".into(), String::new())
    );
}

// ---- --lines (NDJSON) ----

const LINES_GOOD: &str = "{\"a\": 1}\n\n[1, 2]\r\n\"x\"";
const LINES_BAD: &str = "{\"a\": 1}\n[1,\n\n{\"b\" 2}\r\n true \n{";

#[test]
fn check_lines_all_valid_exits_0_with_a_count() {
    let f = Files::new("lines0");
    let good = f.add("good.ndjson", LINES_GOOD);
    for jobs in ["1", "2"] {
        assert_eq!(
            jsonlex(&["check", "--lines", "--jobs", jobs, &good], b""),
            (0, "3 documents, 0 invalid\n".into(), String::new())
        );
    }
    assert_eq!(jsonlex(&["check", "--lines"], b"1\n2\n"), (0, "2 documents, 0 invalid\n".into(), String::new()));
}

#[test]
fn check_lines_reports_every_bad_line_and_exits_1() {
    let f = Files::new("lines1");
    let (bad, good) = (f.add("bad.ndjson", LINES_BAD), f.add("good.ndjson", LINES_GOOD));
    let want_err = format!(
        "{bad}:2:4: unexpected end of input: expected a value\n\
         {bad}:4:6: expected ':' after an object key\n\
         {bad}:6:2: unexpected end of input: expected a string key or '}}' after '{{'\n"
    );
    for jobs in ["1", "2"] {
        let (code, out, err) = jsonlex(&["check", "--lines", "-j", jobs, &bad, &good], b"");
        assert_eq!((code, out.as_str(), err.as_str()), (1, "8 documents, 3 invalid\n", want_err.as_str()));
    }
    // Standard input, -v.
    let (code, out, err) = jsonlex(&["check", "--lines", "-v"], LINES_BAD.as_bytes());
    assert_eq!((code, out.as_str()), (1, "5 documents, 3 invalid\n1 file, 1 invalid\n"));
    assert_eq!(err, want_err.replace(&bad, "<stdin>"));
}

#[test]
fn check_lines_missing_file_exits_2_and_checks_the_others() {
    let f = Files::new("lines2");
    let (good, bad, missing) = (f.add("g", LINES_GOOD), f.add("b", LINES_BAD), f.missing("missing.ndjson"));
    let (code, out, err) = jsonlex(&["check", "--lines", &missing, &good, &bad], b"");
    assert_eq!((code, out.as_str()), (2, "8 documents, 3 invalid\n"));
    assert!(err.starts_with(&format!("jsonlex: {missing}: ")), "{err}");
    assert_eq!(err.lines().count(), 4, "{err}");
}

#[test]
fn lines_usage_errors_exit_2() {
    for args in [&["check", "--lines", "--jobs", "0"][..], &["check", "--jobs=x"], &["fmt", "--lines", "-j"]] {
        let (code, out, err) = jsonlex(args, b"1\n");
        assert_eq!((code, out.as_str()), (2, ""), "{args:?}");
        assert!(!err.is_empty(), "{args:?}");
    }
}

#[test]
fn fmt_lines_prints_each_good_line_and_reports_the_bad_ones() {
    let f = Files::new("fmtlines");
    let bad = f.add("bad.ndjson", LINES_BAD);
    let (code, out, err) = jsonlex(&["fmt", "--lines", "--sort-keys", &bad], b"");
    assert_eq!((code, out.as_str()), (1, "{\"a\":1}\ntrue\n"));
    assert!(err.starts_with(&format!("{bad}:2:4: ")), "{err}");
    assert!(err.ends_with("5 documents, 3 invalid\n"), "{err}");
    assert_eq!(
        jsonlex(&["fmt", "--lines", "--jobs", "2", "-"], b"{\"b\": [1, 2.0]}\r\n\n \"\\u00e9\"\n"),
        (0, "{\"b\":[1,2.0]}\n\"\u{e9}\"\n".into(), String::new())
    );
    let missing = f.missing("nope");
    assert_eq!(jsonlex(&["fmt", "--lines", &missing], b"").0, 2);
}

// ---- --dialect (issue 13) ----

#[test]
fn check_dialects() {
    let files = Files::new("dialects");
    let jsonc = files.add("settings.jsonc", "{\n  // font\n  \"size\": 14 /* px */\n}\n");
    let json5 = files.add("config.json5", "{size: 0xE, ratio: .5, tags: ['a',], inf: Infinity}\n");
    // Strict JSON names the comment and the dialect that takes it.
    let (code, out, err) = jsonlex(&["check", &jsonc], b"");
    assert_eq!((code, out.as_str()), (1, ""));
    assert_eq!(
        err,
        format!("{jsonc}:2:3: comments are not allowed in strict JSON: use the JSONC dialect (`--dialect jsonc`, `jsonlex::jsonc`)\n")
    );
    assert_eq!(jsonlex(&["check", "--dialect", "jsonc", &jsonc], b""), (0, String::new(), String::new()));
    // JSONC is not JSON5.
    let (code, _, err) = jsonlex(&["check", "--dialect", "jsonc", &json5], b"");
    assert_eq!(code, 1);
    assert_eq!(err, format!("{json5}:1:2: unexpected character `s`\n"));
    // check accepts Infinity (valid JSON5) unless told otherwise.
    assert_eq!(jsonlex(&["check", "--dialect", "json5", &json5, &jsonc], b"").0, 0);
    let (code, _, err) = jsonlex(&["check", "--dialect", "json5", "--non-finite", "error", &json5], b"");
    assert_eq!(code, 1);
    assert!(err.starts_with(&format!("{json5}:1:43: `Infinity` has no JSON value")), "{err}");
    // Errors keep FILE:LINE:COL in every dialect.
    let (code, _, err) = jsonlex(&["check", "--dialect", "jsonc"], b"[1,\n /* open");
    assert_eq!((code, err.as_str()), (1, "<stdin>:2:2: unterminated block comment (no `*/` after it)\n"));
    let (code, _, err) = jsonlex(&["check", "--dialect", "json5"], b"{a: 'x\n'}");
    assert_eq!(code, 1);
    assert!(err.starts_with("<stdin>:1:7: unescaped line break in a string"), "{err}");
    // Trailing commas: an option, for JSON and JSONC.
    assert_eq!(jsonlex(&["check"], b"[1,]").0, 1);
    assert_eq!(jsonlex(&["check", "--trailing-commas"], b"[1,]").0, 0);
    assert_eq!(jsonlex(&["check", "--dialect", "jsonc", "--trailing-commas"], b"[1, /**/]").0, 0);
    // Unknown dialect: a usage error.
    assert_eq!(jsonlex(&["check", "--dialect", "yaml"], b"1").0, 2);
}

#[test]
fn fmt_dialects_write_strict_json() {
    let (code, out, err) = jsonlex(&["fmt", "--dialect", "jsonc"], b"[1, // one\n 2 /* two */]");
    assert_eq!((code, out.as_str(), err.as_str()), (0, "[1,2]\n", ""));
    let (code, out, err) =
        jsonlex(&["fmt", "--dialect", "json5"], b"{unquoted: 'single \"q\"', hex: 0x1F, half: .5, plus: +1, t: [1,],}");
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(out, "{\"unquoted\":\"single \\\"q\\\"\",\"hex\":31,\"half\":0.5,\"plus\":1,\"t\":[1]}\n");
    // Infinity and NaN: an error by default, null on request.
    let (code, out, err) = jsonlex(&["fmt", "--dialect", "json5"], b"[NaN, -Infinity]");
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(err.starts_with("<stdin>:1:2: `NaN` has no JSON value"), "{err}");
    let (code, out, _) =
        jsonlex(&["fmt", "--dialect", "json5", "--non-finite", "null", "--pretty"], b"[NaN, -Infinity]");
    assert_eq!((code, out.as_str()), (0, "[\n  null,\n  null\n]\n"));
}

#[test]
fn lines_with_a_dialect_is_a_usage_error() {
    for extra in [&["--dialect", "json5"][..], &["--trailing-commas"]] {
        for cmd in ["check", "fmt"] {
            let mut args = vec![cmd, "--lines"];
            args.extend_from_slice(extra);
            let (code, out, err) = jsonlex(&args, b"1\n");
            assert_eq!((code, out.as_str()), (2, ""), "{args:?}: {err}");
            assert!(err.contains("cannot be used with"), "{args:?}: {err}");
        }
    }
}

#[test]
fn check_reads_as_it_goes_and_a_failed_read_exits_2() {
    // A directory opens but cannot be read: an I/O error mid-stream, not an empty input.
    let dir = std::env::temp_dir().join(format!("jsonlex-cli-dir-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let dir = dir.to_str().unwrap().to_string();
    let (code, out, err) = jsonlex(&["check", &dir], b"");
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(err.starts_with(&format!("jsonlex: {dir}: ")), "{err}");
    // Standard input is checked as it is read, with the positions of `validate`.
    let (code, _, err) = jsonlex(&["check"], b"[1,\n 2");
    assert_eq!(
        (code, err.as_str()),
        (1, "<stdin>:2:3: unexpected end of input: expected ',' or ']' after an array element\n")
    );
}

// ---- fmt streaming a document as it is read ----

/// A bad document past the first output block: what was written of it ends its line,
/// the error follows, the other inputs are still printed; exit 1.
#[test]
fn fmt_streams_a_bad_document_s_start_and_goes_on() {
    let f = Files::new("fmt-stream-bad");
    let numbers: Vec<String> = (0..30_000).map(|i| i.to_string()).collect();
    let bad = f.add("bad.json", &format!("[{},\n}}]", numbers.join(",")));
    let good = f.add("good.json", "{\"a\":1,\"a\":[2]}");
    let (code, out, err) = jsonlex(&["fmt", &bad, &good], b"");
    assert_eq!(code, 1, "{err}");
    assert_eq!(err, format!("{bad}:2:1: expected a value\n"));
    let (partial, rest) = out.split_once('\n').unwrap();
    assert!(partial.len() >= 64 << 10 && format!("[{}]", numbers.join(",")).starts_with(partial), "{}", partial.len());
    // Duplicate keys as the Value path keeps them.
    assert_eq!(rest, "{\"a\":[2]}\n");
}

/// A read that fails part way exits 2, naming the input; the others are still printed.
#[test]
fn fmt_failed_read_exits_2_and_prints_the_others() {
    let f = Files::new("fmt-stream-read");
    let dir = f.0.to_str().unwrap().to_string();
    let good = f.add("good.json", "[1, 2]");
    let (code, out, err) = jsonlex(&["fmt", &dir, &good], b"");
    assert_eq!((code, out.as_str()), (2, "[1,2]\n"), "{err}");
    assert!(err.starts_with(&format!("jsonlex: {dir}: cannot read the input: ")), "{err}");
}

/// A closed pipe stops `fmt` quietly (exit 0, as before streaming); another failed
/// write exits 2.
#[test]
fn fmt_closed_pipe_is_quiet_and_a_full_disk_exits_2() {
    use std::io::Read;
    let numbers: Vec<String> = (0..400_000).map(|i| i.to_string()).collect();
    let input = format!("[{}]", numbers.join(",\n"));
    let mut child = Command::new(env!("CARGO_BIN_EXE_jsonlex"))
        .args(["fmt", "--pretty"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let mut head = [0u8; 17];
    child.stdout.take().unwrap().read_exact(&mut head).unwrap();
    // stdout is dropped (closed) here.
    let out = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    assert_eq!(&head, b"[\n  0,\n  1,\n  2,\n");
    assert_eq!((out.status.code(), String::from_utf8_lossy(&out.stderr).as_ref()), (Some(0), ""));

    #[cfg(target_os = "linux")]
    {
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_jsonlex"))
            .args(["fmt"])
            .stdin(Stdio::piped())
            .stdout(full)
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let _ = child.stdin.take().unwrap().write_all(b"[1, 2]");
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.starts_with("jsonlex: <stdout>: "), "{err}");
    }
}

/// Issue 21, defect 5: a document as deep as `--max-depth` allows is decoded whole
/// (`--sort-keys`), encoded and dropped without overflowing the stack.
#[test]
fn fmt_sort_keys_of_100000_nested_arrays() {
    let depth = 100_000;
    let mut input = "[".repeat(depth);
    input.push_str("{\"b\":1,\"a\":2}");
    input.push_str(&"]".repeat(depth));
    let (code, out, err) = jsonlex(&["fmt", "--sort-keys", "--max-depth", "2000000"], input.as_bytes());
    assert_eq!(code, 0, "{err}");
    let expected = format!("{}{{\"a\":2,\"b\":1}}{}", "[".repeat(depth), "]".repeat(depth));
    assert_eq!(out.trim_end(), expected);
}
