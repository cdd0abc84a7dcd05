// The shared game loop of Turning Corners, Wythoff and Toads and Frogs: the move history with
// undo/redo to any point, who plays which side and who starts, hints on/off, the computer's
// strength, the computer's last move (the page draws it; the history names it), the value
// history chart, and the position + settings in the URL (a permalink).
//
// A page supplies an adapter:
//   sides: [name of side 0, name of side 1] (e.g. ['the toads', 'the frogs']); singular: true
//     when they are one player each ('the first player wins')
//   initial(): the starting position when the URL has none
//   encode(pos) -> string, decode(string) -> pos (throws Error with a message on bad input)
//   analyse(pos, toMove, signal) -> Promise<analysis>, with analysis.moves (the mover's moves,
//     each with .winning) and analysis.chart (a number for the value chart, or null)
//   apply(pos, move) -> pos;  notation(move, side) -> text (the game's move notation)
//   perfect(analysis, moves) -> move (optional: the engine's choice; default a winning move)
//   render(view): draws the board; view = {pos, analysis, toMove, last, hints, canPlay, stale}
//   finished(result) (optional): a game against the computer ended, result 'win' or 'loss'
//     (called once per finished game, for a scorecard)
// The loop owns #controls (settings), #history, #chart, #status and #error of the page.
import { el, $, say, showError, clearError, elapsed } from './common.js';

const STRENGTHS = [['perfect', 'perfect'], ['random', 'random'], ['skill', 'skill p']];

export function createGame(adapter) {
  const game = {
    history: [], // {pos, toMove, move, by: 'you' | 'computer' | null, analysis}
    cursor: 0,
    gen: 0,
    controller: null,
    thinking: false,
    settings: { human: 'first', first: 0, hints: true, strength: 'perfect', p: 0.75 },
  };
  const entry = () => game.history[game.cursor];
  const isHuman = (side) => game.settings.human === 'both'
    || (game.settings.human === 'first' ? side === game.settings.first : side !== game.settings.first);

  // --- the controls, made once per page ---------------------------------------------------
  const controls = $('controls');
  const human = el('select', { id: 'human' },
    el('option', { value: 'first' }, 'first (you start)'),
    el('option', { value: 'second' }, 'second (the computer starts)'),
    el('option', { value: 'both' }, 'both sides'));
  const first = el('select', { id: 'first' }, ...adapter.sides.map((s, i) => el('option', { value: i }, s)));
  const hints = el('input', { id: 'hints', type: 'checkbox', checked: true });
  const strength = el('select', { id: 'strength' }, ...STRENGTHS.map(([v, t]) => el('option', { value: v }, t)));
  const p = el('input', { id: 'skill', type: 'number', min: 0, max: 1, step: 0.05, value: 0.75, style: { width: '5em' }, 'aria-label': 'skill p' });
  const undo = el('button', { id: 'undo', type: 'button' }, 'Undo');
  const redo = el('button', { id: 'redo', type: 'button' }, 'Redo');
  const link = el('a', { id: 'permalink', href: '?' }, 'link to this position');
  controls.replaceChildren(
    el('div', { class: 'toolbar' },
      el('label', { for: 'human' }, 'You move'), human,
      el('label', { for: 'first' }, 'First move'), first),
    el('div', { class: 'toolbar' },
      el('label', { for: 'strength' }, 'Computer'), strength, p,
      el('label', {}, hints, ' hints ✓/✗'),
      undo, redo, link),
  );
  const readSettings = () => {
    game.settings = {
      human: human.value,
      first: Number(first.value),
      hints: hints.checked,
      strength: strength.value,
      p: Math.min(1, Math.max(0, Number(p.value) || 0)),
    };
    p.hidden = game.settings.strength !== 'skill';
  };
  const writeSettings = () => {
    human.value = game.settings.human;
    first.value = String(game.settings.first);
    hints.checked = game.settings.hints;
    strength.value = game.settings.strength;
    p.value = String(game.settings.p);
    p.hidden = game.settings.strength !== 'skill';
  };
  hints.addEventListener('change', () => { readSettings(); draw(); });
  strength.addEventListener('change', () => { readSettings(); permalink(); });
  p.addEventListener('change', () => { readSettings(); permalink(); });
  human.addEventListener('change', () => { readSettings(); step(); });
  first.addEventListener('change', () => {
    readSettings();
    // Who starts changes the game itself: start again from the current position.
    game.start(entry().pos, game.settings.first);
  });
  undo.addEventListener('click', () => game.undo());
  redo.addEventListener('click', () => game.redo());

  // --- URL state -------------------------------------------------------------------------
  function permalink() {
    const e = entry();
    const s = game.settings;
    const params = new URLSearchParams({
      pos: adapter.encode(e.pos), move: adapter.sides[e.toMove] === undefined ? 0 : e.toMove,
      you: s.human, first: s.first, hints: s.hints ? 1 : 0, computer: s.strength,
    });
    if (s.strength === 'skill') params.set('p', s.p);
    const query = `?${params}`;
    link.href = query;
    history.replaceState(null, '', query);
  }

  function fromUrl() {
    const q = new URLSearchParams(location.search);
    if (q.has('you') && ['first', 'second', 'both'].includes(q.get('you'))) game.settings.human = q.get('you');
    if (q.get('first') === '1') game.settings.first = 1;
    if (q.get('hints') === '0') game.settings.hints = false;
    if (STRENGTHS.some(([v]) => v === q.get('computer'))) game.settings.strength = q.get('computer');
    if (q.has('p') && Number.isFinite(Number(q.get('p')))) game.settings.p = Math.min(1, Math.max(0, Number(q.get('p'))));
    writeSettings();
    if (!q.has('pos')) return null;
    try {
      return { pos: adapter.decode(q.get('pos')), toMove: q.get('move') === '1' ? 1 : 0 };
    } catch (err) {
      return { bad: `The link's position is not valid (${err.message}); a new game starts instead.` };
    }
  }

  // --- the loop --------------------------------------------------------------------------
  function view(extra = {}) {
    const e = entry();
    const last = e.move ? { move: e.move, by: e.by, side: 1 - e.toMove } : null;
    return {
      pos: e.pos, analysis: e.analysis || null, toMove: e.toMove, last, hints: game.settings.hints,
      canPlay: canPlay(), stale: !e.analysis, ...extra,
    };
  }
  const canPlay = () => !game.thinking && Boolean(entry().analysis) && !over() && isHuman(entry().toMove);
  const over = () => Boolean(entry().analysis) && entry().analysis.moves.length === 0;

  function draw(extra) {
    adapter.render(view(extra));
    renderHistory();
    renderChart();
    undo.disabled = game.cursor === 0 || game.thinking;
    redo.disabled = game.cursor >= game.history.length - 1 || game.thinking;
    permalink();
  }

  function cancel() {
    game.gen += 1;
    if (game.controller) game.controller.abort();
    game.controller = null;
    game.thinking = false;
  }

  /** Analyses the current entry (cached) and then lets the computer move if it is its turn. */
  async function step() {
    cancel();
    const gen = game.gen;
    const e = entry();
    delete $('status').dataset.winner;
    if (!e.analysis) {
      game.thinking = true;
      draw();
      const controller = new AbortController();
      game.controller = controller;
      const ticker = elapsed($('status'), adapter.busyText ? adapter.busyText(e.pos) : 'analysing…');
      try {
        e.analysis = await adapter.analyse(e.pos, e.toMove, controller.signal);
      } catch (err) {
        if (gen !== game.gen) return;
        game.thinking = false;
        ticker.stop();
        if (err.name === 'AbortError') { say($('status'), 'Stopped.'); draw(); return; }
        // Retry only where it can help: the engine refused this input (4xx) for good.
        const refused = err.status >= 400 && err.status < 500;
        showError($('error'), err.message, refused ? undefined : () => step());
        say($('status'), 'The position could not be analysed (see the message below); nothing was played.');
        draw();
        return;
      } finally {
        ticker.stop();
      }
      if (gen !== game.gen) return;
      game.thinking = false;
    }
    clearError($('error'));
    if (over()) {
      const loser = e.toMove;
      const winner = 1 - loser;
      const you = isHuman(winner) && !isHuman(loser);
      say($('status'), `${cap(adapter.sides[loser])} cannot move: ${adapter.sides[winner]} ${adapter.singular ? 'wins' : 'win'}${game.settings.human === 'both' ? '' : you ? ' — you win!' : ' — the computer wins.'}`,
        game.settings.human === 'both' ? '' : you ? 'win' : 'loss');
      $('status').dataset.winner = String(winner);
      // A page's scorecard counts each finished game once (not again after undo and redo).
      if (adapter.finished && !e.scored && game.settings.human !== 'both') {
        e.scored = true;
        adapter.finished(you ? 'win' : 'loss');
      }
      draw();
      return;
    }
    if (isHuman(e.toMove)) {
      const wins = e.analysis.moves.filter((m) => m.winning).length;
      say($('status'), game.settings.hints
        ? `Your move with ${adapter.sides[e.toMove]}: ${wins} of ${e.analysis.moves.length} moves win (✓).`
        : `Your move with ${adapter.sides[e.toMove]}.`);
      draw();
      return;
    }
    if (game.cursor < game.history.length - 1) {
      say($('status'), 'The computer is to move here: Redo replays its move, or Undo goes back further.');
      draw();
      return;
    }
    game.thinking = true;
    say($('status'), `The computer moves ${adapter.sides[e.toMove]}…`);
    draw();
    await new Promise((r) => setTimeout(r, 300));
    if (gen !== game.gen) return;
    game.thinking = false;
    commit(choose(e.analysis), 'computer');
  }

  function choose(analysis) {
    const moves = analysis.moves;
    const best = () => (adapter.perfect ? adapter.perfect(analysis, moves) : null)
      || moves.find((m) => m.winning) || moves[0];
    const random = () => moves[Math.floor(Math.random() * moves.length)];
    const s = game.settings;
    if (s.strength === 'random') return random();
    if (s.strength === 'skill') return Math.random() < s.p ? best() : random();
    return best();
  }

  function commit(move, by) {
    const e = entry();
    if (by === 'you') clearError($('error'), true);
    game.history = game.history.slice(0, game.cursor + 1);
    game.history.push({ pos: adapter.apply(e.pos, move), toMove: 1 - e.toMove, move, by, analysis: null });
    game.cursor += 1;
    step();
  }

  function renderHistory() {
    const list = $('history');
    if (!list) return;
    const items = game.history.slice(1).map((h, i) => {
      const ply = i + 1;
      const who = h.by === 'computer' ? 'computer' : 'you';
      return el('li', { class: `${ply === game.cursor ? 'current' : ''}${ply > game.cursor ? ' future' : ''}` },
        el('button', { type: 'button', class: 'link', 'data-ply': ply, title: `go to the position after move ${ply}`, onclick: () => game.jump(ply) },
          `${ply}. ${adapter.notation(h.move, 1 - h.toMove)}`),
        el('span', { class: 'muted' }, ` ${who}`));
    });
    list.replaceChildren(
      el('li', { class: game.cursor === 0 ? 'current' : '' },
        el('button', { type: 'button', class: 'link', 'data-ply': 0, onclick: () => game.jump(0) }, 'start')),
      ...items);
  }

  function renderChart() {
    const svg = $('chart');
    if (!svg) return;
    const points = game.history.map((h, i) => [i, h.analysis && h.analysis.chart !== null && h.analysis.chart !== undefined ? Number(h.analysis.chart) : null]);
    const known = points.filter(([, v]) => v !== null && Number.isFinite(v));
    const W = 320; const H = 140; const L = 40; const B = 26; const T = 10; const R = 10;
    const maxX = Math.max(1, game.history.length - 1);
    const vals = known.map(([, v]) => v);
    let lo = Math.min(0, ...vals); let hi = Math.max(1, ...vals);
    if (lo === hi) hi = lo + 1;
    const x = (i) => L + (i / maxX) * (W - L - R);
    const y = (v) => T + (1 - (v - lo) / (hi - lo)) * (H - T - B);
    const ns = 'http://www.w3.org/2000/svg';
    const mk = (tag, attrs, text) => {
      const n = document.createElementNS(ns, tag);
      for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, v);
      if (text !== undefined) n.textContent = text;
      return n;
    };
    const kids = [
      mk('line', { x1: L, y1: y(lo), x2: L, y2: T, class: 'axis' }),
      mk('line', { x1: L, y1: H - B, x2: W - R, y2: H - B, class: 'axis' }),
      mk('text', { x: L - 4, y: y(hi) + 4, 'text-anchor': 'end' }, fmt(hi)),
      mk('text', { x: L - 4, y: y(lo) + 4, 'text-anchor': 'end' }, fmt(lo)),
      mk('text', { x: L, y: H - 8, 'text-anchor': 'start' }, '0'),
      mk('text', { x: W - R, y: H - 8, 'text-anchor': 'end' }, `move ${maxX}`),
      mk('text', { x: (L + W) / 2, y: H - 8, 'text-anchor': 'middle' }, (typeof adapter.chartLabel === 'function' ? adapter.chartLabel() : adapter.chartLabel) || 'value'),
    ];
    if (lo < 0 && hi > 0) kids.push(mk('line', { x1: L, y1: y(0), x2: W - R, y2: y(0), class: 'zero' }));
    if (known.length > 1) kids.push(mk('polyline', { points: known.map(([i, v]) => `${x(i)},${y(v)}`).join(' '), class: 'line' }));
    for (const [i, v] of known) {
      const dot = mk('circle', { cx: x(i), cy: y(v), r: i === game.cursor ? 5 : 3, class: i === game.cursor ? 'dot current' : 'dot' });
      dot.append(mk('title', {}, `after move ${i}: ${fmt(v)}`));
      kids.push(dot);
    }
    svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
    svg.replaceChildren(...kids);
  }

  // --- the page's handles ------------------------------------------------------------------
  Object.assign(game, {
    /** Starts a new game at `pos` with side `toMove` to move. */
    start(pos, toMove = game.settings.first) {
      cancel();
      clearError($('error'), true);
      game.history = [{ pos, toMove, move: null, by: null, analysis: null }];
      game.cursor = 0;
      step();
    },
    /** The human plays `move` (ignored unless it is the human's turn and nothing is pending). */
    play(move) {
      if (!canPlay()) return false;
      commit(move, 'you');
      return true;
    },
    undo() {
      if (game.cursor === 0) return;
      let c = game.cursor - 1;
      while (c > 0 && !isHuman(game.history[c].toMove)) c -= 1;
      game.jump(c);
    },
    redo() {
      if (game.cursor >= game.history.length - 1) return;
      let c = game.cursor + 1;
      while (c < game.history.length - 1 && !isHuman(game.history[c].toMove)) c += 1;
      game.jump(c);
    },
    jump(ply) {
      if (ply < 0 || ply >= game.history.length) return;
      game.cursor = ply;
      step();
    },
    /** Stops the analysis in flight (the worker is terminated). */
    stop() { cancel(); say($('status'), 'Stopped.'); draw(); },
    redraw: () => draw(),
    current: () => entry(),
    isHuman,
  });

  const linked = fromUrl();
  readSettings();
  if (linked && linked.bad) {
    game.start(adapter.initial(), game.settings.first);
    showError($('error'), linked.bad, undefined, true);
  } else if (linked) {
    game.history = [{ pos: linked.pos, toMove: linked.toMove, move: null, by: null, analysis: null }];
    step();
  } else {
    game.start(adapter.initial(), game.settings.first);
  }
  return game;
}

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
const fmt = (v) => (Number.isInteger(v) ? String(v) : v.toFixed(2));

// Remoteness (Steinhaus' rule), shared by the pages that can tabulate it: odd = the player to
// move wins in that many moves, even = loses in that many (quickest win, slowest loss).
export const remotenessWords = (r) => (r === 0 ? 'no move left' : r % 2 ? `win in ${r}` : `lose in ${r}`);

/** Shows report `r` ({position, …} or null) in `node` and names the chart `heading` after it. */
export function showRemoteness(node, heading, r, { missing, otherChart }) {
  node.textContent = !r ? `remoteness: ${missing}`
    : r.position === 0 ? 'remoteness 0: no move left'
      : `remoteness ${r.position}: the player to move can ${remotenessWords(r.position)} (quickest win, slowest loss)`;
  node.dataset.r = r ? r.position : '';
  heading.textContent = r ? 'Remoteness after each move (the moves left under best play)' : otherChart;
}

/** The tooltip of a move whose target has remoteness `r` (null: none). */
export const remotenessTitle = (r) => (r === null || r === undefined ? '' : `after this move the opponent can ${remotenessWords(r)}`);
