import { Grid } from 'antd';
import type { ReactNode } from 'react';
import { SearchBox, TableToolbar } from '../../../components/table/TableToolbar.tsx';
import { type ServerList, SortSelect } from '../serverList.tsx';

type Props<F extends string> = {
  list: ServerList<F>;
  searchPlaceholder: string;
  /** the fields a phone's sort offers (the wide table's headers sort by the same) */
  sortFields: { field: F; title: string }[];
  /** filters beside the search box */
  filters?: ReactNode;
  /** actions on the right */
  actions?: ReactNode;
};

/** Above a server-paged register: its search box (and filters), and on a phone the sort its headers give. */
export function ListToolbar<F extends string>({ list, searchPlaceholder, sortFields, filters, actions }: Props<F>) {
  const wide = Grid.useBreakpoint().md === true;
  return (
    <TableToolbar
      left={
        <>
          <SearchBox placeholder={searchPlaceholder} aria-label={searchPlaceholder} {...list.searchBox} />
          {filters}
          {!wide && <SortSelect list={list} fields={sortFields} />}
        </>
      }
      right={actions}
    />
  );
}
