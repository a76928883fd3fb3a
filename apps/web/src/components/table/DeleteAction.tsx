import { DeleteOutlined } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';

type Props = {
  /** When it returns a promise, the Yes button spins until it settles. */
  onConfirm: () => void;
  /** The question; 'Sure to delete?' unless told. */
  title?: string;
  disabled?: boolean;
};

/** The Delete link of a table row, behind a confirmation. */
export function DeleteAction({ onConfirm, title, disabled = false }: Props) {
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={title ?? t('common.sureToDelete')}
      okText={t('common.yes')}
      cancelText={t('common.no')}
      onConfirm={onConfirm}
      disabled={disabled}
    >
      <Button type="link" size="small" danger icon={<DeleteOutlined aria-hidden />} disabled={disabled}>
        {t('common.delete')}
      </Button>
    </Popconfirm>
  );
}
