// Toads and Frogs on the shared game loop (game.js): presets and editor, ✓/✗ over movable
// pieces, every move with its exact value, the value panel with the thermograph, remoteness
// ("win in k") where the game tree is small, and the computer (Steinhaus' rule where the
// remoteness is known: the quickest win, the slowest loss; else a winning move with the best
// mean). Everything is computed in the page's worker.
import { api, el, $, say, folded, rovingGrid, showError, clearError, findings } from './common.js';
import { createGame, remotenessTitle, remotenessWords, showRemoteness } from './game.js';
import { gridRows, keepInView, maxRemoteness, piece, shade, slide } from './board.js';

/** The engine's limits for the page (its `health` answer): squares and the work estimate. */
let LIMITS = null;
const sci = (x) => { const e = Math.floor(Math.log10(x)); const m = x / 10 ** e; return `${m === 1 ? '' : `${m.toFixed(1)}·`}10^${e}`; };
const loadLimits = () => api('health').then((h) => {
  LIMITS = h.limits;
  $('limit').textContent = `The page analyses boards whose work estimate — the placements of the pieces play could reach, a bound on the positions the solver visits — is at most ${sci(LIMITS.toads_work)} (about a minute and a few hundred MB in a browser), on at most ${LIMITS.toads_squares} squares; remoteness where at most ${LIMITS.toads_remoteness_boards.toLocaleString('en')} boards are reachable. Stop cancels at once; larger boards are refused at once with the command that runs them natively (\`onag toads value\`).`;
}).catch(() => {}); // the engine failed to load: the game's own error says so, and retries
loadLimits();

const SIDES = ['the toads', 'the frogs'];
const PLAYER = ['left', 'right'];
const letter = (side) => (side === 0 ? 'T' : 'F');
const show = (c) => (c === '.' ? '□' : c);
const dyadic = (text) => {
  const m = /^(-?\d+)(?:\/(\d+))?$/.exec(String(text));
  return m ? Number(m[1]) / (m[2] ? Number(m[2]) : 1) : null;
};

/** Checks squares text the way the engine does before asking it (only T, F and .). */
function checkSquares(squares) {
  if (!/^[TF.]+$/.test(squares)) throw new Error('a board is made of T, F and . (or □) only');
  if (LIMITS && squares.length > LIMITS.toads_squares) throw new Error(`the board has ${squares.length} squares; the page takes at most ${LIMITS.toads_squares}`);
  return squares;
}

let editing = false;
let current = null; // the last view drawn

const game = createGame({
  id: 'toads',
  sides: SIDES,
  // The value history: the remoteness of the side to move per ply where the engine has the
  // game tree (it falls by one with each perfect move), else the mean value.
  chartLabel: () => (current && current.analysis && current.analysis.data.remoteness ? 'remoteness' : 'mean'),
  initial: () => $('text').value,
  encode: (board) => board,
  // A link's board must be a strip (T, F, . or □, counts repeating: T2.2F2); anything else
  // starts a new game with a banner instead of leaving the page without a board.
  decode: (text) => {
    const t = String(text).trim();
    if (!/^([TF.□]\d*)+$/.test(t) || t.length > 400) throw new Error(`'${t.length > 40 ? `${t.slice(0, 40)}…` : t}' is not a strip of T (toads), F (frogs) and . or □ (empty squares); a count repeats a square, as in T2.2F2`);
    return t;
  },
  busyText: (board) => `analysing ${board.length > 30 ? `${board.slice(0, 30)}…` : board}… (Stop cancels)`,
  async analyse(board, toMove, signal, progress) {
    const data = await api('toads/analyze', { board }, signal, progress);
    if (!LIMITS) loadLimits();
    const r = data.remoteness;
    return {
      data,
      moves: data.moves.map((m, i) => ({ ...m, index: i, remoteness: r ? r.moves[i] : null })).filter((m) => m.player === PLAYER[toMove]),
      chart: r ? r.position[PLAYER[toMove]] : dyadic(data.mean),
    };
  },
  apply: (_board, move) => move.squares,
  notation: (move, side) => `${letter(side)} ${move.from + 1}→${move.to + 1}`,
  // The engine's choice: Steinhaus' rule where it has the remoteness (the quickest win, or
  // when losing the slowest loss), else a winning move with the best mean.
  perfect: (analysis, moves) => {
    const side = moves[0] ? moves[0].player : 'left';
    const r = analysis.data.remoteness;
    const choice = r ? r.best[side] : analysis.data.computer[side];
    return moves.find((m) => m.index === choice) || null;
  },
  render(v) {
    current = v;
    render(v);
    if (v.fresh && v.last) {
      slide($('strip'), v.last.move.from, v.last.move.to);
      keepInView($('strip'), v.last.move.to);
    }
  },
});

/** The squares of a board in the notation (`T2.2F2` → `TT..FF`), at most 400 of them. */
function expand(text) {
  let out = '';
  for (const [, c, n] of String(text).replace(/□/g, '.').matchAll(/([TF.])(\d*)/g)) out += c.repeat(Math.min(400, n ? Number(n) : 1));
  return out.slice(0, 400);
}

function render(v) {
  // Before (or without) an analysis the strip is drawn from the notation, counts expanded.
  const board = v.analysis ? v.analysis.data.board : expand(v.pos);
  $('text').value = v.analysis ? v.analysis.data.notation : v.pos;
  const moves = v.canPlay && !editing ? v.analysis.moves : [];
  const byFrom = new Map(moves.map((m) => [m.from, m]));
  const far = maxRemoteness(moves);
  const last = v.last ? new Set([v.last.move.from, v.last.move.to]) : new Set();
  const squares = /^[TF.]+$/.test(board) ? board : '';
  const cells = [...squares].map((c, i) => {
    const move = byFrom.get(i);
    const mark = move && v.hints;
    const cell = el('div', {
      class: `cell${c === 'T' ? ' toad' : c === 'F' ? ' frog' : ''}${last.has(i) ? ` last by-${v.last.by}` : ''}`,
      role: 'gridcell',
      'data-i': i,
      'data-key': i,
      'aria-label': `square ${i + 1}: ${c === 'T' ? 'toad' : c === 'F' ? 'frog' : 'empty'}${move ? `, can move${mark ? ` (${move.winning ? 'winning' : 'losing'})` : ''}` : ''}${last.has(i) ? `, part of the last move (${v.last.by})` : ''}`,
    }, c === '.' ? '' : piece(c === 'T' ? 'toad' : 'frog'), el('span', { class: 'idx', 'aria-hidden': 'true' }, i + 1));
    if (move) {
      cell.classList.add('target');
      if (mark) shade(cell, move, far);
      if (mark && move.remoteness !== null) cell.title = remotenessTitle(move.remoteness);
      cell.addEventListener('click', () => game.play(move));
    } else if (editing) {
      cell.addEventListener('click', () => edit(board, i));
    }
    return cell;
  });
  if (editing) {
    cells.push(el('button', { type: 'button', class: 'cell', title: 'add a square', 'data-key': 'add', onclick: () => edit(board, board.length) }, '+'));
    if (board.length > 1) cells.push(el('button', { type: 'button', class: 'cell', title: 'remove the last square', 'data-key': 'remove', onclick: () => edit(board, -1) }, '−'));
  }
  const strip = $('strip');
  strip.replaceChildren(...gridRows(cells, cells.length));
  strip.classList.toggle('stale', v.stale);
  strip.style.setProperty('--n', board.length + (editing ? 2 : 0));
  rovingGrid(strip, '.cell', cells.length);
  showScrollCue();
  renderPanel(v);
  renderMoves(v);
}

/** Shows the cue under the strip when the strip is wider than its box (it scrolls sideways). */
function showScrollCue() {
  const wrap = $('strip-wrap');
  $('strip-cue').hidden = wrap.scrollWidth <= wrap.clientWidth + 1;
}
window.addEventListener('resize', showScrollCue);

function renderPanel(v) {
  const a = v.analysis && v.analysis.data;
  $('panel').classList.toggle('stale', !a);
  $('remoteness').classList.toggle('stale', !a);
  if (!a) {
    // No value for this board yet (being analysed, refused or failed): nothing of the last
    // board stays on show, so no old value can be read as this one's.
    for (const id of ['value', 'outcome', 'mean', 'temperature', 'stops', 'components', 'atomic', 'rcf']) $(id).textContent = '–';
    $('remoteness').textContent = '';
    $('thermo').replaceChildren();
    return;
  }
  $('value').replaceChildren(folded(a.value, 80));
  $('outcome').textContent = `${a.outcome}: ${a.outcome_words}`;
  $('mean').textContent = a.mean;
  $('temperature').textContent = a.temperature;
  $('stops').textContent = `Left ${a.thermograph.left_stop}, Right ${a.thermograph.right_stop}`;
  const parts = a.reduced.parts.map((p) => `[${p.board}] = ${p.value}`);
  // Erickson's reduction: an integer plus the independent parts the board splits into.
  $('components').replaceChildren(folded(a.reduced.parts.length === 0
    ? `${a.reduced.integer} (no part needs a search)`
    : `${a.reduced.integer !== 0 ? `${a.reduced.integer} + ` : ''}${parts.join(' + ')}`, 80));
  const atomic = a.atomic_weight ?? null;
  $('atomic').replaceChildren(folded(atomic === null ? '–' : String(atomic)));
  $('atomic').previousElementSibling.hidden = atomic === null;
  $('atomic').hidden = atomic === null;
  $('rcf').replaceChildren(folded(a.reduced_canonical_form ?? '–'));
  const r = a.remoteness;
  showRemoteness($('remoteness'), $('chart-h'), r && { position: r.position[PLAYER[v.toMove]] }, {
    missing: 'this board reaches too many positions for the page’s table (the computer plays a winning move with the best mean)',
    otherChart: 'Mean value after each move',
  });
  // The SVG comes from our own engine (numbers and fixed markup only), so it is safe to insert.
  $('thermo').innerHTML = a.thermograph.svg;
  readableLabels($('thermo').querySelector('svg'));
}

/** Scales the thermograph's labels so they show at least 11 px tall whatever the SVG's size. */
function readableLabels(svg) {
  if (!svg) return;
  const box = svg.viewBox && svg.viewBox.baseVal;
  const width = svg.getBoundingClientRect().width;
  if (!box || !box.width || !width) return;
  const scale = width / box.width;
  for (const t of svg.querySelectorAll('text')) t.style.fontSize = `${12 / scale}px`;
}

function renderMoves(v) {
  const a = v.analysis && v.analysis.data;
  $('moves').classList.toggle('stale', !a);
  if (!a) {
    $('moves').replaceChildren(el('tr', {}, el('td', { class: 'muted' }, 'The moves show once this board is analysed.')));
    return;
  }
  if (!v.hints) {
    $('moves').replaceChildren(el('tr', {}, el('td', { class: 'muted' }, 'Hints are off: tick “hints” to see every move’s value and ✓/✗.')));
    return;
  }
  const r = a.remoteness;
  const chosen = new Set(r ? [r.best.left, r.best.right] : [a.computer.left, a.computer.right]);
  $('moves').replaceChildren(...[
    el('tr', {}, el('th', {}, 'move'), el('th', {}, 'board after'), el('th', {}, 'value after'), el('th', {}, 'mean'),
      r ? el('th', { title: 'remoteness after the move: the moves left under best play, the opponent to move' }, 'k') : null,
      el('th', { title: 'wins for the mover' }, '✓')),
    ...a.moves.map((m, i) => el('tr', {},
      el('td', { class: 'mono' }, `${m.player === 'left' ? 'T' : 'F'} ${m.from + 1}→${m.to + 1}`),
      el('td', { class: 'mono' }, [...m.squares].map(show).join('')),
      el('td', { class: 'mono' }, folded(m.value, 60)),
      el('td', { class: 'mono' }, m.mean),
      r ? el('td', { class: 'mono', title: `after it the opponent ${remotenessWords(r.moves[i])}` }, r.moves[i]) : null,
      el('td', { class: m.winning ? 'good' : 'bad', title: chosen.has(i) ? 'the computer would play this' : '' }, `${m.winning ? '✓' : '✗'}${chosen.has(i) ? ' ★' : ''}`))),
    a.moves.length === 0 ? el('tr', {}, el('td', { colspan: r ? 6 : 5, class: 'muted' }, 'no moves: the game is over')) : null,
  ].filter(Boolean));
}

/** Starts from the board typed in the editor, after checking it in the page. */
function startFromText() {
  const text = $('text').value.trim();
  // The engine reads the notation (T3□2F3, ^k repeats); the page checks what it can first.
  if (/^[TF.□]+$/.test(text)) {
    try {
      checkSquares(text.replace(/□/g, '.'));
    } catch (err) {
      showError($('error'), err.message);
      return;
    }
  }
  clearError($('error'));
  game.start(text.replace(/□/g, '.'), game.settings.first);
}

function edit(board, i) {
  const squares = [...board];
  if (i === -1) squares.pop();
  else if (i === squares.length) squares.push('.');
  else squares[i] = { '.': 'T', T: 'F', F: '.' }[squares[i]];
  const text = squares.join('');
  try {
    checkSquares(text);
  } catch (err) {
    showError($('error'), err.message);
    return;
  }
  game.start(text, game.settings.first);
}

$('presets').addEventListener('click', (e) => {
  const button = e.target.closest('button');
  if (!button) return;
  $('text').value = button.dataset.board;
  startFromText();
});
$('editor').addEventListener('submit', (e) => { e.preventDefault(); startFromText(); });
$('stop').addEventListener('click', () => game.stop());
$('edit').addEventListener('change', () => {
  editing = $('edit').checked;
  game.redraw();
  if (editing) say($('status'), 'Editing: click squares to cycle □ → T → F, + and − change the length.');
});
findings($('findings'), ['toads', 'partizan']);
