import type { CorpusStatement } from './statements.js';

/*
 * How the coverage test tells that a corpus statement uses an item of the
 * census (docs/census/sdp-sql-census.json): one detector per census label,
 * a pattern over the statement's text (strings and comments masked where
 * they could mislead) or a fact of its file. A census label without a
 * detector fails the coverage test, so a census that grows is covered too.
 */

/** What a detector looks at: a statement and the whole text of its file. */
export interface Usage {
  /** The statement. */
  readonly statement: CorpusStatement;
  /** The text of the statement's file. */
  readonly fileText: string;
}

/** Whether a statement uses a census item. */
export type Detector = (usage: Usage) => boolean;

/** The statement's masked text on one line, upper-cased: keywords and names, no strings or comments. */
const flat = (u: Usage): string => u.statement.masked.replace(/\s+/g, ' ').trim().toUpperCase();
/** The statement without comments, strings kept, on one line. */
const code = (u: Usage): string => u.statement.code.replace(/\s+/g, ' ').trim();

const masked = (pattern: RegExp): Detector => (u) => pattern.test(flat(u));
const withStrings = (pattern: RegExp): Detector => (u) => pattern.test(code(u));

/** Whether the statement has a defining query (`AS SELECT`, `AS WITH`, `AS FROM`, …). */
const hasQuery = (u: Usage): boolean => /\sAS\s*(\(\s*)?(SELECT|WITH|FROM|VALUES)\b/.test(flat(u).replace(/\bFLOW AUTO CDC\b.*/, ''));

/** `CREATE …` forms, the census's "… AS query" and "… (no query)" labels, by their words. */
function createForm(label: string): Detector | undefined {
  const match = /^(CREATE [A-Z ]+?) (AS query|\(no query\))$/.exec(label);
  if (match === null) return undefined;
  const words = match[1] as string;
  const query = match[2] === 'AS query';
  return (u) => {
    const text = flat(u);
    if (!text.startsWith(`${words} `)) return false;
    // The words must be the whole kind: CREATE STREAMING TABLE is not CREATE STREAMING LIVE TABLE.
    return hasQuery(u) === query;
  };
}

/** Each `name(…)` call's argument text, strings kept. */
function callArguments(text: string, name: string): string[] {
  const out: string[] = [];
  const pattern = new RegExp(`\\b${name}\\s*\\(`, 'gi');
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    let depth = 1;
    let i = match.index + match[0].length;
    const start = i;
    for (; i < text.length && depth > 0; i++) {
      if (text[i] === '(') depth++;
      else if (text[i] === ')') depth--;
    }
    out.push(text.slice(start, i - 1));
  }
  return out;
}

/** Text with every balanced `( … )` that follows `OVER` removed (for ORDER BY outside windows). */
function withoutWindows(text: string): string {
  let out = text;
  for (;;) {
    const at = /\bOVER\s*\(/.exec(out);
    if (at === null) return out;
    let depth = 1;
    let i = at.index + at[0].length;
    for (; i < out.length && depth > 0; i++) {
      if (out[i] === '(') depth++;
      else if (out[i] === ')') depth--;
    }
    out = out.slice(0, at.index) + out.slice(i);
  }
}

/** Whether `text` has `pattern` at parenthesis depth `depth`. */
function atDepth(text: string, pattern: RegExp, depth: number): boolean {
  const global = new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`);
  for (let match = global.exec(text); match !== null; match = global.exec(text)) {
    let d = 0;
    for (let i = 0; i < match.index; i++) {
      if (text[i] === '(') d++;
      else if (text[i] === ')') d--;
    }
    if (d === depth) return true;
  }
  return false;
}

/** Every EXPECT's text after its balanced condition. */
function afterExpects(text: string): string[] {
  return callArguments(text, 'EXPECT').map((condition) => {
    const at = text.indexOf(condition) + condition.length + 1;
    return text.slice(at, at + 30);
  });
}

/** Table names and aliases of FROM and JOIN, and CTE names: what `x.` may qualify. */
function relationNames(text: string): Set<string> {
  const names = new Set<string>(['LIVE']);
  const from = /\b(?:FROM|JOIN)\s+(?:STREAM\s*\(?\s*)?((?:[\w$]+|`[^`]*`)(?:\.(?:[\w$]+|`[^`]*`))*)(?:\s*\))?(?:\s+(?:AS\s+)?([A-Z_][\w$]*))?/g;
  for (let m = from.exec(text); m !== null; m = from.exec(text)) {
    names.add(((m[1] as string).split('.').pop() as string).replace(/`/g, ''));
    for (const part of (m[1] as string).split('.')) names.add(part.replace(/`/g, ''));
    if (m[2] !== undefined) names.add(m[2]);
  }
  const alias = /\)\s+(?:AS\s+)?([A-Z_][\w$]*)/g;
  for (let m = alias.exec(text); m !== null; m = alias.exec(text)) names.add(m[1] as string);
  const cte = /\b([A-Z_][\w$]*)\s+AS\s*\(/g;
  for (let m = cte.exec(text); m !== null; m = cte.exec(text)) names.add(m[1] as string);
  return names;
}

const FORMATS = new Set(['CSV', 'JSON', 'PARQUET', 'DELTA', 'TEXT', 'ORC', 'AVRO']);
const TYPES = 'STRING|INT|INTEGER|BIGINT|LONG|SMALLINT|TINYINT|DOUBLE|FLOAT|DECIMAL|DATE|TIMESTAMP|TIMESTAMP_NTZ|BOOLEAN|BINARY|ARRAY|STRUCT|MAP';

/** Names of a notebook export's first line. */
const NOTEBOOK = /^-- Databricks notebook source/;
const COMMAND_LINE = /^--\s*COMMAND\s*-+\s*$/m;

const STATEMENT_FORMS: Readonly<Record<string, Detector>> = {
  'CREATE STREAMING TABLE … FLOW AUTO CDC': masked(/^CREATE (OR REFRESH )?STREAMING TABLE .*\bFLOW AUTO CDC\b/),
  'CREATE FLOW … AS INSERT INTO … BY NAME': masked(/^CREATE FLOW .* AS INSERT INTO .*\bBY NAME\b/),
  'CREATE FLOW … AS INSERT INTO (no BY NAME)': (u) => /^CREATE FLOW .* AS INSERT INTO /.test(flat(u)) && !/\bBY NAME\b/.test(flat(u)),
  'CREATE FLOW … AS AUTO CDC INTO': masked(/^CREATE FLOW .* AS AUTO CDC INTO /),
  'APPLY CHANGES INTO': masked(/^APPLY CHANGES INTO /),
  'SET key [= value]': masked(/^SET (?!CATALOG\b|SCHEMA\b)\S/),
  'SET CATALOG': masked(/^SET CATALOG\b/),
  'USE DATABASE': masked(/^USE DATABASE\b/),
  'USE CATALOG': masked(/^USE CATALOG\b/),
  'USE NAMESPACE': masked(/^USE NAMESPACE\b/),
  'USE name': masked(/^USE (?!CATALOG\b|DATABASE\b|SCHEMA\b|NAMESPACE\b)\S/),
};

const CLAUSES: Readonly<Record<string, Detector>> = {
  'double-quoted string literal': (u) => u.statement.masked.includes('"'),
  'COMMENT (table/view)': (u) => atDepth(flat(u), /\bCOMMENT ["']/, 0) && /^CREATE /.test(flat(u)),
  'column COMMENT': (u) => /^CREATE /.test(flat(u)) && atDepth(flat(u), /\bCOMMENT ["']/, 1),
  'CONSTRAINT … EXPECT (expectations total)': masked(/\bCONSTRAINT \S+ EXPECT\b/),
  'CONSTRAINT … EXPECT (statements)': masked(/\bCONSTRAINT \S+ EXPECT\b/),
  'STREAM(name) with parentheses': masked(/\bSTREAM ?\( ?(?!READ_FILES\b|CLOUD_FILES\b)[A-Z_`]/),
  'EXPECT … ON VIOLATION DROP ROW': masked(/\bON VIOLATION DROP ROW\b/),
  'EXPECT without ON VIOLATION (warn)': (u) => afterExpects(flat(u)).some((rest) => !/^\s*ON VIOLATION\b/.test(rest)),
  'EXPECT … ON VIOLATION FAIL UPDATE': masked(/\bON VIOLATION FAIL UPDATE\b/),
  'TBLPROPERTIES': masked(/\bTBLPROPERTIES\b/),
  'schema paren with only constraints/expectations': (u) => /^CREATE [^(]*?\( ?CONSTRAINT\b/.test(flat(u)) && !/^CREATE [^(]*?\([^)]*?,\s*[A-Z_`][\w`]* (?:STRING|INT|BIGINT|DOUBLE)\b/.test(flat(u)),
  'LIVE. prefix (occurrences)': masked(/\bLIVE ?\./),
  'LIVE. prefix (statements)': masked(/\bLIVE ?\./),
  'three-part name catalog.schema.table': (u) => /\b(?:FROM|JOIN|TABLE|VIEW|INTO|STREAM ?\() ?([\w`]+)\.([\w`]+)\.([\w`]+)\b/i.test(code(u)),
  'two-part name schema.table (not LIVE.)': (u) => {
    const m = /\b(?:FROM|JOIN|TABLE|VIEW|INTO|STREAM ?\() ?([\w`]+)\.([\w`]+)\b(?!\.)/i.exec(code(u));
    return m !== null && !['LIVE', ...FORMATS].includes((m[1] as string).toUpperCase());
  },
  'file is a notebook export (-- Databricks notebook source)': (u) => NOTEBOOK.test(u.fileText),
  'file has -- COMMAND ---------- cell separators': (u) => COMMAND_LINE.test(u.fileText),
  '-- COMMAND separators in a plain .sql file (no notebook header)': (u) => COMMAND_LINE.test(u.fileText) && !NOTEBOOK.test(u.fileText),
  'file has -- MAGIC (markdown/other-language) cells': (u) => /^-- MAGIC %(?!sql)/m.test(u.fileText),
  'STREAM read_files(…) / STREAM cloud_files': masked(/\bSTREAM ?\(? ?(READ_FILES|CLOUD_FILES) ?\(/),
  'STREAM name (no parentheses)': masked(/\bSTREAM (?!READ_FILES\b|CLOUD_FILES\b)[A-Z_`]/),
  'backtick-quoted identifier': (u) => u.statement.code.includes('`') && !/^\s*[a-z]+\.`[^`]*`\s*$/i.test(u.statement.code.match(/`[^`]*`/g)?.join('') ?? ''),
  'KEYS (…)': masked(/\bKEYS ?\(/),
  'KEYS with multiple columns': masked(/\bKEYS ?\([^)]*,/),
  'column list with types': (u) => new RegExp(`^CREATE [^(]*?\\( ?[A-Z_\`][\\w\`]* (${TYPES})\\b`).test(flat(u)),
  'SEQUENCE BY column': masked(/\bSEQUENCE BY [A-Z_`][\w`]*(?! ?\()/),
  'SEQUENCE BY struct(…) / expression': masked(/\bSEQUENCE BY [A-Z_`][\w`]* ?\(/),
  '_rescued_data column': masked(/\b_RESCUED_DATA\b/),
  'EXPECT on _rescued_data': (u) => callArguments(flat(u), 'EXPECT').some((c) => c.includes('_RESCUED_DATA')),
  '_metadata column': masked(/\b_METADATA\b/),
  'TEMPORARY (table or view)': masked(/^CREATE (OR \w+ )?TEMPORARY\b/),
  '${var} substitution': withStrings(/\$\{\w+\}/),
  'PARTITIONED BY': masked(/\bPARTITIONED BY\b/),
  'COLUMNS * EXCEPT (…)': masked(/\bCOLUMNS \* ?EXCEPT\b/),
  'COLUMNS (list)': masked(/\bCOLUMNS (?!\* ?EXCEPT)\(?[A-Z_`]/),
  'APPLY AS DELETE WHEN': masked(/\bAPPLY AS DELETE WHEN\b/),
  'APPLY AS TRUNCATE WHEN': masked(/\bAPPLY AS TRUNCATE WHEN\b/),
  'INSERT … BY NAME': masked(/\bINSERT INTO .*\bBY NAME\b/),
  'format.`path` direct file read': withStrings(/\b(csv|json|parquet|delta|text|orc|avro)\.`/i),
  'PRIMARY KEY constraint': masked(/\bPRIMARY KEY\b/),
  'FOREIGN KEY constraint': masked(/\bFOREIGN KEY\b/),
  'STORED AS SCD TYPE 1': masked(/\bSTORED AS SCD TYPE 1\b/),
  'STORED AS SCD TYPE 2': masked(/\bSTORED AS SCD TYPE 2\b/),
  'column NOT NULL': masked(new RegExp(`\\b(${TYPES}|\\))( ?<[^>]*>)? NOT NULL\\b`)),
  'CLUSTER BY (columns)': masked(/\bCLUSTER BY ?\(/),
  'Databricks semi-structured path (col:field)': masked(/[\w)\]]:(?!:)[A-Z_]/),
  'TRACK HISTORY ON (list)': masked(/\bTRACK HISTORY ON (?!\*)/),
  'TRACK HISTORY ON * EXCEPT': masked(/\bTRACK HISTORY ON \* ?EXCEPT\b/),
  'nested column type (STRUCT/ARRAY/MAP) in column list': (u) => /^CREATE [^(]*?\(/.test(flat(u)) && atDepth(flat(u), /\b(ARRAY|STRUCT|MAP) ?</, 1),
  'LOCATION': masked(/\bLOCATION ["']/),
  'WATERMARK clause': masked(/\bWATERMARK\b/),
  'GENERATED … AS IDENTITY': masked(/\bGENERATED\b.*\bAS IDENTITY\b/),
};

const QUERY_FEATURES: Readonly<Record<string, Detector>> = {
  'SELECT *': masked(/\bSELECT (DISTINCT )?\*/),
  'struct field access a.b (heuristic: prefix is not a table/alias)': (u) => {
    const text = flat(u);
    if (!/\bSELECT\b/.test(text)) return false;
    const names = relationNames(text);
    const dotted = /(?<![\w.`])([A-Z_][\w$]*)\.([A-Z_][\w$]*)/g;
    for (let m = dotted.exec(text); m !== null; m = dotted.exec(text)) {
      if (!names.has(m[1] as string) && !FORMATS.has(m[1] as string)) return true;
    }
    return false;
  },
  'nested field access a.b.c (3+ parts outside FROM)': (u) => /(?<!\b(?:FROM|JOIN|TABLE|VIEW|INTO|STREAM) ?\(? ?)(?<![\w.])[A-Z_]\w*\.[A-Z_]\w*\.[A-Z_]\w*/.test(flat(u)),
  'IS [NOT] NULL': masked(/\bIS (NOT )?NULL\b/),
  'GROUP BY': masked(/\bGROUP BY\b/),
  'CAST(… AS type)': masked(/\bCAST ?\(/),
  ':: cast': masked(/::/),
  'CTE WITH … AS (…)': masked(/\bWITH [A-Z_`][\w`]* AS ?\(/),
  'join: LEFT [OUTER] JOIN': masked(/\bLEFT (OUTER )?JOIN\b/),
  'join: RIGHT [OUTER] JOIN': masked(/\bRIGHT (OUTER )?JOIN\b/),
  'join: FULL [OUTER] JOIN': masked(/\bFULL (OUTER )?JOIN\b/),
  'join: INNER JOIN': masked(/\bINNER JOIN\b/),
  'join: CROSS JOIN': masked(/\bCROSS JOIN\b/),
  'join: plain JOIN': masked(/(?<!\b(LEFT|RIGHT|FULL|INNER|CROSS|OUTER|SEMI|ANTI|NATURAL) )\bJOIN\b/),
  'join with a STREAM source (stream-static or stream-stream)': (u) => /\bJOIN\b/.test(flat(u)) && /\bSTREAM\b/.test(flat(u).replace(/^CREATE .*? STREAMING /, '')),
  'JOIN … USING (…)': masked(/\bJOIN\b.*\bUSING ?\(/),
  'CASE WHEN (searched)': masked(/\bCASE WHEN\b/),
  'CASE expr WHEN (simple)': masked(/\bCASE (?!WHEN\b)\S.*?\bWHEN\b/),
  'IN (list)': masked(/\bIN ?\( ?(?!SELECT\b)/),
  'array index a[0]': masked(/[\w)\]] ?\[ ?\d+ ?\]/),
  'derived table FROM (SELECT …)': masked(/\b(FROM|JOIN) ?\( ?SELECT\b/),
  '* EXCEPT (…) in SELECT': masked(/(?<!\b(COLUMNS|ON) )\* ?EXCEPT ?\(/),
  'UNION ALL': masked(/\bUNION ALL\b/),
  'UNION (distinct)': masked(/\bUNION (?!ALL\b)/),
  'SELECT without FROM': (u) => /\bSELECT\b/.test(flat(u)) && !/\bFROM\b/.test(flat(u)),
  'ORDER BY (in query)': (u) => /\bORDER BY\b/.test(withoutWindows(flat(u))),
  'window function OVER (…)': masked(/\bOVER ?\(/),
  'window PARTITION BY': (u) => /\bOVER ?\([^)]*\bPARTITION BY\b/.test(flat(u)),
  'COUNT(DISTINCT …)': masked(/\bCOUNT ?\( ?DISTINCT\b/),
  'generator in SELECT list (explode/posexplode/inline)': masked(/(?<!\bLATERAL VIEW (OUTER )?)\b(EXPLODE|POSEXPLODE|INLINE)(_OUTER)? ?\(/),
  '!= / <> inequality': masked(/!=|<>/),
  'LIMIT': masked(/\bLIMIT\b/),
  'GROUP BY ALL': masked(/\bGROUP BY ALL\b/),
  '% modulo': masked(/%/),
  'subquery: scalar (SELECT …) in expression': masked(/(?<!\b(?:FROM|JOIN|IN|EXISTS|AS) ?)(?<!\()\( ?SELECT\b/),
  'BETWEEN … AND': masked(/\bBETWEEN\b.*\bAND\b/),
  'SELECT DISTINCT': masked(/\bSELECT DISTINCT\b/),
  'INTERVAL literal': masked(/\bINTERVAL\b/),
  '|| concatenation': masked(/\|\|/),
  'FROM-first query (FROM t SELECT …)': masked(/(\bAS|\() ?FROM [^()]*? SELECT\b/),
  '== equality': masked(/==/),
  'LIKE / ILIKE': masked(/\bI?LIKE\b/),
  'ROLLUP': masked(/\bROLLUP\b/),
  'time window() TVF/function (streaming)': masked(/\bWINDOW ?\(/),
  'DIV integer division': masked(/\bDIV\b/),
  'window frame ROWS <start> (no BETWEEN)': masked(/\bROWS (?!BETWEEN\b)(UNBOUNDED|CURRENT|\d)/),
  'PIVOT': masked(/\bPIVOT\b/),
  'TRY_CAST': masked(/\bTRY_CAST ?\(/),
  'VALUES inline table': masked(/\bVALUES\b/),
};

/** A function call `name(…)`; the niladic date functions count without parentheses too. */
function functionDetector(name: string): Detector {
  const upper = name.toUpperCase();
  const niladic = ['CURRENT_TIMESTAMP', 'CURRENT_DATE'].includes(upper);
  const pattern = new RegExp(`(?<![\\w.])${upper}${niladic ? '\\b' : ' ?\\('}`);
  return (u) => pattern.test(flat(u));
}

/** A reader's option: `key => value` in read_files/read_kafka, a key of cloud_files' options map, or cloud_files' format argument. */
function optionDetector(label: string): Detector | undefined {
  const match = /^(read_files|cloud_files|read_kafka): (.+)$/.exec(label);
  if (match === null) return undefined;
  const reader = match[1] as string;
  const option = match[2] as string;
  if (option === 'format (2nd positional arg)') return (u) => callArguments(code(u), reader).some((args) => /^\s*('[^']*'|"[^"]*")\s*,\s*('[^']*'|"[^"]*")/.test(args));
  const key = option.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (reader === 'cloud_files') return (u) => callArguments(code(u), reader).some((args) => new RegExp(`['"]${key}['"]`, 'i').test(args));
  return (u) => callArguments(code(u), reader).some((args) => new RegExp(`(^|[,\\s])\`?${key}\`?\\s*=>`, 'i').test(args));
}

/** A date/time pattern or unit passed to a function, as the census lists them (`date_format: yyyyMMdd`). */
function patternDetector(label: string): Detector | undefined {
  const match = /^(\w+): (.+)$/.exec(label);
  if (match === null) return undefined;
  return (u) => callArguments(code(u), match[1] as string).some((args) => args.includes(`'${match[2]}'`) || args.includes(`"${match[2]}"`));
}

/** The census's categories the corpus must cover, each label to its detector (undefined: no detector yet). */
export function detectorFor(category: string, label: string): Detector | undefined {
  switch (category) {
    case 'statementForms': return STATEMENT_FORMS[label] ?? createForm(label);
    case 'clauses': return CLAUSES[label];
    case 'queryFeatures': return QUERY_FEATURES[label];
    case 'functions': return functionDetector(label);
    case 'readOptions': return optionDetector(label);
    case 'datetimePatterns': return patternDetector(label);
    default: return undefined;
  }
}
