import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { ValidationMessage } from '@vigil/contracts';

/**
 * Messages for zod issues whose rule was written without one (the device settings' number bounds,
 * for instance): without this, zod's English default ("Too small: expected number to be >=1")
 * would show in both languages. Returns i18n keys where no parameter is needed, the translated
 * text where one is; translateError shows either. Anything else keeps zod's own wording.
 */
export function rangeErrorMap(t: TFunction): z.core.$ZodErrorMap {
  return (issue) => {
    if (issue.code === 'invalid_type') {
      const missing = issue.input === undefined || issue.input === null || (typeof issue.input === 'number' && Number.isNaN(issue.input));
      if (missing) return ValidationMessage.required;
      return issue.expected === 'number' || issue.expected === 'int' ? ValidationMessage.invalidNumber : ValidationMessage.invalidInput;
    }
    if (issue.code === 'too_small' && issue.origin === 'number') return t('form.atLeast', { min: issue.minimum });
    if (issue.code === 'too_big' && issue.origin === 'number') return t('form.atMost', { max: issue.maximum });
    if (issue.code === 'invalid_format' || issue.code === 'invalid_value') return ValidationMessage.invalidInput;
    if (issue.code === 'not_multiple_of') return ValidationMessage.invalidNumber;
    return undefined;
  };
}
