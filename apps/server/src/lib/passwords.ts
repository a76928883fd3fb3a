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
