import {
  labelCentre,
  pageCount,
  placeLabels,
  skippedLabels,
  type LabelTemplate,
  type StartPosition,
} from '@homing/label-layout';

/**
 * The sheets on screen, to scale: every label slot of the template, the skipped ones faded, the
 * used ones numbered in print order. Positions are percentages of the page from the template.
 */
export function SheetPreview({
  template,
  count,
  start,
}: {
  template: LabelTemplate;
  count: number;
  start: StartPosition;
}) {
  const pages = pageCount(count, template, start);
  const skipped = skippedLabels(template, start);
  const codeAt = new Map(
    placeLabels(count, template, start).map((p) => [`${p.pageIndex}:${p.labelIndex}`, p.codeIndex]),
  );
  const { width, height } = template.page;
  const d = template.labelDiameter;
  return (
    <div className="sheet-preview" aria-label="Grid layout preview">
      <p className="sheet-preview__summary">
        {count} labels on {pages} {pages === 1 ? 'page' : 'pages'}, starting at column {start.column}, row{' '}
        {start.row} ({skipped} skipped on page 1)
      </p>
      <div className="sheet-preview__pages">
        {Array.from({ length: pages }, (_, page) => (
          <div
            key={page}
            className="sheet-preview__page"
            style={{ aspectRatio: `${width} / ${height}` }}
            aria-label={`Page ${page + 1}`}
            data-page={page + 1}
          >
            {Array.from({ length: template.labelsPerSheet }, (_, slot) => {
              const index = codeAt.get(`${page}:${slot}`) ?? -1;
              const { x: cx, y: cy } = labelCentre(
                template,
                slot % template.columns,
                Math.floor(slot / template.columns),
              );
              return (
                <span
                  key={slot}
                  className={`sheet-preview__slot${index >= 0 ? ' sheet-preview__slot--used' : ''}`}
                  style={{
                    left: `${((cx - d / 2) / width) * 100}%`,
                    top: `${((cy - d / 2) / height) * 100}%`,
                    width: `${(d / width) * 100}%`,
                    height: `${(d / height) * 100}%`,
                  }}
                >
                  {index >= 0 ? index + 1 : ''}
                </span>
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}
