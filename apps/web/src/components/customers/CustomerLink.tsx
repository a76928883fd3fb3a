import { Link } from 'react-router';

/** A customer named where a register shows them: a link to their page when their contract is known. */
export function CustomerLink({ id, name }: { id: number | null | undefined; name: string | null | undefined }) {
  if (!name) return <>—</>;
  return id ? <Link to={`/customers/${id}`}>{name}</Link> : name;
}
