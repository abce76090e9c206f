import { ErrorReason } from "@wegmarke/protocol";
import { TooManyRequests } from "../errors";

/** The caps on unfinished uploads (security/limits.ts has their numbers). */
export type OpenUploadCaps = {
  openUploadsPerPlayer: number;
  openUploadBytesPerPlayer: number;
  openUploadsPerIp: number;
  openUploadBytesPerIp: number;
  openUploadsPerGame: number;
  openUploadBytesPerGame: number;
};

type Open = { player: string; address: string | undefined; size: number };

/** A refused upload may be tried again once one of the others finished. */
const RETRY_AFTER_SECONDS = 30;

/**
 * The unfinished uploads of this instance's folder (one game's), by player and address, in
 * memory (rebuilt from the folder at start, where the address is not kept): a new one is
 * admitted while its player, its address and the game stay within their caps of uploads and
 * declared bytes.
 */
export class OpenUploads {
  private readonly open = new Map<string, Open>();
  private declaredBytes = 0;

  constructor(private readonly caps: OpenUploadCaps) {}

  /** The bytes every unfinished upload declared, written or not. */
  get declared(): number {
    return this.declaredBytes;
  }

  /**
   * Records the upload `id` of `size` bytes, or refuses it with 429 `too many uploads` where its
   * player, its address or the game would pass a cap.
   */
  admit(id: string, player: string, address: string | undefined, size: number): void {
    const caps = this.caps;
    let uploads = 1;
    let bytes = size;
    let fromAddress = 1;
    let bytesFromAddress = size;
    for (const other of this.open.values()) {
      if (other.player === player) {
        uploads += 1;
        bytes += other.size;
      }
      if (address !== undefined && other.address === address) {
        fromAddress += 1;
        bytesFromAddress += other.size;
      }
    }
    if (
      uploads > caps.openUploadsPerPlayer ||
      bytes > caps.openUploadBytesPerPlayer ||
      fromAddress > caps.openUploadsPerIp ||
      bytesFromAddress > caps.openUploadBytesPerIp ||
      this.open.size + 1 > caps.openUploadsPerGame ||
      this.declaredBytes + size > caps.openUploadBytesPerGame
    ) {
      throw new TooManyRequests(ErrorReason.tooManyUploads, RETRY_AFTER_SECONDS);
    }
    this.add(id, { player, address, size });
  }

  /** An upload the folder held at start. */
  restore(id: string, player: string, size: number): void {
    this.add(id, { player, address: undefined, size });
  }

  /** The upload finished, was refused, deleted or expired. */
  release(id: string): void {
    const open = this.open.get(id);
    if (!open) return;
    this.open.delete(id);
    this.declaredBytes -= open.size;
  }

  private add(id: string, open: Open): void {
    this.release(id);
    this.open.set(id, open);
    this.declaredBytes += open.size;
  }
}
