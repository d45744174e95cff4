import { sharpenedCrop, sharpenedRegion } from './sharpen';
import type { RgbImage } from './tile-grid';

/** A grey image from rows of levels. */
const grey = (rows: number[][]): RgbImage => ({
  data: new Uint8Array(rows.flatMap((row) => row.flatMap((v) => [v, v, v]))),
  width: rows[0].length,
  height: rows.length,
});
const row = (img: RgbImage, y: number): number[] =>
  Array.from({ length: img.width }, (_, x) => img.data[(y * img.width + x) * 3]);

describe('sharpenedRegion', () => {
  const soft = grey(Array.from({ length: 3 }, () => [40, 40, 100, 160, 160]));

  it('steepens an edge softened by blur, and leaves flat pixels as they are', () => {
    const sharp = sharpenedRegion(soft, { left: 0, top: 0, width: 5, height: 3 }, 1.5);
    expect(row(sharp, 1)).toEqual([40, 10, 100, 190, 160]);
  });

  it('changes only the region, in a copy', () => {
    const sharp = sharpenedRegion(soft, { left: 3, top: 0, width: 2, height: 3 }, 1.5);
    expect(row(sharp, 1)).toEqual([40, 40, 100, 190, 160]);
    expect(row(soft, 1)).toEqual([40, 40, 100, 160, 160]);
  });
});

describe('sharpenedCrop', () => {
  const soft = grey(Array.from({ length: 3 }, () => [40, 40, 100, 160, 160]));

  it('is the region of the sharpened copy, its edge pixels sharpened against their neighbours outside it', () => {
    const crop = sharpenedCrop(soft, { left: 1, top: 1, width: 3, height: 1 }, 1.5);
    expect({ width: crop.width, height: crop.height }).toEqual({ width: 3, height: 1 });
    expect(row(crop, 0)).toEqual([10, 100, 190]);
    expect(row(soft, 1)).toEqual([40, 40, 100, 160, 160]);
  });
});
