import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) with its recommended cost.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

/** A hash of a random password, verified against when the account does not exist, so timing tells nothing. */
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  dummy ??= hash('not-a-real-password-9f3b');
  return dummy;
}

/** Common Vietnamese choices that the international list lacks. */
const LOCAL_COMMON = ['matkhau', 'matkhau123', 'matkhau@123', 'admin123', 'admin@123', 'it4u1234', 'vietnam123'];
let common: Set<string> | undefined;

/**
 * A password that attackers try first: one of the 49,000 of the maintained zxcvbn-ts list (`@zxcvbn-ts/
 * language-common`), a few local ones, or the account's own username or e-mail address. Compared without case.
 */
export async function isCommonPassword(password: string, account: string[] = []): Promise<boolean> {
  if (!common) {
    const { dictionary } = await import('@zxcvbn-ts/language-common');
    common = new Set([...dictionary['passwords-common'], ...LOCAL_COMMON].map((p) => p.toLowerCase()));
  }
  const p = password.toLowerCase();
  return common.has(p) || account.some((a) => a && a.toLowerCase() === p);
}
