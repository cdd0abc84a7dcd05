// Heap games (take-and-break codes, Grundy's game, subtraction games) on the shared game loop
// (game.js): several heaps drawn as rows of tokens, every move of the picked heap with ✓/✗ and
// the XOR it leaves, the computer, history, permalink and a scorecard; and the nim sequence
// G(n) plotted with its rare values and, once the engine proves it, the period. Under misère
// play (the Normal/Misère switch: whoever takes the last token loses) each heap shows its
// genus, each move the genus it leaves and its misère ✓/✗, computed exactly from misère
// canonical forms (Conway, On Numbers and Games, ch. 12). Everything is computed in the page's
// worker (the API routes /heaps/*).
import { api, el, $, busy, randInt, rovingGrid, say, showError, clearError } from './common.js';
import { createGame, fairStart } from './game.js';
import { maxRemoteness, shadeStrength } from './board.js';
import { sequencePlot } from './seqplot.js';
import { misereCall } from './play.js';

/** The engine's limits for the page (its `health` answer); the fallbacks are never shown. */
let LIMITS = { heaps_play_heaps: 8, heaps_play_size: 100, heaps_values: 65536, heaps_period_max: 1 << 20 };
/** The named rulesets ({name, code, source}) from `GET /heaps/rulesets`. */
let NAMES = [];
/** Every ruleset text checked by the engine: text → {code, name} or {error}. */
const checked = new Map();

const svgNs = 'http://www.w3.org/2000/svg';
const svg = (tag, attrs = {}, ...kids) => {
  const n = document.createElementNS(svgNs, tag);
  for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, v);
  n.append(...kids);
  return n;
};

/** Asks the engine about a ruleset's text (cached): {code, name} or {error}. */
async function checkRuleset(text) {
  const key = text.trim();
  if (checked.has(key)) return checked.get(key);
  let answer;
  try {
    const r = await api('heaps/values', { code: key, count: 1 });
    answer = { code: r.ruleset, name: r.name };
  } catch (err) {
    if (err.name === 'AbortError') throw err;
    answer = { error: err.message, status: err.status };
  }
  if (answer.error === undefined || answer.status === 400) checked.set(key, answer);
  if (answer.code) checked.set(answer.code, answer);
  return answer;
}

/** Heap sizes from text ("3 5 8", "3.5.8" or "3,5,8"), checked against the page's limits. */
function parseSizes(text) {
  const parts = text.trim().split(/[\s.,;+]+/).filter(Boolean);
  if (parts.length === 0) throw new Error('give at least one heap size');
  if (parts.length > LIMITS.heaps_play_heaps) throw new Error(`${parts.length} heaps; the page plays at most ${LIMITS.heaps_play_heaps}`);
  return parts.map((p) => {
    if (!/^\d+$/.test(p)) throw new Error(`'${p}' is not a heap size (a whole number)`);
    const n = Number(p);
    if (n < 1 || n > LIMITS.heaps_play_size) throw new Error(`a heap of ${p} tokens; the page's heaps have 1 to ${LIMITS.heaps_play_size}`);
    return n;
  });
}

const label = (pos) => (pos.name ? `${pos.name} (${pos.code})` : pos.code);
const leaves = (m) => (m.leaves.length ? m.leaves.join(' + ') : 'nothing');
const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

// --- random starts -----------------------------------------------------------------------
/** G(0..) of the codes the page has asked about (for random starts). */
const valuesOf = new Map();
async function smallValues(code) {
  if (!valuesOf.has(code)) {
    const r = await api('heaps/values', { code, count: LIMITS.heaps_play_size + 1 });
    valuesOf.set(code, r.values);
  }
  return valuesOf.get(code);
}

/**
 * Three or four heaps of up to 15 tokens (under misère play up to 10: their canonical forms
 * stay small); with fair starts (the game loop's setting) the side the human plays can win:
 * the values XOR to non-zero when the human moves first, to zero when the computer starts —
 * under misère play the engine's misère outcome decides.
 */
async function randomHeaps(code) {
  const misere = Boolean(game && game.settings.misere);
  const top = Math.min(misere ? 10 : 15, LIMITS.heaps_play_size);
  const make = () => Array.from({ length: 3 + randInt(2) }, () => 1 + randInt(top));
  if (misere) {
    return fairStart(game, make, async (heaps) => (await api('heaps/position', { code, heaps, misere: true })).outcome === 'N', 40);
  }
  const values = await smallValues(code);
  return fairStart(game, make, async (heaps) => heaps.reduce((a, n) => a ^ values[n], 0) !== 0, 200);
}

// --- the game ----------------------------------------------------------------------------
let selected = null; // index of the picked heap
let preview = null; // the move whose tokens are previewed
let current = null; // the last view drawn
let focusBoard = false; // put the focus back on the heaps after the next draw
let game = null;

const adapter = {
  id: 'heaps',
  sides: ['the first player', 'the second player'],
  singular: true,
  randomStarts: true,
  misere: true,
  chartLabel: () => (game && game.settings.misere ? 'misère g⁻' : 'nim-sum'),
  conventionChanged: (misere) => showConvention(misere),
  // A visit without a link: Kayles, a random start (fair unless the player says otherwise).
  initial: async () => ({ code: '0.77', name: 'kayles', heaps: await randomHeaps('0.77') }),
  encode: (pos) => `${pos.name || pos.code}_${pos.heaps.join('.')}`,
  decode(text) {
    const cut = text.lastIndexOf('_');
    if (cut < 0) throw new Error('expected CODE_h.h.h, e.g. kayles_3.5.8');
    const known = checked.get(text.slice(0, cut));
    if (!known) throw new Error(`the ruleset '${text.slice(0, cut)}' was not checked`);
    if (known.error) throw new Error(known.error);
    const heaps = parseSizes(text.slice(cut + 1));
    return { code: known.code, name: known.name, heaps };
  },
  busyText: (pos) => `analysing ${label(pos)} with heaps ${pos.heaps.join(', ')}…`,
  async analyse(pos, _toMove, signal, _progress, { misere } = {}) {
    if (misere) {
      // Past the page's bounds (canonical forms, time) it says so plainly; normal play still works.
      const data = await misereCall('heaps/position', { code: pos.code, heaps: pos.heaps }, signal);
      // Wild positions past the canonical forms' bound are answered by a misère quotient: then
      // each move shows the image Φ it leaves (a normal form of the quotient) instead of a genus.
      const moves = data.moves.map((m, index) => ({ ...m, leaves: m.leave, genus: m.genus_after, image: m.image_after, index, size: pos.heaps[m.heap], remoteness: null }));
      return { data, moves, misere: true, values: data.genera, chart: data.misere_grundy };
    }
    const data = await api('heaps/position', { code: pos.code, heaps: pos.heaps }, signal);
    const moves = data.moves.map((m, index) => ({ ...m, leaves: m.leave, xor: m.nim_sum_after, index, size: pos.heaps[m.heap] }));
    return { data, moves, values: data.heaps.map((h) => h.value), chart: data.nim_sum };
  },
  apply: (pos, move) => ({
    ...pos,
    heaps: pos.heaps.flatMap((n, i) => (i === move.heap ? move.leaves : [n])),
  }),
  notation: (move) => `H${move.heap + 1} ${move.size}→${move.leaves.length ? move.leaves.join('+') : '0'}`,
  // The engine's choice: a ✓ move when there is one; losing, the fewest tokens taken.
  perfect: (analysis, moves) => moves.find((m) => analysis.data.computer && m.text === analysis.data.computer.text) || null,
  render(v) {
    if (!v.canPlay) selected = null;
    if (selected !== null && selected >= v.pos.heaps.length) selected = null;
    preview = null;
    current = v;
    draw();
  },
};

/** Names the chart and the rules after the convention. */
function showConvention(misere) {
  $('chart-h').textContent = misere
    ? 'Misère Grundy value g⁻ (0: the player to move loses) after each move'
    : 'Nim-sum (XOR of the heaps\' values) after each move';
  $('rule').textContent = misere ? 'the last to move loses (misère play)' : 'the last to move wins';
}

let shownStart = null; // the first entry of the game the setup bar shows
let plotted = null; // the ruleset the plot shows (null: none)

function draw() {
  const v = current;
  if (!v || !v.pos) return;
  // A new game (a new first entry): the setup bar shows it, and the plot its ruleset.
  const start = game && game.history[0];
  if (start && start.pos && start !== shownStart) {
    shownStart = start;
    showSetup(start.pos);
    if (start.pos.code !== plotted) {
      plotted = start.pos.code;
      plot.show(start.pos.code, start.pos.name);
    }
  }
  $('game-name').textContent = `— ${label(v.pos)}`;
  drawHeaps();
  drawPicker();
  drawLast();
  // After a move the focus goes back to the heaps (each redraw replaces them) until it is the
  // human's turn again or the game is over.
  if (focusBoard) {
    const heap = $('heaps').querySelector('.tb-heap[tabindex="0"]') || $('heaps').querySelector('.tb-heap');
    if (heap) heap.focus({ preventScroll: true });
    if (v.canPlay || (v.analysis && v.analysis.moves.length === 0)) focusBoard = false;
  }
}

/** The moves of heap `i` in the current view (the mover's; empty when it is not the human's turn). */
const movesOf = (i) => (current && current.canPlay ? current.analysis.moves.filter((m) => m.heap === i) : []);

/** The token slots of heap `i`: each token's state and the gaps between the parts a move leaves. */
function slots(n, move) {
  if (!move) return Array.from({ length: n }, () => 'token');
  const out = [];
  const [first, ...rest] = move.leaves;
  for (let k = 0; k < (first || 0); k++) out.push('token');
  for (let k = 0; k < move.take; k++) out.push('taken');
  rest.forEach((part, j) => {
    if (j > 0 || first) out.push('gap');
    for (let k = 0; k < part; k++) out.push('token');
  });
  return out;
}

function drawHeaps() {
  const v = current;
  const box = $('heaps');
  const hadFocus = box.contains(document.activeElement);
  box.classList.toggle('stale', v.stale);
  const width = Math.max(120, box.clientWidth - 96);
  const pitch = width < 300 ? 24 : 28;
  const perLine = Math.max(1, Math.floor(width / pitch));
  const values = v.analysis ? v.analysis.values : null;
  const fresh = v.last ? new Set(v.last.move.leaves.map((_, k) => v.last.move.heap + k)) : new Set();
  const rows = v.pos.heaps.map((n, i) => {
    const moves = movesOf(i);
    const wins = moves.filter((m) => m.winning).length;
    const move = preview && preview.heap === i ? preview : null;
    const cells = slots(n, move);
    const lines = Math.max(1, Math.ceil(cells.length / perLine));
    const H = lines * pitch + 4;
    const drawing = svg('svg', { width: Math.min(width, cells.length * pitch + 4), height: H, viewBox: `0 0 ${Math.min(width, cells.length * pitch + 4)} ${H}`, 'aria-hidden': 'true', class: 'tokens' });
    cells.forEach((kind, k) => {
      const cx = 2 + (k % perLine) * pitch + pitch / 2;
      const cy = 2 + Math.floor(k / perLine) * pitch + pitch / 2;
      if (kind === 'gap') drawing.append(svg('line', { x1: cx, y1: cy - pitch / 3, x2: cx, y2: cy + pitch / 3, class: 'split' }));
      else drawing.append(svg('circle', { cx, cy, r: pitch * 0.38, class: kind }));
    });
    const status = v.hints && moves.length ? (wins ? 'win' : 'lose') : '';
    // Normal play: the heap's nim-value G; misère play: its genus.
    const misere = Boolean(v.analysis && v.analysis.misere);
    const valueText = values && v.hints ? (misere ? `genus ${values[i]}` : `G=${values[i]}`) : '';
    // The name starts with the row's visible text (WCAG 2.5.3), then says it in words.
    const shown = `${n}${valueText ? ` ${valueText}` : ''}`;
    const name = `${shown} — heap ${i + 1}: ${plural(n, 'token')}${values && v.hints ? (misere ? `, misère genus ${values[i]}` : `, G = ${values[i]}`) : ''}${moves.length ? `, ${plural(moves.length, 'move')}${v.hints ? `, ${wins} winning` : ''}` : v.canPlay ? ', no move' : ''}`;
    const row = el('div', {
      class: `tb-heap${i === selected ? ' selected' : ''}${status ? ` ${status}` : ''}${fresh.has(i) ? ` fresh by-${v.last.by}` : ''}${moves.length ? ' movable' : ''}`,
      role: 'option', 'aria-selected': i === selected ? 'true' : 'false', 'data-key': i, 'data-heap': i, 'data-size': n, 'aria-label': name,
      onclick: () => { if (moves.length) pick(i); },
    },
    el('span', { class: 'tb-label' },
      el('span', { class: 'tb-size' }, n),
      values && v.hints ? ' ' : null,
      valueText ? el('span', { class: 'tb-g' }, valueText) : null,
      status ? el('span', { class: `mark ${status}`, 'aria-hidden': 'true' }, status === 'win' ? '✓' : '✗') : null),
    drawing);
    return row;
  });
  if (v.pos.heaps.length === 0) rows.push(el('p', { class: 'muted' }, 'No heaps left.'));
  box.replaceChildren(...rows);
  rovingGrid(box, '.tb-heap', 1);
  if (hadFocus) box.querySelector('.tb-heap[tabindex="0"]')?.focus({ preventScroll: true });
}

function drawPicker() {
  const v = current;
  const box = $('picker');
  if (selected === null || !v.canPlay) {
    box.replaceChildren(v.canPlay ? el('p', { class: 'muted tb-hint' }, 'Pick a heap to see its moves.') : '');
    return;
  }
  const n = v.pos.heaps[selected];
  const moves = movesOf(selected);
  const wins = moves.filter((m) => m.winning).length;
  const values = v.analysis.values;
  const misere = Boolean(v.analysis.misere);
  // After each move: the nim-sum it leaves (⊕), or under misère play the genus of the heaps it
  // leaves (their sum's).
  const misereAfter = (m) => (m.genus != null ? `genus ${m.genus}` : `quotient image ${m.image}`);
  const after = (m) => (misere ? ` → ${misereAfter(m)}` : ` ⊕ ${m.xor}`);
  const afterWords = (m) => (!misere ? `, XOR after ${m.xor}`
    : m.genus != null ? `, misère genus after ${m.genus}` : `, misère quotient image after ${m.image}`);
  // Shaded by remoteness where the engine knows it (small positions): a quick win strong, a
  // slow loss pale; the ✓/✗ stays.
  const slowest = maxRemoteness(moves);
  box.replaceChildren(
    el('p', { class: 'tb-picker-head' },
      `Heap ${selected + 1} (${plural(n, 'token')}${v.hints ? (misere ? `, genus ${values[selected]}` : `, G = ${values[selected]}`) : ''}): ${plural(moves.length, 'move')}${v.hints ? `, ${wins} winning (✓${misere ? ' in misère play' : ''})` : ''}. `,
      el('button', { type: 'button', class: 'link', onclick: () => unpick() }, 'back (Esc)')),
    el('div', { class: 'tb-moves', role: 'group', 'aria-label': `moves of heap ${selected + 1}` }, ...moves.map((m) => {
      const mark = v.hints ? (m.winning ? 'win' : 'lose') : '';
      const strength = Math.round(shadeStrength(m.remoteness, slowest) * 100);
      const button = el('button', {
        type: 'button', class: `tb-move${mark ? ` ${mark}` : ''}`, 'data-key': `${m.heap}:${m.index}`, 'data-move': m.index,
        'data-shade': mark ? strength : undefined, 'data-remoteness': m.remoteness ?? undefined,
        // The name starts with the button's visible text (WCAG 2.5.3), then says it in words.
        'aria-label': `−${m.take} → ${leaves(m)}${v.hints ? after(m) : ''}: take ${m.take}, leave ${leaves(m)}${v.hints ? `${afterWords(m)}, ${m.winning ? 'winning' : 'losing'}` : ''}`,
        onclick: () => play(m),
        onmouseenter: () => showPreview(m), onfocus: () => showPreview(m),
        onmouseleave: () => showPreview(null),
      },
      el('span', { class: 'take' }, `−${m.take}`), ' → ', el('span', { class: 'leave' }, leaves(m)),
      v.hints ? el('span', { class: misere ? 'xor genus' : 'xor' }, after(m)) : null,
      mark ? el('span', { class: `mark ${mark}`, 'aria-hidden': 'true' }, mark === 'win' ? ' ✓' : ' ✗') : null);
      if (mark) button.style.setProperty('--shade', `${strength}%`);
      return button;
    })),
  );
  rovingGrid(box.querySelector('.tb-moves'), '.tb-move', 1);
}

function drawLast() {
  const v = current;
  const node = $('last');
  if (!v.last) { node.textContent = ''; return; }
  const m = v.last.move;
  const who = v.last.by === 'computer' ? 'The computer' : 'You';
  node.textContent = `${who} took ${m.take} from heap ${m.heap + 1} (${m.size} → ${leaves(m)}).`;
}

function showPreview(m) {
  preview = m;
  drawHeaps();
}

function pick(i) {
  selected = i;
  draw();
  const moves = movesOf(i);
  const first = (current.hints && moves.find((m) => m.winning)) || moves[0];
  if (first) {
    const group = $('picker').querySelector('.tb-moves');
    group.dataset.focus = `${first.heap}:${first.index}`;
    rovingGrid(group, '.tb-move', 1);
    group.querySelector(`[data-move="${first.index}"]`)?.focus();
  }
}

function unpick() {
  const i = selected;
  selected = null;
  draw();
  if (i !== null) $('heaps').querySelector(`[data-heap="${i}"]`)?.focus();
}

function play(m) {
  selected = null;
  focusBoard = true;
  $('heaps').dataset.focus = String(m.heap);
  game.play(m);
}

document.addEventListener('keydown', (e) => { if (e.key === 'Escape' && selected !== null) unpick(); });
let resizeTimer = null;
window.addEventListener('resize', () => { clearTimeout(resizeTimer); resizeTimer = setTimeout(() => { draw(); plot.redraw(); }, 100); });

// --- the setup bar -------------------------------------------------------------------------
function fillRulesets(pos) {
  const select = $('ruleset');
  const options = NAMES.map((r) => el('option', { value: r.code }, `${r.name} (${r.code})`));
  const known = pos && NAMES.some((r) => r.code === pos.code);
  if (pos && !known) options.push(el('option', { value: pos.code }, pos.code));
  select.replaceChildren(...options);
  if (pos) select.value = pos.code;
}

function showSetup(pos) {
  fillRulesets(pos);
  $('code').value = pos.code;
  $('sizes').value = pos.heaps.join(' ');
}

/** Starts a game from the setup bar: the code (checked by the engine) and the sizes. */
async function startFromSetup(random) {
  const text = $('code').value.trim();
  const r = await checkRuleset(text);
  if (r.error) {
    showError($('error'), `The ruleset '${text}' is not valid: ${r.error}`);
    plot.clear(`No plot: '${text}' is not a ruleset.`);
    plotted = null;
    return;
  }
  let heaps;
  try {
    heaps = random ? await randomHeaps(r.code) : parseSizes($('sizes').value);
  } catch (err) {
    showError($('error'), err.message);
    return;
  }
  clearError($('error'), true);
  selected = null;
  focusBoard = true;
  game.start({ code: r.code, name: r.name, heaps }, game.settings.first);
}

$('setup').addEventListener('submit', (e) => { e.preventDefault(); startFromSetup(false); });
$('new').addEventListener('click', () => startFromSetup(true));
$('ruleset').addEventListener('change', () => { $('code').value = $('ruleset').value; startFromSetup(true); });

// --- the sequence plot -----------------------------------------------------------------------
const plot = sequencePlot({
  svg: $('plot'), readout: $('readout'), info: $('seq-info'), period: $('period'), error: $('seq-error'),
  count: () => Number($('count').value),
  limits: () => LIMITS,
});
$('count').addEventListener('change', () => current && plot.show(current.pos.code, current.pos.name));

// --- start ---------------------------------------------------------------------------------
async function boot() {
  try {
    const [health, rulesets] = await Promise.all([api('health'), api('heaps/rulesets')]);
    LIMITS = health.limits;
    NAMES = rulesets.rulesets;
  } catch (err) {
    showError($('error'), `The engine could not start: ${err.message}`);
    return;
  }
  $('limits').textContent = `The page plays up to ${LIMITS.heaps_play_heaps} heaps of 1 to ${LIMITS.heaps_play_size} tokens, plots G(n) for n below at most ${LIMITS.heaps_values.toLocaleString('en')} and looks for a period up to n = ${LIMITS.heaps_period_max.toLocaleString('en')}; the command line (\`onag heaps\`) goes much further.`;
  // The link's ruleset is checked by the engine before the game reads the link, so a bad one
  // is reported (and replaced by a new game) like any other bad position.
  const linked = new URLSearchParams(location.search).get('pos');
  if (linked && linked.includes('_')) {
    try { await checkRuleset(linked.slice(0, linked.lastIndexOf('_'))); } catch { /* reported by the game */ }
  }
  game = createGame(adapter);
  showConvention(game.settings.misere);
}
boot();
