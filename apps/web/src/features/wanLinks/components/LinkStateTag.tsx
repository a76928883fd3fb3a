import type { LinkState } from '@it4u/shared';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<LinkState, string> = { up: 'success', down: 'error', unknown: 'default' };

/** A link's state in words, coloured. */
export function LinkStateTag({ state }: { state: LinkState }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLOURS[state]} style={{ marginInlineEnd: 0 }}>
      {t(`wanLinks.state.${state}`)}
    </Tag>
  );
}
