// Open member consoles for the fan-out measure: each signs in as its own member, opens the realtime
// WebSocket as the member console does (asking for batched frames: a build without them ignores the
// question) and watches the topics a console on the start page watches.
import { createRequire } from 'node:module';
import { signIn } from './client.mjs';

const require = createRequire(import.meta.url);

// `byCollection`: also count the messages by their collection (parses each frame: costs the client CPU);
// without it `received` counts frames, with it the messages the frames carry.
export const openConsoles = async (baseUrl, members, password, topics, { byCollection = false } = {}) => {
  const { WebSocket } = require('ws');
  const sockets = [];
  let received = 0;
  let frames = 0;
  const counts = {};
  for (const member of members) {
    const session = await signIn(baseUrl, member.email, password);
    const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/realtime?frames=batch`, { headers: { cookie: session.cookie } });
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    socket.on('message', (data) => {
      frames += 1;
      if (!byCollection) {
        received += 1;
        return;
      }
      const frame = JSON.parse(data.toString());
      for (const { type, collection } of frame.type === 'batch' ? frame.messages : [frame]) {
        received += 1;
        const key = collection ?? type;
        counts[key] = (counts[key] ?? 0) + 1;
      }
    });
    socket.send(JSON.stringify({ type: 'watch', topics }));
    sockets.push(socket);
  }
  return {
    count: sockets.length,
    received: () => received,
    frames: () => frames,
    byCollection: () => counts,
    close: async () => {
      await Promise.all(
        sockets.map(
          (socket) =>
            new Promise((resolve) => {
              socket.once('close', resolve);
              socket.close();
            }),
        ),
      );
    },
  };
};
