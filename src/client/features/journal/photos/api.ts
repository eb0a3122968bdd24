import { useQuery } from '@tanstack/react-query';
import { AUTH_MESSAGES } from '../../../../shared/messages';
import type { EntryPhoto, PhotoUsage } from '../../../../shared/photos';
import { ApiError, apiRequest } from '../../../lib/api';
import { connection } from '../../../lib/connection/connection-state';
import { usePersonalDataAllowed } from '../../../lib/session/auth-context';

export const photoKeys = {
  usage: ['photos', 'usage'] as const,
};

/** The server's refusal of an upload, from its JSON body; the general words when it has none. */
function uploadError(status: number, body: string): ApiError {
  try {
    const parsed = JSON.parse(body) as { code?: unknown; message?: unknown };
    if (typeof parsed.code === 'string' && typeof parsed.message === 'string') {
      return new ApiError(status, parsed.code, parsed.message);
    }
  } catch {
    // Not JSON: a proxy's page.
  }
  return new ApiError(status, 'unexpected-service', AUTH_MESSAGES['unexpected-service']);
}

export const photoApi = {
  /**
   * Sends a photo's bytes; `onProgress` hears the share sent, 0 to 1. XMLHttpRequest, not fetch: only it reports an
   * upload's progress. No answer is a network failure (status 0), as for every other request.
   */
  upload(photo: Blob, onProgress: (sent: number) => void): Promise<EntryPhoto> {
    return new Promise((resolve, reject) => {
      const request = new XMLHttpRequest();
      request.open('POST', '/api/photos');
      request.setRequestHeader('content-type', photo.type || 'application/octet-stream');
      request.setRequestHeader('accept', 'application/json');
      request.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(event.loaded / event.total);
      };
      request.onload = () => {
        connection.reportAnswer();
        if (request.status === 201) resolve(JSON.parse(request.responseText) as EntryPhoto);
        else reject(uploadError(request.status, request.responseText));
      };
      request.onerror = () => {
        connection.reportFailure();
        reject(new ApiError(0, 'network-request-failed', AUTH_MESSAGES['network-request-failed']));
      };
      request.send(photo);
    });
  },
  /** Deletes an upload not yet saved with an entry; gone already is as good. */
  async remove(id: string): Promise<void> {
    try {
      await apiRequest('DELETE', `/api/photos/${id}`);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
  },
  usage: () => apiRequest<PhotoUsage>('GET', '/api/photos/usage'),
};

/** The writer's photo space, for Settings. */
export function usePhotoUsage() {
  return useQuery({ queryKey: photoKeys.usage, queryFn: photoApi.usage, staleTime: 0, enabled: usePersonalDataAllowed() });
}
