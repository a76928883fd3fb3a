import type { Site } from '@it4u/shared';
import { Select } from 'antd';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { fold } from '../format/fold.ts';

type Props = {
  sites: Site[];
  /** idname of the chosen site */
  value: string | undefined;
  onChange: (idname: string) => void;
  loading?: boolean;
};

type SiteFields = Pick<Site, 'sitename' | 'idname'> & Partial<Pick<Site, 'customers' | 'contracts'>>;

/** What a site is found by, folded (lower case, no Vietnamese marks): its name, id, customers and contracts. */
export const searchKeyOf = (site: SiteFields): string =>
  fold([site.sitename, site.idname, ...(site.customers ?? []), ...(site.contracts ?? [])].join('\n'));

/** Matches a site on its name, its controller id, its customers or its contract numbers. */
export function siteMatches(site: SiteFields, input: string): boolean {
  return searchKeyOf(site).includes(fold(input.trim()));
}

/**
 * A searchable site picker (on the site's name, its controller id, its customers and its contract numbers, with or
 * without Vietnamese marks). Each site's search text is folded once per list, and the typed text once per keystroke,
 * so that filtering thousands of sites stays instant; the list itself is virtual.
 */
export function SiteSelect({ sites, value, onChange, loading = false }: Props) {
  const { t } = useTranslation();
  const options = useMemo(
    () =>
      sites.map((s) => ({
        value: s.idname,
        label: s.sitename === s.idname ? s.sitename : `${s.sitename} (${s.idname})`,
        search: searchKeyOf(s),
      })),
    [sites],
  );
  // the folded input, kept for the keystroke: antd asks once per option
  const typed = useRef({ input: '', folded: '' });
  const foldedInput = (input: string) => {
    if (typed.current.input !== input) typed.current = { input, folded: fold(input.trim()) };
    return typed.current.folded;
  };
  return (
    <Select<string, (typeof options)[number]>
      showSearch={{ filterOption: (input, option) => option?.search.includes(foldedInput(input)) ?? false }}
      aria-label={t('sites.select')}
      placeholder={t('sites.select')}
      value={value}
      onChange={onChange}
      loading={loading}
      style={{ width: 280, maxWidth: '100%' }}
      options={options}
      notFoundContent={t('sites.none')}
    />
  );
}
