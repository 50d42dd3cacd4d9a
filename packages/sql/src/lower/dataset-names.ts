import type { SourcePosition } from '../lex/token.js';
import type { NamePlace } from '../parse/ast.js';
import { SqlError } from '../sql-error.js';

/** Where a pipeline's datasets are: the spec's catalog and database (`undefined`: not named, the backend's default). */
export interface PipelinePlace {
  readonly catalog?: string;
  readonly database?: string;
}

/** What a name is used for in its statement: the words its errors use. */
export type NameUse = 'define' | 'read' | 'write';

/**
 * Names as SDP resolves them. Every dataset of a Þund pipeline lives in
 * the pipeline's one catalog and database; a name written in a statement
 * means one of them when its parts, completed by the place `USE` set
 * for the statement (else the pipeline's), are that catalog and database.
 * `LIVE.name` is always the pipeline's own (Lakeflow's prefix). Any other
 * qualified name is a table outside the pipeline, which Þund cannot read
 * or write: an error at the name, never a match on its last part.
 */
export class DatasetNames {
  readonly #pipeline: PipelinePlace;

  constructor(pipeline: PipelinePlace) {
    this.#pipeline = pipeline;
  }

  /** The dataset `qualifier.name` means, or a `SqlError` at `at` saying why it is none of the pipeline's. */
  resolve(name: string, qualifier: readonly string[], place: NamePlace | undefined, use: NameUse, file: string, at: SourcePosition): string {
    const written = [...qualifier, name].join('.');
    const fail = (message: string): SqlError => SqlError.at(file, at, message);
    if (qualifier.length === 1 && (qualifier[0] as string).toUpperCase() === 'LIVE') return name;
    if (qualifier.length > 2 || (qualifier.length > 0 && (qualifier[0] as string).toUpperCase() === 'LIVE')) {
      throw fail(`${written} is not a dataset name: write name, LIVE.name, schema.name or catalog.schema.name`);
    }
    const used = place?.setAt === undefined ? '' : ` (USE at line ${place.setAt.line})`;
    const catalog = qualifier.length === 2 ? qualifier[0] : place?.catalog;
    const database = qualifier.length >= 1 ? qualifier[qualifier.length - 1] : place?.database;
    if (database === null) {
      throw fail(`USE CATALOG${used} left no schema for ${name}, as in SDP: name one with USE SCHEMA …, or write ${name} as schema.${name}`);
    }
    const parts = [['catalog', catalog, this.#pipeline.catalog], ['database', database, this.#pipeline.database]] as const;
    for (const [what, value, own] of parts) {
      if (value === undefined || (own !== undefined && value.toLowerCase() === own.toLowerCase())) continue;
      const where = qualifier.length === 0 ? `after USE${used}, ${name} means ${[catalog, database].filter((p) => p !== undefined).join('.')}.${name}` : written;
      if (own === undefined) {
        throw fail(`${where} names the ${what} ${value}, and the spec does not name this pipeline's ${what}, so whether it is this pipeline's dataset is not known: add ${what}: ${value} to the spec, or write ${name} (or LIVE.${name})`);
      }
      if (use === 'define') {
        throw fail(`${where} would be created in the ${what} ${value}, and Þund keeps every dataset of a pipeline in its own ${what} (${own}, from the spec): drop the qualifier${used === '' ? '' : ' and the USE'}, or make it a pipeline of its own`);
      }
      throw fail(`${where} is not a dataset of this pipeline, whose datasets are in the ${what} ${own}: Þund ${use === 'read' ? 'reads' : 'writes'} only the pipeline's own datasets (name or LIVE.name)${use === 'read' ? ' and files (read_files(…))' : ''}, not tables outside it`);
    }
    return name;
  }
}
