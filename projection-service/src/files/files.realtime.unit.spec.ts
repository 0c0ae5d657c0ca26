import { FILES_COLLECTION } from '@cn/contracts';
import type { RecordedEvent } from '@cn/domain';
import { RealtimeHub, type RealtimeMessage } from '../realtime/realtime-hub';
import { fileSettingsPublisher } from './files.realtime';

describe('files realtime', () => {
  it('tells every connected console that the files settings changed (profiles switched on show their fields without a reload)', async () => {
    const hub = new RealtimeHub();
    const received: Array<[string, RealtimeMessage]> = [];
    for (const memberId of ['ada', 'max']) hub.add({ memberId, send: (message) => received.push([memberId, message]) });
    const event = { type: 'FileSettingsChanged', position: 42 } as RecordedEvent;
    await fileSettingsPublisher.publish({ collection: fileSettingsPublisher.collection, id: 'settings', doc: { _id: 'settings', _position: 42 }, event }, hub);
    expect(received).toEqual([
      ['ada', { type: 'changed', collection: FILES_COLLECTION, id: 'settings', doc: { position: 42 } }],
      ['max', { type: 'changed', collection: FILES_COLLECTION, id: 'settings', doc: { position: 42 } }],
    ]);
  });
});
