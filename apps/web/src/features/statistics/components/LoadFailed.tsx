import { MSG } from '@kiraya/contract/messages';
import type { ReactNode } from 'react';
import { errorMessage } from '../../../lib/api';
import { useMsg } from '../../../lib/useMsg';

/** A statistics page whose data could not be loaded: its heading, then the server's message or the fallback. */
export function LoadFailed({ heading, error }: { heading: ReactNode; error: unknown }) {
  const msg = useMsg();
  return (
    <>
      {heading}
      <p role="alert" className="text-red-700">
        {msg(errorMessage(error) || MSG.statisticsFetchFailed)}
      </p>
    </>
  );
}
