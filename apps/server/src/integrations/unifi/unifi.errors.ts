import type { ApiErrorCode, ErrorParams } from '@it4u/shared';
import { UnavailableError } from '../../lib/errors.ts';

/**
 * The controller cannot be reached, refused the login, or answered with an error: 502 (503 when it is busy). Its
 * address goes in `details.controller`, which only staff receive (plugins/errors.ts).
 */
export class ControllerError extends UnavailableError {
  constructor(
    code: ApiErrorCode,
    controller: string,
    readonly controllerMsg?: string,
    statusCode: 502 | 503 = 502,
    params: ErrorParams = { reason: controllerMsg ?? '' },
  ) {
    super(statusCode, code, params, { controller });
  }
}

/** The controller still refused a call with 429 or 503 after the retries: 503, with the seconds it asked to wait. */
export class ControllerBusyError extends ControllerError {
  constructor(controller: string, seconds: number, httpStatus: number) {
    super('controllerBusy', controller, `HTTP ${httpStatus}`, 503, { seconds });
  }
}

/** The controller did not answer in time, or is cooling down after it did not: 504. */
export class ControllerTimeoutError extends UnavailableError {
  constructor(controller: string, seconds: number) {
    super(504, 'controllerTimeout', { seconds }, { controller });
  }
}
