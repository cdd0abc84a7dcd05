// Every registered game's generated page but a graph's, on the shared game loop (game.js),
// drawn from the game's page data in the registry (<script id="game-page">: the board kind,
// the cells and their pieces, how a move is shown, the hint and the presets) — no code here
// or in pieces.js names a game. The engine's report (POST game/analyze, computed in the
// page's worker) gives every move with the position after it; the page finds what a move does
// by comparing the two boards cell by cell (a grid), the two lists of pieces (pieces of cake),
// or shows each move as a button (any other notation).
import { api, el, $, say, showError, clearError } from './common.js';
import { createGame } from './game.js';
import { gridLook, drawGrid, parseGrid, printGrid, diffMove, CAKE, TEXT } from './pieces.js';
import { fitBoard, keyboardBoard, panel, movesTable, dyadic, fairStart, misereAnalysis, misereCall } from './play.js';

const GAME = document.body.dataset.game;
const INFO = JSON.parse(document.getElementById('game-page').textContent);
const PLAYER = ['left', 'right'];
const look = INFO.board === 'grid' ? gridLook(INFO) : INFO.board === 'pieces' ? CAKE : TEXT;

/** The page's bounds (the engine refuses more, with its own message). */
const MAX_SIDE = 12;
let maxCells = 64;
api('health').then((h) => {
  const cells = h.limits && (h.limits.game_cells || h.limits.grid_cells);
  if (cells) maxCells = cells;
}).catch(() => {}); // the engine failed to load: the game's own error says so

let editing = false;
let selected = null; // the key of the cell whose moves are shown
let current = null; // the last view drawn

/** Checks text the way the engine will before asking it (shape, characters, size). */
function check(text) {
  if (look.parse) return look.check(text, maxCells);
  const grid = parseGrid(text);
  const chars = new Set(look.symbols);
  grid.forEach((row, r) => row.forEach((ch, c) => {
    if (!chars.has(ch)) throw new Error(`row ${r + 1}, column ${c + 1}: '${ch}' is not a cell of ${document.title.split(' — ')[0]} (cells: ${[...chars].join(' ')})`);
  }));
  if (grid.length > MAX_SIDE || grid[0].length > MAX_SIDE) throw new Error(`the board is ${grid.length} × ${grid[0].length}; the page takes sides of at most ${MAX_SIDE}`);
  if (grid.length * grid[0].length > maxCells) throw new Error(`the board has ${grid.length * grid[0].length} cells; the page takes at most ${maxCells}`);
  return printGrid(grid);
}

const SIDES = ['Blue', 'Red'];

// The strong computer: boards past the canonical forms (more than STRONG_CELLS playable cells,
// or an analysis refused as too large) are played by search (POST game/strong) with this many
// seconds a move; the page says what the search proved, or the depth it reached.
const STRONG_CELLS = 30;
const STRONG_SECONDS = 2;
const bigBoard = (pos) => [...pos].filter((c) => c !== '|' && c !== '#').length > STRONG_CELLS;

/** The strong computer's answer as an analysis for the game loop and the panels. */
async function strongAnalysis(pos, mover, signal) {
  const r = await api('game/strong', { game: GAME, position: pos, player: mover, seconds: STRONG_SECONDS }, signal);
  const side = SIDES[mover === 'left' ? 0 : 1];
  const other = SIDES[mover === 'left' ? 1 : 0];
  const words = r.proven
    ? (r.mover_wins ? `Proven: ${side}, the player to move, wins with perfect play.`
      : `Proven: ${side}, the player to move, loses against perfect play (${other} wins with perfect play).`)
    : `Not proven: the computer plays by search to depth ${r.depth} (${r.seconds} s a move).`;
  const data = {
    ...r,
    strong: true,
    strong_words: words,
    computer: { left: r.index, right: r.index },
    moves: r.moves.map((m) => ({ ...m, player: mover })),
  };
  return data;
}
// The game object, once createGame returns (it draws the first board before that).
let game = null;
game = createGame({
  id: GAME,
  sides: SIDES,
  singular: true,
  newGame: true,
  // Impartial games switch between normal and misère play.
  misere: document.body.dataset.kind === 'impartial',
  chartLabel: () => (game && game.settings.misere ? 'misère g⁻' : 'mean'),
  conventionChanged: (misere) => { $('chart-h').textContent = misere ? 'Misère Grundy value g⁻ after each move' : 'Mean value after each move'; },
  initial: () => document.body.dataset.example,
  encode: (pos) => pos,
  decode: (text) => check(text),
  busyText: () => 'analysing… (Stop cancels)',
  async analyse(pos, toMove, signal, _progress, { misere } = {}) {
    const mover = PLAYER[toMove];
    let data;
    if (!misere && bigBoard(pos)) {
      data = await strongAnalysis(pos, mover, signal);
    } else {
      try {
        data = misere
          ? misereAnalysis(await misereCall('game/analyze', { game: GAME, position: pos }, signal))
          : await api('game/analyze', { game: GAME, position: pos }, signal);
      } catch (err) {
        // past the canonical forms' limits: the strong computer plays instead
        if (misere || err.status !== 422) throw err;
        data = await strongAnalysis(pos, mover, signal);
      }
    }
    if (data.strong) {
      const moves = data.moves.map((m, index) => {
        const geometry = look.diff ? look.diff(pos, m.position, index) : diffMove(pos, m.position, look.isEmpty);
        return { ...m, index, geometry, label: look.label && geometry ? look.label(geometry) : m.label };
      });
      return { data, moves, strong: true, chart: null };
    }
    const moves = data.moves
      .map((m, index) => {
        const geometry = look.diff ? look.diff(pos, m.position, index) : diffMove(pos, m.position, look.isEmpty);
        return { ...m, index, geometry, label: look.label && geometry ? look.label(geometry) : m.label };
      })
      .filter((m) => m.player === null || m.player === mover);
    return { data, moves, misere: Boolean(misere), chart: misere ? data.misere_grundy : dyadic(data.mean) };
  },
  apply: (pos, move) => (look.apply ? look.apply(pos, move) : move.position),
  notation: (move) => move.label,
  perfect(analysis, moves) {
    const side = moves[0] && moves[0].player ? moves[0].player : PLAYER[current ? current.toMove : 0];
    const choice = analysis.data.computer[side] ?? analysis.data.computer.left;
    return moves.find((m) => m.index === choice) || null;
  },
  render(v) {
    if (!v.canPlay) selected = null;
    current = v;
    draw();
    if (game) setTimeout(() => fairStart(v));
  },
});

/** The pieces played so far in this game (for games whose board keeps no trace of who). */
function played(v) {
  if (!game) return [];
  const out = [];
  for (let i = 1; i <= game.cursor && i < game.history.length; i++) {
    const h = game.history[i];
    if (h.move && h.move.geometry) out.push({ geometry: h.move.geometry, side: 1 - h.toMove });
  }
  return v.pos === game.history[game.cursor].pos ? out : [];
}

function draw() {
  const v = current;
  const board = $('board');
  // The loop draws once before the first position is there: an empty board until it is.
  if (v.pos === null || v.pos === undefined) { board.replaceChildren(); return; }
  const refocus = board.contains(document.activeElement);
  const moves = v.canPlay && !editing ? v.analysis.moves : [];
  const view = {
    pos: v.pos,
    moves,
    selected,
    hints: v.hints,
    last: v.last,
    toMove: v.toMove,
    editing,
    played: played(v),
    // the remoteness after each move (by the move's index), where the engine knows it
    remoteness: v.canPlay && !editing && v.analysis.data && v.analysis.data.remoteness ? v.analysis.data.remoteness.moves : null,
  };
  let drawn;
  try {
    drawn = (look.draw || drawGrid)(board, view, look);
  } catch (err) {
    board.replaceChildren();
    showError($('error'), `the position cannot be drawn: ${err.message}`);
    return;
  }
  board.classList.toggle('stale', v.stale);
  // The computer's move arrives with a short animation (its pieces drop in).
  board.classList.toggle('fresh', Boolean(v.fresh && v.last && v.last.by === 'computer'));
  fitBoard(board, $('board-wrap'), drawn.cols, drawn.rows);
  keyboardBoard(board, drawn.cols, activate, () => { selected = null; draw(); });
  if (refocus) (board.querySelector(`[data-key="${board.dataset.focus}"]`) || board.querySelector('[tabindex="0"]'))?.focus();
  $('text').value = v.pos;
  const grid = look.size ? look.size(v.pos) : (() => { try { const g = parseGrid(v.pos); return [g.length, g[0].length]; } catch { return null; } })();
  if (grid) { $('rows').value = grid[0]; $('cols').value = grid[1]; }
  readout(v, moves);
  if (v.analysis && v.analysis.strong) {
    strongPanel(v);
    return;
  }
  panel({ ...v, misere: Boolean(game && game.settings.misere) });
  movesTable($('moves'), { ...v, misere: Boolean(v.analysis && v.analysis.misere) }, (m) => game.play(m));
}

/** The panels of a position the strong computer searched: what it proved, every move. */
function strongPanel(v) {
  panel({ ...v, analysis: null });
  const a = v.analysis.data;
  if (!v.hints) {
    $('value').textContent = 'hidden while hints are off';
    movesTable($('moves'), v, (m) => game.play(m));
    return;
  }
  $('value').textContent = 'not computed: the board is past the canonical forms (the computer searches)';
  $('outcome').textContent = a.strong_words;
  const mark = (w) => (w === true ? '✓' : w === false ? '✗' : '?');
  $('moves').replaceChildren(
    el('tr', {}, el('th', {}, 'move'), el('th', { title: '✓ proven winning, ✗ proven losing, ? not proven' }, '✓'), el('th', {}, '')),
    ...v.analysis.moves.map((m) => el('tr', { class: m.winning === true ? 'win' : m.winning === false ? 'lose' : '', 'data-label': m.label },
      el('td', { class: 'mono' }, m.label),
      el('td', { class: m.winning === true ? 'good' : m.winning === false ? 'bad' : 'muted', title: m.index === a.index ? 'the computer would play this' : '' },
        `${mark(m.winning)}${m.index === a.index ? ' ★' : ''}`),
      el('td', {}, v.canPlay ? el('button', { type: 'button', class: 'small', onclick: () => game.play(m), 'aria-label': `play ${m.label}` }, 'play') : ''))),
  );
}

/** The line under the board: the computer's last move, the selected cell's moves. */
function readout(v, moves) {
  const node = $('readout');
  const parts = [];
  if (v.last && v.last.by === 'computer') parts.push(`The computer (${SIDES[v.last.side]}) played ${v.last.move.label}.`);
  const a = v.analysis && v.analysis.data;
  if (a && a.strong && v.hints) parts.push(a.strong_words);
  if (selected && moves.length) {
    const mine = moves.filter((m) => m.geometry && m.geometry.anchors.includes(selected));
    if (mine.length) parts.push(`${mine.length} move${mine.length > 1 ? 's' : ''} from here: tap a marked cell (Esc cancels).`);
  } else if (v.canPlay && !editing && moves.length) {
    parts.push(INFO.hint || 'Tap a move to play it.');
  }
  if (editing) parts.push('Editing: tap a cell to change it; the size boxes resize the board.');
  node.textContent = parts.join(' ');
}

/** A cell (or cut) was clicked or pressed: select, play, or edit. */
function activate(key) {
  const v = current;
  if (!v) return;
  if (editing) { edit(key); return; }
  if (!v.canPlay) return;
  const moves = v.analysis.moves.filter((m) => m.geometry);
  // A move whose only cell is this one (a colouring, a cut): play it.
  const single = moves.filter((m) => m.geometry.anchors.includes(key) && m.geometry.target === null);
  if (single.length === 1) { single[0].geometry.tapped = key; play(single[0]); return; }
  if (selected) {
    const chosen = moves.find((m) => m.geometry.anchors.includes(selected) && m.geometry.targetOf(selected) === key);
    if (chosen) { play(chosen); return; }
  }
  const from = moves.filter((m) => m.geometry.anchors.includes(key));
  if (from.length === 1) { play(from[0]); return; }
  selected = from.length ? (selected === key ? null : key) : null;
  draw();
}

function play(move) {
  selected = null;
  $('board').dataset.focus = move.geometry.focus || $('board').dataset.focus;
  game.play(move);
}

function edit(key) {
  let text;
  try {
    text = look.edit(current.pos, key);
    text = check(text);
  } catch (err) {
    showError($('error'), err.message);
    return;
  }
  clearError($('error'));
  game.start(text, game.settings.first);
}

function resize() {
  const rows = Number($('rows').value);
  const cols = Number($('cols').value);
  if (!Number.isInteger(rows) || !Number.isInteger(cols) || rows < 1 || cols < 1) {
    showError($('error'), 'rows and columns are whole numbers from 1');
    return;
  }
  let text;
  try {
    text = check(look.resize(current ? current.pos : document.body.dataset.example, rows, cols));
  } catch (err) {
    showError($('error'), err.message);
    return;
  }
  clearError($('error'));
  game.start(text, game.settings.first);
}

function startFromText() {
  let text;
  try {
    text = check($('text').value.trim());
  } catch (err) {
    showError($('error'), err.message);
    return;
  }
  clearError($('error'));
  game.start(text, game.settings.first);
}

// Presets: the registry's example first, then the page's presets (each analyses within the
// web app's limits: a test in onag-api checks every one).
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
$('size').hidden = !look.resize;
$('edit').closest('label').hidden = !look.edit;
$('rows').addEventListener('change', resize);
$('cols').addEventListener('change', resize);
$('editor').addEventListener('submit', (e) => { e.preventDefault(); startFromText(); });
$('stop').addEventListener('click', () => game.stop());
$('edit').addEventListener('change', () => {
  editing = $('edit').checked;
  selected = null;
  game.redraw();
  if (editing) say($('status'), 'Editing the board: tap cells to change them.');
  else game.jump(game.cursor);
});
window.addEventListener('resize', () => { if (current) draw(); });
