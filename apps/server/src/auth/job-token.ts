import { createHash, createHmac } from 'node:crypto';
import { jobStatusPath } from '@counterprint/contract';

/** Only the hash is stored: a leaked database names no job to anyone. */
export const hashJobToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * A job's token is 128 bits of an HMAC of its id under a server secret (docs/decisions/039-derived-job-tokens.md):
 * unguessable without the secret, never stored, and derivable again so staff can see the customer's status link.
 */
export class JobTokens {
  private readonly key: Buffer;

  constructor(secret: string) {
    // Its own key, so that no other use of the secret ever yields a job token.
    this.key = createHmac('sha256', secret).update('counterprint job token v1').digest();
  }

  tokenFor(jobId: string): string {
    return createHmac('sha256', this.key).update(jobId).digest().subarray(0, 16).toString('base64url');
  }

  /** The status page of a job whose token we derive; null for a job given a random token before them. */
  statusPathOf(jobId: string, tokenHash: string | null): string | null {
    if (!tokenHash) return null;
    const token = this.tokenFor(jobId);
    return hashJobToken(token) === tokenHash ? jobStatusPath(token) : null;
  }
}
