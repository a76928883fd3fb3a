import { MessageSchema } from '../api/common.ts';
import { PasswordResetBody, PasswordResetRequestBody, ResetAvailabilitySchema } from '../api/mail.ts';
import {
  RefreshAnswerSchema,
  RefreshBody,
  SigninAnswerSchema,
  SigninBody,
  SignupBody,
  UserRowSchema,
} from '../api/users.ts';
import { defineRoutes } from '../contract.ts';

/** Signing in and out, the tokens, the forgotten password, and the user administrators' sign-up. */
export const authRoutes = defineRoutes('auth', {
  'GET /auth/forgotPassword': {
    access: 'public',
    summary: 'Whether reset mails can go out (the mail settings are there)',
    response: ResetAvailabilitySchema,
  },
  'POST /auth/forgotPassword': {
    access: 'public',
    audit: 'password.reset.request',
    summary:
      "Mail a password-reset link (valid 30 minutes, once) to the address if it is a user's; the same answer either way",
    body: PasswordResetRequestBody,
    response: MessageSchema,
    status: 202,
    errors: [429, 503],
  },
  'POST /auth/resetPassword': {
    access: 'public',
    audit: 'password.reset',
    summary: "Set a new password with a reset link's token; every session of the user ends",
    body: PasswordResetBody,
    response: MessageSchema,
    errors: [429],
  },
  'POST /auth/signin': {
    access: 'public',
    audit: 'signin.',
    summary: 'Sign in with a username or e-mail and a password; changePw says the password must be changed first',
    body: SigninBody,
    response: SigninAnswerSchema,
    errors: [401, 403, 429],
  },
  'POST /auth/refresh': {
    access: 'public',
    audit: { none: 'a session renewed: the session keeps when; a refresh token used twice is audited' },
    summary:
      'Trade a refresh token for new tokens (the old refresh token stops working): in the body (answered in the body), or the HttpOnly cookie set at sign-in with the X-IT4U-Refresh header (answered as a new cookie)',
    body: RefreshBody,
    response: RefreshAnswerSchema,
    errors: [401],
  },
  'POST /auth/logout': {
    access: 'signedIn',
    audit: 'session.logout',
    summary: "End the caller's session",
    response: MessageSchema,
  },
  'POST /auth/signup': {
    access: 'userAdmin',
    audit: 'user.create',
    summary: 'Create a user (user administrators only)',
    body: SignupBody,
    response: UserRowSchema,
    status: 201,
    errors: [409],
  },
});
