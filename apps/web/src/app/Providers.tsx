import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, type ThemeConfig } from 'antd';
import enUS from 'antd/locale/en_US';
import viVN from 'antd/locale/vi_VN';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NoticeProvider } from '../components/feedback/NoticeProvider.tsx';

// Brand colours, one step darker than antd's defaults.
const BLUE = '#0958d9'; // antd blue-7 (antd's default #1677ff is 4.10 on white)
const BLUE_LIGHTER = '#1062e5'; // hover of the primary, between blue-6 and blue-7
const BLUE_DARK = '#003eb3'; // antd blue-8
const RED = '#cf1322'; // antd red-7 (antd's default #ff4d4f is 3.27 on white)
const RED_DARK = '#a8071a'; // antd red-8
const GREEN = '#237804'; // antd green-8 (green-7 #389e0d is 3.37 on its tag background)
const GOLD = '#965a00'; // between gold-8 and gold-9 (gold-7 #d48806 is 2.75 on its tag background)

/**
 * The console's theme: antd's look, every text at least 4.5:1 against its background (WCAG 2.1 AA, 1.4.3).
 * Ratios by the WCAG relative-luminance formula; alpha colours composed over the background; Providers.test.ts
 * checks them against the tokens antd derives. "on tints" = the row colours of channel.css and rowEditing.css.
 *   colorPrimary #0958d9: white on it 6.16 (buttons, the selected side-menu entry); on white 6.16, on #f5f5f5
 *     5.65, on tints >= 5.01. Hover #1062e5 (white on it 5.38, lighter as in antd); active #003eb3 8.97.
 *   colorLink #0958d9 as above; hover #003eb3 8.97 and active #002c8c (darker, so a link in a tinted row passes).
 *   colorError #cf1322: on white 5.57, white on it 5.57, on #fff1f0 5.07, on tints >= 4.53; hover #a8071a 7.75.
 *   colorInfo #0958d9 (processing tags, info icons) as colorPrimary.
 *   Texts of Typography type success/warning/danger (antd 6 uses the status colour itself): colorSuccessText
 *     #237804 5.59 on white, colorWarningText #965a00 5.59, colorErrorText = colorError; hover #a8071a.
 *   colorTextSecondary rgba(0,0,0,0.65) (antd's value): 6.98 on white, >= 6.45 on tints.
 *   colorTextTertiary / colorTextDescription rgba(0,0,0,0.6) (was 0.45, 3.36): Typography secondary, form
 *     help/extra, Empty, Result subtitle, the footer: 5.74 on white, 5.59 on #f5f5f5, 5.55 on #f0f2f5, >= 5.39 on tints.
 *   colorTextPlaceholder rgba(0,0,0,0.55) (was 0.25): 4.76 on white, 4.66 on a disabled input.
 *   Tag text on its own light background (filled tags): green #237804 5.44, gold #965a00 5.37, orange #ad4e00
 *     5.09, volcano #ad2102 6.38, cyan #006d75 5.82, lime #3f6600 6.62, yellow #876800 5.15; success/warning
 *     status tags the same green and gold (white on them 5.59). red 5.07, blue 5.50, magenta 4.97 pass as they are.
 *   Dark side menu: items rgba(255,255,255,0.65) 8.13 on #001529 and 8.42 on #000c17; selected white on #0958d9 6.16.
 *   Tabs: selected #0958d9 6.16, hover #1062e5 5.38, active #003eb3 8.97 on white.
 */
export const THEME: ThemeConfig = {
  token: {
    colorPrimary: BLUE,
    colorPrimaryHover: BLUE_LIGHTER,
    colorPrimaryActive: BLUE_DARK,
    colorInfo: BLUE,
    colorLink: BLUE,
    colorLinkHover: BLUE_DARK,
    colorLinkActive: '#002c8c',
    colorError: RED,
    colorErrorHover: RED_DARK,
    colorErrorActive: '#820014',
    colorErrorTextHover: RED_DARK,
    colorErrorTextActive: '#820014',
    colorSuccessText: GREEN,
    colorWarningText: GOLD,
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
  },
  components: {
    Tag: {
      colorSuccess: GREEN,
      colorWarning: GOLD,
      green7: GREEN,
      gold7: GOLD,
      orange7: '#ad4e00',
      volcano7: '#ad2102',
      cyan7: '#006d75',
      lime7: '#3f6600',
      yellow7: '#876800',
    },
    Tabs: { itemSelectedColor: BLUE, itemHoverColor: BLUE_LIGHTER, itemActiveColor: BLUE_DARK, inkBarColor: BLUE },
    Menu: {
      darkItemColor: 'rgba(255, 255, 255, 0.65)',
      darkItemHoverColor: '#fff',
      darkItemSelectedBg: BLUE,
      darkItemSelectedColor: '#fff',
      itemSelectedColor: BLUE,
    },
    Empty: { colorTextDescription: 'rgba(0, 0, 0, 0.6)' },
  },
};

/** The theme for a reader who asked their system for less motion: no menu, dialog or list animates. */
const STILL_THEME: ThemeConfig = { ...THEME, token: { ...THEME.token, motion: false } };
const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** The reader's system's reduced-motion query (none where the page has no matchMedia). */
const reducedMotionQuery = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(REDUCED_MOTION)
    : undefined;

/** Whether the reader's system asks for reduced motion (WCAG 2.3.3), followed as it changes. */
function useReducedMotion(): boolean {
  const [reduced, setReduced] = useState(() => reducedMotionQuery()?.matches ?? false);
  useEffect(() => {
    const query = reducedMotionQuery();
    if (!query) return;
    const changed = () => setReduced(query.matches);
    query.addEventListener('change', changed);
    return () => query.removeEventListener('change', changed);
  }, []);
  return reduced;
}

type Props = { client: QueryClient; children: ReactNode };

/** Server data, the antd locale (follows i18next) and theme, and the notices. */
export function Providers({ client, children }: Props) {
  const { i18n } = useTranslation();
  const still = useReducedMotion();
  return (
    <QueryClientProvider client={client}>
      <ConfigProvider locale={i18n.language === 'vi' ? viVN : enUS} theme={still ? STILL_THEME : THEME}>
        <NoticeProvider>{children}</NoticeProvider>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
