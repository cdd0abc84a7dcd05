// The picture of a graph game (`board: graph` in the registry: edges between vertices above a
// ground, as Hackenbush): reading it from the engine's notation and laying it out, cutting an
// edge (what no longer reaches the ground falls), naming a cut, and drawing it as SVG with the
// moves of the player to move as cells (✓/✗, shaded by remoteness). Shared by the graph page
// (graph.js) and the notebook widget (widget.js).
//
// A picture keeps coordinates — vertices [x, y] with the ground at y = 0, edges [a, b, colour]
// — and talks to the engine in its notation (an edge list over numbered vertices, the ground
// being vertex 0; see `toEngine`). Every vertex sent reaches the ground and they are numbered
// 1, 2, … in order, which the engine keeps: a move's label `cut u-v:c` names the picture's edge.
// A picture given only in the engine's notation is laid out with every vertex at a point of its
// own and no edge through another vertex, so the picture is the graph the engine analyses.
import { svg } from './pieces.js';
import { largestKnown, shadeStrength } from './board.js';

export const COLOUR = { b: 'blue', r: 'red', g: 'green' };
export const MAX_EDGES = 40;
export const MAX_X = 16;
export const MAX_Y = 10;

/** A picture from a link: the engine's notation, or the page's older form with coordinates. */
export function decode(text) {
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
export function prune(pic) {
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
export function cut(pic, i) {
  return prune({ v: pic.v, e: pic.e.filter((_, j) => j !== i) });
}

/**
 * The engine's notation: edges `a-b:c` over vertices numbered from 1, the ground being 0 (every
 * vertex at y = 0 is the ground), e.g. `0-1:b 1-2:r`.
 */
export function toEngine(pic) {
  const ids = engineIds(pic);
  return pic.e.length ? pic.e.map(([a, b, c]) => `${ids[a]}-${ids[b]}:${c}`).join(' ') : '0';
}

/** The engine's number of each vertex: 0 for the ground, 1, 2, … for the others in order. */
export function engineIds(pic) {
  const ids = []; let next = 1;
  pic.v.forEach((p, i) => { ids[i] = grounded(pic, i) ? 0 : next++; });
  return ids;
}

/**
 * The edges `[u, v, colour]` of the engine's notation: stalks from the ground up (`bbr + g3`,
 * a count repeats a letter) or edges `U-V:C` with 0 the ground.
 */
export function engineEdges(text) {
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
export function layout(engineText) {
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

/** The edge of `pic` (as sent to the engine) that move `m` cuts, from its label `cut u-v:c`. */
export function whichCut(pic, m) {
  const l = /^cut (\d+)-(\d+):([brg])$/.exec(m.engineLabel || m.label);
  if (!l) return null;
  const ids = engineIds(pic);
  const want = [Number(l[1]), Number(l[2])].sort((x, y) => x - y).join('-');
  const i = pic.e.findIndex(([a, b, c]) => c === l[3] && [ids[a], ids[b]].sort((x, y) => x - y).join('-') === want);
  return i >= 0 ? i : null;
}

/** A cut's name in the history: the edge's colour and its height above the ground. */
export function edgeName(pic, i, fallback) {
  if (!pic || !pic.e[i]) return fallback;
  const [a, b, c] = pic.e[i];
  const [xa, ya] = pic.v[a]; const [xb, yb] = pic.v[b];
  return `${COLOUR[c]} (${xa},${ya})–(${xb},${yb})`;
}

/** The edges cutting edge `i` of `pic` removes (it and what falls with it), as coordinates. */
export function falls(pic, i) {
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

/**
 * Draws picture `v.pic` into the SVG `board` and returns its size in grid units {cols, rows}.
 * `v`: `moves` the cuts that may be played (each with `.edge`, its index in `pic.e`), `all` the
 * analysis's moves (the remoteness array's order), `remoteness` the remoteness after each move
 * or null, `hints`, `last` (the last move, with `.move.gone`: the edges it removed), `editing`
 * (the drawing grid), `erasing` (the editor's pen erases) and `pending` (the first point of an
 * edge being drawn). Edges are `[data-key="e:i"]` cells, the editor's points `p:x,y`.
 */
export function drawPicture(board, v) {
  const { pic, moves, editing, erasing, pending } = v;
  const byEdge = new Map(moves.map((m) => [m.edge, m]));
  // Shading by remoteness where the engine knows it (the remoteness after each move, by the
  // move's index in the analysis), on the scale of the moves on show, as the grid boards do.
  const rem = moves.length ? v.remoteness : null;
  const indexOf = new Map(moves.length ? v.all.map((m, j) => [m, j]) : []);
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
    const target = Boolean(move) || (editing && erasing);
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
  if (editing && !erasing) {
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
  return { cols: maxX + 1, rows: maxY + 1 };
}
