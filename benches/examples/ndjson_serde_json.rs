//! The serde_json peer of `jsonlex check --lines`: a `StreamDeserializer` over a
//! buffered file (constant memory), each document checked as `IgnoredAny` (serde_json
//! parses it fully and builds nothing), on one thread.
//!
//! ```sh
//! cargo run --release -p jsonlex-benches --example ndjson_serde_json -- /tmp/big.ndjson
//! ```

use std::io::BufReader;
use std::time::Instant;

use serde::de::IgnoredAny;

fn main() {
    let path = std::env::args().nth(1).expect("usage: ndjson_serde_json FILE");
    let file = std::fs::File::open(&path).expect("open");
    let bytes = file.metadata().expect("metadata").len();
    let start = Instant::now();
    let mut documents = 0usize;
    let stream =
        serde_json::Deserializer::from_reader(BufReader::with_capacity(1 << 16, file)).into_iter::<IgnoredAny>();
    for doc in stream {
        doc.expect("valid NDJSON");
        documents += 1;
    }
    let secs = start.elapsed().as_secs_f64();
    println!("{documents} documents, {bytes} bytes, {secs:.2} s, {:.0} MB/s", bytes as f64 / secs / 1e6);
}
