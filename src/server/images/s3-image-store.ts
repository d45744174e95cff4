// Deck images in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2, ...), shared by every instance:
// originals as `{key}`, resized copies as `w_{width}/{key}`. Credentials come from the SDK's usual
// chain (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile, an instance role).
import type { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3Settings } from '../config';
import { ALLOWED_WIDTHS, encodeOriginal, isImageKey, newImageKey, resizeOriginal, resizedKey } from './image-keys';
import { InFlight } from './in-flight';
import type { ImageBody, ImageStore, StoredImageEntry } from './image-store';

/** How long a request to the store may take before it fails (and the image request answers 500), rather than hang. */
const REQUEST_TIMEOUT_MS = 20_000;
const CONNECT_TIMEOUT_MS = 5_000;

const isNotFound = (error: unknown) =>
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

export class S3ImageStore implements ImageStore {
  readonly isShared = true;
  /**
   * Copies being made or read by this instance, by object key: concurrent requests for one copy
   * share one read and at most one resize. Two instances may both make a copy the first time;
   * both write the same bytes, and a PUT is stored whole, so that costs a resize, never a broken image.
   */
  private readonly resizing = new InFlight<Buffer | null>();

  private constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
  ) {}

  /** A store on the configured bucket, once the bucket has answered (so a wrong setting stops the start, not the first upload). */
  static async open(settings: S3Settings): Promise<S3ImageStore> {
    const client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      // Servers other than AWS (MinIO, s3rver, Ceph) are addressed as endpoint/bucket/key: a
      // bucket-named host (bucket.endpoint) would need DNS for every bucket.
      forcePathStyle: settings.endpoint !== undefined,
      // Checksums only where the protocol requires them: several S3-compatible servers refuse the
      // newer trailing-checksum uploads the SDK sends by default.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
      ...(settings.credentials ? { credentials: settings.credentials } : {}),
    });
    try {
      await client.send(new HeadBucketCommand({ Bucket: settings.bucket }));
    } catch (error) {
      client.destroy();
      const where = settings.endpoint ? ` at ${settings.endpoint}` : ` in ${settings.region}`;
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      throw new Error(
        `The image bucket S3_BUCKET="${settings.bucket}"${where} cannot be used: ${(error as Error).name}${status ? ` (HTTP ${status})` : ''} ${(error as Error).message}`.trim(),
        { cause: error },
      );
    }
    return new S3ImageStore(client, settings.bucket);
  }

  async ping(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  async save(input: Buffer): Promise<string> {
    const key = newImageKey();
    await this.put(key, await encodeOriginal(input));
    return key;
  }

  async original(key: string): Promise<ImageBody | null> {
    if (!isImageKey(key)) return null;
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return answer.Body as Readable;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async resized(key: string, width: number): Promise<ImageBody | null> {
    if (!isImageKey(key)) return null;
    const target = resizedKey(key, width);
    // Resized copies are small (a few tens of KB), so concurrent requests share them in memory.
    return this.resizing.run(
      target,
      async () => (await this.bytesOf(target)) ?? (await this.makeResized(key, width, target)),
    );
  }

  private async makeResized(key: string, width: number, target: string): Promise<Buffer | null> {
    const original = await this.bytesOf(key);
    if (!original) return null;
    const copy = await resizeOriginal(original, width).toBuffer();
    await this.put(target, copy);
    return copy;
  }

  async delete(key: string): Promise<void> {
    if (!isImageKey(key)) return;
    const objects = [key, ...ALLOWED_WIDTHS.map((w) => resizedKey(key, w))].map((Key) => ({ Key }));
    const answer = await this.client.send(
      new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: objects, Quiet: true } }),
    );
    const failed = (answer.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
    if (failed.length > 0)
      throw new Error(`Deleting image ${key} failed: ${failed.map((e) => `${e.Key} ${e.Code}`).join(', ')}`);
  }

  async list(): Promise<StoredImageEntry[]> {
    const entries: StoredImageEntry[] = [];
    let token: string | undefined;
    do {
      // The delimiter keeps the resized copies (under w_{width}/) out of the listing.
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Delimiter: '/', ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key && isImageKey(object.Key))
          entries.push({ key: object.Key, storedAt: object.LastModified ?? new Date(0) });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return entries;
  }

  /** Nothing to remove: an object is stored whole by its one PUT or not at all, and this store never uploads in parts. */
  async removeUnfinishedWrites(): Promise<number> {
    return 0;
  }

  async close(): Promise<void> {
    this.client.destroy();
  }

  private async put(key: string, body: Buffer): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentType: 'image/webp',
        // Keys are never reused, so an image never changes.
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
  }

  /** The object's bytes, or null when there is no such object. */
  private async bytesOf(key: string): Promise<Buffer | null> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return Buffer.from(await answer.Body!.transformToByteArray());
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }
}
