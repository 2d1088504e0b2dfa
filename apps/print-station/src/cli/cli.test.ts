import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseCommand, UsageError } from './args';
import { EXIT, runCli } from './run';

const SET = '6f1c2a5e-1111-4222-8333-944455556666';

describe('parseCommand', () => {
  it('reads print with a preset instead of a printer and start, and the preset commands', () => {
    expect(parseCommand(['print', '--set', SET, '--preset', 'QL round'])).toMatchObject({
      printer: null,
      preset: 'QL round',
    });
    expect(() => parseCommand(['print', '--set', SET, '--preset', 'Q', '--printer', 'P'])).toThrow(
      '--preset names the printer and the start: give either --preset or those',
    );
    expect(parseCommand(['templates', '--printer', 'HomingQL'])).toEqual({
      name: 'templates',
      printer: 'HomingQL',
    });
    expect(parseCommand(['presets', '--json'])).toEqual({ name: 'presets', json: true });
    expect(
      parseCommand([
        'preset-save',
        '--name',
        'QL round',
        '--template',
        'brother-dk-11218',
        '--printer',
        'HomingQL',
        '--copies',
        '2',
      ]),
    ).toEqual({
      name: 'preset-save',
      preset: {
        name: 'QL round',
        templateId: 'brother-dk-11218',
        printer: 'HomingQL',
        startColumn: 1,
        startRow: 1,
        copies: 2,
      },
    });
    expect(() => parseCommand(['preset-save', '--name', 'x', '--printer', 'P'])).toThrow(
      '--template is required',
    );
    // Offsets are the printer's calibration on this station, never a preset's.
    expect(() =>
      parseCommand([
        'preset-save',
        '--name',
        'x',
        '--template',
        'avery-4221',
        '--printer',
        'P',
        '--x-mm',
        '1',
      ]),
    ).toThrow(UsageError);
    expect(parseCommand(['preset-delete', '--name', 'x'])).toEqual({
      name: 'preset-delete',
      presetName: 'x',
    });
  });

  it('reads print with its options and defaults', () => {
    expect(parseCommand(['print', '--set', SET, '--printer', 'HomingPDF'])).toEqual({
      name: 'print',
      setId: SET,
      printer: 'HomingPDF',
      preset: null,
      startColumn: 1,
      startRow: 1,
      out: null,
      timeoutMs: null,
    });
    expect(
      parseCommand([
        'print',
        '--set',
        SET,
        '--printer',
        'P',
        '--start-col',
        '3',
        '--start-row',
        '4',
        '--out',
        'a.pdf',
        '--timeout',
        '90',
      ]),
    ).toMatchObject({ startColumn: 3, startRow: 4, out: 'a.pdf', timeoutMs: 90_000 });
  });

  it('takes login details from the options, else from HOMING_SERVER, HOMING_IDENTIFIER, HOMING_PASSWORD', () => {
    const env = { HOMING_SERVER: 'http://s', HOMING_IDENTIFIER: 'id', HOMING_PASSWORD: 'pw' };
    expect(parseCommand(['login'], env)).toEqual({
      name: 'login',
      server: 'http://s',
      identifier: 'id',
      password: 'pw',
    });
    expect(parseCommand(['login', '--server', 'http://t'], env)).toMatchObject({ server: 'http://t' });
    expect(() => parseCommand(['login', '--server', 'http://t'])).toThrow('--identifier is required');
  });

  it('reads calibration offsets as millimetres, negative ones included', () => {
    expect(parseCommand(['calibrate', '--printer', 'P', '--x-mm', '-0.5', '--y-mm', '1.25'])).toEqual({
      name: 'calibrate',
      printer: 'P',
      xMm: -0.5,
      yMm: 1.25,
    });
    expect(parseCommand(['calibrate', '--printer', 'P'])).toMatchObject({ xMm: null, yMm: null });
  });

  it.each([
    [[], 'Missing command'],
    [['frobnicate'], 'Unknown command: frobnicate'],
    [['print', '--printer', 'P'], '--set is required'],
    [['print', '--set', 'nope', '--printer', 'P'], '--set must be a set id (a UUID)'],
    [['print', '--set', SET], '--printer is required'],
    [
      ['print', '--set', SET, '--printer', 'P', '--start-col', '0'],
      '--start-col must be a whole number from 1 to 100',
    ],
    [['print', '--set', SET, '--printer', 'P', '--start-row', '2.5'], '--start-row must be a whole number'],
    [['print', '--set', SET, '--printer', 'P', '--colour'], "Unknown option '--colour'"],
    [['calibrate', '--printer', 'P', '--x-mm', 'left'], '--x-mm must be a number of millimetres'],
    [['history', '--limit', '0'], '--limit must be a whole number from 1 to 10000'],
    [['printers', 'extra'], 'Unexpected argument'],
  ])('refuses %j: %s', (argv, message) => {
    expect(() => parseCommand(argv)).toThrow(UsageError);
    expect(() => parseCommand(argv)).toThrow(message);
  });
});

describe('runCli', () => {
  let home: string;
  let out: string[];
  let err: string[];
  const run = (...argv: string[]) =>
    runCli(argv, { env: { HOMING_STATION_HOME: home }, out: (l) => out.push(l), err: (l) => err.push(l) });

  beforeEach(() => {
    home = mkdtempSync(join(tmpdir(), 'station-cli-'));
    out = [];
    err = [];
  });
  afterEach(() => rmSync(home, { recursive: true, force: true }));

  it('exits 2 with the usage on bad input', async () => {
    expect(await run('print', '--set', SET)).toBe(EXIT.usage);
    expect(err[0]).toBe('Error: --printer is required');
    expect(err.join('\n')).toContain('Usage: npm run station -- <command> [options]');
  });

  it('prints help and exits 0', async () => {
    expect(await run('help')).toBe(EXIT.ok);
    expect(out.join('\n')).toContain('Exit codes: 0 done, 1 print or server failure, 2 usage error.');
  });

  it('sets and shows calibration; an offset out of range is a usage error', async () => {
    expect(await run('calibrate', '--printer', 'P', '--x-mm', '0.6')).toBe(EXIT.ok);
    expect(await run('calibrate', '--printer', 'P', '--y-mm', '-1')).toBe(EXIT.ok);
    expect(await run('calibrate', '--printer', 'P')).toBe(EXIT.ok);
    expect(out).toEqual([
      'P: x 0.6 mm, y 0 mm (saved)',
      'P: x 0.6 mm, y -1 mm (saved)',
      'P: x 0.6 mm, y -1 mm',
    ]);
    expect(await run('calibrate', '--printer', 'P', '--x-mm', '30')).toBe(EXIT.usage);
    expect(err).toEqual(['Error: x offset must be between -20 and 20 mm']);
  });

  it('exits 1 and says how to sign in when printing without a session', async () => {
    expect(await run('print', '--set', SET, '--printer', 'P')).toBe(EXIT.failure);
    expect(err).toEqual([
      'Error: Not signed in. Run: npm run station -- login --server <url> --identifier <id> --password <pw>',
    ]);
  });

  it('exits 1 with the reason when the server cannot be reached', async () => {
    expect(await run('login', '--server', 'http://127.0.0.1:9', '--identifier', 'a', '--password', 'b')).toBe(
      EXIT.failure,
    );
    expect(err[0]).toMatch(/^Error: Cannot reach the server at http:\/\/127\.0\.0\.1:9/);
  });

  it('shows an empty history', async () => {
    expect(await run('history')).toBe(EXIT.ok);
    expect(out).toEqual(['No print jobs yet.']);
  });
});
