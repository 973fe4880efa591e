import { render, screen } from '@testing-library/react';
import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { AppProviders } from '../../src/ui/AppProviders';

describe('antd speaks French under AppProviders', () => {
  it('names a date field’s clear button « Effacer » (fr_FR says « Rétablir », which reads as “restore”)', () => {
    render(
      <AppProviders>
        <DatePicker.RangePicker aria-label="Dates" value={[dayjs('2026-12-01'), dayjs('2026-12-05')]} />
        <DatePicker aria-label="Jour" value={dayjs('2026-12-01')} />
      </AppProviders>,
    );
    expect(screen.getAllByRole('button', { name: 'Effacer' })).toHaveLength(2);
    expect(screen.queryByLabelText('Rétablir')).not.toBeInTheDocument();
  });
});
