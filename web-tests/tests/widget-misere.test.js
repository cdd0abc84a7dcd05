// The notebook widget under misère play (the `misere` model attribute, anywidget's traitlet),
// mounted the way anywidget mounts it: Cram's and a Kayles widget mark every move's misère ✓/✗
// — checked against a brute-force misère search written here (the player who cannot move
// wins; it knows nothing of genus) —, a move played keeps misère play, the widget's “misère”
// box writes the model back, and the model set "from Python" switches the board.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser, openPage } from './harness.js';
import { startHost, registry, settled } from './widget-host.js';

let browser;
let host;
let page;
before(async () => {
  browser = await launchBrowser();
  host = await startHost();
  page = await openPage(browser.context, host.url, 'load');
  await page.waitForFunction(() => window.hostReady === true);
});
after(async () => {
  await browser?.close();
  host?.stop();
});

/** Cram: rows separated by '|', '.' empty; a move fills two adjacent empty cells. */
function cramOptions(text) {
  const rows = text.split('|').map((r) => [...r]);
  const out = [];
  const at = (r, c) => rows[r] && rows[r][c] === '.';
  const fill = (cells) => rows.map((row, r) => row.map((ch, c) => (cells.some(([a, b]) => a === r && b === c) ? '#' : ch)).join('')).join('|');
  rows.forEach((row, r) => row.forEach((_, c) => {
    if (at(r, c) && at(r, c + 1)) out.push(fill([[r, c], [r, c + 1]]));
    if (at(r, c) && at(r + 1, c)) out.push(fill([[r, c], [r + 1, c]]));
  }));
  return out;
}
const memo = new Map();
const cramWins = (t) => {
  if (!memo.has(t)) memo.set(t, cramOptions(t).length === 0 || cramOptions(t).some((o) => !cramWins(o)));
  return memo.get(t);
};

/** Kayles heaps ("2 3"): take 1 or 2 pins, the rest may split in two. */
function kaylesWins(heaps, seen = new Map()) {
  const k = heaps.filter((h) => h > 0).sort((a, b) => a - b);
  const id = k.join(' ');
  if (seen.has(id)) return seen.get(id);
  let wins = k.length === 0;
  k.forEach((n, i) => {
    for (const t of [1, 2]) {
      for (let a = 0; n - t >= 0 && 2 * a <= n - t; a++) {
        if (!wins && !kaylesWins([...k.slice(0, i), ...k.slice(i + 1), a, n - t - a], seen)) wins = true;
      }
    }
  });
  seen.set(id, wins);
  return wins;
}

const mount = async (id, attrs) => {
  await page.evaluate(([a, i]) => window.mountWidget(a, i), [attrs, id]);
  await settled(page, id);
};
const model = (id, key) => page.evaluate(([i, k]) => window.models[i].get(k), [id, key]);
const rows = (id) => page.locator(`#${id} table.moves tr[data-position]`).evaluateAll((trs) => trs.map((tr) => ({
  position: tr.dataset.position, win: tr.classList.contains('win'), genus: tr.querySelector('.genus').textContent,
})));
const status = (id) => page.locator(`#${id} .status`).textContent();

test('the Cram widget under misère: every ✓/✗ against a brute force, a move, the box and the model', async () => {
  const cram = registry().find((g) => g.name === 'cram');
  const id = 'w-cram-misere';
  const start = '...|...';
  await mount(id, { game: 'cram', page: { ...cram.page, title: cram.title, impartial: true }, position: start, to_move: 'left', misere: true });
  assert.ok(await page.locator(`#${id} input.misere`).isChecked(), 'the box shows the model');
  let shown = await rows(id);
  assert.equal(shown.length, cramOptions(start).length);
  for (const r of shown) {
    assert.equal(r.win, !cramWins(r.position), `${start} → ${r.position}`);
    assert.match(r.genus, /^\d+\^\d*$/);
  }
  assert.match(await status(id), /misère play/);
  assert.match(await page.locator(`#${id} .kv .outcome`).textContent(), cramWins(start) ? /^N: .*misère/ : /^P: .*misère/);
  // Play a move: the model follows, and the new position is analysed under misère too.
  await page.locator(`#${id} table.moves tr[data-position] button`).first().click();
  await settled(page, id);
  const after1 = await model(id, 'position');
  assert.notEqual(after1, start);
  shown = await rows(id);
  for (const r of shown) assert.equal(r.win, !cramWins(r.position), `${after1} → ${r.position}`);
  // The box unticked: the model hears it, the table is normal play's again (no stale ✓/✗).
  await page.locator(`#${id} input.misere`).uncheck();
  await page.waitForFunction((i) => !document.getElementById(i).shadowRoot.querySelector('table.moves tr[data-position]')
    && document.getElementById(i).shadowRoot.querySelector('.status').dataset.ready, id);
  assert.equal(await model(id, 'misere'), false);
  assert.doesNotMatch(await status(id), /misère/);
  // "Python" sets it again: the board follows.
  await page.evaluate((i) => window.models[i].set('misere', true), id);
  await page.waitForFunction((i) => document.getElementById(i).shadowRoot.querySelector('table.moves tr[data-position]'), id);
  assert.ok(await page.locator(`#${id} input.misere`).isChecked());
  assert.deepEqual(page.errors, []);
});

test('a Kayles widget under misère: every ✓/✗ against a brute force, and the empty position is a win', async () => {
  const id = 'w-kayles-misere';
  await mount(id, { game: '0.77', page: { board: 'heaps', title: 'Kayles', impartial: true }, position: '2 3', to_move: 'left', misere: true });
  const labels = await page.locator(`#${id} table.moves tr[data-label]`).evaluateAll((trs) => trs.map((tr) => ({
    position: tr.dataset.position, win: tr.classList.contains('win'),
  })));
  assert.ok(labels.length >= 5);
  for (const m of labels) {
    const after = m.position.split(' ').filter(Boolean).map(Number);
    assert.equal(m.win, !kaylesWins(after), `2 3 → ${m.position}`);
  }
  await page.evaluate((i) => window.models[i].set('position', '1'), id);
  await page.waitForFunction((i) => /1 of 1 moves win|0 of 1 moves win/.test(document.getElementById(i).shadowRoot.querySelector('.status').textContent), id);
  assert.match(await status(id), /0 of 1 moves win \(✓ in misère play\)/, 'one pin: taking it loses');
  await page.locator(`#${id} table.moves tr[data-label] button`).first().click();
  await page.waitForFunction((i) => /cannot move/.test(document.getElementById(i).shadowRoot.querySelector('.status').textContent), id);
  assert.match(await status(id), /cannot move and wins \(misère play\)/);
  assert.deepEqual(page.errors, []);
});
