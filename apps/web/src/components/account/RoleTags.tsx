import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { roleLabel } from './roleLabel.ts';

const COLORS: Record<string, string> = {
  ROLE_ADMIN: 'red',
  ROLE_LEAD_KT: 'volcano',
  ROLE_KT: 'orange',
  ROLE_MANAGER: 'blue',
  ROLE_CSKH: 'cyan',
  ROLE_LEAD_KD: 'geekblue',
  ROLE_KH: 'green',
};

export function RoleTags({ roles }: { roles: readonly { name: string }[] }) {
  const { t } = useTranslation();
  return (
    <>
      {roles.map((role) => (
        <Tag key={role.name} color={COLORS[role.name]}>
          {roleLabel(role.name, t)}
        </Tag>
      ))}
    </>
  );
}
