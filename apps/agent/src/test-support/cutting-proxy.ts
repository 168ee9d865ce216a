import net from 'node:net';

/**
 * A TCP relay in front of a printer that, while `cutting`, lets a request carrying a PDF reach the printer
 * and then drops the connection instead of passing the printer's answer back: the printer has the job,
 * the agent never hears so.
 */
export type CuttingProxy = { port: number; cutting: boolean; cuts: number; close(): Promise<void> };

export async function startCuttingProxy(targetPort: number): Promise<CuttingProxy> {
  const sockets = new Set<net.Socket>();
  const proxy: CuttingProxy = { port: 0, cutting: true, cuts: 0, close: async () => {} };
  const server = net.createServer((client) => {
    const printer = net.connect(targetPort, '127.0.0.1');
    sockets.add(client).add(printer);
    let carriesDocument = false;
    let tail: Buffer = Buffer.alloc(0);
    client.on('data', (chunk: Buffer) => {
      if (Buffer.concat([tail, chunk]).includes('%PDF-')) carriesDocument = true;
      tail = chunk.subarray(-4);
      printer.write(chunk);
    });
    printer.on('data', (chunk: Buffer) => {
      if (carriesDocument && proxy.cutting) {
        proxy.cuts++;
        client.resetAndDestroy();
        printer.destroy();
      } else client.write(chunk);
    });
    client.on('end', () => printer.end());
    printer.on('end', () => client.end());
    for (const socket of [client, printer]) {
      socket.on('error', () => {
        client.destroy();
        printer.destroy();
      });
      socket.on('close', () => sockets.delete(socket));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  proxy.port = address && typeof address === 'object' ? address.port : 0;
  proxy.close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return proxy;
}
