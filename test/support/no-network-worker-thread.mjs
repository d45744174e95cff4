// Test-only entry of an OCR worker thread (see the no-network tests in ocr/read-deck.test.ts):
// refuses every network call made inside the thread, writes each one to the file named by
// DECKHUB_NETWORK_REPORT, then runs the real entry script. The test watches the main thread itself;
// tesseract.js does its loading and reading in these threads, out of that watch's reach.
import dns from 'node:dns';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

const report = process.env.DECKHUB_NETWORK_REPORT;

function refuse(what) {
  return () => {
    if (report) fs.appendFileSync(report, `${what}\n`);
    throw new Error(`network call attempted in an OCR worker thread: ${what}`);
  };
}

net.Socket.prototype.connect = refuse('net.Socket.connect');
http.request = refuse('http.request');
http.get = refuse('http.get');
https.request = refuse('https.request');
https.get = refuse('https.get');
dns.lookup = refuse('dns.lookup');
globalThis.fetch = refuse('fetch');

// After the guards: a static import would run before them.
await import('../../src/server/ocr/runtime/ocr-worker-thread.mjs');
