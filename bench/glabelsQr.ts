/**
 * gLabels' own QR (libqrencode) as a reference for `npm run bench:label-read`: an Avery 4221 page
 * with one round label holding only the symbol, `side` points square and centred, rendered by
 * `glabels-3-batch` (Debian's glabels). No text: the label around the symbol is empty.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { avery4221 } from '../packages/label-layout/src';

export const hasGlabels = spawnSync('glabels-3-batch', ['--help']).error === undefined;

/** The PDF gLabels prints for `data` in a `side`-point square (files kept in `dir`), or null with the reason logged. */
export function glabelsQrPdf(dir: string, name: string, data: string, side: number): Buffer | null {
  const at = (avery4221.labelDiameter - side) / 2;
  const doc = `<?xml version="1.0"?>
<Glabels-document xmlns="http://glabels.org/xmlns/3.0/">
  <Template brand="Homing" part="bench" size="US-Letter" description="3/4 in round">
    <Meta category="label"/>
    <Label-round id="0" radius="27pt" waste="0pt">
      <Markup-margin size="0pt"/>
      <Layout nx="8" ny="10" x0="27pt" y0="45pt" dx="72pt" dy="72pt"/>
    </Label-round>
  </Template>
  <Objects id="0" rotate="False">
    <Object-barcode x="${at}pt" y="${at}pt" w="${side}pt" h="${side}pt" lock_aspect_ratio="False" backend="libqrencode" style="IEC18004" text="False" checksum="True" format_digits="10" color="0x000000ff" data="${data}" a0="1" a1="0" a2="0" a3="1" a4="0" a5="0"/>
  </Objects>
</Glabels-document>
`;
  writeFileSync(join(dir, `${name}.glabels`), doc);
  const made = spawnSync('glabels-3-batch', ['-o', join(dir, `${name}.pdf`), join(dir, `${name}.glabels`)]);
  if (made.status === 0) return readFileSync(join(dir, `${name}.pdf`));
  console.error(`glabels-3-batch failed: ${made.stderr.toString()}`);
  return null;
}
