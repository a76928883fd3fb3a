import { type ApiErrorCode, apiErrorText, type ErrorParams } from '@it4u/shared';
import { type ControllerConfig, createUnifiClient } from '../../integrations/unifi/unifi.client.ts';
import { AppError } from '../../lib/errors.ts';

/** What a controller check found, as a code the web app translates, its parameters and the English text. */
export type ControllerOutcome = {
  ok: boolean;
  code: ApiErrorCode;
  params?: ErrorParams;
  message: string;
  /** the controller's address: for staff only */
  controller?: string;
};

export function outcome(ok: boolean, code: ApiErrorCode, params?: ErrorParams, controller?: string): ControllerOutcome {
  return {
    ok,
    code,
    ...(params ? { params } : {}),
    message: apiErrorText(code, params),
    ...(controller ? { controller } : {}),
  };
}

/** A failed controller call as an outcome. */
export function failedOutcome(err: unknown, controller?: string): ControllerOutcome {
  if (err instanceof AppError) return outcome(false, err.code, err.params, controller);
  return outcome(false, 'controllerUnreachable', { reason: (err as Error).message }, controller);
}

/** Signs in to a controller on a client of its own (closed after): what to tell the administrator. */
export async function signInTo(config: ControllerConfig): Promise<ControllerOutcome> {
  const client = createUnifiClient({ ...config, timeoutMs: Math.min(config.timeoutMs ?? 8_000, 8_000) });
  try {
    const { flavor } = await client.check();
    return outcome(true, 'controllerSignedIn', { flavor }, client.url);
  } catch (err) {
    return failedOutcome(err, client.url);
  } finally {
    await client.close();
  }
}
