import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popover, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChooserControls } from './useColumnChooser.ts';

/** The Columns button above a register: a checklist of the columns a user may show or hide, and Reset. */
export function ColumnChooser({ choice }: { choice: ChooserControls }) {
  const { t } = useTranslation();
  const content = (
    <Space orientation="vertical" size={4}>
      {choice.choosable.map((column) => (
        <Checkbox
          key={column.key}
          checked={choice.shown(column.key)}
          onChange={(event) => choice.setShown(column.key, event.target.checked)}
        >
          {column.label}
        </Checkbox>
      ))}
      <Button size="small" type="link" style={{ padding: 0 }} onClick={choice.reset}>
        {t('common.defaultColumns')}
      </Button>
    </Space>
  );
  return (
    <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 8 }}>
      <Popover trigger="click" placement="bottomRight" content={content} title={t('common.columns')}>
        <Button size="small" icon={<SettingOutlined aria-hidden />} disabled={!choice.ready}>
          {t('common.columns')}
        </Button>
      </Popover>
    </div>
  );
}
