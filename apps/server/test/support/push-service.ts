/**
 * A push service on this machine, as a browser's vendor runs one: it takes the server's push over
 * real HTTP and answers as told. Devices are ECDH key pairs made here, so a push's payload can be
 * decrypted the way a browser does (RFC 8291), written from the RFC rather than with the library
 * that encrypted it.
 */
import { createDecipheriv, createECDH, type ECDH, hkdfSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Device = {
  id: string;
  ecdh: ECDH;
  authSecret: Buffer;
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
};
export type ReceivedPush = { deviceId: string; headers: IncomingHttpHeaders; body: Buffer };

export type LocalPushService = {
  origin: string;
  received: ReceivedPush[];
  /** Makes a browser's subscription on this service. */
  newDevice(): Device;
  /** How this device's pushes are answered from now on (201 by default). */
  answer(device: Device, status: number): void;
  /** Holds every answer until release(): pushes stay in flight. */
  hold(): void;
  release(): void;
  /** Pushes whose answer is being held right now. */
  inFlight(): number;
  close(): Promise<void>;
};

export async function startPushService(): Promise<LocalPushService> {
  const received: ReceivedPush[] = [];
  const statuses = new Map<string, number>();
  let held: (() => void)[] | undefined;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const deviceId = (req.url ?? '').replace(/^\/push\//, '');
      received.push({ deviceId, headers: req.headers, body: Buffer.concat(chunks) });
      const reply = () => res.writeHead(statuses.get(deviceId) ?? 201).end();
      if (held) held.push(reply);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    newDevice() {
      const id = randomBytes(8).toString('hex');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      return {
        id,
        ecdh,
        authSecret,
        subscription: {
          endpoint: `${origin}/push/${id}`,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
        },
      };
    },
    answer: (device, status) => void statuses.set(device.id, status),
    hold: () => {
      held ??= [];
    },
    release: () => {
      const waiting = held ?? [];
      held = undefined;
      for (const reply of waiting) reply();
    },
    inFlight: () => held?.length ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** RFC 8291 (Message Encryption for Web Push) over RFC 8188's aes128gcm, one record, as a browser decrypts it. */
export function decryptPush(device: Device, body: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverPublicKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const ecdhSecret = device.ecdh.computeSecret(serverPublicKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.ecdh.getPublicKey(), serverPublicKey]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, device.authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then any padding zeros.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}
