import { describe, expect, it } from 'vitest';
import { assignmentPhase, timeLeft } from './assignment';

const expiresAt = '2025-06-01T10:10:00.000Z';
const before = Date.parse('2025-06-01T10:00:00.000Z');
const after = Date.parse('2025-06-01T10:10:01.000Z');

describe('assignmentPhase', () => {
  it('follows the server, then the clock', () => {
    expect(assignmentPhase(null, expiresAt, before)).toBe('waiting');
    expect(assignmentPhase('pending', expiresAt, before)).toBe('waiting');
    expect(assignmentPhase('pending', expiresAt, after)).toBe('expired');
    expect(assignmentPhase('expired', expiresAt, before)).toBe('expired');
    expect(assignmentPhase('completed', expiresAt, after)).toBe('completed');
  });
});

describe('timeLeft', () => {
  it('counts down to zero', () => {
    expect(timeLeft(expiresAt, before)).toBe(600_000);
    expect(timeLeft(expiresAt, after)).toBe(0);
    expect(timeLeft('garbage', before)).toBe(0);
  });
});
