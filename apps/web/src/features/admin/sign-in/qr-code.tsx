import { useMemo } from 'react';
import { create } from 'qrcode';

/** Quiet zone around the code, in modules (the QR standard asks for 4). */
const MARGIN = 4;

/**
 * A QR code drawn as SVG elements by React: no innerHTML, no data URL and no style attribute,
 * so it works under the shop's strict CSP.
 */
export function QrCode({ value, label }: { value: string; label: string }) {
  const { path, size } = useMemo(() => {
    const { modules } = create(value, { errorCorrectionLevel: 'M' });
    let d = '';
    for (let row = 0; row < modules.size; row++) {
      for (let col = 0; col < modules.size; col++) {
        if (modules.get(row, col)) d += `M${col + MARGIN} ${row + MARGIN}h1v1h-1z`;
      }
    }
    return { path: d, size: modules.size + MARGIN * 2 };
  }, [value]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className="size-56 rounded-lg border border-sand-300"
    >
      <rect width={size} height={size} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
