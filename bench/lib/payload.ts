/**
 * Upload bodies generated on the fly: valid PDFs of an exact size (one page plus one
 * large stream object, as a scanned document is) inside a multipart body whose
 * Content-Length is known up front, as a browser sends it. Nothing is held in memory
 * beyond one 1 MiB filler block.
 */
import { randomBytes } from 'node:crypto';

export const MiB = 1024 * 1024;
const FILLER = randomBytes(MiB);

export type PdfParts = { head: Buffer; fillerBytes: number; tail: Buffer };

/** A valid one-page PDF of exactly `size` bytes; it starts with `%PDF-1.4\n`. */
export function pdfOfSize(size: number): PdfParts {
  const objects = [
    '1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n',
    '2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n',
    '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << >> >>\nendobj\n',
  ];
  const prefix = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  // Solve for the stream length: the tail's length depends on the digits of the offsets.
  let n = Math.max(0, size - 400);
  for (let i = 0; i < 10; i++) {
    const parts = build(n);
    const total = parts.head.length + n + parts.tail.length;
    if (total === size) return { ...parts, fillerBytes: n };
    n += size - total;
    if (n < 0) throw new Error(`a PDF cannot be as small as ${size} bytes`);
  }
  throw new Error(`could not size a PDF to ${size} bytes`);

  function build(len: number): { head: Buffer; tail: Buffer } {
    const offsets: number[] = [];
    let text = prefix;
    for (const o of objects) {
      offsets.push(Buffer.byteLength(text, 'latin1'));
      text += o;
    }
    offsets.push(Buffer.byteLength(text, 'latin1'));
    const head = `${text}4 0 obj\n<< /Length ${len} >>\nstream\n`;
    const afterStream = '\nendstream\nendobj\n';
    const xrefAt = Buffer.byteLength(head, 'latin1') + len + afterStream.length;
    const xref = [
      'xref\n0 5\n0000000000 65535 f \n',
      ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`),
      'trailer\n<< /Size 5 /Root 1 0 R >>\n',
      `startxref\n${xrefAt}\n%%EOF\n`,
    ].join('');
    return { head: Buffer.from(head, 'latin1'), tail: Buffer.from(afterStream + xref, 'latin1') };
  }
}

export function* pdfChunks(p: PdfParts): Generator<Buffer> {
  yield p.head;
  let left = p.fillerBytes;
  while (left > 0) {
    const n = Math.min(left, FILLER.length);
    yield n === FILLER.length ? FILLER : FILLER.subarray(0, n);
    left -= n;
  }
  yield p.tail;
}

export type FileSpec = { name: string; size: number };

export type MultipartBody = { contentType: string; length: number; chunks(): Generator<Buffer> };

/** `files` parts (and optional text fields) of a multipart/form-data body, streamed. */
export function multipartBody(files: FileSpec[], fields: Record<string, string> = {}): MultipartBody {
  const boundary = `----CounterprintBench${randomBytes(12).toString('hex')}`;
  const fieldParts = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  const fileParts = files.map((f) => ({
    header: Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    pdf: pdfOfSize(f.size),
  }));
  const end = Buffer.from(`--${boundary}--\r\n`);
  const crlf = Buffer.from('\r\n');
  const length =
    fieldParts.reduce((n, b) => n + b.length, 0) +
    fileParts.reduce((n, p) => n + p.header.length + p.pdf.head.length + p.pdf.fillerBytes + p.pdf.tail.length + crlf.length, 0) +
    end.length;
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    length,
    *chunks() {
      yield* fieldParts;
      for (const p of fileParts) {
        yield p.header;
        yield* pdfChunks(p.pdf);
        yield crlf;
      }
      yield end;
    },
  };
}
