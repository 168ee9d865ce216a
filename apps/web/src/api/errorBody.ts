// The one reader of the server's error answer, `{ error, code }` (the contract's TErrorBody), for every
// way a body arrives: fetch, XMLHttpRequest, tus. It imports nothing, so the lazily loaded sender
// (tusSend.ts) takes it without taking the contract.

export interface ServerError {
  /** The server's own words, when it sent any. */
  message: string | undefined;
  code: string | undefined;
}

/** A parsed body: anything that is not the server's error object reads as no message and no code. */
export function serverErrorOf(body: unknown): ServerError {
  const b = (body && typeof body === 'object' ? body : {}) as { error?: unknown; code?: unknown };
  return {
    message: typeof b.error === 'string' && b.error ? b.error : undefined,
    code: typeof b.code === 'string' ? b.code : undefined,
  };
}

/** A body as text: a proxy's HTML page, or no answer at all, reads as no message. */
export function serverErrorOfText(text: string | null | undefined): ServerError {
  try {
    return serverErrorOf(JSON.parse(text ?? ''));
  } catch {
    return serverErrorOf(undefined);
  }
}
