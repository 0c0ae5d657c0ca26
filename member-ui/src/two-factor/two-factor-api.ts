import {
  BACKUP_CODES_FILENAME,
  type BackupCodesAnswer,
  type CommandAccepted,
  type FactorsResponse,
  type NewFactorResponse,
  type TwoFactorType,
} from '@cn/contracts';
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../api/client';
import { baseName } from '../realtime/changes';
import type { LiveRoute } from '../realtime/LiveQueries';

/** The two-factor routes (command-service/src/two-factor, the list from projection-service/src/two-factor). */
export const FACTORS_QUERY_KEY = ['two_factor', 'factors'] as const;

export const twoFactorApi = (api: ApiClient) => ({
  factors: () => api.request<FactorsResponse>('GET', '/api/v1/authentication/factors'),
  prepare: (type: TwoFactorType) => api.request<NewFactorResponse>('GET', '/api/v1/authentication/factors/new', { query: { type } }),
  mailCode: (secret_key: string, setup_token: string) => api.request<void>('POST', '/api/v1/authentication/factors/new/email_code', { body: { secret_key, setup_token } }),
  add: (prepared: NewFactorResponse, code: string) =>
    api.request<BackupCodesAnswer>('POST', '/api/v1/authentication/factors', {
      body: { type: prepared.type, code, setup_token: prepared.setup_token, provisioning_uri: prepared.provisioning_uri, secret_key: prepared.secret_key },
    }),
  remove: (id: string, code: string) => api.request<CommandAccepted>('DELETE', `/api/v1/authentication/factors/${encodeURIComponent(id)}`, { body: { code } }),
  resetBackupCodes: (id: string, code: string) =>
    api.request<BackupCodesAnswer>('POST', `/api/v1/authentication/factors/${encodeURIComponent(id)}/reset-backup-codes`, { body: { code } }),
  confirmSignIn: (code: string) => api.request<{ redirect_to: string }>('PUT', '/users/two_factor_authentication.json', { body: { code } }),
});

/** the code inputs: required and numeric (six digits); a backup code where the sign-in takes one */
export const codeErrorOf = (code: string, backupAllowed = false): string | null => {
  const value = code.trim();
  if (!value) return 'required';
  if (/^\d{6}$/.test(value)) return null;
  return backupAllowed && /^[a-z0-9]{4}-?[a-z0-9]{4}$/i.test(value) ? null : 'invalid_format';
};

/** backup_codes.txt: one code a line */
export const backupCodesFile = (codes: readonly string[]): { name: string; text: string } => ({ name: BACKUP_CODES_FILENAME, text: `${codes.join('\n')}\n` });

export const downloadBackupCodes = (codes: readonly string[]): void => {
  const file = backupCodesFile(codes);
  const url = URL.createObjectURL(new Blob([file.text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  link.click();
  URL.revokeObjectURL(url);
};

/** a change of the member's factors (another console, an administrator's reset) reads the list again */
export const twoFactorLive: LiveRoute = (message, client: QueryClient) => {
  // the network's settings decide which factors are deactivated and whether a setup is required
  const collection = baseName(message.collection);
  if (collection === 'two_factor' || collection === 'network' || collection === 'settings') void client.invalidateQueries({ queryKey: FACTORS_QUERY_KEY });
};
