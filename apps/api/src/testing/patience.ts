/**
 * How long a test waits for an event (a mail, a log line, a row's new state) before it gives up.
 * Tests poll for the event and go on the moment it happens, so this bound costs nothing when all is
 * well; it is generous because a busy machine (two cores shared with other work) may take many
 * seconds for what takes milliseconds alone. Below vitest's five-minute hang guard, so a missing
 * event is reported by the helper that waited for it.
 */
export const WAIT_MS = 120_000;
