import { opsDraftSaveOutcome } from "@wegmarke/protocol";
import type { OpsDraftSaveOutcome } from "@wegmarke/protocol";
import { API_BASE, ApiError, failure } from "./client";

/**
 * Uploads a medium into the studio's draft with its progress (fetch reports none for an
 * upload): 200 with the file, 409 with the file another author put there first.
 */
export function uploadMedia(
  path: string,
  file: Blob,
  replaces: string | null,
  onProgress: (share: number) => void,
): Promise<OpsDraftSaveOutcome> {
  const query = new URLSearchParams({ path, ...(replaces !== null && { replaces }) });
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("PUT", `${API_BASE}/pack/draft/media?${query}`);
    request.setRequestHeader("content-type", file.type || "application/octet-stream");
    request.setRequestHeader("accept", "application/json");
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(new ApiError("network"));
    request.onload = () => {
      if (request.status !== 200 && request.status !== 409) {
        const type = request.getResponseHeader("content-type");
        reject(failure(request.status, type, request.responseText, request.statusText));
        return;
      }
      try {
        resolve(opsDraftSaveOutcome.parse(JSON.parse(request.responseText)));
      } catch {
        reject(new ApiError("unexpected", request.status));
      }
    };
    request.send(file);
  });
}
