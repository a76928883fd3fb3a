/**
 * Searching, sorting and paging a site's list in memory: the devices and vouchers live on the controller, which has
 * no search or paging, and the console keeps its whole list for a short window (the controller's read cache). A
 * page is cut from that list so that a site with thousands of clients or vouchers never sends them all to the
 * browser. (The voucher list uses this too; it sits here because both areas read a controller's list alike.)
 */

/**
 * Text as a search compares it: lowercase, without Vietnamese marks (đ as d), and only its letters and digits, so
 * that 'phong 101' finds 'Phòng 101', '1234567890' the code '12345-67890' and 'aabb' the MAC 'AA:BB:…'. Letters of
 * every script are kept (lib/spreadsheet's foldHeader keeps a-z only: a search in another script would find all).
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/đ/g, 'd')
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** The words of a search box, each folded; a row is found when every word is in one of its fields. */
export function searchWords(q: string | undefined): string[] {
  return (q ?? '')
    .split(/\s+/)
    .map(foldForSearch)
    .filter((w) => w.length > 0);
}

/** Whether every word is in one of the folded fields (or in `also`, a field of the moment such as a status). */
export function hasAllWords(fields: readonly string[], words: readonly string[], also = ''): boolean {
  return words.every((w) => also.includes(w) || fields.some((f) => f.includes(w)));
}

/** Text fields sort in Vietnamese order, case and marks aside, numbers by value ('AP 2' before 'AP 10'). */
const collator = new Intl.Collator('vi', { numeric: true, sensitivity: 'base' });

type Index<T extends string> = { folded: string[][]; ranks: Map<T, Int32Array> };

/**
 * A list made searchable and sortable once per list the cache hands out (the same array for its window): each
 * row's folded search fields, and for each text field sorted by, every row's rank in it. A new list (the window
 * ended, a write changed it) gets a new index; an old one goes with its list.
 */
export function createListIndex<R, T extends string>(spec: {
  /** the fields a search looks in */
  search: (row: R) => string[];
  /** the text fields a page sorts by */
  text: Record<T, (row: R) => string>;
}) {
  const indexes = new WeakMap<readonly R[], Index<T>>();
  const indexOf = (list: readonly R[]): Index<T> => {
    let index = indexes.get(list);
    if (!index) {
      index = { folded: list.map((row) => spec.search(row).map(foldForSearch)), ranks: new Map() };
      indexes.set(list, index);
    }
    return index;
  };
  return {
    /** Each row's folded search fields, by its place in the list. */
    folded: (list: readonly R[]): string[][] => indexOf(list).folded,
    /** Each row's rank by a text field (equal texts share a rank), by its place in the list. */
    rank(list: readonly R[], field: T): Int32Array {
      const index = indexOf(list);
      let ranks = index.ranks.get(field);
      if (!ranks) {
        const text = list.map(spec.text[field]);
        const order = list.map((_, i) => i).sort((a, b) => collator.compare(text[a] ?? '', text[b] ?? ''));
        ranks = new Int32Array(list.length);
        let rank = 0;
        for (let k = 0; k < order.length; k++) {
          const i = order[k] ?? 0;
          const before = order[k - 1];
          if (k > 0 && before !== undefined && collator.compare(text[before] ?? '', text[i] ?? '') !== 0) rank = k;
          ranks[i] = rank;
        }
        index.ranks.set(field, ranks);
      }
      return ranks;
    },
  };
}

/** A sort key of a text field: each place's rank. */
export const byRank =
  (ranks: Int32Array) =>
  (place: number): number =>
    ranks[place] ?? 0;

/** A `field:asc|desc` the route's schema let through, split (the schema knows the fields). */
export function sortParts<F extends string>(sort: `${F}:${'asc' | 'desc'}`): { field: F; desc: boolean } {
  const colon = sort.lastIndexOf(':');
  return { field: sort.slice(0, colon) as F, desc: sort.slice(colon + 1) === 'desc' };
}

/**
 * The places of one page of the rows found, sorted by a key (a number per place in the list); rows of equal keys
 * keep the list's order whichever the direction, so that a page never shuffles between two calls.
 */
export function pageOfPlaces(
  found: number[],
  key: (place: number) => number,
  desc: boolean,
  page: number,
  pageSize: number,
): number[] {
  const sign = desc ? -1 : 1;
  const sorted = [...found].sort((a, b) => sign * (key(a) - key(b)) || a - b);
  return sorted.slice((page - 1) * pageSize, page * pageSize);
}
