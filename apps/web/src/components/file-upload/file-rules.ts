/** SPEC §5 upload rules, as a pure check the FileUpload component and its test share. */
export type FileRules = {
  /** Lower-case extensions without the dot, e.g. ['png', 'jpg']. Empty or absent: any type. */
  extensions?: readonly string[];
  maxCount?: number;
  maxSizeMB?: number;
  /** i18n key used when a file is too large (the headshot has its own wording). */
  sizeMessageKey?: string;
};

export type FileRuleError = { key: string; params?: Record<string, string | number> };

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

export function validateFiles(files: readonly Pick<File, 'name' | 'size'>[], rules: FileRules): FileRuleError | null {
  if (rules.maxCount !== undefined && files.length > rules.maxCount) {
    return { key: 'validation.uploadCount', params: { limit: rules.maxCount } };
  }
  if (rules.extensions && rules.extensions.length > 0) {
    const allowed = rules.extensions.map((e) => e.toLowerCase());
    if (files.some((f) => !allowed.includes(extensionOf(f.name)))) {
      return { key: 'validation.uploadType', params: { types: allowed.map((e) => e.toUpperCase()).join(', ') } };
    }
  }
  if (rules.maxSizeMB !== undefined) {
    const limit = rules.maxSizeMB * 1024 * 1024;
    if (files.some((f) => f.size > limit)) {
      return rules.sizeMessageKey ? { key: rules.sizeMessageKey } : { key: 'validation.uploadSize', params: { max: rules.maxSizeMB } };
    }
  }
  return null;
}
