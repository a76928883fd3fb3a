import { DeleteOutlined } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';

/** When `onConfirm` returns a promise, the Yes button spins until it settles. */
type Props = { onConfirm: () => void };

/** The Delete link of a table row, behind a 'Sure to delete?' confirmation. */
export function DeleteAction({ onConfirm }: Props) {
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={t('common.sureToDelete')}
      okText={t('common.yes')}
      cancelText={t('common.no')}
      onConfirm={onConfirm}
    >
      <Button type="link" size="small" danger icon={<DeleteOutlined />}>
        {t('common.delete')}
      </Button>
    </Popconfirm>
  );
}
