// Prints one closing line 'N passed, N failed, N skipped' over every test report CI produced (jest --json
// files, the browser runner's and the fuzzing's files of the same shape), as the very last line of CI's
// output. A report that is missing (its step did not get to write it) counts as one failed test.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    console.log(`${file}: missing (that step did not report)`);
    failed += 1;
    continue;
  }
  let report;
  try {
    report = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    console.log(`${file}: unreadable (${error.message})`);
    failed += 1;
    continue;
  }
  passed += report.numPassedTests ?? 0;
  failed += (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0);
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exitCode = failed > 0 ? 1 : 0;
