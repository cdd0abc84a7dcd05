// The worker client: every page computes with onag's engine compiled to WebAssembly, in a Web
// Worker (worker.js), so the page never blocks and no server is needed. One request runs at a
// time; stopping it (or superseding it) terminates the worker and starts a fresh one, which
// takes a few milliseconds because the compiled module and the worker's script are kept in
// memory (a blob URL): once a page has loaded, its engine restarts with no server at all.

/** An error answered by the engine: `status` is the HTTP-like status, `message` its words. */
export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/** The memory a page's engine may use (crates/onag-wasm/build.rs caps the module at this). */
export const PAGE_MEMORY = '2 GiB';

const TRAP_WORDS = {
  1: `this needs more memory than a web page's engine can hold (${PAGE_MEMORY} of WebAssembly memory). `
    + 'Run it natively: `onag serve` on your own machine, or the command line (see `onag --help`).',
  2: 'the engine hit a bug (a panic) on this input; please report it',
};

const abortError = () => new DOMException('the computation was stopped', 'AbortError');

let modulePromise = null;
/** The compiled engine (fetched and compiled once per page). */
function engineModule() {
  if (!modulePromise) {
    const url = new URL('./onag.wasm', import.meta.url);
    modulePromise = (async () => {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`${url.pathname} answered ${response.status}`);
      if (WebAssembly.compileStreaming && /wasm/.test(response.headers.get('content-type') || '')) {
        return WebAssembly.compileStreaming(response);
      }
      return WebAssembly.compile(await response.arrayBuffer());
    })().catch((err) => {
      modulePromise = null; // a later call may try again (e.g. after a network blip)
      throw new ApiError(0, `the engine (static/onag.wasm) could not be loaded: ${err.message}`);
    });
  }
  return modulePromise;
}

let workerUrlPromise = null;

/**
 * Hands the engine its files where they do not lie beside this script (a notebook widget: the
 * modules are blob URLs, so `./onag.wasm` names nothing): `wasm` the module's bytes (an
 * ArrayBuffer or a view of one), `worker` the source text of worker.js. Call it before the
 * first request.
 */
export function provideEngine({ wasm, worker }) {
  const bytes = ArrayBuffer.isView(wasm) ? new Uint8Array(wasm.buffer, wasm.byteOffset, wasm.byteLength) : new Uint8Array(wasm);
  modulePromise = (bytes.length === 0
    ? Promise.reject(new Error('the package was built without it (ONAG_SKIP_WASM)'))
    : WebAssembly.compile(bytes)
  ).catch((err) => { throw new ApiError(0, `the engine could not be loaded: ${err.message}`); });
  modulePromise.catch(() => {}); // reported to each request that needs it
  workerUrlPromise = Promise.resolve(URL.createObjectURL(new Blob([worker], { type: 'text/javascript' })));
}
/**
 * The worker's script as a blob URL, fetched once: a restart (Stop, a trap) needs no server,
 * so a page keeps working after `onag serve` stops.
 */
function workerUrl() {
  if (!workerUrlPromise) {
    const url = new URL('./worker.js', import.meta.url);
    workerUrlPromise = (async () => {
      let response;
      try {
        response = await fetch(url);
      } catch (err) {
        throw new Error(`the server has stopped or cannot be reached (${err.message})`);
      }
      if (!response.ok) throw new Error(`${url.pathname} answered ${response.status}`);
      const blob = new Blob([await response.text()], { type: 'text/javascript' });
      return URL.createObjectURL(blob);
    })().catch((err) => {
      workerUrlPromise = null;
      throw new ApiError(0, `the engine could not start: ${err.message}`);
    });
  }
  return workerUrlPromise;
}

class Engine {
  constructor() {
    this.worker = null;
    this.ready = null;
    this.queue = [];
    this.current = null;
    this.nextId = 1;
  }

  /** A started worker with the engine instantiated. */
  start() {
    if (this.ready) return this.ready;
    this.ready = Promise.all([engineModule(), workerUrl()]).then(([module, script]) => new Promise((resolve, reject) => {
      const worker = new Worker(script, { type: 'module' });
      worker.onmessage = (event) => {
        if (event.data.ready) {
          worker.onmessage = (e) => this.answered(worker, e.data);
          resolve(worker);
        } else {
          reject(new ApiError(0, `the engine could not start: ${event.data.error}`));
        }
      };
      worker.onerror = (event) => reject(new ApiError(0, `the engine could not start: ${event.message || 'worker error'}`));
      worker.postMessage({ module });
      this.worker = worker;
    }));
    this.ready.catch(() => { this.ready = null; this.worker = null; });
    return this.ready;
  }

  /** Throws the worker away (and with it any work in flight); the next call starts a new one. */
  restart() {
    if (this.worker) this.worker.terminate();
    this.worker = null;
    this.ready = null;
  }

  /**
   * Answers `body` on `route` (the same JSON as `onag serve`'s /api/<route>); rejects with
   * ApiError, or with an AbortError when `signal` aborts it. `onProgress(done, total)` hears
   * the engine's progress reports (parts of the work done out of its estimate) as they come.
   */
  call(route, body, signal, onProgress) {
    return new Promise((resolve, reject) => {
      if (signal && signal.aborted) { reject(abortError()); return; }
      const job = { id: this.nextId++, route, body: JSON.stringify(body), resolve, reject, signal, onProgress };
      if (signal) signal.addEventListener('abort', () => this.cancel(job), { once: true });
      this.queue.push(job);
      this.pump();
    });
  }

  cancel(job) {
    if (this.current === job) {
      this.current = null;
      this.restart();
      job.reject(abortError());
      this.pump();
    } else {
      const i = this.queue.indexOf(job);
      if (i >= 0) { this.queue.splice(i, 1); job.reject(abortError()); }
    }
  }

  async pump() {
    if (this.current || this.queue.length === 0) return;
    const job = this.queue.shift();
    this.current = job;
    let worker;
    try {
      worker = await this.start();
    } catch (err) {
      if (this.current === job) { this.current = null; job.reject(err); this.pump(); }
      return;
    }
    if (this.current !== job) return; // cancelled while the worker started
    job.started = performance.now();
    worker.postMessage({ id: job.id, route: job.route, body: job.body });
  }

  answered(worker, msg) {
    const job = this.current;
    if (!job || job.id !== msg.id || worker !== this.worker) return;
    if (msg.progress) {
      if (job.onProgress) job.onProgress(msg.progress[0], msg.progress[1]);
      return;
    }
    this.current = null;
    if (msg.trap !== undefined) {
      this.restart();
      job.reject(new ApiError(msg.failure === 1 ? 413 : 500, TRAP_WORDS[msg.failure] || `the engine failed: ${msg.trap}`));
    } else {
      let data = null;
      try { data = JSON.parse(msg.json); } catch { /* reported below */ }
      if (data === null) job.reject(new ApiError(500, 'the engine answered without JSON'));
      else if (msg.status >= 400) job.reject(new ApiError(msg.status, data.error || `error ${msg.status}`));
      else job.resolve(data);
    }
    this.pump();
  }
}

/** The page's engine. */
export const engine = new Engine();

/**
 * Another engine (its own worker, the same compiled module) for work that must not hold up the
 * page's game, such as a long search beside play.
 */
export const newEngine = () => new Engine();
