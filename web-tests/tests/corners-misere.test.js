// Turning Corners under misère play, in both delivery modes: the page's Normal/Misère switch
// (game.js's, as on the heaps page), every corner's ✓/✗ checked against a brute-force misère
// search written here (the player who cannot move — every coin tails — wins; it knows only
// the moves), a game against the perfect computer won by following ✓ moves, and a position
// too large for the exact search said plainly.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MODES, openPage, setUp } from './harness.js';

const env = setUp();

// --- the brute force -------------------------------------------------------------------------
const key = (a, b) => `${a},${b}`;

/** The coins a move of head (a, b) to corner (r, c) turns: the rectangle's corners off the
 * border (row or column 0). */
function flips([a, b], [r, c]) {
  return [[a, b], [r, b], [a, c], [r, c]].filter(([x, y]) => x > 0 && y > 0);
}

function after(heads, coin, corner) {
  const set = new Set(heads);
  for (const [x, y] of flips(coin, corner)) {
    const k = key(x, y);
    if (set.has(k)) set.delete(k); else set.add(k);
  }
  return [...set].sort();
}

/** Whether the player to move wins the heads coins `heads` (keys "a,b") in misère play. */
function misereWins(heads, memo) {
  const id = [...heads].sort().join(' ');
  if (memo.has(id)) return memo.get(id);
  let wins = heads.length === 0;
  for (const h of heads) {
    if (wins) break;
    const [a, b] = h.split(',').map(Number);
    for (let r = 0; r < a && !wins; r++) {
      for (let c = 0; c < b && !wins; c++) {
        if (!misereWins(after(heads, [a, b], [r, c]), memo)) wins = true;
      }
    }
  }
  memo.set(id, wins);
  return wins;
}

// --- page helpers ----------------------------------------------------------------------------
const ready = (page) => page.waitForFunction(() => {
  const s = document.querySelector('#status');
  return s.dataset.winner !== undefined || /Your move|corners for coin/.test(s.textContent);
}, null, { timeout: 60000 });

const headsOnBoard = (page) => page.locator('.coin.heads').evaluateAll((cs) => cs.map((c) => `${c.dataset.a},${c.dataset.b}`));

/** Clicks every heads coin and checks each corner's ✓/✗ against the brute force; returns a
 * winning move ({coin, corner}) if any, and how many corners were checked. */
async function checkCorners(page, memo) {
  const heads = await headsOnBoard(page);
  let choice = null;
  let checked = 0;
  for (const h of heads) {
    const [a, b] = h.split(',').map(Number);
    await page.locator(`.coin.heads[data-a="${a}"][data-b="${b}"]`).click();
    const marks = await page.locator('.cell.target').evaluateAll((cs) => cs.map((c) => ({
      r: Number(c.dataset.a), c: Number(c.dataset.b), label: c.getAttribute('aria-label'),
    })));
    assert.equal(marks.length, a * b, `coin (${a}, ${b}): one corner per rectangle`);
    for (const m of marks) {
      const wins = !misereWins(after(heads, [a, b], [m.r, m.c]), memo);
      assert.match(m.label, wins ? /winning move$/ : /losing move$/, `(${a}, ${b}) → (${m.r}, ${m.c}) from ${heads.join(' ')}`);
      checked += 1;
      if (!choice && wins) choice = { coin: [a, b], corner: [m.r, m.c] };
    }
    await page.keyboard.press('Escape');
  }
  return { choice, checked, heads };
}

for (const mode of MODES) {
  const url = (query = '') => `${mode.page(env.servers[mode.name].url, 'corners')}${query}`;

  test(`${mode.name}: Turning Corners under misère — every ✓/✗ agrees with a brute force`, async () => {
    const memo = new Map();
    let checked = 0;
    const page = await openPage(env.browser.context, url('?pos=5-1.2_2.2_3.1&misere=1&you=both'));
    for (const pos of ['5-1.2_2.2_3.1', '6-1.1_2.3_3.3', '4-4.4_1.2', '6-2.2']) {
      await page.goto(url(`?pos=${pos}&misere=1&you=both`));
      await ready(page);
      assert.ok(await page.locator('#convention-misere').isChecked(), 'the link sets misère play');
      const r = await checkCorners(page, memo);
      checked += r.checked;
      const outcome = await page.locator('#outcome').textContent();
      assert.match(outcome, misereWins(r.heads, memo) ? /^wins \(misère play\)/ : /^loses \(misère play\)/, `${pos}: ${outcome}`);
    }
    assert.ok(checked > 30, `${checked} corners checked`);
    // the switch back to normal play marks by the nim product again (one heads coin (1, 1):
    // normal play wins by turning it, misère play loses)
    await page.goto(url('?pos=4-1.1&you=both'));
    await ready(page);
    assert.ok(await page.locator('#convention-normal').isChecked());
    assert.match(await page.locator('#outcome').textContent(), /^wins/);
    await page.locator('#convention-misere').check();
    await page.waitForFunction(() => /misère/.test(document.querySelector('#outcome').textContent), null, { timeout: 60000 });
    assert.match(await page.locator('#outcome').textContent(), /^loses \(misère play\)/);
    assert.deepEqual(page.errors, []);
    assert.deepEqual(page.apiRequests, [], 'the page computes in its own engine');
    await page.close();
  });

  test(`${mode.name}: Turning Corners under misère — a game against the perfect computer, won by ✓ moves`, async () => {
    const memo = new Map();
    const start = ['4-1.2_2.2_3.1', '4-1.1_2.3_3.3', '4-4.4_1.2', '4-2.2_3.3', '4-1.3_3.2_2.4']
      .find((p) => misereWins(p.split('-')[1].split('_').map((s) => s.replace('.', ',')), memo));
    assert.ok(start, 'a misère first-player win to start from');
    const page = await openPage(env.browser.context, url(`?pos=${start}&misere=1`));
    let moves = 0;
    for (let turn = 0; turn < 40; turn++) {
      await ready(page);
      if (await page.locator('#status[data-winner]').count()) break;
      const r = await checkCorners(page, memo);
      assert.ok(r.choice, `a winning misère move exists from ${r.heads.join(' ')}`);
      const plies = await page.locator('#history li').count();
      await page.locator(`.coin.heads[data-a="${r.choice.coin[0]}"][data-b="${r.choice.coin[1]}"]`).click();
      await page.locator(`.cell.target[data-a="${r.choice.corner[0]}"][data-b="${r.choice.corner[1]}"]`).click();
      await page.waitForFunction((n) => {
        const s = document.querySelector('#status');
        return document.querySelectorAll('#history li').length > n && (s.dataset.winner !== undefined || /Your move/.test(s.textContent));
      }, plies, { timeout: 60000 });
      moves += 1;
    }
    const status = await page.locator('#status').textContent();
    assert.match(status, /misère play/);
    assert.match(status, /you win!/);
    assert.ok(moves >= 1);
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test(`${mode.name}: Turning Corners under misère — too large for the exact search is said plainly`, async () => {
    const page = await openPage(env.browser.context, url('?pos=12-12.12_11.10_9.12&misere=1&you=both'));
    await page.waitForFunction(() => document.querySelector('#error').textContent.length > 0, null, { timeout: 60000 });
    assert.match(await page.locator('#error').textContent(), /too large|misère/);
    await page.close();
  });
}
