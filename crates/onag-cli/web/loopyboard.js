// The board of a loopy game (the loopy pages and the notebook widget draw it with this one
// code): a checkerboard whose pieces stand on the dark squares (rows separated by '/'), a
// strip, points joined by lines placed by the page data ({points: {points, lines, counter}}:
// each notation character's point and the lines; a number after the board is the counter),
// or any other notation shown as text (its moves are played from the moves table), from the
// registry's page data (the cells and their pieces). Every move of the report
// names the square it leaves and the square it reaches; a piece with moves is marked with its
// best result for the mover (✓ win, = draw, ✗ loss), and a selected piece's targets each with
// theirs.
import { svg, U } from './pieces.js';

/** The marks of a move's result for the mover. */
export const MARK = { win: '✓', draw: '=', loss: '✗' };

/** A position that occurs this many times with the same player to move is a declared draw. */
export const REPEATS = 3;

/** How often the last entry of `history` ({pos, toMove}…) occurs in it. */
export function repeated(history) {
  const last = history[history.length - 1];
  return history.filter((h) => h.pos === last.pos && h.toMove === last.toMove).length;
}

/** How the page data's board is read and checked. */
export function loopyLook(info) {
  const pieces = Object.fromEntries((info.cells || []).map((c) => [c.symbol, c.piece]));
  const symbols = new Set(Object.keys(pieces));
  const checker = info.board === 'checkerboard';
  const points = info.board && typeof info.board === 'object' ? info.board.points : null;
  const text = !checker && !points && info.board !== 'strip';
  // a board of points: the length of each notation row
  const shape = [];
  for (const p of points ? points.points : []) shape[p.cell[0]] = Math.max(shape[p.cell[0]] || 0, p.cell[1] + 1);
  const rowsOf = (pos) => String(pos).split(' ')[0].split('/');
  return {
    pieces,
    checker,
    points,
    text,
    /** The position checked for shape and characters (the engine checks the rest). */
    check(pos) {
      if (text) {
        if (!String(pos).trim()) throw new Error('the position is empty');
        return String(pos).trim();
      }
      if (points) {
        const [board, count, ...rest] = String(pos).trim().split(/\s+/);
        const rows = rowsOf(board);
        if (rest.length || (count !== undefined && !/^\d+$/.test(count))) throw new Error(`after the board comes one number: the ${points.counter}`);
        if (rows.length !== shape.length || rows.some((r, i) => [...r].length !== shape[i])) throw new Error(`the rows have ${shape.join(', ')} points, separated by '/'`);
        rows.forEach((row, r) => [...row].forEach((ch, c) => {
          if (!symbols.has(ch)) throw new Error(`row ${r + 1}, point ${c + 1}: '${ch}' is not a point of this game (${[...symbols].join(' ')})`);
        }));
        return count === undefined ? rows.join('/') : `${rows.join('/')} ${count}`;
      }
      const rows = rowsOf(String(pos).trim());
      if (!checker && rows.length > 1) throw new Error('a strip is one row of squares');
      const width = [...rows[0]].length;
      if (width === 0 || rows.some((r) => [...r].length !== width)) throw new Error('every row must have the same number of squares');
      rows.forEach((row, r) => [...row].forEach((ch, c) => {
        if (!symbols.has(ch)) throw new Error(`row ${r + 1}, square ${c + 1}: '${ch}' is not a square of this game (${[...symbols].join(' ')})`);
      }));
      return rows.join('/');
    },
    key: (rc) => (rc ? `${rc[0]},${rc[1]}` : ''),
    rows: rowsOf,
  };
}

const WORD = { goose: 'a goose', fox: 'the fox', toad: 'a toad', frog: 'a frog', hound: 'a hound', hare: 'the hare' };
const best = (ms) => (ms.some((m) => m.result === 'win') ? 'win' : ms.some((m) => m.result === 'draw') ? 'draw' : 'loss');

/** A goose: a white body with an orange beak (decorative). */
const goose = (x, y) => svg('g', { class: 'piece goose' },
  svg('ellipse', { cx: x, cy: y + 8, rx: 30, ry: 24, fill: '#f7f7f2', stroke: '#555', 'stroke-width': 3 }),
  svg('circle', { cx: x + 14, cy: y - 16, r: 14, fill: '#f7f7f2', stroke: '#555', 'stroke-width': 3 }),
  svg('path', { d: `M ${x + 26} ${y - 18} l 16 5 l -16 5 z`, fill: '#f59e0b', stroke: '#92400e', 'stroke-width': 2 }),
  svg('circle', { cx: x + 17, cy: y - 20, r: 3, fill: '#111' }));

/** The fox: an orange head with ears and a white muzzle (decorative). */
const fox = (x, y) => svg('g', { class: 'piece fox' },
  svg('path', { d: `M ${x - 30} ${y - 34} L ${x - 12} ${y - 14} L ${x - 30} ${y - 4} Z`, fill: '#c2410c', stroke: '#7c2d12', 'stroke-width': 3 }),
  svg('path', { d: `M ${x + 30} ${y - 34} L ${x + 12} ${y - 14} L ${x + 30} ${y - 4} Z`, fill: '#c2410c', stroke: '#7c2d12', 'stroke-width': 3 }),
  svg('circle', { cx: x, cy: y, r: 30, fill: '#ea580c', stroke: '#7c2d12', 'stroke-width': 3 }),
  svg('path', { d: `M ${x - 16} ${y + 6} Q ${x} ${y + 34} ${x + 16} ${y + 6} Z`, fill: '#fff7ed' }),
  svg('circle', { cx: x - 11, cy: y - 6, r: 4, fill: '#111' }),
  svg('circle', { cx: x + 11, cy: y - 6, r: 4, fill: '#111' }),
  svg('circle', { cx: x, cy: y + 14, r: 4, fill: '#111' }));

/** A toad (blue, Left's) or a frog (red, Right's) on a strip: a round body with eyes. */
const creature = (x, y, kind) => svg('g', { class: `piece ${kind}` },
  svg('ellipse', { cx: x, cy: y + 8, rx: 32, ry: 24, fill: kind === 'toad' ? '#3b6fd8' : '#d6453a', stroke: '#222', 'stroke-width': 3 }),
  svg('circle', { cx: x - 14, cy: y - 14, r: 10, fill: '#fff', stroke: '#222', 'stroke-width': 3 }),
  svg('circle', { cx: x + 14, cy: y - 14, r: 10, fill: '#fff', stroke: '#222', 'stroke-width': 3 }),
  svg('circle', { cx: x + (kind === 'toad' ? -11 : -17), cy: y - 14, r: 4, fill: '#111' }),
  svg('circle', { cx: x + (kind === 'toad' ? 17 : 11), cy: y - 14, r: 4, fill: '#111' }));

/** A hound: a brown head with long ears (decorative). */
const hound = (x, y) => svg('g', { class: 'piece hound' },
  svg('ellipse', { cx: x - 24, cy: y + 2, rx: 10, ry: 22, fill: '#5b3a1a', stroke: '#2b1a0a', 'stroke-width': 3 }),
  svg('ellipse', { cx: x + 24, cy: y + 2, rx: 10, ry: 22, fill: '#5b3a1a', stroke: '#2b1a0a', 'stroke-width': 3 }),
  svg('circle', { cx: x, cy: y, r: 24, fill: '#a0703c', stroke: '#2b1a0a', 'stroke-width': 3 }),
  svg('circle', { cx: x - 8, cy: y - 6, r: 3.5, fill: '#111' }),
  svg('circle', { cx: x + 8, cy: y - 6, r: 3.5, fill: '#111' }),
  svg('ellipse', { cx: x, cy: y + 10, rx: 7, ry: 5, fill: '#111' }));

/** The hare: a grey head with tall ears (decorative). */
const hare = (x, y) => svg('g', { class: 'piece hare' },
  svg('ellipse', { cx: x - 10, cy: y - 30, rx: 7, ry: 20, fill: '#d6d3cd', stroke: '#444', 'stroke-width': 3 }),
  svg('ellipse', { cx: x + 10, cy: y - 30, rx: 7, ry: 20, fill: '#d6d3cd', stroke: '#444', 'stroke-width': 3 }),
  svg('circle', { cx: x, cy: y, r: 22, fill: '#e7e4de', stroke: '#444', 'stroke-width': 3 }),
  svg('circle', { cx: x - 8, cy: y - 4, r: 3.5, fill: '#111' }),
  svg('circle', { cx: x + 8, cy: y - 4, r: 3.5, fill: '#111' }),
  svg('circle', { cx: x, cy: y + 8, r: 3, fill: '#c2185b' }));

function pieceAt(kind, r, c) {
  const x = c * U + U / 2; const y = r * U + U / 2;
  if (kind === 'hound') return hound(x, y);
  if (kind === 'hare') return hare(x, y);
  if (kind === 'goose') return goose(x, y);
  if (kind === 'fox') return fox(x, y);
  if (kind === 'toad' || kind === 'frog') return creature(x, y, kind);
  return null;
}

/**
 * Draws the position of `view` ({pos, moves, selected, hints, last}) into the SVG `board`;
 * returns {rows, cols}. Squares are <g data-key="r,c" role="gridcell"> in reading order.
 */
export function drawLoopy(board, view, look) {
  board.setAttribute('role', 'grid');
  if (look.text) return drawText(board, view);
  if (look.points) return drawPoints(board, view, look);
  const rows = look.rows(view.pos);
  const cols = [...rows[0]].length;
  const starts = new Map();
  for (const m of view.moves) if (m.from) starts.set(look.key(m.from), [...(starts.get(look.key(m.from)) || []), m]);
  const ends = new Map();
  if (view.selected) for (const m of starts.get(view.selected) || []) ends.set(look.key(m.to), m);
  const lastCells = new Set(view.last && view.last.move.from ? [look.key(view.last.move.from), look.key(view.last.move.to)] : []);
  const cells = []; const pieces = []; const marks = [];
  rows.forEach((row, r) => {
    const line = [];
    [...row].forEach((ch, c) => {
      const key = `${r},${c}`;
      const kind = look.pieces[ch];
      const dark = !look.checker || (r + c) % 2 === 0;
      const from = starts.get(key) || [];
      const end = ends.get(key);
      const classes = ['cell', dark ? 'dark' : 'light'];
      if (key === view.selected) classes.push('selected');
      if (view.selected ? end : from.length) classes.push('target');
      if (lastCells.has(key)) classes.push('last', `by-${view.last.by}`);
      const result = view.selected ? (end ? end.result : null) : from.length ? best(from) : null;
      const place = look.checker ? `row ${r + 1}, column ${c + 1}` : `square ${c + 1}`;
      const what = WORD[kind] || 'empty';
      const label = `${place}: ${what}${end ? `, ends ${end.label}${view.hints ? ` (${end.result} for the mover)` : ''}`
        : from.length ? `, ${from.length} move${from.length > 1 ? 's' : ''}${view.hints ? ` (best: ${best(from)})` : ''}` : ''}`;
      if (view.hints && result) classes.push(result === 'win' ? 'win' : result === 'loss' ? 'lose' : 'draw');
      line.push(svg('g', { class: classes.join(' '), 'data-key': key, role: 'gridcell', 'aria-label': label, tabindex: -1 },
        svg('rect', { x: c * U, y: r * U, width: U, height: U, class: 'sq' }),
        end && view.hints ? svg('title', {}, `${end.label}: ${end.result}`) : null));
      const p = pieceAt(kind, r, c);
      if (p) pieces.push(p);
      if (view.hints && result) {
        marks.push(svg('text', { x: c * U + U - 8, y: r * U + 30, 'text-anchor': 'end', class: `mark ${result === 'win' ? 'win' : result === 'loss' ? 'lose' : 'draw'}`, 'aria-hidden': 'true' }, MARK[result]));
      }
      if (!look.checker) marks.push(svg('text', { x: c * U + 8, y: r * U + U - 8, class: 'idx', 'aria-hidden': 'true' }, String(c + 1)));
    });
    cells.push(svg('g', { role: 'row' }, line));
  });
  const W = cols * U; const H = rows.length * U;
  board.setAttribute('viewBox', `-4 -4 ${W + 8} ${H + 8}`);
  board.replaceChildren(svg('rect', { x: -4, y: -4, width: W + 8, height: H + 8, rx: 10, class: 'frame' }),
    svg('g', { class: 'cells' }, cells), svg('g', { class: 'pieces', 'aria-hidden': 'true' }, pieces), svg('g', { class: 'marks' }, marks));
  return { rows: rows.length, cols };
}

/** Where a move starts and ends: the moves by the key of their start, and the ends of the
 * selected piece's moves by key. */
function movesByKey(view, look) {
  const starts = new Map();
  for (const m of view.moves) if (m.from) starts.set(look.key(m.from), [...(starts.get(look.key(m.from)) || []), m]);
  const ends = new Map();
  if (view.selected) for (const m of starts.get(view.selected) || []) ends.set(look.key(m.to), m);
  return { starts, ends };
}

/** A board of points joined by lines (the page data places each character of the notation);
 * points are <g data-key="row,index" role="gridcell">, grouped in rows as the notation is. */
function drawPoints(board, view, look) {
  const { points, lines, counter } = look.points;
  const [text, count] = String(view.pos).split(' ');
  const rows = look.rows(text).map((r) => [...r]);
  const { starts, ends } = movesByKey(view, look);
  const lastCells = new Set(view.last && view.last.move.from ? [look.key(view.last.move.from), look.key(view.last.move.to)] : []);
  const cols = Math.max(...points.map((p) => p.at[0])) + 1;
  const height = Math.max(...points.map((p) => p.at[1])) + 1;
  const at = (p) => [p.at[0] * U + U / 2, p.at[1] * U + U / 2];
  const drawnLines = lines.map(([a, b]) => {
    const [x1, y1] = at(points[a]); const [x2, y2] = at(points[b]);
    return svg('line', { x1, y1, x2, y2, class: 'line' });
  });
  const rowGroups = rows.map(() => []);
  const pieces = []; const marks = [];
  const order = points.map((p, i) => i).sort((i, j) => points[i].cell[0] - points[j].cell[0] || points[i].cell[1] - points[j].cell[1]);
  for (const i of order) {
    const p = points[i];
    const [r, c] = p.cell;
    const key = `${r},${c}`;
    const kind = look.pieces[rows[r][c]];
    const from = starts.get(key) || [];
    const end = ends.get(key);
    const [x, y] = at(p);
    const classes = ['cell', 'point'];
    if (key === view.selected) classes.push('selected');
    if (view.selected ? end : from.length) classes.push('target');
    if (lastCells.has(key)) classes.push('last', `by-${view.last.by}`);
    const result = view.selected ? (end ? end.result : null) : from.length ? best(from) : null;
    if (view.hints && result) classes.push(result === 'win' ? 'win' : result === 'loss' ? 'lose' : 'draw');
    const label = `row ${r + 1}, point ${c + 1}: ${WORD[kind] || 'empty'}${end ? `, ends ${end.label}${view.hints ? ` (${end.result} for the mover)` : ''}`
      : from.length ? `, ${from.length} move${from.length > 1 ? 's' : ''}${view.hints ? ` (best: ${best(from)})` : ''}` : ''}`;
    rowGroups[r].push(svg('g', { class: classes.join(' '), 'data-key': key, role: 'gridcell', 'aria-label': label, tabindex: -1 },
      svg('circle', { cx: x, cy: y, r: U * 0.36, class: 'sq' }),
      end && view.hints ? svg('title', {}, `${end.label}: ${end.result}`) : null));
    const piece = kind === 'hound' ? hound(x, y) : kind === 'hare' ? hare(x, y) : null;
    if (piece) pieces.push(piece);
    if (view.hints && result) {
      marks.push(svg('text', { x: x + U * 0.46, y: y - U * 0.2, 'text-anchor': 'end', class: `mark ${result === 'win' ? 'win' : result === 'loss' ? 'lose' : 'draw'}`, 'aria-hidden': 'true' }, MARK[result]));
    }
  }
  const W = cols * U; const H = height * U + (count ? U * 0.4 : 0);
  const note = count ? svg('text', { x: W / 2, y: height * U + U * 0.22, 'text-anchor': 'middle', 'font-size': 15, class: 'point-counter' }, `${counter}: ${count}`) : null;
  board.setAttribute('viewBox', `-4 -4 ${W + 8} ${H + 8}`);
  board.replaceChildren(svg('rect', { x: -4, y: -4, width: W + 8, height: H + 8, rx: 10, class: 'frame' }),
    svg('g', { class: 'lines', 'aria-hidden': 'true' }, drawnLines),
    svg('g', { class: 'cells' }, rowGroups.map((g) => svg('g', { role: 'row' }, g))),
    svg('g', { class: 'pieces', 'aria-hidden': 'true' }, pieces), svg('g', { class: 'marks' }, marks), note);
  return { rows: height + (count ? 0.4 : 0), cols };
}

/** A position in a notation the page does not draw as a board (Wind-Up's `N:S:I`): its text, and
 * under it a button per move (data-key `m:INDEX`, the move's place in `view.moves`), marked
 * ✓/=/✗ when hints are on — the registry's text boards do the same (pieces.js). */
function drawText(board, view) {
  const COLS = 8; const W = COLS * U;
  const text = String(view.pos);
  const row = view.moves.map((m, i) => {
    const x = (i % 2) * (W / 2); const y = (1.2 + Math.floor(i / 2) * 1.1) * U;
    const result = view.hints ? m.result : null;
    const cls = result === 'win' ? ' win' : result === 'loss' ? ' lose' : result ? ' draw' : '';
    const label = `${m.label}${result ? ` (${result} for the mover)` : ''}`;
    const shown = m.label.length > 18 ? `${m.label.slice(0, 17)}…` : m.label;
    return svg('g', { class: `cell move target${cls}`, 'data-key': `m:${i}`, role: 'gridcell', tabindex: -1, 'aria-label': label },
      svg('rect', { x: x + 8, y, width: W / 2 - 16, height: U, rx: 14, class: 'sq' }),
      svg('text', { x: x + W / 4, y: y + U * 0.6, 'text-anchor': 'middle', class: 'move-label' }, `${shown}${result ? ` ${MARK[result]}` : ''}`));
  });
  const rows = 1.2 + Math.ceil(view.moves.length / 2) * 1.1;
  board.setAttribute('viewBox', `-4 -4 ${W + 8} ${rows * U + 8}`);
  board.setAttribute('aria-label', `the position ${text}`);
  board.replaceChildren(svg('rect', { x: 0, y: 0, width: W, height: U, rx: 12, class: 'frame' }),
    svg('text', { x: W / 2, y: U * 0.62, 'text-anchor': 'middle', class: 'letter' }, text.length > 40 ? `${text.slice(0, 39)}…` : text),
    svg('g', { role: 'row' }, row));
  return { rows, cols: COLS };
}
