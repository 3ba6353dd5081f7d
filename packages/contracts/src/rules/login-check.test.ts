import { describe, expect, it } from 'vitest';
import { containsSpecialCharacter, isValidLoginField } from './login-check.ts';
import { SPECIAL_CHARACTERS, hasSpecialCharacters, loginField } from './text.ts';

describe('zod-free login check', () => {
  it('flags exactly the characters text.ts flags', () => {
    for (let code = 0; code < 0x3000; code++) {
      const ch = String.fromCharCode(code);
      expect(containsSpecialCharacter(ch), `U+${code.toString(16)}`).toBe(hasSpecialCharacters(ch));
    }
    for (const ch of SPECIAL_CHARACTERS) expect(containsSpecialCharacter(`a${ch}b`)).toBe(true);
  });

  it('accepts and rejects the same login values as the zod loginField', () => {
    const samples = ['', 'a', 'engineer', 'Demo1234', 'x'.repeat(20), 'x'.repeat(21), 'a b', 'a/b', "o'neil", '管理者', '  '];
    for (const s of samples) expect(isValidLoginField(s), JSON.stringify(s)).toBe(loginField.safeParse(s).success);
  });
});
