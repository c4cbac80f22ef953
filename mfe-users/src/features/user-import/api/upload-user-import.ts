import { AUTH_SCHEME, ApiError, NETWORK_ERROR_MESSAGE, type UserImportPreview } from 'shared-kit';
import { USER_IMPORT_CONTENT_TYPE } from 'shared-kit/contract';

export const IMPORT_PATH = '/users/imports';

/** Where an upload is: its bytes on the way (`sent` of `total`), then the server checking the rows. */
export type UploadProgress = { phase: 'uploading'; sent: number; total: number } | { phase: 'checking' };

export interface UploadRequest {
  /** The absolute URL of POST /users/imports. */
  url: string;
  token: string | null | undefined;
  file: Blob;
  onProgress: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

function messagesOf(text: string): string[] {
  try {
    const body = JSON.parse(text) as { message?: unknown };
    return Array.isArray(body.message)
      ? body.message.filter((entry): entry is string => typeof entry === 'string')
      : [];
  } catch {
    return [];
  }
}

/**
 * POST /users/imports with the file as text/csv, by XMLHttpRequest because only it reports upload progress
 * (fetch cannot). Resolves with the preview; rejects with an ApiError carrying the server's sentence.
 */
export function uploadUserImport({ url, token, file, onProgress, signal }: UploadRequest): Promise<UserImportPreview> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.setRequestHeader('Content-Type', USER_IMPORT_CONTENT_TYPE);
    request.setRequestHeader('Accept', 'application/json');
    if (token) request.setRequestHeader('Authorization', `${AUTH_SCHEME} ${token}`);
    request.upload.onprogress = (event) =>
      onProgress({ phase: 'uploading', sent: event.loaded, total: event.lengthComputable ? event.total : file.size });
    request.upload.onload = () => onProgress({ phase: 'checking' });
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) resolve(JSON.parse(request.responseText) as UserImportPreview);
      else reject(new ApiError(request.status, messagesOf(request.responseText)));
    };
    request.onerror = () => reject(new ApiError(0, [], NETWORK_ERROR_MESSAGE));
    request.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(file);
  });
}
