import { FUNCTION_CATALOG, FUNCTION_FAMILIES } from './function-catalog.js';
import { type FunctionSignature, arityLabel } from './function-signature.js';

const CLASS_WORDS: Readonly<Record<string, string>> = {
  any: 'any', numeric: 'number', integer: 'integer', string: 'string', string_or_binary: 'string or binary', boolean: 'boolean',
  temporal: 'date or timestamp', temporal_or_string: 'date, timestamp or string', integer_literal: 'integer literal',
  string_literal: 'string literal', numeric_literal: 'number literal',
};

/** `name(a: number, [b: integer literal])`: the arguments by class, optional ones bracketed, a repeated last one with `…`. */
export function signatureText(f: FunctionSignature): string {
  const shown = f.maxArgs === null ? Math.max(f.args.length, f.minArgs) : f.maxArgs;
  const parts = Array.from({ length: shown }, (_, i) => {
    const cls = f.args[Math.min(i, f.args.length - 1)] ?? 'any';
    const word = CLASS_WORDS[cls] ?? cls;
    return i < f.minArgs ? word : `[${word}]`;
  });
  if (f.maxArgs === null) parts.push('…');
  return `${f.name}(${parts.join(', ')})`;
}

const escapePipes = (text: string): string => text.replaceAll('|', '\\|');

function entry(f: FunctionSignature): string {
  const lines = [`### ${f.name}`, '', `\`${signatureText(f)}\` — ${f.kind}, ${arityLabel(f)} argument(s). Returns ${f.returns.text}.`, '', f.description];
  if (f.aliases.length > 0) lines.push('', `Also written ${f.aliases.map((a) => `\`${a}\``).join(', ')}.`);
  if (f.needsOrder === true) lines.push('', 'Its window needs an ORDER BY.');
  if (f.notes.length > 0) lines.push('', ...f.notes.map((n) => `- ${n}`));
  return lines.join('\n');
}

/**
 * The function reference (`docs/functions.md`), generated from the
 * catalog: every function by family, with its signature, type rule,
 * description, aliases, and each known difference between the engines
 * with what Þund does about it.
 */
export function functionReference(): string {
  const toc = FUNCTION_FAMILIES.map((family) => `- ${family.title}: ${family.functions.map((f) => `[${f.name}](#${f.name})`).join(', ')}`);
  const sections = FUNCTION_FAMILIES.map((family) => [`## ${family.title}`, '', ...family.functions.map((f) => `${entry(f)}\n`)].join('\n'));
  return [
    '<!-- generated from the function catalog (packages/ir/src/catalog): regenerate with `pnpm --filter @thund/ir generate` -->',
    '# Function reference',
    '',
    `Þund's plans and SQL call the ${FUNCTION_CATALOG.length} functions below, each under its Spark SQL name and with Spark's result type`,
    'and semantics (Spark 4.3, ANSI mode, session time zone UTC), on every backend. Each one is compared with the real Spark',
    'on generated inputs by the function differential (`packages/backend-spark/test/function-differential.test.ts`);',
    'what an engine cannot evaluate as Spark does is refused by `thund check` with the reason, or, for an input only the',
    'run sees, fails that run with `THUND_REFUSED` and the reason. Those cases are listed under each function.',
    '',
    ...toc.map(escapePipes),
    '',
    ...sections,
  ].join('\n');
}
