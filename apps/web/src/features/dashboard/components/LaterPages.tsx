import { useLocation } from 'react-router-dom';
import { Placeholder } from '../../../components/Placeholder';

const TITLES: Record<string, string> = {
  Statistics: 'Statistics',
  Billings: 'Billings',
  PayBill: 'Pay Bill',
  Messages: 'Messages',
};

/** Screens whose capabilities come with later issues show their heading only. */
export function LaterPage() {
  const seg = useLocation().pathname.split('/')[2] ?? '';
  return <Placeholder title={TITLES[seg] ?? seg} />;
}
