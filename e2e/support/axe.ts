import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';

/** axe-core's script, run through the debugging protocol (the console's CSP rightly refuses inline scripts). */
const AXE_SCRIPT = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe-core's findings on the page as it is (WCAG 2.1 A and AA), once the animations that end have ended (at most 3 s):
 * a notice still fading in has the contrast of its half-drawn colours. Endless ones (spinners) are not waited for.
 */
export async function axe(page: Page): Promise<AxeResults['violations']> {
  await page.evaluate(() =>
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
  await page.evaluate(AXE_SCRIPT);
  return page.evaluate(
    async (tags) =>
      (
        await (window as unknown as { axe: { run: (o: object) => Promise<AxeResults> } }).axe.run({
          runOnly: { type: 'tag', values: tags },
        })
      ).violations,
    WCAG_21_AA,
  );
}
