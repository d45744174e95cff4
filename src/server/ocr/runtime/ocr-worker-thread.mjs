// Entry point of each tesseract.js worker thread (see `workerPath` in ocr/worker-pool.ts): lowers
// this thread's CPU priority, then runs tesseract.js's own Node worker script unchanged.
//
// Reading an image costs over a second of CPU, a page read a millisecond or two. At equal priority
// the OCR threads take their share of the cores while an image is read, and requests (and a
// PostgreSQL on the same machine) wait behind them. At nice 19 the kernel serves everything else
// first and OCR gets what is left: nearly everything under normal load, little at saturation, where
// uploads slow down rather than page reads.
//
// Linux only: there the nice value belongs to a thread and setPriority(0, …) changes the calling
// thread alone. On macOS and Windows it would lower the whole server's priority.
import os from 'node:os';

// An error nobody catches in this thread would reach the main thread as an 'error' event, and
// Node ends the whole server for one nobody listens to. The thread ends quietly instead: the pool
// sees it exit, fails the job it was running and starts another worker.
process.on('uncaughtException', (error) => {
  console.error('OCR worker thread failed:', error);
  process.exit(1);
});

// After the guard: a static import would run before it.
await import('tesseract.js/src/worker-script/node/index.js');

if (process.platform === 'linux') {
  try {
    os.setPriority(0, 19);
  } catch {
    // Lowering one's own priority is always allowed on Linux; should a sandbox refuse, OCR still
    // works, at normal priority.
  }
}
