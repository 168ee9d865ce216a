import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import webPush from 'web-push';
import type { PushConfig } from '../../config.js';
import { endpointProblem, publicOnlyLookup } from './addresses.js';

export type Subscriber = { endpoint: string; p256dh: string; auth: string };

/** `gone`: the push service no longer knows the subscription (404, 410), so it is deleted. */
export type Delivery = { outcome: 'delivered' | 'gone' | 'failed'; status?: number; reason?: string };

const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * Encrypts (RFC 8291, aes128gcm) and signs (VAPID, RFC 8292) with web-push, and sends the request
 * itself: so the address is checked when it is resolved, the whole exchange has a deadline, and a
 * push service's answer body is never read into memory.
 */
export class PushSender {
  constructor(
    private readonly config: PushConfig,
    private readonly timeoutMs = DEFAULT_TIMEOUT_MS,
  ) {}

  deliver(to: Subscriber, payload: string, ttlSeconds: number): Promise<Delivery> {
    const problem = endpointProblem(to.endpoint, this.config.localEndpoints);
    if (problem) return Promise.resolve({ outcome: 'failed', reason: problem });
    let details: webPush.RequestDetails;
    try {
      details = webPush.generateRequestDetails({ endpoint: to.endpoint, keys: { p256dh: to.p256dh, auth: to.auth } }, payload, {
        vapidDetails: { subject: this.config.subject, publicKey: this.config.publicKey, privateKey: this.config.privateKey },
        TTL: ttlSeconds,
        urgency: 'high',
        contentEncoding: 'aes128gcm',
      });
    } catch (err) {
      // A key off the curve, or a subject web-push refuses: logged, never a reason to delete the device.
      return Promise.resolve({ outcome: 'failed', reason: String(err) });
    }
    return this.post(details);
  }

  private post(details: webPush.RequestDetails): Promise<Delivery> {
    const url = new URL(details.endpoint);
    const send = url.protocol === 'http:' ? httpRequest : httpsRequest;
    return new Promise((resolve) => {
      const req = send(
        url,
        {
          method: details.method,
          headers: details.headers,
          lookup: publicOnlyLookup(this.config.localEndpoints) as never,
          signal: AbortSignal.timeout(this.timeoutMs),
        },
        (res) => {
          const status = res.statusCode ?? 0;
          res.destroy();
          if (status >= 200 && status < 300) resolve({ outcome: 'delivered', status });
          else if (status === 404 || status === 410) resolve({ outcome: 'gone', status });
          else resolve({ outcome: 'failed', status });
        },
      );
      req.on('error', (err) => resolve({ outcome: 'failed', reason: err.message }));
      req.end(details.body ?? undefined);
    });
  }
}
