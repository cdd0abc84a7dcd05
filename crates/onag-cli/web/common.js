// Shared helpers of every page: the JSON API client and small DOM utilities.

/** An error answered by the API: `status` is the HTTP status, `message` the server's words. */
export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/**
 * POSTs `body` as JSON to `/api/<path>` and returns the parsed answer; throws ApiError with the
 * server's message on any 4xx/5xx. `signal` (optional) aborts a request that is no longer wanted.
 */
export async function api(path, body = {}, signal = undefined) {
  let response;
  try {
    response = await fetch(`/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal,
    });
  } catch (err) {
    if (err.name === 'AbortError') throw err;
    throw new ApiError(0, 'the server cannot be reached (is `onag serve` still running?)');
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    throw new ApiError(response.status, `the server answered ${response.status} without JSON`);
  }
  if (!response.ok) throw new ApiError(response.status, data && data.error ? data.error : `HTTP ${response.status}`);
  return data;
}

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
