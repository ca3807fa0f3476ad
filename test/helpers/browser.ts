import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Locator,
  type Page,
} from 'playwright-core';
import { TestServer } from './test-server.js';

/** Debian's chromium package; `.ci/run` installs it when missing. */
export const CHROMIUM_PATH = '/usr/bin/chromium';
/** Written by every run for review; gitignored. */
export const SCREENSHOT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');
/** The two widths the dashboard must be readable at (issue 10). */
export const SCREEN_WIDTHS = [360, 1440] as const;

/**
 * Headless Chromium through playwright-core. A missing browser FAILS the test with the way to
 * install it: a browser test that skips silently would hide that the pages were never checked.
 */
export async function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is not installed at ${CHROMIUM_PATH}. Install it with: apt-get update && apt-get install -y chromium`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    // Containers often lack the user namespaces Chromium's sandbox needs; /dev/shm is small there.
    // No GPU, and none of the background work (updates, sync, first-run) that competes for the cores.
    args: [
      '--no-sandbox',
      '--disable-dev-shm-usage',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      ...extraArgs,
    ],
  });
}

/** A test server and Chromium for one test file (started in its beforeAll). */
export interface ServerAndBrowser {
  server: TestServer;
  browser: Browser;
}

export async function openServerAndBrowser(): Promise<ServerAndBrowser> {
  const server = await TestServer.start();
  try {
    return { server, browser: await launchChromium() };
  } catch (error) {
    await server.close();
    throw error;
  }
}

/** Closes what openServerAndBrowser opened (in afterAll; either may be missing after a failed start). */
export async function closeServerAndBrowser(opened: Partial<ServerAndBrowser>): Promise<void> {
  await opened.browser?.close();
  await opened.server?.close();
}

/** The dashboard's navigation link called `name`. */
export function dashboardNav(page: Page, name: string): Locator {
  return page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name });
}

export interface NewPageOptions {
  /** Accept confirm dialogs (progressive enhancement) as a person clicking OK would. */
  acceptDialogs?: boolean;
  context?: BrowserContextOptions;
}

/** A fresh browser context (its own cookies) with a desktop-size window, against `baseURL`. */
export async function newPage(
  browser: Browser,
  baseURL: string,
  options: NewPageOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1440, height: 900 },
    ...options.context,
  });
  const page = await context.newPage();
  if (options.acceptDialogs) page.on('dialog', (dialog) => void dialog.accept());
  return { context, page };
}

/**
 * Full-page PNGs of the current page at 360 and 1440 px wide: `test/screenshots/<name>-360.png`
 * and `<name>-1440.png`. Returns the paths; the window is left at 1440 px.
 */
export async function screenshotBothWidths(page: Page, name: string): Promise<string[]> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const paths: string[] = [];
  for (const width of SCREEN_WIDTHS) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    const path = join(SCREENSHOT_DIR, `${name}-${width}.png`);
    await page.screenshot({ path, fullPage: true });
    paths.push(path);
  }
  return paths;
}

/** True when nothing on the page is wider than the window (no sideways scrolling at 360 px). */
export async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
}

/**
 * Checks a page the way the issue asks for: every visible field has a label, exactly one h1,
 * headings never skip a level, and every button and link has a name. Returns the problems found.
 */
export async function accessibilityProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const fields = [
      ...document.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
        'input:not([type=hidden]), select, textarea',
      ),
    ];
    for (const field of fields) {
      if ((field.labels?.length ?? 0) === 0 && !field.getAttribute('aria-label')) {
        problems.push(`field ${field.name} has no label`);
      }
    }
    const ids = [...document.querySelectorAll('[id]')].map((element) => element.id);
    for (const id of new Set(ids))
      if (ids.filter((other) => other === id).length > 1) problems.push(`id ${id} twice`);
    const levels = [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => Number(h.tagName[1]));
    if (levels.filter((level) => level === 1).length !== 1) problems.push('not exactly one h1');
    levels.forEach((level, index) => {
      const previous = levels[index - 1] ?? 1;
      if (level > previous + 1) problems.push(`heading h${level} after h${previous}`);
    });
    for (const control of document.querySelectorAll<HTMLElement>('a, button')) {
      const name = control.getAttribute('aria-label') ?? control.textContent ?? '';
      if (name.trim() === '' && !control.hidden)
        problems.push(`${control.tagName.toLowerCase()} without a name`);
    }
    return problems;
  });
}

/** The phone width the dashboard is checked at: nothing the person uses may lie beyond it. */
export const PHONE_WIDTH = 390;

/**
 * Every visible button, link and field whose box is not wholly inside the window, sideways (one
 * cut off by a scrolling table counts: the person cannot see it). Named for the failure message.
 */
export async function controlsOffScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const width = window.innerWidth;
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type=hidden]), select, textarea, summary',
    );
    for (const control of controls) {
      if (control.classList.contains('skip')) continue;
      const box = control.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if (getComputedStyle(control).visibility === 'hidden') continue;
      if (box.left < -1 || box.right > width + 1) {
        const name = (control.getAttribute('aria-label') ?? control.textContent ?? '').trim().slice(0, 40);
        const field = control.getAttribute('name') ?? '';
        found.push(
          `${control.tagName.toLowerCase()} "${name || field}" at ${Math.round(box.left)}..${Math.round(box.right)}`,
        );
      }
    }
    return found;
  });
}

/**
 * The page at 390 and 1440 px: no sideways scroll, every control within the window at 390 px, and
 * full-page PNGs kept as `test/screenshots/<name>-390.png` and `-1440.png` (looked at by people).
 * The window is left at 1440 px.
 */
export async function checkPhoneAndDesktop(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  for (const width of [PHONE_WIDTH, 1440]) {
    await page.setViewportSize({ width, height: width === PHONE_WIDTH ? 844 : 900 });
    if (!(await fitsWidth(page))) throw new Error(`${name} scrolls sideways at ${width} px`);
    const off = await controlsOffScreen(page);
    if (off.length > 0) throw new Error(`${name} at ${width} px has controls off screen: ${off.join('; ')}`);
    await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** A server, Chromium and one page with its own cookies: a file whose tests are one person's visit. */
export interface OnePersonVisit extends ServerAndBrowser {
  context: BrowserContext;
  page: Page;
}

export async function openOnePersonVisit(options: NewPageOptions = {}): Promise<OnePersonVisit> {
  const opened = await openServerAndBrowser();
  try {
    return { ...opened, ...(await newPage(opened.browser, opened.server.url, options)) };
  } catch (error) {
    await closeServerAndBrowser(opened);
    throw error;
  }
}

/** Closes what openOnePersonVisit opened (in afterAll; parts may be missing after a failed start). */
export async function closeOnePersonVisit(opened: Partial<OnePersonVisit> | undefined): Promise<void> {
  await opened?.context?.close();
  await closeServerAndBrowser(opened ?? {});
}
