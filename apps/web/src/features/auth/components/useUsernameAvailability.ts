import { type SignupValues, USERNAME_RE } from '@kiraya/contract';
import { type Control, useWatch } from 'react-hook-form';
import { useDebounced } from '../../../lib/useDebounced';
import { useUsernameCheck } from '../api/auth';

/** Whether the username typed at sign-up step 2 is free: checked on the server once typing pauses. */
export function useUsernameAvailability(control: Control<SignupValues>) {
  const username = (useWatch({ control, name: 'username' }) ?? '').trim();
  const debounced = useDebounced(username, 400);
  const checkable = debounced !== '' && USERNAME_RE.test(debounced);
  const check = useUsernameCheck(checkable ? debounced : '');
  const settled = username === debounced && checkable && check.data !== undefined && !check.isFetching;
  const taken = settled && check.data?.available === false;
  return {
    username,
    checkable,
    check,
    settled,
    taken,
    pending: checkable && !settled && !check.isError,
    message: check.data?.message ?? '',
  };
}

export type UsernameAvailability = ReturnType<typeof useUsernameAvailability>;
