/**
 * A MAC address in any common form (AA:BB:CC:DD:EE:FF, aa-bb-cc-dd-ee-ff, aabb.ccdd.eeff, AABBCCDDEEFF) in the
 * one form the console stores, AA:BB:CC:DD:EE:FF; undefined when it is not a MAC address.
 */
export function canonicalMac(typed: string): string | undefined {
  const text = typed.trim();
  if (
    !/^[0-9A-Fa-f]{2}([:-]?)[0-9A-Fa-f]{2}(\1[0-9A-Fa-f]{2}){4}$|^[0-9A-Fa-f]{4}\.[0-9A-Fa-f]{4}\.[0-9A-Fa-f]{4}$/.test(
      text,
    )
  ) {
    return undefined;
  }
  const hex = text.replace(/[^0-9A-Fa-f]/g, '').toUpperCase();
  return hex.match(/.{2}/g)?.join(':');
}
