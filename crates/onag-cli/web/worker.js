// The engine's Web Worker: runs onag's JSON API compiled to WebAssembly (crates/onag-wasm) off
// the page's thread. Messages in: {module} once (a compiled WebAssembly.Module), then
// {id, route, body}; out: {ready} or {id, status, json} or {id, trap, failure}, and while a
// request computes, {id, progress: [done, total]} at most every 200 ms (the engine's progress
// import, `onag.onag_progress`).
// The hand ABI (see crates/onag-wasm/src/lib.rs): onag_alloc/onag_free byte buffers, and
// onag_call(route, body) -> pointer to [len u32][status u32][len bytes of JSON].

let wasm = null;
let running = null; // the id of the request computing
let lastProgress = 0;
const imports = {
  onag: {
    onag_progress(done, total) {
      const now = performance.now();
      if (running === null || now - lastProgress < 200) return;
      lastProgress = now;
      self.postMessage({ id: running, progress: [done, total] });
    },
    // The clock of time budgets inside a request (the strong computer's seconds per move).
    onag_now() {
      return performance.now();
    },
  },
};
const encoder = new TextEncoder();
const decoder = new TextDecoder();

function put(bytes) {
  const ptr = wasm.onag_alloc(bytes.length);
  new Uint8Array(wasm.memory.buffer, ptr, bytes.length).set(bytes);
  return ptr;
}

function call(route, body) {
  const r = encoder.encode(route);
  const b = encoder.encode(body);
  const rp = put(r);
  const bp = put(b);
  const out = wasm.onag_call(rp, r.length, bp, b.length);
  wasm.onag_free(rp, r.length);
  wasm.onag_free(bp, b.length);
  const head = new DataView(wasm.memory.buffer, out, 8);
  const len = head.getUint32(0, true);
  const status = head.getUint32(4, true);
  const json = decoder.decode(new Uint8Array(wasm.memory.buffer, out + 8, len));
  wasm.onag_free(out, len + 8);
  return { status, json };
}

self.onmessage = async (event) => {
  const msg = event.data;
  if (msg.module) {
    try {
      const instance = await WebAssembly.instantiate(msg.module, imports);
      wasm = instance.exports;
      self.postMessage({ ready: true });
    } catch (err) {
      self.postMessage({ ready: false, error: String(err && err.message ? err.message : err) });
    }
    return;
  }
  try {
    running = msg.id;
    lastProgress = performance.now();
    const answer = call(msg.route, msg.body);
    running = null;
    self.postMessage({ id: msg.id, ...answer });
  } catch (err) {
    // A trap (out of memory, a panic): this instance is spent; the page starts a new worker.
    running = null;
    let failure = 0;
    try { failure = wasm.onag_failure(); } catch { /* the instance is unusable */ }
    self.postMessage({ id: msg.id, trap: String(err && err.message ? err.message : err), failure });
  }
};
