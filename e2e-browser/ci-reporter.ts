import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { FullResult, Reporter, TestCase, TestError, TestResult } from '@playwright/test/reporter';
import { CI_REPORT, SERVER_LOG } from './paths';

interface ScenarioResult {
  name: string;
  status: 'passed' | 'failed' | 'skipped';
  ms: number;
  error?: string;
}

/**
 * Writes .ci-browser.json in jest's summary shape (numPassedTests, numFailedTests, numPendingTests,
 * numRuntimeErrorTestSuites), which scripts/ci-summary.mjs adds up, and prints a closing line. A failure
 * outside any scenario (the server did not start, a file did not load) counts as a runtime error, so a
 * run that tested nothing never reports green.
 */
export default class CiReporter implements Reporter {
  private readonly results = new Map<string, ScenarioResult>();
  private runtimeErrors: string[] = [];

  printsToStdio(): boolean {
    return true;
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    // figures a scenario reports (latency, LCP) go into the log beside the results
    const lines = new Set([...test.annotations, ...(result.annotations ?? [])].flatMap((a) => (a.description ? [`  ${test.title}: ${a.type} ${a.description}`] : [])));
    for (const line of lines) process.stdout.write(`${line}\n`);
    const outcome = test.outcome();
    this.results.set(test.id, {
      name: test.title,
      status: outcome === 'skipped' ? 'skipped' : outcome === 'expected' || outcome === 'flaky' ? 'passed' : 'failed',
      ms: result.duration,
      ...(result.errors.length > 0 ? { error: result.errors.map((error) => error.stack ?? error.message ?? String(error.value)).join('\n') } : {}),
    });
  }

  onError(error: TestError): void {
    this.runtimeErrors.push(error.stack ?? error.message ?? String(error.value));
  }

  onEnd(result: FullResult): void {
    const results = [...this.results.values()];
    const count = (status: ScenarioResult['status']): number => results.filter((entry) => entry.status === status).length;
    const passed = count('passed');
    const failed = count('failed');
    // interrupted, timed out, or failed with no failed scenario to show for it
    if (result.status !== 'passed' && failed === 0 && this.runtimeErrors.length === 0) this.runtimeErrors.push(`run ${result.status}`);
    const report = {
      numPassedTests: passed,
      numFailedTests: failed,
      numPendingTests: count('skipped'),
      numRuntimeErrorTestSuites: this.runtimeErrors.length,
      results,
      ...(this.runtimeErrors.length > 0 ? { runtimeErrors: this.runtimeErrors } : {}),
    };
    writeFileSync(CI_REPORT, `${JSON.stringify(report, null, 2)}\n`);
    const out = (line: string): void => {
      process.stdout.write(`${line}\n`);
    };
    if ((failed > 0 || this.runtimeErrors.length > 0) && existsSync(SERVER_LOG)) {
      out(`server log (tail):\n${readFileSync(SERVER_LOG, 'utf8').split('\n').slice(-40).join('\n')}`);
    }
    out(`browser: ${passed} passed, ${failed + this.runtimeErrors.length} failed`);
  }
}
