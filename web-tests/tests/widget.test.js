// The notebook widget (crates/onag-cli/web/widget.js, the module onag.widgets hands anywidget),
// mounted the way anywidget mounts it, for every registered game and a heap game: it draws the
// position, plays a move for the side to move (the model's position follows, the value shown is
// the command line's value of the new position), undoes, takes a position set on the model
// ("from Python"), and edits the board.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser, openPage } from './harness.js';
import { startHost, registry, cliShown, settled } from './widget-host.js';

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

const mount = async (id, attrs) => {
  await page.evaluate(([a, i]) => window.mountWidget(a, i), [attrs, id]);
  await settled(page, id);
};
const model = (id, key) => page.evaluate(([i, k]) => window.models[i].get(k), [id, key]);
const shown = (id, cls) => page.locator(`#${id} .kv .${cls}`).textContent();

for (const info of registry()) {
  test(`the widget of ${info.name}: plays a move, undoes, follows the model`, async () => {
    const id = `w-${info.name}`;
    await mount(id, { game: info.name, page: info.page, position: info.example, to_move: 'left' });
    assert.deepEqual(page.errors, []);
    const start = await model(id, 'position');
    assert.equal(await shown(id, 'value'), cliShown(info.name, info.example));
    assert.ok(await page.locator(`#${id} svg.gameboard [data-key]`).count() > 0, 'the board is drawn');

    // A move for the side to move, from the table of every move (each with its value and ✓/✗).
    const rows = page.locator(`#${id} table.moves tr[data-label]`);
    assert.ok(await rows.count() > 0, 'the example has moves');
    const label = await rows.first().getAttribute('data-label');
    await rows.first().locator('button').click();
    await settled(page, id);
    const after1 = await model(id, 'position');
    assert.notEqual(after1, start, `${label} changed the model's position`);
    assert.equal(await model(id, 'to_move'), 'right');
    assert.equal(await shown(id, 'value'), cliShown(info.name, after1));

    // Undo: the first position again, in the model too.
    await page.locator(`#${id} button.undo`).click();
    await settled(page, id);
    assert.equal(await model(id, 'position'), start);
    assert.equal(await model(id, 'to_move'), 'left');

    // "Python" sets the position: the board and the value follow.
    const next = after1;
    await page.evaluate(([i, p]) => window.models[i].set('position', p), [id, next]);
    await settled(page, id);
    assert.equal(await page.locator(`#${id} input.notation`).inputValue(), next);
    assert.equal(await shown(id, 'value'), cliShown(info.name, next));
    assert.deepEqual(page.errors, []);
  });
}

test('the Domineering widget: a domino placed by tapping two cells, then the board edited', async () => {
  const id = 'w-dom-taps';
  const dom = registry().find((g) => g.name === 'domineering');
  await mount(id, { game: 'domineering', page: dom.page, position: '...|...', to_move: 'left' });
  // Left places vertical dominoes: the only one from the top left cell goes down, so one tap plays it.
  await page.locator(`#${id} [data-key="0,0"]`).click();
  await settled(page, id);
  assert.equal(await model(id, 'position'), '#..|#..');
  assert.equal(await shown(id, 'value'), cliShown('domineering', '#..|#..'));
  // Right to move now; the engine's move for Right.
  await page.locator(`#${id} button.computer`).click();
  await settled(page, id);
  assert.equal(await model(id, 'to_move'), 'left');
  assert.notEqual(await model(id, 'position'), '#..|#..');
  // Editing: a tap cycles an empty cell to a filled one.
  await page.locator(`#${id} input.edit`).check();
  await page.evaluate((i) => window.models[i].set('position', '...|...'), id);
  await settled(page, id);
  await page.locator(`#${id} [data-key="1,2"]`).click();
  await settled(page, id);
  assert.equal(await model(id, 'position'), '...|..#');
  assert.equal(await shown(id, 'value'), cliShown('domineering', '...|..#'));
  assert.deepEqual(page.errors, []);
});

test('the heap-game widget: Dawson’s chess heaps, a move, an edited heap', async () => {
  const id = 'w-heaps';
  await mount(id, { game: '0.137', page: { board: 'heaps' }, position: '3 4', to_move: 'left' });
  assert.equal(await shown(id, 'value'), '*2'); // G(3) = 2, G(4) = 0 (Winning Ways, ch. 4: Dawson's chess)
  const rows = page.locator(`#${id} table.moves tr[data-label]`);
  assert.equal(await rows.count(), 4);
  // The winning move takes heap 1 away: nim-sum 0.
  await page.locator(`#${id} table.moves tr.win button`).click();
  await settled(page, id);
  assert.equal(await model(id, 'position'), '4');
  assert.equal(await shown(id, 'value'), '0');
  await page.locator(`#${id} input.edit`).check();
  await page.locator(`#${id} [data-key="add:0"]`).click(); // heap of 5: G(5) = 3
  await settled(page, id);
  assert.equal(await model(id, 'position'), '5');
  assert.equal(await shown(id, 'value'), '*3');
  assert.deepEqual(page.errors, []);
});

test('the Hackenbush widget: the pages’ picture, an edge cut by a tap, an edge drawn', async () => {
  const id = 'w-hackenbush-taps';
  const info = registry().find((g) => g.name === 'hackenbush');
  // Blue, blue, red from the ground up: 3/2 (Winning Ways, ch. 2: a string's sign expansion).
  await mount(id, { game: 'hackenbush', page: info.page, position: '0-1:b 1-2:b 2-3:r', to_move: 'left' });
  assert.equal(await shown(id, 'value'), '3/2');
  assert.equal(await page.locator(`#${id} svg.gameboard .edge`).count(), 3);
  // Left cuts the second blue edge: the red one above it falls. (A vertical edge has a box of
  // no width, which Playwright takes for hidden: the click is dispatched, as the page's tests do.)
  await page.locator(`#${id} [data-key="e:1"]`).dispatchEvent('click');
  await settled(page, id);
  assert.equal(await model(id, 'position'), '0-1:b');
  assert.equal(await shown(id, 'value'), '1');
  assert.equal(await page.locator(`#${id} svg.gameboard .edge`).count(), 1);
  // Drawing: a red edge from a free point of the ground up; blue + red = 0.
  await page.locator(`#${id} input.edit`).check();
  await page.locator(`#${id} select.pen`).selectOption('r');
  await page.locator(`#${id} [data-key="p:3,0"]`).click();
  await page.locator(`#${id} [data-key="p:3,1"]`).click();
  await settled(page, id);
  assert.equal(await model(id, 'position'), '0-1:b 0-2:r');
  assert.equal(await shown(id, 'value'), cliShown('hackenbush', '0-1:b 0-2:r'));
  assert.deepEqual(page.errors, []);
});

test('the Turning Corners and Wythoff widgets: a coin and a queen moved by taps on their boards', async () => {
  const all = registry();
  const corners = all.find((g) => g.name === 'turning-corners');
  await mount('w-coins', { game: 'turning-corners', page: corners.page, position: '3x3:2,3 3,3', to_move: 'left' });
  // The heads coin in row 2, column 3, then the far corner of its rectangle (row 1, column 1).
  await page.locator('#w-coins [data-key="1,2"]').click();
  await page.locator('#w-coins [data-key="0,0"]').click();
  await settled(page, 'w-coins');
  assert.equal(await model('w-coins', 'position'), '3x3:1,1 1,3 2,1 3,3');
  assert.equal(await shown('w-coins', 'value'), cliShown('turning-corners', '3x3:1,1 1,3 2,1 3,3'));
  const wythoff = all.find((g) => g.name === 'wythoff');
  await mount('w-queens', { game: 'wythoff', page: wythoff.page, position: '4:1,2 0,1', to_move: 'left' });
  // The queen at (1, 2) (row 1 from the top of a side-4 board), then (0, 1): down-left.
  await page.locator('#w-queens [data-key="1,1"]').click();
  await page.locator('#w-queens [data-key="2,0"]').click();
  await settled(page, 'w-queens');
  assert.equal(await model('w-queens', 'position'), '4:0,1 0,1');
  assert.equal(await shown('w-queens', 'value'), cliShown('wythoff', '4:0,1 0,1'));
  assert.deepEqual(page.errors, []);
});

test('the widget plays from the keyboard inside its shadow root (Tab into the board, arrows, Enter)', async () => {
  const dom = registry().find((g) => g.name === 'domineering');
  await mount('w-keys', { game: 'domineering', page: dom.page, position: '..|..', to_move: 'left' });
  await page.locator('#w-keys [data-key="0,0"]').focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter'); // Left's only domino from the top right cell: down
  await settled(page, 'w-keys');
  assert.equal(await model('w-keys', 'position'), '.#|.#');
});
