import { RECEIPT_JWS_TYPE } from '@counterprint/contract';
import { describe, expect, it } from 'vitest';
import { makeReceiptSigner, RECEIPT, RECEIPT_V1, tamperedPayload } from '../../test/receipts';
import { verifyReceipt } from './verifyReceipt';

describe('verifyReceipt (WebCrypto Ed25519)', () => {
  it('verifies a receipt signed with a published key, and names the key', async () => {
    const signer = makeReceiptSigner();
    const other = makeReceiptSigner();
    const check = await verifyReceipt(signer.sign(RECEIPT), { keys: [other.key, signer.key] });
    expect(check).toEqual({ state: 'verified', kid: signer.key.kid, receipt: RECEIPT });
  });

  it('verifies a receipt signed before copies were counted by kind (version 1)', async () => {
    const signer = makeReceiptSigner();
    expect(await verifyReceipt(signer.sign(RECEIPT_V1), { keys: [signer.key] })).toEqual({
      state: 'verified',
      kid: signer.key.kid,
      receipt: RECEIPT_V1,
    });
    // A version 2 receipt must count copies by kind, and a version 1 receipt must have its one count.
    const mixed = { ...RECEIPT_V1, version: 2 };
    expect(await verifyReceipt(signer.sign(mixed), { keys: [signer.key] })).toMatchObject({ receipt: null });
  });

  it('fails a receipt whose payload was changed after signing', async () => {
    const signer = makeReceiptSigner();
    const forged = { ...RECEIPT, files: [{ ...RECEIPT.files[0]!, copies: { ...RECEIPT.files[0]!.copies, original: 0 } }] };
    const check = await verifyReceipt(tamperedPayload(signer.sign(RECEIPT), forged), { keys: [signer.key] });
    expect(check).toEqual({ state: 'failed', reason: 'the signature does not match its content', receipt: forged });
  });

  it('fails a receipt signed by another key published under the right id', async () => {
    const signer = makeReceiptSigner();
    const impostor = makeReceiptSigner();
    const jws = impostor.sign(RECEIPT).replace(/^[^.]+/, signer.sign(RECEIPT).split('.')[0]!);
    expect(await verifyReceipt(jws, { keys: [signer.key] })).toMatchObject({ state: 'failed' });
    // A key set that passes another key off under the signer's id is caught by the thumbprint.
    const check = await verifyReceipt(signer.sign(RECEIPT), { keys: [{ ...impostor.key, kid: signer.key.kid }] });
    expect(check).toMatchObject({ state: 'failed', reason: 'the published key does not match its id' });
  });

  it('fails when no published key has its id', async () => {
    const signer = makeReceiptSigner();
    const check = await verifyReceipt(signer.sign(RECEIPT), { keys: [makeReceiptSigner().key] });
    expect(check).toMatchObject({ state: 'failed', reason: `no published key has the id ${signer.key.kid}` });
  });

  it('fails what is not a compact JWS, another type, or a signed payload that is no receipt', async () => {
    const signer = makeReceiptSigner();
    const keys = { keys: [signer.key] };
    expect(await verifyReceipt('not a receipt', keys)).toMatchObject({ state: 'failed', receipt: null });
    const header = Buffer.from(JSON.stringify({ alg: 'EdDSA', kid: signer.key.kid, typ: 'JWT' })).toString('base64url');
    const otherType = signer.sign(RECEIPT).replace(/^[^.]+/, header);
    expect(await verifyReceipt(otherType, keys)).toMatchObject({ state: 'failed', reason: 'it is not a Counterprint receipt' });
    expect(RECEIPT_JWS_TYPE).not.toBe('JWT');
    expect(await verifyReceipt(signer.sign({ hello: 'world' }), keys)).toMatchObject({
      state: 'failed',
      reason: 'the signature holds, but the content is not a deletion receipt',
    });
  });

  it('says the browser cannot check it, rather than verified or failed, when WebCrypto lacks Ed25519', async () => {
    const signer = makeReceiptSigner();
    const noEd25519 = {
      digest: crypto.subtle.digest.bind(crypto.subtle),
      importKey: () => Promise.reject(new DOMException('Unrecognized algorithm name', 'NotSupportedError')),
    } as unknown as SubtleCrypto;
    expect(await verifyReceipt(signer.sign(RECEIPT), { keys: [signer.key] }, noEd25519)).toEqual({
      state: 'unsupported',
      receipt: RECEIPT,
    });
    expect(await verifyReceipt(signer.sign(RECEIPT), { keys: [signer.key] }, null)).toEqual({ state: 'unsupported', receipt: RECEIPT });
  });
});
