// Wythoff's game: queens with ✓/✗ destinations against the computer, the heat map of g with a
// value slider, and the row plot of g(x, y) − y with preperiod and periods.
import { api, el, $, busy, fitCells, randInt, say } from './common.js';

const state = { side: 12, queens: [], history: [], selected: null, analysis: null, over: false, thinking: false };

function newGame() {
  state.side = Number($('side').value);
  const count = Number($('count').value);
  state.queens = Array.from({ length: count }, () => [2 + randInt(state.side - 2), 2 + randInt(state.side - 2)]);
  state.history = [];
  state.selected = null;
  state.over = false;
  delete $('status').dataset.winner;
  say($('status'), 'Your move: pick a queen.');
  analyse();
}

async function analyse() {
  const data = await busy('pos', null, '', (signal) =>
    api('wythoff/position', { side: state.side, queens: state.queens }, signal), $('error'));
  if (!data) return;
  state.analysis = data;
  render();
}

function render() {
  const { side, queens, selected, analysis } = state;
  const board = $('board');
  board.style.gridTemplateColumns = `repeat(${side}, var(--cell))`;
  fitCells(board, side, 20, 44);
  const targets = new Map();
  if (selected !== null && analysis) {
    for (const m of analysis.moves) if (m.queen === selected) targets.set(`${m.to[0]},${m.to[1]}`, m);
  }
  const cells = [];
  for (let y = side - 1; y >= 0; y--) {
    for (let x = 0; x < side; x++) {
      const here = queens.map((q, i) => [q, i]).filter(([q]) => q[0] === x && q[1] === y).map(([, i]) => i);
      const cell = el('div', { class: `cell sq${(x + y) % 2 ? ' dark' : ''}${x === 0 && y === 0 ? ' origin' : ''}`, 'data-x': x, 'data-y': y, role: 'gridcell' });
      if (here.length) {
        const i = here[0];
        cell.classList.add('queen');
        if (selected !== null && here.includes(selected)) cell.classList.add('selected');
        cell.append(here.length > 1 ? `♛${here.length}` : '♛');
        cell.setAttribute('aria-label', `queen ${here.map((k) => k + 1).join(' and ')} at (${x}, ${y})`);
        if (!state.over && (x > 0 || y > 0)) {
          cell.tabIndex = 0;
          cell.addEventListener('click', () => select(here.includes(selected) ? here[(here.indexOf(selected) + 1) % here.length] : i));
        }
      }
      const move = targets.get(`${x},${y}`);
      if (move && !(selected !== null && here.includes(selected))) {
        cell.classList.add('target', move.winning ? 'win' : 'lose');
        cell.tabIndex = 0;
        cell.setAttribute('aria-label', `move to (${x}, ${y}), g = ${move.value}: ${move.winning ? 'winning' : 'losing'}`);
        cell.append(el('span', { class: `mark ${move.winning ? 'win' : 'lose'}`, 'aria-hidden': 'true' }, move.winning ? '✓' : '✗'));
        cell.addEventListener('click', (e) => { e.stopPropagation(); play(move); });
      }
      cell.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); cell.click(); } });
      cells.push(cell);
    }
  }
  board.replaceChildren(...cells);
  if (analysis) {
    $('queens').replaceChildren(
      el('tr', {}, el('th', {}, 'queen'), el('th', {}, '(x, y)'), el('th', {}, 'g')),
      ...queens.map((q, i) => el('tr', { class: i === selected ? 'good' : '' }, el('td', {}, i + 1), el('td', { class: 'mono' }, `(${q[0]}, ${q[1]})`), el('td', { class: 'mono' }, analysis.values[i]))),
    );
    $('xor').textContent = `XOR = ${analysis.xor}: ${analysis.over ? 'no move left' : analysis.xor === 0 ? 'the player to move loses' : 'the player to move wins'}`;
  }
  $('undo').disabled = state.history.length === 0 || state.thinking;
}

function select(i) {
  if (state.over || state.thinking) return;
  state.selected = state.selected === i ? null : i;
  render();
  if (state.selected !== null) {
    const moves = state.analysis.moves.filter((m) => m.queen === i);
    say($('status'), `Queen ${i + 1}: ${moves.length} moves, ${moves.filter((m) => m.winning).length} winning (✓).`);
    $('board').querySelector('.cell.target.win, .cell.target')?.focus();
  }
}

async function play(move) {
  if (state.over || state.thinking) return;
  state.history.push(state.queens.map((q) => [...q]));
  state.queens[move.queen] = [...move.to];
  state.selected = null;
  if (state.queens.every((q) => q[0] === 0 && q[1] === 0)) return finish('you');
  state.thinking = true;
  render();
  say($('status'), 'The computer is thinking…');
  const reply = await busy('computer', null, '', (signal) =>
    api('wythoff/computer', { side: state.side, queens: state.queens }, signal), $('error'));
  state.thinking = false;
  if (!reply) return render();
  const from = state.queens[reply.queen];
  state.queens[reply.queen] = [...reply.to];
  const text = `The computer moved queen ${reply.queen + 1} from (${from}) to (${reply.to})${reply.winning ? ' — a winning move' : ''}.`;
  if (state.queens.every((q) => q[0] === 0 && q[1] === 0)) return finish('computer', text);
  say($('status'), `${text} Your move.`);
  analyse();
}

function finish(winner, prefix = '') {
  state.over = true;
  const text = winner === 'you' ? 'You win: every queen is in the corner and the computer cannot move.' : 'The computer wins: every queen is in the corner.';
  say($('status'), `${prefix} ${text}`.trim(), winner === 'you' ? 'win' : 'loss');
  $('status').dataset.winner = winner;
  analyse();
}

$('new').addEventListener('click', newGame);
$('side').addEventListener('change', newGame);
$('count').addEventListener('change', newGame);
$('undo').addEventListener('click', () => {
  if (!state.history.length) return;
  state.queens = state.history.pop();
  state.over = false;
  state.selected = null;
  delete $('status').dataset.winner;
  say($('status'), 'Move taken back. Your move.');
  analyse();
});
document.addEventListener('keydown', (e) => { if (e.key === 'Escape' && state.selected !== null) { state.selected = null; render(); } });
window.addEventListener('resize', render);

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
  $('lit').textContent = `${lit} cells with g = ${g}`;
  $('lit').dataset.lit = lit;
}
$('gval').addEventListener('input', drawHeat);

// Row plot.
async function plotRow() {
  const x = Number($('row').value);
  const data = await busy('row', $('row-info'), 'sweeping…', (signal) => api('wythoff/row', { x }, signal), $('row-error'));
  if (!data) return;
  const { residues, period, preperiod, proven } = data;
  $('row-info').textContent = period
    ? `row ${x}: preperiod ${preperiod}, period ${period}${proven ? ' (proven)' : ' (observed)'}`
    : `row ${x}: no period found within ${data.columns} columns`;
  $('row-info').className = 'status';
  const canvas = $('rowplot');
  const ctx = canvas.getContext('2d');
  const W = canvas.width;
  const H = canvas.height;
  const pad = 34;
  ctx.clearRect(0, 0, W, H);
  const n = residues.length;
  const lo = Math.min(...residues);
  const hi = Math.max(...residues);
  const sx = (y) => pad + ((W - pad - 8) * y) / Math.max(1, n - 1);
  const sy = (r) => H - pad - ((H - pad - 10) * (r - lo)) / Math.max(1, hi - lo);
  const style = getComputedStyle(document.documentElement);
  const ink = style.getPropertyValue('--ink').trim() || '#222';
  const muted = style.getPropertyValue('--muted').trim() || '#777';
  const accent = style.getPropertyValue('--accent').trim() || '#25a';
  if (preperiod !== null && preperiod !== undefined) {
    ctx.fillStyle = 'rgba(240, 140, 0, 0.15)';
    ctx.fillRect(sx(0), 10, sx(Math.min(preperiod, n - 1)) - sx(0), H - pad - 10);
    ctx.strokeStyle = accent;
    ctx.setLineDash([5, 4]);
    ctx.lineWidth = 1;
    for (let y = preperiod; period && y < n; y += period) {
      ctx.beginPath(); ctx.moveTo(sx(y), 10); ctx.lineTo(sx(y), H - pad); ctx.stroke();
    }
    ctx.setLineDash([]);
  }
  ctx.strokeStyle = muted;
  ctx.beginPath(); ctx.moveTo(pad, 10); ctx.lineTo(pad, H - pad); ctx.lineTo(W - 8, H - pad); ctx.stroke();
  ctx.fillStyle = muted;
  ctx.font = '12px sans-serif';
  ctx.fillText(`${hi}`, 2, 20);
  ctx.fillText(`${lo}`, 2, H - pad);
  ctx.fillText('y = 0', pad, H - pad + 16);
  ctx.fillText(`${n - 1}`, W - 40, H - pad + 16);
  ctx.fillText('g(x, y) − y', pad + 6, 22);
  ctx.fillStyle = ink;
  const dot = n > 2000 ? 1 : 2;
  for (let y = 0; y < n; y++) ctx.fillRect(sx(y) - dot / 2, sy(residues[y]) - dot / 2, dot, dot);
}
$('plot').addEventListener('click', plotRow);
$('row').addEventListener('keydown', (e) => { if (e.key === 'Enter') plotRow(); });

newGame();
loadHeat();
plotRow();
