import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";
import type { S3Settings } from "../../src/store/s3-blob-store";

/** s3rver's own keys: the SDK signs with them, the server checks them. */
const CREDENTIALS = { AWS_ACCESS_KEY_ID: "S3RVER", AWS_SECRET_ACCESS_KEY: "S3RVER" };

/**
 * A real S3-compatible server (npm's s3rver, decisions/039) on a free port of 127.0.0.1 with
 * an empty bucket, its files in a temporary folder; `stop` removes both.
 */
export async function startS3(): Promise<{ settings: S3Settings; stop(): Promise<void> }> {
  const directory = await mkdtemp(join(tmpdir(), "wegmarke-s3-"));
  const bucket = "wegmarke-test";
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  Object.assign(process.env, CREDENTIALS);
  return {
    settings: { bucket, endpoint: `http://127.0.0.1:${port}`, region: "us-east-1" },
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
