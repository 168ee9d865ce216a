'use strict';
// The page counter's child process (decision 013): PDFs arrive on stdin as a 4-byte big-endian length
// and the bytes; each answer is one JSON line on stdout, {pages} or {uncountable: reason}. It runs
// under a data-size rlimit and a wall-clock kill set by the parent, so whatever a hostile file does
// here costs this process, never the server. Plain CommonJS so it runs as is from src/ and dist/.
const path = require('node:path');
const { PDFArray, PDFDict, PDFDocument, PDFName, PDFPageLeaf } = require('pdf-lib');

const pdfLib = path.dirname(require.resolve('pdf-lib'));
const DecodeStream = require(path.join(pdfLib, 'core/streams/DecodeStream.js')).default;
const ByteStream = require(path.join(pdfLib, 'core/parser/ByteStream.js')).default;

const [maxStreamBytes, maxFileBytes] = process.argv.slice(2).map(Number);

// pdf-lib inflates every object and xref stream in full while loading. Its decoders grow one buffer
// through ensureBuffer, so refusing to grow past the budget stops a deflate bomb after a bounded
// amount of work. pdf-lib swallows parse errors of single objects, hence the flag.
let decodedBytes = 0;
let overBudget = false;
const ensureBuffer = DecodeStream.prototype.ensureBuffer;
DecodeStream.prototype.ensureBuffer = function (requested) {
  const grow = requested - this.buffer.byteLength;
  if (grow > 0) {
    decodedBytes += grow;
    if (requested > maxStreamBytes || decodedBytes > maxFileBytes) {
      overBudget = true;
      throw new Error('decoded stream over budget');
    }
  }
  try {
    return ensureBuffer.call(this, requested);
  } catch (err) {
    // The rlimit refused the buffer: the same verdict, reached by the memory the file took.
    overBudget = true;
    throw err;
  }
};
// Stream contents are views of the file, not copies: counting pages never reads them.
ByteStream.prototype.slice = function (start, end) {
  return this.bytes.subarray(start, end);
};

class Uncountable extends Error {}

/** Leaves of the page tree, each node visited once: a node reached twice makes it a graph, not a tree. */
function countLeaves(doc) {
  const seen = new Set();
  const stack = [doc.catalog.get(PDFName.of('Pages'))];
  let pages = 0;
  while (stack.length > 0) {
    const node = doc.context.lookup(stack.pop());
    if (!(node instanceof PDFDict)) continue;
    if (seen.has(node)) throw new Uncountable('page-tree-not-a-tree');
    seen.add(node);
    if (node instanceof PDFPageLeaf) pages++;
    else {
      const kids = node.lookup(PDFName.of('Kids'));
      if (kids instanceof PDFArray) for (let i = 0; i < kids.size(); i++) stack.push(kids.get(i));
    }
  }
  return pages;
}

async function count(bytes) {
  decodedBytes = 0;
  overBudget = false;
  try {
    const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
    if (overBudget) return { uncountable: 'over-budget' };
    const pages = countLeaves(doc);
    return pages > 0 ? { pages } : { uncountable: 'no-pages' };
  } catch (err) {
    if (overBudget) return { uncountable: 'over-budget' };
    return { uncountable: err instanceof Uncountable ? err.message : 'unreadable' };
  }
}

let head = Buffer.alloc(0);
let file;
let filled = 0;
process.stdin.on('data', (chunk) => {
  let rest = chunk;
  while (rest.length > 0) {
    if (!file) {
      head = Buffer.concat([head, rest]);
      if (head.length < 4) return;
      file = Buffer.allocUnsafe(head.readUInt32BE(0));
      filled = 0;
      rest = head.subarray(4);
      head = Buffer.alloc(0);
    }
    const take = Math.min(file.length - filled, rest.length);
    rest.copy(file, filled, 0, take);
    filled += take;
    rest = rest.subarray(take);
    if (filled === file.length) {
      const bytes = file;
      file = undefined;
      void count(bytes).then((answer) => process.stdout.write(`${JSON.stringify(answer)}\n`));
    }
  }
});
process.stdin.on('end', () => process.exit(0));
