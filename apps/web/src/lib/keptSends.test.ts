import type { TPrintOptions } from '@counterprint/contract';
import { describe, expect, it } from 'vitest';
import { KEEP_FOR_MS, keptSends } from './keptSends';
import { type KeyValueStore, memoryStore } from './keyValueStore';

const BW: TPrintOptions = { copies: 1, color: 'bw', sides: 'single', pages: 'all', nup: 1, paper: 'A4', extras: [] };
const COLOUR: TPrintOptions = { ...BW, copies: 2, color: 'color' };
const URL_A = '/api/public/shops/print-hub/uploads/AAAAAAAAAAAAAAAAAAAAAA';
const URL_B = '/api/public/shops/print-hub/uploads/BBBBBBBBBBBBBBBBBBBBBB';

const pdf = new File(['%PDF-1.4 thesis'], 'thesis.pdf', { type: 'application/pdf', lastModified: 1_700_000_000_000 });
const photo = new File(['jpeg'], 'photo.jpg', { type: 'image/jpeg', lastModified: 1_700_000_100_000 });

function setup(store: KeyValueStore = memoryStore()) {
  let time = 1_000_000;
  const sends = keptSends(store, () => time);
  const later = (ms: number) => {
    time += ms;
  };
  const keepTwo = () => {
    const { keys, saved } = sends.keep('print-hub', {
      name: 'Ravi',
      phone: '98765 43210',
      files: [
        { file: pdf, options: COLOUR, url: null },
        { file: photo, options: BW, url: null },
      ],
    });
    return saved.then(() => keys);
  };
  return { store, sends, later, keepTwo };
}

describe('a send kept across a reload (per shop)', () => {
  it('finds again the files, their options, name and phone, and each URL noted as the server answered', async () => {
    const { sends, keepTwo } = setup();
    const [a, b] = await keepTwo();
    // Not awaited: a URL arriving while the files are still being written must not be lost.
    void sends.noteUrl('print-hub', a!, URL_A);
    const found = await sends.find('print-hub');
    expect(found).toMatchObject({ name: 'Ravi', phone: '98765 43210' });
    expect(found?.files.map((f) => [f.key, f.file.name, f.file.size, f.options.color, f.url])).toEqual([
      [a, 'thesis.pdf', pdf.size, 'color', URL_A],
      [b, 'photo.jpg', photo.size, 'bw', null],
    ]);
    expect(await found!.files[0]!.file.text()).toBe('%PDF-1.4 thesis');
  });

  it('notes a URL given before the keeping has finished, by the key it answered at once', async () => {
    const { sends } = setup();
    const { keys, saved } = sends.keep('print-hub', {
      name: '',
      phone: '',
      files: [
        { file: pdf, options: BW, url: null },
        { file: photo, options: BW, url: null },
      ],
    });
    void sends.noteUrl('print-hub', keys[1]!, URL_B);
    await saved;
    expect((await sends.find('print-hub'))?.files.map((f) => f.url)).toEqual([null, URL_B]);
  });

  it('keeps each shop apart', async () => {
    const { sends, keepTwo } = setup();
    await keepTwo();
    expect(await sends.find('other-shop')).toBeNull();
    expect(await sends.find('print-hub')).not.toBeNull();
  });

  it('drops a file the customer removed, and its bytes', async () => {
    const { store, sends, keepTwo } = setup();
    const [a, b] = await keepTwo();
    await sends.drop('print-hub', a!);
    expect((await sends.find('print-hub'))?.files.map((f) => f.key)).toEqual([b]);
    expect(await store.get(a!)).toBeUndefined();
  });

  it('forgets the send once its job is made, answering the upload URLs to end on the server', async () => {
    const { store, sends, keepTwo } = setup();
    const [a, b] = await keepTwo();
    await sends.noteUrl('print-hub', a!, URL_A);
    await sends.noteUrl('print-hub', b!, URL_B);
    expect(await sends.forget('print-hub')).toEqual([URL_A, URL_B]);
    expect(await sends.find('print-hub')).toBeNull();
    expect([await store.get(a!), await store.get(b!), await store.get('send:print-hub')]).toEqual([undefined, undefined, undefined]);
  });

  it('replaces a send kept before at the same shop, leaving no bytes of the old one behind', async () => {
    const { store, sends, keepTwo } = setup();
    await keepTwo();
    const { keys, saved } = sends.keep('print-hub', { name: '', phone: '', files: [{ file: photo, options: BW, url: URL_B }] });
    await saved;
    const [only] = keys;
    expect((await sends.find('print-hub'))?.files.map((f) => [f.file.name, f.url])).toEqual([['photo.jpg', URL_B]]);
    expect(only).toBe('send:print-hub:file:0');
    expect(await store.get('send:print-hub:file:1')).toBeUndefined();
  });

  it('forgets a send a day old', async () => {
    const { sends, later, keepTwo } = setup();
    await keepTwo();
    later(KEEP_FOR_MS - 1);
    expect(await sends.find('print-hub')).not.toBeNull();
    later(2);
    expect(await sends.find('print-hub')).toBeNull();
    expect(await sends.forget('print-hub')).toEqual([]);
  });

  it('forgets a send whose bytes the browser lost, rather than offer to resume nothing', async () => {
    const { store, sends, keepTwo } = setup();
    const [a] = await keepTwo();
    await store.delete(a!);
    expect(await sends.find('print-hub')).toBeNull();
    expect(await store.get('send:print-hub')).toBeUndefined();
  });

  it('gives a Blob handed back without its name its name and date again', async () => {
    const store = memoryStore();
    const { sends, keepTwo } = setup(store);
    const [a] = await keepTwo();
    await store.put(a!, new Blob(['%PDF-1.4 thesis'], { type: 'application/pdf' }));
    const file = (await sends.find('print-hub'))!.files[0]!.file;
    expect([file.name, file.type, file.lastModified, file.size]).toEqual(['thesis.pdf', 'application/pdf', pdf.lastModified, pdf.size]);
  });

  it('goes on after a store that failed once', async () => {
    const store = memoryStore();
    let fail = true;
    const flaky: KeyValueStore = {
      ...store,
      put: (key, value) => {
        if (fail) {
          fail = false;
          return Promise.reject(new Error('QuotaExceededError'));
        }
        return store.put(key, value);
      },
    };
    const { sends, keepTwo } = setup(flaky);
    await expect(keepTwo()).rejects.toThrow('QuotaExceededError');
    await keepTwo();
    expect((await sends.find('print-hub'))?.files).toHaveLength(2);
  });
});
