/**
 * A tiny HTTP server standing in for CareLoop's webhooks in simulator tests: it records every
 * request (path, headers, form params) and answers what the test sets in `respond`.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  /** Path and query, as requested. */
  path: string;
  headers: IncomingHttpHeaders;
  /** The form-encoded body as params (what Twilio signs). */
  params: Record<string, string>;
}

export interface WebhookAnswer {
  status: number;
  contentType?: string;
  body?: string;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedRequest[];
  /** What the next requests get; `200` with no body until set. */
  respond: (request: ReceivedRequest) => WebhookAnswer;
  stop(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const receiver: WebhookReceiver = {
    url: '',
    received: [],
    respond: () => ({ status: 200 }),
    stop: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const request: ReceivedRequest = {
        method: req.method ?? '',
        path: req.url ?? '/',
        headers: req.headers,
        params: Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))),
      };
      receiver.received.push(request);
      const answer = receiver.respond(request);
      res.writeHead(answer.status, answer.contentType ? { 'Content-Type': answer.contentType } : {});
      res.end(answer.body ?? '');
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return receiver;
}
