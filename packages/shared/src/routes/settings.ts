import {
  ControllerInfoSchema,
  MetricsTokenSchema,
  ParametersBody,
  ParametersSchema,
  SavedParametersSchema,
  SessionCheckSchema,
} from '../api/parameters.ts';
import { defineRoutes } from '../contract.ts';

/** The system parameters (the controller, the terminal, the device token), the metrics token and the controller session. */
export const settingsRoutes = defineRoutes('parameters', {
  'GET /it4u/systemConfig': {
    access: 'parameters',
    summary: 'System parameters; stored secrets come back as ******** (ROLE_ADMIN only)',
    response: ParametersSchema,
  },
  'PUT /it4u/systemConfig': {
    access: 'parameters',
    audit: 'settings.parameters',
    summary:
      'Save the system parameters, then test the controller login. With no controller address (the demo controller) its user and password may be empty; with one, both are needed (400). The shared device token (tokenDev) is needed while it is accepted (tokenDevEnabled), else it may be empty or left out (400 otherwise). A secret sent back as ******** keeps its stored value, except the controller password when the address or user changes (400: type it again).',
    body: ParametersBody,
    response: SavedParametersSchema,
  },
  'GET /it4u/metricsToken': {
    access: 'parameters',
    summary:
      'The token GET /metrics asks for: the generated one in clear, METRICS_TOKEN (source env, not shown), or none (then /metrics answers only loopback) (ROLE_ADMIN only)',
    response: MetricsTokenSchema,
  },
  'POST /it4u/metricsToken': {
    access: 'parameters',
    audit: 'settings.metricsToken',
    summary:
      'Generate a new metrics token (the one before stops working); 409 when METRICS_TOKEN is set (ROLE_ADMIN only)',
    response: MetricsTokenSchema,
    errors: [409],
  },
  'GET /it4u/controller': {
    access: 'signedIn',
    summary: 'Which controller the console uses: a configured one, or the demo controller',
    response: ControllerInfoSchema,
    tag: 'unifi',
  },
  'GET /it4u/checkCookiesUbnt': {
    access: 'signedIn',
    summary: 'Whether the controller session is alive (logs in again when it is not); the address for staff only',
    response: SessionCheckSchema,
    tag: 'unifi',
  },
});
