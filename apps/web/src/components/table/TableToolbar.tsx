import { CloseCircleFilled, SearchOutlined } from '@ant-design/icons';
import { Button, Input, Space } from 'antd';
import type { SearchProps } from 'antd/es/input';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The row above a register: the search box and filters on the left, the actions on the right. */
export function TableToolbar({ left, right }: { left: ReactNode; right: ReactNode }) {
  return (
    <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
      <Space wrap>{left}</Space>
      <Space wrap>{right}</Space>
    </Space>
  );
}

/**
 * The parts of a search box that antd names with its icons' English names ("search", "close-circle"): here named in
 * the screen's language.
 */
export function useSearchParts(label: string, primary = true) {
  const { t } = useTranslation();
  return {
    allowClear: { clearIcon: <CloseCircleFilled aria-label={t('common.clear')} /> },
    enterButton: (
      <Button type={primary ? 'primary' : 'default'} aria-label={label} icon={<SearchOutlined aria-hidden />} />
    ),
  };
}

/** A register's search box (Enter or the button searches; the cross clears). */
export function SearchBox(props: SearchProps) {
  const { t } = useTranslation();
  const parts = useSearchParts(t('common.search'));
  return (
    <Input.Search {...parts} aria-label={t('common.search')} style={{ width: 280, maxWidth: '100%' }} {...props} />
  );
}
