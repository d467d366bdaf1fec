import { http } from '../../../shared/request';

export interface PutFileResult {
  link: string;
  domain: string;
  name: string;
  originalName: string;
  attachId: string;
}

/** POST /us-resource/oss/endpoint/put-file, multipart field `file`; data.link is the address to show. */
export function uploadAvatar(file: File, onProgress?: (percent: number) => void): Promise<PutFileResult> {
  const form = new FormData();
  form.append('file', file);
  return http.post<PutFileResult>('/us-resource/oss/endpoint/put-file', form, {
    onUploadProgress: (event) => {
      if (onProgress && event.total) onProgress(Math.round((event.loaded / event.total) * 100));
    },
  });
}
