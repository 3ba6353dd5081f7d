import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/render.tsx';
import { FileUpload } from './FileUpload.tsx';
import { validateFiles } from './file-rules.ts';

const file = (name: string, bytes: number) => new File([new Uint8Array(bytes)], name);
const MB = 1024 * 1024;

describe('upload rules', () => {
  it('limits count, type and size with SPEC messages', () => {
    expect(validateFiles([file('a.png', 1), file('b.png', 1)], { maxCount: 1 })).toEqual({ key: 'validation.uploadCount', params: { limit: 1 } });
    expect(validateFiles([file('a.gif', 1)], { extensions: ['png', 'jpg'] })?.key).toBe('validation.uploadType');
    expect(validateFiles([file('a.PNG', 3 * MB)], { extensions: ['png'], maxSizeMB: 2 })).toEqual({ key: 'validation.uploadSize', params: { max: 2 } });
    expect(validateFiles([file('a.png', 2 * MB)], { maxSizeMB: 2 })).toBeNull();
  });
});

describe('<FileUpload>', () => {
  it('refuses a profile picture over 2MB with its message and passes a valid one on', async () => {
    const onFiles = vi.fn();
    renderWithProviders(<FileUpload extensions={['png', 'jpg', 'jpeg', 'webp']} maxCount={1} maxSizeMB={2} sizeMessageKey="validation.headshotSize" onFiles={onFiles} />);
    const input = screen.getByTestId('file-input');
    await userEvent.upload(input, file('me.png', 3 * MB));
    expect(screen.getByRole('alert').textContent).toBe('Profile picture cannot exceed 2MB');
    expect(onFiles).not.toHaveBeenCalled();
    await userEvent.upload(input, file('me.webp', 1000));
    expect(onFiles).toHaveBeenCalledWith([expect.objectContaining({ name: 'me.webp' })]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says how many files may be uploaded', async () => {
    renderWithProviders(<FileUpload maxCount={2} maxSizeMB={5} onFiles={() => undefined} />);
    await userEvent.upload(screen.getByTestId('file-input'), [file('a.pdf', 1), file('b.pdf', 1), file('c.pdf', 1)]);
    expect(screen.getByRole('alert').textContent).toBe('Cannot upload more than 2 files');
  });
});
