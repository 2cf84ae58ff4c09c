import { toast as sonnerToast } from 'sonner';
import '@testing-library/jest-dom/vitest';
import { roomSteps } from '@kiraya/contract';
import { MSG } from '@kiraya/contract/messages';
import { act, cleanup, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkStep } from '../../../components/FormField';
import { useWizardForm } from '../../../components/form';
import { fail, mockFetch, pngFile, renderAt } from '../../../test/support';
import { AddRoomWizard } from './AddRoomWizard';

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

const next = (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Next' }));

async function fillAll(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/Room Number/), '101');
  await user.type(screen.getByLabelText(/Room Type/), '1bhk');
  await next(user);
  await user.selectOptions(screen.getByLabelText(/Tenant Type/), 'All');
  await user.type(screen.getByLabelText(/Floor/), '2');
  await next(user);
  await user.type(screen.getByLabelText(/Allowed Members/), '3');
  await next(user);
  await user.click(screen.getByLabelText('Furnished'));
  await user.click(screen.getByLabelText('Not Attached'));
  await next(user);
  await user.type(screen.getByLabelText(/^Description/), 'Corner room');
  await user.type(screen.getByLabelText(/Rent Amount/), '8500');
  await next(user);
}

describe('AddRoomWizard', { timeout: 20_000 }, () => {
  it('keeps the step counter within 1..6', async () => {
    const { result } = renderHook(() => useWizardForm({ total: 6, steps: Array(6).fill(undefined), defaultValues: {} }));
    act(() => result.current.back());
    expect(result.current.step).toBe(1);
    for (let i = 0; i < 8; i++) await act(() => result.current.next());
    expect(result.current.step).toBe(6);
  });

  it('refuses an unknown tenant type with the spec message, and accepts All as Both', () => {
    expect(checkStep(roomSteps[1], { tenantType: 'Couple', floor: '1' })?.message).toBe(MSG.tenantTypeInvalid);
    expect(checkStep(roomSteps[1], { tenantType: 'Both', floor: '1' })).toBeNull();
  });

  it('moves on only from a valid step with "All fields are required"', async () => {
    const user = userEvent.setup();
    mockFetch(() => undefined);
    renderAt(<AddRoomWizard propertyId="p1" open onOpenChange={() => {}} />);
    for (const [n, fill] of [
      [
        1,
        async () => {
          await user.type(screen.getByLabelText(/Room Number/), '101');
          await user.type(screen.getByLabelText(/Room Type/), '1bhk');
        },
      ],
      [
        2,
        async () => {
          await user.selectOptions(screen.getByLabelText(/Tenant Type/), 'All');
          expect(screen.getByLabelText(/Tenant Type/)).toHaveValue('Both');
          await user.type(screen.getByLabelText(/Floor/), '0');
        },
      ],
      [3, () => user.type(screen.getByLabelText(/Allowed Members/), '2')],
      [
        4,
        async () => {
          await user.click(screen.getByLabelText('Unfurnished'));
          await user.click(screen.getByLabelText('Attached'));
        },
      ],
      [
        5,
        async () => {
          await user.type(screen.getByLabelText(/^Description/), 'Corner room');
          await user.type(screen.getByLabelText(/Rent Amount/), '9000');
        },
      ],
    ] as const) {
      expect(screen.getByText(new RegExp(`Step ${n} of 6`))).toBeInTheDocument();
      await next(user);
      expect(screen.getByRole('alert')).toHaveTextContent(MSG.roomStepRequired);
      await fill();
      await next(user);
    }
    expect(screen.getByText(/Step 6 of 6/)).toHaveTextContent('Room Images');
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText(/Rent Amount/)).toHaveValue('9000');
  });

  it('submits multipart fields with tenantType Both and the booleans, then toasts', async () => {
    const user = userEvent.setup();
    let body: FormData | undefined;
    mockFetch((url, init) => {
      if (url.pathname.endsWith('/rooms/new-room')) {
        body = init?.body as FormData;
        return { status: 201, body: { statusCode: 201, data: {}, message: 'ok', success: true } };
      }
      return undefined;
    });
    const onOpenChange = vi.fn();
    renderAt(<AddRoomWizard propertyId="p1" open onOpenChange={onOpenChange} />);
    await fillAll(user);
    await user.upload(document.querySelector('input[type=file]') as HTMLInputElement, pngFile());
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(toast.success).toHaveBeenCalledWith(MSG.roomSubmitted);
    expect(Object.fromEntries([...(body?.entries() ?? [])].filter(([k]) => k !== 'roomImages'))).toEqual({
      roomNumber: '101',
      roomType: '1bhk',
      tenantType: 'Both',
      floor: '2',
      maxOccupancy: '3',
      isFurnitured: 'true',
      hasAttachedBath: 'false',
      description: 'Corner room',
      rentAmount: '8500',
      propertyId: 'p1',
    });
    expect(body?.getAll('roomImages')).toHaveLength(1);
  });

  it('reports a failed create with the server message', async () => {
    const user = userEvent.setup();
    mockFetch((url) => (url.pathname.endsWith('/rooms/new-room') ? fail(409, MSG.roomNumberTaken) : undefined));
    renderAt(<AddRoomWizard propertyId="p1" open onOpenChange={() => {}} />);
    await fillAll(user);
    await user.upload(document.querySelector('input[type=file]') as HTMLInputElement, pngFile());
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(`Failed to add new room: ${MSG.roomNumberTaken}`));
  });
});
