/**
 * The part of `qrcode`'s API label-layout uses (`create`), as @types/qrcode declares it. The pure
 * workspaces' tsconfigs map `qrcode` here because @types/qrcode references Node's types, which
 * would otherwise leak into programs that must have none (label-layout) or only the DOM's.
 */
export interface QRCodeSegment {
  data: string;
  mode: 'alphanumeric' | 'numeric' | 'byte' | 'kanji';
}

export interface QRCodeOptions {
  errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H' | 'low' | 'medium' | 'quartile' | 'high';
  maskPattern?: 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7;
  version?: number;
}

export interface BitMatrix {
  size: number;
  data: Uint8Array;
  reservedBit: Uint8Array;
}

export interface QRCode {
  modules: BitMatrix;
  version: number;
  maskPattern: number | undefined;
}

export function create(text: string | QRCodeSegment[], options?: QRCodeOptions): QRCode;

declare const qrcode: { create: typeof create };
export default qrcode;
