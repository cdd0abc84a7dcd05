// The page of every loopy game of the registry (Fox and Geese, Backsliding Toads and Frogs,
// Hare and Hounds, Wind-Up), on
// the shared game loop (game.js), drawn from the game's page data (<script id="game-page">: the
// board kind, the cells and their pieces, the hint, the presets) — no code here names a game.
// The engine's report (POST loopy/position, computed in the page's worker from the game graph
// it solved once for this game) gives every move with the square it leaves, the square it
// reaches and its result for the mover: win ✓, draw = or loss ✗. Play that goes on for ever is
// a draw; the page declares one when a position repeats three times (the rule under the board).
import { api, el, $, say, showError, clearError, folded } from './common.js';
import { createGame } from './game.js';
import { drawLoopy, loopyLook, MARK, REPEATS, repeated } from './loopyboard.js';
import { fitBoard, keyboardBoard } from './play.js';

const GAME = document.body.dataset.game;
const INFO = JSON.parse(document.getElementById('game-page').textContent);
const PLAYER = ['left', 'right'];
const SIDES = INFO.sides;
const look = loopyLook(INFO);

let selected = null; // the key of the piece whose moves are shown
let current = null; // the last view drawn
let game = null;

game = createGame({
  id: GAME,
  sides: SIDES,
  singular: true,
  newGame: true,
  chartLabel: 'moves left',
  initial: () => document.body.dataset.example,
  encode: (pos) => pos,
  decode: (text) => look.check(text),
  busyText: () => 'solving the game graph (once per game; Stop cancels)…',
  async analyse(pos, toMove, signal, progress) {
    const data = await api('loopy/position', { game: GAME, position: pos, to_move: PLAYER[toMove] }, signal, progress);
    const moves = data.moves.map((m, index) => ({ ...m, index, winning: m.result === 'win' }));
    return { data, moves, chart: data.remoteness };
  },
  apply: (pos, move) => move.position,
  notation: (move) => move.label,
  perfect: (analysis, moves) => moves[analysis.data.computer] || null,
  declared: (history) => (repeated(history) >= REPEATS
    ? `Drawn by repetition: this position has occurred ${REPEATS} times with ${SIDES[history[history.length - 1].toMove]} to move.`
    : null),
  render(v) {
    if (!v.canPlay) selected = null;
    current = v;
    draw();
  },
});

function draw() {
  const v = current;
  const board = $('board');
  if (v.pos === null || v.pos === undefined) { board.replaceChildren(); return; }
  const refocus = board.contains(document.activeElement);
  const moves = v.canPlay ? v.analysis.moves : [];
  let drawn;
  try {
    drawn = drawLoopy(board, { pos: v.pos, moves, selected, hints: v.hints, last: v.last }, look);
  } catch (err) {
    board.replaceChildren();
    showError($('error'), `the position cannot be drawn: ${err.message}`);
    return;
  }
  board.classList.toggle('stale', v.stale);
  fitBoard(board, $('board-wrap'), drawn.cols, drawn.rows);
  keyboardBoard(board, drawn.cols, activate, () => { selected = null; draw(); });
  if (refocus) (board.querySelector(`[data-key="${board.dataset.focus}"]`) || board.querySelector('[tabindex="0"]'))?.focus();
  $('text').value = v.pos;
  readout(v, moves);
  panel(v);
  movesTable(v);
}

function readout(v, moves) {
  const parts = [];
  if (v.last && v.last.by === 'computer') parts.push(`The computer (${SIDES[v.last.side]}) played ${v.last.move.label}.`);
  if (selected && moves.length) parts.push('Tap a marked square (Esc cancels).');
  else if (v.canPlay && moves.length) parts.push(INFO.hint);
  $('readout').textContent = parts.join(' ');
}

/** The outcome panel: the verdict, the outcome for both starts, the value where computed. */
function panel(v) {
  const a = v.analysis && v.analysis.data;
  const set = (id, text) => $(id).replaceChildren(text === null || text === undefined ? '–' : folded(String(text), 80));
  if (!a || !v.hints) {
    for (const id of ['verdict', 'outcome', 'value', 'positions']) set(id, null);
    if (a) set('verdict', 'hidden while hints are off');
    $('value-note').textContent = '';
    return;
  }
  set('verdict', a.verdict);
  set('outcome', `${a.outcome_text}: ${a.outcome_words}`);
  set('value', a.value);
  set('positions', `${a.positions.toLocaleString('en')} in the solved game graph`);
  $('value-note').textContent = `Value: ${a.value_note}.`;
}

/** Every move of the player to move: label, result ✓ = ✗, moves left after it, ★, play. */
function movesTable(v) {
  const table = $('moves');
  const a = v.analysis && v.analysis.data;
  if (!a) { table.replaceChildren(); return; }
  if (!v.hints) {
    table.replaceChildren(el('tr', {}, el('td', { class: 'muted' }, 'Hints are off: tick “hints” to see every move’s result.')));
    return;
  }
  const moves = v.analysis.moves;
  // a game that values every position (an impartial game's loopy nim-values) shows the value
  // each move leads to
  const valued = moves.some((m) => m.value !== undefined && m.value !== null);
  table.replaceChildren(
    el('tr', {}, el('th', {}, 'move'), el('th', { title: 'the result for the mover: win, draw or loss' }, 'result'),
      valued ? el('th', { title: 'the value of the position the move leads to' }, 'value after') : null,
      el('th', { title: 'moves left after it under best play' }, 'k'), el('th', {}, '')),
    ...moves.map((m) => el('tr', { class: m.result, 'data-label': m.label },
      el('td', { class: 'mono' }, m.label),
      el('td', { class: m.result === 'win' ? 'good' : m.result === 'loss' ? 'bad' : '', title: m.result }, `${MARK[m.result]}${m.index === a.computer ? ' ★' : ''}`),
      valued ? el('td', { class: 'mono' }, m.value ?? '–') : null,
      el('td', { class: 'mono' }, m.remoteness === null ? '∞' : String(m.remoteness)),
      el('td', {}, v.canPlay ? el('button', { type: 'button', class: 'small', onclick: () => play(m), 'aria-label': `play ${m.label}` }, 'play') : ''))),
    // (replaceChildren would print a null as text)
    ...(moves.length === 0 ? [el('tr', {}, el('td', { colspan: valued ? 5 : 4, class: 'muted' }, 'no moves: the player to move loses'))] : []),
  );
}

/** A square was tapped or pressed: select a piece, or play the move to a marked square. */
function activate(key) {
  const v = current;
  if (!v || !v.canPlay) return;
  const moves = v.analysis.moves;
  // a move button of a text board (loopyboard.js): `m:INDEX`
  if (key.startsWith('m:')) { const m = moves[Number(key.slice(2))]; if (m) play(m); return; }
  if (selected) {
    const chosen = moves.find((m) => look.key(m.from) === selected && look.key(m.to) === key);
    if (chosen) { play(chosen); return; }
  }
  const from = moves.filter((m) => look.key(m.from) === key);
  if (from.length === 1) { play(from[0]); return; }
  selected = from.length && selected !== key ? key : null;
  draw();
}

function play(move) {
  selected = null;
  $('board').dataset.focus = look.key(move.to);
  game.play(move);
}

function startFromText() {
  let text;
  try {
    text = look.check($('text').value.trim());
  } catch (err) {
    showError($('error'), err.message);
    return;
  }
  clearError($('error'));
  game.start(text, game.settings.first);
}

const presets = [{ name: '', position: document.body.dataset.example }, ...(INFO.presets || [])]
  .filter((p, i, all) => all.findIndex((q) => q.position === p.position) === i);
$('preset').replaceChildren(el('option', { value: '' }, 'choose a board…'),
  ...presets.map((p) => el('option', { value: p.position }, p.name || p.position)));
$('preset').addEventListener('change', () => {
  if (!$('preset').value) return;
  $('text').value = $('preset').value;
  $('preset').value = '';
  startFromText();
});
$('editor').addEventListener('submit', (e) => { e.preventDefault(); startFromText(); });
$('stop').addEventListener('click', () => game.stop());
window.addEventListener('resize', () => { if (current) draw(); });
say($('status'), 'Loading the engine…');
