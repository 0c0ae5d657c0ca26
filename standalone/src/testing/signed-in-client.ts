import type { Server } from 'node:http';
import request from 'supertest';
import type { NetworkResponse } from '@cn/contracts';

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
