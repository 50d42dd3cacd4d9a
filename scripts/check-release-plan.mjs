// Þund's packages are released together at one version (the fixed group in
// .changeset/config.json). Fails when the pending changesets would release
// them at different versions, at a major nobody asked for, or when a
// published package is left out of the group (a new package must join it).
import { readFileSync, readdirSync } from 'node:fs';
import getReleasePlan from '@changesets/get-release-plan';

const root = new URL('..', import.meta.url);
const config = JSON.parse(readFileSync(new URL('.changeset/config.json', root), 'utf8'));
const published = readdirSync(new URL('packages/', root), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => JSON.parse(readFileSync(new URL(`packages/${entry.name}/package.json`, root), 'utf8')))
  .filter((pkg) => pkg.private !== true)
  .map((pkg) => pkg.name);
const group = new Set(config.fixed?.[0] ?? []);
const problems = published.filter((name) => !group.has(name)).map((name) => `${name} is published but not in the fixed group of .changeset/config.json: add it there`);

const plan = await getReleasePlan(root.pathname);
const releases = plan.releases.filter((release) => release.type !== 'none');
const versions = new Map();
for (const release of releases) versions.set(release.newVersion, [...(versions.get(release.newVersion) ?? []), release.name]);
if (versions.size > 1) {
  problems.push(`the pending changesets release the packages at ${versions.size} versions (${[...versions].map(([v, names]) => `${v}: ${names.join(', ')}`).join('; ')}): they are released together, so check the fixed group and the CLI's peer ranges`);
}
// changesets gives a peer dependent a major bump when a minor leaves its range; nothing asked for that one.
const askedMajor = plan.changesets.some((changeset) => changeset.releases.some((release) => release.type === 'major'));
const forced = releases.filter((release) => release.type === 'major' && !askedMajor);
if (forced.length > 0) {
  problems.push(`${forced.map((r) => r.name).join(', ')} would be released as a major (${forced[0].newVersion}) though no changeset asks for one: a peer dependency range that the next version leaves (see the CLI's peerDependencies)`);
}
if (problems.length > 0) {
  console.error(`release plan: ${problems.join('\n')}`);
  process.exit(1);
}
console.log(releases.length === 0 ? 'release plan: nothing pending' : `release plan: ${releases.length} packages at ${[...versions.keys()][0]}`);
