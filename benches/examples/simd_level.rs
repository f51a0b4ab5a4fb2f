//! Prints the kernel level this machine runs by default (for benches/callgrind-*.sh).
fn main() {
    println!("{}", json_runtime::simd::level().name());
}
