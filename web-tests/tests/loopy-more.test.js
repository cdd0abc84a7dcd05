// The pages of Hare and Hounds (a board of points joined by lines) and Wind-Up (a loopy
// impartial game), in both serving modes: every move's ✓ / = / ✗ agrees with a brute-force
// retrograde win/loss/draw written here (the rules and the fixed point, nothing of the
// library); Wind-Up's loopy nim-values decide the same outcomes (Smith: 0 loses, a non-zero
// value or ∞ with 0 among its followers wins, any other ∞ draws); a game against the
// computer played to its end; the permalink round trip; axe-core finds nothing serious; the
// points board plays from the keyboard.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { MODES, openPage, setUp } from './harness.js';

const env = setUp();
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

// ---- the rules, written from the games' definitions --------------------------------------

/** Hare and Hounds' 11 points, as (x, y), in the notation's order: the top row (x 1–3), the
 * middle row (x 0–4), the bottom row (x 1–3). */
const NOTATION_ROWS = [[1, 2, 3].map((x) => [x, 0]), [0, 1, 2, 3, 4].map((x) => [x, 1]), [1, 2, 3].map((x) => [x, 2])];

/** Two points are joined: row or column neighbours, an end point and the next column, the
 * centre and a corner of the 3 × 3 grid. */
function joined([ax, ay], [bx, by]) {
  const dx = Math.abs(ax - bx); const dy = Math.abs(ay - by);
  if (dx + dy === 1) return true;
  const end = (x, y) => (x === 0 || x === 4) && y === 1;
  if (dx === 1 && (end(ax, ay) || end(bx, by))) return true;
  const centre = (x, y) => x === 2 && y === 1;
  return dx === 1 && dy === 1 && (centre(ax, ay) || centre(bx, by));
}

const STALL_LIMIT = 10;

function parseHounds(text) {
  const [board, count] = text.split(' ');
  const pieces = new Map();
  board.split('/').forEach((row, r) => [...row].forEach((ch, i) => { if (ch !== '.') pieces.set(NOTATION_ROWS[r][i].join(), ch); }));
  return { pieces, stalls: Number(count || 0) };
}

function printHounds({ pieces, stalls }) {
  const board = NOTATION_ROWS.map((row) => row.map((p) => pieces.get(p.join()) || '.').join('')).join('/');
  return stalls ? `${board} ${stalls}` : board;
}

const cellOf = (x, y) => {
  for (let r = 0; r < 3; r++) { const i = NOTATION_ROWS[r].findIndex(([a, b]) => a === x && b === y); if (i >= 0) return `(${r + 1},${i + 1})`; }
  throw new Error('no point');
};

/** The moves of Hare and Hounds: hounds (Left) forwards or sideways, the hare (Right) any way;
 * the hare has won when left of every hound or after 10 hound moves that did not advance
 * (then the hounds have no move and the hare passes). */
function houndMoves(text, left) {
  const s = parseHounds(text);
  const at = [...s.pieces.entries()].map(([k, ch]) => [k.split(',').map(Number), ch]);
  const hounds = at.filter(([, ch]) => ch === 'H').map(([p]) => p);
  const hare = at.find(([, ch]) => ch === 'R')[0];
  const won = hounds.every(([x]) => hare[0] < x) || s.stalls >= STALL_LIMIT;
  if (won) return left ? [] : [{ pos: text, label: 'pass' }];
  const out = [];
  const all = NOTATION_ROWS.flat();
  for (const from of left ? hounds : [hare]) {
    for (const to of all) {
      if (!joined(from, to) || s.pieces.has(to.join()) || (left && to[0] < from[0])) continue;
      const pieces = new Map(s.pieces);
      const ch = pieces.get(from.join());
      pieces.delete(from.join());
      pieces.set(to.join(), ch);
      const stalls = left ? (to[0] === from[0] ? s.stalls + 1 : 0) : s.stalls;
      out.push({ pos: printHounds({ pieces, stalls }), label: `${ch} ${cellOf(...from)}→${cellOf(...to)}` });
    }
  }
  return out;
}

/** Wind-Up N:S:I: from I ≠ 0 subtract an element of S modulo N. */
function windMoves(text) {
  const [n, set, i] = text.split(':');
  const N = Number(n); const at = Number(i);
  if (at === 0) return [];
  return set.split(',').map(Number).map((s) => {
    const j = (((at - s) % N) + N) % N;
    return { pos: `${n}:${set}:${j}`, label: `−${s}: ${at} → ${j}` };
  });
}

/** Win / loss / draw of every (position, mover) reachable from `start`, by the least fixed
 * point: no move loses; a move to a lost state wins; only moves to won states loses; the rest
 * (play that can go on for ever) draws. */
function retrograde(start, moves) {
  const seen = new Set([start]);
  const todo = [start];
  while (todo.length) {
    const x = todo.pop();
    for (const left of [true, false]) for (const m of moves(x, left)) if (!seen.has(m.pos)) { seen.add(m.pos); todo.push(m.pos); }
  }
  const res = new Map();
  const key = (p, left) => `${left ? 'L' : 'R'}${p}`;
  const succ = new Map();
  for (const x of seen) for (const left of [true, false]) succ.set(key(x, left), moves(x, left).map((m) => key(m.pos, !left)));
  for (let changed = true; changed;) {
    changed = false;
    for (const [k, next] of succ) {
      if (res.has(k)) continue;
      const after = next.map((n) => res.get(n));
      if (after.includes('loss')) { res.set(k, 'win'); changed = true; } else if (after.every((r) => r === 'win')) { res.set(k, 'loss'); changed = true; }
    }
  }
  return (p, left) => res.get(key(p, left)) || 'draw';
}

const MARK = { '✓': 'win', '=': 'draw', '✗': 'loss' };
const flip = (r) => (r === 'win' ? 'loss' : r === 'loss' ? 'win' : 'draw');

const ready = (page) => page.waitForFunction(() => {
  const s = document.querySelector('#status');
  return s.dataset.winner !== undefined || /Your move/.test(s.textContent);
}, null, { timeout: 60000 });

/** The moves table as {label: result mark}. */
const table = (page) => page.$$eval('#moves tr[data-label]', (rows) => Object.fromEntries(rows.map((r) => [r.dataset.label, r.children[1].textContent.trim().charAt(0)])));

/** Smith's outcome of a loopy nim-value for the player to move. */
function smith(value) {
  if (value === '0') return 'loss';
  if (/^\d+$/.test(value)) return 'win';
  const k = (value.match(/\{([^}]*)\}/) || [, ''])[1].split(',').filter(Boolean).map(Number);
  return k.includes(0) ? 'win' : 'draw';
}

const CASES = [
  { game: 'hare-and-hounds', pos: 'H../H...R/H..', mover: 0, moves: houndMoves },
  { game: 'hare-and-hounds', pos: 'H../H...R/H..', mover: 1, moves: houndMoves },
  { game: 'hare-and-hounds', pos: '.H./..HR./.H.', mover: 1, moves: houndMoves },
  { game: 'hare-and-hounds', pos: '.../HH..R/H.. 9', mover: 0, moves: houndMoves },
  { game: 'wind-up', pos: '7:2,3:5', mover: 0, moves: windMoves },
  { game: 'wind-up', pos: '7:2,3:1', mover: 1, moves: windMoves },
  { game: 'wind-up', pos: '9:2,5:8', mover: 0, moves: windMoves },
  { game: 'wind-up', pos: '12:3,5:11', mover: 1, moves: windMoves },
  { game: 'wind-up', pos: '5:2,3:4', mover: 0, moves: windMoves },
];

for (const mode of MODES) {
  test(`${mode.name}: Hare and Hounds' and Wind-Up's ✓ = ✗ agree with a brute-force retrograde analysis`, async () => {
    const solved = new Map();
    for (const c of CASES) {
      const url = `${mode.page(env.servers[mode.name].url, c.game)}?pos=${encodeURIComponent(c.pos)}&move=${c.mover}&you=both&first=${c.mover}`;
      const page = await openPage(env.browser.context, url);
      await ready(page);
      const id = `${c.game} ${c.pos}`;
      if (!solved.has(id)) solved.set(id, retrograde(c.pos, c.moves));
      const solve = solved.get(id);
      const want = Object.fromEntries(c.moves(c.pos, c.mover === 0).map((m) => [m.label, flip(solve(m.pos, c.mover !== 0))]));
      const got = Object.fromEntries(Object.entries(await table(page)).map(([k, v]) => [k, MARK[v]]));
      assert.deepEqual(got, want, `${id}, ${c.mover ? 'Right' : 'Left'} to move`);
      const mine = solve(c.pos, c.mover === 0);
      assert.match(await page.locator('#verdict').textContent(), mine === 'draw' ? /^a draw with perfect play/ : /wins with perfect play/, id);
      if (c.game === 'wind-up') {
        // Smith's theory: the value shown predicts the same outcome, here and after each move
        assert.equal(smith((await page.locator('#value').textContent()).trim()), mine, id);
        const after = await page.$$eval('#moves tr[data-label]', (rows) => rows.map((r) => [r.dataset.label, r.children[2].textContent.trim()]));
        assert.equal(after.length, Object.keys(want).length);
        for (const [label, value] of after) assert.equal(flip(smith(value)), want[label], `${id}: ${label} leads to ${value}`);
      }
      if (c.game === 'hare-and-hounds' && c.pos === 'H../H...R/H..') {
        // the whole game's value, past the per-move bound (a stopper of 13,149 positions):
        // positive, as the hounds win whoever starts (`onag loopy hare-and-hounds start`)
        assert.equal((await page.locator('#value').textContent()).trim(), 'over', id);
      }
      assert.deepEqual(page.errors, []);
      await page.close();
    }
  });

  test(`${mode.name}: Hare and Hounds against the computer is played to its end, and a link replays it`, async () => {
    // You play the hare, first, against the perfect hounds: the hounds win whoever starts.
    const base = mode.page(env.servers[mode.name].url, 'hare-and-hounds');
    const page = await openPage(env.browser.context, `${base}?pos=${encodeURIComponent('H../H...R/H..')}&move=1&first=1&you=first`);
    for (let i = 0; i < 80; i++) {
      await ready(page);
      if (await page.locator('#status').getAttribute('data-winner') !== null) break;
      await page.locator('#moves tr[data-label] button').first().click();
    }
    assert.equal(await page.locator('#status').getAttribute('data-winner'), '0');
    assert.match(await page.locator('#status').textContent(), /Left \(the hounds\) wins/);
    const plies = await page.locator('#history li').count();
    assert.ok(plies > 3);
    // the board is drawn from the page data: 11 points, 22 lines, 3 hounds and the hare
    assert.equal(await page.locator('#board [role="gridcell"]').count(), 11);
    assert.equal(await page.locator('#board .lines line').count(), 22);
    assert.equal(await page.locator('#board .piece.hound').count(), 3);
    assert.equal(await page.locator('#board .piece.hare').count(), 1);
    const href = await page.locator('#permalink').getAttribute('href');
    const again = await openPage(env.browser.context, `${base}${href}`);
    await ready(again);
    assert.equal(await again.locator('#history li').count(), plies);
    assert.equal(await again.locator('#text').inputValue(), await page.locator('#text').inputValue());
    assert.equal(await again.locator('#status').getAttribute('data-winner'), '0');
    assert.deepEqual([...page.errors, ...again.errors], []);
    await page.close();
    await again.close();
  });

  test(`${mode.name}: Wind-Up is won by playing its ✓ moves`, async () => {
    const base = mode.page(env.servers[mode.name].url, 'wind-up');
    const page = await openPage(env.browser.context, `${base}?pos=${encodeURIComponent('7:2,3:1')}&move=0&first=0&you=first`);
    for (let i = 0; i < 20; i++) {
      await ready(page);
      if (await page.locator('#status').getAttribute('data-winner') !== null) break;
      await page.locator('#moves tr.win button').first().click();
    }
    assert.equal(await page.locator('#status').getAttribute('data-winner'), '0');
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test(`${mode.name}: the Hare and Hounds and Wind-Up pages have no serious axe violation`, async () => {
    for (const game of ['hare-and-hounds', 'wind-up']) {
      const page = await openPage(env.browser.context, mode.page(env.servers[mode.name].url, game));
      await ready(page);
      await page.evaluate(axeSource);
      const serious = await page.evaluate(async () => {
        // eslint-disable-next-line no-undef
        const r = await axe.run(document, { resultTypes: ['violations'] });
        return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.slice(0, 2).map((n) => n.target.join(' ')).join(' | ')}`);
      });
      assert.deepEqual(serious, [], game);
      if (game === 'hare-and-hounds') {
        // the points play from the keyboard: focus a point with moves, Enter, then a target
        const before = await page.locator('#history li').count();
        const key = await page.$eval('#board .cell.target', (n) => n.dataset.key);
        await page.locator(`#board [data-key="${key}"]`).focus();
        await page.keyboard.press('Enter');
        if (await page.locator('#board .cell.selected').count()) await page.locator('#board .cell.target').first().focus().then(() => page.keyboard.press('Enter'));
        await page.waitForFunction((n) => document.querySelectorAll('#history li').length > n, before, { timeout: 30000 });
      }
      assert.deepEqual(page.errors, []);
      await page.close();
    }
  });
}
