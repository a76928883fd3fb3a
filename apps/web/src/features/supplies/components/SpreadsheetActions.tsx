import { useTranslation } from 'react-i18next';
import type { Query } from '../../../api/client.ts';
import { SheetActions } from '../../../components/SheetActions.tsx';
import { type SheetKind, uploadPath } from '../paths.ts';
import { suppliesKeys } from '../queryKeys.ts';

type Props = {
  /** The upload endpoint and template of this table. */
  kind: SheetKind;
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
      uploadPath={uploadPath[kind]}
      templatePath={`/it4u/template/${kind}`}
      exportPath={`/it4u/export/${kind}`}
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
