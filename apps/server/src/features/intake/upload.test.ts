import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/support/database.js';
import { blobKeys, docxBytes, ownerWithShop, pdfBytes, pngBytes, upload } from '../../../test/support/fixtures.js';
import { createTestApp, json, type TestApp } from '../../../test/support/harness.js';
import { queryRows } from '../../db/index.js';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe.each(DATABASE_KINDS)('customer upload on %s', (kind) => {
  let t: TestApp;
  let slug: string;
  let shopId: string;
  let auth: { authorization: string };

  beforeAll(async () => {
    t = await createTestApp({ kind, env: { RATE_LIMIT: 'off', SHOP_STORAGE_QUOTA: String(8 * 1024 * 1024) } });
    const o = await ownerWithShop(t.app, `owner-${kind}@example.com`);
    slug = o.shop.slug;
    shopId = o.shop.id;
    auth = o.auth;
  });
  afterAll(async () => t?.close());

  const counts = async () => {
    // A file stored earlier may still be getting its thumbnail, through the store's temp directory.
    await t.app.services.preparer.idle();
    const rows = await queryRows<{ jobs: number; files: number }>(
      t.deps.database.db,
      sql`SELECT (SELECT count(*) FROM jobs)::int AS jobs, (SELECT count(*) FROM job_files)::int AS files`,
    );
    return { ...rows[0]!, blobs: (await blobKeys(t.deps.blobs, `shops/${shopId}/jobs/`)).length, temp: tempFiles() };
  };
  const tempFiles = () => {
    const dir = path.join(t.dataDir, 'blobs', '.tmp');
    return existsSync(dir) ? readdirSync(dir).length : 0;
  };

  it('stores a PDF and a photo, answers {jobId, fileCount}, records names, sizes, hashes and the customer', async () => {
    const pdf = await pdfBytes(3);
    const png = pngBytes();
    const res = await upload(t.app, slug, [
      { name: 'name', value: 'Ravi Kumar' },
      { name: 'phone', value: '+91 98765 43210' },
      { name: 'files', filename: 'Résumé final.pdf', data: pdf, type: 'application/pdf' },
      { name: 'files', filename: 'photo.PNG', data: png, type: 'image/png' },
    ]);
    expect(res.statusCode).toBe(201);
    const created = json(res);
    expect(created).toEqual({
      jobId: expect.any(String),
      fileCount: 2,
      number: 1,
      files: [
        { id: expect.any(String), name: 'Résumé final.pdf', kind: 'pdf', note: null },
        { id: expect.any(String), name: 'photo.PNG', kind: 'png', note: null },
      ],
      token: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      statusUrl: `/j/${created.token}`,
    });
    await t.app.services.pageCounter.idle();
    const list = await t.app.inject({ method: 'GET', url: `/api/shops/${shopId}/print-jobs`, headers: auth });
    expect(list.statusCode).toBe(200);
    const job = json(list)[0];
    expect(job).toMatchObject({
      id: created.jobId,
      number: 1,
      customerName: 'Ravi Kumar',
      customerPhone: '+91 98765 43210',
      status: 'queued',
      originalFilenames: ['Résumé final.pdf', 'photo.PNG'],
    });
    expect(job.files.map((f: { pages: number }) => f.pages)).toEqual([3, 1]);
    expect(job.items).toEqual([
      { name: 'A4 paper 70 gsm', sku: 'A4-70GSM', sheetsUsed: 3 },
      { name: 'A4 paper 70 gsm', sku: 'A4-70GSM', sheetsUsed: 1 },
    ]);
    const rows = await queryRows<{ sha256: string; size: number; content_type: string }>(
      t.deps.database.db,
      sql`SELECT sha256, size::int AS size, content_type FROM job_files WHERE job_id = ${created.jobId} ORDER BY position`,
    );
    expect(rows).toEqual([
      { sha256: sha(pdf), size: pdf.length, content_type: 'application/pdf' },
      { sha256: sha(png), size: png.length, content_type: 'image/png' },
    ]);
    const customers = await queryRows<{ name: string; phone: string }>(
      t.deps.database.db,
      sql`SELECT name, phone FROM customers WHERE shop_id = ${shopId}`,
    );
    expect(customers).toEqual([{ name: 'Ravi Kumar', phone: '+91 98765 43210' }]);

    const urls = await t.app.inject({ method: 'GET', url: `/api/shops-action/print-jobs/${created.jobId}/signed-urls`, headers: auth });
    expect(urls.statusCode).toBe(200);
    const [pdfUrl] = json(urls) as string[];
    const download = await t.app.inject({ method: 'GET', url: pdfUrl! });
    expect(download.statusCode).toBe(200);
    expect(sha(download.rawPayload)).toBe(sha(pdf));
    expect(download.headers['content-disposition']).toMatch(/^attachment; .*R%C3%A9sum%C3%A9/);
    const range = await t.app.inject({ method: 'GET', url: pdfUrl!, headers: { range: 'bytes=0-4' } });
    expect(range.statusCode).toBe(206);
    expect(range.body).toBe('%PDF-');
  });

  it('never overwrites a known customer from an upload', async () => {
    const res = await upload(t.app, slug, [
      { name: 'name', value: 'Someone Else' },
      { name: 'phone', value: '+91 98765 43210' },
      { name: 'files', filename: 'a.png', data: pngBytes() },
    ]);
    expect(res.statusCode).toBe(201);
    const customers = await queryRows<{ name: string }>(t.deps.database.db, sql`SELECT name FROM customers WHERE shop_id = ${shopId}`);
    expect(customers).toEqual([{ name: 'Ravi Kumar' }]);
  });

  describe('refusals leave no job row and no blob', () => {
    const refusals: [string, () => Promise<Parameters<typeof upload>[2]>, number, RegExp][] = [
      [
        'a type outside the allow-list',
        async () => [{ name: 'files', filename: 'virus.exe', data: Buffer.from('MZ....') }],
        415,
        /virus\.exe is not allowed\. Accepted: PDF, PNG.*DOC, DOCX, ODT, RTF, TXT, PPT, PPTX, ODP\.$/,
      ],
      ['a PDF renamed .exe', async () => [{ name: 'files', filename: 'doc.exe', data: await pdfBytes() }], 415, /doc\.exe is not allowed/],
      [
        'an .exe renamed .pdf',
        async () => [{ name: 'files', filename: 'doc.pdf', data: Buffer.from('MZ\x90\x00 not a pdf at all') }],
        415,
        /doc\.pdf is not a document we can print/,
      ],
      [
        'a .docm (macro-enabled Word)',
        async () => [{ name: 'files', filename: 'macro.docm', data: docxBytes() }],
        415,
        /^macro\.docm is a Word template or a document with macros\. Save it as DOCX or PDF and send it again\.$/,
      ],
      [
        'a text file named .pdf',
        async () => [{ name: 'files', filename: 'notes.pdf', data: Buffer.from('just some notes\n') }],
        415,
        /^notes\.pdf is not a document we can print\.$/,
      ],
      [
        'a CSV with a NUL',
        async () => [{ name: 'files', filename: 'a.csv', data: Buffer.from('a,b\n1,\u00002\n') }],
        415,
        /a\.csv is not a document we can print/,
      ],
      [
        'an SVG that is HTML',
        async () => [{ name: 'files', filename: 'a.svg', data: Buffer.from('<html><script>alert(1)</script></html>') }],
        415,
        /a\.svg is not a document we can print/,
      ],
      // HTML is refused whatever it is named (docs/security.md): as a CSV, as a PDF with %PDF- further on, as an SVG.
      [
        'HTML named .csv',
        async () => [
          {
            name: 'files',
            filename: 'list.csv',
            data: Buffer.from('<!DOCTYPE html>\n<html><body><script>alert(1)</script></body></html>\n'),
          },
        ],
        415,
        /list\.csv is not a document we can print/,
      ],
      [
        'a CSV with a <script> row after 64 KiB',
        async () => [{ name: 'files', filename: 'long.csv', data: Buffer.from(`${'a,b\n'.repeat(20_000)}<script>alert(1)</script>\n`) }],
        415,
        /long\.csv is not a document we can print/,
      ],
      [
        'a CSV with an <iframe>',
        async () => [{ name: 'files', filename: 'frame.csv', data: Buffer.from('a,b\n1,<iframe src=//evil.example>\n') }],
        415,
        /frame\.csv is not a document we can print/,
      ],
      [
        'HTML with %PDF- later in its first KiB, named .pdf',
        async () => [{ name: 'files', filename: 'fake.pdf', data: Buffer.from('<html><script>alert(1)</script>\n%PDF-1.4\n%%EOF\n') }],
        415,
        /fake\.pdf is not a document we can print/,
      ],
      [
        'HTML right after %PDF-, named .pdf',
        async () => [{ name: 'files', filename: 'magic.pdf', data: Buffer.from('%PDF-<html><script>alert(1)</script>\n') }],
        415,
        /magic\.pdf is not a document we can print/,
      ],
      [
        'HTML after a PNG signature, named .png',
        async () => [
          { name: 'files', filename: 'magic.png', data: Buffer.from('\x89PNG\r\n\x1a\n<html><script>alert(1)</script>\n', 'latin1') },
        ],
        415,
        /magic\.png is not a document we can print/,
      ],
      [
        'HTML after %!PS, named .eps',
        async () => [{ name: 'files', filename: 'magic.eps', data: Buffer.from('%!PS\n<html><script>alert(1)</script>\n') }],
        415,
        /magic\.eps is not a document we can print/,
      ],
      [
        'a PDF with text before %PDF-',
        async () => [{ name: 'files', filename: 'late.pdf', data: Buffer.concat([Buffer.from('junk '), await pdfBytes()]) }],
        415,
        /late\.pdf is not a document we can print/,
      ],
      [
        'an SVG with onload',
        async () => [
          {
            name: 'files',
            filename: 'load.svg',
            data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>'),
          },
        ],
        415,
        /load\.svg is not a document we can print/,
      ],
      [
        'an SVG with a <script>',
        async () => [
          {
            name: 'files',
            filename: 'script.svg',
            data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
          },
        ],
        415,
        /script\.svg is not a document we can print/,
      ],
      [
        'an SVG behind <!DOCTYPE html>',
        async () => [{ name: 'files', filename: 'doc.svg', data: Buffer.from('<!DOCTYPE html><svg onload=alert(1)>') }],
        415,
        /doc\.svg is not a document we can print/,
      ],
      [
        'an SVG with a javascript: link hidden by a character reference',
        async () => [
          {
            name: 'files',
            filename: 'link.svg',
            data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><a href="jav&#x61;script:alert(1)"><text>go</text></a></svg>'),
          },
        ],
        415,
        /link\.svg is not a document we can print/,
      ],
      [
        'an SVG with a javascript: link spelled by two entities',
        async () => [
          {
            name: 'files',
            filename: 'ent.svg',
            data: Buffer.from(
              '<!DOCTYPE svg [<!ENTITY a "java"><!ENTITY b "script:alert(1)">]><svg xmlns="http://www.w3.org/2000/svg"><a href="&a;&b;"><text>go</text></a></svg>',
            ),
          },
        ],
        415,
        /ent\.svg is not a document we can print/,
      ],
      [
        'an SVG with a namespaced XHTML <script>',
        async () => [
          {
            name: 'files',
            filename: 'ns.svg',
            data: Buffer.from(
              '<svg xmlns="http://www.w3.org/2000/svg" xmlns:h="http://www.w3.org/1999/xhtml"><h:script>alert(1)</h:script></svg>',
            ),
          },
        ],
        415,
        /ns\.svg is not a document we can print/,
      ],
      [
        'an SVG with a <foreignObject>',
        async () => [
          {
            name: 'files',
            filename: 'fo.svg',
            data: Buffer.from(
              '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject width="9" height="9"><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject></svg>',
            ),
          },
        ],
        415,
        /fo\.svg is not a document we can print/,
      ],
      [
        'an SVG with an XSLT stylesheet',
        async () => [
          {
            name: 'files',
            filename: 'xsl.svg',
            data: Buffer.from(
              '<?xml version="1.0"?><?xml-stylesheet type="text/xsl" href="data:,x"?><svg xmlns="http://www.w3.org/2000/svg"/>',
            ),
          },
        ],
        415,
        /xsl\.svg is not a document we can print/,
      ],
      [
        'an SVG with an event handler after 64 KiB',
        async () => [
          {
            name: 'files',
            filename: 'deep.svg',
            data: Buffer.from(
              `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(3000)}<rect width="1" height="1" onclick="alert(1)"/></svg>`,
            ),
          },
        ],
        415,
        /deep\.svg is not a document we can print/,
      ],
      ['no files', async () => [{ name: 'name', value: 'x' }], 400, /Please select at least one file to upload\./],
      [
        '51 files',
        async () => Array.from({ length: 51 }, (_, i) => ({ name: 'files', filename: `p${i}.png`, data: pngBytes(4, 2) })),
        400,
        /at most 50 files/,
      ],
      ['a name with ../', async () => [{ name: 'files', filename: '../../etc/passwd.pdf', data: await pdfBytes() }], 400, /folder path/],
      [
        'a name with a right-to-left override',
        async () => [{ name: 'files', filename: 'inv\u202Efdp.exe.pdf', data: await pdfBytes() }],
        400,
        /not allowed/,
      ],
      [
        'a name with control characters',
        async () => [{ name: 'files', filename: 'a\u0007b.pdf', data: await pdfBytes() }],
        400,
        /not allowed/,
      ],
      ...(
        [
          ['a zero-width space', 'invoice\u200B.pdf', 'U+200B'],
          ['a line separator', 'line\u2028break.pdf', 'U+2028'],
          ['a paragraph separator', 'para\u2029break.pdf', 'U+2029'],
          ['a right-to-left override before the extension', 'photo\u202Egnp.pdf', 'U+202E'],
          ['a division slash (a slash look-alike)', 'etc\u2215passwd.pdf', 'U+2215'],
          ['a fullwidth solidus (a slash look-alike)', 'etc\uFF0Fpasswd.pdf', 'U+FF0F'],
          ['a fullwidth reverse solidus (a backslash look-alike)', 'C:\uFF3CWindows.pdf', 'U+FF3C'],
          ['a fraction slash (a slash look-alike)', 'a\u2044b.pdf', 'U+2044'],
        ] as const
      ).map(([label, filename, code]): [string, () => Promise<Parameters<typeof upload>[2]>, number, RegExp] => [
        `a name with ${label}`,
        async () => [{ name: 'files', filename, data: await pdfBytes() }],
        400,
        new RegExp(
          `^File name "${filename.replace(/[^\w.:]/gu, '.')}" contains a character that is not allowed \\(${code.replace('+', '\\+')}\\)$`,
        ),
      ]),
      [
        'a 1,000-character name',
        async () => [{ name: 'files', filename: `${'a'.repeat(996)}.pdf`, data: await pdfBytes() }],
        400,
        /too long/,
      ],
      [
        'a 100 KB name field',
        async () => [
          { name: 'name', value: 'n'.repeat(100_000) },
          { name: 'files', filename: 'a.png', data: pngBytes() },
        ],
        400,
        /name is too long/,
      ],
      [
        'a bad phone',
        async () => [
          { name: 'phone', value: 'call me' },
          { name: 'files', filename: 'a.png', data: pngBytes() },
        ],
        400,
        /phone/,
      ],
      [
        'print options out of range, named by file and field',
        async () => [
          { name: 'files', filename: 'a.png', data: pngBytes() },
          { name: 'files', filename: 'b.pdf', data: await pdfBytes() },
          { name: 'options', value: JSON.stringify([{}, { copies: 0 }]) },
        ],
        400,
        /^b\.pdf: copies must be between 1 and 99$/,
      ],
      [
        'a print option that does not exist',
        async () => [
          { name: 'files', filename: 'a.png', data: pngBytes() },
          { name: 'options', value: JSON.stringify([{ copy: 2 }]) },
        ],
        400,
        /^a\.png: copy is not a print option$/,
      ],
      [
        'auto colour while the shop has no colour detection',
        async () => [
          { name: 'files', filename: 'a.png', data: pngBytes() },
          { name: 'options', value: JSON.stringify([{ color: 'auto' }]) },
        ],
        400,
        /^a\.png: color auto needs colour detection/,
      ],
      [
        'options for another number of files',
        async () => [
          { name: 'files', filename: 'a.png', data: pngBytes() },
          { name: 'options', value: JSON.stringify([{}, {}]) },
        ],
        400,
        /^options must have one entry per file: 1 files, 2 entries$/,
      ],
      [
        'options that are not JSON',
        async () => [
          { name: 'files', filename: 'a.png', data: pngBytes() },
          { name: 'options', value: '[{copies: 2}' },
        ],
        400,
        /^options must be a JSON array/,
      ],
      [
        'a second file refused after a good one',
        async () => [
          { name: 'files', filename: 'ok.png', data: pngBytes() },
          { name: 'files', filename: 'bad.pdf', data: Buffer.from('nope') },
        ],
        415,
        /bad\.pdf is not a document we can print/,
      ],
    ];
    it.each(refusals)('%s', async (_label, parts, status, message) => {
      const before = await counts();
      const res = await upload(t.app, slug, await parts());
      expect(res.statusCode).toBe(status);
      expect(json(res).error).toMatch(message);
      expect(await counts()).toEqual(before);
    });

    it('still accepts real CSVs, PDFs with a BOM or blank lines before %PDF-, plain SVGs, and Indic names with a joiner', async () => {
      const pdf = await pdfBytes();
      const files = [
        { name: 'files', filename: 'rates.csv', data: Buffer.from('item,price\nA4 < 10 pages,2\n"x => y",3\nonion=1,4\n') },
        { name: 'files', filename: 'bom.pdf', data: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), pdf]) },
        { name: 'files', filename: 'blank.pdf', data: Buffer.concat([Buffer.from('\r\n \t\n'), pdf]) },
        {
          name: 'files',
          filename: 'logo.svg',
          data: Buffer.from(
            '<?xml version="1.0" encoding="UTF-8"?>\n<!-- Generator: a drawing program -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n' +
              '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"><style>.a{fill:red}</style>' +
              '<a xlink:href="https://example.com/"><rect class="a" width="10" height="10"/></a><text x="1" y="5">on time = done</text></svg>',
          ),
        },
        { name: 'files', filename: 'क्\u200Dष.png', data: pngBytes() },
      ];
      const res = await upload(t.app, slug, files);
      expect(res.statusCode, res.body).toBe(201);
      expect(json(res).fileCount).toBe(files.length);
    });

    it("keeps each file's print options, defaults filled in, and the defaults when none are given", async () => {
      const res = await upload(t.app, slug, [
        { name: 'files', filename: 'thesis.pdf', data: await pdfBytes(3) },
        { name: 'files', filename: 'cover.png', data: pngBytes() },
        {
          name: 'options',
          value: JSON.stringify([
            { copies: 2, sides: 'double', pages: '1-2', nup: 2 },
            { color: 'color', paper: '4x6' },
          ]),
        },
      ]);
      expect(res.statusCode, res.body).toBe(201);
      const plain = await upload(t.app, slug, [{ name: 'files', filename: 'plain.png', data: pngBytes() }]);
      expect(plain.statusCode, plain.body).toBe(201);
      const list = json(await t.app.inject({ method: 'GET', url: `/api/shops/${shopId}/print-jobs`, headers: auth }));
      const byId = (id: string) => list.find((j: { id: string }) => j.id === id);
      const defaults = { copies: 1, color: 'bw', sides: 'single', pages: 'all', nup: 1, paper: 'A4', extras: [] };
      expect(byId(json(res).jobId).files.map((f: { options: unknown }) => f.options)).toEqual([
        { ...defaults, copies: 2, sides: 'double', pages: '1-2', nup: 2 },
        { ...defaults, color: 'color', paper: '4x6' },
      ]);
      expect(byId(json(plain).jobId).files[0].options).toEqual(defaults);
    });

    it('an unknown shop answers 404', async () => {
      const res = await upload(t.app, 'no-such-shop', [{ name: 'files', filename: 'a.png', data: pngBytes() }]);
      expect(res.statusCode).toBe(404);
      expect(json(res).error).toBe('Shop not found');
    });

    it("answers 507 when the shop's storage quota is reached", async () => {
      const before = await counts();
      const big = Buffer.concat([await pdfBytes(), Buffer.alloc(9 * 1024 * 1024, 32)]);
      const res = await upload(t.app, slug, [{ name: 'files', filename: 'big.pdf', data: big }]);
      expect(res.statusCode).toBe(507);
      expect(json(res).error).toBe("This shop's storage is full");
      expect(await counts()).toEqual(before);
    });

    it('a malformed multipart body', async () => {
      const before = await counts();
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/public/shops/${slug}/jobs`,
        payload: '--xyz\r\nContent-Disposition: form-data; name="files"; filename="a.pdf"\r\n\r\n%PDF-1.4 trunc',
        headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      });
      expect(res.statusCode).toBe(400);
      expect(await counts()).toEqual(before);
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    });
  });
});
