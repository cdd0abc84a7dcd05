// A game of Nim on the shared game loop (game.js) and board kit (board.js): several heaps of
// counters, take any number from one heap (a counter takes itself and every counter to its
// right), ✓/✗ on every counter, the computer, fair random starts, the scorecard.
//
// The analysis is Bouton's theorem (C. L. Bouton, "Nim, a game with a complete mathematical
// theory", Annals of Mathematics 3, 1901): the player to move loses exactly when the heaps XOR
// to 0, so a move wins exactly when it leaves XOR 0 — one line, computed here in the page.
import { el, $, randInt, rovingGrid } from './common.js';
import { createGame, fairStart } from './game.js';
import { flip, gridRows, piece, shade } from './board.js';

const MAX_HEAPS = 8;
const MAX_HEAP = 20;
const xor = (heaps) => heaps.reduce((a, b) => a ^ b, 0);
const key = (h, i) => `${h},${i}`;

function randomHeaps() {
  const n = Number($('heaps').value);
  const top = Number($('biggest').value);
  return Array.from({ length: n }, () => 1 + randInt(top));
}

const newStart = () => fairStart(game, randomHeaps, async (heaps) => xor(heaps) !== 0);

let current = null;

const game = createGame({
  id: 'nim',
  randomStarts: true,
  sides: ['the first player', 'the second player'],
  singular: true,
  chartLabel: 'nim-sum',
  initial: () => newStart(),
  encode: (heaps) => heaps.join('-'),
  decode(text) {
    if (!/^\d+(-\d+)*$/.test(text)) throw new Error('expected heap sizes like 3-4-5');
    const heaps = text.split('-').map(Number);
    if (heaps.length > MAX_HEAPS) throw new Error(`at most ${MAX_HEAPS} heaps`);
    if (heaps.some((h) => h > MAX_HEAP)) throw new Error(`a heap holds at most ${MAX_HEAP} counters`);
    return heaps;
  },
  async analyse(heaps) {
    const moves = [];
    heaps.forEach((size, heap) => {
      for (let to = 0; to < size; to++) {
        const after = heaps.map((s, i) => (i === heap ? to : s));
        moves.push({ heap, from: size, to, winning: xor(after) === 0, remoteness: null });
      }
    });
    return { moves, chart: xor(heaps) };
  },
  apply: (heaps, move) => heaps.map((s, i) => (i === move.heap ? move.to : s)),
  notation: (move) => `heap ${move.heap + 1}: ${move.from}→${move.to}`,
  // Losing, the computer takes a single counter from the largest heap (the game lasts longest).
  perfect(_analysis, moves) {
    if (moves.some((m) => m.winning)) return null;
    const largest = Math.max(...moves.map((m) => m.from));
    return moves.find((m) => m.from === largest && m.to === largest - 1) || null;
  },
  render(v) { current = v; draw(); },
});

function draw() {
  const v = current;
  const heaps = v.pos;
  const board = $('board');
  const width = Math.max(...heaps, v.last ? v.last.move.from : 0, 1);
  const moves = v.canPlay ? v.analysis.moves : [];
  const byKey = new Map(moves.map((m) => [key(m.heap, m.to), m]));
  const gone = v.fresh && v.last ? v.last.move : null;
  const cells = [];
  heaps.forEach((size, h) => {
    cells.push(el('div', { class: 'heap-name', role: 'rowheader' }, `heap ${h + 1}: ${size}`));
    for (let i = 0; i < width; i++) {
      const here = i < size;
      const move = byKey.get(key(h, i));
      const taken = gone && gone.heap === h && i >= gone.to && i < gone.from;
      const cell = el('div', {
        class: `cell${here ? ' counter' : ' slot'}${taken ? ' gone' : ''}`,
        role: 'gridcell',
        'data-key': key(h, i),
        'aria-label': here
          ? `heap ${h + 1}, counter ${i + 1}${move ? `: take ${size - i}, leaving ${i}${v.hints ? ` (${move.winning ? 'winning' : 'losing'})` : ''}` : ''}`
          : `heap ${h + 1}, empty place ${i + 1}${taken ? ' (just taken)' : ''}`,
      }, here || taken ? piece('counter') : null);
      if (move) {
        cell.classList.add('target');
        if (v.hints) shade(cell, move, null);
        cell.addEventListener('click', () => game.play(move));
      }
      cells.push(cell);
    }
  });
  board.style.setProperty('--w', width);
  board.replaceChildren(...gridRows(cells, width + 1).map((row) => { row.classList.add('heap'); return row; }));
  board.classList.toggle('stale', v.stale);
  rovingGrid(board, '.cell', width);
  if (gone) flip(board, [key(gone.heap, gone.to)]);
  const x = xor(heaps);
  $('xor').textContent = `heaps ${heaps.join(', ')}: nim-sum ${heaps.join(' ⊕ ')} = ${x} — ${heaps.every((s) => s === 0) ? 'no move left' : x === 0 ? 'the player to move loses' : 'the player to move wins'}`;
}

const newGame = async () => game.start(await newStart());
$('new').addEventListener('click', newGame);
$('heaps').addEventListener('change', newGame);
$('biggest').addEventListener('change', newGame);
