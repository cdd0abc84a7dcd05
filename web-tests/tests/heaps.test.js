// Heap games in both delivery modes, on the shared game loop: a full game against the computer
// with every move's ✓/✗ and XOR checked against an independent brute force written here (mex
// over the moves a take-and-break code allows), history, undo/redo and the scorecard; the
// computer moving first and named in the status; keyboard play; the sequence plot (values
// against the brute force, the proven period shaded, rare values ringed, readable labels, the
// keyboard readout); a bad permalink and a bad code (a banner at the top, no `null`, no stale
// plot); the board above the fold at 1280×800 and 390×844.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MODES, openPage, screenshot, setUp } from './harness.js';

const env = setUp();

// --- the brute force -----------------------------------------------------------------------
/** The digits d0, d1, … of a code 'd0.d1d2…' (hexadecimal digits allowed). */
const digitsOf = (code) => {
  const [a, b] = code.split('.');
  return [parseInt(a, 16), ...[...b].map((c) => parseInt(c, 16))];
};

/** Every way to leave `parts` non-empty heaps (sorted, smallest first) of `total` tokens. */
function partitions(total, parts, min = 1) {
  if (parts === 1) return total >= min ? [[total]] : [];
  const out = [];
  for (let a = min; a * parts <= total; a++) for (const rest of partitions(total - a, parts - 1, a)) out.push([a, ...rest]);
  return out;
}

/** The moves of a heap of n tokens under `rules` ('grundy' or a code): [{take, leaves}]. */
function heapMoves(rules, n) {
  if (rules === 'grundy') return partitions(n, 2).filter(([a, b]) => a !== b).map((leaves) => ({ take: 0, leaves }));
  const d = digitsOf(rules);
  const out = [];
  d.forEach((digit, i) => {
    if (i > n) return;
    const rest = n - i;
    if (i > 0 && digit & 1 && rest === 0) out.push({ take: i, leaves: [] });
    if (i > 0 && digit & 2 && rest > 0) out.push({ take: i, leaves: [rest] });
    if (digit & 4) for (const p of partitions(rest, 2)) out.push({ take: i, leaves: p });
    if (digit & 8) for (const p of partitions(rest, 3)) out.push({ take: i, leaves: p });
  });
  return out;
}

/** G(0), …, G(count − 1) by the definition (mex of the XORs the moves leave). */
function grundy(rules, count) {
  const g = [];
  for (let n = 0; n < count; n++) {
    const seen = new Set(heapMoves(rules, n).map((m) => m.leaves.reduce((x, h) => x ^ g[h], 0)));
    let v = 0;
    while (seen.has(v)) v++;
    g.push(v);
  }
  return g;
}

const key = (take, leaves) => `${take}:${[...leaves].sort((a, b) => a - b).join('+')}`;

// --- page helpers --------------------------------------------------------------------------
const ready = (page) => page.waitForFunction(() => {
  const s = document.querySelector('#status');
  return s.dataset.winner !== undefined || /Your move/.test(s.textContent);
}, null, { timeout: 30000 });
/** Waits for the human's move (history had `plies` entries) and the computer's answer. */
const played = (page, plies) => page.waitForFunction((n) => {
  const s = document.querySelector('#status');
  const count = document.querySelectorAll('#history li').length;
  return (s.dataset.winner !== undefined && count > n) || (count >= n + 2 && /Your move/.test(s.textContent));
}, plies, { timeout: 30000 });
const heapSizes = (page) => page.locator('#heaps .tb-heap').evaluateAll((hs) => hs.map((h) => Number(h.dataset.size)));

/** The moves the picker lists for heap `i`: [{take, leaves, xor, winning, key}]. */
async function pickerMoves(page, i) {
  await page.locator(`#heaps .tb-heap[data-heap="${i}"]`).click();
  await page.waitForSelector('#picker .tb-move');
  return page.locator('#picker .tb-move').evaluateAll((bs) => bs.map((b) => {
    const m = /: take (\d+), leave (.+?), XOR after (\d+), (winning|losing)$/.exec(b.getAttribute('aria-label'));
    const leaves = m[2] === 'nothing' ? [] : m[2].split(' + ').map(Number);
    return { take: Number(m[1]), leaves, xor: Number(m[3]), winning: m[4] === 'winning', mark: b.querySelector('.mark')?.textContent.trim(), index: b.dataset.move };
  }));
}

/** Steinhaus' remoteness of `heaps` by its definition (an independent brute force). */
function remotenessOf(rules, heaps, memo = new Map()) {
  const k = heaps.filter((h) => h > 0).sort((a, b) => a - b);
  const id = k.join('.');
  if (memo.has(id)) return memo.get(id);
  const after = [];
  k.forEach((n, i) => {
    for (const m of heapMoves(rules, n)) after.push(remotenessOf(rules, [...k.slice(0, i), ...k.slice(i + 1), ...m.leaves], memo));
  });
  const even = after.filter((r) => r % 2 === 0);
  const r = even.length ? Math.min(...even) + 1 : after.length ? Math.max(...after) + 1 : 0;
  memo.set(id, r);
  return r;
}

for (const mode of MODES) {
  const url = (query = '') => `${mode.page(env.servers[mode.name].url, 'heaps')}${query}`;

  test(`${mode.name}: moves are shaded by remoteness where it is known, the ✓/✗ kept`, async () => {
    const rules = '0.137';
    const start = [3, 4, 6];
    const page = await openPage(env.browser.context, url(`?pos=dawsons-chess_${start.join('.')}`));
    await ready(page);
    const memo = new Map();
    let compared = 0;
    for (let i = 0; i < start.length; i++) {
      const shown = await pickerMoves(page, i);
      const shades = await page.locator('#picker .tb-move').evaluateAll((bs) => bs.map((b) => ({
        index: b.dataset.move, r: Number(b.dataset.remoteness), shade: Number(b.dataset.shade),
        css: b.style.getPropertyValue('--shade'),
      })));
      for (const m of shown) {
        const s = shades.find((x) => x.index === m.index);
        const want = remotenessOf(rules, [...start.slice(0, i), ...start.slice(i + 1), ...m.leaves], memo);
        assert.equal(s.r, want, `remoteness after taking ${m.take} from ${start[i]}`);
        assert.equal(s.r % 2 === 0, m.winning, 'even after the move exactly when it wins');
        assert.equal(m.mark, m.winning ? '✓' : '✗');
        assert.equal(s.css, `${s.shade}%`);
        compared += 1;
      }
      // the quicker a win (or the slower a loss is not), the stronger its shade
      for (const a of shades) for (const b of shades) if (a.r < b.r) assert.ok(a.shade >= b.shade, `${a.r} vs ${b.r}`);
      await page.keyboard.press('Escape');
    }
    assert.ok(compared > 5, `${compared} moves compared`);
    // past the engine's bound no remoteness is claimed: every move gets the middle shade
    await page.goto(url('?pos=kayles_60.55.47'));
    await ready(page);
    await page.locator('#heaps .tb-heap').first().click();
    await page.waitForSelector('#picker .tb-move');
    const big = await page.locator('#picker .tb-move').evaluateAll((bs) => bs.map((b) => [b.dataset.remoteness, b.dataset.shade]));
    assert.ok(big.length > 10 && big.every(([r, s]) => r === undefined && s === '55'), JSON.stringify(big.slice(0, 3)));
    await page.close();
  });

  test(`${mode.name}: a full game against the computer, every move checked against a brute force`, async () => {
    const rules = '0.137'; // Dawson's chess
    const G = grundy(rules, 40);
    const start = [5, 8, 11];
    assert.notEqual(start.reduce((x, n) => x ^ G[n], 0), 0, 'the start is a first-player win');
    const page = await openPage(env.browser.context, url(`?pos=dawsons-chess_${start.join('.')}`));
    await ready(page);
    assert.match(await page.locator('#game-name').textContent(), /dawsons-chess \(0\.137\)/);
    // Heaps are drawn tokens (SVG circles), not text.
    assert.equal(await page.locator('#heaps .tb-heap').count(), 3);
    assert.equal(await page.locator('#heaps .tb-heap[data-heap="1"] svg circle.token').count(), 8);
    const wins0 = Number(await page.locator('#scorecard').getAttribute('data-wins'));
    let checked = 0;
    let sawComputer = false;
    for (let turn = 0; turn < 30; turn++) {
      await ready(page);
      if (await page.locator('#status[data-winner]').count()) break;
      const heaps = await heapSizes(page);
      const xor = heaps.reduce((x, n) => x ^ G[n], 0);
      let choice = null;
      for (let i = 0; i < heaps.length; i++) {
        const expected = heapMoves(rules, heaps[i]);
        if (expected.length === 0) {
          assert.equal(await page.locator(`#heaps .tb-heap[data-heap="${i}"].movable`).count(), 0, `heap ${heaps[i]} has no move`);
          continue;
        }
        const shown = await pickerMoves(page, i);
        assert.deepEqual(shown.map((m) => key(m.take, m.leaves)).sort(), expected.map((m) => key(m.take, m.leaves)).sort(),
          `the moves of a heap of ${heaps[i]}`);
        for (const m of shown) {
          const after = xor ^ G[heaps[i]] ^ m.leaves.reduce((x, h) => x ^ G[h], 0);
          assert.equal(m.xor, after, `XOR after taking ${m.take} from ${heaps[i]}`);
          assert.equal(m.winning, after === 0);
          assert.equal(m.mark, after === 0 ? '✓' : '✗');
          checked += 1;
          if (!choice && m.winning) choice = { heap: i, ...m };
        }
        await page.keyboard.press('Escape');
      }
      assert.ok(choice, `a winning move exists while the XOR is ${xor}`);
      await page.locator(`#heaps .tb-heap[data-heap="${choice.heap}"]`).click();
      if (turn === 0) await screenshot(page, `heaps-picker-${mode.name}`);
      const plies = await page.locator('#history li').count();
      await page.locator(`#picker .tb-move[data-move="${choice.index}"]`).click();
      await played(page, plies);
      if (/The computer took \d+ from heap \d+/.test(await page.locator('#last').textContent())) sawComputer = true;
    }
    assert.match(await page.locator('#status').textContent(), /you win!/);
    assert.ok(checked > 10, `${checked} moves checked`);
    assert.ok(sawComputer, 'the computer played and its move was named');
    assert.equal(Number(await page.locator('#scorecard').getAttribute('data-wins')), wins0 + 1, 'the scorecard counts the win');
    assert.match(await page.locator('#history').textContent(), /H\d+ \d+→/);
    // Undo takes the end back; redo replays it, and the win is not counted twice.
    await page.click('#undo');
    await ready(page);
    assert.equal(await page.locator('#status[data-winner]').count(), 0);
    await page.click('#redo');
    await page.waitForFunction(() => document.querySelector('#status').dataset.winner !== undefined);
    assert.equal(Number(await page.locator('#scorecard').getAttribute('data-wins')), wins0 + 1);
    await screenshot(page, `heaps-game-${mode.name}`);
    assert.deepEqual(page.errors, []);
    assert.deepEqual(page.apiRequests, [], 'the page computes in its own engine');
    await page.close();
  });

  test(`${mode.name}: the computer starts, its move is named; keyboard play; Grundy's game`, async () => {
    const G = grundy('grundy', 30);
    const page = await openPage(env.browser.context, url('?pos=grundy_7.9&you=second'));
    await page.waitForFunction(() => /The computer took/.test(document.querySelector('#last').textContent), null, { timeout: 30000 });
    await ready(page);
    const heaps = await heapSizes(page);
    assert.equal(heaps.reduce((a, b) => a + b, 0), 16, "Grundy's game removes no token");
    assert.deepEqual(await page.locator('#heaps .tb-g').allTextContents(), heaps.map((n) => `G=${G[n]}`));
    // Keyboard: focus the heaps (one Tab stop), Enter opens a heap's moves, Enter plays one, and
    // the focus comes back to the heaps.
    assert.equal(await page.locator('#heaps [tabindex="0"]').count(), 1);
    const movable = page.locator('#heaps .tb-heap.movable').first();
    await movable.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement && document.activeElement.classList.contains('tb-move'));
    const plies = await page.locator('#history li').count();
    await page.keyboard.press('Enter');
    await played(page, plies);
    await page.waitForFunction(() => document.activeElement && document.activeElement.closest('#heaps'));
    assert.ok(await page.locator('#history li').count() >= 3);
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test(`${mode.name}: the sequence plot — values, proven period, rare values, readout`, async () => {
    const page = await openPage(env.browser.context, url('?pos=kayles_4.6'));
    await page.waitForSelector('#plot[data-state="period"]', { timeout: 60000 });
    const K = grundy('0.77', 1024);
    assert.equal(await page.locator('#plot').getAttribute('data-count'), '1024');
    assert.match(await page.locator('#period').textContent(), /G\(n \+ 12\) = G\(n\) for every n ≥ 71 \(proven/);
    assert.equal(await page.locator('#plot rect.periodic').count(), 1, 'the periodic part is shaded');
    // The readout by keyboard: Home, arrows, Shift+arrows, End — each against the brute force.
    await page.locator('#plot').focus();
    for (const [keys, n] of [[['Home'], 0], [['ArrowRight', 'ArrowRight', 'ArrowRight'], 3], [['Shift+ArrowRight'], 13], [['End'], 1023]]) {
      for (const k of keys) await page.keyboard.press(k);
      await page.waitForFunction((m) => document.querySelector('#readout').dataset.n === String(m), n);
      assert.match(await page.locator('#readout').textContent(), new RegExp(`^G\\(${n}\\) = ${K[n]}\\b`));
    }
    // Hover reads the value under the pointer.
    const box = await page.locator('#plot').boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForFunction(() => /^G\(\d+\) = \d+/.test(document.querySelector('#readout').textContent));
    const n = Number(await page.locator('#readout').getAttribute('data-n'));
    assert.match(await page.locator('#readout').textContent(), new RegExp(`^G\\(${n}\\) = ${K[n]}\\b`));
    // Labels are readable at both sizes (≥ 11 px), and the plot fits the phone.
    for (const [width, height] of [[1280, 800], [390, 844]]) {
      await page.setViewportSize({ width, height });
      await page.waitForTimeout(300);
      const sizes = await page.locator('#plot text').evaluateAll((ts) => ts.map((t) => t.getBoundingClientRect().height));
      assert.ok(sizes.length >= 6 && Math.min(...sizes) >= 11, `label heights ${Math.min(...sizes)} px at ${width}`);
      const plot = await page.locator('#plot').boundingBox();
      assert.ok(plot.x >= 0 && plot.x + plot.width <= width + 1, `the plot fits ${width} px`);
    }
    // Grundy's game: rare values ringed, and never a claim of periodicity.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.selectOption('#ruleset', 'grundy');
    await page.waitForSelector('#plot[data-state="searched"]', { timeout: 60000 });
    assert.ok(await page.locator('#plot circle.rare').count() > 0, 'rare values are marked');
    assert.match(await page.locator('#period').textContent(), /no periodicity theorem/);
    assert.equal(await page.locator('#plot rect.periodic').count(), 0);
    await screenshot(page, `heaps-plot-${mode.name}`);
    // A hexadecimal code (three-heap moves, computed by the definition): plotted and proven.
    await page.fill('#code', '0.f');
    await page.fill('#sizes', '5 6');
    await page.click('#start');
    await page.waitForSelector('#plot[data-state="period"]', { timeout: 60000 });
    assert.match(await page.locator('#period').textContent(), /G\(n \+ 2\) = G\(n\) for every n ≥ 0/);
    assert.equal(await page.locator('#seq-error').textContent(), '');
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test(`${mode.name}: a bad permalink and a bad code: a banner at the top, no null, no stale plot`, async () => {
    const page = await openPage(env.browser.context, url('?pos=0.9z_3.4'));
    await page.waitForFunction(() => /not valid/.test(document.querySelector('#error').textContent), null, { timeout: 30000 });
    await ready(page);
    const banner = await page.locator('#error').boundingBox();
    assert.ok(banner.y < 200 && banner.height > 10, `the banner is at the top (y = ${banner.y})`);
    assert.doesNotMatch(await page.locator('body').innerText(), /\bnull\b|undefined|NaN/);
    assert.equal(await page.locator('#error .retry').count(), 0, 'no Retry for input that cannot succeed');
    // A game starts anyway, with its own plot.
    await page.waitForSelector('#plot[data-state="period"]', { timeout: 60000 });
    // A bad code typed in: the banner, the game kept, the plot cleared.
    const before = await heapSizes(page);
    await page.fill('#code', '0.1234567x');
    await page.click('#start');
    // The banner of the bad link says "not valid" too: wait for the one naming the typed code.
    await page.waitForFunction(() => /ruleset '0\.1234567x' is not valid/.test(document.querySelector('#error').textContent));
    assert.equal(await page.locator('#plot').getAttribute('data-state'), 'empty', 'no stale plot');
    assert.deepEqual(await heapSizes(page), before, 'the game is kept');
    // Heap sizes past the page's limit are refused with the page's own number.
    await page.fill('#code', '0.77');
    await page.fill('#sizes', '3 1000');
    await page.click('#start');
    await page.waitForFunction(() => /1 to \d+/.test(document.querySelector('#error').textContent));
    const limit = await page.evaluate(() => document.querySelector('#limits').textContent);
    const n = /heaps of 1 to (\d+) tokens/.exec(limit)[1];
    assert.match(await page.locator('#error').textContent(), new RegExp(`1 to ${n}\\b`));
    assert.doesNotMatch(await page.locator('body').innerText(), /\bnull\b|undefined|NaN/);
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test(`${mode.name}: the board is above the fold with ≥ 32 px targets at 1280×800 and 390×844`, async () => {
    const page = await openPage(env.browser.context, url('?pos=0.07_9.14.20.6'));
    await ready(page);
    for (const [width, height] of [[1280, 800], [390, 844]]) {
      await page.setViewportSize({ width, height });
      await page.waitForTimeout(300);
      const first = await page.locator('#heaps .tb-heap').first().boundingBox();
      assert.ok(first.y + first.height < height, `the first heap ends at ${first.y + first.height} < ${height}`);
      const heights = await page.locator('#heaps .tb-heap').evaluateAll((hs) => hs.map((h) => h.getBoundingClientRect().height));
      assert.ok(Math.min(...heights) >= 32, 'heaps are ≥ 32 px tall');
      await page.locator('#heaps .tb-heap.movable').first().click();
      const buttons = await page.locator('#picker .tb-move').evaluateAll((bs) => bs.map((b) => b.getBoundingClientRect().height));
      assert.ok(buttons.length > 0 && Math.min(...buttons) >= 32, 'move buttons are ≥ 32 px tall');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 1, `no sideways scrolling (${overflow} px)`);
      await screenshot(page, `heaps-${width}-${mode.name}`);
      await page.keyboard.press('Escape');
    }
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}
