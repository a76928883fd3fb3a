import { type Static, Type } from '@sinclair/typebox';

/** GET /properties/{site}: the site's current cronjob file ('' when it has none). */
export const PropertiesFileSchema = Type.Object({ data: Type.String() });

export const CRONJOB_DELIVERIES = ['delivered', 'failed', 'notConfigured'] as const;

/** A version of a site's cronjob file: who uploaded it and when, and whether it reached the controller host. */
export const CronjobVersionSchema = Type.Object({
  version: Type.Integer(),
  createdAt: Type.Number(),
  createdBy: Type.String(),
  /** the version it restored, if it is a restore */
  restoredFrom: Type.Union([Type.Integer(), Type.Null()]),
  bytes: Type.Integer(),
  delivery: Type.Unsafe<(typeof CRONJOB_DELIVERIES)[number]>({ type: 'string', enum: [...CRONJOB_DELIVERIES] }),
  /** what the delivery found: a code of API_ERRORS and its parameters */
  deliveryCode: Type.String(),
  deliveryParams: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
});

export const CronjobVersionTextSchema = Type.Composite([CronjobVersionSchema, Type.Object({ data: Type.String() })]);

export const VersionParams = Type.Object({
  site: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9._-]+$' }),
  version: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
});

export type PropertiesFile = Static<typeof PropertiesFileSchema>;
export type CronjobVersion = Static<typeof CronjobVersionSchema>;
export type CronjobVersionText = Static<typeof CronjobVersionTextSchema>;
