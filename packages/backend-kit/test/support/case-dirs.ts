import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

/** A fresh directory per call, all under one temporary root removed after the file's tests. */
export function caseDirs(prefix: string): () => string {
  const root = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  let n = 0;
  return () => {
    n += 1;
    const dir = join(root, `case${n}`);
    mkdirSync(dir);
    return dir;
  };
}

/** Who the outputs of these tests belong to. */
export const OWNER = { pipeline: 'p', dataset: 'export', backend: 'test' };
