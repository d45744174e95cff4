// Reads a multipart request into one image buffer and its text fields, turning the multipart
// plugin's limit errors, and every body it cannot parse, into 4xx answers a person can act on.
import type { FastifyRequest } from 'fastify';
import { HttpError, badRequest } from './errors';
import { MESSAGES } from '../../common/messages';
import { isStorableText, UNSTORABLE_TEXT_MESSAGE } from '../../common/text';
import { MAX_IMAGE_BYTES } from '../../common/api/uploads';

export interface MultipartForm {
  /** The `image` file's bytes, or null when the field was not sent. */
  image: Buffer | null;
  /** Every text field by name; a repeated field keeps all its values in order. */
  fields: Map<string, string[]>;
}

const MAX_MB = MAX_IMAGE_BYTES / (1024 * 1024);

/** Limit errors of @fastify/multipart, by code, with what to tell the user. */
const LIMIT_MESSAGES: Record<string, { status: number; message: string }> = {
  FST_REQ_FILE_TOO_LARGE: { status: 413, message: `The image is too large: at most ${MAX_MB} MB.` },
  FST_FILES_LIMIT: { status: 400, message: 'Send a single image per request.' },
  FST_FIELDS_LIMIT: { status: 400, message: 'Too many form fields: send lists as JSON-encoded strings.' },
  FST_PARTS_LIMIT: { status: 400, message: 'Too many form fields: send lists as JSON-encoded strings.' },
  FST_PROTO_VIOLATION: { status: 400, message: 'A form field has a forbidden name.' },
  FST_MP_PREMATURE_CLOSE: { status: 400, message: 'The upload was interrupted before it finished.' },
  // The plugin says 406, but the client sent a bad field; it did not ask for an answer we cannot give.
  FST_INVALID_JSON_FIELD_ERROR: { status: 400, message: 'A form field declared as JSON is not valid JSON.' },
};

/** Said of a body the parser cannot read at all: no boundary, a body cut short, a part without headers. */
const MALFORMED_FORM =
  'The form data is malformed or incomplete: send it again as multipart/form-data with the image in the field "image".';

/**
 * Buffers the whole form. Images are at most 10 MB (the plugin's limit stops a bigger one while
 * it streams in), so holding one in memory is cheaper and simpler than a temporary file.
 */
export async function readMultipartForm(request: FastifyRequest): Promise<MultipartForm> {
  if (!request.isMultipart())
    throw badRequest(`${MESSAGES.upload.imageRequired} Send it as multipart/form-data in the field "image".`);
  const fields = new Map<string, string[]>();
  let image: Buffer | null = null;
  /** Refused once the whole body is read, so that the client is not cut off mid-upload. */
  let unstorable = false;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        // Any other file field is drained and ignored: only `image` carries meaning.
        if (part.fieldname === 'image') image = bytes;
      } else {
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        // The hook in text-guard.ts ran before the parts were read: the same rule, here.
        if (!isStorableText(value) || !isStorableText(part.fieldname)) unstorable = true;
        const values = fields.get(part.fieldname);
        if (values) values.push(value);
        else fields.set(part.fieldname, [value]);
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    const known = LIMIT_MESSAGES[code];
    if (known) throw new HttpError(known.status, known.message);
    // Nothing else in the loop above can fail but the parsing of the client's bytes (the parser's
    // "Boundary not found", "Unexpected end of multipart data", ...): the request is wrong, not the server.
    request.log.info({ err: error }, 'malformed multipart body');
    throw badRequest(MALFORMED_FORM);
  }
  if (unstorable) throw badRequest(UNSTORABLE_TEXT_MESSAGE);
  return { image, fields };
}

/** The last value of a text field (old clients send each field once). */
export function textField(form: MultipartForm, name: string): string | undefined {
  const values = form.fields.get(name);
  return values?.[values.length - 1];
}

/**
 * A list field, sent either as one JSON-encoded array (`albums=["Space","Science"]`) or as the
 * field repeated once per value (`albums=Space&albums=Science`). A single non-JSON value is a
 * list of one; an empty value is an empty list. Left as strings when it is not JSON, so the
 * schema reports the real problem.
 */
export function listField(form: MultipartForm, name: string): unknown {
  const values = form.fields.get(name);
  if (!values || values.length === 0) return undefined;
  if (values.length > 1) return values;
  const [value] = values;
  if (value.trim() === '') return [];
  try {
    const parsed: unknown = JSON.parse(value);
    if (Array.isArray(parsed)) return parsed;
    return typeof parsed === 'string' ? [parsed] : [value];
  } catch {
    return [value];
  }
}
