// The two image-store backends, each on fresh storage, for tests that must hold for both: the
// folder under a temporary DATA_DIR, and a new bucket on a real S3 protocol server on loopback.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { Config, S3Settings } from '../../src/server/config';
import { openImageStore, type ImageStore } from '../../src/server/images/image-store';
import { filesUnder } from './images';
import { startS3Server, type TestS3Server } from './s3-server';

export type ImageBackendName = 'folder' | 's3';
export const IMAGE_BACKENDS: ImageBackendName[] = ['folder', 's3'];

/** Every object stored in a bucket, as `key` or `w_{width}/key`. */
export async function objectsIn(settings: S3Settings): Promise<string[]> {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: true,
    credentials: settings.credentials,
  });
  try {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: settings.bucket, ContinuationToken: token }));
      keys.push(...(page.Contents ?? []).map((object) => object.Key!));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys.sort();
  } finally {
    client.destroy();
  }
}

/**
 * Storage for one backend, made ready in beforeAll: `config` (dataDir and s3) for an app or a store,
 * and a listing of what is stored. `fresh()` moves to new empty storage (a suite per database
 * calls it, so one suite's images are never another's orphans). One S3 server serves the file.
 */
export function imageBackend(name: ImageBackendName) {
  let s3: TestS3Server | undefined;
  const dataDirs: string[] = [];
  const backend = {
    name,
    config: {} as Pick<Config, 'dataDir' | 's3'>,
    /** The keys of the PUTs the S3 server received for the current bucket (empty for the folder). */
    writes: (): string[] => {
      const prefix = `${backend.config.s3?.bucket}/`;
      return (s3?.writes ?? []).filter((write) => write.startsWith(prefix)).map((write) => write.slice(prefix.length));
    },
    /** What is stored, as `key` and `w_{width}/key`, temporary files included. */
    async stored(): Promise<string[]> {
      if (backend.config.s3) return objectsIn(backend.config.s3);
      const root = path.join(backend.config.dataDir, 'uploads');
      return filesUnder(root)
        .map((file) => path.relative(root, file))
        .sort();
    },
    /** New empty storage: a new folder, and a new bucket for S3. */
    async fresh(): Promise<Pick<Config, 'dataDir' | 's3'>> {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'deckhub-images-'));
      dataDirs.push(dataDir);
      backend.config = { dataDir, s3: s3 ? await s3.newBucket() : undefined };
      return backend.config;
    },
    /** An image store on the current storage (close it when done). */
    open: (): Promise<ImageStore> => openImageStore(backend.config),
  };
  beforeAll(async () => {
    if (name === 's3') s3 = await startS3Server();
    await backend.fresh();
  });
  afterAll(async () => {
    await s3?.close();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });
  return backend;
}
