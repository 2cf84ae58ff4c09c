import { PageHeading } from './PageHeading';

/** A screen whose capability arrives with a later issue: a plain heading until then. */
export function Placeholder({ title }: { title: string }) {
  return <PageHeading title={title} />;
}
