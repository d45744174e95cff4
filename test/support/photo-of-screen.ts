/**
 * A deck screenshot photographed on a screen: what a player without the share button sends. The
 * screen is a flat page turned up to 12° away from the camera (and up to 3° about the lens axis),
 * projected through a phone's lens onto a photo with the dark bezel around it, then lit by a lamp's
 * glare, grained by the sensor, a little out of focus, and saved as the phone's JPEG.
 */
import sharp from 'sharp';
import { homographyFromCorners, warpImage, type Point } from '../../src/server/ocr/pipeline/homography';

type Random = () => number;
const between = (random: Random, low: number, high: number): number => low + random() * (high - low);
const radians = (degrees: number) => (degrees * Math.PI) / 180;

export interface ScreenPhoto {
  image: Buffer;
  detail: string;
}

/** Where the page's corners land in the photo: a camera model, not a random quadrilateral. */
function projectedCorners(width: number, height: number, random: Random): { corners: Point[]; detail: string } {
  const tilt = between(random, 3, 12);
  const direction = between(random, 0, 2 * Math.PI);
  const roll = between(random, -3, 3);
  const [ax, ay, az] = [radians(tilt * Math.cos(direction)), radians(tilt * Math.sin(direction)), radians(roll)];
  // The lens's distance from the page, in page sizes: a phone held 0.9-1.6 page heights away.
  const distance = between(random, 0.9, 1.6) * Math.max(width, height);
  const corners = [
    [-width / 2, -height / 2],
    [width / 2, -height / 2],
    [width / 2, height / 2],
    [-width / 2, height / 2],
  ].map(([x0, y0]) => {
    // Roll about the lens axis, then tilt about the page's horizontal and vertical axes.
    let x = x0 * Math.cos(az) - y0 * Math.sin(az);
    let y = x0 * Math.sin(az) + y0 * Math.cos(az);
    let z = 0;
    [y, z] = [y * Math.cos(ax) - z * Math.sin(ax), y * Math.sin(ax) + z * Math.cos(ax)];
    [x, z] = [x * Math.cos(ay) + z * Math.sin(ay), -x * Math.sin(ay) + z * Math.cos(ay)];
    const depth = distance + z;
    return { x: (x * distance) / depth, y: (y * distance) / depth };
  });
  return { corners, detail: `tilt ${tilt.toFixed(1)}° roll ${roll.toFixed(1)}°` };
}

/** A lamp's reflection: a soft bright ellipse that washes the colours towards white. */
function addGlare(data: Uint8Array, width: number, height: number, random: Random): string {
  const cx = between(random, 0.15, 0.85) * width;
  const cy = between(random, 0.15, 0.85) * height;
  const rx = between(random, 0.15, 0.4) * width;
  const ry = rx * between(random, 0.5, 1.5);
  const strength = between(random, 0.2, 0.5);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const d = ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2;
      if (d > 9) continue;
      const wash = strength * Math.exp(-d);
      for (let c = 0, i = (y * width + x) * 3; c < 3; c++) data[i + c] += (255 - data[i + c]) * wash;
    }
  return `glare ${strength.toFixed(2)}`;
}

/** Sensor noise: Gaussian grain on every channel. */
function addNoise(data: Uint8Array, random: Random): string {
  const sigma = between(random, 2, 7);
  for (let i = 0; i < data.length; i += 2) {
    // Box-Muller gives two independent values per pair of uniform draws.
    const r = Math.sqrt(-2 * Math.log(1 - random())) * sigma;
    const t = 2 * Math.PI * random();
    data[i] = Math.max(0, Math.min(255, data[i] + r * Math.cos(t)));
    if (i + 1 < data.length) data[i + 1] = Math.max(0, Math.min(255, data[i + 1] + r * Math.sin(t)));
  }
  return `noise ${sigma.toFixed(1)}`;
}

export async function photographScreen(page: Buffer, random: Random): Promise<ScreenPhoto> {
  const { data, info } = await sharp(page).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const source = {
    data: new Uint8Array(data.buffer, data.byteOffset, data.length),
    width: info.width,
    height: info.height,
  };
  const { corners, detail } = projectedCorners(info.width, info.height, random);
  // The photo frames the screen with a bezel of 3-10 % on each side, at 1000-1800 px wide.
  const margin = between(random, 0.03, 0.1);
  const xs = corners.map((p) => p.x);
  const ys = corners.map((p) => p.y);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const photoWidth = Math.round(between(random, 1000, 1800));
  const zoom = photoWidth / ((maxX - minX) * (1 + 2 * margin));
  const photoHeight = Math.round((maxY - minY) * (1 + 2 * margin) * zoom);
  const inPhoto = corners.map((p) => ({
    x: (p.x - minX + (maxX - minX) * margin) * zoom,
    y: (p.y - minY + (maxY - minY) * margin) * zoom,
  }));
  const pageCorners = [
    { x: 0, y: 0 },
    { x: info.width - 1, y: 0 },
    { x: info.width - 1, y: info.height - 1 },
    { x: 0, y: info.height - 1 },
  ];
  const bezel = Math.round(between(random, 0, 40));
  const photo = warpImage(source, homographyFromCorners(inPhoto, pageCorners), photoWidth, photoHeight, {
    r: bezel,
    g: bezel,
    b: bezel,
  });
  const glare = addGlare(photo.data, photo.width, photo.height, random);
  const noise = addNoise(photo.data, random);
  const sigma = between(random, 0.3, 1.1);
  const quality = Math.round(between(random, 60, 85));
  const image = await sharp(photo.data, { raw: { width: photo.width, height: photo.height, channels: 3 } })
    .blur(sigma)
    .jpeg({ quality })
    .toBuffer();
  return {
    image,
    detail: `${photoWidth} px ${detail} ${glare} ${noise} blur ${sigma.toFixed(2)} q${quality}`,
  };
}
