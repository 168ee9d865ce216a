import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/support/database.js';
import { ownerWithShop } from '../../../test/support/fixtures.js';
import { createTestApp, json, type TestApp } from '../../../test/support/harness.js';
import { platformOwner } from '../../../test/support/platform-owner.js';
import { mailText, startSmtp } from '../../../test/support/smtp.js';
import { queryRows } from '../../db/index.js';

const good = {
  name: ' Priya Nair ',
  email: ' Priya@Example.com ',
  company: 'Nair Xerox',
  phone: '+91 98765 11111',
  subject: 'Pricing for two shops',
  message: 'Do you offer a discount?\nWe have two shops.',
};

describe.each(DATABASE_KINDS)('contact form on %s', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let boss: { authorization: string };
  let ip = 0;
  const send = (payload: unknown, remoteAddress = `10.0.0.${++ip}`) =>
    t.app.inject({ method: 'POST', url: '/api/contact', payload: payload as object, remoteAddress });

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ kind, env: { SMTP_URL: smtp.url, CONTACT_INBOX: 'hello@counterprint.test' } });
    boss = await platformOwner(t, 'contact-boss@example.com');
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('stores a message without sign-in, mails it to CONTACT_INBOX, and shows it to an OWNER', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: good,
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(res.statusCode).toBe(201);
    expect(json(res)).toEqual({ ok: true });
    const mail = await smtp.waitFor('hello@counterprint.test', /Contact form: Pricing for two shops/);
    const text = mailText(mail.raw);
    expect(text).toContain('From: Priya Nair <priya@example.com>');
    expect(text).toContain('Do you offer a discount?');
    let list: { subject: string; mailedAt: string | null }[] = [];
    for (let i = 0; i < 50; i++) {
      list = json(await t.app.inject({ method: 'GET', url: '/api/owner/contact-messages', headers: boss }));
      if (list[0]?.mailedAt) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(list[0]).toEqual({
      id: expect.any(String),
      name: 'Priya Nair',
      email: 'priya@example.com',
      company: 'Nair Xerox',
      phone: '+91 98765 11111',
      subject: 'Pricing for two shops',
      message: 'Do you offer a discount?\nWe have two shops.',
      mailedAt: expect.any(String),
      createdAt: expect.any(String),
    });
    const shop = await ownerWithShop(t.app, 'contact-shop@example.com');
    expect((await t.app.inject({ method: 'GET', url: '/api/owner/contact-messages', headers: shop.auth })).statusCode).toBe(403);
  });

  it.each([
    [{ name: '' }, 'Name is required'],
    [{ name: undefined }, 'Name is required'],
    [{ email: ' ' }, 'Email is required'],
    [{ email: 'priya@example' }, 'Email is invalid'],
    [{ subject: '' }, 'Subject is required'],
    [{ message: '   ' }, 'Message is required'],
    [{ message: 'x'.repeat(5001) }, 'Message must be at most 5000 characters'],
    [{ company: 'c'.repeat(101) }, 'Company must be at most 100 characters'],
    // A subject is one line: a line break there could only be an attempt at a second mail header.
    [{ subject: 'Pricing\nBcc: everyone@example.com' }, 'subject must not contain control characters'],
  ])('refuses %j with the form message %s', async (over, message) => {
    const res = await send({ ...good, ...over });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ error: message, code: 'VALIDATION' });
  });

  it('takes company and phone as optional, and 5 messages an hour from one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await send({ name: 'Limit', email: 'l@example.com', subject: `Try ${i}`, message: 'Hi' }, '10.9.9.9');
      statuses.push(res.statusCode);
      if (res.statusCode === 429)
        expect(json(res)).toEqual({ error: 'Too many attempts. Please try again in a few minutes.', code: 'RATE_LIMITED' });
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    expect((await send({ name: 'Other', email: 'o@example.com', subject: 'S', message: 'M' }, '10.9.9.10')).statusCode).toBe(201);
    const rows = await queryRows<{ n: number | string }>(
      t.deps.database.db,
      sql`SELECT count(*) AS n FROM contact_messages WHERE name = 'Limit'`,
    );
    expect(Number(rows[0]?.n)).toBe(5);
  });
});

describe('contact form without CONTACT_INBOX', () => {
  it('stores the message and mails nobody', async () => {
    const t = await createTestApp({ kind: 'pglite' });
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/contact', payload: good });
      expect(res.statusCode).toBe(201);
      const db = t.deps.database.db;
      expect(await queryRows(db, sql`SELECT name FROM contact_messages`)).toEqual([{ name: 'Priya Nair' }]);
      expect(await queryRows(db, sql`SELECT to_address FROM outbox WHERE subject LIKE 'Contact form%'`)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
