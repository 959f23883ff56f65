// The end-to-end servers' ports, moved by E2E_PORT_OFFSET so that two runs (two checkouts, or the
// PGlite and PostgreSQL passes) can share one machine. Loopback only.
const OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0);

/** The port a server listens on in this run: `base` (the number the code names) plus the offset. */
export const port = (base: number) => base + OFFSET;

/** http://127.0.0.1:<port(base)> */
export const local = (base: number) => `http://127.0.0.1:${port(base)}`;
