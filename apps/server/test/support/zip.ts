import { crc32, deflateRawSync } from 'node:zlib';

/** `declaredSize` lies about the inflated size in both headers, as a bomb may. */
export type ZipEntry = { name: string; content: Buffer; declaredSize?: number };

/**
 * A ZIP archive written by hand, for containers no tool would make (an Office file's parts, a bomb).
 * `deflate` compresses each distinct content once, so one buffer under many names stays cheap to build.
 */
export function zipArchive(entries: ZipEntry[], method: 'store' | 'deflate'): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  const packed = new Map<Buffer, { data: Buffer; crc: number }>();
  for (const { name, content, declaredSize = content.length } of entries) {
    let p = packed.get(content);
    if (!p) {
      p = { data: method === 'deflate' ? deflateRawSync(content) : content, crc: crc32(content) };
      packed.set(content, p);
    }
    const fileName = Buffer.from(name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method === 'deflate' ? 8 : 0, 8);
    local.writeUInt32LE(p.crc, 14);
    local.writeUInt32LE(p.data.length, 18);
    local.writeUInt32LE(declaredSize, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method === 'deflate' ? 8 : 0, 10);
    central.writeUInt32LE(p.crc, 16);
    central.writeUInt32LE(p.data.length, 20);
    central.writeUInt32LE(declaredSize, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, p.data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + p.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
