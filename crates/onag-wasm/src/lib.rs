//! onag's JSON API in the browser: [`answer`] compiled to `wasm32-unknown-unknown` and called by
//! the pages' Web Worker (`crates/onag-cli/web/worker.js`).
//!
//! The bridge is a small hand ABI rather than wasm-bindgen: four exports over byte buffers need
//! no extra command-line tool (wasm-bindgen needs its CLI, pinned to the crate's version, to
//! post-process every build), and the worker's side is ~40 lines of plain JavaScript.
//!
//! | export | what |
//! |---|---|
//! | `onag_alloc(len) -> ptr` | a buffer of `len` bytes the caller fills (route, request) |
//! | `onag_free(ptr, len)` | gives back a buffer from `onag_alloc` or `onag_call` |
//! | `onag_call(route_ptr, route_len, body_ptr, body_len) -> ptr` | answers one API request: at `ptr`, the answer's length `n` (u32 little-endian), its HTTP-like status (u32), then `n` bytes of JSON; free `n + 8` bytes |
//! | `onag_failure() -> u32` | after a trap: 1 when an allocation failed (the page's memory is full), 2 after a panic, else 0 |
//!
//! One import: `onag.onag_progress(done: f64, total: f64)`, called while a long request
//! computes (the library's progress, e.g. Toads-and-Frogs parts solved against the estimate),
//! so the worker can post progress to the page before the answer.
//!
//! Requests and answers are the same JSON as `onag serve`'s `/api/<route>`, so a page talks
//! to either the same way. Stop is the worker's job: it terminates the worker and starts a new
//! one, so no stop flag crosses the boundary.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU32, Ordering};

/// What went wrong before a trap, for the worker to explain it (see [`onag_failure`]).
static FAILURE: AtomicU32 = AtomicU32::new(0);
const FAILURE_OUT_OF_MEMORY: u32 = 1;
const FAILURE_PANIC: u32 = 2;

/// The system allocator, noting a failed allocation before Rust aborts on it.
struct NotingAllocator;

// SAFETY: every method forwards to `System` with the caller's arguments unchanged, so the
// `GlobalAlloc` contract holds exactly as it does for `System`; the extra store is an atomic.
unsafe impl GlobalAlloc for NotingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded as is (see the impl).
        let ptr = unsafe { System.alloc(layout) };
        if ptr.is_null() {
            FAILURE.store(FAILURE_OUT_OF_MEMORY, Ordering::Relaxed);
        }
        ptr
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded as is (see the impl).
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded as is (see the impl).
        let ptr = unsafe { System.alloc_zeroed(layout) };
        if ptr.is_null() {
            FAILURE.store(FAILURE_OUT_OF_MEMORY, Ordering::Relaxed);
        }
        ptr
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: forwarded as is (see the impl).
        let out = unsafe { System.realloc(ptr, layout, new_size) };
        if out.is_null() {
            FAILURE.store(FAILURE_OUT_OF_MEMORY, Ordering::Relaxed);
        }
        out
    }
}

#[global_allocator]
static ALLOCATOR: NotingAllocator = NotingAllocator;

#[cfg(target_arch = "wasm32")]
#[link(wasm_import_module = "onag")]
extern "C" {
    /// The worker's progress hook (see the crate docs).
    fn onag_progress(done: f64, total: f64);
    /// The worker's clock (`performance.now()`, milliseconds): the strong computer's seconds.
    fn onag_now() -> f64;
}

/// The worker's clock, for [`onag_api::clock`].
#[cfg(target_arch = "wasm32")]
fn worker_now() -> f64 {
    // SAFETY: an import that takes nothing and returns a number.
    unsafe { onag_now() }
}

/// The flag a request runs under: in the browser, its progress goes to the worker.
fn request_flag() -> onag_api::StopFlag {
    #[cfg(target_arch = "wasm32")]
    {
        onag_api::StopFlag::with_progress(|done, total| {
            // SAFETY: an import of plain numbers; the worker's function only reads them.
            unsafe { onag_progress(done as f64, total) }
        })
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        onag_api::StopFlag::new()
    }
}

/// Answers one request: `(status, JSON)` with the HTTP status `onag serve` would give, through
/// the API crate's one [`onag_api::dispatch`] (every route the server has, the same JSON).
pub fn answer(route: &str, body: &[u8]) -> (u16, Vec<u8>) {
    #[cfg(target_arch = "wasm32")]
    onag_api::clock::set(worker_now);
    let route = format!("/{}", route.trim_start_matches('/'));
    match onag_api::dispatch(&route, body, &request_flag()) {
        Ok(json) => (200, json),
        Err(e) => (e.kind.status(), e.to_json()),
    }
}

/// A buffer of `len` bytes for the caller to fill; give it back with [`onag_free`].
#[no_mangle]
pub extern "C" fn onag_alloc(len: usize) -> *mut u8 {
    Box::into_raw(vec![0u8; len].into_boxed_slice()).cast()
}

/// Gives back a buffer of `len` bytes from [`onag_alloc`] or [`onag_call`].
///
/// # Safety
/// `ptr` must come from `onag_alloc(len)` (or be an answer of `onag_call` with `len` its total
/// size) and not have been freed.
#[no_mangle]
pub unsafe extern "C" fn onag_free(ptr: *mut u8, len: usize) {
    // SAFETY: by the caller's contract `ptr` is a live `Box<[u8]>` of exactly `len` bytes
    // (onag_alloc and `finish` both hand out boxed slices), so rebuilding and dropping it frees
    // it exactly once.
    drop(unsafe { Box::from_raw(std::ptr::slice_from_raw_parts_mut(ptr, len)) });
}

/// Answers the request `body` (JSON) on `route`; see the crate docs for the answer's layout.
///
/// # Safety
/// `route_ptr`/`body_ptr` must point to `route_len`/`body_len` readable bytes (from
/// [`onag_alloc`]).
#[no_mangle]
pub unsafe extern "C" fn onag_call(
    route_ptr: *const u8,
    route_len: usize,
    body_ptr: *const u8,
    body_len: usize,
) -> *mut u8 {
    install_panic_hook();
    // SAFETY: the caller passes buffers it filled, of exactly these lengths.
    let (route, body) = unsafe {
        (
            std::slice::from_raw_parts(route_ptr, route_len),
            std::slice::from_raw_parts(body_ptr, body_len),
        )
    };
    let (status, json) = match std::str::from_utf8(route) {
        Ok(route) => answer(route, body),
        Err(_) => (
            404,
            onag_api::ApiError::new(onag_api::ErrorKind::NotFound, "the route is not UTF-8")
                .to_json(),
        ),
    };
    finish(status, json)
}

/// Lays out an answer as `[len u32][status u32][json]` in one boxed slice of `len + 8` bytes.
fn finish(status: u16, json: Vec<u8>) -> *mut u8 {
    let mut out = Vec::with_capacity(json.len() + 8);
    out.extend_from_slice(&(json.len() as u32).to_le_bytes());
    out.extend_from_slice(&u32::from(status).to_le_bytes());
    out.extend_from_slice(&json);
    Box::into_raw(out.into_boxed_slice()).cast()
}

/// What went wrong before the last trap: 1 out of memory, 2 a panic, 0 nothing known.
#[no_mangle]
pub extern "C" fn onag_failure() -> u32 {
    FAILURE.load(Ordering::Relaxed)
}

fn install_panic_hook() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        std::panic::set_hook(Box::new(|_| {
            FAILURE.store(FAILURE_PANIC, Ordering::Relaxed)
        }));
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Calls the ABI as the worker does and reads the answer back.
    fn call(route: &str, body: &str) -> (u32, String) {
        let r = onag_alloc(route.len());
        let b = onag_alloc(body.len());
        // SAFETY: the buffers were just allocated with these lengths.
        unsafe {
            std::ptr::copy_nonoverlapping(route.as_ptr(), r, route.len());
            std::ptr::copy_nonoverlapping(body.as_ptr(), b, body.len());
        }
        // SAFETY: the buffers hold route.len() and body.len() bytes.
        let out = unsafe { onag_call(r, route.len(), b, body.len()) };
        // SAFETY: `out` is an answer: 8 header bytes then `len` bytes of JSON.
        let (status, json) = unsafe {
            let len = u32::from_le_bytes(*(out as *const [u8; 4])) as usize;
            let status = u32::from_le_bytes(*(out.add(4) as *const [u8; 4]));
            let json = std::slice::from_raw_parts(out.add(8), len).to_vec();
            onag_free(out, len + 8);
            (status, String::from_utf8(json).unwrap())
        };
        // SAFETY: both buffers came from onag_alloc with these lengths.
        unsafe {
            onag_free(r, route.len());
            onag_free(b, body.len());
        }
        (status, json)
    }

    #[test]
    fn the_abi_round_trips_requests_and_answers() {
        let (status, json) = call("health", "");
        assert_eq!(status, 200);
        assert!(json.contains("\"ok\":true"));
        let (status, json) = call("/no/such", "{}");
        assert_eq!(status, 404);
        assert!(json.contains("no such API endpoint"));
        // Every route the server has is answered here, with the same JSON.
        for route in onag_api::ROUTES {
            let (status, _) = call(route.path, "{}");
            assert_ne!(status, 404, "{}", route.path);
        }
        let (status, json) = call("nim/calc", r#"{"a": "2", "b": "3"}"#);
        assert_eq!(
            (status, json.contains("\"product\":\"1\"")),
            (200, true),
            "{json}"
        );
        let (status, json) = call("toads/analyze", r#"{"board": "TXF"}"#);
        assert_eq!(status, 400, "{json}");
    }
}
