import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useFieldArray, useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../lib/api';
import { TextField } from './FormField';
import { applyServerErrors, contractResolver, filtered } from './form';

afterEach(cleanup);

type Bills = { note: string; bills: { label: string; amount: string }[] };
const schema = z.object({
  note: z.string(),
  bills: z.array(z.object({ label: z.string().trim().min(1, 'Name the bill.'), amount: z.string().regex(/^\d+$/, 'Amount in rupees.') })),
});

/** Rows of bills: the shape the billing forms will take (useFieldArray over the shared field components). */
function BillsForm({ serverError }: { serverError?: unknown }) {
  const { register, control, handleSubmit, setError, formState } = useForm<Bills>({
    resolver: contractResolver<Bills>(schema),
    defaultValues: { note: '', bills: [{ label: 'Rent', amount: '8500' }] },
  });
  const { fields, append } = useFieldArray({ control, name: 'bills' });
  const errors = formState.errors;
  return (
    <form
      noValidate
      onSubmit={handleSubmit(() => {
        if (serverError) applyServerErrors(serverError, setError, ['note', 'bills']);
      })}
    >
      {fields.map((f, i) => (
        <div key={f.id}>
          <TextField label={`Bill ${i + 1}`} error={errors.bills?.[i]?.label?.message} {...register(`bills.${i}.label`)} />
          <TextField
            label={`Amount ${i + 1}`}
            error={errors.bills?.[i]?.amount?.message}
            {...filtered(register(`bills.${i}.amount`), (v) => v.replace(/\D/g, ''))}
          />
        </div>
      ))}
      <TextField label="Note" error={errors.note?.message} {...register('note')} />
      <button type="button" onClick={() => append({ label: '', amount: '' })}>
        Add bill
      </button>
      <button type="submit">Save</button>
    </form>
  );
}

describe('form helpers', () => {
  it('field components work inside a field array: labels, filtering, and errors tied to each row', async () => {
    const user = userEvent.setup();
    render(<BillsForm />);
    await user.click(screen.getByRole('button', { name: 'Add bill' }));
    await user.type(screen.getByLabelText('Amount 2'), '12a3');
    expect(screen.getByLabelText('Amount 2')).toHaveValue('123');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const label2 = await screen.findByLabelText('Bill 2');
    expect(label2).toHaveAttribute('aria-invalid', 'true');
    expect(label2).toHaveAccessibleDescription('Name the bill.');
    expect(screen.getByLabelText('Bill 1')).not.toHaveAttribute('aria-invalid');
  });

  it('puts the API envelope field errors on their fields, row paths included, and skips unknown paths', async () => {
    const user = userEvent.setup();
    const err = new ApiError(400, 'Some of the information is not valid.', [
      { path: 'bills.0.amount', message: 'Amount must be more than ₹0.' },
      { path: 'note', message: 'Note is too long.' },
      { path: 'somethingElse', message: 'Not a field of this form.' },
    ]);
    render(<BillsForm serverError={err} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByLabelText('Amount 1')).toHaveAccessibleDescription('Amount must be more than ₹0.');
    expect(screen.getByLabelText('Note')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Note')).toHaveAccessibleDescription('Note is too long.');
    expect(screen.queryByText('Not a field of this form.')).not.toBeInTheDocument();
    // The first field named gets the focus.
    expect(screen.getByLabelText('Amount 1')).toHaveFocus();
  });

  it('answers nothing for an error that is not an API error', () => {
    expect(applyServerErrors(new Error('x'), () => {}, ['note'])).toBeUndefined();
  });
});
