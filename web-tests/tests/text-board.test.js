// A registered game whose notation no page draws (`board: text` in the registry) gets a
// working page from its page data alone: Euclid's game (A. J. Cole and A. J. T. Davie, "A game
// based on the Euclidean algorithm and a winning strategy for it", Math. Gazette 53 (1969)
// 354–357), in both delivery modes (onag serve, and the static site with no onag process). The
// page shows the position as text and every move as a button; each ✓/✗ is checked against
// Cole and Davie's criterion written out here (the engine is not asked); a tapped move is
// played and the computer answers with a legal move; the permalink keeps the position.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MODES, openPage, setUp } from './harness.js';

const env = setUp();

const settled = (page) => page.waitForFunction(() => {
  const s = document.querySelector('#status');
  return s.dataset.winner !== undefined || /Your move|press “Computer, move”/.test(s.textContent);
}, null, { timeout: 60000 });
const plies = (page) => page.locator('#history li').count();

/** `"a,b"` as two numbers. */
const numbers = (text) => {
  const m = /^(\d+),(\d+)$/.exec(text.trim());
  assert.ok(m, `'${text}' is a position a,b`);
  return [Number(m[1]), Number(m[2])];
};

/**
 * Cole and Davie: with a ≥ b > 0 the player to move wins iff a = b or a/b > φ, that is
 * a² − ab − b² > 0; a position with a zero has no move, so the player to move has lost.
 */
function moverWins([x, y]) {
  const a = Math.max(x, y); const b = Math.min(x, y);
  return b > 0 && (a === b || a * a - a * b - b * b > 0);
}

/** Every move of Euclid's game from a,b: the larger less a positive multiple of the smaller. */
function moves([a, b]) {
  if (a === 0 || b === 0) return [];
  const out = [];
  if (a >= b) for (let k = 1; k * b <= a; k += 1) out.push(`${a - k * b},${b}`);
  else for (let k = 1; k * a <= b; k += 1) out.push(`${a},${b - k * a}`);
  return out;
}

/** The position written on the board, the notation box and the move buttons. */
const shown = (page) => page.evaluate(() => ({
  written: document.querySelector('#board text.letter').textContent,
  box: document.querySelector('#text').value,
  buttons: [...document.querySelectorAll('#board g.move.target')].map((g) => ({
    key: g.dataset.key,
    label: g.getAttribute('aria-label').split(':')[0],
    text: g.textContent,
    win: g.classList.contains('win'),
    lose: g.classList.contains('lose'),
  })),
}));

/** Checks the page at position `pos`: the text, one button per move, every ✓/✗. */
async function checkPosition(page, pos) {
  const s = await shown(page);
  assert.equal(s.written, pos, 'the position is written on the board');
  assert.equal(s.box, pos, 'the notation box holds the position');
  const expected = moves(numbers(pos));
  assert.deepEqual(s.buttons.map((b) => b.label).sort(), [...expected].sort(), `${pos}: one button a move`);
  for (const b of s.buttons) {
    // ✓: the move leaves the opponent (now to move) a lost position
    const good = !moverWins(numbers(b.label));
    assert.equal(b.win, good, `${pos} → ${b.label}: ✓ iff Cole–Davie says the opponent loses`);
    assert.equal(b.lose, !good, `${pos} → ${b.label}: ✗ otherwise`);
    assert.ok(b.text.endsWith(good ? '✓' : '✗'), `${pos} → ${b.label}: the button says ${good ? '✓' : '✗'} (${b.text})`);
  }
  return s;
}

for (const mode of MODES) {
  const url = (name, query = '') => `${mode.page(env.servers[mode.name].url, name)}${query}`;

  test(`${mode.name}: the text board shows Euclid's game as text with its moves as buttons, each ✓/✗ as Cole and Davie say`, async () => {
    const page = await openPage(env.browser.context, url('euclid', '?you=both'));
    const info = await page.evaluate(() => JSON.parse(document.getElementById('game-page').textContent));
    assert.equal(info.board, 'text');
    await settled(page);
    await checkPosition(page, await page.evaluate(() => document.body.dataset.example));
    for (const p of info.presets) {
      await page.selectOption('#preset', p.position);
      await settled(page);
      await checkPosition(page, p.position);
    }
    // positions of both orders, equal numbers, a zero (no move: the game is over) and every
    // quotient up to 5
    for (const pos of ['7,12', '5,5', '13,8', '8,13', '26,5', '3,0']) {
      await page.goto(url('euclid', `?you=both&pos=${encodeURIComponent(pos)}`));
      await settled(page);
      const s = await checkPosition(page, pos);
      if (s.buttons.length === 0) assert.equal(await page.locator('#status[data-winner]').count(), 1, `${pos}: over`);
    }
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test(`${mode.name}: tapping a Euclid move plays it, the computer answers, and the permalink keeps the position`, async () => {
    const page = await openPage(env.browser.context, url('euclid', `?you=first&pos=${encodeURIComponent('40,9')}`));
    await settled(page);
    const start = await checkPosition(page, '40,9');
    // the winning move (40/9 > φ: 13,9 leaves 13/9 < φ)
    const mine = start.buttons.find((b) => b.win);
    assert.equal(mine.label, '13,9');
    const before = await plies(page);
    await page.evaluate((k) => document.querySelector(`#board [data-key="${k}"]`).scrollIntoView({ block: 'center' }), mine.key);
    await page.locator(`#board [data-key="${mine.key}"]`).click();
    await page.waitForFunction((n) => document.querySelectorAll('#history li').length >= n + 2, before, { timeout: 30000 });
    await settled(page);
    const history = await page.locator('#history').textContent();
    assert.match(history, /you/);
    assert.match(history, /computer/, 'the computer answered');
    // the computer's answer is a move of the rules from 13,9: its only move, 4,9
    const now = (await shown(page)).box;
    assert.ok(moves([13, 9]).includes(now), `the computer moved 13,9 → ${now}`);
    assert.equal(now, '4,9');
    await checkPosition(page, now);
    // the permalink reopens the same position, with the same move buttons
    const link = new URL(await page.locator('#permalink').getAttribute('href'), page.url());
    await page.goto(link.href);
    await settled(page);
    await checkPosition(page, now);
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}
