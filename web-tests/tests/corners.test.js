// Turning Corners in both delivery modes: ✓/✗ on the corners of a coin, a full game against the
// computer with history and the computer's move drawn, setup + permalink, undo/redo, hints off,
// keyboard play with one Tab stop, remoteness and the computer keeping to it on 4×4, and a
// 12×12 board that fits the window.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MODES, openPage, screenshot, setUp } from './harness.js';

const env = setUp();

const ready = (page) => page.waitForFunction(() => {
  const s = document.querySelector('#status');
  return s.dataset.winner !== undefined || /Your move|corners for coin/.test(s.textContent);
}, null, { timeout: 30000 });

for (const mode of MODES) {
  const url = (query = '') => `${mode.page(env.servers[mode.name].url, 'corners')}${query}`;

  test(`${mode.name}: a coin's corners are marked ✓/✗ and a full game ends with a winner`, async () => {
    const t0 = Date.now();
    const page = await openPage(env.browser.context, url('?pos=5-5.5_3.4_2.2_4.1'));
    await ready(page);
    console.log(`# ${mode.name} corners: first interactive board after ${Date.now() - t0} ms`);
    await page.locator('.coin.heads[data-a="5"][data-b="5"]').click();
    assert.equal(await page.locator('.mark').count(), 25, 'one mark per opposite corner, border included');
    await page.locator('.cell.target').first().hover();
    assert.equal(await page.locator('#hover-rect').count(), 1);
    await screenshot(page, `corners-marks-${mode.name}`);
    let sawComputer = false;
    for (let turn = 0; turn < 60; turn++) {
      await ready(page);
      if (await page.locator('#status[data-winner]').count()) break;
      if (await page.locator('.cell.last.by-computer').count()) sawComputer = true;
      if (!(await page.locator('.cell.target').count())) await page.locator('.coin.heads').first().click();
      const win = page.locator('.cell.target.win');
      await ((await win.count()) ? win.first() : page.locator('.cell.target').first()).click();
      await page.waitForFunction(() => !/Your move|corners for coin/.test(document.querySelector('#status').textContent));
    }
    assert.ok(await page.locator('#status[data-winner]').count(), 'a winner is declared');
    assert.ok(sawComputer, 'the computer\'s move is drawn on the board');
    assert.match(await page.locator('#history').textContent(), /computer/);
    await screenshot(page, `corners-game-over-${mode.name}`);
    await page.click('#undo');
    await ready(page);
    assert.equal(await page.locator('#status[data-winner]').count(), 0, 'undo takes the end back');
    await page.click('#redo');
    await page.waitForFunction(() => document.querySelector('#status').dataset.winner !== undefined);
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test(`${mode.name}: remoteness on 4×4, and the computer plays by it winning and losing`, async () => {
    const remoteness = (page) => page.locator('#remoteness').getAttribute('data-r').then(Number);
    // (1, 1) + (2, 3): value 1 ⊕ 1 = 0, the computer (to move) is lost and holds out longest;
    // adding (4, 4) makes it a win, taken the quickest way.
    for (const [pos, expectWin] of [['4-1.1_2.3', false], ['4-1.1_2.3_4.4', true]]) {
      const page = await openPage(env.browser.context, url(`?pos=${pos}&you=second`));
      await page.waitForFunction(() => document.querySelector('#history li:nth-child(2)'), null, { timeout: 30000 });
      await ready(page);
      const after = await remoteness(page);
      assert.match(await page.locator('#chart').textContent(), /remoteness/);
      await page.click('[data-ply="0"]');
      await page.waitForFunction(() => /computer is to move|Redo/.test(document.querySelector('#status').textContent));
      const start = await remoteness(page);
      assert.equal(start % 2 === 1, expectWin, `${pos}: remoteness ${start}`);
      assert.match(await page.locator('#remoteness').textContent(), expectWin ? /can win in \d+/ : /can lose in \d+/);
      assert.equal(after, start - 1, `${pos}: the computer's move keeps to the rule (${start} → ${after})`);
      if (!expectWin) assert.ok(start >= 4, `lost in ${start}, not at once`);
      assert.deepEqual(page.errors, []);
      await page.close();
    }
    // Your move on 4×4: each corner's tooltip names the opponent's remoteness after it.
    const page = await openPage(env.browser.context, url('?pos=4-4.4_1.2'));
    await ready(page);
    await page.locator('.coin.heads[data-a="4"][data-b="4"]').click();
    const titles = await page.locator('.cell.target').evaluateAll((c) => c.map((n) => n.title));
    assert.equal(titles.length, 16);
    assert.ok(titles.every((t) => /opponent can (win|lose) in \d+|no move left/.test(t)), titles.join('; '));
    await screenshot(page, `corners-remoteness-${mode.name}`);
    // Beyond 4×4 the page says why there is none, and charts the XOR.
    const big = await openPage(env.browser.context, url('?pos=5-5.5_1.2'));
    await ready(big);
    assert.match(await big.locator('#remoteness').textContent(), /4 × 4 boards only/);
    assert.match(await big.locator('#chart-h').textContent(), /XOR/);
    assert.deepEqual([...page.errors, ...big.errors], []);
    await big.close();
    await page.close();
  });

  test(`${mode.name}: set coins, the permalink reproduces the board, hints off, keyboard`, async () => {
    const page = await openPage(env.browser.context, url('?pos=4-4.4'));
    await ready(page);
    await page.check('#edit');
    await page.locator('.coin[data-a="2"][data-b="3"]').click();
    await page.waitForFunction(() => /2\.3/.test(document.querySelector('#permalink').getAttribute('href')));
    await page.uncheck('#edit');
    await page.uncheck('#hints');
    const link = await page.locator('#permalink').getAttribute('href');
    const again = await openPage(env.browser.context, url(link));
    await ready(again);
    assert.equal(await again.locator('.coin.heads').count(), 2);
    assert.equal(await again.locator('#hints').isChecked(), false);
    await again.locator('.coin.heads[data-a="4"]').click();
    assert.equal(await again.locator('.mark').count(), 0, 'no ✓/✗ with hints off');
    assert.ok(await again.locator('.cell.target').count() > 0);
    // One Tab stop in the board; arrows move, Enter plays.
    assert.equal(await again.locator('#board [tabindex="0"]').count(), 1);
    await again.locator('#board [tabindex="0"]').focus();
    await again.keyboard.press('ArrowLeft');
    const focused = await again.evaluate(() => document.activeElement.dataset.key);
    assert.ok(focused, 'focus moved inside the board');
    assert.deepEqual([...page.errors, ...again.errors], []);
    await again.close();
    await page.close();
  });

  test(`${mode.name}: a 12×12 board fits at 1280×800, and pans at a tappable size at 390×844`, async () => {
    const page = await openPage(env.browser.context, url('?pos=12-12.12_1.1'));
    await ready(page);
    for (const [width, height] of [[1280, 800], [390, 844]]) {
      await page.setViewportSize({ width, height });
      await page.waitForTimeout(150);
      // On a phone the 13 × 13 grid keeps 32 px cells and pans inside its box.
      const right = await page.evaluate(() => document.querySelector(innerWidth < 700 ? '#board-wrap' : '#board').getBoundingClientRect().right);
      assert.ok(right <= width, `the board (its box on a phone) fits (${right} ≤ ${width})`);
      const cell = await page.evaluate(() => document.querySelector('#board .coin').getBoundingClientRect().width);
      assert.ok(cell >= (width < 700 ? 32 : 16), `cells of ${cell} px`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 1, `no horizontal scrolling (${overflow})`);
    }
    await screenshot(page, `corners-phone-${mode.name}`);
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}
