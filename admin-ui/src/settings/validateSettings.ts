import { ERROR_KEYS, SETTINGS_TABS, tabSchemas, type NetworkSettings } from '@cn/contracts';
import { errorMessageKey, setErrorAt, type FormErrors } from '../api/serverErrors';

/** What this mapping needs of a zod issue. */
export interface SchemaIssue {
  code: string;
  path: readonly PropertyKey[];
  message: string;
}

const KNOWN_KEYS: ReadonlySet<string> = new Set(ERROR_KEYS);

/** The schemas carry the API's error keys as messages; zod's own messages fall back to the issue code. */
export const issueKey = (issue: SchemaIssue): string => {
  if (KNOWN_KEYS.has(issue.message)) return issue.message;
  if (KNOWN_KEYS.has(issue.code)) return issue.code;
  return 'invalid_value';
};

export const issuesToFormErrors = (issues: readonly SchemaIssue[], prefix: readonly string[] = []): FormErrors => {
  const errors: FormErrors = {};
  for (const issue of issues) {
    setErrorAt(errors, [...prefix, ...issue.path.map(String)], errorMessageKey(issueKey(issue)));
  }
  return errors;
};

/**
 * Mirrors the server: each tab is validated whole with the contract's tab schema, so the console refuses
 * exactly what the API would (two-factor methods, digest 0–30, map address when the map is shown, ...).
 */
export const validateSettings = (values: Partial<NetworkSettings>): FormErrors => {
  const issues: SchemaIssue[] = [];
  for (const tab of SETTINGS_TABS) {
    const result = tabSchemas[tab].safeParse(values[tab]);
    if (!result.success) {
      issues.push(...result.error.issues.map((issue) => ({ ...issue, path: [tab, ...issue.path] })));
    }
  }
  return issuesToFormErrors(issues);
};
