// The board of a loopy game (the loopy pages and the notebook widget draw it with this one
// code): a checkerboard whose pieces stand on the dark squares (rows separated by '/') or a
// strip, from the registry's page data (the cells and their pieces). Every move of the report
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
  const rowsOf = (text) => String(text).split('/');
  return {
    pieces,
    checker,
    /** The position checked for shape and characters (the engine checks the rest). */
    check(text) {
      const rows = rowsOf(String(text).trim());
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

const WORD = { goose: 'a goose', fox: 'the fox', toad: 'a toad', frog: 'a frog' };
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

function pieceAt(kind, r, c) {
  const x = c * U + U / 2; const y = r * U + U / 2;
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
