import {
  DEVICE_HOST_FIELDS,
  DEVICE_SECRET_FIELDS,
  DEVICE_SECRET_MASK,
  DEVICE_TEXT_FIELD_NAMES,
  type DeviceInfo,
  type DeviceInfoInput,
  type DeviceSecretField,
  HOST_PATTERN,
  type RowProblem,
  rowError,
  type Site,
} from '@it4u/shared';
import type { Db } from '../../db/client.ts';
import { type Audit, changes } from '../../lib/audit.ts';
import type { RequestContext } from '../../lib/context.ts';
import { decryptSecret, encryptSecret } from '../../lib/crypto.ts';
import { BadRequestError, InvalidRowsError, NotFoundError } from '../../lib/errors.ts';
import { linkedId } from '../../lib/schemas.ts';
import { buildSheet, cellText, exportQueue, normaliseRows, writeSheet } from '../../lib/spreadsheet.ts';
import type { ContractsForRecords } from '../contracts/contracts.module.ts';
import type { SitesService } from '../sites/sites.service.ts';
import { CONTRACT_COLUMNS, DEVICE_COLUMNS, isSecretColumn } from './deviceInfo.columns.ts';
import type { DeviceInfoRepository, DeviceSecrets, DeviceTexts, DeviceValues } from './deviceInfo.repository.ts';

/** What device information asks of the terminal, which owns the hosts' approvals. */
export type HostApprovals = {
  /** drops the approvals of the row's hosts but `kept` (`"<field> <host>"`), in the caller's transaction */
  dropApprovalsExcept(deviceInfoId: number, kept: string[], within: Db): Promise<void>;
};

type Deps = {
  devices: DeviceInfoRepository;
  /** the terminal's face, bound once the terminal is made (it is made after this area) */
  approvals: () => HostApprovals;
  contracts: Pick<ContractsForRecords, 'find' | 'byNumbers' | 'bySite'>;
  sites: SitesService;
  audit: Audit;
  /** the stored-secrets key */
  secretKey: Buffer;
};

const HOST = new RegExp(HOST_PATTERN);
const isHostField = (f: string) => f.startsWith('ip');

/** The addresses of a row that are set (the hosts the terminal may reach for it): what the audit trail records. */
const addressesOf = (fields: DeviceTexts) =>
  Object.fromEntries(DEVICE_HOST_FIELDS.filter((f) => fields[f]).map((f) => [f, fields[f]]));

/** The addresses a change set, changed or emptied: field → {from, to}. */
function changedAddresses(before: DeviceTexts, after: DeviceTexts) {
  const changed: Record<string, { from: string; to: string }> = {};
  for (const f of DEVICE_HOST_FIELDS) if (before[f] !== after[f]) changed[f] = { from: before[f], to: after[f] };
  return changed;
}

/** A site's key in the upload's lookup: its description or short name, without case. */
const siteKey = (name: string) => name.trim().toLowerCase();

export function createDeviceInfoService({ devices, approvals, contracts, sites, audit, secretKey }: Deps) {
  async function mustFind(id: number): Promise<DeviceInfo> {
    const row = await devices.find(id);
    if (!row) throw new NotFoundError('deviceInfoNotFound');
    return row;
  }

  /**
   * A linked row named by id (`...Id`, or `{id}` as read) or as the spec names it (`{numContract}`, `{idname}`): its
   * id, null for none, undefined when not named; a spec's name that disagrees, or names no row, is refused.
   */
  async function linkOf(
    field: 'contract' | 'sitename',
    id: number | null | undefined,
    ref: { id?: number; numContract?: string; idname?: string } | null | undefined,
  ): Promise<number | null | undefined> {
    const key = field === 'contract' ? ref?.numContract?.trim() : ref?.idname?.trim();
    let byKey: number | undefined;
    if (key) {
      const found =
        field === 'contract'
          ? (await contracts.byNumbers([key])).get(key.toLowerCase())
          : await sites.byIdname(key).catch(() => undefined);
      if (!found) throw new BadRequestError(field === 'contract' ? 'contractNotFound' : 'siteNotFound', field);
      byKey = found.id;
    } else if (ref && ref.id === undefined) {
      throw new BadRequestError('fieldRequired', field, { field: `${field}.id` });
    }
    // the id wins over the row as read, as before; the spec's name must agree with them
    const ours = linkedId(id, ref && ref.id !== undefined ? { id: ref.id } : ref === null ? null : undefined);
    if (ours !== undefined && byKey !== undefined && ours !== byKey) {
      throw new BadRequestError('invalidFields', field, { fields: `${field}Id, ${field}` });
    }
    return ours === undefined ? byKey : ours;
  }

  /** The customer and site of a row: each must exist; a row with a site and no customer takes the site's. */
  async function links(input: DeviceInfoInput, before?: DeviceInfo) {
    const contractRef = await linkOf('contract', input.contractId, input.contract);
    const siteRef = await linkOf('sitename', input.sitenameId, input.sitename);
    let siteId = siteRef === undefined ? (before?.sitename?.id ?? null) : siteRef;
    let site: Site | undefined;
    if (siteId !== null) {
      site = await sites.get(siteId).catch(() => undefined);
      if (!site) throw new BadRequestError('siteNotFound', 'sitenameId');
      siteId = site.id;
    }
    let contractId = contractRef === undefined ? (before?.contract?.id ?? null) : contractRef;
    if (contractId !== null && !(await contracts.find(contractId))) {
      throw new BadRequestError('contractNotFound', 'contractId');
    }
    if (contractId === null && contractRef === undefined && site) {
      contractId = (await contracts.bySite(site.idname))?.id ?? null;
    }
    return { contractId, siteId };
  }

  /** The stored passwords after a change: the mask (or nothing) keeps one, '' removes it, any other text sets it. */
  function nextSecrets(input: Partial<Record<DeviceSecretField, string>>, stored: DeviceSecrets): DeviceSecrets {
    const out: DeviceSecrets = { ...stored };
    for (const f of DEVICE_SECRET_FIELDS) {
      const value = input[f];
      if (value === undefined || value === DEVICE_SECRET_MASK) continue;
      if (value === '') delete out[f];
      else out[f] = encryptSecret(secretKey, value);
    }
    return out;
  }

  const texts = (input: Partial<DeviceTexts>, before?: DeviceInfo): DeviceTexts =>
    Object.fromEntries(DEVICE_TEXT_FIELD_NAMES.map((f) => [f, (input[f] ?? before?.[f] ?? '').trim()])) as DeviceTexts;

  /** The password fields whose stored value a change set or removed (for the audit trail, never their values). */
  const changedSecrets = (before: DeviceSecrets, after: DeviceSecrets) =>
    DEVICE_SECRET_FIELDS.filter((f) => before[f] !== after[f]);

  async function exportRows(q: string | undefined): Promise<unknown[][]> {
    const { items } = await devices.page(q, 0, 100_000);
    const keys = DEVICE_COLUMNS.filter((c) => !isSecretColumn(c.key)).map((c) => c.key);
    return items.map((row) =>
      keys.map((k) => {
        if (k === 'numContract') return row.contract?.numContract ?? '';
        if (CONTRACT_COLUMNS.has(k)) return row.contract?.[k as 'clientName'] ?? '';
        if (k === 'sitename') return row.sitename?.sitename ?? '';
        return row[k as keyof DeviceTexts];
      }),
    );
  }

  return {
    page: (q: string | undefined, page: number, pageSize: number) => devices.page(q, (page - 1) * pageSize, pageSize),

    async create(input: DeviceInfoInput, ctx: RequestContext): Promise<DeviceInfo> {
      const secrets = nextSecrets(input, {});
      const linked = await links(input);
      const fields = texts(input);
      // the row and its audit lines are one transaction: both or neither
      const id = await devices.transaction(async (tx) => {
        const id = await devices.insert({ ...linked, fields, secrets }, tx);
        // a new row: its customer, site and addresses (the hosts the terminal may now reach), never its passwords
        const details = { contractId: linked.contractId, siteId: linked.siteId, addresses: addressesOf(fields) };
        await audit.record('deviceInfo.create', ctx, { target: `deviceInfo:${id}`, details }, tx);
        const changed = changedSecrets({}, secrets);
        if (changed.length)
          await audit.record('deviceInfo.passwords', ctx, { target: `deviceInfo:${id}`, details: { changed } }, tx);
        return id;
      });
      return mustFind(id);
    },

    async update(id: number, input: DeviceInfoInput, ctx: RequestContext): Promise<DeviceInfo> {
      const before = await mustFind(id);
      const stored = (await devices.secrets(id)) ?? {};
      const secrets = nextSecrets(input, stored);
      const fields = texts(input, before);
      const linked = await links(input, before);
      await devices.transaction(async (tx) => {
        const ok = await devices.update(id, { ...linked, fields, secrets }, tx);
        if (!ok) throw new NotFoundError('deviceInfoNotFound');
        // a change of address changes the hosts the terminal may reach for the row
        const moved = changedAddresses(texts({}, before), fields);
        if (Object.keys(moved).length) {
          // and drops the terminal's approvals of the hosts the row no longer has where they were approved
          const kept = DEVICE_HOST_FIELDS.filter((f) => fields[f].trim()).map(
            (f) => `${f} ${fields[f].trim().toLowerCase()}`,
          );
          await approvals().dropApprovalsExcept(id, kept, tx);
          await audit.record(
            'deviceInfo.addresses',
            ctx,
            { target: `deviceInfo:${id}`, details: { changed: moved } },
            tx,
          );
        }
        const changed = changedSecrets(stored, secrets);
        if (changed.length)
          await audit.record('deviceInfo.passwords', ctx, { target: `deviceInfo:${id}`, details: { changed } }, tx);
        // every change, as every area's: the fields before and after, the passwords only named
        const was = {
          ...texts({}, before),
          contractId: before.contract?.id ?? null,
          siteId: before.sitename?.id ?? null,
        };
        const details = { changed: changes(was, { ...fields, ...linked }), passwords: changed };
        await audit.record('deviceInfo.update', ctx, { target: `deviceInfo:${id}`, details }, tx);
      });
      return mustFind(id);
    },

    async remove(id: number, ctx: RequestContext): Promise<void> {
      await devices.transaction(async (tx) => {
        if (!(await devices.remove(id, tx))) throw new NotFoundError('deviceInfoNotFound');
        await audit.record('deviceInfo.delete', ctx, { target: `deviceInfo:${id}` }, tx);
      });
    },

    /** One stored password in clear, for the roles that may see it; every reveal is audited. */
    async reveal(id: number, field: DeviceSecretField, ctx: RequestContext): Promise<string> {
      const stored = await devices.secrets(id);
      if (!stored) throw new NotFoundError('deviceInfoNotFound');
      const value = stored[field];
      if (!value) throw new NotFoundError('noPasswordStored');
      await audit.record('deviceInfo.reveal', ctx, { target: `deviceInfo:${id}`, details: { field } });
      return decryptSecret(secretKey, value);
    },

    /** Rows of a spreadsheet, added all or nothing: every bad row is named with what is wrong with it. */
    async upload(rows: Record<string, unknown>[], ctx: RequestContext): Promise<number> {
      const { rows: cells, problems: cellProblems, errors } = normaliseRows(DEVICE_COLUMNS, rows);
      const numbers = cells.map((c) => cellText(c.numContract)).filter(Boolean);
      const known = await contracts.byNumbers(numbers);
      const siteList = cells.some((c) => cellText(c.sitename)) ? await sites.all() : [];
      const siteBy = new Map<string, Site>();
      for (const s of siteList) siteBy.set(siteKey(s.sitename), s);
      for (const s of siteList) siteBy.set(siteKey(s.idname), s);
      const values: DeviceValues[] = [];
      let passwords = 0;
      for (const [i, c] of cells.entries()) {
        const problems: RowProblem[] = [...(cellProblems[i] ?? [])];
        const numContract = cellText(c.numContract);
        const contract = numContract ? known.get(numContract.toLowerCase()) : undefined;
        if (numContract && !contract) problems.push({ code: 'contractNotRegistered', params: { value: numContract } });
        const sitename = cellText(c.sitename);
        const site = sitename ? siteBy.get(siteKey(sitename)) : undefined;
        if (sitename && !site) problems.push({ code: 'unknownSite', params: { value: sitename } });
        const fields = Object.fromEntries(DEVICE_TEXT_FIELD_NAMES.map((f) => [f, cellText(c[f])])) as DeviceTexts;
        for (const f of DEVICE_TEXT_FIELD_NAMES) {
          if (isHostField(f) && fields[f] && !HOST.test(fields[f])) {
            const header = DEVICE_COLUMNS.find((col) => col.key === f)?.header ?? f;
            problems.push({ code: 'notAHost', params: { column: header, value: fields[f] } });
          }
        }
        if (problems.length) {
          errors.push(rowError(i + 2, problems));
          continue;
        }
        const secrets: DeviceSecrets = {};
        for (const f of DEVICE_SECRET_FIELDS) {
          const text = cellText(c[f]);
          if (text) secrets[f] = encryptSecret(secretKey, text);
        }
        passwords += Object.keys(secrets).length;
        values.push({ contractId: contract?.id ?? null, siteId: site?.id ?? null, fields, secrets });
      }
      if (errors.length) throw new InvalidRowsError(errors);
      // a row with a site and no contract number takes the site's contract
      for (const v of values) {
        if (v.contractId === null && v.siteId !== null) {
          const site = siteList.find((s) => s.id === v.siteId);
          if (site) v.contractId = (await contracts.bySite(site.idname))?.id ?? null;
        }
      }
      await devices.transaction(async (tx) => {
        await devices.insertMany(values, tx);
        await audit.record('deviceInfo.upload', ctx, { details: { rows: values.length, passwords } }, tx);
      });
      return values.length;
    },

    template: () =>
      writeSheet(
        'clientDeviceInf',
        DEVICE_COLUMNS.map((c) => c.header),
        [],
      ),

    /** The list as .xlsx (what the search finds), without its passwords. */
    exportSheet(q: string | undefined): Promise<Buffer> {
      const header = DEVICE_COLUMNS.filter((c) => !isSecretColumn(c.key)).map((c) => c.header);
      return exportQueue.run(async () => buildSheet('clientDeviceInf', header, await exportRows(q)));
    },
  };
}

export type DeviceInfoService = ReturnType<typeof createDeviceInfoService>;
