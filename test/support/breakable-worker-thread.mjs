// Test-only entry of an OCR worker thread that can be made to fail the ways a real one can: it
// runs the real entry script, then watches the messages tesseract.js sends the thread and, on
// request, really ends or blocks this thread.
//
// Requests, as the character whitelist a job sets (tesseract never gets to use it):
//   BREAK:exit   the thread exits at once (as after a fatal WASM abort)
//   BREAK:throw  an error nobody catches is thrown in the thread
//   BREAK:hang   the thread blocks forever (as a recognition stuck in WASM)
// And, for every thread of this process, files named by `breakFlagFile(name)` in breakable-ocr.ts:
//   refuse-start  a new thread refuses to load, then ends (a worker that cannot be restarted)
//   hang          every recognition but a thread's first (its warm-up) blocks forever
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';

const flag = (name) => fs.existsSync(path.join(os.tmpdir(), `deckhub-ocr-${name}-${process.pid}`));
const hangForever = () => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);

function refuseToStart() {
  // Answers the load request with an error, as a thread whose language data is missing does.
  parentPort.once('message', ({ workerId, jobId, action }) => {
    parentPort.postMessage({
      workerId,
      jobId,
      action,
      status: 'reject',
      data: 'this OCR thread was told not to start',
    });
    setTimeout(() => process.exit(7), 20);
  });
}

async function startBreakable() {
  // The real entry first: a listener added before tesseract's own would start the port, and the
  // messages arriving while tesseract loads would never reach tesseract.
  await import('../../src/server/ocr/runtime/ocr-worker-thread.mjs');
  let recognitions = 0;
  parentPort.on('message', (packet) => {
    const isRecognition = packet?.action === 'recognize';
    if (isRecognition) recognitions++;
    const request = packet?.action === 'setParameters' ? packet.payload?.params?.tessedit_char_whitelist : undefined;
    if (request === 'BREAK:exit') process.exit(9);
    if (request === 'BREAK:throw') throw new Error('a test broke this OCR thread');
    if (request === 'BREAK:hang' || (isRecognition && recognitions > 1 && flag('hang'))) hangForever();
  });
}

if (flag('refuse-start')) refuseToStart();
else await startBreakable();
