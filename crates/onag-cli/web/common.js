// Shared helpers of every page: the JSON API client and small DOM utilities.

import { engine, ApiError } from './engine.js';

export { ApiError };

/**
 * Answers `body` on the API route `path` (the same JSON as `onag serve`'s `/api/<path>`),
 * computed in the page's WebAssembly worker; throws ApiError with the engine's message, or an
 * AbortError when `signal` aborts it (which stops the work at once).
 */
export function api(path, body = {}, signal = undefined, onProgress = undefined) {
  return engine.call(path, body, signal, onProgress);
}

/**
 * Whether retrying can help after `err`: only when the engine could not be loaded or started
 * (a network blip, a server that came back). A refused or invalid input fails the same way
 * every time, so its banner offers no Retry.
 */
export const retryable = (err) => Boolean(err) && err.status === 0;

/** Stops whatever the engine is computing (the worker is replaced by a fresh one). */
export const stopEngine = () => engine.restart();

/** Creates an element: `el('td', {class: 'x', onclick}, 'text', child)`. */
export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
    else if (key === 'class') node.className = value;
    else if (key === 'text') node.textContent = value;
    else if (key === 'style') Object.assign(node.style, value);
    else node.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Shortcut for `document.getElementById`. */
export const $ = (id) => document.getElementById(id);

/**
 * Runs `task()` (a promise-returning function) while `node` shows a spinner and `message`;
 * errors land in `errorNode` (and are returned as null). A request superseded by a newer call
 * with the same `key` is aborted, so the page never shows stale answers.
 */
const inflight = new Map();
export async function busy(key, node, message, task, errorNode) {
  const previous = inflight.get(key);
  if (previous) previous.abort();
  const controller = new AbortController();
  inflight.set(key, controller);
  let timer = null;
  if (node) {
    // Only flash the spinner for requests that take a noticeable time.
    timer = setTimeout(() => node.replaceChildren(el('span', { class: 'spinner', 'aria-hidden': 'true' }), ' ', message), 150);
  }
  if (errorNode) errorNode.textContent = '';
  try {
    return await task(controller.signal);
  } catch (err) {
    if (err.name === 'AbortError') return null;
    if (errorNode) errorNode.textContent = err.message;
    else console.warn(err);
    return null;
  } finally {
    if (timer) clearTimeout(timer);
    if (inflight.get(key) === controller) inflight.delete(key);
  }
}

/** Sets the width of board cells so an n-wide board fits the container (min/max in px). */
export function fitCells(board, columns, min = 22, max = 48) {
  const parent = board.parentElement;
  const width = parent ? parent.clientWidth : 600;
  // Small cells get a 1 px gap, so a 32 × 32 board still fits a 390 px phone.
  const gap = Math.floor((width - 3 * columns) / columns) >= 16 ? 3 : 1;
  const size = Math.max(min, Math.min(max, Math.floor((width - gap * columns) / columns)));
  board.style.setProperty('--cell', `${size}px`);
  board.style.setProperty('--gap', `${gap}px`);
  return size;
}

/** A random integer in 0..n-1. */
export const randInt = (n) => Math.floor(Math.random() * n);

/** Announces text to screen readers (and shows it) in the element `node`. */
export function say(node, text, cls = '') {
  node.textContent = text;
  node.className = `status ${cls}`.trim();
}

/**
 * Shows `message` in the error banner `node` (with a Retry button when `retry` is given);
 * the page marks its result stale while a banner is up. A `sticky` banner (a bad link, say)
 * stays until `clearError(node, true)`, the next thing the user does.
 */
export function showError(node, message, retry, sticky = false) {
  if (!node) return;
  const kids = [el('span', {}, message)];
  if (retry) kids.push(el('button', { type: 'button', class: 'retry', onclick: retry }, 'Retry'));
  node.replaceChildren(...kids);
  node.hidden = false;
  node.classList.add('banner');
  // The banner sits at the top of the page; bring it into view if the page was scrolled.
  if (node.getBoundingClientRect().top < 0) node.scrollIntoView({ block: 'nearest' });
  if (sticky) node.dataset.sticky = '1'; else delete node.dataset.sticky;
  document.body.classList.add('has-error');
}

/** Clears the error banner `node` (a sticky one only when `force`). */
export function clearError(node, force = false) {
  if (!node || (node.dataset.sticky && !force)) return;
  delete node.dataset.sticky;
  node.replaceChildren();
  node.classList.remove('banner');
  document.body.classList.remove('has-error');
}

/**
 * Shows a spinner, `what` and the elapsed time in `node` while a computation runs (after
 * 150 ms, so quick answers don't flash); returns {stop(), progress(done, total)}. Once the
 * engine reports progress (parts of the work done out of its estimate), the line shows the
 * share done, a bar and the time left at the rate so far.
 */
export function elapsed(node, what) {
  const t0 = performance.now();
  let done = null;
  let total = null;
  const tick = () => {
    const s = (performance.now() - t0) / 1000;
    const kids = [el('span', { class: 'spinner', 'aria-hidden': 'true' }), ` ${what} ${s.toFixed(1)} s`];
    if (done !== null && total > 0) {
      // The estimate is rough (see the library's PARTS_PER_WORK): never claim to be done.
      const share = Math.min(0.99, done / total);
      const left = share > 0.01 ? (s / share) * (1 - share) : null;
      kids.push(` — ${done.toLocaleString('en')} parts solved, about ${(share * 100).toFixed(share < 0.1 ? 1 : 0)} % of the estimate`,
        left === null ? '' : `, about ${left < 90 ? `${Math.ceil(left)} s` : `${Math.ceil(left / 60)} min`} left`,
        el('progress', { class: 'work', max: 1000, value: Math.round(share * 1000), 'aria-label': 'share of the work estimate done' }));
      node.dataset.progress = share.toFixed(4);
    }
    node.replaceChildren(...kids);
    node.className = 'status busy';
    node.dataset.busy = '1';
  };
  const first = setTimeout(() => { tick(); timer = setInterval(tick, 200); }, 150);
  let timer = null;
  return {
    progress(d, t) { done = d; total = t; },
    stop() {
      clearTimeout(first);
      if (timer) clearInterval(timer);
      delete node.dataset.busy;
      delete node.dataset.progress;
      if (node.classList.contains('busy')) { node.classList.remove('busy'); if (node.querySelector('.spinner')) node.textContent = ''; }
    },
  };
}

/**
 * Keyboard play inside a board with one Tab stop: the cells matching `selector` in
 * `container` get a roving tabindex (the last focused or the first one is reachable by Tab),
 * arrow keys move between them (`columns` cells per row), Enter or Space clicks. Call it again
 * after every redraw: when the board had the focus (a move played by keyboard or pointer), the
 * focus comes back to the same cell instead of dropping to the page.
 */
const watched = new WeakSet();
export function rovingGrid(container, selector, columns) {
  const cells = [...container.querySelectorAll(selector)];
  if (cells.length === 0) return;
  const key = container.dataset.focus;
  let active = cells.findIndex((c) => c.dataset.key === key);
  if (active < 0) active = 0;
  cells.forEach((c, i) => { c.tabIndex = i === active ? 0 : -1; });
  const focus = (i) => {
    const j = Math.max(0, Math.min(cells.length - 1, i));
    cells.forEach((c, k) => { c.tabIndex = k === j ? 0 : -1; });
    container.dataset.focus = cells[j].dataset.key;
    cells[j].focus();
  };
  container.onkeydown = (e) => {
    const i = cells.indexOf(document.activeElement);
    if (i < 0) return;
    const moves = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: columns, ArrowUp: -columns, Home: -i, End: cells.length - 1 - i };
    if (e.key in moves) { e.preventDefault(); focus(i + moves[e.key]); } else if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); cells[i].click(); }
  };
  container.rovingCells = cells;
  if (!watched.has(container)) {
    // (focusin/focusout have no on… properties: listeners, added once per board.)
    watched.add(container);
    container.addEventListener('focusin', (e) => {
      const all = container.rovingCells;
      const i = all.indexOf(e.target);
      container.dataset.keep = '1';
      if (i >= 0) { container.dataset.focus = all[i].dataset.key; all.forEach((c, k) => { c.tabIndex = k === i ? 0 : -1; }); }
    });
    // Focus leaving for another control ends the board's claim; a redraw (the cell removed,
    // no next target) keeps it.
    container.addEventListener('focusout', (e) => {
      if (e.relatedTarget && !container.contains(e.relatedTarget)) delete container.dataset.keep;
    });
    document.addEventListener('pointerdown', (e) => {
      if (container.contains(e.target)) {
        container.dataset.keep = '1';
        const cell = e.target.closest('[data-key]');
        if (cell && container.contains(cell)) container.dataset.focus = cell.dataset.key;
      } else delete container.dataset.keep;
    }, true);
  }
  const lost = !document.activeElement || document.activeElement === document.body || !document.activeElement.isConnected;
  if (container.dataset.keep && lost) cells[active].focus({ preventScroll: true });
}

/** Folds a long value: the first `keep` characters and a "show all (n characters)" toggle. */
export function folded(text, keep = 160) {
  if (text.length <= keep + 40) return document.createTextNode(text);
  return el('details', { class: 'fold' },
    el('summary', {}, `${text.slice(0, keep)}… `, el('span', { class: 'muted' }, `(show all ${text.length} characters)`)),
    el('div', { class: 'mono' }, text));
}

/**
 * Puts axes around a heat-map `canvas` of `size` × `size` cells: ticks at 0, the middle and
 * `size − 1`, and the axis names. `originBottom`: (0, 0) at the bottom left (else top left,
 * rows going down). Safe to call again after a redraw.
 */
export function heatAxes(canvas, size, { x = 'x', y = 'y', originBottom = true } = {}) {
  let frame = canvas.parentElement;
  if (!frame.classList.contains('heat-frame')) {
    frame = el('div', { class: 'heat-frame' });
    frame.style.width = canvas.style.width || '100%';
    canvas.replaceWith(frame);
    canvas.style.width = '100%';
    // The y name has a column of its own, the x name a line of its own: no tick under them.
    frame.append(el('div', { class: 'heat-yname' }), el('div', { class: 'heat-y' }), canvas,
      el('div', {}), el('div', {}), el('div', { class: 'heat-x' }));
  }
  const ticks = [...new Set([0, Math.floor((size - 1) / 2), size - 1])];
  const at = (v) => `${((v + 0.5) / size) * 100}%`;
  frame.querySelector('.heat-x').replaceChildren(
    ...ticks.map((v) => el('span', { class: 'tick', style: { left: at(v) } }, v)),
    el('span', { class: 'axis-name', style: { left: '50%' } }, `${x} →`));
  frame.querySelector('.heat-y').replaceChildren(
    ...ticks.map((v) => el('span', { class: 'tick', style: originBottom ? { bottom: at(v) } : { top: at(v) } }, v)));
  frame.querySelector('.heat-yname').replaceChildren(
    el('span', { class: 'axis-name' }, originBottom ? `${y} ↑` : `${y} ↓`));
  frame.dataset.size = size;
}

/**
 * Hover, touch and keyboard readout of a heat-map `canvas` of `size()` × `size()` cells:
 * `show(x, y)` gets the cell under the pointer (column x, row y counted from the bottom when
 * `originBottom`). The canvas is one Tab stop; arrow keys move a cursor cell by cell (with
 * Shift by 10), Home and End go to the corners; the cursor is drawn over the canvas.
 */
export function cellReadout(canvas, size, originBottom, show) {
  let cursor = null;
  const mark = el('div', { class: 'heat-cursor', 'aria-hidden': 'true', hidden: true });
  const draw = () => {
    const n = size();
    if (!cursor || !n) { mark.hidden = true; return; }
    const parent = canvas.parentElement;
    if (mark.parentElement !== parent) parent.append(mark);
    if (getComputedStyle(parent).position === 'static') parent.style.position = 'relative';
    const w = canvas.clientWidth / n;
    const h = canvas.clientHeight / n;
    const row = originBottom ? n - 1 - cursor[1] : cursor[1];
    Object.assign(mark.style, {
      left: `${canvas.offsetLeft + canvas.clientLeft + cursor[0] * w}px`,
      top: `${canvas.offsetTop + canvas.clientTop + row * h}px`,
      width: `${Math.max(3, w)}px`,
      height: `${Math.max(3, h)}px`,
    });
    mark.hidden = false;
  };
  const pick = (x, y, drawn) => {
    cursor = [x, y];
    canvas.dataset.cursor = `${x},${y}`;
    show(x, y);
    if (drawn) draw(); else mark.hidden = true;
  };
  const read = (e) => {
    const rect = canvas.getBoundingClientRect();
    const x = Math.floor(((e.clientX - rect.left) / rect.width) * size());
    const row = Math.floor(((e.clientY - rect.top) / rect.height) * size());
    const y = originBottom ? size() - 1 - row : row;
    if (x >= 0 && y >= 0 && x < size() && y < size()) pick(x, y, false);
  };
  canvas.addEventListener('pointermove', read);
  canvas.addEventListener('pointerdown', read);
  canvas.tabIndex = 0;
  canvas.setAttribute('aria-label', `${canvas.getAttribute('aria-label') || 'heat map'}; arrow keys move a readout cursor`);
  canvas.addEventListener('focus', () => { if (size()) pick(...(cursor || [0, 0]), true); });
  canvas.addEventListener('blur', () => { mark.hidden = true; });
  canvas.addEventListener('keydown', (e) => {
    const n = size();
    if (!n) return;
    const step = e.shiftKey ? 10 : 1;
    const up = originBottom ? step : -step;
    const moves = { ArrowRight: [step, 0], ArrowLeft: [-step, 0], ArrowUp: [0, up], ArrowDown: [0, -up] };
    const [x, y] = cursor || [0, 0];
    let next = null;
    if (e.key in moves) next = [x + moves[e.key][0], y + moves[e.key][1]];
    else if (e.key === 'Home') next = [0, 0];
    else if (e.key === 'End') next = [n - 1, n - 1];
    if (!next) return;
    e.preventDefault();
    pick(Math.max(0, Math.min(n - 1, next[0])), Math.max(0, Math.min(n - 1, next[1])), true);
  });
}

/**
 * The findings panel of a family: the published tables and checks onag reproduces, read from
 * `static/findings.json` (the committed `results/reproduce.json` that `onag reproduce` writes),
 * each with its source and the command that re-checks it. `families` are the report's family
 * names shown in `node`.
 */
export async function findings(node, families) {
  if (!node) return;
  let report;
  try {
    const response = await fetch(new URL('./findings.json', import.meta.url));
    if (!response.ok) throw new Error(`answered ${response.status}`);
    report = await response.json();
  } catch (err) {
    node.replaceChildren(el('p', { class: 'muted' }, `The findings (static/findings.json) could not be loaded: ${err.message}.`));
    return;
  }
  const claims = report.claims.filter((c) => families.includes(c.family));
  const agree = claims.filter((c) => c.agrees).length;
  node.replaceChildren(
    el('p', { class: 'muted' },
      `${agree} of ${claims.length} published results checked and reproduced by onag ${report.version} (commit ${report.commit}, ${report.mode} run on ${report.machine}). `,
      'Re-check them all with ', el('code', {}, 'onag reproduce'), '; each row names its own command.'),
    el('ul', { class: 'findings' }, ...claims.map((c) => el('li', { class: c.agrees ? 'agrees' : 'disagrees' },
      el('span', { class: c.agrees ? 'good' : 'bad', 'aria-label': c.agrees ? 'reproduced' : 'disagrees' }, c.agrees ? '✓ ' : '✗ '),
      el('span', {}, c.claim),
      el('div', { class: 'muted' }, 'computed: ', el('span', { class: 'mono' }, folded(String(c.computed), 120)),
        c.agrees ? '' : ` (expected ${c.expected})`),
      el('div', { class: 'muted' }, `${c.source} · `, el('code', {}, c.command))))),
  );
  node.dataset.claims = claims.length;
}
