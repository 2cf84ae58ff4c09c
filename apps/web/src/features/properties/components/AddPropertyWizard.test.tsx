import { toast as sonnerToast } from 'sonner';
import '@testing-library/jest-dom/vitest';
import { MSG } from '@kiraya/contract/messages';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockFetch, pngFile, renderAt } from '../../../test/support';
import { AddPropertyWizard } from './AddPropertyWizard';

// sonner's toast is a spy in every test file (src/test/setup.ts).
const toast = vi.mocked(sonnerToast, true);

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:x');
  URL.revokeObjectURL = vi.fn();
  toast.success.mockReset();
  toast.error.mockReset();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function fillToStep4(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/Property Name/), 'Green Nest');
  await user.type(screen.getByLabelText(/Amenities/), 'WiFi, Parking');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await user.type(screen.getByLabelText(/Street/), '5 Hill Road');
  await user.type(screen.getByLabelText(/^City/), 'Pune');
  await user.type(screen.getByLabelText(/^State/), 'Maharashtra');
  await user.type(screen.getByLabelText(/Pincode/), '411001');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await user.click(screen.getByRole('button', { name: 'Villa' }));
  await user.type(screen.getByLabelText(/Property Description/), 'Quiet villa');
  await user.click(screen.getByRole('button', { name: 'Next' }));
}

describe('AddPropertyWizard', { timeout: 20_000 }, () => {
  it('moves on only from a valid step, with the step messages', async () => {
    const user = userEvent.setup();
    mockFetch(() => undefined);
    renderAt(<AddPropertyWizard open onOpenChange={() => {}} />);
    expect(screen.getByText(/Step 1 of 4/)).toHaveTextContent('Basic Details');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.propertyStepRequired);
    // Said once in the summary; each missing field says its own name at the field.
    expect(screen.getAllByText(MSG.propertyStepRequired)).toHaveLength(1);
    expect(screen.getByLabelText(/Property Name/)).toHaveAttribute('aria-invalid', 'true');
    expect(await screen.findByText('Property Name is required.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Property Name/)).toHaveAccessibleDescription(/Property Name is required\./);
    expect(screen.getByText('Amenities is required.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Property Name/), 'Green Nest');
    await user.type(screen.getByLabelText(/Amenities/), ' , ');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.propertyStepRequired);
    await user.clear(screen.getByLabelText(/Amenities/));
    await user.type(screen.getByLabelText(/Amenities/), 'WiFi');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(screen.getByText(/Step 2 of 4/)).toHaveTextContent('Address Details');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.propertyStepRequired);
    await user.type(screen.getByLabelText(/Street/), '5 Hill Road');
    await user.type(screen.getByLabelText(/^City/), 'Pune');
    await user.type(screen.getByLabelText(/^State/), 'MH');
    await user.type(screen.getByLabelText(/Pincode/), '41ab1');
    expect(screen.getByLabelText(/Pincode/)).toHaveValue('411');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.pincodeFormat);
    await user.type(screen.getByLabelText(/Pincode/), '001');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(screen.getByText(/Step 3 of 4/)).toHaveTextContent('Property Details');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.propertyTypeRequired);
    const villa = screen.getByRole('button', { name: 'Villa' });
    await user.click(villa);
    expect(villa).toHaveAttribute('aria-pressed', 'true');
    await user.type(screen.getByLabelText(/Property Description/), 'Quiet villa');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText(/Street/)).toHaveValue('5 Hill Road');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText(/Step 4 of 4/)).toBeInTheDocument();
    expect(screen.getByText(MSG.imageRequired)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
  });

  it('submits the fields and images as multipart, then closes with the success toast', async () => {
    const user = userEvent.setup();
    let body: FormData | undefined;
    mockFetch((url, init) => {
      if (url.pathname.endsWith('/properties/add-new-property')) {
        body = init?.body as FormData;
        return { status: 201, body: { statusCode: 201, data: {}, message: 'ok', success: true } };
      }
      return undefined;
    });
    const onOpenChange = vi.fn();
    renderAt(<AddPropertyWizard open onOpenChange={onOpenChange} />);
    await fillToStep4(user);
    await user.upload(document.querySelector('input[type=file]') as HTMLInputElement, [pngFile('a.png'), pngFile('b.png')]);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(toast.success).toHaveBeenCalledWith(MSG.propertySubmitted);
    expect(body?.get('title')).toBe('Green Nest');
    expect(body?.get('amenities')).toBe('WiFi, Parking');
    expect(body?.get('propertyType')).toBe('Villa');
    expect(body?.get('pincode')).toBe('411001');
    expect(body?.getAll('propertyImages')).toHaveLength(2);
  });

  it('reports a failed create with the server message', async () => {
    const user = userEvent.setup();
    mockFetch((url) => (url.pathname.endsWith('/add-new-property') ? fail(400, 'Pincode must be a 6-digit number.') : undefined));
    renderAt(<AddPropertyWizard open onOpenChange={() => {}} />);
    await fillToStep4(user);
    await user.upload(document.querySelector('input[type=file]') as HTMLInputElement, pngFile());
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to add new property: Pincode must be a 6-digit number.'));
  });

  it('sends one Idempotency-Key per submission: the same for two clicks at once and for a retry', async () => {
    const user = userEvent.setup();
    const keys: (string | null)[] = [];
    let answer = fail(500, 'Something went wrong');
    mockFetch((url, init) => {
      if (!url.pathname.endsWith('/add-new-property')) return undefined;
      keys.push(new Headers(init?.headers).get('Idempotency-Key'));
      return answer;
    });
    const onOpenChange = vi.fn();
    renderAt(<AddPropertyWizard open onOpenChange={onOpenChange} />);
    await fillToStep4(user);
    await user.upload(document.querySelector('input[type=file]') as HTMLInputElement, pngFile());
    const submit = screen.getByRole('button', { name: 'Submit' });
    fireEvent.click(submit);
    fireEvent.click(submit);
    await waitFor(() => expect(keys).toHaveLength(2));
    await waitFor(() => expect(toast.error).toHaveBeenCalled());
    answer = { status: 201, body: { statusCode: 201, data: {}, message: 'ok', success: true } };
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(keys).size).toBe(1);
  });
});
