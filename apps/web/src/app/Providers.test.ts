import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { THEME } from './Providers.tsx';

// WCAG 2.1 relative luminance and contrast ratio; a translucent foreground is composed over its background.
function rgba(color: string): [number, number, number, number] {
  if (color.startsWith('#')) {
    const hex = color.length === 4 ? [...color.slice(1)].map((c) => c + c).join('') : color.slice(1);
    return [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).concat(1) as [number, number, number, number];
  }
  const [r, g, b, a = 1] = (color.match(/[\d.]+/g) ?? []).map(Number);
  return [r, g, b, a];
}

function luminance([r, g, b]: number[]): number {
  const channel = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

function contrast(foreground: string, background: string): number {
  const [r, g, b, a] = rgba(foreground);
  const bg = rgba(background);
  const fg = [r * a + bg[0] * (1 - a), g * a + bg[1] * (1 - a), b * a + bg[2] * (1 - a)];
  const [hi, lo] = [luminance(fg), luminance(bg)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

const token = theme.getDesignToken(THEME) as unknown as Record<string, string>;
const WHITE = '#ffffff';
/** Light surfaces: containers, the layout, the centred pages, and the row tints of channel.css and rowEditing.css. */
const SURFACES = [WHITE, '#fafafa', token.colorBgLayout, '#f0f2f5', '#e6f4ff', '#f6ffed', '#fff1f0', '#fffbe6'];
const HOVER_TINTS = ['#ebebeb', '#d9f7be', '#ffe1de', '#fff1b8'];
const AA = 4.5;

describe('theme contrast (WCAG 2.1 AA)', () => {
  it('text colours reach 4.5:1 on every light surface', () => {
    const texts = [
      'colorText',
      'colorTextSecondary',
      'colorTextTertiary',
      'colorTextDescription',
      'colorTextPlaceholder',
      'colorPrimary',
      'colorLink',
      'colorLinkHover',
      'colorLinkActive',
      'colorError',
      'colorErrorHover',
      'colorErrorText',
      'colorSuccessText',
      'colorWarningText',
      'colorErrorTextHover',
      'colorErrorTextActive',
      'colorInfoText',
    ];
    for (const name of texts) {
      for (const surface of [...SURFACES, ...HOVER_TINTS]) {
        expect(contrast(token[name], surface), `${name} ${token[name]} on ${surface}`).toBeGreaterThanOrEqual(AA);
      }
    }
  });

  it('white text reaches 4.5:1 on filled buttons and the selected menu entry', () => {
    for (const name of ['colorPrimary', 'colorPrimaryHover', 'colorPrimaryActive', 'colorError', 'colorErrorHover']) {
      expect(contrast(WHITE, token[name]), `white on ${name} ${token[name]}`).toBeGreaterThanOrEqual(AA);
    }
    expect(contrast(WHITE, THEME.components?.Menu?.darkItemSelectedBg ?? '')).toBeGreaterThanOrEqual(AA);
  });

  it('the primary hover colour reads on white (default buttons, tabs)', () => {
    expect(contrast(token.colorPrimaryHover, WHITE)).toBeGreaterThanOrEqual(AA);
  });

  it('tag texts reach 4.5:1 on their own background', () => {
    const tag = (THEME.components?.Tag ?? {}) as Record<string, string>;
    const presets = ['blue', 'purple', 'cyan', 'green', 'magenta', 'pink', 'red', 'orange', 'yellow', 'volcano'];
    for (const color of [...presets, 'geekblue', 'lime', 'gold']) {
      const text = tag[`${color}7`] ?? token[`${color}7`];
      expect(contrast(text, token[`${color}1`]), `${color} tag ${text}`).toBeGreaterThanOrEqual(AA);
    }
    for (const status of ['Success', 'Warning', 'Error', 'Info']) {
      const text = tag[`color${status}`] ?? token[`color${status}`];
      expect(contrast(text, token[`color${status}Bg`]), `${status} tag ${text}`).toBeGreaterThanOrEqual(AA);
    }
  });

  it('the dark side menu items reach 4.5:1', () => {
    const menu = THEME.components?.Menu ?? {};
    for (const background of ['#001529', '#000c17']) {
      expect(contrast(menu.darkItemColor ?? '', background)).toBeGreaterThanOrEqual(AA);
    }
  });

  it('tabs: selected, hover and active texts on white', () => {
    const tabs = THEME.components?.Tabs ?? {};
    for (const color of [tabs.itemSelectedColor, tabs.itemHoverColor, tabs.itemActiveColor]) {
      expect(contrast(color ?? '', WHITE)).toBeGreaterThanOrEqual(AA);
    }
  });
});
