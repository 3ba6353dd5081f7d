import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { renderWithProviders } from '../../test/render.tsx';
import { DateRangePicker } from './DateRangePicker.tsx';
import type { DateRange, RangeLimit } from './date-range-rules.ts';

function Harness({ limit, initial }: { limit?: RangeLimit; initial: DateRange }) {
  const [range, setRange] = useState(initial);
  return <DateRangePicker value={range} onChange={setRange} limit={limit} />;
}

const today = dayjs().startOf('day');

describe('<DateRangePicker>', () => {
  it('resets an end before the start to the start day', () => {
    renderWithProviders(<Harness initial={{ start: today.subtract(3, 'day'), end: today }} />);
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: today.subtract(10, 'day').format('YYYY-MM-DD') } });
    expect((screen.getByLabelText('End date') as HTMLInputElement).value).toBe(today.subtract(3, 'day').format('YYYY-MM-DD'));
  });

  it('cuts a manual range to one week on the weekly variant', () => {
    renderWithProviders(<Harness limit="week" initial={{ start: today.subtract(20, 'day'), end: today.subtract(20, 'day') }} />);
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: today.format('YYYY-MM-DD') } });
    expect((screen.getByLabelText('End date') as HTMLInputElement).value).toBe(today.subtract(14, 'day').format('YYYY-MM-DD'));
  });

  it('has today and week quick buttons', async () => {
    renderWithProviders(<Harness initial={{ start: today.subtract(30, 'day'), end: today.subtract(29, 'day') }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Week' }));
    expect((screen.getByLabelText('Start date') as HTMLInputElement).value).toBe(today.subtract(6, 'day').format('YYYY-MM-DD'));
    await userEvent.click(screen.getByRole('button', { name: 'Today' }));
    expect((screen.getByLabelText('Start date') as HTMLInputElement).value).toBe(today.format('YYYY-MM-DD'));
    expect((screen.getByLabelText('End date') as HTMLInputElement).value).toBe(today.format('YYYY-MM-DD'));
  });
});
