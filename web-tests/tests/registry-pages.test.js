// The generated pages of the registered games, drawn from the registry's page data alone, in
// both delivery modes (onag serve, and the static site with no onag process): every board a
// page's menu offers starts and analyses; the graph page draws the graph the engine analyses
// (every vertex at a point of its own, no edge through another vertex); Stop works for an
// analysis started by the size boxes; switching sides mid-game never makes the computer play
// your move nor count the game; hints off hides every spoiler; page files served by name.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MODES, openPage, setUp } from './harness.js';

const env = setUp();

const settled = (page) => page.waitForFunction(() => {
  const s = document.querySelector('#status');
  return s.dataset.winner !== undefined || /Your move|press “Computer, move”/.test(s.textContent);
}, null, { timeout: 60000 });
const plies = (page) => page.locator('#history li').count();

/** The game page data every generated page carries (the registry's `page`). */
const pageData = (page) => page.evaluate(() => JSON.parse(document.getElementById('game-page').textContent));

/** The generated game pages: the index's cards whose page has page data. */
async function generatedGames(context, url) {
  const page = await openPage(context, url);
  const names = await page.evaluate(() => [...document.querySelectorAll('a.card[data-game]')].map((a) => a.dataset.game));
  await page.close();
  return names;
}

/** The drawn graph: vertex dots and edge end points, in SVG units. */
const drawnGraph = (page) => page.evaluate(() => {
  const dots = [...document.querySelectorAll('#board circle.vertex')].map((c) => [Number(c.getAttribute('cx')), Number(c.getAttribute('cy'))]);
  const edges = [...document.querySelectorAll('#board .edge path.stroke')].map((p) => {
    const m = /^M([\d.-]+),([\d.-]+) Q([\d.-]+),([\d.-]+) ([\d.-]+),([\d.-]+)$/.exec(p.getAttribute('d'));
    return m.slice(1).map(Number);
  });
  return { dots, edges };
});

/** Whether point p lies on the straight segment a–b strictly between its ends. */
function inside([px, py], [ax, ay], [bx, by]) {
  const cross = (bx - ax) * (py - ay) - (by - ay) * (px - ax);
  if (Math.abs(cross) > 1e-6) return false;
  const near = (x, y) => Math.abs(x - px) < 1e-6 && Math.abs(y - py) < 1e-6;
  if (near(ax, ay) || near(bx, by)) return false;
  return Math.min(ax, bx) - 1e-6 <= px && px <= Math.max(ax, bx) + 1e-6 && Math.min(ay, by) - 1e-6 <= py && py <= Math.max(ay, by) + 1e-6;
}

function assertOneVertexAPoint(graph, what) {
  const keys = graph.dots.map(([x, y]) => `${x},${y}`);
  assert.equal(new Set(keys).size, keys.length, `${what}: two vertices drawn at one point (${keys.join(' ')})`);
  for (const [x1, y1, mx, my, x2, y2] of graph.edges) {
    // straight edges only (a bent edge is a second edge between the same two vertices)
    if (Math.abs((x1 + x2) / 2 - mx) > 1e-6 || Math.abs((y1 + y2) / 2 - my) > 1e-6) continue;
    for (const d of graph.dots) assert.ok(!inside(d, [x1, y1], [x2, y2]), `${what}: the edge (${x1},${y1})–(${x2},${y2}) runs through the vertex at (${d})`);
  }
}

for (const mode of MODES) {
  const base = () => env.servers[mode.name].url;
  const url = (name, query = '') => `${mode.page(base(), name)}${query}`;

  test(`${mode.name}: every generated page is drawn from its registry data, and every board its menu offers plays`, async () => {
    const games = await generatedGames(env.browser.context, url('index'));
    assert.ok(games.length >= 8, games.join(' '));
    for (const name of games) {
      const page = await openPage(env.browser.context, url(name, '?you=both'));
      const info = await pageData(page);
      assert.ok(info.board && Array.isArray(info.presets), `${name}: page data`);
      await settled(page);
      const options = await page.evaluate(() => [...document.querySelectorAll('#preset option')].map((o) => o.value).filter(Boolean));
      assert.ok(options.length >= info.presets.length, `${name}: the menu offers the registry's presets`);
      for (const p of info.presets) assert.ok(options.includes(p.position), `${name}: ${p.position} offered`);
      for (const value of options) {
        await page.selectOption('#preset', value);
        await settled(page);
        const error = (await page.locator('#error').textContent()).trim();
        assert.equal(error, '', `${name} ${value}: ${error}`);
        assert.ok(await page.locator('#board [data-key].target').count() > 0, `${name} ${value}: moves to tap`);
        assert.equal(await page.locator('#status[data-winner]').count(), 0, `${name} ${value}: not over at once`);
      }
      assert.deepEqual(page.errors, [], name);
      await page.close();
    }
  });

  test(`${mode.name}: the graph page draws each vertex at a point of its own, for the example, every preset and after every cut`, async () => {
    const page = await openPage(env.browser.context, url('hackenbush', '?you=both'));
    await settled(page);
    assertOneVertexAPoint(await drawnGraph(page), 'the example');
    // After each first cut from the example (the picture is the engine's graph after it).
    const cuts = await page.evaluate(() => [...document.querySelectorAll('#board .edge.target')].map((e) => e.dataset.key));
    assert.ok(cuts.length >= 5);
    for (const key of cuts) {
      await page.goto(url('hackenbush', '?you=both'));
      await settled(page);
      const before = await plies(page);
      await page.evaluate((k) => document.querySelector(`#board [data-key="${k}"]`).dispatchEvent(new MouseEvent('click', { bubbles: true })), key);
      await page.waitForFunction((n) => document.querySelectorAll('#history li').length > n, before);
      await settled(page);
      assertOneVertexAPoint(await drawnGraph(page), `after ${key}`);
      // the notation box holds the engine's notation of the picture, and the link the same
      const text = await page.inputValue('#text');
      assert.match(text, /^(0|(\d+-\d+:[brg])( \d+-\d+:[brg])*)$/, text);
      const link = new URL(await page.locator('#permalink').getAttribute('href'), page.url());
      assert.match(link.searchParams.get('pos'), /^(\d+-\d+:[brg])( \d+-\d+:[brg])*$/, 'the link in the engine notation');
      await page.goto(link.href);
      await settled(page);
      assert.equal(await page.inputValue('#text'), text, 'the link reopens the same picture');
    }
    const presets = (await pageData(page)).presets;
    for (const p of presets) {
      await page.selectOption('#preset', p.position);
      await settled(page);
      assertOneVertexAPoint(await drawnGraph(page), p.name);
    }
    // A picture in the engine's notation whose tree layout puts two vertices at one point.
    for (const pos of ['0-1:b 1-2:r 1-3:g 2-3:g 0-4:r 4-5:b 4-6:g', '0-1:b 1-2:b 1-3:r 1-4:g 0-5:r 5-6:b 5-7:g 5-8:r']) {
      await page.goto(url('hackenbush', `?you=both&pos=${encodeURIComponent(pos)}`));
      await settled(page);
      assertOneVertexAPoint(await drawnGraph(page), pos);
      assert.equal((await drawnGraph(page)).edges.length, pos.split(' ').length, `${pos}: every edge drawn`);
    }
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test(`${mode.name}: Stop is enabled for an analysis started by the size boxes`, async () => {
    const page = await openPage(env.browser.context, url('domineering', '?you=both'));
    await settled(page);
    // Record any moment the status offers Stop while the button is disabled.
    await page.evaluate(() => {
      window.stopWrong = 0;
      window.stopSeen = 0;
      const check = () => {
        if (/Stop cancels/.test(document.querySelector('#status').textContent)) {
          window.stopSeen += 1;
          if (document.querySelector('#stop').disabled) window.stopWrong += 1;
        }
      };
      new MutationObserver(check).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    // Two size changes in a row: the second analysis supersedes the first.
    await page.fill('#rows', '5');
    await page.dispatchEvent('#rows', 'change');
    await page.fill('#cols', '5');
    await page.dispatchEvent('#cols', 'change');
    await settled(page);
    await page.fill('#cols', '4');
    await page.dispatchEvent('#cols', 'change');
    await page.fill('#rows', '5');
    await page.dispatchEvent('#rows', 'change');
    await page.fill('#cols', '5');
    await page.dispatchEvent('#cols', 'change');
    await page.waitForTimeout(50);
    const during = await page.evaluate(() => [document.querySelector('#status').textContent, document.querySelector('#stop').disabled]);
    await settled(page);
    const [wrong, seen] = await page.evaluate(() => [window.stopWrong, window.stopSeen]);
    assert.equal(wrong, 0, `Stop was disabled during ${wrong} of ${seen} moments the status said “Stop cancels” (${during})`);
    assert.equal(await page.locator('#stop').isDisabled(), true, 'disabled once the analysis is done');
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test(`${mode.name}: switching sides mid-game: the computer waits, the game is not scored, the end is not re-announced`, async () => {
    const page = await openPage(env.browser.context, url('domineering', `?pos=${encodeURIComponent('....|....|....|....')}&you=first`));
    await settled(page);
    const score = await page.locator('#scorecard').textContent();
    // One move each, then it is your move with Blue again.
    await page.locator('#moves button').first().click();
    await page.waitForFunction(() => document.querySelectorAll('#history li').length === 3);
    await settled(page);
    assert.match(await page.locator('#status').textContent(), /Your move with Blue/);
    await page.selectOption('#human', 'second');
    await page.waitForTimeout(1200);
    assert.equal(await plies(page), 3, 'the computer did not play the move that was yours');
    assert.match(await page.locator('#status').textContent(), /You now play Red; the computer plays Blue/);
    await page.click('#computer-move');
    await page.waitForFunction(() => document.querySelectorAll('#history li').length > 3);
    // Play on (both sides by hand) to the end: no win or loss is announced or counted.
    await page.selectOption('#human', 'both');
    for (let i = 0; i < 20 && !(await page.locator('#status[data-winner]').count()); i++) {
      await settled(page);
      if (await page.locator('#status[data-winner]').count()) break;
      const n = await plies(page);
      await page.locator('#moves button').first().click();
      await page.waitForFunction((k) => document.querySelectorAll('#history li').length > k, n);
    }
    await settled(page);
    for (const who of ['first', 'second', 'first']) {
      await page.selectOption('#human', who);
      await page.waitForTimeout(300);
      const status = await page.locator('#status').textContent();
      assert.doesNotMatch(status, /you win|the computer wins/, status);
    }
    assert.equal(await page.locator('#scorecard').textContent(), score, 'the scorecard is unchanged');
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test(`${mode.name}: a permalink keeps the moves played and the undo history`, async () => {
    const page = await openPage(env.browser.context, url('clobber', `?pos=${encodeURIComponent('xoxo|oxox')}&you=both`));
    for (let i = 0; i < 3; i++) {
      await settled(page);
      const n = await plies(page);
      await page.locator('#moves button').last().click();
      await page.waitForFunction((k) => document.querySelectorAll('#history li').length > k, n);
    }
    await settled(page);
    await page.click('#undo');
    await settled(page);
    const history = await page.locator('#history').innerText();
    const board = await page.inputValue('#text');
    const link = new URL(await page.locator('#permalink').getAttribute('href'), page.url());
    await page.goto(link.href);
    await settled(page);
    assert.equal(await page.locator('#history').innerText(), history, 'the same moves');
    assert.equal(await page.inputValue('#text'), board, 'the same position on show');
    assert.equal(await page.locator('#redo').isDisabled(), false, 'redo still there');
    await page.click('#redo');
    await settled(page);
    assert.equal(await page.locator('#history li.current').count(), 1);
    assert.match(await page.locator('#history li.current').innerText(), /^3\./);
    // New game: back to the first position, no moves
    await page.click('#new-game');
    await settled(page);
    assert.equal(await plies(page), 1);
    assert.equal(await page.inputValue('#text'), 'xoxo|oxox');
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test(`${mode.name}: hints off is spoiler-free: no value, outcome, remoteness, count of winning moves or thermograph`, async () => {
    const page = await openPage(env.browser.context, url('domineering', `?pos=${encodeURIComponent('...|...|...')}&you=first&hints=0`));
    await settled(page);
    const status = await page.locator('#status').textContent();
    assert.doesNotMatch(status, /moves win/, status);
    assert.match(await page.locator('#value').textContent(), /hidden while hints are off/);
    for (const id of ['outcome', 'mean', 'temperature', 'stops', 'rcf']) assert.equal((await page.locator(`#${id}`).textContent()).trim(), '–', id);
    assert.equal((await page.locator('#remoteness').textContent()).trim(), '');
    assert.equal(await page.locator('#thermo svg').count(), 0);
    const labels = await page.evaluate(() => [...document.querySelectorAll('#board [aria-label], #board title')].map((n) => n.getAttribute('aria-label') || n.textContent).join(' | '));
    assert.doesNotMatch(labels, /winning|value after|✓|✗/, labels);
    // hints back on: all of it returns
    await page.check('#hints');
    await page.waitForFunction(() => document.querySelector('#thermo svg'));
    assert.match(await page.locator('#outcome').textContent(), /\S{2}/);
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test(`${mode.name}: remoteness and the computer's move in plain words`, async () => {
    // The computer plays Blue, who starts.
    const page = await openPage(env.browser.context, url('domineering', `?pos=${encodeURIComponent('...|...|...')}&you=second`));
    await settled(page);
    assert.match(await page.locator('#readout').textContent(), /^The computer \(Blue\) played /);
    // Blue (vertical dominoes) has no move on one row: remoteness 0.
    await page.goto(url('domineering', `?pos=${encodeURIComponent('...')}&you=first`));
    await settled(page);
    const r = await page.locator('#remoteness').textContent();
    assert.match(r, /^remoteness 0: the player to move has no move left/, r);
    assert.doesNotMatch(await page.locator('body').innerText(), /can no move left/);
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}

for (const mode of MODES) {
  const url = (name, query = '') => `${mode.page(env.servers[mode.name].url, name)}${query}`;

  test(`${mode.name}: Queens keeps its move set, size and formula in the URL`, async () => {
    const page = await openPage(env.browser.context, url('queens', `?moves=${encodeURIComponent('left,down,diag:1')}&size=32&formula=${encodeURIComponent('x ^ y')}`));
    await page.waitForFunction(() => /cells differ|matches all/.test(document.querySelector('#verdict').textContent));
    assert.equal(await page.inputValue('#moves'), 'left,down,diag:1');
    assert.equal(await page.inputValue('#size'), '32');
    assert.equal(await page.inputValue('#formula'), 'x ^ y');
    await page.fill('#formula', 'x + y');
    await page.locator('#form button[type=submit], #form button').first().click();
    await page.waitForFunction(() => new URLSearchParams(location.search).get('formula') === 'x + y');
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test(`${mode.name}: Toads after a bad link shows a board and the error; Nim's counters are 44 px targets on a phone`, async () => {
    const page = await openPage(env.browser.context, url('toads', '?pos=TTXFF'));
    await settled(page);
    assert.match(await page.locator('#error').textContent(), /not a strip/);
    assert.ok(await page.locator('#strip .cell').count() > 0, 'a board is drawn');
    await page.goto(url('toads', '?pos=T2.2F2'));
    await settled(page);
    assert.equal(await page.locator('#strip .cell').count(), 6);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(url('nim'));
    await page.waitForSelector('#board .cell');
    const sizes = await page.evaluate(() => [...document.querySelectorAll('#board .heap .cell')].map((c) => Math.min(c.getBoundingClientRect().width, c.getBoundingClientRect().height)));
    assert.ok(sizes.length > 0 && sizes.every((w) => w >= 44), `Nim cells ${Math.min(...sizes)} px`);
    await page.setViewportSize({ width: 1280, height: 800 });
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test(`${mode.name}: dark mode: the thermograph is not a white box; phones: the header's links show there are more`, async () => {
    const page = await env.browser.context.newPage();
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(url('domineering', '?you=both'), { waitUntil: 'networkidle' });
    await settled(page);
    const filter = await page.evaluate(() => getComputedStyle(document.querySelector('#thermo svg')).filter);
    assert.match(filter, /invert/, `the thermograph in dark mode: filter ${filter}`);
    await page.setViewportSize({ width: 390, height: 800 });
    await page.emulateMedia({ colorScheme: 'light' });
    const nav = await page.evaluate(() => {
      const n = document.querySelector('header.site nav');
      const cs = getComputedStyle(n);
      return { more: n.scrollWidth > n.clientWidth, mask: cs.maskImage || cs.webkitMaskImage, bar: cs.scrollbarWidth };
    });
    assert.ok(nav.more, 'the links overflow on a phone');
    assert.match(nav.mask, /gradient/, 'the row fades where more links are');
    assert.notEqual(nav.bar, 'none', 'and a scrollbar shows');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.close();
  });
}

test('served: every page is also served under its static file name (/domineering.html)', async () => {
  const { url } = env.servers.served;
  const index = await (await fetch(`${url}/`)).text();
  const paths = [...new Set([...index.matchAll(/href="(\/[a-z-]*)"/g)].map((m) => m[1]))];
  assert.ok(paths.includes('/domineering'));
  for (const path of paths) {
    const file = path === '/' ? '/index.html' : `${path}.html`;
    const r = await fetch(`${url}${file}`);
    assert.equal(r.status, 200, file);
    assert.match(await r.text(), /<html lang="en">/);
  }
});
