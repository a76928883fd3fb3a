import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';

/** axe-core's script, run through the debugging protocol (the console's CSP rightly refuses inline scripts). */
const AXE_SCRIPT = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe-core's findings on the page as it is (WCAG 2.1 A and AA), once the animations that end have ended (at most 3 s):
 * a notice still fading in has the contrast of its half-drawn colours. Endless ones (spinners) are not waited for.
 */
export async function axe(page: Page): Promise<AxeResults['violations']> {
  // once per document: a walk that opens its screens without loading the page again keeps it
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SCRIPT);
  // a notice closes itself seconds after it opens, maybe while axe reads the page (its half-faded title then fails
  // the contrast check: CI, on a busy machine): a reading during which a notice came or went is read again
  for (let reading = 1; ; reading++) {
    await settled(page);
    const before = await notices(page);
    const violations = await page.evaluate(
      async (tags) =>
        (
          await (window as unknown as { axe: { run: (o: object) => Promise<AxeResults> } }).axe.run({
            runOnly: { type: 'tag', values: tags },
            // the violations only: axe then makes no selectors for what passed, most of its time on a large page
            resultTypes: ['violations'],
          })
        ).violations,
      WCAG_21_AA,
    );
    if ((await notices(page)) === before || reading === 3) return violations;
  }
}

/** Once the animations that end have ended (at most 3 s); endless ones (spinners) are not waited for. */
function settled(page: Page): Promise<unknown> {
  return page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime ?? Number.POSITIVE_INFINITY)))
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 3_000)),
    ]),
  );
}

/** The notices and messages on the page now, and their classes (a leaving one changes its classes). */
function notices(page: Page): Promise<string> {
  return page.evaluate(() =>
    [...document.querySelectorAll('.ant-notification-notice-wrapper, .ant-message-notice-wrapper')]
      .map((n) => `${n.className}:${n.textContent}`)
      .join('\n'),
  );
}

/**
 * axe-core finds nothing on the page as it is (`axe` waits for the animations that end). `idle`: once the network is
 * quiet (a screen that loads its parts one after the other); `fits`: nothing scrolls sideways either.
 */
export async function accessible(page: Page, opts: { idle?: boolean; fits?: boolean } = {}): Promise<void> {
  if (opts.idle) await page.waitForLoadState('networkidle');
  expect((await axe(page)).map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
  // after a resize the layout follows a moment later (antd's breakpoints listen to media queries)
  if (opts.fits) {
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
        message: 'the page scrolls sideways (px)',
      })
      .toBeLessThanOrEqual(0);
  }
}
