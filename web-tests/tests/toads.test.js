// Toads and Frogs, in both delivery modes (onag serve, and the static site with no onag
// process): values computed in the page's worker, a full game with history, undo/redo and the
// computer's move drawn, hints off, permalinks, Stop on a long board, error paths, phone width.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MODES, openPage, screenshot, setUp } from './harness.js';

const env = setUp();

const text = async (page, id) => (await page.locator(`#${id}`).textContent()).replace(/\s+/g, '');
const yourMoveOrOver = (page) => page.waitForFunction(() => {
  const s = document.querySelector('#status');
  return s.dataset.winner !== undefined || /Your move/.test(s.textContent);
}, null, { timeout: 20000 });

for (const mode of MODES) {
  const url = (query = '') => `${mode.page(env.servers[mode.name].url, 'toads')}${query}`;

  test(`${mode.name}: preset T□TF□F□^6 shows its value, mean, temperature and a readable thermograph`, async () => {
    const t0 = Date.now();
    const page = await openPage(env.browser.context, url());
    await page.waitForSelector('#strip .cell.target');
    console.log(`# ${mode.name} toads: first interactive board after ${Date.now() - t0} ms`);
    await page.locator('#presets button[data-board="T□TF□F□^6"]').click();
    await page.waitForFunction(() => document.querySelector('#value').textContent.replace(/\s/g, '') === '{13/2|1}');
    assert.equal(await text(page, 'mean'), '15/4');
    assert.equal(await text(page, 'temperature'), '11/4');
    assert.equal(await page.locator('#thermo svg').count(), 1, 'a thermograph is drawn');
    const smallest = await page.evaluate(() => Math.min(...[...document.querySelectorAll('#thermo svg text')].map((t) => t.getBoundingClientRect().height)));
    assert.ok(smallest >= 11, `thermograph labels are at least 11 px tall (${smallest})`);
    // The marks are drawn when the move analysis arrives, which may be after the value.
    await page.waitForFunction(() => {
      const marks = [...document.querySelectorAll('#strip .mark')].map((m) => m.textContent);
      return marks.length > 0 && marks.every((m) => m === '✓' || m === '✗');
    });
    assert.ok(await page.locator('#moves tr').count() >= 3);
    assert.deepEqual(page.apiRequests, [], 'the page computes in its worker, not on a server');
    await screenshot(page, `toads-value-${mode.name}`);
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test(`${mode.name}: a full game against the computer, with history, undo/redo and the computer's move drawn`, async () => {
    const page = await openPage(env.browser.context, url('?pos=TT...FF'));
    let sawComputerMove = false;
    for (let turn = 0; turn < 40; turn++) {
      await yourMoveOrOver(page);
      if (await page.locator('#status[data-winner]').count()) break;
      if (await page.locator('#strip .cell.last.by-computer').count()) sawComputerMove = true;
      const win = page.locator('#strip .cell.target.win');
      await ((await win.count()) ? win.first() : page.locator('#strip .cell.target').first()).click();
      await page.waitForFunction(() => !/Your move/.test(document.querySelector('#status').textContent));
    }
    const winner = await page.locator('#status').getAttribute('data-winner');
    assert.ok(winner === '0' || winner === '1', `a winner is declared (${winner})`);
    assert.ok(sawComputerMove, 'the computer\'s last move is highlighted on the strip');
    const plies = await page.locator('#history li').count() - 1;
    assert.ok(plies >= 2, `the history lists the moves (${plies})`);
    assert.match(await page.locator('#history').textContent(), /computer/);
    assert.ok(await page.locator('#chart circle').count() >= 2, 'the value chart has a point per position');
    await screenshot(page, `toads-game-over-${mode.name}`);
    // Undo goes back to your last turn; Redo forward again; no double moves.
    const before = await page.locator('#text').inputValue();
    await page.click('#undo');
    await yourMoveOrOver(page);
    assert.notEqual(await page.locator('#text').inputValue(), before);
    assert.equal(await page.locator('#status[data-winner]').count(), 0);
    await page.click('#redo');
    await page.waitForFunction((b) => document.querySelector('#text').value === b, before);
    // Jump to the start from the history.
    await page.click('#history button[data-ply="0"]');
    await yourMoveOrOver(page);
    assert.equal(await page.locator('#text').inputValue(), 'T2□3F2');
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test(`${mode.name}: hints off, settings and the permalink round trip`, async () => {
    const page = await openPage(env.browser.context, url('?pos=TT.T..F.FF'));
    await yourMoveOrOver(page);
    await page.uncheck('#hints');
    assert.equal(await page.locator('#strip .mark').count(), 0, 'no ✓/✗ with hints off');
    assert.match(await page.locator('#moves').textContent(), /Hints are off/);
    await page.selectOption('#strength', 'skill');
    await page.fill('#skill', '0.5');
    await page.dispatchEvent('#skill', 'change');
    const link = await page.locator('#permalink').getAttribute('href');
    const again = await openPage(env.browser.context, url(link));
    await yourMoveOrOver(again);
    assert.equal(await again.locator('#text').inputValue(), 'T2□T□2F□F2');
    assert.equal(await again.locator('#hints').isChecked(), false);
    assert.equal(await again.locator('#strength').inputValue(), 'skill');
    assert.equal(await again.locator('#skill').inputValue(), '0.5');
    assert.equal(await again.locator('#strip .mark').count(), 0);
    assert.deepEqual([...page.errors, ...again.errors], []);
    await again.close();
    await page.close();
  });

  test(`${mode.name}: a long board shows the elapsed time and Stop ends it at once, leaving no stuck state`, async () => {
    const page = await openPage(env.browser.context, url());
    await yourMoveOrOver(page);
    // T8□4F8: work estimate 6.2e7, within the page's limit, about half a minute in the worker.
    await page.fill('#text', 'TTTTTTTT....FFFFFFFF');
    await page.press('#text', 'Enter');
    await page.waitForFunction(() => /analysing .* s/.test(document.querySelector('#status').textContent));
    assert.equal(await page.locator('#stop').isDisabled(), false, 'Stop is enabled while it computes');
    assert.equal(await page.locator('#strip .cell').count(), 20, 'the strip shows the board being analysed');
    assert.equal(await page.locator('#strip.stale').count(), 1, 'dimmed until its analysis is back');
    await page.click('#stop');
    await page.waitForFunction(() => document.querySelector('#status').textContent === 'Stopped.');
    assert.equal(await page.locator('#status .spinner').count(), 0, 'no spinner left');
    assert.equal(await page.locator('#stop').isDisabled(), true);
    // The engine is fresh again at once.
    await page.locator('#presets button', { hasText: 'TT□FF' }).click();
    await page.waitForFunction(() => document.querySelector('#value').textContent === '*');
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test(`${mode.name}: a board beyond the page's work limit is refused at once, naming the command line`, async () => {
    const page = await openPage(env.browser.context, url());
    await yourMoveOrOver(page);
    // The page states its limit by the engine's work estimate (from the engine's own limits).
    assert.match(await page.locator('#limit').textContent(), /work estimate .* at most 10\^8/);
    const t0 = Date.now();
    // T10□4F10: natively 147 s and 6.6 GB, beyond a page's 2 GiB of WebAssembly memory.
    await page.fill('#text', 'TTTTTTTTTT....FFFFFFFFFF');
    await page.press('#text', 'Enter');
    await page.waitForFunction(() => /onag toads value/.test(document.querySelector('#error').textContent), null, { timeout: 5000 });
    assert.ok(Date.now() - t0 < 5000, 'refused at once, not after a hang');
    const message = await page.locator('#error').textContent();
    assert.match(message, /work estimate is 2\.0e9/);
    assert.match(message, /`onag toads value T10\.4F10`/);
    assert.equal(await page.locator('#status .spinner').count(), 0, 'no spinner left');
    assert.equal(await page.locator('#stop').isDisabled(), true, 'nothing to stop');
    assert.match(await page.locator('#status').textContent(), /could not be analysed/);
    assert.equal(await page.locator('#panel.stale').count(), 1, 'the old value is dimmed');
    assert.equal(await page.locator('#strip .cell.target').count(), 0, 'no move can be played');
    await screenshot(page, `toads-too-large-${mode.name}`);
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test(`${mode.name}: remoteness where the game tree is small, and the losing computer holds out longest`, async () => {
    // □T□TF□F with the toads to move is lost for them: in 10 moves at the slowest; the old
    // rule (a winning move, else the best mean) lost at once (the frogs then win in 1).
    const page = await openPage(env.browser.context, url('?pos=.T.TF.F&you=second'));
    await page.waitForFunction(() => document.querySelector('#history li:nth-child(2)'), null, { timeout: 30000 });
    await yourMoveOrOver(page);
    const r = () => page.locator('#remoteness').getAttribute('data-r').then(Number);
    const after = await r();
    assert.match(await page.locator('#remoteness').textContent(), /win in \d+ \(quickest win, slowest loss\)/);
    assert.match(await page.locator('#chart-h').textContent(), /Remoteness/);
    assert.match(await page.locator('#chart').textContent(), /remoteness/);
    assert.match(await page.locator('#moves tr:first-child').textContent(), /k/, 'the move table has a remoteness column');
    assert.match(await page.locator('#strip .cell.target').first().getAttribute('title'), /after this move the opponent can (win|lose) in \d+/);
    await page.click('#history button[data-ply="0"]');
    await page.waitForFunction(() => /computer is to move|Redo/.test(document.querySelector('#status').textContent));
    const start = await r();
    assert.equal(start, 10, `the toads to move lose in 10 (${start})`);
    assert.equal(after, start - 1, `the computer's move keeps to the rule (${start} → ${after})`);
    assert.match(await page.locator('#remoteness').textContent(), /lose in 10/);
    // A board reaching too many positions says so; the chart falls back to the mean.
    await page.fill('#text', 'TTTT........FFFF');
    await page.press('#text', 'Enter');
    await page.waitForFunction(() => /too many positions/.test(document.querySelector('#remoteness').textContent), null, { timeout: 30000 });
    assert.match(await page.locator('#chart-h').textContent(), /Mean value/);
    await screenshot(page, `toads-remoteness-${mode.name}`);
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test(`${mode.name}: a long canonical form is folded, not stretching the value panel`, async () => {
    // T8□2F8's value is 1,776 characters long (tiny and miny written Tiny(x), Miny(x)).
    const page = await openPage(env.browser.context, url('?pos=TTTTTTTT..FFFFFFFF'));
    await page.waitForFunction(() => document.querySelector('#value details.fold'), null, { timeout: 60000 });
    assert.match(await page.locator('#value summary').textContent(), /show all 1776 characters/);
    const height = await page.locator('#panel').evaluate((n) => n.getBoundingClientRect().height);
    assert.ok(height < 900, `the value panel stays short (${height}px)`);
    await page.locator('#value summary').click();
    assert.equal((await page.locator('#value details .mono').textContent()).length, 1776);
    const right = await page.locator('#value details .mono').evaluate((n) => n.getBoundingClientRect().right);
    assert.ok(right <= 1280, `the unfolded value wraps inside the window (${right})`);
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test(`${mode.name}: bad boards are reported in the page and leave no stale result`, async () => {
    const page = await openPage(env.browser.context, url());
    await yourMoveOrOver(page);
    await page.fill('#text', 'TXF');
    await page.press('#text', 'Enter');
    await page.waitForFunction(() => document.querySelector('#error').textContent.length > 0);
    const message = await page.locator('#error').textContent();
    assert.doesNotMatch(message, /deserialize|JSON body/i, 'no raw server text');
    assert.equal(await page.locator('#panel.stale').count(), 1, 'the old value is dimmed');
    await page.fill('#text', `${'T'.repeat(13)}${'F'.repeat(12)}`);
    await page.press('#text', 'Enter');
    await page.waitForFunction(() => /at most 24/.test(document.querySelector('#error').textContent));
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test(`${mode.name}: phone width keeps the strip one row at a tappable size, scrolling in its box`, async () => {
    const page = await openPage(env.browser.context, url('?pos=TFTFF.FT..TTFF.TFF..TT'));
    await page.setViewportSize({ width: 390, height: 844 });
    await yourMoveOrOver(page);
    const cells = await page.evaluate(() => [...document.querySelectorAll('#strip .cell')].map((c) => c.getBoundingClientRect()).map((r) => ({ w: r.width, top: r.top })));
    assert.ok(cells.every((c) => c.w >= 24), 'each square at least WCAG 2.2\'s minimum target size');
    assert.equal(new Set(cells.map((c) => Math.round(c.top))).size, 1, 'the 22 squares are one row');
    assert.equal(await page.locator('#strip-cue').isVisible(), true, 'a cue says the strip scrolls');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 1, `no horizontal scrolling (overflow ${overflow}px)`);
    const right = await page.evaluate(() => Math.max(...[...document.querySelectorAll('#moves td')].map((c) => c.getBoundingClientRect().right)));
    assert.ok(right <= 390, `the move table fits (${right})`);
    // One Tab stop in the strip; arrows move inside it.
    await page.locator('#strip .cell').first().focus();
    assert.equal(await page.locator('#strip [tabindex="0"]').count(), 1);
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.evaluate(() => document.activeElement.dataset.i), '1');
    await screenshot(page, `toads-phone-${mode.name}`);
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}
