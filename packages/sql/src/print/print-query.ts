import { type RelationNode, outputName } from '@thund/ir';
import { sparkTypeName } from '../parse/data-type.js';
import { SqlPrintError, printExpression, printSortKeys, sqlName, sqlString } from './print-expression.js';

/** What a reader of a dataset in a printed query needs: whether to read it as `STREAM(x)`. */
export interface PrintContext {
  /** Whether a read of `dataset` is printed as `STREAM(dataset)`; by default no read is. */
  readonly streamed?: (dataset: string) => boolean;
  /** Whether file reads are streams (a streaming flow's read_files are). */
  readonly streamFiles?: boolean;
}

/** A query being assembled: its clauses, so a node above can extend it instead of nesting it. */
interface Select {
  select: string[];
  distinct: boolean;
  from: string;
  where?: string;
  groupBy?: string[];
  orderBy?: string;
  limit?: string;
  /** The FROM is a single table or file (a join may not be extended by another). */
  readonly simple: boolean;
}

/**
 * Prints a portable plan as one Spark SQL query that `@thund/sql` reads
 * back to the same plan. What has no such SQL (a deduplication on some
 * columns, raw SQL, a projection of `*` alone) is a `SqlPrintError`.
 */
export function printQuery(node: RelationNode, context: PrintContext = {}): string {
  return new QueryPrinter(context).text(node);
}

class QueryPrinter {
  readonly #context: PrintContext;
  /** Lateral views printed so far, each named `lv<n>`. */
  #views = 0;

  constructor(context: PrintContext) {
    this.#context = context;
  }

  text(node: RelationNode): string {
    if (node.kind === 'union') {
      return node.inputs.map((input) => {
        const branch = this.text(input);
        // A branch that is itself a union of the other kind, or sorted or limited, keeps its parentheses.
        const nested = input.kind === 'union' && (input.all ?? true) !== (node.all ?? true);
        return nested || input.kind === 'sort' || input.kind === 'limit' ? `(${branch})` : branch;
      }).join(node.all === false ? ' UNION ' : ' UNION ALL ');
    }
    return render(this.#select(node));
  }

  #select(node: RelationNode): Select {
    switch (node.kind) {
      case 'read': {
        const streamed = this.#context.streamed?.(node.dataset) === true;
        return base(streamed ? `STREAM(${sqlName(node.dataset)})` : sqlName(node.dataset), true);
      }
      case 'read_files': {
        const args = [sqlString(node.path), `format => ${sqlString(node.format)}`];
        for (const [key, value] of Object.entries(node.options ?? {})) args.push(`${sqlName(key)} => ${sqlString(value)}`);
        if (node.schema !== undefined) {
          const fields = node.schema.map((f) => `${sqlName(f.name)} ${sparkTypeName(f.type)}${f.nullable === false ? ' NOT NULL' : ''}`);
          args.push(`schema => ${sqlString(fields.join(', '))}`);
        }
        if (node.maxFilesPerTrigger !== undefined) args.push(`maxFilesPerTrigger => ${node.maxFilesPerTrigger}`);
        return base(`${this.#context.streamFiles === true ? 'STREAM ' : ''}read_files(${args.join(', ')})`, true);
      }
      case 'filter': {
        const input = this.#rowLevel(node.input, (s) => s.where === undefined && s.select[0] === '*' && s.select.length === 1);
        return { ...input, where: printExpression(node.condition) };
      }
      case 'project': {
        if (node.columns.length === 1 && node.columns[0]?.kind === 'star' && node.columns[0].relation === undefined) {
          throw new SqlPrintError('a projection of * alone reads back as its input');
        }
        const input = this.#rowLevel(node.input, (s) => s.select.length === 1 && s.select[0] === '*');
        return { ...input, select: node.columns.map(printExpression) };
      }
      case 'aggregate': {
        const input = this.#rowLevel(node.input, (s) => s.select.length === 1 && s.select[0] === '*');
        for (const key of node.groupBy) {
          if (outputName(key) === undefined) throw new SqlPrintError('a GROUP BY key needs a name');
        }
        return {
          ...input,
          select: [...node.groupBy, ...node.aggregates].map(printExpression),
          groupBy: node.groupBy.map((key) => printExpression(key.kind === 'alias' ? key.expr : key)),
        };
      }
      case 'window': {
        const input = this.#rowLevel(node.input, (s) => s.select.length === 1 && s.select[0] === '*');
        return { ...input, select: ['*', ...node.expressions.map(printExpression)] };
      }
      case 'join': {
        const side = (input: RelationNode, alias: string | undefined): string => {
          if ((input.kind === 'read' || input.kind === 'read_files') && alias === undefined) return render(this.#select(input)).replace(/^SELECT \* FROM /, '');
          if (input.kind === 'read' && alias !== undefined) return `${render(this.#select(input)).replace(/^SELECT \* FROM /, '')} AS ${sqlName(alias)}`;
          // An unnamed join on the left continues the FROM (`a JOIN b ON … JOIN c ON …`): its sides' names stay visible, as in the plan.
          if (input.kind === 'join' && alias === undefined && input === node.left) return this.#select(input).from;
          return `(${this.text(input)})${alias === undefined ? '' : ` AS ${sqlName(alias)}`}`;
        };
        const kind = { inner: 'JOIN', left: 'LEFT JOIN', right: 'RIGHT JOIN', full: 'FULL JOIN', semi: 'LEFT SEMI JOIN', anti: 'LEFT ANTI JOIN', cross: 'CROSS JOIN' }[node.type];
        let condition = '';
        if (node.type !== 'cross') {
          if (node.using !== undefined && node.using.length > 0) condition = ` USING (${node.using.map(sqlName).join(', ')})`;
          else if (node.on !== undefined) condition = ` ON ${printExpression(node.on)}`;
          else throw new SqlPrintError('a join without ON or USING');
        }
        return base(`${side(node.left, node.leftAlias)} ${kind} ${side(node.right, node.rightAlias)}${condition}`, false);
      }
      case 'sort': {
        const input = this.#extendable(node.input, (s) => s.orderBy === undefined && s.limit === undefined);
        return { ...input, orderBy: printSortKeys(node.keys) };
      }
      case 'limit': {
        const input = this.#extendable(node.input, (s) => s.limit === undefined);
        return { ...input, limit: `${node.count}${node.offset === undefined ? '' : ` OFFSET ${node.offset}`}` };
      }
      case 'deduplicate': {
        if (node.columns !== undefined && node.columns.length > 0) throw new SqlPrintError('a deduplication on some columns (DISTINCT ON) has no Spark SQL form');
        const input = this.#rowLevel(node.input, () => true);
        if (input.distinct || input.orderBy !== undefined || input.limit !== undefined) return { ...base(`(${render(input)})`, false), distinct: true };
        return { ...input, distinct: true };
      }
      case 'generate': {
        // LATERAL VIEW follows the FROM clause's tables and comes before WHERE: a filtered or projected input is a subquery.
        const input = this.#rowLevel(node.input, (s) => s.select.length === 1 && s.select[0] === '*' && s.where === undefined);
        this.#views += 1;
        const names = node.names === undefined ? '' : ` AS ${node.names.map(sqlName).join(', ')}`;
        return { ...input, from: `${input.from} LATERAL VIEW ${node.outer === true ? 'OUTER ' : ''}${node.generator}(${printExpression(node.expr)}) ${sqlName(`lv${this.#views}`)}${names}` };
      }
      case 'range':
        return base(`range(${node.start}, ${node.end}, ${node.step})`, true);
      case 'union':
        return base(`(${this.text(node)})`, false);
      case 'sql':
        throw new SqlPrintError(`raw ${node.dialect} SQL is not a portable plan`);
    }
  }

  /**
   * The input as a query a row-level clause may be added to: the same query
   * when `fits` it and it is not yet grouped, distinct, sorted or limited;
   * else the input as a subquery.
   */
  #rowLevel(input: RelationNode, fits: (s: Select) => boolean): Select {
    if (input.kind !== 'union') {
      const inner = this.#select(input);
      if (inner.groupBy === undefined && !inner.distinct && inner.orderBy === undefined && inner.limit === undefined && fits(inner)) return inner;
      return base(`(${render(inner)})`, false);
    }
    return base(`(${this.text(input)})`, false);
  }

  /** The input as a query ORDER BY or LIMIT may be added to. */
  #extendable(input: RelationNode, fits: (s: Select) => boolean): Select {
    if (input.kind !== 'union') {
      const inner = this.#select(input);
      if (fits(inner)) return inner;
      return base(`(${render(inner)})`, false);
    }
    return base(`(${this.text(input)})`, false);
  }
}

function base(from: string, simple: boolean): Select {
  return { select: ['*'], distinct: false, from, simple };
}

function render(s: Select): string {
  let sql = `SELECT ${s.distinct ? 'DISTINCT ' : ''}${s.select.join(', ')} FROM ${s.from}`;
  if (s.where !== undefined) sql += ` WHERE ${s.where}`;
  if (s.groupBy !== undefined && s.groupBy.length > 0) sql += ` GROUP BY ${s.groupBy.join(', ')}`;
  if (s.orderBy !== undefined) sql += ` ORDER BY ${s.orderBy}`;
  if (s.limit !== undefined) sql += ` LIMIT ${s.limit}`;
  return sql;
}
