// A signed-in session against the HTTP API: cookie cn_session plus the CSRF token of GET /api/v1/network.

export const signIn = async (baseUrl, email, password) => {
  const response = await fetch(`${baseUrl}/users/sign_in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST /users/sign_in as ${email} answered ${response.status}: ${text.slice(0, 300)}`);
  const session = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .find((pair) => pair.startsWith('cn_session='));
  if (!session) throw new Error('POST /users/sign_in set no cn_session cookie');
  const network = await fetch(`${baseUrl}/api/v1/network`, { headers: { cookie: session, accept: 'application/json' } });
  const body = await network.json().catch(() => ({}));
  if (!network.ok || typeof body.csrf_token !== 'string') {
    throw new Error(`GET /api/v1/network answered ${network.status} without a csrf_token: ${JSON.stringify(body).slice(0, 300)}`);
  }
  const memberId = body.current_member?.id ?? null;
  return {
    memberId,
    /** the session cookie (`cn_session=…`), for the realtime WebSocket */
    cookie: session,
    /** resolves with the status; the body is read (and returned) so the connection is reused */
    request: async (method, path, json, extraHeaders = {}) => {
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          cookie: session,
          accept: 'application/json',
          ...(method === 'GET' || method === 'HEAD' ? {} : { 'x-csrf-token': body.csrf_token }),
          ...(json === undefined ? {} : { 'content-type': 'application/json' }),
          ...extraHeaders,
        },
        body: json === undefined ? undefined : JSON.stringify(json),
      });
      const text = await response.text();
      let parsed = null;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        parsed = text;
      }
      return { status: response.status, body: parsed };
    },
  };
};
