import { createHash, randomBytes } from 'node:crypto';

/** 128 random bits naming a job to its customer; the job number alone grants nothing. */
export const newJobToken = () => randomBytes(16).toString('base64url');

/** Only the hash is stored: a leaked database names no job to anyone. */
export const hashJobToken = (token: string) => createHash('sha256').update(token).digest('base64url');
