import type { UploadMetadata } from "@wegmarke/protocol";

/** What an upload keeps of its creation's metadata: the checked fields only. */
export function checked(meta: UploadMetadata): Record<string, string> {
  return {
    station: String(meta.station),
    kind: meta.kind,
    ...(meta.filename !== undefined && { filename: meta.filename }),
    ...(meta.filetype !== undefined && { filetype: meta.filetype }),
  };
}

/** tus' `Upload-Metadata`: `key base64,key base64`; a key without a value is empty. */
export function decodeMetadata(header: string | string[] | undefined): Record<string, string> {
  if (typeof header !== "string") return {};
  const pairs = header.split(",").map((pair) => pair.trim().split(" "));
  return Object.fromEntries(
    pairs.map(([key = "", value = ""]) => [key, Buffer.from(value, "base64").toString("utf8")]),
  );
}

/** tus' `Upload-Metadata` of `values`. */
export function encodeMetadata(values: Record<string, string>): string {
  return Object.entries(values)
    .map(([key, value]) => `${key} ${Buffer.from(value, "utf8").toString("base64")}`)
    .join(",");
}
