/**
 * The web-platform APIs label-layout uses that Node (18+) and browsers both provide, declared for
 * its own tsconfig, which has neither Node's nor the DOM's types: the package must run in both,
 * so it may use only what both have. Programs that include the DOM or Node use theirs instead.
 */
declare class Blob {
  constructor(parts: readonly (string | Uint8Array)[]);
  stream(): ReadableStream<Uint8Array>;
}

declare class CompressionStream {
  constructor(format: 'deflate' | 'deflate-raw' | 'gzip');
  readonly readable: ReadableStream<Uint8Array>;
  readonly writable: WritableStream<Uint8Array>;
}

declare class Response {
  constructor(body: ReadableStream<Uint8Array>);
  arrayBuffer(): Promise<ArrayBuffer>;
}

interface ReadableStream<R> {
  pipeThrough<T>(transform: { readable: ReadableStream<T>; writable: WritableStream<R> }): ReadableStream<T>;
}

interface WritableStream<W> {
  getWriter(): { write(chunk: W): Promise<void> };
}
