import { CloseOutlined } from '@ant-design/icons';
import { Button, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

type Props = {
  codes: string[];
  onRemove: (code: string) => void;
  disabled?: boolean;
  /** why the server refused a code, said under it (none: nothing said) */
  reason?: (code: string) => string | undefined;
};

/** The codes read from labels, each removable, with why one was refused. */
export function CodeList({ codes, onRemove, disabled, reason }: Props) {
  const { t } = useTranslation();
  return (
    <List
      size="small"
      bordered
      aria-label={t('common.scan.read')}
      dataSource={codes}
      renderItem={(code) => {
        const refused = reason?.(code);
        return (
          <List.Item
            actions={[
              <Button
                key="remove"
                type="text"
                size="small"
                icon={<CloseOutlined aria-hidden />}
                aria-label={t('common.scan.remove', { code })}
                disabled={disabled}
                onClick={() => onRemove(code)}
              />,
            ]}
          >
            <List.Item.Meta
              title={<Typography.Text code>{code}</Typography.Text>}
              description={refused ? <Typography.Text type="danger">{refused}</Typography.Text> : null}
            />
          </List.Item>
        );
      }}
    />
  );
}
