import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import i18next from 'i18next';
import { z } from 'zod';
import userEvent from '@testing-library/user-event';
import { attachments, personalUpdateRequest } from '@vigil/contracts';
import { ApiError } from '../../lib/http.ts';
import { uploadFile } from '../../lib/stored-files.ts';
import { mockApi, ok, validationFailed } from '../../test/api-mock.ts';
import { renderWithProviders, signInAs } from '../../test/render.tsx';
import { FormDialog, type FormFieldSpec } from './FormDialog.tsx';

const fields = [
  { name: 'name' as const, label: 'Name', required: true },
  { name: 'email' as const, label: 'Email' },
];

describe('<FormDialog>', () => {
  it('shows the contracts rules as translated messages under the fields', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderWithProviders(
      <FormDialog open title="Edit profile" schema={personalUpdateRequest} defaultValues={{ name: '', phone: '', email: '' }} fields={fields} onSubmit={onSubmit} onClose={() => undefined} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/Name/), 'Ada<b>');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Cannot input special characters " \' ` \\ / ^ * ( ) [ ] { } < > |')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('says "required" of a field left as it started only once Save is pressed, so nothing moves under a click', async () => {
    renderWithProviders(
      <FormDialog open title="Edit profile" schema={personalUpdateRequest} defaultValues={{ name: '', phone: '', email: '' }} fields={fields} onSubmit={async () => undefined} onClose={() => undefined} />,
    );
    // The first field has the focus; leaving it untouched says nothing yet.
    await userEvent.click(screen.getByLabelText(/Email/));
    await userEvent.click(screen.getByLabelText(/Name/));
    await userEvent.click(screen.getByLabelText(/Email/));
    expect(screen.queryByText('This field is required')).toBeNull();
    // A changed field is checked as it is left.
    await userEvent.type(screen.getByLabelText(/Name/), 'Ada<b>');
    await userEvent.click(screen.getByLabelText(/Email/));
    expect(await screen.findByText('Cannot input special characters " \' ` \\ / ^ * ( ) [ ] { } < > |')).toBeTruthy();
  });

  it('submits valid values, closes, and places server field errors (-5) under their fields', async () => {
    const onClose = vi.fn();
    const onSubmit = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(422, -5, [{ field: 'email', message: 'validation.invalidInput' }]))
      .mockResolvedValueOnce(undefined);
    renderWithProviders(
      <FormDialog open title="Edit profile" schema={personalUpdateRequest} defaultValues={{ name: 'Ada', phone: '', email: 'a@b.co' }} fields={fields} onSubmit={onSubmit} onClose={onClose} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Invalid input')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(onSubmit).toHaveBeenLastCalledWith({ name: 'Ada', phone: '', email: 'a@b.co' });
  });

  it('keeps what the user typed when the page re-renders with the same defaults (a picker\'s options arriving)', async () => {
    const dialogWith = (options: { value: string; label: string }[]) => (
      <FormDialog
        open
        title="Edit profile"
        schema={personalUpdateRequest}
        defaultValues={{ name: '', phone: '', email: '' }}
        fields={[...fields, { name: 'phone' as const, label: 'Phone', options }]}
        onSubmit={async () => undefined}
        onClose={() => undefined}
      />
    );
    const { rerender } = renderWithProviders(dialogWith([]));
    await userEvent.type(screen.getByLabelText(/Name/), 'Ada');
    rerender(dialogWith([{ value: 'desk', label: 'Desk' }]));
    expect((screen.getByLabelText(/Name/) as HTMLInputElement).value).toBe('Ada');
  });

  it('cannot submit without the permission for its call', () => {
    signInAs({ api: [] });
    renderWithProviders(
      <FormDialog open title="Edit" schema={personalUpdateRequest} defaultValues={{ name: 'A' }} fields={fields} onSubmit={async () => undefined} onClose={() => undefined} permission={{ method: 'PUT', route: '/personal' }} />,
    );
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
  });
});

describe('<FormDialog> field kinds', () => {
  const schema = z.object({
    guard: z.boolean(),
    birthday: z.number(),
    expires: z.number(),
    care_day: z.number(),
    round: z.number(),
    grants: z.array(z.enum(['members', 'abnormal', 'delivery'])).min(1, { message: 'validation.required' }),
    minutes: z.number().int().min(1).max(720),
  });
  const kindFields: FormFieldSpec<z.input<typeof schema>>[] = [
    { name: 'guard', label: 'Security company', kind: 'checkbox' },
    { name: 'birthday', label: 'Birthday', kind: 'date', max: dayjs('2030-01-01').unix() },
    { name: 'expires', label: 'Expires', kind: 'datetime' },
    { name: 'care_day', label: 'Care day', kind: 'date', utcOffsetMinutes: 480 },
    { name: 'round', label: 'Round', kind: 'time' },
    {
      name: 'grants',
      label: 'Grants',
      kind: 'multiselect',
      options: [
        { value: 'members', label: 'Members' },
        { value: 'abnormal', label: 'Abnormal alerts' },
        { value: 'delivery', label: 'Medication delivery' },
      ],
    },
    { name: 'minutes', label: 'Minutes', type: 'number' },
  ];

  it('edits a checkbox as a boolean, times as the contracts hold them, a multi-select as an ordered list and a number as a number', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderWithProviders(
      <FormDialog open title="Kinds" schema={schema} defaultValues={{ guard: false, grants: [] }} fields={kindFields} onSubmit={onSubmit} onClose={() => undefined} />,
    );
    const birthday = screen.getByLabelText('Birthday') as HTMLInputElement;
    expect(birthday.type).toBe('date');
    expect(birthday.max).toBe('2030-01-01');
    expect((screen.getByLabelText('Expires') as HTMLInputElement).type).toBe('datetime-local');

    await userEvent.click(screen.getByRole('checkbox', { name: 'Security company' }));
    fireEvent.change(birthday, { target: { value: '1950-03-04' } });
    fireEvent.change(screen.getByLabelText('Expires'), { target: { value: '2030-05-06T07:08' } });
    fireEvent.change(screen.getByLabelText('Care day'), { target: { value: '2030-05-06' } });
    fireEvent.change(screen.getByLabelText('Round'), { target: { value: '08:30' } });
    await userEvent.click(screen.getByRole('combobox', { name: 'Grants' }));
    await userEvent.click(screen.getByRole('option', { name: 'Medication delivery' }));
    await userEvent.click(screen.getByRole('option', { name: 'Members' }));
    await userEvent.keyboard('{Escape}');
    await userEvent.type(screen.getByLabelText('Minutes'), '45');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit).toHaveBeenCalledWith({
      guard: true,
      birthday: dayjs('1950-03-04').unix(),
      expires: dayjs('2030-05-06T07:08').unix(),
      // The care home's midnight (UTC+8), whatever the browser's zone.
      care_day: Date.UTC(2030, 4, 6) / 1000 - 480 * 60,
      round: 8 * 60 + 30,
      grants: ['members', 'delivery'],
      minutes: 45,
    });
  });

  it('shows held times back in the pickers', () => {
    renderWithProviders(
      <FormDialog
        open
        title="Kinds"
        schema={schema}
        defaultValues={{ birthday: dayjs('1950-03-04').unix(), expires: dayjs('2030-05-06T07:08').unix(), care_day: Date.UTC(2030, 4, 6) / 1000 - 480 * 60, round: 510 }}
        fields={kindFields}
        onSubmit={async () => undefined}
        onClose={() => undefined}
      />,
    );
    expect((screen.getByLabelText('Birthday') as HTMLInputElement).value).toBe('1950-03-04');
    expect((screen.getByLabelText('Expires') as HTMLInputElement).value).toBe('2030-05-06T07:08');
    expect((screen.getByLabelText('Care day') as HTMLInputElement).value).toBe('2030-05-06');
    expect((screen.getByLabelText('Round') as HTMLInputElement).value).toBe('08:30');
  });

  it('words rules without a message of their own (number bounds, a missing number) in the interface language', async () => {
    renderWithProviders(
      <FormDialog open title="Kinds" schema={schema} defaultValues={{ guard: false, birthday: 0, expires: 0, care_day: 0, round: 0, grants: ['members'] }} fields={kindFields} onSubmit={async () => undefined} onClose={() => undefined} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Minutes'), '900');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Must be at most 720')).toBeTruthy();
    await act(() => i18next.changeLanguage('zh-TW'));
    await userEvent.clear(screen.getByLabelText('Minutes'));
    await userEvent.type(screen.getByLabelText('Minutes'), '0');
    await userEvent.click(screen.getByRole('button', { name: '儲存' }));
    expect(await screen.findByText('不可小於 1')).toBeTruthy();
  });

  it('sends a cleared optional date, text or number as null where the schema takes null ("not given")', async () => {
    const optional = z.object({ birthday: z.number().nullable(), doctor: z.string().nullable(), room: z.number().nullable(), title: z.string() });
    const onSubmit = vi.fn(async () => undefined);
    const fields: FormFieldSpec<z.input<typeof optional>>[] = [
      { name: 'birthday', label: 'Birthday', kind: 'date' },
      { name: 'doctor', label: 'Doctor' },
      { name: 'room', label: 'Room', type: 'number' },
      { name: 'title', label: 'Title' },
    ];
    renderWithProviders(
      <FormDialog open title="Date" schema={optional} defaultValues={{ birthday: 946_771_200, doctor: null, room: 3, title: 'x' }} fields={fields} onSubmit={onSubmit} onClose={() => undefined} />,
    );
    fireEvent.change(screen.getByLabelText('Birthday'), { target: { value: '' } });
    await userEvent.type(screen.getByLabelText('Doctor'), 'Lin');
    await userEvent.clear(screen.getByLabelText('Doctor'));
    await userEvent.clear(screen.getByLabelText('Room'));
    await userEvent.clear(screen.getByLabelText('Title'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ birthday: null, doctor: null, room: null, title: '' }));
  });
});


describe('<FormDialog> type-ahead pickers', () => {
  it('finds one member or several by typing part of their names', async () => {
    const schema = z.object({ member_id: z.number({ error: 'validation.required' }), member_ids: z.array(z.number()) });
    const members = [
      { value: 11, label: 'Mei Chen' },
      { value: 12, label: 'Wei Lin' },
      { value: 13, label: 'Ada Wong' },
    ];
    const onSubmit = vi.fn(async () => undefined);
    renderWithProviders(
      <FormDialog
        open
        title="Pick"
        schema={schema}
        defaultValues={{ member_ids: [] }}
        fields={[
          { name: 'member_id', label: 'Resident', kind: 'autocomplete', required: true, options: members },
          { name: 'member_ids', label: 'Members', kind: 'autocomplete', multiple: true, options: members },
        ]}
        onSubmit={onSubmit}
        onClose={() => undefined}
      />,
    );
    await userEvent.type(screen.getByRole('combobox', { name: /Resident/ }), 'lin');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Wei Lin']);
    await userEvent.click(screen.getByRole('option', { name: 'Wei Lin' }));
    const several = screen.getByRole('combobox', { name: 'Members' });
    await userEvent.type(several, 'wong');
    await userEvent.click(await screen.findByRole('option', { name: 'Ada Wong' }));
    await userEvent.type(several, 'mei');
    await userEvent.click(await screen.findByRole('option', { name: 'Mei Chen' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ member_id: 12, member_ids: [11, 13] }));
  });
});

describe('<FormDialog> files', () => {
  const schema = z.object({ title: z.string(), photos: attachments(2) });
  const photoFields: FormFieldSpec<z.input<typeof schema>>[] = [
    { name: 'title', label: 'Title' },
    {
      name: 'photos',
      label: 'Photos',
      kind: 'files',
      files: { upload: (file) => uploadFile('/file/diet', file), extensions: ['png', 'jpg', 'jpeg', 'webp'], maxCount: 2, maxSizeMB: 5 },
    },
  ];
  const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });

  it('uploads each chosen file at once, lists it as a removable chip, and saves the stored names', async () => {
    const api = mockApi();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let stored = 0;
    api.on('POST', '/file/diet', async (call) => {
      expect((call.body as FormData).get('file')).toBeInstanceOf(File);
      if (stored === 0) await held;
      stored += 1;
      return ok({ name: `${'a'.repeat(31)}${stored}.png` });
    });
    const onSubmit = vi.fn(async () => undefined);
    renderWithProviders(<FormDialog open title="Meal" schema={schema} defaultValues={{ title: '', photos: [] }} fields={photoFields} onSubmit={onSubmit} onClose={() => undefined} />);

    await userEvent.upload(screen.getByTestId('file-input'), png('lunch.png'));
    // The record must not be saved before the file's stored name has come back.
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
    release();
    expect(await screen.findByText('lunch.png')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(false);

    await userEvent.upload(screen.getByTestId('file-input'), png('dinner.png'));
    expect(await screen.findByText('dinner.png')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Remove lunch.png' }));
    expect(screen.queryByText('lunch.png')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ title: '', photos: [`${'a'.repeat(31)}2.png`] }));
    expect(api.callsTo('POST', '/file/diet')).toHaveLength(2);
  });

  it("shows the server's -5 reason under the field and keeps the list as it was", async () => {
    const api = mockApi();
    api.on('POST', '/file/diet', validationFailed([{ field: 'file', message: 'validation.invalidInput' }]));
    renderWithProviders(<FormDialog open title="Meal" schema={schema} defaultValues={{ title: '', photos: [] }} fields={photoFields} onSubmit={async () => undefined} onClose={() => undefined} />);
    await userEvent.upload(screen.getByTestId('file-input'), png('script.png'));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid input');
    expect(screen.queryByRole('listitem')).toBeNull();
  });

  it('refuses a type or size the field does not take before uploading', async () => {
    const api = mockApi();
    renderWithProviders(<FormDialog open title="Meal" schema={schema} defaultValues={{ title: '', photos: [] }} fields={photoFields} onSubmit={async () => undefined} onClose={() => undefined} />);
    await userEvent.upload(screen.getByTestId('file-input'), new File([new Uint8Array(6 * 1024 * 1024)], 'huge.png'));
    expect(screen.getByRole('alert').textContent).toBe('File size cannot exceed 5MB');
    expect(api.callsTo('POST', '/file/diet')).toHaveLength(0);
  });
});

describe('<FormDialog> closing', () => {
  const render = (onClose: () => void) =>
    renderWithProviders(
      <FormDialog open title="Edit profile" schema={personalUpdateRequest} defaultValues={{ name: 'Ada', phone: '', email: '' }} fields={fields} onSubmit={async () => undefined} onClose={onClose} />,
    );

  it('closes a clean dialog at once, by Cancel or Escape', async () => {
    const onClose = vi.fn();
    render(onClose);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(screen.queryByText('Discard unsaved changes?')).toBeNull();
  });

  it('asks before discarding changes: Keep editing keeps them, Discard closes', async () => {
    const onClose = vi.fn();
    render(onClose);
    await userEvent.type(screen.getByLabelText(/Name/), ' Lovelace');
    await userEvent.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard unsaved changes?' })).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByLabelText(/Name/) as HTMLInputElement).value).toBe('Ada Lovelace');

    await act(() => i18next.changeLanguage('zh-TW'));
    await userEvent.click(screen.getByRole('button', { name: '取消' }));
    const ask2 = await screen.findByRole('dialog', { name: '要捨棄未儲存的變更嗎？' });
    await userEvent.click(within(ask2).getByRole('button', { name: '捨棄' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
