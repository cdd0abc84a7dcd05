// Corner-the-Queen variants: Grundy table of a move set as a heat map, a typed closed formula
// checked cell by cell with the mismatches highlighted.
import { api, el, $, busy, cellReadout, heatAxes, findings } from './common.js';

// The closed forms of docs/queens.md (the pair-game formula folds its four parity cases into one
// expression with x%2 and y%2 as selectors).
const PRESETS = [
  { moves: 'left,down', formula: 'x ^ y' },
  { moves: 'left,down,diag:1', formula: '(x + y) % 3 + 3 * ((x / 3) ^ (y / 3))' },
  { moves: 'diag,left:1,down:1', formula: '' },
  { moves: 'left,down,diag', formula: '' },
  {
    moves: 'pair',
    formula: '(1 - x%2)*(1 - y%2)*(y + x/2) + (x%2)*(1 - y%2)*(y - x/2 - 1 - max(0, 2*(x/2) - y/2 + 1))'
      + ' + (1 - x%2)*(y%2)*(y - x/2 - max(0, 2*(x/2) - y/2)) + (x%2)*(y%2)*(y + x/2 + 1)',
  },
];

let data = null;
let bad = new Map();

/** The move set, size and formula in the address bar (a link reopens the same table). */
function toUrl() {
  const q = new URLSearchParams({ moves: $('moves').value.trim(), size: $('size').value, formula: $('formula').value.trim() });
  history.replaceState(null, '', `?${q}`);
}

/** The move set, size and formula of the link the page was opened with, if any. */
function fromUrl() {
  const q = new URLSearchParams(location.search);
  if (q.has('moves')) $('moves').value = q.get('moves').slice(0, 200);
  if (q.has('formula')) $('formula').value = q.get('formula').slice(0, 2000);
  const size = q.get('size');
  if (size && [...$('size').options].some((o) => o.value === size)) $('size').value = size;
  matchPreset();
}

async function run() {
  toUrl();
  const body = { moves: $('moves').value, size: Number($('size').value), formula: $('formula').value };
  const answer = await busy('table', $('verdict'), 'computing…', (signal) => api('queens/table', body, signal), $('error'));
  // After an error the last table stays, dimmed, until a new one is computed.
  $('results').classList.toggle('stale', !answer && Boolean($('error').textContent));
  if (!answer) { $('verdict').textContent = ''; return; }
  data = answer;
  bad = new Map();
  const check = data.check;
  if (check) {
    for (let x = 0; x < data.size; x++) {
      for (let y = data.symmetric_only ? x : 0; y < data.size; y++) {
        const f = check.values[x][y];
        if (f !== data.cells[x][y]) bad.set(`${x},${y}`, [data.cells[x][y], f]);
      }
    }
  }
  const verdict = $('verdict');
  if (!check) {
    verdict.textContent = `${data.moves}: table ${data.size} × ${data.size}, largest value ${data.max}. Type a formula to check it.`;
    verdict.className = 'status';
  } else if (check.mismatches === 0) {
    verdict.textContent = `✓ The formula matches all ${check.cells} cells${data.symmetric_only ? ' with x ≤ y' : ''}.`;
    verdict.className = 'status win';
  } else {
    verdict.textContent = `✗ ${check.mismatches} of ${check.cells} cells differ; the first at (${check.first[0]}, ${check.first[1]}).`;
    verdict.className = 'status loss';
  }
  verdict.dataset.mismatches = check ? check.mismatches : '';
  draw();
  list();
}

function draw() {
  const { size, cells, max } = data;
  const canvas = $('table');
  canvas.width = size;
  canvas.height = size;
  const ctx = canvas.getContext('2d');
  const image = ctx.createImageData(size, size);
  for (let x = 0; x < size; x++) {
    for (let y = 0; y < size; y++) {
      const i = 4 * ((size - 1 - y) * size + x);
      let rgb;
      if (bad.has(`${x},${y}`)) rgb = [229, 48, 42];
      else {
        const t = cells[x][y] / Math.max(1, max);
        rgb = [Math.round(30 + 60 * t), Math.round(40 + 170 * t), Math.round(70 + 150 * t)];
      }
      image.data[i] = rgb[0]; image.data[i + 1] = rgb[1]; image.data[i + 2] = rgb[2]; image.data[i + 3] = 255;
    }
  }
  ctx.putImageData(image, 0, 0);
  heatAxes(canvas, size);
}

function list() {
  const check = data.check;
  const rows = check ? check.listed.slice(0, 200) : [];
  $('mismatches').replaceChildren(...[
    el('tr', {}, el('th', {}, '(x, y)'), el('th', {}, 'g'), el('th', {}, 'formula')),
    ...rows.map(([x, y, g, f]) => el('tr', { class: 'mismatch' }, el('td', { class: 'mono' }, `(${x}, ${y})`), el('td', { class: 'mono' }, g), el('td', { class: 'mono' }, f))),
    check && check.mismatches > rows.length ? el('tr', {}, el('td', { colspan: 3, class: 'muted' }, `… and ${check.mismatches - rows.length} more`)) : null,
    !check || check.mismatches === 0 ? el('tr', {}, el('td', { colspan: 3, class: 'muted' }, check ? 'none' : 'no formula')) : null,
  ].filter(Boolean));
}

cellReadout($('table'), () => (data ? data.size : 0), true, (x, y) => {
  const miss = bad.get(`${x},${y}`);
  const f = data.check ? `, formula ${data.check.values[x][y]}${miss ? ' ✗' : ' ✓'}` : '';
  $('cell').textContent = `g(${x}, ${y}) = ${data.cells[x][y]}${f}`;
});

/** The preset menu names the preset the move set and formula are, or "your own". */
function matchPreset() {
  const i = PRESETS.findIndex((p) => p.moves === $('moves').value.trim() && p.formula === $('formula').value.trim());
  $('preset').value = i >= 0 ? String(i) : 'custom';
}
$('moves').addEventListener('input', matchPreset);
$('formula').addEventListener('input', matchPreset);

$('preset').addEventListener('change', () => {
  if ($('preset').value === 'custom') return;
  const preset = PRESETS[Number($('preset').value)];
  $('moves').value = preset.moves;
  $('formula').value = preset.formula;
  run();
});
$('form').addEventListener('submit', (e) => { e.preventDefault(); run(); });
$('size').addEventListener('change', run);
fromUrl();
run();
findings($('findings'), ['queens']);
