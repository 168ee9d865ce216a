/** A unique violation (23505), optionally of a constraint whose name or message mentions `about`; drivers may wrap it in `cause`. */
export const isUniqueViolation = (err: unknown, about?: string): boolean => {
  const e = err as { code?: string; constraint?: string; message?: string; detail?: string; cause?: unknown };
  if (!e || typeof e !== 'object') return false;
  if (e.code === '23505') return !about || [e.constraint, e.message, e.detail].some((t) => t?.includes(about));
  return e.cause !== undefined && isUniqueViolation(e.cause, about);
};
