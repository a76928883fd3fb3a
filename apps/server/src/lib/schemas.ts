import { Type } from '@sinclair/typebox';

/** The error answer of a route, by reference to the shared Error schema (`@it4u/shared/api`). */
export const ErrorRef = Type.Ref('Error');

/** The routes that need a bearer token, in the OpenAPI description. */
export const secured = [{ bearerAuth: [] }];

/** The id a body gives for a link: its `...Id` field, else the linked row it sends back (`{id}` or null). */
export function linkedId(
  id: number | null | undefined,
  ref: { id: number } | null | undefined,
): number | null | undefined {
  if (id !== undefined) return id;
  return ref === undefined ? undefined : (ref?.id ?? null);
}
