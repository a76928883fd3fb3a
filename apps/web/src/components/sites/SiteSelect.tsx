import type { Site } from '@it4u/shared';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { fold } from '../format/fold.ts';

type Props = {
  sites: Site[];
  /** idname of the chosen site */
  value: string | undefined;
  onChange: (idname: string) => void;
  loading?: boolean;
};

/** Matches a site on its name or its controller id. */
export function siteMatches(site: Pick<Site, 'sitename' | 'idname'>, input: string): boolean {
  const q = fold(input.trim());
  return fold(site.sitename).includes(q) || fold(site.idname).includes(q);
}

/** A searchable site picker (search on the site name and its controller id). */
export function SiteSelect({ sites, value, onChange, loading = false }: Props) {
  const { t } = useTranslation();
  return (
    <Select<string>
      showSearch={{
        filterOption: (input, option) => {
          const site = sites.find((s) => s.idname === option?.value);
          return site ? siteMatches(site, input) : false;
        },
      }}
      aria-label={t('sites.select')}
      placeholder={t('sites.select')}
      value={value}
      onChange={onChange}
      loading={loading}
      style={{ width: 280, maxWidth: '100%' }}
      options={sites.map((s) => ({
        value: s.idname,
        label: s.sitename === s.idname ? s.sitename : `${s.sitename} (${s.idname})`,
      }))}
      notFoundContent={t('sites.none')}
    />
  );
}
