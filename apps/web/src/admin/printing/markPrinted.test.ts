import { printMark, type PrintSheetsRequest } from '@homing/shared';
import { describe, expect, it } from 'vitest';
import type { AdminApi } from '../adminApi';
import { markPrinted } from './markPrinted';

const set = (setId: string | null, count: number) => ({
  setId,
  setName: 'Set',
  codes: Array.from({ length: count }, (_, i) => ({ value: `K7M2P9Q${String(i).padStart(3, '0')}` })),
});
// Avery 4221: 80 labels a sheet, so each set below is one page.
const request: PrintSheetsRequest = {
  title: 'Batch',
  templateId: 'avery-4221',
  domainName: 'homing.test',
  brandWord: 'homing',
  sets: [set('set-1', 80), set('set-2', 80)],
};

/** The admin API's mark, recording what it was asked. */
function api(answer: Awaited<ReturnType<AdminApi['markPrinted']>>) {
  const asked: string[][] = [];
  const admin: Pick<AdminApi, 'markPrinted'> = {
    markPrinted: async (setIds) => (asked.push(setIds), answer),
  };
  return { admin, asked };
}
const accepted = (updatedCount: number) =>
  ({ success: true, data: { updatedCount }, error: null, status: 200 }) as const;

describe("markPrinted (the browser port's mark, returned to the screens)", () => {
  it('marks the sets whose pages came out and returns them with the server’s count', async () => {
    const { admin, asked } = api(accepted(1));
    const mark = await markPrinted(admin, request, [2]);
    expect(asked).toEqual([['set-2']]);
    expect(mark).toEqual({ status: 'marked', setIds: ['set-2'], updatedCount: 1 });
    expect(printMark.parse(mark)).toEqual(mark);
  });

  it('marks nothing, and calls no API, when nothing came out or the job has no sets', async () => {
    const { admin, asked } = api(accepted(0));
    expect(await markPrinted(admin, request, 'none')).toBeNull();
    expect(await markPrinted(admin, { ...request, sets: [set(null, 3)] }, 'all')).toBeNull();
    expect(await markPrinted(null, { ...request, sets: [set(null, 3)] }, 'all')).toBeNull();
    expect(asked).toEqual([]);
  });

  it('returns a refusal with the server’s words, and a network failure with none', async () => {
    const refused = api({
      success: false,
      data: null,
      error: 'Set is released',
      code: 'conflict',
      status: 409,
    });
    expect(await markPrinted(refused.admin, request, 'all')).toEqual({
      status: 'failed',
      setIds: ['set-1', 'set-2'],
      message: 'Set is released',
    });
    const offline = api({
      success: false,
      data: null,
      error: 'fetch failed',
      code: 'network_error',
      status: 0,
    });
    expect(await markPrinted(offline.admin, request, 'all')).toMatchObject({
      status: 'failed',
      message: null,
    });
  });
});
