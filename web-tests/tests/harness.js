// Shared set-up of the browser tests: the release `onag serve --port 0` and headless Chromium.
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { before, after } from 'node:test';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
export const artifacts = join(here, '..', 'artifacts');

const binary = () => {
  const path = process.env.ONAG_BIN || join(root, 'target', 'release', 'onag');
  if (!existsSync(path)) throw new Error(`${path} is missing: run cargo build --release --bin onag`);
  return path;
};

/** Starts `target/release/onag serve --port 0` and resolves with {url, stop()}. */
export function startServer(extra = []) {
  const child = spawn(binary(), ['serve', '--port', '0', ...extra], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let buffered = '';
    const timer = setTimeout(() => reject(new Error('onag serve printed no URL within 20 s')), 20000);
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`onag serve exited early (${code})`)));
    child.stdout.on('data', (chunk) => {
      buffered += chunk;
      const match = buffered.match(/http:\/\/[^\s]+/);
      if (match) {
        clearTimeout(timer);
        resolve({ url: match[0].replace(/\/$/, ''), stop: () => child.kill() });
      }
    });
  });
}

/**
 * Writes the static site (`onag site --out DIR`) and serves it with a plain static server
 * (`python3 -m http.server` on 127.0.0.1), no onag process running; resolves with {url, stop()}.
 */
export async function startStatic() {
  const dir = mkdtempSync(join(tmpdir(), 'onag-site-'));
  execFileSync(binary(), ['site', '--out', dir], { stdio: 'ignore' });
  const child = spawn('python3', ['-u', '-m', 'http.server', '0', '--bind', '127.0.0.1', '--directory', dir], { stdio: ['ignore', 'pipe', 'ignore'] });
  return new Promise((resolve, reject) => {
    let buffered = '';
    const timer = setTimeout(() => reject(new Error('python3 -m http.server printed no port within 20 s')), 20000);
    child.on('error', reject);
    child.stdout.on('data', (chunk) => {
      buffered += chunk;
      const match = buffered.match(/port (\d+)/);
      if (match) {
        clearTimeout(timer);
        resolve({
          url: `http://127.0.0.1:${match[1]}`,
          stop: () => { child.kill(); rmSync(dir, { recursive: true, force: true }); },
        });
      }
    });
  });
}

/**
 * Both ways the pages are delivered: `served` (onag serve; pages at /toads) and `static` (the
 * exported site on a static server; pages at /toads.html). Each has start() and page(name).
 */
export const MODES = [
  { name: 'served', start: () => startServer(), page: (url, name) => `${url}/${name === 'index' ? '' : name}` },
  { name: 'static', start: () => startStatic(), page: (url, name) => `${url}/${name}.html` },
];

/**
 * Launches Debian's Chromium headless with a fresh profile (and any extra command-line flags);
 * resolves with {browser, close()}.
 */
export async function launchBrowser(extraArgs = []) {
  const profile = mkdtempSync(join(tmpdir(), 'onag-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
      '--no-first-run', '--disable-sync', '--disable-quic', ...extraArgs,
    ],
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Opens `url` in a new page that records console errors and page errors into `page.errors`;
 * resolves once the network is idle (or at `waitUntil`, a Playwright load state).
 */
export async function openPage(context, url, waitUntil = 'networkidle') {
  const page = await context.newPage();
  page.errors = [];
  page.apiRequests = [];
  page.on('request', (req) => { if (/\/api\//.test(req.url())) page.apiRequests.push(req.url()); });
  page.on('console', (msg) => {
    if (msg.type() === 'error') page.errors.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => page.errors.push(`page error: ${err.message}`));
  page.on('requestfailed', (req) => {
    // Requests the page aborts on purpose (superseded API calls) are not errors.
    const failure = req.failure();
    if (failure && !/ERR_ABORTED/.test(failure.errorText)) page.errors.push(`request failed: ${req.url()} ${failure.errorText}`);
  });
  await page.goto(url, { waitUntil });
  return page;
}

/** Saves a full-page screenshot as artifacts/<name>.png. */
export async function screenshot(page, name) {
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true });
}

/**
 * Registers the hooks that start headless Chromium (with any extra command-line flags) and both
 * delivery modes before a file's tests and stop them after; returns {browser, servers} (filled
 * in once the hooks ran).
 */
export function setUp(browserArgs = []) {
  const env = { browser: null, servers: {} };
  before(async () => {
    env.browser = await launchBrowser(browserArgs);
    for (const mode of MODES) env.servers[mode.name] = await mode.start();
  });
  after(async () => {
    await env.browser?.close();
    for (const s of Object.values(env.servers)) s.stop();
  });
  return env;
}
