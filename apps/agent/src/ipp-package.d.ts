// The `ipp` package (2.0.1) ships no types: only the two functions this agent calls.
declare module 'ipp' {
  type IppGroup = Record<string, unknown>;
  interface IppMessage {
    version?: string;
    operation?: string;
    statusCode?: string;
    id?: number;
    data?: Buffer;
    [group: string]: unknown;
  }
  interface IppParse {
    (buffer: Buffer): IppMessage & Record<string, IppGroup | IppGroup[] | string | number | undefined>;
    handleUnknownTag: (tag: number, name: string, length: number, read: (length: number) => string) => unknown;
  }
  const ipp: {
    serialize(message: IppMessage): Buffer;
    parse: IppParse;
  };
  export default ipp;
}
