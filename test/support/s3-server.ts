// A real S3 protocol server on loopback (s3rver, keeping its objects in a temporary folder), so the
// S3 image store is tested over the wire with the AWS SDK, as it talks to MinIO or AWS itself.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import S3rver from 's3rver';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3Settings } from '../../src/server/config';

/** s3rver's fixed keys (it checks request signatures against them). */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3Server {
  endpoint: string;
  /** A new empty bucket, and the settings of an image store on it. */
  newBucket(): Promise<S3Settings>;
  /** The keys written so far (every PUT), in `bucket/key` form, in order. */
  writes: string[];
  /** The environment a child process needs to use `bucket` (the S3 variables and AWS credentials). */
  env(settings: S3Settings): Record<string, string>;
  close(): Promise<void>;
}

export async function startS3Server(): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'deckhub-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
  const writes: string[] = [];
  server.on('event', (event) => {
    for (const record of event.Records)
      if (record.eventName.startsWith('ObjectCreated')) writes.push(`${record.s3.bucket.name}/${record.s3.object.key}`);
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const admin = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: S3RVER_CREDENTIALS });
  return {
    endpoint,
    writes,
    async newBucket() {
      const bucket = `deckhub-${randomBytes(5).toString('hex')}`;
      await admin.send(new CreateBucketCommand({ Bucket: bucket }));
      return { bucket, endpoint, region: 'us-east-1', credentials: S3RVER_CREDENTIALS };
    },
    env(settings) {
      return {
        S3_BUCKET: settings.bucket,
        S3_ENDPOINT: endpoint,
        S3_REGION: settings.region,
        AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
        AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
      };
    },
    async close() {
      admin.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
