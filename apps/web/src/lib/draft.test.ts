import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useDraft } from './draft.ts';

type Source = { items: string[] } | undefined;

describe('useDraft', () => {
  it('starts from what the server sent, keeps edits, and starts over when new data arrives', () => {
    const first = { items: ['home'] };
    const { result, rerender } = renderHook(({ source }: { source: Source }) => useDraft(source, (s) => s.items, []), {
      initialProps: { source: undefined as Source },
    });
    expect(result.current[0]).toEqual([]);

    rerender({ source: first });
    expect(result.current[0]).toEqual(['home']);
    act(() => result.current[1](['home', 'area']));
    rerender({ source: first });
    expect(result.current[0]).toEqual(['home', 'area']);

    // Another role is loading: the last tree stays on screen until its data arrives.
    rerender({ source: undefined });
    expect(result.current[0]).toEqual(['home', 'area']);
    rerender({ source: { items: ['member'] } });
    expect(result.current[0]).toEqual(['member']);
  });
});
