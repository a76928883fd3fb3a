/** The largest cronjob file (a controller's config.properties) the console takes. */
export const PROPERTIES_MAX_BYTES = 64 * 1024;

/** What is wrong with a .properties text: a code of API_ERRORS and its parameters; null when it is right. */
export type PropertiesProblem =
  | { code: 'propertiesNotText'; params?: undefined }
  | { code: 'propertiesSyntax'; params: { line: number; text: string } };

/**
 * Checks a `.properties` file as the controller reads it: lines of `key=value` (or `key:value`), blank lines, and
 * comments starting with `#` or `!`; a line ending in a backslash goes on on the next. A key has no spaces.
 */
export function propertiesProblem(text: string): PropertiesProblem | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for (a binary file)
  if (text.includes('\uFFFD') || /[\u0000-\u0008\u000E-\u001F]/.test(text)) return { code: 'propertiesNotText' };
  const lines = text.split(/\r\n|\n|\r/);
  let continued = false;
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim();
    const goesOn = /(^|[^\\])(\\\\)*\\$/.test(line);
    if (continued) {
      continued = goesOn;
      continue;
    }
    continued = goesOn;
    if (line === '' || line.startsWith('#') || line.startsWith('!')) continue;
    const m = /^([^=:\s]+)\s*[=:]/.exec(line);
    if (!m) return { code: 'propertiesSyntax', params: { line: i + 1, text: raw.slice(0, 80) } };
  }
  return null;
}
