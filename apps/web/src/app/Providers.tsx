import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import viVN from 'antd/locale/vi_VN';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NoticeProvider } from '../components/NoticeProvider.tsx';

type Props = { client: QueryClient; children: ReactNode };

/** Server data, the antd locale (follows i18next) and the notices. */
export function Providers({ client, children }: Props) {
  const { i18n } = useTranslation();
  return (
    <QueryClientProvider client={client}>
      <ConfigProvider locale={i18n.language === 'vi' ? viVN : enUS}>
        <NoticeProvider>{children}</NoticeProvider>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
