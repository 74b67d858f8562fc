import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A webhook as the receiver got it. */
export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface Receiver {
  /** Where to send (a path on 127.0.0.1). */
  url: string;
  /** Every POST so far, in the order received. */
  received: Received[];
  close: () => Promise<void>;
}

/** A local webhook receiver: answers each POST with the next status of `statuses` (the last one repeats; 'hang' never answers). */
export async function startReceiver(statuses: (number | 'hang')[] = [200]): Promise<Receiver> {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      const status = statuses[Math.min(received.length - 1, statuses.length - 1)];
      if (status !== 'hang') res.writeHead(status).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
