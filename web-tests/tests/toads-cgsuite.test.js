// The Toads-and-Frogs value panel's CGSuite rows, in both delivery modes: the
// atomic weight where it is defined (all-small values) and hidden where it is not, and the
// reduced canonical form, as the library computes them (checked against `onag toads value`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MODES, openPage, setUp } from './harness.js';

const env = setUp();

const text = async (page, id) => (await page.locator(`#${id}`).textContent()).replace(/\s+/g, '');

// board → [value, atomic weight (null: undefined), reduced canonical form]
const BOARDS = [
  ['TTF.F', '↓', '-1', '0'],
  ['T.TFT.F', '1/2*', null, '1/2'],
  ['TT.FTF', '{1/4|0}', null, '{1/4|0}'],
  ['T.TF.F', '*', '0', '0'],
];

for (const mode of MODES) {
  test(`${mode.name}: the value panel shows atomic weight and reduced canonical form`, async () => {
    for (const [board, value, atomic, rcf] of BOARDS) {
      const page = await openPage(env.browser.context, `${mode.page(env.servers[mode.name].url, 'toads')}?pos=${board}`);
      await page.waitForFunction((v) => document.querySelector('#value').textContent.replace(/\s/g, '') === v, value, { timeout: 20000 });
      assert.equal(await text(page, 'rcf'), rcf, `${board}: reduced canonical form`);
      if (atomic === null) {
        assert.equal(await page.locator('#atomic').isHidden(), true, `${board}: no atomic weight row`);
      } else {
        assert.equal(await page.locator('#atomic').isVisible(), true, `${board}: an atomic weight row`);
        assert.equal(await text(page, 'atomic'), atomic, `${board}: atomic weight`);
      }
      assert.deepEqual(page.errors, []);
      await page.close();
    }
  });
}
