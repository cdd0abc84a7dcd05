// The plot of a heap game's nim sequence G(n) against n: drawn in SVG at the size it is shown
// (so its labels stay ≥ 11 px on a phone), rare values ringed, the periodic part shaded once
// the engine proves a period, and a readout by hover, touch or keyboard (the plot is one Tab
// stop; arrow keys move a cursor, Shift by 10, Home/End to the ends). It runs on its own
// engine worker, so a long period search never holds up the game.
import { newEngine } from './engine.js';

const ns = 'http://www.w3.org/2000/svg';
const mk = (tag, attrs = {}, text) => {
  const n = document.createElementNS(ns, tag);
  for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, v);
  if (text !== undefined) n.textContent = text;
  return n;
};

/** About `count` round tick values from 0 to `hi` (1, 2 or 5 times a power of ten apart). */
export function ticks(hi, count) {
  if (hi <= 0) return [0];
  const raw = hi / Math.max(1, count);
  const p = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * p).find((s) => s >= raw) || p * 10;
  const out = [];
  for (let v = 0; v <= hi + 1e-9; v += step) out.push(Math.round(v));
  return out;
}

const largest = (values) => values.reduce((m, v) => (v > m ? v : m), 0);
const plural = (k, word) => `${k.toLocaleString('en')} ${word}${k === 1 ? '' : 's'}`;

/** The values the engine needs to have chosen its sparse-space mask. */
const MASK_VALUES = 4096;

/** The period searches the page makes, each bound four times the last, up to the engine's. */
const firstBound = 4096;

/**
 * Creates the plot: `svg`, `readout`, `info` (status), `period` (the period's words) and
 * `error` nodes, `count()` (how many values to plot) and `limits()` (the engine's health
 * limits). Returns {show(code, name), clear(message), redraw()}.
 */
export function sequencePlot({ svg, readout, info, period, error, count, limits }) {
  const engine = newEngine();
  let data = null; // {code, name, values, rare: Set, found}
  let cursor = null;
  let controller = null;
  let job = 0;

  const say = (node, text, cls = '') => { node.textContent = text; node.className = `${node.className.split(' ')[0]} ${cls}`.trim(); };

  function clear(message) {
    job += 1;
    if (controller) controller.abort();
    data = null;
    cursor = null;
    svg.replaceChildren();
    svg.removeAttribute('viewBox');
    svg.classList.remove('stale');
    svg.dataset.state = 'empty';
    period.textContent = '';
    info.textContent = '';
    readout.textContent = message || '\u00a0';
  }

  async function show(code, name) {
    job += 1;
    const mine = job;
    if (controller) controller.abort();
    controller = new AbortController();
    const { signal } = controller;
    svg.classList.add('stale');
    svg.dataset.state = 'loading';
    error.textContent = '';
    period.textContent = '';
    readout.textContent = '\u00a0';
    delete readout.dataset.n;
    const n = Math.min(count(), limits().heaps_values);
    say(info, `computing G(0) … G(${n - 1})…`, 'busy');
    let values;
    try {
      // The engine chooses the sparse-space mask from its values once it has 2^10 of them; a
      // short plot asks for 2^12 (a few milliseconds) to know its rare heaps.
      const asked = Math.min(Math.max(n, MASK_VALUES), limits().heaps_values);
      values = await engine.call('heaps/values', { code, count: asked }, signal).catch((err) => {
        // Rulesets whose moves leave three heaps are computed by the definition, which may not
        // reach that far: then just the values plotted.
        if (err.status === 422 && asked > n) return engine.call('heaps/values', { code, count: n }, signal);
        throw err;
      });
      values.computed = values.values.length;
      values.values = values.values.slice(0, n);
    } catch (err) {
      if (err.name === 'AbortError' || mine !== job) return;
      clear();
      error.textContent = `The sequence could not be computed: ${err.message}`;
      return;
    }
    if (mine !== job) return;
    // Rare heaps mean something when the engine's mask splits the values sparsely: at most a
    // quarter of the heaps computed rare (mask 0, or most heaps rare: no sparse split).
    const { computed } = values;
    const sparse = values.rare.mask !== 0 && values.rare.count * 4 <= computed;
    const rare = sparse ? values.rare_heaps.map((r) => r.heap).filter((h) => h < n) : [];
    data = { code, name, values: values.values, rare: new Set(rare), sparse, found: null, report: values };
    cursor = null;
    svg.classList.remove('stale');
    svg.dataset.state = 'values';
    svg.dataset.count = String(data.values.length);
    say(info, `${data.values.length.toLocaleString('en')} values, largest ${largest(data.values)}, ${sparse ? `${plural(data.rare.size, 'rare heap')} (ringed)` : 'no sparse split'}`);
    draw();
    // The period: searched with growing bounds so every stage says how far it got.
    const top = limits().heaps_period_max;
    for (let bound = Math.min(firstBound, top); ; bound = Math.min(top, bound * 4)) {
      period.textContent = `looking for a period up to n = ${bound.toLocaleString('en')}…`;
      let r;
      try {
        r = await engine.call('heaps/period', { code, max: bound }, signal);
      } catch (err) {
        if (err.name === 'AbortError' || mine !== job) return;
        period.textContent = '';
        error.textContent = `The period search stopped: ${err.message}`;
        return;
      }
      if (mine !== job) return;
      const a = r.analysis;
      data.found = a.proof;
      period.textContent = periodWords(r, name || code);
      svg.dataset.state = a.proof ? 'period' : 'searched';
      draw();
      if (a.status !== 'unsolved' || !r.theorem || bound >= top || a.computed_to < bound) return;
    }
  }

  function draw() {
    if (!data) return;
    const values = data.values;
    const N = values.length;
    const W = Math.max(280, Math.floor(svg.parentElement.clientWidth || 600));
    const H = W < 520 ? 230 : 300;
    const L = 44; const R = 14; const T = 22; const B = 40;
    const maxV = Math.max(1, largest(values));
    const x = (n) => L + (N <= 1 ? 0 : (n / (N - 1)) * (W - L - R));
    const y = (v) => T + (1 - v / maxV) * (H - T - B);
    svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
    svg.setAttribute('width', W);
    svg.setAttribute('height', H);
    const kids = [];
    // The periodic part, shaded from the preperiod on, and a line every period.
    const f = data.found;
    if (f && f.preperiod < N) {
      const x0 = x(f.preperiod);
      kids.push(mk('rect', { x: x0, y: T, width: Math.max(1, x(N - 1) - x0), height: H - T - B, class: 'periodic' }));
      const pitch = (f.period / Math.max(1, N - 1)) * (W - L - R);
      if (pitch >= 6) {
        for (let n = f.preperiod; n < N; n += f.period) kids.push(mk('line', { x1: x(n), y1: T, x2: x(n), y2: H - B, class: 'period-line' }));
      }
      kids.push(mk('text', { x: Math.min(x0 + 4, W - R - 150), y: T - 6, class: 'period-label' }, `periodic from n = ${f.preperiod}, period ${f.period}`));
    }
    // Axes with round ticks; the names sit at the ends of their axes.
    kids.push(mk('line', { x1: L, y1: T, x2: L, y2: H - B, class: 'axis' }));
    kids.push(mk('line', { x1: L, y1: H - B, x2: W - R, y2: H - B, class: 'axis' }));
    for (const t of ticks(N - 1, Math.max(2, Math.floor((W - L - R) / 70)))) {
      kids.push(mk('line', { x1: x(t), y1: H - B, x2: x(t), y2: H - B + 4, class: 'axis' }));
      kids.push(mk('text', { x: x(t), y: H - B + 16, 'text-anchor': 'middle' }, t.toLocaleString('en')));
    }
    for (const t of ticks(maxV, Math.max(2, Math.floor((H - T - B) / 32)))) {
      kids.push(mk('line', { x1: L - 4, y1: y(t), x2: L, y2: y(t), class: 'axis' }));
      kids.push(mk('text', { x: L - 7, y: y(t) + 4, 'text-anchor': 'end' }, t));
    }
    kids.push(mk('text', { x: W - R, y: H - 6, 'text-anchor': 'end', class: 'axis-name' }, 'heap size n →'));
    kids.push(mk('text', { x: 4, y: 12, class: 'axis-name' }, 'G(n) ↑'));
    // The values: one path of small squares (common), rings on the rare ones.
    const s = N > 3000 ? 1.5 : N > 600 ? 2 : 3;
    let d = '';
    for (let n = 0; n < N; n++) d += `M${(x(n) - s / 2).toFixed(1)} ${(y(values[n]) - s / 2).toFixed(1)}h${s}v${s}h${-s}z`;
    kids.push(mk('path', { d, class: 'values' }));
    for (const n of data.rare) {
      if (n < N) kids.push(mk('circle', { cx: x(n), cy: y(values[n]), r: 3.5, class: 'rare', 'data-n': n }));
    }
    // The readout cursor.
    if (cursor !== null && cursor < N) {
      kids.push(mk('line', { x1: x(cursor), y1: T, x2: x(cursor), y2: H - B, class: 'cursor' }));
      kids.push(mk('circle', { cx: x(cursor), cy: y(values[cursor]), r: 5, class: 'cursor-dot' }));
    }
    svg.replaceChildren(...kids);
    svg.dataset.maxTick = String(maxV);
    svg.setAttribute('aria-label', `G(n) for n from 0 to ${N - 1}${f ? `, periodic from ${f.preperiod} with period ${f.period}` : ''}; arrow keys move a readout cursor`);
    svg.plotScale = { x, L, R, W, N };
  }

  function read(n) {
    if (!data) return;
    const N = data.values.length;
    cursor = Math.max(0, Math.min(N - 1, n));
    const v = data.values[cursor];
    const f = data.found;
    const inPeriod = f && cursor >= f.preperiod ? ` · periodic part: G(${cursor}) = G(${cursor + f.period})` : '';
    readout.textContent = `G(${cursor}) = ${v}${data.rare.has(cursor) ? ' · rare value' : data.sparse ? ' · common' : ''}${inPeriod}`;
    readout.dataset.n = String(cursor);
    draw();
  }

  const fromPointer = (e) => {
    const s = svg.plotScale;
    if (!s) return;
    const rect = svg.getBoundingClientRect();
    const px = ((e.clientX - rect.left) / rect.width) * s.W;
    read(Math.round(((px - s.L) / (s.W - s.L - s.R)) * (s.N - 1)));
  };
  svg.addEventListener('pointermove', fromPointer);
  svg.addEventListener('pointerdown', fromPointer);
  svg.addEventListener('focus', () => { if (data && cursor === null) read(0); });
  svg.addEventListener('keydown', (e) => {
    if (!data) return;
    const step = e.shiftKey ? 10 : 1;
    const at = cursor ?? 0;
    const next = { ArrowRight: at + step, ArrowUp: at + step, ArrowLeft: at - step, ArrowDown: at - step, Home: 0, End: data.values.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    read(next);
  });

  return { show, clear, redraw: draw };
}

/** The period report in words: proven, arithmetic (observed), not found, or no theorem. */
export function periodWords(r, name) {
  const a = r.analysis;
  const upTo = `n = ${a.computed_to.toLocaleString('en')}`;
  const rare = a.rare.mask ? `, ${a.rare.count} rare heaps (mask ${a.rare.mask}${a.rare.last !== null ? `, the last at n = ${a.rare.last}` : ''})` : '';
  if (a.proof) {
    const [from, to] = a.proof.certificate;
    return `${name}: periodic — G(n + ${a.proof.period}) = G(n) for every n ≥ ${a.proof.preperiod} (proven by the periodicity theorem: checked for ${from} ≤ n < ${to}); largest value ${a.largest_value}.`;
  }
  if (a.arithmetic) {
    const { preperiod, period: p, saltus } = a.arithmetic;
    return `${name}: arithmetic periodicity observed — G(n + ${p}) = G(n) + ${saltus} for ${preperiod} ≤ n < ${a.computed_to - p} (observed, not proven).`;
  }
  if (!r.theorem) {
    return `${name}: no periodicity theorem applies, so no period is claimed; computed up to ${upTo}, largest value ${a.largest_value}${rare}.`;
  }
  return `${name}: no period proven up to ${upTo}; largest value ${a.largest_value}${rare}.`;
}
