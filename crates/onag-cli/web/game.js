// The shared game loop of every game page: the move history with undo/redo to any point, who
// plays which side and who starts, hints on/off, the computer's strength, the computer's last
// move (the page draws and animates it; the status line and the history name it), the value
// history chart, the scorecard, and the position + settings in the URL (a permalink).
//
// A page supplies an adapter:
//   id: the game's name for the scorecard (its registry name); sides: [name of side 0, name of side 1]
//     (e.g. ['the toads', 'the frogs']); singular: true when they are one player each
//   initial(): the starting position when the URL has none (may return a Promise)
//   encode(pos) -> string, decode(string) -> pos (throws Error with a message on bad input)
//   analyse(pos, toMove, signal, progress) -> Promise<analysis>, with analysis.moves (the
//     mover's moves, each with .winning and .remoteness or null) and analysis.chart (a number
//     for the value chart, or null); progress(done, total) reports slow work
//   apply(pos, move) -> pos;  notation(move, side) -> text (the game's move notation)
//   perfect(analysis, moves) -> move (optional: the engine's choice; default a winning move)
//   newGame: true for a “New game” button (start again from the game's first position)
//   misere: true for the Normal/Misère switch (impartial games): analyse then reads the
//     convention from its fifth argument ({misere}), and under misère the player who cannot
//     move wins (Conway, On Numbers and Games, ch. 12); the link carries misere=1
//   declared(history) -> text or null (optional: a game with cycles declares a draw by its
//     rule of play, e.g. a repeated position; history is the entries up to the one on show)
//   render(view): draws the board; view = {pos, analysis, toMove, last, hints, canPlay, stale,
//     fresh} — `fresh` is true on the first drawing after a move (animate it then only)
// The loop owns #controls (settings), #history, #chart, #status, #error and #scorecard.
import { el, $, say, showError, clearError, elapsed, retryable } from './common.js';
import { scorecard } from './board.js';

const STRENGTHS = [['perfect', 'perfect'], ['random', 'random'], ['skill', 'skill p']];

export function createGame(adapter) {
  const game = {
    history: [], // {pos, toMove, move, by: 'you' | 'computer' | null, analysis}
    cursor: 0,
    gen: 0,
    controller: null,
    thinking: false,
    settings: { human: 'first', first: 0, hints: true, strength: 'perfect', p: 0.75, fair: true, misere: false },
    fresh: false, // the next drawing is the first after a move
    badLink: false, // the URL holds a link that could not be read: keep it until the user acts
  };
  const score = scorecard($('scorecard'), adapter.id || location.pathname.replace(/\W/g, '') || 'game');
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
  const fair = el('input', { id: 'fair', type: 'checkbox', checked: true });
  const undo = el('button', { id: 'undo', type: 'button' }, 'Undo');
  const redo = el('button', { id: 'redo', type: 'button' }, 'Redo');
  const link = el('a', { id: 'permalink', href: '?' }, 'link to this game');
  // The convention (impartial games): a radio group, so arrow keys move between the two.
  const radio = (value, text, title) => el('label', { class: 'check', title },
    el('input', { type: 'radio', name: 'convention', id: `convention-${value}`, value }), ` ${text}`);
  const convention = adapter.misere ? el('span', { class: 'group convention', role: 'radiogroup', 'aria-labelledby': 'convention-l' },
    el('span', { id: 'convention-l' }, 'Play'),
    radio('normal', 'normal', 'normal play: the player who cannot move loses'),
    radio('misere', 'misère', 'misère play: the player who cannot move wins (whoever moves last loses)')) : null;
  const misereRadio = () => (convention ? convention.querySelector('#convention-misere') : null);
  const go = el('button', { id: 'computer-move', type: 'button', hidden: true, onclick: () => { game.hold = false; step(); } }, 'Computer, move');
  controls.replaceChildren(
    el('div', { class: 'bar game-bar' },
      adapter.newGame ? el('button', { id: 'new-game', type: 'button', title: 'start again from the first position of this game', onclick: () => game.start(game.history[0].pos, game.settings.first) }, 'New game') : null,
      el('span', { class: 'group' }, undo, redo, go),
      convention,
      el('span', { class: 'group' }, el('label', { for: 'human' }, 'You play'), human),
      el('span', { class: 'group' }, el('label', { for: 'first' }, 'First'), first),
      el('span', { class: 'group' }, el('label', { for: 'strength' }, 'Computer'), strength, p),
      el('label', { class: 'group check' }, hints, ' hints ✓/✗'),
      adapter.randomStarts ? el('label', { class: 'group check', title: 'new random games start where you have a winning first move' }, fair, ' fair starts') : null,
      link,
      el('button', { type: 'button', class: 'link score-reset', title: 'set the scorecard back to 0–0', onclick: () => score.reset() }, 'reset score')),
  );
  controls.classList.add('controls');
  const readSettings = () => {
    game.settings = {
      human: human.value,
      first: Number(first.value),
      hints: hints.checked,
      strength: strength.value,
      p: Math.min(1, Math.max(0, Number(p.value) || 0)),
      fair: fair.checked,
      misere: Boolean(misereRadio() && misereRadio().checked),
    };
    p.hidden = game.settings.strength !== 'skill';
  };
  const writeSettings = () => {
    human.value = game.settings.human;
    first.value = String(game.settings.first);
    hints.checked = game.settings.hints;
    strength.value = game.settings.strength;
    p.value = String(game.settings.p);
    fair.checked = game.settings.fair;
    if (convention) convention.querySelector(`#convention-${game.settings.misere ? 'misere' : 'normal'}`).checked = true;
    p.hidden = game.settings.strength !== 'skill';
  };
  hints.addEventListener('change', () => { readSettings(); draw(); });
  fair.addEventListener('change', () => { readSettings(); permalink(); });
  strength.addEventListener('change', () => { readSettings(); permalink(); });
  p.addEventListener('change', () => { readSettings(); permalink(); });
  human.addEventListener('change', () => {
    const yours = isHuman(entry().toMove);
    readSettings();
    // Changing sides starts a new line of play from here: the moves after this point were
    // played by the other arrangement, so they go. A game whose sides changed after it began
    // counts on no scorecard (nor is its end announced as anyone's win again), and a move
    // that was yours is never played by the computer unasked: it waits for “Computer, move”.
    // Before the first move it is a choice of seats (the computer starts if it now moves).
    game.history = game.history.slice(0, game.cursor + 1);
    if (game.cursor > 0) game.mixed = true;
    game.hold = game.cursor > 0 && yours && !isHuman(entry().toMove);
    step();
  });
  first.addEventListener('change', () => {
    readSettings();
    // Who starts changes the game itself: start again from the current position.
    game.start(entry().pos, game.settings.first);
  });
  if (convention) {
    convention.addEventListener('change', () => {
      readSettings();
      // Every analysis was made under the other convention: none stays (no stale ✓/✗). The
      // position on show is analysed again; a game that changed its rules counts on no
      // scorecard.
      cancel();
      for (const h of game.history) h.analysis = null;
      if (game.cursor > 0) game.mixed = true;
      if (adapter.conventionChanged) adapter.conventionChanged(game.settings.misere);
      step();
    });
  }
  undo.addEventListener('click', () => game.undo());
  redo.addEventListener('click', () => game.redo());

  // --- URL state -------------------------------------------------------------------------
  // The link holds the game's first position and every move played since (each by its index
  // among the mover's moves and who played it: `3c.0y`), and the ply on show, so it reopens
  // the same game with its undo and redo; a game without moves links its position alone.
  function permalink() {
    const e = entry();
    const s = game.settings;
    const start = game.history[0];
    const played = game.history.slice(1).map((h, i) => {
      const index = game.history[i].analysis ? game.history[i].analysis.moves.indexOf(h.move) : -1;
      return index < 0 ? null : `${index}${h.by === 'computer' ? 'c' : 'y'}`;
    });
    const replayable = played.length > 0 && played.every(Boolean) && start.pos !== null;
    const params = new URLSearchParams(replayable ? {
      pos: adapter.encode(start.pos), move: start.toMove, moves: played.join('.'), at: game.cursor,
      you: s.human, first: s.first, hints: s.hints ? 1 : 0, computer: s.strength,
    } : {
      pos: adapter.encode(e.pos), move: adapter.sides[e.toMove] === undefined ? 0 : e.toMove,
      you: s.human, first: s.first, hints: s.hints ? 1 : 0, computer: s.strength,
    });
    if (s.strength === 'skill') params.set('p', s.p);
    if (adapter.randomStarts && !s.fair) params.set('fair', 0);
    if (adapter.misere && s.misere) params.set('misere', 1);
    const query = `?${params}`;
    link.href = query;
    // A link that could not be read stays in the address bar (to copy, or to fix) until the
    // user does something; the permalink beside the board already names the new game.
    if (!game.badLink) history.replaceState(null, '', query);
  }

  function fromUrl() {
    const q = new URLSearchParams(location.search);
    if (q.has('you') && ['first', 'second', 'both'].includes(q.get('you'))) game.settings.human = q.get('you');
    if (q.get('first') === '1') game.settings.first = 1;
    if (q.get('hints') === '0') game.settings.hints = false;
    if (q.get('fair') === '0') game.settings.fair = false;
    if (adapter.misere && q.get('misere') === '1') game.settings.misere = true;
    if (STRENGTHS.some(([v]) => v === q.get('computer'))) game.settings.strength = q.get('computer');
    if (q.has('p') && Number.isFinite(Number(q.get('p')))) game.settings.p = Math.min(1, Math.max(0, Number(q.get('p'))));
    writeSettings();
    if (!q.has('pos')) return null;
    try {
      const moves = /^(\d+[cy])(\.\d+[cy])*$/.test(q.get('moves') || '') ? q.get('moves').split('.') : [];
      const at = Number(q.get('at'));
      return {
        pos: adapter.decode(q.get('pos')), toMove: q.get('move') === '1' ? 1 : 0,
        moves: moves.map((m) => ({ index: Number(m.slice(0, -1)), by: m.endsWith('c') ? 'computer' : 'you' })),
        at: Number.isInteger(at) && at >= 0 ? Math.min(at, moves.length) : moves.length,
      };
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
      canPlay: canPlay(), stale: !e.analysis, fresh: game.fresh, ...extra,
    };
  }
  const canPlay = () => !game.thinking && Boolean(entry().analysis) && !over() && isHuman(entry().toMove);
  const declared = () => (adapter.declared && entry().analysis ? adapter.declared(game.history.slice(0, game.cursor + 1)) : null);
  const over = () => Boolean(entry().analysis) && (entry().analysis.moves.length === 0 || Boolean(declared()));

  function draw(extra) {
    adapter.render(view(extra));
    game.fresh = false;
    renderHistory();
    renderChart();
    go.hidden = !(game.hold && !game.thinking && !over() && !isHuman(entry().toMove) && game.cursor === game.history.length - 1);
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
      // Said at once: the progress ticker below only appears after a short delay, and until
      // then the line must not still say "Your move" for a move already made.
      say($('status'), isHuman(e.toMove) ? 'Analysing the position…'
        : `The computer moves ${adapter.sides[e.toMove]}…`);
      draw();
      const controller = new AbortController();
      game.controller = controller;
      const ticker = elapsed($('status'), adapter.busyText ? adapter.busyText(e.pos) : 'analysing…');
      // The page's Stop button (if it has one) is enabled exactly while this analysis runs:
      // an analysis it superseded (a resize, a new board) ends later and leaves it alone.
      const stopButton = $('stop');
      if (stopButton) stopButton.disabled = false;
      try {
        e.analysis = await adapter.analyse(e.pos, e.toMove, controller.signal, (d, t) => ticker.progress(d, t), { misere: game.settings.misere });
      } catch (err) {
        if (gen !== game.gen) return;
        game.thinking = false;
        ticker.stop();
        if (err.name === 'AbortError') { say($('status'), 'Stopped.'); draw(); return; }
        showError($('error'), err.message, retryable(err) ? () => step() : undefined);
        say($('status'), 'The position could not be analysed (see the message above); nothing was played.');
        draw();
        return;
      } finally {
        ticker.stop();
        if (stopButton && gen === game.gen) stopButton.disabled = true;
      }
      if (gen !== game.gen) return;
      game.thinking = false;
    }
    clearError($('error'));
    // The computer's move, named (the board animates it).
    const played = e.by === 'computer' && e.move
      ? `The computer played ${adapter.notation(e.move, 1 - e.toMove)}. ` : '';
    const drawn = declared();
    if (drawn) {
      // A draw by the page's rule of play: neither side wins, and the scorecard is unchanged.
      say($('status'), `${played}${drawn}`, 'draw');
      $('status').dataset.winner = 'draw';
      draw();
      return;
    }
    if (over()) {
      // Normal play: the player who cannot move loses; misère play: that player wins.
      const stuck = e.toMove;
      const misere = game.settings.misere;
      const winner = misere ? stuck : 1 - stuck;
      const loser = 1 - winner;
      const you = isHuman(winner) && !isHuman(loser);
      const versus = game.settings.human !== 'both' && !game.mixed;
      const rule = misere ? ' (misère play: whoever moved last loses)' : '';
      say($('status'), `${played}${cap(adapter.sides[stuck])} cannot move: ${adapter.sides[winner]} ${adapter.singular ? 'wins' : 'win'}${rule}${versus ? (you ? ' — you win!' : ' — the computer wins.') : ''}`,
        versus ? (you ? 'win' : 'loss') : '');
      $('status').dataset.winner = String(winner);
      // Each game counts once on the scorecard, when its end is first reached by a move here
      // (a link to a finished game counts nothing).
      if (versus && e.move && !e.scored && game.cursor === game.history.length - 1) {
        e.scored = true;
        if (you) score.win(); else score.loss();
      }
      draw();
      return;
    }
    if (isHuman(e.toMove) && e.analysis.strong) {
      // the strong computer's search: what it proved, or how deep it looked
      say($('status'), `${played}Your move with ${adapter.sides[e.toMove]}${game.settings.hints ? `. ${e.analysis.data.strong_words}` : '.'}`);
      draw();
      return;
    }
    if (isHuman(e.toMove)) {
      const wins = e.analysis.moves.filter((m) => m.winning).length;
      const convention = game.settings.misere
        ? ` in misère play (${wins ? 'you can win' : 'you lose against perfect play'}; whoever moves last loses)` : '';
      say($('status'), game.settings.hints
        ? `${played}Your move with ${adapter.sides[e.toMove]}: ${wins} of ${e.analysis.moves.length} moves win (✓)${convention}.`
        : `${played}Your move with ${adapter.sides[e.toMove]}${game.settings.misere ? ' (misère play: whoever moves last loses)' : ''}.`);
      draw();
      return;
    }
    if (game.cursor < game.history.length - 1) {
      say($('status'), 'The computer is to move here: Redo replays its move, or Undo goes back further.');
      draw();
      return;
    }
    if (game.hold) {
      say($('status'), `You now play ${adapter.sides[1 - e.toMove]}; the computer plays ${adapter.sides[e.toMove]}, to move here: press “Computer, move” when it should.`);
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
    if (by === 'you') { clearError($('error'), true); game.badLink = false; }
    game.hold = false;
    game.fresh = true;
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
    // Hints off (spoiler-free): the values after each move are not shown either.
    const known = game.settings.hints ? points.filter(([, v]) => v !== null && Number.isFinite(v)) : [];
    // Room on the left for the values and the rotated quantity name, below for the moves.
    const W = 320; const H = 150; const L = 52; const B = 30; const T = 12; const R = 12; const IN = 8;
    const label = (typeof adapter.chartLabel === 'function' ? adapter.chartLabel() : adapter.chartLabel) || 'value';
    const maxX = Math.max(1, game.history.length - 1);
    const vals = known.map(([, v]) => v);
    let lo = Math.min(0, ...vals); let hi = Math.max(1, ...vals);
    if (lo === hi) hi = lo + 1;
    // Dots sit IN px inside the axes, so none covers a tick label.
    const x = (i) => L + IN + (i / maxX) * (W - L - R - IN);
    const y = (v) => T + (1 - (v - lo) / (hi - lo)) * (H - T - B - IN);
    const ns = 'http://www.w3.org/2000/svg';
    const mk = (tag, attrs, text) => {
      const n = document.createElementNS(ns, tag);
      for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, v);
      if (text !== undefined) n.textContent = text;
      return n;
    };
    const bottom = H - B;
    const kids = [
      mk('line', { x1: L, y1: bottom, x2: L, y2: T - 4, class: 'axis' }),
      mk('line', { x1: L, y1: bottom, x2: W - R, y2: bottom, class: 'axis' }),
      mk('text', { x: 14, y: (T + bottom) / 2, 'text-anchor': 'middle', transform: `rotate(-90 14 ${(T + bottom) / 2})`, class: 'y-name' }, label),
    ];
    if (known.length === 0) {
      kids.push(mk('text', { x: (L + W) / 2, y: (T + bottom) / 2, 'text-anchor': 'middle', class: 'empty' }, game.settings.hints ? 'no values yet' : 'hidden while hints are off'));
    } else {
      kids.push(
        mk('text', { x: L - 5, y: y(hi) + 4, 'text-anchor': 'end', class: 'y-tick' }, fmt(hi)),
        mk('text', { x: L - 5, y: y(lo) + 4, 'text-anchor': 'end', class: 'y-tick' }, fmt(lo)),
        mk('text', { x: x(0), y: H - 12, 'text-anchor': 'middle', class: 'x-tick' }, 'start'),
        mk('text', { x: W - R, y: H - 12, 'text-anchor': 'end', class: 'x-tick' }, `move ${maxX}`),
      );
      if (lo < 0 && hi > 0) kids.push(mk('line', { x1: L, y1: y(0), x2: W - R, y2: y(0), class: 'zero' }));
      if (known.length > 1) kids.push(mk('polyline', { points: known.map(([i, v]) => `${x(i)},${y(v)}`).join(' '), class: 'line' }));
      for (const [i, v] of known) {
        const dot = mk('circle', { cx: x(i), cy: y(v), r: i === game.cursor ? 5 : 3, class: i === game.cursor ? 'dot current' : 'dot' });
        dot.append(mk('title', {}, `after move ${i}: ${fmt(v)}`));
        kids.push(dot);
      }
    }
    svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
    svg.replaceChildren(...kids);
  }

  function launch(pos, toMove) {
    cancel();
    game.mixed = false;
    game.hold = false;
    clearError($('error'), true);
    game.history = [{ pos, toMove, move: null, by: null, analysis: null }];
    game.cursor = 0;
    step();
  }

  // --- the page's handles ------------------------------------------------------------------
  Object.assign(game, {
    /** Starts a new game at `pos` with side `toMove` to move. */
    start(pos, toMove = game.settings.first) {
      game.badLink = false;
      launch(pos, toMove);
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
    stop() {
      cancel();
      if ($('stop')) $('stop').disabled = true;
      say($('status'), 'Stopped.');
      draw();
    },
    redraw: () => draw(),
    /**
     * What a new random start should be for the side that moves first: true (a win for it:
     * the human moves first and gets a winning move), false (a loss for it: the computer
     * starts, so the human gets the winning reply), or null (fair starts are off).
     */
    fairTarget: () => (game.settings.fair ? isHuman(game.settings.first) : null),
    current: () => entry(),
    isHuman,
  });

  const linked = fromUrl();
  readSettings();
  if (adapter.conventionChanged) adapter.conventionChanged(game.settings.misere);
  // A first position that is still being made (a random start checked by the engine) shows
  // an empty, dimmed board until it is there.
  game.history = [{ pos: null, toMove: game.settings.first, move: null, by: null, analysis: null }];
  const begin = async () => {
    await Promise.resolve(); // the page's `game` is assigned before its initial() runs
    if (linked && !linked.bad) {
      game.history = [{ pos: linked.pos, toMove: linked.toMove, move: null, by: null, analysis: null }];
      if (linked.moves.length) await replay(linked.moves, linked.at);
      step();
      return;
    }
    const pos = await adapter.initial();
    if (linked && linked.bad) {
      game.badLink = true;
      launch(pos, game.settings.first);
      showError($('error'), linked.bad, undefined, true);
    } else launch(pos, game.settings.first);
  };
  /** Replays a link's moves from its first position (analysing each position on the way). */
  async function replay(moves, at) {
    const controller = new AbortController();
    game.controller = controller;
    say($('status'), `Replaying the link's ${moves.length} move${moves.length > 1 ? 's' : ''}…`);
    for (const { index, by } of moves) {
      const e = game.history[game.history.length - 1];
      e.analysis = await adapter.analyse(e.pos, e.toMove, controller.signal, () => {}, { misere: game.settings.misere });
      const move = e.analysis.moves[index];
      if (!move) {
        showError($('error'), `The link's move ${game.history.length} is not a move of its position; the game goes up to the move before it.`, undefined, true);
        break;
      }
      // a finished game reached by a link counts on no scorecard
      game.history.push({ pos: adapter.apply(e.pos, move), toMove: 1 - e.toMove, move, by, analysis: null, scored: true });
    }
    game.controller = null;
    game.cursor = Math.min(at, game.history.length - 1);
  }

  const failed = (err) => {
    showError($('error'), err.message, retryable(err) ? () => { clearError($('error'), true); begin().catch(failed); } : undefined);
    say($('status'), 'The position could not be analysed (see the message above); nothing was played.');
  };
  begin().catch(failed);
  return game;
}

/**
 * A random start for `game` (see game.fairTarget): draws `make()` until `moverWins(pos)` (a
 * Promise of whether the side to move wins, from the engine) matches, at most `tries` times
 * (then the last one drawn: a rare position set may have no fair start).
 */
export async function fairStart(game, make, moverWins, tries = 60) {
  const want = game ? game.fairTarget() : true;
  let pos = make();
  if (want === null) return pos;
  for (let i = 0; i < tries; i++) {
    if (await moverWins(pos) === want) return pos;
    pos = make();
  }
  return pos;
}

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
const fmt = (v) => (Number.isInteger(v) ? String(v) : v.toFixed(2));

// Remoteness (Steinhaus' rule), shared by the pages that can tabulate it: odd = the player to
// move wins in that many moves, even = loses in that many (quickest win, slowest loss).
// The words follow a subject: 'the player to move has no move left', '… can win in 3'.
export const remotenessWords = (r) => (r === 0 ? 'has no move left' : r % 2 ? `can win in ${r}` : `can lose in ${r}`);

/** Shows report `r` ({position, …} or null) in `node` and names the chart `heading` after it. */
export function showRemoteness(node, heading, r, { missing, otherChart }) {
  node.textContent = !r ? `remoteness: ${missing}`
    : r.position === 0 ? 'remoteness 0: no move left'
      : `remoteness ${r.position}: the player to move ${remotenessWords(r.position)} (quickest win, slowest loss)`;
  node.dataset.r = r ? r.position : '';
  heading.textContent = r ? 'Remoteness after each move (the moves left under best play)' : otherChart;
}

/** The tooltip of a move whose target has remoteness `r` (null: none). */
export const remotenessTitle = (r) => (r === null || r === undefined ? '' : `after this move the opponent ${remotenessWords(r)}`);
