import { IdParams, MessageSchema } from '../api/common.ts';
import {
  CloudConsoleListSchema,
  ControllerBody,
  ControllerListSchema,
  ControllerStateSchema,
  SavedControllerSchema,
  SiteManagerBody,
} from '../api/controllers.ts';
import { defineRoutes, READ } from '../contract.ts';

/** The UniFi controllers the console reads (the Parameter tab): each site belongs to the controller that has it. */
export const controllersRoutes = defineRoutes('parameters', {
  'GET /it4u/controllers': {
    access: 'parameters',
    summary:
      'The controllers, first first, each with its state (reachable, version, latency, sites, last error), checked at most once in 30 s; secrets masked (ROLE_ADMIN only)',
    response: ControllerListSchema,
  },
  'POST /it4u/controllers': {
    access: 'parameters',
    audit: 'controller.create',
    summary: 'Add a controller (account or API key), then sign in to it; 409 when its address is taken',
    body: ControllerBody,
    response: SavedControllerSchema,
    status: 201,
    errors: [409],
  },
  'PUT /it4u/controllers/:id': {
    access: 'parameters',
    audit: 'controller.update',
    summary:
      'Change a controller, then sign in to it. A stored password or API key sent back as ******** is kept, unless the address, the account or the TLS check changed (400: type it again)',
    params: IdParams,
    body: ControllerBody,
    response: SavedControllerSchema,
    errors: [404, 409],
  },
  'DELETE /it4u/controllers/:id': {
    access: 'parameters',
    audit: 'controller.delete',
    summary: 'Remove a controller; its sites stay, read from the first controller until a sync finds them elsewhere',
    params: IdParams,
    response: MessageSchema,
    errors: [404],
  },
  'POST /it4u/controllers/cloud-consoles': {
    access: 'parameters',
    audit: READ,
    summary:
      "The UniFi OS consoles a Site Manager key reaches (Ubiquiti's cloud, for consoles behind NAT), each with its address through the connector and the controller that reads it already; a console is added as a controller with that address and the key. Site Manager's refusal (key, rate limit, address) is `failure`, with no consoles; the key goes only to the address given",
    body: SiteManagerBody,
    response: CloudConsoleListSchema,
  },
  'POST /it4u/controllers/:id/check': {
    access: 'parameters',
    audit: { none: "a check: its result is the controller's state, not a setting" },
    summary: 'Check a controller now: sign in, count its sites, read its version and the time it took',
    params: IdParams,
    response: ControllerStateSchema,
    errors: [404],
  },
});
