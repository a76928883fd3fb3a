import { customType } from 'drizzle-orm/pg-core';

/** Bytes, as PostgreSQL's bytea. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});
