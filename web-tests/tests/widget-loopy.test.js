// The loopy games' notebook widget (crates/onag-cli/web/loopywidget.js, chosen by the widget's
// entry module for a loopy game), mounted the way anywidget mounts it: a Fox and Geese 4 × 4
// position shows its pieces and each piece's ✓/=/✗ for the mover, checked against the command
// line's outcomes (`onag loopy … --json`) of the positions the moves reach; a tap on a goose and
// one on its target play the move and the model's position follows, and so do Enter and arrows; undo and a position set on
// the model ("from Python"); a Backsliding Toads and Frogs draw shows its = marks.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchBrowser, openPage } from './harness.js';
import { startHost, binary, settled } from './widget-host.js';

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

/** A loopy game's page data (the registry's, as the Python package hands it over), read from
 * the page `onag site` writes for it: the board's cells and the sides (`sides`). */
const loopyInfo = (name) => {
  const dir = mkdtempSync(join(tmpdir(), 'onag-loopy-widget-'));
  try {
    execFileSync(binary(), ['site', '--out', dir], { stdio: 'ignore' });
    const html = readFileSync(join(dir, `${name}.html`), 'utf8');
    const data = /<script[^>]*id="game-page"[^>]*>([^<]*)<\/script>/.exec(html);
    assert.ok(data, `the page of ${name} has its data`);
    const info = JSON.parse(data[1]);
    assert.ok(Array.isArray(info.sides) && info.sides.length === 2, `the page of ${name} names its sides`);
    return { ...info, loopy: true };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

/** The command line's outcome of a loopy position: {left_first, right_first} ('win'/'draw'/'loss'). */
const outcome = (game, pos) => JSON.parse(execFileSync(binary(), ['loopy', game, pos, '--json'], { encoding: 'utf8' })).outcome;

/** The mover's result of a move to `after`: the opponent moves first there. */
const resultFor = (game, mover, after) => {
  const o = outcome(game, after)[mover === 'left' ? 'right_first' : 'left_first'];
  return { win: 'loss', loss: 'win', draw: 'draw' }[o];
};
const MARK = { win: '✓', draw: '=', loss: '✗' };

const mount = async (id, attrs) => {
  await page.evaluate(([a, i]) => window.mountWidget(a, i), [attrs, id]);
  await settled(page, id);
};
const model = (id, key) => page.evaluate(([i, k]) => window.models[i].get(k), [id, key]);
const markAt = (id, key) => page.evaluate(([i, k]) => {
  const root = document.getElementById(i).shadowRoot;
  const cell = root.querySelector(`[data-key="${k}"]`);
  for (const r of ['win', 'draw', 'lose']) if (cell.classList.contains(r)) return { win: '✓', draw: '=', lose: '✗' }[r];
  return null;
}, [id, key]);

/** Fox and Geese on 4 × 4 (geese move diagonally towards row 1): the geese's moves by hand. */
const START = 'F.../..../..../.G.G';
const GOOSE_MOVES = { '3,1': { '2,0': 'F.../..../G.../...G', '2,2': 'F.../..../..G./...G' }, '3,3': { '2,2': 'F.../..../..G./.G..' } };

test('the Fox and Geese widget: pieces, ✓/✗ for the mover, a move by taps, undo, the model', async () => {
  const info = loopyInfo('fox-and-geese');
  const id = 'w-fox';
  await mount(id, { game: 'fox-and-geese', page: info, position: START, to_move: 'left' });
  assert.deepEqual(page.errors, []);
  assert.equal(await page.locator(`#${id} svg.gameboard .piece.goose`).count(), 2);
  assert.equal(await page.locator(`#${id} svg.gameboard .piece.fox`).count(), 1);
  // 4 × 4 from the start is `over` (onag loopy): the widget shows the command line's value.
  assert.equal(await page.locator(`#${id} .kv .value`).textContent(), 'over');

  // Each goose is marked with its best move's result, each target (once selected) with its own.
  const best = (rs) => (rs.includes('win') ? 'win' : rs.includes('draw') ? 'draw' : 'loss');
  for (const [from, targets] of Object.entries(GOOSE_MOVES)) {
    const results = Object.fromEntries(Object.entries(targets).map(([to, after]) => [to, resultFor('fox-and-geese', 'left', after)]));
    assert.equal(await markAt(id, from), MARK[best(Object.values(results))], `the goose at ${from}`);
    await page.locator(`#${id} [data-key="${from}"]`).click();
    for (const [to, r] of Object.entries(results)) assert.equal(await markAt(id, to), MARK[r], `${from} → ${to}`);
    await page.locator(`#${id} [data-key="${from}"]`).click(); // deselect
  }
  const shownMarks = await page.locator(`#${id} svg.gameboard text.mark`).allTextContents();
  assert.ok(shownMarks.length > 0 && shownMarks.every((m) => ['✓', '=', '✗'].includes(m)));

  // A goose's move by two taps: the model's position and side to move follow.
  await page.locator(`#${id} [data-key="3,1"]`).click();
  await page.locator(`#${id} [data-key="2,0"]`).click();
  await settled(page, id);
  assert.equal(await model(id, 'position'), GOOSE_MOVES['3,1']['2,0']);
  assert.equal(await model(id, 'to_move'), 'right');
  // Every fox move now: its mark is the command line's result for the fox.
  const foxRows = page.locator(`#${id} table.moves tr[data-label]`);
  assert.ok(await foxRows.count() > 0);

  // Undo: the start again, in the model too.
  await page.locator(`#${id} button.undo`).click();
  await settled(page, id);
  assert.equal(await model(id, 'position'), START);
  assert.equal(await model(id, 'to_move'), 'left');

  // From the keyboard: Enter on the goose at (3, 3), up and left to (2, 2), Enter.
  await page.locator(`#${id} [data-key="3,3"]`).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  await settled(page, id);
  assert.equal(await model(id, 'position'), GOOSE_MOVES['3,3']['2,2']);

  // "Python" sets a position: the board follows.
  const set = GOOSE_MOVES['3,1']['2,2'];
  await page.evaluate(([i, p]) => window.models[i].set('position', p), [id, set]);
  await settled(page, id);
  assert.equal(await page.locator(`#${id} .kv .value`).textContent(), JSON.parse(execFileSync(binary(), ['loopy', 'fox-and-geese', set, '--json'], { encoding: 'utf8' })).value);
  assert.equal(await page.locator(`#${id} svg.gameboard .piece.goose`).count(), 2);
  assert.deepEqual(page.errors, []);
});

test('the Backsliding Toads and Frogs widget: a draw whoever starts shows = marks; the engine moves', async () => {
  const info = loopyInfo('backsliding-toads');
  const id = 'w-toads';
  const pos = 'FF..TT';
  assert.equal(outcome('backsliding-toads', pos).right_first, 'draw');
  await mount(id, { game: 'backsliding-toads', page: info, position: pos, to_move: 'right' });
  const marks = await page.locator(`#${id} svg.gameboard text.mark`).allTextContents();
  assert.ok(marks.includes('='), `marks: ${marks}`);
  assert.ok(!marks.includes('✓'), 'no move wins a draw whoever starts');
  await page.locator(`#${id} button.computer`).click();
  await settled(page, id);
  assert.equal(await model(id, 'to_move'), 'left');
  assert.notEqual(await model(id, 'position'), pos);
  assert.equal(resultFor('backsliding-toads', 'right', await model(id, 'position')), 'draw', 'the engine keeps the draw');
  assert.deepEqual(page.errors, []);
});
