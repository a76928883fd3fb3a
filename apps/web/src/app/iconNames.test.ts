import { afterEach, describe, expect, it } from 'vitest';
import { hideAntdIconNames } from './iconNames.ts';

const icon = (name: string, label = name) =>
  `<span role="img" aria-label="${label}" class="anticon anticon-${name}"><svg></svg></span>`;

describe('antd icon names', () => {
  let observer: MutationObserver | undefined;
  afterEach(() => observer?.disconnect());

  it('hides the English names antd gives, also on icons drawn later or renamed, and keeps the names we gave', async () => {
    const root = document.createElement('div');
    root.innerHTML = `<div role="alert">${icon('info-circle')} Saved</div>${icon('close-circle', 'Xóa nội dung')}`;
    observer = hideAntdIconNames(root);
    expect(root.querySelector('.anticon-info-circle')?.getAttribute('aria-hidden')).toBe('true');
    expect(root.querySelector('.anticon-close-circle')?.hasAttribute('aria-hidden')).toBe(false);

    root.insertAdjacentHTML('beforeend', `<button>${icon('left')}</button>`);
    const eye = root.querySelector('.anticon-close-circle');
    eye?.classList.replace('anticon-close-circle', 'anticon-eye');
    eye?.setAttribute('aria-label', 'eye');
    await Promise.resolve(); // mutation records are delivered as a microtask
    expect(root.querySelector('.anticon-left')?.getAttribute('aria-hidden')).toBe('true');
    expect(eye?.getAttribute('aria-hidden')).toBe('true');
  });
});
