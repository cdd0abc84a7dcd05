// Nim calculator (product, quotient, inverse, square root of 64-bit words) and product tables.
import { api, el, $, busy, cellReadout, heatAxes, findings } from './common.js';

/** The largest word the calculator takes (64 bits, as the engine's `nim/calc`). */
const MAX_WORD = (1n << 64n) - 1n;
$('limits').textContent = 'Numbers are 64-bit words (0 to 2^64 − 1 = 18446744073709551615), in decimal or 0x… hex; underscores may separate digits (1_000), as on the command line.';

/**
 * Reads a number the way the engine does (onag_api::number::parse_u64): decimal or 0x hex, no
 * sign, underscores only between digits, at most 2^64 − 1. Returns {value} or {error}, or
 * {partial: true} for text on its way to a number ("", "0x", "1_").
 */
function readWord(text) {
  const t = text.trim();
  const hex = /^0[xX]/.test(t);
  const digits = hex ? t.slice(2) : t;
  if (digits === '' || digits.endsWith('_')) return { partial: true };
  const bad = (why) => ({ error: `'${text}' is not a decimal or 0x-hex number: ${why}` });
  if (/^[+-]/.test(digits)) return bad('no sign allowed');
  if (digits.startsWith('_') || digits.includes('__')) return bad('underscores only between digits');
  const clean = digits.replace(/_/g, '');
  const invalid = [...clean].find((c) => !(hex ? /[0-9a-fA-F]/ : /[0-9]/).test(c));
  if (invalid) return bad(`unexpected '${invalid}'`);
  const value = BigInt(hex ? `0x${clean}` : clean);
  if (value > MAX_WORD) return { error: `'${text}' is too large (at most 2^64 - 1)` };
  return { value };
}

const hex = (dec) => '0x' + BigInt(dec).toString(16);

/** Says why the result is dimmed while a number is still being typed (not an error yet). */
function note(text) {
  let node = $('calc-note');
  if (!node) { node = el('p', { id: 'calc-note', class: 'muted' }); $('calc-out').after(node); }
  node.textContent = text;
}

/** Computes a and b; `typing`: the text may be on its way to a number, so wait quietly. */
async function compute(typing = false) {
  const out = $('calc-out');
  note('');
  // An empty b means 1 (as in the engine's nim/calc).
  const read = [['a', $('a').value], ['b', $('b').value.trim() || '1']].map(([name, text]) => [name, readWord(text)]);
  const wrong = read.find(([, r]) => r.error || (r.partial && !typing));
  if (read.some(([, r]) => r.partial) && typing && !read.some(([, r]) => r.error)) {
    out.classList.add('stale');
    $('calc-error').textContent = '';
    const [name] = read.find(([, r]) => r.partial);
    note(`${name} is not a complete number yet: the result below is for the last complete input.`);
    return;
  }
  if (wrong) {
    const [name, r] = wrong;
    $('calc-error').textContent = `${name}: ${r.error || `'${$(name).value}' is not a number yet`}`;
    out.classList.add('stale');
    return;
  }
  const [a, b] = read.map(([, r]) => r.value.toString());
  const data = await busy('calc', null, '', (signal) => api('nim/calc', { a, b }, signal), $('calc-error'));
  if (!data) { if ($('calc-error').textContent) out.classList.add('stale'); return; }
  out.classList.remove('stale');
  const rows = [
    ['a', data.a], ['b', data.b],
    ['a ⊕ b (nim-sum)', data.sum], ['a ⊗ b (nim-product)', data.product],
    ['a ⊘ b', data.quotient], ['a⁻¹', data.inverse_a], ['b⁻¹', data.inverse_b],
    ['√a', data.sqrt_a], ['√b', data.sqrt_b],
    ['smallest field holding a, b', data.field],
  ];
  out.replaceChildren(
    el('tr', {}, el('th', {}, el('span', { class: 'vh' }, 'quantity')), el('th', {}, 'decimal'), el('th', {}, 'hex')),
    ...rows.map(([name, value]) => el('tr', {},
      el('th', { scope: 'row' }, name),
      el('td', { class: 'mono', 'data-k': name }, value ?? '—'),
      el('td', { class: 'mono muted' }, value == null || !/^\d+$/.test(value) ? '' : hex(value)))),
  );
}

// Typing recomputes after a pause; pressing Enter (or Compute) answers at once and cancels the
// pending recomputation, so a quiet "still typing" pass never wipes the message it gave.
const typingTimers = new Map();
const cancelTyping = () => { for (const t of typingTimers.values()) clearTimeout(t); typingTimers.clear(); };
$('calc').addEventListener('submit', (e) => { e.preventDefault(); cancelTyping(); compute(false); });
for (const id of ['a', 'b']) {
  $(id).addEventListener('input', () => {
    cancelTyping();
    typingTimers.set(id, setTimeout(() => { typingTimers.delete(id); compute(true); }, 250));
  });
}
$('examples').addEventListener('click', (e) => {
  const button = e.target.closest('button');
  if (!button) return;
  $('a').value = button.dataset.a;
  $('b').value = button.dataset.b;
  cancelTyping();
  compute();
});

// Tables: an HTML table for small sizes (every number readable), a canvas heat map beyond.
let current = null;

async function loadTable() {
  const size = Number($('size').value);
  const data = await busy('table', $('table-info'), 'computing…', (signal) => api('nim/table', { size }, signal), $('table-error'));
  $('table-view').classList.toggle('stale', !data && Boolean($('table-error').textContent));
  if (!data) return;
  current = data;
  const m = data.marking;
  $('table-info').textContent = m.closed
    ? `closed: the numbers below ${size} form the field GF(${size}) (largest product ${m.max})`
    : `overflows: the largest product is ${m.max}, inside GF(${m.field})`;
  $('table-info').className = `status ${m.closed ? 'win' : 'loss'}`;
  const view = $('table-view');
  if (size <= 16) view.replaceChildren(htmlTable(data));
  else {
    const canvas = canvasTable(data);
    view.replaceChildren(canvas);
    heatAxes(canvas, size, { x: 'b', y: 'a', originBottom: false });
  }
}

function cellClass(value, size) {
  return value >= size ? 'overflow' : 'field';
}

function htmlTable({ size, cells }) {
  const head = el('tr', {}, el('th', {}, '⊗'), ...Array.from({ length: size }, (_, b) => el('th', { scope: 'col' }, b)));
  const rows = cells.map((row, a) => el('tr', {}, el('th', { scope: 'row' }, a),
    ...row.map((v) => el('td', { class: cellClass(v, size) }, v))));
  return el('table', { class: 'nimtable', id: 'nimtable' }, head, ...rows);
}

function canvasTable({ size, cells, marking }) {
  const scale = size <= 64 ? 8 : size <= 256 ? 3 : 2;
  const canvas = el('canvas', { width: size, height: size, id: 'nimcanvas', tabindex: 0, 'aria-label': `${size} by ${size} nim-product table; hover to read a cell` });
  canvas.style.width = `${size * scale}px`;
  const ctx = canvas.getContext('2d');
  const image = ctx.createImageData(size, size);
  const top = Math.max(1, marking.max);
  for (let a = 0; a < size; a++) {
    for (let b = 0; b < size; b++) {
      const v = cells[a][b];
      const t = v / top;
      const i = 4 * (a * size + b);
      const [r, g, bl] = v >= size ? hsl(0, 0.7, 0.35 + 0.4 * t) : hsl(140 + 120 * t, 0.45, 0.3 + 0.45 * t);
      image.data[i] = r; image.data[i + 1] = g; image.data[i + 2] = bl; image.data[i + 3] = 255;
    }
  }
  ctx.putImageData(image, 0, 0);
  cellReadout(canvas, () => size, false, (b, a) => {
    const v = current.cells[a][b];
    $('cell-info').textContent = `${a} ⊗ ${b} = ${v}${v >= size ? '  (overflows)' : ''}`;
  });
  return canvas;
}

function hsl(h, s, l) {
  const f = (n) => {
    const k = (n + h / 30) % 12;
    const a = s * Math.min(l, 1 - l);
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

$('size').addEventListener('change', loadTable);
compute();
loadTable();
findings($('findings'), ['nim']);
