import { fillTemplate } from './apiErrors.ts';

/**
 * What can be wrong with a row of an uploaded spreadsheet. The server sends each problem as a code with its
 * parameters (and an English text beside it); the web app says it in the reader's language.
 */
export const ROW_PROBLEMS = {
  noRows: 'the spreadsheet has no rows',
  unknownColumn: 'unknown column "{{column}}"',
  missingColumn: 'the column "{{column}}" is missing',
  missing: 'the {{field}} is missing',
  notADate: '{{field}}: not a date: "{{value}}"',
  ambiguousDate: '{{field}}: ambiguous date "{{value}}": use DD-MM-YYYY or YYYY-MM-DD',
  wholeNumber: 'the {{field}} must be a whole number of at least {{min}}',
  nonNegative: 'the {{field}} must be a number of 0 or more',
  notAMac: '"{{value}}" is not a MAC address',
  unknownValue: 'unknown {{field}} "{{value}}" (use {{allowed}})',
  repeated: 'the {{field}} {{value}} is also on row {{row}}',
  contractWithoutCustomer: 'the contract {{value}} is not in the register and the row names no customer',
  contractNotRegistered: 'the contract {{value}} is not in the contracts register',
  packWithoutProvider: 'the row names a service pack but no provider',
  providerWithoutPack: 'the row names the provider {{value}} but no service pack',
  unknownProvider: 'unknown provider "{{value}}"',
  unknownServicePack: 'the provider {{provider}} has no service pack "{{value}}"',
  notAValue: 'the column "{{column}}" holds a list or an object, not a value',
  badText: 'the column "{{column}}" holds characters that text may not contain',
  tooLong: 'the column "{{column}}" is longer than {{limit}} characters',
  tooLarge: 'the column "{{column}}" must be at most {{limit}}',
  notAHost: 'the column "{{column}}" holds "{{value}}", which is not an address (IP or host name)',
  unknownSite: 'the site "{{value}}" is not in the site names',
} as const;

export type RowProblemCode = keyof typeof ROW_PROBLEMS;

/** The fields a problem can name (`params.field`), with their English names. */
export const ROW_PROBLEM_FIELDS = {
  date: 'date',
  warrantyLandmark: 'warranty landmark',
  itemCode: 'item code',
  itemName: 'item name',
  quantity: 'quantity',
  openingQuantity: 'opening quantity',
  unitPrice: 'unit price',
  openingValue: 'opening value',
  warrantyPeriod: 'warranty period',
  storageTerm: 'storage term',
  status: 'status',
  numContract: 'contract number',
  deviceStatus: 'device status',
  fees: 'fees',
  deployRequestDate: 'deploy request date',
  dateAcceptance: 'acceptance date',
  dateOnlineRequest: 'online request date',
  dateOnline: 'online date',
  dateRequestStop: 'stop request date',
  dateStop: 'stop date',
} as const;

export type RowProblemField = keyof typeof ROW_PROBLEM_FIELDS;

export type RowProblem = {
  code: RowProblemCode;
  params?: { field?: RowProblemField } & Record<string, string | number | undefined>;
};

/** A bad row of an upload (row 1 is the header row): every problem, and all of them in English. */
export type RowError = { row: number; reason: string; problems: RowProblem[] };

/** A problem in English. */
export function problemText(problem: RowProblem): string {
  const params: Record<string, string | number | undefined> = { ...problem.params };
  if (problem.params?.field) params.field = ROW_PROBLEM_FIELDS[problem.params.field];
  return fillTemplate(ROW_PROBLEMS[problem.code], params);
}

/** The row error of a row's problems. */
export function rowError(row: number, problems: RowProblem[]): RowError {
  return { row, reason: problems.map(problemText).join('; '), problems };
}
