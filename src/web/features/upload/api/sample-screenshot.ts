// The sample deck screenshot the server renders from its own catalog, so a new install can try
// the whole upload flow without a screenshot of the game at hand.
import { SAMPLE_SCREENSHOT_PATH } from '../../../../common/api/uploads';
import { apiRequestBytes } from '../../../lib/api-client';

export const SAMPLE_FILE_NAME = 'sample-screenshot.png';

/** The sample as a File, so it takes the same path as one the user picked. */
export async function fetchSampleScreenshot(signal?: AbortSignal): Promise<File> {
  const bytes = await apiRequestBytes(SAMPLE_SCREENSHOT_PATH, { signal });
  return new File([bytes], SAMPLE_FILE_NAME, { type: 'image/png' });
}
