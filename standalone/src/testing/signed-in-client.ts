import type { Server } from 'node:http';
import request from 'supertest';
import { CONSISTENCY_HEADER, type NetworkResponse } from '@cn/contracts';

/** A member signed in over HTTP: their session cookie and CSRF token, as the console holds them. */
export interface SignedInClient {
  email: string;
  id: string;
  cookie: string;
  csrf: string;
}

/** signs in through POST /users/sign_in and reads the CSRF token and the member's id from GET /api/v1/network */
export const signInClient = async (server: Server, email: string, password: string): Promise<SignedInClient> => {
  const res = await request(server).post('/users/sign_in').send({ email, password }).expect(200);
  const cookie = (res.headers['set-cookie'] as unknown as string[])[0]?.split(';')[0] ?? '';
  const network = (await request(server).get('/api/v1/network').set('Cookie', cookie).expect(200)).body as NetworkResponse;
  return { email, id: network.current_member?.id ?? '', cookie, csrf: network.csrf_token ?? '' };
};

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * A spec's HTTP calls as a member's console makes them: with their session and CSRF token (none for a
 * signed-out call), and reading its own writes (every call carries the highest position any answer named,
 * in X-Consistency-Position). Answered as supertest's chainable request, for specs that assert the status
 * inline (`.expect(200)`).
 */
export const requestCaller = (server: () => Server): ((client: SignedInClient | null, method: HttpMethod, path: string, body?: object) => request.Test) => {
  let position = 0;
  return (client, method, path, body) => {
    let pending = request(server())[method](path).set(CONSISTENCY_HEADER, String(position));
    if (client) pending = pending.set('Cookie', client.cookie).set('X-CSRF-Token', client.csrf);
    if (body !== undefined) pending = pending.send(body);
    return pending.expect((res) => {
      const answered = (res.body as { position?: unknown } | undefined)?.position;
      if (typeof answered === 'number') position = Math.max(position, answered);
      // a 204 (a removal) names its position in the header only
      const header = Number(res.headers[CONSISTENCY_HEADER.toLowerCase()]);
      if (Number.isInteger(header)) position = Math.max(position, header);
    });
  };
};

/** supertest's parser for bytes: the body as one Buffer (a download's answer, whatever its type) */
export const binaryBody = (res: request.Response, callback: (error: Error | null, body: Buffer) => void): void => {
  const parts: Buffer[] = [];
  res.on('data', (chunk: Buffer) => parts.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(parts)));
};

/** `requestCaller`'s calls awaited; `must` throws with the answer when it is not a success; `request` is the chainable call itself (uploads, downloads), on the same position. */
export const httpCaller = (server: () => Server) => {
  const request = requestCaller(server);
  const call = async (client: SignedInClient | null, method: HttpMethod, path: string, body?: object) => await request(client, method, path, body);
  const must = async <T = Record<string, unknown>>(client: SignedInClient, method: HttpMethod, path: string, body?: object): Promise<T> => {
    const res = await call(client, method, path, body);
    if (res.status >= 300) throw new Error(`${client.email} ${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as T;
  };
  return { call, must, request };
};
