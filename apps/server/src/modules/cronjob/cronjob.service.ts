import {
  type ApiErrorCode,
  type CronjobVersion,
  type CronjobVersionText,
  type ErrorParams,
  propertiesProblem,
} from '@it4u/shared';
import { type SftpOutcome, siteFilePath, writeOverSftp } from '../../integrations/ssh/sftp.ts';
import type { Audit } from '../../lib/audit.ts';
import type { RequestContext } from '../../lib/context.ts';
import { BadRequestError, NotFoundError, UnsupportedMediaTypeError } from '../../lib/errors.ts';
import type { SshTarget } from '../settings/parameters.service.ts';
import type { SitesService } from '../sites/sites.service.ts';
import type { CronjobRepository, CronjobRow } from './cronjob.repository.ts';

/** The delivery's words as stored: the code and its parameters (the web app says them in the reader's language). */
const stored = (code: ApiErrorCode, params: ErrorParams = {}) => JSON.stringify({ code, params });

function toVersion(row: Omit<CronjobRow, 'text'> & { bytes: number }): CronjobVersion {
  let said: { code: string; params?: ErrorParams } = { code: 'sftpNotConfigured' };
  try {
    said = JSON.parse(row.deliveryMessage);
  } catch {}
  return {
    version: row.version,
    createdAt: row.createdAt.getTime(),
    createdBy: row.createdBy,
    restoredFrom: row.restoredFrom,
    bytes: row.bytes,
    delivery: row.delivery as CronjobVersion['delivery'],
    deliveryCode: said.code,
    ...(said.params && Object.keys(said.params).length ? { deliveryParams: said.params } : {}),
  };
}

/**
 * Each site's cronjob file (the controller's `config.properties`): every upload a new version with who and when;
 * the text checked line by line; written to the controller host over SFTP when one is set (its key pinned).
 */
export function createCronjobService(deps: {
  files: CronjobRepository;
  sites: SitesService;
  audit: Audit;
  target: () => Promise<SshTarget | undefined>;
  pin: (host: string, fingerprint: string) => Promise<void>;
}) {
  async function mustSite(site: string) {
    if (!(await deps.sites.byIdname(site))) throw new NotFoundError('siteNotFound');
  }

  async function deliver(site: string, text: string): Promise<SftpOutcome | undefined> {
    const target = await deps.target();
    if (!target) return undefined;
    // a site name that would lead out of its own folder (a name kept from before the rule, or a controller's) is
    // refused before anything is sent
    const file = siteFilePath(target.dataDir, site);
    if (!file) return { ok: false, code: 'sftpPathRefused', params: { site } };
    const outcome = await writeOverSftp(target, file, text);
    if (outcome.ok && outcome.hostKey && !target.hostKey) await deps.pin(target.host, outcome.hostKey);
    return outcome;
  }

  async function save(site: string, text: string, restoredFrom: number | null, ctx: RequestContext) {
    const outcome = await deliver(site, text);
    // the version and its audit line are one transaction: both or neither
    const row = await deps.files.add(
      {
        site,
        text,
        createdBy: ctx.actor.username,
        restoredFrom,
        delivery: outcome === undefined ? 'notConfigured' : outcome.ok ? 'delivered' : 'failed',
        deliveryMessage: outcome === undefined ? stored('sftpNotConfigured') : stored(outcome.code, outcome.params),
      },
      (added, tx) =>
        deps.audit.record(
          'cronjob.upload',
          ctx,
          { target: `site:${site}`, details: { version: added.version, restoredFrom, delivered: outcome?.ok ?? null } },
          tx,
        ),
    );
    return toVersion({ ...row, bytes: Buffer.byteLength(text) });
  }

  return {
    async current(site: string): Promise<{ data: string }> {
      await mustSite(site);
      return { data: (await deps.files.latest(site))?.text ?? '' };
    },

    async versions(site: string): Promise<CronjobVersion[]> {
      await mustSite(site);
      return (await deps.files.versions(site)).map(toVersion);
    },

    async version(site: string, version: number): Promise<CronjobVersionText> {
      const row = await deps.files.version(site, version);
      if (!row) throw new NotFoundError('cronjobNotFound');
      return { ...toVersion({ ...row, bytes: Buffer.byteLength(row.text) }), data: row.text };
    },

    /** An uploaded file (its bytes): UTF-8 text of key=value lines, else refused with the line. */
    async upload(site: string, filename: string, bytes: Buffer, ctx: RequestContext): Promise<CronjobVersion> {
      await mustSite(site);
      if (!/\.properties$/i.test(filename)) throw new UnsupportedMediaTypeError('propertiesExtension');
      let text: string;
      try {
        text = new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
      } catch {
        throw new UnsupportedMediaTypeError('propertiesNotText');
      }
      const problem = propertiesProblem(text);
      if (problem?.code === 'propertiesNotText') throw new UnsupportedMediaTypeError('propertiesNotText');
      if (problem) throw new BadRequestError(problem.code, 'file', problem.params);
      return save(site, text, null, ctx);
    },

    /** A version again, as a new version (delivered again). */
    async restore(site: string, version: number, ctx: RequestContext): Promise<CronjobVersion> {
      await mustSite(site);
      const row = await deps.files.version(site, version);
      if (!row) throw new NotFoundError('cronjobNotFound');
      return save(site, row.text, version, ctx);
    },
  };
}

export type CronjobService = ReturnType<typeof createCronjobService>;
