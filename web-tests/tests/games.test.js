// The pages of the registered games (the grid page: Domineering, Cram, Snort, Col, Clobber,
// Konane, Cutcake's cake; and Hackenbush), in both delivery modes (onag serve, and the static
// site with no onag process): a full game against the computer played by clicking the drawn
// board, ✓/✗ checked against an independent brute-force search (Domineering, Clobber) and
// against the API, bad permalinks, keyboard play, the board above the fold on a desktop and a
// phone, and the editors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MODES, openPage, screenshot, setUp } from './harness.js';

const env = setUp();

// Each page with a starting position small enough for a quick game.
const GAMES = [
  ['domineering', '...|...|...'],
  ['cram', '...|...|..#'],
  ['snort', '...|...'],
  ['col', '...|...'],
  ['clobber', 'xox|oxo'],
  ['konane', 'xoxo|o.ox|xoxo|oxo.'],
  ['cutcake', '3x2 + 2x2'],
  ['hackenbush', '1,0 1,1 1,2 3,0 3,1 2,2 4,2;0-1:b 1-2:r 3-4:g 4-5:b 4-6:r'],
];

const statusText = (page) => page.locator('#status').textContent();
const yourMoveOrOver = (page) => page.waitForFunction(() => {
  const s = document.querySelector('#status');
  return s.dataset.winner !== undefined || /Your move/.test(s.textContent);
}, null, { timeout: 30000 });
const plies = (page) => page.locator('#history li').count();

/** Clicks the board element `key` where a person would: an edge at its middle, else the centre. */
async function tap(page, key) {
  const point = await page.evaluate((k) => {
    const node = document.querySelector(`#board [data-key="${k}"]`);
    node.scrollIntoView({ block: 'center', inline: 'center' });
    const path = node.querySelector('path.stroke');
    if (path) {
      const p = path.getPointAtLength(path.getTotalLength() / 2);
      const m = path.getScreenCTM();
      return { x: m.a * p.x + m.c * p.y + m.e, y: m.b * p.x + m.d * p.y + m.f };
    }
    const r = node.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  }, key);
  await page.mouse.click(point.x, point.y);
}

/** The key of a target on the board: a winning one if `winning` and there is one. */
const pickTarget = (page, winning) => page.evaluate((w) => {
  const targets = [...document.querySelectorAll('#board [data-key].target')];
  const wins = (t) => /, winning|ends .* \(winning|\(([1-9]\d*) winning\)/.test(t.getAttribute('aria-label') || '');
  const chosen = (w && targets.find(wins)) || targets[0];
  return chosen ? chosen.dataset.key : null;
}, winning);

/** Plays the human's moves by clicking the board until the game ends; returns the winner. */
async function playToTheEnd(page, { winning = true } = {}) {
  for (let turn = 0; turn < 80; turn++) {
    await yourMoveOrOver(page);
    if (await page.locator('#status[data-winner]').count()) break;
    const before = await plies(page);
    const key = await pickTarget(page, winning);
    assert.ok(key, `a target to tap (${await statusText(page)})`);
    await tap(page, key);
    // A two-cell move: the first tap selects, the second (a marked cell) plays.
    if (await page.locator('#board .selected').count()) {
      const end = await page.evaluate((w) => {
        const ends = [...document.querySelectorAll('#board [data-key].target')].filter((t) => / ends /.test(t.getAttribute('aria-label')));
        const c = (w && ends.find((t) => /\(winning/.test(t.getAttribute('aria-label')))) || ends[0];
        return c ? c.dataset.key : null;
      }, winning);
      assert.ok(end, 'the selected cell shows where its moves end');
      await tap(page, end);
    }
    await page.waitForFunction((n) => document.querySelectorAll('#history li').length > n, before, { timeout: 15000 });
  }
  return page.locator('#status').getAttribute('data-winner');
}

for (const mode of MODES) {
  const url = (name, query = '') => `${mode.page(env.servers[mode.name].url, name)}${query}`;

  for (const [name, pos] of GAMES) {
    test(`${mode.name}: ${name}: a full game against the computer, played on the drawn board`, async () => {
      const page = await openPage(env.browser.context, url(name, `?pos=${encodeURIComponent(pos)}&you=first`));
      await yourMoveOrOver(page);
      assert.ok(await page.locator('#board [data-key].target').count() > 0, 'the board has moves to tap');
      assert.match(await page.locator('#value').textContent(), /\S/);
      assert.equal(await page.locator('#thermo svg').count(), 1, 'a thermograph is drawn');
      const winner = await playToTheEnd(page);
      assert.ok(winner === '0' || winner === '1', `a winner is declared (${winner})`);
      const history = await page.locator('#history').textContent();
      assert.match(history, /you/);
      assert.match(history, /computer/, 'the computer moved');
      // Undo goes back to a position where it is your move; Redo returns.
      await page.click('#undo');
      await yourMoveOrOver(page);
      assert.equal(await page.locator('#status[data-winner]').count(), 0);
      await page.click('#redo');
      await page.waitForFunction(() => document.querySelector('#status').dataset.winner !== undefined);
      const body = await page.locator('body').innerText();
      assert.doesNotMatch(body, /\bnull\b|\bundefined\b|NaN/, 'no null/undefined/NaN text');
      await screenshot(page, `game-${name}-${mode.name}`);
      assert.deepEqual(page.errors, []);
      assert.deepEqual(page.apiRequests, [], 'the page computes in its worker, not on a server');
      await page.close();
    });
  }

  test(`${mode.name}: ✓/✗ on Domineering and Clobber agree with a brute-force search of the page's own`, async () => {
    const cases = [
      ['domineering', '...|...|...', 'left'],
      ['domineering', '....|.#..|...#', 'left'],
      ['domineering', '....|....|..##', 'right'],
      ['clobber', 'xox|oxo', 'left'],
      ['clobber', 'xoxo|ox.x', 'right'],
    ];
    for (const [name, pos, player] of cases) {
      const page = await openPage(env.browser.context, url(name, `?pos=${encodeURIComponent(pos)}&you=both&move=${player === 'left' ? 0 : 1}`));
      await yourMoveOrOver(page);
      const rows = await page.evaluate(() => [...document.querySelectorAll('#moves tr[data-label]')].map((r) => [r.dataset.label, r.classList.contains('win')]));
      assert.ok(rows.length > 0);
      for (const [label, shown] of rows) {
        const after = (name === 'domineering' ? playDomineering : playClobber)(pos, label, player);
        const expected = !wins(name, after, player === 'left' ? 'right' : 'left');
        assert.equal(shown, expected, `${name} ${pos}: ${player} ${label} is ${expected ? '✓' : '✗'}`);
      }
      // The marks on the board say the same: a cell is ✓ when a move it starts wins.
      const anchors = await page.evaluate(() => [...document.querySelectorAll('#board .cell.target')].map((c) => c.getAttribute('aria-label')));
      const winsShown = anchors.filter((l) => /\(([1-9]\d*) winning\)/.test(l)).length;
      assert.equal(winsShown > 0, rows.some(([, w]) => w), `${name} ${pos}: board marks match the table`);
      assert.deepEqual(page.errors, []);
      await page.close();
    }
  });

  test(`${mode.name}: ✓/✗ cells are shaded by the remoteness of their move (quick win strong, slow loss pale)`, async () => {
    const page = await openPage(env.browser.context, url('domineering', `?pos=${encodeURIComponent('...|...|...')}&you=both&move=0`));
    await yourMoveOrOver(page);
    // the moves table: each move's remoteness after it (k)
    const k = new Map(await page.evaluate(() => [...document.querySelectorAll('#moves tr[data-label]')]
      .map((r) => [r.dataset.label, Number(r.querySelectorAll('td')[3].textContent)])));
    assert.ok(k.size > 0 && [...k.values()].every((x) => Number.isInteger(x)), JSON.stringify([...k]));
    const slowest = Math.max(...k.values());
    const expected = (r) => Math.round(Math.max(0.2, 1 - r / (slowest + 2)) * 100);
    let checked = 0;
    for (const start of ['1,0', '1,1']) { // cells that start two moves: a tap selects
      await tap(page, start);
      await page.waitForSelector('#board .cell.selected', { state: 'attached' });
      const ends = await page.evaluate(() => [...document.querySelectorAll('#board .cell.target')]
        .filter((c) => / ends /.test(c.getAttribute('aria-label')))
        .map((c) => [c.getAttribute('aria-label'), c.dataset.shade, c.style.getPropertyValue('--shade'), c.classList.contains('win')]));
      assert.ok(ends.length > 0);
      for (const [label, shade, css, win] of ends) {
        const m = / ends (.+?) \((winning|losing), value after/.exec(label);
        assert.ok(m && k.has(m[1]), label);
        assert.equal(Number(shade), expected(k.get(m[1])), label);
        assert.equal(css, `${shade}%`);
        assert.equal(win, m[2] === 'winning');
        checked += 1;
      }
      await page.keyboard.press('Escape');
    }
    // the ✓/✗ marks stay beside the shading
    assert.ok(await page.locator('#board .marks .mark').count() > 0);
    assert.ok(checked >= 2, `${checked} end cells checked`);
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test(`${mode.name}: Cutcake's cuts and Hackenbush's edges are shaded by the remoteness of their move`, async () => {
    for (const [name, pos, sel] of [['cutcake', '3x2 + 2x2', '#board .cut.target'], ['hackenbush', GAMES.find(([n]) => n === 'hackenbush')[1], '#board .edge.target']]) {
      const page = await openPage(env.browser.context, url(name, `?pos=${encodeURIComponent(pos)}&you=both`));
      await yourMoveOrOver(page);
      const k = new Map(await page.evaluate(() => [...document.querySelectorAll('#moves tr[data-label]')]
        .map((r) => [r.dataset.label, Number(r.querySelectorAll('td')[3].textContent)])));
      assert.ok(k.size > 0 && [...k.values()].every((x) => Number.isInteger(x)), `${name}: ${JSON.stringify([...k])}`);
      const slowest = Math.max(...k.values());
      const expected = (r) => Math.round(Math.max(0.2, 1 - r / (slowest + 2)) * 100);
      const targets = await page.evaluate((s) => [...document.querySelectorAll(s)].map((t) => [
        t.querySelector('title').textContent.split(': value after')[0], t.dataset.shade, t.style.getPropertyValue('--shade'),
        t.classList.contains('win'), / winning/.test(t.getAttribute('aria-label'))]), sel);
      assert.ok(targets.length > 0, name);
      for (const [label, shade, css, win, winning] of targets) {
        assert.ok(k.has(label), `${name}: ${label} in the moves table`);
        assert.equal(Number(shade), expected(k.get(label)), `${name}: ${label}`);
        assert.equal(css, `${shade}%`);
        assert.equal(win, winning, `${name}: ${label} ✓/✗ class`);
      }
      // the shades differ where the remoteness does: a quick win is stronger than a slow loss
      assert.ok(await page.locator(`${sel} ~ .mark, #board .mark`).count() > 0, `${name}: ✓/✗ marks kept`);
      assert.deepEqual(page.errors, []);
      await page.close();
    }
  });

  test(`${mode.name}: bad permalinks show a banner at the top, start a game, and print no null`, async () => {
    const links = [
      ['domineering', '?pos=..%7C.x', /not valid/],
      ['domineering', '?pos=...%7C..', /not valid/],
      ['cutcake', '?pos=3y2', /not valid/],
      ['hackenbush', '?pos=1%2C1%3B0-5%3Ab', /not valid/],
      ['hackenbush', '?pos=nonsense', /not valid/],
    ];
    for (const [name, query, message] of links) {
      const page = await openPage(env.browser.context, url(name, query));
      await page.waitForFunction(() => document.querySelector('#error').textContent.trim() !== '');
      await yourMoveOrOver(page);
      const banner = await page.locator('#error').boundingBox();
      assert.ok(banner && banner.y + banner.height < 400, `${name}${query}: the banner is at the top (${banner && banner.y})`);
      assert.match(await page.locator('#error').textContent(), message);
      const body = await page.locator('body').innerText();
      assert.doesNotMatch(body, /\bnull\b|\bundefined\b|NaN/, `${name}${query}: no null/undefined/NaN text`);
      assert.ok(await page.locator('#board [data-key].target').count() > 0, `${name}${query}: a game is ready`);
      assert.deepEqual(page.errors, []);
      await page.close();
    }
  });

  test(`${mode.name}: a position beyond the page's bound is refused in the banner and leaves no stale value`, async () => {
    const page = await openPage(env.browser.context, url('domineering', '?pos=...%7C...'));
    await yourMoveOrOver(page);
    await page.locator('details.notation summary').click();
    await page.fill('#text', `${'.'.repeat(13)}|${'.'.repeat(13)}`);
    await page.click('#editor button[type=submit]');
    await page.waitForFunction(() => /at most 12/.test(document.querySelector('#error').textContent));
    assert.equal(await page.locator('#board .cell').count(), 6, 'the previous board stays, playable');
    // Play on: the banner goes with the next move.
    await page.locator('#moves button').first().click();
    await page.waitForFunction(() => document.querySelector('#error').textContent === '');
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test(`${mode.name}: Stop ends a long analysis at once and leaves no stale value or thermograph`, async () => {
    const page = await openPage(env.browser.context, url('domineering', '?pos=..%7C..'));
    await yourMoveOrOver(page);
    assert.equal(await page.locator('#thermo svg').count(), 1);
    await page.locator('details.notation summary').click();
    await page.fill('#text', Array(8).fill('........').join('|'));
    await page.click('#editor button[type=submit]');
    await page.waitForFunction(() => document.querySelector('#status').dataset.busy === '1', null, { timeout: 10000 });
    assert.equal((await page.locator('#value').textContent()).trim(), '–', 'the old value is gone while the new board is analysed');
    assert.equal(await page.locator('#thermo svg').count(), 0, 'and so is the old thermograph');
    await page.click('#stop');
    await page.waitForFunction(() => /Stopped/.test(document.querySelector('#status').textContent), null, { timeout: 5000 });
    assert.equal(await page.locator('#board [data-key].target').count(), 0, 'nothing to play on an unanalysed board');
    // The engine starts again for the next board (the menu offers no 2 × 2: typed).
    await page.fill('#text', '..|..');
    await page.click('#editor button[type=submit]');
    await yourMoveOrOver(page);
    assert.equal((await page.locator('#value').textContent()).trim(), '±1');
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test(`${mode.name}: keyboard: skip link, one Tab into the board, arrows and Enter play, focus stays on the board`, async () => {
    const page = await openPage(env.browser.context, url('snort', '?pos=....%7C....&you=first'));
    await yourMoveOrOver(page);
    await page.keyboard.press('Tab'); // the skip link
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    assert.ok(await page.evaluate(() => document.querySelector('#board').contains(document.activeElement)), 'one Tab after the skip link reaches the board');
    await page.keyboard.press('ArrowRight');
    const key = await page.evaluate(() => document.activeElement.dataset.key);
    assert.equal(key, '0,1');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelectorAll('#history li').length >= 3, null, { timeout: 15000 });
    await yourMoveOrOver(page);
    assert.ok(await page.evaluate(() => document.querySelector('#board').contains(document.activeElement)), 'focus is still on the board after the computer moved');
    assert.match(await page.locator('#history').textContent(), /\(1,2\)/, 'the move played was the focused cell');
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test(`${mode.name}: the board is above the fold with cells of at least 32 px at 1280×800 and 390×844`, async () => {
    for (const [name, pos] of [['domineering', '......|......|......|......|......|......'], ['clobber', 'xoxox|oxoxo|xoxox|oxoxo'], ['hackenbush', ''], ['cutcake', '5x3 + 2x6']]) {
      const page = await openPage(env.browser.context, url(name, pos ? `?pos=${encodeURIComponent(pos)}` : ''));
      for (const [width, height] of [[1280, 800], [390, 844]]) {
        await page.setViewportSize({ width, height });
        await page.waitForTimeout(300);
        await page.waitForFunction(() => document.querySelectorAll('#board [data-key]').length > 0, null, { timeout: 30000 });
        const m = await page.evaluate(() => {
          const board = document.querySelector('#board').getBoundingClientRect();
          return {
            bottom: board.bottom, right: board.right, cell: Number(document.querySelector('#board').dataset.cell),
            overflow: document.documentElement.scrollWidth - window.innerWidth,
          };
        });
        assert.ok(m.bottom <= height, `${name} at ${width}: the board ends above the fold (${m.bottom} > ${height})`);
        assert.ok(m.cell >= 32, `${name} at ${width}: cells are ${m.cell} px`);
        assert.ok(m.overflow <= 1, `${name} at ${width}: the page does not scroll sideways (${m.overflow})`);
        await screenshot(page, `game-${name}-${width}-${mode.name}`);
      }
      assert.deepEqual(page.errors, []);
      await page.close();
    }
  });

  test(`${mode.name}: Hackenbush: draw your own picture and play it`, async () => {
    const page = await openPage(env.browser.context, url('hackenbush'));
    await yourMoveOrOver(page);
    await page.check('#edit');
    await page.click('#clear');
    await page.waitForFunction(() => document.querySelectorAll('#board .edge').length === 0);
    // A blue edge from the ground to (1, 1), then a red one on top of it: blue, red = 1/2.
    for (const [colour, from, to] of [['b', '1,0', '1,1'], ['r', '1,1', '1,2']]) {
      await page.check(`input[name=pen][value=${colour}]`);
      await tap(page, `p:${from}`);
      await tap(page, `p:${to}`);
    }
    await page.waitForFunction(() => document.querySelectorAll('#board .edge').length === 2);
    await page.uncheck('#edit');
    await page.waitForFunction(() => document.querySelector('#value').textContent.trim() === '1/2', null, { timeout: 15000 });
    assert.match(await page.locator('#text').inputValue(), /^0-1:b 1-2:r$/);
    // Erase: back to one blue edge, worth 1.
    await page.check('#edit');
    await page.check('input[name=pen][value=erase]');
    await page.waitForFunction(() => document.querySelectorAll('#board .edge.target').length === 2);
    await tap(page, 'e:1');
    await page.uncheck('#edit');
    await page.waitForFunction(() => document.querySelector('#value').textContent.trim() === '1', null, { timeout: 15000 });
    await playToTheEnd(page);
    assert.equal(await page.locator('#status').getAttribute('data-winner'), '0', 'Blue cuts the only edge and wins');
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test(`${mode.name}: the grid editor changes cells and the size`, async () => {
    const page = await openPage(env.browser.context, url('domineering', '?pos=..%7C..'));
    await yourMoveOrOver(page);
    assert.equal((await page.locator('#value').textContent()).trim(), '±1');
    await page.check('#edit');
    await tap(page, '0,0'); // filled: the L-tromino
    await page.waitForFunction(() => document.querySelector('#text').value === '#.|..');
    await page.fill('#cols', '1');
    await page.dispatchEvent('#cols', 'change');
    await page.waitForFunction(() => document.querySelector('#text').value === '#|.');
    await page.uncheck('#edit');
    await page.waitForFunction(() => document.querySelector('#value').textContent.trim() === '0');
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}

test('served: the moves and their ✓/✗ on every page are the API\'s', async () => {
  const base = env.servers.served.url;
  for (const [name, pos] of GAMES) {
    if (name === 'hackenbush') continue; // the page's own picture notation (checked below)
    const page = await openPage(env.browser.context, `${base}/${name}?pos=${encodeURIComponent(pos)}&you=both`);
    await yourMoveOrOver(page);
    const shown = await page.evaluate(() => [...document.querySelectorAll('#moves tr[data-label]')].map((r) => r.classList.contains('win')));
    const api = await (await fetch(`${base}/api/game/analyze`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ game: name, position: pos }) })).json();
    const left = api.moves.filter((m) => m.player === 'left' || m.player === null).map((m) => m.winning);
    assert.deepEqual(shown, left, `${name} ${pos}: the page's ✓/✗ are the API's`);
    await page.close();
  }
  const page = await openPage(env.browser.context, `${base}/hackenbush?pos=${encodeURIComponent(GAMES.at(-1)[1])}&you=both`);
  await yourMoveOrOver(page);
  const text = await page.locator('#text').inputValue();
  const api = await (await fetch(`${base}/api/game/analyze`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ game: 'hackenbush', position: text }) })).json();
  assert.equal((await page.locator('#value').textContent()).trim(), api.value);
  const shown = await page.evaluate(() => [...document.querySelectorAll('#moves tr[data-label]')].map((r) => r.classList.contains('win')));
  assert.deepEqual(shown, api.moves.filter((m) => m.player === 'left').map((m) => m.winning));
  await page.close();
});

// ---- an independent brute-force search (who wins, by trying every move) ----------------------

const grid = (text) => text.split('|').map((r) => [...r]);
const text = (g) => g.map((r) => r.join('')).join('|');
const cellsOf = (label) => [...label.matchAll(/\((\d+),(\d+)\)/g)].map(([, r, c]) => [Number(r) - 1, Number(c) - 1]);

function playDomineering(pos, label) {
  const g = grid(pos);
  for (const [r, c] of cellsOf(label)) g[r][c] = '#';
  return text(g);
}

function playClobber(pos, label, player) {
  const g = grid(pos);
  const mine = player === 'left' ? 'x' : 'o';
  const [a, b] = cellsOf(label);
  const [from, to] = g[a[0]][a[1]] === mine ? [a, b] : [b, a];
  g[from[0]][from[1]] = '.';
  g[to[0]][to[1]] = mine;
  return text(g);
}

function moves(name, pos, player) {
  const g = grid(pos);
  const out = [];
  for (let r = 0; r < g.length; r++) {
    for (let c = 0; c < g[0].length; c++) {
      if (name === 'domineering') {
        const [dr, dc] = player === 'left' ? [1, 0] : [0, 1];
        if (g[r][c] === '.' && g[r + dr] && g[r + dr][c + dc] === '.') {
          const h = g.map((row) => [...row]);
          h[r][c] = '#'; h[r + dr][c + dc] = '#';
          out.push(text(h));
        }
      } else {
        const [mine, theirs] = player === 'left' ? ['x', 'o'] : ['o', 'x'];
        if (g[r][c] !== mine) continue;
        for (const [dr, dc] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
          if (g[r + dr] && g[r + dr][c + dc] === theirs) {
            const h = g.map((row) => [...row]);
            h[r][c] = '.'; h[r + dr][c + dc] = mine;
            out.push(text(h));
          }
        }
      }
    }
  }
  return out;
}

const memo = new Map();
/** Whether `player`, to move in `pos`, wins (normal play: who cannot move loses). */
function wins(name, pos, player) {
  const key = `${name}:${pos}:${player}`;
  if (!memo.has(key)) {
    const other = player === 'left' ? 'right' : 'left';
    memo.set(key, moves(name, pos, player).some((after) => !wins(name, after, other)));
  }
  return memo.get(key);
}
