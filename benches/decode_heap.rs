//! Peak heap of decoding each corpus file: jsonlex `decode` against serde_json's
//! `Value` (and, for reference, simd-json and sonic-rs), measured by a counting global
//! allocator; plus the allocations of jsonlex `validate`, which must be none.
//!
//! ```text
//! cargo bench -p jsonlex-benches --bench decode_heap
//! ```
//!
//! Peak = the most bytes live at once during the call, the decoded value included
//! (it is dropped only after the measurement). `realloc` counts as its new size
//! replacing the old one.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

use jsonlex_benches::corpus;

struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);
static CALLS: AtomicUsize = AtomicUsize::new(0);

fn grew(by: usize) {
    let now = LIVE.fetch_add(by, Relaxed) + by;
    PEAK.fetch_max(now, Relaxed);
    CALLS.fetch_add(1, Relaxed);
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        LIVE.fetch_sub(layout.size(), Relaxed);
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            if new_size >= layout.size() {
                grew(new_size - layout.size());
            } else {
                LIVE.fetch_sub(layout.size() - new_size, Relaxed);
                CALLS.fetch_add(1, Relaxed);
            }
        }
        p
    }
}

#[global_allocator]
static ALLOC: Counting = Counting;

/// (peak bytes above the starting point, allocator calls) of running `f`, keeping its
/// result alive until the end.
fn measure<T>(f: impl FnOnce() -> T) -> (usize, usize) {
    let base = LIVE.load(Relaxed);
    PEAK.store(base, Relaxed);
    let calls = CALLS.load(Relaxed);
    let out = f();
    let result = (PEAK.load(Relaxed) - base, CALLS.load(Relaxed) - calls);
    drop(out);
    result
}

fn kib(n: usize) -> String {
    format!("{:.1}", n as f64 / 1024.0)
}

fn bytes(n: usize) -> String {
    format!("{n} ({} KiB)", kib(n))
}

fn main() {
    // `cargo bench` passes `--bench`; nothing to parse.
    println!("| file | input bytes | jsonlex decode peak bytes | serde_json Value peak bytes | jsonlex / serde_json | simd-json OwnedValue peak KiB | sonic-rs Value peak KiB | jsonlex validate allocations |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    let mut over = Vec::new();
    for (name, text) in corpus() {
        let (ours, _) = measure(|| jsonlex::decode(&text).unwrap());
        let (serde, _) = measure(|| serde_json::from_slice::<serde_json::Value>(&text).unwrap());
        // simd-json parses in place: the copy it needs is part of its cost.
        let (simd, _) = measure(|| {
            let mut copy = text.clone();
            let v = simd_json::to_owned_value(&mut copy).unwrap();
            (copy, v)
        });
        let (sonic, _) = measure(|| sonic_rs::from_slice::<sonic_rs::Value>(&text).unwrap());
        let (_, validate_calls) = measure(|| jsonlex::validate(&text).unwrap());
        println!(
            "| {name} | {} | {} | {} | {:.3} | {} | {} | {validate_calls} |",
            text.len(),
            bytes(ours),
            bytes(serde),
            ours as f64 / serde as f64,
            kib(simd),
            kib(sonic)
        );
        if ours > serde || validate_calls != 0 {
            over.push(name);
        }
    }
    if !over.is_empty() {
        println!("\nOVER BUDGET (peak above serde_json's, or validate allocated): {over:?}");
    }
}
