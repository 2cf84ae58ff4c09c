import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3Config } from '../config.js';

/** s3rver's fixed credentials: it checks request signatures against them. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** A real S3-protocol server (s3rver, files in a temporary folder) on a free local port. */
export async function startS3Server(): Promise<{ endpoint: string; close: () => Promise<void> }> {
  const directory = mkdtempSync(join(tmpdir(), 'kiraya-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** The store's configuration for a new, empty bucket on the test server. */
export async function newBucket(endpoint: string): Promise<S3Config> {
  const config: S3Config = {
    bucket: `kiraya-${randomBytes(5).toString('hex')}`,
    region: 'us-east-1',
    endpoint,
    credentials: CREDENTIALS,
    forcePathStyle: true,
  };
  const client = new S3Client({ region: config.region, endpoint, credentials: CREDENTIALS, forcePathStyle: true });
  await client.send(new CreateBucketCommand({ Bucket: config.bucket }));
  client.destroy();
  return config;
}
