import type { Ctx } from '../../ctx';
import { PERSONAL_DATA } from './personalData';

/** Everything the actor's account holds, one key per section of `PERSONAL_DATA`. */
export async function personalDataExporter(_props: object, { trx, actor }: Ctx) {
  const sections: Record<string, unknown[]> = {};
  for (const section of PERSONAL_DATA)
    sections[section.name] = (await section.rows(trx, actor.id)) as unknown[];
  return { exportedAt: new Date().toISOString(), ...sections };
}
