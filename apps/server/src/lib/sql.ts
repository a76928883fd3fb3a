import { eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';

/** A LIKE pattern that matches text containing q literally. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** node-postgres and PGlite both answer db.execute with { rows }. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export function isUniqueViolation(err: unknown): err is { code: string; constraint?: string } {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

const FOREIGN_KEY_CODES = new Set(['23503', '23001']);

/**
 * A foreign key refused the write: a row names one that does not exist, or a deleted row is still named by another
 * table's rows. SQLSTATE 23503 (foreign_key_violation), or 23001 (restrict_violation), which a key declared
 * `on delete restrict` raises instead.
 */
export function isForeignKeyViolation(err: unknown): err is { code: string; constraint?: string } {
  const e = err as { code?: string; cause?: { code?: string } };
  return FOREIGN_KEY_CODES.has(e?.code ?? '') || FOREIGN_KEY_CODES.has(e?.cause?.code ?? '');
}

export function violatedConstraint(err: unknown): string {
  const e = err as { constraint?: string; cause?: { constraint?: string }; message?: string; detail?: string };
  return e.constraint ?? e.cause?.constraint ?? e.message ?? '';
}

/** True when q is empty; else any of the columns (trusted SQL names) contains q, without case. */
export function containsAny(q: string | undefined, columns: string[]): SQL {
  const text = q?.trim() ?? '';
  if (!text) return sql`true`;
  const p = containsPattern(text);
  return sql`(${sql.join(
    columns.map((c) => sql`${sql.raw(c)} ilike ${p}`),
    sql` or `,
  )})`;
}

/** Whether the table has a row whose column is value (e.g. whether a record still uses an item). */
export async function hasRow(db: Db, table: PgTable, column: PgColumn, value: number): Promise<boolean> {
  const rows = await db.select({ one: sql`1` }).from(table).where(eq(column, value)).limit(1);
  return rows.length > 0;
}

/** Rows in slices small enough for one statement each. */
export function chunks<T>(rows: T[], size = 1000): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** PostgreSQL's answer to two transactions that each wait for a lock the other holds: one is cancelled. */
export function isDeadlock(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '40P01' || e?.cause?.code === '40P01';
}

/**
 * A search box's words folded as `it4u_fold` folds the text it searches (lower case, without Vietnamese marks):
 * 'Hoa Mài' and 'hoa mai' are the same search.
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase()
    .trim();
}

/**
 * What a search box looks for in a register's folded text: alternatives (a record matches any), each a list of folded
 * words that must all be in the record, in any order and across its fields (`hoa mai khach` finds "Khách sạn Hoa
 * Mai"); a 12-hex-digit code is both a MAC and a serial.
 */
export type SearchTerms = readonly (readonly string[])[];

/** Which of a search's matches to answer, best first: a few for the search box, a page of them for "See all". */
export type SearchPage = { limit: number; offset: number };

export const pageOf = (page: SearchPage): SQL => sql`limit ${page.limit} offset ${page.offset}`;

/**
 * The register's stored folded text (its `search_folded` column, which a trigram index is made on) holds the terms:
 * every word of one alternative, each served by that index from three characters on.
 */
export function foldedContains(terms: SearchTerms): SQL {
  const alternatives = terms.map(
    (words) =>
      sql`(${sql.join(
        words.map((w) => sql`search_folded like ${containsPattern(w)}`),
        sql` and `,
      )})`,
  );
  return alternatives.length === 0 ? sql`false` : sql`(${sql.join(alternatives, sql` or `)})`;
}

/**
 * How well a matching record answers the terms, best first (0): the words of an alternative as typed, one after
 * the other, before a record that holds them apart or in another order.
 */
export function foldedRank(terms: SearchTerms): SQL {
  const phrases = terms.map((words) => sql`search_folded like ${containsPattern(words.join(' '))}`);
  return phrases.length === 0 ? sql`1` : sql`case when ${sql.join(phrases, sql` or `)} then 0 else 1 end`;
}

/**
 * The rows of a search box's query (one with `foldedContains`), planned with sequential scans priced out: PostgreSQL
 * reckons a trigram index dearer than reading a table of tens of thousands of rows, which is 3 to 10 times slower in
 * fact (docs/benchmarks.md, the search box). `set local` ends with the query's own transaction.
 */
export function searchRows<T>(db: Db, query: SQL): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return rowsOf<T>(await tx.execute(query));
  });
}
