import sharp from 'sharp';
import { AVATAR_SIZE } from '../../../shared/constants';

/**
 * Decodes any image sharp can read and re-encodes it as a small square WebP, so nothing the
 * user sent is ever served back. Null when the bytes are not an image.
 */
export async function toAvatarWebp(input: Buffer): Promise<Buffer | null> {
  try {
    return await sharp(input, { limitInputPixels: 50_000_000, failOn: 'error' })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    return null;
  }
}
