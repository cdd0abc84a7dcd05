// Turning Corners on the shared game loop (game.js): ✓/✗ on every corner of the selected
// coin, hover rectangles, values a ⊗ b, position setup, and the computer. All in the worker.
// The Normal/Misère switch (game.js's, as on the heaps page): under misère play the player
// who cannot move (every coin tails) wins; the ✓/✗ and the computer's move come from an exact
// memoised search of the coins (POST /corners/misere), which says plainly when a position is
// too large for it. Misère starts keep their heads coins in the top-left 4 × 4 coins.
import { api, el, $, randInt, rovingGrid, say, findings } from './common.js';
import { createGame, fairStart, remotenessTitle, showRemoteness } from './game.js';
import { misereCall } from './play.js';
import { flip, gridRows, keepInView, maxRemoteness, piece, shade, zoomable } from './board.js';

const SIZES = [4, 12];
const key = (a, b) => `${a},${b}`;
let selected = null; // [a, b]
let editing = false;
let current = null; // the last view drawn

/** A random start: about 30% heads, under misère play within the top-left 4 × 4 coins (the
 * misère search covers the rectangle the heads coins span). */
function randomStart(n, misere = false) {
  const heads = new Set();
  const top = misere ? Math.min(n, 4) : n;
  while (heads.size === 0) {
    for (let a = 1; a <= top; a++) for (let b = 1; b <= top; b++) if (randInt(10) < 3) heads.add(key(a, b));
  }
  return { n, heads };
}
const headsList = (pos) => [...pos.heads].map((k) => k.split(',').map(Number));
/** A random start on an n × n board, fair for you unless “fair starts” is off (game.js). */
const newStart = (n) => (game && game.settings.misere
  ? fairStart(game, () => randomStart(n, true),
    async (pos) => (await api('corners/misere', { n: pos.n, heads: headsList(pos), misere: true })).outcome === 'N')
  : fairStart(game, () => randomStart(n),
    async (pos) => Number((await api('corners/position', { n: pos.n, heads: headsList(pos) })).total) !== 0));

const game = createGame({
  id: 'corners',
  randomStarts: true,
  sides: ['the first player', 'the second player'],
  singular: true,
  misere: true,
  // The value history: remoteness per ply on boards the engine tabulates (4 × 4), else the XOR;
  // under misère play 1 when the player to move wins, 0 when they lose.
  chartLabel: () => (current && current.analysis && current.analysis.misere ? 'misère: mover wins'
    : current && current.analysis && current.analysis.data.remoteness ? 'remoteness' : 'XOR'),
  initial: () => newStart(Number($('n').value)),
  encode: (pos) => `${pos.n}-${headsList(pos).map(([a, b]) => `${a}.${b}`).join('_')}`,
  decode(text) {
    const m = /^(\d+)-((?:\d+\.\d+)(?:_\d+\.\d+)*)?$/.exec(text);
    if (!m) throw new Error('expected n-a.b_a.b…');
    const n = Number(m[1]);
    if (n < SIZES[0] || n > SIZES[1]) throw new Error(`the board side must be ${SIZES[0]}–${SIZES[1]}`);
    const heads = new Set();
    for (const part of (m[2] || '').split('_').filter(Boolean)) {
      const [a, b] = part.split('.').map(Number);
      if (a < 1 || b < 1 || a > n || b > n) throw new Error(`coin (${a}, ${b}) is off the ${n}×${n} board`);
      heads.add(key(a, b));
    }
    $('n').value = String(n);
    return { n, heads };
  },
  async analyse(pos, _toMove, signal, _progress, { misere } = {}) {
    const heads = headsList(pos);
    if (misere) {
      const data = await misereCall('corners/misere', { n: pos.n, heads }, signal);
      const moves = data.moves.map((m) => ({ ...m, remoteness: null }));
      return { data, moves, computer: data.computer, misere: true, chart: data.outcome === 'N' ? 1 : 0 };
    }
    const data = await api('corners/position', { n: pos.n, heads }, signal);
    const moves = [];
    for (const coin of heads) {
      const r = await api('corners/position', { n: pos.n, heads, coin }, signal);
      moves.push(...r.moves.map((m, i) => ({ ...m, remoteness: r.remoteness ? r.remoteness.moves[i] : null })));
    }
    // On a tabulated board the engine's computer keeps to Steinhaus' rule (quickest win,
    // slowest loss); elsewhere it plays a winning move, else the lowest-value coin alone.
    const computer = heads.length ? await api('corners/computer', { n: pos.n, heads }, signal) : null;
    const r = data.remoteness;
    return { data, moves, computer, chart: r ? r.position : Number(data.total) };
  },
  apply(pos, move) {
    const heads = new Set(pos.heads);
    for (const [a, b] of move.flips) {
      const k = key(a, b);
      if (heads.has(k)) heads.delete(k); else heads.add(k);
    }
    return { n: pos.n, heads };
  },
  notation: (move) => `(${move.coin[0]},${move.coin[1]})→(${move.corner[0]},${move.corner[1]})`,
  perfect: (analysis, moves) => {
    const c = analysis.computer;
    return c ? moves.find((m) => key(...m.coin) === key(...c.coin) && key(...m.corner) === key(...c.corner)) : null;
  },
  render(v) {
    selected = v.canPlay ? selected : null;
    current = v;
    draw();
    // The move just made turns its coins over on the board.
    if (v.fresh && v.last) {
      flip($('board'), v.last.move.flips.map(([a, b]) => key(a, b)));
      keepInView($('board'), key(...v.last.move.coin));
    }
  },
});

function draw() {
  const v = current;
  const { n, heads } = v.pos;
  const board = $('board');
  board.style.gridTemplateColumns = `repeat(${n + 1}, var(--cell))`;
  zoomable($('board-wrap'), board, { columns: n + 1 });
  board.classList.toggle('stale', v.stale);
  const values = v.analysis && v.analysis.data.values;
  const moves = selected && v.analysis ? v.analysis.moves.filter((m) => key(...m.coin) === key(...selected)) : [];
  const marks = new Map(moves.map((m) => [key(...m.corner), m]));
  const far = maxRemoteness(moves);
  const last = new Set(v.last ? v.last.move.flips.map(([a, b]) => key(a, b)) : []);
  const cells = [];
  for (let a = 0; a <= n; a++) {
    for (let b = 0; b <= n; b++) {
      const move = marks.get(key(a, b));
      const props = { 'data-a': a, 'data-b': b, 'data-key': key(a, b), role: 'gridcell' };
      let cell;
      if (a === 0 || b === 0) {
        cell = el('div', { ...props, class: 'cell border label', 'aria-label': a === 0 && b === 0 ? 'corner of the border' : `border ${a}, ${b}` }, a === 0 && b === 0 ? '' : a === 0 ? b : a);
      } else {
        const isHeads = heads.has(key(a, b));
        const isSel = selected && selected[0] === a && selected[1] === b;
        cell = el('div', {
          ...props,
          class: `cell coin${isHeads ? ' heads' : ''}${isSel ? ' selected' : ''}${last.has(key(a, b)) ? ` last by-${v.last.by}` : ''}`,
          'aria-label': `coin ${a}, ${b}: ${isHeads ? 'heads' : 'tails'}${last.has(key(a, b)) ? ', turned by the last move' : ''}`,
        }, piece(isHeads ? 'heads' : 'tails'));
        if (editing) cell.addEventListener('click', () => toggle(a, b));
        else if (isHeads && v.canPlay) cell.addEventListener('click', () => select(a, b));
        if ($('values').checked && values) cell.append(el('span', { class: 'val' }, values[a - 1][b - 1]));
      }
      if (move) {
        cell.classList.add('target');
        const hint = v.hints;
        if (hint) shade(cell, move, far);
        cell.setAttribute('aria-label', `corner ${a}, ${b}${hint ? `: ${move.winning ? 'winning move' : 'losing move'}` : ''}`);
        if (hint && move.remoteness !== null) cell.title = remotenessTitle(move.remoteness);
        cell.addEventListener('click', (e) => { e.stopPropagation(); selected = null; game.play(move); });
        cell.addEventListener('mouseenter', () => showRect(move));
        cell.addEventListener('focus', () => showRect(move));
        cell.addEventListener('mouseleave', hideRect);
      }
      cells.push(cell);
    }
  }
  board.replaceChildren(...gridRows(cells, n + 1));
  rovingGrid(board, '.cell', n + 1);
  if (v.analysis) {
    const d = v.analysis.data;
    $('count').textContent = heads.size;
    if (v.analysis.misere) {
      // Misère play: no value adds up; the outcome is the search's.
      $('total').textContent = '–';
      $('outcome').textContent = heads.size === 0 ? 'no move left: wins (misère play)'
        : d.outcome === 'N' ? 'wins (misère play)' : 'loses (misère play)';
      $('remoteness').textContent = `misère play: exact search of ${d.positions} positions`;
      $('remoteness').dataset.r = '';
      $('chart-h').textContent = 'Misère outcome after each move (1: the player to move wins)';
      return;
    }
    $('total').textContent = `*${d.total}`;
    $('outcome').textContent = heads.size === 0 ? 'no move left' : Number(d.total) === 0 ? 'loses (value 0)' : 'wins (value ≠ 0)';
    showRemoteness($('remoteness'), $('chart-h'), d.remoteness, {
      missing: 'tabulated on 4 × 4 boards only (2^16 positions)',
      otherChart: 'XOR of the heads coins after each move',
    });
  }
}

const cellAt = (a, b) => $('board').querySelector(`[data-a="${a}"][data-b="${b}"]`);

function showRect(move) {
  hideRect();
  const [a, b] = move.coin;
  const [a2, b2] = move.corner;
  for (const [x, y] of [[a, b], [a2, b], [a, b2], [a2, b2]]) cellAt(x, y)?.classList.add('corner-hover');
  const from = cellAt(a2, b2);
  const to = cellAt(a, b);
  if (!from || !to) return;
  const rect = el('div', { class: 'hover-rect', id: 'hover-rect' });
  const pad = 3;
  rect.style.left = `${from.offsetLeft - pad}px`;
  rect.style.top = `${from.offsetTop - pad}px`;
  rect.style.width = `${to.offsetLeft + to.offsetWidth - from.offsetLeft + 2 * pad}px`;
  rect.style.height = `${to.offsetTop + to.offsetHeight - from.offsetTop + 2 * pad}px`;
  $('board').append(rect);
}

function hideRect() {
  $('hover-rect')?.remove();
  for (const c of $('board').querySelectorAll('.corner-hover')) c.classList.remove('corner-hover');
}

function select(a, b) {
  selected = selected && selected[0] === a && selected[1] === b ? null : [a, b];
  draw();
  if (!selected) return;
  const moves = current.analysis.moves.filter((m) => key(...m.coin) === key(a, b));
  const wins = moves.filter((m) => m.winning).length;
  say($('status'), current.hints ? `${moves.length} corners for coin (${a}, ${b}): ${wins} winning (✓)` : `${moves.length} corners for coin (${a}, ${b}).`);
  const first = moves.find((m) => m.winning && current.hints) || moves[0];
  if (first) { $('board').dataset.focus = key(...first.corner); cellAt(...first.corner)?.focus(); }
}

function toggle(a, b) {
  const heads = new Set(current.pos.heads);
  const k = key(a, b);
  if (heads.has(k)) heads.delete(k); else heads.add(k);
  $('board').dataset.focus = k;
  game.start({ n: current.pos.n, heads }, game.settings.first);
}

const newGame = async () => { selected = null; game.start(await newStart(Number($('n').value))); };
$('new').addEventListener('click', newGame);
$('n').addEventListener('change', newGame);
$('board-wrap').addEventListener('zoom', () => current && draw());
$('values').addEventListener('change', draw);
$('edit').addEventListener('change', () => {
  editing = $('edit').checked;
  selected = null;
  draw();
  if (editing) say($('status'), 'Setting coins: click a coin to turn it over; untick “set coins” to play.');
  else game.redraw();
});
document.addEventListener('keydown', (e) => { if (e.key === 'Escape' && selected) { selected = null; draw(); } });
window.addEventListener('resize', () => current && draw());
findings($('findings'), ['coins']);
