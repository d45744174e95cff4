// The server process dying or being stopped: SIGKILL in the middle of deck uploads leaves, after
// a restart, no deck without its image and no image without its deck; SIGKILL in the middle of
// resizing leaves no temporary file after a restart; SIGTERM lets the requests in flight finish
// before the process exits.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { openDb } from '../../src/server/db/connect';
import { buildUser } from '../support/factories';
import { isImageKey } from '../../src/server/images/image-store';
import sharp from 'sharp';
import { ALLOWED_WIDTHS } from '../../src/server/images/image-store';
import { filesUnder, pngImage } from '../support/images';
import { freePort, startChildServer, type ChildServer } from '../support/child-server';
import { multipartBody } from '../support/multipart';

/** Signs a new user in on the child's SQLite file (WAL: safe beside the running server). */
/** Session cookies of `count` new accounts, written straight into the server's database file. */
async function signInOnDisk(dataDir: string, count = 1): Promise<string[]> {
  const handle = openDb({ sqliteFile: path.join(dataDir, 'deckhub.sqlite') });
  try {
    const cookies: string[] = [];
    for (let i = 0; i < count; i++) cookies.push((await buildUser(handle.db)).cookie);
    return cookies;
  } finally {
    await handle.close();
  }
}

describe('the server process killed or stopped', () => {
  const dirs: string[] = [];
  const children: ChildServer[] = [];
  const newDataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'deckhub-fault-'));
    dirs.push(dir);
    return dir;
  };
  const start = async (dataDir: string) => {
    const child = await startChildServer({ dataDir, port: await freePort() });
    children.push(child);
    return child;
  };

  afterAll(() => {
    for (const c of children) if (c.child.exitCode === null && c.child.signalCode === null) c.child.kill('SIGKILL');
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  test(
    'SIGKILL during deck uploads: after a restart every deck has its image and every image its deck',
    { timeout: 150_000 },
    async () => {
      const dataDir = newDataDir();
      let server = await start(dataDir);
      // An account for each uploader: one account alone would soon meet the publish budget (20 an hour).
      const cookies = await signInOnDisk(dataDir, 4);
      const cards = ((await (await fetch(`${server.baseUrl}/api/cards/`)).json()) as { Name: string }[])
        .slice(0, 18)
        .map((c) => c.Name);
      const image = await pngImage(900, 1200);
      let n = 0;
      const upload = async (cookie: string) => {
        const { body, contentType } = multipartBody([
          { name: 'image', filename: 'deck.png', contentType: 'image/png', value: image },
          { name: 'title', value: `Crash deck ${n++}` },
          { name: 'albums', value: JSON.stringify(['Space']) },
          { name: 'cards', value: JSON.stringify(cards) },
        ]);
        const res = await fetch(`${server.baseUrl}/api/decks/post/`, {
          method: 'POST',
          headers: { cookie, 'content-type': contentType },
          body: new Uint8Array(body),
        });
        return res.status;
      };
      expect(await upload(cookies[0])).toBe(201);

      // Four uploaders in a loop; the kill lands while several are half way.
      let running = true;
      const statuses: (number | string)[] = [];
      const uploaders = cookies.map(async (cookie) => {
        while (running) statuses.push(await upload(cookie).catch(() => 'connection lost'));
      });
      await new Promise((r) => setTimeout(r, 1_500));
      server.child.kill('SIGKILL');
      expect(await server.exited).toBe('SIGKILL');
      running = false;
      await Promise.all(uploaders);
      // 429: the address's publish budget (60 an hour) ran out first on a fast machine; such a
      // request stores nothing, which the checks below hold as they do for the others.
      expect(statuses.filter((s) => s !== 201 && s !== 429 && s !== 'connection lost')).toEqual([]);
      expect(statuses).toContain('connection lost');

      server = await start(dataDir);
      const handle = openDb({ sqliteFile: path.join(dataDir, 'deckhub.sqlite') });
      try {
        const decks = await handle.db.selectFrom('decks').select(['id', 'image']).execute();
        const uploads = path.join(dataDir, 'uploads');
        const files = fs.readdirSync(uploads).filter((f) => fs.statSync(path.join(uploads, f)).isFile());
        const keysOfDecks = new Set(decks.map((d) => d.image.split('/').pop()));
        // No deck without its image…
        for (const deck of decks)
          expect(fs.existsSync(path.join(uploads, deck.image.split('/').pop() ?? '')), deck.image).toBe(true);
        // …and no image, nor half-written temporary file, without its deck.
        expect(files.filter((f) => !isImageKey(f) || !keysOfDecks.has(f))).toEqual([]);
        // Every deck the server said it published is there, and served.
        const crashDecks = decks.length;
        expect(crashDecks).toBeGreaterThan(1);
        const res = await fetch(`${server.baseUrl}/api/decks/onedeck/${decks[decks.length - 1].id}`);
        expect(res.status).toBe(200);
      } finally {
        await handle.close();
      }
      server.child.kill('SIGTERM');
      await server.exited;
    },
  );

  test(
    'SIGKILL while resized copies are being written: after a restart no temporary file is left, and every copy is made whole',
    { timeout: 180_000 },
    async () => {
      const dataDir = newDataDir();
      let server = await start(dataDir);
      const [cookie] = await signInOnDisk(dataDir);
      const cards = ((await (await fetch(`${server.baseUrl}/api/cards/`)).json()) as { Name: string }[])
        .slice(0, 18)
        .map((c) => c.Name);
      // Large originals, so each resize takes long enough for the kill to land in the middle of one.
      const image = await pngImage(2400, 7000);
      const images: string[] = [];
      for (const title of ['Big deck 1', 'Big deck 2']) {
        const { body, contentType } = multipartBody([
          { name: 'image', filename: 'deck.png', contentType: 'image/png', value: image },
          { name: 'title', value: title },
          { name: 'albums', value: JSON.stringify(['Space']) },
          { name: 'cards', value: JSON.stringify(cards) },
        ]);
        const res = await fetch(`${server.baseUrl}/api/decks/post/`, {
          method: 'POST',
          headers: { cookie, 'content-type': contentType },
          body: new Uint8Array(body),
        });
        expect(res.status).toBe(201);
        images.push(((await res.json()) as { image: string }).image);
      }
      const resizedUrls = images.flatMap((url) =>
        ALLOWED_WIDTHS.map((w) => url.replace('/upload/', `/upload/w_${w}/`)),
      );
      const uploads = path.join(dataDir, 'uploads');
      const tempFiles = () => filesUnder(uploads).filter((f) => f.endsWith('.tmp'));

      // Every resize at once; the kill lands as soon as one of them is writing its temporary file.
      const requests = resizedUrls.map((url) =>
        fetch(`${server.baseUrl}${url}`).then(
          (r) => r.status,
          () => 'connection lost',
        ),
      );
      for (const deadline = Date.now() + 60_000; tempFiles().length === 0 && Date.now() < deadline;)
        await new Promise((r) => setTimeout(r, 1));
      server.child.kill('SIGKILL');
      expect(await server.exited).toBe('SIGKILL');
      await Promise.all(requests);
      // The kill did land mid-write: what the sweep has to clear.
      expect(tempFiles().length).toBeGreaterThan(0);

      server = await start(dataDir);
      expect(tempFiles()).toEqual([]);
      for (const url of resizedUrls) {
        const res = await fetch(`${server.baseUrl}${url}`);
        expect(res.status, url).toBe(200);
        // A whole image, not one cut short by the kill.
        const { width } = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
        expect(width, url).toBe(Number(/w_(\d+)/.exec(url)?.[1]));
      }
      expect(tempFiles()).toEqual([]);
      server.child.kill('SIGTERM');
      await server.exited;
    },
  );

  test(
    'SIGTERM: a request in flight is answered before the process exits, new ones are refused',
    { timeout: 120_000 },
    async () => {
      const server = await start(newDataDir());
      const { port } = new URL(server.baseUrl);
      // A request whose body is still arriving when the signal comes.
      const body = JSON.stringify({ sortBy: 'score' });
      const socket = net.connect({ port: Number(port), host: '127.0.0.1' });
      let answer = '';
      socket.on('data', (d) => (answer += d.toString()));
      const closed = new Promise((r) => socket.on('close', r));
      await new Promise((r) => socket.on('connect', r));
      socket.write(
        `POST /api/decks/search-decks?page=1&limit=5 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
      );
      await new Promise((r) => setTimeout(r, 300));

      server.child.kill('SIGTERM');
      // Stops taking new work while the old request is still open: a new connection is refused (or,
      // on a keep-alive connection left from the start-up poll, answered 503). The signal may take
      // a moment to land on a loaded machine.
      let outcome: number | string = 200;
      for (const deadline = Date.now() + 15_000; outcome === 200 && Date.now() < deadline;) {
        // Each answer read to its end: one left unread would hold its connection open, and the drain
        // would wait for it.
        outcome = await fetch(`${server.baseUrl}/healthz`).then(
          async (r) => (await r.arrayBuffer(), r.status),
          () => 'refused',
        );
        if (outcome === 200) await new Promise((r) => setTimeout(r, 100));
      }
      expect(['refused', 503]).toContain(outcome);
      expect(server.child.exitCode).toBeNull();

      socket.write(body.slice(5));
      await closed;
      expect(answer).toMatch(/^HTTP\/1\.1 200 OK/);
      expect(answer).toContain('"decks"');
      // Its socket is closed with the answer rather than left idle until the keep-alive timeout.
      expect(answer).toMatch(/\r\nconnection: close\r\n/i);
      expect(await server.exited).toBe(0);
    },
  );
});
