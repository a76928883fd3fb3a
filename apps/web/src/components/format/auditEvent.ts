import { auditAreaOf } from '@it4u/shared';
import type { TFunction } from 'i18next';

/** An audit event in the reader's words ("Contract changed"), its code when it has no words yet. */
export const auditEventLabel = (t: TFunction, event: string): string =>
  t(`audit.events.${event.replaceAll('.', '_')}`, { defaultValue: event });

/** The area of an audit event in the reader's words ("Contracts"), its code when it belongs to none. */
export function auditAreaLabel(t: TFunction, event: string): string {
  const area = auditAreaOf(event);
  return area ? t(`audit.areas.${area}`) : event;
}
