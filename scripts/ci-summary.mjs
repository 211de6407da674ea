// The end of .ci/run: the two passes' results (Vitest's JSON reports) added up. A suite that needs
// what only one pass has (the PostgreSQL server and Redis, or the embedded database in a folder) is
// skipped in the other; each test skipped in one pass must have passed in the other, so nothing is
// skipped everywhere. Any failure, or no test at all, fails the run.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const reports = process.argv
  .slice(2)
  .map((file) => ({ label: path.basename(file, '.json'), report: JSON.parse(readFileSync(file, 'utf8')) }));
const skippedStatuses = new Set(['pending', 'skipped', 'todo']);

/** Every test of a report, named by its file (relative to the repository) and its full name. */
function testsOf(report) {
  return report.testResults.flatMap((file) =>
    file.assertionResults.map((test) => ({ id: `${path.relative(process.cwd(), file.name)} > ${test.fullName}`, status: test.status })),
  );
}

let passed = 0;
let failed = 0;
const passedSomewhere = new Set();
const skipped = [];
for (const { label, report } of reports) {
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  const tests = testsOf(report);
  for (const test of tests) {
    if (test.status === 'passed') passedSomewhere.add(test.id);
    else if (skippedStatuses.has(test.status)) skipped.push({ ...test, label });
  }
  const skippedHere = tests.filter((test) => skippedStatuses.has(test.status)).length;
  console.log(`${label}: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skippedHere} skipped (run by the other pass)`);
  printSlowest(report);
}

/**
 * The files that took longest, with the time all files took (more than the pass's, as files run side by
 * side): kept in the CI log, so a run's growth can be traced to the files that grew.
 */
function printSlowest(report, count = 12) {
  const files = report.testResults
    .map((file) => ({ name: path.relative(process.cwd(), file.name), seconds: (file.endTime - file.startTime) / 1000 }))
    .sort((a, b) => b.seconds - a.seconds);
  const total = files.reduce((sum, file) => sum + file.seconds, 0);
  console.log(`  ${files.length} files, ${Math.round(total)} s of file time; the slowest:`);
  for (const file of files.slice(0, count)) console.log(`  ${file.seconds.toFixed(0).padStart(6)} s  ${file.name}`);
}
const skippedEverywhere = [...new Set(skipped.filter((test) => !passedSomewhere.has(test.id)).map((test) => test.id))];

if (passed === 0) {
  console.error('no test ran');
  process.exit(1);
}
console.log(`${passed} passed, ${failed} failed`);
if (skippedEverywhere.length > 0) {
  console.error(`${skippedEverywhere.length} skipped in every pass:`);
  for (const id of skippedEverywhere) console.error(`  ${id}`);
}
process.exit(failed > 0 || skippedEverywhere.length > 0 ? 1 : 0);
