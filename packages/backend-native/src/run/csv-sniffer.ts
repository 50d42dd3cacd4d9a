import { statSync } from 'node:fs';
import { type Flow, walkPlan } from '@thund/ir';
import { type CompileContext, RelationCompiler, csvReadCall } from '../compile/relation-compiler.js';
import { quoteString } from '../compile/sql-text.js';
import type { NativeConnection } from '../duckdb/native-connection.js';
import type { FlowSession } from './flow-session.js';

/** Options that already fix what the sniffer would detect, or change how it detects it: such reads are left as written. */
const SNIFF_AFFECTING = new Set(['auto_detect', 'columns', 'sample_size']);

/**
 * Sniffs each CSV file a run reads once. DuckDB sniffs a `read_csv` without
 * declared columns every time a statement binds it (about 40 ms for a
 * 2M-row file), and a flow binds its query up to three times (DESCRIBE,
 * expectation counts, the write). Here the first flow reading a file asks
 * `sniff_csv` for the read it would do, the dialect and columns spelled
 * out with `auto_detect=false`, and every statement of every flow reading
 * the same file the same way uses that. Only a single file, types inferred:
 * a directory or glob may hold files the sample does not describe. A sniff
 * that fails leaves the read as written, so the read itself reports the
 * error as it would have.
 */
export class CsvSniffer {
  readonly #context: CompileContext;
  readonly #sniffs = new Map<string, Promise<string | undefined>>();

  constructor(context: CompileContext) {
    this.#context = context;
  }

  /**
   * Starts sniffing what `flows` read on a connection of its own, so the
   * sniffs overlap the run's preparation; `compile` then finds them done
   * or under way. Never rejects (a failed sniff leaves the read as written).
   */
  async prefetch(flows: readonly Flow[], connect: () => Promise<NativeConnection>): Promise<void> {
    const calls = [...new Set(flows.flatMap((flow) => this.#calls(flow)))].filter((call) => !this.#sniffs.has(call));
    if (calls.length === 0) return;
    const connection = await connect().catch(() => undefined);
    if (connection === undefined) return;
    try {
      for (const call of calls) await this.#sniff(call, connection); // one query at a time on a connection
    } finally {
      connection.closeSync();
    }
  }

  /** The flow's query with its sniffable CSV reads sniffed; `undefined` when it has none. */
  async compile(flow: Flow, session: FlowSession): Promise<string | undefined> {
    const calls = this.#calls(flow);
    if (calls.length === 0) return undefined;
    const sniffed = new Map<string, string>();
    for (const call of calls) {
      const read = await this.#sniff(call, session);
      if (read !== undefined) sniffed.set(call, read);
    }
    if (sniffed.size === 0) return undefined;
    return new RelationCompiler({ ...this.#context, sniffedCsv: (call) => sniffed.get(call) }).compile(flow.query);
  }

  /** The `read_csv(…)` calls of the flow's single-file CSV reads with inferred types. */
  #calls(flow: Flow): string[] {
    const calls: string[] = [];
    walkPlan(flow.query, {
      relation: (node) => {
        if (node.kind !== 'read_files' || node.format !== 'csv' || node.schema !== undefined) return;
        const options = Object.entries(node.options ?? {});
        if (options.some(([key]) => SNIFF_AFFECTING.has(key))) return;
        const path = this.#context.resolvePath(node.path);
        if (!isPlainFile(path)) return;
        calls.push(csvReadCall(quoteString(path), options, undefined));
      },
    });
    return calls;
  }

  #sniff(call: string, on: Pick<FlowSession, 'rowsJson'>): Promise<string | undefined> {
    let sniff = this.#sniffs.get(call);
    if (sniff === undefined) {
      sniff = on.rowsJson(`SELECT "Prompt" FROM ${call.replace(/^read_csv\(/, 'sniff_csv(')}`).then((rows) => readFromPrompt(rows[0]?.['Prompt']), () => undefined);
      this.#sniffs.set(call, sniff);
    }
    return sniff;
  }
}

/** The `read_csv(…)` of sniff_csv's prompt (`FROM read_csv(…);`), or `undefined` if it is not in that form. */
function readFromPrompt(prompt: unknown): string | undefined {
  if (typeof prompt !== 'string') return undefined;
  const match = /^FROM (read_csv\(.*\));?\s*$/s.exec(prompt.trim());
  return match?.[1]?.includes('auto_detect=false') === true ? match[1] : undefined;
}

function isPlainFile(path: string): boolean {
  if (/[*?[\]{}]/.test(path)) return false;
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
