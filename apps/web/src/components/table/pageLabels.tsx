import type { PaginationProps } from 'antd';
import type { TFunction } from 'i18next';
import { cloneElement, isValidElement } from 'react';

const LABELS = {
  prev: 'common.pages.previous',
  next: 'common.pages.next',
  'jump-prev': 'common.pages.previousFive',
  'jump-next': 'common.pages.nextFive',
} as const;

/**
 * A pager's arrow buttons named in the reader's language (antd leaves them to their icons' English names). Given to
 * every pager of the console as its `itemRender`.
 */
export function pageLabels(t: TFunction): NonNullable<PaginationProps['itemRender']> {
  return (_page, type, element) => {
    if (type === 'page' || !isValidElement(element)) return element;
    // the jumps of five pages are links without an address, which may not carry a name unless they say what they are
    const role = type === 'jump-prev' || type === 'jump-next' ? { role: 'button' } : {};
    return cloneElement(element as React.ReactElement<{ 'aria-label'?: string; role?: string }>, {
      'aria-label': t(LABELS[type]),
      ...role,
    });
  };
}
