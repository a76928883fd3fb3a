import type { TableColumnsType } from 'antd';
import { type ReactNode, useState } from 'react';
import { useCurrentUser } from '../../session/useCurrentUser.ts';

/** The column chooser of a register: its name (where the choice is kept) and the columns it hides at first. */
export type ChooserOptions = {
  /** names the choice, per user (e.g. 'stockOut') */
  key: string;
  /** the columns hidden until a user shows them (the others are the ones people scan) */
  hidden?: string[];
};

type Keyed<T> = TableColumnsType<T>[number];
const keyOf = (column: { key?: unknown }) => String(column.key ?? '');

/** What the Columns button works with: the columns a user may show or hide (with their header), and the choosing. */
export type ChooserControls = {
  /** the user is known (a choice is kept per user): until then the choice cannot be changed */
  ready: boolean;
  choosable: { key: string; label: ReactNode }[];
  shown: (key: string) => boolean;
  setShown: (key: string, show: boolean) => void;
  reset: () => void;
};

/** Which columns show, and the controls of the choice. */
export type ColumnChoice<T> = { visible: Keyed<T>[]; controls: ChooserControls };

/** Columns a user cannot hide: the row number, the actions, and the first column (it names the row). */
const alwaysShown = <T>(columns: Keyed<T>[]) =>
  new Set(['index', 'actions', keyOf(columns.find((c) => keyOf(c) !== 'index') ?? {})]);

const storageKey = (userId: number | undefined, key: string) => `it4u.columns.${userId ?? 0}.${key}`;

function readHidden(name: string): string[] | undefined {
  try {
    const raw = localStorage.getItem(name);
    const value: unknown = raw ? JSON.parse(raw) : undefined;
    return Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Which columns of a register show: by default those people scan (`hidden` lists the others); a user's choice is
 * remembered per user in this browser. Without options every column shows.
 */
export function useColumnChooser<T>(columns: Keyed<T>[], options?: ChooserOptions): ColumnChoice<T> {
  const userId = useCurrentUser(options !== undefined).data?.id;
  const name = options ? storageKey(userId, options.key) : '';
  const defaults = options?.hidden ?? [];
  const [chosen, setChosen] = useState<{ name: string; hidden: string[] }>(() => ({
    name,
    hidden: (options && readHidden(name)) ?? defaults,
  }));
  // the user became known after the first render: read their choice
  const hidden = chosen.name === name ? chosen.hidden : ((options && readHidden(name)) ?? defaults);
  const fixed = alwaysShown(columns);
  const save = (next: string[]) => {
    setChosen({ name, hidden: next });
    if (options && userId !== undefined) localStorage.setItem(name, JSON.stringify(next));
  };
  return {
    visible: options ? columns.filter((c) => fixed.has(keyOf(c)) || !hidden.includes(keyOf(c))) : columns,
    controls: {
      ready: userId !== undefined,
      choosable: columns
        .filter((c) => !fixed.has(keyOf(c)))
        .map((c) => ({ key: keyOf(c), label: typeof c.title === 'function' ? null : (c.title as ReactNode) })),
      shown: (key: string) => !hidden.includes(key),
      setShown: (key: string, show: boolean) =>
        save(show ? hidden.filter((k) => k !== key) : [...new Set([...hidden, key])]),
      reset: () => {
        setChosen({ name, hidden: defaults });
        if (options) localStorage.removeItem(name);
      },
    },
  };
}
