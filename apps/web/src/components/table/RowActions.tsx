import { CloseOutlined, EditOutlined, SaveOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteAction } from './DeleteAction.tsx';

type Props = {
  /** This row is in edit mode: Save and Cancel; otherwise Edit, Delete and the extra buttons. */
  editing: boolean;
  /** Another row is in edit mode: Edit and Delete are disabled (the extra buttons take `locked` themselves). */
  locked: boolean;
  saving: boolean;
  onSave: () => void;
  onCancel: () => void;
  onEdit: () => void;
  onDelete: () => Promise<unknown> | undefined;
  /** More buttons after Delete, e.g. History. */
  children?: ReactNode;
};

/** The action cell of an inline-edited row (see rowEditing.ts). */
export function RowActions({ editing, locked, saving, onSave, onCancel, onEdit, onDelete, children }: Props) {
  const { t } = useTranslation();
  if (editing) {
    return (
      <Space size={0}>
        <Button type="link" size="small" icon={<SaveOutlined aria-hidden />} loading={saving} onClick={onSave}>
          {t('common.save')}
        </Button>
        <Popconfirm
          title={t('common.sureToCancel')}
          okText={t('common.yes')}
          cancelText={t('common.no')}
          onConfirm={onCancel}
        >
          <Button type="link" size="small" icon={<CloseOutlined aria-hidden />}>
            {t('common.cancel')}
          </Button>
        </Popconfirm>
      </Space>
    );
  }
  return (
    <Space size={0}>
      <Button type="link" size="small" icon={<EditOutlined aria-hidden />} disabled={locked} onClick={onEdit}>
        {t('common.edit')}
      </Button>
      <DeleteAction disabled={locked} onConfirm={onDelete} />
      {children}
    </Space>
  );
}
