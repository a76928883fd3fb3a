import { Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageTabs } from '../../components/layout/PageTabs.tsx';
import { CatalogueTab } from './components/CatalogueTab.tsx';
import { ReportTab } from './components/ReportTab.tsx';
import { StockTab } from './components/StockTab.tsx';
import './supplies.css';

type TabKey = 'report' | 'stockIn' | 'stockOut' | 'catalogue';
const TABS: readonly TabKey[] = ['report', 'stockIn', 'stockOut', 'catalogue'];

/**
 * /supplies (manage roles; the shell's gate sends the others to /403, and so does a 403 of the API); `?tab=stockOut`
 * opens a section (the offline banner's link to the stock-outs kept on the phone).
 */
export function SuppliesPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const asked = params.get('tab') as TabKey | null;
  const [tab, setTab] = useState<TabKey>(asked && TABS.includes(asked) ? asked : 'report');
  const [shownAsked, setShownAsked] = useState(asked);
  if (asked !== shownAsked) {
    setShownAsked(asked);
    if (asked && TABS.includes(asked)) setTab(asked);
  }
  return (
    <Card title={t(`supplies.titles.${tab}`)} className="supplies-page">
      <PageTabs<TabKey>
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'report', label: t('supplies.tabs.report'), children: <ReportTab /> },
          { key: 'stockIn', label: t('supplies.tabs.stockIn'), children: <StockTab kind="in" /> },
          { key: 'stockOut', label: t('supplies.tabs.stockOut'), children: <StockTab kind="out" /> },
          { key: 'catalogue', label: t('supplies.tabs.catalogue'), children: <CatalogueTab /> },
        ]}
      />
    </Card>
  );
}
