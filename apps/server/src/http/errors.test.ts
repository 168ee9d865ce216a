import { describe, expect, it } from 'vitest';
import { answerForThrown } from './errors.js';

const log = { warn: () => {}, error: () => {} };
/** As Drizzle throws a failed query: its own error, the database's (or the file system's) as the cause. */
const fromQuery = (cause: object) => Object.assign(new Error('Failed query: insert …'), { query: 'insert …', params: [], cause });
const answer = (err: unknown) => {
  const { status, code, message } = answerForThrown(err, log);
  return { status, code, message };
};

describe("the database's disk in our words", () => {
  it.each([
    ['25006 read_only_sql_transaction', { code: '25006', message: 'cannot execute INSERT in a read-only transaction' }],
    ['58030 io_error', { code: '58030', message: 'could not write to file "pg_wal/…": Input/output error' }],
    ['EROFS from PGlite’s file access', Object.assign(new Error('EROFS: read-only file system'), { code: 'EROFS' })],
    ['EACCES from PGlite’s file access', Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' })],
  ])('answers %s with 503 DATABASE_UNAVAILABLE, not 500', (_name, cause) => {
    expect(answer(fromQuery(cause))).toEqual({
      status: 503,
      code: 'DATABASE_UNAVAILABLE',
      message: 'The service is temporarily unavailable. Please try again shortly.',
    });
  });

  it.each([
    ['53100 disk_full', { code: '53100', message: 'could not extend file: No space left on device' }],
    ['ENOSPC from PGlite’s file access', Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' })],
  ])('answers %s with 507 STORAGE_FULL, as a full blob store does', (_name, cause) => {
    expect(answer(fromQuery(cause))).toEqual({ status: 507, code: 'STORAGE_FULL', message: 'Storage is full. Please try again later.' });
  });

  it('still answers a bug 500', () => {
    expect(answer(fromQuery({ code: '42703', message: 'column "x" does not exist' })).status).toBe(500);
  });
});
