import { type FormInstance, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  title: ReactNode;
  okText: string;
  /** The form inside; OK submits it. */
  form: Pick<FormInstance, 'submit'>;
  /** The save is under way: OK spins. */
  pending: boolean;
  onClose: () => void;
  children: ReactNode;
};

/** A dialog around a form: OK submits the form, Cancel closes, a click outside does nothing. */
export function FormModal({ title, okText, form, pending, onClose, children }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={title}
      okText={okText}
      cancelText={t('common.cancel')}
      confirmLoading={pending}
      onOk={() => form.submit()}
      onCancel={onClose}
      mask={{ closable: false }}
    >
      {children}
    </Modal>
  );
}
