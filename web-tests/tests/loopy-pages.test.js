// The loopy games' pages (Fox and Geese, Backsliding Toads and Frogs), in both serving modes:
// every move's ✓ / = / ✗ agrees with a brute-force retrograde win/loss/draw written here (the
// rules and the fixed point, nothing of the library); a game against the computer played to its
// end; a game drawn by repetition; the permalink round trip; axe-core finds nothing serious.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { MODES, openPage, setUp } from './harness.js';

const env = setUp();
// axe's source, evaluated in the page (a script tag would be refused by the served pages' CSP)
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

// ---- the rules, written from the games' definitions --------------------------------------

/** Backsliding Toads and Frogs: toads (Left) step right or jump one frog; frogs the mirror;
 * either may also step back one square into an empty square. */
function toadMoves(b, left) {
  const [me, them, d] = left ? ['T', 'F', 1] : ['F', 'T', -1];
  const out = [];
  for (let i = 0; i < b.length; i++) {
    if (b[i] !== me) continue;
    const to = [];
    if (b[i + d] === '.') to.push(i + d);
    if (b[i + d] === them && b[i + 2 * d] === '.') to.push(i + 2 * d);
    if (b[i - d] === '.') to.push(i - d);
    for (const j of to) {
      const a = [...b]; a[i] = '.'; a[j] = me;
      out.push({ pos: a.join(''), label: `${me} ${i + 1}→${j + 1}` });
    }
  }
  return out;
}

/** Fox and Geese: geese (Left) step diagonally towards row 1; the fox (Right) any diagonal. */
function foxMoves(text, left) {
  const g = text.split('/').map((r) => [...r]);
  const out = [];
  const dirs = left ? [[-1, -1], [-1, 1]] : [[-1, -1], [-1, 1], [1, -1], [1, 1]];
  const me = left ? 'G' : 'F';
  g.forEach((row, r) => row.forEach((ch, c) => {
    if (ch !== me) return;
    for (const [dr, dc] of dirs) {
      const r2 = r + dr; const c2 = c + dc;
      if (r2 < 0 || c2 < 0 || r2 >= g.length || c2 >= row.length || g[r2][c2] !== '.') continue;
      const a = g.map((x) => [...x]); a[r][c] = '.'; a[r2][c2] = me;
      out.push({ pos: a.map((x) => x.join('')).join('/'), label: `${me} (${r + 1},${c + 1})→(${r2 + 1},${c2 + 1})` });
    }
  }));
  return out;
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
  for (let changed = true; changed;) {
    changed = false;
    for (const x of seen) {
      for (const left of [true, false]) {
        if (res.has(key(x, left))) continue;
        const after = moves(x, left).map((m) => res.get(key(m.pos, !left)));
        if (after.includes('loss')) { res.set(key(x, left), 'win'); changed = true; } else if (after.every((r) => r === 'win')) { res.set(key(x, left), 'loss'); changed = true; }
      }
    }
  }
  return (p, left) => res.get(key(p, left)) || 'draw';
}

const MARK = { '✓': 'win', '=': 'draw', '✗': 'loss' };

/** Waits until the page has analysed its position (a move to make, or the game over). */
const ready = (page) => page.waitForFunction(() => {
  const s = document.querySelector('#status');
  return s.dataset.winner !== undefined || /Your move/.test(s.textContent);
}, null, { timeout: 60000 });

/** The moves table as {label: result}. */
const table = (page) => page.$$eval('#moves tr[data-label]', (rows) => Object.fromEntries(rows.map((r) => [r.dataset.label, r.children[1].textContent.trim().charAt(0)])));

const CASES = [
  { game: 'backsliding-toads', pos: 'FF..TT', mover: 0, moves: toadMoves },
  { game: 'backsliding-toads', pos: 'F.F.TT', mover: 1, moves: toadMoves },
  { game: 'backsliding-toads', pos: 'TT.F.', mover: 0, moves: toadMoves },
  { game: 'backsliding-toads', pos: 'T.F', mover: 1, moves: toadMoves },
  { game: 'fox-and-geese', pos: 'F.../..../..../.G.G', mover: 1, moves: foxMoves },
  { game: 'fox-and-geese', pos: '..../.F../..../.G.G', mover: 0, moves: foxMoves },
  { game: 'fox-and-geese', pos: 'G.G./..../..F./....', mover: 1, moves: foxMoves },
];

for (const mode of MODES) {
  test(`${mode.name}: every move's ✓ = ✗ agrees with a brute-force retrograde analysis`, async () => {
    for (const c of CASES) {
      const url = `${mode.page(env.servers[mode.name].url, c.game)}?pos=${encodeURIComponent(c.pos)}&move=${c.mover}&you=both&first=${c.mover}`;
      const page = await openPage(env.browser.context, url);
      await ready(page);
      const solve = retrograde(c.pos, c.moves);
      const want = Object.fromEntries(c.moves(c.pos, c.mover === 0).map((m) => {
        const r = solve(m.pos, c.mover !== 0);
        return [m.label, r === 'win' ? 'loss' : r === 'loss' ? 'win' : 'draw'];
      }));
      const got = Object.fromEntries(Object.entries(await table(page)).map(([k, v]) => [k, MARK[v]]));
      assert.deepEqual(got, want, `${c.game} ${c.pos}, ${c.mover ? 'Right' : 'Left'} to move`);
      const verdict = await page.locator('#verdict').textContent();
      const mine = solve(c.pos, c.mover === 0);
      assert.match(verdict, mine === 'draw' ? /^a draw with perfect play/ : /wins with perfect play/, `${c.game} ${c.pos}`);
      assert.deepEqual(page.errors, []);
      await page.close();
    }
  });

  test(`${mode.name}: a game against the computer is played to its end, and a link replays it`, async () => {
    // You play the fox, first, against the perfect geese: the geese win 4 × 4 (its value is over).
    const base = mode.page(env.servers[mode.name].url, 'fox-and-geese');
    const page = await openPage(env.browser.context, `${base}?pos=${encodeURIComponent('F.../..../..../.G.G')}&move=1&first=1&you=first`);
    for (let i = 0; i < 60; i++) {
      await ready(page);
      if (await page.locator('#status').getAttribute('data-winner') !== null) break;
      // the fox stalls as long as it can: its first listed move (a loss, whatever it plays)
      const rows = page.locator('#moves tr[data-label] button');
      await rows.first().click();
    }
    assert.equal(await page.locator('#status').getAttribute('data-winner'), '0');
    assert.match(await page.locator('#status').textContent(), /Right \(the fox\) cannot move: Left \(the geese\) wins — the computer wins\./);
    const plies = await page.locator('#history li').count();
    assert.ok(plies > 3);
    // the permalink replays the same game to the same end
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

  test(`${mode.name}: a position repeated three times is a declared draw`, async () => {
    const base = mode.page(env.servers[mode.name].url, 'backsliding-toads');
    const page = await openPage(env.browser.context, `${base}?pos=FF..TT&move=0&first=0&you=both`);
    // a toad steps back and forth, and so does a frog: FF..TT comes back every four moves
    const plays = ['T 5→4', 'F 2→3', 'T 4→5', 'F 3→2'];
    for (let i = 0; i < 8; i++) {
      await ready(page);
      await page.locator(`#moves tr[data-label="${plays[i % 4]}"] button`).click();
    }
    await ready(page);
    assert.equal(await page.locator('#status').getAttribute('data-winner'), 'draw');
    assert.match(await page.locator('#status').textContent(), /Drawn by repetition/);
    assert.equal(await page.locator('#moves tr[data-label] button').count(), 0);
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test(`${mode.name}: the loopy pages have no serious axe violation and play by keyboard`, async () => {
    for (const game of ['fox-and-geese', 'backsliding-toads']) {
      const page = await openPage(env.browser.context, mode.page(env.servers[mode.name].url, game));
      await ready(page);
      await page.evaluate(axeSource);
      const serious = await page.evaluate(async () => {
        // eslint-disable-next-line no-undef
        const r = await axe.run(document, { resultTypes: ['violations'] });
        return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.slice(0, 2).map((n) => n.target.join(' ')).join(' | ')}`);
      });
      assert.deepEqual(serious, [], game);
      // the board plays from the keyboard: focus a square, Enter on a piece with moves
      const before = await page.locator('#history li').count();
      const key = await page.$eval('#board .cell.target', (n) => n.dataset.key);
      await page.locator(`#board [data-key="${key}"]`).focus();
      await page.keyboard.press('Enter');
      const selected = await page.locator('#board .cell.selected').count();
      if (selected) await page.locator('#board .cell.target').first().focus().then(() => page.keyboard.press('Enter'));
      await page.waitForFunction((n) => document.querySelectorAll('#history li').length > n, before, { timeout: 30000 });
      assert.deepEqual(page.errors, []);
      await page.close();
    }
  });
}
