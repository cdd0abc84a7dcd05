// A notebook front end in miniature for the widget's tests: a page that loads the widget's ES
// module the way anywidget does (from a blob URL, `default.render({model, el})`) with a model
// that behaves as anywidget's (get, set with change events, on/off, save_changes). The module
// is made as the Python package makes it: widget-entry.js with the pages' files (the list in
// crates/onag-py/src/widget.rs) put in at its mark; the engine's bytes come from the built
// binary's static site (`onag site`), as ipywidgets hands a binary trait over: a DataView.
import { createServer } from 'node:http';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const web = join(root, 'crates', 'onag-cli', 'web');
export const binary = () => process.env.ONAG_BIN || join(root, 'target', 'release', 'onag');

/** The widget's ES module, made as onag.widgets makes it. */
export function widgetModule() {
  const list = readFileSync(join(root, 'crates', 'onag-py', 'src', 'widget.rs'), 'utf8');
  const names = [...list.matchAll(/web!\("([^"]+)"\)/g)].map((m) => m[1]);
  const sources = Object.fromEntries(names.map((n) => [n, readFileSync(join(web, n), 'utf8')]));
  const entry = readFileSync(join(web, 'widget-entry.js'), 'utf8');
  const mark = '/* ONAG_SOURCES */ {}';
  if (!entry.includes(mark)) throw new Error('widget-entry.js lacks its mark');
  return entry.replace(mark, JSON.stringify(sources).replace(/<\//g, '<\\/'));
}

/** The engine the binary serves (its static site's onag.wasm), or the file ONAG_WIDGET_WASM names. */
function engineBytes() {
  if (process.env.ONAG_WIDGET_WASM) return readFileSync(process.env.ONAG_WIDGET_WASM);
  const dir = mkdtempSync(join(tmpdir(), 'onag-widget-'));
  try {
    execFileSync(binary(), ['site', '--out', dir], { stdio: 'ignore' });
    const find = (d) => {
      for (const name of readdirSync(d)) {
        const p = join(d, name);
        if (statSync(p).isDirectory()) { const f = find(p); if (f) return f; } else if (name === 'onag.wasm') return p;
      }
      return null;
    };
    const path = find(dir);
    if (!path) throw new Error('onag site wrote no onag.wasm');
    return readFileSync(path);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const PAGE = `<!doctype html><meta charset="utf-8"><title>widget host</title>
<body style="margin:0;background:#fff"><div id="cells"></div>
<script type="module">
class Model {
  constructor(attrs) { this.attrs = { ...attrs }; this.handlers = new Map(); this.saves = 0; }
  get(key) { return this.attrs[key]; }
  set(key, value) {
    const old = this.attrs[key];
    this.attrs[key] = value;
    if (old !== value) for (const f of this.handlers.get('change:' + key) || []) f();
  }
  on(event, f) { if (!this.handlers.has(event)) this.handlers.set(event, []); this.handlers.get(event).push(f); }
  off(event, f) { const fs = this.handlers.get(event) || []; const i = fs.indexOf(f); if (i >= 0) fs.splice(i, 1); }
  save_changes() { this.saves += 1; }
}
const wasm = fetch('/onag.wasm').then((r) => r.arrayBuffer());
const esm = fetch('/widget.mjs').then((r) => r.text());
let widget = null;
window.mountWidget = async (attrs, id) => {
  if (!widget) {
    const url = URL.createObjectURL(new Blob([await esm], { type: 'text/javascript' }));
    widget = (await import(url)).default;
  }
  const el = document.createElement('div');
  el.id = id;
  el.className = 'cell-output';
  document.getElementById('cells').append(el);
  const model = new Model({ ...attrs, _wasm: new DataView(await wasm) });
  window.models = window.models || {};
  window.models[id] = model;
  await widget.render({ model, el });
  return id;
};
window.hostReady = true;
</script>`;

/** Serves the host page, the module and the engine on 127.0.0.1; resolves with {url, stop()}. */
export function startHost() {
  const module = widgetModule();
  const wasm = engineBytes();
  const server = createServer((req, res) => {
    if (req.url === '/widget.mjs') { res.writeHead(200, { 'content-type': 'text/javascript' }); res.end(module); } else if (req.url === '/onag.wasm') { res.writeHead(200, { 'content-type': 'application/wasm' }); res.end(wasm); } else { res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }); res.end(PAGE); }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${server.address().port}/`, stop: () => server.close() })));
}

/** The registry (`onag game list --json`). */
export const registry = () => JSON.parse(execFileSync(binary(), ['game', 'list', '--json'], { encoding: 'utf8' }));

/**
 * The value line of a position from the command line's report (the widget's is checked
 * against it): the value, and an impartial game's Grundy value beside it.
 */
export function cliShown(game, position) {
  const r = JSON.parse(execFileSync(binary(), ['game', game, position, '--json'], { encoding: 'utf8' }));
  return r.grundy !== null && r.grundy !== undefined ? `${r.value} (Grundy value ${r.grundy})` : r.value;
}

/** The shadow root's locator of widget `id` in `page`. */
export const widgetIn = (page, id) => page.locator(`#${id}`);

/** Waits until widget `id` shows an analysis (its status says whose move it is). */
export async function settled(page, id) {
  await page.waitForFunction((i) => {
    const s = document.getElementById(i)?.shadowRoot?.querySelector('.status');
    return s && s.dataset.ready;
  }, id);
  const error = await page.locator(`#${id} .error`).textContent();
  if (error) throw new Error(`the widget says: ${error}`);
}
