// The parts every page of a registered game shares (the grid page and Hackenbush): the board
// sized to the window, keyboard play over an SVG board, the value panel and the table of every
// move, all read from the engine's one analysis report (POST game/analyze).
import { api, el, $, folded } from './common.js';
import { remotenessWords } from './game.js';

/** A dyadic rational in the report's text ("-3/4") as a number; null for anything else. */
export function dyadic(text) {
  const m = /^(-?\d+)(?:\/(\d+))?$/.exec(String(text));
  return m ? Number(m[1]) / (m[2] ? Number(m[2]) : 1) : null;
}

/**
 * Sizes the SVG `board` of `cols` × `rows` cells to fill `wrap`'s width and the window's height
 * below it (the whole board above the fold, with room for the line under it), cells at least
 * 32 px (phones scroll the board sideways rather than shrink it below a finger's width) and at
 * most 120 px.
 */
export function fitBoard(board, wrap, cols, rows) {
  const width = wrap.clientWidth || 600;
  const top = wrap.getBoundingClientRect().top + window.scrollY;
  const height = Math.max(240, window.innerHeight - top - 90);
  const cell = Math.max(32, Math.min(120, Math.floor(Math.min(width / cols, height / rows))));
  board.setAttribute('width', Math.round(cell * cols));
  board.setAttribute('height', Math.round(cell * rows));
  board.dataset.cell = cell;
  return cell;
}

/**
 * Keyboard and pointer play on an SVG board whose cells are `[data-key]` elements in reading
 * order: one Tab stop (roving tabindex), arrow keys move (`cols` per row for up/down), Home
 * and End, Enter or Space activate, Escape cancels; a click or tap activates the cell under it.
 */
export function keyboardBoard(board, cols, activate, cancel) {
  const cells = [...board.querySelectorAll('[data-key]')];
  let active = cells.findIndex((c) => c.dataset.key === board.dataset.focus);
  if (active < 0) active = Math.max(0, cells.findIndex((c) => c.classList.contains('target')));
  cells.forEach((c, i) => c.setAttribute('tabindex', i === active ? 0 : -1));
  const focus = (i) => {
    const j = Math.max(0, Math.min(cells.length - 1, i));
    if (!cells[j]) return;
    cells.forEach((c, k) => c.setAttribute('tabindex', k === j ? 0 : -1));
    board.dataset.focus = cells[j].dataset.key;
    cells[j].focus();
  };
  const step = Math.max(1, Math.round(cols));
  board.onkeydown = (e) => {
    // The focused cell, in the board's own tree (a page, or a widget's shadow root).
    const i = cells.indexOf(board.getRootNode().activeElement);
    if (e.key === 'Escape') { e.preventDefault(); cancel(); return; }
    if (i < 0) return;
    const moves = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: step, ArrowUp: -step, Home: -i, End: cells.length - 1 - i };
    if (e.key in moves) { e.preventDefault(); focus(i + moves[e.key]); } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      board.dataset.focus = cells[i].dataset.key;
      activate(cells[i].dataset.key);
    }
  };
  board.onclick = (e) => {
    const cell = e.target.closest('[data-key]');
    if (!cell || !board.contains(cell)) return;
    board.dataset.focus = cell.dataset.key;
    activate(cell.dataset.key);
  };
  board.onfocusin = (e) => {
    const i = cells.indexOf(e.target);
    if (i >= 0) { board.dataset.focus = cells[i].dataset.key; cells.forEach((c, k) => c.setAttribute('tabindex', k === i ? 0 : -1)); }
  };
}

/** Scales the thermograph's labels so they show at least 11 px tall whatever the SVG's size. */
export function readableLabels(svgNode) {
  if (!svgNode) return;
  const box = svgNode.viewBox && svgNode.viewBox.baseVal;
  const width = svgNode.getBoundingClientRect().width;
  if (!box || !box.width || !width) return;
  const scale = width / box.width;
  for (const t of svgNode.querySelectorAll('text')) t.style.fontSize = `${12 / scale}px`;
}

const PLAYER = ['left', 'right'];

/**
 * The engine's misère report (POST game/analyze with misere) shaped like the normal one where
 * the pages read it: each move with `index` and no `player` (impartial: either side plays
 * it), and `computer` naming the engine's choice for both sides (the first winning move, else
 * the first move: the library's misère_computer_move at full strength).
 */
export function misereAnalysis(data) {
  const moves = data.moves.map((m, index) => ({ ...m, index, player: null, value: m.form || m.genus }));
  const best = Math.max(0, moves.findIndex((m) => m.winning));
  return { ...data, misere: true, moves, computer: { left: moves.length ? best : null, right: moves.length ? best : null } };
}

/**
 * Seconds a page gives one misère analysis: misère canonical forms of large sums grow fast
 * (three Kayles heaps of 15–17 pins already take seconds), and the page's engine has no time
 * budget of its own. Past it the analysis is stopped and the page says so. (A test may set
 * `window.onagMisereSeconds`.)
 */
export const MISERE_SECONDS = 30;

/**
 * `api(path, {...body, misere: true}, signal)` within the page's deadline for misère work
 * (MISERE_SECONDS): past it the engine is stopped and the call rejects with a plain message
 * (status 422, as the engine's own bound on canonical forms answers), so the page stays
 * usable; an abort of `signal` aborts it as any call.
 */
export async function misereCall(path, body, signal) {
  const seconds = (typeof window !== 'undefined' && Number(window.onagMisereSeconds)) || MISERE_SECONDS;
  const controller = new AbortController();
  const stop = () => controller.abort();
  if (signal) {
    if (signal.aborted) stop();
    else signal.addEventListener('abort', stop, { once: true });
  }
  let late = false;
  const timer = setTimeout(() => { late = true; controller.abort(); }, seconds * 1000);
  try {
    return await api(path, { ...body, misere: true }, controller.signal);
  } catch (err) {
    if (late && !(signal && signal.aborted)) {
      const e = new Error(`its exact misère analysis took more than ${seconds} s and was stopped (the command line's --misere goes further)`);
      e.status = 422;
      return misereFailure(e);
    }
    return misereFailure(err);
  } finally {
    clearTimeout(timer);
    if (signal) signal.removeEventListener('abort', stop);
  }
}

/**
 * Rethrows an error of a misère analysis, saying plainly when the position is past the page's
 * bounds (too many canonical forms, or the time budget) that normal play still works.
 */
export function misereFailure(err) {
  if (err && (err.status === 422 || err.status === 503)) {
    err.message = `${err.message}. Misère play of this position is beyond the page: switch to normal play, or try a smaller position.`;
  }
  throw err;
}

/** The words of a misère outcome: who wins, the player who moves last losing. */
const MISERE_OUTCOME = {
  P: 'P: the second player wins (misère play)',
  N: 'N: the first player wins (misère play)',
};

/** The phylum of a misère report in words (tame, restive, …). */
function phylumWords(p) {
  if (!p) return null;
  if (p.nim_heap) return 'a nim heap';
  const names = [['tame', 'tame'], ['restive', 'restive'], ['restless', 'restless'],
    ['generally_tame', 'generally tame'], ['generally_restive', 'generally restive']];
  const found = names.filter(([k]) => p[k]).map(([, w]) => w);
  return found.length ? found.join(', ') : 'wild';
}

/** Rows the value panel adds under misère play (made once, hidden under normal play): dt/dd
 * pairs straight in the panel's list, so its two-column layout holds. */
function misereRows() {
  const dl = $('panel');
  if (!dl) return [];
  let rows = [...dl.querySelectorAll('.misere-row')];
  if (!rows.length) {
    rows = [
      el('dt', { class: 'misere-row' }, 'genus'), el('dd', { id: 'genus', class: 'misere-row' }, '–'),
      el('dt', { class: 'misere-row' }, 'misère Grundy value'), el('dd', { id: 'misere-grundy', class: 'misere-row' }, '–'),
      el('dt', { class: 'misere-row' }, 'class'), el('dd', { id: 'phylum', class: 'misere-row' }, '–'),
    ];
    dl.append(...rows);
  }
  return rows;
}

/** The entries of the value panel that only normal play has (hidden under misère play). */
const NORMAL_ONLY = ['mean', 'temperature', 'stops', 'components', 'atomic', 'rcf'];

/** Shows the normal-play entries, or the misère ones (`misere`). */
function panelRows(misere) {
  for (const row of misereRows()) row.hidden = !misere;
  for (const id of NORMAL_ONLY) {
    const dd = $(id);
    if (!dd) continue;
    dd.hidden = misere;
    if (dd.previousElementSibling && dd.previousElementSibling.tagName === 'DT') dd.previousElementSibling.hidden = misere;
  }
}

/**
 * A first visit (no position in the link) starts on the registry's example; this puts the
 * visitor on the side that can win it against the perfect computer: Red moving first when
 * Right wins whoever starts, second when the second player wins. Returns true once it acted
 * (the page calls it on every draw until then; it acts at most once).
 */
let fair = !new URLSearchParams(location.search).has('pos');
export function fairStart(v) {
  if (!fair || !v.analysis) return false;
  fair = false;
  const outcome = v.analysis.data.outcome;
  const set = (id, value) => {
    const node = $(id);
    if (!node || node.value === value) return;
    node.value = value;
    node.dispatchEvent(new Event('change'));
  };
  if (outcome === 'R' && $('human').value === 'first') set('first', '1');
  else if (outcome === 'P' && $('human').value === 'first') set('human', 'second');
  return true;
}

/**
 * The value panel from view `v` (game.js): value, outcome, mean, temperature, stops, the
 * components, atomic weight, reduced canonical form, remoteness and the thermograph. Without
 * an analysis (it is running, or it failed) every field shows – and the thermograph is
 * removed: nothing of an earlier position stays on screen.
 */
export function panel(v) {
  const a = v.analysis && v.analysis.data;
  const set = (id, value) => { const n = $(id); if (n) n.replaceChildren(value === undefined || value === null ? '–' : folded(String(value), 80)); };
  const misere = Boolean(v.misere);
  panelRows(misere);
  if (misere) {
    // Misère play: the misère canonical form (CGSuite's notation), outcome, genus, class;
    // temperature and the thermograph are normal-play notions and are not shown.
    const box = $('thermo').closest('details');
    if (box) box.hidden = true;
    $('thermo').replaceChildren();
    $('remoteness').textContent = '';
    for (const id of ['value', 'outcome', 'genus', 'misere-grundy', 'phylum']) set(id, null);
    if (!a) return;
    if (!v.hints) { set('value', 'hidden while hints are off'); return; }
    set('value', a.form ? `${a.form} (misère canonical form)` : 'misère canonical form too long to show (its genus is below)');
    set('outcome', MISERE_OUTCOME[a.outcome] || a.outcome);
    set('genus', a.genus);
    set('misere-grundy', `${a.misere_grundy} (normal play: ${a.grundy})`);
    set('phylum', phylumWords(a.phylum));
    return;
  }
  const box = $('thermo').closest('details');
  if (box) box.hidden = Boolean(a) && !v.hints;
  if (!a || !v.hints) {
    // Hints off is the spoiler-free mode: nothing that says who wins (value, outcome, mean,
    // remoteness, the thermograph) is on screen until hints are back on.
    for (const id of ['value', 'outcome', 'mean', 'temperature', 'stops', 'components', 'atomic', 'rcf']) set(id, null);
    if (a) set('value', 'hidden while hints are off');
    $('remoteness').textContent = '';
    $('thermo').replaceChildren();
    return;
  }
  set('value', a.grundy !== null && a.grundy !== undefined ? `${a.value} (Grundy value ${a.grundy})` : a.value);
  set('outcome', `${a.outcome}: ${a.outcome_words}`);
  set('mean', a.mean);
  set('temperature', a.temperature);
  set('stops', `Left ${a.left_stop}, Right ${a.right_stop}`);
  set('components', a.components.length <= 1 ? 'one (the position does not split)'
    : a.components.map((c) => `${c.position} = ${c.value}`).join(' + '));
  const atomic = a.atomic_weight ?? null;
  set('atomic', atomic);
  $('atomic').hidden = atomic === null;
  $('atomic-t').hidden = atomic === null;
  set('rcf', a.reduced_canonical_form);
  const r = a.remoteness;
  const mine = r ? r.position[PLAYER[v.toMove]] : null;
  $('remoteness').textContent = r
    ? `remoteness ${mine}: the player to move ${remotenessWords(mine)} (quickest win, slowest loss)`
    : '';
  // The SVG comes from our own engine (numbers and fixed markup only), so it is safe to insert.
  $('thermo').innerHTML = a.thermograph.svg;
  readableLabels($('thermo').querySelector('svg'));
}

/**
 * The table of the mover's moves: label, value after, mean, ✓/✗ and ★ for the computer's
 * choice, each with a Play button while it is the human's turn (`play(move)`).
 */
export function movesTable(table, v, play) {
  const a = v.analysis && v.analysis.data;
  if (!a) { table.replaceChildren(); return; }
  if (!v.hints) {
    table.replaceChildren(el('tr', {}, el('td', { class: 'muted' }, 'Hints are off: tick “hints” to see every move’s value and ✓/✗.')));
    return;
  }
  const moves = v.analysis.moves;
  const side = moves[0] && moves[0].player ? moves[0].player : PLAYER[v.toMove];
  const chosen = a.computer[side] ?? a.computer.left;
  if (v.misere) {
    // Misère play: each move's misère canonical form after it (or its genus when the form is
    // long), the genus after it and ✓ when it leaves a misère P-position.
    table.replaceChildren(...[
      el('tr', {}, el('th', {}, 'move'), el('th', {}, 'misère form after'), el('th', {}, 'genus after'),
        el('th', { title: 'wins for the mover in misère play' }, '✓'), el('th', {}, '')),
      ...moves.map((m) => el('tr', { class: m.winning ? 'win' : 'lose', 'data-label': m.label, 'data-position': m.position },
        el('td', { class: 'mono' }, m.label),
        el('td', { class: 'mono' }, m.form ? folded(m.form, 40) : m.form === null ? '(long)' : '–'),
        el('td', { class: 'mono genus' }, m.genus),
        el('td', { class: m.winning ? 'good' : 'bad', title: m.index === chosen ? 'the computer would play this' : '' }, `${m.winning ? '✓' : '✗'}${m.index === chosen ? ' ★' : ''}`),
        el('td', {}, v.canPlay ? el('button', { type: 'button', class: 'small', onclick: () => play(m), 'aria-label': `play ${m.label}` }, 'play') : ''))),
      moves.length === 0 ? el('tr', {}, el('td', { colspan: 5, class: 'muted' }, 'no moves: the game is over — in misère play the player to move has won')) : null,
    ].filter(Boolean));
    return;
  }
  const r = a.remoteness;
  table.replaceChildren(...[
    el('tr', {}, el('th', {}, 'move'), el('th', {}, 'value after'), el('th', {}, 'mean'),
      r ? el('th', { title: 'remoteness after the move (the opponent to move)' }, 'k') : null,
      el('th', { title: 'wins for the mover' }, '✓'), el('th', {}, '')),
    ...moves.map((m) => el('tr', { class: m.winning ? 'win' : 'lose', 'data-label': m.label },
      el('td', { class: 'mono' }, m.label),
      el('td', { class: 'mono' }, folded(m.value, 40)),
      el('td', { class: 'mono' }, m.mean),
      r ? el('td', { class: 'mono', title: `after it the opponent ${remotenessWords(r.moves[m.index])}` }, r.moves[m.index]) : null,
      el('td', { class: m.winning ? 'good' : 'bad', title: m.index === chosen ? 'the computer would play this' : '' }, `${m.winning ? '✓' : '✗'}${m.index === chosen ? ' ★' : ''}`),
      el('td', {}, v.canPlay ? el('button', { type: 'button', class: 'small', onclick: () => play(m), 'aria-label': `play ${m.label}` }, 'play') : ''))),
    moves.length === 0 ? el('tr', {}, el('td', { colspan: 6, class: 'muted' }, 'no moves: the game is over')) : null,
  ].filter(Boolean));
}
