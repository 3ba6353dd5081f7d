/** A chart point: unix seconds and value. */
export type Point = { occur_time: number; value: number };

/**
 * Min/max decimation for a chart `width` pixels wide over [start, end]: each pixel column keeps
 * its lowest and its highest reading, in time order, so the drawn line still reaches every spike
 * and trough. Input must be sorted by time; ranges with at most two points per column pass as is.
 */
export function decimateMinMax(
  points: readonly Point[],
  start: number,
  end: number,
  width: number,
): { list: Point[]; bucketSeconds: number } {
  if (points.length <= width * 2) return { list: [...points], bucketSeconds: 0 };
  const bucketSeconds = Math.max(1, Math.ceil((end - start + 1) / width));
  const list: Point[] = [];
  let bucket = -1;
  let min: Point | null = null;
  let max: Point | null = null;
  const flush = () => {
    if (!min || !max) return;
    if (min === max) list.push(min);
    else if (min.occur_time <= max.occur_time) list.push(min, max);
    else list.push(max, min);
  };
  for (const p of points) {
    const b = Math.floor((p.occur_time - start) / bucketSeconds);
    if (b !== bucket) {
      flush();
      bucket = b;
      min = max = p;
    } else {
      if (p.value < min!.value) min = p;
      if (p.value > max!.value) max = p;
    }
  }
  flush();
  return { list, bucketSeconds };
}
