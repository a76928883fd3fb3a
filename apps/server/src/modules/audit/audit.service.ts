import { auditDetailParts } from '@it4u/shared';
import { type Actor, mayDo } from '../../lib/context.ts';
import { BadRequestError, NotFoundError } from '../../lib/errors.ts';
import { buildSheet, exportQueue } from '../../lib/spreadsheet.ts';
import type { ContractsForRecords } from '../contracts/contracts.module.ts';
import type { SitesService } from '../sites/sites.service.ts';
import type { AuditFilter, AuditRepository } from './audit.repository.ts';

/** The filters as a caller sends them: a customer by its contract's id. */
export type AuditQuery = Omit<AuditFilter, 'customer' | 'administrator'> & { contractId?: number };

/** The most lines an export holds, and how many are read at a time. */
export const AUDIT_EXPORT_MAX = 100_000;
const READ_SIZE = 1_000;

/** The most changes a site's connection history marks. */
const MAX_MARKS = 500;

export function createAuditService(deps: {
  audit: AuditRepository;
  contracts: Pick<ContractsForRecords, 'find'>;
  sites: Pick<SitesService, 'assertAccess'>;
}) {
  /** The reader's filter: what they asked, and what their role may read (an administrator reads every line whole). */
  async function filterOf(actor: Actor, query: AuditQuery): Promise<AuditFilter> {
    const { contractId, ...asked } = query;
    const rest = { ...asked, administrator: mayDo(actor, 'parameters') };
    if (rest.fromDate !== undefined && rest.toDate !== undefined && rest.fromDate > rest.toDate) {
      throw new BadRequestError('startAfterEnd', 'fromDate');
    }
    if (contractId === undefined) return rest;
    const contract = await deps.contracts.find(contractId);
    if (!contract) throw new NotFoundError('contractNotFound');
    return { ...rest, customer: { contractId, sites: contract.sitename.map((s) => s.idname) } };
  }

  return {
    async page(actor: Actor, query: AuditQuery & { page: number; pageSize: number }) {
      const { page, pageSize, ...filters } = query;
      return deps.audit.page(await filterOf(actor, filters), (page - 1) * pageSize, pageSize);
    },

    /** The changes to a site's wifi over a range, for a caller who may see the site. */
    siteChanges(actor: Actor, site: string, range: { start: number; end: number }) {
      deps.sites.assertAccess(actor, site);
      if (range.end < range.start) throw new BadRequestError('rangeReversed', 'end');
      return deps.audit.siteChanges(site, range.start, range.end, MAX_MARKS);
    },

    /** The lines of the filters as a sheet, newest first, read a thousand at a time. */
    async export(actor: Actor, query: AuditQuery): Promise<Buffer> {
      const filter = await filterOf(actor, query);
      return exportQueue.run(async () => {
        const rows: unknown[][] = [];
        let before: number | undefined;
        while (rows.length < AUDIT_EXPORT_MAX) {
          const lines = await deps.audit.after(filter, before, Math.min(READ_SIZE, AUDIT_EXPORT_MAX - rows.length));
          for (const l of lines) {
            rows.push([
              new Date(l.at),
              l.actorName,
              l.event,
              l.target ?? '',
              l.ip ?? '',
              auditDetailParts(l.details).join('; '),
            ]);
          }
          if (lines.length < READ_SIZE) break;
          before = lines.at(-1)?.id;
        }
        return buildSheet(
          'Audit',
          ['Thời gian', 'Người thực hiện', 'Sự kiện', 'Đối tượng', 'Địa chỉ IP', 'Chi tiết'],
          rows,
        );
      });
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
