import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { S3Config } from '../config.js';
import { type BlobStore, PRIVATE_PREFIX, assertKey } from './blob-store.js';
import { serviceUnavailable } from './errors.js';

/** The store unreachable or failing (5xx, network): a temporary outage (503), not a bug. */
function storeError(e: unknown): unknown {
  const status = e instanceof S3ServiceException ? e.$metadata.httpStatusCode : undefined;
  if (status === undefined || status >= 500) return Object.assign(serviceUnavailable(), { cause: e });
  return e;
}

/**
 * An S3-compatible bucket (ADR 018): AWS S3, MinIO, R2, Spaces… The bucket stays private: public
 * images are served by the app at /uploads/{key} (same URL and cache headers as the disk store), and
 * private keys (meter photos, documents) only by their module's authorised route. No object is ever
 * given a public ACL or a pre-signed URL, so no key leads to a file without the server.
 */
export class S3BlobStore implements BlobStore {
  readonly client: S3Client;
  readonly bucket: string;
  constructor(
    config: S3Config,
    private readonly publicPrefix = '/uploads',
  ) {
    this.publicPrefix = publicPrefix.replace(/\/+$/, '');
    this.bucket = config.bucket;
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials: config.credentials,
      // Checksums on every request are what AWS wants by default; some S3-compatible stores refuse them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    });
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    assertKey(key);
    await this.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: data,
        ContentType: contentType,
        ContentLength: data.length,
        // Keys are never reused: a public object may be cached for ever by whoever serves it.
        CacheControl: key.startsWith(PRIVATE_PREFIX) ? 'private, no-store' : 'public, max-age=31536000, immutable',
      }),
    );
  }

  async get(key: string): Promise<Buffer | null> {
    assertKey(key);
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!res.Body) return null;
      return Buffer.from(await res.Body.transformToByteArray());
    } catch (e) {
      if (e instanceof NoSuchKey || (e instanceof S3ServiceException && e.$metadata.httpStatusCode === 404)) return null;
      throw storeError(e);
    }
  }

  async delete(key: string): Promise<void> {
    assertKey(key);
    await this.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  private async send(command: PutObjectCommand | DeleteObjectCommand): Promise<void> {
    try {
      await this.client.send(command as PutObjectCommand);
    } catch (e) {
      throw storeError(e);
    }
  }

  url(key: string): string {
    return `${this.publicPrefix}/${key}`;
  }

  close(): void {
    this.client.destroy();
  }
}
