import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import type { DeviceSecretField } from '@it4u/shared';
import { Button, Space, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotice } from '../../../components/feedback/useNotice.ts';
import { revealPassword } from '../useDeviceInfoMutations.ts';

type Props = {
  rowId: number | null;
  field: DeviceSecretField;
  /** the listed value: the mask where a password is stored, '' where none */
  stored: string;
  /** what the eye button says, e.g. "Show password WAN 1" */
  label: string;
  /** the caller may reveal passwords (ADMIN, LEAD_KT, KT) */
  canReveal: boolean;
};

/** A stored password: dots, and for the roles allowed, an eye that asks the server for it (each reveal is audited). */
export function SecretCell({ rowId, field, stored, label, canReveal }: Props) {
  const { t } = useTranslation();
  const notice = useNotice();
  const [shown, setShown] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  if (!stored || rowId === null) return null;
  const show = async () => {
    setLoading(true);
    try {
      setShown(await revealPassword(rowId, field));
    } catch (error) {
      notice.error(error);
    } finally {
      setLoading(false);
    }
  };
  return (
    <Space size={4} wrap={false}>
      {shown === null ? (
        <span role="img" aria-label={t('deviceInfo.password.stored')}>
          ••••••
        </span>
      ) : (
        <Typography.Text copyable={{ text: shown }} code>
          {shown}
        </Typography.Text>
      )}
      {canReveal && (
        <Tooltip title={shown === null ? label : t('deviceInfo.password.hide')}>
          <Button
            size="small"
            type="text"
            loading={loading}
            aria-label={shown === null ? label : t('deviceInfo.password.hide')}
            icon={shown === null ? <EyeOutlined aria-hidden /> : <EyeInvisibleOutlined aria-hidden />}
            onClick={() => (shown === null ? void show() : setShown(null))}
          />
        </Tooltip>
      )}
    </Space>
  );
}
