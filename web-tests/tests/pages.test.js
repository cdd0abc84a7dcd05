// Every page loads without console errors in both delivery modes, computes in its own engine
// (no /api/ request), works at phone width, and is saved as a screenshot.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MODES, openPage, screenshot, setUp, startServer } from './harness.js';

const env = setUp();

const pages = ['index', 'nim', 'corners', 'wythoff', 'queens', 'toads', 'heaps', 'domineering', 'clobber', 'cutcake', 'hackenbush'];
/**
 * Whether page `name` is ready to use: a playable board (analysed, your move), or its first
 * computed result (runs in the page; a function, as the served pages' CSP forbids eval).
 */
const ready = (name) => {
  const first = { index: 'header.site nav a', nim: '[data-k="a ⊗ b (nim-product)"]', queens: '.heat-x .tick' }[name];
  if (first) return Boolean(document.querySelector(first));
  const status = document.querySelector('#status');
  return Boolean(status) && /Your move/.test(status.textContent);
};

for (const mode of MODES) for (const name of pages) {
  test(`${mode.name}: ${name} page loads with no console errors`, async () => {
    const page = await openPage(env.browser.context, mode.page(env.servers[mode.name].url, name), 'commit');
    await page.waitForFunction(ready, name, { timeout: 30000 });
    // performance.now() counts from the navigation's start: the time to the first usable board.
    const ms = Math.round(await page.evaluate(() => performance.now()));
    console.log(`# ${mode.name} ${name}: ready (board or first result) ${ms} ms after navigation`);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    assert.ok((await page.title()).includes('onag'), 'title names onag');
    assert.ok(await page.locator('header.site nav a').count() >= 5, 'navigation is there');
    await screenshot(page, `${name}-${mode.name}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(200);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 1, `no horizontal scrolling at phone width (overflow ${overflow}px)`);
    await screenshot(page, `${name}-phone-${mode.name}`);
    assert.deepEqual(page.errors, []);
    assert.deepEqual(page.apiRequests, [], 'the page computes in its engine, not on a server');
    await page.close();
  });
}

// Boards fit the window: the largest boards the menus offer (Wythoff 32 × 32, Turning Corners
// 12 × 12, a 24-square Toads strip) at the desktop size with no scrolling of the page or
// inside the board; on a phone with cells of at least 32 px (panning inside the board's box
// where the board is larger than the screen), never scrolling the page sideways.
const boards = [
  ['wythoff', '?pos=32-31.30_29.31', '#board', 33],
  ['corners', '?pos=12-12.12_3.4', '#board', 13],
  ['toads', '?pos=TTTTTTTTTT....FFFFFFFFFF', '#strip', 24],
];
for (const mode of MODES) {
  test(`${mode.name}: boards fit the window at 1280×800 and 390×844`, async () => {
    for (const [name, query, selector, columns] of boards) {
      const page = await openPage(env.browser.context, `${mode.page(env.servers[mode.name].url, name)}${query}`);
      for (const [width, height] of [[1280, 800], [390, 844]]) {
        await page.setViewportSize({ width, height });
        await page.waitForTimeout(300);
        await page.waitForFunction((s) => document.querySelectorAll(`${s} .cell`).length > 0, selector);
        const m = await page.evaluate((s) => {
          const board = document.querySelector(s);
          const wrap = board.parentElement;
          const cells = [...board.querySelectorAll('.cell')];
          const right = Math.max(...cells.map((c) => c.getBoundingClientRect().right));
          // Measured in the same snapshot: a board redrawn after this call would leave a
          // locator's element detached.
          const cell = cells[0].getBoundingClientRect().width;
          return { page: document.documentElement.scrollWidth - window.innerWidth, inside: wrap.scrollWidth - wrap.clientWidth, right, width: window.innerWidth, cell };
        }, selector);
        assert.ok(m.page <= 1, `${name} at ${width}: the page does not scroll sideways (${m.page}px)`);
        if (width === 1280) {
          assert.ok(m.inside <= 1, `${name} at ${width}: the board does not scroll inside its box (${m.inside}px)`);
          assert.ok(m.right <= m.width, `${name} at ${width}: every cell is in the window (${m.right} > ${m.width})`);
        }
        // On a phone every cell is a finger's tap; a board too large for that pans in its box.
        // The Toads strip is one row, so its squares shrink to WCAG 2.2's minimum target size
        // (24 px, success criterion 2.5.8) before it scrolls (phone.test.js).
        const tap = width === 390 ? (name === 'toads' ? 24 : 32) : 16;
        assert.ok(m.cell + 0.01 >= tap, `${name} at ${width}: cells are ${m.cell}px`);
        if (width === 390) await screenshot(page, `${name}-board-phone-${mode.name}`);
      }
      assert.equal(await page.locator(`${selector} .cell`).count() >= columns, true);
      if (name === 'toads') {
        // T10□4F10 is beyond the page's work limit: the message, not a hang, and still no overflow.
        await page.waitForFunction(() => /onag toads value/.test(document.querySelector('#error').textContent));
      }
      assert.deepEqual(page.errors, []);
      await page.close();
    }
  });
}

// A failed load of the engine is an error path like any other: a clear message with Retry,
// no spinner left and no move to play; Retry (the engine reachable again) starts the game.
for (const mode of MODES) {
  test(`${mode.name}: a failed engine load is explained, leaves no stuck state, and Retry recovers`, async () => {
    for (const name of ['corners', 'wythoff', 'toads', 'domineering', 'hackenbush']) {
      const page = await env.browser.context.newPage();
      page.errors = [];
      page.on('pageerror', (err) => page.errors.push(`page error: ${err.message}`));
      await page.route('**/onag.wasm', (route) => route.abort('connectionrefused'));
      await page.goto(mode.page(env.servers[mode.name].url, name));
      await page.waitForFunction(() => /could not be loaded/.test(document.querySelector('#error').textContent), null, { timeout: 15000 });
      await page.waitForTimeout(300);
      assert.equal(await page.locator('#status .spinner').count(), 0, `${name}: no spinner left`);
      assert.match(await page.locator('#status').textContent(), /could not be analysed/, `${name}: the status says why`);
      assert.equal(await page.locator('.cell.target').count(), 0, `${name}: nothing to play`);
      await screenshot(page, `${name}-engine-failed-${mode.name}`);
      await page.unroute('**/onag.wasm');
      await page.locator('#error button.retry').click();
      await page.waitForFunction(() => {
        const s = document.querySelector('#status');
        return s.dataset.winner !== undefined || /Your move|computer/.test(s.textContent);
      }, null, { timeout: 30000 });
      assert.equal(await page.locator('#error').textContent(), '', `${name}: the message goes once it works`);
      assert.deepEqual(page.errors, []);
      await page.close();
    }
  });
}

// The server stopped mid-game (served mode only): the page keeps playing in its own engine,
// and a second click while the computer thinks is no second move.
test('served: the server stops mid-game and the game goes on, with no double move', async () => {
  const server = await startServer();
  const page = await openPage(env.browser.context, `${server.url}/toads?pos=TT...FF`);
  await page.waitForFunction(() => /Your move/.test(document.querySelector('#status').textContent), null, { timeout: 20000 });
  server.stop();
  await new Promise((r) => setTimeout(r, 300));
  const target = page.locator('#strip .cell.target').first();
  await target.click();
  await target.click({ force: true }).catch(() => {});
  await page.waitForFunction(() => {
    const s = document.querySelector('#status');
    return s.dataset.winner !== undefined || /Your move/.test(s.textContent);
  }, null, { timeout: 20000 });
  const who = await page.locator('#history li .muted').allTextContents();
  assert.deepEqual(who.slice(0, 2).map((w) => w.trim()), ['you', 'computer'], `one move each (${who})`);
  assert.equal(await page.locator('#error').textContent(), '');
  assert.deepEqual(page.errors, []);
  await page.close();
});
