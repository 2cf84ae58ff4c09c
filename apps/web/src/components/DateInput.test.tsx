import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DateField, DateInput } from './DateInput';

afterEach(cleanup);

type Values = { billDate: string; dueDate: string };

function Form({ onSubmit }: { onSubmit: (v: Values) => void }) {
  const { register, handleSubmit, setValue } = useForm<Values>({ defaultValues: { billDate: '2026-11-01', dueDate: '' } });
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)}>
      <DateField label="Bill Date" required {...register('billDate')} />
      <DateField label="Due Date" hint="Defaults to 10 days after the bill date" {...register('dueDate')} />
      <button type="button" onClick={() => setValue('dueDate', '2026-12-25')}>
        Christmas
      </button>
      <button type="submit">Save</button>
    </form>
  );
}

describe('DateInput (B25: DD/MM/YYYY on screen, YYYY-MM-DD for the API)', () => {
  it('shows react-hook-form values as DD/MM/YYYY and gives back YYYY-MM-DD', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<Form onSubmit={onSubmit} />);
    const bill = screen.getByRole('textbox', { name: /^Bill Date/ });
    expect(bill).toHaveValue('01/11/2026');
    expect(bill).toHaveAttribute('placeholder', 'DD/MM/YYYY');
    expect(bill).toHaveAccessibleDescription('DD/MM/YYYY');
    expect(screen.getByRole('textbox', { name: /^Due Date/ })).toHaveAccessibleDescription(
      'DD/MM/YYYY. Defaults to 10 days after the bill date',
    );

    await user.clear(bill);
    await user.type(bill, '05032026');
    expect(bill).toHaveValue('05/03/2026');
    await user.click(screen.getByRole('button', { name: 'Christmas' }));
    expect(screen.getByRole('textbox', { name: /^Due Date/ })).toHaveValue('25/12/2026');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenLastCalledWith({ billDate: '2026-03-05', dueDate: '2026-12-25' }, expect.anything());
  });

  it('accepts 1/6/2025 as typed, tidies it on leaving, and keeps an impossible day as typed for validation to refuse', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<Form onSubmit={onSubmit} />);
    const bill = screen.getByRole('textbox', { name: /^Bill Date/ });
    await user.clear(bill);
    await user.type(bill, '1/6/2025');
    await user.tab();
    expect(bill).toHaveValue('01/06/2025');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenLastCalledWith(expect.objectContaining({ billDate: '2025-06-01' }), expect.anything());

    await user.clear(bill);
    await user.type(bill, '31/02/2026');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenLastCalledWith(expect.objectContaining({ billDate: '31/02/2026' }), expect.anything());
  });

  it('has a calendar button that opens the browser picker, whose choice shows as DD/MM/YYYY', async () => {
    const user = userEvent.setup();
    const changes: string[] = [];
    function Controlled() {
      const [value, setValue] = useState('');
      return (
        <DateInput
          name="moveOutDate"
          value={value}
          min="2026-01-01"
          max="2026-12-31"
          pickerLabel="Choose Move-out date from a calendar"
          onChange={(e) => {
            changes.push(e.target.value);
            setValue(e.target.value);
          }}
        />
      );
    }
    render(<Controlled />);
    const picker = screen.getByTestId('moveOutDate-picker') as HTMLInputElement;
    const showPicker = vi.fn();
    picker.showPicker = showPicker;
    await user.click(screen.getByRole('button', { name: 'Choose Move-out date from a calendar' }));
    expect(showPicker).toHaveBeenCalled();
    expect(picker).toHaveAttribute('min', '2026-01-01');
    fireEvent.change(picker, { target: { value: '2026-09-06' } });
    expect(screen.getByRole('textbox')).toHaveValue('06/09/2026');
    expect(changes).toEqual(['2026-09-06']);
  });
});
