import { LIMITS } from './constants';
import { MESSAGES } from './messages';

/**
 * Why a chosen logo is refused (spec section 5: images only, at most 2 MB),
 * or null when it may be sent. Registration and the profile both use it; the
 * API checks the same again (and the bytes themselves).
 */
export function logoProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return MESSAGES.imagesOnly;
  if (file.size > LIMITS.uploadMaxBytes) return MESSAGES.fileTooLarge;
  return null;
}
