import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/index.js';
import { signIn, signUpAndIn, type TestApp } from './harness.js';

/** A signed-in platform OWNER with no shop (the role granted as `npm run cli -- grant-owner` would). */
export async function platformOwner(t: TestApp, email: string): Promise<{ authorization: string }> {
  const { body } = await signUpAndIn(t.app, email);
  await queryRows(t.deps.database.db, sql`INSERT INTO user_roles (user_id, role) VALUES (${body.id}, 'OWNER') ON CONFLICT DO NOTHING`);
  const { token } = await signIn(t.app, email);
  return { authorization: `Bearer ${token}` };
}
