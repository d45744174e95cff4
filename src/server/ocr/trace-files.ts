// Writes a stage trace (pipeline/trace.ts) to a folder: each crop as a PNG under its name
// (grid.png, tiles/, names/, code/) and the decisions as decisions.json.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { StageTrace } from './pipeline/trace';
import { ocrSummary } from './pipeline/trace';
import type { Rect, RgbImage } from './pipeline/tile-grid';
import type { OcrJob, OcrResult } from './runtime/worker-pool';

/** A crop for tesseract as a PNG: the binary PGM (P5, 8 bits) it is built as, or any image sharp reads. */
function pgmToPng(pgm: Buffer): Promise<Buffer> {
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 40).toString('latin1'));
  if (!header) return sharp(pgm).png().toBuffer();
  const [whole, width, height] = header;
  const raw = pgm.subarray(whole.length);
  return sharp(raw, { raw: { width: Number(width), height: Number(height), channels: 1 } })
    .png()
    .toBuffer();
}

function rgbToPng(img: RgbImage, region?: Rect): Promise<Buffer> {
  const picture = sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } });
  if (!region) return picture.png().toBuffer();
  const left = Math.max(0, Math.round(region.left));
  const top = Math.max(0, Math.round(region.top));
  const width = Math.max(1, Math.min(img.width - left, Math.round(region.width)));
  const height = Math.max(1, Math.min(img.height - top, Math.round(region.height)));
  return picture.extract({ left, top, width, height }).png().toBuffer();
}

/** A trace kept in memory while the image is read (the pixels are copied: later stages change them), then written. */
export class TraceFiles implements StageTrace {
  private readonly pictures: Array<{ name: string; png: Promise<Buffer> }> = [];
  private readonly decisions: Record<string, unknown> = {};
  private readonly crops: Record<string, object> = {};

  constructor(private readonly dir: string) {}

  region(name: string, img: RgbImage, region?: Rect): void {
    const copy = { ...img, data: Uint8Array.from(img.data) };
    this.pictures.push({ name, png: rgbToPng(copy, region) });
  }

  ocrCrop(name: string, job: OcrJob, result?: OcrResult): void {
    this.pictures.push({ name, png: pgmToPng(job.image) });
    this.crops[name] = {
      mode: job.mode,
      ...(job.whitelist ? { whitelist: job.whitelist } : {}),
      ...(result ? ocrSummary(result) : {}),
    };
  }

  note(key: string, value: unknown): void {
    this.decisions[key] = value;
  }

  /** Writes the PNGs and decisions.json; returns the files written, relative to the folder. */
  async write(): Promise<string[]> {
    const written: string[] = [];
    for (const { name, png } of this.pictures) {
      const file = `${name}.png`;
      await mkdir(path.dirname(path.join(this.dir, file)), { recursive: true });
      await writeFile(path.join(this.dir, file), await png);
      written.push(file);
    }
    await mkdir(this.dir, { recursive: true });
    await writeFile(
      path.join(this.dir, 'decisions.json'),
      `${JSON.stringify({ ...this.decisions, ocr_crops: this.crops }, null, 2)}\n`,
    );
    return [...written, 'decisions.json'];
  }
}
