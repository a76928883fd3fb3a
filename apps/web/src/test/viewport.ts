/** The width the test window's media queries answer for (happy-dom has no layout). */
let width = 1440;

export const viewportWidth = () => width;

/** Renders after this answer media queries as a screen this wide (e.g. 390 for a phone); reset after each test. */
export function setViewportWidth(next: number) {
  width = next;
}

/** Whether a query of min-width / max-width parts (as antd's breakpoints use) holds at this width. */
export function mediaMatches(query: string, at: number): boolean {
  const parts = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)];
  return parts.length > 0 && parts.every(([, bound, px]) => (bound === 'min' ? at >= Number(px) : at <= Number(px)));
}
