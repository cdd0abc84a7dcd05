// Toads and Frogs: presets and editor, ✓/✗ over movable pieces, every move with its value, the
// value panel with the thermograph, and a computer opponent (winning move with the best mean).
import { api, el, $, busy, say } from './common.js';

const state = {
  board: '', // one character per square: T, F or .
  toMove: 'left',
  history: [],
  analysis: null,
  over: false,
};

const side = (p) => (p === 'left' ? 'the toads' : 'the frogs');
const piece = (p) => (p === 'left' ? 'T' : 'F');
const show = (c) => (c === '.' ? '□' : c);
const isHuman = (p) => $('human').value === 'both' || $('human').value === p;

function load(text) {
  $('text').value = text;
  state.history = [];
  state.toMove = $('first').value;
  state.over = false;
  analyse(text);
}

async function analyse(text) {
  $('stop').disabled = false;
  const data = await busy('toads', $('status'), 'analysing… (long boards can take a while; Stop cancels)',
    (signal) => api('toads/analyze', { board: text }, signal), $('error'));
  $('stop').disabled = true;
  if (!data) {
    if (!state.analysis) say($('status'), '');
    return;
  }
  state.analysis = data;
  state.board = data.board;
  renderPanel();
  renderStrip();
  renderMoves();
  turn();
}

function renderPanel() {
  const a = state.analysis;
  $('value').textContent = a.value;
  $('outcome').textContent = `${a.outcome}: ${a.outcome_words}`;
  $('mean').textContent = a.mean;
  $('temperature').textContent = a.temperature;
  $('stops').textContent = `Left ${a.thermograph.left_stop}, Right ${a.thermograph.right_stop}`;
  const parts = a.reduced.parts.map((p) => `[${p.board}] = ${p.value}`);
  $('reduced').textContent = a.reduced.parts.length === 0
    ? `${a.reduced.integer} (no part needs a search)`
    : `${a.reduced.integer !== 0 ? `${a.reduced.integer} + ` : ''}${parts.join(' + ')}`;
  // The SVG comes from our own engine (numbers and fixed markup only), so it is safe to insert.
  $('thermo').innerHTML = a.thermograph.svg;
}

function movesOf(player) {
  return state.analysis ? state.analysis.moves.filter((m) => m.player === player) : [];
}

function renderStrip() {
  const editing = $('mode').value === 'edit';
  const mine = !state.over && !editing && isHuman(state.toMove) ? movesOf(state.toMove) : [];
  const byFrom = new Map(mine.map((m) => [m.from, m]));
  const cells = [...state.board].map((c, i) => {
    const move = byFrom.get(i);
    const cell = el('div', {
      class: `cell${c === 'T' ? ' toad' : c === 'F' ? ' frog' : ''}`,
      role: 'gridcell',
      'data-i': i,
      'aria-label': `square ${i + 1}: ${c === 'T' ? 'toad' : c === 'F' ? 'frog' : 'empty'}${move ? `, can move (${move.winning ? 'winning' : 'losing'})` : ''}`,
    }, c === '.' ? '' : c, el('span', { class: 'idx' }, i + 1));
    if (move) {
      cell.classList.add('target', move.winning ? 'win' : 'lose');
      cell.tabIndex = 0;
      cell.append(el('span', { class: `mark ${move.winning ? 'win' : 'lose'}`, 'aria-hidden': 'true' }, move.winning ? '✓' : '✗'));
      cell.addEventListener('click', () => play(move));
    } else if (editing) {
      cell.tabIndex = 0;
      cell.addEventListener('click', () => edit(i));
    }
    cell.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); cell.click(); } });
    return cell;
  });
  if (editing) {
    cells.push(el('button', { type: 'button', class: 'cell', title: 'add a square', onclick: () => edit(state.board.length) }, '+'));
    if (state.board.length > 1) cells.push(el('button', { type: 'button', class: 'cell', title: 'remove the last square', onclick: () => edit(-1) }, '−'));
  }
  $('strip').replaceChildren(...cells);
  $('undo').disabled = state.history.length === 0;
}

function renderMoves() {
  const moves = state.analysis.moves;
  const chosen = new Set([state.analysis.computer.left, state.analysis.computer.right]);
  $('moves').replaceChildren(...[
    el('tr', {}, el('th', {}, 'move'), el('th', {}, 'board after'), el('th', {}, 'value after'), el('th', {}, 'mean'), el('th', {}, '')),
    ...moves.map((m, i) => el('tr', {},
      el('td', { class: 'mono' }, `${piece(m.player)} ${m.from + 1}→${m.to + 1}`),
      el('td', { class: 'mono' }, [...m.squares].map(show).join('')),
      el('td', { class: 'mono' }, m.value),
      el('td', { class: 'mono' }, m.mean),
      el('td', { class: m.winning ? 'good' : 'bad', title: chosen.has(i) ? 'the computer would play this' : '' }, `${m.winning ? '✓' : '✗'}${chosen.has(i) ? ' ★' : ''}`))),
    moves.length === 0 ? el('tr', {}, el('td', { colspan: 5, class: 'muted' }, 'no moves: the game is over')) : null,
  ].filter(Boolean));
}

function turn() {
  const player = state.toMove;
  const moves = movesOf(player);
  delete $('status').dataset.winner;
  if ($('mode').value === 'edit') {
    say($('status'), 'Editing: click squares to change them, then switch back to play.');
    return;
  }
  if (moves.length === 0) {
    state.over = true;
    const winner = player === 'left' ? 'right' : 'left';
    say($('status'), `${side(player)} cannot move: ${side(winner)} win.`, isHuman(winner) ? 'win' : 'loss');
    $('status').dataset.winner = winner;
    renderStrip();
    return;
  }
  if (isHuman(player)) {
    const wins = moves.filter((m) => m.winning).length;
    say($('status'), `Your move with ${side(player)}: ${wins} of ${moves.length} moves win (✓).`);
  } else {
    say($('status'), `The computer moves ${side(player)}…`);
    const index = state.analysis.computer[player];
    setTimeout(() => play(state.analysis.moves[index], true), 350);
  }
}

function play(move, byComputer = false) {
  if (state.over || !move) return;
  state.history.push({ board: state.board, toMove: state.toMove });
  state.toMove = move.player === 'left' ? 'right' : 'left';
  $('text').value = move.board;
  if (byComputer) say($('status'), `The computer moved ${piece(move.player)} ${move.from + 1}→${move.to + 1}.`);
  analyse(move.squares);
}

function edit(i) {
  const squares = [...state.board];
  if (i === -1) squares.pop();
  else if (i === squares.length) squares.push('.');
  else squares[i] = { '.': 'T', T: 'F', F: '.' }[squares[i]];
  state.history = [];
  state.over = false;
  state.toMove = $('first').value;
  const text = squares.join('');
  $('text').value = text;
  analyse(text);
}

$('presets').addEventListener('click', (e) => {
  const button = e.target.closest('button');
  if (button) load(button.dataset.board);
});
$('editor').addEventListener('submit', (e) => { e.preventDefault(); load($('text').value); });
$('stop').addEventListener('click', () => {
  busy('toads', null, '', async () => null, null);
  $('stop').disabled = true;
  say($('status'), 'Stopped.');
});
$('mode').addEventListener('change', () => { renderStrip(); turn(); });
$('human').addEventListener('change', () => { state.over = false; renderStrip(); turn(); });
$('first').addEventListener('change', () => { if (state.history.length === 0) { state.toMove = $('first').value; state.over = false; renderStrip(); turn(); } });
$('undo').addEventListener('click', () => {
  // Take back to the last position where it was the human's turn.
  let last = state.history.pop();
  while (last && !isHuman(last.toMove) && state.history.length) last = state.history.pop();
  if (!last) return;
  state.toMove = last.toMove;
  state.over = false;
  $('text').value = last.board;
  analyse(last.board);
});
load($('text').value);
