import { useEffect, useMemo } from 'react';
import {
  fitSmsSides,
  labelContentLayout,
  labelMatrix,
  placeJobLabels,
  ptToInch,
  qrSvgPath,
  printedCode,
  smsLinePlacement,
  smsLineText,
  smsNumberAsWritten,
  type FittedSideLine,
  type LabelContentLayout,
  type LabelPlacement,
  type LabelTemplate,
  type Pt,
  type SmsLinePlacement,
  type TextLineLayout,
} from '@homing/label-layout';
import type { PrintSheetsRequest } from '@homing/shared';
import { jobTemplate } from './jobPages';
import './PrintLayout.css';

const inches = (value: number) => `${ptToInch(value as Pt)}in`;

interface PlacedLabel {
  key: string;
  placement: LabelPlacement;
  setName: string;
  /** The code as people read it, under the symbol. */
  code: string;
  /** "or text CODE to NUMBER" under the address, or null (no number, or the number is on the sides). */
  sms: string | null;
  /** The QR symbol's text and module count, or null for a placeholder. */
  qr: { path: string; size: number } | null;
}

/** Every label of a job by sheet, each set starting on a new sheet (label-layout's `jobSets`). */
function placeJob(request: PrintSheetsRequest, template: LabelTemplate): PlacedLabel[][] {
  const sheets: PlacedLabel[][] = [];
  const smsNumber =
    smsLinePlacement(template, request.smsNumber) === 'below' ? smsNumberAsWritten(request.smsNumber!) : null;
  const start = { column: request.startColumn ?? 1, row: request.startRow ?? 1 };
  const sizes = request.sets.map((set) => set.codes.length);
  for (const placement of placeJobLabels(sizes, template, start)) {
    const set = request.sets[placement.setIndex];
    const value = set.codes[placement.codeIndex].value;
    const matrix = request.symbols === 'placeholder' ? null : labelMatrix(request.domainName, value);
    (sheets[placement.sheetIndex] ??= []).push({
      key: `${placement.setIndex}-${placement.codeIndex}`,
      placement,
      setName: set.setName,
      code: printedCode(value),
      sms: smsNumber && smsLineText(value, smsNumber),
      qr: matrix ? { path: qrSvgPath(matrix), size: matrix.size } : null,
    });
  }
  return sheets;
}

/** Label layouts by QR module count: every symbol of a job has one of a few sizes. */
function layoutCache(template: LabelTemplate, smsLine: SmsLinePlacement | null) {
  const cache = new Map<number, LabelContentLayout>();
  return (modules: number) => {
    let found = cache.get(modules);
    if (!found)
      cache.set(
        modules,
        (found = labelContentLayout(template.labelDiameter, modules, { smsLine: smsLine ?? undefined })),
      );
    return found;
  };
}

/**
 * A side line as the PDF draws it (label-layout's `fitSmsSides`): turned to read up the left
 * segment or down the right, its baseline at the layout's x, centred on the symbol's middle row.
 * Rotated, the line's own y axis is the label's x (negated on the right, turned the other way).
 * Its length is held to Helvetica's, whatever font the browser has, so its box stays where the
 * layout put it (clear of the quiet zone and the edge).
 */
function SideLine({ side }: { side: FittedSideLine }) {
  const up = side.line.reads === 'up';
  return (
    <text
      transform={`rotate(${up ? -90 : 90})`}
      x={0}
      y={up ? side.baseline : -side.baseline}
      fontSize={side.fontSize}
      className="print-label__sms-side"
      textAnchor="middle"
      textLength={side.width}
      lengthAdjust="spacingAndGlyphs"
    >
      {side.text}
    </text>
  );
}

function Line({
  text,
  line,
  weight,
  className,
}: {
  text: string;
  line: TextLineLayout;
  weight?: 'bold';
  className?: string;
}) {
  if (!text) return null;
  // Helvetica averages about 0.55 em a character (bold capitals and digits about 0.7); squeeze
  // text that would run past the circle. Squeezing narrows the glyphs, never their height.
  const perChar = className === 'print-label__code' ? 0.7 : 0.55;
  const tooWide = text.length * perChar * line.fontSize > line.maxWidth;
  return (
    <text
      x={0}
      y={line.baseline}
      fontSize={line.fontSize}
      fontWeight={weight}
      className={className}
      textAnchor="middle"
      textLength={tooWide ? line.maxWidth : undefined}
      lengthAdjust={tooWide ? 'spacingAndGlyphs' : undefined}
    >
      {text}
    </text>
  );
}

function Label({
  label,
  template,
  layout,
  brandWord,
  domainName,
  sides,
}: {
  label: PlacedLabel;
  template: LabelTemplate;
  layout: (modules: number) => LabelContentLayout;
  brandWord: string;
  domainName: string;
  /** The instance's number in the side segments: the same two lines on every label, or null. */
  sides: ((content: LabelContentLayout) => readonly FittedSideLine[]) | null;
}) {
  const d = template.labelDiameter;
  const { centre } = label.placement;
  const content = layout(label.qr?.size ?? 25);
  const { qr } = content;
  return (
    <svg
      className="print-label"
      style={{
        left: inches(centre.x - d / 2),
        top: inches(centre.y - d / 2),
        width: inches(d),
        height: inches(d),
      }}
      viewBox={`${-d / 2} ${-d / 2} ${d} ${d}`}
      aria-hidden="true"
    >
      <Line text={label.setName} line={content.setName} />
      <Line text={brandWord.toLowerCase()} line={content.brand} weight="bold" />
      {label.qr ? (
        <path
          d={label.qr.path}
          transform={`translate(${qr.left} ${qr.top}) scale(${qr.moduleSize})`}
          shapeRendering="crispEdges"
        />
      ) : (
        <g className="print-label__placeholder">
          <rect x={qr.left} y={qr.top} width={qr.size} height={qr.size} />
          <text x={0} y={0} textAnchor="middle" dominantBaseline="middle" fontSize={qr.size / 5}>
            QR
          </text>
        </g>
      )}
      <Line text={label.code} line={content.code} weight="bold" className="print-label__code" />
      <Line text={domainName} line={content.address} />
      {label.sms && content.sms && <Line text={label.sms} line={content.sms} className="print-label__sms" />}
      {sides?.(content).map((side) => (
        <SideLine key={side.line.reads} side={side} />
      ))}
    </svg>
  );
}

/**
 * The job as real sheets: each page exactly the template's paper, each label at its template
 * position, all lengths in inches from the same geometry the PDF uses. Shown only when printing.
 */
export function PrintLayout({ request, onReady }: { request: PrintSheetsRequest; onReady?: () => void }) {
  const template = jobTemplate(request);
  const sheets = useMemo(() => placeJob(request, template), [request, template]);
  const smsLine = smsLinePlacement(template, request.smsNumber);
  const layout = useMemo(() => layoutCache(template, smsLine), [template, smsLine]);
  const sides = useMemo(() => {
    if (smsLine !== 'sides') return null;
    const number = smsNumberAsWritten(request.smsNumber!);
    const fitted = new Map<LabelContentLayout, readonly FittedSideLine[]>();
    return (content: LabelContentLayout) => {
      let found = fitted.get(content);
      if (!found) {
        const both = content.smsSides && fitSmsSides(content.smsSides, number);
        fitted.set(content, (found = both ? [both.left, both.right] : []));
      }
      return found;
    };
  }, [smsLine, request.smsNumber]);
  // Effects run once the sheets are in the document: only then may the print dialog open.
  useEffect(() => onReady?.(), [sheets, onReady]);
  const { width, height } = template.page;
  return (
    <div className="print-layout label-print" data-testid="label-print" data-sheets={sheets.length}>
      <style>{`@page { size: ${inches(width)} ${inches(height)}; margin: 0; }`}</style>
      {sheets.map((labels, index) => (
        <div
          key={index}
          className="label-sheet"
          style={{ width: inches(width), height: inches(height) }}
          data-sheet={index + 1}
        >
          {labels.map((label) => (
            <Label
              key={label.key}
              label={label}
              template={template}
              layout={layout}
              brandWord={request.brandWord}
              domainName={request.domainName}
              sides={sides}
            />
          ))}
        </div>
      ))}
    </div>
  );
}
