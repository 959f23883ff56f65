// What one end-to-end run owns, so that two runs (two checkouts, or the PGlite and PostgreSQL
// passes side by side, scripts/test.sh) share one machine: its servers' ports, moved by
// E2E_PORT_OFFSET (loopback only), and its folder, E2E_DIR (.e2e by default): the PGlite data,
// the servers' logs, the signed-in sessions, the texts the tests typed.
export const RUN_DIR = process.env.E2E_DIR ?? ".e2e";

/** A path inside this run's folder. */
export const inRun = (name: string) => `${RUN_DIR}/${name}`;

const OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0);

/** The port a server listens on in this run: `base` (the number the code names) plus the offset. */
export const port = (base: number) => base + OFFSET;

/** http://127.0.0.1:<port(base)> */
export const local = (base: number) => `http://127.0.0.1:${port(base)}`;
