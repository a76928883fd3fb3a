import type { Client } from 'ssh2';

/**
 * A new SSH client. ssh2 is loaded at the first connection, not at start: it sets up a 16 MB WebAssembly memory for its
 * Poly1305 when imported, which a console whose terminal is not used would carry for nothing.
 */
export async function newSshClient(): Promise<Client> {
  const { Client: SshClient } = await import('ssh2');
  return new SshClient();
}
