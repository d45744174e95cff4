// What can go wrong with the text reader itself (not with the image), each with the message a
// user may see. ocr-service.ts turns them into HTTP answers.

/** An error class of the reader: its name, and the message a user sees unless one is given. */
function readerError(name: string, defaultMessage: string) {
  return class extends Error {
    constructor(message = defaultMessage) {
      super(message);
      this.name = name;
    }
  };
}

/** The queue is full: the caller should answer "try again later". */
export const OcrBusyError = readerError('OcrBusyError', 'The text reader is busy, try again later.');
/** A job (or the start of a worker) took longer than its time limit. */
export const OcrTimeoutError = readerError('OcrTimeoutError', 'Reading the image took too long.');
/** The worker thread running the job ended (crashed or exited) before answering. */
export const OcrWorkerLostError = readerError('OcrWorkerLostError', 'The text reader stopped while reading the image.');
/** No worker is running and the last attempt to start one failed; the pool keeps retrying. */
export const OcrUnavailableError = readerError('OcrUnavailableError', 'The text reader could not be started.');
/** With the job queue: no worker process reads it, so a job added now would wait for nobody. */
export const OcrNotRunningError = readerError('OcrNotRunningError', 'No worker process reads the queue.');
/** The read the job belonged to was given up (it ran past its own limit); the job was dropped. */
export const OcrCancelledError = readerError('OcrCancelledError', 'The read was given up.');
