import { DemoLeftSchema, DemoRemovedSchema } from '../api/demo.ts';
import { defineRoutes } from '../contract.ts';

/** Leaving the demo: what it made, and removing it once a real controller is in use. */
export const demoRoutes = defineRoutes('parameters', {
  'GET /it4u/demo': {
    access: 'parameters',
    summary:
      "What the demo made that is still there: its sites (on no controller), its DEMO-… customers, its routers' WAN history (ROLE_ADMIN only)",
    response: DemoLeftSchema,
  },
  'DELETE /it4u/demo': {
    access: 'parameters',
    audit: 'demo.removed',
    summary:
      "Removes what the demo made, in one step, audited; 409 while the demo controller is in use, or when a register still names the demo's customers",
    response: DemoRemovedSchema,
    errors: [409],
  },
});
