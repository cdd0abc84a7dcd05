// The shared board kit of every game page: drawn pieces (an SVG sprite of toads, frogs, queens,
// coins and counters), move animations, moves shaded by remoteness, the scorecard kept in
// localStorage, and boards that stay usable on a phone (32 px tap targets, zoom and pan).
//
// A page adopts it in four calls (see each function's comment):
//   piece('toad' | 'frog' | 'queen' | 'heads' | 'tails' | 'counter')  -> an <svg> to put in a cell
//   shade(cell, move, maxRemoteness)      -> win/lose colour by remoteness, ✓/✗ mark kept
//   slide(board, fromKey, toKey)          -> the piece now on `toKey` glides in from `fromKey`
//   flip(board, keys)                     -> the cells `keys` turn over (coins, counters taken)
//   gridRows(cells, columns)              -> role=row wrappers so role=grid boards are valid ARIA
//   zoomable(wrap, board, {columns, min}) -> cell size that fits, else ≥ 32 px with pan + zoom
//   scorecard(node, gameId)               -> {win(), loss()} wins and losses kept per game
// Cells are the elements with `data-key` inside the board; the pages keep their own layout.

import { el } from './common.js';

const SVG = 'http://www.w3.org/2000/svg';

/** The smallest tap target on a phone (WCAG 2.5.8 asks 24 px; a finger wants more). */
export const MIN_TAP = 32;

// Each piece is one symbol on a 100 × 100 box; colours come from CSS variables so the dark
// theme recolours them. Toads face right and frogs face left: the shape alone tells them apart.
const SPRITE = `
<symbol id="onag-toad" viewBox="0 0 100 100">
  <ellipse cx="46" cy="62" rx="34" ry="24" fill="var(--toad)" stroke="var(--toad-edge)" stroke-width="4"/>
  <ellipse cx="26" cy="80" rx="14" ry="7" fill="var(--toad)" stroke="var(--toad-edge)" stroke-width="4"/>
  <circle cx="70" cy="40" r="15" fill="var(--toad)" stroke="var(--toad-edge)" stroke-width="4"/>
  <circle cx="73" cy="37" r="7" fill="#fff"/><circle cx="76" cy="37" r="3.5" fill="#111"/>
  <path d="M66 60 Q80 62 88 52" fill="none" stroke="var(--toad-edge)" stroke-width="4" stroke-linecap="round"/>
  <circle cx="40" cy="55" r="4" fill="var(--toad-edge)" opacity=".45"/><circle cx="30" cy="66" r="3" fill="var(--toad-edge)" opacity=".45"/>
</symbol>
<symbol id="onag-frog" viewBox="0 0 100 100">
  <ellipse cx="54" cy="62" rx="34" ry="24" fill="var(--frog)" stroke="var(--frog-edge)" stroke-width="4"/>
  <ellipse cx="74" cy="80" rx="14" ry="7" fill="var(--frog)" stroke="var(--frog-edge)" stroke-width="4"/>
  <circle cx="30" cy="40" r="15" fill="var(--frog)" stroke="var(--frog-edge)" stroke-width="4"/>
  <circle cx="27" cy="37" r="7" fill="#fff"/><circle cx="24" cy="37" r="3.5" fill="#111"/>
  <path d="M34 60 Q20 62 12 52" fill="none" stroke="var(--frog-edge)" stroke-width="4" stroke-linecap="round"/>
  <path d="M54 48 L60 58 L48 58 Z" fill="var(--frog-edge)" opacity=".45"/>
</symbol>
<symbol id="onag-queen" viewBox="0 0 100 100">
  <path d="M18 78 L12 34 L32 56 L50 22 L68 56 L88 34 L82 78 Z" fill="var(--queen)" stroke="var(--queen-edge)" stroke-width="5" stroke-linejoin="round"/>
  <rect x="18" y="78" width="64" height="10" rx="3" fill="var(--queen)" stroke="var(--queen-edge)" stroke-width="5"/>
  <circle cx="12" cy="30" r="6" fill="var(--queen-edge)"/><circle cx="50" cy="18" r="6" fill="var(--queen-edge)"/><circle cx="88" cy="30" r="6" fill="var(--queen-edge)"/>
</symbol>
<symbol id="onag-heads" viewBox="0 0 100 100">
  <circle cx="50" cy="50" r="44" fill="var(--gold)" stroke="var(--gold-edge)" stroke-width="6"/>
  <circle cx="50" cy="50" r="32" fill="none" stroke="var(--gold-edge)" stroke-width="3" opacity=".6"/>
  <path d="M50 28 L56 44 L73 44 L59 54 L64 71 L50 61 L36 71 L41 54 L27 44 L44 44 Z" fill="var(--gold-edge)"/>
</symbol>
<symbol id="onag-tails" viewBox="0 0 100 100">
  <circle cx="50" cy="50" r="40" fill="var(--tail)" stroke="var(--tail-edge)" stroke-width="4"/>
  <circle cx="50" cy="50" r="14" fill="none" stroke="var(--tail-edge)" stroke-width="4"/>
</symbol>
<symbol id="onag-counter" viewBox="0 0 100 100">
  <circle cx="50" cy="50" r="42" fill="var(--counter)" stroke="var(--counter-edge)" stroke-width="6"/>
  <circle cx="50" cy="50" r="26" fill="none" stroke="var(--counter-edge)" stroke-width="4" opacity=".55"/>
</symbol>`;

function ensureSprite() {
  if (document.getElementById('onag-sprite')) return;
  const svg = document.createElementNS(SVG, 'svg');
  svg.id = 'onag-sprite';
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('width', '0');
  svg.setAttribute('height', '0');
  svg.style.position = 'absolute';
  svg.innerHTML = SPRITE; // fixed markup from this file only
  document.body.prepend(svg);
}

/** A drawn piece: an <svg class="piece piece-KIND"> using the shared sprite (decorative). */
export function piece(kind) {
  ensureSprite();
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('class', `piece piece-${kind}`);
  svg.setAttribute('viewBox', '0 0 100 100');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  const use = document.createElementNS(SVG, 'use');
  use.setAttribute('href', `#onag-${kind}`);
  svg.append(use);
  return svg;
}

const reduced = () => window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
const cellOf = (board, key) => board.querySelector(`[data-key="${CSS.escape(String(key))}"]`);

/**
 * Animates a move just drawn: the piece now in cell `toKey` glides from where cell `fromKey`
 * is (about a quarter of a second; none under prefers-reduced-motion). Returns the animation.
 */
export function slide(board, fromKey, toKey, ms = 280) {
  const from = cellOf(board, fromKey);
  const to = cellOf(board, toKey);
  const moving = to && to.querySelector('.piece');
  if (!from || !moving || reduced() || !moving.animate) return null;
  const a = from.getBoundingClientRect();
  const b = to.getBoundingClientRect();
  const dx = a.left - b.left;
  const dy = a.top - b.top;
  moving.classList.add('moving');
  const run = moving.animate(
    [{ transform: `translate(${dx}px, ${dy}px) scale(1.08)` }, { transform: 'translate(0, 0) scale(1)' }],
    { duration: ms, easing: 'cubic-bezier(.2,.7,.3,1)' },
  );
  run.onfinish = () => moving.classList.remove('moving');
  return run;
}

/** Animates the cells `keys` turning over (a coin flipped, a counter taken). */
export function flip(board, keys, ms = 360) {
  if (reduced()) return;
  for (const key of keys) {
    const cell = cellOf(board, key);
    const target = cell && (cell.querySelector('.piece') || cell);
    if (target && target.animate) {
      target.animate([{ transform: 'rotateY(90deg) scale(.9)' }, { transform: 'rotateY(0) scale(1)' }], { duration: ms, easing: 'ease-out' });
    }
  }
}

/**
 * Marks `cell` as the target of `move` ({winning, remoteness}): the ✓/✗ mark (so colour is
 * never the only signal) and a background shaded as GamesmanUni shades value moves — a quick
 * win strong green, a slow win paler, a quick loss strong red, a slow loss pale red. The
 * remoteness is the one after the move (the opponent's); `maxRemoteness` the largest among the
 * moves on show (null: unknown, a middle shade).
 */
export function shade(cell, move, maxRemoteness = null) {
  const strength = shadeStrength(move.remoteness, maxRemoteness);
  cell.classList.add('target', move.winning ? 'win' : 'lose');
  cell.style.setProperty('--shade', `${Math.round(strength * 100)}%`);
  cell.dataset.shade = String(Math.round(strength * 100));
  cell.append(el('span', { class: `mark ${move.winning ? 'win' : 'lose'}`, 'aria-hidden': 'true' }, move.winning ? '✓' : '✗'));
}

/**
 * How strongly a move of remoteness `r` (after it) is shaded among moves up to `max`: 1 for
 * the quickest, down to 0.2 for the slowest; 0.55 when either is unknown.
 */
export function shadeStrength(r, max) {
  if (r === null || r === undefined || max === null) return 0.55;
  return Math.max(0.2, 1 - r / (max + 2));
}

/** The largest remoteness among `moves` (null when none is known). */
export function maxRemoteness(moves) {
  return largestKnown(moves.map((m) => m.remoteness));
}

/** The largest of `values` that are known (not null or undefined); null when none is. */
export function largestKnown(values) {
  const known = values.filter((r) => r !== null && r !== undefined);
  return known.length ? Math.max(...known) : null;
}

/**
 * Wraps board cells in role=row groups of `columns` (display: contents, so a CSS grid lays the
 * cells out as before): a role=grid needs rows for assistive technology.
 */
export function gridRows(cells, columns) {
  const rows = [];
  for (let i = 0; i < cells.length; i += columns) {
    rows.push(el('div', { role: 'row', class: 'grid-row' }, ...cells.slice(i, i + columns)));
  }
  return rows;
}

/**
 * Sizes the cells of `board` (a CSS grid of `columns` columns inside the scroll box `wrap`):
 * the whole board fits when its cells can be at least `min` px (default: 32, a finger's tap,
 * on a phone; 16 with a mouse on a wide screen);
 * otherwise cells stay at that size and the box pans (drag, swipe or scroll), with − / + / fit
 * buttons put once after the box. The zoom is kept per board in `wrap.dataset.zoom`.
 * Returns the cell size in px.
 */
export function zoomable(wrap, board, { columns, min = null, max = 52, rows = columns } = {}) {
  const width = wrap.clientWidth || 600;
  // A finger needs MIN_TAP px on a phone; a mouse on a wide screen takes smaller cells.
  if (min === null) min = window.innerWidth < 700 || matchMedia('(pointer: coarse)').matches ? MIN_TAP : 16;
  const gap = 2;
  // The whole board fits the width, and about three quarters of the window's height.
  const fit = Math.min(Math.floor((width - gap * columns) / columns), Math.floor((window.innerHeight * 0.72) / rows) - gap);
  let zoom = wrap.dataset.zoom || 'auto';
  let size;
  if (zoom === 'fit') size = Math.max(4, Math.min(max, fit));
  else if (zoom === 'auto') size = Math.max(min, Math.min(max, fit));
  else size = Math.max(4, Math.min(96, Number(zoom)));
  board.style.setProperty('--cell', `${size}px`);
  board.style.setProperty('--gap', `${size < 16 ? 1 : gap}px`);
  const pans = (size + gap) * columns > width + 1;
  wrap.classList.toggle('pans', pans);
  let bar = wrap.nextElementSibling;
  if (!bar || !bar.classList.contains('zoombar')) {
    bar = el('div', { class: 'zoombar', role: 'group', 'aria-label': 'board zoom' },
      el('button', { type: 'button', 'data-zoom': 'out', 'aria-label': 'zoom out' }, '−'),
      el('button', { type: 'button', 'data-zoom': 'in', 'aria-label': 'zoom in' }, '+'),
      el('button', { type: 'button', 'data-zoom': 'fit', title: 'show the whole board' }, 'fit'));
    bar.addEventListener('click', (e) => {
      const b = e.target.closest('button');
      if (!b) return;
      const now = parseFloat(board.style.getPropertyValue('--cell')) || min;
      const z = b.dataset.zoom;
      wrap.dataset.zoom = z === 'fit' ? 'fit' : String(Math.round(z === 'in' ? now * 1.4 : now / 1.4));
      wrap.dispatchEvent(new CustomEvent('zoom'));
    });
    wrap.after(bar); // after the board: the board stays the first stop for Tab
  }
  // The bar shows only where zooming changes something: a board too large for the screen.
  bar.hidden = !(pans || zoom !== 'auto') || fit >= min;
  return size;
}

/** Scrolls cell `key` of `board` into its panning box (the move under the finger stays in view). */
export function keepInView(board, key) {
  const cell = key === undefined || key === null ? null : cellOf(board, key);
  if (cell) cell.scrollIntoView({ block: 'nearest', inline: 'nearest' });
}

/**
 * The scorecard of game `gameId` in `node`: your wins and losses against the computer, kept
 * in localStorage (on this device only). The node holds no control, so the board stays the
 * first stop for Tab; put a reset button among the controls. Returns {win(), loss(), reset()}.
 */
export function scorecard(node, gameId) {
  const storageKey = `onag.score.${gameId}`;
  const read = () => {
    try {
      const s = JSON.parse(localStorage.getItem(storageKey) || '{}');
      return { wins: Number(s.wins) || 0, losses: Number(s.losses) || 0 };
    } catch { return { wins: 0, losses: 0 }; }
  };
  const write = (s) => { try { localStorage.setItem(storageKey, JSON.stringify(s)); } catch { /* private mode */ } };
  const show = () => {
    if (!node) return;
    const s = read();
    node.dataset.wins = s.wins;
    node.dataset.losses = s.losses;
    node.replaceChildren(
      el('span', { class: 'score-you', title: 'your wins against the computer on this device' }, 'You ', el('b', {}, s.wins)),
      el('span', { class: 'score-sep', 'aria-hidden': 'true' }, '–'),
      el('span', { class: 'score-cpu', title: 'the computer\'s wins' }, el('b', {}, s.losses), ' computer'));
    node.setAttribute('aria-label', `scorecard: you ${s.wins}, computer ${s.losses}`);
  };
  show();
  return {
    win() { const s = read(); s.wins += 1; write(s); show(); },
    loss() { const s = read(); s.losses += 1; write(s); show(); },
    reset() { write({ wins: 0, losses: 0 }); show(); },
    read,
  };
}
