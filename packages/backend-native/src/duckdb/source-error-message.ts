/**
 * DuckDB's errors about input files, rewritten as one line naming the file,
 * what is wrong and how to fix it (DuckDB spreads them over a paragraph of
 * hints and a dump of CSV options, with the file name at the end).
 * `undefined` when `full` is not such an error.
 */
export function sourceErrorMessage(full: string): string | undefined {
  return csvRowError(full) ?? csvSniffError(full) ?? missingFile(full);
}

/** `CSV Error on Line: 3 / Original Line: … / Expected Number of Columns: 3 Found: 4 / … file = /x.csv`. */
function csvRowError(full: string): string | undefined {
  const line = /CSV Error on Line: (\d+)/.exec(full)?.[1];
  if (line === undefined) return undefined;
  const lines = full.split('\n').map((l) => l.trim());
  const at = lines.findIndex((l) => l.startsWith('Original Line:'));
  const original = at >= 0 ? lines[at]?.slice('Original Line:'.length).trim() : undefined;
  const start = at >= 0 ? at + 1 : lines.findIndex((l) => l.includes('CSV Error on Line')) + 1;
  const reason = lines.slice(start).find((l) => l !== '' && !l.startsWith('Possible fixes') && !l.startsWith('*'));
  const file = /^\s*file = (.+)$/m.exec(full)?.[1]?.trim();
  const columns = /Expected Number of Columns: (\d+) Found: (\d+)/.exec(reason ?? '');
  const conversion = /Error when converting column "(.+?)"\. Could not convert string (.+) to '(.+)'/.exec(reason ?? '');
  const what = columns !== null
    ? `it has ${columns[2]} columns, the file's header or declared schema has ${columns[1]}`
    : conversion !== null
      ? `column "${conversion[1]}": ${conversion[2]} is not a ${conversion[3]}`
      : (reason ?? 'the row cannot be parsed').replace(/\.$/, '');
  const row = original === undefined || original === '' ? '' : `, ${JSON.stringify(original.length > 120 ? `${original.slice(0, 120)}…` : original)}`;
  return `cannot read CSV file ${file === undefined ? '(unknown)' : `"${file}"`} (CSV Error on Line: ${line}${row}): ${what}; `
    + 'fix the file, or the schema / options of its read_files (e.g. null_padding=true pads missing columns, ignore_errors=true skips bad rows)';
}

/** The sniffer failed: the file is not CSV in the fixed dialect (a bad row among the first ones, or another delimiter or quote). */
function csvSniffError(full: string): string | undefined {
  const file = /Error when sniffing file "([^"]+)"/.exec(full)?.[1];
  if (file === undefined) return undefined;
  const mismatch = /they contain: (\d+) columns\. It does not match the number of columns found by the sniffer: (\d+)/.exec(full);
  const why = mismatch === null
    ? 'its rows do not parse as CSV with the dialect read_files uses (header, delimiter ",", quote and escape \'"\')'
    : `its rows have ${mismatch[2]} columns where the declared schema has ${mismatch[1]}`;
  return `cannot read CSV file "${file}": ${why}; fix the file, declare its columns in the read_files schema (a bad row is then reported by line), or set the read_files options delim / quote / escape / header to the file's dialect`;
}

/** `No files found that match the pattern "…"`, `Cannot open file "…": No such file or directory`. */
function missingFile(full: string): string | undefined {
  const pattern = /No files found that match the pattern "([^"]+)"/.exec(full)?.[1];
  if (pattern !== undefined) {
    return `input "${pattern}" does not exist (No files found that match the pattern "${pattern}"): create it before the run, or fix the read_files path (a relative path resolves against the backend's baseDir)`;
  }
  const vanished = /Cannot open file "([^"]+)": No such file or directory/.exec(full)?.[1];
  if (vanished !== undefined) return `input file "${vanished}" does not exist (it was removed while the run was reading it): restore it, or run again`;
  return undefined;
}
