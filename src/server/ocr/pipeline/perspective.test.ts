import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { seededRandom } from '../../../common/seeded-random';
import { REAL_SCREENSHOT } from '../../../../test/support/real-data';
import { photographScreen } from '../../../../test/support/photo-of-screen';
import { analysisCopy, edgeMaps } from './edge-maps';
import { applyHomography, homographyFromCorners, invertHomography, multiplyHomographies } from './homography';
import { decodeImage } from './image-input';
import { estimatePerspective, undoPerspective } from './perspective';
import type { RgbImage } from './tile-grid';

const perspectiveOf = async (img: RgbImage) => estimatePerspective(edgeMaps(await analysisCopy(img), img.width));
const decoded = async (image: Buffer) => decodeImage(image);

describe('homographies', () => {
  const square = [
    { x: 0, y: 0 },
    { x: 100, y: 0 },
    { x: 100, y: 100 },
    { x: 0, y: 100 },
  ];
  const seen = [
    { x: 12, y: 7 },
    { x: 95, y: 15 },
    { x: 90, y: 110 },
    { x: 3, y: 96 },
  ];

  it('takes four corners to four others, and back through its inverse', () => {
    const m = homographyFromCorners(square, seen);
    square.forEach((p, i) => {
      expect(applyHomography(m, p).x).toBeCloseTo(seen[i].x, 6);
      expect(applyHomography(m, p).y).toBeCloseTo(seen[i].y, 6);
    });
    const identity = multiplyHomographies(invertHomography(m), m).map((v, _, all) => v / all[8]);
    expect(identity.map((v) => Math.round(v * 1e6) / 1e6 + 0)).toEqual([1, 0, 0, 0, 1, 0, 0, 0, 1]);
  });
});

describe('estimatePerspective', () => {
  const real = readFileSync(REAL_SCREENSHOT);

  it('sees none in the share screenshot as sent, turned 2° or framed small in a larger picture', async () => {
    expect(await perspectiveOf(await decoded(real))).toBeNull();
    const turned = await sharp(real).rotate(2, { background: '#000' }).jpeg().toBuffer();
    expect(await perspectiveOf(await decoded(turned))).toBeNull();
    const framed = await sharp(real)
      .resize({ width: 500 })
      .extend({ top: 200, bottom: 200, left: 150, right: 150, background: '#202020' })
      .jpeg()
      .toBuffer();
    expect(await perspectiveOf(await decoded(framed))).toBeNull();
  });

  it('sees none in a small copy whose coarsest guess leads away from upright', async () => {
    // At 480 px the horizontal frames' widest bins favoured a lean near which nothing piled up as
    // sharply as no correction, and the copy was sheared by 1.5° ("scale" unseen seed 39093).
    const small = await sharp(real).resize({ width: 480 }).jpeg({ quality: 85 }).toBuffer();
    expect(await perspectiveOf(await decoded(small))).toBeNull();
  });

  it('sees none in lines of text on a plain page: no long frames, so no vanishing points to trust', async () => {
    // Its letters' edges once made a convergence of chance, and the warp turned the code's 4 into A.
    const lines = ['DECK CODE: UH42XD', 'SAND CAT', 'MARS ROVER CURIOSITY', 'THE FOOL (XXII)'];
    const text = lines
      .map(
        (line, i) =>
          `<text x="40" y="${70 + i * 75}" font-family="DejaVu Sans" font-weight="bold" font-size="34" fill="#fff">${line}</text>`,
      )
      .join('');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="700" height="360"><rect width="100%" height="100%" fill="#202020"/>${text}</svg>`;
    const image = await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
    expect(await perspectiveOf(await decoded(image))).toBeNull();
  });

  it('sees a photo of the screen at an angle, and leaves it upright: the frames run parallel again', async () => {
    for (const seed of [11, 12, 13]) {
      const photo = await decoded((await photographScreen(real, seededRandom(seed))).image);
      const perspective = await perspectiveOf(photo);
      expect(perspective, `seed ${seed}`).not.toBeNull();
      const upright = undoPerspective(photo, perspective!);
      const left = await perspectiveOf(upright);
      // What is left is at most a lean (rotation.ts's part), never a convergence worth undoing.
      expect(left, `seed ${seed}: ${JSON.stringify(left)}`).toBeNull();
    }
  });
});
