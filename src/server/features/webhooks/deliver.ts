/**
 * One delivery attempt (docs/product.md#webhooks): a signed JSON POST, no redirects followed, a
 * timeout, and the address connected to checked (url-guard.ts). 2xx is delivered; anything else,
 * a network error or a refused address is a failed attempt.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { WEBHOOK_HEADERS, WEBHOOK_USER_AGENT } from '../../../shared/webhooks';
import { BlockedAddressError, isBlockedAddress, pinnedLookup } from './url-guard';

export const DELIVERY_TIMEOUT_MS = 10_000;
/** At most this much of an answer is read (and dropped). */
const ANSWER_MAX_BYTES = 64 * 1024;

/** `sha256=<hex HMAC-SHA256 of the raw body>` with the webhook's secret. */
export const signBody = (secret: string, body: string) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

export interface Attempt {
  url: string;
  secret: string;
  deliveryId: string;
  kind: string;
  body: string;
}

export type AttemptResult = { ok: true; status: number } | { ok: false; status: number | null; error: string };

/** Sends one attempt; resolves (never rejects) with what happened. */
export type Send = (attempt: Attempt) => Promise<AttemptResult>;

export function httpSender(opts: { allowPrivate: boolean; timeoutMs?: number }): Send {
  const lookup = pinnedLookup(opts);
  const timeoutMs = opts.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  return (attempt) =>
    new Promise<AttemptResult>((resolve) => {
      let url: URL;
      try {
        url = new URL(attempt.url);
      } catch {
        return resolve({ ok: false, status: null, error: 'invalid URL' });
      }
      const host = url.hostname.replace(/^\[|\]$/g, '');
      // An address written in the URL is never looked up: check it here.
      if (!opts.allowPrivate && isIP(host) && isBlockedAddress(host)) {
        return resolve({ ok: false, status: null, error: new BlockedAddressError(host).message });
      }
      const client = url.protocol === 'https:' ? https : url.protocol === 'http:' && opts.allowPrivate ? http : null;
      if (!client) return resolve({ ok: false, status: null, error: 'only https URLs are called' });
      let settled = false;
      const finish = (result: AttemptResult) => {
        if (settled) return;
        settled = true;
        resolve(result);
      };
      const req = client.request(
        url,
        {
          method: 'POST',
          lookup,
          agent: false,
          timeout: timeoutMs,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(attempt.body),
            'user-agent': WEBHOOK_USER_AGENT,
            [WEBHOOK_HEADERS.event]: attempt.kind,
            [WEBHOOK_HEADERS.delivery]: attempt.deliveryId,
            [WEBHOOK_HEADERS.signature]: signBody(attempt.secret, attempt.body),
          },
        },
        (res) => {
          const status = res.statusCode ?? 0;
          let read = 0;
          res.on('data', (chunk: Buffer) => {
            read += chunk.length;
            if (read > ANSWER_MAX_BYTES) res.destroy();
          });
          const done = () =>
            finish(status >= 200 && status < 300 ? { ok: true, status } : { ok: false, status, error: `answered HTTP ${status}` });
          res.on('end', done);
          res.on('close', done);
          res.on('error', done);
        },
      );
      // The address actually connected to (a second check: the lookup already refused blocked ones).
      req.on('socket', (socket) => {
        socket.once('connect', () => {
          const remote = socket.remoteAddress;
          if (!opts.allowPrivate && remote && isBlockedAddress(remote)) req.destroy(new BlockedAddressError(remote));
        });
      });
      req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)));
      req.on('error', (err) => finish({ ok: false, status: null, error: err.message.slice(0, 300) }));
      req.end(attempt.body);
    });
}
