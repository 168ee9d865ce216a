/** A `next` query value we may follow after sign-in: a path on this site, never another origin. */
export function safeNext(raw: string | null): string | null {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  return raw;
}

/** `path` carrying `next` along, so login and sign-up can hand the visitor back. */
export function withNext(path: string, next: string | null): string {
  return next ? `${path}?next=${encodeURIComponent(next)}` : path;
}
