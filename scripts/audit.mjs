// CI: fail on a known advisory of high or critical severity anywhere in the installed tree, when the
// registry's audit answers. When it cannot (no network, or a registry that refuses the call), say so
// plainly and go on: a check that did not run is reported, never passed off as clean.
import { spawnSync } from 'node:child_process';

const run = spawnSync('npm', ['audit', '--json'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  report = undefined;
}
const counts = report?.metadata?.vulnerabilities;
if (!counts) {
  const why = report?.message ?? report?.error?.summary ?? (run.stderr.trim().split('\n').pop() || `exit code ${run.status}`);
  console.log(`Advisories NOT checked: the registry's audit did not answer (${why}).`);
  process.exit(0);
}
const serious = (counts.high ?? 0) + (counts.critical ?? 0);
console.log(
  `Advisories: ${counts.critical ?? 0} critical, ${counts.high ?? 0} high, ${counts.moderate ?? 0} moderate, ${counts.low ?? 0} low.`,
);
if (serious > 0) {
  for (const [name, found] of Object.entries(report.vulnerabilities ?? {})) {
    if (found.severity === 'high' || found.severity === 'critical') console.log(`  ${found.severity}: ${name} ${found.range}`);
  }
  console.error('A known advisory of high severity is in the tree: update or override the package named above.');
  process.exit(1);
}
