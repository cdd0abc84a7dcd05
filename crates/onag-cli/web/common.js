// Shared helpers of every page: the JSON API client and small DOM utilities.

import { engine, ApiError } from './engine.js';

export { ApiError };

/**
 * Answers `body` on the API route `path` (the same JSON as `onag serve`'s `/api/<path>`),
 * computed in the page's WebAssembly worker; throws ApiError with the engine's message, or an
 * AbortError when `signal` aborts it (which stops the work at once).
 */
export function api(path, body = {}, signal = undefined) {
  return engine.call(path, body, signal);
}

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
  const size = Math.max(min, Math.min(max, Math.floor((width - 3 * columns) / columns)));
  board.style.setProperty('--cell', `${size}px`);
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
 * the page marks its result stale while a banner is up.
 */
export function showError(node, message, retry) {
  if (!node) return;
  node.replaceChildren(el('span', {}, message), retry ? el('button', { type: 'button', class: 'retry', onclick: retry }, 'Retry') : null);
  node.hidden = false;
  document.body.classList.add('has-error');
}

/** Clears the error banner `node`. */
export function clearError(node) {
  if (!node) return;
  node.replaceChildren();
  document.body.classList.remove('has-error');
}

/**
 * Shows a spinner, `what` and the elapsed time in `node` while a computation runs (after
 * 150 ms, so quick answers don't flash); returns {stop()}.
 */
export function elapsed(node, what) {
  const t0 = performance.now();
  const tick = () => {
    const s = (performance.now() - t0) / 1000;
    node.replaceChildren(el('span', { class: 'spinner', 'aria-hidden': 'true' }), ` ${what} ${s.toFixed(1)} s`);
    node.className = 'status busy';
    node.dataset.busy = '1';
  };
  const first = setTimeout(() => { tick(); timer = setInterval(tick, 200); }, 150);
  let timer = null;
  return {
    stop() {
      clearTimeout(first);
      if (timer) clearInterval(timer);
      delete node.dataset.busy;
      if (node.classList.contains('busy')) { node.classList.remove('busy'); if (node.querySelector('.spinner')) node.textContent = ''; }
    },
  };
}

/**
 * Keyboard play inside a board with one Tab stop: the cells matching `selector` in
 * `container` get a roving tabindex (the last focused or the first one is reachable by Tab),
 * arrow keys move between them (`columns` cells per row), Enter or Space clicks.
 */
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
  container.onfocusin = (e) => {
    const i = cells.indexOf(e.target);
    if (i >= 0) { container.dataset.focus = cells[i].dataset.key; cells.forEach((c, k) => { c.tabIndex = k === i ? 0 : -1; }); }
  };
}

/** Folds a long value: the first `keep` characters and a "show all (n characters)" toggle. */
export function folded(text, keep = 160) {
  if (text.length <= keep + 40) return document.createTextNode(text);
  return el('details', { class: 'fold' },
    el('summary', {}, `${text.slice(0, keep)}… `, el('span', { class: 'muted' }, `(show all ${text.length} characters)`)),
    el('div', { class: 'mono' }, text));
}
