// What can go wrong with the text reader itself (not with the image), each with the message a
// user may see. ocr-service.ts turns them into HTTP answers.

/** The queue is full: the caller should answer "try again later". */
export class OcrBusyError extends Error {
  constructor(message = 'The text reader is busy, try again later.') {
    super(message);
    this.name = 'OcrBusyError';
  }
}

/** A job (or the start of a worker) took longer than its time limit. */
export class OcrTimeoutError extends Error {
  constructor(message = 'Reading the image took too long.') {
    super(message);
    this.name = 'OcrTimeoutError';
  }
}

/** The worker thread running the job ended (crashed or exited) before answering. */
export class OcrWorkerLostError extends Error {
  constructor(message = 'The text reader stopped while reading the image.') {
    super(message);
    this.name = 'OcrWorkerLostError';
  }
}

/** No worker is running and the last attempt to start one failed; the pool keeps retrying. */
export class OcrUnavailableError extends Error {
  constructor(message = 'The text reader could not be started.') {
    super(message);
    this.name = 'OcrUnavailableError';
  }
}

/** The read the job belonged to was given up (it ran past its own limit); the job was dropped. */
export class OcrCancelledError extends Error {
  constructor(message = 'The read was given up.') {
    super(message);
    this.name = 'OcrCancelledError';
  }
}
