import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SqlError, formatProblem, parsePipelineSpec } from '../src/index.js';

const LIBRARIES = 'libraries:\n  - glob:\n      include: transformations/**\n';
/** Bytes a terminal acts on: ESC starts escape sequences (\x1b[2J clears the screen), BEL rings, CR rewrites the line. */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

/** Runs `parsePipelineSpec` on `text` in a fresh Node process, as the CLI does: what it writes to stdout (the problems) and stderr. */
function spawnCapture(text: string): { stdout: string; stderr: string } {
  const script = `
    import { parsePipelineSpec } from ${JSON.stringify(join(import.meta.dirname, '..', 'src', 'index.ts'))};
    try { parsePipelineSpec(${JSON.stringify(text)}, 'spark-pipeline.yml'); process.stdout.write('accepted'); }
    catch (error) { process.stdout.write(error.problems.map((p) => p.file + ':' + p.line + ':' + p.column + ': ' + p.message).join('\\n')); }`;
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--conditions', 'thund-source', '--input-type=module', '-e', script], { encoding: 'utf8' });
  return { stdout: child.stdout, stderr: child.stderr };
}

function problems(text: string): string[] {
  try {
    parsePipelineSpec(text, 'spark-pipeline.yml');
  } catch (error) {
    if (error instanceof SqlError) return error.problems.map(formatProblem);
    throw error;
  }
  throw new Error('the spec was accepted');
}

describe('YAML problems in a spec file are our own one-line messages, control characters escaped', () => {
  it('an unknown tag beside ESC and BEL bytes: refused at its line and column, nothing raw on stdout or stderr', () => {
    const text = `name: !evil orders\x1b[2J\x1b[H\x07\n${LIBRARIES}`;
    const result = spawnCapture(text);
    expect(result.stderr).toBe('');
    expect(result.stdout).not.toMatch(CONTROL);
    expect(result.stdout).toBe('spark-pipeline.yml:1:7: YAML tag !evil is not one a spec file can hold (as in Spark\'s own reader, only plain values are): remove the tag');
  });

  it('a YAML syntax error is one line with its position; control characters in it are escaped', () => {
    const [problem, ...more] = problems(`name: orders\n\x1b[31mlibraries: [\n`);
    expect(more).toEqual([]);
    expect(problem).toMatch(/^spark-pipeline\.yml:\d+:\d+: not a YAML document: /);
    expect(problem).not.toMatch(CONTROL);
    expect(problem).not.toContain('\n');
  });

  it('names and keys holding control characters are shown escaped', () => {
    expect(problems(`name: orders\n"bad\x1b[2Jkey": 1\n${LIBRARIES}`)).toEqual([
      'spark-pipeline.yml:2:1: unknown key "bad\\x1b[2Jkey": a spec has name, storage, catalog, database, configuration and libraries',
    ]);
  });
});
