// Drawn pieces and boards of the grid games: the notation (rows joined by '|', one character a
// cell), what a move does (found by comparing the boards before and after it), each game's
// look (which character is which piece, how the editor cycles a cell), and the SVG board with
// stones, dominoes and coloured squares, ✓/✗ marks and the last move.

import { largestKnown, shadeStrength } from './board.js';

/** The remoteness after move `m` where the view knows it (`view.remoteness`, by move index), else null. */
function remotenessAfter(view, m) {
  const rem = view.remoteness;
  return rem && rem[m.index] !== undefined ? rem[m.index] : null;
}

const SVG = 'http://www.w3.org/2000/svg';
/** Cell size in SVG units. */
export const U = 100;

/** An SVG element: `svg('rect', {x: 1}, child…)`. */
export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null && v !== false) node.setAttribute(k, v === true ? '' : String(v));
  for (const c of children.flat()) if (c !== undefined && c !== null && c !== false) node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return node;
}

/** Rows of characters from the notation (rows joined by '|'); throws on ragged or empty text. */
export function parseGrid(text) {
  const rows = String(text).split('|').map((r) => [...r]);
  if (rows.length === 0 || rows[0].length === 0) throw new Error('the board has no cell');
  rows.forEach((r, i) => {
    if (r.length !== rows[0].length) throw new Error(`row ${i + 1} has ${r.length} cells, the first row ${rows[0].length} (rows are separated by '|')`);
  });
  return rows;
}

export const printGrid = (grid) => grid.map((r) => r.join('')).join('|');
export const cellKey = (r, c) => `${r},${c}`;
const at = (key) => key.split(',').map(Number);
/** The chess-like name of a cell: column letter, row number from the top (a1 top left). */
export const cellName = (key) => { const [r, c] = at(key); return `${String.fromCharCode(97 + c)}${r + 1}`; };

/**
 * What the move from `before` to `after` does, found by comparing the boards: the cells it
 * changed, the cells that start it (`anchors`) and, for two-cell moves, the cell that
 * finishes it from each anchor (`targetOf`); null when the boards cannot be compared.
 *  - one changed cell (a placement): `target` null — a tap plays it;
 *  - two cells filled, none emptied (a domino): either cell starts it, the other ends it;
 *  - a stone moved (a capture, a jump): it starts at the emptied cell holding the mover's stone
 *    and ends where that stone lands; other emptied cells are captures.
 */
export function diffMove(before, after, isEmpty = (ch) => ch === '.') {
  let a; let b;
  try { a = parseGrid(before); b = parseGrid(after); } catch { return null; }
  if (a.length !== b.length || a[0].length !== b[0].length) return null;
  const changed = [];
  a.forEach((row, r) => row.forEach((ch, c) => { if (ch !== b[r][c]) changed.push(cellKey(r, c)); }));
  if (changed.length === 0) return null;
  const before_ = (k) => { const [r, c] = at(k); return a[r][c]; };
  const after_ = (k) => { const [r, c] = at(k); return b[r][c]; };
  if (changed.length === 1) {
    return { kind: 'cell', cells: changed, anchors: changed, target: null, targetOf: () => null, focus: changed[0], to: changed[0], piece: after_(changed[0]) };
  }
  const emptied = changed.filter((k) => isEmpty(after_(k)));
  const filled = changed.filter((k) => !isEmpty(after_(k)));
  if (emptied.length === 0 && changed.length === 2) {
    const [p, q] = changed;
    return { kind: 'pair', cells: changed, anchors: changed, target: 'pair', targetOf: (k) => (k === p ? q : k === q ? p : null), focus: q };
  }
  const to = filled.length === 1 ? filled[0] : null;
  const from = to ? emptied.find((k) => before_(k) === after_(to)) : null;
  if (!to || !from) return { kind: 'other', cells: changed, anchors: changed, target: 'other', targetOf: () => null, focus: changed[0] };
  return {
    kind: 'move', cells: changed, anchors: [from], from, to, captured: emptied.filter((k) => k !== from),
    target: to, targetOf: (k) => (k === from ? to : null), focus: to,
  };
}

/** What each piece of the registry's page data (`page.cells[].piece`) is drawn as. */
const PIECE = { empty: null, block: 'block', 'left-stone': 'stone0', 'right-stone': 'stone1', 'left-tile': 'tile0', 'right-tile': 'tile1' };

/**
 * The look of a grid game from its page data in the registry (`info`: `cells`, `moves`,
 * `hint`, `presets`): `pieces` maps a character to what is drawn (stone / tile of a side, a
 * filled square), `cycle` is the editor's round of a cell (the cells marked `edit`),
 * `dominoes` whether a move covers two cells with a domino, `hint` the first line under the
 * board. Nothing here knows a game by name.
 */
export function gridLook(info) {
  const cells = info.cells && info.cells.length ? info.cells : [{ symbol: '.', piece: 'empty', edit: true }, { symbol: '#', piece: 'block', edit: true }];
  const pieces = Object.fromEntries(cells.filter((c) => PIECE[c.piece]).map((c) => [c.symbol, PIECE[c.piece]]));
  const cycle = cells.filter((c) => c.edit).map((c) => c.symbol);
  const empty = (cells.find((c) => c.piece === 'empty') || cells[0]).symbol;
  const empties = new Set(cells.filter((c) => c.piece === 'empty').map((c) => c.symbol));
  return {
    isEmpty: (ch) => empties.has(ch),
    pieces,
    cycle,
    empty,
    symbols: cells.map((c) => c.symbol),
    dominoes: info.moves === 'domino',
    hint: info.hint,
    edit(pos, key) {
      const grid = parseGrid(pos);
      const [r, c] = at(key);
      const i = cycle.indexOf(grid[r][c]);
      grid[r][c] = cycle[(i + 1) % cycle.length];
      return printGrid(grid);
    },
    resize(pos, rows, cols) {
      let grid;
      try { grid = parseGrid(pos); } catch { grid = [[empty]]; }
      return printGrid(Array.from({ length: rows }, (_, r) => Array.from({ length: cols }, (_, c) => (grid[r] && grid[r][c]) || empty)));
    },
  };
}

const SIDE_CLASS = ['blue', 'red'];

function defs() {
  const grad = (id, inner, outer) => svg('radialGradient', { id, cx: '35%', cy: '30%', r: '75%' },
    svg('stop', { offset: '0%', 'stop-color': inner }), svg('stop', { offset: '100%', 'stop-color': outer }));
  return svg('defs', {},
    grad('stone-blue', '#8fb6ff', '#1f4fae'),
    grad('stone-red', '#ff9a8f', '#a8261c'),
    svg('pattern', { id: 'hatch', width: 16, height: 16, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' },
      svg('rect', { width: 16, height: 16, class: 'hatch-bg' }), svg('line', { x1: 0, y1: 0, x2: 0, y2: 16, class: 'hatch-line' })));
}

/** A stone of side `s` in cell (r, c). */
const stone = (r, c, s, newest) => svg('g', { class: `piece stone ${SIDE_CLASS[s]}${newest ? ' newest' : ''}` },
  svg('circle', { cx: c * U + U / 2, cy: r * U + U / 2 + 3, r: U * 0.36, class: 'shadow' }),
  svg('circle', { cx: c * U + U / 2, cy: r * U + U / 2, r: U * 0.36, fill: `url(#stone-${SIDE_CLASS[s]})` }));

/** A coloured square of side `s`. */
const tile = (r, c, s, newest) => svg('g', { class: `piece tile ${SIDE_CLASS[s]}${newest ? ' newest' : ''}` },
  svg('rect', { x: c * U + 9, y: r * U + 9, width: U - 18, height: U - 18, rx: 14 }),
  svg('circle', { cx: c * U + U / 2, cy: r * U + U / 2, r: U * 0.12, class: 'pip' }));

/** A domino over cells p and q, of side `s` (or a translucent ghost). */
function domino(p, q, s, ghost = false, newest = false) {
  const [r1, c1] = at(p); const [r2, c2] = at(q);
  const r = Math.min(r1, r2); const c = Math.min(c1, c2);
  const vertical = c1 === c2;
  const w = vertical ? U : 2 * U; const h = vertical ? 2 * U : U;
  return svg('g', { class: `piece domino ${SIDE_CLASS[s]}${ghost ? ' ghost' : ''}${newest ? ' newest' : ''}` },
    svg('rect', { x: c * U + 7, y: r * U + 7, width: w - 14, height: h - 14, rx: 16 }),
    vertical
      ? svg('line', { x1: c * U + 24, y1: (r + 1) * U, x2: (c + 1) * U - 24, y2: (r + 1) * U })
      : svg('line', { x1: (c + 1) * U, y1: r * U + 24, x2: (c + 1) * U, y2: (r + 1) * U - 24 }),
    svg('circle', { cx: c * U + U / 2, cy: r * U + U / 2, r: 7, class: 'pip' }),
    svg('circle', { cx: vertical ? c * U + U / 2 : (c + 1) * U + U / 2, cy: vertical ? (r + 1) * U + U / 2 : r * U + U / 2, r: 7, class: 'pip' }));
}

const WORDS = { stone0: 'a blue stone', stone1: 'a red stone', tile0: 'blue', tile1: 'red', block: 'filled' };

/**
 * Draws the board of `view` ({pos, moves, selected, hints, last, editing, played}) into
 * `board` (an <svg>); returns {rows, cols}. Cells are <g data-key role=gridcell> for the
 * keyboard and the click handler (play.js).
 */
export function drawGrid(board, view, look) {
  const grid = parseGrid(view.pos);
  const rows = grid.length; const cols = grid[0].length;
  const covered = new Map(); // cell → the played domino over it
  if (look.dominoes) {
    for (const p of view.played) if (p.geometry && p.geometry.kind === 'pair') for (const k of p.geometry.cells) covered.set(k, p);
  }
  // Moves by the cell that starts them, and (with a selected cell) by the cell that ends them.
  const starts = new Map();
  for (const m of view.moves) if (m.geometry) for (const k of m.geometry.anchors) starts.set(k, [...(starts.get(k) || []), m]);
  const ends = new Map();
  if (view.selected) for (const m of starts.get(view.selected) || []) { const t = m.geometry.targetOf(view.selected); if (t) ends.set(t, m); }
  const lastCells = new Set(view.last && view.last.move.geometry ? view.last.move.geometry.cells : []);
  // Shading by remoteness where it is known: a cell takes its best move's (the quickest win,
  // else the slowest loss), on the scale of every move on show.
  const remOf = (m) => remotenessAfter(view, m);
  const slowest = largestKnown(view.moves.map(remOf));
  const bestRem = (ms) => {
    const known = ms.map(remOf).filter((r) => r !== null);
    if (known.length < ms.length) return null;
    const wins = ms.filter((m) => m.winning).map(remOf);
    return wins.length ? Math.min(...wins) : Math.max(...known);
  };
  const cells = grid.map(() => []); const pieces = []; const marks = [];
  grid.forEach((row, r) => row.forEach((ch, c) => {
    const key = cellKey(r, c);
    const kind = look.pieces[ch];
    const from = starts.get(key) || [];
    const end = ends.get(key);
    const classes = ['cell', (r + c) % 2 ? 'dark' : 'light'];
    if (kind === 'block' && !covered.has(key)) classes.push('block');
    if (key === view.selected) classes.push('selected');
    if ((view.selected ? end : from.length) || view.editing) classes.push('target');
    if (lastCells.has(key)) classes.push('last', `by-${view.last.by}`);
    let state = look.isEmpty(ch) ? 'empty' : WORDS[kind] || ch;
    if (covered.has(key)) state = `covered by a ${SIDE_CLASS[covered.get(key).side]} domino`;
    const wins = view.selected ? (end ? end.winning : null) : from.length ? from.some((m) => m.winning) : null;
    const label = `${cellName(key)}: ${state}${view.selected && end ? `, ends ${end.label}${view.hints ? ` (${end.winning ? 'winning' : 'losing'}, value after ${end.value})` : ''}`
      : from.length ? `, ${from.length} move${from.length > 1 ? 's' : ''}${view.hints ? ` (${from.filter((m) => m.winning).length} winning)` : ''}` : ''}`;
    let shade;
    if (view.hints && wins !== null) {
      classes.push(wins ? 'win' : 'lose');
      shade = Math.round(shadeStrength(view.selected ? (end ? remOf(end) : null) : bestRem(from), slowest) * 100);
    }
    cells[r].push(svg('g', { class: classes.join(' '), 'data-key': key, role: 'gridcell', 'aria-label': label, tabindex: -1, 'data-shade': shade, style: shade === undefined ? undefined : `--shade: ${shade}%` },
      svg('rect', { x: c * U, y: r * U, width: U, height: U, class: 'sq' }),
      (end || from.length) && view.hints ? svg('title', {}, end ? `${end.label}: value after ${end.value}${end.winning ? ' ✓' : ' ✗'}` : from.map((m) => `${m.label}: ${m.value}${m.winning ? ' ✓' : ' ✗'}`).join('\n')) : null));
    if (kind && kind.startsWith('stone')) pieces.push(stone(r, c, Number(kind.slice(-1)), lastCells.has(key)));
    else if (kind && kind.startsWith('tile')) pieces.push(tile(r, c, Number(kind.slice(-1)), lastCells.has(key)));
    else if (kind === undefined && !look.isEmpty(ch)) pieces.push(svg('text', { x: c * U + U / 2, y: r * U + U * 0.62, 'text-anchor': 'middle', class: 'letter' }, ch));
    if (view.hints && wins !== null) {
      marks.push(svg('text', { x: c * U + U - 8, y: r * U + 30, 'text-anchor': 'end', class: `mark ${wins ? 'win' : 'lose'}`, 'aria-hidden': 'true' }, wins ? '✓' : '✗'));
    }
    // With a cell selected, each end cell also shows the value after its move.
    if (view.hints && end) {
      const value = end.value.length > 9 ? `${end.value.slice(0, 8)}…` : end.value;
      marks.push(svg('text', { x: c * U + U / 2, y: r * U + U - 10, 'text-anchor': 'middle', class: 'value', 'aria-hidden': 'true' }, value));
    }
  }));
  for (const p of new Set(covered.values())) pieces.push(domino(...p.geometry.cells, p.side, false, p.geometry.cells.every((k) => lastCells.has(k))));
  // With a cell selected, the dominoes it can start, as ghosts.
  if (view.selected && look.dominoes) for (const [t, m] of ends) pieces.push(domino(view.selected, t, m.player === 'right' ? 1 : m.player === 'left' ? 0 : view.toMove, true));
  const W = cols * U; const H = rows * U;
  board.setAttribute('viewBox', `-4 -4 ${W + 8} ${H + 8}`);
  board.replaceChildren(defs(), svg('rect', { x: -4, y: -4, width: W + 8, height: H + 8, rx: 10, class: 'frame' }),
    // one role=row per board row, so the role=grid board is valid ARIA
    svg('g', { class: 'cells' }, cells.map((row) => svg('g', { role: 'row' }, row))), svg('g', { class: 'pieces', 'aria-hidden': 'true' }, pieces), svg('g', { class: 'marks' }, marks));
  return { rows, cols };
}

// ---- Pieces (`board: pieces`, Cutcake's cakes): a row of cakes (rectangles of unit squares); Left cuts vertically, Right
// horizontally, along a grid line. The notation is the engine's (see CAKE.parse).

/**
 * The pieces `[rows, cols]` of a Cutcake position in the engine's notation: `WxH` (width ×
 * height) joined by `+`, e.g. `4x1 + 3x2`; `0x0` is no cake at all.
 */
function parseCakes(text) {
  if (String(text).trim() === '0x0') return [];
  const parts = String(text).split('+').map((p) => p.trim());
  return parts.map((p) => {
    const m = /^(\d+)\s*[xX×]\s*(\d+)$/.exec(p);
    if (!m) throw new Error(`'${p}' is not a piece (write WIDTHxHEIGHT, e.g. 3x2; pieces joined by +)`);
    const w = Number(m[1]); const h = Number(m[2]);
    if (w < 1 || h < 1) throw new Error(`'${p}': a piece is at least 1 × 1`);
    return [h, w];
  });
}
const printCakes = (cakes) => (cakes.length ? cakes.map(([r, c]) => `${c}x${r}`).join(' + ') : '0x0');

/** The cut from `before` to `after`: the cake cut (index), the orientation and where. */
function diffCake(before, after) {
  let a; let b;
  try { a = parseCakes(before); b = parseCakes(after); } catch { return null; }
  // Multiset difference: the one rectangle gone and the two new ones.
  const count = (list) => list.reduce((m, [r, c]) => m.set(`${r}x${c}`, (m.get(`${r}x${c}`) || 0) + 1), new Map());
  const ca = count(a); const cb = count(b);
  const gone = []; const added = [];
  for (const [k, n] of ca) for (let i = n - (cb.get(k) || 0); i > 0; i--) gone.push(k);
  for (const [k, n] of cb) for (let i = n - (ca.get(k) || 0); i > 0; i--) added.push(k);
  // A cut may leave one piece the same size as the cake it came from only if the other is
  // empty, which no cut does; pieces of width 1 (nothing left to cut) may be dropped.
  if (gone.length !== 1) return null;
  const [gr, gc] = gone[0].split('x').map(Number);
  const index = a.findIndex(([r, c]) => r === gr && c === gc);
  const pieces = added.map((k) => k.split('x').map(Number));
  let vertical = null; let at_ = null;
  if (pieces.length >= 1 && pieces.every(([r]) => r === gr) && pieces.reduce((s, [, c]) => s + c, 0) <= gc) { vertical = true; at_ = pieces[0][1]; }
  if (pieces.length >= 1 && pieces.every(([, c]) => c === gc) && pieces.reduce((s, [r]) => s + r, 0) <= gr) { vertical = vertical === null ? false : vertical; if (!vertical) at_ = pieces[0][0]; }
  if (vertical === null) return null;
  // The same cut of an equal piece, or at the mirror line, is the same move: tap any of them.
  const side = vertical ? gc : gr;
  const anchors = [];
  a.forEach(([r, c], i) => {
    if (r !== gr || c !== gc) return;
    for (const k of new Set([at_, side - at_])) anchors.push(`${i}:${vertical ? 'v' : 'h'}${k}`);
  });
  return { kind: 'cut', cells: anchors, anchors, target: null, targetOf: () => null, focus: anchors[0], cake: index, vertical, at: at_, size: [gr, gc] };
}

/** The piece and the line of a cut's key (`2:v3`: piece 2, the vertical line 3 from the left). */
const cutAt = (key) => { const m = /^(\d+):([vh])(\d+)$/.exec(key); return m && { cake: Number(m[1]), vertical: m[2] === 'v', at: Number(m[3]) }; };

/**
 * The look of a board of pieces (`board: pieces`): the cakes drawn side by side (wrapping), each unit square a piece of
 * sponge; every legal cut of the mover is a dashed line with a tap area a square wide.
 */
export const CAKE = {
  parse: parseCakes,
  check(text, maxCells) {
    const cakes = parseCakes(text);
    const cells = cakes.reduce((s, [r, c]) => s + r * c, 0);
    if (cakes.some(([r, c]) => r > 16 || c > 16)) throw new Error('the page takes cakes of at most 16 × 16');
    if (cells > Math.max(maxCells, 64) * 2) throw new Error(`the cakes have ${cells} squares; the page takes at most ${Math.max(maxCells, 64) * 2}`);
    return printCakes(cakes);
  },
  size: (pos) => { try { const [r, c] = parseCakes(pos)[0]; return [r, c]; } catch { return null; } },
  diff: diffCake,
  label: (g) => `${g.size[1]}×${g.size[0]} ${g.vertical ? 'down' : 'across'} at ${g.at}`,
  // The pieces of a cut stay where the cake was, in order (the engine may sort its own list).
  apply(pos, move) {
    const g = move.geometry;
    if (!g) return move.position;
    // Where it was tapped (which of equal pieces, which of two mirror lines), else the first.
    const t = (g.tapped && cutAt(g.tapped)) || g;
    const cakes = parseCakes(pos);
    const [r, c] = cakes[t.cake];
    const pieces = t.vertical ? [[r, t.at], [r, c - t.at]] : [[t.at, c], [r - t.at, c]];
    cakes.splice(t.cake, 1, ...pieces);
    return printCakes(cakes);
  },
  edit(pos, key) {
    // Editing a cake: tap a cake to remove it; the size boxes add one of that size.
    const cakes = parseCakes(pos);
    const i = Number(key.split(':')[0]);
    if (cakes.length > 1) cakes.splice(i, 1);
    return printCakes(cakes);
  },
  resize(pos, rows, cols) {
    let cakes;
    try { cakes = parseCakes(pos); } catch { cakes = []; }
    if (cakes.length <= 1) return `${cols}x${rows}`;
    cakes[0] = [rows, cols];
    return printCakes(cakes);
  },
  draw: drawCakes,
};

function drawCakes(board, view) {
  const cakes = parseCakes(view.pos);
  const wrapWidth = board.parentElement ? board.parentElement.clientWidth : 600;
  // Lay the cakes out in rows of at most `lineCols` squares (about the width the page has).
  const lineCols = Math.max(4, Math.min(16, Math.floor(wrapWidth / 44)));
  const placed = []; let x = 0; let y = 0; let lineH = 0; let width = 0;
  cakes.forEach(([r, c], i) => {
    if (x > 0 && x + c > lineCols) { x = 0; y += lineH + 0.6; lineH = 0; }
    placed.push({ i, r, c, x, y });
    x += c + 0.6; lineH = Math.max(lineH, r); width = Math.max(width, x - 0.6);
  });
  const height = y + lineH;
  const cuts = new Map(view.moves.filter((m) => m.geometry).flatMap((m) => m.geometry.anchors.map((k) => [k, m])));
  // Each cut shaded by the remoteness after it where known, as the grid cells are.
  const remOf = (m) => remotenessAfter(view, m);
  const slowest = largestKnown([...cuts.values()].map(remOf));
  const last = view.last && view.last.move.geometry;
  const items = [];
  for (const { i, r, c, x: cx, y: cy } of placed) {
    const X = cx * U; const Y = cy * U;
    // Each cake is a role=row of the board (named after the cake): its cuts are the cells; the
    // cake itself is a cell only in the editor (tap to remove).
    const row = [];
    const cake = svg('g', { class: `cake${view.editing ? ' target' : ''}`, 'data-key': view.editing ? `${i}:cake` : undefined, role: view.editing ? 'gridcell' : undefined, tabindex: view.editing ? -1 : undefined, 'aria-label': view.editing ? `cake ${i + 1}: ${r} × ${c} (tap to remove)` : undefined, 'aria-hidden': view.editing ? undefined : 'true' },
      svg('rect', { x: X, y: Y, width: c * U, height: r * U, rx: 12, class: 'sponge' }),
      svg('rect', { x: X, y: Y, width: c * U, height: 16, rx: 8, class: 'icing' }));
    for (let k = 1; k < c; k++) cake.append(svg('line', { x1: X + k * U, y1: Y, x2: X + k * U, y2: Y + r * U, class: 'crumb' }));
    for (let k = 1; k < r; k++) cake.append(svg('line', { x1: X, y1: Y + k * U, x2: X + c * U, y2: Y + k * U, class: 'crumb' }));
    (view.editing ? row : items).push(cake);
    if (last && last.cake === i) items.push(svg('rect', { x: X - 6, y: Y - 6, width: c * U + 12, height: r * U + 12, rx: 14, class: `last-cake by-${view.last.by}` }));
    for (const [key, m] of cuts) {
      const g = cutAt(key);
      if (g.cake !== i) continue;
      const line = g.vertical
        ? { x1: X + g.at * U, y1: Y - 8, x2: X + g.at * U, y2: Y + r * U + 8 }
        : { x1: X - 8, y1: Y + g.at * U, x2: X + c * U + 8, y2: Y + g.at * U };
      const hit = g.vertical
        ? { x: X + (g.at - 0.5) * U, y: Y, width: U, height: r * U }
        : { x: X, y: Y + (g.at - 0.5) * U, width: c * U, height: U };
      const mark = view.hints ? svg('text', { x: g.vertical ? line.x1 : line.x2 + 6, y: g.vertical ? Y - 14 : line.y1 + 12, 'text-anchor': g.vertical ? 'middle' : 'start', class: `mark ${m.winning ? 'win' : 'lose'}`, 'aria-hidden': 'true' }, m.winning ? '✓' : '✗') : null;
      const shade = view.hints ? Math.round(shadeStrength(remOf(m), slowest) * 100) : undefined;
      row.push(svg('g', { class: `cell cut target${view.hints ? (m.winning ? ' win' : ' lose') : ''}`, 'data-key': key, role: 'gridcell', tabindex: -1, 'aria-label': `${m.label}${view.hints ? `: value after ${m.value}, ${m.winning ? 'winning' : 'losing'}` : ''}`, 'data-shade': shade, style: shade === undefined ? undefined : `--shade: ${shade}%` },
        svg('rect', { ...hit, class: 'hit' }), svg('line', { ...line, class: `knife ${m.player === 'right' ? 'red' : 'blue'}` }), mark,
        svg('title', {}, view.hints ? `${m.label}: value after ${m.value}` : m.label)));
    }
    items.push(svg('g', { role: 'row', 'aria-label': `cake ${i + 1}: ${r} × ${c}` }, row));
  }
  board.setAttribute('viewBox', `${-U * 0.3} ${-U * 0.45} ${width * U + U * 0.9} ${height * U + U * 0.7}`);
  board.replaceChildren(defs(), ...items);
  return { rows: height + 0.9, cols: width + 0.9, keys: [...cuts.keys()] };
}

// ---- Any other notation (`board: text`): the position as text, each move a button.

/** The page's bound on a position of a text board (the engine has its own bounds). */
const MAX_TEXT = 400;

/**
 * The look of a game whose notation the page does not draw (`board: text` in the registry,
 * or any board without a page of its own): the position written out and every move of the
 * player to move a button under it, named by the engine's label; a tap plays it.
 */
export const TEXT = {
  parse: (text) => String(text).trim(),
  check(text) {
    const t = String(text).trim();
    if (!t) throw new Error('the position is empty');
    if (t.length > MAX_TEXT) throw new Error(`the position has ${t.length} characters; the page takes at most ${MAX_TEXT}`);
    return t;
  },
  size: () => null,
  diff: (before, after, index) => {
    const key = `m:${index}`;
    return { kind: 'text', cells: [key], anchors: [key], target: null, targetOf: () => null, focus: key };
  },
  draw: drawText,
};

/** Two columns of move buttons under the position; returns {rows, cols} in cells. */
function drawText(board, view) {
  const COLS = 8; const W = COLS * U;
  const items = [svg('rect', { x: 0, y: 0, width: W, height: U, rx: 12, class: 'text-position' }),
    svg('text', { x: W / 2, y: U * 0.62, 'text-anchor': 'middle', class: 'letter mono' }, view.pos.length > 40 ? `${view.pos.slice(0, 39)}…` : view.pos)];
  const row = [];
  const moves = view.moves.filter((m) => m.geometry);
  moves.forEach((m, i) => {
    const x = (i % 2) * (W / 2); const y = (1.2 + Math.floor(i / 2) * 1.1) * U;
    const mark = view.hints ? (m.winning ? ' ✓' : ' ✗') : '';
    row.push(svg('g', { class: `cell move target${view.hints ? (m.winning ? ' win' : ' lose') : ''}`, 'data-key': m.geometry.anchors[0], role: 'gridcell', tabindex: -1, 'aria-label': `${m.label}${view.hints ? `: value after ${m.value}, ${m.winning ? 'winning' : 'losing'}` : ''}` },
      svg('rect', { x: x + 8, y, width: W / 2 - 16, height: U, rx: 14, class: 'sq' }),
      svg('text', { x: x + W / 4, y: y + U * 0.6, 'text-anchor': 'middle', class: 'move-label' }, `${m.label.length > 18 ? `${m.label.slice(0, 17)}…` : m.label}${mark}`)));
  });
  const rows = 1.2 + Math.ceil(moves.length / 2) * 1.1;
  board.setAttribute('viewBox', `-4 -4 ${W + 8} ${rows * U + 8}`);
  board.replaceChildren(...items, svg('g', { role: 'row' }, row));
  return { rows, cols: COLS };
}
