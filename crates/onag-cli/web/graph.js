// A graph game's generated page (`board: graph` in the registry: edges between vertices above
// a ground, cut by click, tap or keyboard) on the shared game loop (game.js): the picture drawn
// as SVG (the ground, blue, red and green edges), a small editor to draw your own picture, the
// engine's report (POST game/analyze) for the value, every cut with ✓/✗ and the computer.
//
// The page keeps the picture with coordinates — vertices [x, y] with the ground at y = 0, edges
// [a, b, colour] — and talks to the engine in its notation (an edge list over numbered vertices,
// the ground being vertex 0; see `toEngine`), the one notation of the links, the notation box
// and the components panel. Every vertex the page sends reaches the ground and they are
// numbered 1, 2, … in order, which the engine keeps: a move's label `cut u-v:c` names the
// page's edge, and the page cuts it itself (what falls is what no longer reaches the ground).
// A picture given only in the engine's notation is laid out with every vertex at a point of
// its own and no edge through another vertex, so the picture is the graph the engine analyses.
import { api, el, $, say, showError, clearError } from './common.js';
import { createGame } from './game.js';
import { svg } from './pieces.js';
import { largestKnown, shadeStrength } from './board.js';
import { fitBoard, keyboardBoard, panel, movesTable, dyadic, fairStart } from './play.js';

const GAME = document.body.dataset.game;
const INFO = JSON.parse(document.getElementById('game-page').textContent);
const PLAYER = ['left', 'right'];
const COLOUR = { b: 'blue', r: 'red', g: 'green' };
/** Which colours each player may cut. */
const MAX_EDGES = 40;
const MAX_X = 16;
const MAX_Y = 10;

// ---- the picture ----------------------------------------------------------------------------

/** A picture in a link: the engine's notation (the one notation of links, box and panel). */
const encode = (pic) => toEngine(pic);

/** A picture from a link: the engine's notation, or the page's older form with coordinates. */
function decode(text) {
  return /;/.test(String(text)) ? decodePicture(text) : layout(text);
}

/** The page's older form of a picture: `x,y x,y …;a-b:c a-b:c …` (vertices, then edges). */
function decodePicture(text) {
  const m = /^([^;]*);(.*)$/.exec(String(text).trim());
  if (!m) throw new Error('a picture is "x,y x,y …;a-b:c …" (vertices, then edges)');
  const v = m[1].trim() ? m[1].trim().split(/\s+/).map((p, i) => {
    const q = /^(\d+),(\d+)$/.exec(p);
    if (!q) throw new Error(`vertex ${i}: '${p}' is not x,y`);
    const x = Number(q[1]); const y = Number(q[2]);
    if (x > MAX_X || y > MAX_Y) throw new Error(`vertex ${i} (${x}, ${y}) is outside the ${MAX_X} × ${MAX_Y} drawing area`);
    return [x, y];
  }) : [];
  const seen = new Set();
  for (const [x, y] of v) {
    if (y > 0 && seen.has(`${x},${y}`)) throw new Error(`two vertices at (${x}, ${y}): each vertex needs a point of its own`);
    seen.add(`${x},${y}`);
  }
  const e = m[2].trim() ? m[2].trim().split(/\s+/).map((p) => {
    const q = /^(\d+)-(\d+):([brg])$/.exec(p);
    if (!q) throw new Error(`'${p}' is not an edge a-b:colour (colour b, r or g)`);
    const a = Number(q[1]); const b = Number(q[2]);
    if (a >= v.length || b >= v.length) throw new Error(`edge ${p} names a vertex that is not there (${v.length} vertices)`);
    if (a === b) throw new Error(`edge ${p} joins a vertex to itself`);
    return [a, b, q[3]];
  }) : [];
  if (e.length > MAX_EDGES) throw new Error(`the picture has ${e.length} edges; the page takes at most ${MAX_EDGES}`);
  return prune({ v, e });
}

const grounded = (pic, i) => pic.v[i][1] === 0;

/** The picture without the edges that do not reach the ground, and without unused vertices. */
function prune(pic) {
  const reach = new Set(pic.v.map((_, i) => i).filter((i) => grounded(pic, i)));
  for (let changed = true; changed;) {
    changed = false;
    for (const [a, b] of pic.e) {
      if (reach.has(a) !== reach.has(b)) { reach.add(a); reach.add(b); changed = true; }
    }
  }
  const e = pic.e.filter(([a, b]) => reach.has(a) && reach.has(b));
  const used = [...new Set(e.flatMap(([a, b]) => [a, b]))].sort((x, y) => x - y);
  const index = new Map(used.map((old, i) => [old, i]));
  return { v: used.map((i) => pic.v[i]), e: e.map(([a, b, c]) => [index.get(a), index.get(b), c]) };
}

/** The picture after cutting edge `i`. */
function cut(pic, i) {
  return prune({ v: pic.v, e: pic.e.filter((_, j) => j !== i) });
}

/**
 * The engine's notation: edges `a-b:c` over vertices numbered from 1, the ground being 0 (every
 * vertex at y = 0 is the ground), e.g. `0-1:b 1-2:r`.
 */
function toEngine(pic) {
  const ids = engineIds(pic);
  return pic.e.length ? pic.e.map(([a, b, c]) => `${ids[a]}-${ids[b]}:${c}`).join(' ') : '0';
}

/** The engine's number of each vertex: 0 for the ground, 1, 2, … for the others in order. */
function engineIds(pic) {
  const ids = []; let next = 1;
  pic.v.forEach((p, i) => { ids[i] = grounded(pic, i) ? 0 : next++; });
  return ids;
}

/**
 * The edges `[u, v, colour]` of the engine's notation: stalks from the ground up (`bbr + g3`,
 * a count repeats a letter) or edges `U-V:C` with 0 the ground.
 */
function engineEdges(text) {
  const t = String(text).trim();
  if (t === '' || t === '0') return [];
  if (/\d-\d/.test(t)) {
    return t.split(/[\s,]+/).filter(Boolean).map((p) => {
      const m = /^(\d+)-(\d+):([brgl])$/i.exec(p);
      if (!m) throw new Error(`'${p}' is not an edge U-V:C (colour b, r or g; vertex 0 is the ground)`);
      return [Number(m[1]), Number(m[2]), m[3].toLowerCase().replace('l', 'b')];
    });
  }
  const edges = []; let next = 1;
  for (const stalk of t.split(/[\s+]+/).filter(Boolean)) {
    if (!/^([brgl]\d*)+$/i.test(stalk)) throw new Error(`'${stalk}' is not a stalk (letters b, r, g from the ground up, a count repeats: bbr, g3)`);
    let below = 0;
    for (const [, letter, count] of stalk.matchAll(/([brgl])(\d*)/gi)) {
      for (let k = 0; k < (count ? Number(count) : 1); k++) {
        edges.push([below, next, letter.toLowerCase().replace('l', 'b')]);
        below = next++;
      }
    }
  }
  return edges;
}

/** Lays out a picture given only in the engine's notation: every vertex above its parent. */
function layout(engineText) {
  const edges = engineEdges(engineText);
  if (edges.length > MAX_EDGES) throw new Error(`the picture has ${edges.length} edges; the page takes at most ${MAX_EDGES}`);
  // Breadth first from the ground: depth is the height; each ground edge gets its own column.
  const depth = new Map([[0, 0]]); const order = [0]; const xOf = new Map();
  const adj = new Map();
  for (const [a, b] of edges) { adj.set(a, [...(adj.get(a) || []), b]); adj.set(b, [...(adj.get(b) || []), a]); }
  const v = []; const index = new Map();
  let column = 1;
  for (let k = 0; k < order.length; k++) {
    const u = order[k];
    const kids = (adj.get(u) || []).filter((w) => !depth.has(w));
    kids.forEach((w, j) => {
      depth.set(w, depth.get(u) + 1);
      order.push(w);
      xOf.set(w, u === 0 ? (column += 2) - 2 : (xOf.get(u) || 0) + (j - (kids.length - 1) / 2) * Math.max(1, 3 - depth.get(u)));
    });
  }
  // Each vertex above the ground gets a point of its own: where the tree puts it if free,
  // else the nearest free point at that height (then higher), never on another edge's line.
  const taken = new Set();
  const free = ([x, y]) => !taken.has(`${x},${y}`);
  const spot = ([x0, y0]) => {
    for (let y = y0; y <= MAX_Y; y++) {
      for (let d = 0; d <= MAX_X; d++) {
        for (const x of d ? [x0 + d, x0 - d] : [x0]) if (x >= 0 && x <= MAX_X && free([x, y])) return [x, y];
      }
    }
    throw new Error(`the picture does not fit the page's ${MAX_X} × ${MAX_Y} drawing area`);
  };
  const place = (u, groundX) => {
    if (u === 0) return pushVertex([Math.max(0, Math.min(MAX_X, Math.round(groundX))), 0]);
    if (index.has(u)) return index.get(u);
    const x = Math.max(0, Math.min(MAX_X, Math.round(xOf.get(u) ?? column)));
    const y = Math.max(1, Math.min(MAX_Y, depth.get(u) ?? 1));
    const i = pushVertex(spot([x, y]));
    index.set(u, i);
    return i;
  };
  function pushVertex(p) {
    const found = v.findIndex(([x, y]) => x === p[0] && y === p[1]);
    if (found >= 0 && p[1] === 0) return found;
    v.push(p);
    taken.add(`${p[0]},${p[1]}`);
    return v.length - 1;
  }
  // Vertices first, in the engine's order (breadth first from the ground), then the edges.
  for (const u of order) if (u !== 0) place(u, 0);
  const e = edges.map(([a, b, c]) => {
    const other = a === 0 ? b : a;
    const gx = v[place(other, 0)][0];
    return [place(a, gx), place(b, gx), c];
  });
  return separate(prune({ v, e }));
}

/**
 * `pic` with no vertex drawn on an edge it is not an end of (it would look joined to it):
 * such a vertex moves up a row, with its own edges, until none is (a few tries).
 */
function separate(pic) {
  const onSegment = ([px, py], [ax, ay], [bx, by]) => {
    const cross = (bx - ax) * (py - ay) - (by - ay) * (px - ax);
    if (cross !== 0) return false;
    return Math.min(ax, bx) <= px && px <= Math.max(ax, bx) && Math.min(ay, by) <= py && py <= Math.max(ay, by);
  };
  for (let round = 0; round < 40; round++) {
    const clash = pic.v.findIndex((p, i) => p[1] > 0 && pic.e.some(([a, b]) => a !== i && b !== i
      && !(pic.v[a][0] === pic.v[b][0] && pic.v[a][1] === pic.v[b][1]) && onSegment(p, pic.v[a], pic.v[b])));
    if (clash < 0) return pic;
    const [x, y] = pic.v[clash];
    const taken = new Set(pic.v.map(([a, b]) => `${a},${b}`));
    let nx = x; let ny = y + 1;
    while (taken.has(`${nx},${ny}`) && ny < MAX_Y) ny++;
    if (ny > MAX_Y || taken.has(`${nx},${ny}`)) { nx = Math.min(MAX_X, x + 1); ny = y; }
    pic = { v: pic.v.map((p, i) => (i === clash ? [nx, ny] : p)), e: pic.e };
  }
  return pic;
}

// ---- presets ----------------------------------------------------------------------------------

/** The registry's presets of the game, in the engine's notation (laid out when chosen). */
const PRESETS = (INFO.presets || []).map((p) => [p.name || p.position, p.position]);

// ---- the game -------------------------------------------------------------------------------

let editing = false;
let pending = null; // the first point of an edge being drawn: [x, y]
let current = null;
let game = null;

function initial() {
  return layout(document.body.dataset.example);
}

function check(pic) {
  if (pic.e.length > MAX_EDGES) throw new Error(`the picture has ${pic.e.length} edges; the page takes at most ${MAX_EDGES}`);
  return pic;
}

game = createGame({
  id: GAME,
  sides: ['Blue', 'Red'],
  singular: true,
  newGame: true,
  chartLabel: 'mean',
  initial,
  encode,
  decode: (text) => check(decode(text)),
  busyText: () => 'analysing… (Stop cancels)',
  async analyse(pic, toMove, signal) {
    const sent = prune(pic);
    const data = await api('game/analyze', { game: GAME, position: toEngine(sent) }, signal);
    const mover = PLAYER[toMove];
    // While drawing, floating edges are on screen but not sent: no move is played then.
    const moves = data.moves.map((m, index) => {
      const edge = editing ? null : whichCut(sent, m);
      // The page names a cut by its edge's colour and ends (the engine's label numbers vertices).
      const label = edge === null ? m.label : edgeName(sent, edge, m.label);
      return { ...m, index, edge, label, engineLabel: m.label, gone: edge === null ? [] : falls(sent, edge) };
    }).filter((m) => m.player === null || m.player === mover);
    return { data, moves, chart: dyadic(data.mean) };
  },
  apply: (pic, move) => (move.edge === null ? layout(move.position) : cut(pic, move.edge)),
  notation: (move) => move.label,
  perfect(analysis, moves) {
    const side = moves[0] && moves[0].player ? moves[0].player : 'left';
    const choice = analysis.data.computer[side];
    return moves.find((m) => m.index === choice) || null;
  },
  render(v) {
    current = v;
    draw();
    if (game) setTimeout(() => fairStart(v));
  },
});

/** The edge of `pic` (as sent to the engine) that move `m` cuts, from its label `cut u-v:c`. */
function whichCut(pic, m) {
  const l = /^cut (\d+)-(\d+):([brg])$/.exec(m.engineLabel || m.label);
  if (!l) return null;
  const ids = engineIds(pic);
  const want = [Number(l[1]), Number(l[2])].sort((x, y) => x - y).join('-');
  const i = pic.e.findIndex(([a, b, c]) => c === l[3] && [ids[a], ids[b]].sort((x, y) => x - y).join('-') === want);
  return i >= 0 ? i : null;
}

/** A cut's name in the history: the edge's colour and its height above the ground. */
function edgeName(pic, i, fallback) {
  if (!pic || !pic.e[i]) return fallback;
  const [a, b, c] = pic.e[i];
  const [xa, ya] = pic.v[a]; const [xb, yb] = pic.v[b];
  return `${COLOUR[c]} (${xa},${ya})–(${xb},${yb})`;
}

// ---- drawing ----------------------------------------------------------------------------------

function draw() {
  const v = current;
  const pic = v.pos;
  // The loop draws once before the first position is there: an empty picture until it is.
  if (!pic) { $('board').replaceChildren(); return; }
  const board = $('board');
  const refocus = board.contains(document.activeElement);
  const moves = v.canPlay && !editing ? v.analysis.moves.filter((m) => m.edge !== null) : [];
  const byEdge = new Map(moves.map((m) => [m.edge, m]));
  // Shading by remoteness where the engine knows it (the remoteness after each move, by the
  // move's index in the analysis), on the scale of the moves on show, as the grid boards do.
  const rem = moves.length && v.analysis.data && v.analysis.data.remoteness ? v.analysis.data.remoteness.moves : null;
  const indexOf = new Map(moves.length ? v.analysis.moves.map((m, j) => [m, j]) : []);
  const remOf = (m) => (rem && rem[indexOf.get(m)] !== undefined ? rem[indexOf.get(m)] : null);
  const slowest = largestKnown(moves.map(remOf));
  const maxX = Math.max(6, ...pic.v.map(([x]) => x + 1), editing ? 8 : 0);
  const maxY = Math.max(3, ...pic.v.map(([, y]) => y + 1), editing ? 5 : 0);
  const X = (x) => x + 0.5;
  const Y = (y) => maxY - y + 0.3;
  const items = [];
  // The ground: a band of earth with grass along y = 0.
  items.push(svg('rect', { x: 0, y: Y(0), width: maxX + 1, height: 0.7, class: 'earth' }),
    svg('line', { x1: 0, y1: Y(0), x2: maxX + 1, y2: Y(0), class: 'grass' }));
  // Edges, parallel ones bent apart.
  const seen = new Map();
  const lastGone = v.last && v.last.move ? v.last.move : null;
  // The edges are one role=row of the role=grid picture (the points of the editor one row per
  // height): every edge a cell, those that cannot be cut now disabled.
  const edgeRow = [];
  pic.e.forEach(([a, b, c], i) => {
    const pair = [a, b].sort().join('-');
    const k = seen.get(pair) || 0;
    seen.set(pair, k + 1);
    const [xa, ya] = pic.v[a]; const [xb, yb] = pic.v[b];
    const x1 = X(xa); const y1 = Y(ya); const x2 = X(xb); const y2 = Y(yb);
    const bend = k === 0 ? 0 : (k % 2 ? 1 : -1) * Math.ceil(k / 2) * 0.45;
    const mx = (x1 + x2) / 2 - (y2 - y1) * bend; const my = (y1 + y2) / 2 + (x2 - x1) * bend;
    const d = `M${x1},${y1} Q${mx},${my} ${x2},${y2}`;
    const move = byEdge.get(i);
    const target = Boolean(move) || (editing && erasing());
    const label = `${COLOUR[c]} edge from (${xa}, ${ya}) to (${xb}, ${yb})${move ? `: cut it${v.hints ? ` — value after ${move.value}, ${move.winning ? 'winning' : 'losing'}` : ''}` : ''}`;
    const shade = move && v.hints ? Math.round(shadeStrength(remOf(move), slowest) * 100) : undefined;
    const g = svg('g', {
      class: `edge ${COLOUR[c]}${target ? ' target' : ''}${shade === undefined ? '' : move.winning ? ' win' : ' lose'}`,
      'data-key': target ? `e:${i}` : undefined, role: 'gridcell', 'aria-disabled': target ? undefined : 'true', tabindex: target ? -1 : undefined, 'aria-label': label,
      'data-shade': shade, style: shade === undefined ? undefined : `--shade: ${shade}%`,
    },
    svg('path', { d, class: 'hit' }), svg('path', { d, class: 'stroke' }),
    move ? svg('title', {}, v.hints ? `${move.label}: value after ${move.value}${move.winning ? ' ✓' : ' ✗'}` : move.label) : null);
    edgeRow.push(g);
    if (move && v.hints) {
      const tx = (x1 + 2 * mx + x2) / 4 + 0.28; const ty = (y1 + 2 * my + y2) / 4;
      edgeRow.push(svg('text', { x: tx, y: ty, class: `mark ${move.winning ? 'win' : 'lose'}`, 'aria-hidden': 'true' }, move.winning ? '✓' : '✗'));
    }
  });
  items.push(svg('g', { role: 'row' }, edgeRow));
  // The edges the last cut removed, fading out.
  if (lastGone && lastGone.gone) {
    for (const [[xa, ya], [xb, yb], c] of lastGone.gone) {
      items.push(svg('line', { x1: X(xa), y1: Y(ya), x2: X(xb), y2: Y(yb), class: `gone ${COLOUR[c]} by-${v.last.by}`, 'aria-hidden': 'true' }));
    }
  }
  for (const [x, y] of pic.v) if (y > 0) items.push(svg('circle', { cx: X(x), cy: Y(y), r: 0.11, class: 'vertex', 'aria-hidden': 'true' }));
  // The drawing grid: every point a tap target (the first tap starts an edge, the second ends it).
  if (editing && !erasing()) {
    for (let y = 0; y < maxY; y++) {
      const row = [];
      for (let x = 0; x <= maxX; x++) {
        const on = pending && pending[0] === x && pending[1] === y;
        row.push(svg('g', { class: `point target${on ? ' pending' : ''}`, 'data-key': `p:${x},${y}`, role: 'gridcell', tabindex: -1, 'aria-label': `point (${x}, ${y})${y === 0 ? ' on the ground' : ''}${on ? ', the start of the new edge' : ''}` },
          svg('circle', { cx: X(x), cy: Y(y), r: 0.42, class: 'hit' }), svg('circle', { cx: X(x), cy: Y(y), r: on ? 0.16 : 0.07, class: 'dot' })));
      }
      items.push(svg('g', { role: 'row' }, row));
    }
  }
  board.setAttribute('viewBox', `0 0 ${maxX + 1} ${maxY + 1}`);
  board.replaceChildren(...items);
  board.classList.toggle('stale', v.stale);
  board.classList.toggle('drawing', editing);
  fitBoard(board, $('board-wrap'), maxX + 1, maxY + 1);
  keyboardBoard(board, editing && !erasing() ? maxX + 1 : 1, activate, () => { pending = null; draw(); });
  if (refocus) (board.querySelector(`[data-key="${board.dataset.focus}"]`) || board.querySelector('[tabindex="0"]'))?.focus();
  $('text').value = toEngine(pic);
  readout(v, moves);
  panel(v);
  movesTable($('moves'), v, (m) => game.play(m));
}

const erasing = () => document.querySelector('input[name="pen"]:checked')?.value === 'erase';
const pen = () => document.querySelector('input[name="pen"]:checked')?.value || 'b';

function readout(v, moves) {
  const parts = [];
  if (v.last && v.last.by === 'computer') parts.push(`The computer (${v.last.side === 0 ? 'Blue' : 'Red'}) cut the ${v.last.move.label} edge.`);
  if (editing && prune(v.pos).e.length < v.pos.e.length) parts.push('Some edges do not reach the ground yet: join them to it (floating edges fall away when you play).');
  if (editing) parts.push(erasing() ? 'Tap an edge to erase it.' : pending ? `From (${pending[0]}, ${pending[1]}): tap the other end.` : 'Tap a point (on the ground or anywhere), then another: a new edge joins them.');
  else if (v.canPlay && moves.length) parts.push(INFO.hint || 'Tap an edge to cut it.');
  else if (v.pos.e.length === 0 && !editing) parts.push('The picture is empty: tick “draw your own” or choose a picture.');
  $('readout').textContent = parts.join(' ');
}

/** The edges cutting edge `i` of `pic` removes (it and what falls with it), as coordinates. */
function falls(pic, i) {
  const after = cut(pic, i);
  const kept = new Map();
  for (const [a, b, c] of after.e) { const k = `${after.v[a]}|${after.v[b]}|${c}`; kept.set(k, (kept.get(k) || 0) + 1); }
  const gone = [];
  for (const [a, b, c] of pic.e) {
    const k = `${pic.v[a]}|${pic.v[b]}|${c}`;
    if (kept.get(k)) kept.set(k, kept.get(k) - 1); else gone.push([pic.v[a], pic.v[b], c]);
  }
  return gone;
}



function activate(key) {
  const v = current;
  if (!v) return;
  if (editing) { editAt(key); return; }
  if (!v.canPlay || !key.startsWith('e:')) return;
  const i = Number(key.slice(2));
  const move = v.analysis.moves.find((m) => m.edge === i);
  if (move) game.play(move);
}

function editAt(key) {
  const pic = { v: current.pos.v.map((p) => [...p]), e: current.pos.e.map((e) => [...e]) };
  if (key.startsWith('e:')) {
    if (!erasing()) return;
    pic.e.splice(Number(key.slice(2)), 1);
    restart(pic);
    return;
  }
  const [x, y] = key.slice(2).split(',').map(Number);
  if (!pending) { pending = [x, y]; draw(); return; }
  if (pending[0] === x && pending[1] === y) { pending = null; draw(); return; }
  if (pending[1] === 0 && y === 0) { say($('status'), 'Both ends are on the ground: an edge needs at least one end above it.'); pending = null; draw(); return; }
  const vertex = ([px, py]) => {
    const found = pic.v.findIndex(([qx, qy]) => qx === px && qy === py);
    if (found >= 0) return found;
    pic.v.push([px, py]);
    return pic.v.length - 1;
  };
  pic.e.push([vertex(pending), vertex([x, y]), pen()]);
  pending = null;
  restart(pic);
}

/**
 * Starts again from an edited picture. While drawing, edges that do not reach the ground yet
 * stay on screen (the engine is given the grounded part); they fall away when play starts.
 */
function restart(pic) {
  if (pic.e.length > MAX_EDGES) { showError($('error'), `the page takes at most ${MAX_EDGES} edges`); return; }
  clearError($('error'));
  game.start(pic, game.settings.first);
}

// ---- controls -----------------------------------------------------------------------------

$('preset').replaceChildren(el('option', { value: '' }, 'choose a picture…'),
  ...PRESETS.map(([name, pic]) => el('option', { value: pic }, name)));
$('preset').addEventListener('change', () => {
  const value = $('preset').value;
  if (!value) return;
  $('preset').value = '';
  clearError($('error'));
  let pic;
  try { pic = layout(value); } catch (err) { showError($('error'), err.message); return; }
  game.start(pic, game.settings.first);
});
$('notation').addEventListener('submit', (e) => {
  e.preventDefault();
  let pic;
  try { pic = layout($('text').value); } catch (err) { showError($('error'), err.message); return; }
  clearError($('error'));
  game.start(pic, game.settings.first);
});
$('edit').addEventListener('change', () => {
  editing = $('edit').checked;
  pending = null;
  $('pens').hidden = !editing;
  if (!editing) game.start(prune(current.pos), game.settings.first);
  else { game.redraw(); say($('status'), 'Drawing: pick a colour, tap two points to join them.'); }
});
for (const r of document.querySelectorAll('input[name="pen"]')) r.addEventListener('change', () => { pending = null; game.redraw(); });
$('clear').addEventListener('click', () => { pending = null; game.start({ v: [], e: [] }, game.settings.first); });
$('stop').addEventListener('click', () => game.stop());
window.addEventListener('resize', () => { if (current) draw(); });
