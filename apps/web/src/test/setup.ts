import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { i18n, loadLanguage } from '../i18n/i18n.ts';
import { mediaMatches, setViewportWidth, viewportWidth } from './viewport.ts';

// happy-dom has no layout: media queries answer for a desktop width unless a test sets another (`viewportWidth`, see
// test/viewport.ts). The reader asks for reduced motion, as in the end-to-end tests: antd then animates nothing, and
// an error or a notice that went is gone rather than kept, half-faded, beside the one that came.
window.matchMedia = (query: string) =>
  ({
    matches: query.includes('prefers-reduced-motion: reduce') || mediaMatches(query, viewportWidth()),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;

// `findBy…` and `waitFor` wait up to 10 s (1 s by default): the suite shares the machine with the server's tests, and a
// screen that renders in 50 ms alone can take a second there. A test that fails still fails, only later.
configure({ asyncUtilTimeout: 10_000 });

// the app loads a language's texts when it is first used; the tests switch between both
await Promise.all([loadLanguage('en'), loadLanguage('vi')]);

beforeAll(async () => {
  await i18n.changeLanguage('en');
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  setViewportWidth(1440);
});
