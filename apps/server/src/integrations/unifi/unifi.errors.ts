import { AppError } from '../../lib/errors.ts';

/** The controller did not answer, refused the login, or answered with an error: 502 naming the controller. */
export class ControllerError extends AppError {
  constructor(
    message: string,
    readonly controllerMsg?: string,
  ) {
    super(502, message);
  }
}

/** The controller did not answer in time: 504. */
export class ControllerTimeoutError extends AppError {
  constructor(message: string) {
    super(504, message);
  }
}
