// A remote has no page of its own here: its standalone page is src/host/, and integrators' pages load ./mount.
export {};
