/** The demo logins `npm start` seeds and prints. Demo only: never seeded unless the database is empty. */
export const DEMO_LOGINS = [
  { role: 'superuser', email: 'admin@producthub.example', password: 'Admin-Demo-2026' },
  { role: 'manufacturer', manufacturer: 'Aurora Audio', email: 'staff@aurora-audio.example', password: 'Aurora-Demo-2026' },
  { role: 'manufacturer', manufacturer: 'Nimbus Instruments', email: 'staff@nimbus-instruments.example', password: 'Nimbus-Demo-2026' },
] as const;
