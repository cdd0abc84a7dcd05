// The notebook widget of a loopy game (Fox and Geese, Backsliding Toads and Frogs): the loopy
// pages' board (loopyboard.js) and their engine route (POST loopy/position, through the same
// WebAssembly `dispatch` as the pages), mounted in one element. Every piece with moves is marked
// with its best result for the mover and a selected piece's targets each with theirs (✓ win,
// = draw, ✗ loss); a tap (or Enter) on a piece selects it, one on a target plays the move, for
// either side; Undo steps back. The model holds `position`, `to_move` ('left' / 'right'), `game`,
// `page` (the loopy registry's page data) and `_wasm`: every move is written back to the model,
// and a position set on the model (from Python) redraws the board.
import { api, el } from './common.js';
import { provideEngine } from './engine.js';
import { drawLoopy, loopyLook, MARK } from './loopyboard.js';
import { keyboardBoard } from './play.js';

const PLAYER = ['left', 'right'];

/** The bytes of the model's `_wasm` (ipywidgets hands binary traits over as a DataView). */
function wasmBytes(value) {
  if (!value) return new Uint8Array(0);
  if (typeof value === 'string') return Uint8Array.from(atob(value), (c) => c.charCodeAt(0));
  return value;
}

/** Mounts the loopy widget of `model` in `root`; returns the clean-up. */
export function mount({ model, root, sources }) {
  provideEngine({ wasm: wasmBytes(model.get('_wasm')), worker: sources['worker.js'] });
  const game = model.get('game');
  const page = model.get('page');
  const look = loopyLook(page);
  const sides = page.sides || ['Left', 'Right'];
  // history: {pos, toMove, move}; the analysis of the entry at the cursor is `report`.
  const state = { history: [], cursor: -1, selected: null, report: null, gen: 0, writing: false };

  const style = el('style', {}, `${(sources['style.css'] || '').replace(/:root/g, ':host')}
:host { display: block; }
.onag-widget { color: var(--ink); background: var(--bg); font: 14px/1.45 system-ui, sans-serif; padding: 10px; border-radius: 10px; display: flex; flex-wrap: wrap; gap: 14px; }
.onag-widget .board-col { flex: 1 1 320px; min-width: 0; }
.onag-widget .side-col { flex: 1 1 280px; min-width: 0; }
.onag-widget .toolbar { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; margin: 6px 0; }
.onag-widget .error:empty { display: none; }
.onag-widget h3.title { margin: 0 0 6px; font-size: 1.05rem; }`);
  const board = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  board.setAttribute('class', 'gameboard loopy');
  board.setAttribute('role', 'grid');
  board.setAttribute('aria-label', `${page.title || game} board`);
  const status = el('p', { class: 'status', role: 'status' });
  const error = el('div', { class: 'error', role: 'alert' });
  const side = el('select', { 'aria-label': 'to move', class: 'to-move' }, ...sides.map((s, i) => el('option', { value: PLAYER[i] }, `${s} to move`)));
  const undo = el('button', { type: 'button', class: 'undo' }, 'Undo');
  const computer = el('button', { type: 'button', class: 'computer' }, 'Engine moves');
  const kv = (name, cls) => [el('dt', {}, name), el('dd', { class: cls }, '–')];
  const values = el('dl', { class: 'kv' }, ...kv('value', 'value'), ...kv('outcome', 'outcome'), ...kv('verdict', 'verdict'));
  const moves = el('table', { class: 'data moves' });
  root.append(style, el('div', { class: 'onag-widget' },
    el('section', { class: 'board-col' }, el('h3', { class: 'title' }, page.title || game), error,
      el('div', { class: 'board-wrap' }, board), status, el('div', { class: 'toolbar' }, side, undo, computer)),
    el('section', { class: 'side-col' }, values,
      el('div', { class: 'scroll', style: { maxHeight: '260px', overflow: 'auto' } }, moves))));

  const entry = () => state.history[state.cursor];

  /** Writes the entry at the cursor to the model (the position Python reads). */
  function write() {
    const e = entry();
    state.writing = true;
    model.set('position', e.pos);
    model.set('to_move', PLAYER[e.toMove]);
    model.save_changes();
    state.writing = false;
  }

  function draw() {
    const e = entry();
    const r = state.report;
    const ms = r ? r.moves : [];
    const refocus = board.contains(board.getRootNode().activeElement);
    const drawn = drawLoopy(board, { pos: e.pos, moves: ms, selected: state.selected, hints: true, last: e.move ? { move: e.move, by: PLAYER[1 - e.toMove] } : null }, look);
    // The pages' keyboard and pointer play: one Tab stop, arrows, Enter; a tap activates.
    keyboardBoard(board, drawn.cols, activate, () => { state.selected = null; draw(); });
    if (refocus) (board.querySelector(`[data-key="${board.dataset.focus}"]`) || board.querySelector('[tabindex="0"]'))?.focus();
    side.value = PLAYER[e.toMove];
    undo.disabled = state.cursor <= 0;
    computer.disabled = !r || r.computer === null || r.computer === undefined;
    const set = (cls, v) => { values.querySelector(`.${cls}`).textContent = v === null || v === undefined ? '–' : String(v); };
    set('value', r ? r.value : null);
    set('outcome', r ? `${r.outcome_text}: ${r.outcome_words}` : null);
    set('verdict', r ? r.verdict : null);
    moves.replaceChildren(...ms.map((m, i) => el('tr', { 'data-label': m.label, class: m.result === 'win' ? 'win' : m.result === 'loss' ? 'lose' : 'draw' },
      el('td', {}, el('button', { type: 'button', onclick: () => play(i) }, m.label)),
      el('td', { class: 'mark' }, MARK[m.result]), el('td', {}, m.result))));
  }

  /** Asks the engine for the entry at the cursor, then draws it (a later request wins). */
  async function step() {
    const gen = ++state.gen;
    const e = entry();
    state.report = null;
    state.selected = null;
    delete status.dataset.ready;
    status.textContent = 'solving the game graph…';
    draw();
    try {
      const r = await api('loopy/position', { game, position: e.pos, to_move: PLAYER[e.toMove] });
      if (gen !== state.gen) return;
      state.report = r;
      error.textContent = '';
      status.textContent = `${sides[e.toMove]} to move: ${r.verdict}`;
    } catch (err) {
      if (gen !== state.gen) return;
      error.textContent = err.message;
      status.textContent = '';
    }
    draw();
    status.dataset.ready = '1';
  }

  /** Plays move `i` of the report for the side to move; the other side moves next. */
  function play(i) {
    const e = entry();
    const m = state.report && state.report.moves[i];
    if (!m) return;
    state.history = state.history.slice(0, state.cursor + 1);
    state.history.push({ pos: m.position, toMove: 1 - e.toMove, move: m });
    state.cursor += 1;
    write();
    step();
  }

  /** A tap on square `key`: select a piece with moves, or play the selected piece's move there. */
  function activate(key) {
    const r = state.report;
    if (!r) return;
    const k = (rc) => look.key(rc);
    // a move button of a text board (loopyboard.js): `m:INDEX`
    if (key.startsWith('m:')) { const i = Number(key.slice(2)); if (r.moves[i]) play(i); return; }
    if (state.selected) {
      const i = r.moves.findIndex((m) => k(m.from) === state.selected && k(m.to) === key);
      if (i >= 0) { play(i); return; }
    }
    const from = r.moves.filter((m) => k(m.from) === key);
    state.selected = from.length && state.selected !== key ? key : null;
    draw();
  }

  /** A position from the model or the side box: a new history starts there. */
  function setPosition(text, toMove, fromUser) {
    let pos;
    try { pos = look.check(text); } catch (err) { error.textContent = err.message; return; }
    state.history = [{ pos, toMove, move: null }];
    state.cursor = 0;
    if (fromUser) write();
    step();
  }
  side.addEventListener('change', () => {
    const e = entry();
    state.history = state.history.slice(0, state.cursor + 1);
    state.history.push({ pos: e.pos, toMove: side.value === 'right' ? 1 : 0, move: null });
    state.cursor += 1;
    write();
    step();
  });
  undo.addEventListener('click', () => {
    if (state.cursor <= 0) return;
    state.cursor -= 1;
    write();
    step();
  });
  computer.addEventListener('click', () => {
    const r = state.report;
    if (r && r.computer !== null && r.computer !== undefined) play(r.computer);
  });
  const toMoveIndex = () => (model.get('to_move') === 'right' ? 1 : 0);
  const fromModel = () => {
    if (state.writing) return;
    const e = entry();
    if (e && e.pos === model.get('position') && e.toMove === toMoveIndex()) return;
    setPosition(model.get('position'), toMoveIndex(), false);
  };
  model.on('change:position', fromModel);
  model.on('change:to_move', fromModel);
  setPosition(model.get('position'), toMoveIndex(), false);
  return () => {
    model.off('change:position', fromModel);
    model.off('change:to_move', fromModel);
  };
}

/** anywidget's entry point: the widget in a shadow root, so the pages' styles stay inside it. */
export function render({ model, el: host, sources }) {
  const root = host.attachShadow ? host.attachShadow({ mode: 'open' }) : host;
  return mount({ model, root, sources });
}
