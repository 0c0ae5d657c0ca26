import {
  DEFAULT_NETWORK_ID,
  DEFAULT_NETWORK_SETTINGS,
  NetworkBasicSettingsChanged,
  NetworkJoinSettingsChanged,
  NetworkMailSettingsChanged,
  NetworkMemberSettingsChanged,
  NETWORK_READ_MODEL,
  type NetworkSettings,
} from '@cn/contracts';
import type { ProjectedDocument, Projection } from '@cn/domain';
import type { RecordedEvent } from '@cn/domain';

/** The network configuration: the four settings tabs as the latest events left them. */
export interface NetworkDocument extends ProjectedDocument {
  settings: NetworkSettings;
}

const networkIdOf = (event: RecordedEvent): string =>
  (event.data as { network_id?: string }).network_id ?? DEFAULT_NETWORK_ID;

export const initialNetworkSettings = (): NetworkSettings => structuredClone(DEFAULT_NETWORK_SETTINGS);

export const networkProjection: Projection<NetworkDocument> = {
  // the search side's member guard reads it too
  ...NETWORK_READ_MODEL,
  eventTypes: [
    NetworkBasicSettingsChanged.type,
    NetworkJoinSettingsChanged.type,
    NetworkMemberSettingsChanged.type,
    NetworkMailSettingsChanged.type,
  ],
  documentIds: (event) => [networkIdOf(event)],
  evolve: (doc, event, id) => {
    const settings = doc?.settings ?? initialNetworkSettings();
    const data = event.data as Partial<NetworkSettings>;
    switch (event.type) {
      case NetworkBasicSettingsChanged.type:
        return { _id: id, settings: { ...settings, basic: data.basic ?? settings.basic } };
      case NetworkJoinSettingsChanged.type:
        return { _id: id, settings: { ...settings, join: data.join ?? settings.join } };
      case NetworkMemberSettingsChanged.type:
        return { _id: id, settings: { ...settings, member: data.member ?? settings.member } };
      case NetworkMailSettingsChanged.type:
        return { _id: id, settings: { ...settings, mail: data.mail ?? settings.mail } };
      default:
        return doc;
    }
  },
};
