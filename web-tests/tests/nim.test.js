// The nim page in both delivery modes: numbers checked in the page by the engine's rules (no
// error flash while typing 0x…, one stated limit, no raw parser text), the last result dimmed
// after an error, the product table's heat map with axes and readout, and the findings panel.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MODES, openPage, screenshot, setUp } from './harness.js';

const env = setUp();

const product = (page) => page.locator('[data-k="a ⊗ b (nim-product)"]').textContent();
const dimmed = (page) => page.locator('#calc-out').evaluate((n) => n.classList.contains('stale'));

for (const mode of MODES) {
  test(`${mode.name}: the calculator checks input like the engine and never shows a stale result undimmed`, async () => {
    const page = await openPage(env.browser.context, mode.page(env.servers[mode.name].url, 'nim'));
    await page.waitForFunction(() => document.querySelector('[data-k="a ⊗ b (nim-product)"]'));
    assert.equal(await product(page), '255'); // 5 ⊗ 51
    // On the way to 0x10: "0x" is not an error, the old result is dimmed meanwhile.
    await page.fill('#a', '0x');
    await page.waitForTimeout(600);
    assert.equal(await page.locator('#calc-error').textContent(), '');
    assert.ok(await dimmed(page));
    await page.fill('#a', '0x10');
    await page.waitForFunction(() => document.querySelector('[data-k="a"]').textContent === '16');
    assert.ok(!(await dimmed(page)));
    // A sign is an error in the engine's words, and the result is dimmed.
    await page.fill('#a', '-1');
    await page.waitForFunction(() => /no sign allowed/.test(document.querySelector('#calc-error').textContent));
    assert.ok(await dimmed(page));
    // Too large: the message and the page's stated limit agree (64 bits).
    await page.fill('#a', '0x1_0000_0000_0000_0000');
    await page.waitForFunction(() => /at most 2\^64 - 1/.test(document.querySelector('#calc-error').textContent));
    assert.match(await page.locator('#limits').textContent(), /64-bit words \(0 to 2\^64 − 1/);
    // Underscores between digits are the engine's (and the CLI's) rule, stated on the page.
    await page.fill('#a', '1_000');
    await page.waitForFunction(() => document.querySelector('[data-k="a"]').textContent === '1000');
    assert.equal(await page.locator('#calc-error').textContent(), '');
    // An empty a, submitted, is explained in words (no parser text).
    await page.fill('#a', '');
    await page.press('#a', 'Enter');
    await page.waitForFunction(() => /a: '' is not a number yet/.test(document.querySelector('#calc-error').textContent));
    assert.doesNotMatch(await page.locator('main').textContent(), /Failed to deserialize|cannot parse integer/);
    assert.deepEqual(page.errors, []);
    assert.deepEqual(page.apiRequests, []);
    await page.close();
  });

  test(`${mode.name}: the 64 × 64 table has axes and a readout; the findings panel lists what is proven`, async () => {
    const page = await openPage(env.browser.context, mode.page(env.servers[mode.name].url, 'nim'));
    await page.selectOption('#size', '64');
    await page.waitForSelector('#nimcanvas');
    assert.deepEqual(await page.locator('.heat-x .tick').allTextContents(), ['0', '31', '63']);
    await page.locator('#nimcanvas').scrollIntoViewIfNeeded();
    const box = await page.locator('#nimcanvas').boundingBox();
    // Row a = 2 (from the top), column b = 3: 2 ⊗ 3 = 1.
    await page.mouse.move(box.x + (3.5 / 64) * box.width, box.y + (2.5 / 64) * box.height);
    await page.waitForFunction(() => /^2 ⊗ 3 = 1$/.test(document.querySelector('#cell-info').textContent));
    await page.waitForFunction(() => Number(document.querySelector('#findings').dataset.claims) > 0);
    assert.match(await page.locator('#findings').textContent(), /A051775/);
    assert.match(await page.locator('#findings').textContent(), /onag reproduce/);
    await screenshot(page, `nim-findings-${mode.name}`);
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}
