import { type CronProblem, cronProblem, nextRuns, OPERATOR_TIME_ZONE } from '@it4u/shared';
import type { TFunction } from 'i18next';

/** What is wrong with a schedule, in the reader's language (the field named in it too); null when it is right. */
export function scheduleProblemText(t: TFunction, expression: string): string | null {
  const problem: CronProblem | null = cronProblem(expression);
  if (!problem) return null;
  const params =
    problem.params && 'field' in problem.params
      ? { ...problem.params, field: t(`mailer.cronFields.${problem.params.field}`) }
      : problem.params;
  return t(`apiErrors.${problem.code}`, { ...params, interpolation: { escapeValue: false } });
}

/** The viewer's time zone (the browser's). */
export const viewerTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The next runs of a right schedule, each said in the operator's time zone and in the viewer's (the browser's). */
export function upcomingRuns(
  expression: string,
  from: number,
  locale: string,
  { count = 5, viewerZone = viewerTimeZone() }: { count?: number; viewerZone?: string } = {},
) {
  if (cronProblem(expression)) return [];
  const format = (timeZone: string) =>
    new Intl.DateTimeFormat(locale, {
      timeZone,
      weekday: 'short',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    });
  const operator = format(OPERATOR_TIME_ZONE);
  const viewer = format(viewerZone);
  return nextRuns(expression, from, count).map((at) => ({
    at,
    operator: operator.format(at),
    viewer: viewer.format(at),
  }));
}
