import { readFileSync } from 'node:fs';
import path from 'node:path';

export const STATE_FILE = path.resolve(import.meta.dirname, '../.state/state.json');

export type E2eState = {
  /** printed by the first start */
  adminPassword: string;
  /** set by the first-sign-in spec; the later specs sign in with it */
  adminNewPassword: string;
};

export function readState(): E2eState {
  return JSON.parse(readFileSync(STATE_FILE, 'utf8'));
}
