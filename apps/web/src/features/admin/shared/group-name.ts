import { type TFunction } from 'i18next';
import { roleLabelKey } from '@vigil/contracts';

const labelKeys = new Set(Object.values(roleLabelKey));

/**
 * The name of an API group as a person reads it. The groups made on first start are stored as
 * `default:<role>` (db/bootstrap.ts: a stable key the upgrade sync finds them by); they read as
 * "Default: Organisation staff" in the user's language. Names an admin typed are shown as typed.
 */
export function apiGroupName(name: string, t: TFunction): string {
  const match = /^default:(\w+)$/.exec(name);
  const key = match && `enum.role.${match[1]}`;
  return key && labelKeys.has(key) ? t('admin.apiGroup.defaultName', { role: t(key) }) : name;
}
