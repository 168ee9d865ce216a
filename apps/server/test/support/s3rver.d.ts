// s3rver ships no types; only what the tests use is declared.
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';

  export type S3rverOptions = {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  };

  export default class S3rver {
    constructor(options?: S3rverOptions);
    /** Resolves with the bound address (port 0 picks a free one). */
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
    reset(): void;
  }
}
