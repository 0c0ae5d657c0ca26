import { RealtimeHub, type RealtimeConnection } from './realtime-hub';

const heard = new Map<RealtimeConnection, number>();
const connection = (memberId: string, topics?: string[]): RealtimeConnection => {
  const made: RealtimeConnection = {
    memberId,
    send: () => heard.set(made, (heard.get(made) ?? 0) + 1),
    ...(topics ? { topics: new Set(topics) } : {}),
  };
  return made;
};
const message = { type: 'changed' as const, collection: 'widgetbars', id: 'members', doc: null };

describe('the members watching a topic', () => {
  it('follows what each console watches, from its first topics to its watch messages and its close', () => {
    const hub = new RealtimeHub();
    const adaPhone = connection('ada', ['appointments']);
    const adaDesk = connection('ada');
    const bob = connection('bob', ['appointments', 'files']);
    const removeAdaPhone = hub.add(adaPhone);
    hub.add(adaDesk);
    const removeBob = hub.add(bob);
    expect(hub.watching('appointments').sort()).toEqual(['ada', 'bob']);
    expect(hub.watching('files')).toEqual(['bob']);
    expect(hub.watching('activities')).toEqual([]);

    // ada's second console opens the files page: she is listed once, by either console
    hub.watch(adaDesk, new Set(['files']));
    expect(hub.watching('files').sort()).toEqual(['ada', 'bob']);
    // a push to a topic's watching consoles reaches those, not their members' other consoles
    heard.clear();
    hub.publishToWatching('files', message);
    expect([heard.get(adaDesk), heard.get(adaPhone), heard.get(bob)]).toEqual([1, undefined, 1]);
    // to one member's consoles watching it: ada's desk, not her phone, nor bob
    heard.clear();
    hub.publishToWatchingOf('files', 'ada', message);
    expect([heard.get(adaDesk), heard.get(adaPhone), heard.get(bob)]).toEqual([1, undefined, undefined]);
    // her phone leaves the appointments: nobody of hers watches them any more
    hub.watch(adaPhone, new Set());
    expect(hub.watching('appointments')).toEqual(['bob']);
    expect(adaPhone.topics).toEqual(new Set());

    removeBob();
    expect(hub.watching('appointments')).toEqual([]);
    expect(hub.watching('files')).toEqual(['ada']);
    // a closed console's later watch message changes nothing
    removeAdaPhone();
    hub.watch(adaPhone, new Set(['appointments']));
    expect(hub.watching('appointments')).toEqual([]);
    removeBob();
    expect(hub.watching('files')).toEqual(['ada']);
  });

  it('answers as scanning every connection would, over random watches and closes', () => {
    const hub = new RealtimeHub();
    const topics = ['a', 'b', 'c'];
    const open: Array<{ connection: RealtimeConnection; remove: () => void }> = [];
    let seed = 7;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let step = 0; step < 500; step += 1) {
      const move = random(3);
      if (move === 0 || open.length === 0) {
        const made = connection(`m${random(6)}`, topics.filter(() => random(2) === 0));
        open.push({ connection: made, remove: hub.add(made) });
      } else if (move === 1) {
        hub.watch(open[random(open.length)].connection, new Set(topics.filter(() => random(2) === 0)));
      } else {
        const [closed] = open.splice(random(open.length), 1);
        closed.remove();
      }
      for (const topic of topics) {
        const watchingConnections = open.filter(({ connection: c }) => c.topics?.has(topic)).map(({ connection: c }) => c);
        expect(new Set(hub.watching(topic))).toEqual(new Set(watchingConnections.map((c) => c.memberId)));
        heard.clear();
        hub.publishToWatching(topic, message);
        expect(new Set(heard.keys())).toEqual(new Set(watchingConnections));
      }
    }
  });
});
