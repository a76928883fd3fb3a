// The official Network API's `filter` query parameter, as Ubiquiti's OpenAPI file for it describes it (its "Filtering"
// section, integration.json 10.4.57): property expressions `<property>.<function>(<arguments>)`, compound ones
// `and(...)` / `or(...)`, and `not(...)`; strings in single quotes (a quote doubled inside), integers, booleans,
// timestamps (ISO 8601) and UUIDs bare. The functions of scalar properties are read here (not the SET ones).

type Value = string | number | boolean;
/** A parsed filter: whether an item matches it. */
export type Filter = (item: Record<string, unknown>) => boolean;

export class FilterError extends Error {}

const FUNCTIONS = ['isNull', 'isNotNull', 'eq', 'ne', 'gt', 'ge', 'lt', 'le', 'like', 'in', 'notIn'] as const;
type Fn = (typeof FUNCTIONS)[number];

/** The filter of `text`; a FilterError when it does not parse. */
export function parseFilter(text: string): Filter {
  let at = 0;
  const fail = (): never => {
    throw new FilterError(`invalid filter at ${at}`);
  };
  const skip = () => {
    while (text[at] === ' ') at++;
  };
  const expect = (c: string) => {
    skip();
    if (text[at] !== c) fail();
    at++;
  };
  const word = (): string => {
    skip();
    const m = /^[A-Za-z_][A-Za-z0-9_.]*/.exec(text.slice(at));
    if (!m) return fail();
    at += m[0].length;
    return m[0];
  };
  const value = (): Value => {
    skip();
    if (text[at] === "'") {
      let out = '';
      at++;
      for (;;) {
        if (at >= text.length) fail();
        if (text[at] === "'") {
          if (text[at + 1] === "'") {
            out += "'";
            at += 2;
            continue;
          }
          at++;
          return out;
        }
        out += text[at++];
      }
    }
    const m = /^[^,()\s]+/.exec(text.slice(at));
    if (!m) return fail();
    at += m[0].length;
    if (m[0] === 'true' || m[0] === 'false') return m[0] === 'true';
    if (/^\d+(\.\d+)?$/.test(m[0])) return Number(m[0]);
    if (/^\d{4}-\d{2}-\d{2}/.test(m[0]) || /^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$/i.test(m[0])) return m[0];
    return fail();
  };
  const list = <T>(item: () => T): T[] => {
    expect('(');
    skip();
    const out: T[] = [];
    if (text[at] === ')') {
      at++;
      return out;
    }
    for (;;) {
      out.push(item());
      skip();
      if (text[at] === ',') {
        at++;
        continue;
      }
      expect(')');
      return out;
    }
  };
  const expression = (): Filter => {
    const name = word();
    if (name === 'and' || name === 'or') {
      const parts = list(expression);
      if (parts.length < 2) fail();
      return name === 'and' ? (x) => parts.every((p) => p(x)) : (x) => parts.some((p) => p(x));
    }
    if (name === 'not') {
      const [inner, ...more] = list(expression);
      if (!inner || more.length > 0) return fail();
      return (x) => !inner(x);
    }
    const dot = name.lastIndexOf('.');
    const fn = name.slice(dot + 1) as Fn;
    if (dot <= 0 || !FUNCTIONS.includes(fn)) return fail();
    const property = name.slice(0, dot);
    const args = list(value);
    const arity = fn === 'isNull' || fn === 'isNotNull' ? 0 : fn === 'in' || fn === 'notIn' ? -1 : 1;
    if (arity === 0 ? args.length !== 0 : arity === 1 ? args.length !== 1 : args.length === 0) fail();
    return (x) => holds(fn, read(x, property), args);
  };
  const filter = expression();
  skip();
  if (at !== text.length) fail();
  return filter;
}

function read(item: Record<string, unknown>, property: string): unknown {
  let v: unknown = item;
  for (const part of property.split('.'))
    v = v && typeof v === 'object' ? (v as Record<string, unknown>)[part] : undefined;
  return v;
}

/** -1, 0 or 1 as `a` is before, at or after `b` (timestamps by their time), or undefined when they are not alike. */
function order(a: unknown, b: Value): number | undefined {
  if (typeof a === 'number' && typeof b === 'number') return Math.sign(a - b);
  if (typeof a === 'string' && typeof b === 'string') {
    const [ta, tb] = [Date.parse(a), Date.parse(b)];
    if (/^\d{4}-\d{2}-\d{2}/.test(b) && !Number.isNaN(ta) && !Number.isNaN(tb)) return Math.sign(ta - tb);
    return a < b ? -1 : a > b ? 1 : 0;
  }
  if (typeof a === 'boolean' && typeof b === 'boolean') return a === b ? 0 : undefined;
  return undefined;
}

function holds(fn: Fn, v: unknown, args: Value[]): boolean {
  const [arg] = args as [Value];
  switch (fn) {
    case 'isNull':
      return v === undefined || v === null;
    case 'isNotNull':
      return v !== undefined && v !== null;
    case 'eq':
      return order(v, arg) === 0;
    case 'ne':
      return order(v, arg) !== 0;
    case 'gt':
      return order(v, arg) === 1;
    case 'ge':
      return (order(v, arg) ?? -1) >= 0;
    case 'lt':
      return order(v, arg) === -1;
    case 'le':
      return (order(v, arg) ?? 1) <= 0;
    case 'in':
      return args.some((a) => order(v, a) === 0);
    case 'notIn':
      return !args.some((a) => order(v, a) === 0);
    case 'like': {
      if (typeof v !== 'string' || typeof arg !== 'string') return false;
      const pattern = arg.replace(/\\([.*])|([.*])|([^.*\\]+)/g, (_, escaped, wild, plain) =>
        escaped ? `\\${escaped}` : wild === '*' ? '.*' : wild === '.' ? '.' : plain.replace(/[$()+?[\]^{|}]/g, '\\$&'),
      );
      return new RegExp(`^${pattern}$`, 's').test(v);
    }
  }
}
