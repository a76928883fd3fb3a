import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';

/** axe-core's script, run through the debugging protocol (the console's CSP rightly refuses inline scripts). */
const AXE_SCRIPT = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** axe-core's findings on the page as it is (WCAG 2.1 A and AA). */
export async function axe(page: Page): Promise<AxeResults['violations']> {
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
