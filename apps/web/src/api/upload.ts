import { API_BASE, ApiError, serverErrorOfText } from './client';

function failureFrom(xhr: XMLHttpRequest): ApiError {
  // A proxy's HTML error page falls back to the status.
  const { message, code } = serverErrorOfText(xhr.responseText);
  return new ApiError(xhr.status, code ?? `HTTP_${xhr.status}`, message ?? `Request failed with status ${xhr.status}`, message);
}

/** The multipart body of a job upload: small fields first, so the server can refuse them before any file streams in. */
export function jobForm(files: File[], fields: Record<string, string | undefined>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
  for (const file of files) form.append('files', file, file.name);
  return form;
}

/**
 * Posts a public multipart form and answers the parsed JSON. XMLHttpRequest rather than fetch because
 * only it reports upload progress. No timeout: 50 files of 25 MB on a phone can take minutes.
 */
export function postForm<T>(
  path: string,
  form: FormData,
  { onProgress, signal }: { onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) return reject(failureFrom(xhr));
      try {
        resolve(JSON.parse(xhr.responseText) as T);
      } catch {
        reject(new ApiError(xhr.status, 'BAD_RESPONSE', 'The server sent an unreadable answer'));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK', 'Network error'));
    xhr.onabort = () => reject(new ApiError(0, 'ABORTED', 'Upload cancelled'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
