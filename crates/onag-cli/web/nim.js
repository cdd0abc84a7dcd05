// Nim calculator (product, quotient, inverse, square root of 64-bit words) and product tables.
import { api, el, $, busy } from './common.js';

const hex = (dec) => '0x' + BigInt(dec).toString(16);

async function compute() {
  const a = $('a').value.trim();
  const b = $('b').value.trim();
  const out = $('calc-out');
  const data = await busy('calc', null, '', (signal) => api('nim/calc', { a, b }, signal), $('calc-error'));
  if (!data) return;
  const rows = [
    ['a', data.a], ['b', data.b],
    ['a ⊕ b (nim-sum)', data.sum], ['a ⊗ b (nim-product)', data.product],
    ['a ⊘ b', data.quotient], ['a⁻¹', data.inverse_a], ['b⁻¹', data.inverse_b],
    ['√a', data.sqrt_a], ['√b', data.sqrt_b],
    ['smallest field holding a, b', data.field],
  ];
  out.replaceChildren(
    el('tr', {}, el('th', {}, ''), el('th', {}, 'decimal'), el('th', {}, 'hex')),
    ...rows.map(([name, value]) => el('tr', {},
      el('th', { scope: 'row' }, name),
      el('td', { class: 'mono', 'data-k': name }, value ?? '—'),
      el('td', { class: 'mono muted' }, value == null || !/^\d+$/.test(value) ? '' : hex(value)))),
  );
}

$('calc').addEventListener('submit', (e) => { e.preventDefault(); compute(); });
for (const id of ['a', 'b']) {
  let timer = null;
  $(id).addEventListener('input', () => { clearTimeout(timer); timer = setTimeout(compute, 250); });
}
$('examples').addEventListener('click', (e) => {
  const button = e.target.closest('button');
  if (!button) return;
  $('a').value = button.dataset.a;
  $('b').value = button.dataset.b;
  compute();
});

// Tables: an HTML table for small sizes (every number readable), a canvas heat map beyond.
let current = null;

async function loadTable() {
  const size = Number($('size').value);
  const data = await busy('table', $('table-info'), 'computing…', (signal) => api('nim/table', { size }, signal), $('table-error'));
  if (!data) return;
  current = data;
  const m = data.marking;
  $('table-info').textContent = m.closed
    ? `closed: the numbers below ${size} form the field GF(${size}) (largest product ${m.max})`
    : `overflows: the largest product is ${m.max}, inside GF(${m.field})`;
  $('table-info').className = `status ${m.closed ? 'win' : 'loss'}`;
  const view = $('table-view');
  if (size <= 16) view.replaceChildren(htmlTable(data));
  else view.replaceChildren(canvasTable(data));
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
  canvas.addEventListener('mousemove', (e) => {
    const rect = canvas.getBoundingClientRect();
    const b = Math.floor(((e.clientX - rect.left) / rect.width) * size);
    const a = Math.floor(((e.clientY - rect.top) / rect.height) * size);
    if (a >= 0 && b >= 0 && a < size && b < size) {
      const v = current.cells[a][b];
      $('cell-info').textContent = `${a} ⊗ ${b} = ${v}${v >= size ? '  (overflows)' : ''}`;
    }
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
