// The worksheet: any expression of the engine's notation (POST /value, computed by the page's
// WebAssembly engine), each answer an entry of a list that the page's link carries. Loopy
// expressions (`on`, `over + 1`, `{0|pass}`, sided values `on & 0`) answer with the loopy
// report, and comparisons with a loopy side (`over < 1/1024`) compare by sides (docs/loopy.md);
// misère ones (`misere(*2 + *2)`, CGSuite's forms `*[2[2]]`) with the misère canonical form,
// outcome and genus (docs/misere.md).
import { api, el, $, busy, showError, clearError, say } from './common.js';

const OUTCOMES = {
  L: 'L — Left wins',
  R: 'R — Right wins',
  P: 'P — the second player wins',
  N: 'N — the first player wins',
};
const RELATIONS = { '<': 'less than', '>': 'greater than', '=': 'equal to', '||': 'confused with' };

/** The expressions of the list, oldest first (what the link carries). */
let entries = [];

/** The link's list: `#e=…&e=…` (a fragment, so the static site needs no server). */
function readLink() {
  return new URLSearchParams(location.hash.slice(1)).getAll('e').filter((e) => e.trim());
}

function writeLink() {
  const params = new URLSearchParams();
  for (const e of entries) params.append('e', e);
  const hash = entries.length ? `#${params}` : '';
  history.replaceState(null, '', `${location.pathname}${location.search}${hash}`);
}

/** The rows of one report: value, outcome, mean, temperature, stops, birthday, atomic weight. */
function rows(r) {
  return [
    ['value', r.canonical, 'value'],
    ['outcome', OUTCOMES[r.outcome] || r.outcome, 'outcome'],
    ['mean', r.mean, 'mean'],
    ['temperature', r.temperature, 'temperature'],
    ['stops', `Left ${r.left_stop}, Right ${r.right_stop}`, 'stops'],
    ['birthday', r.birthday, 'birthday'],
    ['atomic weight', r.atomic_weight ?? 'undefined (not atomic)', 'aw'],
    ['reduced canonical form', r.reduced_canonical_form, 'rcf'],
  ].flatMap(([k, v, cls]) => [el('dt', {}, k), el('dd', { class: cls }, String(v))]);
}

/** The rows of a loopy report: value, outcome with draws, stopper or sides, stops, mean,
 * temperature, reduced canonical form. */
function loopyRows(r) {
  const out = [
    ['value', r.value, 'value'],
    ['outcome', OUTCOMES[r.outcome_text] || r.outcome_text, 'outcome'],
    ['stopper', r.stopper ? 'yes' : 'no (some play alternates for ever)', 'stopper'],
  ];
  if (r.stopper) {
    out.push(['stops', `Left ${r.left_stop}, Right ${r.right_stop}`, 'stops']);
    if (r.mean != null) out.push(['mean', r.mean, 'mean']);
    if (r.temperature != null) out.push(['temperature', r.temperature, 'temperature']);
    if (r.thermograph_note != null) out.push(['thermograph', r.thermograph_note, 'thermograph-note']);
    // the value modulo infinitesimals (Siegel, "Reduced canonical forms of stoppers", 2006)
    if (r.reduced != null || r.reduced_note != null) {
      out.push(['reduced canonical form', r.reduced ?? r.reduced_note, 'rcf']);
    }
  } else if (r.onside != null) {
    out.push(['onside', r.onside, 'onside'], ['offside', r.offside, 'offside']);
    if (r.onside_stops) out.push(['onside stops', `Left ${r.onside_stops[0]}, Right ${r.onside_stops[1]}`, 'onside-stops']);
    if (r.offside_stops) out.push(['offside stops', `Left ${r.offside_stops[0]}, Right ${r.offside_stops[1]}`, 'offside-stops']);
  }
  out.push(['positions', r.canonical_positions != null
    ? `${r.positions} (canonical: ${r.canonical_positions})` : String(r.positions), 'positions']);
  return out.flatMap(([k, v, cls]) => [el('dt', {}, k), el('dd', { class: cls }, String(v))]);
}

const MISERE_OUTCOMES = {
  P: 'P — the second player wins (misère play: whoever moves last loses)',
  N: 'N — the first player wins (misère play: whoever moves last loses)',
};

/** The class of a misère form in words (CGSuite's phyla: tame, restive, restless, …). */
function phylum(p) {
  if (p.nim_heap) return 'a nim heap (tame)';
  const names = [['tame', 'tame'], ['restive', 'restive'], ['restless', 'restless'],
    ['generally_tame', 'generally tame'], ['generally_restive', 'generally restive']];
  const found = names.filter(([k]) => p[k]).map(([, w]) => w);
  return found.length ? found.join(', ') : 'wild (none of tame, restive, restless)';
}

/** The rows of a misère value: form, outcome, genus, Grundy values, nim heap, class. */
function misereRows(m) {
  return [
    ['misère canonical form', m.form ?? `longer than the page shows (birthday ${m.birthday})`, 'value'],
    ['outcome', MISERE_OUTCOMES[m.outcome] || m.outcome, 'outcome'],
    ['genus', m.genus, 'genus'],
    ['misère Grundy value', `${m.misere_grundy} (normal play: ${m.grundy})`, 'misere-grundy'],
    ['equal to a nim heap', m.nim_heap != null ? `yes: *${m.nim_heap}` : 'no', 'nim-heap'],
    ['birthday', m.birthday, 'birthday'],
    ['class', phylum(m.phylum), 'phylum'],
  ].flatMap(([k, v, cls]) => [el('dt', {}, k), el('dd', { class: cls }, String(v))]);
}

function thermograph(r, label) {
  const box = el('div', { class: 'thermo', role: 'img', 'aria-label': `thermograph of ${label}` });
  box.innerHTML = r.thermograph.svg; // the engine's own SVG
  return box;
}

/** One entry of the list. */
function entry(expr, a, index) {
  const remove = el('button', {
    type: 'button', class: 'remove', 'aria-label': `remove ${expr}`,
    onclick: () => { entries.splice(index, 1); writeLink(); render(); },
  }, '×');
  const head = el('div', { class: 'entry-head' }, el('code', { class: 'expr' }, expr), remove);
  const parts = [head];
  if (a.comparison) {
    const c = a.comparison;
    parts.push(el('p', { class: `verdict ${c.holds ? 'good' : 'bad'}` },
      c.holds ? `True: ${c.operator} holds` : `False: ${c.operator} does not hold`,
      ` — the left side is ${RELATIONS[c.relation]} the right side.`));
    parts.push(el('div', { class: 'sides' },
      el('div', {}, el('h3', {}, 'left side'), el('dl', { class: 'kv' }, rows(a.value)), thermograph(a.value, 'the left side')),
      el('div', {}, el('h3', {}, 'right side'), el('dl', { class: 'kv' }, rows(c.right)), thermograph(c.right, 'the right side'))));
  } else if (a.loopy_comparison) {
    // a comparison with a loopy side: the values compared by their sides (docs/loopy.md)
    const c = a.loopy_comparison;
    parts.push(el('p', { class: `verdict ${c.holds ? 'good' : 'bad'}` },
      c.holds ? `True: ${c.operator} holds` : `False: ${c.operator} does not hold`,
      ` — the left side is ${RELATIONS[c.relation]} the right side.`));
    parts.push(el('div', { class: 'sides' },
      el('div', {}, el('h3', {}, 'left side'), el('dl', { class: 'kv loopy' }, loopyRows(a.loopy))),
      el('div', {}, el('h3', {}, 'right side'), el('dl', { class: 'kv loopy' }, loopyRows(c.right)))));
  } else if (a.misere) {
    parts.push(el('div', { class: 'sides' }, el('dl', { class: 'kv misere' }, misereRows(a.misere))));
  } else if (a.loopy) {
    const side = [el('dl', { class: 'kv loopy' }, loopyRows(a.loopy))];
    // a stopper whose unrolled thermographs settled (docs/loopy.md, "Temperature of stoppers")
    if (a.loopy.thermograph) side.push(thermograph(a.loopy, expr));
    parts.push(el('div', { class: 'sides' }, ...side));
  } else {
    parts.push(el('div', { class: 'sides' },
      el('dl', { class: 'kv' }, rows(a.value)), thermograph(a.value, expr)));
  }
  if (a.games.length) {
    parts.push(el('p', { class: 'muted small' }, 'Positions: ',
      a.games.flatMap((g, i) => [i ? '; ' : '', el('code', {}, `${g.game}("${g.position}")`), ` = ${g.value}`])));
  }
  return el('li', { class: 'entry panel' }, parts);
}

/** Answers, by expression (an entry is computed once). */
const answers = new Map();

function render() {
  $('entries').replaceChildren(...entries
    .map((expr, i) => (answers.has(expr) ? entry(expr, answers.get(expr), i) : null))
    .filter(Boolean));
}

/** Shows where the expression went wrong: the text with a caret under character N. */
function showPlace(expr, message) {
  const m = /^at character (\d+):/.exec(message);
  const where = $('where');
  if (!m) { where.hidden = true; return; }
  const n = Number(m[1]);
  where.textContent = `${expr}\n${' '.repeat(Math.max(0, n - 1))}^`;
  where.hidden = false;
}

async function evaluate(expr, { remember = true } = {}) {
  const text = expr.trim();
  if (!text) return false;
  clearError($('error'), true);
  $('where').hidden = true;
  let failure = null;
  const a = answers.get(text) || await busy('value', $('status'), 'computing…',
    (signal) => api('value', { expr: text }, signal).catch((err) => {
      if (err.name !== 'AbortError') failure = err;
      throw err;
    }), null);
  say($('status'), '');
  if (!a) {
    if (failure) {
      showError($('error'), `${text}: ${failure.message}`);
      showPlace(text, failure.message);
    }
    return false;
  }
  answers.set(text, a);
  if (remember) {
    entries = entries.filter((e) => e !== text).concat([text]);
    writeLink();
  }
  render();
  return true;
}

$('ask').addEventListener('submit', async (event) => {
  event.preventDefault();
  if (await evaluate($('expr').value)) $('expr').select();
});
$('clear').addEventListener('click', () => { entries = []; writeLink(); render(); });
for (const button of $('examples').querySelectorAll('button')) {
  button.addEventListener('click', () => { $('expr').value = button.textContent; evaluate(button.textContent); });
}

/** The link's entries, computed in order (a bad one says why and is left out). */
async function load() {
  entries = readLink();
  render();
  const kept = [];
  for (const expr of entries) {
    if (await evaluate(expr, { remember: false })) kept.push(expr);
  }
  if (kept.length !== entries.length) { entries = kept; writeLink(); }
  render();
}
window.addEventListener('hashchange', () => { if (readLink().join('\n') !== entries.join('\n')) load(); });
load();
