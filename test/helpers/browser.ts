import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

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
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is not installed at ${CHROMIUM_PATH}. Install it with: apt-get update && apt-get install -y chromium`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    // Containers often lack the user namespaces Chromium's sandbox needs; /dev/shm is small there.
    args: ['--no-sandbox', '--disable-dev-shm-usage'],
  });
}

/** A fresh browser context (its own cookies) with a desktop-size window, against `baseURL`. */
export async function newPage(
  browser: Browser,
  baseURL: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
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
