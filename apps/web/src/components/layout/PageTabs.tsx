import { EllipsisOutlined } from '@ant-design/icons';
import { Grid, Select, Tabs } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type PageTab<K extends string> = { key: K; label: string; children: ReactNode; disabled?: boolean };

type Props<K extends string> = {
  /** the section shown (default: the first, then the one picked) */
  activeKey?: K;
  onChange?: (key: K) => void;
  items: PageTab<K>[];
};

/**
 * The sections of a screen: tabs on a wide screen; on a phone, where more than two tabs overflow the strip, a select
 * of the sections above the one shown (every section stays one tap away, and nothing is hidden behind a "more").
 */
export function PageTabs<K extends string>({ activeKey, onChange, items }: Props<K>) {
  const { t } = useTranslation();
  const wide = Grid.useBreakpoint().md === true;
  const [picked, setPicked] = useState<K | undefined>(items[0]?.key);
  const shown = activeKey ?? picked;
  const [visited, setVisited] = useState<ReadonlySet<K>>(new Set());
  if (shown !== undefined && !visited.has(shown)) setVisited(new Set([...visited, shown]));
  const pick = (key: K) => {
    setPicked(key);
    onChange?.(key);
  };
  if (wide || items.length <= 2) {
    return (
      <Tabs
        activeKey={shown}
        onChange={(key) => pick(key as K)}
        items={items}
        more={{ icon: <EllipsisOutlined aria-label={t('common.moreSections')} /> }}
      />
    );
  }
  const active = items.find((item) => item.key === shown) ?? items[0];
  return (
    <>
      <Select<K>
        aria-label={t('common.section')}
        value={active?.key}
        onChange={pick}
        options={items.map((item) => ({ value: item.key, label: item.label, disabled: item.disabled }))}
        style={{ width: '100%', marginBottom: 16 }}
      />
      {/* a section once shown stays mounted, hidden (as antd's tabs keep theirs): a row being edited, the filters
          and the page survive a look at another section */}
      {items
        .filter((item) => item.key === active?.key || visited.has(item.key))
        .map((item) => (
          <section key={item.key} aria-label={item.label} hidden={item.key !== active?.key}>
            {item.children}
          </section>
        ))}
    </>
  );
}
