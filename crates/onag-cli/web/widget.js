// A live board for notebooks (an anywidget front end): the pages' own board drawing (pieces.js:
// grids, pieces of cake, any notation as text), their value panel pieces and moves table
// (play.js) and their WebAssembly engine (engine.js, worker.js), mounted in one element.
//
// The model (anywidget's: get/set/on/save_changes) holds `position` (the game's notation; a
// heap game: the heap sizes separated by spaces), `to_move` ('left' or 'right'), `game` (a
// registered game's name, or a heap game's code), `page` (the registry's page data; for heaps
// {board: 'heaps'}), `misere` (impartial games: misère play, the player who cannot move wins)
// and `_wasm` (the engine's bytes). The user edits the board, plays moves for
// either side (each move's value and ✓/✗ as on the pages), asks the engine for a move and
// undoes; every change of the position is written back to the model, and a position set on
// the model (from Python) redraws the board.
import { api, el } from './common.js';
import { provideEngine } from './engine.js';
import { gridLook, drawGrid, diffMove, CAKE, TEXT, svg, U } from './pieces.js';
import { keyboardBoard, movesTable, readableLabels, misereAnalysis, misereCall } from './play.js';
import { MAX_EDGES, layout, prune, cut, toEngine, whichCut, edgeName, falls, drawPicture } from './picture.js';

const PLAYER = ['left', 'right'];
const SIDES = ['Left (blue)', 'Right (red)'];

/** A strip of Toads and Frogs ('T' toad, 'F' frog, '.' empty; counts repeat) as one grid row. */
const STRIP_CELLS = [
  { symbol: '.', piece: 'empty', edit: true },
  { symbol: 'T', piece: 'left-stone', edit: true },
  { symbol: 'F', piece: 'right-stone', edit: true },
];
/** `T2.2F2` → `TT..FF` (the engine's notation allows counts after a square). */
const expandStrip = (text) => String(text).trim().replace(/([TF.])(\d+)/g, (_, ch, n) => ch.repeat(Math.min(Number(n), 200)));

/** The heaps of a heap game's position ("3 5 7"). */
function parseHeaps(text) {
  const parts = String(text).trim().split(/[\s,+]+/).filter(Boolean);
  const heaps = parts.map((p) => {
    if (!/^\d+$/.test(p)) throw new Error(`'${p}' is not a heap size (whole numbers separated by spaces)`);
    return Number(p);
  });
  return heaps.filter((n) => n > 0);
}

/** A `+` cell of the heap editor at column `c`, row `r` (a square wide, so a tap finds it). */
const plus = (key, c, r, label, text) => svg('g', { class: 'cell target', 'data-key': key, role: 'gridcell', 'aria-label': label },
  svg('rect', { x: c * U + 4, y: r * U + 4, width: U - 8, height: U - 8, rx: 14, class: 'sq', fill: 'transparent' }),
  svg('text', { x: c * U + U / 2, y: r * U + U * 0.65, 'text-anchor': 'middle', class: 'move-label' }, text));

/**
 * A heap game's board: each heap a row of counters. Playing: the moves are the table's buttons
 * (a heap may split); editing: a tap on counter k of a heap leaves k − 1 counters, the `+` at a
 * row's end adds one, the last row's `+` adds a heap.
 */
const HEAPS = {
  check: (text) => parseHeaps(text).join(' '),
  diff: (before, after, index) => ({ kind: 'text', cells: [`m:${index}`], anchors: [`m:${index}`], target: null, targetOf: () => null, focus: `m:${index}` }),
  edit(pos, key) {
    const heaps = parseHeaps(pos);
    const [what, i, k] = key.split(':');
    if (what === 'add') heaps[Number(i)] = (heaps[Number(i)] || 0) + 1;
    else heaps[Number(i)] = Number(k);
    return heaps.filter((n) => n > 0).join(' ');
  },
  draw(board, view) {
    const heaps = parseHeaps(view.pos);
    const cols = Math.max(4, ...heaps.map((n) => n + 1));
    const rows = [];
    heaps.forEach((n, i) => {
      const cells = [];
      for (let k = 0; k < n; k++) {
        cells.push(svg('g', { class: `cell${view.editing ? ' target' : ''}`, 'data-key': view.editing ? `h:${i}:${k}` : undefined, role: 'gridcell', 'aria-label': `heap ${i + 1}, counter ${k + 1}` },
          svg('circle', { cx: k * U + U / 2, cy: i * U + U / 2, r: U * 0.36, class: 'counter', fill: 'var(--counter)', stroke: 'var(--counter-edge)', 'stroke-width': 6 })));
      }
      if (view.editing) cells.push(plus(`add:${i}`, n, i, `heap ${i + 1}: one more`, '+'));
      rows.push(svg('g', { role: 'row', 'aria-label': `heap ${i + 1}: ${n}` }, cells));
    });
    if (view.editing) rows.push(svg('g', { role: 'row' }, plus(`add:${heaps.length}`, 0, heaps.length, 'a new heap', '+ heap')));
    const height = Math.max(1, heaps.length + (view.editing ? 1 : 0));
    board.setAttribute('viewBox', `-4 -4 ${cols * U + 8} ${height * U + 8}`);
    board.replaceChildren(...rows);
    return { rows: height, cols };
  },
};

/**
 * A graph game's board (Hackenbush): the pages' picture (picture.js). The position is the
 * engine's notation; each notation keeps the picture it was made from, so a cut leaves the
 * rest where it was. Editing: the pen (`editor.pen`: b, r, g or erase) draws an edge between
 * two tapped points or erases a tapped edge; edges that do not reach the ground yet stay on
 * screen while editing and fall away in play.
 */
function graphLook() {
  const pics = new Map();
  const picOf = (text) => { if (!pics.has(text)) pics.set(text, layout(text)); return pics.get(text); };
  const remember = (pic) => {
    if (pic.e.length > MAX_EDGES) throw new Error(`the picture has ${pic.e.length} edges; the widget takes at most ${MAX_EDGES}`);
    const text = toEngine(prune(pic));
    pics.set(text, pic);
    return text;
  };
  const played = (pos) => prune(picOf(pos));
  const editor = { pen: 'b', pending: null };
  return {
    editor,
    check(text) {
      const t = String(text).trim();
      return pics.has(t) ? t : remember(layout(t));
    },
    diff(pos, after, index, m) {
      const pic = played(pos);
      const edge = whichCut(pic, m);
      if (edge === null) return null;
      const key = `e:${edge}`;
      return { kind: 'edge', cells: [key], anchors: [key], target: null, targetOf: () => null, focus: key, edge, name: edgeName(pic, edge, m.label), gone: falls(pic, edge) };
    },
    label: (g) => g.name,
    apply(pos, move) { return move.geometry ? remember(cut(played(pos), move.geometry.edge)) : this.check(move.position); },
    edit(pos, key) {
      const from = picOf(pos);
      const pic = { v: from.v.map((p) => [...p]), e: from.e.map((e) => [...e]) };
      if (key.startsWith('e:')) {
        if (editor.pen !== 'erase') return null;
        pic.e.splice(Number(key.slice(2)), 1);
        return remember(pic);
      }
      const [x, y] = key.slice(2).split(',').map(Number);
      const first = editor.pending;
      if (!first || (first[0] === x && first[1] === y)) { editor.pending = first ? null : [x, y]; return null; }
      editor.pending = null;
      if (first[1] === 0 && y === 0) throw new Error('both ends are on the ground: an edge needs at least one end above it');
      const vertex = ([px, py]) => {
        const found = pic.v.findIndex(([qx, qy]) => qx === px && qy === py);
        if (found >= 0) return found;
        pic.v.push([px, py]);
        return pic.v.length - 1;
      };
      pic.e.push([vertex(first), vertex([x, y]), editor.pen]);
      return remember(pic);
    },
    draw(board, view) {
      const moves = view.moves.filter((m) => m.geometry).map((m) => ({ ...m, edge: m.geometry.edge }));
      const last = view.last && view.last.move.geometry ? { ...view.last, move: { gone: view.last.move.geometry.gone } } : null;
      return drawPicture(board, {
        pic: view.editing ? picOf(view.pos) : played(view.pos), moves, all: [], remoteness: null, hints: view.hints, last,
        editing: view.editing, erasing: editor.pen === 'erase', pending: editor.pending,
      });
    },
  };
}

/**
 * A board of squares whose moves start at one square and end at another (a coin and the far
 * corner of its rectangle, a queen and where it goes): `read(pos)` gives {rows, cols, marks:
 * Map key → mark}; `piece(mark, x, y, newest)` draws one; a move is found by comparing the
 * marks before and after it (`ends(before, after)` → [from, to]); `toggle` is the editor's tap.
 */
function squaresLook({ read, print, piece, ends, shade, toggle }) {
  return {
    check: (text) => print(read(text)),
    diff(before, after) {
      let a; let b;
      try { a = read(before); b = read(after); } catch { return null; }
      const [from, to] = ends(a, b);
      if (!from) return null;
      return { kind: 'move', cells: [from, to], anchors: [from], from, to, target: to, targetOf: (k) => (k === from ? to : null), focus: from };
    },
    edit(pos, key) { return print(toggle(read(pos), key)); },
    draw(board, view) {
      const { rows, cols, marks } = read(view.pos);
      const from = new Map();
      for (const m of view.moves) if (m.geometry) from.set(m.geometry.from, [...(from.get(m.geometry.from) || []), m]);
      const shown = view.selected ? (from.get(view.selected) || []) : [];
      const to = new Map(shown.map((m) => [m.geometry.to, m]));
      const lastTo = view.last && view.last.move.geometry ? view.last.move.geometry.to : null;
      const rowsOut = [];
      for (let r = 0; r < rows; r++) {
        const cells = [];
        for (let c = 0; c < cols; c++) {
          const key = `${r},${c}`;
          const x = c * U; const y = r * U;
          const move = to.get(key);
          const playable = from.has(key) || Boolean(move) || view.editing;
          cells.push(svg('g', {
            class: `cell${playable ? ' target' : ''}${view.selected === key ? ' selected' : ''}${move ? (move.winning ? ' win' : ' lose') : ''}`,
            'data-key': key, role: 'gridcell', tabindex: -1,
            'aria-label': `${key}${marks.has(key) ? ` ${marks.get(key)}` : ''}${move ? `: value after ${move.value}, ${move.winning ? 'winning' : 'losing'}` : ''}`,
          },
          svg('rect', { x, y, width: U, height: U, fill: shade(r, c), stroke: view.selected === key ? 'var(--focus)' : 'var(--line)', 'stroke-width': view.selected === key ? 8 : 2 }),
          marks.has(key) ? piece(marks.get(key), x, y, key === lastTo) : null,
          move ? svg('text', { x: x + U - 16, y: y + 26, 'text-anchor': 'middle', class: `mark ${move.winning ? 'win' : 'lose'}` }, move.winning ? '✓' : '✗') : null,
          move ? svg('title', {}, `${move.label}: value after ${move.value}`) : null));
        }
        rowsOut.push(svg('g', { role: 'row' }, cells));
      }
      board.setAttribute('viewBox', `-4 -4 ${cols * U + 8} ${rows * U + 8}`);
      board.replaceChildren(...rowsOut);
      return { rows, cols };
    },
  };
}

/**
 * Turning Corners' coins (`RxC:r,c …`, the heads, 1-based): a move turns a heads coin and the
 * other corners of a rectangle above and left of it; the rectangle's far corner ends it (the
 * coin itself, for the coin turned alone).
 */
const COINS = squaresLook({
  read(text) {
    const m = /^\s*(\d+)x(\d+):(.*)$/.exec(String(text));
    if (!m) throw new Error('a board of coins is RxC:r,c r,c … (the size, then the heads, 1-based)');
    const rows = Number(m[1]); const cols = Number(m[2]);
    if (rows < 1 || cols < 1 || rows > 16 || cols > 16) throw new Error('the widget takes boards of 1 to 16 rows and columns');
    const marks = new Map();
    for (const p of m[3].trim().split(/\s+/).filter(Boolean)) {
      const q = /^(\d+),(\d+)$/.exec(p);
      if (!q || Number(q[1]) < 1 || Number(q[2]) < 1 || Number(q[1]) > rows || Number(q[2]) > cols) throw new Error(`'${p}' is not a coin of a ${rows} × ${cols} board`);
      marks.set(`${Number(q[1]) - 1},${Number(q[2]) - 1}`, 'heads');
    }
    return { rows, cols, marks };
  },
  print({ rows, cols, marks }) {
    const heads = [...marks.keys()].map((k) => k.split(',').map(Number)).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    return `${rows}x${cols}:${heads.map(([r, c]) => `${r + 1},${c + 1}`).join(' ')}`;
  },
  ends(a, b) {
    const turned = [...new Set([...a.marks.keys(), ...b.marks.keys()])].filter((k) => a.marks.has(k) !== b.marks.has(k)).map((k) => k.split(',').map(Number));
    if (!turned.length) return [null, null];
    const r1 = Math.min(...turned.map(([r]) => r)); const c1 = Math.min(...turned.map(([, c]) => c));
    const r2 = Math.max(...turned.map(([r]) => r)); const c2 = Math.max(...turned.map(([, c]) => c));
    return [`${r2},${c2}`, `${r1},${c1}`];
  },
  piece: (mark, x, y, newest) => svg('circle', { cx: x + U / 2, cy: y + U / 2, r: U * 0.34, fill: 'var(--gold)', stroke: 'var(--gold-edge)', 'stroke-width': newest ? 10 : 6, class: 'coin heads' }),
  shade: () => 'var(--tail)',
  toggle(board, key) {
    if (board.marks.has(key)) board.marks.delete(key); else board.marks.set(key, 'heads');
    return board;
  },
});

/**
 * Wythoff's queens (`SIDE:x,y …`, 0-based, (0, 0) the corner at the bottom left): a queen moves
 * left, down or diagonally down-left; queens may share a square.
 */
const QUEENS = squaresLook({
  read(text) {
    const m = /^\s*(\d+):(.*)$/.exec(String(text));
    if (!m) throw new Error('a board of queens is SIDE:x,y x,y … (0-based)');
    const side = Number(m[1]);
    if (side < 1 || side > 24) throw new Error('the widget takes sides of 1 to 24');
    const marks = new Map(); const list = [];
    for (const p of m[2].trim().split(/\s+/).filter(Boolean)) {
      const q = /^(\d+),(\d+)$/.exec(p);
      if (!q || Number(q[1]) >= side || Number(q[2]) >= side) throw new Error(`'${p}' is not a square of a ${side} × ${side} board`);
      const key = `${side - 1 - Number(q[2])},${Number(q[1])}`;
      marks.set(key, (marks.get(key) || 0) + 1);
      list.push(key);
    }
    return { rows: side, cols: side, marks, list };
  },
  print({ rows, list }) {
    return `${rows}:${list.map((k) => { const [r, c] = k.split(',').map(Number); return `${c},${rows - 1 - r}`; }).join(' ')}`;
  },
  ends(a, b) {
    const left = [...a.list]; const added = [];
    for (const k of b.list) { const i = left.indexOf(k); if (i >= 0) left.splice(i, 1); else added.push(k); }
    return left.length === 1 && added.length === 1 ? [left[0], added[0]] : [null, null];
  },
  piece: (count, x, y, newest) => svg('g', { class: `queen${newest ? ' newest' : ''}` },
    svg('text', { x: x + U / 2, y: y + U * 0.72, 'text-anchor': 'middle', 'font-size': U * 0.62, fill: 'var(--queen-edge)' }, '♛'),
    count > 1 ? svg('text', { x: x + U - 14, y: y + U - 10, 'text-anchor': 'end', 'font-size': U * 0.26 }, `×${count}`) : null),
  shade: (r, c) => ((r + c) % 2 ? 'var(--board-dark)' : 'var(--board-light)'),
  toggle(board, key) {
    const i = board.list.indexOf(key);
    if (i >= 0) board.list.splice(i, 1); else board.list.push(key);
    return board;
  },
});

/** How a board kind of the registry (`page.board`) is read, checked, edited and drawn. */
export function lookOf(page) {
  if (page.board === 'grid') return gridLook(page);
  if (page.board === 'pieces') return CAKE;
  if (page.board === 'strip') {
    const look = gridLook({ ...page, cells: STRIP_CELLS });
    const check = (text) => {
      const t = expandStrip(text);
      if (!/^[TF.]+$/.test(t)) throw new Error(`a strip holds only T, F and . ('${t}')`);
      return t;
    };
    return { ...look, check, resize: undefined };
  }
  if (page.board === 'heaps') return HEAPS;
  if (page.board === 'graph') return graphLook();
  if (page.board === 'coins') return COINS;
  if (page.board === 'queens') return QUEENS;
  // Any other notation: the position written out, the moves as buttons (the pages' text board).
  return TEXT;
}

/** The engine's analysis of `pos` with `toMove` to move, in the shape the pages' table reads. */
async function analyse(game, page, look, pos, toMove, misere = false) {
  if (page.board === 'heaps' && misere) {
    // Misère play: each move with the genus it leaves and its misère ✓/✗; no heap left is a
    // win for the player to move (they cannot move).
    const heaps = parseHeaps(pos);
    const data = heaps.length ? await misereCall('heaps/position', { code: game, heaps })
      : { heaps: [], genus: '0^120', misere_grundy: 1, outcome: 'N', moves: [], computer: null };
    const moves = data.moves.map((m, index) => ({
      index, player: null, label: m.text, position: m.heaps_after.join(' '), genus: m.genus_after ?? `Φ ${m.image_after}`, winning: m.winning,
      geometry: HEAPS.diff(pos, '', index),
    }));
    const chosen = data.computer ? data.moves.findIndex((m) => m.text === data.computer.text) : null;
    return {
      data: { ...data, misere: true, position: heaps.join(' '), form: null, computer: { left: chosen, right: chosen } },
      moves,
    };
  }
  if (page.board !== 'heaps' && misere) {
    const data = misereAnalysis(await misereCall('game/analyze', { game, position: pos }));
    const moves = data.moves.map((m) => {
      const after = page.board === 'strip' ? expandStrip(m.position) : m.position;
      const geometry = look.diff ? look.diff(pos, after, m.index, m) : diffMove(pos, after, look.isEmpty);
      return { ...m, position: after, geometry, label: look.label && geometry ? look.label(geometry) : m.label };
    });
    return { data, moves };
  }
  if (page.board === 'heaps') {
    const heaps = parseHeaps(pos);
    const nim = (n) => (n ? `*${n}` : '0');
    // No heap left: no move, nothing to ask the engine.
    const data = heaps.length ? await api('heaps/position', { code: game, heaps })
      : { heaps: [], nim_sum: 0, to_move_wins: false, moves: [], computer: null };
    const moves = data.moves.map((m, index) => ({
      index, player: null, label: m.text, position: m.heaps_after.join(' '), value: nim(m.nim_sum_after), mean: '–', winning: m.winning,
      geometry: HEAPS.diff(pos, '', index),
    }));
    const chosen = data.computer ? data.moves.findIndex((m) => m.text === data.computer.text) : null;
    return {
      data: {
        ...data, position: heaps.join(' '), value: nim(data.nim_sum), grundy: data.nim_sum,
        outcome: data.to_move_wins ? 'N' : 'P', outcome_words: data.to_move_wins ? 'the player to move wins' : 'the player to move loses',
        temperature: null, atomic_weight: null, thermograph: null, computer: { left: chosen, right: chosen }, remoteness: null,
      },
      moves,
    };
  }
  const data = await api('game/analyze', { game, position: pos });
  const mover = PLAYER[toMove];
  const moves = data.moves
    .map((m, index) => {
      const after = page.board === 'strip' ? expandStrip(m.position) : m.position;
      const geometry = look.diff ? look.diff(pos, after, index, m) : diffMove(pos, after, look.isEmpty);
      return { ...m, position: after, index, geometry, label: look.label && geometry ? look.label(geometry) : m.label };
    })
    .filter((m) => m.player === null || m.player === mover);
  return { data, moves };
}

/** The bytes of the model's `_wasm` (ipywidgets hands binary traits over as a DataView). */
function wasmBytes(value) {
  if (!value) return new Uint8Array(0);
  if (typeof value === 'string') return Uint8Array.from(atob(value), (c) => c.charCodeAt(0));
  return value;
}

/**
 * Mounts the widget of `model` in `root` (an element or a shadow root); returns a function that
 * unmounts it. `sources` are the pages' files by name (worker.js and style.css are read here).
 */
export function mount({ model, root, sources }) {
  provideEngine({ wasm: wasmBytes(model.get('_wasm')), worker: sources['worker.js'] });
  const game = model.get('game');
  const page = model.get('page');
  const look = lookOf(page);
  const state = { history: [], cursor: 0, editing: false, selected: null, gen: 0 };

  const style = el('style', {}, `${(sources['style.css'] || '').replace(/:root/g, ':host')}
:host { display: block; }
.onag-widget { color: var(--ink); background: var(--bg); font: 14px/1.45 system-ui, sans-serif; padding: 10px; border-radius: 10px; display: flex; flex-wrap: wrap; gap: 14px; }
.onag-widget .board-col { flex: 1 1 320px; min-width: 0; }
.onag-widget .side-col { flex: 1 1 280px; min-width: 0; }
.onag-widget .toolbar { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; margin: 6px 0; }
.onag-widget .thermo svg { max-width: 320px; }
.onag-widget .error:empty { display: none; }
.onag-widget h3.title { margin: 0 0 6px; font-size: 1.05rem; }`);
  const board = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  board.setAttribute('class', 'gameboard');
  board.setAttribute('role', 'grid');
  board.setAttribute('aria-label', `${game} board`);
  const wrap = el('div', { class: 'board-wrap' }, board);
  const status = el('p', { class: 'status', role: 'status' });
  const error = el('div', { class: 'error', role: 'alert' });
  const side = el('select', { 'aria-label': 'to move', class: 'to-move' }, ...SIDES.map((s, i) => el('option', { value: PLAYER[i] }, `${s} to move`)));
  // Impartial games (heap games, and the registry's impartial ones) switch to misère play.
  const misereBox = page.board === 'heaps' || page.impartial
    ? el('input', { type: 'checkbox', class: 'misere', title: 'misère play: the player who cannot move wins' }) : null;
  if (misereBox) misereBox.checked = Boolean(model.get('misere'));
  const undo = el('button', { type: 'button', class: 'undo' }, 'Undo');
  const computer = el('button', { type: 'button', class: 'computer' }, 'Engine moves');
  const editBox = el('input', { type: 'checkbox', class: 'edit' });
  const pen = look.editor ? el('select', { class: 'pen', 'aria-label': 'what a tap draws', hidden: true },
    el('option', { value: 'b' }, 'blue edge'), el('option', { value: 'r' }, 'red edge'),
    el('option', { value: 'g' }, 'green edge'), el('option', { value: 'erase' }, 'erase')) : null;
  const text = el('input', { class: 'mono notation', spellcheck: 'false', 'aria-label': "position in the game's notation", size: 24 });
  const rows = el('input', { type: 'number', min: 1, max: 12, class: 'rows', 'aria-label': 'rows', style: { width: '4em' } });
  const cols = el('input', { type: 'number', min: 1, max: 12, class: 'cols', 'aria-label': 'columns', style: { width: '4em' } });
  const kv = (name, cls) => [el('dt', {}, name), el('dd', { class: cls }, '–')];
  const values = el('dl', { class: 'kv' }, ...kv('value', 'value'), ...kv('outcome', 'outcome'), ...kv('temperature', 'temperature'), ...kv('atomic weight', 'atomic'));
  const thermo = el('div', { class: 'thermo', role: 'img', 'aria-label': 'thermograph' });
  const moves = el('table', { class: 'data moves' });
  const container = el('div', { class: 'onag-widget' },
    el('section', { class: 'board-col' }, el('h3', { class: 'title' }, page.title || game), error, wrap, status,
      el('div', { class: 'toolbar' }, side, undo, computer,
        misereBox ? el('label', { class: 'check' }, misereBox, ' misère') : null,
        look.edit ? el('label', { class: 'check' }, editBox, ' edit') : null, pen,
        look.resize ? el('span', { class: 'size' }, rows, ' × ', cols) : null),
      el('form', { class: 'toolbar', onsubmit: (e) => { e.preventDefault(); setPosition(text.value, true); } },
        text, el('button', { type: 'submit' }, 'Set'))),
    el('section', { class: 'side-col' }, values, thermo,
      el('div', { class: 'scroll', style: { maxHeight: '260px', overflow: 'auto' } }, moves)));
  root.append(style, container);

  const entry = () => state.history[state.cursor];
  const toMoveIndex = () => (model.get('to_move') === 'right' ? 1 : 0);

  function check(pos) {
    return look.check ? look.check(pos, 400) : (() => { const g = String(pos).trim(); if (!g) throw new Error('the position is empty'); return g; })();
  }

  /** Starts from `pos` (a new line of play; the old one stays under Undo). */
  function setPosition(pos, fromUser) {
    let checked;
    try { checked = check(pos); } catch (err) { error.textContent = err.message; return; }
    error.textContent = '';
    const toMove = toMoveIndex();
    state.history = state.history.slice(0, state.cursor + 1);
    state.history.push({ pos: checked, toMove, move: null, analysis: null });
    state.cursor = state.history.length - 1;
    // A position from Python goes back only when the board writes it otherwise (a Hackenbush
    // picture's vertices renumbered in its drawing's order): the model holds what is shown.
    if (fromUser || checked !== model.get('position')) write();
    step();
  }

  /** Writes the shown position (and the side to move) to the model: Python hears it. */
  function write() {
    const e = entry();
    // The model echoes our own sets as change events: they are not news from Python.
    state.writing = true;
    try {
      if (model.get('position') !== e.pos) model.set('position', e.pos);
      if (model.get('to_move') !== PLAYER[e.toMove]) model.set('to_move', PLAYER[e.toMove]);
    } finally { state.writing = false; }
    model.save_changes();
  }

  async function step() {
    const gen = ++state.gen;
    const e = entry();
    draw();
    if (!e.analysis) {
      status.textContent = 'analysing…';
      try {
        e.analysis = await analyse(game, page, look, e.pos, e.toMove, Boolean(model.get('misere')));
      } catch (err) {
        if (gen !== state.gen) return;
        error.textContent = err.message;
        status.textContent = 'The position could not be analysed.';
        draw();
        status.dataset.ready = 'error';
        return;
      }
      if (gen !== state.gen) return;
    }
    const n = e.analysis.moves.length;
    const wins = e.analysis.moves.filter((m) => m.winning).length;
    const misere = Boolean(e.analysis.data && e.analysis.data.misere);
    status.textContent = n === 0 ? `${SIDES[e.toMove]} cannot move and ${misere ? 'wins (misère play)' : 'loses'}.`
      : `${SIDES[e.toMove]} to move: ${wins} of ${n} moves win (✓${misere ? ' in misère play' : ''}).`;
    status.dataset.ready = '1';
    draw();
  }

  function view() {
    const e = entry();
    const last = e.move ? { move: e.move, by: 'you', side: 1 - e.toMove } : null;
    const canPlay = Boolean(e.analysis) && !state.editing;
    return { pos: e.pos, analysis: e.analysis, toMove: e.toMove, last, hints: true, canPlay, stale: !e.analysis };
  }

  /**
   * The moves that led to the position on show, back to where it was set (for boards that keep
   * no trace of who played what: Domineering's dominoes are drawn from them).
   */
  function played() {
    const out = [];
    for (let i = state.cursor; i > 0 && state.history[i].move; i--) {
      const h = state.history[i];
      if (h.move.geometry) out.unshift({ geometry: h.move.geometry, side: 1 - h.toMove });
    }
    return out;
  }

  function draw() {
    const v = view();
    const e = entry();
    delete status.dataset.ready;
    const playable = v.canPlay ? v.analysis.moves : [];
    const drawn = (look.draw || drawGrid)(board, {
      pos: v.pos, moves: playable, selected: state.selected, hints: true, last: v.last, toMove: v.toMove,
      editing: state.editing, played: played(), remoteness: null,
    }, look);
    board.classList.toggle('stale', v.stale);
    const cell = Math.max(28, Math.min(84, Math.floor(440 / Math.max(drawn.cols, 1))));
    board.setAttribute('width', Math.round(cell * drawn.cols));
    board.setAttribute('height', Math.round(cell * drawn.rows));
    keyboardBoard(board, drawn.cols, activate, () => { state.selected = null; draw(); });
    text.value = e.pos;
    side.value = PLAYER[e.toMove];
    undo.disabled = state.cursor === 0;
    computer.disabled = !v.canPlay || playable.length === 0;
    if (look.resize) {
      try { const g = e.pos.split('|'); rows.value = g.length; cols.value = [...g[0]].length; } catch { /* not a grid */ }
    }
    const a = v.analysis && v.analysis.data;
    const set = (cls, value) => { values.querySelector(`.${cls}`).textContent = value === null || value === undefined ? '–' : String(value); };
    if (a && a.misere) {
      // Misère play: the misère canonical form (registry games) or the genus (a sum of heaps).
      // A wild sum of heaps past the forms' bound: its image in the misère quotient instead.
      set('value', a.form ? `${a.form} (genus ${a.genus})` : a.genus != null ? `genus ${a.genus}` : `image ${a.image} in Q_${a.method.max_heap}`);
      set('outcome', `${a.outcome}: the ${a.outcome === 'N' ? 'player to move' : 'other player'} wins (misère play)`);
    } else {
      set('value', a ? (a.grundy !== null && a.grundy !== undefined && page.board !== 'heaps' ? `${a.value} (Grundy value ${a.grundy})` : a.value) : null);
      set('outcome', a ? `${a.outcome}: ${a.outcome_words}` : null);
    }
    set('temperature', a ? a.temperature : null);
    set('atomic', a ? a.atomic_weight : null);
    // The SVG comes from our own engine (numbers and fixed markup only), so it is safe to insert.
    thermo.innerHTML = a && a.thermograph ? a.thermograph.svg : '';
    if (thermo.firstElementChild) readableLabels(thermo.firstElementChild);
    movesTable(moves, { ...v, misere: Boolean(a && a.misere) }, (m) => play(m));
    if (v.analysis) status.dataset.ready = '1';
  }

  /** A cell (or cut) was tapped: select, play or edit (as the grid page does). */
  function activate(key) {
    const v = view();
    if (state.editing) {
      let next;
      try { next = look.edit(v.pos, key); } catch (err) { error.textContent = err.message; draw(); return; }
      // null: the edit is not finished (the first end of an edge is chosen)
      if (next === null) draw(); else setPosition(next, true);
      return;
    }
    if (!v.canPlay) return;
    const ms = v.analysis.moves.filter((m) => m.geometry);
    const single = ms.filter((m) => m.geometry.anchors.includes(key) && m.geometry.target === null);
    if (single.length === 1) { single[0].geometry.tapped = key; play(single[0]); return; }
    if (state.selected) {
      const chosen = ms.find((m) => m.geometry.anchors.includes(state.selected) && m.geometry.targetOf(state.selected) === key);
      if (chosen) { play(chosen); return; }
    }
    const from = ms.filter((m) => m.geometry.anchors.includes(key));
    if (from.length === 1) { play(from[0]); return; }
    state.selected = from.length ? (state.selected === key ? null : key) : null;
    draw();
  }

  /** Plays `move` for the side to move; the other side moves next. */
  function play(move) {
    const e = entry();
    if (!e.analysis || !e.analysis.moves.includes(move)) return;
    state.selected = null;
    const pos = look.apply ? look.apply(e.pos, move) : move.position;
    state.history = state.history.slice(0, state.cursor + 1);
    state.history.push({ pos, toMove: 1 - e.toMove, move, analysis: null });
    state.cursor += 1;
    write();
    step();
  }

  side.addEventListener('change', () => {
    const e = entry();
    const toMove = side.value === 'right' ? 1 : 0;
    if (toMove === e.toMove) return;
    // The same position with the other side to move: its moves are the other side's.
    state.history = state.history.slice(0, state.cursor + 1);
    state.history.push({ pos: e.pos, toMove, move: null, analysis: e.analysis && page.board === 'heaps' ? e.analysis : null });
    state.cursor += 1;
    write();
    step();
  });
  undo.addEventListener('click', () => {
    if (state.cursor === 0) return;
    state.cursor -= 1;
    write();
    step();
  });
  computer.addEventListener('click', () => {
    const e = entry();
    if (!e.analysis || e.analysis.moves.length === 0) return;
    const a = e.analysis.data;
    const choice = a.computer ? (a.computer[PLAYER[e.toMove]] ?? a.computer.left) : null;
    play(e.analysis.moves.find((m) => m.index === choice) || e.analysis.moves.find((m) => m.winning) || e.analysis.moves[0]);
  });
  editBox.addEventListener('change', () => {
    state.editing = editBox.checked;
    state.selected = null;
    if (pen) { pen.hidden = !state.editing; look.editor.pending = null; }
    draw();
  });
  if (pen) pen.addEventListener('change', () => { look.editor.pen = pen.value; look.editor.pending = null; draw(); });
  const resize = () => {
    try { setPosition(look.resize(entry().pos, Number(rows.value), Number(cols.value)), true); } catch (err) { error.textContent = err.message; }
  };
  rows.addEventListener('change', resize);
  cols.addEventListener('change', resize);

  // Python sets the position (or the side to move): the board follows.
  const fromModel = () => {
    if (state.writing) return;
    const e = entry();
    const pos = model.get('position');
    const toMove = toMoveIndex();
    if (e && e.pos === pos && e.toMove === toMove) return;
    setPosition(pos, false);
  };
  model.on('change:position', fromModel);
  model.on('change:to_move', fromModel);
  // The convention, from the box or from Python: every analysis goes (no stale ✓/✗).
  const fromMisere = () => {
    if (misereBox) misereBox.checked = Boolean(model.get('misere'));
    for (const h of state.history) h.analysis = null;
    delete status.dataset.ready;
    step();
  };
  if (misereBox) {
    misereBox.addEventListener('change', () => {
      model.set('misere', misereBox.checked);
      model.save_changes();
    });
  }
  model.on('change:misere', fromMisere);
  state.history = [];
  state.cursor = -1;
  setPosition(model.get('position'), false);
  return () => {
    model.off('change:position', fromModel);
    model.off('change:to_move', fromModel);
    model.off('change:misere', fromMisere);
  };
}

/** anywidget's entry point: the widget in a shadow root, so the pages' styles stay inside it. */
export function render({ model, el: host, sources }) {
  const root = host.attachShadow ? host.attachShadow({ mode: 'open' }) : host;
  return mount({ model, root, sources });
}
