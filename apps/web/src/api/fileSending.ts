// What the shop page and the lazily loaded sender (tusSend.ts) agree on, apart from both so neither imports the other.

export interface FileSendEvents {
  onProgress(sent: number, total: number): void;
  /** The server gave the file's upload its URL: a reload can continue from it. */
  onUrl(url: string): void;
  onDone(url: string): void;
  /**
   * Sending again will not help by itself: the server refused the upload, or the file could not be read.
   * `retryable` is false when the refusal is of the file itself (its size, type or name): the same bytes
   * would be refused again, so only removing it helps.
   */
  onFailed(message: string, retryable: boolean): void;
}

export interface FileSending {
  /** After onFailed: try the same upload again. */
  retry(): void;
  /** Stops sending; the upload stays on the server for a later page to continue. */
  stop(): void;
  /** Stops sending and ends the upload on the server. */
  cancel(): void;
}
