import { join, resolve } from 'node:path';

export const REPOSITORY_ROOT = resolve(__dirname, '..');
/** the screenshots the scenarios take, kept as artifacts */
export const SHOTS = join(REPOSITORY_ROOT, 'test-results', 'browser');
export const SERVER_LOG = join(SHOTS, 'server.log');
/** the browser runner's report in jest's summary shape, which .ci/run counts */
export const CI_REPORT = join(REPOSITORY_ROOT, '.ci-browser.json');
/** how the global setup hands the server to the workers */
export const BASE_URL_ENV = 'CN_BROWSER_BASE_URL';
export const DATA_DIR_ENV = 'CN_BROWSER_DATA_DIR';
/** a fixed port for the server (else a free one) */
export const PORT_ENV = 'CN_BROWSER_PORT';
/** another checkout whose built server (and consoles) the specs run against, e.g. to compare builds */
export const SERVER_ROOT_ENV = 'CN_BROWSER_SERVER_ROOT';
