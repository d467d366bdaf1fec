import { createServer, type Server } from 'node:http';
import { FAKE_PROVIDER_PORT, FAKE_PROVIDER_SECRET } from './servers';

/**
 * A tiny OAuth2 authorization-code provider for the third-party login spec.
 * /authorize sends the browser straight back with code 'good' (the user
 * "consented"); /token accepts that code with our client secret; /user
 * answers the identity of `user`.
 */
export interface FakeIdentity {
  id: number;
  login: string;
  name: string;
  avatar_url: string;
}

export function startFakeProvider(user: FakeIdentity): Promise<Server> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${FAKE_PROVIDER_PORT}`);
    if (url.pathname === '/authorize') {
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      back.searchParams.set('code', 'good');
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { location: back.toString() });
      res.end();
      return;
    }
    res.setHeader('content-type', 'application/json');
    if (url.pathname === '/token' && req.method === 'POST') {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        const good = form.get('code') === 'good' && form.get('client_secret') === FAKE_PROVIDER_SECRET;
        res.statusCode = good ? 200 : 400;
        res.end(JSON.stringify(good ? { access_token: 'provider-token', token_type: 'bearer' } : { error: 'bad_code' }));
      });
      return;
    }
    if (url.pathname === '/user' && req.headers.authorization === 'Bearer provider-token') {
      res.end(JSON.stringify(user));
      return;
    }
    res.statusCode = 404;
    res.end('{}');
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(FAKE_PROVIDER_PORT, '127.0.0.1', () => resolve(server));
  });
}
