/** The demo logins `npm start` seeds and prints. Demo only: never seeded unless the database is empty. */
export const DEMO_LOGINS = [
  { role: 'superuser', email: 'admin@producthub.example', password: 'Admin-Demo-2026' },
  {
    role: 'manufacturer',
    manufacturer: 'Aurora Audio',
    email: 'staff@aurora-audio.example',
    password: 'Aurora-Demo-2026',
  },
  {
    role: 'manufacturer',
    manufacturer: 'Nimbus Instruments',
    email: 'staff@nimbus-instruments.example',
    password: 'Nimbus-Demo-2026',
  },
] as const;

/**
 * A customer (end user) of each demo manufacturer to try the customer portal with: `npm start` prints them beside
 * the portals' addresses. Aurora's owns licences the demo activated on machines (client-activity.ts).
 */
export const DEMO_PORTAL_CUSTOMERS = [
  { manufacturer: 'Aurora Audio', email: 'user37@aurora.listener.example' },
  { manufacturer: 'Nimbus Instruments', email: 'user05@nimbus.player.example' },
] as const;

/**
 * A staff member of Aurora Audio for each role but owner (the manufacturer login above is its owner), so a person
 * can see what each role may do (docs/staff-access.md, "Roles"): `npm start` prints them with the logins above.
 */
export const DEMO_STAFF_ROLE_LOGINS = [
  { role: 'admin', email: 'admin@aurora-audio.example', password: 'Aurora-Admin-2026' },
  { role: 'release_manager', email: 'releases@aurora-audio.example', password: 'Aurora-Releases-2026' },
  { role: 'support', email: 'support@aurora-audio.example', password: 'Aurora-Support-2026' },
  { role: 'viewer', email: 'viewer@aurora-audio.example', password: 'Aurora-Viewer-2026' },
] as const;
