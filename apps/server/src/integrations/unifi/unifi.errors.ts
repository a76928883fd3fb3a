import type { ApiErrorCode } from '@it4u/shared';
import { UnavailableError } from '../../lib/errors.ts';

/**
 * The controller cannot be reached, refused the login, or answered with an error: 502. Its address goes in
 * `details.controller`, which only staff receive (plugins/errors.ts).
 */
export class ControllerError extends UnavailableError {
  constructor(
    code: ApiErrorCode,
    controller: string,
    readonly controllerMsg?: string,
  ) {
    super(502, code, { reason: controllerMsg ?? '' }, { controller });
  }
}

/** The controller did not answer in time: 504. */
export class ControllerTimeoutError extends UnavailableError {
  constructor(controller: string, seconds: number) {
    super(504, 'controllerTimeout', { seconds }, { controller });
  }
}
