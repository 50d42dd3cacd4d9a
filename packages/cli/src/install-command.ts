import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The command that adds a package with the package manager this project
 * uses: the one running `thund` (`npm_config_user_agent`, set by `npx`,
 * `pnpm exec`, `yarn`), else the lockfile in `cwd`, else npm.
 */
export function installCommand(packageName: string, env: Readonly<Record<string, string | undefined>> = process.env, cwd: string = process.cwd()): string {
  const agent = env['npm_config_user_agent']?.split('/')[0];
  const manager = agent === 'pnpm' || agent === 'yarn' || agent === 'npm' || agent === 'bun'
    ? agent
    : existsSync(join(cwd, 'pnpm-lock.yaml')) ? 'pnpm' : existsSync(join(cwd, 'yarn.lock')) ? 'yarn' : 'npm';
  return manager === 'npm' ? `npm install ${packageName}` : `${manager} add ${packageName}`;
}
