// A remote has no page of its own: the shell (or an integrator's page) loads its exposed modules.
export {};
