// The page's engine running out of WebAssembly memory, in both delivery modes: the message
// names the native ways to run it (onag serve, the command line), no spinner stays, Stop is
// off, and the next board is analysed by a fresh engine. To reach the limit in seconds rather
// than minutes, this browser caps WebAssembly memories at 32 MiB (V8's --wasm-max-mem-pages)
// instead of the module's 2 GiB; the page's handling of the trap is the same.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MODES, openPage, screenshot, setUp } from './harness.js';

const env = setUp(['--js-flags=--wasm-max-mem-pages=512']);

for (const mode of MODES) {
  test(`${mode.name}: a board that runs out of the page's memory says so and names onag serve`, async () => {
    const page = await openPage(env.browser.context, `${mode.page(env.servers[mode.name].url, 'toads')}?pos=TT..FF`);
    await page.waitForFunction(() => document.querySelector('#value').textContent.replace(/\s/g, '') !== '–', null, { timeout: 20000 });
    // T8□4F8: within the work limit, but its memo outgrows 32 MiB within seconds.
    await page.fill('#text', 'TTTTTTTT....FFFFFFFF');
    await page.press('#text', 'Enter');
    await page.waitForFunction(() => /more memory/.test(document.querySelector('#error').textContent), null, { timeout: 120000 });
    const message = await page.locator('#error').textContent();
    assert.match(message, /onag serve/);
    assert.match(message, /command line/);
    assert.equal(await page.locator('#status .spinner').count(), 0, 'no spinner left');
    assert.equal(await page.locator('#stop').isDisabled(), true, 'nothing to stop');
    await screenshot(page, `toads-out-of-memory-${mode.name}`);
    // A fresh engine analyses the next board.
    await page.locator('#presets button', { hasText: 'TT□FF' }).click();
    await page.waitForFunction(() => document.querySelector('#value').textContent === '*', null, { timeout: 20000 });
    assert.equal(await page.locator('#error').textContent(), '', 'the error is cleared');
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}
