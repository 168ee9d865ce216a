import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string[]; raw: string };

/**
 * A real SMTP server on a free port; tests read what the app sent through it. `onMail` also hands each
 * mail on as it arrives (the e2e run writes them to a file its test processes read).
 */
export async function startSmtp(onMail?: (mail: ReceivedMail) => void): Promise<{
  url: string;
  mails: ReceivedMail[];
  waitFor(to: string, subject?: RegExp, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const mail = { to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') };
        mails.push(mail);
        onMail?.(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitFor(to, subject, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = mails.find((m) => m.to.includes(to) && (!subject || subject.test(m.raw)));
        if (found) return found;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Quoted-printable soft line breaks would split links; undo them before searching the text. */
export function mailText(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
}
