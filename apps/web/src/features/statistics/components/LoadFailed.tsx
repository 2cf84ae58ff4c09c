import { MSG } from '@kiraya/contract/messages';
import type { ReactNode } from 'react';
import { errorMessage } from '../../../lib/api';

/** A statistics page whose data could not be loaded: its heading, then the server's message or the fallback. */
export function LoadFailed({ heading, error }: { heading: ReactNode; error: unknown }) {
  return (
    <>
      {heading}
      <p role="alert" className="text-red-700">
        {errorMessage(error) || MSG.statisticsFetchFailed}
      </p>
    </>
  );
}
