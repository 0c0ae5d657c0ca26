import type { CommandAccepted, CreatedAccepted, DevicePushSettingsRequest, DevicePushSettingsResponse, DevicesResponse, RegisterDeviceRequest, WebTokenResponse } from '@cn/contracts';
import type { ApiClient } from '../api/client';
import { baseName } from '../realtime/changes';
import type { LiveRoute } from '../realtime/LiveQueries';

export const devicesKeys = {
  all: ['devices'] as const,
  list: ['devices', 'list'] as const,
  settings: (id: string) => ['devices', 'settings', id] as const,
  webToken: ['devices', 'web-token'] as const,
};

const device = (id: string): string => `/api/v1/devices/${encodeURIComponent(id)}`;

/** the member's own devices and their push settings (the shell's native bridge calls, and Web Push) */
export const devicesApi = (api: ApiClient) => ({
  list: () => api.request<DevicesResponse>('GET', '/api/v1/devices'),
  register: (request: RegisterDeviceRequest) => api.request<CreatedAccepted>('POST', '/api/v1/devices', { body: request }),
  remove: (id: string) => api.request<undefined>('DELETE', device(id)),
  settings: (id: string) => api.request<DevicePushSettingsResponse>('GET', `${device(id)}/settings`),
  changeSettings: (id: string, request: DevicePushSettingsRequest) => api.request<CommandAccepted>('POST', `${device(id)}/settings`, { body: request }),
  webToken: () => api.request<WebTokenResponse>('GET', '/api/v1/get-web-token'),
});

/** a device registered, removed or set in another tab or browser: the lists read again */
export const devicesLive: LiveRoute = (message, client) => {
  if (baseName(message.collection) !== 'member_devices') return;
  void client.invalidateQueries({ queryKey: devicesKeys.all });
};
