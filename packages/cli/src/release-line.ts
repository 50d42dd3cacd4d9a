import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { installCommand } from './install-command.js';

/**
 * Þund releases all its packages together, at one version (a fixed
 * changesets group), so a backend package works with the CLI of its own
 * release line: `0.2.x` with `0.2.x` before 1.0, `1.x` with `1.x` after.
 * The CLI's peer range on the backends is wide (`>=0.1.0 <1.0.0`, so a
 * minor release does not force a major one of the CLI); this check is what
 * keeps a mismatched install from failing somewhere deep in a run.
 */
export function releaseLine(version: string): string {
  const [major = '0', minor = '0'] = version.split('.');
  return major === '0' ? `0.${minor}` : major;
}

/** Why `packageName@backendVersion` cannot serve this CLI, with the fix; `undefined` when it can. */
export function releaseLineMismatch(packageName: string, backendVersion: string, cliVersion: string): string | undefined {
  const want = releaseLine(cliVersion);
  if (releaseLine(backendVersion) === want) return undefined;
  const range = want.includes('.') ? `~${want}.0` : `^${want}.0.0`;
  return `${packageName} ${backendVersion} is installed, but @thund/cli ${cliVersion} works with the ${want} release of the backends: install the matching one with \`${installCommand(`${packageName}@${range}`)}\` (or install @thund/cli@${releaseLine(backendVersion)})`;
}

/** The CLI package's own version, from its package.json (one directory above `dist/` and `src/`). */
export function cliVersion(): string {
  return packageVersion(new URL('../package.json', import.meta.url));
}

/** The version of an installed package as this CLI resolves it, or `undefined` when it is not installed. */
export function installedVersion(packageName: string): string | undefined {
  let path: string;
  try {
    path = createRequire(import.meta.url).resolve(`${packageName}/package.json`);
  } catch {
    return undefined;
  }
  return packageVersion(path);
}

function packageVersion(path: string | URL): string {
  const pkg = JSON.parse(readFileSync(path, 'utf8')) as { version?: unknown };
  return typeof pkg.version === 'string' ? pkg.version : 'unknown';
}
