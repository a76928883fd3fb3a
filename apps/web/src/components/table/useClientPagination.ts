import { PAGE_SIZE, PAGE_SIZE_OPTIONS } from '@it4u/shared';
import type { TablePaginationConfig } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Paging of a table whose rows are all in the browser: page sizes 10, 50, 100, 200 and the "N in total" text. */
export function useClientPagination(): TablePaginationConfig {
  const { t } = useTranslation();
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZE);
  return {
    pageSize,
    showSizeChanger: true,
    pageSizeOptions: [...PAGE_SIZE_OPTIONS],
    showTotal: (total) => t('common.total', { count: total }),
    onChange: (_, size) => setPageSize(size),
  };
}
