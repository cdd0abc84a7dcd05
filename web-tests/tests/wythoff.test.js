// Wythoff in both delivery modes, on the shared game loop: a full game against the computer with
// history, undo/redo and the computer's move drawn; remoteness ("win in k") and the computer
// playing by it (quickest win, slowest loss); placing queens + permalink round trip; hints off;
// coordinates and keyboard play; the heat map's slider, axes and readout; the row plot.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MODES, openPage, screenshot, setUp } from './harness.js';

const env = setUp();

const ready = (page) => page.waitForFunction(() => {
  const s = document.querySelector('#status');
  return s.dataset.winner !== undefined || /Your move|Queen \d/.test(s.textContent);
}, null, { timeout: 30000 });
const remoteness = (page) => page.locator('#remoteness').getAttribute('data-r').then(Number);

for (const mode of MODES) {
  const url = (query = '') => `${mode.page(env.servers[mode.name].url, 'wythoff')}${query}`;

  test(`${mode.name}: a full game against the computer, its move drawn, history, undo/redo`, async () => {
    const t0 = Date.now();
    const page = await openPage(env.browser.context, url('?pos=8-6.7_4.3'));
    await ready(page);
    console.log(`# ${mode.name} wythoff: first interactive board after ${Date.now() - t0} ms`);
    assert.equal(await page.locator('.cell.label').count(), 17, 'coordinates 0–7 on both axes');
    assert.match(await page.locator('#remoteness').textContent(), /win in \d+/);
    let sawComputer = false;
    for (let turn = 0; turn < 40; turn++) {
      await ready(page);
      if (await page.locator('#status[data-winner]').count()) break;
      // Try each queen that can move for a ✓; else play any move.
      const queens = page.locator('.cell.queen:not([data-key="0,0"])');
      const n = await queens.count();
      for (let i = 0; i < n; i++) {
        if (i > 0) await page.keyboard.press('Escape'); // a queen's square may be another's target
        await queens.nth(i).click();
        await page.waitForSelector('.cell.target');
        const marks = await page.locator('.cell.target .mark').allTextContents();
        assert.ok(marks.length > 0 && marks.every((m) => m === '✓' || m === '✗'));
        if (await page.locator('.cell.target.win').count()) break;
      }
      if (turn === 0) await screenshot(page, `wythoff-marks-${mode.name}`);
      const win = page.locator('.cell.target.win');
      await ((await win.count()) ? win.first() : page.locator('.cell.target').first()).click();
      await page.waitForFunction(() => /Your move|cannot move/.test(document.querySelector('#status').textContent), null, { timeout: 30000 });
      if (await page.locator('.cell.last.by-computer').count()) sawComputer = true;
    }
    assert.ok(await page.locator('#status[data-winner]').count(), 'a winner is declared');
    assert.match(await page.locator('#status').textContent(), /the (first|second) player wins — you win!/);
    assert.ok(sawComputer, "the computer's move is drawn on the board");
    const plies = await page.locator('#history li').count();
    assert.ok(plies >= 3, 'both sides are in the history');
    assert.match(await page.locator('#history').textContent(), /Q\d \(\d+,\d+\)→\(\d+,\d+\)/);
    // The value history charts the remoteness (8 × 8, two queens: the page has its table).
    assert.match(await page.locator('#chart').textContent(), /remoteness/);
    assert.ok(await page.locator('#chart circle').count() >= 2);
    await screenshot(page, `wythoff-game-${mode.name}`);
    await page.click('#undo');
    await ready(page);
    assert.equal(await page.locator('#status[data-winner]').count(), 0, 'undo takes the end back');
    await page.click('#redo');
    await page.waitForFunction(() => document.querySelector('#status').dataset.winner !== undefined);
    assert.deepEqual(page.errors, []);
    assert.deepEqual(page.apiRequests, []);
    await page.close();
  });

  test(`${mode.name}: remoteness, and the computer plays by it winning and losing`, async () => {
    // One queen on (3, 5), a P-position: the computer (to move) is lost and holds out longest.
    for (const [pos, expectWin] of [['8-3.5', false], ['12-9.4_2.7', true]]) {
      const page = await openPage(env.browser.context, url(`?pos=${pos}&you=second`));
      await page.waitForFunction(() => document.querySelector('#history li:nth-child(2)'), null, { timeout: 30000 });
      await ready(page);
      const after = await remoteness(page);
      await page.click('[data-ply="0"]');
      await page.waitForFunction(() => /computer is to move|Redo/.test(document.querySelector('#status').textContent));
      const start = await remoteness(page);
      assert.equal(start % 2 === 1, expectWin, `${pos}: remoteness ${start}`);
      assert.equal(after, start - 1, `${pos}: the computer's move keeps to the rule (${start} → ${after})`);
      if (!expectWin) assert.ok(start >= 4, `(3, 5) is lost in ${start}, not at once`);
      assert.deepEqual(page.errors, []);
      await page.close();
    }
  });

  test(`${mode.name}: placing queens, permalink round trip, hints off, keyboard`, async () => {
    const page = await openPage(env.browser.context, url('?pos=10-5.5&hints=0'));
    await ready(page);
    await page.check('#edit');
    await page.locator('.cell[data-x="7"][data-y="2"]').click();
    await ready(page);
    await page.locator('.cell[data-x="1"][data-y="8"]').click();
    await ready(page);
    await page.locator('.cell[data-x="5"][data-y="5"]').click(); // takes that queen away
    await ready(page);
    await page.uncheck('#edit');
    const link = await page.locator('#permalink').getAttribute('href');
    assert.match(link, /pos=10-7\.2_1\.8/);
    assert.match(link, /hints=0/);
    const page2 = await openPage(env.browser.context, url(link));
    await ready(page2);
    assert.deepEqual(await page2.locator('.cell.queen').evaluateAll((c) => c.map((n) => n.dataset.key).sort()), ['1,8', '7,2']);
    await page2.locator('.cell.queen').first().click();
    await page2.waitForSelector('.cell.target');
    assert.equal(await page2.locator('.mark').count(), 0, 'hints off: no ✓/✗');
    // One Tab stop for the board, arrow keys inside it.
    const tabbable = await page2.locator('#board [tabindex="0"]').count();
    assert.equal(tabbable, 1);
    await page2.locator('#board [tabindex="0"]').focus();
    await page2.keyboard.press('ArrowRight');
    assert.equal(await page2.locator('#board [tabindex="0"]').count(), 1);
    // A bad link is explained, and a game starts anyway.
    const page3 = await openPage(env.browser.context, url('?pos=10-12.1'));
    await page3.waitForFunction(() => /not valid/.test(document.querySelector('#error').textContent));
    await ready(page3);
    assert.deepEqual([...page.errors, ...page2.errors, ...page3.errors], []);
    await page.close();
    await page2.close();
    await page3.close();
  });

  test(`${mode.name}: placing queens by pointer drag (and click), with the permalink`, async () => {
    const page = await openPage(env.browser.context, url('?pos=10-5.5_2.2'));
    await ready(page);
    await page.check('#edit');
    const centre = async (x, y) => {
      const b = await page.locator(`.cell[data-x="${x}"][data-y="${y}"]`).boundingBox();
      return [b.x + b.width / 2, b.y + b.height / 2];
    };
    // Drag queen 1 from (5, 5) to (7, 3).
    const [fx, fy] = await centre(5, 5);
    const [tx, ty] = await centre(7, 3);
    await page.mouse.move(fx, fy);
    await page.mouse.down();
    await page.mouse.move((fx + tx) / 2, (fy + ty) / 2, { steps: 4 });
    await page.mouse.move(tx, ty, { steps: 4 });
    assert.equal(await page.locator('.cell.drop[data-x="7"][data-y="3"]').count(), 1, 'the drop square is marked while dragging');
    await page.mouse.up();
    await ready(page);
    await page.waitForFunction(() => /pos=10-7\.3_2\.2/.test(document.querySelector('#permalink').getAttribute('href')));
    assert.deepEqual(await page.locator('.cell.queen').evaluateAll((c) => c.map((n) => n.dataset.key).sort()), ['2,2', '7,3']);
    assert.match(await page.locator('#status').textContent(), /./);
    // A click on an empty square still places a queen; a click on a queen takes it away.
    await page.locator('.cell[data-x="1"][data-y="8"]').click();
    await ready(page);
    await page.waitForFunction(() => /pos=10-7\.3_2\.2_1\.8/.test(document.querySelector('#permalink').getAttribute('href')));
    await page.locator('.cell[data-x="2"][data-y="2"]').click();
    await ready(page);
    await page.waitForFunction(() => /pos=10-7\.3_1\.8(&|$)/.test(document.querySelector('#permalink').getAttribute('href')));
    // The link reproduces the dragged position.
    await page.uncheck('#edit');
    const page2 = await openPage(env.browser.context, url(await page.locator('#permalink').getAttribute('href')));
    await ready(page2);
    assert.deepEqual(await page2.locator('.cell.queen').evaluateAll((c) => c.map((n) => n.dataset.key).sort()), ['1,8', '7,3']);
    await screenshot(page2, `wythoff-dragged-${mode.name}`);
    assert.deepEqual([...page.errors, ...page2.errors], []);
    await page.close();
    await page2.close();
  });

  test(`${mode.name}: the heat map's slider, axes and readout, and the row plot`, async () => {
    const page = await openPage(env.browser.context, url());
    await page.waitForSelector('#lit[data-lit]', { timeout: 30000 });
    const lit0 = await page.locator('#lit').textContent();
    const image0 = await page.evaluate(() => document.querySelector('#heat').toDataURL());
    await page.locator('#gval').fill('7');
    await page.waitForFunction(() => /g = 7/.test(document.querySelector('#lit').textContent));
    assert.notEqual(await page.locator('#lit').textContent(), lit0);
    assert.notEqual(await page.evaluate(() => document.querySelector('#heat').toDataURL()), image0, 'other cells are lit');
    assert.deepEqual(await page.locator('.heat-x .tick').allTextContents(), ['0', '99', '199']);
    assert.deepEqual(await page.locator('.heat-y .tick').allTextContents(), ['0', '99', '199']);
    // Hover the cell (3, 5) (rows from the bottom): g = 0.
    await page.locator('#heat').scrollIntoViewIfNeeded();
    const box = await page.locator('#heat').boundingBox();
    await page.mouse.move(box.x + (3.5 / 200) * box.width, box.y + ((200 - 5 - 0.5) / 200) * box.height);
    await page.waitForFunction(() => /g\(3, 5\) = 0/.test(document.querySelector('#heat-cell').textContent));
    // The keyboard readout: one Tab stop, arrow keys move a drawn cursor (Shift: 10 cells).
    assert.equal(await page.locator('#heat').getAttribute('tabindex'), '0');
    await page.locator('#heat').focus();
    await page.keyboard.press('Home');
    await page.waitForFunction(() => /g\(0, 0\) = 0/.test(document.querySelector('#heat-cell').textContent));
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowUp');
    await page.waitForFunction(() => /g\(3, 5\) = 0/.test(document.querySelector('#heat-cell').textContent));
    assert.equal(await page.locator('.heat-cursor').isVisible(), true, 'the cursor is drawn');
    const cursor = await page.locator('.heat-cursor').boundingBox();
    assert.ok(Math.abs(cursor.x - (box.x + (3 / 200) * box.width)) < 4, `the cursor sits on column 3 (${cursor.x})`);
    await page.keyboard.press('Shift+ArrowRight');
    await page.waitForFunction(() => /g\(13, 5\) = /.test(document.querySelector('#heat-cell').textContent));
    await page.keyboard.press('End');
    await page.waitForFunction(() => /g\(199, 199\) = \d+/.test(document.querySelector('#heat-cell').textContent));
    await page.waitForFunction(() => /row 10:/.test(document.querySelector('#row-info').textContent), null, { timeout: 30000 });
    assert.match(await page.locator('#row-info').textContent(), /row 10: preperiod 224, period 24 \(proven\)/);
    // A row beyond the page's limit: a message, and the old plot dimmed.
    await page.fill('#row', '41');
    await page.click('#plot');
    await page.waitForFunction(() => /0 to 40/.test(document.querySelector('#row-error').textContent));
    assert.ok(await page.locator('#rowplot').evaluate((n) => n.classList.contains('stale')));
    await screenshot(page, `wythoff-heatmap-${mode.name}`);
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}
