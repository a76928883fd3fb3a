import { BackupRunSchema, BackupsSchema } from '../api/backups.ts';
import { defineRoutes } from '../contract.ts';

/** The console's own backups, as administrators see them (restores are made from the command line). */
export const backupsRoutes = defineRoutes('parameters', {
  'GET /it4u/backups': {
    access: 'parameters',
    summary: 'The backup schedule and the latest backups, newest first, each with how it ended (ROLE_ADMIN only)',
    response: BackupsSchema,
  },
  'POST /it4u/backups': {
    access: 'parameters',
    audit: 'backup.asked',
    summary:
      'Back up now: answers at once with the backup started (202), which the list shows until it ends; 409 while another runs, 429 within a minute of the last',
    response: BackupRunSchema,
    status: 202,
    errors: [409, 429],
  },
});
