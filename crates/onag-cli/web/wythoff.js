// Wythoff's game on the shared game loop (game.js): queens with ✓/✗ destinations, coordinates,
// placing queens (click, or drag a queen with mouse, pen or finger), remoteness ("win in k") where the page can hold its table, the heat map of g
// with a value slider and a hover readout, and the row plot of g(x, y) − y. All in the worker.
import { api, el, $, busy, cellReadout, heatAxes, randInt, rovingGrid, say, findings } from './common.js';
import { createGame, fairStart, remotenessTitle, showRemoteness } from './game.js';
import { misereCall } from './play.js';
import { MIN_TAP, gridRows, keepInView, maxRemoteness, piece, shade, slide, zoomable } from './board.js';

/** Board sides and queen counts the page takes (the engine's limits: side ≤ 64, 1–4 queens). */
const SIDES = [1, 64];
const MAX_QUEENS = 4;
/** Rows the row plot sweeps (the engine's limit for the page). */
const MAX_ROW = 40;
$('row').max = String(MAX_ROW);
const key = (x, y) => `${x},${y}`;
let selected = null; // index of the selected queen
let editing = false;
let current = null; // the last view drawn

function randomStart(side, count) {
  return { side, queens: Array.from({ length: count }, () => [1 + randInt(side - 1), 1 + randInt(side - 1)]) };
}
/** The registry's notation of a position (`onag game wythoff "8:3,5 2,1"`). */
const registryText = (pos) => `${pos.side}:${pos.queens.map(([x, y]) => `${x},${y}`).join(' ')}`;
/** A position's queens as a sorted list (the order of queens does not matter). */
const sameQueens = (text) => text.split(':')[1].trim().split(/\s+/).filter(Boolean).sort().join(' ');
/** A random start, fair for you unless “fair starts” is off (game.js); under misère play the
 * engine's misère outcome decides. */
const newStart = () => fairStart(game, () => randomStart(Number($('side').value), Number($('count').value)),
  async (pos) => (game && game.settings.misere
    ? (await misereCall('game/analyze', { game: 'wythoff', position: registryText(pos) })).outcome === 'N'
    : (await api('wythoff/position', { side: pos.side, queens: pos.queens })).xor !== 0));
const newGame = async () => { selected = null; game.start(await newStart()); };

// The default board is the largest offered whose cells fit the screen at a tappable size
// (MIN_TAP and the 2 px gap, a column of labels beside the board): 12 on a desktop, 8 on a
// 390 px phone, which opens on a whole board instead of a panning one. A link's board keeps
// its own side.
{
  const room = $('board-wrap').clientWidth || window.innerWidth;
  const fits = (side) => (side + 1) * (MIN_TAP + 2) <= room;
  const sides = [...$('side').options].map((o) => Number(o.value));
  const chosen = Number($('side').value);
  if (!fits(chosen)) {
    const smaller = sides.filter((s) => s < chosen && fits(s));
    if (smaller.length) $('side').value = String(Math.max(...smaller));
  }
}

const game = createGame({
  id: 'wythoff',
  randomStarts: true,
  sides: ['the first player', 'the second player'],
  singular: true,
  // The value history: remoteness per ply where the page has its table (it falls by one with
  // each perfect move), else the XOR of the values.
  // Impartial: normal or misère play (the registry's misère report: Conway, ONAG ch. 12).
  misere: true,
  chartLabel: () => (game && game.settings.misere ? 'misère g⁻' : current && current.analysis && current.analysis.data.remoteness ? 'remoteness' : 'XOR'),
  conventionChanged: (misere) => { $('rule').textContent = misere ? 'the last to move loses (misère play)' : 'the last to move wins'; },
  initial: () => newStart(),
  encode: (pos) => `${pos.side}-${pos.queens.map(([x, y]) => `${x}.${y}`).join('_')}`,
  decode(text) {
    const m = /^(\d+)-(\d+\.\d+(?:_\d+\.\d+)*)$/.exec(text);
    if (!m) throw new Error('expected side-x.y_x.y…');
    const side = Number(m[1]);
    if (side < SIDES[0] || side > SIDES[1]) throw new Error(`the board side must be ${SIDES[0]}–${SIDES[1]}`);
    const queens = m[2].split('_').map((q) => q.split('.').map(Number));
    if (queens.length > MAX_QUEENS) throw new Error(`at most ${MAX_QUEENS} queens`);
    for (const [x, y] of queens) if (x >= side || y >= side) throw new Error(`queen (${x}, ${y}) is off the ${side} × ${side} board`);
    if (![...$('side').options].some((o) => o.value === String(side))) $('side').append(el('option', {}, side));
    $('side').value = String(side);
    $('count').value = String(queens.length);
    return { side, queens };
  },
  async analyse(pos, _toMove, signal, _progress, { misere } = {}) {
    const data = await api('wythoff/position', { side: pos.side, queens: pos.queens }, signal);
    if (misere) {
      // The moves (queen, square) of the page's route, each marked by the registry's misère
      // report of the position it leaves: misère ✓/✗ and the genus after it.
      const m = await misereCall('game/analyze', { game: 'wythoff', position: registryText(pos) }, signal);
      const after = new Map(m.moves.map((x) => [sameQueens(x.position), x]));
      const moves = data.moves.map((mv) => {
        const target = after.get(sameQueens(registryText({ side: pos.side, queens: pos.queens.map((q, i) => (i === mv.queen ? mv.to : q)) })));
        if (!target) throw new Error(`the misère report has no move of queen ${mv.queen + 1} to (${mv.to})`);
        return { ...mv, from: pos.queens[mv.queen], winning: target.winning, value: `genus ${target.genus}`, remoteness: null };
      });
      return { data: { ...data, remoteness: null, misere: m }, moves, chart: m.misere_grundy };
    }
    const r = data.remoteness;
    const moves = data.moves.map((m, i) => ({ ...m, from: pos.queens[m.queen], remoteness: r ? r.moves[i] : null }));
    return { data, moves, chart: r ? r.position : data.xor };
  },
  apply: (pos, move) => ({ side: pos.side, queens: pos.queens.map((q, i) => (i === move.queen ? [...move.to] : q)) }),
  notation: (move) => `Q${move.queen + 1} (${move.from[0]},${move.from[1]})→(${move.to[0]},${move.to[1]})`,
  perfect(analysis, moves) {
    const r = analysis.data.remoteness;
    // Steinhaus' rule: the quickest win, or (losing) the slowest loss.
    if (r) return moves.find((m) => m.remoteness + 1 === r.position) || null;
    if (moves.some((m) => m.winning)) return null; // the loop plays a winning move
    // Losing without the table: a single step (the game lasts longer than a jump home).
    return moves.find((m) => Math.abs(m.to[0] - m.from[0]) + Math.abs(m.to[1] - m.from[1]) === 1) || null;
  },
  render(v) {
    selected = v.canPlay ? selected : null;
    current = v;
    draw();
    if (v.fresh && v.last) {
      slide($('board'), key(...v.last.move.from), key(...v.last.move.to));
      keepInView($('board'), key(...v.last.move.to));
    }
  },
});

function draw() {
  const v = current;
  const { side, queens } = v.pos;
  const board = $('board');
  board.style.gridTemplateColumns = `repeat(${side + 1}, var(--cell))`;
  zoomable($('board-wrap'), board, { columns: side + 1, max: 48 });
  board.classList.toggle('stale', v.stale);
  board.classList.toggle('placing', editing);
  const moves = selected !== null && v.analysis && !editing ? v.analysis.moves.filter((m) => m.queen === selected) : [];
  const targets = new Map(moves.map((m) => [key(...m.to), m]));
  const far = maxRemoteness(moves);
  const last = v.last ? new Set([key(...v.last.move.from), key(...v.last.move.to)]) : new Set();
  const cells = [];
  for (let y = side - 1; y >= -1; y--) {
    cells.push(el('div', { class: 'cell label', 'aria-hidden': 'true' }, y >= 0 ? y : ''));
    for (let x = 0; x < side; x++) {
      if (y < 0) { cells.push(el('div', { class: 'cell label', 'aria-hidden': 'true' }, x)); continue; }
      const here = queens.map((q, i) => [q, i]).filter(([q]) => q[0] === x && q[1] === y).map(([, i]) => i);
      const k = key(x, y);
      const cell = el('div', {
        class: `cell sq${(x + y) % 2 ? ' dark' : ''}${x === 0 && y === 0 ? ' origin' : ''}${last.has(k) ? ` last by-${v.last.by}` : ''}`,
        'data-x': x, 'data-y': y, 'data-key': k, role: 'gridcell',
        'aria-label': `(${x}, ${y})${here.length ? `: queen ${here.map((i) => i + 1).join(' and ')}` : ''}${last.has(k) ? ', part of the last move' : ''}`,
      });
      if (here.length) {
        cell.classList.add('queen');
        if (selected !== null && here.includes(selected)) cell.classList.add('selected');
        for (let i = 0; i < Math.min(here.length, 3); i++) cell.append(piece('queen'));
        if (here.length > 1) cell.append(el('span', { class: 'val', 'aria-hidden': 'true' }, `×${here.length}`));
      }
      const move = targets.get(k);
      if (editing) {
        // Queens are picked up by pointer (see the drag handlers); a click (or Enter) on an
        // empty square places one, on a queen takes it away.
        cell.addEventListener('click', (e) => { if (!here.length || e.detail === 0) place(x, y); });
      } else if (move && !here.includes(selected)) {
        cell.classList.add('target');
        if (v.hints) shade(cell, move, far);
        cell.setAttribute('aria-label', `move to (${x}, ${y})${v.hints ? `, g = ${move.value}: ${move.winning ? 'winning' : 'losing'}` : ''}`);
        if (v.hints && move.remoteness !== null) cell.title = remotenessTitle(move.remoteness);
        cell.addEventListener('click', (e) => { e.stopPropagation(); selected = null; game.play(move); });
      } else if (here.length && v.canPlay && (x > 0 || y > 0)) {
        cell.addEventListener('click', () => select(here.includes(selected) ? here[(here.indexOf(selected) + 1) % here.length] : here[0]));
      }
      cells.push(cell);
    }
  }
  const rows = gridRows(cells, side + 1);
  rows[rows.length - 1].setAttribute('aria-hidden', 'true'); // the x coordinates (each cell says its own)
  board.replaceChildren(...rows);
  rovingGrid(board, '.cell[role="gridcell"]', side);
  const a = v.analysis && v.analysis.data;
  if (a) {
    $('queens').replaceChildren(
      el('tr', {}, el('th', {}, 'queen'), el('th', {}, '(x, y)'), el('th', {}, 'g')),
      ...queens.map((q, i) => el('tr', { class: i === selected ? 'good' : '' }, el('td', {}, i + 1), el('td', { class: 'mono' }, `(${q[0]}, ${q[1]})`), el('td', { class: 'mono' }, a.values[i]))),
    );
    $('xor').textContent = a.misere
      ? `misère play: genus ${a.misere.genus}, ${a.misere.form ? `form ${a.misere.form}: ` : ''}${a.misere.outcome === 'N' ? 'the player to move wins' : 'the player to move loses'}${a.over ? ' (no move left: a win)' : ''}`
      : `XOR = ${a.xor}: ${a.over ? 'no move left' : a.xor === 0 ? 'the player to move loses' : 'the player to move wins'}`;
    showRemoteness($('remoteness'), $('chart-h'), a.remoteness, {
      missing: a.misere ? 'not tabulated under misère play' : 'this board has too many positions for the page’s table',
      otherChart: a.misere ? 'Misère Grundy value g⁻ after each move' : 'XOR of the values after each move',
    });
  }
}

const cellAt = (x, y) => $('board').querySelector(`[data-x="${x}"][data-y="${y}"]`);

function select(i) {
  selected = selected === i ? null : i;
  draw();
  if (selected === null) return;
  const moves = current.analysis.moves.filter((m) => m.queen === i);
  say($('status'), current.hints
    ? `Queen ${i + 1}: ${moves.length} moves, ${moves.filter((m) => m.winning).length} winning (✓).`
    : `Queen ${i + 1}: ${moves.length} moves.`);
  const first = moves.find((m) => m.winning && current.hints) || moves[0];
  if (first) { $('board').dataset.focus = key(...first.to); cellAt(...first.to)?.focus(); }
}

/**
 * Setup by dragging: while placing queens, press on a queen and release over another square
 * to move it there (mouse, pen or touch: pointer events with capture). A press released on
 * its own square is a click (place() takes the queen away).
 */
let drag = null;
const squareAt = (e) => {
  const cell = document.elementFromPoint(e.clientX, e.clientY)?.closest('#board .cell.sq');
  return cell ? [Number(cell.dataset.x), Number(cell.dataset.y)] : null;
};
$('board').addEventListener('pointerdown', (e) => {
  if (!editing || !current || e.button > 0) return;
  const cell = e.target.closest('.cell.sq');
  if (!cell) return;
  const at = [Number(cell.dataset.x), Number(cell.dataset.y)];
  const i = current.pos.queens.findLastIndex((q) => q[0] === at[0] && q[1] === at[1]);
  if (i < 0) return;
  e.preventDefault();
  drag = { i, from: at, to: at, cell, id: e.pointerId };
  $('board').setPointerCapture(e.pointerId);
  cell.classList.add('dragging');
});
$('board').addEventListener('pointermove', (e) => {
  if (!drag || e.pointerId !== drag.id) return;
  const at = squareAt(e);
  if (!at) return;
  drag.to = at;
  for (const c of $('board').querySelectorAll('.cell.drop')) c.classList.remove('drop');
  if (key(...at) !== key(...drag.from)) cellAt(...at)?.classList.add('drop');
});
const endDrag = (e) => {
  if (!drag || e.pointerId !== drag.id) return;
  const { i, from, to } = drag;
  drag = null;
  if (e.type === 'pointercancel' || key(...to) === key(...from)) {
    for (const c of $('board').querySelectorAll('.cell.drop, .cell.dragging')) c.classList.remove('drop', 'dragging');
    if (e.type !== 'pointercancel') place(...from);
    return;
  }
  const queens = current.pos.queens.map((q, k) => (k === i ? [...to] : [...q]));
  $('board').dataset.focus = key(...to);
  say($('status'), `Queen ${i + 1} moved from (${from[0]}, ${from[1]}) to (${to[0]}, ${to[1]}).`);
  game.start({ side: current.pos.side, queens }, game.settings.first);
};
$('board').addEventListener('pointerup', endDrag);
$('board').addEventListener('pointercancel', endDrag);

/** Setup: a click puts a queen on an empty square (at most 4) or takes the last one there away. */
function place(x, y) {
  const queens = current.pos.queens.map((q) => [...q]);
  const i = queens.findLastIndex((q) => q[0] === x && q[1] === y);
  if (i >= 0) {
    if (queens.length === 1) { say($('status'), 'A position needs at least one queen.'); return; }
    queens.splice(i, 1);
  } else if (queens.length >= MAX_QUEENS) {
    say($('status'), `At most ${MAX_QUEENS} queens: take one away first.`);
    return;
  } else {
    queens.push([x, y]);
  }
  $('count').value = String(queens.length);
  $('board').dataset.focus = key(x, y);
  game.start({ side: current.pos.side, queens }, game.settings.first);
}

$('new').addEventListener('click', newGame);
$('side').addEventListener('change', newGame);
$('count').addEventListener('change', newGame);
$('edit').addEventListener('change', () => {
  editing = $('edit').checked;
  selected = null;
  draw();
  if (editing) say($('status'), 'Placing queens: click a square to put a queen there or take it away, or drag a queen to another square; untick “place queens” to play.');
  else game.redraw();
});
document.addEventListener('keydown', (e) => { if (e.key === 'Escape' && selected !== null) { selected = null; draw(); } });
window.addEventListener('resize', () => { if (current) draw(); if (rowData) drawRow(); });
$('board-wrap').addEventListener('zoom', () => current && draw());

// Heat map: the whole table once, recoloured locally when the slider moves.
let heat = null;
async function loadHeat() {
  heat = await busy('heat', $('lit'), 'computing…', (signal) => api('wythoff/table', { size: 200 }, signal), $('heat-error'));
  if (!heat) return;
  $('gval').max = Math.min(heat.max, 399);
  drawHeat();
}

function drawHeat() {
  if (!heat) return;
  const g = Number($('gval').value);
  $('gout').textContent = g;
  const { size, cells, max } = heat;
  const canvas = $('heat');
  const ctx = canvas.getContext('2d');
  const image = ctx.createImageData(size, size);
  let lit = 0;
  for (let x = 0; x < size; x++) {
    for (let y = 0; y < size; y++) {
      const v = cells[x][y];
      const i = 4 * ((size - 1 - y) * size + x);
      let rgb;
      if (v === g) { rgb = [255, 196, 0]; lit++; } else {
        const t = v / max;
        const l = 20 + 50 * t;
        rgb = [Math.round(l * 0.6), Math.round(l * 0.8), Math.round(l * 1.6)];
      }
      image.data[i] = rgb[0]; image.data[i + 1] = rgb[1]; image.data[i + 2] = rgb[2]; image.data[i + 3] = 255;
    }
  }
  ctx.putImageData(image, 0, 0);
  heatAxes(canvas, size);
  $('lit').textContent = `${lit} cells with g = ${g}`;
  $('lit').dataset.lit = lit;
}
$('gval').addEventListener('input', drawHeat);
cellReadout($('heat'), () => (heat ? heat.size : 0), true, (x, y) => {
  const v = heat.cells[x][y];
  $('heat-cell').textContent = `g(${x}, ${y}) = ${v}${v === Number($('gval').value) ? ' (lit)' : ''}`;
});

// Row plot.
async function plotRow() {
  const text = $('row').value.trim();
  if (!/^\d+$/.test(text) || Number(text) > MAX_ROW) {
    $('row-error').textContent = `The row x is a whole number from 0 to ${MAX_ROW} (the page's limit; \`onag wythoff\` on the command line sweeps any row).`;
    $('rowplot').classList.add('stale');
    return;
  }
  const x = Number(text);
  const data = await busy('row', $('row-info'), 'sweeping…', (signal) => api('wythoff/row', { x }, signal), $('row-error'));
  // After an error the last plot stays, dimmed, until a new one is drawn.
  $('rowplot').classList.toggle('stale', !data && Boolean($('row-error').textContent));
  if (!data) { $('row-info').textContent = ''; return; }
  const { residues, period, preperiod, proven } = data;
  $('row-info').textContent = period
    ? `row ${x}: preperiod ${preperiod}, period ${period}${proven ? ' (proven)' : ' (observed)'}`
    : `row ${x}: no period found within ${data.columns} columns`;
  $('row-info').className = 'status';
  rowData = data;
  drawRow();
}

/**
 * Draws the row plot at the canvas's on-screen size (times the device pixel ratio), so its
 * labels are 12 px on a phone as on a desktop; redrawn when the window changes size.
 */
let rowData = null;
function drawRow() {
  const { residues, period, preperiod } = rowData;
  const canvas = $('rowplot');
  const dpr = window.devicePixelRatio || 1;
  canvas.style.width = '100%';
  const W = Math.max(200, Math.round(canvas.getBoundingClientRect().width));
  const H = Math.round(Math.max(180, Math.min(320, W * 0.32)));
  canvas.width = Math.round(W * dpr);
  canvas.height = Math.round(H * dpr);
  canvas.style.height = `${H}px`;
  const ctx = canvas.getContext('2d');
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  const padL = 40;
  const padB = 34;
  const top = 22;
  ctx.clearRect(0, 0, W, H);
  const n = residues.length;
  const lo = Math.min(...residues);
  const hi = Math.max(...residues);
  const sx = (y) => padL + 6 + ((W - padL - 14) * y) / Math.max(1, n - 1);
  const sy = (r) => H - padB - 6 - ((H - padB - top - 6) * (r - lo)) / Math.max(1, hi - lo);
  const style = getComputedStyle(document.documentElement);
  const ink = style.getPropertyValue('--ink').trim() || '#222';
  const muted = style.getPropertyValue('--muted').trim() || '#777';
  const accent = style.getPropertyValue('--accent').trim() || '#25a';
  if (preperiod !== null && preperiod !== undefined) {
    ctx.fillStyle = 'rgba(240, 140, 0, 0.15)';
    ctx.fillRect(sx(0), top, sx(Math.min(preperiod, n - 1)) - sx(0), H - padB - top);
    ctx.strokeStyle = accent;
    ctx.setLineDash([5, 4]);
    ctx.lineWidth = 1;
    for (let y = preperiod; period && y < n; y += period) {
      ctx.beginPath(); ctx.moveTo(sx(y), top); ctx.lineTo(sx(y), H - padB); ctx.stroke();
    }
    ctx.setLineDash([]);
  }
  ctx.strokeStyle = muted;
  ctx.beginPath(); ctx.moveTo(padL, top); ctx.lineTo(padL, H - padB); ctx.lineTo(W - 4, H - padB); ctx.stroke();
  ctx.fillStyle = muted;
  ctx.font = '12px system-ui, sans-serif';
  ctx.textAlign = 'right';
  ctx.fillText(`${hi}`, padL - 5, sy(hi) + 4);
  ctx.fillText(`${lo}`, padL - 5, sy(lo) + 4);
  ctx.textAlign = 'left';
  ctx.fillText('g(x, y) − y', padL, 14);
  ctx.fillText('y = 0', padL, H - padB + 16);
  ctx.textAlign = 'right';
  ctx.fillText(`y = ${n - 1}`, W - 4, H - padB + 16);
  ctx.textAlign = 'center';
  ctx.fillText('column y →', (padL + W) / 2, H - 6);
  ctx.textAlign = 'left';
  ctx.fillStyle = ink;
  const dot = n > 2000 ? 1 : 2;
  for (let y = 0; y < n; y++) ctx.fillRect(sx(y) - dot / 2, sy(residues[y]) - dot / 2, dot, dot);
  canvas.dataset.font = '12';
}
$('plot').addEventListener('click', plotRow);
$('row').addEventListener('keydown', (e) => { if (e.key === 'Enter') plotRow(); });

loadHeat();
plotRow();
findings($('findings'), ['wythoff']);
