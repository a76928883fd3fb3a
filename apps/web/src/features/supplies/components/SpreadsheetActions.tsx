import type { SheetTable } from '@it4u/shared';
import { useTranslation } from 'react-i18next';
import { type ApiKey, pathOf } from '../../../api/call.ts';
import type { Query } from '../../../api/client.ts';
import { SheetActions } from '../../../components/upload/SheetActions.tsx';
import { suppliesKeys } from '../queryKeys.ts';

/** The upload route of each table. */
const UPLOAD = {
  listSupplies: 'POST /it4u/uploadListSupplies',
  importWarehouse: 'POST /it4u/uploadImportWarehouse',
  exportWarehouse: 'POST /it4u/uploadExportWarehouse',
} as const satisfies Record<SheetTable, ApiKey>;

type Props = {
  /** The upload endpoint and template of this table. */
  kind: SheetTable;
  /** Export: the query of the table as it is filtered now. */
  exportQuery?: Query;
  /** Nothing may be uploaded while a row is being edited. */
  disabled?: boolean;
};

/** Upload (.xlsx, .xls), template download and export of one supplies table. */
export function SpreadsheetActions({ kind, exportQuery, disabled }: Props) {
  const { t } = useTranslation();
  return (
    <SheetActions
      uploadPath={pathOf(UPLOAD[kind])}
      templatePath={pathOf('GET /it4u/template/:table', { params: { table: kind } })}
      exportPath={pathOf('GET /it4u/export/:table', { params: { table: kind } })}
      fileName={kind}
      invalidate={suppliesKeys.all}
      exportQuery={exportQuery}
      disabled={disabled}
      labels={{
        upload: t('supplies.actions.upload'),
        template: t('supplies.actions.template'),
        export: t('supplies.actions.export'),
        uploaded: (count) => t('supplies.notices.uploaded', { count }),
      }}
    />
  );
}
