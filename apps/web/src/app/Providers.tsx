import { NOTICE_SECONDS, NOTICE_TOP_PX } from '@it4u/shared';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import viVN from 'antd/locale/vi_VN';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Props = { client: QueryClient; children: ReactNode };

/** Server data, antd locale (follows i18next) and the notice placement of spec section 8. */
export function Providers({ client, children }: Props) {
  const { i18n } = useTranslation();
  return (
    <QueryClientProvider client={client}>
      <ConfigProvider locale={i18n.language === 'vi' ? viVN : enUS}>
        <AntApp
          notification={{ placement: 'topRight', top: NOTICE_TOP_PX, duration: NOTICE_SECONDS }}
          message={{ top: NOTICE_TOP_PX, duration: NOTICE_SECONDS }}
        >
          {children}
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
