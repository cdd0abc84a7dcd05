// Turning Corners against the computer: ✓/✗ on every corner of the selected coin, hover
// rectangles, values a ⊗ b, undo and new game.
import { api, el, $, busy, fitCells, say } from './common.js';

const state = {
  n: 6,
  heads: new Set(), // "a,b" with 1 ≤ a, b ≤ n
  history: [],
  selected: null, // [a, b]
  moves: [], // moves of the selected coin: {corner: [a', b'], flips: [[a, b]…], winning}
  values: null, // values[a-1][b-1] = a ⊗ b
  over: false,
  thinking: false,
};

const key = (a, b) => `${a},${b}`;
const headsList = () => [...state.heads].map((k) => k.split(',').map(Number));

function randomStart() {
  state.heads.clear();
  const n = state.n;
  while (state.heads.size === 0) {
    for (let a = 1; a <= n; a++) for (let b = 1; b <= n; b++) if (Math.random() < 0.3) state.heads.add(key(a, b));
  }
  state.history = [];
  state.over = false;
  state.selected = null;
  state.moves = [];
}

async function refresh() {
  const data = await busy('position', null, '', (signal) =>
    api('corners/position', { n: state.n, heads: headsList() }, signal), $('error'));
  if (!data) return;
  state.values = data.values;
  $('count').textContent = state.heads.size;
  $('total').textContent = `*${data.total}`;
  $('outcome').textContent = state.heads.size === 0 ? 'no move left' : data.total === '0' || data.total === 0
    ? 'loses (value 0)' : 'wins (value ≠ 0)';
  render();
}

function render() {
  const n = state.n;
  const board = $('board');
  board.style.gridTemplateColumns = `repeat(${n + 1}, var(--cell))`;
  fitCells(board, n + 1, 24, 52);
  const marks = new Map(state.moves.map((m) => [key(...m.corner), m]));
  const cells = [];
  for (let a = 0; a <= n; a++) {
    for (let b = 0; b <= n; b++) {
      const move = marks.get(key(a, b));
      const props = { 'data-a': a, 'data-b': b, role: 'gridcell' };
      let cell;
      if (a === 0 || b === 0) {
        cell = el('div', { ...props, class: 'cell border label' }, a === 0 && b === 0 ? '' : a === 0 ? b : a);
      } else {
        const heads = state.heads.has(key(a, b));
        const selected = state.selected && state.selected[0] === a && state.selected[1] === b;
        const label = `coin ${a}, ${b}: ${heads ? 'heads' : 'tails'}`;
        cell = el('div', { ...props, class: `cell coin${heads ? ' heads' : ''}${selected ? ' selected' : ''}`, 'aria-label': label });
        if (heads && !state.over) {
          cell.tabIndex = 0;
          cell.addEventListener('click', () => select(a, b));
        }
        if ($('values').checked && state.values) cell.append(el('span', { class: 'val' }, state.values[a - 1][b - 1]));
      }
      if (move) {
        cell.classList.add('target', move.winning ? 'win' : 'lose');
        cell.tabIndex = 0;
        cell.setAttribute('aria-label', `corner ${a}, ${b}: ${move.winning ? 'winning move' : 'losing move'}`);
        cell.append(el('span', { class: `mark ${move.winning ? 'win' : 'lose'}`, 'aria-hidden': 'true' }, move.winning ? '✓' : '✗'));
        cell.addEventListener('click', (e) => { e.stopPropagation(); play(move); });
        cell.addEventListener('mouseenter', () => showRect(move));
        cell.addEventListener('focus', () => showRect(move));
        cell.addEventListener('mouseleave', hideRect);
      }
      cell.addEventListener('keydown', (e) => {
        if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); cell.click(); }
      });
      cells.push(cell);
    }
  }
  board.replaceChildren(...cells);
  $('undo').disabled = state.history.length === 0 || state.thinking;
}

function cellAt(a, b) {
  return $('board').querySelector(`[data-a="${a}"][data-b="${b}"]`);
}

function showRect(move) {
  hideRect();
  const [a, b] = state.selected;
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

async function select(a, b) {
  if (state.over || state.thinking) return;
  if (state.selected && state.selected[0] === a && state.selected[1] === b) return cancel();
  state.selected = [a, b];
  const data = await busy('moves', null, '', (signal) =>
    api('corners/position', { n: state.n, heads: headsList(), coin: [a, b] }, signal), $('error'));
  if (!data) return;
  state.moves = data.moves;
  render();
  const wins = state.moves.filter((m) => m.winning).length;
  say($('status'), `${state.moves.length} corners for coin (${a}, ${b}): ${wins} winning (✓)`);
  cellAt(...(state.moves.find((m) => m.winning) || state.moves[0]).corner)?.focus();
}

function cancel() {
  state.selected = null;
  state.moves = [];
  render();
}

function apply(flips) {
  for (const [a, b] of flips) {
    const k = key(a, b);
    if (state.heads.has(k)) state.heads.delete(k);
    else state.heads.add(k);
  }
}

async function play(move) {
  if (state.over || state.thinking) return;
  state.history.push(new Set(state.heads));
  apply(move.flips);
  state.selected = null;
  state.moves = [];
  if (state.heads.size === 0) return finish('you');
  state.thinking = true;
  render();
  say($('status'), 'The computer is thinking…');
  const reply = await busy('computer', null, '', (signal) =>
    api('corners/computer', { n: state.n, heads: headsList() }, signal), $('error'));
  state.thinking = false;
  if (!reply) return render();
  apply(reply.flips);
  const [a, b] = reply.coin;
  const corner = reply.corner;
  if (state.heads.size === 0) {
    await refresh();
    return finish('computer', `The computer turned coin (${a}, ${b}) with corner (${corner}).`);
  }
  await refresh();
  say($('status'), `The computer turned coin (${a}, ${b}) with corner (${corner[0]}, ${corner[1]})${reply.winning ? ' — a winning move.' : '.'} Your move.`);
}

function finish(winner, prefix = '') {
  state.over = true;
  state.selected = null;
  state.moves = [];
  const text = winner === 'you' ? 'You win: no heads coin is left, the computer cannot move.' : 'The computer wins: no heads coin is left for you.';
  say($('status'), `${prefix} ${text}`.trim(), winner === 'you' ? 'win' : 'loss');
  $('status').dataset.winner = winner;
  refresh();
}

function newGame() {
  state.n = Number($('n').value);
  randomStart();
  delete $('status').dataset.winner;
  say($('status'), 'Your move: pick a gold coin.');
  refresh();
}

$('new').addEventListener('click', newGame);
$('n').addEventListener('change', newGame);
$('values').addEventListener('change', render);
$('undo').addEventListener('click', () => {
  if (state.history.length === 0) return;
  state.heads = state.history.pop();
  state.over = false;
  state.selected = null;
  state.moves = [];
  delete $('status').dataset.winner;
  say($('status'), 'Move taken back. Your move.');
  render(); // show the restored board at once; refresh() then fetches its values
  refresh();
});
document.addEventListener('keydown', (e) => { if (e.key === 'Escape' && state.selected) cancel(); });
window.addEventListener('resize', () => render());
newGame();
