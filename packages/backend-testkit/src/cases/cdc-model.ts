import type { Row } from '../backend-under-test.js';

/** What the reference model needs of a CDC spec; the predicates take the place of `deleteWhen` / `applyAsTruncates`. */
export interface CdcModelSpec {
  /** Columns identifying a row of the target. */
  readonly keys: readonly string[];
  /** Orders changes per key; a change whose sequence value is NULL is ignored. */
  readonly sequenceBy: string;
  /** `1` to keep the current state of each key, `2` to keep its history. */
  readonly scdType: 1 | 2;
  /** Only these input columns are stored (default: all). */
  readonly columns?: readonly string[];
  /** These input columns are not stored (ignored when `columns` is given). */
  readonly exceptColumns?: readonly string[];
  /** SCD 2 only: the stored non-key columns whose change opens a new version (default: all). */
  readonly trackHistory?: readonly string[];
  /** SCD 2 only: the stored non-key columns whose change does not open a new version (ignored when `trackHistory` is given). */
  readonly trackHistoryExcept?: readonly string[];
  /** A NULL column of an update keeps the stored value instead of overwriting it. */
  readonly ignoreNullUpdates?: boolean;
  /** Whether a change deletes its key (the model's `deleteWhen`). */
  readonly isDelete?: (change: Row) => boolean;
  /** SCD 1 only: whether a change truncates the whole target (the model's `applyAsTruncates`); it wins over a delete of the same sequence. */
  readonly isTruncate?: (change: Row) => boolean;
}

type Kind = 'truncate' | 'delete' | 'upsert';
interface Change { readonly row: Row; readonly seq: number | string; readonly kind: Kind }
interface Version { row: Row; readonly start: number | string }

const PRIORITY: Readonly<Record<Kind, number>> = { truncate: 0, delete: 1, upsert: 2 };
const same = (a: unknown, b: unknown): boolean => (a === null || a === undefined ? b === null || b === undefined : a === b);

/**
 * AUTO CDC semantics as a plain walk over each key's changes in sequence
 * order: the oracle the backends (which resolve changes with window
 * queries) are checked against. Rows hold the stored columns in
 * `inputColumns` order, then `__START_AT` / `__END_AT` for SCD 2.
 */
export function applyChangesModel(changes: readonly Row[], spec: CdcModelSpec, inputColumns: readonly string[]): Row[] {
  const stored = spec.columns !== undefined ? inputColumns.filter((c) => spec.columns?.includes(c)) : inputColumns.filter((c) => !(spec.exceptColumns ?? []).includes(c));
  const eligible = stored.filter((c) => !spec.keys.includes(c));
  const tracked = spec.trackHistory !== undefined ? eligible.filter((c) => spec.trackHistory?.includes(c)) : eligible.filter((c) => !(spec.trackHistoryExcept ?? []).includes(c));
  const kindOf = (row: Row): Kind => (spec.scdType === 1 && spec.isTruncate?.(row) === true ? 'truncate' : spec.isDelete?.(row) === true ? 'delete' : 'upsert');

  // Per key and sequence one change: a truncate before a delete before an upsert; NULL sequences ignored.
  const byKey = new Map<string, Map<string, Change>>();
  for (const row of changes) {
    const seq = row[spec.sequenceBy];
    if (seq === null || seq === undefined) continue;
    const key = JSON.stringify(spec.keys.map((k) => row[k] ?? null));
    const perSeq = byKey.get(key) ?? new Map<string, Change>();
    byKey.set(key, perSeq);
    const change: Change = { row, seq: seq as number | string, kind: kindOf(row) };
    const slot = JSON.stringify(seq);
    const held = perSeq.get(slot);
    if (held === undefined || PRIORITY[change.kind] < PRIORITY[held.kind]) perSeq.set(slot, change);
  }
  const ordered = [...byKey.values()].map((perSeq) => [...perSeq.values()].sort((a, b) => (a.seq < b.seq ? -1 : a.seq > b.seq ? 1 : 0)));
  const truncatedAt = ordered.flat().filter((c) => c.kind === 'truncate').map((c) => c.seq).reduce<number | string | undefined>((m, s) => (m === undefined || s > m ? s : m), undefined);

  const fill = (row: Row, current: Row | undefined): Row => Object.fromEntries(stored.map((c) => {
    const value = row[c] ?? null;
    return [c, value === null && spec.ignoreNullUpdates === true && current !== undefined ? current[c] ?? null : value];
  }));

  const out: Row[] = [];
  for (const list of ordered) {
    const live = list.filter((c) => c.kind !== 'truncate' && (truncatedAt === undefined || c.seq > truncatedAt));
    if (spec.scdType === 1) {
      let current: Row | undefined;
      for (const change of live) current = change.kind === 'delete' ? undefined : fill(change.row, current);
      if (current !== undefined) out.push(current);
      continue;
    }
    let open: Version | undefined;
    const close = (end: number | string | null): void => {
      if (open !== undefined) out.push({ ...open.row, __START_AT: open.start, __END_AT: end });
      open = undefined;
    };
    for (const change of live) {
      if (change.kind === 'delete') { close(change.seq); continue; }
      const row = fill(change.row, open?.row);
      if (open !== undefined && tracked.every((c) => same(open?.row[c], row[c]))) open.row = row;
      else { close(change.seq); open = { row, start: change.seq }; }
    }
    close(null);
  }
  return out;
}
