import { describe, expect, it } from 'vitest';
import { containsSpecialCharacter, isValidLoginField } from './login-check.ts';
import { SPECIAL_CHARACTERS, hasSpecialCharacters, loginField } from './text.ts';

describe('zod-free login check', () => {
  it('flags exactly the SPEC §5 characters among printable ASCII', () => {
    for (let code = 0x20; code < 0x7f; code++) {
      const ch = String.fromCharCode(code);
      expect(containsSpecialCharacter(`a${ch}b`), `U+${code.toString(16)}`).toBe(SPECIAL_CHARACTERS.includes(ch));
    }
    expect(hasSpecialCharacters('住民 Chen')).toBe(false);
  });

  it('accepts and rejects the same login values as the zod loginField', () => {
    const samples = ['', 'a', 'engineer', 'Demo1234', 'x'.repeat(20), 'x'.repeat(21), 'a b', 'a/b', "o'neil", '管理者', '  '];
    for (const s of samples) expect(isValidLoginField(s), JSON.stringify(s)).toBe(loginField.safeParse(s).success);
  });
});
