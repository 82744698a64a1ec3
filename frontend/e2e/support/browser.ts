/** Debian's Chromium driven by playwright-core, for the browser tests (docs/design.md §5). */
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, LaunchOptions, Locator, Page, Route } from 'playwright-core';

/**
 * Debian's chromium-headless-shell (the same Chromium, built for headless use only: what Playwright runs for headless
 * tests), else the full Chromium. The full browser's headless mode runs its whole browser process (profiles, tabs,
 * the window's UI) for every tab; the shell does not: a tenth less CPU for
 * a browser file (shell, four-eyes and freeze: 59.8 → 53.0 and 67.3 → 61.1 CPU-s, its browser process 9 → 6).
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM = existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium';

/** Playwright's own list (playwright-core's chromiumSwitches), then ours: see CHROMIUM_ARGS. */
const DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
];

/** Flags measured to work in this sandboxed, offline environment (docs/design.md §5). */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Scrolling and animation on the renderer's main thread, at one device pixel per CSS pixel: what a test sees is
  // the same, and a page load costs Chromium about a quarter less CPU on this 2-core machine (the suite's time).
  '--force-device-scale-factor=1',
  '--disable-threaded-scrolling',
  '--disable-threaded-animation',
  // Chromium 156 builds its address bar's WebUI popups for every window, even headless, in a renderer of their own:
  // about 1.4 CPU-seconds for every tab a test opens (measured with a cgroup: 1.9 → 0.45 per context and page).
  // Chromium heeds only the last --disable-features, and Playwright passes its own first: its list (playwright-core's
  // chromiumSwitches, e.g. no HTTPS upgrades, no paint holding, no optimization hints) is repeated here with ours.
  `--disable-features=${DISABLED_FEATURES.join(',')}`,
];

export const screenshotDir = fileURLToPath(new URL('../screenshots/', import.meta.url));

export interface Viewport {
  width: number;
  height: number;
}

export const desktop: Viewport = { width: 1280, height: 900 };
/** The narrowest phone every page must work on. */
export const phone: Viewport = { width: 375, height: 812 };

export interface TestBrowser {
  context: BrowserContext;
  close(): Promise<void>;
}

/**
 * The Jest worker's Chromium (scripts/jest-environment.cjs), shared by every browser file the worker runs, or — under
 * another environment — one of this test file's own, stopped when its last context closes.
 */
const workerChromium = (globalThis as { __kauriSharedChromium?: (options: LaunchOptions) => Promise<Browser> })
  .__kauriSharedChromium;
let own: { browser: Promise<Browser>; contexts: number } | null = null;

/**
 * A browser of its own for a test, or for each person a test follows: a fresh context (incognito-like: no cookie,
 * storage or cache shared with any other), in the given time zone (the machine's by default), to show that what
 * the app shows and sends does not depend on it. Contexts share one Chromium process: starting Chromium costs a
 * few CPU-seconds, a context a few milliseconds.
 */
export async function launchBrowser(options: { timezoneId?: string } = {}): Promise<TestBrowser> {
  const launch: LaunchOptions = { executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS };
  let owner: { browser: Promise<Browser>; contexts: number } | null = null;
  if (!workerChromium && !own) {
    const { chromium } = await import('playwright-core');
    const started = { browser: chromium.launch(launch), contexts: 0 };
    // A Chromium that failed to start is not kept: the next test tries again.
    started.browser.catch(() => own === started && (own = null));
    own = started;
  }
  if (!workerChromium) owner = own;
  const contextOptions = {
    viewport: desktop,
    timezoneId: options.timezoneId,
    // A person who asked their system for less motion: the app then turns antd's animations off, so no step
    // waits for a dialog or a dropdown to finish moving (the suite's time on a busy machine).
    reducedMotion: 'reduce',
  } as const;
  let browser = await (workerChromium ? workerChromium(launch) : owner!.browser);
  let context: BrowserContext;
  try {
    context = await browser.newContext(contextOptions);
  } catch (error) {
    // The worker's Chromium went away between the check and this call: once more, on a Chromium launched again.
    if (!workerChromium || browser.isConnected()) throw error;
    browser = await workerChromium(launch);
    context = await browser.newContext(contextOptions);
  }
  if (owner) owner.contexts++;
  return {
    context,
    async close() {
      await context.close();
      if (!owner || --owner.contexts > 0) return;
      if (own === owner) own = null;
      await browser.close();
    },
  };
}

export interface OpenedPage {
  page: Page;
  /** Uncaught exceptions thrown in the page since it opened. */
  errors: Error[];
}

/** The tab each context's openPage opened last, which the next openPage of that context navigates (see there). */
const lastTab = new WeakMap<BrowserContext, Page>();
/** Where a tab's uncaught exceptions go: the list of the openPage that opened what it shows now. */
const tabErrors = new WeakMap<Page, Error[]>();

/**
 * Opens `path` of the app at `baseUrl` at the given size, and once its heading and data are in, scans it
 * (scanPage). `scan: false` for a page that is about a passing state (it sends the visitor on at once).
 *
 * The page opens in the tab this context's last openPage opened, while that tab is open: a load in a tab the app
 * has already run in costs Chromium 0.4–0.6 CPU-seconds on this machine, in a new tab 1.2–1.3 (a new renderer
 * process compiles and runs everything from cold). So a test that moves on to another person or another page of
 * the same context does not keep the earlier page: a test that needs two tabs at once asks for `newTab`.
 */
export async function openPage(
  browser: TestBrowser,
  baseUrl: string,
  path: string,
  viewport: Viewport = desktop,
  { scan = true, newTab = false } = {},
): Promise<OpenedPage> {
  const last = lastTab.get(browser.context);
  const page = !newTab && last && !last.isClosed() ? last : await newTabOf(browser.context);
  lastTab.set(browser.context, page);
  const errors: Error[] = [];
  tabErrors.set(page, errors);
  appOrigin.set(page, new URL(baseUrl).origin);
  if (!sameSize(page.viewportSize(), viewport)) await page.setViewportSize(viewport);
  const target = new URL(path, baseUrl);
  // A target with a fragment on the document shown is a fragment navigation: the browser just scrolls, and the page
  // would not see a person signed in since. So it is loaded again.
  const fragmentOnly = target.hash !== '' && withoutFragment(page.url()) === withoutFragment(target.href);
  await page.goto(target.href);
  if (fragmentOnly) await page.reload();
  if (scan) await settleAndScan(page);
  return { page, errors };
}

async function newTabOf(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (error) => tabErrors.get(page)?.push(error));
  trackRequests(page);
  return page;
}

function withoutFragment(url: string): string {
  const parsed = new URL(url);
  parsed.hash = '';
  return parsed.href;
}

function sameSize(a: Viewport | null, b: Viewport): boolean {
  return a !== null && a.width === b.width && a.height === b.height;
}

const inFlight = new WeakMap<Page, { count: number; lastChange: number }>();

/** Counts the page's requests under way, for waitForQuiet. */
function trackRequests(page: Page): void {
  const state = { count: 0, lastChange: Date.now() };
  inFlight.set(page, state);
  const change = (by: number) => () => {
    state.count += by;
    state.lastChange = Date.now();
  };
  page.on('request', change(1));
  page.on('requestfinished', change(-1));
  page.on('requestfailed', change(-1));
}

/**
 * Waits until the page has had no request under way for `quietMs` — its data and code are in. Like Playwright's
 * 'networkidle' (500 ms), but as short as the app allows: a query that starts after another ends (a detail
 * after its list) begins within a frame or two.
 */
export async function waitForQuiet(page: Page, quietMs = 120, timeout = 15_000): Promise<void> {
  const state = inFlight.get(page);
  if (!state) throw new Error('waitForQuiet needs a page opened with openPage');
  const deadline = Date.now() + timeout;
  while (state.count > 0 || Date.now() - state.lastChange < quietMs) {
    if (Date.now() > deadline) throw new Error(`${state.count} requests still under way after ${timeout} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Opens a page by its address (a full load), and waits until its heading and its data are there. */
export async function visit(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await settleAndScan(page);
}

/**
 * Goes to `path` within the app as a link does (the router sees the history change; nothing reloads) and waits for
 * the page's title if one is given (a title that never comes is left to the caller's expectation), its data, a frame
 * to show them and its heading. A page load costs Chromium about six times as much CPU as this.
 */
export async function navigateInApp(page: Page, path: string, title?: string): Promise<void> {
  await page.evaluate((to) => window.history.pushState(null, '', to), path);
  if (title)
    await page.waitForFunction((want) => document.title === want, title, { timeout: 10_000 }).catch(() => undefined);
  await waitForQuiet(page);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.locator('h1').first().waitFor();
  await scanPage(page);
}

/** Waits for a page just loaded to show its heading and its data, then scans it (see scanPage). */
async function settleAndScan(page: Page): Promise<void> {
  if (new URL(page.url()).origin !== appOrigin.get(page)) return;
  await page.locator('h1').first().waitFor();
  await waitForQuiet(page);
  await scanPage(page);
}

/** The rules the scan applies: WCAG 2.x levels A and AA. */
const AXE_TAGS = ['wcag2a', 'wcag2aa'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);

let axeSource: Promise<string> | null = null;
/** The origin of the app each page was opened on (openPage). */
const appOrigin = new WeakMap<Page, string>();
const scanned = new WeakMap<BrowserContext, Set<string>>();

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
  summary: string;
}

/**
 * Every page a test reaches is checked once per person (context), path (with its fragment) and width: exactly one <h1>, and axe-core's
 * WCAG 2 A/AA rules with no serious or critical violation. axe is injected into the page only here (never into the
 * app's bundle) and only once per document: a scan costs Chromium about a third of a page load, so the same page
 * reached again is not scanned again.
 */
export async function scanPage(page: Page): Promise<void> {
  const url = new URL(page.url());
  // Only the app's own pages: a test may be sent on to another site (the identity provider's sign-in page).
  if (url.origin !== appOrigin.get(page)) return;
  // A fragment is a part of the page of its own (the landing page's #calculator is rendered when it is asked for).
  const key = `${url.pathname.toLowerCase()}${url.hash} @${page.viewportSize()?.width ?? 0}`;
  let done = scanned.get(page.context());
  if (!done) scanned.set(page.context(), (done = new Set()));
  if (done.has(key)) return;
  done.add(key);
  await untilLoaded(page);
  const headings = await page.locator('h1').count();
  if (headings !== 1) throw new Error(`${url.pathname} has ${headings} <h1> elements; a page has exactly one`);
  // Every context asks for less motion (launchBrowser): then nothing loops, a spinner neither (reduced-motion.css).
  const looping = await page.evaluate(() =>
    document
      .getAnimations()
      .filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY)
      .map((a) => (a as CSSAnimation).animationName ?? 'an animation'),
  );
  if (looping.length > 0)
    throw new Error(`${url.pathname} loops ${looping.join(', ')} for a person who asked for less motion`);
  const findings = await axeFindings(page);
  if (findings.length === 0) return;
  const list = findings
    .map((f) => `  ${f.id} (${f.impact}): ${f.help}\n${f.targets.map((t) => `    ${t}`).join('\n')}\n    ${f.summary}`)
    .join('\n');
  throw new Error(`accessibility (axe-core, ${AXE_TAGS.join(', ')}) on ${url.pathname}:\n${list}`);
}

/** What the app shows while a part of a page is still on its way: a route's or a lazy chart's spinner. */
const LOADING = '.ant-spin-spinning, [aria-busy="true"]';

/**
 * Waits, at most 5 s, until nothing on the page says it is still loading, so that a scan sees what the person will:
 * with its data in and no request under way, a page can still show a spinner for a moment — a lazily loaded chart's
 * chunk being evaluated and rendered (the dashboard's Portfolio Value was scanned as a spinner before). A part that
 * keeps loading for longer is scanned as it is: whether it should is for the test to say.
 */
async function untilLoaded(page: Page): Promise<void> {
  await page
    .waitForFunction((loading) => document.querySelector(loading) === null, LOADING, { polling: 50, timeout: 5_000 })
    .catch(() => undefined);
}

/** axe-core's serious and critical violations on the page as it is, at most 8 elements each. */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  axeSource ??= readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  // Evaluated as a script by the DevTools protocol, which the app's Content-Security-Policy does not apply to.
  if (!(await page.evaluate('Boolean(window.axe)'))) await page.evaluate(await axeSource);
  return page.evaluate(
    async ({ tags, impacts }) => {
      const axe = (window as unknown as { axe: AxeApi }).axe;
      const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
      return result.violations
        .filter((v) => impacts.includes(v.impact ?? ''))
        .map((v) => ({
          id: v.id,
          impact: v.impact ?? '',
          help: v.help,
          targets: v.nodes.slice(0, 8).map((n) => n.target.join(' ')),
          summary: (v.nodes[0]?.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 300),
        }));
    },
    { tags: AXE_TAGS, impacts: [...FAILING_IMPACTS] },
  );
}

/** The part of axe-core's API the scan uses (its types are for the Node side). */
interface AxeApi {
  run(
    context: Document,
    options: { runOnly: { type: 'tag'; values: string[] }; resultTypes: string[] },
  ): Promise<{
    violations: {
      id: string;
      impact?: string | null;
      help: string;
      nodes: { target: string[]; failureSummary?: string }[];
    }[];
  }>;
}

/** `SCREENSHOTS=1` saves a picture of every screen a test names, for a person to look at. */
export const screenshotsWanted = process.env.SCREENSHOTS === '1';

/**
 * With `SCREENSHOTS=1`, saves a PNG of the page (full length) or of one part of it to
 * frontend/e2e/screenshots/<name>.png. Otherwise does nothing: encoding full-page pictures nobody looks at costs
 * the suite CPU time. Animations are fast-forwarded so a toast is captured fully shown rather than half faded in.
 */
export async function saveScreenshot(page: Page, name: string, part?: Locator): Promise<void> {
  if (screenshotsWanted) await captureScreenshot(page, name, part);
}

/** Saves the picture whatever SCREENSHOTS says (a failure's) and returns its path. */
async function captureScreenshot(page: Page, name: string, part?: Locator): Promise<string> {
  await mkdir(screenshotDir, { recursive: true });
  const path = join(screenshotDir, `${name}.png`);
  const options = { path, animations: 'disabled', caret: 'hide' } as const;
  await (part ? part.screenshot(options) : page.screenshot({ ...options, fullPage: true }));
  return path;
}

/**
 * Holds matching requests until `release()` is called, then lets them through unchanged. Makes an
 * in-flight state (a disabled 'Sending...' button) observable without stubbing the server. On a context, it holds
 * the requests of every tab, also one a test has yet to open.
 */
export async function holdRequests(tab: Page | BrowserContext, url: string): Promise<{ release(): void }> {
  const held: Route[] = [];
  let released = false;
  await tab.route(url, async (route) => {
    if (released) await route.continue();
    else held.push(route);
  });
  return {
    release() {
      released = true;
      for (const route of held.splice(0)) void route.continue();
    },
  };
}

/**
 * Holds the page's timers (its clock paused, from the next document on too) until `release()` lets them run again.
 * For a page that shows something for a moment and then moves on by itself: a worker busy for longer than that
 * moment (a loaded machine) would look for it too late. A held clock holds every timer of the app, toasts too.
 */
export async function holdTimers(page: Page): Promise<{ release(): Promise<void> }> {
  await page.clock.install();
  // The installed clock runs until paused, and the page's time can be a few milliseconds ahead of this process's
  // ("Cannot fast-forward to the past" with `pauseAt(new Date())`, once in a CI run): pause a moment ahead of the
  // page's own time, read again if a busy worker took longer than that moment between the two calls.
  for (let attempt = 1; ; attempt++) {
    const pageNow = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(pageNow + 100);
      break;
    } catch (error) {
      if (attempt === 5 || !String(error).includes('fast-forward to the past')) throw error;
    }
  }
  return { release: () => page.clock.resume() };
}

/** True when the page is no wider than the viewport, i.e. nothing forces sideways scrolling. */
export async function fitsViewportWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

/**
 * Picks `option` in the antd Select labelled `label`, the way a person does: open, click the option.
 * Unless the select clears itself after a pick (an "add" picker), checks that the field shows the choice
 * and, like a person whose click went nowhere while the dropdown was still animating, picks again.
 */
export async function choose(
  page: Page,
  label: string,
  option: string,
  { keepsValue = true, shows }: { keepsValue?: boolean; shows?: Locator } = {},
): Promise<void> {
  const field = page.getByLabel(label, { exact: true });
  // What shows the pick took: the field's own value, or (for a field that clears itself) what the pick added.
  const shown =
    shows ?? page.locator('.ant-form-item', { has: field }).locator('.ant-select', { hasText: option }).first();
  for (let attempt = 1; ; attempt++) {
    await field.click();
    await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
    if (!keepsValue && !shows) return;
    try {
      await shown.waitFor({ timeout: 2_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw new Error(`'${label}' does not show '${option}' after three picks\n${String(error)}`);
      await page.keyboard.press('Escape');
    }
  }
}

/** Waits for text on the page; on timeout, names the toasts that were showing instead. */
export async function waitForText(page: Page, text: string, timeout = 15_000): Promise<void> {
  try {
    await page.getByText(text, { exact: true }).first().waitFor({ timeout });
  } catch (error) {
    // What the person would have seen instead, in the test's output and as a picture: a failure on a busy CI
    // machine is otherwise hard to tell from a slow one.
    const toasts = await page.locator('.ant-notification-notice').allInnerTexts();
    const screen = (
      await page
        .locator('body')
        .innerText()
        .catch(() => '')
    )
      .replace(/\s+/g, ' ')
      .slice(0, 1500);
    const picture = await captureScreenshot(page, `failed-${text.replace(/[^\w-]+/g, '-').slice(0, 40)}`).catch(
      () => '',
    );
    throw new Error(
      `'${text}' did not appear at ${page.url()}; toasts showing: ${JSON.stringify(toasts)}\n` +
        `screen: ${screen}\nscreenshot: ${picture}\n${String(error)}`,
    );
  }
}
