import type { TFunction } from 'i18next';
import { SPECIAL_CHARACTERS_DISPLAY } from '@vigil/contracts';

/**
 * Contracts' zod rules carry i18n keys as messages (`validation.required`); translate them with
 * the parameters SPEC §5's texts need. A message that is not a key (a server's free text) shows as is.
 */
export function translateError(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  return t(message, { chars: SPECIAL_CHARACTERS_DISPLAY, defaultValue: message });
}
